"""Every rule sentence of the building family in the spec, one test each.

Positions are made by hand (tests/rules/helpers.py); the engine is the one the
game uses for that ruleset and options.
"""

import pytest

from game.rules import DECKS, Game, IllegalMove
from tests.rules.helpers import engine_for, legal, pile, play, position, set_up

# Piles t2..t8 holding cards that play no part, so no gap rule steps in.
OTHER_PILES = {f"t{i}": "KD" for i in range(2, 9)}

# -- the deal ---------------------------------------------------------------------------


def test_first_card_goes_to_f1_and_sets_the_base_rank():
    game = Game("egyptian", deal=5)
    assert game.pile("f1") == (game.deck[0],)
    assert all(not game.pile(f"f{i}") for i in range(2, 9))


@pytest.mark.parametrize("ruleset, n", [("egyptian", 8), ("devils-bridge", 9), ("sbudetsya", 8)])
def test_next_cards_go_to_the_piles_and_the_rest_is_the_stock_in_order(ruleset, n):
    game = Game(ruleset, deal=11)
    dealt_to_f1 = 0 if ruleset == "devils-bridge" else 1
    piles = [game.pile(f"t{i}") for i in range(1, n + 1)]
    assert piles == [(c,) for c in game.deck[dealt_to_f1 : dealt_to_f1 + n]]
    # the stock lists bottom to top: its last card is the next card of the deck
    assert game.pile("st") == tuple(reversed(game.deck[dealt_to_f1 + n :]))


def test_nechego_deals_to_the_chosen_number_of_piles_from_the_chosen_deck():
    game = Game("nechego", {"cards": 32, "piles": 10}, deal=3)
    assert len(game.deck) == 32
    assert all(len(game.pile(f"t{i}")) == 1 for i in range(1, 11))
    assert len(game.pile("st")) == 32 - 1 - 10


@pytest.mark.parametrize("base", ["K", "A"])
def test_base_option_takes_the_first_card_of_that_rank_out_for_f1(base):
    game = Game("egyptian", {"base": base}, deal=7)
    first = next(i for i, c in enumerate(game.deck) if c[0] == base)
    assert game.pile("f1") == (game.deck[first],)
    rest = game.deck[:first] + game.deck[first + 1 :]
    assert [game.pile(f"t{i}")[0] for i in range(1, 9)] == list(rest[:8])
    assert game.pile("st") == tuple(reversed(rest[8:]))


def test_devils_bridge_deals_no_base_card():
    game = Game("devils-bridge", deal=2)
    assert all(not game.pile(f"f{i}") for i in range(1, 9))
    assert len(game.pile("st")) == 104 - 9


# -- base-rank foundations --------------------------------------------------------------


def test_empty_base_rank_foundation_takes_only_a_base_rank_card_from_waste_or_pile():
    e = engine_for("egyptian")
    s = position(e, f1="7S", t1="7H", t2="8D", w="7C", st="2S")
    moves = legal(e, s)
    assert {f"t1>f{i}" for i in range(2, 9)} <= moves
    assert {f"w>f{i}" for i in range(2, 9)} <= moves
    assert not any(m.startswith("t2>f") for m in moves)
    with pytest.raises(IllegalMove, match="8D cannot go on f2: only a 7 begins it"):
        checked_play(e, s, "t2>f2")


def checked_play(engine, state, text):
    """Ask the engine's refusal the way Game.play does."""
    from game.rules import parse_move

    move = parse_move(text)
    if move in engine.legal_set(state):
        return engine.play(state, move)
    raise IllegalMove(text, engine.refusal(state, move))


def test_a_base_card_that_can_start_several_foundations_gives_one_move_each():
    e = engine_for("sbudetsya")
    s = position(e, f1="9S", t1="9H", st="6C")
    assert {"t1>f2", "t1>f3", "t1>f4"} <= legal(e, s)


