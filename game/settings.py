"""The player's settings, kept as JSON in the user config folder.

A file that cannot be read is set aside under a timestamped name and the
defaults are used; the game says so once, and never crashes over it.
"""

from __future__ import annotations

import json
import locale
import logging
import os
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.userdirs import config_dir

log = logging.getLogger(__name__)

LANGUAGES = ("ru", "en")
ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # how many times faster than normal; 0 is off
CARD_BACKS = ("classic", "blue", "green")


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
    volume: float = 0.7
    muted: bool = False
    animation_speed: float = 1.0
    four_colour: bool = False
    fullscreen: bool = False
    card_back: str = "classic"
    winnable_only: bool = False  # new random deals only among those the solver proved winnable

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            self.language = system_language()
        self.volume = min(1.0, max(0.0, float(self.volume)))
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = 1.0
        if self.card_back not in CARD_BACKS:
            self.card_back = "classic"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Known keys of the right type are taken; anything else keeps its default."""
        defaults = cls()
        chosen = {}
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(defaults, f.name)
            if isinstance(value, type(default)) or (
                isinstance(default, float)
                and isinstance(value, int)
                and not isinstance(value, bool)
            ):
                chosen[f.name] = value
        return cls(**chosen)


class SettingsStore:
    """Loads and saves the settings file; `notice` tells of a file set aside."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.json"
        self.notice: str | None = None

    def load(self) -> Settings:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return Settings()
        except OSError as e:
            log.warning("cannot read %s: %s", self.path, e)
            return Settings()
        try:
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError) as e:
            aside = self.path.with_name(f"{self.path.name}.broken-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                self.path.replace(aside)
            except OSError:
                aside = self.path
            log.warning("settings file %s is broken (%s); set aside as %s", self.path, e, aside)
            self.notice = aside.name
            return Settings()
        return Settings.from_dict(data)

    def save(self, settings: Settings) -> None:
        """Write atomically: a crash mid-write leaves the old file whole."""
        tmp = self.path.with_suffix(".tmp")
        try:
            tmp.write_text(json.dumps(asdict(settings), indent=1), encoding="utf-8")
            tmp.replace(self.path)
        except OSError as e:
            log.warning("cannot save settings to %s: %s", self.path, e)
