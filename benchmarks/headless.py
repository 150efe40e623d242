"""What the kiosk's long runs (soak, fuzz) share: the real App, headless, on scratch records."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path


def scratch_home(prefix: str) -> str:
    """A fresh home for the records; in memory where there is such a folder, since every
    move commits with a sync, and waiting for a disk is not what is measured here.
    Removed as the run ends (kept with PIRAMIDA_KEEP_SCRATCH=1, to look into): left, a
    soak's folders held memory until the machine restarted."""
    shm = Path("/dev/shm")
    home = tempfile.mkdtemp(prefix=prefix, dir=shm if shm.is_dir() else None)
    if os.environ.get("PIRAMIDA_KEEP_SCRATCH") != "1":
        atexit.register(shutil.rmtree, home, ignore_errors=True)
    return home


def go_headless(prefix: str) -> None:
    """SDL's dummy drivers (unless some are chosen), Ctrl+C that stops the run (a kiosk
    ignores the window's close), and a scratch home named `prefix`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
    os.environ["PIRAMIDA_HOME"] = scratch_home(prefix)
