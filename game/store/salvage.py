"""The rows of a damaged records file that still read, copied into a fresh one.

One bad page of a file threw away every game and table with it, though the rest still
read; and a file cut short (a copy, a full disk) read as nothing at all. Python's
sqlite3 has no page-by-page recovery, so the rows are read as SQLite still can: each
table from its start up to the damage, from its end back down to it, and between them
row by row.
"""

from __future__ import annotations

import json
import logging
import math
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

from game.store.database import (
    MENDED_COPY,
    connect,
    tables_and_columns,
    transaction,
    version_by_shape,
)
from game.store.file_kinds import SQLITE_HEADER, log_page_size, may_be_sqlite, read_only_uri
from game.store.schema import LATEST, MIGRATIONS, NewerDatabase, migrate, version

log = logging.getLogger(__name__)


# A damaged file's tables, each before those whose rows refer to its rows
SALVAGED_TABLES = ("arcade_runs", "games", "scores", "stats_resets", "profile")
# Past a damaged page, rows are looked up one by one until this many in a row are missing
GAP_PROBED = 10_000
JSON_COLUMNS = frozenset({"options", "replay"})  # of games and scores: JSON, whole
# References a row may lose and still stand: a high-score entry holds its own replay
DETACHABLE = {"scores": ("game_id", "arcade_run")}


def salvage(
    damaged: Path, fresh: sqlite3.Connection, sqlite_like: bool | None = None
) -> dict[str, int]:
    """Copy into `fresh` (a new, empty database) the rows of `damaged` that still
    read; how many of each table were copied (nothing: none could be).

    A file of an older version has its rows put into a database of its own version
    first, which is then migrated, as its file would have been. A game whose run was
    lost with a damaged page is left out; an entry whose game was keeps its place.
    A table whose first page is damaged, or the schema's, is lost whole: Python's
    sqlite3 has no page-by-page recovery."""
    # this process's own: a command's copy, made while a window read its own, was the
    # window's, and the window's salvage lost thousands of rows
    patched = damaged.with_name(f"{damaged.name}.{os.getpid()}{MENDED_COPY}")
    # (`sqlite_like`: may_be_sqlite's answer, asked before a connection of this process
    # was opened on the file: a file this process opens and closes itself loses every
    # lock its connections hold on it, as POSIX locks go)
    if may_be_sqlite(damaged) if sqlite_like is None else sqlite_like:
        source = _read_only(damaged) or _mended_copy(damaged, patched)
    else:
        # not opened itself: a connection tried on it deletes, as it closes, the log
        # beside it, which goes aside with it as it was; a copy with its header made
        # again reads what its pages hold
        source = _mended_copy(damaged, patched)
    if source is None:
        return {}
    copied: dict[str, int] = {}
    rebuilt = fresh
    try:
        had = version(source)
        if had == 0 and tables_and_columns(source):  # a header made again: no version
            had = version_by_shape(source) or 0
        if had > LATEST:
            return {}
        # rows streamed straight into the new file (a kiosk's may hold 200,000 games)
        if had != LATEST:
            rebuilt = connect(":memory:")
            migrate(rebuilt, MIGRATIONS[:had])
        with transaction(rebuilt):
            for table in SALVAGED_TABLES:
                if table in tables_and_columns(rebuilt):
                    copied[table] = _copy_rows(source, rebuilt, table)
        if not any(copied.values()):
            return {}
        if rebuilt is not fresh:
            migrate(rebuilt)
            rebuilt.backup(fresh)
    except (sqlite3.Error, NewerDatabase) as e:  # the file's very header, or the new file's disk
        log.warning("nothing of %s could be kept: %s", damaged, e)
        return {}
    finally:
        source.close()
        if rebuilt is not fresh:
            rebuilt.close()
        patched.unlink(missing_ok=True)
    log.info("copied from %s: %s", damaged, copied)
    return copied


