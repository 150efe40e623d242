"""The rules screen driven by real events: its text, scrolling, picture and way back."""

import itertools

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
    # a search's minute is said of two packs alone ("из двух колод" in Pyramid 36's)
    two_decks = ruleset_id in ("egyptian", "egyptian-old", "devils-bridge")
    verdict = verdict_text(fortune, two_decks)
    said = words(text["summary"]) + words(text["rules"]) + words(verdict)
    assert shown == said + words(keys)
    assert ("two packs" in verdict or "двумя колодами" in verdict) == two_decks
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


# -- mutants of the scrolling that went through (see the review of December 2026) --------


def swipe_up(driver, scene) -> None:
    """A quick flick of 60 px upwards in the text, lifted at once: the text glides on."""
    x, bottom = scene.text_rect.centerx, scene.text_rect.bottom - 10
    driver.drag((x, bottom - 100), (x, bottom - 160), steps=2)


def test_space_pages_down_as_pgdn_does(app, driver):
    scene = open_long_rules(app, driver)
    driver.key(pygame.K_SPACE)
    page = scene.view.height - scene.line_h
    assert scene.scroll == min(scene.max_scroll, page) > 0


def test_the_wheel_stops_a_glide_where_it_puts_the_text(app, driver):
    scene = open_long_rules(app, driver)
    swipe_up(driver, scene)
    wheel(driver, 1)  # up a little, in the middle of the glide
    there = scene.scroll
    driver.settle(2.0)
    assert scene.scroll == there


def test_a_short_swipe_glides_a_little_and_slows_to_a_stop(app, driver):
    scene = open_long_rules(app, driver)
    assert scene.max_scroll > 800  # room for a glide that never slowed to run to the end
    swipe_up(driver, scene)
    driver.settle(3.0)
    assert 60 < scene.scroll < 600  # on past the finger, but not to the end of the text
    # and it stops: the text crept on by a hair every frame, redrawn for ever
    there = scene.scroll
    driver.frames(30)
    assert scene.scroll == there and not scene.redraw


def test_end_goes_to_the_end_of_the_text_from_its_top(app, driver):
    scene = open_long_rules(app, driver)
    assert scene.max_scroll > scene.view.height  # a page down or two would not reach it
    driver.key(pygame.K_END)
    assert scene.scroll == scene.max_scroll
    driver.key(pygame.K_HOME)
    assert scene.scroll == 0


def test_f1_closes_the_rules_it_opened(app, driver):
    open_rules(app, driver)
    driver.key(pygame.K_F1)
    driver.settle(0.5)
    assert isinstance(app.scene, Marker)


def test_enter_with_no_focus_shown_goes_back(app, driver):
    open_rules(app, driver)
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert isinstance(app.scene, Marker)


def masks_asked(monkeypatch) -> list[tuple[bool, bool]]:
    """The edges the text's fade is asked for, frame by frame (top, bottom)."""
    from game.scenes import rules

    asked: list[tuple[bool, bool]] = []
    real = rules.fade_mask

    def recording(size, top, bottom):  # type: ignore[no-untyped-def]
        asked.append((top, bottom))
        return real(size, top, bottom)

    monkeypatch.setattr(rules, "fade_mask", recording)
    return asked


def test_the_text_fades_only_at_an_edge_with_more_beyond_it(app, driver, monkeypatch):
    # at the top its first line, at the end its last, read faded as if more came
    asked = masks_asked(monkeypatch)
    scene = open_long_rules(app, driver)
    scene.redraw = True
    driver.frames(1)
    assert asked[-1] == (False, True)
    driver.key(pygame.K_DOWN)
    assert asked[-1] == (True, True)
    driver.key(pygame.K_END)
    assert asked[-1] == (True, False)


def rendered_texts(monkeypatch) -> list[str]:
    """The texts the rules screen renders with its fonts, in order."""
    from game.scenes import rules

    texts: list[str] = []
    real = rules.theme.font

    class Recording:
        def __init__(self, font):  # type: ignore[no-untyped-def]
            self.font = font

        def render(self, text, *args):  # type: ignore[no-untyped-def]
            texts.append(text)
            return self.font.render(text, *args)

        def __getattr__(self, name):  # type: ignore[no-untyped-def]
            return getattr(self.font, name)

    monkeypatch.setattr(rules.theme, "font", lambda *a, **k: Recording(real(*a, **k)))
    return texts


