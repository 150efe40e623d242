"""A replay saved from a screen (the results, the records): its file's name, where it
goes, and what the player is told of it."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from game.i18n import _
from game.notices import system_reason
from game.store.saved import write_export

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
