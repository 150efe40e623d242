"""The player's folders: settings, saved games and records, logs, exported replays.

`PIRAMIDA_HOME`, when set, puts all three under one folder (tests and kiosk
installations use it); otherwise platformdirs gives each platform's usual place.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "piramida"


def _home() -> Path | None:
    home = os.environ.get("PIRAMIDA_HOME")
    return Path(home) if home else None


def config_dir() -> Path:
    home = _home()
    path = home / "config" if home else Path(platformdirs.user_config_dir(APP))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    home = _home()
    path = home / "data" if home else Path(platformdirs.user_data_dir(APP))
    path.mkdir(parents=True, exist_ok=True)
    return path


def state_dir() -> Path:
    home = _home()
    path = home / "state" if home else Path(platformdirs.user_state_dir(APP))
    path.mkdir(parents=True, exist_ok=True)
    return path


def replays_dir() -> Path:
    """Where exported replay files go: a folder the player finds among their documents."""
    home = _home()
    path = home / "replays" if home else Path(platformdirs.user_documents_dir()) / "Piramida"
    path.mkdir(parents=True, exist_ok=True)
    return path
