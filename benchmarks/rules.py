"""How fast the rules module plays, replays and undoes: a report against the targets.

    python benchmarks/rules.py [--json] [--seconds S] [--check]

- Random playouts, per ruleset (default options): player moves per second,
  legal-move generation included. Each game is a new `Game(ruleset, deal=k)`;
  the loop lists the legal moves, picks one with a seeded `random.Random` and
  plays it, until no move is left or 500 moves are played. About S seconds per
  ruleset (default 1.0), five times; the median is reported.
- Replay of a 300-move log (random play on an Egyptian Pyramid deal):
  `run_replay(replay)` (validate the replay, deal, check and play every move),
  median of 20 runs, in ms.
- Undo: `game.undo()` + `game.redo()` pairs at the end of that game, each followed
  by reading the position, as the table does; the median time per single undo
  (half a pair), in ms. And the slowest undo: the one back past a checkpoint of
  the game's history, whose position is folded again from the checkpoint before
  (median of 20).
- The memory a long game's history takes: an Egyptian game of 5,000 random moves,
  played with tracemalloc on, in KB per move.
- The search for a stuck game, on an Egyptian end that needs some 10,000 positions
  to be found stuck (tests/rules/golden/egyptian-0-stuck.json): the median time of
  one slice (the table searches one a frame), and of the whole search, in ms.

The exit status is 0 (it is a report) unless --check is given and a target is missed.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rules import Game, rulesets, run_replay  # noqa: E402
from game.rules.game import CHECKPOINT_EVERY  # noqa: E402

REPEATS = 5
MAX_MOVES = 500
REPLAY_LENGTH = 300
REPLAY_RUNS = 20
UNDO_BATCHES = 25
UNDO_PAIRS = 1000
MEMORY_LENGTH = 5000

# Targets: (figure, at least / at most, bound).
MOVES_TARGETS = {"pyramid52": 20_000, "egyptian": 10_000}
REPLAY_TARGET_MS = 15.0
UNDO_TARGET_MS = 0.1
UNDO_PAST_CHECKPOINT_TARGET_MS = 5.0  # well within a frame
STUCK_SLICE_TARGET_MS = 5.0  # a third of a frame at 60 frames a second (it aims at half)
STUCK_END = ROOT / "tests" / "rules" / "golden" / "egyptian-0-stuck.json"
STUCK_RUNS = 5


def playout_rate(ruleset_id: str, seconds: float, seed: int) -> float:
    """Player moves per second in random playouts on fresh deals, for about `seconds`."""
    rng = random.Random(seed)
    deal = seed * 100_000
    played = 0
    start = perf_counter()
    deadline = start + seconds
    while True:
        game = Game(ruleset_id, deal=deal)
        deal += 1
        for _ in range(MAX_MOVES):
            moves = list(game.legal_moves)
            if not moves:
                break
            game.play(rng.choice(moves))
            played += 1
        if perf_counter() >= deadline:
            break
    return played / (perf_counter() - start)


def long_game(ruleset_id: str = "egyptian", length: int = REPLAY_LENGTH) -> Game:
    """A game of exactly `length` random moves, on the first deal that lasts that long."""
    for deal in range(10_000):
        game = Game(ruleset_id, deal=deal)
        rng = random.Random(deal)
        while len(game.moves) < length:
            moves = list(game.legal_moves)
            if not moves:
                break
            game.play(rng.choice(moves))
        if len(game.moves) == length:
            return game
    raise RuntimeError(f"no deal of {ruleset_id} lasts {length} random moves")


def median_time(action: Callable[[], object], runs: int) -> float:
    """The median wall time of `action`, in seconds, after one warm-up call."""
    action()
    samples = []
    for _ in range(runs):
        start = perf_counter()
        action()
        samples.append(perf_counter() - start)
    return statistics.median(samples)


def undo_time(game: Game, batches: int = UNDO_BATCHES, pairs: int = UNDO_PAIRS) -> float:
    """Median seconds per single undo, timed as undo + redo pairs (half a pair each)."""
    undo, redo = game.undo, game.redo
    samples = []
    for _ in range(batches):
        start = perf_counter()
        for _ in range(pairs):
            undo()
            game.state  # noqa: B018 (the position undo comes to, as the table reads it)
            redo()
            game.state  # noqa: B018
        samples.append((perf_counter() - start) / (2 * pairs))
    return statistics.median(samples)


def undo_past_checkpoint_time(game: Game, runs: int = REPLAY_RUNS) -> float:
    """Median seconds of the one undo that goes back past a checkpoint of the history
    (its position folded again from the checkpoint before), position read included."""
    back = len(game.moves) % CHECKPOINT_EVERY
    for _ in range(back):
        game.undo()
    assert len(game.moves) % CHECKPOINT_EVERY == 0, "at a checkpoint"
    samples = []
    for _ in range(runs):
        game.redo()
        game.undo()
        game.state  # noqa: B018 (at the checkpoint, and no further back)
        start = perf_counter()
        game.undo()
        game.state  # noqa: B018
        samples.append(perf_counter() - start)
        game.redo()
    for _ in range(back):
        game.redo()
    return statistics.median(samples)


def history_kb_per_move(length: int = MEMORY_LENGTH) -> float:
    """KB of memory a game's history holds per move, for a game of `length` moves."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        game = long_game(length=length)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(game.moves) == length
    return held / length / 1024


