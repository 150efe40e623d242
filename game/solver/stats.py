"""Win rates over ranges of deals, solved in parallel processes."""

from __future__ import annotations

import contextlib
import csv
import math
import os
import signal
import stat
import statistics
import sys
import time
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

Row = tuple[int, str, int, float]  # deal, outcome, nodes, seconds


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 0.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def solve_deal(job: tuple[str, dict[str, object], int, str, float, int]) -> Row:
    from game.rules import Game
    from game.solver import solve

    ruleset, options, deal, goal, seconds, nodes = job
    result = solve(Game(ruleset, options, deal=deal), nodes, seconds, goal, best=False)
    return (deal, str(result.outcome), result.nodes, result.seconds)


def run(
    ruleset: str,
    options: dict[str, object],
    first: int,
    last: int,
    jobs: int,
    goal: str,
    seconds: float,
    node_limit: int,
    progress: bool = True,
) -> Iterator[Row]:
    """Each deal's row, in the order of the deals. The deals are handed out a few
    chunks at a time, not listed up front: a long range costs no memory to start."""
    work = ((ruleset, options, d, goal, seconds, node_limit) for d in range(first, last + 1))
    total = last - first + 1
    start = time.perf_counter()
    pool = None
    if jobs <= 1:
        results: Iterator[Row] = map(solve_deal, work)
    else:
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_leave_interrupts)
        # fast deals go in chunks, so that passing them to and fro costs little
        chunk = max(1, min(64, total // (jobs * 8) or 1))
        results = _in_order(pool, work, chunk, window=jobs * WINDOW_PER_JOB)
    shown = 0.0
    try:
        for done, row in enumerate(results, 1):
            now = time.perf_counter()
            if progress and (now - shown > 0.2 or done == total):
                shown = now
                _bar(done, total, now - start)
            yield row
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
        if progress:
            print(file=sys.stderr)


# Chunks handed out ahead for each process: enough that a slow chunk at the head of the
# line (Egyptian deals take up to the time limit each) leaves the others busy
WINDOW_PER_JOB = 16


def _in_order(
    pool: ProcessPoolExecutor,
    work: Iterator[tuple[str, dict[str, object], int, str, float, int]],
    chunk: int,
    window: int,
) -> Iterator[Row]:
    """The rows of `work` solved by the pool, in order, with at most `window` chunks
    handed out at a time."""
    pending: deque[Future[list[Row]]] = deque()

    def hand_out() -> bool:
        part = list(islice(work, chunk))
        if part:
            pending.append(pool.submit(_solve_chunk, part))
        return bool(part)

    while len(pending) < window and hand_out():
        pass
    while pending:
        rows = pending.popleft().result()
        hand_out()
        yield from rows


def _solve_chunk(jobs: list[tuple[str, dict[str, object], int, str, float, int]]) -> list[Row]:
    return [solve_deal(job) for job in jobs]


def _leave_interrupts() -> None:
    """In a worker: Ctrl+C is for the parent, which stops the run and keeps what is
    done; a worker hit by it too would only print its traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _bar(done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = width * done // total
    rate = done / elapsed if elapsed > 0 else 0.0
    eta = (total - done) / rate if rate else 0.0
    bar = "#" * filled + "." * (width - filled)
    sys.stderr.write(f"\r[{bar}] {done}/{total}  {rate:.1f} deals/s  eta {eta:.0f}s")
    sys.stderr.flush()


@dataclass
class Summary:
    ruleset: str
    options: dict[str, object]
    goal: str
    deals: str
    won: int
    lost: int
    unknown: int
    seconds_limit: float
    mean_ms: float
    median_ms: float
    max_ms: float

    @property
    def total(self) -> int:
        return self.won + self.lost + self.unknown

    @property
    def win_rate(self) -> float:
        return self.won / self.total if self.total else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.won, self.total)

    def to_json(self) -> dict[str, object]:
        low, high = self.interval
        return {
            "ruleset": self.ruleset,
            "options": self.options,
            "goal": self.goal,
            "deals": self.deals,
            "won": self.won,
            "lost": self.lost,
            "unknown": self.unknown,
            "win_rate": round(self.win_rate, 5),
            "interval_95": [round(low, 5), round(high, 5)],
            "unknown_share": round(self.unknown / self.total, 5) if self.total else 0.0,
            "seconds_limit": self.seconds_limit,
            "mean_ms": round(self.mean_ms, 2),
            "median_ms": round(self.median_ms, 2),
            "max_ms": round(self.max_ms, 2),
        }


def summarise(
    ruleset: str, options: dict[str, object], goal: str, deals: str, rows: list[Row], limit: float
) -> Summary:
    times = [r[3] * 1000 for r in rows] or [0.0]
    count = {o: sum(1 for r in rows if r[1] == o) for o in ("won", "lost", "unknown")}
    return Summary(
        ruleset,
        options,
        goal,
        deals,
        count["won"],
        count["lost"],
        count["unknown"],
        limit,
        statistics.mean(times),
        statistics.median(times),
        max(times),
    )


def write_csv(path: Path, rows: list[Row]) -> None:
    """The per-deal outcomes written to `path`. A file cut short (a full disk) is
    removed, not left to pass for whole, ending mid-row; a device or a pipe is not."""
    path.parent.mkdir(parents=True, exist_ok=True)
    f = path.open("w", newline="", encoding="utf-8")
    regular = stat.S_ISREG(os.fstat(f.fileno()).st_mode)
    try:
        with f:
            writer = csv.writer(f)
            writer.writerow(["deal", "outcome", "nodes", "seconds"])
            for row in sorted(rows):
                writer.writerow([row[0], row[1], row[2], f"{row[3]:.4f}"])
    except OSError:
        if regular:
            with contextlib.suppress(OSError):
                path.unlink()
        raise
