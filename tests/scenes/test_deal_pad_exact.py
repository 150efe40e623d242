"""The deal number's keypad (scenes/deal_pad.py) and what every keypad-like screen
shares (scenes/pad_scene.py), as a finger, a mouse and the keys meet them."""

import pygame
import pytest

from game.scenes.deal_pad import DealPadScene
from game.scenes.menu import MenuScene
from game.scenes.menu_choice import MenuChoice
from game.ui.pointer import POINTER_DOWN

pytestmark = pytest.mark.usefixtures("english")


def open_pad(app, driver, typed: str = "", digits: int = 10) -> tuple[DealPadScene, MenuChoice]:
    choice = MenuChoice("pyramid52", deal_text=typed)
    scene = DealPadScene(app, choice, digits)
    app.switch(scene, fade=False)
    driver.frames(1)
    return scene, choice


def down(driver, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    driver.frames(1)


def test_ok_gives_the_number_typed_to_the_menu(app, driver):
    scene, choice = open_pad(app, driver, "12")
    driver.click(scene.pad.get("digit:3").rect.center)
    driver.click(scene.pad.get("ok").rect.center)
    driver.settle(0.6)
    assert isinstance(app.scene, MenuScene) and choice.deal_text == "123"


def test_backspace_takes_the_last_digit_back_and_enter_gives_the_number(app, driver):
    scene, choice = open_pad(app, driver, "4271")
    driver.key(pygame.K_BACKSPACE)
    assert scene.entry == "427"
    driver.key(pygame.K_DELETE)  # Delete is not Backspace here: it types nothing
    assert scene.entry == "427"
    driver.key(pygame.K_KP_ENTER)
    driver.settle(0.6)
    assert isinstance(app.scene, MenuScene) and choice.deal_text == "427"


def test_with_the_ring_shown_enter_presses_the_key_ringed(app, driver):
    # the ring on Cancel: Enter gave the number to the menu instead of cancelling
    scene, choice = open_pad(app, driver, "5")
    driver.key(pygame.K_TAB)  # the ring shows, on the first key
    while scene.pad.focus_key != "cancel":
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_8)
    assert scene.entry == "58"
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    assert isinstance(app.scene, MenuScene) and choice.deal_text == "5"


def test_a_number_already_full_shows_its_digit_keys_off_at_once(app, driver):
    scene, _choice = open_pad(app, driver, "1234", digits=4)
    digits = [b for b in scene.pad.buttons if b.key.startswith("digit:")]
    assert len(digits) == 10 and not any(b.enabled for b in digits)
    driver.click(scene.pad.get("del").rect.center)
    assert scene.entry == "123" and all(b.enabled for b in digits)


def test_a_pad_opened_by_a_key_shows_its_ring_at_once_and_by_the_mouse_not(app, driver):
    app.keyboard_led = True
    scene, _choice = open_pad(app, driver)
    assert scene.pad.show_focus
    app.keyboard_led = False
    scene, _choice = open_pad(app, driver)
    assert not scene.pad.show_focus


def test_a_key_held_when_the_window_loses_the_pointer_is_let_go(app, driver):
    scene, _choice = open_pad(app, driver)
    key = scene.pad.get("digit:7")
    down(driver, key.rect.center)
    assert key.pressed and scene.pointer_holds()
    scene.redraw = False
    scene.pointer_lost()
    assert not key.pressed and not scene.pointer_holds() and scene.redraw
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=key.rect.center, button=1, touch=False)
    )
    driver.frames(1)
    assert scene.entry == ""  # its release, if it comes, types nothing


def test_a_press_on_a_key_redraws_it_pressed(app, driver):
    scene, _choice = open_pad(app, driver)
    driver.frames(2)
    scene.redraw = False
    key = scene.pad.get("digit:2")
    press = pygame.event.Event(POINTER_DOWN, pos=key.rect.center, source="mouse", button=1)
    assert scene.handle_event(press) and key.pressed and scene.redraw


def test_escape_leaves_the_menu_s_number_as_it_was(app, driver):
    _scene, choice = open_pad(app, driver, "9")
    driver.key(pygame.K_3)
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    assert isinstance(app.scene, MenuScene) and choice.deal_text == "9"
