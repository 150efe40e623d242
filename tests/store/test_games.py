"""Every game is a row; autosave keeps the exact position with its undo and redo history."""

import json
import shutil
import sqlite3
from functools import reduce
from operator import add

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Game
from game.store import DAILY, FREE, RULES_MISSING, GameFacts, Problem, Records
from tests.store.helpers import random_game, ruin_the_games_root, won_game


def test_a_game_round_trips_with_every_fact(records):
    game = random_game("nechego", deal=77, moves=25, end=False)
    game.undo()
    game.undo()
    game.redo()
    facts = GameFacts(mode=DAILY, seconds=93.25, hints=2, assisted=True, fortune=True)
    row_id = records.save_game(game, facts) and facts.record_id
    row = records.games.get(row_id)
    assert (row.ruleset, row.deal, row.mode) == ("nechego", 77, DAILY)
    assert row.options == game.options
    assert (row.moves, row.undos, row.hints) == (len(game.moves), 2, 2)
    assert row.assisted and row.fortune and not row.fortune_replayed
    assert row.seconds == 93.25 and row.outcome is None and row.finished_at is None
    assert (row.remaining_cards, row.remaining_points) == tuple(game.score)
    assert row.replay["moves"] == [str(m) for m in game.moves]
    assert row.replay["result"]["remaining_points"] == game.score.remaining_points
    assert row.replay["meta"]["hints"] == 2


def test_a_fortune_seen_by_undo_is_continued_so(records):
    from game.store.saved import restore

    game = random_game("sbudetsya", deal=7, moves=5, end=False)
    facts = GameFacts(fortune=True, fortune_replayed=True, seen_by_undo=True)
    records.save_game(game, facts)
    _game, again = restore(records.games.get(facts.record_id).replay)
    assert again.fortune_replayed and again.seen_by_undo  # the results' reason kept


# the last: 88 s of the 60 Hz clock, 5,280 steps of 1/60 s added one by one as the table
# adds them (87.99999999999629; sum() of Python 3.12 adds with compensation)
@pytest.mark.parametrize("seconds", [67.9996, 59.99999, 67.999, reduce(add, [1 / 60] * 5280)])
def test_a_game_s_time_is_kept_as_the_results_show_it(records, seconds):
    # 67.9996 s kept as 68.0: the results said 1:07, the records and `history` 1:08
    from game.i18n import clock_text

    game = random_game("pyramid52", deal=5, moves=10)
    facts = GameFacts(seconds=seconds)
    records.save_game(game, facts)
    row = records.games.get(facts.record_id)
    assert clock_text(row.seconds) == clock_text(seconds)
    assert clock_text(row.replay["meta"]["seconds"]) == clock_text(seconds)
    assert seconds - row.seconds < 0.001


def test_resuming_gives_the_same_position_undo_and_redo(records):
    game = random_game("egyptian", deal=5, moves=40, end=False)
    for _ in range(3):
        game.undo()
    records.save_game(game, GameFacts(seconds=12.0))
    resumed, facts = records.resume(records.unfinished())
    assert resumed.moves == game.moves
    assert resumed.state == game.state
    assert resumed.undo_count == game.undo_count == 3
    assert [a.move for a in resumed.undone] == [a.move for a in game.undone]
    assert resumed.redo().move == game.redo().move  # redo still works after a restart
    assert resumed.undo() is not None  # and so does undo, through the replayed moves
    assert facts.seconds == 12.0 and facts.record_id is not None


@settings(max_examples=25, deadline=None)
@given(
    ruleset=st.sampled_from(["egyptian", "devils-bridge", "sbudetsya", "pyramid36", "pyramid52"]),
    deal=st.integers(0, 10**6),
    plan=st.lists(st.sampled_from(["play", "play", "play", "undo", "redo"]), max_size=60),
    seed=st.integers(0, 1000),
)
def test_any_history_resumes_exactly(ruleset, deal, plan, seed):
    import random

    records = Records.memory()
    game, rng, facts = Game(ruleset, deal=deal), random.Random(seed), GameFacts()
    for step in plan:
        if step == "play" and not game.over:
            game.play(rng.choice(list(game.legal_moves)))
        elif step == "undo":
            game.undo()
        elif step == "redo":
            game.redo()
        records.save_game(game, facts)
    if facts.record_id is None:
        return
    resumed, _facts = records.resume(records.games.get(facts.record_id))
    assert resumed.state == game.state
    assert resumed.moves == game.moves and resumed.undo_count == game.undo_count
    assert [a.move for a in resumed.undone] == [a.move for a in game.undone]


def test_continue_offers_the_last_game_left_in_play(records):
    first = random_game("pyramid52", deal=1, moves=3, end=False)
    second = random_game("pyramid36", deal=2, moves=3, end=False)
    untouched = Game("egyptian", deal=3)
    f1, f2 = GameFacts(), GameFacts()
    records.save_game(first, f1)
    records.save_game(second, f2)
    records.save_game(untouched, GameFacts())  # no move made: nothing to continue
    assert records.unfinished().id == f2.record_id
    second.play("resign")
    records.save_game(second, f2)
    assert records.unfinished().id == f1.record_id


def test_an_undo_after_the_end_reopens_the_game(records):
    game, facts = won_game(), GameFacts()
    records.save_game(game, facts)
    ended = records.games.get(facts.record_id)
    assert ended.outcome == "won" and ended.finished_at
    game.undo()
    records.save_game(game, facts)
    assert records.games.get(facts.record_id).finished_at is None
    assert records.unfinished().id == facts.record_id


