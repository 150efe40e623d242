"""The pyramid solver's tests on classes of cards: a value and its partner value
(Kings go alone). Whether a class's cards can still be paired off (dead cards),
which of them can only go together (forced pairs), and whether the forced pairs of
all classes can be put in order (tangles). See the pyramid solver's docstring."""

from __future__ import annotations

from collections.abc import Iterator

from .pairing import ForcedPair, covering_matching, forced_cycle, perfect_matching

# A class of cards: (a value of it, pyramid mask, sequence mask, answer cache, its index)
Class = tuple[int, int, int, dict[tuple[int, int, int], int], int]


def class_table(
    target: int, pmask_of: list[int], smask_of: list[int], dealt: set[int]
) -> tuple[list[Class], list[Class | None]]:
    """The classes of the `dealt` values (Kings left out), each with its pyramid and
    sequence masks, an empty answer cache and its index; and each value's class."""
    lows = sorted(v for v in dealt if target - v not in dealt or v < target - v)
    classes: list[Class] = []
    class_of: list[Class | None] = [None] * (target + 1)
    for v in lows:
        pm = pmask_of[v] | pmask_of[target - v]
        sm = smask_of[v] | smask_of[target - v]
        classes.append((v, pm, sm, {}, len(classes)))
        class_of[v] = class_of[target - v] = classes[-1]
    return classes, class_of


