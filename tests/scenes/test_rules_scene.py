"""The rules screen driven by real events: its text, scrolling, picture and way back."""

import pygame
import pytest

from game import i18n
from game.app import App
from game.clock import ManualClock
from game.rules import rulesets
from game.scenes.base import Scene
from game.scenes.rules import RulesScene, keys_text, verdict_text
from game.ui import theme

RULESET_IDS = list(rulesets())


class Marker(Scene):
    """Where "back" leads in these tests."""


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def open_rules(app, driver, ruleset_id="egyptian", options=None, language="en") -> RulesScene:
    app.settings.language = language
    app.apply_settings()
    scene = RulesScene(app, ruleset_id, options, back=lambda: Marker(app))
    app.switch(scene, fade=False)
    driver.frames(1)
    return scene


def open_long_rules(app, driver) -> RulesScene:
    """A text longer than the window, so that it scrolls."""
    driver.resize((800, 600))
    scene = open_rules(app, driver, "egyptian", language="ru")
    assert scene.max_scroll > 0
    return scene


def words(text: str) -> list[str]:
    return text.split()


def wheel(driver, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, precise_x=0.0, precise_y=y))
    driver.frames(1)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_shows_the_ruleset_text_in_the_language(app, driver, ruleset_id, language):
    scene = open_rules(app, driver, ruleset_id, language=language)
    text = rulesets()[ruleset_id].text[language]
    shown = [w for line in scene.wrapped_lines() for w in words(line)]
    # the ruleset's text, what the top bar's verdict says, then the table's keys
    keys = keys_text(rulesets()[ruleset_id].family == "pyramid")
    fortune = rulesets()[ruleset_id].tells_fortune  # whose verdict a wish keeps
    said = words(text["summary"]) + words(text["rules"]) + words(verdict_text(fortune))
    assert shown == said + words(keys)
    # a pyramid's Enter picks a card, then its pair: nothing is put down
    assert ("puts it down" in keys or "кладёт" in keys) == (
        ruleset_id not in ("pyramid36", "pyramid52")
    )
    assert i18n.localized(scene.ruleset.name) == rulesets()[ruleset_id].name[language]
    kept = "the bar keeps the verdict" in verdict_text(fortune) or "держит вердикт" in (
        verdict_text(fortune)
    )
    assert kept == (ruleset_id == "sbudetsya")


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_lines_fit_the_text_column(app, driver, ruleset_id):
    scene = open_rules(app, driver, ruleset_id)
    font = theme.font(scene.text_size)
    bold = theme.font(scene.text_size, bold=True)
    for line in scene.lines:
        width = bold.size(line.lead + " ")[0] if line.lead else 0
        width += font.size(line.text)[0]
        assert width <= scene.text_rect.width - 2 * scene.pad, line.full


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_no_line_opens_with_a_dash(app, driver, size):
    # the Russian keys broke "F — собрать" into "… F" and "— собрать …"
    driver.resize(size)
    for ruleset_id in rulesets():
        scene = open_rules(app, driver, ruleset_id, language="ru")
        assert scene.lines
        for line in scene.lines:
            assert not line.full.startswith(("—", "–")), (ruleset_id, line.full)


