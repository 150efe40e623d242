"""Questions about a position that the rules alone can answer, without a solver.

- `is_stuck`, and `stuck_search` that searches in slices: in the building games
  cards can shuttle between piles for ever, so "no legal move" almost never happens;
  a position is stuck when no sequence of pile-to-pile moves leads to anything else
  (a foundation move, a stock turn, a waste card played, a gap refilled).
- `finishing_moves`: the moves that play every remaining card out to the
  foundations, when foundation moves and stock turns alone can do it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from .building import ST, BuildingEngine, W
from .cards import Card
from .engine import Engine, State
from .moves import MOVE, Move


def _shuffles_only(move: Move) -> bool:
    return move.kind == MOVE and move.a[0] == "t" and move.b[0] == "t"


STUCK_SEARCH_LIMIT = 4000  # positions is_stuck searches unless told: some 80 ms
# positions between two answers of stuck_search: some 2.5 ms, a sixth of a frame
# (benchmarks/rules.py measures it)
STUCK_SLICE = 125


def is_stuck(engine: Engine, state: State, limit: int = STUCK_SEARCH_LIMIT) -> bool | None:
    """True when the game can make no progress; None when `limit` positions of the
    search (see stuck_search) did not decide it."""
    for answer in stuck_search(engine, state, STUCK_SLICE):
        if answer is not None:
            return answer
        limit -= STUCK_SLICE
        if limit <= 0:
            return None
    return None  # not reached: the search ends on its answer


def stuck_search(engine: Engine, state: State, step: int = STUCK_SLICE) -> Iterator[bool | None]:
    """Whether the game can make no progress, searched in slices: None after every
    `step` positions, then the answer (True or False), last.

    A position is stuck when no sequence of pile-to-pile moves leads to anything else
    (a foundation move, a stock turn, a waste card played, a gap refilled). Positions
    are told apart by their piles' cards, not by which pile holds which: the piles
    follow the same rules, so what one arrangement leads to, any other does. Counted
    by place, the arrangements of a few long piles outgrew the table's search after
    each move, and a stuck game went unsaid; the table now searches on, a slice a
    frame (see the table scene's TableStuck)."""
    if engine.is_over(state):
        yield not engine.is_won(state)
        return
    if not isinstance(engine, BuildingEngine):
        yield False  # the pyramid games have no shuffles: a legal move is progress
        return
    tableau = slice(engine.tableau.start, engine.tableau.stop)

    def arrangement(s: State) -> tuple[tuple[str, ...], ...]:
        return tuple(sorted(s.piles[tableau]))  # shuffles change the tableau alone

    seen = {arrangement(state)}
    queue = deque([state])
    searched = 0
    while queue:
        here = queue.popleft()
        for move in engine.legal(here):
            if not _shuffles_only(move):
                yield False
                return
            after = engine.successor(here, move)
            if after.piles[ST] is not here.piles[ST] or after.piles[W] is not here.piles[W]:
                yield False  # a gap filled from the stock or the waste
                return
            key = arrangement(after)
            if key not in seen:
                seen.add(key)
                queue.append(after)
                searched += 1
                if searched % step == 0:
                    yield None
    yield True


def finishing_moves(engine: Engine, state: State, limit: int = 2000) -> list[Move] | None:
    """Foundation moves and stock turns that win from here, or None (and None past
    `limit` positions tried).

    A card goes home as soon as one can, the stock turned only when none can. Which
    card goes first matters only between twins (two decks): one sent home from a pile
    left the other stranded on the card its foundation needed, where the other first
    played everything out. So the twins' order is searched, and nothing else: trying
    every order of every card took up to 75 ms a move."""
    if engine.rules.family != "building" or engine.is_over(state):
        return None

    def choices(here: State) -> Iterator[Move]:
        legal = engine.legal(here)
        home = [m for m in legal if m.kind == MOVE and m.b[0] == "f"]
        if home:
            # the first card that can go home, from each pile that shows it, to the
            # first foundation that takes it (any other that does holds the same cards)
            card = top(here, home[0].a)
            first = {m.a: m for m in reversed(home) if top(here, m.a) == card}
            return iter(reversed(first.values()))
        turn = [m for m in legal if m.kind == MOVE and m.a in ("st", "w") and m.b in ("w", "st")]
        return iter(turn[:1])

    def top(here: State, pile: str) -> Card:
        return here.piles[engine.index[pile]][-1]

    moves: list[Move] = []  # the line to the position on top of `ways`
    ways = [(state, choices(state))]
    seen = {state.piles}
    while ways:
        here, left = ways[-1]
        if engine.is_won(here):
            return moves
        move = next(left, None)
        if move is None:  # every way on from here is tried
            ways.pop()
            if moves:
                moves.pop()
            continue
        after, _ = engine.play(here, move)
        if after.piles in seen:
            continue
        if len(seen) >= limit:
            return None
        seen.add(after.piles)
        moves.append(move)
        ways.append((after, choices(after)))
    return None
