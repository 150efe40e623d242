"""The settings screen driven by real clicks and keys: each change applies and is saved."""

import itertools
import json
import time

import pygame
import pytest

from game import i18n
from game.app import App
from game.clock import ManualClock
from game.scenes.base import Scene
from game.scenes.settings import SettingsScene
from game.settings import CARD_BACKS, SettingsStore


class Marker(Scene):
    """Where "back" leads in these tests."""


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def open_settings(app, driver) -> SettingsScene:
    scene = SettingsScene(app, back=lambda: Marker(app))
    app.switch(scene, fade=False)
    driver.frames(1)
    return scene


def saved(app) -> dict:
    return json.loads(app.store.path.read_text(encoding="utf-8"))


def click(driver, scene: SettingsScene, key: str) -> None:
    driver.click(scene.button(key).rect.center)


def row_index(scene: SettingsScene, key: str) -> int:
    return [row.key for row in scene.rows].index(key)


def focus_row(driver, scene: SettingsScene, key: str) -> None:
    if not scene.keyboard:
        driver.key(pygame.K_DOWN)  # the first key shows where the focus is
    while scene.focus != row_index(scene, key):
        driver.key(pygame.K_DOWN)


def test_changing_the_language_applies_saves_and_relabels(app, driver):
    scene = open_settings(app, driver)
    assert app.settings.language == "en"
    assert scene.rows[0].label == "Language"
    click(driver, scene, "language:ru")
    assert app.settings.language == "ru"
    assert i18n.language() == "ru"
    assert saved(app)["language"] == "ru"
    assert scene.rows[0].label == i18n._("Language") != "Language"
    assert scene.back_button.label == i18n._("Back")
    click(driver, scene, "language:en")
    assert (app.settings.language, i18n.language(), saved(app)["language"]) == ("en",) * 3
    assert scene.rows[0].label == "Language"


def test_language_by_keyboard(app, driver):
    scene = open_settings(app, driver)
    focus_row(driver, scene, "language")
    driver.key(pygame.K_LEFT)
    assert app.settings.language == "ru"
    driver.key(pygame.K_RIGHT)
    assert app.settings.language == "en"
    driver.key(pygame.K_SPACE)
    assert app.settings.language == "ru"


def test_the_first_key_shows_the_focus_on_the_first_row(app, driver):
    from game.ui import theme

    scene = open_settings(app, driver)
    language = scene.rows[0].rect
    driver.key(pygame.K_DOWN)
    assert scene.focus == 0 and app.surface.get_at(language.midtop)[:3] == theme.FOCUS
    driver.key(pygame.K_DOWN)
    assert scene.focus == 1 and app.surface.get_at(language.midtop)[:3] != theme.FOCUS


def test_a_first_left_changes_nothing_unseen(app, driver):
    open_settings(app, driver)
    driver.key(pygame.K_LEFT)
    assert app.settings.language == "en"


def test_volume_steps_clamp_at_zero_and_one(app, driver):
    scene = open_settings(app, driver)
    for _ in range(12):
        click(driver, scene, "volume:-")
    assert app.settings.volume == 0.0
    assert saved(app)["volume"] == 0.0
    assert app.sounds.volume == 0.0
    for _ in range(3):
        click(driver, scene, "volume:+")
    assert app.settings.volume == pytest.approx(0.3)
    for _ in range(12):
        click(driver, scene, "volume:+")
    assert app.settings.volume == 1.0
    assert saved(app)["volume"] == 1.0


def test_volume_by_keyboard_and_mute(app, driver):
    scene = open_settings(app, driver)
    focus_row(driver, scene, "volume")
    start = app.settings.volume
    driver.key(pygame.K_LEFT)
    assert app.settings.volume == pytest.approx(start - 0.1)
    for _ in range(15):
        driver.key(pygame.K_RIGHT)
    assert app.settings.volume == 1.0
    driver.key(pygame.K_RETURN)
    assert app.settings.muted and app.sounds.muted and saved(app)["muted"] is True
    heard: list[str] = []
    real_play = app.sounds.play
    app.sounds.play = lambda name: heard.append(name) or real_play(name)  # type: ignore[method-assign]
    click(driver, scene, "volume:mute")
    assert not app.settings.muted and not saved(app)["muted"]
    # heard as sound comes back, as M at the table has it: it said nothing
    assert heard == ["place"]