def test_paragraph_titles_are_set_apart(app, driver):
    scene = open_rules(app, driver, "egyptian")
    assert [line.lead for line in scene.lines if line.lead] == [
        "Foundations.",
        "Piles.",
        "Gaps.",
        "Stock.",
        "Playing.",
        "The verdict.",
        "Keys.",
    ]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_the_rules_say_how_cards_are_played_with_mouse_or_finger(app, driver, ruleset_id, language):
    # the keys were told, the mouse nowhere: a newcomer had to find the double click,
    # and in the pyramids that a stock card which pairs needs a second click to turn;
    # and in words a finger on a kiosk's screen takes as its own ("нажмите", not
    # "щёлкните")
    scene = open_rules(app, driver, ruleset_id, language=language)
    lead = {"en": "Playing.", "ru": "Как играть."}[language]
    starts = [i for i, line in enumerate(scene.lines) if line.lead == lead]
    assert len(starts) == 1
    paragraph = [scene.lines[starts[0]].text]
    for line in scene.lines[starts[0] + 1 :]:
        if line.lead:
            break
        paragraph.append(line.text)
    text = " ".join(paragraph)
    press = {"en": "click or tap", "ru": "нажатие"}[language]
    assert press in text.lower() and "щёлк" not in text.lower() and "щелч" not in text.lower()
    if rulesets()[ruleset_id].family == "pyramid":
        assert {"en": "second", "ru": "второе"}[language] in text
    else:
        assert {"en": "double click or tap", "ru": "двойное нажатие"}[language] in text.lower()


def test_wheel_scrolls_and_stops_at_the_end(app, driver):
    scene = open_long_rules(app, driver)
    wheel(driver, -1)
    assert scene.scroll > 0
    for _ in range(60):
        wheel(driver, -3)
    assert scene.scroll == scene.max_scroll
    wheel(driver, 2)
    assert 0 < scene.scroll < scene.max_scroll
    for _ in range(60):
        wheel(driver, 3)
    assert scene.scroll == 0


def test_keys_scroll_within_bounds(app, driver):
    scene = open_long_rules(app, driver)
    driver.key(pygame.K_UP)
    assert scene.scroll == 0
    driver.key(pygame.K_DOWN)
    assert scene.scroll == scene.line_h
    driver.key(pygame.K_PAGEDOWN)
    assert scene.scroll == min(scene.max_scroll, scene.line_h + scene.view.height - scene.line_h)
    for _ in range(20):
        driver.key(pygame.K_PAGEDOWN)
    assert scene.scroll == scene.max_scroll
    driver.key(pygame.K_PAGEUP)
    assert scene.scroll < scene.max_scroll
    driver.key(pygame.K_END)
    assert scene.scroll == scene.max_scroll
    driver.key(pygame.K_HOME)
    assert scene.scroll == 0


def pointer(driver, kind, pos):
    held = {"buttons": (1, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
    pygame.event.post(pygame.event.Event(kind, pos=pos, touch=False, **held))
    driver.frames(1)


def test_drag_scrolls_the_text(app, driver):
    scene = open_long_rules(app, driver)
    x, y = scene.text_rect.center
    pointer(driver, pygame.MOUSEBUTTONDOWN, (x, y + 60))
    pointer(driver, pygame.MOUSEMOTION, (x, y + 30))
    pointer(driver, pygame.MOUSEMOTION, (x, y))
    assert scene.scroll == 60
    driver.frames(30)  # the pointer rests, then lifts: the text stays where it was put
    pointer(driver, pygame.MOUSEBUTTONUP, (x, y))
    driver.settle(1.0)
    assert scene.scroll == 60


def test_a_swipe_glides_on_but_never_past_the_end(app, driver):
    scene = open_long_rules(app, driver)
    x = scene.text_rect.centerx
    top, bottom = scene.text_rect.top + 10, scene.text_rect.bottom - 10
    driver.drag((x, bottom - 100), (x, bottom - 160), steps=2)
    assert scene.scroll > 60  # it went on after the finger lifted
    for _ in range(3):
        driver.drag((x, bottom), (x, top), steps=2)
    driver.settle(2.0)
    assert scene.scroll == scene.max_scroll
    for _ in range(3):
        driver.drag((x, top), (x, bottom), steps=2)
    driver.settle(2.0)
    assert scene.scroll == 0


def test_text_that_fits_does_not_scroll(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    # every ruleset's text (with how to play) runs past a 4K screen: a short one
    monkeypatch.setitem(rulesets()["pyramid36"].text["en"], "rules", "Remove pairs worth 19.")
    app_big = App(size=(3840, 2160), clock=ManualClock())
    scene = RulesScene(app_big, "pyramid36", back=lambda: Marker(app_big))
    app_big.switch(scene, fade=False)
    assert scene.max_scroll == 0
    assert scene.scroll_hint() == "Esc: back"  # nothing to scroll: no word of scrolling
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, precise_y=-3.0))
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0))
    assert scene.scroll == 0


