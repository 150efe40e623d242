"""A second opinion on Pyramid 52 verdicts: a plain solver written from the published
rules text alone, sharing no code with the game (only the spec's shuffle).

    python tools/independent_pyramid.py --deals 0..59 CSV [CSV ...]
    python tools/independent_pyramid.py --won 300 CSV [CSV ...]

The rules, as Solitaire Laboratory's "Pyramid and Giza" states them: 28 cards in a
pyramid of 7 rows, the rest a stock dealt one card at a time in one pass; available
are the uncovered pyramid cards, the top of the waste and the stock card most
recently dealt; pairs adding to 13 are discarded (A 1, J 11, Q 12), Kings alone; a
dealt card not discarded goes onto the waste; all 52 cards must go. The search is a
depth-first search over every position, with no pruning but the positions seen.

With `--deals`, every verdict in that range is compared with the CSV files (the
game's `piramida stats` output); with `--won N`, the first N deals the CSV files
call won are solved here too. Prints the agreement; exit status 1 on a disagreement.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys

RANKS = "A23456789TJQK"
ROWS = 7
POSITIONS = [(r, c) for r in range(ROWS) for c in range(r + 1)]
INDEX = {p: i for i, p in enumerate(POSITIONS)}
# the two cards lying on each pyramid card (none on the bottom row)
ON = [(INDEX[(r + 1, c)], INDEX[(r + 1, c + 1)]) if r + 1 < ROWS else () for r, c in POSITIONS]


class TooLong(Exception):
    pass


def values(deal: int) -> list[int]:
    """The spec's shuffle of deal N, as card values in deal order."""
    cards = [r for _suit in "SHDC" for r in RANKS]
    rng = random.Random(deal)
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return [RANKS.index(r) + 1 for r in cards]


def solve(deal: int, limit: int) -> str:
    dealt = values(deal)
    pyramid, stock = dealt[:28], dealt[28:]
    seen: set[tuple[int, int, tuple[int, ...]]] = set()

    def search(left: int, next_card: int, waste: tuple[int, ...]) -> bool:
        if left == 0 and next_card == len(stock) and not waste:
            return True
        if (left, next_card, waste) in seen:
            return False
        seen.add((left, next_card, waste))
        if len(seen) > limit:
            raise TooLong
        # (value, what is left after it goes): pyramid cards, the dealt card, the waste top
        free = [
            (pyramid[p], 1 << p, 0, 0)
            for p in range(28)
            if left >> p & 1 and not any(left >> q & 1 for q in ON[p])
        ]
        if next_card < len(stock):
            free.append((stock[next_card], 0, 1, 0))
        if waste:
            free.append((waste[-1], 0, 0, 1))
        for a, (va, pa, sa, wa) in enumerate(free):
            if va == 13 and search(left & ~pa, next_card + sa, waste[: len(waste) - wa]):
                return True
            for vb, pb, sb, wb in free[a + 1 :]:
                if va + vb == 13:
                    after = waste[: len(waste) - wa - wb]
                    if search(left & ~pa & ~pb, next_card + sa + sb, after):
                        return True
        return next_card < len(stock) and search(left, next_card + 1, (*waste, stock[next_card]))

    sys.setrecursionlimit(10_000)
    try:
        return "won" if search((1 << 28) - 1, 0, ()) else "lost"
    except TooLong:
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--deals", help="a range A..B, every verdict compared")
    which.add_argument("--won", type=int, help="the first N deals the CSV files call won")
    parser.add_argument("--limit", type=int, default=3_000_000, help="positions per deal")
    parser.add_argument("csv", nargs="+", help="`piramida stats` CSV files of pyramid52")
    args = parser.parse_args(argv)
    ours: dict[int, str] = {}
    for path in args.csv:
        with open(path, encoding="utf-8") as f:
            ours.update((int(r["deal"]), r["outcome"]) for r in csv.DictReader(f))
    if args.deals:
        first, _sep, last = args.deals.partition("..")
        deals = list(range(int(first), int(last) + 1))
    else:
        deals = sorted(d for d, outcome in ours.items() if outcome == "won")[: args.won]
    counts = {"agree": 0, "disagree": 0, "unknown": 0}
    for deal in deals:
        verdict = solve(deal, args.limit)
        if verdict == "unknown":
            counts["unknown"] += 1
        elif verdict == ours.get(deal):
            counts["agree"] += 1
        else:
            counts["disagree"] += 1
            print(f"deal {deal}: here {verdict}, the game's solver {ours.get(deal)}", flush=True)
    print(", ".join(f"{k} {v}" for k, v in counts.items()))
    return 1 if counts["disagree"] else 0


if __name__ == "__main__":
    sys.exit(main())
