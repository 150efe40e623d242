"""How many positions a second the building solver searches, per ruleset.

    python benchmarks/building_search.py [--json] [--deals N] [--positions P] [--runs R]

One process, one core. Each ruleset's deals 0..N-1 are searched for P positions
each (a position limit, not a time limit: every run does the same search, so runs
and versions compare); the figure is the positions searched over the seconds
taken, the median of R runs. Deals won within the budget end sooner and count
what they searched.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rules import Game, rulesets  # noqa: E402
from game.solver.building import solve_building  # noqa: E402


def positions_per_second(ruleset: str, deals: int, positions: int) -> float:
    searched, seconds = 0, 0.0
    for deal in range(deals):
        game = Game(ruleset, deal=deal)
        start = time.perf_counter()
        result = solve_building(game, positions, seconds=1e9, best=False)
        seconds += time.perf_counter() - start
        searched += result.nodes
    return searched / seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--positions", type=int, default=40_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if min(args.deals, args.positions, args.runs) < 1:
        parser.error("--deals, --positions and --runs take a number from 1 up")
    building = [rid for rid, r in rulesets().items() if r.family == "building"]
    rates: dict[str, list[float]] = {rid: [] for rid in building}
    for _ in range(args.runs):  # runs interleave the rulesets: a busy spell hits them all
        for rid in building:
            rates[rid].append(positions_per_second(rid, args.deals, args.positions))
    figures = {rid: round(statistics.median(found)) for rid, found in rates.items()}
    if args.json:
        print(json.dumps({"positions_per_s": figures, "runs": args.runs}))
        return 0
    print(f"building solver, deals 0..{args.deals - 1}, {args.positions:,} positions each")
    for rid, rate in figures.items():
        print(f"{rid:14} {rate:>9,} positions/s   (median of {args.runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
