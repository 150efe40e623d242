"""The game object: the log, undo and redo, resign, notation and the legal-moves view."""

import pytest

from game.rules import Event, Game, IllegalMove, Move, RulesError, State, parse_card, parse_move
from game.rules.cards import DECKS, parse_deck
from game.rules.moves import MOVE
from game.rules.replay import run_replay
from tests.store.helpers import DEAL_8_WIN


def test_play_records_the_move_and_its_events_and_undo_redo_move_a_cursor():
    game = Game("pyramid52", deal=0)
    start = game.state
    action = game.play("p7.2+st")
    after = game.state
    assert game.moves == [parse_move("p7.2+st")]
    assert [e.kind for e in action.events] == ["remove", "remove"]
    assert game.undo() == action and game.state == start and game.can_redo
    assert game.redo() == action and game.state is after
    assert game.redo() is None


def test_a_new_move_after_undo_drops_the_undone_actions():
    game = Game("pyramid52", deal=0)
    game.play("st>w")
    game.undo()
    game.play("p7.2+st")
    assert not game.can_redo
    assert [str(m) for m in game.moves] == ["p7.2+st"]


def test_a_long_game_taken_back_and_played_again_gives_each_position_it_passed():
    """A long game keeps whole states only now and then: every position undo and redo
    come to is still the one play passed through, and a branch played after going
    back past many moves folds from the right place."""
    import random

    rng = random.Random(3)
    game = Game("egyptian", deal=7)
    passed = [game.state]
    while len(passed) <= 300:  # 300 moves
        game.play(rng.choice(list(game.legal_moves)))
        passed.append(game.state)
    for back in range(299, -1, -1):
        game.undo()
        assert game.state == passed[back]
    for ahead in range(1, 301):
        game.redo()
        assert game.state == passed[ahead]
    for _ in range(170):
        game.undo()
    assert game.state == passed[130]
    branch = next(m for m in game.legal_moves if m != game.undone[0].move)
    game.play(branch)
    events = [*game.deal_events, *(e for a in game.actions for e in a.events)]
    assert game.engine.fold(events) == game.state and len(game.moves) == 131
    assert not game.can_redo


def test_undo_at_the_start_does_nothing():
    game = Game("egyptian", deal=0)
    assert game.undo() is None and not game.can_undo


def test_restart_goes_back_to_the_deal_and_keeps_redo():
    game = Game("egyptian", deal=0)
    for m in ["st>w", "st>w", "t2>f2"]:
        game.play(m)
    game.undo()
    game.restart()
    assert game.state == game.initial_state and len(game.moves) == 0
    assert game.undo_count == 2  # an undo, and a Restart counted once: one press each
    game.restart()  # at the deal already: nothing taken back, nothing counted
    assert game.undo_count == 2
    while game.redo():
        pass
    assert len(game.moves) == 3


def test_illegal_move_is_refused_with_a_reason_and_changes_nothing():
    game = Game("egyptian", deal=0)
    before = game.state
    with pytest.raises(IllegalMove) as err:
        game.play("t1>f1")
    assert str(err.value) == "9D cannot go on f1, which needs 3S"
    assert err.value.refusal.key == "needs"
    assert game.state is before and game.moves == []
    assert game.refusal("t1>f1") == "9D cannot go on f1, which needs 3S"
    assert game.refusal("st>w") is None


def test_unknown_pile_and_unreadable_move_are_refused_in_words():
    game = Game("egyptian", deal=0)
    with pytest.raises(IllegalMove, match="there is no t9 in this game"):
        game.play("t9>f1")
    with pytest.raises(IllegalMove, match="is not a move"):
        game.play("x>>y")
    with pytest.raises(IllegalMove, match="there is no p1.1 in this game"):
        game.play("p1.1+st")
    # a pair in a building game, or a move in a pyramid game, is quoted as written
    with pytest.raises(IllegalMove) as err:
        game.play(" t1+st ")
    assert str(err.value).startswith("'t1+st' is not a move")
    assert game.refusal("t1+st").startswith("'t1+st' is not a move")
    pyramid = Game("pyramid52", deal=0)
    with pytest.raises(IllegalMove) as err:
        pyramid.play("ST>P7.1")
    assert str(err.value).startswith("'ST>P7.1' is not a move")
    # a number of thousands of digits ended in Python's ValueError, and was quoted whole
    for long_name in ("t" + "9" * 5000 + ">f1", "p" + "9" * 5000 + ".1+st"):
        with pytest.raises(IllegalMove, match="is not a move") as err:
            pyramid.play(long_name)
        assert len(str(err.value)) < 150


