"""Random input at every scene and every ruleset: nothing may raise, no card may go astray.

    python benchmarks/fuzz.py [--frames N] [--seed S] [--json]

The real App, headless, with a manual clock, first as the ordinary game, then
as a kiosk (a third of the frames). Every VISIT frames the fuzzer opens the
next scene of a shuffled round (a table of every ruleset with random options,
the menu, settings, records on each tab, rules, results, initials, watch, the
arcade, the deal finder; in the kiosk its attract loop, chooser and PIN pad)
and then sends random events every frame: finger down, motion and up (two
fingers at times), mouse buttons, motion and wheel, and keys with modifiers.
Half of the pointer events aim at something there (a button, a card), the rest
land anywhere; the kiosk's attract loop is mostly left to run, as it would be.
Now and then the window changes size.

Checked on every frame: no exception (the kiosk must not even need to recover
from one), and on a table the cards in all its piles are exactly its deck (no
card lost or duplicated). A quit asked for by the fuzzer is undone and counted.
Exit status 1 with the seed, frame and scene of the first failure.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import sys
import traceback
from collections import Counter
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.headless import go_headless  # noqa: E402

VISIT = 200  # frames at one scene before the fuzzer opens the next
SIZES = ((800, 600), (1280, 800), (1024, 768), (1920, 1080))  # the first is the start
KIOSK_CONFIG = """
language = "en"
idle_seconds = 15
ask_initials = true
[operator]
pin = "2580"
hold_seconds = 2
[attract]
invitation_seconds = 3
tables_seconds = 3
demo_seconds = 20
[[games]]
ruleset = "pyramid36"
[[games]]
ruleset = "sbudetsya"
[[games]]
ruleset = "devils-bridge"
"""


class Broken(Exception):
    """The fuzz found a failure."""


class Recovered(logging.Handler):
    """The kiosk logs every failure it recovers from as an error: each is a finding."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


# -- what a scene can be asked to be ---------------------------------------------------


def random_game(rng: random.Random, ruleset_id: str, moves: int):  # type: ignore[no-untyped-def]
    from game.rules import Game, get_ruleset

    ruleset = get_ruleset(ruleset_id)
    options = rng.choice(list(ruleset.combinations()))
    game = Game(ruleset, options, deal=rng.randrange(10**6))
    for _ in range(moves):
        legal = list(game.legal_moves)
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


def ordinary_visits(rulesets: list[str]) -> list[tuple[str, str]]:
    kinds = ["menu", "settings", "rules", "results", "initials", "watch", "arcade", "finder"]
    kinds += ["records:free", "records:daily", "records:arcade", "records:stats"]
    return [("table", r) for r in rulesets] + [
        (k, rulesets[i % len(rulesets)]) for i, k in enumerate(kinds)
    ]


def kiosk_visits(rulesets: list[str]) -> list[tuple[str, str]]:
    kinds = ["attract", "demo", "tables", "chooser", "pin", "menu", "results"]
    return [("table", r) for r in rulesets] + [(k, rulesets[0]) for k in kinds]


