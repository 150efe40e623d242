"""The start screen driven by real clicks, taps and keys: what it asks the table to play."""

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game import i18n
from game.app import App
from game.clock import ManualClock
from game.render.preview import preview
from game.rules import rulesets
from game.scenes.menu import QUIT_ASK_S, MenuScene
from game.ui import theme
from tests.scenes.driver import Driver

pytestmark = pytest.mark.usefixtures("english")


def open_menu(app, driver) -> MenuScene:
    scene = MenuScene(app)
    app.switch(scene, fade=False)
    driver.frames(1)
    return scene


def todays_deal_given_up(app) -> None:
    """Pyramid 36's deal of the day played for its table, to its end: given up."""
    from game.rules import Game
    from game.store import DAILY, GameFacts
    from game.store.daily import today_deal

    played = Game("pyramid36", deal=today_deal())
    played.play(next(iter(played.legal_moves)))
    played.play("resign")
    app.records.save_game(played, GameFacts(mode=DAILY))


@contextmanager
def menu_in(app, driver, language: str, size: tuple[int, int]) -> Iterator[MenuScene]:
    """The menu in `language` at `size`, drawn once; English again afterwards."""
    driver.resize(size)
    app.settings.language = language
    app.apply_settings()
    try:
        scene = open_menu(app, driver)
        driver.frames(1)
        yield scene
    finally:
        i18n.set_language("en")


@contextmanager
def crowded_menu(app, driver, language: str, size: tuple[int, int]) -> Iterator[MenuScene]:
    """The menu at its most crowded: a game left in play (Continue's bar) and a notice
    two lines long over the panel of От нечего делать's four options chosen, in
    `language` at `size` (see menu_in)."""
    from game.notices import Notice

    leave_a_game(app)
    app.notices.append(Notice(lambda: "A notice long enough to take two lines. " * 3))
    with menu_in(app, driver, language, size) as scene:
        scene.select("nechego")
        driver.frames(1)
        yield scene


def tab_to(driver, scene, key: str) -> None:
    """Tab until the focus ring is on the button `key` (a row's choice: its chosen one)."""
    for _ in range(60):
        driver.key(pygame.K_TAB)
        if scene.pad.focus_key == key:
            return
    raise AssertionError(f"Tab never reached {key}")


def leave_a_game(app, ruleset: str = "pyramid52") -> None:
    """A game of `ruleset` left in play after one move: Continue offers it."""
    from game.rules import Game
    from game.store import GameFacts

    left = Game(ruleset, deal=8)
    left.play("st>w")
    app.records.save_game(left, GameFacts(seconds=40))


def asked_by_enter(app, driver) -> MenuScene:
    """Pyramid 52 with a game left in play, the focus ring Tabbed to Arcade, a deal
    typed and Enter pressed: Play's question asked."""
    leave_a_game(app)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    tab_to(driver, scene, "arcade")
    for key in (pygame.K_4, pygame.K_2, pygame.K_RETURN):
        driver.key(key)
    assert scene.started is None and scene.play_asked > 0
    return scene


def click(driver, scene, key: str) -> None:
    driver.click(scene.pad.get(key).rect.center)


def on_table(driver, app, game) -> None:
    """After Play, the table scene comes up with exactly that game."""
    table = pytest.importorskip("game.scenes.table")
    driver.settle(0.6)
    assert isinstance(app.scene, table.TableScene)
    assert app.scene.game is game


def test_the_first_ruleset_is_chosen_with_its_defaults(app, driver):
    scene = open_menu(app, driver)
    first = next(iter(rulesets().values()))
    assert scene.ruleset.id == first.id
    assert scene.options == first.defaults()
    assert [c.key for c in scene.cards] == ["ruleset:" + r for r in rulesets()]


def test_clicking_a_ruleset_card_selects_it(app, driver):
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    assert scene.ruleset.id == "pyramid36"
    assert scene.pad.get("ruleset:pyramid36").selected
    assert not scene.pad.get("ruleset:egyptian").selected
    # the panel now offers that ruleset's options
    assert scene.pad.get("option:passes=3") is not None
    assert scene.pad.get("option:draw=1") is None


def test_a_tap_selects_a_card_too(app, driver):
    scene = open_menu(app, driver)
    driver.tap(scene.pad.get("ruleset:sbudetsya").rect.center)
    assert scene.ruleset.id == "sbudetsya"


