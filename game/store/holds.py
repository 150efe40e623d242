"""Which saved games this process has open at a table, held against other windows.

Two windows of the game share one records file. Both could continue the same game
(the day's deal, say): one turned the whole stock and gave up, the other then played
the best line knowing every card, the day's table took both, and the first result
was written over. A game at a table is held by an operating-system lock on a file of
its own, which the system lets go of when the process ends, however it ends: a
crashed window leaves no game locked.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO

_log = logging.getLogger(__name__)


def _unlock(handle: IO[bytes]) -> None:
    """Let go of the lock before the file is closed: Windows may keep a lock for a
    while after its handle closes, and another window would find the game held."""
    if sys.platform == "win32":
        import msvcrt

        with contextlib.suppress(OSError):
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)


def _try_lock(handle: IO[bytes]) -> bool:
    """Lock the file's first byte without waiting; False if another process holds it."""
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            # flock, not lockf: its locks belong to the open file, so two windows in one
            # process (as the tests make them) hold apart, as two processes do
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class GameHolds:
    """The games this process holds, by record id: the one at its table, and a finished
    one until it is let go of; `folder` None (records kept in memory): no other process
    can reach them, and every game is held at once."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._held: dict[int, IO[bytes] | None] = {}

    def hold(self, record_id: int) -> bool:
        """Hold the game for this window, letting go of any other it held (a window plays
        one game at a time; the one it left is another window's to continue); False if
        another window holds it. A lock that cannot be made at all (a read-only folder)
        holds nothing and lets the game go on: the records' own problems are said where
        they are met."""
        if record_id in self._held:
            return True
        for other in list(self._held):
            self.release(other)
        if self.folder is None:
            self._held[record_id] = None
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle = open(self.folder / str(record_id), "a+b")  # noqa: SIM115 (kept open)
        except OSError as e:
            _log.debug("game %s not locked: %s", record_id, e)
            self._held[record_id] = None
            return True
        if not _try_lock(handle):
            handle.close()
            return False
        self._held[record_id] = handle
        return True

    def holds(self, record_id: int) -> bool:
        return record_id in self._held

    def held_elsewhere(self, record_id: int) -> bool:
        """Whether another process holds the game (trying does not keep it)."""
        if record_id in self._held or self.folder is None:
            return False
        path = self.folder / str(record_id)
        if not path.exists():
            return False
        try:
            with open(path, "a+b") as handle:
                if not _try_lock(handle):
                    return True
                _unlock(handle)
                return False
        except OSError:
            return False

    def release(self, record_id: int | None, finished: bool = False) -> None:
        """Let another window have the game; a `finished` game's file goes (it is never
        continued: the files would pile up, one a game)."""
        if record_id is None or record_id not in self._held:
            return
        handle = self._held.pop(record_id)
        if handle is None:
            return
        path = self.folder / str(record_id) if self.folder is not None else None
        if finished and path is not None and sys.platform != "win32":
            with contextlib.suppress(OSError):
                os.remove(path)  # while locked: no other window is on it
        _unlock(handle)
        handle.close()
        if finished and path is not None and sys.platform == "win32":
            with contextlib.suppress(OSError):  # Windows removes no file that is open
                os.remove(path)

    def clear_finished(self, finished: Callable[[int], bool]) -> int:
        """Remove the files of games `finished` says are over (or gone) that no window
        holds: a game given up by another, or left in a window that was killed, left its
        file behind. Returns how many went."""
        if self.folder is None or not self.folder.is_dir():
            return 0
        gone = 0
        for path in self.folder.iterdir():
            if not path.name.isdigit() or int(path.name) in self._held:
                continue
            if not finished(int(path.name)) or self.held_elsewhere(int(path.name)):
                continue
            with contextlib.suppress(OSError):
                path.unlink()
                gone += 1
        return gone

    def release_all(self) -> None:
        for record_id in list(self._held):
            self.release(record_id)
