"""A kiosk's table speaks to a passer-by: fewer buttons, a finger high, and figures read
at a glance (no deal number, no pass of one, no solver at work)."""

import time

import pygame
import pytest

from game.rules import Game
from game.ui import theme
from tests.kiosk.test_policy import open_table, play_a_pair
from tests.scenes.test_table import UNDECIDED_EGYPTIAN, wait_for_analysis

PASSER_BY_BAR = ["New deal", "Undo", "Hint", "Finish", "Give up", "Rules", "Games"]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (1080, 1920)])
@pytest.mark.parametrize("ruleset", ["sbudetsya", "pyramid52"])
def test_the_bar_holds_seven_buttons_at_most_a_finger_high(make_kiosk, size, ruleset):
    from tests.scenes.driver import Driver

    kiosk = make_kiosk(size=size)
    driver = Driver(kiosk)
    scene = open_table(kiosk, driver, Game(ruleset, deal=8))
    driver.frames(2)
    # the pyramid games send no card home: no Finish
    bar = [b for b in PASSER_BY_BAR if b != "Finish" or ruleset == "sbudetsya"]
    assert [b.label for b in scene.hud.buttons] == bar
    screen = kiosk.surface.get_rect()
    for b in scene.hud.buttons:
        assert screen.contains(b.rect) and b.rect.height >= theme.FINGER, (b.label, b.rect)


def test_the_keys_of_the_buttons_left_out_do_nothing(kiosk, driver):
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    driver.key(pygame.K_u)  # Undo is on the bar: its key takes the pair back
    driver.settle(0.5)
    assert scene.game.moves == []
    driver.key(pygame.K_r)  # Redo is not
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    driver.settle(0.5)
    assert scene.game.moves == [] and scene.game.can_redo
    play_a_pair(driver, scene)
    driver.key(pygame.K_F5)  # nor Restart
    driver.key_twice(pygame.K_d)  # nor Demo, asked twice as a desktop asks
    driver.settle(0.5)
    assert len(scene.game.moves) == 1 and not scene.demo and not scene.assisted


def test_the_figures_leave_out_the_deal_and_a_pass_of_one(kiosk, driver):
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    driver.frames(2)
    assert scene._current_figures().deal == ""
    shown = scene.hud.stats_shown
    assert "Stock 24" in shown and "Moves 0" in shown and "Pass" not in shown


def test_the_results_leave_out_the_deal_too(kiosk, driver):
    # the table hid the deal's number from a passer-by, and its results showed it
    from game.scenes.results import ResultsScene
    from game.scenes.summary import GameSummary

    game = Game("pyramid52", deal=8)
    game.play("resign")
    results = ResultsScene(kiosk, GameSummary(game, 5.0))
    kiosk.switch(results, fade=False)
    driver.frames(1)
    heading = [line.text for line in results._heading_lines(2000)[0]]
    assert heading[0] == "Pyramid 52"
    assert not any("8" in line for line in heading)


def test_the_figures_count_passes_where_there_are_several(make_kiosk):
    from tests.scenes.driver import Driver

    kiosk = make_kiosk()
    driver = Driver(kiosk)
    scene = open_table(kiosk, driver, Game("pyramid36", deal=8, options={"passes": 3}))
    driver.frames(2)
    assert "Pass 1 of 3" in scene.hud.stats_shown


def test_the_verdict_shows_the_answer_not_the_search(kiosk, driver, monkeypatch):
    from game.scenes.table_analysis import Analysis

    with monkeypatch.context() as held:
        held.setattr(Analysis, "poll", lambda self: False)  # the answer held back
        scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
        assert scene.analysis.waiting and scene.analysis.verdict() == "Checking…"  # a desktop's
        assert scene._current_figures().verdict == ""
    wait_for_analysis(scene, driver)
    driver.frames(2)
    assert scene._current_figures().verdict == "Can be won"
    assert "Can be won" in scene.hud.stats_shown


def test_an_undecided_deal_says_nothing_of_the_search(kiosk, driver, monkeypatch):
    from game.scenes import table_analysis

    monkeypatch.setattr(table_analysis, "ANALYSE_SECONDS", 0.2)
    monkeypatch.setattr(table_analysis, "LONGER_SECONDS", 0.4)
    scene = open_table(kiosk, driver, Game("egyptian", deal=UNDECIDED_EGYPTIAN))
    wait_for_analysis(scene, driver)
    assert scene.analysis.verdict() == "Still checking…"
    assert scene._current_figures().verdict == ""
    end = time.monotonic() + 20
    while scene.analysis.waiting and time.monotonic() < end:
        driver.frames(1)
        time.sleep(0.01)
    assert scene.analysis.verdict() == "Undecided"
    assert scene._current_figures().verdict == ""


def test_help_is_not_marked_on_the_bar(kiosk, driver):
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    scene.facts.assisted = True
    assert scene.assisted and not scene._current_figures().mark


def test_a_passer_by_s_m_leaves_the_kiosk_s_sound_as_the_operator_set_it(kiosk, driver):
    from game.scenes.table import TableScene

    kiosk.switch(TableScene(kiosk, Game("pyramid52", deal=8)), fade=False)
    driver.settle(1.0)
    driver.key(pygame.K_m)
    assert not kiosk.settings.muted and not kiosk.sounds.muted


def test_a_kiosk_s_focused_button_names_no_keys(kiosk, driver):
    # a kiosk has no keys to name: "Key: N" over its buttons meant nothing to a passer-by
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    scene.keys.focus, scene.keys.visible = "new", True
    scene._invalidate()
    driver.frames(5)
    assert scene.bar_focus() is scene.buttons["new"]  # the focus is on the button
    assert scene.tip_for == "" and scene.tip_drawn is None