def test_a_thumb_resting_on_the_menu_s_edge_lets_a_tap_choose(app, driver):
    # SDL counting the thumb down, every tap of the other hand was dropped for 10 s
    app.pointer.finger_down = lambda touch_id, finger_id: True
    scene = open_menu(app, driver)
    w, h = app.size
    driver.finger(pygame.FINGERDOWN, (w - 2, h // 2), finger_id=7)
    driver.tap(scene.pad.get("ruleset:sbudetsya").rect.center)
    assert scene.ruleset.id == "sbudetsya"


def test_option_toggles_change_the_game_that_is_played(app, driver):
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:nechego")
    click(driver, scene, "option:piles=10")
    click(driver, scene, "option:cards=32")
    click(driver, scene, "option:to_piles=none")
    assert scene.pad.get("option:piles=10").selected
    assert not scene.pad.get("option:piles=8").selected
    click(driver, scene, "play")
    game = scene.started
    assert game is not None and game.ruleset.id == "nechego"
    assert game.options == {"cards": 32, "piles": 10, "passes": 1, "to_piles": "none"}
    assert game.rules.piles == 10 and len(game.deck) == 32
    on_table(driver, app, game)


def test_typing_a_deal_number_deals_it(app, driver):
    scene = open_menu(app, driver)
    for key in (pygame.K_1, pygame.K_2, pygame.K_KP3, pygame.K_9):
        driver.key(key)
    driver.key(pygame.K_BACKSPACE)
    assert scene.deal_text == "123"
    click(driver, scene, "play")
    assert scene.started.deal_number == 123
    assert scene.started.ruleset.id == "egyptian"
    on_table(driver, app, scene.started)


def test_a_digit_past_the_field_s_last_is_refused_where_it_can_be_seen(app, driver):
    # the only sign was the "refused" sound, unheard with the sound off
    from game.ui import theme

    scene = open_menu(app, driver)
    for key in [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5] * 2:
        driver.key(key)
    driver.frames(1)
    edge = (scene.deal_field.x, scene.deal_field.centery)
    assert tuple(app.surface.get_at(edge))[:3] == theme.BUTTON_EDGE
    driver.key(pygame.K_6)
    driver.frames(1)
    assert scene.deal_text == "1234512345"
    assert tuple(app.surface.get_at(edge))[:3] == theme.WARN
    told = scene.deal_field.inflate(-8, -8)
    assert any(
        tuple(app.surface.get_at((x, y)))[:3] == theme.WARN
        for x in range(told.centerx, told.right)
        for y in range(told.top, told.bottom)
    ), "the words beside the digits"
    driver.settle(2.0)
    assert tuple(app.surface.get_at(edge))[:3] == theme.BUTTON_EDGE
    driver.key(pygame.K_7)
    driver.key(pygame.K_BACKSPACE)  # a digit taken away: the field is full no longer
    driver.frames(1)
    assert tuple(app.surface.get_at(edge))[:3] == theme.BUTTON_EDGE


@pytest.mark.parametrize(("ruleset", "shows_it"), [("pyramid52", True), ("sbudetsya", False)])
def test_the_picture_shows_the_deal_typed_but_not_a_fortune_s(app, driver, ruleset, shows_it):
    # the picture stayed deal 0 while deal 19826458 was typed beside it, and was taken
    # for it; a fortune's cards are laid out only after the wish
    scene = open_menu(app, driver)
    scene.select(ruleset)
    driver.frames(1)
    before = pygame.image.tobytes(app.surface.subsurface(scene.preview_rect), "RGB")
    for key in (pygame.K_4, pygame.K_2):
        driver.key(key)
    driver.frames(1)
    assert scene.previewed_deal() == (42 if shows_it else 0)
    after = pygame.image.tobytes(app.surface.subsurface(scene.preview_rect), "RGB")
    assert (after != before) == shows_it


@pytest.mark.parametrize(("ruleset", "typed"), [("pyramid52", True), ("sbudetsya", False)])
def test_a_picture_of_no_deal_to_come_says_it_is_an_example(
    app, driver, monkeypatch, ruleset, typed
):
    # with the number random, deal 0 was shown, and taken for the deal Play would deal
    from game.scenes import menu_panel
    from tests.scenes.driver import texts_drawn

    drawn = texts_drawn(monkeypatch, menu_panel)
    scene = open_menu(app, driver)
    scene.select(ruleset)
    scene.repaint()
    driver.frames(1)
    assert "Example" in drawn
    for key in (pygame.K_4, pygame.K_2):
        driver.key(key)
    drawn.clear()
    scene.repaint()
    driver.frames(1)
    assert ("Example" in drawn) != typed  # a fortune's is laid out only after the wish
    assert drawn  # the frame was drawn


def test_a_typed_deal_number_waits_while_the_rules_are_read(app, driver):
    scene = open_menu(app, driver)
    for key in (pygame.K_4, pygame.K_7, pygame.K_1, pygame.K_1):
        driver.key(key)
    click(driver, scene, "rules")
    driver.settle(0.6)
    driver.key(pygame.K_ESCAPE)  # back from the rules: a new menu
    driver.settle(0.6)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu is not scene and menu.deal_text == "4711"
    click(driver, menu, "play")
    assert menu.started.deal_number == 4711
    on_table(driver, app, menu.started)
    assert MenuScene(app).deal_text == ""  # the game started with it: the field is clear


def test_random_clears_the_deal_number_and_deals_at_random(app, driver):
    scene = open_menu(app, driver)
    assert not scene.pad.get("clear").enabled  # nothing typed yet
    driver.key(pygame.K_7)
    assert scene.pad.get("clear").enabled
    click(driver, scene, "clear")
    assert scene.deal_text == "" and scene.deal is None
    deals = set()
    for _ in range(3):
        scene.play()
        deals.add(scene.started.deal_number)
    assert len(deals) > 1 and all(0 <= d < 10**9 for d in deals)


def test_keyboard_alone_chooses_a_ruleset_and_plays(app, driver):
    scene = open_menu(app, driver)
    driver.key(pygame.K_DOWN)  # the first arrow shows the focus ring where it is
    assert scene.pad.show_focus and scene.pad.focus_key == "ruleset:egyptian"
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert scene.pad.focus_key == "ruleset:devils-bridge"
    driver.key(pygame.K_RETURN)
    assert scene.ruleset.id == "devils-bridge"
    driver.key(pygame.K_RIGHT)
    assert scene.pad.focus_key.startswith("option:")
    for _ in range(12):
        if scene.pad.focus_key == "play":
            break
        driver.key(pygame.K_DOWN if scene.pad.focus_key.startswith("option") else pygame.K_RIGHT)
    assert scene.pad.focus_key == "play"
    driver.key(pygame.K_RETURN)
    assert scene.started is not None and scene.started.ruleset.id == "devils-bridge"


def test_enter_on_the_patience_chosen_plays_it_and_f1_shows_its_rules(app, driver):
    # Enter chose it again and did nothing else: Play was fifteen Tabs away; F1, the
    # rules key on the table, did nothing here
    from game.scenes.rules import RulesScene

    scene = open_menu(app, driver)
    for _ in range(3):
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)  # chosen
    assert scene.ruleset.id == "devils-bridge" and scene.started is None
    driver.key(pygame.K_F1)
    driver.settle(0.5)
    assert isinstance(app.scene, RulesScene) and app.scene.ruleset.id == "devils-bridge"
    notes = app.scene.notes.texts()  # the options chosen for the game about to start
    assert "Options in this game" in notes and "Stock turns: one card" in notes
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    scene = app.scene  # back, the ring on the patience chosen
    assert scene.pad.show_focus and scene.pad.focus_key == "ruleset:devils-bridge"
    driver.key(pygame.K_RETURN)  # played
    assert scene.started is not None and scene.started.ruleset.id == "devils-bridge"


def test_f1_on_a_patience_ringed_but_not_chosen_shows_its_rules(app, driver):
    # it showed the chosen one's: a player asking "what is this one?" got another's
    from game.scenes.rules import RulesScene

    scene = open_menu(app, driver)
    for _ in range(3):
        driver.key(pygame.K_DOWN)
    assert scene.pad.focus_key == "ruleset:devils-bridge" and scene.ruleset.id == "egyptian"
    driver.key(pygame.K_F1)
    driver.settle(0.5)
    assert isinstance(app.scene, RulesScene) and app.scene.ruleset.id == "devils-bridge"
    # no game of it is chosen: its options with every choice, not "in this game"
    notes = app.scene.notes.texts()
    assert "Options in this game" not in notes
    assert "Options (the first is the default)" in notes
    assert "Stock turns: one card, three cards" in notes
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    back = app.scene  # the choice is as it was, the ring where it was left
    assert back.ruleset.id == "egyptian" and back.pad.focus_key == "ruleset:devils-bridge"


def test_a_row_of_choices_is_one_tab_stop_on_the_one_chosen(app, driver):
    # Tab into the list of patiences landed on its first, not on the chosen one; and
    # then it stepped through every choice of every row, one way only
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:nechego")
    click(driver, scene, "option:piles=9")
    stops = []
    tab_to(driver, scene, "rules")
    while scene.pad.focus_key not in stops:
        stops.append(scene.pad.focus_key)
        driver.key(pygame.K_TAB)
    assert "ruleset:nechego" in stops and "option:piles=9" in stops
    assert not [k for k in stops if k.startswith("ruleset:") and k != "ruleset:nechego"]
    assert not [k for k in stops if k.startswith("option:piles") and k != "option:piles=9"]
    tab_to(driver, scene, "option:piles=9")
    driver.key(pygame.K_LEFT)  # within the row the arrows choose, as radio buttons do:
    # the ring stood on "three cards" while "one card" stayed chosen, and Play dealt one
    assert scene.pad.focus_key == "option:piles=8" and scene.options["piles"] == 8
    driver.key(pygame.K_TAB)  # and on out of it
    assert not scene.pad.focus_key.startswith("option:piles")
    driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # back: the row's choice
    assert scene.pad.focus_key == "option:piles=8"


def test_left_past_a_row_s_first_choice_lands_on_the_chosen_patience(app, driver):
    # on the patience in line instead ("Will It Come True" beside "Nothing Better to
    # Do" in gold): two lit two ways, and the next Enter chose the other
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:nechego")
    tab_to(driver, scene, "option:cards=36")
    driver.key(pygame.K_LEFT)
    assert scene.pad.focus_key == "ruleset:nechego" and scene.ruleset.id == "nechego"
    # and Right from the list into a row lands on its choice, not the nearest one
    click(driver, scene, "option:passes=2")
    tab_to(driver, scene, "ruleset:nechego")
    driver.key(pygame.K_RIGHT)  # the passes' row lies in line with the patience
    assert scene.pad.focus_key == "option:passes=2" and scene.options["passes"] == 2
    driver.key(pygame.K_LEFT)  # and straight back, choosing nothing
    assert scene.pad.focus_key == "ruleset:nechego" and scene.options["passes"] == 2


def test_back_from_the_rules_the_focus_ring_is_where_it_was_left(app, driver):
    # it was gone: the next Tab began again at the top, and Enter meant Play
    scene = open_menu(app, driver)
    tab_to(driver, scene, "rules")
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert app.scene is not scene
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    back = app.scene
    assert back is not scene and back.pad.show_focus and back.pad.focus_key == "rules"
    click(driver, back, "rules")  # left with the mouse: the ring is not kept on Rules
    driver.settle(0.5)
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    assert isinstance(app.scene, MenuScene) and app.scene is not back
    # come back by a key, the ring shows at once, on the patience chosen
    assert app.scene.pad.show_focus and app.scene.pad.focus_key.startswith("ruleset:")


def test_keyboard_reaches_an_option_toggle(app, driver):
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    tab_to(driver, scene, "option:passes=1")  # the row's stop: its choice
    driver.key(pygame.K_RIGHT)
    assert scene.pad.focus_key == "option:passes=3"
    driver.key(pygame.K_SPACE)
    assert scene.options["passes"] == 3


def test_the_first_tab_shows_the_focus_on_the_ruleset_chosen(app, driver):
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    scene.pad.show_focus = False
    driver.key(pygame.K_TAB)
    assert scene.pad.show_focus and scene.pad.focus_key == "ruleset:pyramid52"
    driver.key(pygame.K_TAB)
    assert scene.pad.focus_key != "ruleset:pyramid52"


def test_enter_without_a_focus_ring_plays(app, driver):
    scene = open_menu(app, driver)
    driver.key(pygame.K_RETURN)
    assert scene.started is not None and scene.started.ruleset.id == "egyptian"


def test_escape_twice_quits_and_once_only_asks(app, driver):
    # Esc is "back" everywhere: pressed once too often from a table, it closed the game
    scene = open_menu(app, driver)
    driver.key(pygame.K_ESCAPE)
    assert app.running and scene.quit_asked > 0
    driver.settle(QUIT_ASK_S + 0.5)
    assert scene.quit_asked == 0
    driver.key(pygame.K_ESCAPE)
    assert app.running  # the first Esc had timed out: this one asks again
    driver.key(pygame.K_ESCAPE)  # a key that bounced, 16 ms on: not yet the answer,
    assert app.running  # as at the table, where two G that close give nothing up
    driver.pause()
    driver.key(pygame.K_ESCAPE)
    assert not app.running


def test_play_s_question_waits_long_enough_to_be_read(app, driver):
    # four lines, gone after 3 s: a second press made after reading them asked again
    from game.rules import Game
    from game.store import GameFacts

    left = Game("pyramid52", deal=8)
    left.play("st>w")
    app.records.save_game(left, GameFacts(seconds=40))
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    click(driver, scene, "play")
    assert scene.started is None and scene.play_asked > 0
    driver.settle(4.5)
    click(driver, scene, "play")
    driver.settle(0.6)
    assert scene.started is not None


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (768, 1024), (1080, 1920)])
def test_continue_says_a_long_game_whole(app, driver, language, size):
    # a deal of the day of the old rules, in Russian at 800x600, was cut after
    # "(расклад": its number, moves and time lost, and no "…" said so
    from game.rules import Game
    from game.store import DAILY, GameFacts
    from game.ui import theme

    left = Game("egyptian-old", deal=20261205)
    left.play(str(next(iter(left.legal_moves))))
    app.records.save_game(left, GameFacts(mode=DAILY, seconds=5025))
    with menu_in(app, driver, language, size) as scene:
        bar, resume = scene.continue_rect, scene.pad.get("continue")
        beside = resume if scene.continue_words is bar else None
        lines = scene._continue_lines(bar, beside)
        assert " ".join(lines) == scene.records.continue_text()
        font = theme.font(scene.text_size)
        assert all(font.size(line)[0] <= scene._bar_room(bar, beside) for line in lines)
        assert bar.contains(resume.rect) and bar.contains(scene.continue_words)
        assert bar.bottom < scene.panel.top and scene.pad.get("play").rect.bottom <= size[1]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1366, 768)])