def test_escape_goes_back(app, driver):
    open_rules(app, driver)
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    assert isinstance(app.scene, Marker)


def test_back_button_goes_back(app, driver):
    scene = open_rules(app, driver, language="ru")
    assert scene.back_button.label == i18n._("Back") != "Back"
    driver.click(scene.back_button.rect.center)
    driver.settle(0.5)
    assert isinstance(app.scene, Marker)


def test_without_a_way_back_it_goes_to_the_menu(app, driver):
    menu = pytest.importorskip("game.scenes.menu")
    app.switch(RulesScene(app, "nechego"), fade=False)
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    assert isinstance(app.scene, menu.MenuScene)


@pytest.mark.parametrize(
    ("ruleset_id", "areas"),
    [
        ("egyptian", {"Foundations", "Piles", "Stock", "Waste"}),
        ("devils-bridge", {"Foundations", "Piles", "Stock", "Waste"}),
        ("nechego", {"Foundations", "Piles", "Stock", "Waste"}),
        ("pyramid52", {"Pyramid", "Stock", "Reserve"}),
    ],
)
def test_picture_names_every_area_inside_the_frame(app, driver, ruleset_id, areas):
    scene = open_rules(app, driver, ruleset_id)
    picture = scene.picture
    assert {c.text for c in picture.callouts} == areas
    labels = [c.label for c in picture.callouts]
    for label in labels:
        assert picture.rect.contains(label)
    for i, a in enumerate(labels):
        assert all(not a.colliderect(b) for b in labels[i + 1 :])


def test_picture_labels_are_translated(app, driver):
    scene = open_rules(app, driver, "pyramid36", language="ru")
    texts = {c.text for c in scene.picture.callouts}
    assert texts == {i18n._("Pyramid"), i18n._("Stock"), i18n._("Reserve")}
    assert "Pyramid" not in texts


def test_options_of_the_game_are_listed(app, driver):
    scene = open_rules(app, driver, "nechego", {"cards": 32, "piles": 10}, language="ru")
    lines = scene.notes.texts()
    assert "Число карт: 32" in lines  # "Число карт: 32 карты" said карт twice
    assert "Стопки: 10" in lines
    assert sum(name.startswith("t") for name in scene.game.pile_names) == 10


def test_rules_read_before_choosing_list_every_choice(app, driver):
    scene = open_rules(app, driver, "nechego", language="ru")
    lines = scene.notes.texts()
    assert "Варианты (первый — по\u00a0умолчанию)" in lines
    assert "Стопки: 8, 9, 10" in lines and "Число карт: 36, 32" in lines
    assert "Выбранные варианты правил" not in lines
    # the old rules have no options: no heading over nothing
    scene = open_rules(app, driver, "egyptian-old")
    assert not [line for line in scene.notes.texts() if line.startswith("Options")]


def test_pyramid_legend_gives_values_and_pair_sum(app, driver):
    scene = open_rules(app, driver, "pyramid36")
    lines = scene.notes.texts()
    assert "Pairs add up to 19" in lines
    assert "A King goes alone" in lines
    assert "6–10 at face value" in lines
    assert scene.notes.values() == [("A", 11), ("J", 12), ("Q", 13), ("K", 19)]
    # in words beside each little card, which at 800x600 is too small to read
    assert {"A = 11", "J = 12", "Q = 13", "K = 19"} <= set(lines)


