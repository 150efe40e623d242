"""What README says of the records, pinned where nothing else pinned it: the order of
the arcade's table, a run's sums, a place told as it is kept, a game entered once, the
day turning at local midnight, hand-edited entries left out, a salvage that keeps every
row still readable. Each test names the line it holds the game to."""

import json
import time
from datetime import UTC, date, datetime

import pytest

from game.ladder import Ladder, Level, LevelResult, progress
from game.rules import Game
from game.store import DAILY, FREE, Figures, GameFacts, Records, TableKey
from game.store.daily import daily_deal, today_deal
from game.store.saved import ARCADE, canonical_options, to_saved_replay
from game.store.scores import ScoreTables
from tests.store.helpers import random_game, won_entry_with_its_table_lost, won_game

LADDER = Ladder("test", {"en": "Test"}, 2, (Level("pyramid52", {"passes": 1}),) * 3)


def figures_alone(tables: ScoreTables) -> ScoreTables:
    """As tests/store/test_scores.py's: rows taken at their figures, no replay run."""
    tables._unproven = lambda key, entry, replay_text: None  # type: ignore[method-assign]
    return tables


# README, Arcade: "enters the arcade's high-score table by levels cleared,
# then fewest points left in all its games, then fewest cards, then time"
def test_the_arcade_table_ranks_more_levels_cleared_first():
    records = Records.memory()
    tables = figures_alone(records.scores)
    key = TableKey(ARCADE, "test", "{}")
    for initials, levels, points in (("ONE", 1, 0), ("TWO", 2, 80)):
        records.conn.execute(
            """INSERT INTO scores (board, ruleset, options, initials, levels, remaining_cards,
            remaining_points, seconds, moves, replay, created_at)
            VALUES ('arcade', 'test', '{}', ?, ?, 5, ?, 10.0, 50, '{}', '')""",
            (initials, levels, points),
        )
    # two levels with 80 points left beat one level with none
    assert [e.initials for e in tables.top(key)] == ["TWO", "ONE"]
    # and the place a run is told agrees: three levels go first, whatever their points
    assert tables.position(key, Figures(200, 30, 999.0, 400, levels=3)) == 1
    assert tables.position(key, Figures(10, 0, 1.0, 1, levels=1)) == 3


# README, Arcade: "...then fewest points left in all its games, then fewest cards"
def test_a_run_adds_up_its_cards_left_as_it_adds_up_its_points():
    def result(won, points=5, cards=2):
        return LevelResult(won, 0 if won else points, 0 if won else cards, 10.0, 7)

    state = progress(LADDER, [result(True), result(False, 9, 3), result(False, 4, 1)])
    assert (state.points, state.cards, state.seconds, state.moves) == (13, 4, 30.0, 21)


# score_keeping/scores.add: "a game is in a table once" (README: a place missed is
# entered once; another window may have entered it meanwhile)
def test_a_day_s_game_enters_its_table_once(records):
    game, facts = won_game(), GameFacts(mode=DAILY, seconds=80.0)
    records.save_game(game, facts)
    assert records.add_game_score(game, facts, "ONE") == 1
    # another window enters the same game's place (enter_missed_scores), or it is made again
    assert records.add_game_score(game, facts, "TWO") is None
    key = TableKey.of(DAILY, "pyramid52", game.options)
    assert [e.initials for e in records.scores.top(key)] == ["ONE"]


# README: "one whose replay does not prove its points, cards, moves or deal (the
# records file edited by hand) is left out, and the menu says so"
def test_an_entry_whose_deal_was_edited_is_left_out_and_said(records):
    game, facts = won_game(), GameFacts(seconds=50.0)
    records.save_game(game, facts)
    assert records.add_game_score(game, facts, "ABC") == 1
    records.conn.execute("UPDATE scores SET deal = 9")
    said: list[str] = []
    records.scores.on_damaged = said.append
    assert records.scores.top(TableKey.of(FREE, "pyramid52", game.options)) == []
    assert said == ["score 1 is damaged: its figures are not its replay's"]


# README (Help, Undo and the high-score tables): only a game that ended enters;
# a row put in by hand with the replay of a game still in play is not proved by it
def test_an_entry_whose_replay_is_of_a_game_in_play_is_left_out(records):
    game = random_game("pyramid52", 3, 4, end=False)
    assert not game.over
    score = game.score
    records.conn.execute(
        """INSERT INTO scores (board, ruleset, options, deal, initials, remaining_cards,
        remaining_points, seconds, moves, replay, created_at)
        VALUES ('free', 'pyramid52', ?, 3, 'GOD', ?, ?, 1.0, ?, ?, '2026-12-05')""",
        (
            canonical_options(game.options),
            score.remaining_cards,
            score.remaining_points,
            game.moves_made,
            json.dumps(to_saved_replay(game, GameFacts())),
        ),
    )
    said: list[str] = []
    records.scores.on_damaged = said.append
    assert records.scores.top(TableKey.of(FREE, "pyramid52", game.options)) == []
    assert said and "not over" in said[0]


# README: "A table ranks the fewest points left, then the fewest cards, then the
# time, then the moves": the place a game is told (results, initials) counts its time
def test_the_place_a_finished_game_is_told_counts_its_time(records):
    figures_alone(records.scores)
    game = won_game()
    key = TableKey.of(FREE, "pyramid52", game.options)
    records.conn.execute(
        """INSERT INTO scores (board, ruleset, options, deal, initials, remaining_cards,
        remaining_points, seconds, moves, replay, created_at)
        VALUES ('free', 'pyramid52', ?, 99, 'OLD', 0, 0, 50.0, ?, '{}', '')""",
        (key.options, game.moves_made),
    )
    assert records.entry_position(game, GameFacts(seconds=60.0)) == 2
    assert records.entry_position(game, GameFacts(seconds=40.0)) == 1