def test_history_lists_the_newest_first_and_filters_by_ruleset(records):
    for deal in range(3):
        records.save_game(random_game("pyramid36", deal, 5), GameFacts())
        records.save_game(random_game("egyptian", deal, 5), GameFacts())
    rows = records.history()
    assert [r.id for r in rows] == sorted((r.id for r in rows), reverse=True)
    assert {r.ruleset for r in records.history("egyptian")} == {"egyptian"}
    assert len(records.history("egyptian", limit=2)) == 2


def test_a_deal_left_before_its_first_move_is_not_listed_but_kept(records):
    # a hint, then New deal: the row stood "in play" in the history for ever
    from game.rules import Game

    left = Game("pyramid36", deal=4)
    facts = GameFacts()
    facts.mark_assisted("hint")
    records.save_game(left, facts)
    played = random_game("pyramid36", 5, 0)  # given up at once: a game that ended
    records.save_game(played, GameFacts())
    assert [r.deal for r in records.history()] == [5]
    assert records.deal_assisted_before(Game("pyramid36", deal=4))  # still known
    taken_back = random_game("pyramid36", 6, 3, end=False)
    while taken_back.undo():
        pass
    records.save_game(taken_back, GameFacts())  # played, every move taken back: listed
    assert [r.deal for r in records.history()] == [6, 5]


def test_recent_points_are_the_last_thirty_finished_oldest_first(records):
    expected = []
    for deal in range(35):
        game = random_game("pyramid36", deal, moves=deal % 7)
        records.save_game(game, GameFacts())
        expected.append(game.score.remaining_points)
    records.save_game(random_game("pyramid36", 99, 4, end=False), GameFacts())  # in play
    assert records.recent_points("pyramid36") == expected[-30:]
    assert records.recent_points("egyptian") == []


def test_a_deal_played_before_is_known_by_its_cards(records):
    game, facts = random_game("sbudetsya", deal=12, moves=2, end=False), GameFacts()
    records.save_game(game, facts)
    again = Game("sbudetsya", deal=12)
    assert records.deal_played_before(again)
    assert not records.deal_played_before(again, except_id=facts.record_id)  # itself
    # a second pass deals the same cards: a fortune told is not told again by it
    assert records.deal_played_before(Game("sbudetsya", {"passes": 2}, deal=12))
    assert not records.deal_played_before(Game("sbudetsya", deal=13))


def test_the_daily_game_is_the_first_of_the_day(records):
    day = 20261130
    first, later = GameFacts(mode=DAILY), GameFacts(mode=FREE)
    records.save_game(random_game("pyramid52", day, 3), first)
    records.save_game(random_game("pyramid52", day, 5), later)
    options = Game("pyramid52", deal=0).options
    assert records.daily("pyramid52", options, day).id == first.record_id
    assert records.daily("pyramid52", options, day + 1) is None
    assert records.daily("pyramid52", {"passes": 3}, day) is None


class CommitFails:
    """A connection whose COMMIT fails, as on a full disk; all else goes through."""

    def __init__(self, conn):
        self.conn = conn

    def execute(self, sql, *args):
        if sql == "COMMIT":
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)

    @property
    def in_transaction(self):
        return self.conn.in_transaction


def test_a_commit_that_fails_is_rolled_back_and_the_game_stays_new(records):
    game = random_game("egyptian", deal=5, moves=10, end=False)
    facts = GameFacts()
    real = records.games.conn
    records.games.conn = CommitFails(real)
    assert not records.save_game(game, facts)
    assert facts.record_id is None and not real.in_transaction
    assert [p.kind for p in records.problems] == ["save_failed"]
    records.games.conn = real  # room again: the next save stores the whole game
    assert records.save_game(game, facts) and facts.record_id is not None
    assert records.games.get(facts.record_id).moves == 10


def test_a_game_left_while_its_saves_fail_is_continued_from_its_last_move(records):
    # the disk full, three moves unsaved, the table left and Continue pressed: the game
    # came back from the file, three moves short, "where you left off", and the moves
    # were never written once the disk had room again
    game = random_game("pyramid52", deal=5, moves=10, seed=4, end=False)
    facts = GameFacts()
    assert records.save_game(game, facts)
    real = records.games.conn
    records.games.conn = CommitFails(real)
    game.play(next(iter(game.legal_moves)))
    assert not records.save_game(game, facts)
    records.release(facts.record_id)  # back to the menu
    row = records.unfinished()
    # offered as this window played it: "10 moves" where Continue went on at 11
    assert row is not None and row.id == facts.record_id and row.moves == 11
    assert records.hold(row.id)  # as the menu's Continue does
    resumed, resumed_facts = records.resume(row)
    assert len(resumed.moves) == 11 and resumed_facts is facts
    # room made before Continue is pressed: the game is written, and goes on from there
    records.games.conn = real
    assert records.hold(row.id)
    resumed, _facts = records.resume(row)  # the row read while the disk was full
    assert len(resumed.moves) == 11
    assert records.games.get(facts.record_id).moves == 11
    records.games.conn = CommitFails(real)
    resumed.play(next(iter(resumed.legal_moves)))
    assert not records.save_game(resumed, facts)
    records.release(facts.record_id)
    # room again: the game, still this window's, is written at the next save
    records.games.conn = real
    assert records.retry_pending()
    assert records.games.get(facts.record_id).moves == 12
    assert records.resume(records.unfinished())[0] is not resumed  # read from the file now


def test_a_damaged_row_is_reported_not_a_crash(records):
    game = random_game("egyptian", deal=5, moves=10, end=False)
    facts = GameFacts()
    records.save_game(game, facts)
    with records.conn:
        records.conn.execute(
            "UPDATE games SET replay = '{not json' WHERE id = ?", (facts.record_id,)
        )
    assert records.history() == []
    assert any("damaged" in p.detail for p in records.problems)


