"""A hint without a solver: the most useful-looking legal move.

Foundation moves and pairs first, then cards played from the waste, then pile
moves that uncover something, then turning the stock.
"""

from __future__ import annotations

from game.rules import Game, Move
from game.rules.moves import MOVE, PAIR, SINGLE


def _rank(game: Game, move: Move) -> int:
    if move.kind in (PAIR, SINGLE):
        return 0
    if move.kind != MOVE:
        return 9
    if move.b.startswith("f"):
        return 0
    if move.a == "w":
        return 1
    if move.a.startswith("t") and move.b.startswith("t"):
        under = game.pile(move.a)
        # a move that empties a pile or uncovers a card that can go home
        return 2 if len(under) <= 1 else 3
    if move.a == "st":
        return 4
    return 5


def suggest(game: Game) -> Move | None:
    moves = list(game.legal_moves)
    if not moves:
        return None
    return min(moves, key=lambda m: _rank(game, m))
