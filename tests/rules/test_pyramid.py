"""Every rule sentence of the pyramid family in the spec, one test each."""

import pytest

from game.rules import Game, IllegalMove, parse_move
from tests.rules.helpers import engine_for, legal, pile, play, position


def checked_play(engine, state, text):
    move = parse_move(text)
    if move in engine.legal_set(state):
        return engine.play(state, move)
    raise IllegalMove(text, engine.refusal(state, move))


@pytest.mark.parametrize("ruleset, rows", [("pyramid36", 6), ("pyramid52", 7)])
def test_deal_fills_the_pyramid_row_by_row_and_the_rest_is_the_stock(ruleset, rows):
    game = Game(ruleset, deal=9)
    names = [f"p{r}.{c}" for r in range(1, rows + 1) for c in range(1, r + 1)]
    assert [game.pile(n) for n in names] == [(c,) for c in game.deck[: len(names)]]
    assert game.pile("st") == tuple(reversed(game.deck[len(names) :]))
    assert game.pile("w") == ()


def test_a_card_is_covered_by_the_two_below_it_and_free_once_both_are_removed():
    e = engine_for("pyramid52")
    # p6.1 = 6S is covered by p7.1 and p7.2; it pairs with 7H only once both are gone
    cards = {f"p{r}_{c}": "KS" for r in range(1, 7) for c in range(1, r + 1)}
    cards.update({f"p7_{c}": "KS" for c in range(1, 8)})
    cards.update(p6_1="6S", p7_1="QH", p7_2="AD", st="7H")
    s = position(e, **cards)
    assert "p6.1+st" not in legal(e, s)
    with pytest.raises(IllegalMove, match="p6.1 is covered by two cards"):
        checked_play(e, s, "p6.1+st")
    s, _ = play(e, s, "p7.1+p7.2")  # Q + A = 13
    assert "p6.1+st" in legal(e, s)


def test_half_uncovered_card_is_not_playable():
    e = engine_for("pyramid52")
    s = position(e, p6_1="6S", p7_2="QD", st="7H")  # p7.1 already removed, p7.2 still there
    assert "p6.1+st" not in legal(e, s)
    with pytest.raises(IllegalMove, match="p6.1 is covered by a card"):
        checked_play(e, s, "p6.1+st")


def test_bottom_row_is_free_from_the_start():
    game = Game("pyramid52", deal=0)
    free = {m for m in map(str, game.legal_moves)}
    # deal 0: p7.2 = 5D pairs with the stock's top 8C
    assert "p7.2+st" in free


@pytest.mark.parametrize(
    "ruleset, a, b, ok",
    [
        ("pyramid36", "6S", "QH", True),
        ("pyramid36", "7S", "JH", True),
        ("pyramid36", "8S", "AH", True),
        ("pyramid36", "9S", "TH", True),
        ("pyramid36", "9S", "9H", False),
        ("pyramid36", "AS", "QH", False),
        ("pyramid52", "AS", "QH", True),
        ("pyramid52", "2S", "JH", True),
        ("pyramid52", "3S", "TH", True),
        ("pyramid52", "4S", "9H", True),
        ("pyramid52", "5S", "8H", True),
        ("pyramid52", "6S", "7H", True),
        ("pyramid52", "6S", "6H", False),
        ("pyramid52", "8S", "AH", False),
    ],
)
def test_pairs_sum_to_19_in_36_cards_and_to_13_in_52(ruleset, a, b, ok):
    e = engine_for(ruleset)
    s = position(e, st=a, w=b)
    assert ("st+w" in legal(e, s)) is ok


def test_a_pair_with_a_wrong_sum_is_refused_with_the_sum():
    e = engine_for("pyramid52")
    s = position(e, p7_1="JS", p7_3="JC", st="2H")
    with pytest.raises(IllegalMove) as err:
        checked_play(e, s, "p7.1+p7.3")
    assert str(err.value) == "JS and JC make 22, not 13"


def test_a_card_paired_with_itself_is_refused_as_such():
    # it read "… make 14, not 13" or "… is removed alone" of one card played twice
    game = Game("pyramid52", deal=0)
    for move in ("p7.1+p7.1", "st+st"):
        assert game.refusal(move) == "a card cannot pair with itself"


@pytest.mark.parametrize(
    ("ruleset", "bottom", "move", "target"),
    [("pyramid36", "p6_1", "p6.1+w", 19), ("pyramid52", "p7_1", "st+p7.1", 13)],
)
def test_a_pair_with_a_king_is_refused_as_the_king_goes_alone(ruleset, bottom, move, target):
    # it said "KS and 7D make 20, not 13": true, and no help
    e = engine_for(ruleset)
    s = position(e, **{bottom: "KS"}, st="7D", w="6H")
    with pytest.raises(IllegalMove) as err:
        checked_play(e, s, move)
    assert str(err.value) == f"KS is worth {target} and pairs with no card: it is removed alone"


@pytest.mark.parametrize("ruleset", ["pyramid36", "pyramid52"])
def test_a_king_is_removed_alone(ruleset):
    e = engine_for(ruleset)
    s = position(e, p6_2="KC", st="KS", w="KD")
    moves = legal(e, s)
    assert {"p6.2", "st", "w"} <= moves
    assert not any("+" in m and "K" in m for m in moves)
    s2, events = play(e, s, "st")
    assert pile(e, s2, "st") == "" and events == [("remove", "st>out", "KS")]


