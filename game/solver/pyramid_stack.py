"""The pyramid solver's test of the reserve as a stack, on the last pass with all
cards to go. See the pyramid solver's docstring.

On the last pass the reserve only loses cards from its top: a reserve card pairs
once every reserve card on it is gone. So a reserve card j and a pyramid card p
cannot go together when

- a card x lying on p can only pair with reserve cards at or under j: x goes
  before p, and its partner with it; but that partner is j, which goes with p,
  or a card under j, which goes after j;
- a reserve card t on j can only pair with pyramid cards lying under p: t goes
  before j, and its partner with it, but such a partner goes after p.

Without those pairs, the cards of a class (a value and its partner value) must
still be matchable into pairs, as in the dead-card test.

A pyramid card x "can only pair with" reserve cards when no card of its partner
value lies in the stock and every one in the pyramid lies on x or under it; a
reserve card t, with pyramid cards when no card of its partner value lies in the
stock (two reserve cards never meet on the last pass). A card "in the stock" is
one dealt past the pointer: one already paired from there counts as still in
it, which only makes the test weaker.
"""

from __future__ import annotations

from .pyramid_classes import ClassAnswers, bits

# Pairs the test bars: pyramid cards (a bit each), and the reserve cards (by
# sequence index, a bit each) that none of them can pair with.
Bar = tuple[int, int]


class StackTest(ClassAnswers):
    """Mixed into PyramidSolver, which sets up the position's data (see ClassAnswers)."""

    m: int  # cards in the stock and the reserve together

    def _init_stack_test(self, below: list[int], values: set[int]) -> None:
        """`below`: by position, the pyramid positions under it at any depth;
        `values`: the values dealt, Kings left out."""
        target = self.target
        self._below = below
        self._values = values
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
        self._pyramid_bounds: dict[int, list[tuple[int, int]]] = {}  # see _bounds
        self._stack_cache: dict[tuple[int, int, int, int, tuple[Bar, ...]], bool] = {}

    def _bounds(self, present: int) -> list[tuple[int, int]]:
        """By value v, for a pyramid of `present` cards, the pyramid cards whose
        pairs with reserve cards the test may bar (should no card of v lie in the
        stock; the caller sees to that): those under a card of the partner value that
        meets no card of v in the pyramid, and those lying on every card of v in the
        pyramid (none when there is none). Cached: few distinct pyramids."""
        found = [(0, 0)] * (self.target + 1)
        related, below, above = self.related, self._below, self.above
        for v in self._values:
            here_v = self.pmask_of[v] & present
            under_lonely = 0
            for x in bits(self.pmask_of[self.target - v] & present):
                if not here_v & ~related[x]:
                    under_lonely |= below[x]
            on_every = -1 if here_v else 0
            for z in bits(here_v):
                on_every &= above[z]
            found[v] = (under_lonely & present, on_every & present)
        self._pyramid_bounds[present] = found
        return found

    def _stack_dead(self, present: int, srem: int, ptr: int) -> bool:
        """Whether the position (on the last pass, the reserve ending before `ptr`)
        is lost by the test above."""
        avail = ~srem & self.full
        reserve = avail & ((1 << ptr) - 1)
        bounds = self._pyramid_bounds.get(present)
        if bounds is None:
            bounds = self._bounds(present)
        bars: list[Bar] = []
        bounded = barred = 0  # the pyramid cards and the reserve cards in some bar
        for v, seq_v, seq_u in self._stockless[ptr]:
            under_lonely, on_every = bounds[v]
            if under_lonely:
                # cards of the partner value pair only with reserve cards of v: the
                # cards under them cannot pair with v's top reserve card or any above
                res_v = seq_v & reserve
                if res_v:
                    higher = ~((1 << (res_v.bit_length() - 1)) - 1) & reserve
                    bars.append((under_lonely, higher))
                    bounded |= under_lonely
                    barred |= higher
            if on_every:
                # the top reserve card of the partner value pairs only with pyramid
                # cards of v: the cards on them all cannot pair with it or any under it
                res_u = seq_u & reserve
                if res_u:
                    lower = ((2 << (res_u.bit_length() - 1)) - 1) & reserve
                    bars.append((on_every, lower))
                    bounded |= on_every
                    barred |= lower
        if not bars:
            return False
        for value, pm, sm, _, c in self.classes:
            class_reserve = sm & reserve
            if not class_reserve & barred or not pm & present & bounded:
                continue
            here = pm & present
            found = []
            for on, off in bars:
                if on & here and class_reserve & off:
                    found.append((on & here, class_reserve & off))
            if not found:
                continue
            key = (c, here, avail & sm, class_reserve, tuple(found))
            dead = self._stack_cache.get(key)
            if dead is None:
                barring: dict[int, int] = {}
                for on, off in found:
                    for p in bits(on):
                        barring[p] = barring.get(p, 0) | off
                dead = self._dead_now(value, present, srem, ptr, self.passes, barring)
                self._stack_cache[key] = dead
            if dead:
                return True
        return False
