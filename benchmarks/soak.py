"""The kiosk left alone for a simulated day: the attract loop, headless.

    python benchmarks/soak.py [--hours H | --seconds S] [--visitors N] [--json]

The real App in kiosk mode with a manual clock: updates at 60 Hz, drawing
every 60th frame (SDL's dummy video driver). The frames run far faster than
real time; the solver's search for each demo's winnable deal, which runs in real
time, is waited for while the invitation is up, as a kiosk waits. Now and then a
passer-by taps a few times at random and walks away (`--visitors` an hour, 2 by
default): the game they started is ended by the idle timeout and recorded, as on
a real kiosk. Reported, with the targets:

- failures: scenes the kiosk had to recover from (target 0)
- rss_growth_mb: resident memory, taken at the same moment of the show (the
  start of a round, where the kiosk returns freed heap to the system; after a
  garbage collection), at the end minus after the warm-up (the first tenth,
  and every game offered shown once in a demo: the card pictures of each table
  size are painted, the records file opens); the median of the last fifth of the
  samples minus that of the first, since the allocators move a single sample
  by some MB either way; target < 10
- update_ms_* and draw_ms_*: the median real time of a frame, by the kind of
  scene (and the patience on its table), in the first and the last tenth of the
  run (every drawn frame, and up to 20,000 evenly spread update frames); flat
  means the last is at most 1.5 times the first, plus 0.05 ms for timer noise
- the solver's process is reported beside (it lives as long as the kiosk)

Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import os
import random
import statistics
import sys
from array import array
from pathlib import Path
from time import perf_counter, sleep
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.headless import go_headless  # noqa: E402

FPS = 60
DRAW_EVERY = 60
TIMED_UPDATES = 20_000  # update frames timed in each of the first and the last tenth
DEAL_WAIT_S = 60.0  # real seconds the run waits for the solver's winnable deal at most
RSS_GROWTH_MB = 10.0
FLAT_RATIO, FLAT_SLACK_MS = 1.5, 0.05
CONFIG = """
language = "en"
idle_seconds = 60
[operator]
pin = "2580"
[[games]]
ruleset = "pyramid36"
[[games]]
ruleset = "sbudetsya"
[[games]]
ruleset = "nechego"
"""


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of a process, from /proc (Linux)."""
    try:
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def make_kiosk(size: tuple[int, int], seed: int):  # type: ignore[no-untyped-def]
    from game.app import App
    from game.clock import ManualClock
    from game.kiosk.config import KioskSettingsStore, parse_config
    from game.kiosk.policy import KioskPolicy

    config = parse_config(CONFIG, Path("soak.toml"))
    app = App(size=size, clock=ManualClock(), settings_store=KioskSettingsStore(config))
    app.kiosk = KioskPolicy(app, config, rng=random.Random(seed))
    app.kiosk.start()
    return app