class ClassAnswers:
    """Mixed into PyramidSolver, which sets up the position's data below."""

    target: int  # a pair's sum
    passes: int  # passes allowed
    goal: str  # "all" or "pyramid"
    n: int  # pyramid positions
    full: int  # every sequence index, a bit each
    pmask_of: list[int]  # by value: the pyramid positions dealt a card of it
    smask_of: list[int]  # by value: the sequence indexes dealt a card of it
    related: list[int]  # by position: those it can never pair with
    above: list[int]  # by position: those on it, at any depth
    classes: list[Class]
    class_of: list[Class | None]  # by value
    answers: list[int]  # see PyramidSolver.__init__
    _forced_ids: dict[tuple[tuple[int, int], ...], int]
    _forced_pairs: list[list[ForcedPair]]
    _tangle_cache: dict[tuple[int, ...], bool]

    def _cards(self, value: int, present: int, srem: int) -> list[int]:
        """Remaining cards of a value: pyramid positions (>= 0), sequence indexes (-1 - j)."""
        found = list(bits(self.pmask_of[value] & present))
        found.extend(-1 - j for j in bits(self.smask_of[value] & ~srem & self.full))
        return found

    def class_key(
        self, cls: Class, present: int, srem: int, ptr: int, passes: int
    ) -> tuple[int, int, int]:
        """A class's remaining cards, and on the last pass which of them are in the
        reserve (they cannot pair with each other; -1 on earlier passes).

        PyramidSolver._search writes this key out by hand at its busy places, for
        speed (each a `cache.get((... & pm, ... & sm, ...))`): a change here is a
        change there too."""
        _, pm, sm, _, _ = cls
        return (present & pm, srem & sm, sm & ((1 << ptr) - 1) if passes >= self.passes else -1)

    def class_answer(self, cls: Class, present: int, srem: int, ptr: int, passes: int) -> int:
        """-1 when the class's cards can no longer be paired off (dead cards); else,
        all cards to go, its forced pairs as an index into `_forced_pairs` (0 for the
        pyramid goal). It depends only on those cards: it is cached on them."""
        cache = cls[3]
        key = self.class_key(cls, present, srem, ptr, passes)
        found = cache.get(key)
        if found is None:
            found = cache[key] = self._class_answer_now(cls[0], present, srem, ptr, passes)
        return found

    def _class_answer_now(self, value: int, present: int, srem: int, ptr: int, passes: int) -> int:
        if self._dead_now(value, present, srem, ptr, passes):
            return -1
        if self.goal != "all":
            return 0
        pairs = self._forced_now(value, present, srem, ptr, passes >= self.passes)
        if pairs is None:
            return -1  # a card without a partner, or two with the same single one: dead
        found = self._forced_ids.setdefault(pairs, len(self._forced_pairs))
        if found == len(self._forced_pairs):
            self._forced_pairs.append([self._forced_pair(pair) for pair in pairs])
        return found

    def _answers(self, present: int, srem: int, ptr: int, passes: int) -> list[int]:
        return [self.class_answer(c, present, srem, ptr, passes) for c in self.classes]

    def _dead_now(self, value: int, present: int, srem: int, ptr: int, passes: int) -> bool:
        """Whether the cards of a value and its partner value can no longer be paired
        off."""
        partner = self.target - value
        mine = self._cards(value, present, srem)
        theirs = self._cards(partner, present, srem)
        if not mine and not theirs:
            return False
        last = passes >= self.passes
        related = self.related
        options = []
        for a in mine:
            row = []
            for k, b in enumerate(theirs):
                if a >= 0 and b >= 0:
                    ok = not related[a] >> b & 1
                elif a < 0 and b < 0:
                    ok = not (last and -a - 1 < ptr and -b - 1 < ptr)
                else:
                    ok = True
                if ok:
                    row.append(k)
            options.append(row)
        if self.goal == "all":
            if len(mine) != len(theirs):
                return True
            return not perfect_matching(options, len(theirs))
        # the pyramid goal: each pyramid card needs a partner, stock cards are optional
        need_mine = [x for x, a in enumerate(mine) if a >= 0]
        need_theirs = {k for k, b in enumerate(theirs) if b >= 0}
        return not covering_matching(options, need_mine, need_theirs, len(theirs))

    def _tangled(self, present: int, srem: int, ptr: int, passes: int) -> bool:
        """True when the remaining cards cannot all go, in whatever order (see
        `_tangle`): a position's answers worked out afresh."""
        answers = self._answers(present, srem, ptr, passes)
        if min(answers, default=0) < 0:
            return True
        answers.append(self.n + ptr if passes >= self.passes else 0)
        return self._tangle(tuple(answers))

    def _tangle(self, key: tuple[int, ...]) -> bool:
        """Whether the forced pairs of every class (key: the classes' answers, then
        where the reserve ends on the last pass, 0 on earlier ones) go in a circle.

        Each card goes at one moment. A card on another goes before it; a card with
        a single partner it can still meet goes at the same moment as that partner.
        Two cards of the stock and reserve meet (one the reserve's top, the other the
        stock's) only once every card between them in deal order is gone, and on the
        last pass a reserve card is the reserve's top only once the cards on it are
        gone: both are asked on the last pass, where the reserve is final. When those
        moments cannot be put in order (a cycle), the deal is
        lost from here. Only the forced pairs are checked for a cycle, so the answer
        depends on them and on where the reserve ends: it is cached on those."""
        found = self._tangle_cache.get(key)
        if found is None:
            pairs = [pair for i in key[:-1] for pair in self._forced_pairs[i]]
            found = self._tangle_cache[key] = forced_cycle(pairs, key[-1])
        return found

    def _tangle_at(self, reserve_end: int) -> bool:
        """The tangle test of the position searched, from its classes' answers."""
        answers = self.answers
        answers[-1] = reserve_end
        return self._tangle(tuple(answers))

    def _forced_pair(self, pair: tuple[int, int]) -> ForcedPair:
        n, on, over = self.n, 0, 0
        for x in pair:
            if x < n:
                on |= 1 << x
                over |= self.above[x]
        return on, over, tuple(x for x in pair if x >= n)

    def _forced_now(
        self, value: int, present: int, srem: int, ptr: int, last: bool
    ) -> tuple[tuple[int, int], ...] | None:
        """The pairs of a value and its partner value that can only go together (cards
        as pyramid positions, or n + sequence index); None when a card is left without
        a partner. A card with a single partner it can meet goes with it, and the two
        leave the other cards' partners: that may leave another with a single one."""
        n, related = self.n, self.related
        mine = [c if c >= 0 else n - 1 - c for c in self._cards(value, present, srem)]
        theirs = [
            c if c >= 0 else n - 1 - c for c in self._cards(self.target - value, present, srem)
        ]

        def meet(c: int, d: int) -> bool:
            if c < n and d < n:
                return not related[c] >> d & 1
            return not (c >= n and d >= n and last and c < n + ptr and d < n + ptr)

        options = {c: {d for d in theirs if d != c and meet(c, d)} for c in mine}
        for d in theirs:
            options.setdefault(d, set()).update(c for c in mine if c != d and meet(c, d))
        found: set[tuple[int, int]] = set()
        # a card with one partner left goes with it; the two then leave the others'
        # options, which may leave another card with one
        single = [c for c, ds in options.items() if len(ds) == 1]
        while single:
            c = single.pop()
            ds = options.get(c)
            if ds is None:
                continue
            if len(ds) != 1:
                if not ds:
                    return None
                continue
            (d,) = ds
            found.add((min(c, d), max(c, d)))
            for x in (c, d):
                for y in options.pop(x, set()):
                    left = options.get(y)
                    if left is not None:
                        left.discard(x)
                        if len(left) <= 1:
                            single.append(y)
        if any(not ds for ds in options.values()):
            return None
        return tuple(sorted(found))


def bits(mask: int) -> Iterator[int]:
    """The set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