def _mended_copy(damaged: Path, copy: Path) -> sqlite3.Connection | None:
    """A file cut short (a copy, a full disk) counts in its header pages it no longer
    has, and SQLite reads none of it: a copy with the count mended, opened to read;
    None if it cannot be made or read either (the copy is the caller's to remove)."""
    try:
        with damaged.open("rb") as file:
            header = file.read(100)
        lost_header = header[:16] != SQLITE_HEADER
        if lost_header:  # its page size from its log, else SQLite's own
            size = log_page_size(damaged) or 4096
        else:
            size = int.from_bytes(header[16:18], "big") if len(header) == 100 else 0
        if size not in (1, *(2**n for n in range(9, 17))):
            return None  # no header of a database
        size = 65536 if size == 1 else size
        # copied, not read whole: a kiosk's file of some hundred megabytes, held three
        # times over, ran a small board out of memory
        shutil.copyfile(damaged, copy)
        pages = copy.stat().st_size // size
        with copy.open("r+b") as file:
            if lost_header:
                file.write(_fresh_header(size))
            file.seek(28)
            file.write(pages.to_bytes(4, "big"))
        _forget_what_starts_past(copy, pages)
        uri = read_only_uri(copy.resolve(), "mode=ro&immutable=1")
        conn = sqlite3.connect(uri, uri=True)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error:
            conn.close()
            raise
        return conn
    except (OSError, sqlite3.Error) as e:
        log.warning("%s cannot be read, mended: %s", damaged, e)
        copy.unlink(missing_ok=True)
        return None


def _fresh_header(page_size: int) -> bytes:
    """A database header such as SQLite writes, for a file of `page_size` pages whose
    own header was lost (zeroed by a power cut, written over): with it SQLite reads the
    pages after it. Its version (user_version) is left 0, and told by its tables."""
    header = bytearray(100)
    header[0:16] = SQLITE_HEADER
    header[16:18] = (1 if page_size == 65536 else page_size).to_bytes(2, "big")
    header[18] = header[19] = 1  # a rollback journal: the copy is read alone
    header[21:24] = bytes((64, 32, 32))  # the payload fractions SQLite requires
    header[40:44] = (1).to_bytes(4, "big")  # a schema cookie
    header[44:48] = (4).to_bytes(4, "big")  # the schema format
    header[56:60] = (1).to_bytes(4, "big")  # UTF-8
    return bytes(header)


def _forget_what_starts_past(copy: Path, pages: int) -> None:
    """Take out of a mended copy's schema the tables and indexes whose first page was
    cut off. A young file's last pages are the roots of its newest indexes, and SQLite
    reads no table of a schema that names a page past the end, so a file short of an
    index lost every game. The tables left are read by their rows (no index needed)."""
    conn = sqlite3.connect(str(copy), isolation_level=None)
    try:
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("DELETE FROM sqlite_master WHERE rootpage > ?", (pages,))
    except sqlite3.Error as e:  # left as it is: the copy is then read as it can be
        log.warning("%s: the schema's lost pages stay named: %s", copy, e)
    finally:
        conn.close()


def _read_only(path: Path) -> sqlite3.Connection | None:
    """The damaged file, opened to read: with its write-ahead log where it has one (the
    last games saved while another copy of the game had it open), else as it is
    (immutable: opening it so leaves no new files beside it)."""
    with_log = path.with_name(path.name + "-wal").exists()
    for flags in ("mode=ro", "mode=ro&immutable=1")[0 if with_log else 1 :]:
        conn = None
        try:
            conn = sqlite3.connect(read_only_uri(path.resolve(), flags), uri=True)
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return conn
        except (sqlite3.Error, ValueError) as e:
            log.warning("%s cannot be read (%s): %s", path, flags, e)
            if conn is not None:  # held open, the file could not be set aside on Windows
                conn.close()
    return None


