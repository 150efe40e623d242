"""The kiosk's promises to the second and the case: behaviour that the other tests let
drift (found by mutating game/kiosk/ and seeing which changes no test noticed)."""

import logging
import time

import pygame
import pytest

from game.kiosk.attract import DemoTableScene
from game.kiosk.chooser import ChooserScene
from game.kiosk.invitation import InvitationScene
from game.kiosk.pin_pad import REST_S, PinPadScene
from game.kiosk.policy import CRASH_LIMIT, KioskFailed
from game.rules import Game
from tests.kiosk.conftest import finger
from tests.kiosk.test_attract import wait_for
from tests.kiosk.test_operator import CORNER, open_pad, rested_pad, tap_keys
from tests.kiosk.test_policy import asked_still_playing, open_table
from tests.scenes.test_table import click_move
from tests.store.helpers import DEAL_8_WIN


def run_until(kiosk, driver, moment: float) -> None:
    """Frames until the kiosk's clock reads `moment`."""
    while kiosk.clock.now() < moment:
        driver.frames(1)


# -- idle and "Still playing?" --------------------------------------------------------------


def test_the_idle_time_is_the_configured_one_to_the_second(kiosk, driver):
    # CONFIG's idle_seconds = 30: not sooner, and not a second later
    driver.tap((640, 400))
    driver.settle(0.5)
    assert isinstance(kiosk.scene, ChooserScene)
    since = kiosk.kiosk.last_input
    run_until(kiosk, driver, since + 29.8)
    assert isinstance(kiosk.scene, ChooserScene) and not kiosk.switching
    run_until(kiosk, driver, since + 30.2)
    assert kiosk.switching or isinstance(kiosk.scene, InvitationScene)


def test_still_playing_stands_fifteen_seconds_to_the_second(kiosk, driver):
    # README: "Still playing?" ... for 15 s (not STILL_PLAYING_S, whatever it says)
    scene = asked_still_playing(kiosk, driver)
    asked = kiosk.kiosk.asked_at
    run_until(kiosk, driver, asked + 14.8)
    assert not scene.game.over and scene.banner is not None
    run_until(kiosk, driver, asked + 15.3)
    assert scene.game.outcome == "resigned"


def test_a_real_mouse_that_answers_still_playing_keeps_its_next_click(kiosk, driver):
    # a mouse moved: the question goes, and the motion is the mouse's own; its next
    # click plays (kept from the scene till a lift, the first click was lost)
    scene = asked_still_playing(kiosk, driver)  # p7.2+p7.5 played
    driver.mouse(pygame.MOUSEMOTION, (900, 500), held=False)
    driver.mouse(pygame.MOUSEMOTION, (700, 450), held=False)
    assert kiosk.kiosk.asked_at is None
    moves = len(scene.game.moves)
    click_move(driver, scene, DEAL_8_WIN[1])
    driver.settle(0.5)
    assert len(scene.game.moves) == moves + 1


# -- failures -------------------------------------------------------------------------------


def test_failures_far_apart_never_end_the_kiosk(kiosk, driver):
    # "only failures in quick succession end the process": one a minute and a bit, for
    # weeks, is a kiosk that recovers each time
    for _ in range(3 * CRASH_LIMIT):
        kiosk.clock.advance(61.0)
        kiosk.kiosk.recover(RuntimeError("now and then"))
        driver.frames(1)
    assert kiosk.running


def test_failures_ten_seconds_apart_end_the_kiosk(kiosk, driver):
    with pytest.raises(KioskFailed):
        for _ in range(CRASH_LIMIT):
            kiosk.clock.advance(10.0)
            kiosk.kiosk.recover(RuntimeError("again and again"))


