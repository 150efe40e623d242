"""The pyramid solver's tests of the reserve as a stack, on the last pass with all
cards to go. See the pyramid solver's docstring.

On the last pass the reserve only loses cards from its top: a reserve card pairs
once every reserve card on it is gone. Three tests follow.

The reserve's order. The reserve cards that can only pair with pyramid cards go
in the reserve's order, each with a pyramid card of its own. So there must be a
way to give each one a partner, none twice, where no card's partner lies on the
partner of a card higher in the reserve: that card goes first, and its partner
with it, but a pyramid card goes after every card on it. Say the reserve holds,
from its top, 5, 5, 8, and the pyramid two 8s and a 5 lying on one of them: the
two 5s go first and take both 8s. The pyramid's 5 must go before the 8 under it,
but its only partner left, the reserve's 8, goes last. Yet every card there has
a partner it could meet.

The pyramid's order. The same the other way round: the pyramid cards that can
only pair with reserve cards go in the pyramid's order, each with a reserve card
of its own. A card lying on another goes first, and its partner with it: so its
partner must lie higher in the reserve than the other's.

Barred pairs. A reserve card j and a pyramid card p cannot go together when a
card x lying on p can only pair with reserve cards at or under j: x goes before
p, and its partner with it; but that partner is j, which goes with p, or a card
under j, which goes after j. Without those pairs, the cards of a class (a value
and its partner value) must still be matchable into pairs, as in the dead-card
test. (Barring the pairs of the other way round too, a reserve card on j that can
only pair with pyramid cards under p, found 3% fewer positions once the reserve's
order was tested, and cost more time than it saved.)

A pyramid card x "can only pair with" reserve cards when no card of its partner
value lies in the stock and every one in the pyramid lies on x or under it; a
reserve card, with pyramid cards when no card of its partner value lies in the
stock (two reserve cards never meet on the last pass). A card "in the stock" is
one dealt at or past the pointer: one already paired from there counts as still
in it, which only makes the tests weaker.
"""

from __future__ import annotations

from .pyramid_classes import ClassAnswers, bits

# Pairs the test bars: pyramid cards (a bit each), and the reserve cards (by
# sequence index, a bit each) that none of them can pair with.
Bar = tuple[int, int]