def test_a_notice_and_continue_over_four_options_overlap_nothing(app, driver, language, size):
    # a notice, Continue and От нечего делать's four rows of options: the picture kept
    # a thumbnail's room, and the last row lay over the deal's field
    with crowded_menu(app, driver, language, size) as scene:
        assert scene.notice_rect.height and scene.continue_rect.height
        options = [b.rect for b in scene.pad.buttons if b.key.startswith("option:")]
        below = [scene.deal_field, scene.pad.get("clear").rect, scene.pad.get("play").rect]
        assert options and all(o.bottom <= min(r.top for r in below) for o in options)
        picture = scene.preview_rect
        assert picture.height == 0 or picture.height >= 24  # none, or one worth seeing
        assert all(o.top >= picture.bottom for o in options)
        assert scene.panel.contains(scene.pad.get("play").rect)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_at_800x480_a_notice_and_continue_lay_no_button_over_another(app, driver, language):
    # 800x480 is drawn (a 7-inch kiosk screen, a tiling window manager): under a notice
    # and Continue, От нечего делать's last row of options lay over Clear, Rules, the
    # day's deal and Play; each option's name now stands beside its row there
    from game.notices import Notice
    from game.rules import Game
    from game.store import GameFacts

    left = Game("pyramid52", deal=8)
    left.play("st>w")
    app.records.save_game(left, GameFacts(seconds=40))
    app.notices.append(Notice(lambda: "A notice long enough to take two lines. " * 3))
    with menu_in(app, driver, language, (800, 480)) as scene:
        for ruleset in scene.rulesets:
            scene.select(ruleset)
            driver.frames(1)
            assert scene.notice_rect.height and scene.continue_rect.height
            rects = [(b.key, b.rect) for b in scene.pad.buttons] + [("field", scene.deal_field)]
            pairs = itertools.combinations(rects, 2)
            over = [(a, b) for (a, ra), (b, rb) in pairs if ra.colliderect(rb)]
            assert over == [], ruleset
            font = theme.font(scene.text_size)
            for label, (x, y) in scene.option_labels:  # whole, and left of its row
                name = pygame.Rect((x, y), font.size(label))
                assert scene.panel.contains(name), (ruleset, label)
                assert not any(name.colliderect(r) for _key, r in rects), (ruleset, label)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1366, 768), (1920, 1080)])
def test_with_continue_every_patience_keeps_its_picture(app, driver, size):
    # left out below 80 px, От нечего делать's left an empty gap at 1280x720 to 1920x1080;
    # a small picture is better than none
    # under a deal of the day's Continue, its words over its button
    from game.rules import Game
    from game.store import DAILY, GameFacts

    left = Game("egyptian-old", deal=20261205)
    left.play(str(next(iter(left.legal_moves))))
    app.records.save_game(left, GameFacts(mode=DAILY, seconds=5025))
    with menu_in(app, driver, "ru", size) as scene:
        for ruleset in scene.rulesets:
            scene.select(ruleset)
            assert scene.preview_rect.height > 0, ruleset


def test_enter_answers_play_s_question_wherever_the_ring_is_and_esc_takes_it_back(app, driver):
    # a deal typed and Enter asked "Press Play again"; the second Enter pressed the
    # ringed Arcade and started a run. Esc over the question asked to quit instead
    scene = asked_by_enter(app, driver)
    driver.key(pygame.K_ESCAPE)
    assert scene.play_asked == 0 and scene.quit_asked == 0 and app.running
    driver.key(pygame.K_ESCAPE)
    assert app.running and scene.quit_asked > 0  # the first Esc only took it back
    driver.pause()
    driver.key(pygame.K_ESCAPE)
    assert not app.running


def test_the_second_enter_plays_the_deal_typed_not_the_ringed_button(app, driver):
    from game.scenes.table import TableScene
    from game.store import FREE

    asked_by_enter(app, driver)
    driver.pause()
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    assert isinstance(app.scene, TableScene) and app.scene.game.deal_number == 42
    assert app.scene.facts.mode == FREE


@pytest.mark.parametrize("moved_to", ["continue", "ruleset:pyramid36"])
def test_enter_after_the_ring_moved_from_play_s_question_presses_where_it_went(
    app, driver, moved_to
):
    # the question says "Continue resumes it": Tabbed there, Enter gave the game up for
    # a new deal; arrowed to another patience, Enter gave it up too
    from game.scenes.table import TableScene

    scene = asked_by_enter(app, driver)
    if moved_to == "continue":
        tab_to(driver, scene, moved_to)
    else:  # Tab stops at the patience chosen; the arrows go along the list
        tab_to(driver, scene, "ruleset:pyramid52")
        driver.key(pygame.K_UP)
    assert scene.pad.focus_key == moved_to
    driver.pause()
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    assert app.records.left_in_play("pyramid52", {"passes": 1})  # not given up
    if moved_to == "continue":
        assert isinstance(app.scene, TableScene) and app.scene.game.deal_number == 8
    else:
        assert app.scene is scene and scene.ruleset.id == "pyramid36"


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1366, 768), (1080, 1920)])
def test_play_asks_before_it_leaves_the_unfinished_game_of_this_patience(app, driver, size):
    # the game left counts as played and not won: Play ended a streak unasked
    from game.rules import Game
    from game.store import GameFacts

    left = Game("pyramid52", deal=8)
    left.play("st>w")
    app.records.save_game(left, GameFacts(seconds=40))
    driver.resize(size)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    assert not scene._leaves_unfinished()  # another patience: nothing to ask
    click(driver, scene, "ruleset:pyramid52")
    drawn = app.surface.copy()
    click(driver, scene, "play")
    assert scene.started is None and scene.play_asked > 0
    # the question is on screen, and the buttons it names are not under it (the
    # screen's foot hid Play's row at 800x600)
    box = scene.ask_box
    assert box.width and drawn.subsurface(box).copy().get_view().raw != (
        app.surface.subsurface(box).copy().get_view().raw
    )
    # nor any control: it lay on the deal's field and a row of the list at 1366x768
    for button in scene.pad.buttons:
        assert not box.colliderect(button.rect), button.key
    assert not box.colliderect(scene.deal_field)
    driver.pause()
    click(driver, scene, "play")  # asked: a new game, and the one left counts as lost
    assert scene.started is not None and scene.started.ruleset.id == "pyramid52"


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1366, 768), (1080, 1920)])
def test_the_menu_s_questions_cover_no_control_of_any_patience(app, driver, size, language):
    # a patience of many options has a narrow picture: the question over it stood a
    # word to a line, over an option's button and a row of the list
    from game import i18n
    from game.rules import Game, rulesets
    from game.store import GameFacts

    i18n.set_language(language)
    driver.resize(size)
    covered = []
    for ruleset in rulesets().values():
        left = Game(ruleset.id, deal=8)
        left.play(next(iter(left.legal_moves)))
        app.records.save_game(left, GameFacts(seconds=40))
        scene = open_menu(app, driver)
        click(driver, scene, f"ruleset:{ruleset.id}")
        for ask in ("play", "quit"):
            if ask == "play":
                click(driver, scene, "play")
            else:
                scene.play_asked = 0
                driver.key(pygame.K_ESCAPE)
            driver.frames(1)
            box = scene.ask_box
            assert box.width, (ruleset.id, ask)
            hit = [b.key for b in scene.pad.buttons if box.colliderect(b.rect)]
            if box.colliderect(scene.deal_field):
                hit.append("deal field")
            if hit:
                covered.append((ruleset.id, ask, hit))
        scene.quit_asked = scene.play_asked = 0
    assert covered == []


