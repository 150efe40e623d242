"""The player's folders: settings, saved games and records, logs, exported replays.

`PIRAMIDA_HOME`, when set, puts all three under one folder (tests and kiosk
installations use it); otherwise platformdirs gives each platform's usual place.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "piramida"


def _folder(under_home: str, platform_path: str | Path, make: bool = True) -> Path:
    """`PIRAMIDA_HOME/under_home` when that is set, else the platform's place; made if
    missing (unless only to be read), raising OSError when it cannot be."""
    home = os.environ.get("PIRAMIDA_HOME")
    path = Path(home) / under_home if home else Path(platform_path)
    if make:
        path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir(make: bool = True) -> Path:
    return _folder("config", platformdirs.user_config_dir(APP), make)


def data_dir() -> Path:
    return _folder("data", platformdirs.user_data_dir(APP))


def state_dir() -> Path:
    return _folder("state", platformdirs.user_state_dir(APP))


def replays_dir() -> Path:
    """Where exported replay files go: a folder the player finds among their documents."""
    return _folder("replays", Path(platformdirs.user_documents_dir()) / "Piramida")