def test_the_legend_s_little_courts_are_drawn_with_large_corners(app, driver, monkeypatch):
    # at 800x600 the standard layout left a court's picture a sliver five pixels wide
    # beside an index too small to read: a red stripe for J, Q and K alike
    from game.render.face_layout import FaceLayout
    from game.scenes import rules_picture

    asked: list[tuple[int, bool]] = []
    real = rules_picture.card_art

    def recording(width, *args, large=False):  # type: ignore[no-untyped-def]
        asked.append((width, large))
        return real(width, *args, large=large)

    monkeypatch.setattr(rules_picture, "card_art", recording)
    driver.resize((800, 600))
    app.settings.large_corners = False
    open_rules(app, driver, "pyramid36", language="ru")
    driver.frames(1)
    assert asked and all(large for _width, large in asked)
    width = asked[-1][0]
    standard, large = FaceLayout.for_width(width), FaceLayout.for_width(width, True)
    assert standard.court_frame.width < width / 4 < width / 2 < large.court_frame.width
    assert large.index_rank_height > standard.index_rank_height


@pytest.mark.parametrize("size", [(800, 600), (800, 1000), (1280, 800), (3840, 2160)])
@pytest.mark.parametrize("ruleset_id", ["egyptian", "nechego", "pyramid52"])
def test_nothing_is_off_screen(size, ruleset_id, tmp_path, monkeypatch):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    scene = RulesScene(app, ruleset_id, back=lambda: Marker(app))
    app.switch(scene, fade=False)
    app.clock.advance(1 / 60)
    app.frame()
    window = pygame.Rect((0, 0), app.size)
    for rect in (scene.back_button.rect, scene.text_rect, scene.picture.rect, scene.notes.rect):
        assert window.contains(rect), rect
    assert not scene.text_rect.colliderect(scene.picture.rect)
    assert not scene.text_rect.colliderect(scene.back_button.rect)
    assert scene.notes.height(scene.notes.rect.width) <= scene.notes.rect.height
    assert scene.back_button.rect.height >= 40  # a finger can hit it


