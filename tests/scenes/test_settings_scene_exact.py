"""The settings screen's edges a mutation round found untested: keys on the Back
button, the keypad's Enter, Tab's way, presses that are no click, the finger's margin,
what the volume's row and the card backs show, and the notes beside the rows."""

from dataclasses import asdict

import pygame
import pytest

from game import i18n
from game.render.cards import card_art
from game.scenes import settings as settings_scene
from game.scenes.settings import SettingsScene
from game.ui import theme
from tests.scenes.driver import texts_drawn
from tests.scenes.test_settings_scene import Marker, open_settings


@pytest.fixture(autouse=True)
def english_afterwards():
    # Russian chosen here names the cards Т К Д В for the tests after, unless put back
    yield
    i18n.set_language("en")
    i18n.set_card_letters("latin")


def row_of(scene: SettingsScene, key: str):
    return next(row for row in scene.rows if row.key == key)


def press(driver, kind: int, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=button, touch=False))
    driver.frames(1)


def test_mute_shows_as_chosen_while_the_sound_is_off(app, driver):
    scene = open_settings(app, driver)
    driver.click(scene.button("volume:mute").rect.center)
    assert app.settings.muted and scene.button("volume:mute").selected
    driver.click(scene.button("volume:mute").rect.center)
    assert not app.settings.muted and not scene.button("volume:mute").selected


def test_tab_goes_down_the_rows_and_shift_tab_up(app, driver):
    scene = open_settings(app, driver)
    driver.key(pygame.K_TAB)  # shows the focus, on the first row
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    assert scene.focus == 2
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus == 1


def test_left_and_right_on_back_change_nothing(app, driver):
    scene = open_settings(app, driver)
    before = asdict(app.settings)
    driver.key(pygame.K_UP)  # shows the focus
    driver.key(pygame.K_UP)  # up from the first row: Back
    assert scene.focus == len(scene.rows)
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RIGHT)
    assert asdict(app.settings) == before and app.scene is scene
    assert scene.focus == len(scene.rows)


def test_the_keypad_s_enter_is_enter(app, driver):
    scene = open_settings(app, driver)
    driver.key(pygame.K_DOWN)  # shows the focus, on Language
    driver.key(pygame.K_KP_ENTER)
    assert app.settings.language == "ru"
    driver.key(pygame.K_UP)  # to Back
    driver.key(pygame.K_KP_ENTER)
    driver.settle(0.5)
    assert isinstance(app.scene, Marker)
    assert scene.focus == len(scene.rows)


def test_a_right_click_chooses_nothing(app, driver):
    scene = open_settings(app, driver)
    at = scene.button("four_colour:True").rect.center
    press(driver, pygame.MOUSEBUTTONDOWN, at, button=3)
    press(driver, pygame.MOUSEBUTTONUP, at, button=3)
    assert not app.settings.four_colour