def test_a_line_half_scrolled_off_the_top_is_still_drawn(app, driver, monkeypatch):
    # it vanished whole as soon as its top passed the edge, leaving a gap above the next
    scene = open_long_rules(app, driver)
    y, top = scene.gap_h // 2, {}
    for i, line in enumerate(scene.lines):
        y += scene.gap_h if line.gap_before else 0
        top[i] = y
        y += scene.line_h
    i = next(i for i in range(3, len(scene.lines)) if not scene.lines[i].gap_before)
    scene.scroll_to(top[i] + scene.line_h // 2)  # half of line i above the edge
    assert 0 < scene.scroll < scene.max_scroll
    texts = rendered_texts(monkeypatch)
    scene.redraw = True
    driver.frames(1)
    assert scene.lines[i].text in texts
    assert scene.lines[i - 1].text not in texts  # wholly above: not drawn


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("ruleset_id", ["egyptian", "nechego", "pyramid52"])
def test_each_line_holds_as_many_words_as_fit(app, driver, ruleset_id, language):
    # the lines after a paragraph's bold title kept the room left beside the title
    from game.ui.widgets import words_of

    scene = open_rules(app, driver, ruleset_id, language=language)
    body = theme.font(scene.text_size)
    bold = theme.font(scene.text_size, bold=True)
    width = scene.text_rect.width - 2 * scene.pad
    for line, following in itertools.pairwise(scene.lines):
        if following.gap_before:  # the paragraph's last line
            continue
        room = width - (bold.size(line.lead + " ")[0] if line.lead else 0)
        word = words_of(following.text)[0]  # "с картой" is one word: it never breaks
        assert body.size(f"{line.text} {word}")[0] > room, (line.full, word)


def test_a_press_on_back_let_go_away_from_it_does_nothing(app, driver):
    # a press changed into a swipe, a finger that thought better of it
    scene = open_rules(app, driver)
    back = scene.back_button.rect
    driver.mouse(pygame.MOUSEBUTTONDOWN, back.center)
    assert scene.back_button.pressed
    away = scene.text_rect.center
    driver.mouse(pygame.MOUSEMOTION, away)
    driver.mouse(pygame.MOUSEBUTTONUP, away)
    driver.settle(0.5)
    assert app.scene is scene and not scene.back_button.pressed


def test_the_scroll_bar_s_thumb_follows_the_text(app, driver):
    scene = open_long_rules(app, driver)
    r, width = scene.text_rect, max(4, scene.text_size // 3)
    x = r.right - width  # the middle of the bar
    top, bottom = (x, r.y + width + 2), (x, r.bottom - width - 3)
    surface = app.surface
    assert surface.get_at(top)[:3] == theme.INK_DIM  # the thumb at the top
    assert surface.get_at(bottom)[:3] == theme.FELT_DARK
    driver.key(pygame.K_END)
    assert surface.get_at(top)[:3] == theme.FELT_DARK
    assert surface.get_at(bottom)[:3] == theme.INK_DIM  # at the foot


def test_a_picture_with_no_notes_under_it_fills_its_column(app, driver):
    # half the column was kept for notes that had nothing to say
    scene = open_rules(app, driver, "egyptian-old")
    assert scene.notes.height(scene.notes.rect.width) == 0
    assert scene.picture.rect.width >= scene.notes.rect.width - 1


def test_at_the_end_the_last_line_is_wholly_in_sight(app, driver):
    # scrolled to its end, the text's last line was cut by the panel's edge
    scene = open_long_rules(app, driver)
    driver.key(pygame.K_END)
    y = scene.gap_h // 2 - int(scene.scroll)
    for line in scene.lines:
        y += (scene.gap_h if line.gap_before else 0) + scene.line_h
    assert y <= scene.view.height  # the last line's foot


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_label_stays_in_the_picture_at_every_size(app, driver, size, language):
    # the frame was tried only at 1280x800: at 800x600 "Reserve" could lie off it
    driver.resize(size)
    for ruleset_id in RULESET_IDS:
        picture = open_rules(app, driver, ruleset_id, language=language).picture
        for callout in picture.callouts:
            assert picture.rect.contains(callout.label), (ruleset_id, callout.text)


@pytest.mark.parametrize("size", [(800, 1000), (1920, 1080)])
def test_each_label_stands_beside_the_area_it_names(app, driver, size):
    # a label is read as its nearest area's name: "Foundations" by the piles said wrong
    driver.resize(size)
    for ruleset_id in RULESET_IDS:
        picture = open_rules(app, driver, ruleset_id).picture
        for callout in picture.callouts:
            label = callout.label

            def apart(m: pygame.Rect, label: pygame.Rect = label) -> float:
                dx = max(m.left - label.right, label.left - m.right, 0)
                dy = max(m.top - label.bottom, label.top - m.bottom, 0)
                return float((dx * dx + dy * dy) ** 0.5)

            near = min(apart(m) for m in callout.members)
            assert near <= 3 * picture.label_size, (ruleset_id, callout.text, near)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1080, 1920)])