@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 800), (1080, 1920)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_picture_s_labels_hide_no_card(app, driver, size, language):
    # the waste's label lay on a pile in Sbudetsya and От нечего делать, the reserve's on
    # the pyramid of 36 cards
    driver.resize(size)
    for ruleset_id in RULESET_IDS:
        scene = open_rules(app, driver, ruleset_id, language=language)
        picture = scene.picture
        # with the outline drawn round each card: "Piles" lay on a King's lower edge
        outline = max(2, picture.label_size // 7)
        shown = [c.inflate(2 * outline, 2 * outline) for c in picture.cards]
        for callout in picture.callouts:
            assert callout.label.collidelist(shown) == -1, (ruleset_id, callout.text)
            # nor a count beside one (the Stock label lay on the stock's, Pyramid 36)
            assert callout.label.collidelist(picture.counts) == -1, (ruleset_id, callout.text)
        # and two labels stand apart, each read as one ("Stock" and "Waste" touched)
        labels = [c.label for c in picture.callouts]
        for i, a in enumerate(labels):
            near = a.inflate(2 * outline, 2 * outline)
            assert near.collidelist(labels[i + 1 :]) == -1, (ruleset_id, size, language)


def test_an_arcade_level_s_rules_open_with_the_run_s(app, driver):
    # the run's rules (lives, the table, what help costs) were a banner's for 10 s, or
    # nobody's once a hint's question covered it; F1 gave the patience's alone
    from game.ladder import load_ladder
    from game.scenes.arcade import continue_or_start, level_name

    continue_or_start(app)
    driver.settle(1.0)
    table = app.scene
    driver.key(pygame.K_F1)
    driver.settle(0.6)
    rules = app.scene
    assert isinstance(rules, RulesScene)
    text = " ".join(rules.wrapped_lines())
    ladder = load_ladder()
    assert text.startswith(f"Arcade. A run climbs {len(ladder.levels)} levels")
    assert level_name(ladder, len(ladder.levels) - 1) in text
    assert f"It starts with {ladder.lives} lives." in text
    assert "keeps the whole run out of the table" in text
    help_at = next(i for i, line in enumerate(rules.lines) if line.lead == "Help.")
    assert help_at < next(i for i, line in enumerate(rules.lines) if line.style == "summary")
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    assert app.scene is table
    # a free game's rules are the patience's alone
    free = open_rules(app, driver, table.game.ruleset.id, dict(table.game.options))
    assert not any("Arcade." in line for line in free.wrapped_lines())


def test_a_swipe_that_lifts_over_back_leaves_it_unlit(app, driver):
    # a finger hovers nothing: Back stayed lit after the finger had gone
    scene = open_long_rules(app, driver)
    x, y = scene.text_rect.center
    back = scene.back_button.rect.center
    driver.finger(pygame.FINGERDOWN, (x, y))
    driver.finger(pygame.FINGERMOTION, (x, y - 40))
    driver.finger(pygame.FINGERMOTION, back)
    driver.finger(pygame.FINGERUP, back)
    assert not scene.back_button.hot


def test_a_press_beside_play_and_back_goes_to_the_nearer_button(app, driver):
    # Play came first in the list and took every press within 8 px of it: a kiosk's
    # passer-by pressing the edge of Back dealt a new game
    played = []
    driver.resize((800, 600))
    scene = RulesScene(
        app, "pyramid36", None, back=lambda: Marker(app), play=lambda: played.append(1)
    )
    app.switch(scene, fade=False)
    driver.frames(1)
    play, back = scene.buttons
    gap = back.rect.left - play.rect.right
    assert 2 <= gap <= 8
    driver.tap((back.rect.left - 1, back.rect.centery))
    driver.settle(0.5)
    assert not played and isinstance(app.scene, Marker)


def test_a_button_held_as_the_window_loses_its_focus_is_let_go(app, driver):
    # it stayed pressed, and a swipe of the text that lifted over it later pressed it
    played = []
    scene = RulesScene(
        app, "pyramid36", None, back=lambda: Marker(app), play=lambda: played.append(1)
    )
    app.switch(scene, fade=False)
    driver.frames(1)
    play = scene.buttons[0]
    driver.finger(pygame.FINGERDOWN, play.rect.center)
    assert play.pressed
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert not play.pressed
    driver.finger(pygame.FINGERDOWN, scene.text_rect.center, finger_id=2)
    driver.finger(pygame.FINGERMOTION, play.rect.center, finger_id=2)
    driver.finger(pygame.FINGERUP, play.rect.center, finger_id=2)
    driver.settle(0.5)
    assert not played


def test_tab_goes_along_the_buttons_and_enter_presses_the_one_shown(app, driver):
    # every second Tab hid the focus, and Play, beside Back, could not take it
    played = []
    scene = RulesScene(app, "nechego", back=lambda: Marker(app), play=lambda: played.append(1))
    app.switch(scene, fade=False)
    driver.settle(0.3)
    play, back = scene.buttons
    driver.key(pygame.K_TAB)
    assert back.focused and not play.focused  # Back first, as Enter alone goes back
    driver.key(pygame.K_TAB)
    assert play.focused and not back.focused
    driver.key(pygame.K_TAB)
    assert back.focused  # and round, never none
    driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert play.focused
    driver.key(pygame.K_RETURN)
    assert played == [1]


def test_tab_keeps_the_focus_on_a_lone_back(app, driver):
    scene = open_rules(app, driver)
    for _ in range(3):
        driver.key(pygame.K_TAB)
        assert scene.back_button.focused
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert isinstance(app.scene, Marker)


def test_a_resize_puts_out_the_button_the_mouse_had_lit(app, driver):
    # Back moved with the window's size and stayed lit away from the pointer
    scene = open_rules(app, driver)
    back = scene.back_button
    driver.hover(back.rect.center)
    assert back.hot
    driver.resize((1920, 1080))
    driver.frames(1)
    assert not back.hot
