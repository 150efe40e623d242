"""The pyramid solver's tests of the reserve as a stack, on the last pass with all
cards to go. See the pyramid solver's docstring.

On the last pass the reserve only loses cards from its top: a reserve card pairs
once every reserve card on it is gone. Two tests follow.

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

A reserve card "can only pair with" pyramid cards when no card of its partner
value lies in the stock (two reserve cards never meet on the last pass); a
pyramid card x, with reserve cards when no card of its partner value lies in the
stock and every one in the pyramid lies on x or under it. A card "in the stock"
is one dealt at or past the pointer: one already paired from there counts as
still in it, which only makes the tests weaker.

Both tests see all such cards at once; two pairs at a time, as bars on the
dead-card test, they found 7% more positions lost on pyramid52 but cost more
time than they saved, and are gone.
"""

from __future__ import annotations

from .pyramid_classes import ClassAnswers, bits


class StackTest(ClassAnswers):
    """Mixed into PyramidSolver, which sets up the position's data (see ClassAnswers)."""

    m: int  # cards in the stock and the reserve together
    sval: list[int]  # by sequence index: the card's value

    def _init_stack_test(self, values: set[int]) -> None:
        """`values`: the values dealt, Kings left out."""
        target, smask_of = self.target, self.smask_of
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
        self._lonely_cards: dict[int, list[int]] = {}  # see _lonely
        # the orders' answers, by pyramid and the reserve cards they ask about, and by
        # those cards' options (see _reserve_out_of_order, _pyramid_out_of_order)
        self._reserve_order_cache: dict[int, bool] = {}
        self._reserve_order_options_cache: dict[tuple[int, ...], bool] = {}
        self._pyramid_order_cache: dict[int, bool] = {}
        self._pyramid_order_options_cache: dict[tuple[tuple[int, int], ...], bool] = {}

    def _lonely(self, present: int) -> list[int]:
        """By value v, for a pyramid of `present` cards, the cards of the partner
        value that meet no card of v in the pyramid (each lies on all of them, or
        under). Cached: few distinct pyramids."""
        found = [0] * (self.target + 1)
        related = self.related
        for v in self._values:
            here_v = self.pmask_of[v] & present
            for x in bits(self.pmask_of[self.target - v] & present):
                if not here_v & ~related[x]:
                    found[v] |= 1 << x
        self._lonely_cards[present] = found
        return found

    def _stack_dead(self, present: int, srem: int, ptr: int) -> bool:
        """Whether the position (on the last pass, the reserve ending before `ptr`)
        is lost by the tests above."""
        return self._reserve_out_of_order(present, srem, ptr) or self._pyramid_out_of_order(
            present, srem, ptr
        )

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
                lonely = self._lonely(present)
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
    """Whether the reserve cards from the i-th on can each take a partner of its
    `options`, none `taken` and none `barred` (lying on a partner taken before).
    Partners are tried from the pyramid's foot up: few cards lie on a low one, so
    taking it bars few partners of the cards after."""
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
