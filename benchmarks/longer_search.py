"""What the game's longer search wins on deals the 10 s search leaves undecided.

    python benchmarks/longer_search.py ROW [--deals N] [--skip K] [--seconds S] [--json]

ROW names a row of the winnability table (docs/winnability/ROW.json, e.g.
`egyptian`, `egyptian-old`, `egyptian-draw3`): its ruleset and options, and its
CSVs, from which the first N deals the table records as unknown are taken (after
skipping K of them). Each deal is searched twice, as the game searches an
undecided position on (game/scenes/table_analysis.py): with beams once
BEAMS_AFTER positions are searched (game/solver/beam.py) and its dives drawn
afresh, and without beams, the solver as in its first 10 s; the same time and
positions for both. The two
searches of a deal run side by side, one process each, so that a busy spell of
the machine hits both.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.scenes.table_analysis import (  # noqa: E402
    LONGER_DIVE_SEED,
    LONGER_NODES,
    LONGER_SECONDS,
)
from game.solver.beam import BEAMS_AFTER  # noqa: E402

TABLE = ROOT / "docs" / "winnability"
# each arm: when beams join (None: never), and where the dives' draws start
ARMS = {"beams": (BEAMS_AFTER, LONGER_DIVE_SEED), "dives": (None, 0)}
Job = tuple[str, dict[str, object], int, float, int, tuple[int | None, int]]


def undecided_deals(row: str) -> tuple[str, dict[str, object], list[int]]:
    """The row's ruleset, options and the deals its CSVs record as unknown, in order."""
    summary = json.loads((TABLE / f"{row}.json").read_text(encoding="utf-8"))
    found: list[int] = []
    for path in sorted((TABLE / row).glob("*.csv"), key=lambda p: int(p.stem.split("-")[0])):
        with path.open(encoding="utf-8", newline="") as file:
            found += [int(r["deal"]) for r in csv.DictReader(file) if r["outcome"] == "unknown"]
    return summary["ruleset"], summary["options"], found


def search(job: Job) -> tuple[str, float, int]:
    from game.rules import Game
    from game.solver import solve

    ruleset, options, deal, seconds, nodes, (beams_after, dive_seed) = job
    game = Game(ruleset, options, deal=deal)
    result = solve(game, nodes, seconds, best=False, beams_after=beams_after, dive_seed=dive_seed)
    return str(result.outcome), result.seconds, result.nodes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("row")
    parser.add_argument("--deals", type=int, default=18)
    parser.add_argument("--skip", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=LONGER_SECONDS)
    parser.add_argument("--nodes", type=int, default=LONGER_NODES)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if min(args.deals, args.nodes) < 1 or args.skip < 0 or not args.seconds > 0:
        parser.error(
            "--deals and --nodes take a number from 1 up, --skip from 0, --seconds above 0"
        )
    if not (TABLE / f"{args.row}.json").is_file():
        parser.error(f"no row {args.row!r} in {TABLE.relative_to(ROOT)}")
    ruleset, options, undecided = undecided_deals(args.row)
    deals = undecided[args.skip : args.skip + args.deals]
    won: dict[str, list[int]] = {arm: [] for arm in ARMS}
    start = time.perf_counter()
    # one process per search, given back after it: a long search's memory goes with it
    with ProcessPoolExecutor(max_workers=2, max_tasks_per_child=1) as pool:
        for deal in deals:
            jobs = {
                arm: pool.submit(search, (ruleset, options, deal, args.seconds, args.nodes, how))
                for arm, how in ARMS.items()
            }
            answers = {arm: job.result() for arm, job in jobs.items()}
            for arm, (outcome, _, _) in answers.items():
                if outcome == "won":
                    won[arm].append(deal)
            if not args.json:
                shown = "   ".join(
                    f"{arm} {outcome:7} {seconds:5.1f} s {nodes:>9,}"
                    for arm, (outcome, seconds, nodes) in answers.items()
                )
                print(f"deal {deal:5}   {shown}", flush=True)
    elapsed = time.perf_counter() - start
    if args.json:
        print(json.dumps({"row": args.row, "deals": deals, "seconds": args.seconds, "won": won}))
        return 0
    print(f"{args.row}: {len(deals)} deals undecided at 10 s, {args.seconds:g} s each")
    for arm, deals_won in won.items():
        print(f"{arm:6} won {len(deals_won):3}   {deals_won}")
    print(f"({elapsed:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
