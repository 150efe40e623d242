"""The game's log (the desktop game's and the kiosk's): a rotating file in the user state
folder, read after the fact.

A kiosk runs unattended for weeks, so what went wrong must be kept on disk,
but never fill it: the file rolls over at 1 MB and five old ones are kept. The
desktop game keeps it too: a notice in Russian points to it for the system's
English details.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

LOG_NAME = "piramida.log"
MAX_BYTES = 1_000_000
BACKUPS = 5
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_path() -> Path:
    from game.userdirs import state_dir

    folder = state_dir() / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / LOG_NAME


class LogFile(RotatingFileHandler):
    """The rotating file, saying once on the terminal that it cannot be written (a full
    disk): logging's own way printed a whole traceback there for every line logged,
    and a kiosk's journal filled with them. Said again after a line gets written."""

    failing = False

    def emit(self, record: logging.LogRecord) -> None:
        self._failed_now = False
        super().emit(record)  # a failure comes to handleError
        if not self._failed_now:
            self.failing = False

    def handleError(self, record: logging.LogRecord) -> None:
        self._failed_now = True
        if self.failing:
            return
        self.failing = True
        error = sys.exc_info()[1]
        why = getattr(error, "strerror", None) or str(error)
        with contextlib.suppress(OSError, ValueError):  # no terminal either
            sys.stderr.write(f"piramida: the log file cannot be written ({why})\n")


def install_log_file(path: Path | None = None) -> logging.Handler | None:
    """Send the game's log (INFO and above) to the rotating file; returns the handler,
    or None when the file cannot be opened: that is said where the log goes without it
    (the terminal, the service manager's journal) and the kiosk runs on, for a kiosk
    that stopped at every start over its log (a file left by another user, a read-only
    folder) would only be restarted by its service manager again and again."""
    try:
        handler = LogFile(
            path or log_path(), maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError as e:
        logging.getLogger(__name__).error("no log file, the log goes on without it: %s", e)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    root.addHandler(handler)
    # the kiosk's own comings and goings are INFO: the root must let them through
    if root.level > logging.INFO or root.level == logging.NOTSET:
        root.setLevel(logging.INFO)
    return handler


def remove_log_file(handler: logging.Handler) -> None:
    logging.getLogger().removeHandler(handler)
    handler.close()
