"""The building solver's shortcuts give what the rules give: the position after a move
without its events, a move that only takes back the last one, and the foundations'
answer kept from one position to the next."""

import random

import pytest

from game.rules import Game
from game.rules.building import BuildingEngine
from game.rules.moves import MOVE
from game.solver.building import BuildingSolver

# The first four let piles pass cards to each other (the old rules' gaps fill from
# the waste, the others' from the stock); in the last two piles take from the waste
# only, or nothing.
BUILDING = [
    ("egyptian", {}),
    ("egyptian", {"draw": 3}),
    ("egyptian-old", {}),
    ("devils-bridge", {}),
    ("sbudetsya", {}),
    ("nechego", {"to_piles": "none"}),
]


def playouts(ruleset, options, games, seed):
    """(position before, move, position after) along random games, to their end."""
    rng = random.Random(seed)
    for _ in range(games):
        game = Game(ruleset, options, deal=rng.randrange(10**6))
        engine = game.engine
        state = game.state
        for _ in range(400):
            moves = engine.legal(state)
            if not moves:
                break
            # pile moves, which come back and forth, more often than the stock
            piles = [m for m in moves if m.kind == MOVE and m.a[0] == "t"]
            move = rng.choice(piles if piles and rng.random() < 0.7 else moves)
            after, _ = engine.play(state, move)
            yield state, move, after
            state = after


@pytest.mark.parametrize("ruleset, options", BUILDING)
def test_the_position_after_a_move_is_the_one_play_gives(ruleset, options):
    checked = 0
    engine = Game(ruleset, options, deal=0).engine
    for _before, _move, state in playouts(ruleset, options, 6, seed=1):
        for move in engine.legal(state):
            assert engine.successor(state, move) == engine.play(state, move)[0]
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("ruleset, options", BUILDING[:4])  # piles to piles
def test_a_move_taking_the_last_back_is_known_exactly_when_it_leads_back(ruleset, options):
    game = Game(ruleset, options, deal=0)
    assert isinstance(game.engine, BuildingEngine)
    solver = BuildingSolver(game.engine, game.state)
    engine = game.engine
    back = not_back = 0
    for before, last, now in playouts(ruleset, options, 12, seed=2):
        for move in engine.legal(now):
            if (move.a, move.b) != (last.b, last.a):
                assert not solver.undoes(move, last, before, now)
                continue
            leads_back = engine.successor(now, move) == before
            assert solver.undoes(move, last, before, now) == leads_back
            back += leads_back
            not_back += not leads_back
    assert back > 50
    # a card dealt into a gap on the way there or back: the same two piles, not the
    # position before (Egyptian Pyramid's gaps fill from the stock, the old rules'
    # from the waste)
    assert not_back > 0


@pytest.mark.parametrize("ruleset", ["devils-bridge", "egyptian"])
def test_the_foundations_answer_is_never_another_positions(ruleset):
    """One engine asked about positions of many games, in any order, lists the moves a
    new engine lists for each: the answer kept from the last position is used only for
    the same foundations."""
    positions = [after for _before, _move, after in playouts(ruleset, {}, 8, seed=3)]
    random.Random(4).shuffle(positions)
    shared = Game(ruleset, deal=0).engine
    homes = set()
    for state in positions:
        fresh = Game(ruleset, deal=0).engine
        assert shared._generate(state) == fresh._generate(state)
        homes.add(state.piles[shared.foundation_slice])
    assert len(homes) > 50  # the foundations differ from one position to the next
