"""A hint without a solver: the most useful-looking legal move.

Foundation moves and pairs first, then cards played from the waste, then pile
moves that empty a pile or uncover a card with somewhere to go, then turning the
stock, then moves that only shift a card; never, while another is left, one back to
a position the game has just been in.
"""

from __future__ import annotations

from game.rules import Game, Move
from game.rules.moves import MOVE, PAIR, REDEAL_MOVE, SINGLE, STOCK_TURN

SEEN_MOVES = 64  # how far back a position counts as one the game has just been in


def move_rank(game: Game, move: Move) -> int:
    """How likely a move looks, 0 first."""
    if move.kind in (PAIR, SINGLE):
        return 0
    if move.kind != MOVE:
        return 9
    if move in (STOCK_TURN, REDEAL_MOVE):
        # the stock last: a turned card cannot be taken back into it (nor the waste,
        # once turned over, be had in its order again)
        return 4
    if move.b.startswith("f"):
        return 0
    if move.a == "w":
        return 1
    if move.a.startswith("t") and move.b.startswith("t"):
        # a move that empties a pile (the stock fills it, or it takes any card) before
        # one that uncovers a card with somewhere to go; one that only shifts a card
        # after the stock: hints rotated a few cards through the piles, press after
        # press, the stock untouched
        if len(game.pile(move.a)) <= 1:
            return 2
        return 3 if _opens_a_way(game, move) else 6
    return 5


def _opens_a_way(game: Game, move: Move) -> bool:
    """Whether a move between piles lets a card go home, or the waste's card onto a
    pile, where none could before."""
    engine, state = game.engine, game.state
    before = engine.legal_set(state)
    after = engine.legal(engine.play(state, move)[0])
    return any(
        m.b.startswith("f") or m.a == "w" for m in after if m.kind == MOVE and m not in before
    )


def suggest(game: Game) -> Move | None:
    """The likeliest move that leads nowhere the game has just been: a card sent back
    where it came from, or round four piles, was suggested again and again, for ever."""
    moves = list(game.legal_moves)
    if not moves:
        return None
    seen = {state.piles for state in game.recent_states(SEEN_MOVES)}

    def rank(move: Move) -> tuple[bool, int]:
        back = game.engine.play(game.state, move)[0].piles in seen
        return back, move_rank(game, move)

    return min(moves, key=rank)
