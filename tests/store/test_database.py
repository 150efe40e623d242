"""A damaged or unusable records file never stops the game, and is never deleted."""

import sqlite3
import time
from collections import namedtuple

import pytest

from game.notices import record_notice
from game.store import (
    DAMAGED_LEFT,
    IN_MEMORY,
    LOG_SET_ASIDE,
    NEWER,
    SALVAGED,
    SET_ASIDE,
    GameFacts,
    Records,
)
from game.store.database import FILE_NAME, MENDED_COPY, REBUILDING, open_database
from game.store.schema import LATEST, MIGRATIONS, migrate
from tests.store.helpers import random_game, ruin_the_games_root


def saved_one_game(path):
    records = Records.open(path)
    game = random_game("pyramid36", deal=3, moves=6)
    records.save_game(game, GameFacts())
    records.close()
    return game


def aside_files(folder):
    """The damaged files set aside (not their journals)."""
    return sorted(
        p
        for p in folder.iterdir()
        if ".broken-" in p.name and not p.name.endswith(("-wal", "-shm"))
    )


def test_a_file_that_is_no_database_is_set_aside_and_a_fresh_one_made(tmp_path):
    path = tmp_path / FILE_NAME
    garbage = b"this is not a database at all\n" * 200
    path.write_bytes(garbage)
    records = Records.open(path)
    assert [p.kind for p in records.problems] == [SET_ASIDE]
    (aside,) = aside_files(tmp_path)
    assert aside.name == records.problems[0].detail
    assert aside.name.startswith(FILE_NAME + ".broken-20")
    assert aside.read_bytes() == garbage  # kept whole, for whoever wants to look
    assert records.path == path
    records.save_game(random_game("pyramid52", deal=1, moves=3), GameFacts())
    assert len(records.history()) == 1
    records.close()
    assert len(Records.open(path).history()) == 1  # the fresh file is the one used next time


def test_a_damaged_page_is_found_the_file_set_aside_and_what_reads_kept(tmp_path):
    # one damaged page threw away every game and table, though the rest still read
    path = tmp_path / FILE_NAME
    records = Records.open(path)
    for deal in range(40):
        game = random_game("pyramid52", deal=deal, moves=15)
        facts = GameFacts(seconds=30)
        records.save_game(game, facts)
        records.add_game_score(game, facts, "ABC")
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.close()
    data = bytearray(path.read_bytes())
    page = 4096
    # scribble over the page that holds a game's replay (a table's page, not an index's)
    hit = data.index(b'"deal":17') // page * page
    data[hit + 10 : hit + page] = b"\xa5" * (page - 10)
    path.write_bytes(bytes(data))
    reopened = Records.open(path)
    assert [p.kind for p in reopened.problems] == [SET_ASIDE, SALVAGED]
    assert len(aside_files(tmp_path)) == 1
    games, entries = reopened.problems[1].numbers
    assert 0 < games <= 40 and 0 < entries <= 40 and games + entries < 80
    assert len(reopened.history()) == games
    (key,) = reopened.scores.tables()
    assert len(reopened.top(key)) == min(10, entries)
    reopened.save_game(random_game("pyramid36", deal=1, moves=3), GameFacts())
    assert len(reopened.history()) == games + 1  # a file to go on with
    reopened.problems_told()
    reopened.close()
    assert len(Records.open(path).problems) == 0


def test_a_file_whose_header_is_lost_is_set_aside_and_what_its_pages_hold_kept(tmp_path):
    # a header written over (a power cut) left nothing that SQLite would read; the
    # salvage makes a header again, as SQLite writes one, and reads the pages
    path = tmp_path / FILE_NAME
    saved_one_game(path)
    data = bytearray(path.read_bytes())
    data[:100] = b"\x00" * 100  # the header: not a database any more
    path.write_bytes(bytes(data))
    records = Records.open(path)
    assert [p.kind for p in records.problems] == [SET_ASIDE, SALVAGED]
    assert records.problems[1].numbers[0] == 1 and len(records.history()) == 1


def test_a_file_with_nothing_readable_is_set_aside_with_nothing_said_kept(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_bytes(b"\xa5" * 8192)  # no page of a database
    assert [p.kind for p in Records.open(path).problems] == [SET_ASIDE]


@pytest.mark.parametrize(
    "script",
    [
        # another program's file, at our version number
        f"CREATE TABLE games (id INTEGER PRIMARY KEY, foo TEXT); PRAGMA user_version = {LATEST};",
        # ours with a table dropped by hand
        "DROP TABLE scores;",
        # version 0, yet a table of ours is there: the first migration cannot run
        "CREATE TABLE games (id INTEGER PRIMARY KEY); PRAGMA user_version = 0;",
    ],
)
def test_a_database_of_another_shape_is_set_aside_and_games_are_saved_again(tmp_path, script):
    path = tmp_path / FILE_NAME
    if script.startswith("DROP"):
        saved_one_game(path)
    conn = sqlite3.connect(path)
    conn.executescript(script)
    conn.close()
    records = Records.open(path)
    kept = 1 if script.startswith("DROP") else 0  # its game, which the file still held
    assert [p.kind for p in records.problems] == [SET_ASIDE] + [SALVAGED] * kept
    assert len(aside_files(tmp_path)) == 1  # kept, for whoever wants to look
    assert records.path == path  # a file again, not the session's memory
    records.save_game(random_game("pyramid52", deal=1, moves=3), GameFacts())
    records.close()
    assert len(Records.open(path).history()) == 1 + kept


@pytest.mark.parametrize("number", range(LATEST))
def test_a_file_of_an_older_version_is_brought_up_to_date_not_set_aside(tmp_path, number):
    path = tmp_path / FILE_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, MIGRATIONS[:number])
    conn.close()
    records = Records.open(path)
    assert records.problems == [] and records.path == path and not aside_files(tmp_path)
    assert records.save_game(random_game("pyramid36", deal=2, moves=3), GameFacts())
    records.close()


