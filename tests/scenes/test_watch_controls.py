"""The replay viewer's controls as README promises them (Space, ← →, + −, Home, End, Esc),
held where mutants of game/scenes/watch.py went through the other tests."""

import pygame
import pytest

from game.scenes.watch import FIRST_MOVE_S, MOVE_S, WatchScene
from tests.scenes.test_records_scenes import show
from tests.store.helpers import won_game

pytestmark = pytest.mark.usefixtures("english")


def watching(app, driver) -> WatchScene:
    return show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))


def test_the_first_move_waits_a_moment_after_the_deal(app, driver):
    watch = watching(app, driver)
    driver.settle(FIRST_MOVE_S - 0.3)
    assert watch.game.moves == []  # the deal is seen first
    driver.settle(0.6)
    assert len(watch.game.moves) == 1


def test_home_goes_back_to_the_deal_and_plays_on_from_there(app, driver):
    watch = watching(app, driver)
    driver.settle(FIRST_MOVE_S + 3 * MOVE_S)
    assert len(watch.game.moves) >= 3 and not watch.paused
    driver.key(pygame.K_HOME)
    assert watch.game.moves == [] and not watch.paused
    driver.settle(FIRST_MOVE_S - 0.3)
    assert watch.game.moves == []  # the deal is seen again first, as at the start
    driver.settle(0.6 + MOVE_S)
    assert len(watch.game.moves) >= 1


def test_slower_is_off_at_the_slowest_speed_as_faster_at_the_fastest(app, driver):
    watch = watching(app, driver)
    for _ in range(2):
        driver.key(pygame.K_MINUS)
    assert watch.buttons["speed"].label == "×¼"
    assert not watch.buttons["slower"].enabled and watch.buttons["faster"].enabled


def test_a_replay_played_to_its_end_asks_of_the_last_position_in_full(app, driver):
    # the end of a lost game's replay: the playback stops there, and its verdict is no
    # passing glance (see TableAnalysis.pass_by), as when it is paused
    from tests.store.helpers import random_game

    game = random_game("pyramid52", 3, 15)
    watch = show(app, driver, WatchScene(app, [game.to_replay(result=True)]))
    for _ in range(2):
        driver.key(pygame.K_PLUS)
    driver.settle(FIRST_MOVE_S + 16 * MOVE_S)
    assert watch.step_count == len(watch.script) and watch.banner is not None
    assert not watch.paused and watch.celebration is None
    assert not watch.analysis.passing


GIVEN_UP = {
    "version": 1,
    "ruleset": "nechego",
    "options": {"cards": 36, "piles": 9, "passes": 1, "to_piles": "waste"},
    "deal": 199300427,
    "moves": ["st>w", "resign"],
}


def test_the_end_s_buttons_stand_one_over_another_rather_than_over_the_cards(app, driver):
    # in Russian at 1280x800, «Посмотреть ещё раз» and «Назад» side by side were wider
    # than the felt beside the piles, and the end's panel lay over two of them
    from game import i18n

    i18n.set_language("ru")
    try:
        driver.resize((1280, 800))
        watch = show(app, driver, WatchScene(app, [dict(GIVEN_UP)]))
        watch.to_the_end()
        driver.settle(3.0)
        panel, buttons = watch.banner_drawn, watch.banner.buttons
        assert panel is not None and len(buttons) == 2
        assert panel.collidelist(watch.banner_keep_clear(flights=False)) == -1
        first, second = (b.rect for b in buttons)
        assert panel.contains(first) and panel.contains(second)
        assert second.top >= first.bottom  # one over another
        driver.key(pygame.K_DOWN)  # the keys go down the column as along a row
        driver.key(pygame.K_DOWN)
        assert buttons[1].focused and not buttons[0].focused
    finally:
        i18n.set_language("en")