def test_help_had_on_a_deal_is_known_by_its_cards(records):
    game, helped = random_game("sbudetsya", deal=12, moves=2, end=False), GameFacts(assisted=True)
    records.save_game(game, helped)
    records.save_game(random_game("sbudetsya", deal=13, moves=2, end=False), GameFacts())
    again = Game("sbudetsya", deal=12)
    assert records.deal_assisted_before(again)
    assert not records.deal_assisted_before(again, except_id=helped.record_id)  # itself
    # another number of passes deals the same cards: the help carries over (a hint in one
    # pass, then the daily game of three passes, entered the table)
    assert records.deal_assisted_before(Game("sbudetsya", {"passes": 2}, deal=12))
    assert not records.deal_assisted_before(Game("sbudetsya", deal=13))  # played, no help


def test_a_move_said_to_make_a_lost_deal_s_best_worse_is_help_for_the_next_of_its_deal(
    records,
):
    # given up, dealt again: the move avoided by the solver's word, unmarked, and the
    # best line walked a move a game
    from game.store.saved import LinePosition

    game = random_game("pyramid52", deal=3, moves=2, end=False)
    worse = LinePosition.of(tuple(str(m) for m in game.moves))
    game.play("resign")
    records.save_game(game, GameFacts(worse_position=worse))
    assert records.deal_help_before(Game("pyramid52", deal=3)) == "told-before"


def test_a_verdict_that_turned_in_one_game_is_help_for_the_next_of_its_deal(records):
    # "No win possible" after a move, then the deal dealt again: the move avoided, by the
    # solver's word; unless a fortune kept that word unsaid (its wish counting)
    from game.store.saved import VerdictFlip

    for deal, fortune, replayed in ((16, False, False), (17, True, False), (18, True, True)):
        game = random_game("sbudetsya", deal=deal, moves=2, end=False)
        flip = VerdictFlip.of(0, [str(m) for m in game.moves])
        facts = GameFacts(flip=flip, fortune=fortune, fortune_replayed=replayed)
        records.save_game(game, facts)
    assert records.deal_help_before(Game("sbudetsya", deal=16)) == "told-before"
    assert not records.deal_assisted_before(Game("sbudetsya", deal=17))
    assert records.deal_help_before(Game("sbudetsya", deal=18)) == "told-before"  # it was said
    # help of the solver's own ranks first, as it says more
    records.save_game(
        random_game("sbudetsya", deal=16, moves=1, end=False), GameFacts(hints=1, assisted=True)
    )
    assert records.deal_help_before(Game("sbudetsya", deal=16)) == "before"


def test_a_seen_stock_card_put_back_is_no_help_of_the_solver_s_for_the_deal(records):
    # the next game of the deal said "played with the solver's help before"
    # (an arcade level's deal practised in another game neither: it said so, falsely)
    from game.store.saved import BY_HINT, BY_PRACTISED, BY_SEEN_STOCK

    for deal, by in ((14, BY_SEEN_STOCK), (15, BY_HINT), (17, BY_PRACTISED)):
        facts = GameFacts()
        facts.mark_assisted(by)
        records.save_game(random_game("sbudetsya", deal=deal, moves=2, end=False), facts)
    assert not records.deal_assisted_before(Game("sbudetsya", deal=14))
    assert records.deal_assisted_before(Game("sbudetsya", deal=15))
    assert not records.deal_assisted_before(Game("sbudetsya", deal=17))
    records.save_game(random_game("nechego", 12, 2, end=False), GameFacts(assisted=True))
    assert not records.deal_assisted_before(Game("nechego", {"cards": 32}, deal=12))  # others


def test_a_day_s_deal_played_in_another_game_at_any_time_is_practised(records):
    daily = random_game("pyramid36", 20261202, 3, end=False)
    facts = GameFacts(mode=DAILY)
    records.save_game(daily, facts)
    assert not records.practised(daily, facts)
    unplayed = Game("pyramid36", deal=20261202)
    records.save_game(unplayed, GameFacts())  # dealt, no move: not played
    assert not records.practised(daily, facts)
    # its number typed while the daily game waited, and played: it knew the cards
    later = random_game("pyramid36", 20261202, 2, end=False)
    records.save_game(later, GameFacts())
    assert records.practised(daily, facts)
    assert not records.practised(later, GameFacts())  # a free game is never "practised"


@pytest.mark.parametrize("back", ["undo", "restart"])
def test_a_deal_played_and_taken_back_to_its_deal_was_played_before(records, back):
    # played as a free game, its stock seen, undone to the deal: it counted no moves,
    # and the day's game of the deal entered its table at place 1, unmarked
    free = random_game("pyramid36", 20261202, 3, end=False)
    if back == "undo":
        while free.undo():
            pass
    else:
        free.restart()
    assert free.moves_made == 0 and free.undo_count > 0
    records.save_game(free, GameFacts())
    daily = Game("pyramid36", deal=20261202)
    assert records.deal_played_before(daily)
    assert records.practised(daily, GameFacts(mode=DAILY))


@pytest.mark.parametrize(
    "seconds",
    [
        float("inf"),
        float("nan"),
        -5,
        "abc",
        True,
        None,
        pytest.param(10**400, id="400-digits"),
        1e308,
    ],
)
def test_a_saved_game_s_time_that_is_no_time_reads_as_none(seconds):
    # JSON as Python reads it takes Infinity, NaN and a whole number of 400 digits: Continue
    # crashed on them, every time (1e308 at the first save, a thousand times it no float)
    import json

    from game.rules import Game
    from game.store.saved import played_seconds, restore

    replay = json.loads(json.dumps({**Game("pyramid52", deal=1).to_replay(), "meta": {}}))
    replay["meta"]["seconds"] = seconds
    assert played_seconds(replay) == 0.0
    _game, facts = restore(replay)
    assert facts.seconds == 0.0
    replay["meta"]["seconds"] = 61.5
    assert played_seconds(replay) == 61.5


