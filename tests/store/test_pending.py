"""Writes that failed (a full disk, a card gone read-only) are made again once they can
be: a game that ended while its saves failed had no move left to be saved by."""

import pytest

from game.store import GameFacts
from game.store.pending import PendingWrites
from game.store.saved import FREE
from game.store.scores import TableKey
from tests.store.helpers import random_game, won_game


def writes_fail(records, failing: bool) -> None:
    """The file refuses every write, as a card gone read-only does, or takes them again."""
    records.conn.execute(f"PRAGMA query_only = {int(failing)}")


def test_a_game_that_ends_while_saves_fail_is_saved_with_its_place_once_they_work(records):
    game, facts = won_game(), GameFacts(seconds=40.0)
    moves = [str(m) for m in game.moves]
    while game.moves:
        game.undo()
    game.play(moves[0])
    assert records.save_game(game, facts)  # the first move saved
    writes_fail(records, True)
    for move in moves[1:]:
        game.redo() if game.can_redo else game.play(move)
        assert not records.save_game(game, facts)
    assert game.won
    assert records.add_game_score(game, facts, "WIN") is None
    assert not records.set_initials("WIN")
    assert records.pending and not records.retry_pending()  # still refused
    writes_fail(records, False)
    assert records.retry_pending() and not records.pending
    (row,) = records.history()
    assert row.outcome == "won" and row.moves == len(moves)
    (entry,) = records.top(TableKey.of(FREE, "pyramid52", {"passes": 1}))
    assert entry.initials == "WIN" and entry.game_id == facts.record_id
    assert records.initials == "WIN"


def test_a_later_save_makes_the_failed_ones_first(records):
    first, facts = random_game("egyptian", deal=3, moves=5), GameFacts()
    writes_fail(records, True)
    assert not records.save_game(first, facts) and facts.record_id is None
    writes_fail(records, False)
    second = random_game("egyptian", deal=4, moves=2, end=False)
    assert records.save_game(second, GameFacts())
    assert not records.pending
    rows = {row.deal: row for row in records.history()}
    assert rows[3].outcome == "resigned" and rows[4].outcome is None


def test_a_place_no_table_takes_any_more_is_not_tried_for_ever(records):
    game, facts = won_game(), GameFacts(seconds=40.0)
    assert records.save_game(game, facts)
    writes_fail(records, True)
    assert records.add_game_score(game, facts, "WIN") is None and records.pending
    facts.mark_assisted("hint")  # the place is no longer the game's (as the records see it)
    writes_fail(records, False)
    assert records.save_game(game, facts)
    assert not records.pending and records.top(TableKey.of(FREE, "pyramid52", {"passes": 1})) == []


def test_pending_writes_are_made_in_the_order_they_first_failed_up_to_one_failing():
    made: list[str] = []
    outcome = {"a": True, "b": False, "c": True}
    pending = PendingWrites()
    for key in ("a", "b", "c", "a"):  # a again: still first
        pending.failed(key, lambda key=key: made.append(key) or outcome[key])
    assert len(pending) == 3
    assert not pending.retry() and made == ["a", "b"] and len(pending) == 2
    outcome["b"] = True
    assert pending.retry() and made == ["a", "b", "b", "c"] and not pending


def test_a_write_made_again_that_retries_itself_does_not_loop():
    pending = PendingWrites()
    calls = []

    def write() -> bool:
        calls.append(1)
        return pending.retry()  # as a save does, retrying what failed first

    pending.failed("save", write)
    assert not pending.retry() and len(calls) == 1


