"""An exact solver for the pyramid family (Pyramid 36 and 52).

A position is a few integers: which pyramid cards remain (a bit each), which
stock cards are gone (a bit each), the stock pointer and the pass number. The
stock and the reserve are one sequence in deal order: the cards before the
pointer that remain are the reserve (its top the last one), those at or after it the
stock (its top the first); turning the reserve over moves the pointer back to
the start, as the order is kept.

The search is depth-first with a table of positions already searched, and
six prunings, each of which keeps every win:

- A King is removed as soon as it is playable.
- The stock's top card pairs with a pyramid card only in a chain (below):
  elsewhere, turning it and pairing it as the reserve's top reaches the same
  position. The line given back pairs it from the stock, as a player would.
- Pairs of two pyramid cards are played only when needed: such a pair never
  changes the stock or the reserve, and its cards stay free until used, so a
  win can always play it just before the first move that uses a card it
  uncovers, or at the very end. The search plays it only as part of a chain
  ending in a move that uses an uncovered card, or once the stock and the
  reserve are empty. The line given back plays each as soon as its cards are
  free, as a player would (see _pyramid_first).
- Dead cards: the cards of a value and of its partner value must still be
  matchable into pairs that can ever meet (two pyramid cards one on the other
  cannot; on the last pass two reserve cards cannot).
- Tangles (all cards to go): a card with a single partner left goes at the same
  moment as it, and a card goes before the cards it lies on. Two stock or
  reserve cards meet only once every card between them in deal order is gone,
  and on the last pass a reserve card meets a pyramid card only once the
  reserve cards on it are gone (both asked on the last pass only). When those
  moments cannot be ordered, the position is lost. Checked at the start, where
  the stock turns (a card joins the reserve) and after a pair that changes which
  pairs are forced; cached on those pairs.
- The reserve as a stack (all cards to go, last pass): the reserve cards that
  can only pair with pyramid cards must each find one in the reserve's order, and
  the pyramid cards that can only pair with reserve cards one in the pyramid's
  order (see pyramid_stack). Checked where the stock turns, and at the start; the
  reserve's order also after a pair of two pyramid cards.

The best reachable score (for a lost deal) is searched without the last five
prunings, which only keep wins; that search, which sees every line, is also
the reference the tests check the pruned verdicts against.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.rules import Game
from game.rules.engine import State
from game.rules.pyramid import PyramidEngine

from .collector import collector_paused
from .pyramid_classes import Class, bits, class_table
from .pyramid_stack import StackTest
from .result import SolveResult, Verdict

STOCK, RESERVE = -1, -2  # codes of the stock top and the reserve top


class Limit(Exception):
    pass


class PyramidSolver(StackTest):
    def __init__(self, engine: PyramidEngine, state: State, goal: str = "all") -> None:
        rules = engine.rules
        self.target = rules.pair_sum
        self.passes = rules.passes
        self.goal = goal
        piles = state.piles
        n = engine.np
        self.n = n
        self.names = engine.pile_names[:n]
        values = engine.values
        self.pval = [values[piles[i][-1]] if piles[i] else 0 for i in range(n)]
        self.cover = [sum(1 << j for j in engine.covered_by[i]) for i in range(n)]
        # parents[i]: the positions that i covers (lie under i): freed by removing i
        self.parents = [sum(1 << p for p in range(n) if self.cover[p] >> i & 1) for i in range(n)]
        self.start_present = sum(1 << i for i in range(n) if piles[i])
        waste = list(piles[engine.w])
        stock = list(reversed(piles[engine.st]))  # top first
        self.seq = waste + stock
        self.sval = [values[c] for c in self.seq]
        self.m = len(self.seq)
        self.full = (1 << self.m) - 1
        self.start_ptr = len(waste)
        self.start_passes = state.passes_used
        # by value: the pyramid positions, and the sequence indexes, dealt a card of it
        self.pmask_of = [0] * (self.target + 1)
        for i, v in enumerate(self.pval):
            if piles[i]:
                self.pmask_of[v] |= 1 << i
        self.smask_of = [0] * (self.target + 1)
        for j, v in enumerate(self.sval):
            self.smask_of[v] |= 1 << j
        # the positions each card can never pair with: those on it or under it, at any depth
        self.related = [_reach(self.cover, i) | _reach(self.parents, i) for i in range(n)]
        self._free_cache: dict[int, int] = {}
        self._pairs_cache: dict[int, tuple[tuple[int, int, int, Class | None], ...]] = {}
        # the forced pairs of a class, interned: the tangle's cache keys on a few ints
        self._forced_ids = {}
        self._forced_pairs = []
        self._tangle_cache = {}
        # the positions on each card, at any depth: they go before it
        self.above = [_reach(self.cover, i) for i in range(n)]
        self.cancel: Callable[[], bool] | None = None  # asked now and then: stop?
        self.shift_ptr = n + self.m
        self.shift_pass = self.shift_ptr + 6
        self.shift_chain = self.shift_pass + 4
        self.chain_free = (1 << self.shift_chain) - 1  # a key's bits without its chain
        # A class: the cards of a value and of its partner value (Kings go alone). Its
        # answer (class_answer()) depends only on its own cards, and is cached on them
        # (class_key()).
        target = self.target
        dealt = {v for v in set(self.pval) | set(self.sval) if v and v != target}
        self.classes, self.class_of = class_table(target, self.pmask_of, self.smask_of, dealt)
        # While searching: the answer of each class at the position searched, then one
        # scratch place for the reserve's end (together: the tangle cache's key). Kept
        # up to date move by move (a move changes one class at most), so that the
        # tangle test where the stock turns looks up one class instead of all.
        self.answers = []
        self._init_stack_test(dealt)

    # -- the pyramid's shape ---------------------------------------------------------

    def _free(self, present: int) -> int:
        """The uncovered pyramid positions, a bit each (few distinct pyramids: cached)."""
        free = self._free_cache.get(present)
        if free is None:
            cover = self.cover
            free = sum(1 << i for i in bits(present) if not present & cover[i])
            self._free_cache[present] = free
        return free

    def _pyramid_pairs(self, free: int) -> tuple[tuple[int, int, int, Class | None], ...]:
        """The pairs two uncovered pyramid cards make, deepest first: their positions,
        both as bits, and their class (cached: few distinct sets of uncovered cards)."""
        pairs = self._pairs_cache.get(free)
        if pairs is not None:
            return pairs
        found = []
        rest = free
        while rest:
            i = rest.bit_length() - 1
            rest ^= 1 << i
            partners = rest & self.pmask_of[self.target - self.pval[i]]
            while partners:
                k = partners.bit_length() - 1
                partners ^= 1 << k
                found.append((i, k, 1 << i | 1 << k, self.class_of[self.pval[i]]))
        pairs = self._pairs_cache[free] = tuple(found)
        return pairs

    def tops(self, srem: int, ptr: int) -> tuple[int, int]:
        """Sequence indexes of the stock top and the reserve top (-1 when empty)."""
        avail = ~srem & self.full
        stock_avail = avail >> ptr << ptr
        s_top = (stock_avail & -stock_avail).bit_length() - 1 if stock_avail else -1
        waste_avail = avail & ((1 << ptr) - 1)
        w_top = waste_avail.bit_length() - 1 if waste_avail else -1
        return s_top, w_top

    def legal(self, present: int, srem: int, ptr: int, passes: int) -> set[str]:
        """Every legal move of a position, unpruned, in spec notation: the search's own
        view of the rules, checked against the rules module by a differential test."""
        s_top, w_top = self.tops(srem, ptr)
        cards = [(self.pval[i], i) for i in bits(self._free(present))]
        if s_top >= 0:
            cards.append((self.sval[s_top], STOCK))
        if w_top >= 0:
            cards.append((self.sval[w_top], RESERVE))
        found = set()
        for x, (v, a) in enumerate(cards):
            if v == self.target:
                found.add(self._notation(("one", a, 0)))
            for w, b in cards[x + 1 :]:
                if v + w == self.target:
                    found.add(self._notation(("pair", a, b)))
        if s_top >= 0:
            found.add("st>w")
        elif w_top >= 0 and passes < self.passes:
            found.add("w>st")
        return found

    # -- search --------------------------------------------------------------------

    def solve(
        self, node_limit: int = 2_000_000, seconds: float = 60.0, best: bool = False
    ) -> SolveResult:
        """Win or prove no win; with `best`, also the fewest points any line leaves."""
        with collector_paused():
            return self._solve(node_limit, seconds, best)

    def _solve(self, node_limit: int, seconds: float, best: bool) -> SolveResult:
        start = time.perf_counter()
        self.deadline = start + seconds
        self.seconds_limit = seconds
        self.node_limit = node_limit
        self.nodes = 0
        self.failed: set[int] = set()
        self.path: list[tuple[str, int, int]] = []
        self.best_points = self._points(self.start_present, 0)
        self.best_path: list[tuple[str, int, int]] = []
        self.pruning = True
        outcome, limit, exact = Verdict.LOST, "", True  # exact: see SolveResult.best_exact
        try:
            won = not self._hopeless() and self._search(
                self.start_present, 0, self.start_ptr, self.start_passes, 0
            )
        except Limit as e:
            won, outcome, limit, exact = False, Verdict.UNKNOWN, str(e), False
        if won:
            outcome = Verdict.WON
        elif best and outcome == Verdict.LOST:
            # Lost, proven. Every line again, for the fewest points left (the prunings
            # only keep wins); cut short by a limit, the loss stands and the best found
            # so far is said to be no more than that
            self.pruning = False
            self.failed.clear()
            self.path = []
            try:
                if self._search(self.start_present, 0, self.start_ptr, self.start_passes, 0):
                    # the search that sees every line is the prunings' reference
                    raise AssertionError("a pruning lost a win that every line finds")
            except Limit as e:
                exact, limit = False, f"best score: {e}"
        elif not won:
            exact = False  # no search for the best score was asked for
        line = self._pyramid_first(_stock_pairs(self.path if won else self.best_path))
        return SolveResult(
            outcome,
            [self._notation(p) for p in line] if won else [],
            self.nodes,
            time.perf_counter() - start,
            0 if won else self.best_points,
            [self._notation(p) for p in line],
            limit,
            exact,
        )

    def _hopeless(self) -> bool:
        start = (self.start_present, 0, self.start_ptr, self.start_passes)
        self.answers = self._answers(*start)
        self.answers.append(0)  # the reserve's end, set where it is read
        if min(self.answers) < 0:
            return True
        if self.goal != "all":
            return False
        last_pass = self.start_passes >= self.passes
        return self._tangled(*start) or (
            last_pass and self._stack_dead(self.start_present, 0, self.start_ptr)
        )

    def _check_clock(self) -> None:
        if time.perf_counter() > self.deadline:
            raise Limit(f"time limit {self.seconds_limit:g} s")
        if self.cancel is not None and self.cancel():
            raise Limit("cancelled")

    def _points(self, present: int, srem: int) -> int:
        pval, sval = self.pval, self.sval
        in_pyramid = sum(pval[i] for i in bits(present))
        return in_pyramid + sum(sval[j] for j in bits(~srem & self.full))

    def _search(self, present: int, srem: int, ptr: int, passes: int, chain: int) -> bool:
        """`chain`: positions uncovered by pyramid pairs since the last other move (plus
        one marker bit while a chain runs): the next move other than a pyramid pair
        must use one of them.

        The hottest code of the solver: the stock and reserve tops, the steps down and
        the dead-card cache are written out here rather than called."""
        if self.nodes >= self.node_limit:  # the limit's positions are searched, no more
            raise Limit(f"node limit {self.node_limit}")
        self.nodes += 1
        if not self.nodes & 1023:
            self._check_clock()
        full = self.full
        if present == 0 and (srem == full or self.goal == "pyramid"):
            return True
        avail = ~srem & full
        stock_avail = avail >> ptr << ptr
        s_top = (stock_avail & -stock_avail).bit_length() - 1 if stock_avail else -1
        waste_avail = avail & ((1 << ptr) - 1)
        w_top = waste_avail.bit_length() - 1
        # the pointer skips the stock cards already removed: one position, one key
        ptr = s_top if s_top >= 0 else self.m
        key = (
            present
            | srem << self.n
            | ptr << self.shift_ptr
            | passes << self.shift_pass
            | chain << self.shift_chain
        )
        failed = self.failed
        # a chain only narrows the moves: a position lost without one is lost with one
        if key in failed or (chain and key & self.chain_free in failed):
            return False
        target = self.target
        sval = self.sval
        free = self._free_cache.get(present)
        if free is None:
            free = self._free(present)
        in_chain = chain != 0
        lazy = self.pruning and self.goal == "all" and (s_top >= 0 or w_top >= 0)
        # the free positions a move may use: in a chain, only those the chain uncovered
        usable = free & (chain >> 1) if in_chain else free
        of_value = self.pmask_of
        path, search = self.path, self._search

        # a King goes at once, wherever it is (in a chain, only one it uncovered)
        king = None
        kings = usable & of_value[target]
        if kings:
            i = (kings & -kings).bit_length() - 1
            king = ("one", i, 0), present & ~(1 << i), srem
        elif not in_chain:
            if s_top >= 0 and sval[s_top] == target:
                king = ("one", STOCK, 0), present, srem | 1 << s_top
            elif w_top >= 0 and sval[w_top] == target:
                king = ("one", RESERVE, 0), present, srem | 1 << w_top
        if king is not None:
            step, np_, ns = king
            path.append(step)
            if search(np_, ns, ptr, passes, 0):
                return True
            path.pop()
            failed.add(key)
            return False

        # After a move, the answers of the classes it changed (class_answer(), with
        # class_key() and the cache lookup written out at the busy places below): a
        # dead class ends the line, the others go into `answers` for the child's
        # search, and back after it.
        pruning = self.pruning
        class_of, answers = self.class_of, self.answers
        under = (1 << ptr) - 1 if passes >= self.passes else -1
        reserve_end = self.n + ptr if under >= 0 else 0  # see _tangle

        # a child already known lost is not searched again: its key is checked here
        n = self.n
        at = ptr << self.shift_ptr | passes << self.shift_pass

        # pairs with the stock or reserve top
        for code, j in ((STOCK, s_top), (RESERVE, w_top)):
            if j < 0 or (code == STOCK and pruning and not in_chain):
                continue
            v = sval[j]
            partners = usable & of_value[target - v]
            cls = class_of[v] if pruning else None
            while partners:
                low = partners & -partners
                partners ^= low
                np_, ns = present & ~low, srem | 1 << j
                if code == RESERVE and np_ | ns << n | at in failed:
                    continue
                if cls is not None:
                    _, pm, sm, cache, c = cls
                    answer = cache.get((np_ & pm, ns & sm, sm & under if under >= 0 else -1))
                    if answer is None:
                        answer = self.class_answer(cls, np_, ns, ptr, passes)
                    if answer < 0:
                        continue
                    was, answers[c] = answers[c], answer
                    if lazy and answer != was and self._tangle_at(reserve_end):
                        answers[c] = was
                        continue
                path.append(("pair", low.bit_length() - 1, code))
                if search(np_, ns, ptr, passes, 0):
                    return True
                path.pop()
                if cls is not None:
                    answers[c] = was
        if not in_chain and s_top >= 0 and w_top >= 0 and sval[s_top] + sval[w_top] == target:
            ns = srem | 1 << s_top | 1 << w_top
            cls = class_of[sval[s_top]] if pruning else None
            answer = 0 if cls is None else self.class_answer(cls, present, ns, ptr, passes)
            if answer >= 0 and cls is not None:
                c = cls[4]
                was, answers[c] = answers[c], answer
                if lazy and answer != was and self._tangle_at(reserve_end):
                    answers[c], answer = was, -1
            if answer >= 0:
                path.append(("pair", STOCK, RESERVE))
                if search(present, ns, ptr, passes, 0):
                    return True
                path.pop()
                if cls is not None:
                    answers[c] = was
        # pairs of two pyramid cards, deepest first
        parents, free_of = self.parents, self._free_cache.get
        pairs = self._pairs_cache.get(free)
        if pairs is None:
            pairs = self._pyramid_pairs(free)
        for i, k, both, pair_cls in pairs:
            cls = pair_cls if pruning else None
            np_ = present & ~both
            if np_ | srem << n | at in failed:
                continue
            if cls is not None:
                _, pm, sm, cache, c = cls
                answer = cache.get((np_ & pm, srem & sm, sm & under if under >= 0 else -1))
                if answer is None:
                    answer = self.class_answer(cls, np_, srem, ptr, passes)
                if answer < 0:
                    continue
                was, answers[c] = answers[c], answer
                # the pair may tangle forced pairs, or take a pyramid card that a
                # reserve card needs in its order (see pyramid_stack)
                if lazy and (
                    (answer != was and self._tangle_at(reserve_end))
                    or (under >= 0 and self._reserve_out_of_order(np_, srem, ptr))
                ):
                    answers[c] = was
                    continue
            next_chain = 0
            if lazy:
                uncovered = (parents[i] | parents[k]) & (free_of(np_) or self._free(np_))
                next_chain = (chain >> 1 | uncovered) << 1 | 1
            path.append(("pair", k, i))
            if search(np_, srem, ptr, passes, next_chain):
                return True
            path.pop()
            if cls is not None:
                answers[c] = was
        if not in_chain:
            if s_top >= 0:
                # the turned card joins the reserve: on the last pass its class changes
                # (reserve cards cannot pair with each other); on earlier ones nothing does
                cls = class_of[sval[s_top]] if pruning and under >= 0 else None
                answer = 0
                if cls is not None:
                    _, pm, sm, cache, c = cls
                    answer = cache.get((present & pm, srem & sm, sm & ((2 << s_top) - 1)))
                    if answer is None:
                        answer = self.class_answer(cls, present, srem, s_top + 1, passes)
                if answer >= 0:
                    if cls is not None:
                        was, answers[c] = answers[c], answer
                    # _tangle_at(), written out: the stock turns at a third of the positions
                    if lazy:
                        answers[-1] = self.n + s_top + 1 if under >= 0 else 0
                        tangle_key = tuple(answers)
                        lost = self._tangle_cache.get(tangle_key)
                        if lost is None:
                            lost = self._tangle(tangle_key)
                    else:
                        lost = False
                    if not lost and lazy and under >= 0:
                        lost = self._stack_dead(present, srem, s_top + 1)
                    if not lost:
                        path.append(("turn", 0, 0))
                        if search(present, srem, s_top + 1, passes, 0):
                            return True
                        path.pop()
                    if cls is not None:
                        answers[c] = was
            elif w_top >= 0 and passes < self.passes:
                # the last pass begins: every class's reserve cards are new
                saved, alive = answers[:], True
                if pruning and passes + 1 >= self.passes:
                    answers[:-1] = self._answers(present, srem, 0, passes + 1)
                    alive = min(answers) >= 0
                if alive:
                    path.append(("redeal", 0, 0))
                    if search(present, srem, 0, passes + 1, 0):
                        return True
                    path.pop()
                answers[:] = saved
        if not pruning:
            self._note(present, srem)
        failed.add(key)
        return False

    def _note(self, present: int, srem: int) -> None:
        pts = self._points(present, srem)
        if pts < self.best_points:
            self.best_points = pts
            self.best_path = list(self.path)

    def _pyramid_first(self, line: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
        """The line with each move of pyramid cards alone (a pair of two, a King) played
        as soon as its cards are free, as a player would: the search keeps such a pair
        until a move needs a card it uncovers, so the hint said "turn the stock" beside
        a pair of the line in plain sight. Sound: such a move leaves the stock and the
        reserve as they are, and a card removed sooner only frees the cards under it
        sooner (no move is ever refused because a card is free)."""
        rest, ordered, present = list(line), [], self.start_present
        while rest:
            free = self._free(present)
            now = next(
                (
                    i
                    for i, step in enumerate(rest)
                    if _pyramid_only(step) and _step_places(step) & free == _step_places(step)
                ),
                0,
            )
            step = rest.pop(now)
            ordered.append(step)
            present &= ~_step_places(step)
        return ordered

    # -- notation ------------------------------------------------------------------

    def _notation(self, step: tuple[str, int, int]) -> str:
        kind, a, b = step
        if kind == "turn":
            return "st>w"
        if kind == "redeal":
            return "w>st"
        if kind == "one":
            return self._name(a)
        names = sorted((a, b), key=lambda c: (c < 0, -c if c < 0 else c))
        return f"{self._name(names[0])}+{self._name(names[1])}"

    def _name(self, code: int) -> str:
        return self.names[code] if code >= 0 else ("st" if code == STOCK else "w")


def _stock_pairs(path: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The search's line as a player would play it: the search turns the stock's top
    card and then pairs it as the reserve's top with a pyramid card (see `_search`);
    the line pairs it straight from the stock, which reaches the same position. A
    King the turn uncovered on the stock, which the search removes at once, goes
    just after that pair instead: until the pair the card stays on it."""
    line = list(path)
    stock_king = ("one", STOCK, 0)
    x = 0
    while x < len(line):
        if line[x][0] == "turn":
            y = x + 1
            # moves of pyramid cards alone leave the stock and the reserve as they are;
            # a King removed from the stock leaves the turned card on the reserve's top
            while y < len(line) and (
                line[y] == stock_king or (line[y][0] in ("pair", "one") and min(line[y][1:]) >= 0)
            ):
                y += 1
            if y < len(line) and line[y][0] == "pair" and line[y][1] >= 0 and line[y][2] == RESERVE:
                between = line[x + 1 : y]
                kings = [m for m in between if m == stock_king]
                pyramid = [m for m in between if m != stock_king]
                line[x : y + 1] = [*pyramid, ("pair", line[y][1], STOCK), *kings]
                continue
        x += 1
    return line