def test_play_asks_for_any_game_of_this_patience_left_in_play(app, driver):
    # Play asked of the game Continue offered, the latest one only: a Pyramid 52 game
    # left for a Pyramid 36 one, or one whose moves were all taken back, counted as lost
    # unasked; and Continue could not reach the Pyramid 52 game again
    from game.rules import Game
    from game.store import GameFacts

    undone = Game("nechego", deal=4)
    undone.play("st>w")
    undone.undo()
    app.records.save_game(undone, GameFacts(seconds=5))
    older = Game("pyramid52", deal=8)
    older.play("st>w")
    app.records.save_game(older, GameFacts(seconds=40))
    latest = Game("pyramid36", deal=3)
    latest.play("st>w")
    app.records.save_game(latest, GameFacts(seconds=20))
    scene = open_menu(app, driver)
    for ruleset in ("pyramid52", "nechego"):
        click(driver, scene, f"ruleset:{ruleset}")
        click(driver, scene, "play")
        assert scene.started is None and scene.play_asked > 0, ruleset
        # Continue offers the patience's own game: the question says it resumes it
        assert scene._continue_resumes_it(), ruleset
        driver.settle(scene.play_ask_s + 0.5)
    assert "Nothing Better to Do · Deal 4 · 0 moves" in scene.records.continue_text()
    click(driver, scene, "ruleset:pyramid36")
    click(driver, scene, "ruleset:sbudetsya")  # nothing of it in play: no question
    assert "Pyramid 36" in scene.records.continue_text()  # the game last left, else
    click(driver, scene, "play")
    driver.settle(0.6)
    assert scene.started is not None and scene.started.ruleset.id == "sbudetsya"
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    assert "Pyramid 52 · Deal 8" in scene.records.continue_text()
    click(driver, scene, "continue")
    driver.settle(0.6)
    assert app.scene.game.ruleset.id == "pyramid52" and app.scene.game.moves


def test_play_s_question_is_taken_back_when_another_patience_is_chosen(app, driver):
    # asked of Pyramid 36's game, then Pyramid 52 chosen: one Play gave Pyramid 52's
    # game up, unasked
    for ruleset in ("pyramid36", "pyramid52"):
        leave_a_game(app, ruleset)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    click(driver, scene, "play")
    assert scene.play_asked > 0
    click(driver, scene, "ruleset:pyramid52")
    assert scene.play_asked == 0
    driver.pause()
    click(driver, scene, "play")  # asks again, of this game
    assert scene.started is None and scene.play_asked > 0
    assert app.records.left_in_play("pyramid52", {"passes": 1})


def test_play_asked_twice_gives_the_game_left_up_as_it_said(app, driver):
    # "counts as a loss", and then the game left came back to Continue once the new
    # one ended, out of the statistics
    from game.rules import Game
    from game.store import GameFacts

    left, facts = Game("pyramid52", deal=8), GameFacts(seconds=40)
    left.play("st>w")
    app.records.save_game(left, facts)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    click(driver, scene, "play")
    assert scene.started is None and app.records.statistics("pyramid52").played == 0
    driver.pause()
    click(driver, scene, "play")
    row = app.records.game(facts.record_id)
    assert row.outcome == "resigned" and app.records.statistics("pyramid52").played == 1
    assert app.records.unfinished() is None and app.records.scores.tables() == []


@pytest.mark.parametrize("counts", [True, False])
def test_play_over_an_unfinished_fortune_says_its_wish_will_not_come_true(app, driver, counts):
    # it said "counts as a loss", and the wish it answered went without a word
    from game.rules import Game
    from game.store import GameFacts

    left, facts = Game("sbudetsya", deal=8), GameFacts(fortune=True, fortune_replayed=not counts)
    left.play("st>w")
    app.records.save_game(left, facts)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:sbudetsya")
    click(driver, scene, "play")
    assert scene.started is None
    said = "and its wish will not come true" in scene.play_question()
    assert said == counts and "counts as a loss" in scene.play_question()


def test_quit_button_asks_to_quit(app, driver):
    scene = open_menu(app, driver)
    click(driver, scene, "quit")
    assert not app.running


def test_rules_and_settings_buttons_open_their_scenes(app, driver):
    from game.scenes.rules import RulesScene
    from game.scenes.settings import SettingsScene

    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    click(driver, scene, "rules")
    driver.settle(0.6)
    assert isinstance(app.scene, RulesScene) and app.scene.ruleset.id == "pyramid36"
    scene = open_menu(app, driver)
    click(driver, scene, "settings")
    driver.settle(0.6)
    assert isinstance(app.scene, SettingsScene)


def test_the_choice_is_remembered_for_the_session(app, driver):
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:sbudetsya")
    click(driver, scene, "option:passes=2")
    again = open_menu(app, driver)
    assert again.ruleset.id == "sbudetsya"
    assert again.options["passes"] == 2
    assert again.pad.get("option:passes=2").selected


def test_a_notice_shows_until_dismissed(app, driver):
    app.notices.append("The settings file was damaged and was set aside as x.")
    scene = open_menu(app, driver)
    assert scene.notice_rect.width > 0
    click(driver, scene, "dismiss")
    assert app.notices == []
    assert scene.pad.get("dismiss") is None and scene.notice_rect.width == 0


def test_hovering_a_card_lights_it_and_redraws(app, driver):
    scene = open_menu(app, driver)
    card = scene.pad.get("ruleset:pyramid52")
    assert not card.hot and not scene.redraw
    pos = card.rect.center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    )
    app.handle_event(pygame.event.poll())
    assert card.hot and scene.redraw
    driver.frames(1)
    assert not scene.redraw  # drawn once, then still


def test_a_still_menu_is_not_redrawn(app, driver):
    scene = open_menu(app, driver)
    driver.frames(3)
    assert not scene.redraw


def _overlaps(rects):
    return [(a, b) for a, b in itertools.combinations(rects, 2) if a.colliderect(b)]


@pytest.mark.parametrize(
    "size", [(800, 600), (1280, 800), (1920, 1080), (3840, 2160), (800, 1280), (1200, 1920)]
)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_everything_fits_the_window_without_overlap(tmp_path, monkeypatch, size, language):
    # standing up, От нечего делать's four options ran over the deal's row and Play
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    try:
        i18n.set_language(language)
        app.notices.append("A notice about the settings file.")
        driver = Driver(app)
        scene = open_menu(app, driver)
        window = pygame.Rect((0, 0), size)
        for ruleset_id in rulesets():
            scene.select(ruleset_id)
            driver.frames(1)
            rects = [b.rect for b in scene.pad.buttons]
            assert all(window.contains(r) for r in rects), ruleset_id
            assert all(r.width > 0 and r.height > 0 for r in rects)
            assert _overlaps(rects) == [], ruleset_id
            panel_parts = [scene.preview_rect, scene.deal_field]
            assert all(scene.panel.contains(r) for r in panel_parts)
            panel_buttons = [b.rect for b in scene.pad.buttons if b not in scene.cards]
            assert _overlaps(panel_parts + panel_buttons) == [], ruleset_id
            assert all(y < scene.deal_field.top for _label, (_x, y) in scene.option_labels)
    finally:
        pygame.display.quit()


def test_preview_is_the_asked_size_and_cached():
    pygame.display.init()
    first = preview("pyramid52", {"passes": 1}, (160, 100))
    assert first.get_size() == (160, 100)
    assert preview("pyramid52", {"passes": 1}, (160, 100)) is first
    other = preview("nechego", {"piles": 10, "cards": 32}, (300, 120))
    assert other.get_size() == (300, 120)


def test_the_preview_draws_the_cards_as_the_settings_do():
    # four-colour suits were on at the table, and the menu's picture showed two colours
    pygame.display.init()

    def blue(picture: pygame.Surface) -> int:
        w, h = picture.get_size()
        pixels = (picture.get_at((x, y)) for x in range(w) for y in range(h))
        return sum(1 for c in pixels if c.b > c.r + 60 and c.b > c.g + 40)

    options = {"passes": 1}
    assert blue(preview("pyramid52", options, (480, 300))) == 0
    assert blue(preview("pyramid52", options, (480, 300), (True, "classic", "latin"))) > 20