def test_a_game_left_since_is_not_written_over_nor_its_hold_moved(records, tmp_path):
    # window 1's save of A failed; it left A for C; window 2 gave A up; the retry wrote
    # A back "in play", and took A's hold from C, which window 2 could then open too
    from game.store import Records
    from game.store.database import FILE_NAME

    a, a_facts = random_game("egyptian", deal=5, moves=3, end=False), GameFacts()
    c, c_facts = random_game("egyptian", deal=6, moves=3, end=False), GameFacts()
    assert records.save_game(a, a_facts) and records.save_game(c, c_facts)
    records.hold(a_facts.record_id)
    writes_fail(records, True)
    a.play(next(iter(a.legal_moves)))
    assert not records.save_game(a, a_facts)
    writes_fail(records, False)
    records.hold(c_facts.record_id)  # C continued here: A let go
    other = Records.open(tmp_path / FILE_NAME)
    try:
        other.give_up_left("egyptian", dict(a.options))
        assert other.game(a_facts.record_id).outcome == "resigned"
        assert records.retry_pending() and not records.pending
        assert records.game(a_facts.record_id).outcome == "resigned"  # not "in play" again
        assert other.holds.held_elsewhere(c_facts.record_id)  # C still this window's
    finally:
        other.close()


def test_a_place_waits_for_its_game_s_end_to_be_saved(records):
    # the end's save failed, the disk had room again, and the initials came before the
    # retry: the table held a game the records had "in play"
    game, facts = won_game(), GameFacts(seconds=40.0)
    game.undo()
    assert records.save_game(game, facts)
    game.redo()
    writes_fail(records, True)
    assert not records.save_game(game, facts)
    writes_fail(records, False)
    assert records.add_game_score(game, facts, "WIN") == 1  # the end saved first
    assert records.game(facts.record_id).outcome == "won" and not records.pending


def given_up_as_writes_fail(records):
    """An Egyptian game saved, then given up while every write fails: its end waits."""
    game, facts = random_game("egyptian", deal=5, moves=3, end=False), GameFacts()
    assert records.save_game(game, facts)
    writes_fail(records, True)
    game.play("resign")
    assert not records.save_game(game, facts)
    return facts


def test_a_game_whose_end_waits_is_not_offered_to_continue(records):
    # given up on a full disk, it stood in this window's Continue, and continued, its
    # end was undone once the disk had room
    facts = given_up_as_writes_fail(records)
    records.release(facts.record_id, finished=True)  # the table left
    assert records.unfinished() is None
    assert records.holds.holding(facts.record_id)  # nor by another window
    writes_fail(records, False)
    assert records.retry_pending()
    assert records.game(facts.record_id).outcome == "resigned"
    assert not records.holds.holding(facts.record_id)


def test_the_writes_left_are_tried_once_more_as_the_game_closes(tmp_path, caplog):
    from game.store import Records
    from game.store.database import FILE_NAME

    records = Records.open(tmp_path / FILE_NAME)
    game, facts = won_game(), GameFacts(seconds=40.0)
    writes_fail(records, True)
    assert not records.save_game(game, facts)
    assert not records.set_initials("WIN")
    writes_fail(records, False)
    records.close()
    again = Records.open(tmp_path / FILE_NAME)
    try:
        (row,) = again.history()
        assert row.outcome == "won" and again.initials == "WIN"
    finally:
        again.close()
    records = Records.open(tmp_path / "other.sqlite3")
    writes_fail(records, True)
    records.save_game(won_game(), GameFacts())
    with caplog.at_level("WARNING", logger="game.store.records"):
        records.close()
    assert "not saved, at the close: game (new)'s end" in caplog.text


def test_a_deal_left_untouched_while_saves_failed_is_not_saved_once_they_work(records):
    # a kiosk's deal saved at the deal (a verdict kept) as the disk failed: forgotten when
    # the passer-by left, its save waited and wrote an untouched row "in play" for good
    from game.rules import Game

    for saved_first in (False, True):
        game, facts = Game("pyramid52", deal=8), GameFacts(mode=FREE)
        if saved_first:
            assert records.save_game(game, facts)  # a save that then fails is an update
        writes_fail(records, True)
        assert not records.save_game(game, facts) and records.pending
        if saved_first:
            writes_fail(records, False)  # the disk back before the passer-by left
        records.forget_unplayed(game, facts)
        writes_fail(records, False)
        assert records.retry_pending() and not records.pending
        assert records.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
        assert facts.record_id is None