def test_a_migration_of_ours_failing_on_a_file_of_the_right_shape_leaves_it_alone(
    tmp_path, monkeypatch
):
    # a step of ours that trips on one row's data is no damaged file: set aside, the
    # player's records would have seemed lost
    import game.store.database as database

    path = tmp_path / FILE_NAME
    saved_one_game(path)

    calls = []

    def failing_on_the_file(conn, *args):
        calls.append(conn)
        if len(calls) == 1:  # the file's own; its copy in memory migrates as ever
            conn.execute("SELECT json_extract('{bad', '$')")  # SQLite's own SQLITE_ERROR
        return migrate(conn, *args)

    monkeypatch.setattr(database, "migrate", failing_on_the_file)
    records = Records.open(path)
    assert [p.kind for p in records.problems] == [IN_MEMORY]
    assert not aside_files(tmp_path) and len(records.history()) == 1  # shown from memory


def test_its_journal_files_go_aside_with_it(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_bytes(b"x" * 5000)
    (tmp_path / (FILE_NAME + "-wal")).write_bytes(b"wal")
    records = Records.open(path)
    (wal,) = [p for p in tmp_path.iterdir() if ".broken-" in p.name and p.name.endswith("-wal")]
    assert wal.read_bytes() == b"wal"
    assert not (tmp_path / (FILE_NAME + "-wal")).exists() or records.history() == []
    records.close()


def test_a_folder_that_cannot_hold_the_file_means_records_in_memory(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    records = Records.open(blocker / FILE_NAME)
    assert [p.kind for p in records.problems] == [IN_MEMORY]
    assert records.path is None
    game = random_game("pyramid52", deal=2, moves=4)
    facts = GameFacts()
    assert records.save_game(game, facts)  # the session still keeps its records
    assert records.unfinished() is None and len(records.history()) == 1


def test_a_records_file_that_links_to_itself_means_records_in_memory(tmp_path):
    # the game ended at its start on the RuntimeError of resolve(), with no window
    path = tmp_path / FILE_NAME
    path.symlink_to(FILE_NAME)
    records = Records.open(path)
    assert [p.kind for p in records.problems] == [IN_MEMORY]
    assert records.save_game(random_game("pyramid52", deal=2, moves=4), GameFacts())
    assert len(records.history()) == 1
    # and a command that only reads says it cannot read it ("no games yet", status 0)
    listing = Records.open(path, to_write=False)
    assert [p.kind for p in listing.problems] == [IN_MEMORY]
    assert path.is_symlink()  # left as it was


def test_a_records_file_that_may_not_be_read_is_not_said_to_be_read_only(tmp_path, monkeypatch):
    # chmod 000: "The records cannot be saved (the file is read-only)", where none of the
    # player's games and scores were shown
    from game import notices

    path = tmp_path / FILE_NAME
    records = Records.open(path)
    records.save_game(random_game("pyramid52", deal=2, moves=4), GameFacts())
    records.close()
    # as for a player, not root: neither written nor read
    from game.store import read_only

    monkeypatch.setattr(read_only.os, "access", lambda _path, _mode: False)
    monkeypatch.setattr(read_only, "read_copy", lambda _path: None)
    opened = Records.open(path)
    (problem,) = opened.problems
    words = notices.record_notice(problem)
    assert "read-only" not in words
    assert words.startswith("The records file may not be read: your past games and scores")
    assert path.stat().st_size > 0  # left as it is


def test_when_setting_aside_fails_too_records_stay_in_memory(tmp_path, monkeypatch):
    path = tmp_path / FILE_NAME
    path.write_bytes(b"garbage" * 1000)

    def refuse(*_paths):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("game.store.database.set_aside", refuse)
    opened = open_database(path)
    assert [p.kind for p in opened.problems] == [IN_MEMORY]
    assert "Permission denied" in opened.problems[0].detail
    assert path.read_bytes() == b"garbage" * 1000  # untouched


def test_a_file_from_a_newer_version_is_left_alone(tmp_path):
    path = tmp_path / FILE_NAME
    saved_one_game(path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    conn.close()
    before = path.read_bytes()
    records = Records.open(path)
    assert [p.kind for p in records.problems] == [NEWER]
    assert records.path is None
    assert aside_files(tmp_path) == []
    records.close()
    assert path.read_bytes() == before


def test_a_write_that_fails_is_reported_once_and_the_game_goes_on(records):
    game = random_game("pyramid52", deal=5, moves=3, end=False)
    records.conn.execute("PRAGMA query_only = ON")  # every write now fails
    assert not records.save_game(game, GameFacts())
    assert not records.save_game(game, GameFacts())
    assert [p.kind for p in records.problems] == ["save_failed"]
    records.conn.execute("PRAGMA query_only = OFF")
    assert records.save_game(game, GameFacts())


@pytest.mark.parametrize("pragma, value", [("journal_mode", "wal"), ("foreign_keys", 1)])
def test_the_file_is_opened_with_wal_and_foreign_keys(records, pragma, value):
    assert records.conn.execute(f"PRAGMA {pragma}").fetchone()[0] == value


def test_a_copy_told_locked_at_once_while_another_opens_the_file_waits_and_gets_it(
    tmp_path, monkeypatch
):
    # SQLite may answer "locked" without waiting while another copy of the game makes
    # the same new file (switching it to WAL): the open is tried again, not given up.
    from game.store import database

    real = database._open_checked_once
    answers = [sqlite3.OperationalError("database is locked")] * 2

    def busy_then_real(path, to_write=True):
        if answers:
            raise answers.pop()
        return real(path, to_write)

    monkeypatch.setattr(database, "_open_checked_once", busy_then_real)
    opened = open_database(tmp_path / FILE_NAME)
    assert opened.path == tmp_path / FILE_NAME and opened.problems == [] and not answers


def test_an_error_other_than_locked_is_not_waited_for(tmp_path, monkeypatch):
    from game.store import database

    calls = []

    def unusable(path, to_write=True):
        calls.append(path)
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(database, "_open_checked_once", unusable)
    opened = open_database(tmp_path / FILE_NAME)
    assert opened.path is None and [p.kind for p in opened.problems] == [IN_MEMORY]
    assert len(calls) == 1


def test_a_save_while_another_copy_holds_the_lock_fails_fast_and_is_tried_again(tmp_path):
    path = tmp_path / "records.sqlite3"
    records = Records.open(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another copy of the game, mid-write, stuck
    game, facts = random_game("pyramid52", deal=5, moves=3, end=False), GameFacts()
    started = time.monotonic()
    assert not records.save_game(game, facts)
    assert time.monotonic() - started < 2.0  # it froze the game for 10 s at every move
    assert [p.kind for p in records.problems] == ["save_failed"]
    holder.execute("ROLLBACK")
    assert records.save_game(game, facts)  # the next move's save stores it all
    records.close()
    holder.close()


def test_a_command_that_reads_does_not_wait_for_another_copy_s_write(tmp_path):
    # every open took the write lock to look for a migration due: `scores` and
    # `history` waited 10 s in silence while a window was writing
    path = tmp_path / FILE_NAME
    saved_one_game(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another copy of the game, mid-write
    try:
        started = time.monotonic()
        opened = open_database(path, to_write=False)
        assert time.monotonic() - started < 2.0
        assert opened.conn.execute("SELECT count(*) FROM games").fetchone()[0] == 1
        opened.conn.close()
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_window_started_while_another_copy_writes_saves_its_games_once_it_is_done(
    tmp_path,
):
    # the lock found at the start kept the whole session in memory, lost at quit though
    # the other copy was done a moment later
    path = tmp_path / FILE_NAME
    saved_one_game(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another copy of the game, mid-write
    started = time.monotonic()
    records = Records.open(path)
    assert time.monotonic() - started < 2.0
    game, facts = random_game("pyramid52", deal=5, moves=3, end=False), GameFacts()
    assert not records.save_game(game, facts)  # still held: tried again at the next
    holder.execute("ROLLBACK")
    holder.close()
    game.play(str(next(iter(game.legal_moves))))
    assert records.save_game(game, facts)
    records.close()
    again = Records.open(path)
    assert len(again.history()) == 2 and again.unfinished() is not None
    again.close()


def test_a_read_only_file_in_a_folder_that_can_be_written_is_found_at_the_start(
    tmp_path, monkeypatch
):
    # SQLite opened it read-only: reads worked, every save failed during play
    from game.store import database

    path = tmp_path / FILE_NAME
    saved_one_game(path)
    connect = database.connect

    def as_the_file_mode_allows(where):
        if where == str(path) or where == path:  # what chmod 444 does (the tests run as root)
            where = f"{path.resolve().as_uri()}?mode=ro"
            conn = sqlite3.connect(where, uri=True, isolation_level=None)
            conn.row_factory = sqlite3.Row
            return conn
        return connect(where)

    monkeypatch.setattr(database, "connect", as_the_file_mode_allows)
    records = Records.open(path)
    assert [p.kind for p in records.problems] == [IN_MEMORY] and records.path is None
    assert "readonly" in records.problems[0].detail
    assert len(records.history()) == 1
    assert records.save_game(random_game("pyramid52", deal=6, moves=3, end=False), GameFacts())
    records.close()
    # a command that only lists (`piramida history`) says nothing of saving
    listing = Records.open(path, to_write=False)
    assert listing.problems == [] and listing.path == path and len(listing.history()) == 1
    listing.close()


def test_a_file_that_can_be_read_but_not_written_is_shown_from_memory(tmp_path, monkeypatch):
    # a read-only folder or disk: the records vanished for the session (an empty store)
    from game.store import database

    path = tmp_path / FILE_NAME
    saved_one_game(path)
    before = path.read_bytes()

    def read_only(path, to_write=True):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(database, "_open_checked_once", read_only)
    records = Records.open(path)
    assert [p.kind for p in records.problems] == [IN_MEMORY] and records.path is None
    assert len(records.history()) == 1  # the old games are there
    game = random_game("pyramid52", deal=6, moves=3, end=False)
    assert records.save_game(game, GameFacts())  # this session's, in memory
    assert len(records.history()) == 2
    records.close()
    assert path.read_bytes() == before  # the file is never touched
    # a command that only reads has all it asked for: nothing to say ("cannot be
    # opened (attempt to write a readonly database)" came beside the tables it printed)
    listing = Records.open(path, to_write=False)
    assert listing.problems == [] and len(listing.history()) == 1
    listing.close()
    # and where there are no records yet, none to read is no problem of such a command
    nothing = Records.open(tmp_path / "none" / FILE_NAME, to_write=False)
    assert nothing.problems == [] and nothing.history() == []
    nothing.close()


def _saved_games(path, count, first=0):
    records = Records.open(path)
    for deal in range(first, first + count):
        records.save_game(random_game("pyramid36", deal=deal, moves=4), GameFacts())
    return records


def _damaged_file(path, count):
    """A records file of `count` games, closed, one page of it (a game's) scribbled over."""
    records = _saved_games(path, count)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.close()
    scribble_over_the_page_of(path, b'"deal":5,')


def _cut_file(path, count):
    """A records file of `count` games, closed, cut to three quarters (a full disk)."""
    records = _saved_games(path, count)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) * 3 // 4])


def scribble_over_the_page_of(path, text):
    data = bytearray(path.read_bytes())
    page = 4096
    hit = data.index(text) // page * page
    data[hit + 10 : hit + page] = b"\xa5" * (page - 10)
    path.write_bytes(bytes(data))


def test_the_rows_past_a_damaged_page_are_kept_when_the_table_s_end_is_damaged_too(
    tmp_path, monkeypatch
):
    # the search from the table's end failed at once, and the rows after the first
    # damage were looked for no further than a fixed window (of 10,000: 20 here)
    monkeypatch.setattr("game.store.salvage.GAP_PROBED", 20)
    path = tmp_path / FILE_NAME
    records = _saved_games(path, 150)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.close()
    scribble_over_the_page_of(path, b'"deal":30,')
    scribble_over_the_page_of(path, b'"deal":149,')  # the table's last page
    reopened = Records.open(path)
    games, _entries = reopened.problems[1].numbers
    assert 120 < games < 150  # two pages' worth lost, no more
    assert {row.deal for row in reopened.history()} >= {0, 10, 60, 100, 130}


def test_an_entry_whose_game_was_lost_keeps_its_place(tmp_path):
    # an entry holds its own replay: its game's row lost with a damaged page took it along
    import shutil

    from game.store.salvage import salvage

    path = tmp_path / FILE_NAME
    records = Records.open(path)
    game, facts = random_game("pyramid52", 3, 15), GameFacts(seconds=20)
    records.save_game(game, facts)
    assert records.add_game_score(game, facts, "ABC") == 1
    records.close()
    damaged = tmp_path / "damaged.sqlite3"
    shutil.copy(path, damaged)
    conn = sqlite3.connect(damaged)
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("DELETE FROM games")  # as a damaged page would leave it
    conn.commit()
    conn.close()
    fresh = tmp_path / "fresh.sqlite3"
    opened = open_database(fresh)
    assert salvage(damaged, opened.conn) == {
        "arcade_runs": 0,
        "games": 0,
        "scores": 1,
        "stats_resets": 0,
        "profile": 0,
    }
    opened.conn.close()
    kept = Records.open(fresh)
    (key,) = kept.scores.tables()
    (entry,) = kept.top(key)
    assert entry.initials == "ABC" and entry.game_id is None


def test_the_games_still_in_the_write_ahead_log_are_kept(tmp_path):
    # read as it was (immutable), the file lost the games another copy had just saved
    import shutil

    path = tmp_path / FILE_NAME
    records = _saved_games(path, 40)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for deal in range(40, 50):
        records.save_game(random_game("pyramid36", deal=deal, moves=4), GameFacts())
    copy = tmp_path / "copy"
    copy.mkdir()
    for suffix in ("", "-wal"):
        shutil.copy(path.with_name(FILE_NAME + suffix), copy / (FILE_NAME + suffix))
    records.close()
    scribble_over_the_page_of(copy / FILE_NAME, b'"deal":5,')
    # another copy of the game has it open: its log is not folded into it on closing
    other = sqlite3.connect(copy / FILE_NAME)
    other.execute("PRAGMA user_version").fetchone()
    try:
        reopened = Records.open(copy / FILE_NAME)  # in memory: the other has it open
    finally:
        other.close()
    assert [p.kind for p in reopened.problems] == [IN_MEMORY]
    assert {row.deal for row in reopened.history()} >= set(range(40, 50))


def test_a_file_cut_short_keeps_what_it_still_holds(tmp_path):
    # its header counted pages it no longer had, and SQLite read none of it
    path = tmp_path / FILE_NAME
    _cut_file(path, 60)
    reopened = Records.open(path)
    assert [p.kind for p in reopened.problems] == [SET_ASIDE, SALVAGED]
    assert 0 < len(reopened.history()) < 60
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(MENDED_COPY)] == []


def test_a_file_cut_short_of_an_index_s_pages_keeps_all_its_games(tmp_path):
    # a young file's last pages are the roots of its newest indexes: cut off, the schema
    # named pages past the end, SQLite read nothing, and every game and entry was lost
    path = tmp_path / FILE_NAME
    records = _saved_games(path, 2)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages = records.conn.execute("PRAGMA page_count").fetchone()[0]
    roots = records.conn.execute("SELECT type, rootpage FROM sqlite_master").fetchall()
    records.close()
    assert ("index", pages) in [tuple(r) for r in roots]  # the last page is an index's
    path.write_bytes(path.read_bytes()[: (pages - 1) * 4096])
    reopened = Records.open(path)
    assert [p.kind for p in reopened.problems] == [SET_ASIDE, SALVAGED]
    assert sorted(row.deal for row in reopened.history()) == [0, 1]
    assert [p.name for p in tmp_path.iterdir() if MENDED_COPY in p.name] == []  # nor journal
    reopened.close()


def _as_the_mode_allows(monkeypatch):
    """What a player's account (not root, as the tests run) may write: the mode's."""
    from game.store import database

    monkeypatch.setattr(database, "may_write", lambda p: bool(p.stat().st_mode & 0o200))


def test_a_read_only_file_is_read_without_making_side_files(tmp_path, monkeypatch):
    # SQLite made its write-ahead log and index beside it, read-only as the file: once
    # the player made the file writable again, they still kept every save from it
    _as_the_mode_allows(monkeypatch)
    path = tmp_path / FILE_NAME
    saved_one_game(path)
    path.chmod(0o444)
    records = Records.open(path)
    assert [p.kind for p in records.problems] == [IN_MEMORY]
    assert records.problems[0].detail == "the file is read-only"
    assert len(records.history()) == 1
    records.close()
    assert sorted(p.name for p in tmp_path.iterdir() if FILE_NAME in p.name) == [FILE_NAME]


def test_a_read_only_file_shows_the_games_still_in_its_write_ahead_log(tmp_path, monkeypatch):
    # read as it was (immutable), it showed 2 of a player's 6 games: the others were in
    # the log a window killed, or one still open, had left beside it
    _as_the_mode_allows(monkeypatch)
    path = tmp_path / FILE_NAME
    records = _saved_games(path, 2)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for deal in range(2, 6):
        records.save_game(random_game("pyramid36", deal=deal, moves=4), GameFacts())
    log = tmp_path / (FILE_NAME + "-wal")
    assert log.stat().st_size > 0  # still open: its last games are in the log alone
    path.chmod(0o444)
    read = Records.open(path)
    assert [p.kind for p in read.problems] == [IN_MEMORY]
    assert sorted(row.deal for row in read.history()) == [0, 1, 2, 3, 4, 5]
    read.close()
    records.close()


def test_side_files_left_read_only_are_made_writable_with_the_file(tmp_path, monkeypatch):
    from game.store.database import mend_side_files

    _as_the_mode_allows(monkeypatch)
    path = tmp_path / FILE_NAME
    saved_one_game(path)
    sides = [tmp_path / (FILE_NAME + suffix) for suffix in ("-wal", "-shm")]
    for side in sides:
        side.write_bytes(b"")
        side.chmod(0o444)
    mend_side_files(path)  # as opening does, before SQLite sees them
    assert [side.stat().st_mode & 0o777 for side in sides] == [0o644, 0o644]
    path.chmod(0o444)  # a file read-only itself leaves them as they are
    for side in sides:
        side.chmod(0o444)
    mend_side_files(path)
    assert [side.stat().st_mode & 0o777 for side in sides] == [0o444, 0o444]


def test_a_save_failing_on_a_full_disk_says_the_disk_is_full(records, monkeypatch):
    # SQLite says "disk I/O error" there, and the player read that the disk had failed
    from game.notices import record_notice
    from game.store import database

    game = random_game("pyramid52", deal=5, moves=3, end=False)

    def failing(*args):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(records.games, "save", failing)
    usage = namedtuple("usage", "total used free")  # as shutil.disk_usage answers
    monkeypatch.setattr(database.shutil, "disk_usage", lambda p: usage(10**9, 10**9 - 4096, 4096))
    assert not records.save_game(game, GameFacts())
    (problem,) = records.problems
    assert problem.detail == "No space left on device"
    assert "(the disk is full)" in record_notice(problem)
    # with room left, SQLite's words stand
    monkeypatch.setattr(database.shutil, "disk_usage", lambda p: usage(10**9, 10**8, 9 * 10**8))
    assert database.plain_reason("disk I/O error", records.path) == "disk I/O error"


def test_a_salvage_cut_short_leaves_the_damaged_file_for_the_next_start(tmp_path, monkeypatch):
    # the fresh file took the damaged one's place before the rows were copied: killed
    # then (a closed window, a service's stop timeout), the next start found an empty,
    # healthy file, and every game was gone with nothing said
    path = tmp_path / FILE_NAME
    _damaged_file(path, 30)
    damaged = path.read_bytes()

    class Killed(BaseException):
        """What the process's death is to the code it stops: nothing after runs."""

    def killed(*_args):
        raise Killed

    with monkeypatch.context() as m:
        m.setattr("game.store.salvage._copy_rows", killed)
        with pytest.raises(Killed):
            open_database(path)
    assert path.read_bytes() == damaged and aside_files(tmp_path) == []
    reopened = Records.open(path)
    assert [p.kind for p in reopened.problems] == [SET_ASIDE, SALVAGED]
    assert 0 < len(reopened.history()) < 30
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith((MENDED_COPY, REBUILDING))] == []
    reopened.close()


def test_a_file_cut_short_is_mended_without_being_held_in_memory(tmp_path, monkeypatch):
    # read whole and copied twice over, a kiosk's file of 262 MB took 553 MB to mend
    from pathlib import Path

    path = tmp_path / FILE_NAME
    _cut_file(path, 60)

    def unread(self):
        raise AssertionError(f"{self.name} read whole")

    monkeypatch.setattr(Path, "read_bytes", unread)
    reopened = Records.open(path)
    assert [p.kind for p in reopened.problems] == [SET_ASIDE, SALVAGED]
    assert 0 < len(reopened.history()) < 60
    reopened.close()


def test_a_file_damaged_while_the_game_runs_is_set_aside_and_the_save_made_anew(tmp_path):
    # found only at a start: a kiosk whose card went bad lost every game after, for
    # weeks, with one line in a log to say so
    path = tmp_path / FILE_NAME
    records = _saved_games(path, 30)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    ruin_the_games_root(records.conn, path)
    records.conn.execute("PRAGMA cache_size = 0")  # what it held of the page is forgotten
    game = random_game("pyramid52", deal=100, moves=5)
    assert records.save_game(game, GameFacts())
    assert [p.kind for p in records.problems][:1] == [SET_ASIDE]
    assert len(aside_files(tmp_path)) == 1
    records.problems_told()  # as the menu's notices take them
    records.close()
    again = Records.open(path)
    assert again.problems == [] and [row.deal for row in again.history()] == [100]
    again.close()


def _window_salvaging(path, copying, go_on, told) -> None:
    """A window that opens the records, its salvage held up once it has begun."""
    from game.store import salvage as salvage_module

    real_copy = salvage_module._copy_rows

    def slow_copy(*args):
        copying.set()
        go_on.wait(20)
        return real_copy(*args)

    salvage_module._copy_rows = slow_copy
    records = Records.open(path)
    told.put(([p.kind for p in records.problems], len(records.history())))
    records.problems_told()  # as its menu's notices take them
    records.close()


@pytest.mark.parametrize("locks", [True, False])
def test_two_windows_finding_one_damaged_file_salvage_it_once(tmp_path, monkeypatch, locks):
    # a launcher clicked twice: the second window removed the first one's half-made
    # file, each renamed the other's, and the rows ended in a file set aside that
    # nothing reads: the records then held one game. Where no lock can be had (a file
    # system that locks nothing), each rebuilds in a file of its own, and the second,
    # finding the damaged file gone from under it, opens the first one's
    import contextlib
    import multiprocessing

    if not locks:

        @contextlib.contextmanager
        def no_lock(*_args, **_kwargs):
            yield True

        monkeypatch.setattr("game.store.database.waited_lock", no_lock)
    path = tmp_path / FILE_NAME
    _damaged_file(path, 30)
    processes = multiprocessing.get_context("fork")
    copying, go_on, told = processes.Event(), processes.Event(), processes.Queue()
    first = processes.Process(target=_window_salvaging, args=(path, copying, go_on, told))
    first.start()
    try:
        assert copying.wait(20)
        threading_timer = __import__("threading").Timer(0.5, go_on.set)
        threading_timer.start()  # the second window starts while the first copies
        second = Records.open(path)
        kinds, games = told.get(timeout=20)
    finally:
        go_on.set()
        first.join(20)
    assert kinds == [SET_ASIDE, SALVAGED] and 0 < games < 30
    if locks:  # the second waited for the first, and opened the file it made
        assert second.problems == [] and len(second.history()) == games
    else:
        # no salvage's lock to wait on: the first has the damaged file open, and the
        # second keeps its records in memory for the session, as it says
        assert [p.kind for p in second.problems] == [IN_MEMORY] and second.path is None
        second.save_game(random_game("pyramid36", deal=99, moves=2), GameFacts())
        assert second.path is None
    assert len(aside_files(tmp_path)) == 1
    second.close()
    assert len(Records.open(path).history()) == games


def test_a_damaged_index_met_while_the_game_runs_is_made_anew(tmp_path):
    # SQLite names it SQLITE_CORRUPT_INDEX, which was not taken for damage, and a
    # start's check reads no index: every save failed, session after session
    path = tmp_path / FILE_NAME
    records = Records.open(path)
    game, facts = random_game("pyramid52", deal=5, moves=2, end=False), GameFacts()
    records.save_game(game, facts)
    records.close()
    edit = sqlite3.connect(path)
    edit.execute("PRAGMA writable_schema=ON")
    for before, after in (("IS NULL'", "IS NULL AND 0'"), ("IS NULL AND 0'", "IS NULL'")):
        edit.execute(  # the game's entry left out of the index of games in play
            "UPDATE sqlite_master SET sql = replace(sql, 'outcome ' || ?, 'outcome ' || ?)"
            " WHERE name = 'games_unfinished'",
            (before.rstrip("'"), after.rstrip("'")),
        )
        edit.commit()
        if before == "IS NULL'":
            again = sqlite3.connect(path)
            again.execute("REINDEX games_unfinished")
            again.close()
    edit.close()
    records = Records.open(path)
    assert records.problems == []
    game.play(next(iter(game.legal_moves)))
    assert records.save_game(game, facts)
    assert records.problems == [] and records.game(facts.record_id).moves == 3
    assert records.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    records.close()


def _held_elsewhere(lock_path):
    """The salvage lock held as another process's: a lock of its own open file."""
    from game.store.file_locks import try_lock

    handle = open(lock_path, "a+b")  # noqa: SIM115 (the caller closes it)
    assert try_lock(handle)
    return handle


def test_a_window_that_waits_past_its_patience_leaves_the_salvage_to_the_other(
    tmp_path, monkeypatch
):
    # the lock given up on, the two windows salvaged at once again, and the records
    # were left with one game
    from game.store.database import MENDED_ELSEWHERE, SALVAGE_LOCK

    path = tmp_path / FILE_NAME
    _damaged_file(path, 30)
    damaged = path.read_bytes()
    monkeypatch.setattr("game.store.database.SALVAGE_PATIENCE_S", 0.2)
    with _held_elsewhere(path.with_name(FILE_NAME + SALVAGE_LOCK)):
        waiting = Records.open(path)
    assert [(p.kind, p.detail) for p in waiting.problems] == [(IN_MEMORY, MENDED_ELSEWHERE)]
    assert 0 < len(waiting.history()) < 30  # what still reads, shown meanwhile
    assert path.read_bytes() == damaged and aside_files(tmp_path) == []
    waiting.close()


def test_a_lock_file_that_cannot_be_written_still_holds_the_salvage(tmp_path, monkeypatch):
    # made once by another user (a kiosk's service run as root): opened to write it
    # failed, and the window salvaged without waiting
    import builtins

    from game.store.file_locks import waited_lock

    lock = tmp_path / "lock"
    lock.touch()
    real_open = builtins.open

    def no_writing(file, mode="r", *args, **kwargs):
        if str(file) == str(lock) and mode != "rb":
            raise PermissionError(13, "Permission denied")
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", no_writing)
    with waited_lock(lock, 0.2) as first, waited_lock(lock, 0.2) as second:
        assert first and not second
    with waited_lock(tmp_path / "none" / "lock", 0.2) as nowhere:
        assert nowhere  # no lock to be had at all: nobody to wait for


def test_a_salvage_killed_as_it_swaps_the_files_leaves_a_records_file(tmp_path, monkeypatch):
    # the damaged file renamed away, then killed before the new one came: the next start
    # found no records file, made an empty one and said nothing
    import os

    path = tmp_path / FILE_NAME
    _damaged_file(path, 30)

    class Killed(BaseException):
        pass

    real_link = os.link

    def linked_then_killed(source, target):
        real_link(source, target)
        raise Killed

    with monkeypatch.context() as m:
        m.setattr(os, "link", linked_then_killed)
        with pytest.raises(Killed):
            open_database(path)
    assert path.exists()
    reopened = Records.open(path)
    assert SALVAGED in [p.kind for p in reopened.problems]
    assert 0 < len(reopened.history()) < 30
    reopened.close()


def test_a_salvage_leaves_another_process_s_mended_copy_alone(tmp_path):
    # one name for every process's copy: a command's salvage wrote over and removed the
    # copy a window was reading, and the window kept thousands of rows fewer
    path = tmp_path / FILE_NAME
    _cut_file(path, 60)
    others = [tmp_path / (FILE_NAME + MENDED_COPY), tmp_path / f"{FILE_NAME}.1{MENDED_COPY}"]
    for other in others:
        other.write_bytes(b"another process's copy")
    reopened = Records.open(path, to_write=False)
    assert 0 < len(reopened.history()) < 60
    assert [other.read_bytes() for other in others] == [b"another process's copy"] * 2
    reopened.close()


def test_a_game_ended_in_the_window_that_has_the_damaged_file_open_is_kept(tmp_path):
    # a window opening the damaged file while another has it open leaves it to that one
    # (see test_a_damaged_file_another_window_has_open_is_left_to_be_mended_later): the
    # game that window ends is kept, in the file it mends
    path = tmp_path / FILE_NAME
    records = _saved_games(path, 30)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.close()
    other = Records.open(path)
    game, facts = random_game("pyramid52", deal=100, moves=1, end=False), GameFacts()
    assert other.save_game(game, facts)
    other.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    scribble_over_the_page_of(path, b'"deal":5,')
    game.play("resign")
    waiting = Records.open(path)
    assert waiting.path is None and [p.kind for p in waiting.problems] == [IN_MEMORY]
    assert other.save_game(game, facts)
    for records in (waiting, other):
        records.close()
    again = Records.open(path)
    assert [(row.deal, row.outcome) for row in again.history() if row.deal == 100] == [
        (100, "resigned")
    ]
    again.close()


def test_a_window_that_waited_in_memory_takes_the_file_once_it_is_mended(tmp_path, monkeypatch):
    # it kept its records in memory the whole session, though the other window was done
    # within seconds, and its games were lost when it closed
    from game.store.database import SALVAGE_LOCK

    path = tmp_path / FILE_NAME
    _damaged_file(path, 30)
    monkeypatch.setattr("game.store.database.SALVAGE_PATIENCE_S", 0.2)
    with _held_elsewhere(path.with_name(FILE_NAME + SALVAGE_LOCK)):
        waiting = Records.open(path)
        game, facts = random_game("pyramid52", deal=100, moves=2, end=False), GameFacts()
        waiting.save_game(game, facts)  # the other still at it: kept in memory
        assert waiting.path is None
    Records.open(path).close()  # the other window's salvage, done
    game.play(next(iter(game.legal_moves)))
    assert waiting.save_game(game, facts)
    assert waiting.path == path
    waiting.close()
    again = Records.open(path)
    assert [row.moves for row in again.history() if row.deal == 100] == [3]
    again.close()


def test_a_window_that_waited_on_a_salvage_never_finished_salvages_the_file_itself(
    tmp_path, monkeypatch
):
    # the other window died before it was done: the file, still damaged, was checked
    # through at every save and the records stayed in memory
    from game.store.database import SALVAGE_LOCK

    path = tmp_path / FILE_NAME
    _damaged_file(path, 30)
    monkeypatch.setattr("game.store.database.SALVAGE_PATIENCE_S", 0.2)
    with _held_elsewhere(path.with_name(FILE_NAME + SALVAGE_LOCK)):
        waiting = Records.open(path)
    assert waiting.path is None  # the other window dies here, its salvage undone
    game, facts = random_game("pyramid52", deal=100, moves=2, end=False), GameFacts()
    assert waiting.save_game(game, facts)
    assert waiting.path == path and SALVAGED in [p.kind for p in waiting.problems]
    waiting.problems_told()
    waiting.close()
    again = Records.open(path)
    assert again.problems == [] and [r.moves for r in again.history() if r.deal == 100] == [2]
    again.close()


def _games_only_in_the_log(folder, count=3):
    """A records file as a crash leaves it: `count` games in its write-ahead log, none
    folded into the file yet (copied while the game had it open)."""
    import shutil

    live = folder / "live"
    live.mkdir()
    records = Records.open(live / FILE_NAME)
    for deal in range(count):
        records.save_game(random_game("pyramid36", deal=deal, moves=4), GameFacts())
    for suffix in ("", "-wal", "-shm"):
        shutil.copyfile(live / (FILE_NAME + suffix), folder / (FILE_NAME + suffix))
    records.close()
    assert (folder / (FILE_NAME + "-wal")).stat().st_size > 0
    return folder / FILE_NAME


@pytest.mark.parametrize("damage", [b"\0" * 16, b"SQLite "], ids=["header-zeroed", "cut-short"])
def test_a_file_whose_header_is_damaged_is_read_with_its_log(tmp_path, damage):
    # the log holds the newest copy of the first page: SQLite reads the file whole
    # with it, and a check of the header alone set it aside, every game with it
    path = _games_only_in_the_log(tmp_path)
    data = path.read_bytes()
    path.write_bytes(damage + data[len(damage) :] if len(damage) == 16 else damage)
    records = Records.open(path)
    assert records.problems == [] and len(records.history()) == 3
    records.close()
    assert Records.open(path).problems == []  # and the file is whole again


@pytest.mark.parametrize("empty", [b"", b"\0"], ids=["empty", "one-byte"])
def test_an_empty_file_beside_a_log_of_games_is_set_aside_with_it_and_said(tmp_path, empty):
    # SQLite takes an empty file (or one of a byte) for a new one and deletes the log
    # beside it: the games in it went, unsaid
    path = _games_only_in_the_log(tmp_path)
    log = (tmp_path / (FILE_NAME + "-wal")).read_bytes()
    path.write_bytes(empty)
    records = Records.open(path)
    assert SET_ASIDE in [p.kind for p in records.problems]
    (aside_log,) = [
        p for p in tmp_path.iterdir() if ".broken-" in p.name and p.name.endswith("-wal")
    ]
    assert aside_log.read_bytes() == log  # kept whole, for whoever can read it
    records.close()


def test_an_empty_file_alone_is_a_new_one_not_a_damaged_one(tmp_path):
    # a first start killed as it made the file leaves it empty: the next start said it
    # was damaged, set it aside and announced it
    path = tmp_path / FILE_NAME
    path.write_bytes(b"")
    records = Records.open(path)
    assert records.problems == [] and records.path == path
    assert aside_files(tmp_path) == []
    records.close()


def test_a_log_without_its_file_is_set_aside_and_said(tmp_path):
    # SQLite made an empty file and deleted the log, every game in it, unsaid; a
    # command that lists did so too
    path = _games_only_in_the_log(tmp_path)
    log = (tmp_path / (FILE_NAME + "-wal")).read_bytes()
    path.unlink()
    listed = Records.open(path, to_write=False)
    assert [p.kind for p in listed.problems] == [DAMAGED_LEFT]
    assert not path.exists() and (tmp_path / (FILE_NAME + "-wal")).read_bytes() == log
    records = Records.open(path)
    (problem,) = records.problems
    assert problem.kind == LOG_SET_ASIDE  # said as a damaged file, where there was none
    assert (tmp_path / problem.detail).read_bytes() == log
    said = record_notice(problem)
    assert said.startswith("The records file was missing, but its journal was there")
    assert problem.detail in said
    records.close()


def test_a_command_that_lists_makes_no_records_file(tmp_path):
    path = tmp_path / FILE_NAME
    records = Records.open(path, to_write=False)
    assert records.history() == [] and records.problems == []
    assert list(tmp_path.iterdir()) == []


def test_a_header_lost_beside_a_log_without_the_first_page_keeps_both(tmp_path):
    # SQLite read the header from the file, failed, and deleted the log as it closed;
    # and the salvage gave up on a header with no page size
    path = tmp_path / "live" / FILE_NAME
    path.parent.mkdir()
    records = Records.open(path)
    for deal in range(30):
        records.save_game(random_game("pyramid36", deal=deal, moves=4), GameFacts())
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.save_game(random_game("pyramid36", deal=99, moves=4), GameFacts())
    import shutil

    for suffix in ("", "-wal", "-shm"):
        shutil.copyfile(path.with_name(FILE_NAME + suffix), tmp_path / (FILE_NAME + suffix))
    records.close()
    copy = tmp_path / FILE_NAME
    log = copy.with_name(FILE_NAME + "-wal").read_bytes()
    data = copy.read_bytes()
    copy.write_bytes(b"\0" * 100 + data[100:])
    mended = Records.open(copy)
    kinds = [p.kind for p in mended.problems]
    assert SET_ASIDE in kinds and SALVAGED in kinds
    assert len(mended.history()) == 30  # all the file held; the last is in its log
    (aside_log,) = [
        p for p in tmp_path.iterdir() if ".broken-" in p.name and p.name.endswith("-wal")
    ]
    assert aside_log.read_bytes() == log
    mended.close()


def test_a_damaged_file_another_window_has_open_is_left_to_be_mended_later(tmp_path):
    # set aside under the other window, the file's index was deleted by its name (the
    # new file's) as that window let go of it: both wrote one file through two
    # indexes, games were lost and ids given twice
    import subprocess
    import sys

    from game.store.database import OPEN_ELSEWHERE

    path = tmp_path / FILE_NAME
    records = Records.open(path)
    for deal in range(40):
        records.save_game(random_game("pyramid52", deal=deal, moves=15), GameFacts(seconds=30))
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    ruin_the_games_root(records.conn, path)
    records.close()
    holder = subprocess.Popen(  # another window: its connection open, idle
        [
            sys.executable,
            "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]);"
            " c.execute('PRAGMA user_version').fetchone(); print('open', flush=True);"
            " sys.stdin.read()",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "open\n"
        here = Records.open(path)
        assert [(p.kind, p.detail) for p in here.problems] == [(IN_MEMORY, OPEN_ELSEWHERE)]
        assert here.path is None and aside_files(tmp_path) == []
        here.close()
    finally:
        holder.communicate("", timeout=30)
    mended = Records.open(path)  # none has it open now: mended
    assert [p.kind for p in mended.problems][:1] == [SET_ASIDE] and mended.path == path
    mended.close()


def test_a_killed_salvage_s_files_are_removed_at_a_later_start(tmp_path):
    # a salvage killed (a window closed, a service's timeout) left a file as large as
    # the records (22 MB) that only another salvage would remove
    import os

    path = tmp_path / FILE_NAME
    saved_one_game(path)
    old = time.time() - 2 * 3600
    left = [tmp_path / f"{FILE_NAME}.4242.rebuilding", tmp_path / f"{FILE_NAME}.4242.mended-copy"]
    fresh = tmp_path / f"{FILE_NAME}.4343.rebuilding"  # another window's, at work
    for file in (*left, fresh):
        file.write_bytes(b"x" * 4096)
    for file in left:
        os.utime(file, (old, old))
    Records.open(path).close()
    assert [f.exists() for f in left] == [False, False] and fresh.exists()
    assert len(Records.open(path, to_write=False).history()) == 1


def test_a_file_set_aside_is_said_at_the_next_start_until_the_player_is_told(tmp_path):
    # a salvage killed after the file was set aside, before the menu showed: the next
    # start found a healthy file and said nothing of the damage nor of the rows lost
    path = tmp_path / FILE_NAME
    _damaged_file(path, 30)
    salvaging = Records.open(path)
    said = [(p.kind, p.detail, p.numbers) for p in salvaging.problems]
    assert [kind for kind, _, _ in said] == [SET_ASIDE, SALVAGED]
    salvaging.close()  # as if killed: nothing told
    again = Records.open(path)
    assert [(p.kind, p.detail, p.numbers) for p in again.problems] == said
    again.problems_told()
    again.close()
    assert Records.open(path).problems == []


def test_a_salvage_leaves_out_a_row_whose_time_is_no_number(tmp_path):
    # a damaged page may read as a row whose time is infinite: copied, it was a game
    # kept whose every read failed
    from game.store.salvage import salvage

    path = tmp_path / FILE_NAME
    records = Records.open(path)
    for deal in (3, 4):
        records.save_game(random_game("pyramid52", deal, 15), GameFacts(seconds=20))
    records.close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE games SET seconds = 9e999 WHERE deal = 4")
    conn.commit()
    conn.close()
    fresh = Records.memory()
    assert salvage(path, fresh.conn)["games"] == 1
    assert [row.deal for row in fresh.history()] == [3]


def test_a_file_cut_just_past_its_games_root_keeps_its_games(tmp_path):
    # the games table's root the file's last page left: the table is whole there (two
    # games fit on it), and read, though every index and table after it was cut off
    path = tmp_path / FILE_NAME
    records = _saved_games(path, 2)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (root,) = records.conn.execute(
        "SELECT rootpage FROM sqlite_master WHERE name = 'games'"
    ).fetchone()
    records.close()
    path.write_bytes(path.read_bytes()[: root * 4096])
    reopened = Records.open(path)
    assert [p.kind for p in reopened.problems] == [SET_ASIDE, SALVAGED]
    assert sorted(row.deal for row in reopened.history()) == [0, 1]
    reopened.close()


def test_a_file_set_aside_takes_no_name_whose_log_is_there(tmp_path, monkeypatch):
    # a lone log set aside in the same second holds the name's "-wal": the damaged
    # file's own log, set aside under that name, replaced it (set aside is never deleted)
    from game.store import aside

    monkeypatch.setattr(aside.time, "strftime", lambda _format: "20261207-101500")
    path = tmp_path / FILE_NAME
    (tmp_path / f"{FILE_NAME}.broken-20261207-101500-wal").write_bytes(b"a lone log")
    name = aside.aside_name_for(path)
    assert name == f"{FILE_NAME}.broken-20261207-101500-2"


def test_a_window_that_waits_in_memory_keeps_its_games_while_the_other_salvages(
    tmp_path, monkeypatch
):
    # each save opened the file again while the other window was still at it: the
    # records held in memory were closed, and the games saved so far lost with them
    from game.store.database import SALVAGE_LOCK

    path = tmp_path / FILE_NAME
    _damaged_file(path, 30)
    monkeypatch.setattr("game.store.database.SALVAGE_PATIENCE_S", 0.05)
    with _held_elsewhere(path.with_name(FILE_NAME + SALVAGE_LOCK)):
        waiting = Records.open(path)
        shown = len(waiting.history())  # what reads of the damaged file, in memory
        for deal in (100, 101):
            assert waiting.save_game(random_game("pyramid52", deal, 3), GameFacts())
        assert waiting.path is None
        deals = [row.deal for row in waiting.history()]
        assert len(deals) == shown + 2 and {100, 101} <= set(deals)
        waiting.close()