def test_foundation_builds_up_in_suit_cyclically_until_a_whole_run():
    e = engine_for("sbudetsya")  # 36 cards: 6..A then 6 again, nine a suit
    s = position(e, f1="9S TS JS QS KS AS", t1="6S", t2="6H", st="8D")
    moves = legal(e, s)
    assert "t1>f1" in moves  # A wraps to 6 in suit
    assert "t2>f1" not in moves  # another suit
    s = position(e, f1="9S TS JS QS KS AS 6S 7S 8S", t1="9S", st="8D")
    assert not any(m.endswith(">f1") for m in legal(e, s))  # nine cards: complete
    with pytest.raises(IllegalMove, match="f1 is complete"):
        checked_play(e, s, "t1>f1")


def test_foundation_needs_the_next_card_of_its_suit_and_says_which():
    e = engine_for("egyptian")
    s = position(e, f1="5S 6S", t3="5H", st="2C")
    with pytest.raises(IllegalMove) as err:
        checked_play(e, s, "t3>f1")
    assert str(err.value) == "5H cannot go on f1, which needs 7S"


def test_with_two_decks_the_eight_base_cards_start_eight_foundations_two_per_suit():
    e = engine_for("egyptian")
    s = position(e, f1="KS", f2="KH", f3="KD", f4="KC", f5="KS", f6="KH", f7="KD", t1="KC", st="2C")
    assert legal(e, s) >= {"t1>f8"}
    s2, _ = play(e, s, "t1>f8")
    assert sorted(pile(e, s2, f"f{i}") for i in range(1, 9)) == sorted(["KS", "KH", "KD", "KC"] * 2)


def test_a_card_on_a_foundation_never_leaves_it():
    e = engine_for("egyptian")
    s = position(e, f1="7S", t1="8H", st="2C")
    assert not any(m.startswith("f1>") for m in legal(e, s))
    with pytest.raises(IllegalMove, match="never leaves"):
        checked_play(e, s, "f1>t1")


# -- Devil's Bridge foundations ---------------------------------------------------------


def test_devils_bridge_ace_foundations_take_aces_of_suits_without_one_and_build_up():
    e = engine_for("devils-bridge")
    s = position(e, f1="AS", t1="AS", t2="AH", t3="2S", st="5C")
    moves = legal(e, s)
    assert "t1>f2" not in moves  # spades already has its ace foundation
    assert {"t2>f2", "t2>f3", "t2>f4"} <= moves
    assert "t3>f1" in moves
    with pytest.raises(IllegalMove, match="an Ace of spades already starts another foundation"):
        checked_play(e, s, "t1>f2")


def test_devils_bridge_king_foundations_take_kings_of_different_suits_and_build_down():
    e = engine_for("devils-bridge")
    s = position(e, f5="KD QD", t1="JD", t2="KD", t3="KC", t4="AC", st="5C")
    moves = legal(e, s)
    assert "t1>f5" in moves
    assert "t2>f6" not in moves
    assert {"t3>f6", "t3>f7", "t3>f8"} <= moves
    assert not any(m.startswith("t4>f") and int(m[-1]) >= 5 for m in moves)  # Ace starts nothing
    assert {"t4>f1", "t4>f2", "t4>f3", "t4>f4"} <= moves  # but it starts an ace foundation
    # it said "AC cannot start f6, which starts with a King"
    with pytest.raises(IllegalMove, match="^AC cannot go on f6: only a King begins it$"):
        checked_play(e, s, "t4>f6")


def test_devils_bridge_foundations_do_not_wrap():
    e = engine_for("devils-bridge")
    full_up = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
    s = position(e, f1=full_up, f5="KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH", t1="AS", t2="KH")
    moves = legal(e, s)
    assert "t1>f1" not in moves and "t2>f5" not in moves


# -- tableau piles ----------------------------------------------------------------------


