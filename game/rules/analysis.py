"""Questions about a position that the rules alone can answer, without a solver.

- `is_stuck`: in the building games cards can shuttle between piles for ever, so
  "no legal move" almost never happens; a position is stuck when no sequence of
  pile-to-pile moves leads to anything else (a foundation move, a stock turn, a
  waste card played, a gap refilled).
- `finishing_moves`: the moves that play every remaining card out to the
  foundations, when foundation moves and stock turns alone can do it.
"""

from __future__ import annotations

from collections import deque

from .engine import Engine, State
from .events import MOVE as MOVE_EVENT
from .moves import MOVE, Move


def _shuffles_only(move: Move) -> bool:
    return move.kind == MOVE and move.a[0] == "t" and move.b[0] == "t"


STUCK_SEARCH_LIMIT = 4000  # positions: a few milliseconds, after every move


def is_stuck(engine: Engine, state: State, limit: int = STUCK_SEARCH_LIMIT) -> bool | None:
    """True when the game can make no progress; None when the search gave up at `limit`."""
    if engine.is_over(state):
        return not engine.is_won(state)
    if engine.rules.family != "building":
        return False
    seen = {state}
    queue = deque([state])
    while queue:
        here = queue.popleft()
        for move in engine.legal(here):
            if not _shuffles_only(move):
                return False
            after, events = engine.play(here, move)
            if any(e.kind != MOVE_EVENT for e in events):
                return False
            if after not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(after)
                queue.append(after)
    return True


def finishing_moves(engine: Engine, state: State, limit: int = 400) -> list[Move] | None:
    """Foundation moves and stock turns that win from here, or None."""
    if engine.rules.family != "building" or engine.is_over(state):
        return None
    moves: list[Move] = []
    for _ in range(limit):
        if engine.is_won(state):
            return moves
        legal = engine.legal(state)
        home = [m for m in legal if m.kind == MOVE and m.b[0] == "f"]
        turn = [m for m in legal if m.kind == MOVE and m.a in ("st", "w") and m.b in ("w", "st")]
        if not home and not turn:
            return None
        move = home[0] if home else turn[0]
        state, _ = engine.play(state, move)
        moves.append(move)
    return None
