"""How much memory a long session at 4K keeps: resident size after each round.

    python benchmarks/session_memory.py [--json] [--rounds N] [--size WxH] [--keep]

Headless, the real app goes round the scenes a player visits, each reached by the
game's own fade: two games of two patiences with 30 random moves each, their rules,
the records, the settings and the menu. After each round the process's resident size
(VmRSS) is taken. `--keep` leaves freed memory with the C library (cycles are still
collected at each change of scene), as the game did before it gave it back there
(game/heap.py), to compare the two in one sitting. The pause that giving back takes,
under the fade's full shade, is timed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.headless import scratch_home  # noqa: E402

RULESETS = ("pyramid52", "egyptian", "sbudetsya", "devils-bridge", "nechego", "pyramid36")


def resident_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return 0.0


def measure(rounds: int, size: tuple[int, int], keep: bool) -> dict[str, object]:
    import game.app as app_module
    from game import heap
    from game.app import App
    from game.clock import ManualClock
    from game.rules import Game
    from game.scenes.menu import MenuScene
    from game.scenes.records import RecordsScene
    from game.scenes.rules import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.table import TableScene

    if keep:
        heap._TRIM = None  # collected, not given back
    pauses: list[float] = []

    def timed() -> None:
        start = perf_counter()
        heap.give_back_freed_memory()
        pauses.append((perf_counter() - start) * 1000)

    app_module.give_back_freed_memory = timed
    app = App(size=size, clock=ManualClock())
    app.settings.animation_speed = 2.0

    def settle(seconds: float) -> None:
        for i in range(int(seconds * 60)):
            app.clock.advance(1 / 60)
            app.frame(draw=i % 4 == 0)  # every fourth frame drawn: the same pictures, sooner

    rng = random.Random(1)
    sizes = []
    try:
        app.switch(MenuScene(app), fade=False)
        settle(1.0)
        start_mb = resident_mb()
        for n in range(rounds):
            for ruleset_id in (RULESETS[n % len(RULESETS)], RULESETS[(n + 1) % len(RULESETS)]):
                game = Game(ruleset_id, deal=rng.randrange(1000))
                app.switch(lambda game=game: TableScene(app, game))
                settle(1.0)
                for _ in range(30):
                    if game.over:
                        break
                    app.scene._play(rng.choice(list(game.legal_moves)))  # type: ignore[union-attr]
                    settle(0.1)
                app.switch(lambda game=game: RulesScene(app, game.ruleset.id))
                settle(0.8)
            app.switch(lambda: RecordsScene(app, "pyramid52", {}))
            settle(0.8)
            app.switch(lambda: SettingsScene(app))
            settle(0.8)
            app.switch(lambda: MenuScene(app))
            settle(0.8)
            sizes.append(round(resident_mb(), 1))
    finally:
        app.close()
    return {
        "size": f"{size[0]}x{size[1]}",
        "given_back": not keep,
        "start_mb": round(start_mb, 1),
        "rounds_mb": sizes,
        "last_mb": sizes[-1] if sizes else None,
        "pause_ms_median": round(statistics.median(pauses), 1) if pauses else None,
        "pause_ms_max": round(max(pauses), 1) if pauses else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--size", default="3840x2160")
    parser.add_argument("--keep", action="store_true", help="freed memory not given back")
    args = parser.parse_args()
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error("--size is WIDTHxHEIGHT")
    if args.rounds < 1:
        parser.error("--rounds must be positive")
    if not Path("/proc/self/status").exists():
        parser.error("the resident size is read from /proc (Linux)")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PIRAMIDA_HOME"] = scratch_home("piramida-bench-")
    report = measure(args.rounds, (width, height), args.keep)
    if args.json:
        print(json.dumps(report))
        return 0
    kept = "given back at each change of scene" if report["given_back"] else "kept by the C library"
    print(f"{report['size']}, freed memory {kept}")
    print(f"start {report['start_mb']} MB; after each round: {report['rounds_mb']} MB")
    pauses = f"median {report['pause_ms_median']} ms, max {report['pause_ms_max']} ms"
    print(f"pause at a change of scene: {pauses}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