def test_a_press_on_the_corner_lost_with_a_failed_frame_opens_no_pad(kiosk, driver):
    # the lift was lost with the failed frame: the hold must not run on to the PIN pad
    pygame.event.post(finger(pygame.FINGERDOWN, CORNER, kiosk.size))
    driver.frames(1)
    kiosk.kiosk.recover(RuntimeError("a bug"))
    driver.settle(6.0)
    assert not isinstance(kiosk.scene, PinPadScene)


# -- the operator ---------------------------------------------------------------------------


def test_the_operator_s_exit_status_is_four(kiosk, driver):
    # README: "the kiosk then ends with exit status 4" (the .xinitrc loop breaks on it)
    pad = open_pad(kiosk, driver)
    tap_keys(kiosk, driver, pad, "2580")
    assert not kiosk.running and kiosk.kiosk.exit_status == 4


def test_another_finger_does_not_break_the_operator_s_hold(kiosk, driver):
    pygame.event.post(finger(pygame.FINGERDOWN, CORNER, kiosk.size, finger_id=1))
    driver.frames(1)
    driver.settle(1.5)
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):  # a passer-by's tap elsewhere
        pygame.event.post(finger(kind, (640, 400), kiosk.size, finger_id=2))
    driver.frames(1)
    driver.settle(4.0)
    assert isinstance(kiosk.scene, PinPadScene)


def test_a_right_button_held_on_the_corner_opens_nothing(kiosk, driver):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=CORNER, button=3, touch=False))
    driver.frames(1)
    driver.settle(6.0)
    assert not isinstance(kiosk.scene, PinPadScene)


def test_the_corner_is_a_fingertip_on_a_small_screen_too():
    from game.kiosk.operator import CornerHold

    area = CornerHold("bottom-right", 5).area((800, 600))
    assert area.width == area.height >= 48 and area.bottomright == (800, 600)


def test_digits_typed_while_the_pad_rests_are_not_kept(make_kiosk):
    kiosk, driver, pad = rested_pad(make_kiosk)
    for key in (pygame.K_2, pygame.K_5, pygame.K_8, pygame.K_0):  # a keyboard's digits
        driver.key(key)
    assert pad.entry == ""
    driver.settle(REST_S + 0.5)
    driver.key(pygame.K_RETURN)
    assert kiosk.running  # the PIN typed during the rest opened nothing after it


# -- the window, the demo ---------------------------------------------------------------------


def test_a_kiosk_hidden_again_says_so_again(kiosk, driver, monkeypatch, caplog):
    import game.kiosk.policy as policy

    monkeypatch.setattr(policy, "bring_back_window", lambda: None)
    with caplog.at_level(logging.WARNING, logger="game.kiosk.policy"):
        for _ in range(2):
            pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
            driver.settle(2.5)
            pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
            driver.settle(1.0)
    said = [r for r in caplog.records if "hidden" in r.getMessage()]
    assert len(said) == 2


def test_the_window_manager_s_hold_on_the_window_is_said_once_while_it_lasts(
    kiosk, driver, monkeypatch, caplog
):
    import game.kiosk.policy as policy

    wrong = [["shaded"]]
    monkeypatch.setattr(policy, "keep_as_a_kiosk", lambda: wrong[0])
    assert kiosk.fullscreen  # as a kiosk opens: the window manager's hold is read
    with caplog.at_level(logging.WARNING, logger="game.kiosk.policy"):
        driver.settle(7.0)  # read three times, shaded each time
        wrong[0] = []
        driver.settle(2.5)
        wrong[0] = ["shaded"]
        driver.settle(2.5)
    said = [r for r in caplog.records if "window manager" in r.getMessage()]
    assert len(said) == 2


def test_a_demo_played_and_left_leaves_no_record(kiosk, driver):
    kiosk.kiosk.attract.deal = 8  # as if found winnable
    kiosk.kiosk.attract.show_demo()
    demo = wait_for(driver, DemoTableScene)
    end = time.monotonic() + 60  # the solver's line comes in real time
    while len(demo.game.moves) < 3:
        assert time.monotonic() < end, "the demo never moved"
        driver.frames(5)
        time.sleep(0.002)
    assert kiosk.scene is demo
    driver.tap((640, 400))
    driver.settle(1.0)
    assert not getattr(kiosk.scene, "attract", False)
    assert kiosk.records.history() == []