def test_pile_takes_a_card_one_rank_down_any_suit_from_waste_or_another_pile():
    e = engine_for("egyptian")
    s = position(e, f1="2S", t1="9D", t2="8C", t3="8H", t4="7D", w="8S", st="3C")
    moves = legal(e, s)
    assert {"t2>t1", "t3>t1", "w>t1", "t4>t2", "t4>t3"} <= moves
    assert "w>t4" not in moves and "t1>t2" not in moves


def test_a_king_may_go_on_an_ace():
    e = engine_for("egyptian")
    s = position(e, f1="2S", t1="AD", t2="KC", st="3C")
    assert "t2>t1" in legal(e, s)
    e36 = engine_for("sbudetsya")  # 36 cards: the cycle wraps from 6 to A
    s = position(e36, f1="9S", t1="6D", w="AC", st="7C")
    assert "w>t1" in legal(e36, s)


def test_pile_never_holds_more_than_16_cards_even_when_building_wraps():
    e = engine_for("egyptian")
    # Sixteen cards built down through the wrap: 3 2 A K Q ... 4 3
    sixteen = "3S 2H AC KD QS JH TC 9D 8S 7H 6C 5D 4S 3H 2C AD"
    assert len(sixteen.split()) == 16
    s = position(e, f1="5S", t1=sixteen[: -len(" 2C AD")], t2="2C", t3="AD", t4="KH", st="3C")
    s, _ = play(e, s, "t2>t1")
    s, _ = play(e, s, "t3>t1")  # the 16th card
    assert len(s.piles[e.index["t1"]]) == 16
    assert "t4>t1" not in legal(e, s)  # a King on the Ace would be the 17th
    with pytest.raises(IllegalMove, match="t1 already holds 16 cards"):
        checked_play(e, s, "t4>t1")


@pytest.mark.parametrize("ruleset", ["sbudetsya", "nechego"])
@pytest.mark.parametrize("to_piles", ["waste", "none"])
def test_never_pile_to_pile_in_sbudetsya_and_nechego(ruleset, to_piles):
    e = engine_for(ruleset, to_piles=to_piles)
    s = position(e, f1="9S", t1="QD", t2="JC", st="7C")
    assert "t2>t1" not in legal(e, s)
    expected = (
        "cards never move from pile to pile"
        if to_piles == "waste"
        else "no card can be moved onto a pile"
    )
    with pytest.raises(IllegalMove, match=expected):
        checked_play(e, s, "t2>t1")


@pytest.mark.parametrize("ruleset", ["sbudetsya", "nechego"])
def test_to_piles_waste_lets_a_pile_take_the_waste_top_one_rank_down(ruleset):
    e = engine_for(ruleset, to_piles="waste")
    s = position(e, f1="9S", t1="QD", w="JC", st="7C")
    assert "w>t1" in legal(e, s)


@pytest.mark.parametrize("ruleset", ["sbudetsya", "nechego"])
def test_to_piles_none_lets_no_pile_take_a_card(ruleset):
    e = engine_for(ruleset, to_piles="none")
    s = position(e, f1="9S", t1="QD", w="JC", st="7C")
    assert "w>t1" not in legal(e, s)
    with pytest.raises(IllegalMove, match="no card can be moved onto a pile"):
        checked_play(e, s, "w>t1")


# -- gaps -------------------------------------------------------------------------------


def test_an_emptied_pile_is_filled_from_the_stock_in_the_same_move():
    game = Game("egyptian", deal=0)  # t2 holds 2D, a base card; the stock's top is TS
    top = game.pile("st")[-1]
    action = game.play("t2>f2")
    assert game.pile("t2") == (top,)
    assert [e.kind for e in action.events] == ["move", "refill"]
    assert action.events[1][:3] == ("refill", "st", "t2")
    game.undo()  # one undo step takes back both
    assert game.pile("t2") == ("2D",) and game.pile("st")[-1] == top and not game.pile("f2")


