"""The pyramid solver's two tests of a position that look past single moves: whether
cards can still be paired off (bipartite matchings), and whether forced pairs can be
put in order (a cycle among them)."""

from __future__ import annotations

from collections.abc import Iterable


def perfect_matching(options: list[list[int]], right: int) -> bool:
    return saturates(options, range(len(options)), right)


def covering_matching(
    options: list[list[int]], need_left: list[int], need_right: set[int], right: int
) -> bool:
    """A matching in which every needed left and every needed right vertex is matched.

    By the Mendelsohn-Dulmage theorem there is one exactly when one matching covers
    the needed left vertices and another the needed right ones: two plain matchings."""
    if not saturates(options, need_left, right):
        return False
    reverse: list[list[int]] = [[] for _ in range(right)]
    for x, ks in enumerate(options):
        for k in ks:
            reverse[k].append(x)
    return saturates(reverse, sorted(need_right), len(options))


def saturates(options: list[list[int]], needed: Iterable[int], right: int) -> bool:
    """A matching of the bipartite graph `options` (left x -> right ks) that matches
    every left vertex in `needed` (augmenting paths)."""
    match = [-1] * right

    def augment(x: int, seen: list[bool]) -> bool:
        for k in options[x]:
            if not seen[k]:
                seen[k] = True
                if match[k] < 0 or augment(match[k], seen):
                    match[k] = x
                    return True
        return False

    return all(augment(x, [False] * right) for x in needed)


# A forced pair, as forced_cycle() reads it: its pyramid cards (a bit each), the
# pyramid cards on them (at any depth), and its stock or reserve cards (in deal order).
ForcedPair = tuple[int, int, tuple[int, ...]]


def forced_cycle(pairs: list[ForcedPair], reserve_end: int) -> bool:
    """Whether the forced pairs must go in a circle: pair g before pair h when a pyramid
    card of g lies on one of h (at any depth), or, on the last pass (`reserve_end`
    > 0; the only pass it is asked on), when a stock or reserve card of g lies
    between h's two (the reserve's top meets the stock's only once every card
    between them in deal order is gone), or between h's reserve card and the
    reserve's end (the cards on it)."""
    count = len(pairs)
    cards_of = []  # each pair's stock and reserve cards, a bit each
    between = []  # the cards that must be gone before it, on the last pass
    for _, _, cards in pairs:
        mask = 0
        for c in cards:  # (a sum over a generator took a fifth of the test's time)
            mask |= 1 << c
        cards_of.append(mask)
        if not reserve_end or not cards:
            between.append(0)
        else:
            high = cards[1] if len(cards) == 2 else reserve_end
            between.append((1 << high) - (2 << cards[0]) if high > cards[0] else 0)
    later = [0] * count  # a bit for each pair that must go after pair g
    for g, (on, _, _) in enumerate(pairs):
        after_g, mine = 0, cards_of[g]
        for h, (_, over, _) in enumerate(pairs):
            if on & over or mine & between[h]:
                after_g |= 1 << h
        later[g] = after_g & ~(1 << g)
    # take away, round by round, the pairs that need nothing after them: a cycle is what
    # is left when none can go
    left = (1 << count) - 1
    while left:
        done = 0
        for g in range(count):
            if left >> g & 1 and not later[g] & left:
                done |= 1 << g
        if not done:
            return True
        left ^= done
    return False