def test_a_press_let_go_elsewhere_chooses_nothing(app, driver):
    # a finger that slid off a button meant none: neither the one it left, nor the one
    # it lifted over, nor any where it lifted over no button
    scene = open_settings(app, driver)
    press(driver, pygame.MOUSEBUTTONDOWN, scene.button("four_colour:True").rect.center)
    press(driver, pygame.MOUSEBUTTONUP, scene.button("large_corners:True").rect.center)
    assert not app.settings.four_colour and not app.settings.large_corners
    press(driver, pygame.MOUSEBUTTONDOWN, scene.button("four_colour:True").rect.center)
    press(driver, pygame.MOUSEBUTTONUP, (2, app.size[1] // 2))
    assert not app.settings.four_colour


def test_a_press_lost_leaves_nothing_held_and_its_release_chooses_nothing(app, driver):
    scene = open_settings(app, driver)
    button = scene.button("four_colour:True")
    press(driver, pygame.MOUSEBUTTONDOWN, button.rect.center)
    assert scene.pointer_holds() and button.pressed
    scene.pointer_lost()
    assert not scene.pointer_holds() and not button.pressed
    press(driver, pygame.MOUSEBUTTONUP, button.rect.center)
    assert not app.settings.four_colour


def test_a_finger_just_beside_a_button_presses_it(app, driver):
    scene = open_settings(app, driver)
    back = scene.back_button.rect
    driver.click((back.x - 3, back.centery))
    driver.settle(0.5)
    assert isinstance(app.scene, Marker)


def test_each_note_is_beside_its_own_row(app, driver):
    scene = open_settings(app, driver)
    assert "top bar" in row_of(scene, "show_verdict").note
    assert "ring" in row_of(scene, "show_playable").note
    assert "solver" in row_of(scene, "winnable_only").note
    assert row_of(scene, "language").note == ""


def test_no_row_wears_the_focus_ring_until_a_key_is_used(app, driver):
    scene = open_settings(app, driver)
    top = scene.rows[0].rect.midtop
    assert app.surface.get_at(top)[:3] != theme.FOCUS
    assert not scene.back_button.focused
    driver.key(pygame.K_UP)  # shows the focus, on the first row
    driver.key(pygame.K_UP)  # Back
    assert scene.back_button.focused


def bar_of(scene: SettingsScene) -> pygame.Rect:
    track = scene.button("volume:track").rect
    return track.inflate(-track.height // 4, -track.height * 2 // 3)


def test_the_volume_bar_fills_to_the_level_and_greys_when_muted(app, driver, monkeypatch):
    drawn = texts_drawn(monkeypatch, settings_scene)
    scene = open_settings(app, driver)
    for _ in range(5):
        driver.click(scene.button("volume:-").rect.center)
    assert app.settings.volume == pytest.approx(0.3)
    bar = bar_of(scene)
    near, far = (bar.x + bar.width // 10, bar.centery), (bar.right - bar.width // 10, bar.centery)
    assert app.surface.get_at(near)[:3] == theme.GOLD
    assert app.surface.get_at(far)[:3] == theme.FELT_DARK
    assert "30%" in drawn
    driver.click(scene.button("volume:mute").rect.center)
    assert app.surface.get_at(near)[:3] == theme.DISABLED


def test_each_back_s_button_shows_its_own_back_and_the_chosen_is_ringed(app, driver):
    scene = open_settings(app, driver)
    driver.click(scene.button("card_back:green").rect.center)
    s = app.settings
    for name in ("classic", "blue", "green"):
        b = scene.button(f"card_back:{name}")
        card_h = b.rect.height - 8
        card = pygame.Rect(0, 0, int(card_h / 1.4), card_h)
        card.center = b.rect.center
        art = card_art(max(20, card.width), s.four_colour, name, s.letters, s.large_corners)
        # the middle of the card, clear of its rounded corners' blending
        middle = pygame.Rect(0, 0, card.width // 2, card.height // 2)
        middle.center = card.center
        shown = app.surface.subsurface(middle)
        drawn = art.back().subsurface(middle.move(-card.x, -card.y))
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(drawn, "RGB"), name
        edge = app.surface.get_at((b.rect.x + 1, b.rect.centery))[:3]
        assert (edge == theme.GOLD) == (name == "green"), name


def test_the_cards_beside_four_colour_show_the_suits_as_set(app, driver):
    scene = open_settings(app, driver)
    row = row_of(scene, "four_colour")
    beside = pygame.Rect(
        row.buttons[-1].rect.right + 1,
        row.rect.y,
        row.rect.right - row.buttons[-1].rect.right - 1,
        row.rect.height,
    )
    before = pygame.image.tobytes(app.surface.subsurface(beside).copy(), "RGB")
    driver.click(scene.button("four_colour:True").rect.center)
    after = pygame.image.tobytes(app.surface.subsurface(beside).copy(), "RGB")
    assert before != after


def test_a_plus_at_the_loudest_plays_nothing(app, driver):
    scene = open_settings(app, driver)
    for _ in range(3):
        driver.click(scene.button("volume:+").rect.center)
    assert app.settings.volume == 1.0
    heard: list[str] = []
    app.sounds.play = lambda name: heard.append(name) or True  # type: ignore[method-assign]
    driver.click(scene.button("volume:+").rect.center)
    assert heard == [] and app.settings.volume == 1.0


def test_the_chosen_value_wears_a_gold_ring_three_pixels_wide(app, driver):
    # the chosen value must stand out at a glance: a button's own edge is 2 px at a
    # desktop's sizes, a hairline beside its neighbours'
    scene = open_settings(app, driver)
    for key, chosen in (("four_colour:False", True), ("four_colour:True", False)):
        b = scene.button(key)
        assert b.selected is chosen
        for inset in range(3):
            edge = app.surface.get_at((b.rect.x + inset, b.rect.centery))[:3]
            assert (edge == theme.GOLD) is chosen, (key, inset)
