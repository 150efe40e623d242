"""Opening the records database so that the game always starts.

WAL journal, foreign keys on, and synchronous=FULL: a committed transaction
survives a crash, a kill or a power cut; a move's autosave survives a crash or a
kill, and a power cut may lose the last of them (see `transaction`). A file that
is not a database or is damaged is moved aside under a timestamped name (never
deleted) and a fresh one is made, holding every row of it that still reads; when
even that cannot be done (a read-only folder, a file from a newer version), the
game keeps its records in memory for the session. Each such event is reported as
a `Problem` for the game to tell the player.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import shutil
import sqlite3
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.small_files import READ_ONLY_FILE
from game.store.aside import aside_name_for, set_aside, set_aside_lone_log
from game.store.file_kinds import has_log, may_be_sqlite
from game.store.file_locks import waited_lock
from game.store.schema import LATEST, MIGRATIONS, NewerDatabase, migrate, version

log = logging.getLogger(__name__)

FILE_NAME = "records.sqlite3"
BUSY_TIMEOUT_MS = 10_000  # another copy of the game holds the lock: wait this long
# Once open, a save waits this long at most: it runs between frames, and another copy's
# writes take milliseconds; one held longer fails the save, which is said and tried
# again at the next move (10 s froze the game at every move)
PLAY_BUSY_TIMEOUT_MS = 250
DAMAGED = ("SQLITE_NOTADB", "SQLITE_CORRUPT")

# What happened while opening, for the player's notice.
SET_ASIDE = "set_aside"  # detail: the name the damaged file now has
LOG_SET_ASIDE = "log_set_aside"  # detail: the name a journal found with no file now has
SALVAGED = "salvaged"  # detail: that name; numbers: the games and entries copied from it
IN_MEMORY = "in_memory"  # detail: why the file could not be used
NEWER = "newer"  # detail: the file's name; it is left as it is
SAVE_FAILED = "save_failed"  # detail: the error; later writes are still tried
READ_FAILED = "read_failed"  # detail: the error; what could be read is shown
CANNOT_CONTINUE = "cannot_continue"  # detail: why; the game stays in the history
CUT_SHORT = "cut_short"  # detail: why; numbers: the damaged move's; Continue goes on before it
UNFINISHED_DAMAGED = "unfinished_damaged"  # detail: the error; the game cannot be read
RULES_MISSING = "rules_missing"  # detail: the ruleset whose level file was left out
REMOVED = "removed"  # detail: the file's name; removed while the game ran, made anew
# detail: the file's name; a command that only reads left it for the game to set aside;
# numbers: the games and entries that still read
DAMAGED_LEFT = "damaged_left"


@dataclass(frozen=True)
class Problem:
    kind: str
    detail: str
    numbers: tuple[int, ...] = ()


@dataclass
class Opened:
    conn: sqlite3.Connection
    path: Path | None  # None: in memory
    problems: list[Problem]
    # in memory while another window salvages this file: to be opened once it is done
    mended_elsewhere: Path | None = None


def connect(path: Path | str) -> sqlite3.Connection:
    """A connection with our settings; transactions are explicit (see `transaction`)."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        if str(path) != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
    except BaseException:
        # closed now, not by the collector some time later: on Windows a file held
        # open cannot be set aside, and a damaged one stayed in place
        conn.close()
        raise
    return conn


def check_numbers(row: sqlite3.Row, names: tuple[str, ...], where: str) -> None:
    """Refuse a row whose figures are not finite numbers (text or a blob put there by
    hand): sqlite3.DatabaseError, which the callers report and go on from."""
    for name in names:
        value = row[name]
        if not isinstance(value, int | float) or not math.isfinite(value):
            raise sqlite3.DatabaseError(f"{where} is damaged: {name} {value!r}")


