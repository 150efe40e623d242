"""What is rescued from a damaged records file (game.store.salvage): its rows as its own
version of the game wrote them, brought up to date; none of a newer version's; and the
rows past a damaged page, however far the table runs on."""

import json
import sqlite3

from game.store import GameFacts, Records
from game.store.database import FILE_NAME, connect
from game.store.salvage import salvage
from game.store.schema import LATEST, migrate
from tests.store.helpers import random_game
from tests.store.test_database import scribble_over_the_page_of


def _records_of(path, count):
    records = Records.open(path)
    for deal in range(count):
        records.save_game(random_game("pyramid36", deal=deal, moves=4), GameFacts())
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.close()


def _fresh(path):
    conn = connect(path)
    migrate(conn)
    return conn


def _as_version(path, number):
    """The file as the version `number` of the game left it (its rows unchanged)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA user_version = {number}")
    conn.close()


def test_a_damaged_file_of_an_older_version_is_brought_up_to_date_as_it_is_salvaged(
    tmp_path,
):
    # version 3 kept every game given up out of the tables; brought up to date, those
    # left without a place stay out (the last migration marks them). Copied straight into
    # the new file's shape, they came back at the next start as places missed.
    path = tmp_path / FILE_NAME
    _records_of(path, 2)  # given up, no place in any table
    _as_version(path, 3)
    fresh = _fresh(tmp_path / "fresh.sqlite3")
    assert salvage(path, fresh)["games"] == 2
    metas = [json.loads(r[0])["meta"] for r in fresh.execute("SELECT replay FROM games")]
    fresh.close()
    assert [meta.get("abandoned") for meta in metas] == [True, True]


def test_a_damaged_file_of_a_newer_version_gives_nothing_to_this_one(tmp_path):
    # its rows may mean what this version cannot know: the file is kept aside whole
    path = tmp_path / FILE_NAME
    _records_of(path, 2)
    _as_version(path, LATEST + 1)
    fresh = _fresh(tmp_path / "fresh.sqlite3")
    assert salvage(path, fresh) == {}
    assert fresh.execute("SELECT count(*) FROM games").fetchone()[0] == 0
    fresh.close()


def test_a_whole_damaged_page_of_games_does_not_end_the_search_for_the_rest(tmp_path):
    # the table's end damaged too: the rows past the first damaged page are looked up one
    # by one; a page's worth of rows missing in a row is no end of the table
    path = tmp_path / FILE_NAME
    _records_of(path, 150)
    scribble_over_the_page_of(path, b'"deal":30,')
    scribble_over_the_page_of(path, b'"deal":149,')  # the table's last page
    fresh = _fresh(tmp_path / "fresh.sqlite3")
    games = salvage(path, fresh)["games"]
    deals = {json.loads(r[0])["deal"] for r in fresh.execute("SELECT replay FROM games")}
    fresh.close()
    assert 120 < games < 150  # two pages' worth lost, no more
    assert deals >= {0, 10, 60, 100, 130}


def _two_games_one_changed(path, sql):
    records = Records.open(path)
    for deal in (3, 4):
        records.save_game(random_game("pyramid52", deal, 15), GameFacts(seconds=20))
    records.close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute(sql)
    conn.commit()
    conn.close()


def test_a_row_whose_replay_does_not_read_is_left_out(tmp_path):
    # a damaged page may read as text that is no JSON: copied, its game failed every read
    path = tmp_path / FILE_NAME
    _two_games_one_changed(path, "UPDATE games SET replay = '\xa5\xa5{' WHERE deal = 4")
    fresh = Records.memory()
    assert salvage(path, fresh.conn)["games"] == 1
    assert [row.deal for row in fresh.history()] == [3]
    fresh.close()


def test_an_arcade_entry_whose_game_and_run_were_both_lost_keeps_its_place(tmp_path):
    # an entry holds its own replay: it stands without either row it refers to
    path = tmp_path / FILE_NAME
    _two_games_one_changed(
        path,
        "INSERT INTO scores (board, ruleset, options, initials, levels, remaining_cards,"
        " remaining_points, seconds, moves, game_id, arcade_run, replay, created_at)"
        " VALUES ('arcade', 'ladder', '{}', 'ABC', 1, 0, 0, 30.0, 40, 99, 7, '{}',"
        " '2026-12-02T01:05:00+00:00')",
    )
    fresh = _fresh(tmp_path / "fresh.sqlite3")
    assert salvage(path, fresh)["scores"] == 1
    row = fresh.execute("SELECT initials, game_id, arcade_run FROM scores").fetchone()
    fresh.close()
    assert tuple(row) == ("ABC", None, None)
