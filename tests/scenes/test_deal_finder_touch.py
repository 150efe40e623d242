"""The search for a winnable deal under a finger: its Cancel acts as it is let go."""

from __future__ import annotations

import pygame

from game.rules import Game
from game.scenes.deal_finder import DealFinderScene, start_random_deal
from game.scenes.menu import MenuScene
from tests.scenes.test_table import SilentSolver


def searching(app, driver) -> DealFinderScene:
    app.solver.close()
    app.solver = SilentSolver(running=True)  # the search stays on screen
    app.settings.winnable_only = True
    start_random_deal(app, Game("pyramid36", deal=0).ruleset, {"passes": 1})
    driver.settle(1.0)
    assert isinstance(app.scene, DealFinderScene)
    return app.scene


def test_a_finger_slid_off_cancel_takes_the_touch_back(app, driver):
    # Cancel acted as the finger landed: slid off to take it back, it still cancelled
    finder = searching(app, driver)
    cancel = finder.cancel_button.rect
    driver.finger(pygame.FINGERDOWN, cancel.center)
    assert isinstance(app.scene, DealFinderScene) and finder.cancel_button.pressed
    away = (cancel.centerx, cancel.bottom + 120)
    driver.finger(pygame.FINGERMOTION, away)
    driver.finger(pygame.FINGERUP, away)
    driver.settle(1.0)
    assert app.scene is finder and not finder.cancel_button.pressed
    driver.tap(cancel.center)  # lifted on it, it cancels
    driver.settle(1.0)
    assert isinstance(app.scene, MenuScene)


def test_a_click_on_cancel_cancels(app, driver):
    finder = searching(app, driver)
    driver.click(finder.cancel_button.rect.center)
    driver.settle(1.0)
    assert isinstance(app.scene, MenuScene)
