"""Render the game's screens to PNG, as a player sees them: every ruleset's table
in play, the menu, a results screen, and the kiosk's invitation and game chooser.

    python tools/screenshots.py [OUT_DIR] [--size WxH] [--language en|ru]

The default folder is docs/screenshots, which README shows.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--language", default="en", choices=("en", "ru"))
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = tempfile.mkdtemp(prefix="piramida-shots-")
    os.environ["PIRAMIDA_HOME"] = home
    try:
        return _render(args)
    finally:
        shutil.rmtree(home, ignore_errors=True)  # the pictures' own records: left in /tmp


def _render(args: argparse.Namespace) -> int:
    import pygame

    from game import i18n
    from game.app import App
    from game.clock import ManualClock
    from game.rules import Game, rulesets
    from game.scenes.menu import MenuScene
    from game.scenes.results import ResultsScene
    from game.scenes.summary import GameSummary
    from game.scenes.table import TableScene

    w, h = (int(x) for x in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(size=(w, h), clock=ManualClock())
    app.settings.language = args.language
    i18n.set_language(args.language)
    # the legends' and messages' letters as the cards' (Т К Д В in Russian), as the
    # game sets them with the language; not saved, unlike App.apply_settings
    i18n.set_card_letters(app.settings.letters)
    suffix = "" if args.language == "en" else f"-{args.language}"

    def settle(frames: int = 90) -> None:
        for _ in range(frames):
            app.clock.advance(1 / 60)
            app.frame()

    def save(name: str, surface: pygame.Surface | None = None) -> None:
        path = out / f"{name}{suffix}.png"
        pygame.image.save(surface or app.surface, str(path))
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")

    app.switch(MenuScene(app), fade=False)
    settle()
    save("menu")
    for rid in rulesets():
        game = Game(rid, deal=20261130)
        under_way(game, random.Random(rid))
        scene = TableScene(app, game)
        if scene.wish_pending:
            scene.wish_pending = False
        app.switch(scene, fade=False)
        settle()
        answered(scene, settle)
        save(f"table-{rid}")
    won = Game("pyramid52", deal=8)
    from game.solver import solve

    for move in solve(won).moves:
        won.play(move)
    app.switch(ResultsScene(app, GameSummary(won, 312.0)), fade=False)
    settle()
    save("results")
    app.close()
    kiosk_screens((w, h), args.language, save)
    return 0


def kiosk_screens(size: tuple[int, int], language: str, save) -> None:  # type: ignore[no-untyped-def]
    """The kiosk, as its example configuration sets it up: the invitation, then the chooser."""
    import pygame

    from game.app import App
    from game.clock import ManualClock
    from game.kiosk.config import EXAMPLE, KioskSettingsStore, parse_config
    from game.kiosk.policy import KioskPolicy

    text = EXAMPLE.read_text("utf-8").replace('language = "ru"', f'language = "{language}"')
    if language != "ru":  # the Russian packs' letters go with the Russian words
        text = text.replace('card_letters = "russian"', 'card_letters = "latin"')
    config = parse_config(text, EXAMPLE)
    app = App(size=size, clock=ManualClock(), settings_store=KioskSettingsStore(config))
    if app.surface.get_size() != size:  # full screen, which the dummy driver makes 1024x768
        app.surface = pygame.display.set_mode(size)
        app._resized()
    app.kiosk = KioskPolicy(app, config, rng=random.Random(3))
    app.kiosk.start()

    def settle() -> None:
        for _ in range(90):
            app.clock.advance(1 / 60)
            app.frame()

    settle()
    save("kiosk-invitation", app.surface)
    app.kiosk.start_playing()
    settle()
    save("kiosk-chooser", app.surface)
    app.close()


def answered(scene, settle, seconds: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    """Wait (real time: the solver is a process of its own) until the top bar has the
    solver's answer, as a player sees it a moment after the deal, not "Checking…"."""
    import time

    end = time.monotonic() + seconds
    while scene.analysis.waiting and time.monotonic() < end:
        time.sleep(0.1)
        settle(6)


def under_way(game, rng: random.Random, moves: int = 25) -> None:  # type: ignore[no-untyped-def]
    """A few sensible moves, so that a table shows a game in play."""
    for _ in range(moves):
        legal = [m for m in game.legal_moves]
        if not legal or game.over:
            return
        home = [m for m in legal if m.kind != "move" or m.b.startswith(("f", "t"))]
        game.play(rng.choice(home) if home and rng.random() < 0.8 else rng.choice(legal))


if __name__ == "__main__":
    sys.exit(main())
