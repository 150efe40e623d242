"""Pinned deals and move counts: a deal number means the same deal for ever."""

import json
from pathlib import Path

import pytest

from game.rules import DECKS, Game, rulesets
from tools.make_golden import DEPTH, perft

GOLDEN = json.loads((Path(__file__).parent / "golden" / "deals.json").read_text("utf-8"))


def test_deal_0_starts_as_the_spec_prints_it():
    assert DECKS["52"].shuffled(0)[:10] == [
        "4S",
        "QD",
        "5S",
        "8D",
        "8S",
        "2S",
        "7S",
        "5H",
        "TD",
        "TC",
    ]
    assert DECKS["36"].shuffled(0)[:10] == [
        "6S",
        "9S",
        "9D",
        "TD",
        "6H",
        "8S",
        "KD",
        "KS",
        "8H",
        "TC",
    ]


def test_unshuffled_decks_run_by_suit_from_the_lowest_rank_of_the_cycle():
    assert DECKS["36"].unshuffled()[:10] == [
        "6S",
        "7S",
        "8S",
        "9S",
        "TS",
        "JS",
        "QS",
        "KS",
        "AS",
        "6H",
    ]
    assert DECKS["32"].unshuffled()[:9] == ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "7H"]
    assert DECKS["2x52"].unshuffled() == DECKS["52"].unshuffled() * 2


def test_golden_file_covers_every_ruleset_and_option_combination():
    expected = {
        r.id + "".join(f" {k}={v}" for k, v in o.items())
        for r in rulesets().values()
        for o in r.combinations()
    }
    assert set(GOLDEN) == expected


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_pinned_deals_and_move_counts(key):
    entry = GOLDEN[key]
    for number, pinned in entry["deals"].items():
        game = Game(entry["ruleset"], entry["options"], deal=int(number))
        assert " ".join(game.deck) == pinned["deck"]
        counts = [perft(game.engine, game.state, d) for d in range(1, DEPTH + 1)]
        assert counts == pinned["perft"], f"deal {number}"


def test_a_random_deal_is_a_nine_digit_number_reproducible_from_its_generator():
    import random

    from game.rules import random_deal

    drawn = [random_deal(random.Random(5)) for _ in range(2)]
    assert drawn[0] == drawn[1]
    many = {random_deal() for _ in range(200)}
    assert all(0 <= n < 10**9 for n in many) and len(many) > 190
    # nine digits, not eight: 200 draws all under 10**8 would be a 1 in 10**200 chance
    assert max(many) >= 10**8
