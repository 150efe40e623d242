"""A records file that may be read but not written (a read-only folder or disk, or
its own mode), copied into memory: its games, tables and statistics are shown, and
this session's are kept there until the game closes."""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

from game.small_files import UNREADABLE_FILE, resolved
from game.store.database import IN_MEMORY, Opened, Problem, connect, in_memory
from game.store.file_kinds import has_log, log_of, read_only_uri
from game.store.schema import NewerDatabase, migrate

log = logging.getLogger(__name__)


def opened_read_only(path: Path, to_write: bool, reason: str) -> Opened:
    """A file that could not be opened as it is, copied into memory if it can be read:
    a command that only reads then has all it asked for, and nothing to say ("cannot
    be opened (attempt to write a readonly database)" came beside the tables it
    printed). Else an empty one, and said."""
    log.warning("cannot open %s: %s", path, reason)
    if not to_write and not path.exists() and not path.is_symlink():
        # no records yet, and none can be made there (a read-only folder): nothing to
        # read is no fault of a command that only reads
        return Opened(in_memory(), None, [])
    copy = read_copy(path)
    if copy is not None and not to_write:
        return Opened(copy, None, [])
    if copy is None and path.is_file() and not os.access(path, os.R_OK):
        reason = UNREADABLE_FILE  # not "read-only", where no game of it was shown
    return Opened(copy or in_memory(), None, [Problem(IN_MEMORY, reason)])


def read_copy(path: Path) -> sqlite3.Connection | None:
    """The file at `path` copied into memory, with the games still in its write-ahead
    log (left by a window killed, or by one still open); None when it cannot be read."""
    try:
        file = resolved(path)  # OSError for a link that leads back to itself
        if has_log(file):
            with_log = _with_its_log(file)
            if with_log is not None:
                return with_log
        # immutable: a read-only folder cannot hold the WAL's shared-memory file
        uri = read_only_uri(file, "mode=ro&immutable=1")
        return _into_memory(sqlite3.connect(uri, uri=True))
    except (sqlite3.Error, OSError, ValueError, NewerDatabase) as e:
        log.warning("cannot read %s either: %s", path, e)
        return None


def _with_its_log(file: Path) -> sqlite3.Connection | None:
    """The file and its log, copied together to a folder that may be written, where
    SQLite folds the log in as it opens them: read as it is (immutable), the file
    showed none of the games in its log, 4 of 6 in a player's. None when no such
    copy can be made (the file is then read without its log)."""
    try:
        with tempfile.TemporaryDirectory(prefix="piramida-") as folder:
            copy = Path(folder) / file.name
            shutil.copyfile(file, copy)
            shutil.copyfile(log_of(file), log_of(copy))
            return _into_memory(sqlite3.connect(copy))
    except (sqlite3.Error, OSError) as e:
        log.warning("cannot read the log of %s: %s", file, e)
        return None


def _into_memory(source: sqlite3.Connection) -> sqlite3.Connection:
    """`source`'s rows, checked and copied into memory; `source` is closed (on Windows
    a file held open cannot be removed)."""
    try:
        if source.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise sqlite3.DatabaseError("damaged")
        conn = connect(":memory:")
        source.backup(conn)
    finally:
        source.close()
    migrate(conn)
    return conn