def tap(app, pos: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    import pygame

    w, h = app.size
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(
            pygame.event.Event(
                kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1
            )
        )


class Failures(logging.Handler):
    """Counts the scene failures the kiosk recovered from (it logs each as an error)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.first = ""

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        self.first = self.first or self.format(record)


def soak(seconds: float, visitors: float, size: tuple[int, int], seed: int) -> dict[str, object]:
    app = make_kiosk(size, seed)
    failures = Failures()
    logging.getLogger("game").addHandler(failures)
    rng = random.Random(seed)
    loop = app.kiosk.attract  # type: ignore[union-attr]
    frames = int(seconds * FPS)
    tenth = max(1, frames // 10)
    visit_chance = visitors / (3600 * FPS)
    taps_left = 0
    # real milliseconds of a frame, by the kind of scene: [first tenth, last tenth]; a
    # sample of the update frames only, as a day's millions of floats would themselves
    # be the memory growth this measures
    update_ms: dict[str, list[array[float]]] = {}
    draw_ms: dict[str, list[array[float]]] = {}
    stride = max(1, tenth // TIMED_UPDATES)
    # resident memory at the start of each round (the same moment of the show each time)
    rounds_rss: list[tuple[int, float]] = []
    warm: list[bool] = []  # by sample: every offered game's demo shown before it
    solver_rss: list[float] = []
    seen_round = -1
    for i in range(frames):
        if taps_left == 0 and rng.random() < visit_chance:
            taps_left = rng.randrange(3, 30)
        if taps_left and i % 45 == 0:  # a tap every 0.75 s while someone is there
            taps_left -= 1
            tap(app, (rng.randrange(app.size[0]), rng.randrange(app.size[1])))
        app.clock.advance(1 / FPS)
        draw = i % DRAW_EVERY == 0
        kind = type(app.scene).__name__
        if kind == "InvitationScene":
            wait_for_the_deal(loop)
        start = perf_counter()
        app.frame(draw=draw)
        took = (perf_counter() - start) * 1000
        window = 0 if i < tenth else 1 if i >= frames - tenth else -1
        if window >= 0 and (draw or i % stride == 0):
            # by patience too: an Egyptian demo draws some 6 times slower than a pyramid
            # one, and a run's last tenth showing it read as the frame time's growth
            game = getattr(app.scene, "game", None)
            key = f"{kind}_{game.ruleset.id}" if game is not None else kind
            times = (draw_ms if draw else update_ms).setdefault(key, [array("d"), array("d")])
            times[window].append(took)
        if loop.rounds != seen_round and kind == "InvitationScene" and not taps_left:
            seen_round = loop.rounds
            gc.collect()
            rounds_rss.append((i, rss_mb()))
            warm.append(len(loop.demoed) == len(loop.config.games))
            solver_rss.append(rss_mb(solver_pid(app)))
        if not app.running:
            raise SystemExit("the kiosk stopped by itself")
    # the warm-up: the first tenth, and every offered game's demo shown once (a round
    # whose winnable deal came late shows the tables instead)
    after = [k for k, (i, _rss) in enumerate(rounds_rss) if i >= tenth and warm[k]]
    if len(after) < 2:
        raise SystemExit("too short: the attract loop did not show every game and go on")
    # the allocators' state moves a resident size up and down by some MB from one
    # sample to the next: the start and the end are the medians of a fifth of the samples
    rss = [rounds_rss[k][1] for k in after]
    window = max(1, len(rss) // 5)
    start, end = statistics.median(rss[:window]), statistics.median(rss[-window:])
    solver = [solver_rss[k] for k in after]
    by_tenth = [[r for i, r in rounds_rss if k * tenth <= i < (k + 1) * tenth] for k in range(10)]
    figures: dict[str, object] = {
        "simulated_hours": round(seconds / 3600, 3),
        "frames": frames,
        "failures": failures.count,
        "warmup_minutes": round(rounds_rss[after[0]][0] / FPS / 60, 1),
        "rss_samples": len(rss),
        "rss_start_mb": round(start, 1),
        "rss_end_mb": round(end, 1),
        "rss_growth_mb": round(end - start, 2),
        "rss_min_max_mb": [round(min(rss), 1), round(max(rss), 1)],
        "rss_by_tenth_mb": [round(statistics.median(t), 1) for t in by_tenth if t],
        "solver_rss_growth_mb": round(
            statistics.median(solver[-window:]) - statistics.median(solver[:window]), 2
        ),
        **frame_figures("update", update_ms),
        **frame_figures("draw", draw_ms),
        "attract_rounds": loop.rounds,
        "demos_won": loop.demos_won,
        "games_ended": app.kiosk.games_ended,  # type: ignore[union-attr]
    }
    if failures.first:
        figures["first_failure"] = failures.first.splitlines()[0]
    app.close()
    return figures


def frame_figures(name: str, times: dict[str, list[array[float]]]) -> dict[str, object]:
    """Per kind of scene seen at both ends: the median frame at the start and at the end."""
    out: dict[str, object] = {}
    for kind, (start, end) in sorted(times.items()):
        if len(start) >= 5 and len(end) >= 5:
            out[f"{name}_ms_{kind}"] = [
                round(statistics.median(start), 4),
                round(statistics.median(end), 4),
            ]
    return out


def solver_pid(app) -> int | str:  # type: ignore[no-untyped-def]
    process = getattr(app.solver, "_process", None)  # the worker's process, if it runs
    return process.pid if process is not None and process.pid else "none"


def verdicts(figures: dict[str, object]) -> dict[str, bool]:
    def flat(pair: object) -> bool:
        start, end = pair  # type: ignore[misc]
        return bool(end <= start * FLAT_RATIO + FLAT_SLACK_MS)

    frames = {k: v for k, v in figures.items() if k.startswith(("update_ms_", "draw_ms_"))}
    return {
        "no failure": figures["failures"] == 0,
        "rss growth < 10 MB": float(figures["rss_growth_mb"]) < RSS_GROWTH_MB,  # type: ignore[arg-type]
        "frame time flat": bool(frames) and all(flat(v) for v in frames.values()),
    }


def wait_for_the_deal(loop: Any) -> None:
    """The solver's search for the next demo's winnable deal, answered: it works in real
    time, where the frames here run far faster, and a kiosk waits that long with its
    invitation up (with no deal the round shows no demo, and the run would depend on how
    busy the machine is)."""
    end = perf_counter() + DEAL_WAIT_S
    while not loop.deal_ready() and perf_counter() < end:
        sleep(0.005)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--hours", type=float, default=24.0, help="simulated hours (24)")
    length.add_argument("--seconds", type=float, help="simulated seconds instead")
    parser.add_argument("--visitors", type=float, default=2.0, help="passers-by an hour (2)")
    parser.add_argument("--size", default="1280x800", help="window size (1280x800)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else args.hours * 3600
    if seconds < 60 or args.visitors < 0:
        parser.error("a soak lasts at least 60 simulated seconds, with 0 or more visitors")
    w, _sep, h = args.size.partition("x")
    go_headless("piramida-soak-")
    figures = soak(seconds, args.visitors, (int(w), int(h)), args.seed)
    checks = verdicts(figures)
    figures["passed"] = all(checks.values())
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:22} {value}")
        for name, ok in checks.items():
            print(f"{name:22} {'PASS' if ok else 'FAIL'}")
    return 0 if figures["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
