"""Starting the game window: the menu, or straight onto a table."""

from __future__ import annotations

import logging

from game.rules import Game


def parse_size(text: str) -> tuple[int, int]:
    """`1280x800` → (1280, 800); raises ValueError with a readable message."""
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit() or int(w) < 320 or int(h) < 240:
        raise ValueError(f"a window size is written WIDTHxHEIGHT, at least 320x240, not '{text}'")
    return int(w), int(h)


def run(
    game: Game | None = None,
    size: tuple[int, int] | None = None,
    fullscreen: bool | None = None,
) -> int:
    import pygame

    from game.app import DEFAULT_SIZE, App
    from game.scenes.menu import MenuScene
    from game.scenes.table import TableScene

    logging.basicConfig(level=logging.WARNING, format="piramida: %(message)s")
    app = App(size=size or DEFAULT_SIZE, fullscreen=fullscreen)
    if game is None:
        app.switch(MenuScene(app), fade=False)
    else:
        app.switch(TableScene(app, game), fade=False)
    try:
        app.run()
    finally:
        pygame.quit()
    return 0


def run_watch(
    replay: dict[str, object],
    size: tuple[int, int] | None = None,
    fullscreen: bool | None = None,
) -> int:
    """The window on a replay played back (`piramida watch`); closing it ends the program."""
    import pygame

    from game.app import DEFAULT_SIZE, App
    from game.scenes.menu import MenuScene
    from game.scenes.watch import WatchScene

    logging.basicConfig(level=logging.WARNING, format="piramida: %(message)s")
    app = App(size=size or DEFAULT_SIZE, fullscreen=fullscreen)
    app.switch(WatchScene(app, [replay], back=lambda: MenuScene(app)), fade=False)
    try:
        app.run()
    finally:
        pygame.quit()
    return 0
