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


def moves_by_the_rules(solver, state, rng=None, spread=1.0):
    """The solver's moves as its docstring orders them, from the rules' legal list:
    the reference for the list the solver makes itself."""
    engine = solver.engine
    if solver.home_order and solver._buried(state):
        return []
    legal = engine.legal(state)
    for move in legal:
        if move.kind == MOVE and move.b[0] == "f" and solver._safe(state, move):
            return [move]
    piles = state.piles
    wanted = engine.foundation_needs(piles)

    def kind(move):
        if move.b[0] == "f":
            return 0
        if move.a == "w":
            return 1  # the waste's card, or turning the waste over
        if move.a[0] == "t":
            src = piles[engine.index[move.a]]
            return 2 if len(src) == 1 or src[-2] in wanted else 4
        return 3  # the stock

    if rng is None:
        return sorted(legal, key=kind)
    return sorted(legal, key=lambda m: kind(m) + rng.random() * (spread if kind(m) else 1.0))


@pytest.mark.parametrize(
    "ruleset, options", [*BUILDING, ("nechego", {}), ("nechego", {"passes": 2})]
)
def test_the_solver_lists_the_rules_legal_moves_in_its_order(ruleset, options):
    """Same moves, same order, same random draws: the search is the one it was when
    the solver sorted the rules' list, position for position."""
    game = Game(ruleset, options, deal=0)
    solver = BuildingSolver(game.engine, game.state)
    checked = 0
    for n, (_before, _move, state) in enumerate(playouts(ruleset, options, 12, seed=5)):
        mine = solver.moves(state)
        assert mine == moves_by_the_rules(solver, state)
        if len(mine) > 1:  # not a safe move alone: every legal move, once
            assert sorted(mine) == sorted(game.engine.legal(state))
        for spread in (1.0, 4.0):
            draws = solver.moves(state, random.Random(n), spread)
            assert draws == moves_by_the_rules(solver, state, random.Random(n), spread)
        checked += 1
    assert checked > 300


@pytest.mark.parametrize(
    "ruleset, options", [*BUILDING, ("nechego", {"passes": 2}), ("sbudetsya", {"passes": 2})]
)
def test_two_positions_share_a_key_exactly_when_they_are_the_same(ruleset, options):
    """The key leaves out the piles' order and which of two like foundations holds
    what, and keeps a foundation's top card alone; it is held to the whole position
    with just those left out, both ways. Every position one move from random lines of
    one deal (a move that sends no card home leaves the foundations' part of the key
    as it was), and with two passes, lines past the redeal."""
    game = Game(ruleset, options, deal=7)
    engine = game.engine
    solver = BuildingSolver(engine, game.state)
    rng = random.Random(8)
    keys: dict[tuple[object, ...], tuple[object, ...]] = {}
    wholes: dict[tuple[object, ...], tuple[object, ...]] = {}
    redealt = 0
    for _ in range(10):
        state = game.state
        key = solver.key(state)
        for _ in range(200):
            moves = engine.legal(state)
            if not moves:
                break
            for move in moves:
                after = engine.successor(state, move)
                # the foundations' part taken from the last key when no card went home
                after_key = solver.key(after, key, move)
                piles = after.piles
                whole = (
                    tuple(sorted(piles[solver.tableau_slice])),
                    piles[0],
                    piles[1],
                    tuple(tuple(sorted(piles[g])) for g in solver.groups),
                    after.passes_used,
                )
                assert keys.setdefault(after_key, whole) == whole
                assert wholes.setdefault(whole, after_key) == after_key
            move = rng.choice(moves)
            before, state = state, engine.successor(state, move)
            key = solver.key(state, key, move)
            redealt += state.passes_used > before.passes_used
    assert len(keys) > 300
    if options.get("passes") == 2:
        assert redealt > 3