@pytest.mark.parametrize("key", ["undos", "hints"])
def test_a_count_too_large_for_the_records_reads_as_none_and_the_game_saves(records, key):
    # a damaged row's 2**63 was read, and the table's first save closed the game: SQLite
    # keeps no such integer, and its OverflowError is no sqlite3.Error the records catch
    from game.store.saved import restore, to_saved_replay

    game = random_game("pyramid52", deal=8, moves=2, end=False)
    replay = json.loads(json.dumps(to_saved_replay(game, GameFacts(hints=1))))
    replay["meta"][key] = 2**63
    resumed, facts = restore(replay)
    assert (resumed.undo_count, facts.hints) == (0, 1 if key == "undos" else 0)
    records.save_game(resumed, facts)
    assert records.unfinished() is not None


def test_why_a_game_is_assisted_and_its_verdict_s_turn_are_kept(records):
    from game.store.saved import VerdictFlip

    game = random_game("pyramid52", deal=8, moves=4, end=False)
    moves = [str(m) for m in game.moves]
    facts = GameFacts()
    facts.mark_assisted("demo")
    facts.mark_assisted("hint")  # the first help is the one said
    facts.flip = VerdictFlip.of(1, moves[:3])
    records.save_game(game, facts)
    _game, kept = records.resume(records.games.get(facts.record_id))
    assert kept.assisted and kept.assisted_by == "demo"
    assert kept.flip == facts.flip and kept.flip.applies(moves)


@pytest.mark.parametrize(
    "flip",
    [
        None,
        [],
        {"won": 3, "lost": 2, "line": "ab"},
        {"won": 2, "lost": 2, "line": "ab"},  # said won and lost after the same move
        {"won": -1, "lost": 2, "line": "ab"},
        {"won": 0, "lost": True, "line": "ab"},
        {"won": 0, "lost": 2, "line": 5},
        "flip",
    ],
)
def test_a_damaged_verdict_turn_is_left_out(flip):
    from game.store.saved import restore

    replay = {**Game("pyramid52", deal=1).to_replay(), "meta": {"flip": flip, "assisted_by": 7}}
    game, facts = restore(replay)
    assert facts.flip is None and facts.assisted_by == "" and game.moves == []


def _two_games_in_play(records):
    ids = []
    for deal in (1, 2):
        facts = GameFacts()
        records.save_game(random_game("pyramid52", deal, 3, end=False), facts)
        ids.append(facts.record_id)
    return ids  # the second is the latest


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("replay", "{broken"),
        ("replay", "null"),  # JSON, but no replay: the menu crashed at every start
        ("options", "["),
        ("seconds", "abc"),
        ("seconds", float("inf")),
        ("moves", "x"),
    ],
)
def test_a_damaged_game_row_is_passed_over_and_the_others_stay(records, column, value):
    older, latest = _two_games_in_play(records)
    records.conn.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, latest))
    # the whole history and Continue vanished for one damaged row (and "seconds" crashed
    # the menu), with a notice that a save had failed
    assert [row.id for row in records.history()] == [older]
    assert records.unfinished().id == older
    # the history skipped a row; Continue lost a game the player left, and says so
    assert [p.kind for p in records.problems] == ["read_failed", "unfinished_damaged"]
    assert records.save_game(random_game("pyramid52", 3, 2, end=False), GameFacts())
    records.conn.execute("PRAGMA query_only = ON")
    assert not records.save_game(random_game("pyramid52", 4, 2, end=False), GameFacts())
    # a failed save is still said: the reads' notices did not use it up
    kinds = [p.kind for p in records.problems]
    assert kinds == ["read_failed", "unfinished_damaged", "save_failed"]


def test_an_unfinished_game_that_cannot_be_read_is_said_to_be_lost_to_continue(records):
    # "Some records could not be read: they are skipped" was all the menu said when the
    # game left in play vanished from Continue
    from game.notices import record_notice

    older, latest = _two_games_in_play(records)
    records.conn.execute("UPDATE games SET replay = '{broken' WHERE id = ?", (latest,))
    assert records.unfinished().id == older
    assert [p.kind for p in records.problems] == ["unfinished_damaged"]
    said = record_notice(records.problems[0])
    assert "unfinished game" in said and "cannot be continued" in said


def test_a_game_that_cannot_go_on_is_not_offered_to_continue(records):
    older, latest = _two_games_in_play(records)
    row = records.games.get(latest)
    gone = {**row.replay, "ruleset": "gone"}
    records.conn.execute("UPDATE games SET replay = ? WHERE id = ?", (json.dumps(gone), latest))
    # offered at every start, and hid the older game that can go on
    assert records.unfinished().id == older
    assert [p.kind for p in records.problems] == ["cannot_continue"]
    assert latest in [r.id for r in records.history()]  # it stays in the history


@pytest.mark.parametrize(("damaged", "kept"), [(3, 2), (2, 1)])
def test_a_game_with_a_damaged_move_continues_from_the_move_before(records, damaged, kept):
    # one bad move made the whole game impossible to continue, its good moves with it
    from game.notices import record_notice
    from game.store.saved import restore

    _older, latest = _two_games_in_play(records)
    row = records.games.get(latest)
    moves = [*row.replay["moves"]]
    moves[damaged - 1] = "p1.1+p7.2"  # covered: never legal at the deal
    bad = {**row.replay, "moves": moves}
    records.conn.execute("UPDATE games SET replay = ? WHERE id = ?", (json.dumps(bad), latest))
    offered = records.unfinished()
    assert offered.id == latest and offered.replay["moves"] == moves[:kept]
    game, _facts = restore(offered.replay, offered.id)
    assert [str(m) for m in game.moves] == moves[:kept]
    # as the Continue panel says it: "5 moves" was said of a game continued at 2
    assert offered.moves == kept
    assert (offered.remaining_cards, offered.remaining_points) == (
        game.score.remaining_cards,
        game.score.remaining_points,
    )
    (problem,) = records.problems
    assert problem.kind == "cut_short" and problem.numbers == (damaged,)
    assert record_notice(problem) == (
        f"An unfinished game's record is damaged from move {damaged} on:"
        " Continue takes it up from the move before."
    )