def test_a_game_whose_end_was_saved_late_is_let_go_as_its_table_leaves_it(records):
    # the end's save failed, then was made again before the table left the game: still
    # taken for an end waiting, the game stayed held, its file kept, until the window shut
    facts = given_up_as_writes_fail(records)
    writes_fail(records, False)
    assert records.retry_pending() and records.game(facts.record_id).outcome == "resigned"
    records.release(facts.record_id, finished=True)
    assert not records.holds.holding(facts.record_id)
    assert not (records.path.parent / "open-games" / str(facts.record_id)).exists()


def test_a_deal_played_and_taken_back_while_saves_failed_is_saved_once_they_work(records):
    # README: a move made, even if taken back, is a game played; left so, it is no
    # untouched deal to forget, and the save that waits for it is made
    from game.rules import Game

    game, facts = Game("pyramid52", deal=8), GameFacts(mode=FREE)
    writes_fail(records, True)
    game.play("st>w")
    assert not records.save_game(game, facts)
    game.undo()
    assert not records.save_game(game, facts)
    records.forget_unplayed(game, facts)
    assert records.pending
    writes_fail(records, False)
    assert records.retry_pending()
    (row,) = records.history()
    assert row.deal == 8 and row.undos == 1


def test_a_day_s_deal_left_untouched_while_saves_failed_is_saved_once_they_work(records):
    # only a free deal left untouched is forgotten: the day's deal is kept as dealt
    from game.rules import Game
    from game.store.saved import DAILY

    game, facts = Game("pyramid52", deal=20261207), GameFacts(mode=DAILY)
    writes_fail(records, True)
    assert not records.save_game(game, facts)
    records.forget_unplayed(game, facts)
    assert records.pending
    writes_fail(records, False)
    assert records.retry_pending()
    rows = records.conn.execute("SELECT deal, mode FROM games").fetchall()
    assert [tuple(r) for r in rows] == [(20261207, DAILY)]


def test_initials_typed_again_are_not_written_over_by_older_ones_that_waited(records):
    # the first initials' write failed behind another write that still fails (its turn
    # comes first, and a retry stops there); the new initials were then stored, and the
    # next retry put the old ones back
    records.pending.failed("earlier", lambda: False, "a write that keeps failing")
    writes_fail(records, True)
    assert not records.set_initials("OLD")
    writes_fail(records, False)
    assert records.set_initials("NEW") and records.initials == "NEW"
    records.pending.done("earlier")
    assert records.retry_pending()
    assert records.initials == "NEW"


@pytest.mark.parametrize("disk_back", [True, False])
def test_a_win_whose_end_waits_is_not_given_up_by_a_new_game_of_its_table(records, disk_back):
    # won on a full disk, the results left; Play of the same table then gave the game up
    # as "left in play" (the file's row still was): the win was written over as a loss
    game, facts = won_game(), GameFacts(seconds=40.0)
    game.undo()
    assert records.save_game(game, facts)
    game.redo()
    writes_fail(records, True)
    assert not records.save_game(game, facts)
    records.release(facts.record_id, finished=True)
    writes_fail(records, not disk_back)
    options = dict(game.options)
    assert not records.left_in_play("pyramid52", options)
    records.give_up_left("pyramid52", options)
    writes_fail(records, False)
    assert records.retry_pending()
    assert records.game(facts.record_id).outcome == "won"


def test_a_write_made_by_an_earlier_one_in_the_same_retry_is_not_made_twice():
    # a game saved again also writes what another key kept (its row's place): made
    # twice, a place went into its table twice
    pending = PendingWrites()
    made: list[str] = []

    def first() -> bool:
        made.append("first")
        pending.done("second")  # it wrote the second's part too
        return True

    pending.failed("first", first)
    pending.failed("second", lambda: made.append("second") or True)
    assert pending.retry() and not pending
    assert made == ["first"]
