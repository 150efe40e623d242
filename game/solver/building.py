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
  until it can go home); under strict rules, where no pile takes a card, every
  card goes home as soon as it can but for one that would empty a pile; all
  this on the last pass only (see _safe); and under strict rules with one deck, a
  waste card lying on an earlier card of its suit ends the search below it (see
  _buried), but for the search for the best score once a deal is proven lost;
- move ordering: foundation moves, then the waste, then piles, then the stock;
- an explicit stack, as lines of play can run thousands of moves deep;
- dives: most of these deals are won, but an early wrong turn can keep a
  depth-first search busy below it for minutes. Once the complete search has had
  its first 20,000 positions, it takes turns with dives: short searches from the
  start in a random order (seeded: the answers are reproducible), with budgets by
  Luby's restart sequence. Dives take turns too: one keeps the order of kinds and
  shuffles moves of the same kind; the next mixes the kinds as well (but for
  foundation moves, still first), so that it also tries leaving a card on the
  waste where a pile would take it, and turning the stock before a pile move.
  Each finds wins the other misses. And a dive gives an ending (the play once
  the stock has run out, where most positions lie) a share of its budget only,
  then goes back to before the stock ran out and tries another ending. Every
  third dive starts from a random point of the furthest line the dives have
  played (the one that has sent the most cards home), not from the deal: it
  tries other ways on from a start that went far. A dive's win is a win; only
  the complete search, which then gets a quarter as many positions as the
  dives, can prove a deal lost. A search that asks for them (`beams_after`, the
  game's longer search) lets beams (beam.py) take turns with the dives as well.

The Egyptian games let cards hop between piles, and the arrangements multiply:
the complete search has not proven one of their deals lost yet, and a deal no
dive wins within the limits is "unknown", with the limit that stopped the search,
never a guess.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game.rules import Game, Move
from game.rules.building import BuildingEngine
from game.rules.engine import State
from game.rules.moves import REDEAL_MOVE, STOCK_TURN

from .collector import collector_paused
from .result import SolveResult, Verdict


class Limit(Exception):
    pass


# Positions the complete search gets alone first (most deals are decided in far
# fewer), and the unit of a dive's budget (see _luby).
FIRST_BUDGET = 20_000
DIVE_BUDGET = 2_000
# How far a mixing dive may move a move from its kind's place. Kinds are numbered
# 0..4 (see moves()); with 4, any kind but the foundation's may come first.
MIXED_SPREAD = 4.0
# Positions a dive may spend once the stock has run out before it gives that ending
# up and goes back to before the stock ran out (see DepthFirst).
ENDING_CAP = 1_500
# The complete search's positions for each of a dive's, once it has had its first
# budget. Every deal it has proven lost (strict rules) it proved within that first
# budget; beyond it the wins come from the dives. At 1,200,000 positions, 41 of the
# 150 Devil's Bridge deals once left unknown at 10 s were won with a quarter where
# 20 were with equal shares.
COMPLETE_SHARE = 0.25
# Every how many dives one starts from a point of the furthest line so far. Every
# second dive would leave no dive from the deal that mixes the kinds of moves (those
# are the even ones): 171 of Egyptian deals 0..199 won within 10 s, against 179 with
# none and 182 with every third (180 every fourth, 182 every fifth: a plateau).
FROM_FURTHEST_EVERY = 3
# The share of the positions beams (beam.py) get once they take turns with the dives
# (only when a search asks for them: see solve()).
BEAM_SHARE = 0.7


class BuildingSolver:
    def __init__(self, engine: BuildingEngine, state: State) -> None:
        self.engine = engine
        self.start = state
        rules = engine.rules
        self.tableau = list(engine.tableau)
        self.tableau_slice = _slice(engine.tableau)
        self.tableau_names = frozenset(engine.pile_names[t] for t in engine.tableau)
        self.gaps_from_stock = engine.gaps_from_stock
        self.groups = [_slice(g) for g in (engine.ace_foundations, engine.king_foundations) if g]
        deck = rules.deck
        self.full_rank = 4 * deck.copies
        self.host_for = {r: deck.down(r) for r in deck.cycle}
        # each foundation with the way it builds along the rank cycle: +1 up, -1 down
        self.builds = [(f, 1) for f in engine.ace_foundations]
        self.builds += [(f, -1) for f in engine.king_foundations]
        self.rank_place = {r: i for i, r in enumerate(deck.cycle)}
        self.cycle_length = len(deck.cycle)
        self.safe_refill = "piles" in rules.pile_takes or rules.gap_fill != "stock"
        # strict rules: no pile or gap ever takes a card by a move
        self.nothing_taken = not rules.pile_takes and not rules.gap_takes
        self.last_pass = rules.passes
        # each rank's place in a suit's run home (strict rules with one deck: _buried)
        self.home_order: dict[str, int] = {}
        if self.nothing_taken and deck.copies == 1:
            self.home_order = home_places(engine, state)
        # each suit's points from each place in its run home on (_points_beyond_reach)
        self.run_points: dict[str, list[int]] = {}
        for suit in {c[1] for c in deck.unshuffled()}:
            by_place = sorted((p, engine.values[r + suit]) for r, p in self.home_order.items())
            self.run_points[suit] = [sum(v for _p, v in by_place[i:]) for i in range(len(by_place))]
        self.values = engine.values
        # what moves() reads of the rules, to list their legal moves itself
        self.table = engine.moves  # the move from pile a to pile b: table[a][b]
        self.waste_to_pile, self.pile_to_pile = engine.waste_to_pile, engine.pile_to_pile
        self.waste_to_gap, self.pile_to_gap = engine.waste_to_gap, engine.pile_to_gap
        self.cancel: Callable[[], bool] | None = None  # asked now and then: stop?
        # the dives' random draws start from here: a second search of a position draws
        # other dives than the first (with the same draws it would repeat them)
        self.dive_seed = 0
        # strict rules: a position with a buried waste card counts as a dead end (see
        # _buried), but for the search for the best score after a loss is proven
        self.cut_buried = True
        # the dives' line that has sent the most cards home, and how many
        self.furthest: list[Move] = []
        self.furthest_home = 0
        # beams need foundations that all build up from the base rank, and piles that
        # pass cards on (the Egyptian games, where the dives fall short)
        self.beams = self.pile_to_pile and not engine.king_foundations

    def key(
        self, state: State, before: tuple[object, ...] | None = None, move: Move | None = None
    ) -> tuple[object, ...]:
        """The position's canonical form. Given the key of the position `move` was
        played in, the foundations' part is taken from it when the move sent no card
        home (most moves): the foundations are as they were."""
        piles = state.piles
        # the tableau and each group of foundations are runs of indices: slices (hot path)
        tableau = tuple(sorted(piles[self.tableau_slice]))
        if before is not None and move is not None and move.b[0] != "f":
            homes = before[3]
        else:
            # A foundation is a run from its group's base card: its top card says all.
            homes = tuple([tuple(sorted([f[-1] for f in piles[g] if f])) for g in self.groups])
        return (tableau, piles[0], piles[1], homes, state.passes_used)

    def undoes(self, move: Move, last: Move, before: State, now: State) -> bool:
        """Whether `move`, played in `now`, only takes back `last`, the move that led
        from `before` to `now`: a card going back from one pile to the pile it came
        from, with no card dealt into a gap either way. Then it leads to `before`,
        already seen, and the search need not make it to find so (a sixth of the
        moves it makes, measured on Devil's Bridge and Egyptian deals)."""
        if (move.a, move.b) != (last.b, last.a):
            return False
        if move.a not in self.tableau_names or move.b not in self.tableau_names:
            return False
        stock, waste = now.piles[0], now.piles[1]
        if stock is not before.piles[0] or waste is not before.piles[1]:
            return False  # the last move filled its gap from the stock or the waste
        if len(now.piles[self.engine.index[move.a]]) > 1:
            return True
        # this move empties the pile: a gap the stock or the waste would fill at once
        return not (stock if self.gaps_from_stock else waste)

    def _home_count(self, state: State, rank: str) -> int:
        """How many cards of `rank` are home: a foundation's cards are a run along the
        rank cycle from its bottom card, so it holds `rank` when the rank's distance
        from that card (counted the way the foundation builds) is within its length."""
        count, piles, place, n = 0, state.piles, self.rank_place, self.cycle_length
        goal = place[rank]
        for f, step in self.builds:
            pile = piles[f]
            if pile and (goal - place[pile[0][0]]) * step % n < len(pile):
                count += 1
        return count

    def _safe(self, state: State, move: Move) -> bool:
        piles = state.piles
        src = self.engine.index[move.a]
        if state.passes_used < self.last_pass:
            # a card sent home now would be missing from the stock after the waste is
            # turned over, and every later card would fill gaps in another order
            return False
        empties = src in self.tableau and len(piles[src]) == 1
        if empties and piles[0] and not self.safe_refill:
            # the stock's top card would fill the pile: which card gets that place,
            # in reach until it goes home, is a choice (wait, turn, then empty it)
            return False
        # Under strict rules a card's only way anywhere is home: sending it at once
        # loses nothing. Otherwise not while a card could still be built on it.
        card = piles[src][-1]
        return (
            self.nothing_taken or self._home_count(state, self.host_for[card[0]]) == self.full_rank
        )

    def _buried(self, state: State) -> bool:
        """Strict rules, last pass: the waste's top card lies on a card of its suit that
        must go home before it. A waste card can only go home, so neither ever will:
        the position is lost. (Any such pair in the waste was once the top one.)"""
        if state.passes_used < self.last_pass:
            return False
        waste = state.piles[1]
        if len(waste) < 2:
            return False
        top = waste[-1]
        order, suit = self.home_order, top[1]
        place = order[top[0]]
        return any(c[1] == suit and order[c[0]] < place for c in waste[:-1])

    def _points_beyond_reach(self, state: State) -> int:
        """Strict rules, last pass: the points that can never go home any more. Below the
        highest waste card that lies on an earlier card of its suit, every waste card is
        stuck for good (a waste card only goes home), and so is every card of a stuck
        card's suit from its place in the run on. A bound for the search for the best
        score: a position where it is no lower than the best so far can't do better."""
        if state.passes_used < self.last_pass:
            return 0
        waste, order = state.piles[1], self.home_order
        lowest: dict[str, int] = {}  # the earliest place of each suit below, so far
        stuck = 0  # how many waste cards from the bottom can never move
        for i, card in enumerate(waste):
            place, suit = order[card[0]], card[1]
            if place > lowest.get(suit, place):
                stuck = i + 1
            lowest[suit] = min(place, lowest.get(suit, place))
        first: dict[str, int] = {}  # each suit's earliest stuck place
        for card in waste[:stuck]:
            place, suit = order[card[0]], card[1]
            first[suit] = min(place, first.get(suit, place))
        return sum(self.run_points[suit][place] for suit, place in first.items())

    def solve(
        self,
        node_limit: int = 1_000_000,
        seconds: float = 10.0,
        best: bool = True,
        beams_after: int | None = None,
    ) -> SolveResult:
        """The complete search, taking turns with dives (see the module's docstring),
        and with `beams_after`, with beams too once it has searched that many
        positions (the Egyptian games only; see beam.py)."""
        with collector_paused():
            return self._solve(node_limit, seconds, best, beams_after)

    def _solve(
        self, node_limit: int, seconds: float, best: bool, beams_after: int | None
    ) -> SolveResult:
        start = time.perf_counter()
        self.deadline = start + seconds
        self.seconds_limit = seconds
        self.node_limit = node_limit
        self.nodes = 0
        self.best_points = self._points(self.start)
        self.best_path: list[Move] = []
        self.furthest, self.furthest_home = [], 0
        self.track_best = best
        self.cut_buried = True
        complete = DepthFirst(self, self.start)
        outcome, limit, line = Verdict.LOST, "", complete.path
        try:
            found = complete.run(FIRST_BUDGET)
            dives = beams = beam_positions = 0
            while found is None:
                if self.beams and self._beam_due(beams_after, beam_positions):
                    from .beam import Beam

                    beams += 1
                    before = self.nodes
                    beam_line = Beam(self, random.Random(-beams)).run()
                    beam_positions += self.nodes - before
                    if self.nodes == before:
                        self.beams = False  # nothing for a beam to walk: it would loop
                    if beam_line is not None:
                        found, line = True, beam_line
                        break
                    continue
                dives += 1
                spread = MIXED_SPREAD if dives % 2 == 0 else 1.0
                rng = random.Random(self.dive_seed + dives)
                prefix: list[Move] = []
                if dives % FROM_FURTHEST_EVERY == 0 and self.furthest:
                    prefix = self.furthest[: rng.randrange(len(self.furthest))]
                dive = DepthFirst(self, self._after(prefix), rng, spread, ENDING_CAP, prefix)
                budget = DIVE_BUDGET * _luby(dives)
                if dive.run(budget):
                    found, line = True, prefix + dive.path
                    break
                found = complete.run(int(budget * COMPLETE_SHARE))
            if found:
                outcome = Verdict.WON
        except Limit as e:
            outcome, limit = Verdict.UNKNOWN, str(e)
        won = outcome == Verdict.WON
        # the complete search saw every position, so its best is the best (when kept)
        exact = won or (outcome == Verdict.LOST and best)
        if outcome == Verdict.LOST and best and self.home_order:
            # Lost, proven. A buried card ends the hope of a win, not of sending other
            # cards home: every line again, for the fewest points left; cut short by a
            # limit, the loss stands and the best found so far is said to be no more
            self.cut_buried = False
            try:
                DepthFirst(self, self.start).run(node_limit)
            except Limit as e:
                exact, limit = False, f"best score: {e}"
        return SolveResult(
            outcome,
            [str(m) for m in line] if won else [],
            self.nodes,
            time.perf_counter() - start,
            0 if won else self.best_points,
            [str(m) for m in (line if won else self.best_path)],
            limit,
            exact,
        )

    def _beam_due(self, beams_after: int | None, beam_positions: int) -> bool:
        """Whether a beam's turn has come: past `beams_after` positions (None: never),
        while beams have had less than their share of the positions since."""
        if beams_after is None:
            return False
        since = self.nodes - beams_after
        return since >= 0 and beam_positions <= BEAM_SHARE * since

    def _after(self, line: list[Move]) -> State:
        state = self.start
        for move in line:
            state = self.engine.successor(state, move)
        return state

    def count(self) -> None:
        """One more position searched: stop at the node limit, the time limit, or
        when cancelled."""
        if self.nodes >= self.node_limit:  # the limit's positions are searched, no more
            raise Limit(f"node limit {self.node_limit}")
        self.nodes += 1
        if not self.nodes & 255:
            if time.perf_counter() > self.deadline:
                raise Limit(f"time limit {self.seconds_limit:g} s")
            if self.cancel is not None and self.cancel():
                raise Limit("cancelled")

    def note(self, state: State, path: list[Move], prefix: list[Move]) -> None:
        """When the best line is tracked (`best`: hints and `piramida solve`; not the
        win-rate runs), keep the line to the fewest points left seen so far (any line
        is real): `prefix`, from the start to where the search began, then `path`.
        Called after a card goes home: no other move changes the points, so every other
        position has its parent's, already noted."""
        if self.track_best:
            points = self._points(state)
            if points < self.best_points:
                self.best_points = points
                self.best_path = [*prefix, *path]

    def _points(self, state: State) -> int:
        return sum(self.values[c] for c in self.engine.remaining(state))

    def moves(
        self, state: State, rng: random.Random | None = None, spread: float = 1.0
    ) -> list[Move]:
        """The moves to try, best first; a safe move alone when there is one.

        Foundation moves, then the waste's card, then pile moves that uncover a card
        a foundation wants or empty a pile, then the stock, and last the pile moves
        that only shuffle (tried once the stock has run out of help). With `rng`,
        moves of the same kind come in a random order, and with a `spread` above 1
        the kinds mix too: each move's place is its kind plus up to `spread` at
        random. Foundation moves stay first.

        The hot path of the search: it lists the rules' legal moves itself, in the
        rules' order, straight into their kinds, rather than sorting the rules' list
        (the tests hold it to that list and to that order)."""
        if self.home_order:
            if self.cut_buried:
                if self._buried(state):
                    return []
            elif self._points_beyond_reach(state) >= self.best_points:
                return []  # the search for the best score: no better below
        engine = self.engine
        piles = state.piles
        needs = engine.foundation_needs(piles)
        wants, gaps = engine.pile_targets(piles)
        table = self.table
        # kinds 0..4 (see above), each in the rules' order; `listed` keeps that order
        # across kinds for the dives' random draws
        home: list[Move] = []
        kinds: tuple[list[Move], ...] = (home, [], [], [], [])
        listed: list[tuple[int, Move]] = []
        waste = piles[1]
        if waste:
            card = waste[-1]
            row = table[1]
            for i in needs.get(card, ()):
                home.append(row[i])
                listed.append((0, row[i]))
            targets = wants.get(card[0], ()) if self.waste_to_pile else ()
            if self.waste_to_gap:
                targets = [*targets, *gaps]
            for j in targets:
                kinds[1].append(row[j])
                listed.append((1, row[j]))
        for t in self.tableau:
            p = piles[t]
            if not p:
                continue
            card = p[-1]
            row = table[t]
            for i in needs.get(card, ()):
                home.append(row[i])
                listed.append((0, row[i]))
            targets = wants.get(card[0], ()) if self.pile_to_pile else ()
            if self.pile_to_gap:
                targets = [*targets, *gaps]
            kind = 2 if len(p) == 1 or p[-2] in needs else 4
            bucket = kinds[kind]
            for j in targets:
                if j != t:
                    bucket.append(row[j])
                    listed.append((kind, row[j]))
        if piles[0]:
            kinds[3].append(STOCK_TURN)
            listed.append((3, STOCK_TURN))
        elif waste and state.passes_used < self.last_pass:
            kinds[1].append(REDEAL_MOVE)
            listed.append((1, REDEAL_MOVE))
        for move in home:
            if self._safe(state, move):
                return [move]
        if rng is None:
            return [*home, *kinds[1], *kinds[2], *kinds[3], *kinds[4]]
        draw = rng.random
        keyed = [(kind + draw() * (spread if kind else 1.0), move) for kind, move in listed]
        keyed.sort(key=_first)
        return [move for _, move in keyed]


def _first(pair: tuple[float, Move]) -> float:
    return pair[0]


class DepthFirst:
    """One depth-first search from a position, on an explicit stack (lines of play
    run thousands of moves deep), that stops after a budget of positions and goes on
    from there when run again. With `rng` it is a dive: moves in a random order,
    within their kind or, with a `spread` above 1, across kinds (see moves()).

    A dive may start from a position the `prefix` line leads to from the solver's
    start; it keeps the furthest line (prefix and path) up to date.

    With a `cap`, an ending (the positions after the stock has run out) gets at most
    that many positions; then the search gives it up and goes back to before the
    stock ran out. Most of a building search goes into endings, and refuting a lost
    one takes thousands of positions, while its neighbours (the same ending after
    another order of the last moves) are mostly lost too: a dive that moves on
    tries more endings. Only for dives: the complete search must search them all."""

    def __init__(
        self,
        solver: BuildingSolver,
        root: State,
        rng: random.Random | None = None,
        spread: float = 1.0,
        cap: int = 0,
        prefix: list[Move] | None = None,
    ):
        self.solver = solver
        self.prefix = prefix or []
        self.rng = rng
        self.spread = spread
        self.cap = cap
        # the endings being searched: (depth of the first position, budget left then;
        # a dive runs once, so its budget counts down from one start)
        self.endings: list[tuple[int, int]] = []
        root_key = solver.key(root)
        self.seen = {root_key}
        self.path: list[Move] = []
        # each position on the line with the moves left to try there, and its key
        self.stack = [(root, iter(solver.moves(root, rng, spread)), root_key)]
        self.won = solver.engine.is_won(root)

    def run(self, budget: int) -> bool | None:
        """Search up to `budget` more positions: True on a win (its line in `path`),
        False once every position is searched (a proof), None when the budget ends."""
        if self.won:
            return True
        solver, engine = self.solver, self.solver.engine
        stack, path, seen, key = self.stack, self.path, self.seen, solver.key
        endings, cap = self.endings, self.cap
        homes, prefix = engine.foundation_slice, self.prefix
        dive = self.rng is not None
        successor, is_won, undoes = engine.successor, engine.is_won, solver.undoes
        while stack:
            if budget <= 0:
                return None
            if endings and endings[-1][1] - budget >= cap:
                depth = endings.pop()[0]
                del stack[depth:]
                del path[depth - 1 :]
                continue
            state, moves, state_key = stack[-1]
            move = next(moves, None)
            if move is None:
                stack.pop()
                if path:
                    path.pop()
                if endings and len(stack) <= endings[-1][0]:
                    endings.pop()
                continue
            budget -= 1
            solver.count()
            if path and undoes(move, path[-1], stack[-2][0], state):
                continue  # back to the position before: seen (counted all the same)
            after = successor(state, move)
            if is_won(after):
                path.append(move)
                self.won = True
                return True
            after_key = key(after, state_key, move)
            known = len(seen)
            seen.add(after_key)  # one hash of the key, where `in` and then `add` took two
            if len(seen) == known:
                continue
            path.append(move)
            if move.b[0] == "f":  # only a card sent home changes the points or cards home
                solver.note(after, path, prefix)
                if dive:
                    home = sum(map(len, after.piles[homes]))
                    if home > solver.furthest_home:
                        solver.furthest_home, solver.furthest = home, prefix + path
            if cap and not after.piles[0] and state.piles[0]:
                endings.append((len(stack), budget))
            stack.append((after, iter(solver.moves(after, self.rng, self.spread)), after_key))
        return False


def home_places(engine: BuildingEngine, state: State) -> dict[str, int]:
    """Each rank's place in a suit's run home, where every foundation starts at the
    base rank: 0 for the base rank, 1 for the rank above it, and on round the cycle."""
    cycle = engine.rules.deck.cycle
    base = cycle.index(engine.base_rank(state.piles))
    return {r: (i - base) % len(cycle) for i, r in enumerate(cycle)}


def _slice(indices: range) -> slice:
    return slice(indices.start, indices.stop)


def _luby(i: int) -> int:
    """The i-th term (from 1) of Luby's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...: restart
    budgets within a constant factor of the best fixed budget, whatever it is."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def solve_building(
    game: Game,
    node_limit: int = 1_000_000,
    seconds: float = 10.0,
    best: bool = True,
    cancel: Callable[[], bool] | None = None,
    beams_after: int | None = None,
    dive_seed: int = 0,
) -> SolveResult:
    engine = game.engine
    assert isinstance(engine, BuildingEngine)
    solver = BuildingSolver(engine, game.state)
    solver.cancel = cancel
    solver.dive_seed = dive_seed
    return solver.solve(node_limit, seconds, best, beams_after)
