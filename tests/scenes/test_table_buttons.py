"""The table's bar as a player sees it: which buttons are lit, which are grey while a
finish or a celebration plays, and what a grey one says when pressed."""

import pygame

from game.rules import Game
from game.rules.moves import parse_move
from tests.scenes.test_table import FORTUNE_1_LOST, centre, open_finishing, open_table
from tests.scenes.test_table_demo import demo_playing


def test_finish_is_lit_while_it_can_end_the_game_and_grey_while_it_plays(app, driver):
    scene = open_finishing(app, driver, Game("nechego", deal=0))
    finish = scene.buttons["finish"]
    assert finish.enabled and finish.selected  # "press Finish": the note's button stands out
    driver.key(pygame.K_f)
    driver.frames(1)
    assert scene.autoplay
    assert not finish.enabled and not finish.selected  # no second finish over the first
    driver.click(finish.rect.center)  # clicked again while it plays: nothing to explain
    assert scene.autoplay and not scene.status.startswith("Finish")


def test_the_demo_button_is_lit_while_the_demo_plays(app, driver):
    scene = demo_playing(app, driver)
    demo = scene.buttons["demo"]
    assert demo.enabled and demo.selected
    driver.click(demo.rect.center)
    driver.frames(2)
    assert not scene.demo and not demo.selected


def test_restart_at_an_end_that_stands_says_why_it_is_grey(app, driver):
    game = Game("sbudetsya", deal=1)
    for text in FORTUNE_1_LOST[:-1]:
        game.play(parse_move(text))
    scene = open_table(app, driver, game)
    driver.drag(centre(scene, "w"), centre(scene, "t2"))
    driver.settle(1.0)
    assert game.over and not scene.buttons["restart"].enabled
    assert scene.status != "This game's end stands: it cannot be taken back."
    driver.click(scene.buttons["restart"].rect.center)
    driver.pause()
    assert scene.status == "This game's end stands: it cannot be taken back."