def test_a_gap_stays_while_the_stock_is_empty_and_takes_any_top_card_in_egyptian():
    e = engine_for("egyptian")
    s = position(e, f1="2S", f2="2H", t1="3S", t2="9D", t3="KC", w="5H")
    s, events = play(e, s, "t1>f1")
    assert pile(e, s, "t1") == ""  # no stock: the gap stays
    assert [k for k, *_ in events] == ["move"]
    moves = legal(e, s)
    assert {"w>t1", "t2>t1", "t3>t1"} <= moves


def test_a_one_card_pile_may_move_into_a_gap_in_egyptian_and_devils_bridge():
    for ruleset in ("egyptian", "devils-bridge"):
        e = engine_for(ruleset)
        f = "2S" if ruleset == "egyptian" else "AS"
        s = position(e, f1=f, t1="9D", t3="KC")
        assert "t1>t2" in legal(e, s) and "t3>t2" in legal(e, s)


@pytest.mark.parametrize("ruleset", ["sbudetsya", "nechego"])
def test_a_gap_in_sbudetsya_takes_the_waste_top_with_to_piles_waste_else_nothing(ruleset):
    e = engine_for(ruleset)
    s = position(e, f1="9S", t2="QD", w="7C")
    assert "w>t1" in legal(e, s) and "t2>t1" not in legal(e, s)
    e = engine_for(ruleset, to_piles="none")
    s = position(e, f1="9S", t2="QD", w="7C")
    assert not any(m.endswith(">t1") for m in legal(e, s))


def test_redeal_that_refills_the_stock_fills_every_gap_in_order_in_the_same_move():
    e = engine_for("sbudetsya", passes=2)
    s = position(e, f1="9S", t2="QD", t5="JH", w="6C 7C 8C TD KH")
    s, events = play(e, s, "w>st")
    # the waste's bottom card (6C) became the stock's top and filled t1, then 7C t3 ...
    assert [pile(e, s, f"t{i}") for i in range(1, 9)] == [
        "6C",
        "QD",
        "7C",
        "8C",
        "JH",
        "TD",
        "KH",
        "",
    ]
    assert pile(e, s, "st") == ""
    assert [k for k, *_ in events] == ["redeal"] + ["refill"] * 5


# -- egyptian-old gaps ------------------------------------------------------------------


def test_egyptian_old_fills_gaps_from_the_waste_at_once_never_from_the_stock():
    e = engine_for("egyptian-old")
    s = position(e, f1="2S", t1="3S", w="4C 5H", st="7D 8D", **OTHER_PILES)
    s, events = play(e, s, "t1>f1")
    assert pile(e, s, "t1") == "5H"  # the waste's top, not the stock's
    assert pile(e, s, "st") == "7D 8D" and pile(e, s, "w") == "4C"
    assert events[1] == ("refill", "w>t1", "5H")


def test_egyptian_old_a_card_turned_while_a_gap_waits_goes_into_it():
    e = engine_for("egyptian-old")
    s = position(e, f1="2S", t1="3S", st="7D 8D", **OTHER_PILES)
    s, _ = play(e, s, "t1>f1")
    assert pile(e, s, "t1") == ""  # the waste is empty: the gap waits
    s, events = play(e, s, "st>w")
    assert pile(e, s, "t1") == "8D" and pile(e, s, "w") == ""
    assert events == [("turn", "st>w", "8D"), ("refill", "w>t1", "8D")]


def test_egyptian_old_an_empty_pile_takes_nothing_by_a_move():
    e = engine_for("egyptian-old")
    s = position(e, f1="2S", t2="9D", st="7D")
    assert not any(m.endswith(">t1") for m in legal(e, s))
    with pytest.raises(IllegalMove, match="fills an empty pile"):
        checked_play(e, s, "t2>t1")


@pytest.mark.parametrize("ruleset", ["egyptian", "egyptian-old", "devils-bridge", "sbudetsya"])
def test_no_card_is_ever_moved_onto_the_waste(ruleset):
    e = engine_for(ruleset)
    s = position(e, f1="AS" if ruleset == "devils-bridge" else "9S", t1="8D", w="9C", st="7D")
    assert not any(m.endswith(">w") and m != "st>w" for m in legal(e, s))
    with pytest.raises(IllegalMove, match="except from the stock"):
        checked_play(e, s, "t1>w")