@pytest.mark.parametrize("ruleset_id", ["pyramid36", "pyramid52"])
def test_the_pyramid_is_named_over_its_apex(app, driver, size, ruleset_id):
    # its label went under the pyramid's widest row, or beside a card of it, where it
    # read as the stock's or the reserve's
    driver.resize(size)
    picture = open_rules(app, driver, ruleset_id).picture
    pyramid = next(c for c in picture.callouts if c.area == "p")
    apex = min(pyramid.members, key=lambda r: (r.y, r.x))
    assert pyramid.label.bottom <= apex.top
    assert abs(pyramid.label.centerx - apex.centerx) <= 1


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_the_picture_s_deal_is_a_little_way_in(ruleset_id):
    # "piles fan and foundations fill": a bare deal showed empty foundations and an empty
    # waste, nothing of how the game goes on
    from game.scenes.rules_picture import sample_game

    game = sample_game(rulesets()[ruleset_id], None)
    assert game.pile("w"), "a card on the waste (the reserve)"
    if not game.pairs_cards:
        assert any(game.pile(name) for name in game.pile_names if name.startswith("f"))


@pytest.mark.parametrize("ruleset_id", ["pyramid36", "pyramid52"])
def test_the_pyramid_s_outline_is_narrow_at_its_apex(app, driver, ruleset_id):
    picture = open_rules(app, driver, ruleset_id).picture
    pyramid = next(c for c in picture.callouts if c.area == "p")
    apex = min(pyramid.members, key=lambda r: (r.y, r.x))
    w = max(2, picture.label_size // 7)
    ox, oy = picture.rect.topleft
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = picture._pyramid_outline(pyramid)
    assert (x0, y0) == (apex.left - w - ox, apex.top - w - oy)  # round the apex card
    assert (x1, y1) == (apex.right + w - ox, apex.top - w - oy)
    widest = max(r.right for r in pyramid.members) - min(r.left for r in pyramid.members)
    assert y2 == y3 > y0 and x2 - x3 == widest + 2 * w  # its widest row below


@pytest.mark.parametrize("ruleset_id", ["pyramid36", "nechego"])
def test_the_notes_panel_has_room_under_its_last_line(app, driver, ruleset_id):
    # the panel behind the notes ended at their last line's foot, with room above its
    # first line and none below its last
    class Recording(pygame.Surface):
        def __init__(self, size):  # type: ignore[no-untyped-def]
            super().__init__(size)
            self.drawn_at: list[pygame.Rect] = []

        def blit(self, source, dest, *args, **kwargs):  # type: ignore[no-untyped-def]
            self.drawn_at.append(pygame.Rect(dest[:2], source.get_size()))
            return super().blit(source, dest, *args, **kwargs)

    scene = open_rules(app, driver, ruleset_id, {} if ruleset_id == "nechego" else None)
    notes = scene.notes
    surface = Recording(app.size)
    notes.draw(surface)
    panel, *drawn = surface.drawn_at
    assert panel.topleft == notes.rect.topleft and drawn
    above = min(r.top for r in drawn) - panel.top
    assert above > 0 and panel.bottom - max(r.bottom for r in drawn) >= above