def stuck_search_times(runs: int = STUCK_RUNS) -> tuple[float, float]:
    """Median seconds of one slice of the stuck search, and of the whole search, on a
    stuck Egyptian end."""
    game = run_replay(json.loads(STUCK_END.read_text(encoding="utf-8")))
    slices: list[float] = []
    wholes: list[float] = []
    for _ in range(runs):
        search = game.stuck_search()
        start = last = perf_counter()
        for answer in search:
            now = perf_counter()
            slices.append(now - last)
            last = now
            if answer is not None:
                assert answer is True, "the benchmark's end is stuck"
        wholes.append(perf_counter() - start)
    return statistics.median(slices), statistics.median(wholes)


def measure(seconds: float) -> dict[str, object]:
    rates: dict[str, list[float]] = {}
    for ruleset_id in rulesets():
        rates[ruleset_id] = [playout_rate(ruleset_id, seconds, run) for run in range(REPEATS)]
    game = long_game()
    replay = game.to_replay()
    replayed = run_replay(replay)
    assert len(replayed.moves) == REPLAY_LENGTH and replayed.state == game.state
    replay_s = median_time(lambda: run_replay(replay), REPLAY_RUNS)
    undo_s = undo_time(game)
    undo_far_s = undo_past_checkpoint_time(game)
    slice_s, stuck_s = stuck_search_times()
    kb_per_move = history_kb_per_move()
    return {
        "moves_per_s": {rid: round(statistics.median(r)) for rid, r in rates.items()},
        "replay_300_ms": replay_s * 1000,
        "undo_ms": undo_s * 1000,
        "undo_past_checkpoint_ms": undo_far_s * 1000,
        "history_kb_per_move": kb_per_move,
        "stuck_slice_ms": slice_s * 1000,
        "stuck_search_ms": stuck_s * 1000,
        "runs": {
            "seconds_per_run": seconds,
            "playout_runs": REPEATS,
            "moves_per_s_all": {rid: [round(x) for x in r] for rid, r in rates.items()},
            "replay_runs": REPLAY_RUNS,
            "replay_deal": replay["deal"],
            "undo_batches": UNDO_BATCHES,
            "undo_pairs_per_batch": UNDO_PAIRS,
            "stuck_runs": STUCK_RUNS,
        },
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def verdicts(report: dict[str, object]) -> list[tuple[str, str, bool]]:
    """(figure, target text, met) for every target."""
    rates = report["moves_per_s"]
    assert isinstance(rates, dict)
    found = [
        (f"moves/s {rid}", f">= {bound:,}", rates[rid] >= bound)
        for rid, bound in MOVES_TARGETS.items()
        if rid in rates
    ]
    replay_ms = report["replay_300_ms"]
    undo_ms = report["undo_ms"]
    assert isinstance(replay_ms, float) and isinstance(undo_ms, float)
    found.append(("replay 300 moves", f"<= {REPLAY_TARGET_MS:g} ms", replay_ms <= REPLAY_TARGET_MS))
    found.append(("undo", f"<= {UNDO_TARGET_MS:g} ms", undo_ms <= UNDO_TARGET_MS))
    far_ms = report["undo_past_checkpoint_ms"]
    assert isinstance(far_ms, float)
    bound = UNDO_PAST_CHECKPOINT_TARGET_MS
    found.append(("undo past a checkpoint", f"<= {bound:g} ms", far_ms <= bound))
    slice_ms = report["stuck_slice_ms"]
    assert isinstance(slice_ms, float)
    target = STUCK_SLICE_TARGET_MS
    found.append(("stuck search slice", f"<= {target:g} ms", slice_ms <= target))
    return found


def table(report: dict[str, object], seconds: float) -> str:
    rates = report["moves_per_s"]
    assert isinstance(rates, dict)
    met = {name: (target, ok) for name, target, ok in verdicts(report)}

    def mark(name: str) -> str:
        if name not in met:
            return ""
        target, ok = met[name]
        return f"{target:>12}  {'PASS' if ok else 'FAIL'}"

    lines = [
        f"Piramida rules benchmark ({report['python']}; random playouts: "
        f"{seconds:g} s x {REPEATS} per ruleset, median)",
        "",
        f"{'random playouts':24}{'moves/s':>12}{'target':>14}",
    ]
    for rid, rate in rates.items():
        lines.append(f"  {rid:22}{rate:>12,}  {mark(f'moves/s {rid}')}".rstrip())
    lines.append("")
    replay_ms = report["replay_300_ms"]
    undo_ms = report["undo_ms"]
    lines.append(
        f"{'replay of 300 moves':24}{replay_ms:>9.2f} ms  {mark('replay 300 moves')}".rstrip()
    )
    lines.append(f"{'undo (one step)':24}{undo_ms:>9.5f} ms  {mark('undo')}".rstrip())
    far_ms = report["undo_past_checkpoint_ms"]
    lines.append(
        f"{'undo past a checkpoint':24}{far_ms:>9.3f} ms  {mark('undo past a checkpoint')}".rstrip()
    )
    lines.append(f"{'history, per move':24}{report['history_kb_per_move']:>9.2f} KB")
    slice_ms, stuck_ms = report["stuck_slice_ms"], report["stuck_search_ms"]
    lines.append(
        f"{'stuck search, a slice':24}{slice_ms:>9.2f} ms  {mark('stuck search slice')}".rstrip()
    )
    lines.append(f"{'stuck search, in all':24}{stuck_ms:>9.1f} ms")
    return "\n".join(lines)


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"seconds must be positive, got {text}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--seconds",
        type=positive_seconds,
        default=1.0,
        help="seconds of random playouts per ruleset and run (default 1.0)",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    report = measure(args.seconds)
    if args.json:
        print(json.dumps(report))
    else:
        print(table(report, args.seconds))
    missed = [name for name, _target, ok in verdicts(report) if not ok]
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
