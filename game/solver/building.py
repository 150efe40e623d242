"""An exact solver for the building family (Egyptian Pyramid and its kin).

Depth-first search over the positions the rules engine produces, with:

- a table of positions already seen, keyed on a canonical form (the tableau
  piles sorted, as they all follow the same rules; foundations of one kind
  reduced to what they hold; stock, waste and pass): every reachable position is
  seen once, so a search that ends without a win is a proof;
- safe moves, played at once without trying the others: a card goes home when
  no card still in play could ever be built on it (every card one rank below it
  is home), unless that empties a pile which the stock would then refill in a
  game where piles cannot pass cards on (in Sbudetsya a refilled card is stuck
  until it can go home);
- move ordering: foundation moves, then the waste, then piles, then the stock;
- an explicit stack, as lines of play can run thousands of moves deep.

The Egyptian games let cards hop between piles, and the arrangements multiply:
many of their lost deals cannot be proven lost within seconds, and the answer
is then "unknown" with the limit that stopped the search, never a guess.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.rules import Game, Move
from game.rules.building import BuildingEngine
from game.rules.engine import State
from game.rules.moves import MOVE

from .result import SolveResult, Verdict


class Limit(Exception):
    pass


class BuildingSolver:
    def __init__(self, engine: BuildingEngine, state: State) -> None:
        self.engine = engine
        self.start = state
        rules = engine.rules
        self.tableau = list(engine.tableau)
        self.groups = [
            g for g in (list(engine.ace_foundations), list(engine.king_foundations)) if g
        ]
        deck = rules.deck
        self.full_rank = 4 * deck.copies
        self.host_for = {r: deck.down(r) for r in deck.cycle}
        self.safe_refill = "piles" in rules.pile_takes or rules.gap_fill != "stock"
        self.values = engine.values
        self.cancel: Callable[[], bool] | None = None  # asked now and then: stop?

    def key(self, state: State) -> tuple[object, ...]:
        piles = state.piles
        tableau = tuple(sorted(piles[t] for t in self.tableau))
        homes = tuple(tuple(sorted(piles[f] for f in group)) for group in self.groups)
        return (tableau, piles[0], piles[1], homes, state.passes_used)

    def _home_count(self, state: State, rank: str) -> int:
        return sum(
            1 for group in self.groups for f in group for c in state.piles[f] if c[0] == rank
        )

    def _safe(self, state: State, move: Move) -> bool:
        piles = state.piles
        src = self.engine.index[move.a]
        card = piles[src][-1]
        if self._home_count(state, self.host_for[card[0]]) < self.full_rank:
            return False
        empties = src in self.tableau and len(piles[src]) == 1
        return not (empties and piles[0] and not self.safe_refill)

    def solve(
        self, node_limit: int = 1_000_000, seconds: float = 10.0, best: bool = True
    ) -> SolveResult:
        start = time.perf_counter()
        self.deadline = start + seconds
        self.node_limit = node_limit
        self.nodes = 0
        self.seen: set[tuple[object, ...]] = set()
        self.path: list[Move] = []
        self.best_points = self._points(self.start)
        self.best_path: list[Move] = []
        self.track_best = best
        outcome, limit = Verdict.LOST, ""
        try:
            if self._search(self.start):
                outcome = Verdict.WON
        except Limit as e:
            outcome, limit = Verdict.UNKNOWN, str(e)
        won = outcome == Verdict.WON
        return SolveResult(
            outcome,
            [str(m) for m in self.path] if won else [],
            self.nodes,
            time.perf_counter() - start,
            0 if won else self.best_points,
            [str(m) for m in (self.path if won else self.best_path)],
            limit,
        )

    def _check_clock(self) -> None:
        if time.perf_counter() > self.deadline:
            raise Limit("time limit")
        if self.cancel is not None and self.cancel():
            raise Limit("cancelled")

    def _points(self, state: State) -> int:
        return sum(self.values[c] for c in self.engine.remaining(state))

    def _search(self, root: State) -> bool:
        engine = self.engine
        if engine.is_won(root):
            return True
        self.seen.add(self.key(root))
        stack = [(root, iter(self._moves(root)))]
        path = self.path
        while stack:
            state, moves = stack[-1]
            move = next(moves, None)
            if move is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            after, _ = engine.play(state, move)
            self.nodes += 1
            if self.nodes > self.node_limit:
                raise Limit(f"node limit {self.node_limit}")
            if not self.nodes & 255:
                self._check_clock()
            if engine.is_won(after):
                path.append(move)
                return True
            key = self.key(after)
            if key in self.seen:
                continue
            self.seen.add(key)
            path.append(move)
            if self.track_best:
                points = self._points(after)
                if points < self.best_points:
                    self.best_points = points
                    self.best_path = list(path)
            stack.append((after, iter(self._moves(after))))
        return False

    def _moves(self, state: State) -> list[Move]:
        """The moves to try, best first; a safe move alone when there is one.

        Foundation moves, then the waste's card, then pile moves that uncover a card
        a foundation wants or empty a pile, then the stock, and last the pile moves
        that only shuffle (tried once the stock has run out of help)."""
        engine = self.engine
        legal = engine.legal(state)
        for move in legal:
            if move.kind == MOVE and move.b[0] == "f" and self._safe(state, move):
                return [move]
        piles = state.piles
        wanted = engine._foundation_needs(piles)
        index = engine.index

        def order(move: Move) -> int:
            if move.b[:1] == "f":
                return 0
            if move.a == "w":
                return 1
            if move.a[:1] == "t":
                src = piles[index[move.a]]
                if len(src) == 1 or src[-2] in wanted:
                    return 2
                return 4
            return 3

        return sorted(legal, key=order)


def solve_building(
    game: Game,
    node_limit: int = 1_000_000,
    seconds: float = 10.0,
    best: bool = True,
    cancel: Callable[[], bool] | None = None,
) -> SolveResult:
    engine = game.engine
    assert isinstance(engine, BuildingEngine)
    solver = BuildingSolver(engine, game.state)
    solver.cancel = cancel
    return solver.solve(node_limit, seconds, best)