def read_json(text: str, where: str) -> Any:
    """A JSON column's value. Damaged text (the file edited by hand) is a damaged
    database to the callers, which report it and go on, not a crash."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as e:
        raise sqlite3.DatabaseError(f"{where} is damaged: {e}") from e


def profile_value(conn: sqlite3.Connection, key: str) -> str | None:
    """The profile's value under `key` (the player's initials, the deals watched…)."""
    row = conn.execute("SELECT value FROM profile WHERE key = ?", (key,)).fetchone()
    return str(row[0]) if row is not None else None


def set_profile_value(conn: sqlite3.Connection, key: str, value: str) -> None:
    """Put `value` under `key` in the profile (in the caller's transaction)."""
    conn.execute(
        """INSERT INTO profile (key, value) VALUES (?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value""",
        (key, value),
    )


@contextmanager
def transaction(conn: sqlite3.Connection, durable: bool = True) -> Iterator[sqlite3.Connection]:
    """One write transaction: all of it is stored, or none of it.

    Not `durable` (a game's autosave after a move, an undo, a redo), it is not synced to
    the disk at its commit: a sync each time took 2 to 3 ms of the frame here, more on a
    slow disk, at every press of a held Undo. A killed or crashed game still loses
    nothing (the write-ahead log is in the system's hands); a power cut may lose the
    last moves, never the file's soundness, and the next durable commit (a game's end,
    a score) syncs them all."""
    # only with the write-ahead log: a rollback journal (a file system without WAL)
    # unsynced can leave the file damaged by a power cut, not only short of moves
    relaxed = not durable and in_wal(conn)
    if relaxed:
        conn.execute("PRAGMA synchronous = NORMAL")
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            conn.execute("COMMIT")  # a commit that fails (a full disk) is rolled back too
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    finally:
        if relaxed:
            conn.execute("PRAGMA synchronous = FULL")


def in_wal(conn: sqlite3.Connection) -> bool:
    return str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal"


def open_checked(path: Path | str, to_write: bool = True) -> sqlite3.Connection:
    """Open, check and migrate; raises sqlite3.DatabaseError or NewerDatabase.

    Another copy of the game opening the same file at the same moment can make
    SQLite answer "locked" at once, without waiting (switching a new file to WAL,
    recovering the WAL index): such an answer is retried for BUSY_TIMEOUT_MS."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            conn = _open_checked_once(path, to_write)
            conn.execute(f"PRAGMA busy_timeout = {PLAY_BUSY_TIMEOUT_MS}")
            return conn
        except sqlite3.OperationalError as e:
            if not is_busy(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def is_busy(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", None) or ""
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in str(error)


def _open_checked_once(path: Path | str, to_write: bool = True) -> sqlite3.Connection:
    if not may_be_sqlite(path):
        # said before SQLite opens it: a connection closed on such a file deletes the
        # write-ahead log beside it, which is to go aside with it, kept as it was
        raise sqlite3.DatabaseError("damaged: not an SQLite file")
    conn = connect(path)
    try:
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise sqlite3.DatabaseError(f"damaged: {check}")
        had = version(conn)
        try:
            migrate(conn)
        except sqlite3.OperationalError as e:
            # a file not of the shape its version number says (a table already there,
            # a column missing) is of another making: damaged. A lock, a read-only file,
            # a full disk, or a migration of ours failing on a file of the right shape
            # is not: such a file is kept as it is
            if tables_and_columns(conn) != _shape_at(had):
                raise sqlite3.DatabaseError(f"damaged: {e}") from e
            raise
        _check_shape(conn)
        if to_write:
            _check_writable(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _check_shape(conn: sqlite3.Connection) -> None:
    """Raise a damaged-file error unless every table and column the game writes is
    there: a SQLite file of another making (or a table dropped by hand) passed the
    checks, and then every save failed, so every game of every session was lost."""
    found = tables_and_columns(conn)
    for table, columns in _shape_at(LATEST).items():
        missing = columns - found.get(table, frozenset())
        if missing:
            lacks = ", ".join(sorted(missing))
            raise sqlite3.DatabaseError(f"damaged: table {table} lacks {lacks}")


@lru_cache(maxsize=LATEST + 1)
def _shape_at(number: int) -> dict[str, frozenset[str]]:
    """The tables and columns the first `number` migrations make, in a database made
    for the purpose."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, MIGRATIONS[:number])
        return tables_and_columns(conn)
    finally:
        conn.close()


def version_by_shape(conn: sqlite3.Connection) -> int | None:
    """The version whose tables and columns the file has, where its header no longer
    says it (made again, see salvage); None where none has them."""
    found = tables_and_columns(conn)
    return next((n for n in range(LATEST, 0, -1) if _shape_at(n) == found), None)


def tables_and_columns(conn: sqlite3.Connection) -> dict[str, frozenset[str]]:
    """The file's own tables (not SQLite's: its statistics, its counters) and columns."""
    query = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    tables = [r[0] for r in conn.execute(query)]
    return {
        t: frozenset(r[0] for r in conn.execute("SELECT name FROM pragma_table_info(?)", (t,)))
        for t in tables
    }


def _check_writable(conn: sqlite3.Connection) -> None:
    """Raise sqlite3.OperationalError if SQLite opened the file read-only (the file's
    own mode, in a folder that may be written): every read works there and every
    save fails, so the moves of the session were lost one by one, and said only back
    in the menu. A write rolled back tells at once. A file another copy of the game is
    writing to can be written: a window started then kept the session in memory, and
    lost it at quit, though the other was done a moment later."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    conn.execute(f"PRAGMA busy_timeout = {PLAY_BUSY_TIMEOUT_MS}")
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as e:
        if is_busy(e):
            return
        raise
    finally:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    try:
        conn.execute(f"PRAGMA user_version = {version}")
    finally:
        conn.execute("ROLLBACK")


def is_damaged(error: sqlite3.DatabaseError) -> bool:
    """A damaged file, as opposed to one we may not open (permissions, a full disk)."""
    name = getattr(error, "sqlite_errorname", None)
    if name is not None:  # SQLITE_CORRUPT_INDEX and its like too, where damage lies
        return str(name).startswith(DAMAGED)
    return str(error).startswith("damaged")


def open_database(path: Path, to_write: bool = True) -> Opened:
    """The database at `path`, or a fresh one, or one in memory: never an exception.
    Opened only `to_write` = False (a command that lists), a file that can only be
    read is not said to be one that cannot be saved."""
    from game.store.read_only import opened_read_only  # which reads this module's Opened
    from game.store.untold import untold  # which reads this module's problems

    problems: list[Problem] = []
    # (a link to itself does not exist either, and is no file still to be made)
    if not path.exists() and not path.is_symlink() and path.parent.is_dir():
        if has_log(path):
            # a log without its file (a copy that missed it, a file lost): SQLite made
            # an empty file and deleted the log, its games with it, unsaid
            if not to_write:
                return Opened(in_memory(), None, [Problem(DAMAGED_LEFT, path.name, (0, 0))])
            try:
                problems.append(Problem(LOG_SET_ASIDE, set_aside_lone_log(path).name))
            except OSError as e:
                log.warning("cannot set aside the log of %s: %s", path, e)
                return Opened(in_memory(), None, [Problem(IN_MEMORY, e.strerror or str(e))])
        elif not to_write:
            return Opened(in_memory(), None, [])  # a command that lists makes no file
    if to_write:
        # a salvage killed left its file (some MB, as large as the records): removed
        # at the next start, not only at the next salvage, which may never come
        with contextlib.suppress(OSError):
            _remove_stale_rebuilds(path)
    if path.exists() and not may_write(path):
        # read without SQLite's side files: opened as it is, it made them read-only as
        # the file, and they kept it from being saved after its mode was mended
        return opened_read_only(path, to_write, READ_ONLY_FILE)
    mend_side_files(path)
    try:
        conn = open_checked(path, to_write)
        return Opened(conn, path, problems + untold(conn))
    except NewerDatabase as e:
        log.warning("%s: %s; records are kept in memory this time", path, e)
        problems.append(Problem(NEWER, path.name))
        return Opened(in_memory(), None, problems)
    except sqlite3.DatabaseError as e:
        if not is_damaged(e):
            return opened_read_only(path, to_write, plain_reason(str(e), path))
        log.warning("%s is damaged (%s)", path, e)
    except OSError as e:
        return opened_read_only(path, to_write, e.strerror or str(e))
    from game.store.salvage import salvage  # a damaged file's own business, and rare

    # One salvage at a time, a command's that only reads too: two windows started
    # together (a launcher clicked twice) each removed and renamed the other's files,
    # and the rows ended in a file set aside that nothing reads. The second, once the
    # first is done, opens the file the first made.
    lock = path.with_name(path.name + SALVAGE_LOCK)
    # (a command that only reads makes no lock file: it leaves the folder as it was)
    with waited_lock(lock, SALVAGE_PATIENCE_S, make=to_write) as held:
        try:
            return Opened(open_checked(path, to_write), path, problems)
        except (sqlite3.DatabaseError, NewerDatabase, OSError):
            pass  # still damaged
        if not to_write or not held:
            # a command that only reads leaves the data folder as it was: the game sets
            # the file aside at its next start and tells the player, who must hear it (a
            # command set it aside, said so on its standard error, and the game then said
            # nothing). A window that waited its fill on another's salvage shows what
            # still reads and leaves the file to it: two salvages at once lost the rows.
            conn = in_memory()
            copied = salvage(path, conn)
            if not to_write:
                games, entries = copied.get("games", 0), copied.get("scores", 0)
                return Opened(conn, None, [Problem(DAMAGED_LEFT, path.name, (games, entries))])
            return Opened(conn, None, [Problem(IN_MEMORY, MENDED_ELSEWHERE)], path)
        sqlite_like = may_be_sqlite(path)  # read before any connection: see salvage
        if sqlite_like and open_elsewhere(path):
            # set aside under a window that has it open, the file's index was deleted by
            # its name (now the new file's) as that window let go of it, and the two
            # wrote one file through two indexes: games lost, ids given twice. What still
            # reads is kept in memory here; the file is mended once no other window has
            # it open
            conn = in_memory()
            salvage(path, conn)
            # (for the session, as the notice says: taken back at a save, the file got
            # only some of what was kept meanwhile, an arcade run's games under another
            # run's number, and the game in play over another window's)
            return Opened(conn, None, [Problem(IN_MEMORY, OPEN_ELSEWHERE)])
        return _salvaged(path, problems, sqlite_like)


# Why a window keeps its records in memory while another one salvages the file
MENDED_ELSEWHERE = "another window of the game is mending the file"
# and while another has the damaged file open, so that it cannot be set aside
OPEN_ELSEWHERE = "the file is damaged and another window of the game has it open"


def open_elsewhere(path: Path) -> bool:
    """Whether another process has the file at `path` open through SQLite: each of its
    connections holds a shared lock on the file, which an exclusive one waits for.
    This process must hold none on it (they would count too)."""
    probe = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        probe.execute("PRAGMA locking_mode = EXCLUSIVE")
        probe.execute("BEGIN EXCLUSIVE")
        probe.execute("ROLLBACK")
        return False
    except sqlite3.Error as e:
        return is_busy(e)
    finally:
        probe.close()


def salvage_over(path: Path) -> bool:
    """Whether no window is salvaging the file at `path` now (asked, without waiting,
    before each save of a window that waited on another's salvage)."""
    with waited_lock(path.with_name(path.name + SALVAGE_LOCK), 0.0, make=False) as free:
        return free


# Beside the records file: held by the window salvaging it (see open_database)
SALVAGE_LOCK = ".salvage-lock"
SALVAGE_PATIENCE_S = 120.0  # a kiosk's file of 200,000 games takes some seconds more
# Beside a damaged file, the fresh one its rows are copied into until it is whole
REBUILDING = ".rebuilding"
# and, beside a damaged file cut short, a copy with its header mended while it is read
MENDED_COPY = ".mended-copy"


def _salvaged(path: Path, problems: list[Problem], sqlite_like: bool) -> Opened:
    """The damaged file at `path` set aside, and a fresh one in its place holding the
    rows that still read (see salvage); `sqlite_like`: may_be_sqlite's answer."""
    from game.store.salvage import salvage  # a damaged file's own business, and rare
    from game.store.untold import keep_untold

    # The rows are copied into a file beside it, which takes the damaged file's place
    # only once whole: a salvage cut short (a kiosk's takes some seconds, and a closed
    # window or a service's stop timeout killed it) left a fresh, empty file where the
    # damaged one had been, and the next start found nothing to set aside or say. The
    # file is this process's own: where no lock could be had, two windows rebuilt into
    # one file, and each removed the other's work.
    rebuilt = path.with_name(f"{path.name}.{os.getpid()}{REBUILDING}")
    damaged = file_identity(path)
    # other windows' saves wait while the rows are copied: made into the damaged file
    # meanwhile, a game's last one (its end) was left behind with it
    guard = _writes_held(path, sqlite_like)
    try:  # (stale files other salvages left were removed as the start began)
        remove_with_side_files(rebuilt)
        conn = open_checked(rebuilt)
        try:
            copied = salvage(path, conn, sqlite_like)
            aside_name = aside_name_for(path)
            keep_untold(conn, aside_name, copied)
        finally:
            conn.close()
        if file_identity(path) != damaged:  # replaced meanwhile (a window not held off)
            remove_with_side_files(rebuilt)
            return Opened(open_checked(path), path, problems)
        # let go before the file is renamed: Windows renames no file held open, and a
        # damaged file stayed in place, every game after kept in memory only. Windows
        # that wait on the salvage's lock still wait (see open_database)
        if guard is not None:
            let_go(guard, path, damaged)
            guard = None
        aside = set_aside(path, rebuilt, aside_name)
        conn = open_checked(path)
    except (OSError, sqlite3.Error, NewerDatabase) as e:
        log.warning("cannot make a fresh %s: %s", path, e)
        with contextlib.suppress(OSError):
            remove_with_side_files(rebuilt)
        problems.append(Problem(IN_MEMORY, getattr(e, "strerror", None) or str(e)))
        return Opened(in_memory(), None, problems)
    finally:
        if guard is not None:
            let_go(guard, path, damaged)
    problems.append(Problem(SET_ASIDE, aside.name))
    if copied:
        games, entries = copied.get("games", 0), copied.get("scores", 0)
        problems.append(Problem(SALVAGED, aside.name, (games, entries)))
    return Opened(conn, path, problems)


def _writes_held(path: Path, sqlite_like: bool) -> sqlite3.Connection | None:
    """A connection on `path` holding its write lock (None where it cannot be had: the
    file too damaged, or another window writing just then)."""
    if not sqlite_like:
        return None  # nothing writes there; and tried, its log was deleted at the close
    try:
        guard = sqlite3.connect(path, timeout=0, isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        guard.execute("BEGIN IMMEDIATE")
        return guard
    except sqlite3.Error:
        guard.close()
        return None


def _remove_stale_rebuilds(path: Path, now: float | None = None) -> None:
    """Remove the files other salvages of `path` were making and left (killed), once
    nobody can still be making them: untouched for STALE_REBUILD_S."""
    now = time.time() if now is None else now
    kinds = (REBUILDING, MENDED_COPY)
    for other in [left for kind in kinds for left in path.parent.glob(f"{path.name}.*{kind}")]:
        with contextlib.suppress(OSError):
            if now - other.stat().st_mtime > STALE_REBUILD_S:
                remove_with_side_files(other)


STALE_REBUILD_S = 3600.0  # a salvage writes on as it goes: an hour untouched is dead


def remove_with_side_files(path: Path) -> None:
    """Delete a database file and its write-ahead log and index, where they are."""
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


# Less free room than this where the file lies: a write that failed failed for want of it
FULL_BELOW = 1 << 20


def plain_reason(error: str, path: Path | None) -> str:
    """SQLite's words for a write that failed, made plain where they can be: on a full
    disk it often says "disk I/O error" (the write-ahead log's index could not grow),
    and the player was told the disk had failed."""
    if error == "disk I/O error" and path is not None:
        try:
            if shutil.disk_usage(path.parent).free < FULL_BELOW:
                return "No space left on device"
        except OSError:
            pass
    return error


def may_write(path: Path) -> bool:
    return os.access(path, os.W_OK)


def mend_side_files(path: Path) -> None:
    """Let SQLite write its side files (the write-ahead log and its index) as it may
    write the file: an earlier version of the game, opening the file while its mode
    was read-only, made them read-only too, and once the file's mode was mended they
    still kept every save from it."""
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        try:
            if side.exists() and not may_write(side) and may_write(path):
                os.chmod(side, stat.S_IMODE(path.stat().st_mode))
        except OSError as e:  # not ours to change: SQLite says what it finds
            log.warning("cannot make %s writable: %s", side, e)


def file_identity(path: Path | None) -> tuple[int, int] | None:
    """The device and inode of the file at `path`, None where none is: what tells the
    file we opened from one put in its place (renamed or deleted, a file keeps taking
    the writes of a connection open on it)."""
    try:
        info = path.stat() if path is not None else None
    except OSError:
        return None
    return (info.st_dev, info.st_ino) if info is not None else None


def let_go(conn: sqlite3.Connection, path: Path, file: tuple[int, int] | None) -> None:
    """Close `conn`, opened on the file `file` that stood at `path`, and maybe no longer
    does. SQLite names a file's write-ahead log by the file's name, and the last
    connection to close deletes the log of that name: a file set aside by another
    window took its log with it, and closing deleted the new file's log instead, that
    window's last games with it. So while it closes, a second connection is held on the
    file under its new name (the last to close, it deletes its own log). Nothing is
    folded in first: the log at the name may be another window's by now, and folding
    it into the file we had lost that window's last game."""
    keeper = None
    moved = _renamed(path, file) if file is not None and file_identity(path) != file else None
    if moved is not None:
        try:
            keeper = sqlite3.connect(moved)
            keeper.execute("PRAGMA user_version").fetchone()  # held: ours is not the last
        except sqlite3.Error:
            keeper = None
    conn.close()
    if keeper is not None:
        keeper.close()


def _renamed(path: Path, file: tuple[int, int]) -> Path | None:
    """The name the file `file`, once at `path`, has now beside it (set aside), if any."""
    for other in path.parent.glob(path.name + ".*"):
        if not other.name.endswith(("-wal", "-shm")) and file_identity(other) == file:
            return other
    return None


def in_memory() -> sqlite3.Connection:
    conn = connect(":memory:")
    migrate(conn)
    return conn