def open_scene(app, kind: str, ruleset_id: str, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Switch the app to a scene of this kind, the way the game itself would build it."""
    from game.scenes.initials import InitialsScene
    from game.scenes.menu import MenuScene
    from game.scenes.records import RecordsScene
    from game.scenes.results import ResultsScene
    from game.scenes.rules import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.summary import GameSummary
    from game.scenes.table import TableScene
    from game.scenes.watch import WatchScene

    game = random_game(rng, ruleset_id, rng.randrange(0, 40))
    options = dict(game.options)
    back = lambda: MenuScene(app)  # noqa: E731
    if kind == "table":
        app.switch(lambda: TableScene(app, game))
    elif kind == "menu":
        app.switch(back)
    elif kind == "settings":
        app.switch(lambda: SettingsScene(app, back=back))
    elif kind == "rules":
        app.switch(lambda: RulesScene(app, ruleset_id, options, back=back))
    elif kind == "results":
        if not game.over:
            game.play("resign")
        app.switch(lambda: ResultsScene(app, GameSummary(game, rng.uniform(0, 900))))
    elif kind == "initials":
        app.switch(lambda: InitialsScene(app, "Fuzz", "initials?", "ABC", lambda _i: back()))
    elif kind == "watch":
        app.switch(lambda: WatchScene(app, [game.to_replay()], back=back))
    elif kind == "arcade":
        from game.scenes.arcade import continue_or_start

        continue_or_start(app)
    elif kind == "finder":
        from game.scenes.deal_finder import DealFinderScene

        app.switch(lambda: DealFinderScene(app, game.ruleset, options))
    elif kind.startswith("records:"):
        tab = kind.split(":")[1]
        app.switch(lambda: RecordsScene(app, ruleset_id, options, tab, back=back))
    elif kind == "attract":
        app.kiosk.to_attract()
    elif kind == "demo":
        app.kiosk.attract.show_demo()
    elif kind == "tables":
        app.kiosk.attract.show_tables()
    elif kind == "chooser":
        app.switch(app.kiosk.home)
    elif kind == "pin":
        app.kiosk.open_pin_pad()
    else:
        raise ValueError(kind)


# -- random input --------------------------------------------------------------------


def targets(scene) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """Centres of what a player could aim at: every button the scene holds, every card."""
    from game.ui.widgets import Button

    found: list[tuple[int, int]] = []

    def take(value: object, depth: int = 0) -> None:
        if isinstance(value, Button):
            if value.rect.width:
                found.append(value.rect.center)
        elif isinstance(value, dict) and depth < 2:
            for v in value.values():
                take(v, depth + 1)
        elif isinstance(value, list | tuple) and depth < 2:
            for v in value:
                take(v, depth + 1)
        elif hasattr(value, "buttons") and depth < 2:
            take(value.buttons, depth + 1)

    for value in vars(scene).values():
        take(value)
    view = getattr(scene, "view", None)
    if view is not None and hasattr(view, "piles"):
        for name in view.piles:
            found.append(view.top_rect(name).center)
    return found


class Fingers:
    """Random input events, with the held fingers and mouse buttons remembered."""

    KEYS = "abcdefghijklmnopqrstuvwxyz0123456789"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.down: set[int] = set()
        self.mouse_held = False
        self.calls = 0
        self._aims_of: object = None
        self._aims: list[tuple[int, int]] = []

    def events(self, scene, size: tuple[int, int]) -> list:  # type: ignore[no-untyped-def]
        import pygame

        rng = self.rng
        self.calls += 1
        if self._aims_of is not scene or self.calls % 15 == 0:  # looked for now and then
            self._aims_of, self._aims = scene, targets(scene) if scene is not None else []
        aims = self._aims
        w, h = size

        def pos() -> tuple[int, int]:
            if aims and rng.random() < 0.5:
                x, y = rng.choice(aims)
                return (
                    min(w - 1, max(0, x + rng.randint(-4, 4))),
                    min(h - 1, max(0, y + rng.randint(-4, 4))),
                )
            return rng.randrange(w), rng.randrange(h)

        roll = rng.random()
        if roll < 0.35:
            return self._finger(pos(), size)
        if roll < 0.7:
            return self._mouse(pos())
        if roll < 0.95:
            return self._key()
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)]

    def _finger(self, at: tuple[int, int], size: tuple[int, int]) -> list:  # type: ignore[no-untyped-def]
        import pygame

        rng = self.rng
        finger = 1 if rng.random() < 0.85 else 2
        x, y = at[0] / size[0], at[1] / size[1]
        if finger not in self.down:
            kind = pygame.FINGERDOWN
            self.down.add(finger)
        elif rng.random() < 0.6:
            kind = pygame.FINGERMOTION
        else:
            kind = pygame.FINGERUP
            self.down.discard(finger)
        common = {"x": x, "y": y, "dx": 0.0, "dy": 0.0, "finger_id": finger, "touch_id": 1}
        return [pygame.event.Event(kind, pressure=1.0, **common)]

    def _mouse(self, at: tuple[int, int]) -> list:  # type: ignore[no-untyped-def]
        import pygame

        rng = self.rng
        if rng.random() < 0.4:
            held = (1, 0, 0) if self.mouse_held else (0, 0, 0)
            return [
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=held, touch=False
                )
            ]
        button = rng.choice((1, 1, 1, 1, 3, 2, 4, 5))
        if not self.mouse_held:
            self.mouse_held = button == 1
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=button, touch=False)]
        self.mouse_held = False
        return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1, touch=False)]

    def _key(self) -> list:  # type: ignore[no-untyped-def]
        import pygame

        rng = self.rng
        specials = [
            pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_TAB,
            pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_DELETE,
            pygame.K_F1, pygame.K_F4, pygame.K_F11, pygame.K_KP_ENTER, pygame.K_KP5,
        ]  # fmt: skip
        if rng.random() < 0.1:
            # text with no key down of its own: an input method's, or xdotool's Russian
            return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(("ю", "ЛЯ", "ё", "ß")))]
        if rng.random() < 0.5:
            char = rng.choice(self.KEYS)
            key, text = ord(char), char
        else:
            key, text = rng.choice(specials), ""
        mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT))
        pressed = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)]
        if text and rng.random() < 0.7:  # as SDL follows a key down with its text
            pressed.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pressed.append(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0))
        return pressed


# -- the run --------------------------------------------------------------------------


def check_cards(scene) -> None:  # type: ignore[no-untyped-def]
    from game.scenes.table import TableScene

    if not isinstance(scene, TableScene):
        return
    game = scene.game
    held = Counter(card for name in game.pile_names for card in game.pile(name))
    if held != Counter(game.deck):
        lost = Counter(game.deck) - held
        extra = held - Counter(game.deck)
        raise Broken(f"cards astray on {game.ruleset.id}: lost {dict(lost)}, extra {dict(extra)}")


def make_app(kiosk: bool, seed: int):  # type: ignore[no-untyped-def]
    from game.app import App
    from game.clock import ManualClock

    if not kiosk:
        app = App(size=SIZES[0], clock=ManualClock())
        app.settings.animation_speed = 2.0
        return app
    from game.kiosk.config import KioskSettingsStore, parse_config
    from game.kiosk.policy import KioskPolicy

    config = parse_config(KIOSK_CONFIG, Path("fuzz.toml"))
    app = App(size=SIZES[0], clock=ManualClock(), settings_store=KioskSettingsStore(config))
    app.kiosk = KioskPolicy(app, config, rng=random.Random(seed))
    app.kiosk.start()
    return app


def fuzz_app(kiosk: bool, frames: int, seed: int, stats: Counter) -> None:
    import pygame

    from game.rules import rulesets
    from game.scenes.menu import MenuScene

    rng = random.Random(seed)
    app = make_app(kiosk, seed)
    recovered = Recovered()
    logging.getLogger("game").addHandler(recovered)
    if not kiosk:
        app.switch(MenuScene(app), fade=False)
    ids = list(rulesets())
    visits = kiosk_visits(ids) if kiosk else ordinary_visits(ids)
    rng.shuffle(visits)
    fingers = Fingers(rng)
    scene_name = "start"
    chance = 0.7  # of input events in a frame
    try:
        for frame in range(frames):
            if frame % VISIT == 0:
                kind, ruleset_id = visits[frame // VISIT % len(visits)]
                table = f" {ruleset_id}" if kind == "table" else ""
                stats[f"{'kiosk ' if kiosk else ''}{kind}{table}"] += 1
                open_scene(app, kind, ruleset_id, rng)
                # the kiosk's show is mostly watched, not touched: let it run
                chance = 0.01 if kind in ("attract", "demo", "tables") else 0.7
            if rng.random() < 0.0015:
                size = rng.choice(SIZES)
                pygame.display.set_mode(size, pygame.RESIZABLE)
                pygame.event.post(
                    pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
                )
            if rng.random() < chance:
                for event in fingers.events(app.scene, app.size):
                    pygame.event.post(event)
            app.clock.advance(rng.choice((1 / 60, 1 / 60, 1 / 60, 0.5, 2.0)))
            scene_name = type(app.scene).__name__
            app.frame()
            stats["frames"] += 1
            stats[f"scene {type(app.scene).__name__}"] += 1
            if not app.running:
                stats["quits undone"] += 1
                app.running = True
            if recovered.records:
                record = recovered.records[0]
                detail = (
                    "".join(traceback.format_exception(*record.exc_info)) if record.exc_info else ""
                )
                raise Broken(f"the kiosk had to recover: {record.getMessage()}\n{detail}")
            check_cards(app.scene)
            if isinstance(app.scene, pygame.Surface):
                raise Broken("a surface for a scene")
    except Exception as e:
        where = (
            f"{'kiosk' if kiosk else 'game'} seed {seed}, frame {stats['frames']}, in {scene_name}"
        )
        if isinstance(e, Broken):
            raise Broken(f"{where}: {e}") from e
        raise Broken(f"{where}:\n{traceback.format_exc()}") from e
    finally:
        logging.getLogger("game").removeHandler(recovered)
        app.close()
        pygame.display.quit()


def run(frames: int, seed: int) -> dict[str, object]:
    stats: Counter = Counter()
    start = perf_counter()
    kiosk_frames = frames // 3
    fuzz_app(False, frames - kiosk_frames, seed, stats)
    fuzz_app(True, kiosk_frames, seed + 1, stats)
    return {
        "frames": stats["frames"],
        "seconds": round(perf_counter() - start, 1),
        "seed": seed,
        "quits_undone": stats["quits undone"],
        "visits": {
            k: v
            for k, v in sorted(stats.items())
            if not k.startswith(("scene ", "frames", "quits"))
        },
        "scenes": {k[6:]: v for k, v in sorted(stats.items()) if k.startswith("scene ")},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.frames < 3 * VISIT:
        parser.error(f"a fuzz runs at least {3 * VISIT} frames")
    go_headless("piramida-fuzz-")
    os.environ.setdefault("LANG", "en_GB.UTF-8")
    try:
        report = run(args.frames, args.seed)
    except Broken as e:
        print(f"fuzz: FAILED: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:14} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