def test_volume_slider_follows_the_pointer(app, driver):
    scene = open_settings(app, driver)
    track = scene.button("volume:track").rect
    driver.click((track.x + track.width // 4, track.centery))
    assert app.settings.volume in (pytest.approx(0.2), pytest.approx(0.3))
    track = scene.button("volume:track").rect
    driver.drag((track.centerx, track.centery), (track.right + 50, track.centery), steps=4)
    assert app.settings.volume == 1.0
    driver.drag((track.right, track.centery), (track.x - 50, track.centery), steps=4)
    assert app.settings.volume == 0.0
    assert saved(app)["volume"] == 0.0


def test_a_quick_drag_of_the_volume_is_heard_at_the_level_let_go(app, driver):
    # the previews come too close to be each played: the last level set was unheard,
    # the one heard last a step below it
    scene = open_settings(app, driver)
    played: list[float] = []
    real_play = app.sounds.play

    def play(name: str) -> bool:
        started = real_play(name)
        if started:
            played.append(app.sounds.volume)
        return started

    app.sounds.play = play  # type: ignore[method-assign]
    track = scene.button("volume:track").rect
    end = (track.right - track.width // 5, track.centery)
    driver.hold_over((track.x + 2, track.centery), end, 6)  # quicker than the sounds
    time.sleep(0.1)  # a moment held there, as a hand is
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False))
    driver.frames(1)
    assert len(played) >= 2 and played[-1] == app.settings.volume == 0.8


def test_four_colour_toggle_persists(app, driver, tmp_path):
    scene = open_settings(app, driver)
    assert not app.settings.four_colour
    click(driver, scene, "four_colour:True")
    assert app.settings.four_colour
    assert SettingsStore(app.store.path).load().four_colour is True
    assert scene.button("four_colour:True").selected
    click(driver, scene, "four_colour:False")
    assert SettingsStore(app.store.path).load().four_colour is False


def test_large_corners_reach_a_waiting_table_and_stay(app, driver):
    from game.rules import Game
    from game.scenes.table import TableScene

    table = TableScene(app, Game("sbudetsya", deal=1))
    app.switch(table, fade=False)
    driver.frames(1)
    standard = table.view.art.face("TC")
    scene = SettingsScene(app, back=lambda: table)
    app.switch(scene, fade=False)
    driver.frames(1)
    click(driver, scene, "large_corners:True")
    assert saved(app)["large_corners"] is True and scene.button("large_corners:True").selected
    driver.key(pygame.K_ESCAPE)
    driver.frames(30)
    assert app.scene is table and table.view.art.layout.large
    large = table.view.art.face("TC")
    assert pygame.image.tobytes(large, "RGBA") != pygame.image.tobytes(standard, "RGBA")


def test_animation_speeds(app, driver):
    scene = open_settings(app, driver)
    click(driver, scene, "animation_speed:0.0")
    assert app.settings.animation_speed == 0.0
    click(driver, scene, "animation_speed:0.5")
    assert saved(app)["animation_speed"] == 0.5
    focus_row(driver, scene, "animation_speed")
    # one way, quicker each step, "Off" the quickest: Off, Fast, Normal, Slow went one
    # way, then back
    driver.key(pygame.K_LEFT)
    assert app.settings.animation_speed == 0.5  # slow, the slowest: no further
    driver.key(pygame.K_RIGHT)
    assert app.settings.animation_speed == 1.0  # slow -> normal
    driver.key(pygame.K_RIGHT)
    assert app.settings.animation_speed == 2.0  # normal -> fast
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert app.settings.animation_speed == 0.0  # off, and no further


@pytest.mark.parametrize("back", CARD_BACKS)
def test_card_back_choice_persists(app, driver, back):
    scene = open_settings(app, driver)
    click(driver, scene, f"card_back:{back}")
    assert app.settings.card_back == back
    assert saved(app)["card_back"] == back


def test_fullscreen_toggle_asks_the_app(app, driver, monkeypatch):
    calls = []

    def toggle():
        calls.append(True)
        app.fullscreen = not app.fullscreen

    monkeypatch.setattr(app, "toggle_fullscreen", toggle)
    scene = open_settings(app, driver)
    click(driver, scene, "fullscreen:True")
    assert calls == [True]
    assert scene.button("fullscreen:True").selected
    click(driver, scene, "fullscreen:True")  # already on: nothing more
    assert calls == [True]


def test_escape_goes_back(app, driver):
    open_settings(app, driver)
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    assert isinstance(app.scene, Marker)


def test_back_button_by_click_and_by_keyboard(app, driver):
    scene = open_settings(app, driver)
    click(driver, scene, "back")
    driver.settle(0.5)
    assert isinstance(app.scene, Marker)
    scene = open_settings(app, driver)
    driver.key(pygame.K_UP)  # shows the focus, on the first row
    driver.key(pygame.K_UP)  # from the first row up to the last: the Back button
    assert scene.focus == len(scene.rows)
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert isinstance(app.scene, Marker)


def test_tab_walks_every_row_and_round(app, driver):
    scene = open_settings(app, driver)
    driver.key(pygame.K_TAB)  # shows the focus
    seen = []
    for _ in range(len(scene.rows) + 1):
        seen.append(scene.focus)
        driver.key(pygame.K_TAB)
    assert sorted(seen) == list(range(len(scene.rows) + 1))
    assert scene.focus == 0
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus == len(scene.rows)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 800), (3840, 2160)])
def test_nothing_is_off_screen_and_targets_are_big(size, language, tmp_path, monkeypatch):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    app.settings.language = language
    app.apply_settings()
    scene = SettingsScene(app)
    app.switch(scene, fade=False)
    app.clock.advance(1 / 60)
    app.frame()
    window = pygame.Rect((0, 0), app.size)
    buttons = [b for _i, b in scene._targets()]
    for b in buttons:
        assert window.contains(b.rect), (b.key, b.rect)
        assert b.rect.height >= 40, b.key
        # as wide too: a card back's button was its card's width, 35 px at 1024x600
        assert b.rect.width >= 40, b.key
    assert window.contains(scene.panel) and not scene.panel.colliderect(scene.back_button.rect)
    for row in scene.rows:
        assert scene.panel.contains(row.rect)
        for b in row.buttons:
            assert row.rect.contains(b.rect), (b.key, b.rect, row.rect)
    for i, a in enumerate(buttons):
        for b in buttons[i + 1 :]:
            assert not a.rect.colliderect(b.rect), (a.key, b.key)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)])