# -- stock and waste --------------------------------------------------------------------


def test_stock_turns_one_card_onto_the_waste():
    game = Game("egyptian", deal=3)
    top = game.pile("st")[-1]
    action = game.play("st>w")
    assert game.pile("w") == (top,)
    assert [e.kind for e in action.events] == ["turn"]


def test_draw_3_turns_three_cards_one_after_another_the_last_on_top():
    game = Game("egyptian", {"draw": 3}, deal=3)
    stock = game.pile("st")
    action = game.play("st>w")
    assert game.pile("w") == (stock[-1], stock[-2], stock[-3])
    assert [e.cards[0] for e in action.events] == [stock[-1], stock[-2], stock[-3]]


def test_draw_3_turns_what_is_left_when_fewer_than_three():
    e = engine_for("egyptian", draw=3)
    s = position(e, f1="2S", t1="9D", st="4C 5H")
    s, events = play(e, s, "st>w")
    assert pile(e, s, "w") == "5H 4C" and pile(e, s, "st") == ""
    assert len(events) == 2


def test_one_pass_means_no_redeal():
    e = engine_for("sbudetsya")
    s = position(e, f1="9S", t1="QD", w="6C 7C")
    assert "w>st" not in legal(e, s)
    with pytest.raises(IllegalMove, match="no card goes back into the stock in this game"):
        checked_play(e, s, "w>st")


def test_two_passes_allow_one_redeal_turning_the_waste_over():
    e = engine_for("sbudetsya", passes=2)
    s = position(e, f1="9S", t1="QD", w="6C 7C 8H", **OTHER_PILES)
    assert "w>st" in legal(e, s)
    s, _ = play(e, s, "w>st")
    assert pile(e, s, "st") == "8H 7C 6C"  # the waste's bottom card is the stock's top
    assert s.passes_used == 2
    s, _ = play(e, s, "st>w")
    s, _ = play(e, s, "st>w")
    s, _ = play(e, s, "st>w")
    assert "w>st" not in legal(e, s)


@pytest.mark.parametrize("ruleset", ["sbudetsya", "egyptian"])
def test_one_pass_refuses_a_redeal_as_none_left_while_the_stock_still_holds_cards(ruleset):
    # "the stock is not empty yet" promised a w>st later, which one pass never has; "no
    # passes are left" read oddly at a game's first move
    e = engine_for(ruleset)
    s = position(e, f1="9S", t1="QD", w="6C", st="7C")
    with pytest.raises(IllegalMove, match="no card goes back into the stock in this game"):
        checked_play(e, s, "w>st")
    e = engine_for("sbudetsya", passes=2)  # the passes all used, of more than one
    s = position(e, f1="9S", t1="QD", w="6C", st="7C", passes_used=2)
    with pytest.raises(IllegalMove, match="no passes are left"):
        checked_play(e, s, "w>st")


@pytest.mark.parametrize(
    ("ruleset", "passes", "used", "reason"),
    [
        ("egyptian", None, 1, "no card goes back into the stock in this game"),
        ("sbudetsya", 1, 1, "no card goes back into the stock in this game"),
        ("sbudetsya", 2, 1, "only w>st puts cards back into the stock"),
        ("sbudetsya", 2, 2, "no card goes back into the stock: no pass is left"),
    ],
)
def test_a_pile_card_put_on_the_stock_is_told_whether_a_pass_brings_cards_back(
    ruleset, passes, used, reason
):
    # with no pass left the waste is not turned over again: "only when it is turned
    # over" promised a turn (one pass never has one)
    e = engine_for(ruleset) if passes is None else engine_for(ruleset, passes=passes)
    s = position(e, f1="9S", t1="QD", w="6C", st="7C")
    s = type(s)(s.piles, used, s.resigned)
    with pytest.raises(IllegalMove, match=reason):
        checked_play(e, s, "t1>st")


