"""Forward migrations: every earlier version reaches the latest, once, keeping what it held."""

import sqlite3
import threading
import time

import pytest

from game.store.database import connect, is_busy
from game.store.schema import LATEST, MIGRATIONS, NewerDatabase, migrate, split_statements, version

TABLES = {"games", "scores", "arcade_runs", "stats_resets", "profile"}


def tables(conn):
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def at_version(path, n):
    conn = connect(path)
    migrate(conn, MIGRATIONS[:n])
    assert version(conn) == n
    return conn


@pytest.mark.parametrize("start", range(LATEST))
def test_every_earlier_version_migrates_to_the_latest(tmp_path, start):
    conn = at_version(tmp_path / "db", start)
    assert migrate(conn) == start
    assert version(conn) == LATEST
    assert tables(conn) >= TABLES
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_migrating_the_latest_again_changes_nothing(tmp_path):
    conn = at_version(tmp_path / "db", LATEST)
    before = conn.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    assert migrate(conn) == LATEST
    assert conn.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall() == before


def test_a_later_step_keeps_the_rows_an_earlier_one_made(tmp_path):
    """The machinery, with a made-up next version: rows survive, the new column appears."""
    steps = (*MIGRATIONS, "ALTER TABLE profile ADD COLUMN changed TEXT;")
    conn = at_version(tmp_path / "db", LATEST)
    conn.execute("INSERT INTO profile (key, value) VALUES ('initials', 'ABC')")
    assert migrate(conn, steps) == LATEST
    assert version(conn) == LATEST + 1
    assert [tuple(r) for r in conn.execute("SELECT key, value, changed FROM profile")] == [
        ("initials", "ABC", None)
    ]


def test_a_failing_step_leaves_the_database_at_its_old_version(tmp_path):
    steps = (*MIGRATIONS, "CREATE TABLE extra (x); INSERT INTO nowhere VALUES (1);")
    conn = at_version(tmp_path / "db", LATEST)
    with pytest.raises(sqlite3.OperationalError):
        migrate(conn, steps)
    assert version(conn) == LATEST
    assert "extra" not in tables(conn)


def test_a_database_from_a_newer_program_is_refused_untouched(tmp_path):
    conn = at_version(tmp_path / "db", LATEST)
    conn.execute(f"PRAGMA user_version = {LATEST + 5}")
    with pytest.raises(NewerDatabase):
        migrate(conn)
    assert version(conn) == LATEST + 5


def test_two_connections_migrating_at_once_migrate_once(tmp_path):
    path = tmp_path / "db"
    results, errors = [], []

    def start():
        # SQLite may answer "locked" at once, without waiting, to a file switching to
        # WAL under another connection: the game's own open (open_checked) tries again
        # so, and so does this; what is tested is that the migration runs once
        deadline = time.monotonic() + 10
        while True:
            conn = None
            try:
                conn = connect(path)
                results.append(migrate(conn))
                return
            except sqlite3.OperationalError as e:
                if not is_busy(e) or time.monotonic() > deadline:
                    errors.append(e)
                    return
                time.sleep(0.05)
            except Exception as e:  # pragma: no cover - the failure is the assertion below
                errors.append(e)
                return
            finally:
                if conn is not None:
                    conn.close()

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(results) == [0, *[LATEST] * 3]
    assert version(connect(path)) == LATEST


def test_statements_are_split_without_breaking_comments_or_strings():
    script = "CREATE TABLE a (x TEXT DEFAULT ';'); -- a note; with a semicolon\nSELECT 1;"
    assert split_statements(script) == [
        "CREATE TABLE a (x TEXT DEFAULT ';');",
        "-- a note; with a semicolon\nSELECT 1;",
    ]
    assert split_statements("SELECT 1; SELECT 2; -- the end") == [
        "SELECT 1;",
        "SELECT 2;",
    ]


def test_the_game_that_ended_last_is_found_by_an_index(tmp_path):
    # a kiosk asks at every return to its show; reading every game took 53 ms at 200,000
    from game.store import Records
    from game.store.games import LATEST_FINISHED_SQL

    records = Records.memory()
    plan = records.conn.execute("EXPLAIN QUERY PLAN " + LATEST_FINISHED_SQL, ("arcade",)).fetchall()
    details = " ".join(str(row[-1]) for row in plan)
    assert "USING INDEX games_finished" in details and "TEMP B-TREE" not in details


def test_a_deal_played_before_is_looked_up_by_its_number_through_an_index():
    # "deal IS NULL OR deal = ?" kept the index to the ruleset: every game of it was read,
    # 33 ms a call on a kiosk's 200,000 games, at each deal and several times at each end
    from game.rules import Game
    from game.store import Records

    records = Records.memory()
    asked: list[str] = []
    records.conn.set_trace_callback(asked.append)
    records.games.deal_played_before(Game("pyramid52", deal=7))
    records.conn.set_trace_callback(None)
    (sql,) = [s for s in asked if "FROM games" in s]
    plan = records.conn.execute("EXPLAIN QUERY PLAN " + sql).fetchall()
    searches = [str(row[-1]) for row in plan if "games" in str(row[-1])]
    assert searches and all("(ruleset=? AND deal=?" in s for s in searches), searches