def test_the_invitation_shows_its_whole_time_with_a_deal_ready(kiosk, driver, monkeypatch):
    # invitation_seconds = 3 in CONFIG: a deal found at once waits for it
    loop = kiosk.kiosk.attract
    monkeypatch.setattr(loop, "deal_ready", lambda: True)
    kiosk.kiosk.to_attract()
    driver.frames(2)
    while not isinstance(kiosk.scene, InvitationScene) or kiosk.switching:
        driver.frames(1)
    scene = kiosk.scene
    while scene.shown < 2.9 and not scene.leaving:
        driver.frames(1)
    assert not scene.leaving and kiosk.scene is scene


def test_a_deal_found_winnable_is_played_again_when_none_comes_in_time(kiosk, driver, monkeypatch):
    loop = kiosk.kiosk.attract
    loop.look_for_deal()
    asked = loop.request
    monkeypatch.setattr(kiosk.solver, "poll", lambda: [{"id": asked, "deal": 8}])
    assert loop.deal_ready() and loop.deal == 8
    loop.deal, loop.request = None, None  # a later round: nothing in time
    loop.show_demo()
    driver.settle(0.5)
    assert isinstance(kiosk.scene, DemoTableScene) and kiosk.scene.game.deal_number == 8


# -- who is there ---------------------------------------------------------------------------


def test_mouse_clicks_on_one_spot_keep_the_game_from_idling(kiosk, driver):
    # a player clicking the stock again and again, the mouse never moving: someone is there
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    for _ in range(4):
        driver.settle(20)
        driver.click((640, 760))
    assert kiosk.scene is scene and kiosk.kiosk.asked_at is None


def test_a_mouse_wheel_keeps_the_kiosk_from_idling(kiosk, driver):
    # a reader scrolling with the wheel is someone there
    driver.tap((640, 400))
    driver.settle(0.5)
    chooser = kiosk.scene
    assert isinstance(chooser, ChooserScene)
    for _ in range(4):
        driver.settle(20)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        driver.frames(1)
    assert kiosk.scene is chooser


def test_two_fingers_on_the_invitation_at_once_ask_for_one_game(kiosk, driver):
    # a palm or two fingers: one start, not a chooser opened over the one on its way
    policy, loop = kiosk.kiosk, kiosk.kiosk.attract
    wait_for(driver, InvitationScene)
    starts = []
    start = policy.start_playing

    def counted():
        starts.append(kiosk.clock.now())
        start()

    policy.start_playing = loop.play = counted
    for finger_id in (1, 2):
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(finger(kind, (500 + 200 * finger_id, 400), kiosk.size, finger_id))
    driver.frames(1)
    for finger_id in (3, 4):  # and more as the screen fades to the chooser
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(finger(kind, (300 + 200 * finger_id, 300), kiosk.size, finger_id))
        driver.frames(1)
    driver.settle(1.0)
    assert isinstance(kiosk.scene, ChooserScene)
    assert len(starts) == 1


def test_a_screen_of_the_show_left_as_its_time_runs_out_does_not_go_on(kiosk, driver, monkeypatch):
    # the PIN pad asked for as the invitation's time ran out: the pad comes, not the demo
    loop = kiosk.kiosk.attract
    monkeypatch.setattr(loop, "deal_ready", lambda: True)
    loop.deal = 8
    scene = wait_for(driver, InvitationScene)
    while kiosk.switching:
        driver.frames(1)
    while scene.shown < 2.95 and not scene.leaving:  # invitation_seconds = 3
        driver.frames(1)
    kiosk.kiosk.open_pin_pad()
    driver.settle(1.0)
    assert isinstance(kiosk.scene, PinPadScene)