def test_the_menu_s_picture_follows_the_four_colour_setting(app, driver):
    app.settings.four_colour = True
    scene = open_menu(app, driver)
    scene.select("pyramid52")
    driver.frames(2)
    shown = app.surface.subsurface(scene.preview_rect)
    w, h = shown.get_size()
    pixels = (shown.get_at((x, y)) for x in range(0, w, 2) for y in range(0, h, 2))
    assert any(c.b > c.r + 60 and c.b > c.g + 40 for c in pixels)


def test_notices_that_wait_behind_the_first_are_counted_and_its_button_says_next(app, driver):
    # with a damaged settings file and a damaged records file, the second notice came up
    # behind Dismiss unannounced
    app.notices.extend(["The settings file was damaged.", "The records file was damaged."])
    scene = open_menu(app, driver)
    lines = scene._notice_lines(scene.notice_rect, scene.pad.get("dismiss"))
    assert " ".join(lines) == "1 of 2: The settings file was damaged."
    assert scene.pad.get("dismiss").label == "Next"
    click(driver, scene, "dismiss")
    lines = scene._notice_lines(scene.notice_rect, scene.pad.get("dismiss"))
    assert " ".join(lines) == "2 of 2: The records file was damaged."
    assert scene.pad.get("dismiss").label == "Dismiss"
    click(driver, scene, "dismiss")
    assert app.notices == [] and scene.notice_rect.width == 0


def test_a_long_notice_is_shown_whole_at_800x600_in_russian(app, driver):
    i18n.set_language("ru")
    try:
        driver.resize((800, 600))
        notice = i18n._(
            "The records file was damaged: it was set aside as {name} and a new one was started.",
            name="records.sqlite3.broken-20261202-051500",
        )
        app.notices.append(notice)
        scene = open_menu(app, driver)
        lines = scene._notice_lines(scene.notice_rect, scene.pad.get("dismiss"))
        assert len(lines) >= 2 and " ".join(lines) == notice
        step = line_height(scene)
        assert scene.notice_rect.height >= len(lines) * step
        assert scene.notice_rect.bottom < min(c.rect.top for c in scene.cards)
    finally:
        i18n.set_language("en")


def line_height(scene) -> int:
    from game.ui import theme

    return theme.font(scene.text_size).get_linesize()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_ruleset_name_is_whole_on_its_menu_card_at_800x600(app, driver, language):
    # "Египетская пирамида, старинные пра…": a long name gets a smaller size first
    from game.render.preview import draw_ruleset_card
    from game.ui.labels import summary_text

    driver.resize((800, 600))
    app.settings.language = language
    app.apply_settings()
    scene = open_menu(app, driver)
    scratch = app.surface.copy()
    for card in scene.cards:
        ruleset = scene.rulesets[card.key.split(":", 1)[1]]
        texts = (card.label, summary_text(ruleset))
        shown, _lines, _size = draw_ruleset_card(
            scratch, card.rect, ruleset.id, texts, (False, False), scene.scale
        )
        assert shown == card.label


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("unfinished", [False, True])
def test_every_summary_is_whole_on_its_menu_card_and_all_in_one_size(
    app, driver, monkeypatch, language, size, unfinished
):
    """A Russian summary is a few words longer than its English: at 1280x800 three
    ended in '…', then each took the size it fitted alone and the list read in three
    sizes; at 800x600 three Russian ones were cut. The cards as the menu draws them.
    The bar that offers an unfinished game stands over the panel, and takes no room
    from the list: over the list, it cut three lines of summary to one at 800x600."""
    from game.rules import Game
    from game.scenes import menu
    from game.store import GameFacts
    from game.ui.labels import summary_text

    if unfinished:
        left = Game("pyramid52", deal=8)
        left.play("st>w")
        app.records.save_game(left, GameFacts(seconds=40))

    drawn: dict[str, tuple[list[str], int]] = {}
    draw = menu.draw_ruleset_card

    def spy(surface, rect, ruleset_id, texts, *rest):  # type: ignore[no-untyped-def]
        _name, lines, size = draw(surface, rect, ruleset_id, texts, *rest)
        drawn[ruleset_id] = (lines, size)
        return _name, lines, size

    monkeypatch.setattr(menu, "draw_ruleset_card", spy)
    with menu_in(app, driver, language, size) as scene:
        assert set(drawn) == set(scene.rulesets)
        assert (scene.continue_rect.height > 0) == unfinished
        for ruleset_id, (lines, _size) in drawn.items():
            summary = summary_text(scene.rulesets[ruleset_id])
            assert " ".join(lines) == " ".join(summary.split()), ruleset_id
        assert len({size for _lines, size in drawn.values()}) == 1, drawn


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1366, 768), (1920, 1080), (1080, 1920)])
def test_the_list_stays_put_when_continue_comes_and_says_its_game_whole(
    app, driver, language, size
):
    """Continue's bar stood across the menu and pushed the list down as it came and
    went (62 px at 1366x768): a player back from a game clicked the patience that had
    moved from under the pointer. Beside the panel at 800x600 its one line was cut."""
    from game.rules import Game
    from game.store import GameFacts
    from game.ui import theme

    with menu_in(app, driver, language, size) as scene:
        before = [card.rect.copy() for card in scene.cards]
        assert scene.continue_rect.width == 0
    left = Game("pyramid52", deal=8)
    left.play("st>w")
    app.records.save_game(left, GameFacts(seconds=40))
    with menu_in(app, driver, language, size) as scene:
        assert [card.rect for card in scene.cards] == before
        bar, resume = scene.continue_rect, scene.pad.get("continue")
        assert resume is not None and bar.contains(resume.rect)
        assert bar.bottom < scene.panel.top
        if size[0] > size[1]:  # beside the list, over the panel
            assert bar.left > max(rect.right for rect in before)
        # beside its button, or across the bar above it where that took more lines
        beside = resume if scene.continue_words is bar else None
        if beside is None:
            assert scene.continue_words.bottom <= resume.rect.top
        lines = scene._continue_lines(bar, beside)
        text = scene.records.continue_text()
        assert " ".join(lines) == text and "…" not in text
        room = scene._bar_room(bar, beside)
        assert all(theme.font(scene.text_size).size(line)[0] <= room for line in lines)
        step = theme.font(scene.text_size).get_linesize()
        assert bar.height >= len(lines) * step
        # the panel below still has its picture and Play on the screen
        assert scene.preview_rect.top > bar.bottom and scene.preview_rect.height > 60
        assert scene.pad.get("play").rect.bottom <= size[1]


def test_a_finger_types_the_deal_number_on_a_keypad(app, driver):
    from game.scenes.deal_pad import DealPadScene

    scene = open_menu(app, driver)
    driver.tap(scene.deal_field.center)  # no keyboard: the field opens a keypad
    driver.settle(0.6)
    pad = app.scene
    assert isinstance(pad, DealPadScene)
    for key in ("digit:0", "digit:4", "digit:2", "digit:7", "del"):
        driver.tap(pad.pad.get(key).rect.center)
    assert pad.entry == "42"
    driver.tap(pad.pad.get("ok").rect.center)
    driver.settle(0.6)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.deal == 42
    driver.click(menu.deal_field.center)
    driver.settle(0.6)
    driver.key(pygame.K_9)  # keys type on the keypad too
    assert app.scene.entry == "429"
    driver.key(pygame.K_ESCAPE)  # cancelled: the number stays as it was
    driver.settle(0.6)
    assert isinstance(app.scene, MenuScene) and app.scene.deal == 42
    driver.click(app.scene.deal_field.center)
    driver.settle(0.6)
    for _ in range(3):
        driver.key(pygame.K_BACKSPACE)
    driver.key(pygame.K_RETURN)  # nothing typed: a random deal again
    driver.settle(0.6)
    assert app.scene.deal is None


@pytest.mark.parametrize("side", ["above", "below"])
def test_a_finger_that_lands_just_off_the_deal_field_opens_its_keypad(app, driver, side):
    # 3 px under the field, the deal of the day's slack reached and its game started
    from game.scenes.deal_pad import DealPadScene

    with menu_in(app, driver, "en", (800, 600)) as scene:
        field = scene.deal_field
        pos = (field.centerx, field.bottom + 2 if side == "below" else field.top - 3)
        assert not any(b.rect.collidepoint(pos) for b in scene.pad.buttons)
        driver.tap(pos)
        driver.settle(0.6)
        assert isinstance(app.scene, DealPadScene)


def test_a_finger_on_a_button_beside_the_deal_field_presses_the_button(app, driver):
    with menu_in(app, driver, "en", (800, 600)) as scene:
        daily = scene.pad.get("daily").rect
        driver.tap((daily.centerx, daily.top + 1))
        driver.settle(0.6)
        assert type(app.scene).__name__ == "TableScene"


