"""A beam search for the Egyptian games, for searches given more than the usual time.

The dives of the building solver (building.py) go deep from a few starts; a beam
goes wide. It walks the stock one turn at a time: from each of the positions it
keeps, it plays every other move (pile to pile, waste to pile, cards home) for a
few hundred positions; of all the positions so reached it keeps the best few
dozen, and turns the stock on each. Once the stock has run out, each position
kept gets a short ending search of its own.

"Best" is an estimate: cards home, less the cards on the waste, less the cards
lying on a card that must go home before one of them (a card buried in its pile
or in the waste). Each beam draws its weights, its width and its tie order anew:
beams that differ find different wins.

Within 10 s beams only trade deals with the dives (docs/winnability.md), so the
solver lets them take turns only when a search asks for them (`beams_after`): the
game's minute more on an undecided position does, from its 100,000th position.
Given 60 s on 38 egyptian deals that the solver leaves unknown at 10 s (the 18 of
0..199 and the first 20 of 200..399), that search won 17 where the dives alone
won 11, the two running side by side.
"""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING

from game.rules.engine import State
from game.rules.moves import REDEAL_MOVE, STOCK_TURN, Move

from .building import DepthFirst, home_places

if TYPE_CHECKING:
    from .building import BuildingSolver

WIDTHS = (10, 20, 40, 80)  # a beam's width is one of these, drawn
LAYER_POSITIONS = 300  # positions searched from each kept position, between two turns
ENDING_POSITIONS = 3_000  # an ending's search, from each position kept at the last turn
# A search given a minute or more lets beams in from this position (the game's minute
# more on an undecided position, and `piramida solve`): let in only after a million
# positions, about the first 10 s, beams won 5 of 18 such deals against the dives' 4
BEAMS_AFTER = 100_000

# One link of a line: the position, the link it came from, the move between.
Link = tuple[State, "Link | None", Move | None]


class Beam:
    def __init__(self, solver: BuildingSolver, rng: random.Random) -> None:
        self.solver = solver
        engine = solver.engine
        self.width = rng.choice(WIDTHS)
        # the estimate's weights: a card home counts 4, a waste card and a buried one less
        self.waste_weight = rng.uniform(0.5, 2.0)
        self.buried_weight = rng.uniform(0.05, 0.5)
        self.rng = rng
        self.due = home_places(engine, solver.start)  # when a rank goes home
        self.stacks = [1, *solver.tableau]  # the waste and the piles
        self.homes = engine.foundation_slice

    def run(self) -> list[Move] | None:
        """A winning line from the solver's start, or None when the beam ran out."""
        solver = self.solver
        seen: set[object] = {solver.key(solver.start)}
        kept: list[Link] = [(solver.start, None, None)]
        while kept:
            reached: list[tuple[float, int, Link]] = []
            for link in kept:
                found = self._layer(link, seen, reached)
                if found is not None:
                    return _line(found)
            reached.sort(key=_by_estimate, reverse=True)
            kept = []
            for _score, _tie, link in reached[: self.width]:
                state = link[0]
                if not state.piles[0]:  # no turn left: the ending decides
                    won = self._ending(link)
                    if won is not None:
                        return won
                    continue
                solver.count()
                after = solver.engine.successor(state, STOCK_TURN)
                key = solver.key(after)
                if key not in seen:
                    seen.add(key)
                    kept.append((after, link, STOCK_TURN))
        return None

    def _layer(
        self, root: Link, seen: set[object], reached: list[tuple[float, int, Link]]
    ) -> Link | None:
        """Every position reached from `root` without turning the stock, up to
        LAYER_POSITIONS, into `reached` with its estimate; a won one ends it."""
        solver = self.solver
        engine = solver.engine
        successor, is_won, key = engine.successor, engine.is_won, solver.key
        draw = self.rng.random
        queue = deque([root])
        searched = 0
        while queue and searched < LAYER_POSITIONS:
            link = queue.popleft()
            state = link[0]
            reached.append((self._estimate(state), int(draw() * 1e9), link))
            for move in solver.moves(state):
                if move is STOCK_TURN or move == REDEAL_MOVE:
                    continue
                solver.count()
                searched += 1
                after = successor(state, move)
                step: Link = (after, link, move)
                if is_won(after):
                    return step
                after_key = key(after)
                if after_key in seen:
                    continue
                seen.add(after_key)
                queue.append(step)
        return None

    def _ending(self, link: Link) -> list[Move] | None:
        """The stock has run out: a short complete search from here, for a win."""
        prefix = _line(link)
        ending = DepthFirst(self.solver, link[0], prefix=prefix)
        return prefix + ending.path if ending.run(ENDING_POSITIONS) else None

    def _estimate(self, state: State) -> float:
        piles = state.piles
        home = sum(map(len, piles[self.homes]))
        due = self.due
        buried = 0
        for i in self.stacks:
            stack = piles[i]
            latest = -1  # the latest due of the cards above, from the top down
            for above, card in enumerate(reversed(stack)):
                place = due[card[0]]
                if latest > place:
                    buried += above
                latest = max(latest, place)
        return 4 * home - self.waste_weight * len(piles[1]) - self.buried_weight * buried


def _by_estimate(entry: tuple[float, int, Link]) -> tuple[float, int]:
    """A reached position's estimate, then its drawn tie order."""
    return entry[0], entry[1]


def _line(link: Link) -> list[Move]:
    """The moves from the start to a link's position."""
    moves: list[Move] = []
    at: Link | None = link
    while at is not None and at[2] is not None:
        moves.append(at[2])
        at = at[1]
    moves.reverse()
    return moves
