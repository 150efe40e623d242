"""The kiosk held to the figures and promises README's kiosk section states in words:
the PIN pad's three tries, 30 s, an hour and a day; "Still playing?" for 15 s; the
ring after the first second; a silent show; 4 to 8 digit PINs; SIGTERM recording the
game in play; the high scores shown for tables_seconds; a demo's 90 s of grace.

The figures are written out here, not imported from the code: a test that reads the
code's own constant follows it wherever it is changed."""

import logging
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.kiosk.config import KioskConfigError, parse_config
from game.kiosk.high_scores import HighScoresScene
from game.kiosk.invitation import InvitationScene
from game.kiosk.pin_pad import PinLock, PinPadScene
from game.rules import Game
from game.store.scores import NO_INITIALS
from tests.kiosk.conftest import CONFIG
from tests.kiosk.test_operator import CORNER, Screen, hold, open_pad, release, tap_keys
from tests.kiosk.test_policy import (
    asked_still_playing,
    open_table,
    play_a_pair,
    won_to_the_results,
)
from tests.scenes.driver import Driver

HOUR = 3600.0
DAY = 24 * HOUR


def earn_a_rest(lock: PinLock) -> float:
    """Three wrong PINs in a row; the rest they earned, sat out."""
    for _ in range(3):
        lock.wrong_pin()
    rest = lock.resting
    lock.tick(rest)
    return rest


# -- the operator's PIN pad -------------------------------------------------------------


def test_three_wrong_pins_in_a_row_rest_the_pad_thirty_seconds(make_kiosk):
    # README: "Three wrong PINs in a row make the pad rest, 30 s the first time"
    kiosk = make_kiosk("idle_seconds = 120\n")
    driver = Driver(kiosk)
    pad = open_pad(kiosk, driver)
    for _ in range(2):
        tap_keys(kiosk, driver, pad, "1111")
    assert pad.resting == 0  # two are not enough
    tap_keys(kiosk, driver, pad, "1111")
    assert 29.0 < pad.resting <= 30.0
    driver.settle(29.0)
    assert pad.resting > 0  # the whole 30 s, not less
    driver.settle(1.5)
    assert pad.resting == 0
    tap_keys(kiosk, driver, pad, "2580")
    assert not kiosk.running


def test_the_rests_double_up_to_an_hour_and_no_longer():
    # README: "30 s the first time and twice as long each time after, up to an hour"
    lock = PinLock()
    rests = [earn_a_rest(lock) for _ in range(12)]
    assert rests[:4] == [30.0, 60.0, 120.0, 240.0]
    assert max(rests) == HOUR and rests[-1] == HOUR


def test_a_day_without_a_wrong_pin_starts_the_rests_short_again_and_not_sooner():
    # README: "(a day with no wrong PIN starts them short again)": a day since the last
    # wrong PIN, not since the first; wrong PINs every twelve hours are never forgiven
    lock = PinLock()
    for _ in range(3):
        earn_a_rest(lock)  # 30, 60, 120
    rests = []
    for _ in range(4):
        lock.tick(12 * HOUR)
        rests.append(earn_a_rest(lock))
    assert rests == [240.0, 480.0, 960.0, 1920.0]
    lock.tick(DAY - rests[-1] - 60.0)  # a minute short of a day since the last wrong PIN
    assert earn_a_rest(lock) == HOUR
    lock.tick(DAY - HOUR)  # with the hour's rest sat out: a day since the last wrong PIN
    assert earn_a_rest(lock) == 30.0


@pytest.mark.parametrize("typed", ["2", "258", "25800"])
def test_only_the_whole_pin_closes_the_kiosk(kiosk, driver, typed):
    # README: the operator "types the PIN on the pad ... the kiosk then ends": its first
    # digits, or the PIN and one more, are wrong PINs
    pad = open_pad(kiosk, driver)
    tap_keys(kiosk, driver, pad, typed)
    assert kiosk.running and kiosk.scene is pad
    assert pad.message == "Wrong PIN."


def test_an_eight_digit_pin_is_accepted_and_can_be_typed(make_kiosk):
    # README: pin = "2580"  # 4 to 8 digits, in quotes: the longest PIN allowed must
    # be one the pad lets the operator type whole
    kiosk = make_kiosk(text=CONFIG.replace('pin = "2580"', 'pin = "13572468"'))
    driver = Driver(kiosk)
    assert kiosk.kiosk.config.operator.pin == "13572468"
    pad = open_pad(kiosk, driver)
    tap_keys(kiosk, driver, pad, "13572468")
    assert not kiosk.running and kiosk.kiosk.exit_status == 4


def test_the_operator_s_exit_is_written_to_the_log(kiosk, driver, caplog):
    # the log is where an operator (or a service's journal) reads why the kiosk stopped
    pad = open_pad(kiosk, driver)
    with caplog.at_level(logging.INFO, logger="game.kiosk"):
        tap_keys(kiosk, driver, pad, "2580")
    assert not kiosk.running
    assert "kiosk: the operator closed the kiosk" in caplog.text