def test_a_digit_past_the_longest_deal_number_is_refused_out_loud(app, driver, monkeypatch):
    # an 11th digit was dropped without a sign, on the field and on the keypad
    from game.scenes.deal_pad import DealPadScene
    from game.ui.deal_field import DEAL_DIGITS

    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", heard.append)
    scene = open_menu(app, driver)
    for _ in range(DEAL_DIGITS):
        driver.key(pygame.K_7)
    assert scene.deal_text == "7" * DEAL_DIGITS and heard == []
    driver.key(pygame.K_8)
    assert scene.deal_text == "7" * DEAL_DIGITS and heard == ["refused"]
    driver.tap(scene.deal_field.center)
    driver.settle(0.6)
    pad = app.scene
    assert isinstance(pad, DealPadScene) and pad.entry == "7" * DEAL_DIGITS
    digits = [b for b in pad.pad.buttons if b.key.startswith("digit:")]
    assert digits and not any(b.enabled for b in digits)  # the keys say it is full
    driver.key(pygame.K_8)
    assert heard == ["refused", "refused"]
    driver.tap(pad.pad.get("del").rect.center)
    assert all(b.enabled for b in digits)
    driver.tap(pad.pad.get("digit:8").rect.center)
    assert pad.entry == "7" * (DEAL_DIGITS - 1) + "8"


def test_a_screen_standing_up_stacks_the_list_above_the_ruleset(app, driver):
    driver.resize((1080, 1920))
    scene = open_menu(app, driver)
    last = scene.cards[-1].rect
    assert scene.panel.top > last.bottom  # below the list, not beside it
    assert scene.panel.width == last.width  # each the whole width
    driver.key(pygame.K_DOWN)
    scene.pad.focus_key = scene.cards[-1].key
    driver.key(pygame.K_DOWN)  # down from the last ruleset reaches the panel
    assert scene.panel.collidepoint(scene.pad.focused.rect.center)
    driver.resize((1280, 800))
    scene.resize((1280, 800))
    assert scene.panel.left > scene.cards[0].rect.right  # side by side when lying down


def test_a_window_barely_higher_than_wide_keeps_the_panel_beside_the_list(app, driver):
    driver.resize((800, 900))  # stacked, the options ran over the deal field
    scene = open_menu(app, driver)
    assert scene.panel.left > scene.cards[0].rect.right


def test_the_menu_opens_on_the_patience_last_played(app, driver):
    """Started again, the menu shows the patience and options of the game played last,
    not the first of the list; an arcade run's game, chosen by the ladder, is passed by."""
    from game.rules import Game
    from game.store import ARCADE, GameFacts

    app.last_choice = None
    assert open_menu(app, driver).ruleset.id == next(iter(rulesets()))  # nothing played yet
    played, facts = Game("pyramid36", {"passes": 3}, deal=5), GameFacts()
    played.play("st>w")
    app.records.save_game(played, facts)
    app.records.save_game(Game("nechego", deal=1), GameFacts(mode=ARCADE))
    app.last_choice = None  # as at the game's start
    scene = open_menu(app, driver)
    assert scene.ruleset.id == "pyramid36" and scene.options["passes"] == 3
    app.last_choice.ruleset_id = "sbudetsya"  # chosen in this session: kept over the records
    assert open_menu(app, driver).ruleset.id == "sbudetsya"
    # a newer game begun, then the older one continued and played last: the older one's
    app.records.save_game(Game("egyptian", deal=2), GameFacts())
    app.records.conn.execute("UPDATE games SET updated_at = '2000-01-01' WHERE id = 3")
    played.play("st>w")
    app.records.save_game(played, facts)
    app.last_choice = None
    assert open_menu(app, driver).ruleset.id == "pyramid36"


def test_the_menu_opens_with_each_patience_s_options_as_last_played(app, driver):
    # only the last game's were kept: Pyramid 52's three passes, played before a game of
    # Egyptian Pyramid, came back as one pass at the next start
    from game.rules import Game
    from game.store import ARCADE, GameFacts

    for ruleset, options in [
        ("pyramid52", {"passes": 3}),
        ("egyptian", {"draw": 3, "base": "K"}),
        ("egyptian", {"draw": 1, "base": "A"}),  # the later of a patience's games
        ("pyramid36", {"passes": 3}),
    ]:
        game = Game(ruleset, options, deal=5)
        game.play("st>w")
        app.records.save_game(game, GameFacts())
    app.records.save_game(Game("pyramid52", deal=1), GameFacts(mode=ARCADE))  # the ladder's
    app.last_choice = None  # as at the game's start
    scene = open_menu(app, driver)
    assert scene.ruleset.id == "pyramid36" and scene.options["passes"] == 3
    scene.select("pyramid52")
    assert scene.options["passes"] == 3
    scene.select("egyptian")
    assert scene.options == {"draw": 1, "base": "A"}
    scene.select("nechego")  # never played: its defaults
    assert scene.options == rulesets()["nechego"].choose({})


def test_with_a_game_to_continue_play_alone_is_the_gold_default(app, driver):
    # Continue and Play both in gold: which one Enter pressed was a guess (it is Play)
    leave_a_game(app)
    scene = open_menu(app, driver)
    chosen = ("option:", "ruleset:")  # a row's choice is gold as chosen, not as Enter's
    gold = [b.key for b in scene.pad.buttons if b.selected and not b.key.startswith(chosen)]
    assert scene.pad.get("continue") is not None and gold == ["play"]


def test_a_focus_left_on_a_button_since_gone_is_not_put_on_another(app, driver):
    # left on Continue, whose game was then finished: back, the ring sat on Records,
    # and Enter opened the records where it had meant Play
    app.menu_focus = "continue"
    scene = open_menu(app, driver)
    assert scene.pad.get("continue") is None and not scene.pad.show_focus
    driver.key(pygame.K_RETURN)
    assert scene.started is not None  # Enter is Play


def test_enter_right_after_a_deal_number_plays_it_wherever_the_ring_is(app, driver):
    # the ring on Settings, 4 2 typed: Enter opened the settings
    scene = open_menu(app, driver)
    tab_to(driver, scene, "settings")
    driver.key(pygame.K_4)
    driver.key(pygame.K_2)
    driver.key(pygame.K_RETURN)
    assert scene.started is not None and scene.started.deal_number == 42
    # and after the game the ring is on Play: back on Settings, Enter opened them
    driver.settle(1.0)
    table = app.scene
    assert table is not scene
    driver.key(pygame.K_ESCAPE)  # to the menu, the game kept
    driver.settle(1.0)
    back = app.scene
    assert isinstance(back, MenuScene) and back.pad.focus_key == "play"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_title_has_its_subtitle_at_1280x800(app, driver, language):
    # the Russian "Старинные русские пасьянсы-пирамиды" found no room beside the title
    with menu_in(app, driver, language, (1280, 800)) as scene:
        drawn = scene.subtitle_drawn
        assert drawn is not None
        header = [b.rect for b in scene.pad.buttons if b.key in ("records", "quit")]
        assert header and drawn.collidelist(header) == -1