def test_redeal_needs_an_empty_stock_and_a_waste():
    e = engine_for("sbudetsya", passes=2)
    s = position(e, f1="9S", t1="QD", w="6C", st="7C")
    assert "w>st" not in legal(e, s)
    with pytest.raises(IllegalMove, match="the stock is not empty yet"):
        checked_play(e, s, "w>st")


# -- end of the game --------------------------------------------------------------------


def test_won_when_every_card_is_on_a_foundation():
    deck = DECKS["36"]
    # A deck in suit order from 6: each foundation completes by turning the stock.
    cards = [r + s for s in "SHDC" for r in deck.cycle]
    game = Game("sbudetsya", deck=cards)
    for _ in range(400):
        if game.over:
            break
        moves = list(game.legal_moves)
        found = [m for m in moves if m.b.startswith("f")]
        game.play(found[0] if found else moves[-1])
    assert game.won and game.score == (0, 0)
    assert game.outcome == "won"
    assert not game.legal_moves


def test_remaining_cards_and_points_count_what_is_not_on_a_foundation():
    # two decks: a card held twice counts twice (the score the tables rank by)
    game = Game("egyptian", deal=0)
    s = position(game.engine, f1="2S", t1="KD", t2="KD AC", w="TH", st="5S")
    assert set_up(game, s).score == (5, 13 + 13 + 1 + 10 + 5)


@pytest.mark.parametrize(
    "ruleset, score",
    # two decks of A=1 .. K=13 in four suits are 728 points, 36 cards of 6 .. K and A=1
    # are 308; the base card dealt home at deal 0 (2S, 6S) is off the count
    [("egyptian", (103, 728 - 2)), ("devils-bridge", (104, 728)), ("sbudetsya", (35, 308 - 6))],
)
def test_a_deal_is_scored_by_every_card_off_the_foundations(ruleset, score):
    assert Game(ruleset, deal=0).score == score


def test_cards_left_on_the_waste_are_no_win():
    # the stock and the piles out, 8D over the 7D that f3 needs: over, and lost (the
    # fortune must not say the wish comes true with two cards left)
    game = Game("sbudetsya", {"to_piles": "none"}, deal=0)
    s = position(
        game.engine,
        f1="9S TS JS QS KS AS 6S 7S 8S",
        f2="9H TH JH QH KH AH 6H 7H 8H",
        f3="9D TD JD QD KD AD 6D",
        f4="9C TC JC QC KC AC 6C 7C 8C",
        w="7D 8D",
    )
    set_up(game, s)
    assert not game.engine.is_won(s) and not game.won
    assert game.over and game.outcome == "no_moves"
    assert game.score == (2, 7 + 8)


def test_an_empty_foundation_says_which_rank_it_waits_for():
    game = Game("egyptian", deal=0)
    assert game.waits_for("f2") == "2" and game.waits_for("f1") is None
    assert game.waits_for("t1") is None
    devils = Game("devils-bridge", deal=0)
    assert devils.waits_for("f1") == "A" and devils.waits_for("f8") == "K"


def test_devils_bridge_s_empty_foundations_name_the_suits_still_free():
    # "A" alone told nothing once a suit had its foundation (players' expectations)
    game = Game("devils-bridge", deal=0)
    while not any(game.pile(f) for f in ("f5", "f6", "f7", "f8")):
        home = [m for m in game.legal_moves if m.b in ("f5", "f6", "f7", "f8")]
        game.play(home[0] if home else next(m for m in game.legal_moves if str(m) == "st>w"))
    (started,) = [f for f in ("f5", "f6", "f7", "f8") if game.pile(f)]
    taken = game.pile(started)[0][1]
    free = "".join(s for s in "SHDC" if s != taken)
    assert {game.waits_for(f) for f in ("f5", "f6", "f7", "f8") if f != started} == {"K" + free}
    assert game.waits_for("f1") == "A"  # the aces' suits are all still free


