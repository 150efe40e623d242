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


def data_dir(make: bool = True) -> Path:
    return _folder("data", platformdirs.user_data_dir(APP), make)


def surely_missing(path: Path) -> bool:
    """Whether `path` is not there for sure: the nearest of its parents that is there
    can be looked into (where it cannot, `path` may be there unseen)."""
    try:
        for parent in path.parents:
            if parent.exists():
                return not path.exists() and os.access(parent, os.X_OK)
    except OSError:  # a parent that cannot be looked into: exists() raises, not says no
        return False
    return True


def state_dir() -> Path:
    return _folder("state", platformdirs.user_state_dir(APP))


def replays_dir() -> Path:
    """Where exported replay files go: a folder the player finds among their documents."""
    return _folder("replays", Path(platformdirs.user_documents_dir()) / "Piramida")
