"""`piramida solve` and `piramida stats`: the solver from the command line."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli_records import moves_text, options_text

if TYPE_CHECKING:
    from game.rules import Ruleset
    from game.solver.stats import Summary

# A run of `stats` keeps every deal's row until it writes them: more deals go in parts
MOST_DEALS = 1_000_000
MOST_JOBS = 256


def register(sub: Any) -> None:
    from game.cli import OPTION_HELP, RULESET_HELP, deal_arg

    p = sub.add_parser("solve", help="solve a deal, or the position a replay reaches")
    p.add_argument("ruleset", nargs="?", help=RULESET_HELP)
    p.add_argument("--deal", type=deal_arg, help="deal number")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=OPTION_HELP)
    p.add_argument("--replay", metavar="FILE", help="solve from where this replay ends")
    p.add_argument("--seconds", type=float, default=60.0, help="time limit (default 60)")
    p.add_argument("--nodes", type=int, default=20_000_000, help="node limit")
    p.add_argument("--goal", choices=("all", "pyramid"), default="all", help=GOAL_HELP)
    p.add_argument(
        "--beams-after",
        metavar="N|never",
        help="Egyptian games: beams join the search after N positions"
        " (default 100000, as in the game); never: without beams",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=cmd_solve)

    p = sub.add_parser("stats", help="win rates over a range of deals")
    p.add_argument("ruleset", help=RULESET_HELP)
    p.add_argument("--deals", required=True, metavar="A..B", help="the deals, A to B included")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=OPTION_HELP)
    p.add_argument("--jobs", type=int, help="processes (default: one per core it may use)")
    p.add_argument("--goal", choices=("all", "pyramid"), default="all", help=GOAL_HELP)
    p.add_argument("--seconds", type=float, default=10.0, help="time limit per deal")
    p.add_argument("--nodes", type=int, default=20_000_000, help="node limit per deal")
    p.add_argument("--csv", metavar="FILE", help="per-deal outcomes (default: stats-….csv)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=cmd_stats)


GOAL_HELP = "all: every card must go (the default); pyramid: clearing the pyramid wins"


def _usage(message: str) -> Exception:
    from game.cli import UsageError

    return UsageError(message)


def _digits(text: str) -> bool:
    """Plain digits 0-9 (str.isdigit takes '²' too, which int() refuses)."""
    return bool(text) and all("0" <= c <= "9" for c in text)


def _check_limits(args: argparse.Namespace) -> None:
    if not args.seconds > 0:
        raise _usage(f"--seconds is a time limit above 0, not {args.seconds}")
    if args.nodes < 1:
        raise _usage(f"--nodes is a node limit, at least 1, not {args.nodes}")


def _beams_after(text: str | None) -> int | None:
    from game.solver.beam import BEAMS_AFTER

    if text is None:
        return BEAMS_AFTER
    if text == "never":
        return None
    if not _digits(text):
        raise _usage(f"--beams-after is a number of positions, or never; not '{text}'")
    return int(text)


def cores_usable() -> int:
    """The cores this process may run on: a machine's count ignores a pinning
    (taskset, a container's share), where each of two processes on one core ran its
    wall-clock limits at half speed."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity to read (macOS, Windows)
        return os.cpu_count() or 1


def _write_csv(path: Path, rows: list[Any]) -> None:
    """The per-deal CSV written, or one line naming it ("cannot write the output" named
    nothing): see unwritten."""
    from game.cli_records import unwritten
    from game.solver import stats

    try:
        stats.write_csv(path, rows)
    except OSError as e:
        raise unwritten(str(path), e) from e


def _check_writable(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as e:
        raise _usage(f"cannot write the CSV file {path}: {e.strerror or e}") from e


def cmd_solve(args: argparse.Namespace) -> int:
    from game.cli import read_game_replay
    from game.rules import Game, get_ruleset
    from game.rules.replay import run_replay
    from game.solver import solve

    if args.replay:
        if args.ruleset:
            raise _usage("give either RULESET --deal N or --replay FILE, not both")
        if args.deal is not None or args.option:
            # not "not both" of one who gave no ruleset: the file holds them already
            raise _usage("--deal and --option do not go with --replay: the file gives them")
        game = run_replay(read_game_replay(args.replay))
    else:
        if not args.ruleset or args.deal is None:
            raise _usage("solve needs RULESET --deal N, or --replay FILE")
        if args.deal < 0:
            raise _usage("a deal number is a non-negative integer")
        ruleset = get_ruleset(args.ruleset)
        game = Game(ruleset, ruleset.parse_options(args.option), deal=args.deal)
    if args.goal == "pyramid" and game.rules.family != "pyramid":
        raise _usage("--goal pyramid is for the pyramid games")
    _check_limits(args)
    beams_after = _beams_after(args.beams_after)
    result = solve(game, args.nodes, args.seconds, args.goal, best=True, beams_after=beams_after)
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    # named as `replay` and `stats` name it: with its options, which change the answer
    where = f"deal {game.deal_number}" if game.deal_number is not None else "the given deck"
    options = options_text(game.options) or "no options"
    moves = moves_text(game)  # a give-up counted apart, as `verify` counts it
    print(f"{game.ruleset.name['en']} ({game.ruleset.id}, {options}), {where}, after {moves}")
    print(f"outcome: {result.outcome}" + (f" ({result.limit})" if result.limit else ""))
    print(f"nodes: {result.nodes}, time: {result.seconds:.3f} s")
    if result.moves:
        print(f"solution ({len(result.moves)} moves): {' '.join(result.moves)}")
        return 0
    if result.best_exact:
        print(f"best reachable: {result.best_remaining_points} points left")
    else:
        print(f"best found so far: {result.best_remaining_points} points left (not proven best)")
    if result.best_moves:
        print(f"line to it ({len(result.best_moves)} moves): {' '.join(result.best_moves)}")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from game.rules import get_ruleset
    from game.solver import stats

    ruleset = get_ruleset(args.ruleset)
    options = ruleset.parse_options(args.option)
    from game.cli import longer_than_read, shortened

    first, sep, last = args.deals.partition("..")
    if why := longer_than_read(first) or longer_than_read(last):  # a traceback from int()
        raise _usage(f"--deals: {why}")
    if not sep or not _digits(first) or not _digits(last) or int(first) > int(last):
        raise _usage(
            f"--deals is written A..B, deal numbers from 0 with A <= B, not"
            f" {shortened(args.deals)!r}"
        )
    total = int(last) - int(first) + 1
    if total > MOST_DEALS:
        raise _usage(f"--deals spans at most {MOST_DEALS:,} deals in a run, not {total:,}")
    if args.goal == "pyramid" and ruleset.family != "pyramid":
        raise _usage("--goal pyramid is for the pyramid games")
    _check_limits(args)
    if args.jobs is not None and not 1 <= args.jobs <= MOST_JOBS:
        raise _usage(f"--jobs is a number of processes from 1 to {MOST_JOBS}, not {args.jobs}")
    # no more processes than deals: the others would only start and stop
    jobs = min(args.jobs or cores_usable(), total)
    tag = "".join(f"-{k}{v}" for k, v in options.items())
    span = f"{first}-{last}"
    if len(span) > 60:  # past a file name's 255 bytes ("File name too long", 8.6 KB of it)
        span = f"{first[:12]}-{last[:12]}-{hashlib.sha256(span.encode()).hexdigest()[:12]}"
    path = Path(args.csv or f"stats-{ruleset.id}{tag}-{args.goal}-{span}.csv")
    _check_writable(path)  # before the hours of solving, not after
    rows: list[stats.Row] = []
    try:
        for row in stats.run(
            ruleset.id,
            options,
            int(first),
            int(last),
            jobs,
            args.goal,
            args.seconds,
            args.nodes,
            # the bar redraws one line: for a terminal, not for a log or a pipe
            progress=not args.json and sys.stderr.isatty(),
        ):
            rows.append(row)
    except KeyboardInterrupt:
        # Ctrl+C: the deals done so far are kept, and said to be a part
        _write_csv(path, rows)
        print(
            f"piramida: stopped after {len(rows)} of {total} deals; they are in {path}",
            file=sys.stderr,
        )
        return 130
    summary = stats.summarise(ruleset.id, options, args.goal, args.deals, rows, args.seconds)
    # the summary is said even where its file cannot be written (a full disk): the
    # hours of solving were lost with it
    try:
        _write_csv(path, rows)
    except OSError:
        _print_summary(args, ruleset, options, summary, None)
        raise
    _print_summary(args, ruleset, options, summary, path)
    return 0


def _print_summary(
    args: argparse.Namespace,
    ruleset: Ruleset,
    options: dict[str, Any],
    summary: Summary,
    path: Path | None,
) -> None:
    """The summary of a `stats` run, and where its per-deal CSV is (None: nowhere)."""
    if args.json:
        print(json.dumps(summary.to_json() | {"csv": str(path) if path else None}))
        return
    low, high = summary.interval
    written = options_text(options) or "no options"
    print(f"{ruleset.name['en']} ({ruleset.id}), {written}, goal {args.goal}, deals {args.deals}")
    print(f"won {summary.won}, lost {summary.lost}, unknown {summary.unknown} of {summary.total}")
    print(f"win rate {summary.win_rate:.2%} (95% interval {low:.2%} .. {high:.2%})")
    print(
        f"time per deal: mean {summary.mean_ms:.1f} ms, median {summary.median_ms:.1f} ms,"
        f" max {summary.max_ms:.1f} ms (limit {args.seconds} s)"
    )
    if path is not None:
        print(f"per-deal outcomes: {path}")
