"""Stuck detection and auto-finish."""

import json

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.rules import Game
from game.rules.analysis import STUCK_SEARCH_LIMIT, STUCK_SLICE, finishing_moves, is_stuck
from tests.rules.helpers import engine_for, position


def test_a_position_with_only_shuttling_left_is_stuck():
    e = engine_for("egyptian")
    # 9D and 9H can swap between the two 10s for ever; nothing else can happen
    s = position(
        e, f1="2S", t1="TC", t2="TD 9D", t3="5H", t4="5H", t5="5H", t6="5H", t7="5H", t8="5H"
    )
    assert e.legal(s)
    assert is_stuck(e, s) is True


def test_a_shuttle_that_frees_a_foundation_card_is_not_stuck():
    e = engine_for("egyptian")
    s = position(
        e, f1="2S", t1="TC", t2="3S 9D", t3="5H", t4="5H", t5="5H", t6="5H", t7="5H", t8="5H"
    )
    assert is_stuck(e, s) is False  # move 9D away and 3S goes home


def test_a_shuttle_that_empties_a_pile_refilled_from_the_waste_is_not_stuck():
    # in the old rules a gap takes the waste's top card at once: that is progress
    e = engine_for("egyptian-old")
    blocked = {f"t{i}": "5H" for i in range(3, 9)}
    s = position(e, f1="2S", t1="TC", t2="9D", w="KH KH", **blocked)
    assert is_stuck(e, s) is False


def test_a_position_with_a_stock_is_never_stuck():
    game = Game("egyptian", deal=1)
    assert is_stuck(game.engine, game.state) is False


def test_no_legal_move_at_all_is_stuck_in_the_pyramid():
    e = engine_for("pyramid52")
    s = position(e, p7_1="9C", w="2D 5S")
    assert is_stuck(e, s) is True


def test_finishing_moves_play_everything_home_when_the_foundations_can_take_it():
    e = engine_for("sbudetsya")
    s = position(
        e,
        f1="9S TS JS QS KS AS 6S 7S",
        f2="9H TH JH QH KH AH 6H 7H",
        f3="9D TD JD QD KD AD 6D 7D",
        f4="9C TC JC QC KC AC 6C 7C",
        t1="8S",
        t2="8H",
        w="8C",
        st="8D",
    )
    moves = finishing_moves(e, s)
    assert moves is not None
    for m in moves:
        s, _ = e.play(s, m)
    assert e.is_won(s)


def test_finishing_moves_play_the_waste_home_before_turning_the_stock_onto_it():
    # turned first, 8S would bury the 7S that f1 needs, and with one pass the winnable
    # end got no Finish offer
    e = engine_for("sbudetsya")
    s = position(
        e,
        f1="9S TS JS QS KS AS 6S",
        f2="9H TH JH QH KH AH 6H 7H 8H",
        f3="9D TD JD QD KD AD 6D 7D 8D",
        f4="9C TC JC QC KC AC 6C 7C 8C",
        w="7S",
        st="8S",
    )
    moves = finishing_moves(e, s)
    assert [str(m) for m in moves or []] == ["w>f1", "st>w", "w>f1"]
    for m in moves:
        s, _ = e.play(s, m)
    assert e.is_won(s)


def test_no_finishing_moves_when_a_card_is_blocked():
    e = engine_for("sbudetsya")
    s = position(e, f1="9S", t1="JS TS", t2="8H")
    assert finishing_moves(e, s) is None


def stuck_by_places(engine, state, limit: int) -> bool | None:
    """The stuck question answered the plain way, for reference: every position by
    its places (not by arrangement), progress read from the move's events."""
    from collections import deque

    from game.rules.events import MOVE as MOVE_EVENT

    if engine.is_over(state):
        return not engine.is_won(state)
    if engine.rules.family != "building":
        return False
    seen, queue = {state}, deque([state])
    while queue:
        here = queue.popleft()
        for move in engine.legal(here):
            if not (move.a[0] == "t" and move.b[0] == "t"):
                return False
            after, events = engine.play(here, move)
            if any(e.kind != MOVE_EVENT for e in events):
                return False
            if after not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(after)
                queue.append(after)
    return True


def stuck_game() -> Game:
    """Egyptian deal 0 played to a stuck end at random by a play-tester: long piles
    whose arrangements are many, nothing left to go home."""
    from pathlib import Path

    from game.rules import run_replay

    path = Path(__file__).parent / "golden" / "egyptian-0-stuck.json"
    return run_replay(json.loads(path.read_text(encoding="utf-8")))


def test_a_stuck_end_with_many_arrangements_is_found_stuck_by_searching_on():
    # the search after a move gave up at 4,000 positions, and the table said nothing:
    # searched on in slices (as the table now does, a slice a frame), it is stuck
    game = stuck_game()
    assert is_stuck(game.engine, game.state, STUCK_SEARCH_LIMIT) is None
    answers = list(game.stuck_search())
    assert answers[-1] is True and set(answers[:-1]) == {None}
    assert STUCK_SEARCH_LIMIT < len(answers) * STUCK_SLICE <= 20_000


@settings(max_examples=40, deadline=None)
@given(
    ruleset=st.sampled_from(["egyptian", "egyptian-old", "devils-bridge", "nechego"]),
    deal=st.integers(0, 10_000),
    seed=st.integers(0, 10_000),
)
def test_arrangements_answer_as_places_do(ruleset, deal, seed):
    """Telling positions apart by their piles' arrangement answers as telling them
    apart by places, on ends of random play (the stock run out)."""
    import random

    rng = random.Random(seed)
    game = Game(ruleset, deal=deal)
    while not game.over and (game.pile("st") or rng.random() < 0.97):
        moves = list(game.legal_moves)
        home = [m for m in moves if m.b.startswith("f")]
        game.play(rng.choice(home if home and rng.random() < 0.6 else moves))
    reference = stuck_by_places(game.engine, game.state, 50_000)
    assume(reference is not None)  # the reference search gave up: nothing to compare
    assert is_stuck(game.engine, game.state, 50_000) is reference


def test_is_stuck_searches_as_many_positions_as_it_is_told_and_no_slice_more():
    game = stuck_game()
    needed = len(list(game.stuck_search())) * STUCK_SLICE  # the slices to the answer
    assert is_stuck(game.engine, game.state, needed) is True
    assert is_stuck(game.engine, game.state, needed - STUCK_SLICE) is None