def test_no_label_runs_under_its_controls_in_russian(app, driver, size):
    from game.ui import theme

    app.settings.language = "ru"
    i18n.set_language("ru")
    driver.resize(size)
    scene = open_settings(app, driver)
    for row in scene.rows:
        ends = row.rect.x + scene.margin // 2 + theme.font(scene.label_size).size(row.label)[0]
        controls = [b.rect.x for b in row.buttons] or [row.rect.right]
        assert ends < min(controls), (row.label, ends, min(controls))


def test_f11_on_this_screen_shows_at_once_and_enter_turns_it_back(app, driver):
    scene = open_settings(app, driver)
    assert not app.fullscreen
    driver.key(pygame.K_F11)
    driver.frames(2)
    assert app.fullscreen and scene.button("fullscreen:True").selected
    focus_row(driver, scene, "fullscreen")
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert not app.fullscreen and scene.button("fullscreen:False").selected


def test_a_button_label_keeps_room_on_each_side(app, driver):
    # "Медленно" ran from edge to edge of its 140 px button
    from game.ui import theme
    from game.ui.widgets import Button

    button = Button("Медленно", lambda: None, pygame.Rect(0, 0, 140, 58))
    size = button.fitting_size(24)
    width = theme.font(size, bold=True).size(button.label)[0]
    assert width <= 140 - 58 // 5
    roomy = Button("Да", lambda: None, pygame.Rect(0, 0, 140, 58))
    assert roomy.fitting_size(24) == 24  # a short label keeps its size


