"""Which saved games this process has open at a table, held against other windows.

Two windows of the game share one records file. Both could continue the same game
(the day's deal, say): one turned the whole stock and gave up, the other then played
the best line knowing every card, the day's table took both, and the first result
was written over. A game at a table is held by an operating-system lock on a file of
its own (see file_locks): a crashed window leaves no game locked.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Literal

from game.store.file_locks import try_lock as _try_lock
from game.store.file_locks import unlock as _unlock

_log = logging.getLogger(__name__)

FRESH_S = 60.0  # a file this new may be about to be locked by the window that made it
STALE_S = 24 * 3600.0  # a file no window has locked for this long is nobody's


def _still_there(handle: IO[bytes], path: Path) -> bool:
    """Whether the file open as `handle` is the one at `path` (not removed, nor replaced)."""
    try:
        opened, found = os.fstat(handle.fileno()), os.stat(path)
    except OSError:
        return False
    return (opened.st_dev, opened.st_ino) == (found.st_dev, found.st_ino)


def _remove_unheld(path: Path) -> bool:
    """Remove a game's file unless a window holds it; whether it went. Locked while it
    is removed: looked at and then removed, a window could lock it in between and hold
    a file no other window would find (see GameHolds._locked)."""
    try:
        handle = open(path, "r+b")  # noqa: SIM115 (closed below, after the removal)
    except OSError:
        return False
    with handle:
        if _try_lock(handle) is False:
            return False
        try:
            if sys.platform != "win32":  # Windows removes no file that is open
                path.unlink()
        except OSError:
            return False
        finally:
            _unlock(handle)
    if sys.platform == "win32":
        with contextlib.suppress(OSError):
            path.unlink()
    return True


class GameHolds:
    """The games this process holds, by record id: the one at its table, and a finished
    one until it is let go of; `folder` None (records kept in memory): no other process
    can reach them, and every game is held at once. `done(record_id)` says whether a
    game will never be continued (over, gone, or left before its first move): its file
    goes once no window holds it."""

    def __init__(self, folder: Path | None, done: Callable[[int], bool] = lambda _id: False):
        self.folder = folder
        self.done = done
        self._held: dict[int, IO[bytes] | None] = {}

    def hold(self, record_id: int) -> bool:
        """Hold the game for this window, then let go of any other it held (a window plays
        one game at a time; the one it left is another window's to continue); False if
        another window holds it, and the others are kept. A lock that cannot be made at
        all (a read-only folder) holds nothing and lets the game go on: the records' own
        problems are said where they are met."""
        if record_id in self._held:
            return True
        handle = self._locked(record_id)
        if handle is False:
            return False
        for other in list(self._held):
            self.release(other, finished=self.done(other))
        self._held[record_id] = handle
        return True

    def _locked(self, record_id: int) -> IO[bytes] | Literal[False] | None:
        """The game's file, opened and locked; None: no lock can be made (held all the
        same); False: another window holds it."""
        if self.folder is None:
            return None
        path = self.folder / str(record_id)
        for _try in range(3):
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                handle = open(path, "a+b")  # noqa: SIM115 (kept open)
            except OSError as e:
                _log.debug("game %s not locked: %s", record_id, e)
                return None
            locked = _try_lock(handle)
            if not locked:
                handle.close()
                return None if locked is None else False
            if _still_there(handle, path):
                return handle
            # another window's clear-up removed the file as it was opened: a lock on
            # what is no longer there holds nothing against a window that opens it anew
            _unlock(handle)
            handle.close()
        return None

    def held_elsewhere(self, record_id: int) -> bool:
        """Whether another process holds the game (trying does not keep it)."""
        if record_id in self._held or self.folder is None:
            return False
        path = self.folder / str(record_id)
        if not path.exists():
            return False
        try:
            with open(path, "a+b") as handle:
                locked = _try_lock(handle)
                if locked is False:
                    return True
                if locked:
                    _unlock(handle)
                return False
        except OSError:
            return False

    def holding(self, record_id: int | None) -> bool:
        """Whether this window holds the game."""
        return record_id is not None and record_id in self._held

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

    def clear(self, now: float | None = None) -> int:
        """Remove the files of games no window holds that will never be continued
        (`done`), and of any game no window has held for a day: a game given up by
        another window, or left in one that was killed, left its file behind. A file
        made in the last minute is left alone: a window may be about to lock it. Returns
        how many went."""
        if self.folder is None or not self.folder.is_dir():
            return 0
        now = time.time() if now is None else now
        gone = 0
        for path in self.folder.iterdir():
            if not path.name.isdigit() or int(path.name) in self._held:
                continue
            try:
                age = now - path.stat().st_mtime
            except OSError:
                continue
            stale = age > STALE_S or (age > FRESH_S and self.done(int(path.name)))
            if stale and _remove_unheld(path):
                gone += 1
        return gone

    def release_all(self) -> None:
        for record_id in list(self._held):
            self.release(record_id)