@pytest.mark.parametrize("size", [(1080, 1920), (800, 600), (1280, 800)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_header_buttons_keep_off_the_title(app, driver, language, size):
    # standing up in Russian, «Рекорды» lay over the title: «Пирами»
    from game.scenes.menu import HEADER_KEYS

    with menu_in(app, driver, language, size) as scene:
        header = [b.rect for b in scene.pad.buttons if b.key in HEADER_KEYS]
        assert len(header) == 4 and scene.title_drawn.collidelist(header) == -1


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_continue_is_as_large_as_the_header_s_buttons(app, driver, size):
    # the likeliest press of the menu was drawn smaller than Quit
    from game.rules import Game
    from game.store import GameFacts

    left = Game("pyramid52", deal=8)
    left.play("st>w")
    app.records.save_game(left, GameFacts(seconds=40))
    with menu_in(app, driver, "en", size) as scene:
        resume = scene.pad.get("continue")
        assert resume is not None
        assert resume.rect.height == scene.pad.get("quit").rect.height
        assert scene.continue_rect.contains(resume.rect)


def test_settings_that_cannot_be_read_are_said_so_not_as_unsaved(app, driver):
    app.store.problem, app.store.problem_reading = "Permission denied", True
    app.take_settings_problem()
    said = str(app.notices[-1])
    assert said.startswith("The settings file cannot be read (no permission)")
    assert "left as it is" in said


def test_the_arcade_button_names_the_level_an_open_run_stands_at(app, driver):
    # a run left between its levels (or closed there) was nowhere in the menu
    from game.ladder import load_ladder

    assert open_menu(app, driver).pad.get("arcade").label == "Arcade"
    assert app.records.start_run(load_ladder()) is not None
    assert open_menu(app, driver).pad.get("arcade").label == "Arcade: level 1"


@pytest.mark.parametrize("size", [(800, 1280), (1200, 1920)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_standing_up_the_list_stays_put_whichever_patience_is_chosen(
    tmp_path, monkeypatch, size, language
):
    # it shrank when От нечего делать was chosen, and a second tap on it chose another
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    try:
        if app.surface.get_size() != size:
            app.surface = pygame.display.set_mode(size)
            app._resized()
        i18n.set_language(language)
        driver = Driver(app)
        scene = open_menu(app, driver)
        places = set()
        for ruleset_id in rulesets():
            scene.select(ruleset_id)
            driver.frames(1)
            places.add(tuple(tuple(card.rect) for card in scene.cards))
        assert len(places) == 1
    finally:
        pygame.display.quit()


def test_a_double_click_on_play_only_asks_before_leaving_the_game_in_play(app, driver):
    # two quick clicks gave the game left in play up, a loss, with the question unread
    from game.rules import Game
    from game.store import GameFacts
    from tests.store.helpers import DEAL_8_WIN

    game = Game("pyramid52", deal=8)
    game.play(DEAL_8_WIN[0])
    app.records.save_game(game, GameFacts())
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    driver.double_click(scene.pad.get("play").rect.center)
    assert app.records.left_in_play("pyramid52", {"passes": 1})
    assert scene.play_asked > 0 and app.scene is scene


@pytest.mark.parametrize("size", [(800, 600), (1366, 768), (1080, 1920)])
def test_quit_stands_further_from_settings_than_the_header_s_other_buttons(app, driver, size):
    # at 800x600 Settings and Quit were 6 px apart: a finger meant for Settings' right
    # end pressed Quit, which closes at once
    driver.resize(size)
    menu = open_menu(app, driver)
    header = [menu.pad.get(k).rect for k in ("records", "arcade", "settings", "quit")]
    gaps = [b.left - a.right for a, b in itertools.pairwise(header)]
    assert gaps[-1] >= 12 and gaps[-1] >= 2 * max(gaps[:-1]), gaps
    assert all(r.top == header[0].top for r in header)
    assert header[0].left > 0


def test_the_menu_come_to_by_a_key_shows_its_focus_at_once(app, driver):
    # Enter on the results' Menu: the first arrow only showed the ring, and a player
    # counting three Downs from the patience chosen played the one before his
    from game.scenes.menu import MenuScene

    app.keyboard_led = True
    scene = MenuScene(app)
    app.switch(scene, fade=False)
    driver.frames(1)
    assert scene.pad.show_focus
    chosen = scene.pad.focus_key
    driver.key(pygame.K_DOWN)
    assert scene.pad.focus_key != chosen
    app.keyboard_led = False
    by_mouse = MenuScene(app)
    app.switch(by_mouse, fade=False)
    driver.frames(1)
    assert not by_mouse.pad.show_focus


def test_tab_reaches_continue_after_the_list_it_stands_beside(app, driver):
    # Continue stands at the top of the panel's column; Tab went there straight from
    # Quit, then back to the list on the left
    leave_a_game(app)
    scene = open_menu(app, driver)
    tab_to(driver, scene, "quit")
    driver.key(pygame.K_TAB)
    assert scene.pad.focus_key.startswith("ruleset:")
    last = "ruleset:" + list(scene.rulesets)[-1]
    tab_to(driver, scene, last)
    driver.key(pygame.K_TAB)
    assert scene.pad.focus_key == "continue"
    driver.key(pygame.K_TAB)
    assert scene.pad.focus_key not in ("continue", last)
    assert scene.panel.collidepoint(scene.pad.focused.rect.center)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080), (1080, 1920)])
def test_the_focus_ring_on_a_bar_s_button_stays_inside_the_bar_s_frame(app, driver, language, size):
    # the ring, a gap further out from its button, lay on Continue's gold frame
    from game.notices import Notice
    from game.ui.pad import ring_reach

    leave_a_game(app)
    app.notices.append(Notice(lambda: "A notice to read, and dismiss."))
    with menu_in(app, driver, language, size) as scene:
        reach = ring_reach(scene.scale)
        for key, bar in (("continue", scene.continue_rect), ("dismiss", scene.notice_rect)):
            ring = scene.pad.get(key).rect.inflate(2 * reach, 2 * reach)
            assert bar.inflate(-2, -2).contains(ring), (key, ring, bar)


def test_the_window_is_titled_in_the_players_language(app, tmp_path):
    # a Russian player saw «Piramida» in Latin letters on the task bar
    assert pygame.display.get_caption()[0] == "Piramida"
    app.settings.language = "ru"
    app.apply_settings()
    try:
        assert pygame.display.get_caption()[0] == "Пирамида"
        i18n.set_language("en")  # the next start reads the language from its settings
        again = App(size=(800, 600), clock=ManualClock())
        try:
            assert pygame.display.get_caption()[0] == "Пирамида"
        finally:
            again.solver.close()
    finally:
        i18n.set_language("en")


def test_play_of_today_s_deal_typed_asks_before_it_leaves_the_day_s_table(app, driver):
    # a score-chaser typed the day's number (the date) and, at one move, had given the
    # day's table up unasked: the button then said "seen before"
    from game.store.daily import today_deal

    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    scene.deal_text = str(today_deal())
    click(driver, scene, "play")
    assert app.scene is scene and scene.play_asked > 0
    assert "deal of the day as a free game" in scene.play_question()
    driver.pause()
    click(driver, scene, "play")  # pressed again: played so, as it said
    driver.settle(1.0)
    assert app.scene is not scene and scene.started.deal_number == today_deal()
    # the day's deal played for its table, to its end: typed again, nothing is left
    # to lose
    todays_deal_given_up(app)
    again = open_menu(app, driver)
    click(driver, again, "ruleset:pyramid36")
    again.deal_text = str(today_deal())
    click(driver, again, "play")
    driver.settle(1.0)
    assert app.scene is not again and again.play_asked == 0


def test_play_of_today_s_deal_typed_asks_while_the_day_s_game_is_in_play(app, driver):
    # the day's game left at a move, its number typed and played as a free game went
    # ahead unasked (the day's own game counted as the deal played before), and the
    # day's game, continued, then stayed out of its table: "played before"
    from game.rules import Game
    from game.store import DAILY, GameFacts
    from game.store.daily import today_deal

    day = Game("pyramid36", deal=today_deal())
    day.play(next(iter(day.legal_moves)))
    app.records.save_game(day, GameFacts(mode=DAILY))
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    scene.deal_text = str(today_deal())
    click(driver, scene, "play")
    assert app.scene is scene and scene.play_asked > 0
    assert "deal of the day as a free game" in scene.play_question()


def test_play_of_today_s_deal_in_other_options_asks_while_the_day_s_game_is_in_play(app, driver):
    # the day's game with one pass left at a move, today's number played with three
    # passes went ahead unasked (that day's table had no game yet), and the day's game
    # with one pass, its cards seen, then stayed out of its table at its end
    from game.rules import Game
    from game.store import DAILY, GameFacts
    from game.store.daily import today_deal

    day = Game("pyramid36", {"passes": 1}, deal=today_deal())
    day.play(next(iter(day.legal_moves)))
    app.records.save_game(day, GameFacts(mode=DAILY))
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    scene.set_option("passes", 3)
    scene.deal_text = str(today_deal())
    click(driver, scene, "play")
    assert app.scene is scene and scene.play_asked > 0
    assert "deal of the day as a free game" in scene.play_question()
    scene.deal_text = str(today_deal() - 1)  # another day's number: nothing to lose
    driver.pause()
    click(driver, scene, "play")
    driver.settle(1.0)
    assert app.scene is not scene


def menu_over_a_game_left(app, driver) -> MenuScene:
    """The menu on Pyramid 36, a game of it left in play with a move made."""
    from game.rules import Game
    from game.store import GameFacts

    left = Game("pyramid36", deal=5)
    left.play(next(iter(left.legal_moves)))
    app.records.save_game(left, GameFacts())
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    return scene


def test_play_of_today_s_deal_over_a_game_left_asks_of_both(app, driver):
    # asked of the game left alone, the second press gave the day's table up unasked
    from game.store.daily import today_deal

    scene = menu_over_a_game_left(app, driver)
    scene.deal_text = str(today_deal())
    click(driver, scene, "play")
    asked = scene.play_question()
    assert "unfinished game" in asked and "deal of the day stays out of its table" in asked


def test_a_number_typed_while_play_asks_takes_the_question_back(app, driver):
    # asked of the game left, today's number typed meanwhile was dealt at the second
    # press, as a free game, the day's table unasked
    from game.store.daily import today_deal

    scene = menu_over_a_game_left(app, driver)
    click(driver, scene, "play")
    assert scene.play_asked > 0 and "deal of the day" not in scene.play_question()
    for digit in str(today_deal()):
        scene.type_digit(digit)
    assert scene.play_asked == 0  # taken back: asked of another deal
    driver.pause()
    click(driver, scene, "play")
    assert scene.play_asked > 0 and "deal of the day" in scene.play_question()


def test_back_from_a_game_left_in_play_the_ring_is_on_continue(app, driver):
    # it was on Play, whose two Enters gave up the game just left on purpose
    scene = open_menu(app, driver)
    tab_to(driver, scene, "play")
    driver.key(pygame.K_RETURN)
    driver.settle(1.0)
    table = app.scene
    move = next(iter(table.game.legal_moves))
    table._play(move)
    driver.settle(1.0)
    driver.key(pygame.K_ESCAPE)  # to the menu, the game kept
    driver.settle(1.0)
    back = app.scene
    assert isinstance(back, MenuScene) and back.pad.get("continue") is not None
    assert back.pad.focus_key == "continue" and back.pad.show_focus
    driver.key(pygame.K_RETURN)
    driver.settle(1.0)
    assert app.scene.game.moves == [move]  # the same game, on


def test_back_from_a_game_not_left_in_play_the_ring_stays_off_another_game_s_continue(app, driver):
    # an Egyptian game left in play, Pyramid 52 played and left at once: the ring went to
    # Continue, which offered the Egyptian game, and one Enter opened it
    from game.rules import Game
    from game.store import GameFacts

    egyptian = Game("egyptian", deal=3)
    egyptian.play(next(iter(egyptian.legal_moves)))
    app.records.save_game(egyptian, GameFacts())
    app.last_choice = None
    scene = open_menu(app, driver)
    driver.click(scene.pad.get("ruleset:pyramid52").rect.center)
    tab_to(driver, scene, "play")
    driver.key(pygame.K_RETURN)
    driver.settle(1.0)
    started = scene.started
    assert started is not None and started.ruleset.id != "egyptian"
    driver.key(pygame.K_ESCAPE)  # no move made: nothing kept
    driver.settle(1.0)
    back = app.scene
    assert isinstance(back, MenuScene) and back.pad.get("continue") is not None
    assert back.pad.focus_key == "play"


@pytest.mark.parametrize("size", [(768, 1024), (800, 600), (1280, 800)])
def test_the_deal_field_holds_a_day_s_number_beside_or_under_its_name(app, driver, size):
    # Russian standing up, the field beside «Номер расклада» showed «слу…»
    from game.ui import theme

    with menu_in(app, driver, "ru", size) as scene:
        field = scene.deal_field
        digits = theme.font(scene.text_size, bold=True).size("2026120600")[0]
        assert field.width > digits
        label_w = theme.font(scene.text_size).size("Номер расклада")[0]
        x, y = scene.deal_label_pos
        label = pygame.Rect(x, y - 5, label_w, 10)
        assert not label.colliderect(field)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_tablet_standing_up_lists_every_patience_s_name_whole(app, driver, monkeypatch, language):
    # at 768x1024 the list stood beside the panel, too narrow for «Египетская пирамида,
    # старинные правила», cut at 11 px; the panel's title was cut too
    from game.render import preview

    names: list[str] = []
    real = preview.fit_text

    def fitted(text, *args, **kwargs):
        names.append(real(text, *args, **kwargs))
        return names[-1]

    monkeypatch.setattr(preview, "fit_text", fitted)
    with menu_in(app, driver, language, (768, 1024)) as scene:
        scene.select("egyptian-old")
        driver.frames(2)
        assert names and not any(name.endswith("…") for name in names), names
        assert scene.cards[0].rect.width > 600  # the list above the panel, across the screen


def test_a_finger_s_slack_is_8_px_on_a_small_screen_too(app, driver):
    # scaled with the window, it was 6 px at 800x600 and 5 at 800x480, where the menu's
    # buttons are smallest
    from game.scenes.records import RecordsScene

    driver.resize((800, 600))
    scene = open_menu(app, driver)
    records = scene.pad.get("records").rect
    below = (records.centerx, records.bottom + 7)
    assert not any(
        b.rect.inflate(16, 16).collidepoint(below) for b in scene.pad.buttons if b.rect != records
    )
    driver.tap(below)
    driver.settle(0.5)
    assert isinstance(app.scene, RecordsScene)


def test_the_picture_does_not_show_the_day_s_deal_typed(app, driver):
    # the day's deal is played blind: typed, its picture was studied off the clock, and
    # the game then opened at 0:00
    from game.store.daily import today_deal

    scene = open_menu(app, driver)
    scene.select("pyramid52")
    for digit in str(today_deal()):
        driver.key(getattr(pygame, f"K_{digit}"))
    assert scene.deal == today_deal() and scene.previewed_deal() == 0
    driver.key(pygame.K_1)  # another number: shown
    assert scene.deal != today_deal() and scene.previewed_deal() == scene.deal


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 720), (600, 1024), (768, 1024)])
def test_every_menu_button_takes_a_finger_where_the_window_has_the_room(
    app, driver, language, size
):
    # at 1024x600 the options, Clear, Records, Arcade, Settings and Quit were 32 px high,
    # and standing up at 600x1024 the list's patiences 32 px, over a picture of 290
    from game.ui import theme

    with menu_in(app, driver, language, size) as scene:
        for ruleset in scene.rulesets:
            scene.select(ruleset)
            driver.frames(1)
            low = [(b.key, b.rect.height) for b in scene.pad.buttons]
            low = [(key, height) for key, height in low if height < theme.SMALLEST_BUTTON]
            assert low == [], ruleset
            assert scene.preview_rect.height > 0, ruleset  # and still a picture