def test_no_sound_device_is_said_in_the_menu_s_notices_and_by_the_volume(tmp_path, monkeypatch):
    # it was said only on the terminal, in English, while the volume showed 70%
    from tests.scenes.driver import Driver

    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path / "home"))
    app = App(size=(1280, 800), clock=ManualClock())
    try:
        assert "No sound device was found: the game plays silently." in map(str, app.notices)
        scene = open_settings(app, Driver(app))
        assert scene.rows[row_index(scene, "volume")].label == "Volume (no sound device)"
    finally:
        app.close()
        pygame.mixer.quit()  # the next tests open the dummy device again


def test_a_sound_device_found_says_nothing(app, driver):
    assert not any("sound" in str(notice) for notice in app.notices)
    scene = open_settings(app, driver)
    assert scene.rows[row_index(scene, "volume")].label == "Volume"


def test_russian_card_letters_reach_the_faces_the_words_and_a_waiting_table(app, driver):
    from game.rules import Game
    from game.scenes.table import TableScene

    table = TableScene(app, Game("pyramid36", deal=1))
    app.switch(table, fade=False)
    driver.frames(1)
    assert table.view.art.letters == "latin"
    scene = SettingsScene(app, back=lambda: table)
    app.switch(scene, fade=False)
    driver.frames(1)
    try:
        click(driver, scene, "card_letters:russian")
        assert saved(app)["card_letters"] == "russian"
        assert scene.button("card_letters:russian").selected
        assert scene.button("card_letters:russian").label == "Т К Д В"
        assert i18n.card_name("QS") == "Д♠"  # hints and refusals name the faces alike
        driver.key(pygame.K_ESCAPE)
        driver.frames(30)
        assert app.scene is table and table.view.art.letters == "russian"
    finally:
        i18n.set_card_letters("latin")


def test_by_default_the_faces_letters_follow_the_language(app, driver):
    scene = open_settings(app, driver)
    assert scene.button("card_letters:language").selected
    try:
        click(driver, scene, "language:ru")
        assert (
            i18n.card_name("KC") == "К♣"
            and scene.button("card_letters:language").label == "По языку"
        )
        assert saved(app)["card_letters"] == "language"
        click(driver, scene, "card_letters:latin")  # chosen: it stays, whatever the language
        assert i18n.card_name("KC") == "K♣"
        click(driver, scene, "card_letters:language")
        click(driver, scene, "language:en")
        assert i18n.card_name("KC") == "K♣"
    finally:
        i18n.set_language("en")
        i18n.set_card_letters("latin")


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_winnable_deals_only_says_what_it_does_beside_its_buttons(app, driver, language, size):
    # its name alone left a player guessing whose proof, and of which deals
    driver.resize(size)
    app.settings.language = language
    app.apply_settings()
    scene = open_settings(app, driver)
    driver.frames(1)
    row = scene.rows[row_index(scene, "winnable_only")]
    assert row.note and row.note_drawn is not None
    assert row.rect.contains(row.note_drawn)
    assert row.note_drawn.left > row.buttons[-1].rect.right