def _pyramid_only(step: tuple[str, int, int]) -> bool:
    """Whether a step of a line moves pyramid cards alone: a pair of two, or a King."""
    kind, a, b = step
    return (kind == "pair" and a >= 0 and b >= 0) or (kind == "one" and a >= 0)


def _step_places(step: tuple[str, int, int]) -> int:
    """The pyramid positions a step of a line removes, a bit each."""
    kind, a, b = step
    if kind == "pair":
        return (1 << a if a >= 0 else 0) | (1 << b if b >= 0 else 0)
    return 1 << a if kind == "one" and a >= 0 else 0


def _reach(edges: list[int], start: int) -> int:
    """Every position reachable from `start` by following the bit masks in `edges`."""
    found, frontier = 0, edges[start]
    while frontier:
        found |= frontier
        nxt = 0
        for j in bits(frontier):
            nxt |= edges[j]
        frontier = nxt & ~found
    return found


def solve_pyramid(
    game: Game,
    node_limit: int = 2_000_000,
    seconds: float = 60.0,
    goal: str = "all",
    best: bool = False,
    cancel: Callable[[], bool] | None = None,
) -> SolveResult:
    engine = game.engine
    assert isinstance(engine, PyramidEngine)
    solver = PyramidSolver(engine, game.state, goal)
    solver.cancel = cancel
    return solver.solve(node_limit, seconds, best)
