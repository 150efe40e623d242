"""The pyramid solver's test of the reserve as a stack, on the last pass with all
cards to go. See the pyramid solver's docstring.

On the last pass the reserve only loses cards from its top: a reserve card pairs
once every reserve card on it is gone. So a reserve card j and a pyramid card p
cannot go together when

- a card x lying on p can only pair with reserve cards at or under j: x goes
  before p, and its partner with it, but such a partner goes after j;
- a reserve card t on j can only pair with pyramid cards lying under p: t goes
  before j, and its partner with it, but such a partner goes after p.

With those pairs taken away, the cards of a class (a value and its partner value)
must still be matchable into pairs, as in the dead-card test. A card "can only
pair with" cards of one kind when no card of its partner value lies in the stock
(past the pointer: one already paired from there counts as still in it, which
only makes the test weaker).
"""

from __future__ import annotations

from .pairing import perfect_matching
from .pyramid_classes import Class, bits

# A limit found by the test: pyramid cards (a bit each), and the reserve cards (by
# sequence index, a bit each) that can no longer pair with them.
Limit = tuple[int, int]


class StackTest:
    """Mixed into PyramidSolver, which sets up the position's data below."""

    target: int
    n: int
    m: int  # cards in the stock and the reserve together
    full: int
    pmask_of: list[int]
    smask_of: list[int]
    related: list[int]
    above: list[int]
    classes: list[Class]

    def _init_stack_test(self, below: list[int], values: set[int]) -> None:
        """`below`: by position, the pyramid positions under it at any depth;
        `values`: the values dealt, Kings left out."""
        target = self.target
        self._below = below
        # by pointer: the values whose cards in the sequence all lie before it (none
        # left in the stock), each with its and its partner's sequence masks
        self._stockless = [
            [
                (v, self.smask_of[v], self.smask_of[target - v])
                for v in sorted(values)
                if self.smask_of[v].bit_length() <= ptr
            ]
            for ptr in range(self.m + 1)
        ]
        self._values = values
        # by set of pyramid cards: the pyramid cards that bound each value's pairs
        self._pyramid_limits: dict[int, list[tuple[int, int]]] = {}
        self._stack_cache: dict[tuple[int, int, int, int, tuple[Limit, ...]], bool] = {}

    def _limits_of_pyramid(self, present: int) -> list[tuple[int, int]]:
        """By value v, for a pyramid of `present` cards: the cards lying under the
        cards of the partner value that can pair only with cards of v in the reserve
        (there being no stock card of v), and the cards lying on every card of v in
        the pyramid (0 when there is none)."""
        found = [(0, 0)] * (self.target + 1)
        related, below = self.related, self._below
        for v in self._values:
            here_v = self.pmask_of[v] & present
            under = 0
            for x in bits(self.pmask_of[self.target - v] & present):
                if not here_v & ~related[x]:
                    under |= below[x]
            on_all = -1 if here_v else 0
            for z in bits(here_v):
                on_all &= self.above[z]
            found[v] = (under & present, on_all & present)
        self._pyramid_limits[present] = found
        return found

    def _stack_dead(self, present: int, srem: int, ptr: int) -> bool:
        """Whether the position (on the last pass, the reserve ending before `ptr`)
        is lost by the test above."""
        avail = ~srem & self.full
        reserve = avail & ((1 << ptr) - 1)
        pyramid_limits = self._pyramid_limits.get(present)
        if pyramid_limits is None:
            pyramid_limits = self._limits_of_pyramid(present)
        limits: list[Limit] = []
        limited = barred = 0  # the pyramid cards and the reserve cards in some limit
        for v, seq_v, seq_u in self._stockless[ptr]:
            under, on_all = pyramid_limits[v]
            if under:
                # the cards of the partner value that can only pair with the reserve
                # cards of v: the cards under them pair only above the top one
                res_v = seq_v & reserve
                if res_v:
                    higher = ~((1 << (res_v.bit_length() - 1)) - 1) & reserve
                    limits.append((under, higher))
                    limited |= under
                    barred |= higher
            if on_all:
                # the top reserve card of the partner value can only pair with the
                # pyramid's cards of v: the cards on all of them pair only above it
                res_u = seq_u & reserve
                if res_u:
                    lower = ((2 << (res_u.bit_length() - 1)) - 1) & reserve
                    limits.append((on_all, lower))
                    limited |= on_all
                    barred |= lower
        if not limits:
            return False
        for cls in self.classes:
            _, pm, sm, _, c = cls
            res_c = sm & reserve
            if not res_c & barred or not pm & present & limited:
                continue
            here = pm & present
            found = []
            for on, off in limits:
                if on & here and res_c & off:
                    found.append((on & here, res_c & off))
            if not found:
                continue
            key = (c, here, avail & sm, res_c, tuple(found))
            dead = self._stack_cache.get(key)
            if dead is None:
                dead = self._stack_cache[key] = self._limited_dead(
                    cls, present, avail, res_c, key[4]
                )
            if dead:
                return True
        return False

    def _limited_dead(
        self, cls: Class, present: int, avail: int, reserve: int, limits: tuple[Limit, ...]
    ) -> bool:
        """The dead-card test of a class without the pairs of a reserve card and a
        pyramid card that `limits` bar."""
        n, related = self.n, self.related
        value = cls[0]
        barred: dict[int, int] = {}
        for on, off in limits:
            for p in bits(on):
                barred[p] = barred.get(p, 0) | off

        def cards(v: int) -> list[int]:
            found = list(bits(self.pmask_of[v] & present))
            return found + [n + j for j in bits(self.smask_of[v] & avail)]

        def meet(a: int, b: int) -> bool:
            if a == b:
                return False
            if a < n and b < n:
                return not related[a] >> b & 1
            if a >= n and b >= n:
                return not (reserve >> (a - n) & 1 and reserve >> (b - n) & 1)
            p, j = (a, b - n) if a < n else (b, a - n)
            return not barred.get(p, 0) >> j & 1

        mine, theirs = cards(value), cards(self.target - value)
        if len(mine) != len(theirs):
            return True
        options = [[k for k, b in enumerate(theirs) if meet(a, b)] for a in mine]
        return not perfect_matching(options, len(theirs))
