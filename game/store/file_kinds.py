"""What a records file and its write-ahead log hold, read before SQLite is let open
them. SQLite judges a log beside a file it opens, and a connection that closes deletes
the log it judged empty or unreadable: beside a file with no first page (empty, its
header damaged, none at all), a log of games was deleted unsaid, and a log that is
not one went before it could go aside with its file."""

from __future__ import annotations

from pathlib import Path, PurePath

SQLITE_HEADER = b"SQLite format 3\x00"
WAL_MAGIC = (bytes.fromhex("377f0682"), bytes.fromhex("377f0683"))  # a log's first bytes
# SQLite takes a file of a byte for an empty one, and deletes the log beside it; from
# two bytes on it reads the file with its log (tried)
SMALLEST_DATABASE = 2
LOG_READ_AT_MOST = 64 << 20  # a log is some MB at most (checkpointed at 1,000 pages)


def log_of(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def may_be_sqlite(path: Path | str) -> bool:
    """Whether SQLite may be let open the file at `path`: none yet (a log left alone
    is open_database's), empty with no log of pages (SQLite makes it), one that
    begins as an SQLite file does, or one whose header is damaged where its log holds
    the newest copy of the first page (SQLite reads it whole with it)."""
    if str(path) == ":memory:":
        return True
    path = Path(path)
    try:
        head = _head_of(path, len(SQLITE_HEADER))
        size = path.stat().st_size
    except FileNotFoundError:
        return True
    except OSError:
        return True  # SQLite says what it finds (no permission, a folder)
    if size < SMALLEST_DATABASE:  # to SQLite, an empty file
        return not has_log(path)
    if head == SQLITE_HEADER:
        return True
    return log_holds_first_page(path)


def has_log(path: Path) -> bool:
    """Whether a log with something in it lies beside the file at `path`."""
    try:
        return log_of(path).stat().st_size > 0
    except FileNotFoundError:
        return False
    except OSError:
        return True  # there, not to be read: not to be judged either


def log_holds_first_page(path: Path) -> bool:
    """Whether the log beside the file at `path` holds a frame of the first page, of
    its current round (its frames' salts are the log's own): the page the file's
    header is read from."""
    try:
        with log_of(path).open("rb") as file:
            data = file.read(LOG_READ_AT_MOST)
    except OSError:
        return False
    page_size = _page_size_said(data)
    if page_size is None or len(data) < 32:
        return False
    salts = data[16:24]
    frame = 24 + page_size
    for at in range(32, len(data) - frame + 1, frame):
        if data[at + 8 : at + 16] != salts:
            break  # the frames of an earlier round, written over
        if int.from_bytes(data[at : at + 4], "big") == 1:
            return True
    return False


def log_page_size(path: Path) -> int | None:
    """The page size the log beside the file at `path` says, if it says one."""
    try:
        return _page_size_said(_head_of(log_of(path), 12))
    except OSError:
        return None


def _page_size_said(log_head: bytes) -> int | None:
    """The page size a log's first bytes give, where they are a log's and it is one
    SQLite uses (a power of two, 512 to 65,536)."""
    if log_head[:4] not in WAL_MAGIC:
        return None
    size = int.from_bytes(log_head[8:12], "big")
    return size if 512 <= size <= 65536 and not size & (size - 1) else None


def _head_of(path: Path, size: int) -> bytes:
    with path.open("rb") as file:
        return file.read(size)


def read_only_uri(path: PurePath, flags: str) -> str:
    """The URI SQLite opens the file at `path` (resolved) by, read-only with `flags`. A
    file on a network share is `file://server/share/...` to pathlib, and SQLite
    refuses any authority but none: the share's whole path goes after `file://`."""
    uri = path.as_uri()
    if not uri.startswith("file:///"):
        uri = "file:////" + uri.removeprefix("file://")
    return f"{uri}?{flags}"