# README (Command line / windows): a game on another window's initials scene keeps
# its place for that window's letters; a window started meanwhile does not take it
def test_a_game_another_window_asks_initials_for_is_no_missed_place(records, monkeypatch):
    game, facts = won_game(), GameFacts(seconds=30.0)
    records.save_game(game, facts)
    monkeypatch.setattr(records.holds, "held_elsewhere", lambda record_id: True)
    assert records.enter_missed_scores(None, "AAA") == []
    assert not records.scores.has_entry(game_id=facts.record_id)


# README, Starting a game: the deal of the day is "the date, YYYYMMDD, by the
# computer's own clock: it turns at local midnight"
def test_the_day_s_deal_turns_at_local_midnight(monkeypatch):
    utc_day = datetime.now(UTC).date()
    try:
        for zone in ("Etc/GMT-14", "Etc/GMT+12"):  # UTC+14, UTC-12: one is another day
            monkeypatch.setenv("TZ", zone)
            time.tzset()
            if date.today() != utc_day:
                break
        assert date.today() != utc_day
        assert today_deal() == daily_deal(date.today())
    finally:
        monkeypatch.undo()
        time.tzset()


# GameLog.daily's contract: "the day's daily game ...: the first one started"
def test_the_day_s_game_is_the_first_one_started(records):
    day = daily_deal(date(2026, 12, 6))
    first = random_game("pyramid36", day, 3)
    records.save_game(first, facts := GameFacts(mode=DAILY))
    records.save_game(random_game("pyramid36", day, 5, seed=1), GameFacts(mode=DAILY))
    row = records.daily("pyramid36", first.options, day)
    assert row is not None and row.id == facts.record_id


# GameLog.save: "finished_at keeps the first end" (a place is dated by its game's
# end: README, a missed place "is entered ... dated by the game's end")
def test_a_finished_game_saved_again_keeps_its_first_end(records):
    game, facts = won_game(), GameFacts(seconds=30.0)
    records.save_game(game, facts)
    ended = records.game(facts.record_id).finished_at
    time.sleep(0.01)
    facts.seconds = 31.0  # the results' autosave, 30 s later
    records.save_game(game, facts)
    assert records.game(facts.record_id).finished_at == ended


# README: "Each ruleset keeps a table for each set of its options"; saved.py:
# "the same choice gives the same text" (files of earlier versions hold it sorted)
def test_options_key_a_table_whatever_their_order():
    options = {"cards": 32, "piles": 10, "passes": 1, "to_piles": False}
    backwards = dict(reversed(list(options.items())))
    assert canonical_options(options) == canonical_options(backwards)
    assert canonical_options(options) == json.dumps(options, sort_keys=True, separators=(",", ":"))


# README: a salvaged file's tables are "made again from the games kept (once,
# behind "Mending the high-score tables…")"; a kiosk asks for missed places each time it
# goes back to its show, and a kiosk's 200,000 games take 0.5 s to read for it
def test_a_salvaged_file_s_tables_are_mended_once_a_session(tmp_path, monkeypatch):

    from game.store.database import FILE_NAME

    records = won_entry_with_its_table_lost(tmp_path / FILE_NAME)
    try:
        assert records.salvaged
        read = []
        best_finished = records.games.best_finished
        monkeypatch.setattr(
            records.games, "best_finished", lambda n: read.append(n) or best_finished(n)
        )
        assert len(records.enter_missed_scores(LADDER, "AAA")) == 1
        assert records.enter_missed_scores(LADDER, "AAA") == []
        assert len(read) == 1 and not records.tables_to_mend
    finally:
        records.close()


# README: "The rows of a damaged records file that still read are kept"


@pytest.mark.parametrize("damage", [b'"deal":5,', b'"deal":30,', b'"deal":77,'])
def test_every_game_row_that_still_reads_alone_is_kept(tmp_path, damage):
    import shutil
    import sqlite3

    from game.store.database import FILE_NAME
    from tests.store.test_database import _saved_games, scribble_over_the_page_of

    path = tmp_path / FILE_NAME
    records = _saved_games(path, 120)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.close()
    scribble_over_the_page_of(path, damage)
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(path, copy)
    readable = set()
    conn = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
    for rowid in range(1, 121):
        try:
            row = conn.execute(
                "SELECT deal, replay FROM games WHERE rowid = ?", (rowid,)
            ).fetchone()
            if row is not None and isinstance(json.loads(row[1]), dict):
                readable.add(row[0])
        except (sqlite3.DatabaseError, ValueError):
            pass
    conn.close()
    reopened = Records.open(path)
    try:
        assert {row.deal for row in reopened.history()} == readable
    finally:
        reopened.close()


# GameLog.history: "a deal left before its first move ...: its row stays (a hint
# asked there keeps the deal out of the tables)"; here its save had failed (a full disk)
def test_a_deal_left_untouched_after_a_hint_keeps_the_save_that_waits(records):
    game, facts = Game("pyramid52", deal=9), GameFacts(mode=FREE, hints=1)
    facts.mark_assisted("hint")
    records.conn.execute("PRAGMA query_only = 1")  # as tests/store/test_pending.py's writes_fail
    assert not records.save_game(game, facts) and records.pending
    records.forget_unplayed(game, facts)
    records.conn.execute("PRAGMA query_only = 0")
    assert records.retry_pending()
    rows = records.conn.execute("SELECT hints, assisted FROM games").fetchall()
    assert [tuple(r) for r in rows] == [(1, 1)]
