"""The player's settings, kept as JSON in the user config folder.

A file that cannot be read is set aside under a timestamped name and the
defaults are used; the game says so once, and never crashes over it.
"""

from __future__ import annotations

import errno
import json
import locale
import logging
import math
import os
import stat
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, TypeGuard

from game import i18n
from game.rules.ruleset import LANGUAGES
from game.screen import LARGEST_SIDE
from game.small_files import READ_ONLY_FILE, TooLarge, read_small, resolved, text_of
from game.userdirs import config_dir

log = logging.getLogger(__name__)

ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # how many times faster than normal; 0 is off
CARD_BACKS = ("classic", "blue", "green")
# The faces' letters: the game's language's (Т К Д В in Russian, A K Q J in English),
# or one style whatever the language
BY_LANGUAGE = "language"
CARD_LETTERS = (BY_LANGUAGE, *i18n.CARD_LETTERS)


def system_language() -> str:
    """Russian when the system speaks it, English otherwise."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var)
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    code = locale.getlocale()[0] or ""
    return "ru" if code.lower().startswith("ru") else "en"


@dataclass
class Settings:
    language: str = ""
    volume: float = 0.8  # -4 dB (see audio.sounds.gain_for)
    muted: bool = False
    animation_speed: float = 1.0
    four_colour: bool = False
    fullscreen: bool = False
    card_back: str = "classic"
    card_letters: str = BY_LANGUAGE
    large_corners: bool = False  # card corners read at a glance (FaceLayout.for_width)
    winnable_only: bool = False  # new random deals only among those the solver proved winnable
    # the top bar says whether the deal can still be won, and a move that loses it is
    # said: off, a player finds it out from the cards (a hint still tells)
    show_verdict: bool = True
    # a ring round each card that can move now; off, a player finds the moves alone (the
    # keyboard's focus still goes only to them, and a hint still shows one)
    show_playable: bool = True
    # the window's size as it was last left, [width, height]; empty: none kept yet
    window: list[int] = field(default_factory=list)
    maximised: bool = False  # the window was left maximised (`window` is its size un-maximised)

    @property
    def deck(self) -> tuple[bool, str, str, bool]:
        """How the cards look: (four-colour suits, the back's name, the faces' letters,
        large corners), as the pictures of the tables take it (game.render.preview.Deck)."""
        return self.four_colour, self.card_back, self.letters, self.large_corners

    @property
    def letters(self) -> str:
        """The faces' letters in effect (a style of game.i18n.CARD_LETTERS)."""
        if self.card_letters == BY_LANGUAGE:
            return i18n.LANGUAGE_LETTERS.get(self.language, "latin")
        return self.card_letters

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            self.language = system_language()
        self.volume = min(1.0, max(0.0, self.volume)) if _finite(self.volume) else 0.8
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = 1.0
        if self.card_back not in CARD_BACKS:
            self.card_back = "classic"
        if self.card_letters not in CARD_LETTERS:
            self.card_letters = BY_LANGUAGE
        if not is_window_size(self.window):
            self.window = []

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Known keys of the right type are taken; anything else keeps its default."""
        defaults = cls()
        chosen: dict[str, Any] = {}
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(defaults, f.name)
            if isinstance(default, float):
                if _finite(value):
                    chosen[f.name] = float(value)
            elif isinstance(value, type(default)):
                chosen[f.name] = value
        return cls(**chosen)

    def unread(self, data: dict[str, Any]) -> list[str]:
        """The keys of `data` (a settings file's) whose values these settings, made from
        it, do not hold: of the wrong type or out of range, each back to its default."""
        return [
            f.name for f in fields(self) if f.name in data and data[f.name] != getattr(self, f.name)
        ]


def is_window_size(value: object) -> bool:
    """A window's size a settings file may hold: two whole numbers of pixels, from the
    smallest the game draws (a tiling window manager's) to the largest --size takes."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(type(n) is int and 360 <= n <= LARGEST_SIDE for n in value)
    )


def _finite(value: object) -> TypeGuard[int | float]:
    """A number a setting can hold: JSON as Python reads it also gives Infinity, NaN
    and integers too large for a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


class SettingsStore:
    """Loads and saves the settings file; `notice` tells of a file set aside, `problem`
    why the settings cannot be read or kept (the game runs on with them as they are)."""

    # the file's settings that went back to their defaults (see load); none for a store
    # of no file (a kiosk's)
    unread: tuple[str, ...] = ()

    def __init__(self, path: Path | None = None) -> None:
        self.notice: str | None = None
        self.problem: str | None = None  # taken by the game to say it, once a session
        # the problem was the file's reading: the player's settings were not read, where
        # "cannot be saved" told of their changes alone
        self.problem_reading = False
        self._told = False
        # each setting as this window last read or wrote it: a save writes those it has
        # changed since, and leaves the others as the file has them (see save)
        self._known: dict[str, Any] = {}
        if path is None:
            try:
                path = config_dir() / "settings.json"
            except OSError as e:  # a folder that cannot be made: a read-only or full disk
                self._failed(e)
        self.path = path

    def _failed(self, error: OSError, reading: bool = False) -> None:
        log.warning("settings: %s", error)
        if not self._told:  # the first says it; the player need not hear it again
            self._told = True
            self.problem = error.strerror or str(error)
            self.problem_reading = reading

    def load(self) -> Settings:
        """The settings of the file, or the defaults where there is none (or it cannot
        be read); each remembered as read (see save), but for a value the file held
        that could not be read, which the next save writes over."""
        settings = self._load()
        self._known = {k: v for k, v in asdict(settings).items() if k not in self.unread}
        return settings

    def _load(self) -> Settings:
        if self.path is None:
            return Settings()
        try:
            raw = read_small(self.path)
        except FileNotFoundError:
            return Settings()
        except TooLarge as e:
            return self._set_aside(e)
        except OSError as e:
            # a file that cannot be read (its permissions) is the player's: the session
            # keeps its settings in memory, as the notice says, and never writes over it
            self._failed(e, reading=True)
            self.path = None
            return Settings()
        try:
            # a byte-order mark, as some editors write, is no damage
            data = json.loads(text_of(raw))
            if not isinstance(data, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError, RecursionError) as e:
            return self._set_aside(e)
        settings = Settings.from_dict(data)
        # a value of the wrong type went back to its default unsaid (edited by hand)
        self.unread = tuple(settings.unread(data))
        if self.unread:
            log.warning("settings file %s: not read: %s", self.path, ", ".join(self.unread))
        return settings

    def _set_aside(self, problem: Exception) -> Settings:
        """A broken file, kept under another name for whoever wants it; the defaults."""
        from game.store.aside import aside_name_for

        assert self.path is not None
        # named as the records' are, with a number after a name taken: two broken in
        # one second had one name, and the second went over the first
        aside = self.path.with_name(aside_name_for(self.path))
        try:
            self.path.replace(aside)
        except OSError as e:
            log.warning(
                "settings file %s is broken (%s); left where it is: %s", self.path, problem, e
            )
            aside = self.path  # and so said: notices.settings_read_notices
        else:
            log.warning(
                "settings file %s is broken (%s); set aside as %s", self.path, problem, aside
            )
        self.notice = aside.name
        return Settings()

    def keep_window_left(
        self,
        settings: Settings,
        size: tuple[int, int],
        opened: tuple[int, int],
        maximised: bool,
    ) -> None:
        """Keep the window's size as it was left (`size`), and whether it was
        maximised, for the next start. A window stretched past what the settings take
        is not kept: the next start would refuse it and say so. Nor one left at the size
        it opened at (`opened`), fitted to this screen: one start on a small screen
        (800x600, full screen) left every later start on a large one in a small window."""
        kept = list(size)
        resized = tuple(kept) != tuple(opened)
        window = kept if resized and is_window_size(kept) else settings.window
        if (window, maximised) != (settings.window, settings.maximised):
            settings.window, settings.maximised = window, maximised
            self.keep_window(window, maximised)

    def keep_window(self, size: list[int], maximised: bool = False) -> None:
        """Write the window's size (none: [], the default) and whether it was maximised
        into the file as the file is now: another copy of the game, or the player's
        editor, may have changed its other settings since this one read them, and a whole
        save at the game's close put them back. A file that cannot be read or written
        stays as it is, unsaid: the size is only a convenience."""
        if self.path is None:
            return
        try:
            data = json.loads(text_of(read_small(self.path)))
        except FileNotFoundError:
            data = {}
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):
            return
        if not isinstance(data, dict):
            return
        data["window"] = size
        if maximised or "maximised" in data:  # a file the game wrote before says none
            data["maximised"] = maximised
        try:
            self._write(data)
        except OSError as e:
            if e.strerror != READ_ONLY_FILE:
                log.warning("settings: the window's size not kept: %s", e)

    def save(self, settings: Settings) -> None:
        """Write the settings this window changed since it read or wrote them, over the
        file as it is now: another window of the game may have changed others meanwhile,
        and a whole save put them back unsaid (four-colour suits turned off in one came
        back on at the other's next change). Written atomically: a crash mid-write leaves
        the old file whole."""
        if self.path is None:
            return
        mine = asdict(settings)
        changed = {k: v for k, v in mine.items() if k not in self._known or self._known[k] != v}
        try:
            data = {**mine, **self._on_file(), **changed}
            self._write(data)
        except OSError as e:
            self._failed(e)
            return
        self._known.update(changed)

    def _on_file(self) -> dict[str, Any]:
        """The file's settings as they are now; none where it cannot be read (missing,
        broken: this window's are then written whole)."""
        assert self.path is not None
        try:
            data = json.loads(text_of(read_small(self.path)))
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data: dict[str, Any]) -> None:
        """`data` as the file, written beside it and renamed over it; OSError when it
        cannot be, with READ_ONLY_FILE for a file its owner made read-only to keep it as
        it is (a rename over it ignored that, and left it writable). A link is written
        through, to the file it names (the rename put a file of its own in the place of
        a link to the player's dotfiles), and the file keeps its mode (600 came back 644)."""
        assert self.path is not None
        target = resolved(self.path) if self.path.is_symlink() else self.path
        mode = target.stat().st_mode if target.exists() else None
        if mode is not None and not mode & stat.S_IWUSR:
            raise PermissionError(errno.EACCES, READ_ONLY_FILE, str(self.path))
        # a name of its own: another copy of the game may be saving at this moment
        tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        tmp.parent.mkdir(parents=True, exist_ok=True)  # a link made before its folder
        try:
            tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
            if mode is not None:
                os.chmod(tmp, stat.S_IMODE(mode))
            tmp.replace(target)
        except BaseException:
            # a full disk left a cut copy under a name of the session's own, one more
            # each time (the file itself stays whole)
            tmp.unlink(missing_ok=True)
            raise
