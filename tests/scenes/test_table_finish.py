"""Finish at the table: one press plays every card left home, and the auto-finish ends
the game won."""

import pygame

from game.rules import Game
from tests.scenes.test_table import open_finishing


def test_one_press_of_finish_plays_every_card_left_home(app, driver):
    # "one click plays it out": the cascade ends with the game won, no card left for a
    # second press
    game = Game("nechego", deal=0)
    scene = open_finishing(app, driver, game)
    assert scene.buttons["finish"].enabled
    driver.key(pygame.K_f)
    for _ in range(60):
        driver.settle(1.0)
        if game.won or not scene.autoplay:
            break
    assert game.won
