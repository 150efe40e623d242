"""A question a second press answers ("Press Give up again") stands by its button."""

import math
import os

import pygame
import pytest

from game.rules import Game
from tests.scenes.test_table import open_table

SHOTS = os.environ.get("PIRAMIDA_TEST_SHOTS", "")  # a folder to see the tables in


def gap(a: pygame.Rect, b: pygame.Rect) -> float:
    across = max(0, b.left - a.right, a.left - b.right)
    down = max(0, b.top - a.bottom, a.top - b.bottom)
    return math.hypot(across, down)


def cards_hidden(scene, panel: pygame.Rect) -> list[pygame.Rect]:
    return [r for r in scene.banner_keep_clear(flights=False) if r.colliderect(panel)]


@pytest.mark.parametrize(
    ("ruleset", "size", "button"),
    [
        # a Russian newcomer's first press of Give up, at 1366x768: its words came up in
        # the table's top left corner, some 800 px off, and read as a press that did
        # nothing
        ("nechego", (1105, 690), "resign"),
        ("egyptian", (800, 600), "new"),
        ("devils-bridge", (1366, 768), "resign"),
        ("pyramid52", (600, 1024), "resign"),
    ],
)
def test_a_question_stands_by_the_button_asking_it(app, driver, ruleset, size, button):
    driver.resize(size)
    game = Game(ruleset, deal=5)
    for _ in range(3):  # a game begun: New deal, Restart and Give up ask first
        game.play(sorted(game.legal_moves)[0])
    scene = open_table(app, driver, game)
    pressed = scene.buttons[button]
    driver.click(pressed.rect.center)
    driver.frames(2)
    panel = scene.status_drawn
    assert scene.asked_until and panel is not None, (scene.status, scene.banner)
    if SHOTS:
        pygame.image.save(app.surface, f"{SHOTS}/question_{ruleset}_{button}.png")
    assert not cards_hidden(scene, panel)
    # a finger's reach: within a fifth of the window's longer side
    assert gap(panel, pressed.rect) <= max(size) / 5, (panel, pressed.rect)
