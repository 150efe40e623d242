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


def forced_cycle(pairs: list[tuple[int, int]], n: int, above: list[int], reserve_end: int) -> bool:
    """Whether the forced pairs must go in a circle: pair g before pair h when a pyramid
    card of g lies on one of h (at any depth), or a reserve card of g (below
    `reserve_end`) lies above one of h."""
    on, over, top, bottom = [], [], [], []
    for pair in pairs:
        mask = cards_over = 0
        high, low = -1, 1 << 30
        for x in pair:
            if x < n:
                mask |= 1 << x
                cards_over |= above[x]
            elif x < reserve_end:
                high, low = max(high, x), min(low, x)
        on.append(mask)
        over.append(cards_over)
        top.append(high)
        bottom.append(low)
    count = len(pairs)
    later = [
        [h for h in range(count) if h != g and (on[g] & over[h] or top[g] > bottom[h])]
        for g in range(count)
    ]
    state = [0] * count  # 0 unvisited, 1 on the path, 2 done

    def visit(g: int) -> bool:
        state[g] = 1
        for h in later[g]:
            if state[h] == 1 or (state[h] == 0 and visit(h)):
                return True
        state[g] = 2
        return False

    return any(state[g] == 0 and visit(g) for g in range(count))