class StackTest(ClassAnswers):
    """Mixed into PyramidSolver, which sets up the position's data (see ClassAnswers)."""

    m: int  # cards in the stock and the reserve together
    sval: list[int]  # by sequence index: the card's value

    def _init_stack_test(self, below: list[int], values: set[int]) -> None:
        """`below`: by position, the pyramid positions under it at any depth;
        `values`: the values dealt, Kings left out."""
        target, smask_of = self.target, self.smask_of
        self._below = below
        self._values = values
        # by pointer: the values whose cards in the sequence all lie before it (none
        # left in the stock), each with its sequence mask
        self._stockless = [
            [(v, smask_of[v]) for v in sorted(values) if smask_of[v].bit_length() <= ptr]
            for ptr in range(self.m + 1)
        ]
        # by pointer, a bit each: the cards before it whose value has no card at or
        # past it, and those whose partner value has none (on the reserve, these can
        # only pair with pyramid cards)
        self._stockless_cards, self._bound_to_pyramid = [], []
        for ptr, row in enumerate(self._stockless):
            held = bound = 0
            for v, seq_v in row:
                held |= seq_v
                bound |= smask_of[target - v]
            before = (1 << ptr) - 1
            self._stockless_cards.append(held & before)
            self._bound_to_pyramid.append(bound & before)
        self._pyramid_bounds: dict[int, list[int]] = {}  # see _bounds
        self._lonely_cards: dict[int, list[int]] = {}  # see _bounds
        self._stack_cache: dict[tuple[int, int, int, int, tuple[Bar, ...]], bool] = {}
        # the orders' answers, by pyramid and the reserve cards they ask about, and by
        # those cards' options (see _reserve_out_of_order, _pyramid_out_of_order)
        self._reserve_order_cache: dict[int, bool] = {}
        self._reserve_order_options_cache: dict[tuple[int, ...], bool] = {}
        self._pyramid_order_cache: dict[int, bool] = {}
        self._pyramid_order_options_cache: dict[tuple[tuple[int, int], ...], bool] = {}

    def _bounds(self, present: int) -> list[int]:
        """By value v, for a pyramid of `present` cards, the pyramid cards whose
        pairs with reserve cards the test may bar (should no card of v lie in the
        stock; the caller sees to that): those under a card of the partner value that
        meets no card of v in the pyramid. And such lonely cards by value, kept in
        `_lonely_cards`. Cached: few distinct pyramids."""
        found = [0] * (self.target + 1)
        lonely = [0] * (self.target + 1)
        related, below = self.related, self._below
        for v in self._values:
            here_v = self.pmask_of[v] & present
            under_lonely = lone = 0
            for x in bits(self.pmask_of[self.target - v] & present):
                if not here_v & ~related[x]:
                    under_lonely |= below[x]
                    lone |= 1 << x
            found[v] = under_lonely & present
            lonely[v] = lone
        self._pyramid_bounds[present] = found
        self._lonely_cards[present] = lonely
        return found

    def _stack_dead(self, present: int, srem: int, ptr: int) -> bool:
        """Whether the position (on the last pass, the reserve ending before `ptr`)
        is lost by the tests above."""
        return (
            self._reserve_out_of_order(present, srem, ptr)
            or self._pyramid_out_of_order(present, srem, ptr)
            or self._barred_dead(present, srem, ptr)
        )

    def _barred_dead(self, present: int, srem: int, ptr: int) -> bool:
        """Whether a class can no longer be paired off without the barred pairs."""
        avail = ~srem & self.full
        reserve = avail & ((1 << ptr) - 1)
        bounds = self._pyramid_bounds.get(present)
        if bounds is None:
            bounds = self._bounds(present)
        bars: list[Bar] = []
        bounded = barred = 0  # the pyramid cards and the reserve cards in some bar
        for v, seq_v in self._stockless[ptr]:
            under_lonely = bounds[v]
            if under_lonely:
                # cards of the partner value pair only with reserve cards of v: the
                # cards under them cannot pair with v's top reserve card or any above
                res_v = seq_v & reserve
                if res_v:
                    higher = ~((1 << (res_v.bit_length() - 1)) - 1) & reserve
                    bars.append((under_lonely, higher))
                    bounded |= under_lonely
                    barred |= higher
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

    def _reserve_out_of_order(self, present: int, srem: int, ptr: int) -> bool:
        """Whether the reserve cards that can only pair with pyramid cards cannot
        each have one, in the reserve's order. Cached on the pyramid and those cards,
        then on their options."""
        bound = ~srem & self._bound_to_pyramid[ptr]
        if not bound & (bound - 1):
            return False  # fewer than two: nothing to order
        key = present | bound << self.n
        dead = self._reserve_order_cache.get(key)
        if dead is None:
            target, sval, pmask_of = self.target, self.sval, self.pmask_of
            options = []  # each card's partners in the pyramid, from the reserve's top
            while bound:
                j = bound.bit_length() - 1
                bound ^= 1 << j
                options.append(pmask_of[target - sval[j]] & present)
            shape = tuple(options)
            dead = self._reserve_order_options_cache.get(shape)
            if dead is None:
                dead = not _reserve_in_order(shape, 0, 0, 0, self.above)
                self._reserve_order_options_cache[shape] = dead
            self._reserve_order_cache[key] = dead
        return dead

    def _pyramid_out_of_order(self, present: int, srem: int, ptr: int) -> bool:
        """Whether the pyramid cards that can only pair with reserve cards cannot each
        have one, in the pyramid's order. Cached on the pyramid and the reserve cards
        of values with no card left in the stock, then on their options."""
        held = ~srem & self._stockless_cards[ptr]
        if not held:
            return False
        key = present | held << self.n
        dead = self._pyramid_order_cache.get(key)
        if dead is None:
            lonely = self._lonely_cards.get(present)
            if lonely is None:
                self._bounds(present)
                lonely = self._lonely_cards[present]
            options = []  # (pyramid card, its partners in the reserve)
            for v, seq_v in self._stockless[ptr]:
                partners = seq_v & held
                if partners and lonely[v]:
                    for x in bits(lonely[v]):
                        options.append((x, partners))
            dead = False
            if len(options) > 1:
                # from the pyramid's foot up: a card lying on another comes before it
                options.sort(reverse=True)
                shape = tuple(options)
                dead = self._pyramid_order_options_cache.get(shape)
                if dead is None:
                    dead = not _pyramid_in_order(shape, 0, 0, [], self.above)
                    self._pyramid_order_options_cache[shape] = dead
            self._pyramid_order_cache[key] = dead
        return dead


def _reserve_in_order(
    options: tuple[int, ...], i: int, taken: int, barred: int, above: list[int]
) -> bool:
    """Whether the cards from the i-th on can each take a partner of its `options`,
    none `taken` and none `barred` (lying on a partner taken before). Partners are
    tried from the pyramid's foot up: few cards lie on a low one, so taking it bars
    few partners of the cards after."""
    if i == len(options):
        return True
    left = options[i] & ~taken & ~barred
    while left:
        p = left.bit_length() - 1
        left ^= 1 << p
        if _reserve_in_order(options, i + 1, taken | 1 << p, barred | above[p], above):
            return True
    return False


def _pyramid_in_order(
    options: tuple[tuple[int, int], ...], i: int, taken: int, chosen: list[int], above: list[int]
) -> bool:
    """Whether the pyramid cards from the i-th on can each take a reserve partner of
    its options, none `taken`, and each lower in the reserve than the partners
    `chosen` for the cards before it that lie on it. Partners are tried from the
    reserve's top down: a high one leaves the most room under it."""
    if i == len(options):
        return True
    x, partners = options[i]
    left = partners & ~taken
    on_x = above[x]
    for k in range(i):
        if on_x >> options[k][0] & 1:
            left &= (1 << chosen[k]) - 1
    while left:
        j = left.bit_length() - 1
        left ^= 1 << j
        chosen.append(j)
        if _pyramid_in_order(options, i + 1, taken | 1 << j, chosen, above):
            return True
        chosen.pop()
    return False