# -- the operator's corner ----------------------------------------------------------------


def test_the_corner_s_ring_shows_after_the_first_second(kiosk, driver, monkeypatch):
    # README: "after the first second a ring beside the finger fills as the time runs"
    screen = Screen(kiosk, monkeypatch)
    corner = kiosk.kiosk.corner.area(kiosk.size)
    area = pygame.Rect(0, 0, corner.width * 4, corner.height * 4)
    hold(kiosk, driver, 0.8)
    assert screen.gold_in(area) == 0  # within the first second: nothing yet
    driver.settle(0.4)  # 1.2 s held
    assert screen.gold_in(area) > 0
    release(kiosk, driver, CORNER)
    assert not isinstance(kiosk.scene, PinPadScene)


# -- "Still playing?" ---------------------------------------------------------------------


def test_still_playing_stands_fifteen_seconds_then_the_game_is_ended(kiosk, driver):
    # README: "Still playing?", large over the dimmed table, for 15 s ... then ended as
    # given up and recorded
    scene = asked_still_playing(kiosk, driver)  # asked some 1.5 s ago
    driver.settle(12.5)  # some 14 s after it was asked
    assert kiosk.scene is scene and not scene.game.over
    assert scene.banner is not None and scene.banner.text.startswith("Still playing?")
    driver.settle(2.5)  # some 16.5 s
    assert scene.game.outcome == "resigned"
    assert getattr(kiosk.scene, "attract", False)


# -- the service manager's stop -----------------------------------------------------------


def test_a_signal_to_stop_records_the_game_in_play(kiosk, driver):
    # README: "SIGTERM stops it cleanly (the game in play is recorded), with status 0"
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    kiosk.kiosk.stop()  # what SIGTERM from the service manager does
    assert not kiosk.running and kiosk.kiosk.exit_status == 0
    assert scene.game.outcome == "resigned"
    (row,) = [r for r in kiosk.records.history() if r.deal == 8]
    assert row.outcome == "resigned" and row.moves == 1
    assert kiosk.records.unfinished() is None


# -- the show -------------------------------------------------------------------------------


def test_the_show_is_silent_unless_the_file_asks_for_sound(make_kiosk):
    # README/example: [attract] sound = false: the show is silent; true lets it play its
    # sounds. A passer-by's game keeps the kiosk's volume either way.
    kiosk = make_kiosk()
    assert isinstance(kiosk.scene, InvitationScene)
    assert kiosk.sounds.muted  # the show, silent by default
    kiosk.kiosk.start_playing()  # a touch: the chooser
    Driver(kiosk).settle(0.5)
    assert not getattr(kiosk.scene, "attract", False) and not kiosk.sounds.muted
    loud = make_kiosk(text=CONFIG.replace("[attract]\n", "[attract]\nsound = true\n"))
    assert getattr(loud.scene, "attract", False) and not loud.sounds.muted


def test_the_high_scores_show_for_tables_seconds(kiosk, driver):
    # README: tables_seconds = 12 (4 in these tests' file): the high scores, then the
    # next game's invitation
    kiosk.kiosk.attract.show_tables()
    driver.settle(0.6)  # the fade in
    assert isinstance(kiosk.scene, HighScoresScene)
    driver.settle(3.0)  # some 3.5 s of its 4
    assert isinstance(kiosk.scene, HighScoresScene)
    driver.settle(1.5)  # 4 s are up, and the fade
    assert isinstance(kiosk.scene, InvitationScene)