def test_a_game_cut_short_is_given_up_as_continue_offers_it(records):
    # Play gave up the game left in play, yet the damaged one came back in Continue
    _two_games_in_play(records)
    for row in records.history():
        bad = {**row.replay, "moves": [*row.replay["moves"][:2], "p1.1+p7.2"]}
        records.conn.execute("UPDATE games SET replay = ? WHERE id = ?", (json.dumps(bad), row.id))
    row = records.unfinished()
    records.give_up_left(row.ruleset, row.options)
    assert records.unfinished() is None
    assert [(r.outcome, r.moves) for r in records.history()] == [
        ("resigned", 2)
    ] * 2  # the two good moves


def test_a_game_damaged_at_its_first_move_is_not_offered(records):
    older, latest = _two_games_in_play(records)
    row = records.games.get(latest)
    bad = {**row.replay, "moves": ["p1.1+p7.2", *row.replay["moves"][1:]]}
    records.conn.execute("UPDATE games SET replay = ? WHERE id = ?", (json.dumps(bad), latest))
    assert records.unfinished().id == older
    assert [p.kind for p in records.problems] == ["cannot_continue"]


def test_a_game_whose_rules_file_is_left_out_is_not_said_to_be_damaged(records):
    # a broken egyptian.toml: "its record is damaged", while the record was fine
    older, latest = _two_games_in_play(records)
    row = records.games.get(latest)
    gone = json.dumps({**row.replay, "ruleset": "zzz"})
    records.conn.execute(
        "UPDATE games SET replay = ?, ruleset = 'zzz' WHERE id = ?", (gone, latest)
    )
    assert records.unfinished().id == older
    assert records.problems == [Problem(RULES_MISSING, "zzz")]


def test_the_same_deal_is_the_same_position_in_any_ruleset(records):
    # one shuffle of the 36 cards for every ruleset, and Сбудется is От нечего делать with
    # its defaults: the nechego daily played with the Demo, then the sbudetsya daily of
    # the same number, is the same deal twice
    day = 20261130
    records.save_game(
        random_game("nechego", day, 2, end=False), GameFacts(mode=DAILY, assisted=True)
    )
    daily, facts = random_game("sbudetsya", day, 2, end=False), GameFacts(mode=DAILY)
    records.save_game(daily, facts)
    assert records.deal_assisted_before(daily, facts.record_id)
    assert records.practised(daily, facts)
    assert records.deal_assisted_before(Game("nechego", {"passes": 2}, deal=day))
    # the same cards laid out otherwise are another deal
    assert not records.deal_assisted_before(Game("pyramid36", deal=day))
    assert not records.deal_assisted_before(Game("nechego", {"piles": 10}, deal=day))
    records.save_game(random_game("egyptian", 3, 2, end=False), GameFacts(assisted=True))
    assert records.deal_assisted_before(Game("egyptian-old", deal=3))
    assert records.deal_assisted_before(Game("egyptian", {"draw": 3}, deal=3))
    assert Game("egyptian", deal=3).deck[0][0] != "A"
    assert not records.deal_assisted_before(Game("egyptian", {"base": "A"}, deal=3))
    assert not records.deal_assisted_before(Game("devils-bridge", deal=3))
    # another kind of deck is other cards, though its number is the same
    assert not records.deal_assisted_before(Game("nechego", {"cards": 32}, deal=day))
    assert not records.deal_assisted_before(Game("pyramid52", deal=3))


def test_each_patience_has_its_own_deal_of_the_day(records):
    # one number for every ruleset's daily (the spec): once the same cards counted as
    # practised in any layout, the first daily played took four of seven out of their tables
    day = 20261203
    records.save_game(random_game("egyptian", day, 5, end=False), GameFacts(mode=DAILY))
    records.save_game(random_game("nechego", day, 5, end=False), GameFacts(mode=DAILY))
    for ruleset in ("devils-bridge", "pyramid36"):
        daily, facts = Game(ruleset, deal=day), GameFacts(mode=DAILY)
        records.save_game(daily, facts)
        assert not records.practised(daily, facts), ruleset
    # laid out alike, it is the same deal again
    for ruleset in ("egyptian-old", "sbudetsya"):
        daily, facts = Game(ruleset, deal=day), GameFacts(mode=DAILY)
        records.save_game(daily, facts)
        assert records.practised(daily, facts), ruleset


def test_a_fortune_cannot_be_told_again_through_another_ruleset(records):
    records.save_game(random_game("nechego", 41, 3, end=False), GameFacts())
    assert records.deal_played_before(Game("sbudetsya", deal=41))
    assert not records.deal_played_before(Game("sbudetsya", deal=42))


def test_a_given_deck_is_known_by_its_cards_and_layout(records):
    deck = Game("sbudetsya", deal=7).deck
    records.save_game(Game("nechego", deck=deck), GameFacts(assisted=True))
    assert records.deal_assisted_before(Game("sbudetsya", deck=deck))
    assert records.deal_assisted_before(Game("sbudetsya", deal=7))  # its shuffle
    assert not records.deal_assisted_before(Game("pyramid36", deck=deck))
    assert not records.deal_assisted_before(Game("sbudetsya", deck=deck[1:] + deck[:1]))


