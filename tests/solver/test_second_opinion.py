"""The pyramid solver's verdicts against a second opinion: a plain search written here
from the spec's rules alone, sharing nothing with the solver (its moves, its King rule,
its table of positions), so that a slip common to the solver and the solver's own
unpruned search, against which other tests check its prunings, still shows.

The spec's rules, as this search reads them: the playable cards are the free pyramid
cards, the stock's top and the reserve's top; two of them whose values add up to the
pair sum go, and a King alone; `st>w` puts the stock's top on the reserve; with a pass
left, an empty stock takes the reserve back, its bottom card on top; won once every
card has gone."""

from __future__ import annotations

import random
import sys

import pytest

from game.rules import Game
from game.solver import Verdict, solve

# the spec's values and pair sums; the King's value, which goes alone
VALUES = {
    "pyramid36": (
        {"6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "A": 11, "J": 12, "Q": 13, "K": 19},
        19,
    ),
    "pyramid52": (
        {**{str(n): n for n in range(2, 10)}, "A": 1, "T": 10, "J": 11, "Q": 12, "K": 13},
        13,
    ),
}
ROWS = {"pyramid36": 6, "pyramid52": 7}


class TooLong(Exception):
    """The search went past its limit of positions."""


def winnable(game: Game, limit: int = 10**7) -> bool:
    """Whether every card of `game` can still go: a search of every line, pruned only by
    the positions it has seen (TooLong past `limit` of them)."""
    values, total = VALUES[game.ruleset.id]
    rows = ROWS[game.ruleset.id]
    spots = [(r, c) for r in range(1, rows + 1) for c in range(1, r + 1)]
    index = {spot: i for i, spot in enumerate(spots)}
    covers = [(index[(r + 1, c)], index[(r + 1, c + 1)]) if r < rows else () for r, c in spots]
    pyramid = [
        values[game.pile(f"p{r}.{c}")[0][0]] if game.pile(f"p{r}.{c}") else 0 for r, c in spots
    ]
    left0 = sum(1 << i for i, (r, c) in enumerate(spots) if game.pile(f"p{r}.{c}"))
    stock0 = tuple(values[card[0]] for card in reversed(game.pile("st")))  # its top first
    reserve0 = tuple(values[card[0]] for card in game.pile("w"))  # its top last
    seen: set[tuple[int, tuple[int, ...], tuple[int, ...], int]] = set()

    def search(left: int, stock: tuple[int, ...], reserve: tuple[int, ...], passes: int) -> bool:
        if not left and not stock and not reserve:
            return True
        if (left, stock, reserve, passes) in seen:
            return False
        seen.add((left, stock, reserve, passes))
        if len(seen) > limit:
            raise TooLong
        # each playable card: its value, and what it takes from the pyramid, the stock
        # and the reserve
        free = [
            (pyramid[i], 1 << i, 0, 0)
            for i in range(len(spots))
            if left >> i & 1 and not any(left >> j & 1 for j in covers[i])
        ]
        if stock:
            free.append((stock[0], 0, 1, 0))
        if reserve:
            free.append((reserve[-1], 0, 0, 1))
        for n, (a, pa, sa, ra) in enumerate(free):
            if a == values["K"]:
                if search(left & ~pa, stock[sa:], reserve[: len(reserve) - ra], passes):
                    return True
                continue
            for b, pb, sb, rb in free[n + 1 :]:
                if a + b == total:
                    after = reserve[: len(reserve) - ra - rb]
                    if search(left & ~pa & ~pb, stock[sa + sb :], after, passes):
                        return True
        if stock:
            return search(left, stock[1:], (*reserve, stock[0]), passes)
        return bool(reserve and passes) and search(left, reserve, (), passes - 1)

    depth = sys.getrecursionlimit()
    sys.setrecursionlimit(max(depth, 20_000))
    try:
        return search(left0, stock0, reserve0, game.passes_left)
    finally:
        sys.setrecursionlimit(depth)


def played_on(game: Game, moves: int, seed: int) -> Game:
    """`game` after up to `moves` legal moves drawn at random, one that removes cards
    where there is one two times in three: positions mid-game, with Kings and cards
    left on the reserve, where a deal's start has none."""
    rng = random.Random(seed)
    for _ in range(moves):
        legal = sorted(str(m) for m in game.legal_moves)
        if game.over or not legal:
            break
        removing = [m for m in legal if ">" not in m]
        game.play(rng.choice(removing if removing and rng.random() < 1 / 2 else legal))
    return game


@pytest.mark.parametrize("deal", range(30))
def test_pyramid36_deals_are_won_where_a_plain_search_wins_them(deal):
    game = Game("pyramid36", deal=deal)
    expected = Verdict.WON if winnable(game) else Verdict.LOST
    assert solve(game, best=False).outcome == expected


@pytest.mark.parametrize(
    ("ruleset", "passes", "moves", "positions"),
    [
        ("pyramid36", 1, 14, 60),
        ("pyramid36", 3, 14, 60),
        ("pyramid52", 1, 10, 30),
        # where the reserve's order counts only on the last pass: about one position in
        # twenty-five tells it
        ("pyramid52", 3, 16, 60),
    ],
)
def test_positions_mid_game_are_judged_as_a_plain_search_judges_them(
    ruleset, passes, moves, positions
):
    # some with a pass used, a King on the reserve or the pyramid half gone; those the
    # plain search, with no pruning, cannot settle within 20,000 positions are left out
    judged = {Verdict.WON: 0, Verdict.LOST: 0}
    for seed in range(positions):
        game = played_on(Game(ruleset, {"passes": passes}, deal=1000 + seed), moves, seed)
        if game.over:
            continue
        try:
            expected = Verdict.WON if winnable(game, limit=20_000) else Verdict.LOST
        except TooLong:
            continue
        assert solve(game, best=False).outcome == expected, (seed, game.moves)
        judged[expected] += 1
    assert all(judged.values()), judged  # both verdicts were put to the test
    assert sum(judged.values()) >= 15