def test_a_demo_more_than_ninety_seconds_of_moves_from_its_win_gives_way(kiosk, driver):
    # README: "A demo game whose win is at most 90 s of moves away when demo_seconds run
    # out plays on to it": one further away gives way to the tables
    from game.kiosk.attract import DEMO_PACE_S
    from tests.kiosk.test_attract import wait_for_demo

    demo = wait_for_demo(driver)
    limit = kiosk.kiosk.config.attract.demo_seconds
    driver.frames(1)
    while demo.analysis.known() is None:
        driver.frames(1)
    known = demo.analysis.known()
    assert known.won
    demo.shown = limit + 1
    near = int(80 / DEMO_PACE_S)  # 80 s of moves away: plays on
    line = (known.line * (near // len(known.line) + 1))[:near]
    demo.analysis.results[demo.analysis.position()] = replace(known, line=line)
    assert demo._ending(limit)
    far = int(100 / DEMO_PACE_S)  # 100 s away: gives way
    line = (known.line * (far // len(known.line) + 1))[:far]
    demo.analysis.results[demo.analysis.position()] = replace(known, line=line)
    driver.frames(2)
    assert demo.leaving


# -- records --------------------------------------------------------------------------------


def test_without_initials_asked_a_high_score_enters_as_no_one_s(make_kiosk):
    # README: ask_initials = true  # false: high scores enter as "---", whatever letters
    # the records kept from before (an operator's own game, or the kiosk asking once)
    kiosk = make_kiosk("ask_initials = false\n")
    kiosk.records.set_initials("ZZZ")
    scene = won_to_the_results(kiosk, Driver(kiosk))
    (entry,) = kiosk.records.scores.top(kiosk.records.table_for(scene.game, scene.facts))
    assert entry.initials == NO_INITIALS


# -- the pointer -----------------------------------------------------------------------------


def test_a_touch_s_copy_as_mouse_motion_does_not_show_the_pointer(kiosk, driver):
    # README: "the pointer shows only while a mouse moves": SDL's mouse motion made from
    # a finger (touch=True) is no mouse
    driver.settle(3.5)  # whatever the window's opening moved has rested
    assert not pygame.mouse.get_visible()
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(300, 300), rel=(5, 5), buttons=(0, 0, 0), touch=True
        )
    )
    driver.frames(1)
    assert not pygame.mouse.get_visible()


# -- the configuration's ranges -----------------------------------------------------------


MINIMAL = '[operator]\npin = "2580"\n[[games]]\nruleset = "pyramid36"\n'


@pytest.mark.parametrize(
    "text",
    [
        "volume = 1\n" + MINIMAL,  # README: 0 (silent) to 1
        "volume = 0\n" + MINIMAL,
        "idle_seconds = 15\n" + MINIMAL,  # the ends its own message names
        "idle_seconds = 3600\n" + MINIMAL,
        MINIMAL.replace("[operator]", "[operator]\nhold_seconds = 2"),  # the example: 2 to 30
        MINIMAL.replace("[operator]", "[operator]\nhold_seconds = 30"),
        MINIMAL.replace('"2580"', '"12345678"'),  # README: 4 to 8 digits
        MINIMAL.replace('"2580"', '"1234"'),
    ],
)
def test_the_ends_of_each_range_are_allowed(text):
    try:
        parse_config(text, Path("kiosk.toml"))
    except KioskConfigError as e:
        pytest.fail(str(e))


@pytest.mark.parametrize(
    "attract",
    [
        "demo_seconds = 20",
        "demo_seconds = 1800",
        "tables_seconds = 3",
        "tables_seconds = 120",
        "invitation_seconds = 3",
        "invitation_seconds = 120",
    ],
)
def test_the_ends_of_each_show_time_are_allowed(attract):
    try:
        parse_config(MINIMAL + f"[attract]\n{attract}\n", Path("kiosk.toml"))
    except KioskConfigError as e:
        pytest.fail(str(e))


# -- Esc at a passer-by's table -----------------------------------------------------------


def test_esc_asks_before_ending_a_game_and_a_second_esc_takes_the_question_back(kiosk, driver):
    # README: "Games ... asks for a second press once a move is made; Esc puts the same
    # question, and a second Esc takes it back": two Escs never end a passer-by's game
    from tests.scenes.driver import AGAIN_FRAMES

    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    driver.key(pygame.K_ESCAPE)
    driver.frames(AGAIN_FRAMES)
    assert kiosk.scene is scene and scene.status == "Press “Games” again to end this game."
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    assert kiosk.scene is scene and not scene.game.over
    assert scene.status != "Press “Games” again to end this game."


# -- the pad's Cancel ------------------------------------------------------------------------


def test_the_pad_s_cancel_with_no_game_in_play_goes_back_to_the_show(kiosk, driver):
    # the pad opened over the attract loop: Cancel puts the show back, not a passer-by's
    # chooser that then stands for the whole idle time
    assert getattr(kiosk.scene, "attract", False)
    pad = open_pad(kiosk, driver)
    driver.tap(pad.pad.get("cancel").rect.center)
    driver.settle(0.6)
    assert getattr(kiosk.scene, "attract", False)


# -- the demo is nobody's game -------------------------------------------------------------


def test_a_demo_giving_way_to_the_tables_ends_no_game_and_logs_none(kiosk, driver, caplog):
    # README: the demo is "a deal ... played by the solver": no passer-by's game, so the
    # kiosk neither gives it up nor writes "a game left in play was ended" each round
    from tests.kiosk.test_attract import wait_for, wait_for_demo

    demo = wait_for_demo(driver)
    # the solver has played: its first move waits for its answer, in real time (30
    # frames, stepped fast, came before it on a loaded machine)
    end = time.monotonic() + 30
    while not demo.game.moves and time.monotonic() < end:
        driver.frames(3)
        time.sleep(0.01)
    assert demo.game.moves
    with caplog.at_level(logging.INFO, logger="game.kiosk"):
        demo._leave()  # its time is up
        wait_for(driver, HighScoresScene)
    assert kiosk.kiosk.games_ended == 0 and kiosk.kiosk.table is None
    assert demo.game.outcome is None
    assert "a game left in play was ended" not in caplog.text