def test_cards_are_read_with_10_for_t_and_with_suit_symbols():
    written = ["10♥", "10h", "q♦", "A♠", "7♣", "th", "5♥"]
    assert [parse_card(t) for t in written] == ["TH", "TH", "QD", "AS", "7C", "TH", "5H"]


def test_a_text_quoted_back_is_cut_only_past_40_characters():
    from game.rules.errors import quoted

    assert quoted("x" * 40) == "x" * 40
    assert quoted("x" * 41) == "x" * 39 + "…"


def test_moves_are_read_case_insensitively():
    assert parse_move("ST>W") == Move("move", "st", "w")
    assert parse_move(" P7.1 + P7.4 ") == parse_move("p7.1+p7.4")
    assert parse_move("RESIGN") == Move("resign")


def test_resign_ends_the_game_counts_as_a_move_and_leaves_no_legal_move():
    game = Game("pyramid52", deal=0)
    game.play("st>w")
    game.play("resign")
    assert game.over and game.outcome == "resigned" and not game.legal_moves
    assert len(game.moves) == 2
    assert game.score == (52, 4 * sum(range(1, 14)))  # the score is what remains
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play("resign")
    with pytest.raises(IllegalMove, match="the game is over"):
        game.resign()  # the same move, by its name
    game.undo()
    assert not game.over
    game.resign()
    assert game.outcome == "resigned" and str(game.moves[-1]) == "resign"


def test_resign_is_not_listed_as_a_legal_move():
    game = Game("pyramid52", deal=0)
    assert "resign" not in [str(m) for m in game.legal_moves]
    assert "resign" not in game.legal_moves


def test_legal_moves_view_iterates_counts_and_tests_membership():
    game = Game("egyptian", deal=0)
    moves = game.legal_moves
    assert len(moves) == moves.count() == len(list(moves)) == 15
    assert "t2>f5" in moves and parse_move("t2>f5") in moves
    assert "t2>t1" not in moves and "garbage" not in moves
    assert bool(moves)


def test_each_equivalent_target_is_listed_once():
    game = Game("egyptian", deal=0)  # t2 holds 2D, a base card, and f2..f8 are empty
    listed = [str(m) for m in game.legal_moves]
    assert len(listed) == len(set(listed))
    assert {f"t2>f{i}" for i in range(2, 9)} <= set(listed)


def test_states_differ_by_their_pass_and_by_a_give_up():
    # every fold and replay check compares states with ==: a redeal that the fold did
    # not count would pass them unseen
    piles = Game("sbudetsya", {"passes": 2}, deal=0).state.piles
    assert State(piles, 1) == State(piles, 1)
    assert State(piles, 1) != State(piles, 2)
    assert State(piles, 1, False) != State(piles, 1, True)


def test_an_event_that_names_a_card_not_on_top_of_its_pile_does_not_fold():
    # a wrong log fails loudly instead of moving another card (deal 0: t1 holds 9D,
    # t2 holds 2D)
    game = Game("egyptian", deal=0)
    with pytest.raises(ValueError, match="does not fit"):
        game.engine.apply(game.state, Event("move", "t1", "f2", ("2D",)))


def test_state_is_the_fold_of_the_deal_and_every_event():
    game = Game("egyptian", {"draw": 3}, deal=4)
    for _ in range(40):
        moves = list(game.legal_moves)
        game.play(moves[len(game.moves) % len(moves)])
    folded = game.engine.fold(list(game.deal_events) + game.events)
    assert folded == game.state


def test_a_game_needs_a_deal_or_a_deck_and_refuses_a_wrong_deck():
    with pytest.raises(RulesError):
        Game("pyramid52")
    with pytest.raises(RulesError, match="52 cards"):
        Game("pyramid52", deck=["AS"] * 36)
    # a card of another deck is named, not only the card it stands in for
    deck = Game("pyramid36", deal=0).deck
    strange = [("2S" if str(card) == "6H" else str(card)) for card in deck]
    with pytest.raises(RulesError, match="2S is not a card of a 36-card deck"):
        Game("pyramid36", deck=strange)
    with pytest.raises(RulesError, match="6H is in the deck 2 times"):
        Game("pyramid36", deck=[("6H" if str(card) == "7H" else str(card)) for card in deck])
    # the card doubled is named, whichever of the two comes first in a fresh deck
    deck52 = [str(card) for card in Game("pyramid52", deal=0).deck]
    doubled = [("AD" if card == "KS" else card) for card in deck52]
    with pytest.raises(RulesError, match="AD is in the deck 2 times"):
        Game("pyramid52", deck=doubled)
    # a deck written with commas is one long word, quoted cut short
    with pytest.raises(ValueError) as refused:
        parse_deck(",".join(deck52), DECKS["52"])
    assert len(str(refused.value)) < 120 and "…" in str(refused.value)
    with pytest.raises(RulesError, match="unknown ruleset"):
        Game("pyramid53", deal=0)
    # a deal number and a deck too: which one the game is would be a guess
    with pytest.raises(RulesError, match="not both"):
        Game("pyramid52", deal=0, deck=deck52)
    with pytest.raises(RulesError, match="cannot be 2"):
        Game("pyramid52", {"passes": 2}, deal=0)