def test_a_damaged_options_column_says_nothing_of_any_cards(records):
    facts = GameFacts(assisted=True)
    records.save_game(random_game("pyramid52", 5, 2, end=False), facts)
    records.conn.execute("UPDATE games SET options = '[1]' WHERE id = ?", (facts.record_id,))
    assert not records.deal_assisted_before(Game("pyramid52", deal=5))  # it crashed


def _remove_files(folder):
    for leftover in folder.iterdir():
        if leftover.is_file():  # the records file and its journal; not the open games
            leftover.unlink()


@pytest.mark.parametrize("removed", [_remove_files, shutil.rmtree])
def test_a_records_file_removed_while_the_game_runs_is_made_anew(tmp_path, removed):
    # SQLite went on writing to the deleted file: every later game was lost at the next
    # start. Its folder removed with it (the whole home cleared), the game went on in
    # memory, lost the session at quit, and said both that nothing could be saved and
    # that a new file was started
    from game.store import REMOVED

    path = tmp_path / "data" / "records.sqlite3"
    path.parent.mkdir()
    records = Records.open(path)
    game = random_game("pyramid52", deal=3, moves=3, end=False)
    facts = GameFacts()
    records.save_game(game, facts)
    removed(path.parent)
    game.play(next(iter(game.legal_moves)))
    assert records.save_game(game, facts)
    assert path.exists() and [p.kind for p in records.problems] == [REMOVED]
    records.close()
    again = Records.open(path)
    (row,) = again.history()
    assert row.moves == len(game.moves) and row.id == facts.record_id
    again.close()


def test_recent_points_of_one_set_of_options_leave_the_others_out(records):
    # the results' chart put a game with three passes beside games with one
    one_pass = Game("pyramid52", {"passes": 1}, deal=1)
    three = Game("pyramid52", {"passes": 3}, deal=2)
    for game in (one_pass, three):
        game.play("resign")
        records.save_game(game, GameFacts())
    points = [one_pass.score.remaining_points, three.score.remaining_points]
    assert records.recent_points("pyramid52") == points
    assert records.recent_points("pyramid52", options={"passes": 3}) == points[1:]
    assert records.recent_points("pyramid52", options=one_pass.options) == points[:1]
    assert records.recent_points("pyramid52", options={"passes": 2}) == []


def test_the_solver_s_help_after_a_seen_stock_card_stays_with_the_deal(records):
    # the first help alone was kept, and a seen stock card's is no help of the solver's:
    # a hint after it was forgotten, and a free game of the deal entered the table
    from game.store.saved import BY_HINT, BY_PRACTISED, BY_SEEN_STOCK

    for deal, first in ((16, BY_SEEN_STOCK), (18, BY_PRACTISED)):
        facts = GameFacts()
        facts.mark_assisted(first)
        facts.mark_assisted(BY_HINT)
        facts.mark_assisted(first)
        assert facts.assisted_by == BY_HINT
        records.save_game(random_game("sbudetsya", deal=deal, moves=2, end=False), facts)
        assert records.deal_assisted_before(Game("sbudetsya", deal=deal))


def test_a_move_s_autosave_is_not_synced_to_the_disk_and_a_game_s_end_is(records):
    # a sync at every move, undo and redo took 2 to 3 ms of the frame (more on a slow
    # disk); a game's end, which enters the tables, is still synced
    said: list[str] = []
    records.conn.set_trace_callback(said.append)
    game, facts = Game("pyramid52", deal=8), GameFacts()
    game.play("p7.2+p7.5")
    records.save_game(game, facts)
    assert "PRAGMA synchronous = NORMAL" in said
    assert said.index("PRAGMA synchronous = NORMAL") < said.index("BEGIN IMMEDIATE")
    assert said[-1] == "PRAGMA synchronous = FULL"  # and as it was after it
    said.clear()
    game.play("resign")
    records.save_game(game, facts)
    assert "BEGIN IMMEDIATE" in said and not any("synchronous" in s for s in said)
    assert records.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_without_the_write_ahead_log_every_autosave_is_synced(tmp_path):
    # unsynced, a rollback journal can leave the file damaged by a power cut
    from game.store.database import FILE_NAME

    records = Records.open(tmp_path / FILE_NAME)
    records.conn.execute("PRAGMA journal_mode = DELETE")
    said: list[str] = []
    records.conn.set_trace_callback(said.append)
    game = Game("pyramid52", deal=8)
    game.play("p7.2+p7.5")
    records.save_game(game, GameFacts())
    assert "BEGIN IMMEDIATE" in said and not any("synchronous" in s for s in said)
    records.close()


def test_the_demo_s_help_is_said_over_a_hint_s():
    # one hint, then the demo played the other 1,192 moves: the results, the replay and
    # verify said "a hint" alone
    from game.store.saved import BY_DEMO, BY_HINT, BY_TAKING_BACK

    hint_then_demo, demo_then_hint, back_then_demo = GameFacts(), GameFacts(), GameFacts()
    for facts, helps in (
        (hint_then_demo, (BY_HINT, BY_DEMO)),
        (demo_then_hint, (BY_DEMO, BY_HINT)),
        (back_then_demo, (BY_TAKING_BACK, BY_DEMO)),
    ):
        for by in helps:
            facts.mark_assisted(by)
    assert hint_then_demo.assisted_by == BY_DEMO
    assert demo_then_hint.assisted_by == BY_DEMO
    assert back_then_demo.assisted_by == BY_TAKING_BACK  # the first help said, as before


def test_a_records_file_put_in_its_place_while_the_game_runs_takes_the_next_save(tmp_path):
    # another window set the file aside as damaged and made a fresh one (or a backup was
    # put back): this one went on saving, "saved", into the file set aside
    path = tmp_path / "records.sqlite3"
    records = Records.open(path)
    game = random_game("pyramid52", deal=3, moves=3, end=False)
    facts = GameFacts()
    records.save_game(game, facts)
    path.rename(tmp_path / "records.sqlite3.broken-20261205-120000")
    Records.open(path).close()  # the other window's fresh file
    game.play(next(iter(game.legal_moves)))
    assert records.save_game(game, facts)
    assert records.problems == []  # whoever put it there said so
    records.close()
    again = Records.open(path)
    (row,) = again.history()
    assert row.moves == len(game.moves)
    again.close()


