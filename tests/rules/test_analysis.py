"""Stuck detection and auto-finish."""

from game.rules import Game
from game.rules.analysis import finishing_moves, is_stuck
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


def test_no_finishing_moves_when_a_card_is_blocked():
    e = engine_for("sbudetsya")
    s = position(e, f1="9S", t1="JS TS", t2="8H")
    assert finishing_moves(e, s) is None
