"""Properties of random legal play, for every ruleset and every option combination.

No card is ever lost or duplicated; no pile holds more than its limit; the state
is the fold of the log at every step; undo back to the start gives the deal and
redo gives the end again.
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import Game, rulesets
from game.rules.replay import run_replay

COMBINATIONS = [
    (ruleset.id, options) for ruleset in rulesets().values() for options in ruleset.combinations()
]


def _name(combo):
    rid, options = combo
    return rid + "".join(f"-{k}={v}" for k, v in options.items())


def _all_cards(game):
    return Counter(c for pile in game.state.piles for c in pile)


@pytest.mark.parametrize("combo", COMBINATIONS, ids=[_name(c) for c in COMBINATIONS])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.integers(min_value=0, max_value=2**32),
    choices=st.lists(st.integers(0, 999), min_size=1, max_size=250),
    resign=st.booleans(),
)
def test_random_legal_play_keeps_every_invariant(combo, deal, choices, resign):
    rid, options = combo
    game = Game(rid, options, deal=deal)
    deck = Counter(game.deck)
    limit = game.rules.pile_limit or 1
    tableau = [n for n in game.pile_names if n[0] == "t"]
    events = list(game.deal_events)
    for choice in choices:
        moves = list(game.legal_moves)
        if not moves:
            break
        action = game.play(moves[choice % len(moves)])
        events.extend(action.events)
        assert _all_cards(game) == deck
        assert all(len(game.pile(t)) <= limit for t in tableau)
        assert game.engine.fold(events) == game.state
    if resign and not game.over:
        events.extend(game.play("resign").events)
        assert game.over and not game.legal_moves
        assert game.engine.fold(events) == game.state
    end = game.state
    assert run_replay(game.to_replay()).state == end
    while game.undo():
        pass
    assert game.state == game.initial_state
    assert game.state == Game(rid, options, deal=deal).state
    while game.redo():
        pass
    assert game.state == end


@pytest.mark.parametrize("rid", list(rulesets()))
@settings(max_examples=10, deadline=None)
@given(deal=st.integers(min_value=0, max_value=2**40))
def test_every_deal_uses_the_whole_deck(rid, deal):
    game = Game(rid, deal=deal)
    assert _all_cards(game) == Counter(game.rules.deck.unshuffled())
