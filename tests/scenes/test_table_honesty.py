"""Behaviours PLAYERS.md and README promise at the table that no other test holds:
the clock, what is said of the solver's verdict, and what the records keep of help."""

import itertools

import pygame
import pytest

from game.rules import Game
from game.scenes.table_analysis import Answer
from game.store import GameFacts
from game.store.saved import DAILY
from tests.scenes.test_table import click_move, open_table, open_table_with
from tests.scenes.test_table_analysis import ScriptedWorker
from tests.store.helpers import DEAL_8_WIN


def test_the_clock_stands_still_while_the_wish_is_made(app, driver):
    # README: "The clock runs from the deal"; the fortune's wish comes before the deal,
    # and the time taken to make it is no time played
    game = Game("sbudetsya", deal=1)
    scene = open_table(app, driver, game)
    assert scene.wish_pending
    before = scene.seconds
    driver.frames(180)
    assert scene.seconds == pytest.approx(before, abs=0.02)
    driver.click(scene.banner.buttons[0].rect.center)
    driver.settle(2.0)  # the deal flies
    dealt = scene.seconds
    driver.frames(120)
    assert scene.seconds >= dealt + 1.9


def _undecided_search(scene, slices: int) -> None:
    """The stuck search under way, undecided for `slices` more slices (a long Egyptian
    arrangement of piles), as the table has it between frames."""
    scene.stuck, scene.stuck_search = None, itertools.repeat(None)
    scene.stuck_slices_left = slices


def test_no_win_possible_is_not_said_while_the_stuck_search_is_undecided(app, driver):
    # PLAYERS: "no way to win from here" only when proved; a search for a stuck game
    # still going proves nothing, and the top bar keeps the solver's own word
    scene = open_table(app, driver, Game("egyptian", deal=0))
    scene.analysis.worker, scene.analysis.results = ScriptedWorker(), {}
    scene.analysis.ask()
    _undecided_search(scene, 10_000)
    driver.frames(3)
    assert scene.stuck is None
    assert "No win possible" not in scene.hud.stats_shown
    assert scene._current_figures() == scene._figures


def test_an_undecided_answer_is_not_said_as_a_loss(app, driver):
    # PLAYERS: "no way to win from here" only when proved; an answer the solver left
    # undecided, with the best line it found, says nothing of a loss
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    scene.analysis.worker = ScriptedWorker()
    click_move(driver, scene, DEAL_8_WIN[0])
    where = scene.analysis.position()
    scene.analysis.results[where] = Answer("unknown", (DEAL_8_WIN[1],), best_remaining_points=40)
    scene._analysis_arrived()
    driver.frames(2)
    assert "no way to win" not in scene.status.lower()
    assert "cannot be won" not in scene.status
    assert scene.told_lost_best is None


def test_the_demo_after_a_hint_is_the_help_the_game_keeps(app, driver):
    # PLAYERS "Honest scores": a game the solver played on after one hint had the demo,
    # and its record, results and replay say so, not "a hint" alone
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    scene.analysis.worker = ScriptedWorker()
    scene.analysis.results[scene.analysis.position()] = Answer("won", tuple(DEAL_8_WIN))
    driver.key_twice(pygame.K_h)
    assert scene.hints_used == 1 and scene.facts.assisted_by == "hint"
    driver.key(pygame.K_d)  # assisted already: no question
    assert scene.demo and scene.facts.assisted_by == "demo"


def test_a_double_press_of_hint_is_one_press_and_gives_no_hint(app, driver):
    # README: Hint asks first, and "a quick double press counts as one": a double tap of
    # H (or a double click on Hint) with the question unread must not cost the table
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key(pygame.K_h)
    driver.frames(6)  # 0.1 s: the same press, repeated by a quick hand
    driver.key(pygame.K_h)
    driver.frames(70)
    assert scene.hints_used == 0 and not scene.assisted and scene.hint is None
    assert "high-score tables" in scene.status


def test_the_clock_runs_while_a_move_flies(app, driver):
    # README: "The clock runs from the deal": only the deal's own flight is off the
    # clock; a move's animation (slow at a low speed) is time played
    app.settings.animation_speed = 0.25
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.settle(6.0)  # the slow deal lands
    click_move(driver, scene, DEAL_8_WIN[0])
    assert scene.animator.busy
    before = scene.seconds
    driver.frames(20)
    assert scene.animator.busy
    assert scene.seconds == pytest.approx(before + 20 / 60, abs=0.02)


def test_a_day_s_game_won_after_a_hint_enters_no_table(app, driver):
    # PLAYERS "Honest scores": a game where hints were used is marked "assisted" and
    # does not enter the high-score or daily tables (its statistics still count)
    from game.scenes.results import ResultsScene

    game = Game("pyramid52", deal=8)
    scene = open_table_with(app, driver, game, GameFacts(mode=DAILY))
    scene.analysis.worker = ScriptedWorker()
    scene.analysis.results[scene.analysis.position()] = Answer("won", tuple(DEAL_8_WIN))
    driver.key_twice(pygame.K_h)
    assert scene.assisted
    for text in DEAL_8_WIN:
        click_move(driver, scene, text)
    assert game.won
    assert app.records.table_for(game, scene.facts) is None
    driver.settle(8.0)
    assert isinstance(app.scene, ResultsScene)  # no initials asked: no place


def test_the_results_count_the_hints_the_table_gave(app, driver):
    # PLAYERS "Honest scores": help is counted, and statistics still count it; the
    # results' "Hints used" is the table's count, not a default
    from game.scenes.results import ResultsScene

    scene = open_table(app, driver, Game("pyramid52", deal=8))
    scene.analysis.worker = ScriptedWorker()
    scene.analysis.results[scene.analysis.position()] = Answer("won", tuple(DEAL_8_WIN))
    driver.key_twice(pygame.K_h)
    assert scene.hints_used == 1
    driver.key_twice(pygame.K_g)  # give up: the results come at once
    driver.settle(1.0)
    assert isinstance(app.scene, ResultsScene)
    assert app.scene.summary.hints == 1