class FullDisk:
    """A file on a disk with room for `room` characters: the rest raises ENOSPC."""

    def __init__(self, file, room: int = 100) -> None:
        self.file, self.room = file, room

    def write(self, text: str) -> int:
        import errno

        self.file.write(text[: self.room])
        self.file.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def fileno(self) -> int:
        return self.file.fileno()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.file.close()


def test_an_export_cut_short_by_a_full_disk_leaves_no_file(tmp_path, monkeypatch):
    # 100 bytes of a replay stayed under a name like any other export's
    from pathlib import Path

    from game.store.saved import write_export

    replay = won_game().to_replay(result=True)
    real_open = Path.open
    monkeypatch.setattr(Path, "open", lambda self, *a, **k: FullDisk(real_open(self, *a, **k)))
    with pytest.raises(OSError):
        write_export(tmp_path, "pyramid52-8", replay)
    assert list(tmp_path.iterdir()) == []


def test_a_history_export_cut_short_by_a_full_disk_leaves_no_file(tmp_path, monkeypatch):
    from pathlib import Path

    from game.cli_records import _write

    real_open = Path.open
    monkeypatch.setattr(Path, "open", lambda self, *a, **k: FullDisk(real_open(self, *a, **k)))
    target = tmp_path / "out.json"
    with pytest.raises(OSError, match="No space left"):  # not bad input: status 1
        _write(str(target), "x" * 1000)
    assert list(tmp_path.iterdir()) == []  # nor what was written of it aside


def test_two_windows_on_a_file_that_goes_bad_keep_both_games_apart(tmp_path):
    # one window met the damage and salvaged the file; the other, saving next, found
    # its game's id taken in the new file by the first one's game and wrote over it,
    # half one game and half the other; and closing the file it had, it deleted the
    # new file's write-ahead log (SQLite names the log by the file's name)
    path = tmp_path / "records.sqlite3"
    first, second = Records.open(path), Records.open(path)
    pyramid, pyramid_facts = random_game("pyramid52", 100, 3, end=False), GameFacts()
    fortune, fortune_facts = random_game("sbudetsya", 200, 3, end=False), GameFacts(fortune=True)
    assert first.save_game(pyramid, pyramid_facts) and pyramid_facts.record_id == 1
    assert second.save_game(fortune, fortune_facts) and fortune_facts.record_id == 2
    first.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    ruin_the_games_root(first.conn, path)
    for records in (first, second):
        records.conn.execute("PRAGMA cache_size = 0")
    fortune.play(next(iter(fortune.legal_moves)))
    # the other window has the file open: not set aside under it, this one waits in
    # memory (set aside under it, the file's index went as that window let go of it,
    # and the two wrote one file through two indexes)
    assert second.save_game(fortune, fortune_facts) and second.path is None
    pyramid.play(next(iter(pyramid.legal_moves)))
    assert first.save_game(pyramid, pyramid_facts)  # none has it open now: mended
    fortune.play(next(iter(fortune.legal_moves)))
    assert second.save_game(fortune, fortune_facts)  # still in memory, as it said
    assert second.path is None and first.path == path
    first.problems_told()
    for records in (first, second):
        records.close()
    again = Records.open(path)
    assert again.problems == []
    (row,) = again.history()  # the first's game whole, none of the other's over it
    assert row.id == pyramid_facts.record_id and row.ruleset == "pyramid52"
    assert row.moves == len(pyramid.moves)
    again.close()


def test_a_history_export_to_a_device_that_fails_leaves_the_device(tmp_path):
    # a write to /dev/full through a link: the link was deleted as if it were a file
    # cut short
    from game.cli_records import _write

    link = tmp_path / "link-to-full"
    link.symlink_to("/dev/full")
    with pytest.raises(OSError, match="No space left"):  # not bad input: status 1
        _write(str(link), "x" * 100_000)
    assert link.is_symlink()


def test_two_windows_on_a_file_deleted_under_them_keep_both_games(tmp_path):
    # the second window to find the file gone folded its journal, which the first one's
    # new file was using by then (SQLite names it by the file's name), into the file
    # deleted: the first window's game, finished and "saved", was lost
    path = tmp_path / "records.sqlite3"
    first, second = Records.open(path), Records.open(path)
    one, one_facts = random_game("pyramid52", 10, 3, end=False), GameFacts()
    two, two_facts = random_game("pyramid52", 20, 3, end=False), GameFacts()
    assert first.save_game(one, one_facts) and second.save_game(two, two_facts)
    path.unlink()  # by hand: its journal stays
    one.play("resign")
    assert first.save_game(one, one_facts)
    two.play(next(iter(two.legal_moves)))
    assert second.save_game(two, two_facts)
    for records in (first, second):
        records.close()
    again = Records.open(path)
    assert sorted((row.deal, row.outcome) for row in again.history()) == [
        (10, "resigned"),
        (20, None),
    ]
    again.close()


def test_only_a_free_deal_left_untouched_without_help_is_forgotten(records):
    kept = []
    for facts, moves in (
        (GameFacts(mode=FREE, hints=1), 0),  # a hint asked at the deal: kept out of tables
        (GameFacts(mode=DAILY), 0),  # the day's deal, kept from its deal on
        (GameFacts(mode=FREE), 1),  # a game played
    ):
        game = Game("pyramid52", deal=8)
        for _ in range(moves):
            game.play(next(iter(game.legal_moves)))
        records.save_game(game, facts)
        records.forget_unplayed(game, facts)
        kept.append(facts.record_id)
    untouched = GameFacts(mode=FREE)
    records.save_game(Game("pyramid52", deal=9), untouched)
    gone = untouched.record_id
    records.forget_unplayed(Game("pyramid52", deal=9), untouched)
    assert untouched.record_id is None and records.games.get(gone) is None
    assert all(records.games.get(record_id) is not None for record_id in kept)