def test_to_replay_round_trips_through_run_replay():
    game = Game("devils-bridge", {"draw": 3}, deal=77)
    for _ in range(30):
        game.play(next(iter(game.legal_moves)))
    again = run_replay(game.to_replay())
    assert again.state == game.state and again.moves == game.moves
    home = sorted(c for i in range(1, 9) for c in game.pile(f"f{i}"))
    assert home == ["2H", "AC", "AH", "KC", "KS"]
    # the claim is the figures of the table, not the score read back: two decks of
    # 728 points, less the five cards home
    claim = game.to_replay(result=True)["result"]
    assert claim == {
        "won": False,
        "remaining_cards": 104 - 5,
        "remaining_points": 728 - (2 + 1 + 1 + 13 + 13),
        "moves": 30,
    }


def test_engine_refills_are_events_never_moves():
    game = Game("egyptian", deal=0)
    game.play("t2>f2")
    assert [str(m) for m in game.moves] == ["t2>f2"]
    assert [e.kind for e in game.events] == ["move", "refill"]


def test_movable_names_the_piles_whose_top_card_may_be_played():
    game = Game("egyptian", deal=0)
    assert game.movable("t1") and not game.movable("f1") and not game.movable("st")
    assert not game.movable("w")  # empty
    pyramid = Game("pyramid52", deal=0)
    assert pyramid.movable("p7.1") and pyramid.movable("st")
    assert not pyramid.movable("p6.1") and not pyramid.movable("w")


def test_giving_up_is_in_the_replay_but_no_move_made_on_the_table():
    game = Game("pyramid52", deal=8)
    for move in DEAL_8_WIN[:3]:
        game.play(move)
    game.undo()
    assert game.moves_made == 2
    game.play("resign")
    assert len(game.moves) == 3 and str(game.moves[-1]) == "resign"  # the spec's count
    assert game.moves_made == 2
    assert game.to_replay(result=True)["result"]["moves"] == 3  # the replay's, the spec's


def test_every_pile_name_has_its_kind():
    from game.rules.moves import (
        FOUNDATION,
        OUT,
        PYRAMID,
        STOCK,
        TABLEAU,
        WASTE,
        pile_kind,
        pyramid_row,
    )

    kinds = {STOCK: "st", WASTE: "w", FOUNDATION: "f", TABLEAU: "t", PYRAMID: "p", OUT: "out"}
    for ruleset in ("egyptian", "devils-bridge", "nechego", "pyramid36", "pyramid52"):
        for name in Game(ruleset, deal=1).pile_names:
            assert name.startswith(kinds[pile_kind(name)]), name
    assert pyramid_row("p7.1") == 7 and pyramid_row("p1.1") == 1


def test_only_the_pyramid_games_show_the_stock_s_top_card():
    assert Game("pyramid52", deal=1).shows_stock_top
    assert not Game("egyptian", deal=1).shows_stock_top


def test_a_card_dropped_on_another_pairs_them_in_the_pyramid_games_and_moves_it_in_the_others():
    pyramid = Game("pyramid52", deal=0)
    assert pyramid.pairs_cards
    assert pyramid.move_between("p7.2", "st") == parse_move("p7.2+st")
    pyramid.play(pyramid.move_between("p7.2", "st"))  # deal 0 pairs these two (see above)
    building = Game("egyptian", deal=1)
    assert not building.pairs_cards
    assert building.move_between("t1", "f1") == parse_move("t1>f1")


def test_an_action_that_takes_a_card_off_the_stock_says_so():
    # taken back, the card lies on the stock seen: turned, dealt into a gap, or paired
    # with the stock's top card, which showed the card under it
    game = Game("pyramid52", deal=0)
    assert game.play("p7.2+st").took_from_stock
    assert game.play("st>w").took_from_stock
    assert Game("egyptian", deal=0).play("t2>f2").took_from_stock  # its gap filled from it
    assert not Game("pyramid52", deal=1).play("p7.4+p7.6").took_from_stock