def test_a_menu_without_room_for_a_finger_s_buttons_keeps_them_as_they_were(app, driver):
    # at 800x480 От нечего делать's four rows of options of a finger's height left its
    # picture no room: there the buttons stay 30 px, and every patience has its picture
    with menu_in(app, driver, "ru", (800, 480)) as scene:
        assert scene.button_h == 30
        # below the least window the game asks for, the header's too: taller, they
        # pushed the panel down, and under a notice and Continue its options over Play
        assert scene.header_h == scene.pad.get("records").rect.height == 30
        for ruleset in scene.rulesets:
            scene.select(ruleset)
            assert scene.preview_rect.height > 0, ruleset


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 480), (800, 600), (1024, 600), (600, 1024)])
def test_the_empty_deal_field_says_random_whole(app, driver, monkeypatch, language, size):
    # at 800x600 in Russian От нечего делать's four rows of options keep the field's name
    # beside it, and the field, 79 px wide, said "случайн…"
    import game.ui.deal_field
    from tests.scenes.driver import texts_drawn

    drawn = texts_drawn(monkeypatch, game.ui.deal_field)
    with menu_in(app, driver, language, size) as scene:
        for ruleset in scene.rulesets:
            scene.select(ruleset)
            drawn.clear()
            scene.draw(app.surface, 1.0)
            assert drawn and not any(text.endswith("…") for text in drawn), (ruleset, drawn)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1920, 1080)])
def test_the_example_caption_hides_no_card_face(app, driver, size):
    # "Example" stood in the picture's top left corner, over the rank of the pyramid
    # games' stock card: it goes to the corner with the least of the cards in it
    from game.render.preview import preview

    driver.resize(size)
    scene = open_menu(app, driver)
    hidden = []
    for ruleset in rulesets():
        scene.select(ruleset)
        scene.repaint()
        driver.frames(1)
        box = scene.example_drawn
        assert box is not None and scene.preview_rect.contains(box), ruleset
        picture = preview(
            ruleset,
            scene.options,
            scene.preview_rect.size,
            app.settings.deck,
            scene.previewed_deal(),
        )
        under = picture.subsurface(box.move(-scene.preview_rect.x, -scene.preview_rect.y))
        faces = sum(
            1
            for x in range(under.get_width())
            for y in range(under.get_height())
            if min(under.get_at((x, y))[:3]) > 200  # a card's face, white: not the felt
        )
        if faces > box.width * box.height // 50:  # more than a card's edge, antialiased
            hidden.append((ruleset, faces))
    assert hidden == []


def test_play_s_long_question_waits_for_its_reading_before_it_lapses(app, driver):
    # its three lines went after 6 s, before they were read, and the press meant to
    # answer them asked again
    from game.scenes.base import SECOND_PRESS_S, question_s

    leave_a_game(app)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    click(driver, scene, "play")
    assert scene.play_ask_s == question_s(scene.play_question()) > SECOND_PRESS_S + 2
    driver.settle(SECOND_PRESS_S + 1)
    assert scene.play_asked > 0 and scene.started is None  # still asked, still in sight
    click(driver, scene, "play")
    assert scene.started is not None
