"""How fast the solvers decide deals: a report against the targets.

    python benchmarks/solver.py [--json] [--deals N] [--building-deals M] [--seconds S]

One process, one core. For pyramid52 (one pass) and pyramid36: the mean, the
99th percentile and the largest time per deal over deals 0..N-1. For every
building ruleset: the share of deals 0..M-1 decided (won or proven lost) within
S seconds each, and the distribution of times (`--building-deals 0` skips them).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rules import Game, rulesets  # noqa: E402
from game.solver import Verdict, solve  # noqa: E402

TARGETS = {"pyramid52_mean_ms": 40.0, "pyramid52_p99_ms": 500.0, "pyramid36_mean_ms": 20.0}
DECIDED_TARGET = 0.99


def times_ms(ruleset: str, deals: int, seconds: float) -> tuple[list[float], int]:
    found, won = [], 0
    for deal in range(deals):
        result = solve(Game(ruleset, deal=deal), 50_000_000, seconds, best=False)
        found.append(result.seconds * 1000)
        won += result.outcome == Verdict.WON
    return found, won


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--deals", type=_at_least(1), default=200)
    parser.add_argument("--building-deals", type=_at_least(0), default=10)
    parser.add_argument("--seconds", type=_positive_seconds, default=10.0)
    args = parser.parse_args(argv)

    p52, won52 = times_ms("pyramid52", args.deals, 60.0)
    p36, won36 = times_ms("pyramid36", args.deals, 60.0)
    decided: dict[str, float] = {}
    spread: dict[str, list[float]] = {}
    for rid, ruleset in rulesets().items():
        if ruleset.family != "building" or not args.building_deals:
            continue
        times = []
        count = 0
        for deal in range(args.building_deals):
            result = solve(Game(rid, deal=deal), 50_000_000, args.seconds, best=False)
            times.append(result.seconds)
            count += result.outcome != Verdict.UNKNOWN
        decided[rid] = round(count / args.building_deals, 3)
        spread[rid] = times
    figures = {
        "pyramid52_mean_ms": round(statistics.mean(p52), 2),
        "pyramid52_p99_ms": round(_p99(p52), 2),
        "pyramid52_max_ms": round(max(p52), 2),
        "pyramid36_mean_ms": round(statistics.mean(p36), 2),
        "decided_within_10s": decided,
    }
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"pyramid52, deals 0..{args.deals - 1}: won {won52}; pyramid36: won {won36}")
    for key, target in TARGETS.items():
        value = figures[key]
        assert isinstance(value, float)
        print(
            f"{key:20} {value:>10}   target <= {target:<7} {'PASS' if value <= target else 'FAIL'}"
        )
    print(f"{'pyramid52_max_ms':20} {figures['pyramid52_max_ms']:>10}")
    for rid, share in decided.items():
        times = spread[rid]
        verdict = "PASS" if share >= DECIDED_TARGET else "FAIL"
        print(
            f"decided within {args.seconds:g} s  {rid:14} {share:>6.1%}   target >= 99%   {verdict}"
            f"   (median {statistics.median(times):.2f} s, max {max(times):.2f} s)"
        )
    return 0


def _at_least(minimum: int) -> Callable[[str], int]:
    def count(text: str) -> int:
        value = int(text)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"at least {minimum}, not {value}")
        return value

    return count


def _positive_seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"more than 0 s, not {text}")
    return value


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) >= 2 else values[0]


if __name__ == "__main__":
    sys.exit(main())
