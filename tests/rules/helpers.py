"""Hand-made positions for rule tests: name the piles, get a State of that engine."""

from __future__ import annotations

from game.rules import Game, Move, State, make_engine, parse_move
from game.rules.engine import Engine


def engine_for(ruleset_id: str, **options: object) -> Engine:
    game = Game(ruleset_id, options, deal=0)
    return make_engine(game.rules)


def position(engine: Engine, passes_used: int = 1, **piles: str) -> State:
    """A state with the named piles (cards bottom to top, space separated); others empty.

    Pile names use `_` for `.` (p7_1 is p7.1).
    """
    table: list[tuple[str, ...]] = [() for _ in engine.pile_names]
    for name, cards in piles.items():
        table[engine.index[name.replace("_", ".")]] = tuple(cards.split())
    return State(tuple(table), passes_used)


def legal(engine: Engine, state: State) -> set[str]:
    return {str(m) for m in engine.legal(state)}


def play(engine: Engine, state: State, move: str) -> tuple[State, list[tuple[str, str, str]]]:
    """Play a legal move; returns the new state and its events as (kind, src>dst, cards)."""
    m: Move = parse_move(move)
    assert m in engine.legal_set(state), f"{move} is not legal here: {legal(engine, state)}"
    new, events = engine.play(state, m)
    return new, [(e.kind, f"{e.src}>{e.dst}", " ".join(e.cards)) for e in events]


def pile(engine: Engine, state: State, name: str) -> str:
    return " ".join(state.piles[engine.index[name]])


def set_up(game: Game, state: State) -> Game:
    """The game, with no move played, put at a hand-made position instead of its deal
    (a picture test's case that no deal reaches soon); its history starts there."""
    game.restart()
    assert not game.moves and not game.can_redo, "set up before any move"
    game._checkpoints[0] = game._run[0] = state
    return game
