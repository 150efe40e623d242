"""A screen standing up (a kiosk's 1080x1920 touch screen): text and buttons as large as
on the same screen lying down, every figure of the top bar shown, the pyramid's stock
out of the operator's corner (the kiosk's chooser: tests/kiosk/test_attract.py)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pygame
import pytest

from game.kiosk.operator import CornerHold
from game.render.table_layout import pyramid_rows
from game.rules import Game
from game.ui import theme
from tests.scenes.driver import texts_drawn
from tests.scenes.test_table import SilentSolver, open_table

STANDING_UP, LYING_DOWN = (1080, 1920), (1920, 1080)


@contextlib.contextmanager
def standing_up_in(app, language: str) -> Iterator[None]:
    """The window standing up, the game in `language` (English again afterwards)."""
    from game import i18n

    app.surface = pygame.display.set_mode(STANDING_UP)
    app._resized()
    i18n.set_language(language)
    try:
        yield
    finally:
        i18n.set_language("en")


def test_a_screen_standing_up_has_the_scale_of_the_same_screen_lying_down():
    # by its width alone 1080x1920 was 0.84 of 1280x800: 13 px text, 34 px buttons
    assert theme.ui_scale(STANDING_UP) == theme.ui_scale(LYING_DOWN) == 1.35
    assert theme.ui_scale((1280, 800)) == 1.0 and theme.ui_scale((800, 600)) == 0.625


@pytest.mark.parametrize("ruleset", ["egyptian", "pyramid52", "nechego"])
def test_the_top_bar_shows_every_figure_on_a_screen_standing_up(app, driver, ruleset):
    app.surface = pygame.display.set_mode(STANDING_UP)
    app._resized()
    scene = open_table(app, driver, Game(ruleset, deal=3))
    driver.frames(2)
    assert scene.hud.two_lines
    assert "Stock" in scene.hud.stats_shown and "Pass 1 of 1" in scene.hud.stats_shown
    assert "Moves" in scene.hud.stats_shown


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_names_keep_off_the_score_on_a_screen_standing_up(app, driver, language):
    # "с помощью" lay on "Осталось: 36 карт · 380 очков"
    with standing_up_in(app, language):
        scene = open_table(app, driver, Game("pyramid36", deal=281126509))
        scene.facts.assisted = True
        scene._invalidate()
        driver.frames(2)
        assert scene.hud.names_right < scene.hud.score_left


def test_a_deal_the_names_line_has_no_room_for_leads_the_figures_standing_up(app, driver):
    # the old rules' long Russian name left no room for "Расклад дня № 20261202", and
    # the deal was not shown at all, with the figures' line half empty
    from game.scenes.table import TableScene
    from game.store import DAILY, GameFacts

    with standing_up_in(app, "ru"):
        game = Game("egyptian-old", deal=20261202)
        scene = TableScene(app, game, facts=GameFacts(mode=DAILY))
        app.switch(scene, fade=False)
        driver.settle(1.0)
        driver.frames(2)
        assert scene.hud.stats_shown.startswith("Расклад дня №\u00a020261202   ")
        assert "0:0" in scene.hud.stats_shown


# play areas standing up: a kiosk of 1080x1920; a kiosk of 768x1024 under its two rows
# of buttons, hardly taller than wide (the legend of Pyramid 36 lay under the buttons)
STANDING_AREAS = [pygame.Rect(0, 108, 1080, 1920 - 108 - 78), pygame.Rect(0, 64, 768, 806)]


@pytest.mark.parametrize("area", STANDING_AREAS, ids=["1080x1920", "768x1024"])
@pytest.mark.parametrize("rows", [6, 7])
def test_the_pyramid_standing_up_keeps_its_piles_apart_and_out_of_the_corner(rows, area):
    layout = pyramid_rows(rows, area)
    spots = {name: spot.rect for name, spot in layout.spots.items()}
    bottom_row = max(r.bottom for n, r in spots.items() if n.startswith("p"))
    for name in ("st", "w", "out"):
        assert spots[name].top > bottom_row  # under the pyramid, not beside it
    for rect in spots.values():
        assert area.contains(rect)
    assert layout.legend is not None and area.contains(layout.legend)
    assert not any(layout.legend.colliderect(r) for r in spots.values())
    corner = CornerHold("top-left", 5).area(STANDING_UP)
    assert not corner.colliderect(spots["st"])  # a tap on the stock is the stock's


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_settings_standing_up_keep_every_control_on_the_screen(app, driver, language):
    # the volume's Mute button went off the right edge: labels now take a line above
    from game.scenes.settings import SettingsScene

    with standing_up_in(app, language):
        app.switch(lambda: SettingsScene(app), fade=False)
        driver.frames(2)
        scene = app.scene
        assert scene.stacked
        screen = pygame.Rect((0, 0), STANDING_UP)
        for row in scene.rows:
            for button in row.buttons:
                assert screen.contains(button.rect) and row.rect.contains(button.rect), row.key
                assert button.rect.height >= 60


@pytest.mark.parametrize("size", [LYING_DOWN, STANDING_UP])
def test_the_table_s_buttons_are_a_fingertip_high_on_a_kiosk_s_screen(app, driver, size):
    # 56 px at 1920x1080: under the 60 px a touch screen in a public place wants
    app.surface = pygame.display.set_mode(size)
    app._resized()
    scene = open_table(app, driver, Game("pyramid36", deal=3))
    assert all(b.rect.height >= 60 for b in scene.hud.buttons)


def test_a_screen_standing_up_has_its_buttons_in_two_rows(app, driver):
    # ten in one row of 1080 px: 77 to 154 px wide, their Russian labels 15-16 px
    from game.ui.widgets import Button

    with standing_up_in(app, "ru"):
        scene = open_table(app, driver, Game("nechego", deal=3))
        buttons = scene.hud.buttons
        assert len({b.rect.y for b in buttons}) == 2
        assert all(scene.hud.bottom.contains(b.rect) for b in buttons)
        assert not any(a.rect.colliderect(b.rect) for a in buttons for b in buttons if a is not b)
        assert min(Button.fitting_size(b, 24) for b in buttons) >= 20
    app.surface = pygame.display.set_mode(LYING_DOWN)
    app._resized()
    driver.frames(2)
    assert len({b.rect.y for b in scene.hud.buttons}) == 1  # lying down: one row


def test_a_narrow_top_bar_gives_up_the_deal_number_before_the_clock(app, driver):
    # at 800x600 in Russian the "assisted" mark left no room for any figure at all
    from game import i18n

    app.surface = pygame.display.set_mode((800, 600))
    app._resized()
    i18n.set_language("ru")
    try:
        scene = open_table(app, driver, Game("egyptian-old", deal=3))
        scene.facts.mark_assisted("hint")
        scene._invalidate()
        driver.frames(2)
        assert "0:0" in scene.hud.stats_shown
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("size", "also"), [((1280, 800), "Ходов"), ((800, 600), "")])
def test_a_narrow_top_bar_keeps_the_pass_when_there_are_passes_to_count(app, driver, size, also):
    # in Russian, with the verdict and the "assisted" mark, "Pass 1 of 3" went first at
    # 1280x800 and was shown nowhere (the stock's count is on its pile as well); at
    # 800x600 it gave way next, and now the moves give way before it
    from game import i18n

    app.surface = pygame.display.set_mode(size)
    app._resized()
    i18n.set_language("ru")
    try:
        scene = open_table(app, driver, Game("pyramid36", {"passes": 3}, deal=3))
        scene.facts.mark_assisted("hint")
        scene.analysis.verdict = lambda **_: "Не сойдётся"
        scene._invalidate()
        driver.frames(2)
        shown = scene.hud.stats_shown
        assert "Проход 1 из 3" in shown and also in shown
    finally:
        i18n.set_language("en")


def _piles_grown(game: Game, seed: int, longest: int) -> Game:
    """Random play that puts cards on piles where it can, until one holds `longest`."""
    import random

    rng = random.Random(seed)
    while max(len(game.pile(f"t{i}")) for i in range(1, 9)) < longest:
        legal = list(game.legal_moves)
        onto = [m for m in legal if m.kind == "move" and m.b.startswith("t")]
        game.play(rng.choice(onto) if onto else rng.choice(legal))
    return game


def test_the_arrows_keep_to_the_rows_and_columns_of_piles_standing_up(app, driver):
    # the focus went by each pile's top card, which a long fan carries across: Down
    # from the stock skipped piles, Left from the right column went to the stock; and
    # then Right from the first pile and Left from the fifth still did, the stock lying
    # nearer than the pile across
    app.surface = pygame.display.set_mode(STANDING_UP)
    app._resized()
    game = _piles_grown(Game("nechego", deal=0), seed=3, longest=7)
    assert not game.over
    scene = open_table(app, driver, game)
    moves = {
        pygame.K_RIGHT: (1, 2, 3, 4),
        pygame.K_LEFT: (5, 6, 7, 8),
        pygame.K_DOWN: (1, 2, 3, 5, 6),
    }
    to = {pygame.K_RIGHT: 4, pygame.K_LEFT: -4, pygame.K_DOWN: 1}
    # every place a stop, as with a card in hand that may go to any of them (without,
    # the keys stop only where a card can move)
    places, bar = list(scene.view.piles), list(scene.buttons)
    for key, piles in moves.items():
        for t in piles:
            scene.keys.focus = f"t{t}"
            scene.keys.handle(key, 0, places, scene.focus_rect, beyond=bar)
            assert scene.keys.focus == f"t{t + to[key]}", (pygame.key.name(key), t)


@pytest.mark.parametrize("size", [(600, 800), (768, 1024), (800, 1280)])
def test_every_place_and_the_legend_lie_in_the_play_area_standing_up(app, driver, size):
    # at 600x800 the legend of Pyramid 36 ran under the bar of buttons
    from game.rules import rulesets

    driver.resize(size)
    for ruleset in rulesets():
        scene = open_table(app, driver, Game(ruleset, deal=8))
        area = scene.view.area
        outside = [n for n, s in scene.view.layout.spots.items() if not area.contains(s.rect)]
        assert outside == [], ruleset
        assert scene.legend_drawn is None or area.contains(scene.legend_drawn), ruleset


@pytest.mark.parametrize("ruleset", ["devils-bridge", "egyptian", "pyramid36"])
def test_the_names_keep_a_word_s_gap_from_the_score_standing_up(app, driver, ruleset):
    # at 800x1280 «вне зачёта» ran into «Осталось: 102 карты · 714 очков»
    from game import i18n

    app.surface = pygame.display.set_mode((800, 1280))
    app._resized()
    i18n.set_language("ru")
    try:
        scene = open_table(app, driver, Game(ruleset, deal=20261130))
        scene.facts.assisted = True
        scene._invalidate()
        driver.frames(2)
        assert scene.hud.score_left - scene.hud.names_right >= scene.hud.text_size // 2
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(600, 1024), (768, 1024), (1080, 1920)])
@pytest.mark.parametrize("ruleset", ["egyptian", "pyramid36"])
def test_the_table_s_buttons_take_a_finger_standing_up(app, driver, size, ruleset):
    # at 600x1024 the two rows of buttons were 33 px high, with height to spare (not at
    # 600x800: see STANDING_TALL)
    driver.resize(size)
    scene = open_table(app, driver, Game(ruleset, deal=3))
    buttons = scene.hud.buttons
    assert min(b.rect.height for b in buttons) >= theme.SMALLEST_BUTTON
    assert all(scene.hud.bottom.contains(b.rect) for b in buttons)
    assert not any(a.rect.colliderect(b.rect) for a in buttons for b in buttons if a is not b)


@pytest.mark.parametrize(
    ("ruleset", "assisted", "deal"),
    [
        # the name shortens first: «Египетская (стар.)» fitted where the deal went
        ("egyptian-old", False, "Расклад\u00a0№\u00a03"),
        # then the deal: «с помощью» left no room for «Расклад № 3» (the name has no
        # shorter form)
        ("egyptian", True, "№\u00a03"),
    ],
)
def test_a_narrow_top_bar_keeps_the_deal_s_number(
    app, driver, monkeypatch, ruleset, assisted, deal
):
    # in Russian at 800x600 the deal's number gave way, and nothing on the screen told
    # which deal was played
    from game import i18n
    from game.scenes import table_hud

    driver.resize((800, 600))
    i18n.set_language("ru")
    try:
        scene = open_table(app, driver, Game(ruleset, deal=3))
        if assisted:
            scene.facts.mark_assisted("hint")
        drawn = texts_drawn(monkeypatch, table_hud)
        scene._invalidate()
        driver.frames(2)
        assert scene.hud.deal_shown == deal and deal in drawn
        assert "0:0" in scene.hud.stats_shown and "Ходов" in scene.hud.stats_shown
    finally:
        i18n.set_language("en")


def test_a_narrow_top_bar_still_says_it_is_the_deal_of_the_day(app, driver, monkeypatch):
    # in Russian at 800x600 the day's Egyptian Pyramid had no room for «Расклад дня №
    # 20261207», and its bar said nothing of the day it was played for
    from game import i18n
    from game.scenes import table_hud
    from game.store import DAILY, GameFacts
    from tests.scenes.test_table import open_table_with

    driver.resize((800, 600))
    i18n.set_language("ru")
    try:
        game = Game("egyptian", deal=20261207)
        scene = open_table_with(app, driver, game, GameFacts(mode=DAILY))
        drawn = texts_drawn(monkeypatch, table_hud)
        scene._invalidate()
        driver.frames(2)
        assert scene.hud.deal_shown.startswith("Расклад дня")
        assert any(text.startswith("Расклад дня") for text in drawn)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_results_buttons_take_a_finger_standing_up(app, driver, language):
    # at 600x1024 they were 38 px high (scaled by the width alone), the one screen of a
    # game played by touch whose buttons were under a finger's 40
    from game import i18n
    from game.scenes.menu import MenuScene
    from game.scenes.results import ResultsScene

    driver.resize((600, 1024))
    i18n.set_language(language)
    try:
        scene = open_table(app, driver, Game("egyptian", deal=0))
        driver.tap(scene.buttons["resign"].rect.center)
        driver.pause()
        driver.tap(scene.buttons["resign"].rect.center)
        driver.settle(1.5)
        results = app.scene
        assert isinstance(results, ResultsScene)
        buttons = results.pad.buttons
        assert min(b.rect.height for b in buttons) >= theme.SMALLEST_BUTTON
        assert all(results.box.contains(b.rect) for b in buttons)
        assert not any(a.rect.colliderect(b.rect) for a in buttons for b in buttons if a is not b)
        driver.tap(results.pad.get("menu").rect.center)
        driver.settle(1.0)
        assert isinstance(app.scene, MenuScene)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_search_for_a_winnable_deal_keeps_its_words_on_a_screen_standing_up(
    app, driver, monkeypatch, language
):
    # at 600x1024 the Russian note under "Looking for a deal..." ran off both edges
    from game import i18n
    from game.scenes import deal_finder
    from game.scenes.menu import MenuScene

    drawn: list[pygame.Rect] = []
    real = deal_finder.draw_text

    def recording(*args, **kwargs):
        drawn.append(real(*args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(deal_finder, "draw_text", recording)
    app.solver.close()
    app.solver = SilentSolver(running=True)  # the search stays on screen
    app.settings.winnable_only = True
    driver.resize((600, 1024))
    i18n.set_language(language)
    try:
        menu = MenuScene(app)
        app.switch(menu, fade=False)
        driver.settle(0.5)
        driver.tap(menu.pad.get("play").rect.center)
        driver.settle(1.0)
        finder = app.scene
        assert isinstance(finder, deal_finder.DealFinderScene)
        drawn.clear()
        driver.frames(1)
        window = pygame.Rect(0, 0, 600, 1024)
        assert drawn and all(window.contains(r) for r in drawn), drawn
        assert finder.cancel_button.rect.top > max(r.bottom for r in drawn)  # under the words
        driver.tap(finder.cancel_button.rect.center)
        driver.settle(1.0)
        assert isinstance(app.scene, MenuScene)
    finally:
        i18n.set_language("en")
