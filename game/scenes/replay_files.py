"""A replay saved from a screen (the results, the records): its file's name, where it
goes, and what the player is told of it; and a replay file dropped onto the window,
played back."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.notices import Notice, system_reason
from game.store.saved import write_export

if TYPE_CHECKING:
    from game.app import App

log = logging.getLogger(__name__)


def game_subject(ruleset_id: str, deal: int | None) -> str:
    """What a game's replay file is named by: `pyramid52-8`, `egyptian-deck`."""
    return f"{ruleset_id}-{deal if deal is not None else 'deck'}"


def write_replay_file(subject: str, proof: Mapping[str, Any]) -> tuple[str, str]:
    """Write a replay or run file where exports go (see write_export): its path and
    nothing to say, or no path and what went wrong, in words."""
    from game.userdirs import replays_dir

    try:
        return str(write_export(replays_dir(), subject, proof)), ""
    except OSError as e:
        log.warning("cannot export the replay: %s", e)
        return "", not_saved(e)


def not_saved(e: OSError) -> str:
    """What a replay's export says when its file cannot be written."""
    return _("The replay could not be saved: {reason}", reason=system_reason(e.strerror or str(e)))


def saved_at(path: str) -> str:
    return _("Replay saved: {path}", path=path)


def run_saved_at(path: str) -> str:
    return _("The run's replay saved: {path}", path=path)


class DroppedFiles:
    """Files dropped onto the window, taken together as SDL groups them (between its
    begin and its end): of two dropped at once, a friend's replay and a picture, only
    the last was looked at."""

    def __init__(self) -> None:
        self._paths: list[str] | None = None  # since the drop began

    def taken(self, event: pygame.event.Event) -> list[str]:
        """The paths a drop's event completes (one dropped with no begin said, alone);
        none while the drop goes on."""
        if event.type == pygame.DROPBEGIN:
            self._paths = []
        elif event.type == pygame.DROPFILE and self._paths is not None:
            self._paths.append(event.file)
        elif event.type == pygame.DROPFILE:
            return [event.file]
        elif event.type == pygame.DROPCOMPLETE:
            paths, self._paths = self._paths or [], None
            return paths
        return []


def watch_dropped(app: App, paths: list[str]) -> None:
    """Files dropped onto the window (a friend's replay, with no terminal to run
    `piramida watch` in): the first that is a replay or an arcade run's file is played
    back as that plays it, then the menu; where none is, the first is said where the
    player is (a table's line), else in the menu's notices, the reasons logged."""
    from game.scenes.menu import MenuScene
    from game.scenes.watch import WatchScene

    for path in paths:
        replays = _replays_in(path)
        if replays is not None:
            app.switch(lambda found=replays: WatchScene(app, found, back=lambda: MenuScene(app)))
            return
    name = Path(paths[0]).name
    # said where the player is: a table mid-game was left for the menu to read it
    if app.scene is None or not app.scene.tell(cannot_watch(name)):
        app.notices.insert(0, Notice(lambda: cannot_watch(name)))
        app.to_the_menu()


def _replays_in(path: str) -> list[dict[str, Any]] | None:
    """The games of the replay or run file at `path`, checked; None where it is none
    (the why in English, as the rules give it: to the log)."""
    from game.replay_file import read_replay_file
    from game.rules import RulesError
    from game.store.proof import checked_replays

    try:
        if not Path(path).is_file():  # a folder; a pipe would be waited on for ever
            raise RulesError(f"{path} is not a file")
        return checked_replays(read_replay_file(path))
    except RulesError as e:
        log.warning("a file dropped onto the window cannot be shown: %s", e)
        return None


def cannot_watch(name: str) -> str:
    return _(
        "The file “{name}” cannot be shown: it is not a replay, or it is damaged or was"
        " made by another version.",
        name=drawable(name),
    )


def drawable(name: str) -> str:
    """A file's name as text can draw it: a byte the file system's encoding does not
    read (Python keeps it as a lone surrogate) or a NUL made the font raise, and the
    window closed."""
    return name.encode("utf-8", "replace").decode("utf-8").replace("\0", "\ufffd")