def _copy_rows(source: sqlite3.Connection, target: sqlite3.Connection, table: str) -> int:
    """The rows of `table` that read, copied: from its start up to a damaged page, from
    its end back down to it, and between them those that read alone; how many were."""
    try:
        found = {r[1] for r in source.execute(f"PRAGMA table_info({table})")}
    except sqlite3.Error:
        return 0
    declared = {r[1]: str(r[2]).upper() for r in target.execute(f"PRAGMA table_info({table})")}
    names = sorted(set(declared) & found)
    if not names:
        return 0
    copy = _RowCopy(source, target, table, names, [declared[n] for n in names])
    read = f"SELECT rowid, {copy.listed} FROM {table}"
    last = 0  # the last row kept from the start
    try:
        for row in source.execute(f"{read} ORDER BY rowid"):
            if copy.keep(row):
                last = row[0]
    except sqlite3.DatabaseError:
        pass
    else:
        return copy.copied  # read whole
    first = None  # the first row kept from the end, back down to the damage
    try:
        for row in source.execute(f"{read} WHERE rowid > ? ORDER BY rowid DESC", (last,)):
            if copy.keep(row):
                first = row[0] if first is None else min(first, row[0])
    except sqlite3.DatabaseError:
        pass
    # between them, each row looked up alone (a row too long for its page, its overflow
    # page damaged, fails alone, not every row after it too); past the end read, up
    # to GAP_PROBED missing in a row
    key, missing = last + 1, 0
    while (key < first) if first is not None else missing < GAP_PROBED:
        try:
            row = source.execute(f"{read} WHERE rowid = ?", (key,)).fetchone()
        except sqlite3.DatabaseError:
            row = None
        missing = 0 if row is not None and copy.keep(row) else missing + 1
        key += 1
    return copy.copied


class _RowCopy:
    """Rows of one table put into another database as they are read, if they look
    whole: a damaged page may read as rows of garbage, with no error, so a row is kept
    only if its rowid finds it again, its values are of their columns' types, and its
    JSON columns read."""

    def __init__(
        self,
        source: sqlite3.Connection,
        target: sqlite3.Connection,
        table: str,
        names: list[str],
        types: list[str],
    ) -> None:
        self.source, self.target, self.table = source, target, table
        self.names, self.types = names, types
        self.listed = ", ".join(names)  # the schema's names, not the file's
        marks = ", ".join("?" * len(names))
        self.insert = f"INSERT INTO {table} ({self.listed}) VALUES ({marks})"
        self.detachable = [names.index(n) for n in DETACHABLE.get(table, ()) if n in names]
        self.copied = 0

    def keep(self, row: tuple[Any, ...]) -> bool:
        """Copy the row if it looks whole; whether it was. An error of the new file's
        own (a full disk) is not the row's: it ends the salvage."""
        key, values = row[0], list(row[1:])
        try:
            again = self.source.execute(
                f"SELECT rowid FROM {self.table} WHERE rowid = ?", (key,)
            ).fetchone()
        except sqlite3.DatabaseError:
            return False
        if again is None or not all(map(_fits, values, self.types, self.names)):
            return False
        try:
            self.target.execute(self.insert, values)
        except sqlite3.IntegrityError:  # a reference lost with a damaged page
            if not self.detachable:
                return False
            for i in self.detachable:
                values[i] = None
            try:
                self.target.execute(self.insert, values)
            except sqlite3.IntegrityError:
                return False
        self.copied += 1
        return True


def _fits(value: object, declared: str, name: str) -> bool:
    """Whether a value read may stand in a column of this declared type (NOT NULL is
    the schema's to refuse)."""
    if value is None:
        return True
    if name in JSON_COLUMNS:
        try:
            return isinstance(value, str) and isinstance(json.loads(value), dict | list)
        except ValueError:
            return False
    if declared.startswith("INTEGER"):
        return isinstance(value, int)
    if declared.startswith("REAL"):
        return isinstance(value, int | float) and math.isfinite(value)
    return isinstance(value, str)