@pytest.mark.parametrize(
    ("ruleset", "bases", "waits"),
    [
        # one deck: each suit's one base card starts its suit's only foundation (the
        # four said over Сбудется's empty places after its only 8♥ had started one)
        ("sbudetsya", {"f1": "8H"}, "8SDC"),
        ("sbudetsya", {"f1": "8H", "f3": "8C"}, "8SD"),
        ("nechego", {"f1": "7S"}, "7HDC"),
        # two decks: a suit takes none more once both its base cards started one
        ("egyptian", {"f1": "5H"}, "5"),
        ("egyptian", {"f1": "5H", "f4": "5H"}, "5SDC"),
        ("egyptian", {"f1": "5H", "f2": "5S", "f4": "5H", "f7": "5S"}, "5DC"),
    ],
)
def test_empty_foundations_name_the_suits_whose_bases_are_still_to_come(ruleset, bases, waits):
    engine = engine_for(ruleset)
    state = position(engine, **bases)
    empty = [f for f in engine.pile_names if f.startswith("f") and f not in bases]
    assert {engine.waits_for(state, engine.index[f]) for f in empty} == {waits}


def test_a_card_refused_on_an_ace_is_told_the_ranks_go_round():
    # "which needs K (one rank down, any suit)" read as a slip: a King is not below an Ace
    for deal in range(200):
        game = Game("egyptian", deal=deal)
        tops = {n: game.pile(n)[-1] for n in game.pile_names if n.startswith("t") and game.pile(n)}
        on_ace = next((n for n, card in tops.items() if card[0] == "A"), None)
        other = next((n for n, card in tops.items() if card[0] not in "AK"), None)
        if on_ace and other:
            break
    else:
        raise AssertionError("no deal with an Ace on top of a pile")
    reason = game.refusal_reason(f"{other}>{on_ace}")
    assert reason.key == "pile_needs_round" and reason.params["rank"] == "K"
    assert "which needs a King (the ranks go round, any suit)" in game.refusal(f"{other}>{on_ace}")


@pytest.mark.parametrize(
    ("ruleset", "piles", "source", "said"),
    [
        # a second Ace of a suit: its place taken, where "no foundation takes it" said
        # nothing of why (a drag onto one empty foundation said it)
        (
            "devils-bridge",
            {"f1": "AS", "t1": "AS", "st": "5C"},
            "t1",
            "an Ace of spades already starts another foundation",
        ),
        # its own suit's foundation, not another's, says which card comes first
        ("egyptian", {"f1": "5S 6S", "f2": "5H", "t3": "8S", "st": "2C"}, "t3", "needs 7S"),
        # no foundation of its suit: the rank an empty one begins with
        ("egyptian", {"f1": "5S 6S", "t3": "8H", "st": "2C"}, "t3", "only a 5 begins it"),
        # of empty foundations, the one begun nearest the card: a Queen's is a King's
        ("devils-bridge", {"t1": "QS", "st": "5C"}, "t1", "only a King begins it"),
        ("devils-bridge", {"t1": "4S", "st": "5C"}, "t1", "only an Ace begins it"),
    ],
)
def test_a_card_no_foundation_takes_is_refused_by_the_foundation_that_tells_most(
    ruleset, piles, source, said
):
    e = engine_for(ruleset)
    game = set_up(Game(ruleset, deal=0), position(e, **piles))
    assert said in str(game.home_refusal(source))


def test_a_card_a_foundation_takes_has_no_home_refusal():
    e = engine_for("egyptian")
    game = set_up(Game("egyptian", deal=0), position(e, f1="5S 6S", t3="7S", st="2C"))
    assert game.home_refusal("t3") is None
    assert game.home_refusal("t4") is None  # an empty pile: nothing to send
