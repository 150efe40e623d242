"""Operating-system locks on files, which the system lets go of when the process ends,
however it ends: the games open at a table (see holds), and the salvage of a damaged
records file, each held against other windows of the game."""

from __future__ import annotations

import contextlib
import errno
import logging
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

_log = logging.getLogger(__name__)

# what a lock held by another process answers; any other error is a file system that
# locks nothing (a network share may not): taken for "held", every game would be
# refused for ever, so the game goes on unlocked
HELD_ERRNOS = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK}
HELD_ERRNOS.add(getattr(errno, "EDEADLOCK", errno.EDEADLK))  # Windows' name


def try_lock(handle: IO[bytes]) -> bool | None:
    """Lock the file's first byte without waiting; False if another process holds it,
    None if the file system locks nothing."""
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
    except OSError as e:
        if e.errno in HELD_ERRNOS:
            return False
        _log.debug("files are not locked here: %s", e)
        return None
    return True


def unlock(handle: IO[bytes]) -> None:
    """Let go of the lock before the file is closed: Windows may keep a lock for a
    while after its handle closes, and another window would find the game held."""
    if sys.platform == "win32":
        import msvcrt

        with contextlib.suppress(OSError):
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)


@contextlib.contextmanager
def waited_lock(path: Path, patience_s: float, make: bool = True) -> Iterator[bool]:
    """Hold the lock file `path` for the block, waiting while another process holds it,
    up to `patience_s`; yields whether it holds it. Where no lock can be had at all (a
    read-only folder, a file system that locks nothing; with `make` False, no lock file
    yet) there is nobody to wait for, and it yields True: only another holder's lock,
    held past the patience, is False."""
    try:
        handle = open(path, "a+b" if make else "rb")  # noqa: SIM115 (closed below)
    except OSError:
        try:  # made by another user (a kiosk's service once run as root): locked all the same
            handle = open(path, "rb")  # noqa: SIM115 (closed below)
        except OSError as e:
            _log.debug("%s not locked: %s", path, e)
            yield True
            return
    deadline = time.monotonic() + patience_s
    with handle:
        while (locked := try_lock(handle)) is False and time.monotonic() < deadline:
            time.sleep(0.05)
        try:
            yield locked is not False
        finally:
            if locked:
                unlock(handle)