def test_each_patience_s_options_played_last_are_known_past_a_damaged_row(records):
    from game.store import ARCADE

    for ruleset, options, mode in [
        ("pyramid52", {"passes": 3}, FREE),
        ("pyramid52", {"passes": 1}, ARCADE),  # the ladder chose them: not the player
        ("egyptian", {"draw": 3, "base": "K"}, FREE),
        ("pyramid36", {"passes": 3}, DAILY),
    ]:
        records.save_game(Game(ruleset, options, deal=5), GameFacts(mode=mode))
    assert records.latest_options() == {
        "pyramid52": {"passes": 3},
        "egyptian": {"draw": 3, "base": "K"},
        "pyramid36": {"passes": 3},
    }
    records.conn.execute("UPDATE games SET options = '{broken' WHERE ruleset = 'egyptian'")
    assert set(records.latest_options()) == {"pyramid52", "pyramid36"}


def test_a_kiosk_start_gives_up_only_free_games_left(records):
    # give_up_every_left (a kiosk's games cut short by a power cut): a desktop player's
    # day's deal and arcade level, left in play on the same records, are not given up
    from game.ladder import load_ladder
    from game.store.saved import ARCADE

    free, free_facts = random_game("egyptian", deal=5, moves=3, end=False), GameFacts()
    daily, daily_facts = (
        random_game("egyptian", deal=20261207, moves=3, end=False),
        GameFacts(mode=DAILY),
    )
    run = records.start_run(load_ladder())
    level, level_facts = (
        random_game("egyptian", deal=9, moves=3, end=False),
        GameFacts(mode=ARCADE, arcade_run=run),
    )
    for game, facts in ((free, free_facts), (daily, daily_facts), (level, level_facts)):
        assert records.save_game(game, facts)
    records.holds.release_all()  # the window that played them is gone
    assert records.give_up_every_left() == 1
    assert records.game(free_facts.record_id).outcome == "resigned"
    assert records.game(daily_facts.record_id).outcome is None
    assert records.game(level_facts.record_id).outcome is None


def test_a_replay_for_others_keeps_its_facts_but_not_the_moves_taken_back(records, tmp_path):
    # the redo list is this player's own (the moves they took back): a file for others,
    # and a table's entry, hold the proof and its facts only
    import json

    from game.store.saved import exported, to_saved_replay, write_export

    game = random_game("pyramid52", deal=8, moves=6, end=False)
    game.undo()
    game.undo()
    facts = GameFacts(seconds=12.5, hints=1)
    saved = to_saved_replay(game, facts)
    assert len(saved["meta"]["redo"]) == 2
    out = exported(saved)
    assert "redo" not in out["meta"] and saved["meta"]["redo"]  # the save keeps its own
    assert out["moves"] == saved["moves"] and out["meta"]["hints"] == 1
    path = write_export(tmp_path, "pyramid52-8", out)
    assert "redo" not in json.loads(path.read_text(encoding="utf-8"))["meta"]


def test_a_deal_watched_again_was_watched_since_its_first_watch(records, monkeypatch):
    # a game of the deal ended between two watches of its replay had the first's help:
    # the second watch moved the time to itself, and the game's place was kept
    from game.store import watched

    game = Game("pyramid52", deal=8)
    for moment in ("2026-12-01T10:00:00+00:00", "2026-12-03T10:00:00+00:00"):
        monkeypatch.setattr(watched, "now_iso", lambda moment=moment: moment)
        records.note_watched(game)
    assert records.deal_watched(game, before="2026-12-02T10:00:00+00:00")
    assert not records.deal_watched(game, before="2026-12-01T09:00:00+00:00")
    assert not records.deal_watched(game, before="2026-12-01T10:00:00+00:00")  # not before


def test_a_replay_watched_is_help_with_its_own_deal_only(records):
    # deal 8 watched in Pyramid 52 (one pass or three: laid out alike) says nothing of
    # deal 8 of another patience, which lays out other cards
    from game.rules import rulesets

    records.note_watched(Game("pyramid52", deal=8))
    assert records.deal_watched(Game("pyramid52", {"passes": 3}, deal=8))
    assert not records.deal_watched(Game("pyramid52", deal=9))
    for other in set(rulesets()) - {"pyramid52"}:
        assert not records.deal_watched(Game(other, deal=8)), other


def test_the_latest_deals_watched_are_kept_past_the_list_s_length(records):
    # past MOST_KEPT deals watched, the newest watch was dropped, not the oldest: a
    # replay watched then was no help with its deal
    from game.store.watched import MOST_KEPT

    for deal in range(MOST_KEPT + 1):
        records.note_watched(Game("pyramid52", deal=deal))
    assert records.deal_watched(Game("pyramid52", deal=MOST_KEPT))
    assert not records.deal_watched(Game("pyramid52", deal=0))  # the oldest went


def test_a_line_at_a_verdict_s_turn_has_reached_it():
    # a position whose line is the turn's own moves (not more) has passed through it
    from game.store.saved import LinePosition, VerdictFlip

    moves = ["st>w", "st>w", "p7.1"]
    assert LinePosition.of(moves).applies(moves)
    assert VerdictFlip.of(1, moves).applies(moves)
    assert not LinePosition.of(moves).applies(moves[:2])
    assert not LinePosition.of(moves).applies(["st>w", "st>w", "p7.2"])
