"""Stuck and Finish: what the players are promised, pinned on hand-made positions.

"Stuck" is said only when no sequence of pile moves reaches a foundation move, a stock
turn, a waste card played or a gap refilled; Finish is offered when foundation moves
and stock turns alone play every card left home, and only then."""

from game.rules.analysis import finishing_moves, is_stuck
from tests.rules.helpers import engine_for, play, position

BLOCKED = {f"t{i}": "5H" for i in range(4, 9)}  # piles that take no card here


def test_a_card_freed_for_its_foundation_two_pile_moves_on_is_not_stuck():
    # 8C must go onto 9H, then 9D onto TC, before 3S lies free for f1: a search that
    # looks one pile move ahead said "stuck" of a game that goes on
    e = engine_for("egyptian")
    s = position(e, f1="2S", t1="9H", t2="3S 9D 8C", t3="TC", **BLOCKED)
    assert is_stuck(e, s) is False


def test_a_waste_card_a_pile_takes_after_a_pile_move_is_not_stuck():
    # the waste's 8C goes nowhere now; once TD leaves t2 for JC, t2's 9H takes it
    e = engine_for("egyptian")
    s = position(e, f1="2S", t1="JC", t2="9H TD", t3="5H", w="KS 8C", **BLOCKED)
    assert is_stuck(e, s) is False


def test_finish_plays_out_an_end_longer_than_forty_moves():
    # 32 cards left, each turned from the stock then played home: 64 moves
    e = engine_for("sbudetsya")
    ranks = "TJQKA678"
    stock = [r + s for r in ranks for s in "SHDC"]
    s = position(e, f1="9S", f2="9H", f3="9D", f4="9C", st=" ".join(reversed(stock)))
    moves = finishing_moves(e, s)
    assert moves is not None and len(moves) == 64
    for m in moves:
        s, _ = e.play(s, m)
    assert e.is_won(s)


def test_finish_is_not_offered_where_a_card_lies_on_the_one_its_foundation_needs_first():
    # 4S lies on 3S: only a pile move (4S onto 5S) frees 3S, and Finish plays no pile
    # moves, so the end is the player's to play, not Finish's
    e = engine_for("egyptian")
    s = position(e, f1="2S", t1="3S 4S", t2="5S")
    assert finishing_moves(e, s) is None


def test_finish_plays_out_two_copies_of_a_card_when_the_first_listed_uncovers_the_next():
    # two decks: both 5S can go to f1; the one on t1 lies on the 4S that f2 needs, so
    # the whole end goes home when that one goes first (as the piles list it)
    e = engine_for("egyptian", base="A")
    s = position(e, f1="AS 2S 3S 4S", f2="AS 2S 3S", t1="4S 5S", t2="5S")
    moves = finishing_moves(e, s)
    assert moves is not None
    for m in moves:
        s, _ = e.play(s, m)
    assert e.is_won(s)


def test_a_stuck_end_whose_one_run_can_spread_over_the_empty_piles_is_decided_at_once():
    # nothing goes home; the run can only be cut and laid out over the seven gaps in
    # thousands of ways by place, all the same piles: the table's first look decides it
    e = engine_for("egyptian")
    s = position(e, f1="2S", t1="KS QH JC TD 9S")
    assert is_stuck(e, s) is True


def test_finish_turns_the_waste_over_when_a_pass_is_left():
    # stock empty, a second pass left: the waste turned over gives 7S then 8S to f1
    e = engine_for("sbudetsya", passes=2)
    s = position(
        e,
        f1="9S TS JS QS KS AS 6S",
        f2="9H TH JH QH KH AH 6H 7H 8H",
        f3="9D TD JD QD KD AD 6D 7D 8D",
        f4="9C TC JC QC KC AC 6C 7C 8C",
        w="7S 8S",
    )
    moves = finishing_moves(e, s)
    assert moves is not None and str(moves[0]) == "w>st"
    for m in moves:
        s, _ = e.play(s, m)
    assert e.is_won(s)


# -- at the table (these use the table's fixtures: paste them into tests/scenes/, where
# the conftest gives app and driver, and drop the import below) -------------------------


def test_finish_finds_the_order_that_plays_out_two_copies_of_a_card():
    # two decks: both 5S can go to f1, and only the one on t2 uncovers the 4S f2 needs.
    # Sent home first, t1's left t2's stranded on that 4S, and Finish went grey where
    # t2>f1, t2>f2, t1>f2 plays every card home
    e = engine_for("egyptian", base="A")
    s = position(e, f1="AS 2S 3S 4S", f2="AS 2S 3S", t1="5S", t2="4S 5S")
    by_hand = s
    for m in ("t2>f1", "t2>f2", "t1>f2"):  # the order exists, and is legal
        by_hand, _ = play(e, by_hand, m)
    assert e.is_won(by_hand)
    moves = finishing_moves(e, s)
    assert moves is not None
    for m in moves:
        s, _ = e.play(s, m)
    assert e.is_won(s)
