"""Screens name their keys to a player at a keyboard, not to one playing by finger:
a tablet's keyboard is folded away, and "Esc: back" or "↑↓: choose" was a riddle."""

import pygame
import pytest

from game import i18n
from game.i18n import _
from game.rules import Game
from game.scenes import settings as settings_module
from game.scenes.initials import InitialsScene
from game.scenes.table import TableScene
from game.scenes.watch import WatchScene
from game.store import FREE
from game.store.scores import TOP
from tests.scenes.driver import texts_drawn
from tests.scenes.test_records_scenes import press, show
from tests.scenes.test_rules_scene import open_long_rules
from tests.scenes.test_settings_scene import open_settings
from tests.store.helpers import won_game

SETTINGS_KEYS = "↑↓: choose · ←→ or Enter: change · Esc: back"


def test_the_rules_say_a_finger_drags_the_text_and_name_keys_after_a_key(app, driver, english):
    rules = open_long_rules(app, driver)
    driver.tap(rules.text_rect.center)
    assert rules.scroll_hint() == _("Scroll: drag the text")
    driver.key(pygame.K_DOWN)
    assert rules.scroll_hint() == _("Scroll: wheel, arrows, PgUp/PgDn, drag · Esc: back")
    driver.tap(rules.text_rect.center)
    driver.click(rules.text_rect.center)  # a mouse is at a desk, by its keyboard
    assert rules.scroll_hint() == _("Scroll: wheel, arrows, PgUp/PgDn, drag · Esc: back")


def test_settings_name_their_keys_to_a_mouse_and_not_to_a_finger(app, driver, monkeypatch):
    drawn = texts_drawn(monkeypatch, settings_module)
    scene = open_settings(app, driver)
    title = (scene.margin, scene.title_bar.centery)
    driver.click(title)
    scene.draw(app.surface, 1.0)
    assert SETTINGS_KEYS in drawn
    drawn.clear()
    driver.tap(title)
    scene.draw(app.surface, 1.0)
    assert drawn and SETTINGS_KEYS not in drawn


def test_the_initials_name_no_keys_to_a_finger(app, driver):
    driver.tap((5, 5))
    scene = show(app, driver, InitialsScene(app, "New!", "Place 1", "ЖУК", lambda i: None))
    driver.frames(2)
    assert scene.keys_drawn is None
    driver.key(pygame.K_RIGHT)
    driver.frames(2)
    assert scene.keys_drawn is not None


def test_a_replay_opened_by_a_finger_has_no_key_captions(app, driver):
    driver.tap((5, 5))
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    assert watch.hud.captions == {}
    driver.key(pygame.K_LSHIFT)  # the keys taken up: their captions come, and stay
    assert watch.hud.captions["back"] == "Esc"
    assert watch.buttons["back"].rect.bottom < watch.hud.bottom.bottom - 8  # room under
    driver.tap((5, 5))
    assert watch.hud.captions["back"] == "Esc"
    driver.click((5, 5))
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    assert watch.hud.captions["back"] == "Esc"


def test_a_table_s_tooltip_names_keys_under_the_mouse_only(app, driver):
    table = show(app, driver, TableScene(app, Game("pyramid52", deal=8)))
    hint = table.buttons["hint"].rect.center
    driver.tap(hint)
    table.buttons["hint"].hot = True  # as a pointer resting there would make it
    driver.settle(2.0)
    assert table.tip_for == ""
    motion = {"pos": hint, "rel": (1, 1), "buttons": (0, 0, 0), "touch": False}
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, **motion))  # no press: a mouse
    driver.settle(2.0)
    assert table.tip_for == "hint"


def test_the_rules_foot_changes_as_soon_as_the_hand_does(app, driver, english, monkeypatch):
    # its words changed only at the next scroll: a key pressed after a tap left
    # "Scroll: drag the text" at the foot
    from game.scenes import rules as rules_module

    rules = open_long_rules(app, driver)
    driver.tap(rules.text_rect.center)
    driver.frames(2)
    drawn = texts_drawn(monkeypatch, rules_module)
    driver.key(pygame.K_LSHIFT)  # no scroll, nothing else to draw
    driver.frames(1)
    assert _("Scroll: wheel, arrows, PgUp/PgDn, drag · Esc: back") in drawn


