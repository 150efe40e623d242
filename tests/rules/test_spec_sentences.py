"""Spec sentences no other test held the rules engine to: each test names the change
in the engine (or in a level file) it catches, and quotes the spec."""

from collections import Counter

import pytest

from game.rules import DECKS, Game
from tests.spec import RULESET_IDS

# Score: "Building family: A 1, 2..10 face value, J 11, Q 12, K 13."
BUILDING_VALUES = {r: i + 1 for i, r in enumerate("A23456789TJQK")}
# "pyramid36: 6..10 face value, A 11, J 12, Q 13, K 19 ... pyramid52: A 1, 2..10 face
# value, J 11, Q 12, K 13"
PYRAMID36_VALUES = {"6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "A": 11, "J": 12, "Q": 13, "K": 19}
SPEC_VALUES = {
    **{rid: BUILDING_VALUES for rid in RULESET_IDS[:5]},
    "pyramid36": PYRAMID36_VALUES,
    "pyramid52": BUILDING_VALUES,
}


def _every_choice(ruleset_id: str, key: str) -> list[dict[str, object]]:
    ruleset = Game(ruleset_id, deal=0).ruleset
    keys = [o.key for o in ruleset.options]
    if key not in keys:
        return [{}]
    return [{key: choice} for choice in ruleset.option(key).choices]


CASES = [(rid, opts) for rid in RULESET_IDS for opts in _every_choice(rid, "cards")]


@pytest.mark.parametrize("ruleset_id, options", CASES)
def test_a_deal_scores_the_spec_values_of_every_card_not_cleared(ruleset_id, options):
    # Score: "remaining_points: the sum of their values" -- in every ruleset and deck
    # (nechego's 36 and 32 cards too: its Ace is 1, as in the building family, not the
    # 11 of pyramid36). Kills mutant val-A-nechego (levels/nechego.toml A = 11).
    game = Game(ruleset_id, options, deal=0)
    off = Counter(game.deck)
    for name in game.pile_names:
        if name.startswith("f"):  # dealt home: the base card
            off.subtract(game.pile(name))
    remaining = list(off.elements())
    values = SPEC_VALUES[ruleset_id]
    assert game.score == (len(remaining), sum(values[c[0]] for c in remaining))


@pytest.mark.parametrize("base", ["K", "A"])
def test_base_option_takes_the_deck_top_card_when_it_is_of_that_rank(base):
    # Deal: "With base = K or A, the first card of that rank in deck order is taken out
    # and put on f1 instead, and dealing goes on from the top." The first card of the
    # deck may itself be that card. Kills mutant base-K-skip-top (a top card of the
    # base rank passed over for the next one).
    cards = DECKS["2x52"].unshuffled()
    top = base + "S"
    cards.remove(top)
    deck = [top, *cards]
    game = Game("egyptian", {"base": base}, deck=deck)
    assert game.pile("f1") == (top,)
    assert [game.pile(f"t{i}") for i in range(1, 9)] == [(c,) for c in deck[1:9]]
    assert game.pile("st") == tuple(reversed(deck[9:]))


@pytest.mark.parametrize("ruleset_id", RULESET_IDS[:5])
def test_the_waste_top_and_pile_tops_are_movable_foundations_and_stock_not(ruleset_id):
    # Building family: "Only the top card of a pile, and the top card of the waste, can
    # move." (Game.movable is what lets a player pick a card up.) Kills mutant
    # b-waste-not-movable (the waste's top card not movable).
    game = Game(ruleset_id, deal=0)
    assert not game.movable("w")  # empty
    game.play("st>w")
    assert game.movable("w")
    assert all(game.movable(f"t{i}") for i in range(1, 9))
    assert not game.movable("st")
    assert not any(game.movable(n) for n in game.pile_names if n.startswith("f"))


def test_a_turn_of_three_from_a_short_stock_says_and_turns_what_is_left():
    # Stock: "st>w turns ... up to three (draw 3, one after another, the last on top)".
    # 95 cards in the stock: after 31 turns of three, 2 are left. Game.cards_per_turn
    # words the move ("turn 2 cards"). Kills mutant cards-per-turn (always 3).
    game = Game("egyptian", {"draw": 3}, deal=0)
    assert game.cards_per_turn == 3
    while len(game.pile("st")) >= 3:
        game.play("st>w")
    stock, waste = game.pile("st"), game.pile("w")
    assert len(stock) == 2 and game.cards_per_turn == 2
    game.play("st>w")
    assert game.pile("st") == () and game.pile("w") == waste + stock[::-1]
    assert game.cards_per_turn == 0


def test_an_engine_kept_for_another_ruleset_at_the_same_address_is_not_reused(monkeypatch):
    # Not a spec sentence: game._engine_for keys its cache by id(ruleset) and checks
    # that the kept ruleset is this one ("the same ruleset, not one at its address"); a
    # freed ruleset's address can be reused. Kills mutant engine-cache-identity.
    from game.rules import game as game_module
    from game.rules.ruleset import get_ruleset

    egyptian, sbudetsya = get_ruleset("egyptian"), get_ruleset("sbudetsya")
    options = sbudetsya.choose(None)
    stale = game_module.make_engine(egyptian.rules(dict(egyptian.choose(None))))
    key = (id(sbudetsya), tuple(sorted(options.items())))
    monkeypatch.setitem(game_module._ENGINES, key, (egyptian, stale))
    game = Game(sbudetsya, deal=0)
    assert game.engine is not stale and game.engine.rules.ruleset_id == "sbudetsya"