@pytest.mark.parametrize(
    ("ruleset", "options"), [("pyramid36", {"passes": 3}), ("sbudetsya", {"passes": 2})]
)
def test_on_first_pass_until_the_waste_is_turned_back(ruleset, options):
    # what an Undo of a stock card costs a fortune or a table's place hangs on it
    game = Game(ruleset, options, deal=1)
    while "st>w" in {str(m) for m in game.legal_moves}:
        game.play("st>w")
        assert game.on_first_pass
    game.play("w>st")
    assert not game.on_first_pass
    game.undo()
    assert game.on_first_pass


def test_a_card_cleared_is_one_fewer_counting_against_the_game_than_at_its_deal():
    game = Game("pyramid52", deal=0)
    game.play("st>w")
    assert not game.cleared_a_card  # turned, not cleared
    pair = next(m for m in game.legal_moves if m.kind in ("pair", "single"))
    game.play(pair)
    assert game.cleared_a_card
    # a building game's base card is dealt home: it counts for the game from the start
    egyptian = Game("egyptian", deal=0)
    assert not egyptian.cleared_a_card
    home = next((m for m in egyptian.legal_moves if m.kind == "move" and m.b.startswith("f")), None)
    while home is None:
        egyptian.play("st>w")
        home = next(
            (m for m in egyptian.legal_moves if m.kind == "move" and m.b.startswith("f")), None
        )
    egyptian.play(home)
    assert egyptian.cleared_a_card


def test_games_of_one_ruleset_and_options_share_their_engine_and_nothing_else():
    # the engine's tables were made anew for every game: half a Pyramid playout's time
    first, second = Game("pyramid52", deal=1), Game("pyramid52", {"passes": 1}, deal=2)
    assert first.engine is second.engine
    assert Game("pyramid52", {"passes": 3}, deal=1).engine is not first.engine
    alone = Game("pyramid52", deal=2)
    first.play(next(iter(first.legal_moves)))
    second.play(next(iter(second.legal_moves)))
    assert [str(m) for m in second.legal_moves] != [] and alone.state != second.state
    assert set(map(str, Game("pyramid52", deal=2).legal_moves)) == set(map(str, alone.legal_moves))


def test_a_pair_move_given_the_other_way_round_is_played_as_written_in_order():
    # a Move(PAIR, "st", "p7.2") was refused with "8C and 5D make 13, not 13"
    game = Game("pyramid52", deal=0)
    ordered = next(m for m in game.legal_moves if m.kind == "pair")
    turned = Move("pair", ordered.b, ordered.a)
    assert game.refusal(turned) is None
    game.play(turned)
    assert game.moves == [ordered]


@pytest.mark.parametrize("deal", [-1, True, 1.5])
def test_a_deal_that_is_no_deal_number_is_the_rules_error(deal):
    with pytest.raises(RulesError, match="deal number"):
        Game("pyramid52", deal=deal)


@pytest.mark.parametrize("ruleset, passes", [("pyramid52", 3), ("sbudetsya", 2), ("egyptian", 1)])
def test_passes_left_counts_the_turns_of_the_waste_still_allowed(ruleset, passes):
    # the table shows it as the pass the player is on
    game = Game(ruleset, {"passes": passes} if passes > 1 else {}, deal=3)
    for left in range(passes - 1, -1, -1):
        assert game.passes_left == left
        assert game.pass_number == passes - left  # "Pass 2 of 3" on the top bar
        while game.pile("st"):
            game.play("st>w")
        if left:
            game.play("w>st")
    assert game.passes_left == 0


@pytest.mark.parametrize("ruleset, passes", [("pyramid52", 3), ("sbudetsya", 2), ("egyptian", 1)])
def test_a_press_on_the_stock_turns_it_then_turns_the_waste_over_while_a_pass_is_left(
    ruleset, passes
):
    game = Game(ruleset, {"passes": passes} if passes > 1 else {}, deal=3)
    for _pass in range(passes):
        assert game.stock_move == Move(MOVE, "st", "w")
        while game.pile("st"):
            game.play(game.stock_move)
        if _pass < passes - 1:
            assert game.stock_move == Move(MOVE, "w", "st")
            game.play(game.stock_move)
    assert game.stock_move is None  # no pass left
    game.undo()
    game.resign()
    assert game.stock_move is None  # a game over plays nothing