def open_records(app, driver, size, tab=FREE):
    from game.scenes.records import RecordsScene
    from tests.scenes.test_records_scenes import fill_table

    fill_table(app.records, FREE, TOP)
    driver.resize(size)
    return show(app, driver, RecordsScene(app, "pyramid52", {}, tab))


def drawn_keys(app, scene, monkeypatch) -> list[str]:
    from game.scenes import records as records_module

    drawn = texts_drawn(monkeypatch, records_module)
    scene.draw(app.surface, 1.0)
    return [t for t in drawn if "Esc" in t]


def test_the_records_name_their_keys_between_the_title_and_back(app, driver, english, monkeypatch):
    scene = open_records(app, driver, (1280, 800))
    assert not scene.pages.paged  # ten rows in sight: no word of pages
    assert drawn_keys(app, scene, monkeypatch) == ["Arrows, Tab: choose · Enter: press · Esc: back"]
    keys, back = scene.keys_drawn, scene.pad.get("back").rect
    assert keys.right < back.left and keys.top < back.centery < keys.bottom
    driver.resize((1024, 600))  # a page at a time: PgUp and PgDn turn them
    assert scene.pages.paged
    assert drawn_keys(app, scene, monkeypatch)[-1] == (
        "Arrows, Tab: choose · Enter: press · PgUp/PgDn: pages · Esc: back"
    )
    press(driver, scene, "tab:stats")  # the statistics have no pages
    assert "PgUp" not in drawn_keys(app, scene, monkeypatch)[-1]


def test_the_records_keys_say_what_fits_and_never_run_under_a_button(app, driver, monkeypatch):
    i18n.set_language("ru")
    try:
        scene = open_records(app, driver, (600, 1024))
        assert drawn_keys(app, scene, monkeypatch) == ["Esc — назад"]  # the whole ran under
        for size in ((800, 600), (1024, 600), (1280, 800), (1920, 1080), (768, 1024)):
            driver.resize(size)
            scene.draw(app.surface, 1.0)
            left = min(b.rect.left for b in scene.pad.buttons if b.rect.top < scene.header.bottom)
            assert scene.keys_drawn is not None and scene.keys_drawn.right < left, size
    finally:
        i18n.set_language("en")


def test_the_records_name_no_keys_to_a_finger(app, driver):
    scene = open_records(app, driver, (1280, 800))
    driver.tap((5, 5))
    scene.draw(app.surface, 1.0)
    assert scene.keys_drawn is None
    driver.key(pygame.K_TAB)
    scene.draw(app.surface, 1.0)
    assert scene.keys_drawn is not None


def menu_over_a_game_left(app, driver):
    """The menu on Pyramid 52, a game of it left in play: Play asks first."""
    from tests.scenes.test_menu import click, leave_a_game, open_menu

    leave_a_game(app)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    return scene


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_menu_s_question_names_enter_where_enter_asked_it(app, driver, language):
    # Enter on the list asks as Play does: "Press “Play” again" sent the player hunting
    # for a button fifteen Tabs away, where a second Enter answers
    from tests.scenes.test_menu import click

    i18n.set_language(language)
    try:
        scene = menu_over_a_game_left(app, driver)
        driver.key(pygame.K_RETURN)
        assert scene.started is None and scene.play_asked > 0
        press = {"en": "Press Enter again for a new game", "ru": "Нажмите Enter ещё раз"}
        assert scene.play_question().startswith(press[language])
        driver.pause()
        click(driver, scene, "ruleset:pyramid36")  # asked anew, by Play's button
        click(driver, scene, "ruleset:pyramid52")
        driver.pause()
        click(driver, scene, "play")
        press = {"en": "Press “Play” again", "ru": "Нажмите «Играть» ещё раз"}
        assert scene.play_asked > 0 and scene.play_question().startswith(press[language])
    finally:
        i18n.set_language("en")


def test_a_second_enter_answers_the_menu_s_question_it_named(app, driver):
    scene = menu_over_a_game_left(app, driver)
    driver.key(pygame.K_RETURN)
    driver.pause()
    driver.key(pygame.K_RETURN)
    assert scene.started is not None and scene.started.ruleset.id == "pyramid52"