@pytest.mark.parametrize("ruleset", ["pyramid36", "pyramid52", "egyptian"])
def test_the_rules_say_which_ranks_go_alone(ruleset):
    # the legend worked it out for itself, from the King's value alone
    from game.rules import get_ruleset

    rules = get_ruleset(ruleset).rules()
    assert rules.alone_ranks == (("K",) if rules.pair_sum else ())


@pytest.mark.parametrize(
    ("ruleset", "rank", "partners"),
    [
        ("pyramid36", "T", ("9",)),  # 10 + 9 = 19
        ("pyramid36", "6", ("Q",)),  # the Queen is worth 13 there
        ("pyramid36", "A", ("8",)),
        ("pyramid36", "K", ()),  # alone
        ("pyramid52", "Q", ("A",)),
        ("pyramid52", "5", ("8",)),
        ("pyramid52", "K", ()),
        ("egyptian", "5", ()),  # no pairs at all
    ],
)
def test_the_rules_say_which_ranks_a_card_pairs_with(ruleset, rank, partners):
    from game.rules import get_ruleset

    assert get_ruleset(ruleset).rules().partner_ranks(rank) == partners


def test_only_a_king_goes_alone():
    e = engine_for("pyramid36")
    s = position(e, st="QS")
    with pytest.raises(IllegalMove, match="only a card worth 19 is removed alone"):
        checked_play(e, s, "st")


def test_stock_top_and_reserve_top_are_playable_and_pair_with_each_other():
    e = engine_for("pyramid52")
    s = position(e, p7_1="9C", st="2D 4S", w="3H TD")
    moves = legal(e, s)
    assert "p7.1+st" in moves  # 9 + 4
    assert "st+w" not in moves  # 4 + 10
    s = position(e, p7_1="9C", st="2D 3S", w="3H TD")
    assert "st+w" in legal(e, s)


def test_pair_notation_accepts_either_order_and_lists_the_canonical_one():
    e = engine_for("pyramid52")
    s = position(e, p7_1="9C", st="4S", w="9D")
    assert "p7.1+st" in legal(e, s)
    assert parse_move("st+p7.1") == parse_move("p7.1+st")
    assert str(parse_move("w+st")) == "st+w"


def test_stock_turns_onto_the_reserve():
    e = engine_for("pyramid52")
    s = position(e, p7_1="9C", st="2D 5S")
    s, events = play(e, s, "st>w")
    assert pile(e, s, "st") == "2D" and pile(e, s, "w") == "5S"
    assert events == [("turn", "st>w", "5S")]


def test_three_passes_allow_two_redeals_and_no_more():
    e = engine_for("pyramid52", passes=3)
    s = position(e, p7_1="9C", w="2D 5S")
    for _ in range(2):
        assert "w>st" in legal(e, s)
        s, _ = play(e, s, "w>st")
        assert pile(e, s, "st") == "5S 2D"  # the reserve's bottom card is the stock's top
        s, _ = play(e, s, "st>w")
        s, _ = play(e, s, "st>w")
    assert "w>st" not in legal(e, s)
    assert s.passes_used == 3


def test_one_pass_means_no_redeal_in_the_pyramid():
    e = engine_for("pyramid52")
    s = position(e, p7_1="9C", w="2D 5S")
    assert legal(e, s) == set()


@pytest.mark.parametrize("passes", [1, 3])
def test_a_redeal_with_the_stock_still_in_hand_is_refused_for_the_right_reason(passes):
    # with no pass left it said "the stock is not empty yet", promising a w>st later
    e = engine_for("pyramid52", passes=passes)
    s = position(e, p7_1="9C", w="2D", st="5S")
    # and "no passes are left" read oddly of a game of one pass, at its first move
    why = "no card goes back into the stock" if passes == 1 else "the stock is not empty yet"
    with pytest.raises(IllegalMove, match=why):
        checked_play(e, s, "w>st")


def test_won_when_all_cards_are_removed():
    e = engine_for("pyramid52")
    s = position(e, p1_1="KS", out=" ".join(c for c in Game("pyramid52", deal=0).deck if c != "KS"))
    s, _ = play(e, s, "p1.1")
    assert e.is_won(s) and not legal(e, s)


def test_remaining_counts_cards_and_points_with_the_pyramid_values():
    e = engine_for("pyramid36")
    s = position(e, p1_1="KS", p2_1="AD", st="6C", w="JH")
    assert sorted(e.remaining(s)) == ["6C", "AD", "JH", "KS"]
    assert sum(e.values[c] for c in e.remaining(s)) == 19 + 11 + 6 + 12


def test_the_stock_card_dropped_on_the_reserve_asks_for_a_turn_unless_they_pair():
    game = Game("pyramid52", deal=12)
    assert str(game.move_between("st", "w")) == "st>w"  # the reserve empty
    game.play("st>w")
    assert str(game.move_between("st", "w")) == "st+w"  # 4C and 9C make 13
    game.play("st+w")
    assert str(game.move_between("st", "w")) == "st>w"  # the reserve empty again
    assert str(game.move_between("w", "p7.1")) == "p7.1+w"  # anything else, a pair
