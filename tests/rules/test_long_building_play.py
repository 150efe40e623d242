"""Long play of the building games, leaning towards building on the piles.

Uniform random play of a few hundred moves never fills a pile to its limit and
rarely leaves a gap once the stock has run out; play that prefers pile-to-pile
moves over the whole stock reaches both, so the limit and the gaps' rules are
exercised among every other move, not only in hand-made positions.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import Game, rulesets
from game.rules.moves import MOVE, TABLEAU, WASTE, pile_kind
from game.rules.replay import run_replay

BUILDING = [r.id for r in rulesets().values() if r.family == "building"]
MAX_MOVES = 2_000


@dataclass
class Reached:
    full_pile: bool = False
    gap_after_stock: bool = False


def _builds(move) -> bool:
    return move.kind == MOVE and pile_kind(move.b) == TABLEAU and move.a != "st"


def play_leaning_to_build(game: Game, rng: random.Random) -> Reached:
    """Play until no move is left or MAX_MOVES, checking the invariants at each step."""
    deck = Counter(game.deck)
    limit = game.rules.pile_limit
    tableau = [n for n in game.pile_names if pile_kind(n) == TABLEAU]
    reached = Reached()
    for _ in range(MAX_MOVES):
        moves = list(game.legal_moves)
        if not moves:
            break
        builds = [m for m in moves if _builds(m)]
        game.play(rng.choice(builds if builds and rng.random() < 0.8 else moves))

        assert Counter(c for p in game.state.piles for c in p) == deck
        full = {t for t in tableau if len(game.pile(t)) == limit}
        assert all(len(game.pile(t)) <= limit for t in tableau)
        # a full pile takes nothing more, whatever its top card
        assert not [m for m in game.legal_moves if m.kind == MOVE and m.b in full]
        reached.full_pile |= bool(full)
        gaps = [t for t in tableau if not game.pile(t)]
        if gaps and not game.pile("st"):
            reached.gap_after_stock = True
            if WASTE in game.rules.gap_takes and game.pile("w") and not game.over:
                # a gap once the stock is out takes the waste's top card
                assert {m.b for m in game.legal_moves if m.kind == MOVE and m.a == "w"} >= set(gaps)
    return reached


@pytest.mark.parametrize("rid", BUILDING)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(min_value=0, max_value=2**32), seed=st.integers(0, 2**32))
def test_long_play_keeps_every_invariant_and_replays(rid, deal, seed):
    game = Game(rid, deal=deal)
    play_leaning_to_build(game, random.Random(seed))
    end = game.state
    assert game.engine.fold(list(game.deal_events) + list(game.events)) == end
    assert run_replay(game.to_replay()).state == end
    game.restart()
    assert game.state == Game(rid, deal=deal).state


@pytest.mark.parametrize("rid", ["egyptian", "egyptian-old", "devils-bridge"])
def test_play_leaning_to_build_reaches_a_full_pile(rid):
    # the property above is only as good as the positions it reaches
    rng = random.Random(7)
    assert any(play_leaning_to_build(Game(rid, deal=d), rng).full_pile for d in range(20))


@pytest.mark.parametrize("rid", ["egyptian", "devils-bridge", "sbudetsya", "nechego"])
def test_play_leaning_to_build_reaches_a_gap_after_the_stock(rid):
    rng = random.Random(7)
    assert any(play_leaning_to_build(Game(rid, deal=d), rng).gap_after_stock for d in range(20))
