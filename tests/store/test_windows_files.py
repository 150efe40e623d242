"""The records file under Windows' rules.

A file open in the process (any handle, SQLite's too) cannot be renamed, replaced or
deleted there; emulated here, where Linux allows all three. A damaged file set aside
on Linux stayed in place on Windows, and every game of every session after was kept
in memory only. And a file on a network share has a URI SQLite must accept."""

import contextlib
import errno
import gc
import os
import sqlite3
from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest

from game.store import IN_MEMORY, SET_ASIDE, GameFacts, Records
from game.store.database import FILE_NAME
from game.store.file_kinds import read_only_uri
from tests.store.helpers import random_game, ruin_the_games_root

READS_OPEN_FILES = pytest.mark.skipif(
    not Path("/proc/self/fd").is_dir(), reason="open files are read from /proc"
)


def _open_here() -> set[str]:
    """The paths of every file this process holds open."""
    found = set()
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # closed meanwhile
            found.add(os.readlink(f"/proc/self/fd/{fd}"))
    return found


@pytest.fixture
def windows_file_rules(monkeypatch):
    """os.replace, rename, unlink and remove refuse a path open in this process, as
    Windows does (Python and SQLite open files without FILE_SHARE_DELETE). The cyclic
    collector is held off: a connection left open by mistake stays open, as it may on
    Windows until a collection happens to come."""

    def refusing(real):
        def call(*paths, **kwargs):
            held = _open_here()
            for p in paths[:2]:
                if os.path.abspath(os.fsdecode(p)) in held:
                    raise PermissionError(errno.EACCES, "used by another process", p)
            return real(*paths, **kwargs)

        return call

    for name in ("replace", "rename", "unlink", "remove"):
        monkeypatch.setattr(os, name, refusing(getattr(os, name)))
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def _garbage(path: Path) -> None:
    path.write_bytes(b"this is not a database at all\n" * 200)


def _damaged_page(path: Path) -> None:
    records = Records.open(path)
    for deal in range(30):
        records.save_game(random_game("pyramid52", deal=deal, moves=6), GameFacts())
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    ruin_the_games_root(records.conn, path)
    records.close()


@READS_OPEN_FILES
@pytest.mark.parametrize("damage", [_garbage, _damaged_page], ids=["no-database", "page"])
def test_a_damaged_file_is_set_aside_while_nothing_holds_it_open(
    tmp_path, windows_file_rules, damage
):
    path = tmp_path / FILE_NAME
    damage(path)
    records = Records.open(path)
    kinds = [p.kind for p in records.problems]
    assert IN_MEMORY not in kinds and SET_ASIDE in kinds, records.problems
    assert records.path == path
    records.save_game(random_game("pyramid36", deal=3, moves=4), GameFacts())
    records.problems_told()
    records.close()
    again = Records.open(path)  # the next start finds the fresh file, and no problem
    assert again.problems == [] and len(again.history()) >= 1
    again.close()


@pytest.mark.parametrize(
    ("path", "uri"),
    [
        (
            PureWindowsPath(r"\\server\share\piramida\records.sqlite3"),
            "file:////server/share/piramida/records.sqlite3?mode=ro",
        ),
        (
            PureWindowsPath(r"C:\Users\Иван\records.sqlite3"),
            "file:///C:/Users/%D0%98%D0%B2%D0%B0%D0%BD/records.sqlite3?mode=ro",
        ),
        (
            PurePosixPath("/home/a b/records#1.sqlite3"),
            "file:///home/a%20b/records%231.sqlite3?mode=ro",
        ),
    ],
)
def test_a_file_is_opened_read_only_by_a_uri_sqlite_takes(path, uri):
    # records on a network share (a mapped drive resolves to one) were opened by
    # file://server/share/..., and SQLite refuses any authority: no records shown,
    # no rows salvaged
    assert read_only_uri(path, "mode=ro") == uri


def test_a_uri_with_no_authority_opens_the_file(tmp_path):
    path = tmp_path / "a #1%.sqlite3"
    sqlite3.connect(path).close()
    sqlite3.connect(read_only_uri(path.resolve(), "mode=ro"), uri=True).close()
    with pytest.raises(sqlite3.OperationalError, match="authority"):
        sqlite3.connect("file://server/share/x.sqlite3?mode=ro", uri=True)