def test_settings_opened_by_a_key_show_the_focus_at_once(app, driver):
    # the first Down only showed the ring: "Down three times to Four-colour suits"
    # landed one row short, and Right there changed the animation's speed
    from game.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.switch(menu, fade=False)
    driver.frames(1)
    menu.pad.focus_key, menu.pad.show_focus = "settings", True
    driver.key(pygame.K_RETURN)
    driver.settle(1.0)
    scene = app.scene
    assert isinstance(scene, SettingsScene) and scene.keyboard and scene.focus == 0
    driver.key(pygame.K_DOWN)
    assert scene.focus == 1
    driver.click((2, 2))  # a click: opened again, no ring until a key
    scene.back()
    driver.settle(1.0)
    app.switch(SettingsScene(app), fade=False)
    driver.frames(1)
    assert not app.scene.keyboard


def test_a_finger_lights_no_button(app, driver):
    # a swipe over the rows left the button it lifted over lit, as if hovered
    scene = open_settings(app, driver)
    button = scene.back_button
    driver.finger(pygame.FINGERDOWN, button.rect.center)
    driver.finger(pygame.FINGERMOTION, (button.rect.centerx - 3, button.rect.centery))
    assert not button.hot


@pytest.mark.parametrize("size", [(1366, 768), (1024, 600), (3840, 2160), (1080, 1920)])
def test_two_rows_notes_stand_apart(app, driver, size):
    # in Russian the verdict's note of three lines ran into the next row's, as one
    # paragraph at two left edges
    driver.resize(size)
    app.settings.language = "ru"
    app.apply_settings()
    scene = open_settings(app, driver)
    scene.draw(app.surface, 1.0)
    notes = sorted((row.note_drawn for row in scene.rows if row.note_drawn), key=lambda r: r.top)
    assert len(notes) == 3
    for upper, lower in itertools.pairwise(notes):
        assert lower.top - upper.bottom >= 4


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (1920, 1080)])
def test_the_notes_beside_the_rows_are_set_in_one_size(app, driver, monkeypatch, size, language):
    # in Russian one note was set smaller than the one above it
    from game.scenes import settings as settings_scene

    sizes: dict[str, int] = {}
    real = settings_scene.draw_text

    def recording(surface, text, size, *args, **kwargs):
        sizes[text] = size
        return real(surface, text, size, *args, **kwargs)

    monkeypatch.setattr(settings_scene, "draw_text", recording)
    driver.resize(size)
    app.settings.language = language
    app.apply_settings()
    scene = open_settings(app, driver)
    scene.draw(app.surface, 1.0)
    noted = [row for row in scene.rows if row.note_drawn]
    assert len(noted) == 3
    firsts = {row.key: next(t for t in sizes if row.note.startswith(t)) for row in noted}
    assert len({sizes[t] for t in firsts.values()}) == 1, {k: sizes[t] for k, t in firsts.items()}


def test_playable_cards_hidden_reach_a_waiting_table_and_stay(app, driver):
    from game.rules import Game
    from game.scenes.table import TableScene

    table = TableScene(app, Game("pyramid52", deal=1))
    app.switch(table, fade=False)
    driver.settle(3.0)
    assert "playable" in table._marks().values()
    scene = SettingsScene(app, back=lambda: table)
    app.switch(scene, fade=False)
    driver.frames(1)
    assert scene.button("show_playable:True").selected
    click(driver, scene, "show_playable:False")
    assert saved(app)["show_playable"] is False and scene.button("show_playable:False").selected
    assert SettingsStore(app.store.path).load().show_playable is False
    driver.key(pygame.K_ESCAPE)
    driver.frames(30)
    assert app.scene is table and "playable" not in table._marks().values()


def test_a_resize_puts_out_the_button_the_mouse_had_lit(app, driver):
    # the buttons move with the window's size, away from the pointer: Back, and a card
    # back's button, stayed lit where nothing pointed at them
    scene = open_settings(app, driver)
    back = scene.back_button
    driver.hover(back.rect.center)
    assert back.hot
    driver.resize((800, 600))
    driver.frames(1)
    assert not any(b.hot for _i, b in scene._targets())
    driver.hover(back.rect.center)
    assert back.hot
