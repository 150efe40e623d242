"""The kiosk's rules on the real App: no way out, idle back to the show, games left are ended,
failures logged and survived."""

import logging

import pygame
import pytest

from game.kiosk.attract import DemoTableScene
from game.kiosk.chooser import ChooserScene
from game.kiosk.invitation import InvitationScene
from game.kiosk.policy import CRASH_LIMIT, NO_INITIALS, STILL_PLAYING_S, KioskFailed
from game.logfile import install_log_file, remove_log_file
from game.rules import Game, RulesError
from game.scenes.base import Scene
from game.scenes.initials import InitialsScene
from game.scenes.menu import MenuScene
from game.scenes.records import RecordsScene
from game.scenes.results import ResultsScene
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.table import TableScene
from game.scenes.watch import WatchScene
from game.ui.pointer import POINTER_DOWN
from game.ui.widgets import Button
from tests.kiosk.conftest import CONFIG, finger
from tests.scenes.driver import Driver
from tests.scenes.test_table import click_move
from tests.store.helpers import DEAL_8_WIN


def open_table(kiosk, driver, game: Game) -> TableScene:
    kiosk.switch(lambda: TableScene(kiosk, game))
    driver.settle(1.0)
    assert isinstance(kiosk.scene, TableScene)
    return kiosk.scene


def won_to_the_results(kiosk, driver) -> TableScene:
    """pyramid52 deal 8 won at the table, and its results come (with no initials asked)."""
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    for text in DEAL_8_WIN:
        click_move(driver, scene, text)
    assert scene.game.won
    driver.settle(8)
    assert isinstance(kiosk.scene, ResultsScene)
    return scene


def play_a_pair(driver, scene: TableScene) -> None:
    """pyramid52 deal 8 opens with p7.2 + p7.5 (13): two clicks on the cards."""
    for pile in ("p7.2", "p7.5"):
        driver.click(scene.view.top_rect(pile).center)
    driver.settle(0.5)


def asked_still_playing(kiosk, driver) -> TableScene:
    """A game with a move made, then nobody for the idle time: the question is up."""
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    driver.settle(31)  # the configured idle time, and a second
    assert kiosk.scene is scene and scene.banner.text.startswith("Still playing?")
    return scene


def test_a_fortune_s_table_left_before_its_wish_asks_nothing(kiosk, driver):
    # "Still playing? … the game ends in 15 seconds" stood over a table with no card dealt
    scene = open_table(kiosk, driver, Game("sbudetsya", deal=8))
    assert scene.wish_pending
    driver.settle(31)
    assert isinstance(kiosk.scene, InvitationScene) or getattr(kiosk.scene, "attract", False)


def test_the_question_counts_its_seconds_down(kiosk, driver):
    # it said "in 15 seconds" still nine seconds later
    import re

    scene = asked_still_playing(kiosk, driver)  # asked a second ago

    def seconds_said() -> int:
        return int(re.search(r"in (\d+) seconds", scene.banner.text)[1])

    assert seconds_said() == round(STILL_PLAYING_S) - 1
    driver.settle(5)
    assert seconds_said() == round(STILL_PLAYING_S) - 6


@pytest.mark.parametrize("size", [(1280, 800), (1080, 1920)])
def test_the_question_stands_large_in_the_middle_of_a_dimmed_table(make_kiosk, size):
    # in landscape it was a small box in a corner, beside a pyramid a passer-by had left
    kiosk = make_kiosk(size=size)
    driver = Driver(kiosk)
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    corner = scene.view.top_rect("p7.1").center  # a card at the foot, far from the middle
    bar = scene.buttons["rules"].rect  # and a button's words, as bright as the cards

    def brightest(rect):
        return max(
            sum(kiosk.surface.get_at((x, rect.centery))[:3]) for x in range(rect.x, rect.right)
        )

    before = kiosk.surface.get_at(corner)
    bar_before = brightest(bar)
    driver.settle(31)
    assert scene.banner.text.startswith("Still playing?\n")  # the question on a line alone
    area, asked = scene.view.area, scene.banner_drawn
    assert abs(asked.centerx - area.centerx) <= 1 and abs(asked.centery - area.centery) <= 1
    assert asked.width >= area.width * 0.6
    after = kiosk.surface.get_at(corner)
    assert sum(after[:3]) < sum(before[:3]) * 0.8  # the cards behind it dimmed
    driver.settle(2)  # and the bars with them, as the seconds go down
    assert brightest(bar) < bar_before * 0.6


def game_rows(kiosk):
    return kiosk.records.history()


# -- no way out ------------------------------------------------------------------------


def test_the_window_s_close_and_alt_f4_do_nothing(kiosk, driver):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frames(2)
    driver.key(pygame.K_F4, pygame.KMOD_ALT)
    assert kiosk.running


def test_f11_does_not_leave_full_screen(kiosk, driver):
    before = kiosk.fullscreen
    driver.key(pygame.K_F11)
    assert kiosk.fullscreen == before and kiosk.running


def test_a_file_dropped_on_a_kiosk_opens_nothing(kiosk, driver, tmp_path):
    import json

    from tests.store.helpers import won_game

    before = kiosk.scene
    sent = tmp_path / "replay.json"
    sent.write_text(json.dumps(won_game().to_replay(result=True)), "utf-8")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(sent)))
    driver.settle(1.0)
    assert kiosk.scene is before and not kiosk.notices


def test_a_replay_its_operator_watched_is_no_help_a_passer_by_had(kiosk):
    # watched on the kiosk's records from the desktop, a deal marked every later
    # passer-by's game of it assisted: "A replay of this deal was watched here"
    from tests.store.helpers import won_game

    kiosk.records.note_watched(won_game())
    assert kiosk.records.deal_help_before(Game("pyramid52", deal=8)) is None


def test_each_game_offered_shows_its_own_table_with_its_options(make_kiosk):
    # the pictures were of each ruleset's defaults: От нечего делать offered with 32
    # cards and 10 piles showed 8 piles of Sixes, and offered twice, one picture twice
    from tests.scenes.driver import Driver

    extra = '[[games]]\nruleset = "nechego"\noptions = { cards = 32, piles = 10 }\n'
    kiosk = make_kiosk(text=CONFIG + extra)
    driver = Driver(kiosk)
    driver.tap((640, 400))
    driver.settle(0.5)
    chooser = kiosk.scene
    assert isinstance(chooser, ChooserScene) and len(chooser.cards) == 4
    from game.render.preview import _CardText

    pictures = []
    for i, card in enumerate(chooser.cards):
        where = _CardText(card, chooser._texts(i), chooser.scale * 1.5).picture
        pictures.append(pygame.image.tobytes(kiosk.surface.subsurface(where), "RGB"))
    assert len(set(pictures)) == 4  # the two От нечего делать's differ, as the others


def test_esc_everywhere_never_quits(kiosk, driver):
    driver.tap((640, 400))  # the attract loop: a touch opens the chooser
    driver.settle(0.5)
    assert isinstance(kiosk.scene, ChooserScene)
    for _ in range(4):
        driver.key(pygame.K_ESCAPE)
        driver.settle(0.5)
        assert kiosk.running
    assert kiosk.scene is not None


def test_the_menu_and_its_quit_never_show_and_quit_does_nothing(kiosk, driver):
    kiosk.switch(lambda: MenuScene(kiosk))
    driver.settle(0.5)
    assert isinstance(kiosk.scene, ChooserScene)  # the chooser stands in for the menu
    kiosk.request_quit()  # what the menu's Quit does
    driver.frames(2)
    assert kiosk.running


@pytest.mark.parametrize("make", ["settings", "records", "watch"])
def test_scenes_not_for_passers_by_become_the_chooser(kiosk, driver, make):
    game = Game("pyramid36", deal=1)
    scenes = {
        "settings": lambda: SettingsScene(kiosk),
        "records": lambda: RecordsScene(kiosk, "pyramid36", {}),
        "watch": lambda: WatchScene(kiosk, [game.to_replay()]),
    }
    kiosk.switch(scenes[make])
    driver.settle(0.5)
    assert isinstance(kiosk.scene, ChooserScene)


def test_the_pointer_shows_only_while_a_mouse_moves(kiosk, driver):
    assert not pygame.mouse.get_visible()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    )
    driver.frames(1)
    assert pygame.mouse.get_visible()
    pygame.event.post(finger(pygame.FINGERDOWN, (640, 400), kiosk.size))
    driver.frames(1)
    assert not pygame.mouse.get_visible()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(9, 9), rel=(1, 1), buttons=(0, 0, 0))
    )
    driver.settle(2.5)
    assert pygame.mouse.get_visible()
    driver.settle(1.0)
    assert not pygame.mouse.get_visible()  # the mouse rests: its pointer hides


def test_a_motion_that_moves_nothing_shows_no_pointer(kiosk, driver):
    # SDL sends one as the window opens: the pointer showed 3 s with nobody at the kiosk
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    )
    driver.frames(1)
    assert not pygame.mouse.get_visible()


# -- idle -------------------------------------------------------------------------------


def test_idle_goes_back_to_the_attract_loop(kiosk, driver):
    driver.tap((640, 400))
    driver.settle(0.5)
    assert isinstance(kiosk.scene, ChooserScene)
    driver.settle(25)
    assert isinstance(kiosk.scene, ChooserScene)  # 30 s is the configured idle time
    driver.settle(6)
    assert isinstance(kiosk.scene, InvitationScene)


def test_touches_keep_the_game_from_idling(kiosk, driver):
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    for i in range(4):
        driver.settle(20)
        pygame.event.post(finger(pygame.FINGERMOTION, (600 + 40 * i, 300), kiosk.size))
        driver.frames(1)
    assert kiosk.scene is scene  # 80 s at the table, never 30 s without a touch


def test_a_card_held_still_in_the_air_keeps_the_game_from_idling(kiosk, driver):
    # "Still playing?" went up over a card held still, and the touch that answered it
    # swallowed the card's drop: it floated over the table
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    start, over = scene.view.top_rect("p7.1").center, scene.view.top_rect("p7.7").center
    pygame.event.post(finger(pygame.FINGERDOWN, start, kiosk.size))
    driver.frames(1)
    for i in range(1, 5):
        pos = (start[0] + (over[0] - start[0]) * i // 4, start[1] + (over[1] - start[1]) * i // 4)
        pygame.event.post(finger(pygame.FINGERMOTION, pos, kiosk.size))
        driver.frames(1)
    assert scene.drag is not None
    driver.settle(45)  # held still past the idle time
    assert scene.banner is None and kiosk.scene is scene
    pygame.event.post(finger(pygame.FINGERUP, over, kiosk.size))
    driver.settle(0.5)
    assert [str(m) for m in scene.game.moves][-1] == "p7.1+p7.7"


def test_a_finger_resting_on_the_glass_does_not_keep_the_kiosk_from_idling(kiosk, driver):
    # a thumb or a palm jiggling a pixel held the chooser on screen for hours, and
    # answered "Still playing?" for ever: the game never ended nor was recorded
    driver.tap((640, 400))
    driver.settle(0.5)
    assert isinstance(kiosk.scene, ChooserScene)
    pygame.event.post(finger(pygame.FINGERDOWN, (1278, 400), kiosk.size, finger_id=7))
    for i in range(8):
        driver.settle(5)
        pygame.event.post(finger(pygame.FINGERMOTION, (1278 - i % 2, 400), kiosk.size, 7))
        driver.frames(1)
    assert getattr(kiosk.scene, "attract", False)  # back to the show
    scene = asked_still_playing(kiosk, driver)
    for i in range(4):
        pygame.event.post(finger(pygame.FINGERMOTION, (1277 + i % 2, 401), kiosk.size, 7))
        driver.frames(1)
    assert scene.banner is not None and scene.banner.text.startswith("Still playing?")


def test_an_abandoned_game_is_ended_and_recorded(kiosk, driver):
    scene = asked_still_playing(kiosk, driver)
    assert len(scene.game.moves) == 1
    driver.settle(STILL_PLAYING_S)
    assert kiosk.scene is not scene and getattr(kiosk.scene, "attract", False)
    (row,) = [r for r in game_rows(kiosk) if r.deal == 8]
    assert row.outcome == "resigned" and row.moves == 1  # the pair; giving up is no move
    assert row.replay["meta"]["abandoned"] and kiosk.records.scores.tables() == []
    assert kiosk.records.unfinished() is None
    assert kiosk.kiosk.games_ended == 1


def test_a_game_taken_back_to_its_deal_and_left_is_ended_too(kiosk, driver):
    # its record stayed "in play" for good: a kiosk has no Continue to end it
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.game.moves == [] and scene.game.undo_count == 1
    driver.settle(31 + STILL_PLAYING_S)
    assert kiosk.scene is not scene
    (row,) = [r for r in game_rows(kiosk) if r.deal == 8]
    assert row.outcome == "resigned" and row.replay["meta"]["abandoned"]
    assert kiosk.records.unfinished() is None and kiosk.records.scores.tables() == []


def test_a_table_left_untouched_is_not_counted_as_a_game_played(kiosk, driver):
    open_table(kiosk, driver, Game("pyramid52", deal=8))
    driver.settle(31 + STILL_PLAYING_S)
    assert all(r.outcome is None for r in game_rows(kiosk))
    assert kiosk.records.statistics("pyramid52").played == 0


def all_rows(kiosk) -> list[tuple[int, int]]:
    return kiosk.records.conn.execute("SELECT deal, moves FROM games ORDER BY id").fetchall()


def test_a_deal_left_untouched_leaves_no_row_behind(kiosk, driver):
    # a verdict seen at the deal saved its row before a move: a third of a kiosk's rows
    # were deals nobody touched, kept "in play" for good, about 1 KB each
    untouched = open_table(kiosk, driver, Game("pyramid52", deal=8))
    untouched._save()  # as a verdict kept at the deal saves it
    assert [tuple(r) for r in all_rows(kiosk)] == [(8, 0)]
    driver.settle(31 + STILL_PLAYING_S)
    assert kiosk.scene is not untouched
    assert all_rows(kiosk) == []
    played = open_table(kiosk, driver, Game("pyramid52", deal=8))
    played._save()
    play_a_pair(driver, played)
    driver.settle(31 + STILL_PLAYING_S)
    (row,) = all_rows(kiosk)
    assert tuple(row) == (8, 1)  # a game played is kept, given up
    assert kiosk.records.statistics("pyramid52").played == 1


def sdl_touch(kiosk, pos):
    """A tap as SDL2 sends it: a mouse motion and a mouse press marked as a touch's, then
    the finger's press; then the lift, both ways."""
    touch = {"touch": True, "pos": pos, "rel": (0, 0), "buttons": (1, 0, 0)}
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, **touch))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, touch=True, pos=pos, button=1))
    pygame.event.post(finger(pygame.FINGERDOWN, pos, kiosk.size))
    pygame.event.post(finger(pygame.FINGERUP, pos, kiosk.size))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, touch=True, pos=pos, button=1))


def test_a_touch_answers_still_playing_and_plays_nothing(kiosk, driver):
    # the touch's mouse motion answered the question and its press, let through, paired
    # the card picked up before with the card touched
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    driver.click(scene.view.top_rect("p7.1").center)
    assert scene.selected == "p7.1"
    driver.settle(31)
    assert scene.banner is not None and scene.banner.text.startswith("Still playing?")
    sdl_touch(kiosk, scene.view.top_rect("p7.7").center)  # p7.1 + p7.7 make 13
    driver.frames(3)
    assert scene.banner is None and len(scene.game.moves) == 1
    driver.settle(STILL_PLAYING_S + 5)
    assert kiosk.scene is scene and not scene.game.over  # the idle time starts again
    sdl_touch(kiosk, scene.view.top_rect("p7.7").center)  # and the next touch plays
    driver.frames(3)
    assert len(scene.game.moves) == 2


def test_the_operator_s_corner_held_while_the_question_is_up_opens_the_pin_pad(kiosk, driver):
    from game.kiosk.pin_pad import PinPadScene

    asked_still_playing(kiosk, driver)
    pygame.event.post(finger(pygame.FINGERDOWN, (5, 5), kiosk.size))
    driver.settle(kiosk.kiosk.config.operator.hold_seconds + 0.5)
    assert isinstance(kiosk.scene, PinPadScene)


def test_a_failure_while_the_question_is_up_leaves_no_question_behind(kiosk, driver):
    # the question stayed "up" in the attract loop: the next passer-by's tap was eaten
    scene = asked_still_playing(kiosk, driver)
    assert kiosk.kiosk.asked_at is not None

    def broken(dt):
        raise RuntimeError("a bug while asking")

    scene.update = broken
    driver.frames(2)
    assert isinstance(kiosk.scene, InvitationScene) and kiosk.kiosk.asked_at is None
    driver.tap((640, 400))
    driver.settle(0.5)
    assert not isinstance(kiosk.scene, InvitationScene)


def test_a_show_that_cannot_start_after_a_failure_ends_as_a_failure(kiosk, driver):
    def broken_show():
        raise RulesError("a level file broken under the kiosk's feet")

    kiosk.kiosk.attract.first_scene = broken_show
    kiosk.switch(lambda: BrokenChooser(kiosk, kiosk.kiosk), fade=False)
    with pytest.raises(KioskFailed) as raised:
        driver.frames(2)
    assert isinstance(raised.value.__cause__, RulesError)


def reading_the_rules(kiosk, driver):
    """A game in play with a pair made, its player gone to the rules: its table."""
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    driver.click(scene.buttons["rules"].rect.center)
    driver.settle(0.5)
    assert isinstance(kiosk.scene, RulesScene)
    return scene


def test_the_kiosk_s_rules_speak_of_touch_not_keys(kiosk, driver):
    # "Scroll: wheel, arrows, drag · Esc: back" on a cabinet with no keyboard or wheel
    reading_the_rules(kiosk, driver)
    rules = kiosk.scene
    # of scrolling only where there is something to scroll
    assert rules.scroll_hint() == ("Scroll: drag the text" if rules.max_scroll > 0 else "")
    rules.max_scroll = 100.0
    assert rules.scroll_hint() == "Scroll: drag the text"
    assert not any("Esc" in line.full for line in rules.lines)


def test_the_ways_on_from_the_rules_and_the_results_are_a_finger_high(kiosk, driver):
    # Back from the rules was 46 px at 1280x800, the one way out by touch; the results'
    # "play again" buttons 50
    from game.ui import theme

    scene = reading_the_rules(kiosk, driver)
    rules = kiosk.scene
    assert rules.back_button.rect.height >= theme.FINGER
    assert kiosk.surface.get_rect().contains(rules.back_button.rect)
    driver.click(rules.back_button.rect.center)
    driver.settle(0.5)
    assert kiosk.scene is scene
    driver.key_twice(pygame.K_g)
    driver.settle(1.0)
    results = kiosk.scene
    if isinstance(results, InitialsScene):
        driver.key(pygame.K_RETURN)
        driver.settle(0.6)
        results = kiosk.scene
    assert isinstance(results, ResultsScene)
    assert all(b.rect.height >= theme.FINGER for b in results.pad.buttons)


def test_a_player_reading_the_rules_is_asked_at_the_table(kiosk, driver):
    # 60 s on the rules ended the game unasked, as given up
    scene = reading_the_rules(kiosk, driver)
    driver.settle(31)
    assert kiosk.scene is scene and scene.banner.text.startswith("Still playing?")
    assert not scene.game.over
    # brought back by the kiosk, the table is no new screen: the question's time runs
    driver.settle(STILL_PLAYING_S + 1)
    assert scene.game.over and getattr(kiosk.scene, "attract", False)


def test_the_demo_left_playing_stops_when_still_playing_is_asked(kiosk, driver):
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    # the solver kept from answering: a demo that won the deal first would end itself
    scene.analysis.ask = lambda: None
    scene.analysis.poll = lambda: False
    scene.analysis.results.clear()
    scene.start_demo()
    driver.settle(31)
    assert not scene.demo and scene.banner.text.startswith("Still playing?")


def test_leaving_a_game_for_another_deal_ends_it_but_its_rules_do_not(kiosk, driver):
    scene = reading_the_rules(kiosk, driver)
    assert not scene.game.over
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    assert kiosk.scene is scene and not scene.game.over
    driver.click(scene.buttons["new"].rect.center)
    assert kiosk.scene is scene  # a game in play is left at a second press
    driver.click(scene.buttons["new"].rect.center)
    driver.settle(1.0)
    assert isinstance(kiosk.scene, TableScene) and kiosk.scene is not scene
    assert scene.game.outcome == "resigned"


def test_the_table_s_menu_asks_then_leads_to_the_chooser_and_ends_the_game(kiosk, driver):
    # one tap on Menu, beside Rules, ended a passer-by's game unasked
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    driver.click(scene.buttons["menu"].rect.center)
    driver.settle(0.5)
    assert kiosk.scene is scene and not scene.game.over
    assert scene.status == "Press “Games” again to end this game."
    assert scene.buttons["menu"].label == "Games"  # a kiosk has no menu
    driver.click(scene.buttons["menu"].rect.center)
    driver.settle(0.5)
    assert isinstance(kiosk.scene, ChooserScene)
    assert scene.game.outcome == "resigned"


def test_a_finished_game_shows_its_results_then_idles_back_to_the_show(make_kiosk):
    from tests.scenes.driver import Driver

    kiosk = make_kiosk("ask_initials = false\n")
    driver = Driver(kiosk)
    scene = won_to_the_results(kiosk, driver)  # no initials asked: straight to the results
    assert kiosk.scene.pad.get("export") is None and kiosk.scene.pad.get("new") is not None
    # no "your progress, game by game": a kiosk's games are strangers'
    assert not kiosk.scene.shows_progress and kiosk.scene.chart_h == 0
    (entry,) = kiosk.records.scores.top(kiosk.records.table_for(scene.game, scene.facts))
    assert entry.initials == NO_INITIALS
    driver.settle(20)
    assert isinstance(kiosk.scene, ResultsScene)
    driver.settle(12)
    assert getattr(kiosk.scene, "attract", False)


def ask_initials(kiosk, driver, last: str = "") -> list[str]:
    """The initials asked for a first place; the list gets what they are entered as."""
    kept: list[str] = []

    def done(initials):
        kept.append(initials)
        return ChooserScene(kiosk, kiosk.kiosk)

    kiosk.switch(lambda: InitialsScene(kiosk, "New!", "Place 1", last, done))
    driver.settle(0.5)
    return kept


def test_initials_start_blank_and_a_player_who_walks_away_keeps_the_place(kiosk, driver):
    kiosk.records.set_initials("ZZZ")  # the last player's
    kept = ask_initials(kiosk, driver, kiosk.records.initials)
    assert isinstance(kiosk.scene, InitialsScene)
    assert kiosk.scene.initials == "AAA"  # not the last player's letters
    assert kiosk.scene.keys_drawn is None  # a kiosk has no keys to name
    driver.settle(31)
    # not under the letters shown to start with: "AAA" on a public table reads as a player
    assert kept == [NO_INITIALS]
    assert isinstance(kiosk.scene, InvitationScene)


def test_a_player_who_chose_letters_and_walked_away_keeps_them(kiosk, driver):
    kept = ask_initials(kiosk, driver)
    kiosk.scene.type_letter("Ж")
    driver.settle(31)
    assert kept == ["ЖAA"]


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("ХУЙ", NO_INITIALS),
        ("XYЙ", NO_INITIALS),
        ("ASS", NO_INITIALS),
        ("АSS", NO_INITIALS),
        ("ЖУК", "ЖYK"),  # on an English wheel У and К are its Y and K, drawn alike
        ("ABC", "ABC"),
        ("C0K", NO_INITIALS),  # digits for the letters they look like
        ("A55", NO_INITIALS),
        ("F4G", NO_INITIALS),
        ("D1K", NO_INITIALS),
        ("ПИ3", NO_INITIALS),  # and for the Cyrillic letters they look like
        ("Е6А", NO_INITIALS),
        ("XУ1", "XY1"),
        ("R2D", "R2D"),
    ],
)
def test_a_public_table_hides_swear_words(kiosk, driver, typed, shown):
    kept = ask_initials(kiosk, driver)
    for letter in typed:
        kiosk.scene.type_letter(letter)
    kiosk.scene.accept()
    driver.settle(0.5)
    assert kept == [shown]


def test_initials_the_operator_lists_are_entered_hidden(make_kiosk):
    kiosk = make_kiosk('hide_initials = ["BUM"]\n')
    driver = Driver(kiosk)
    kept = ask_initials(kiosk, driver)
    for letter in "ВUМ":  # its Cyrillic look-alike, as the built-in list is read
        kiosk.scene.type_letter(letter)
    kiosk.scene.accept()
    driver.settle(0.5)
    assert kept == [NO_INITIALS]


# -- failures ---------------------------------------------------------------------------


class Broken(Scene):
    def update(self, dt):
        raise RuntimeError("a bug in a scene")


class BrokenChooser(ChooserScene):  # a scene a kiosk shows, with a bug
    def update(self, dt):
        raise RuntimeError("a bug in a scene")


def test_a_failing_scene_is_logged_and_the_show_goes_on(kiosk, driver, home, tmp_path):
    handler = install_log_file(tmp_path / "piramida.log")
    try:
        scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
        play_a_pair(driver, scene)
        kiosk.switch(lambda: BrokenChooser(kiosk, kiosk.kiosk))
        driver.settle(1.0)
    finally:
        remove_log_file(handler)
    assert isinstance(kiosk.scene, InvitationScene) and kiosk.running
    text = (tmp_path / "piramida.log").read_text()
    assert "kiosk: BrokenChooser failed; back to the attract loop" in text
    assert "Traceback" in text and "RuntimeError: a bug in a scene" in text
    assert scene.game.outcome == "resigned"  # the game in play was ended and kept


def test_touch_works_after_a_scene_failed_on_a_tap_whose_lift_was_lost(kiosk, driver):
    calls = []

    class FailingOnce(InvitationScene):
        def handle_event(self, event):
            if event.type == POINTER_DOWN and not calls:
                calls.append(event)
                raise RuntimeError("a bug in a scene's input")
            return super().handle_event(event)

    kiosk.switch(lambda: FailingOnce(kiosk, kiosk.kiosk.attract), fade=False)
    driver.frames(1)
    # a quick tap: down and up in one frame; the down fails, the up is lost with the frame
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(finger(kind, (640, 400), kiosk.size, finger_id=7))
    driver.frames(1)
    driver.settle(0.5)
    assert calls and isinstance(kiosk.scene, InvitationScene) and kiosk.running
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):  # the next passer-by's tap
        pygame.event.post(finger(kind, (640, 400), kiosk.size, finger_id=8))
    driver.frames(2)
    driver.settle(1.0)
    assert not isinstance(kiosk.scene, InvitationScene)  # it starts a game


@pytest.mark.parametrize("error", [RuntimeError, RulesError])
def test_failing_again_and_again_ends_the_process_for_a_fresh_start(kiosk, driver, error):
    # never as the error itself: a RulesError went up to the command line, which answers
    # a bad file with status 2; the service manager is told not to restart on 2, and the
    # screen stayed on the desktop
    class AlwaysBroken(InvitationScene):
        def draw(self, surface, alpha):
            raise error("broken for good")

    kiosk.kiosk.attract.first_scene = lambda: AlwaysBroken(kiosk, kiosk.kiosk.attract)
    kiosk.switch(lambda: BrokenChooser(kiosk, kiosk.kiosk), fade=False)
    with pytest.raises(KioskFailed, match="failures in") as raised:
        driver.frames(CRASH_LIMIT + 2)
    cause = raised.value.__cause__
    assert isinstance(cause, error) and "broken for good" in str(cause)  # what went wrong


def test_outside_a_kiosk_a_failing_scene_is_a_bug_that_goes_up(app, driver_plain):
    app.switch(lambda: Broken(app), fade=False)
    with pytest.raises(RuntimeError, match="a bug in a scene"):
        driver_plain.frames(2)


@pytest.fixture
def app(home):
    from game.app import App
    from game.clock import ManualClock

    application = App(size=(1280, 800), clock=ManualClock())
    yield application
    application.solver.close()
    pygame.display.quit()


@pytest.fixture
def driver_plain(app):
    from tests.scenes.driver import Driver

    return Driver(app)


def test_the_demo_table_is_never_recorded(kiosk, driver):
    kiosk.kiosk.attract.deal = 8  # as if found winnable
    kiosk.kiosk.attract.show_demo()
    driver.settle(2)
    assert isinstance(kiosk.scene, DemoTableScene) and kiosk.scene.demo
    assert kiosk.records.history() == []


def test_notices_are_logged_not_kept(kiosk, driver, caplog):
    kiosk.notices.append("No winnable deal was found quickly: here is a random one.")
    with caplog.at_level(logging.WARNING, logger="game.kiosk.policy"):
        driver.frames(1)
    assert kiosk.notices == []
    assert "No winnable deal" in caplog.text


def test_a_win_cut_short_by_a_restart_keeps_its_place_without_anyone_s_letters(make_kiosk):
    from game.store import GameFacts, Records
    from tests.scenes.driver import Driver

    records = Records.open()
    records.set_initials("ZZZ")  # the last player's, long gone
    won = Game("pyramid52", deal=8)
    for move in DEAL_8_WIN:
        won.play(move)
    records.save_game(won, GameFacts(seconds=50.0))  # the kiosk stopped in its celebration
    records.close()
    kiosk = make_kiosk()
    (key,) = kiosk.records.scores.tables()
    assert kiosk.records.scores.best(key).initials == NO_INITIALS
    (notice,) = kiosk.notices
    assert str(notice).startswith(
        "Place 1 in the table for Pyramid 52, deal 8, was recorded under ---"
    )
    Driver(kiosk).frames(1)
    assert kiosk.notices == []  # to the log: nobody reads a menu here


def test_the_example_s_pin_left_unchanged_is_said_at_the_start(make_kiosk, caplog):
    # the best-known PIN of all, copied from the example with "CHANGE IT" beside it, was
    # taken without a word
    with caplog.at_level("WARNING", logger="game.kiosk.policy"):
        make_kiosk()
    assert any("the operator's PIN is the example's (2580)" in r.message for r in caplog.records)
    caplog.clear()
    with caplog.at_level("WARNING", logger="game.kiosk.policy"):
        make_kiosk(text=CONFIG.replace('pin = "2580"', 'pin = "7391"'))
    assert not any("PIN" in r.message for r in caplog.records)


def test_games_left_in_play_by_a_crash_are_ended_at_the_next_start(make_kiosk, home):
    # killed mid-game (a power cut), a kiosk left the game "in play" for good, with its
    # file of open games: it has no Continue to end it
    from game.store import DAILY, GameFacts, Records

    records = Records.open()
    games = []
    for deal, mode in ((5, "free"), (6, DAILY), (7, "free")):
        left, facts = Game("sbudetsya", deal=deal), GameFacts(mode=mode)
        for _ in range(4):
            left.play(next(iter(left.legal_moves)))
        records.save_game(left, facts)
        games.append(facts.record_id)
    assert (home / "data" / "open-games" / str(games[0])).exists()
    # the third's row no longer as its replay says (edited): its save would miss it
    records.conn.execute("UPDATE games SET started_at = '2020-01-01' WHERE id = ?", (games[2],))
    records.holds.release_all()  # the process died: its locks went with it
    records.conn.close()
    for _ in range(2):  # a second start finds nothing more to end
        kiosk = make_kiosk()
        rows = {row.id: row for row in kiosk.records.history()}
        assert sorted(rows) == games  # no game added
        assert rows[games[0]].outcome == "resigned" and rows[games[0]].moves == 4
        # a kiosk plays free games: a player's day's deal, tried on their records, stays
        assert rows[games[1]].outcome is None and rows[games[2]].outcome is None
        assert not (home / "data" / "open-games" / str(games[0])).exists()
        assert kiosk.records.scores.tables() == []  # given up by the kiosk: no place
        kiosk.records.close()


def test_a_damaged_score_entry_is_passed_over_and_the_passer_by_takes_a_place(make_kiosk):
    from game.store import FREE, Records, TableKey
    from tests.scenes.driver import Driver

    records = Records.open()
    key = TableKey.of(FREE, "pyramid52", Game("pyramid52", deal=1).options)
    records.conn.execute(
        """INSERT INTO scores (board, ruleset, options, deal, initials, remaining_cards,
        remaining_points, seconds, moves, replay, created_at)
        VALUES (?, ?, ?, 1, 'ABC', 0, 0, 60.0, 30, '{broken', '2026-01-01')""",
        (key.board, key.ruleset, key.options),
    )
    records.close()
    kiosk = make_kiosk()
    driver = Driver(kiosk)
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    driver.click(scene.buttons["resign"].rect.center)
    driver.click(scene.buttons["resign"].rect.center)  # giving up asks twice
    driver.settle(1.0)
    # the damaged entry is passed over: the table is empty to the game, which enters it
    from game.scenes.initials import InitialsScene

    assert isinstance(kiosk.scene, InitialsScene) and kiosk.kiosk.crashes == []


def test_a_log_file_that_cannot_be_opened_is_said_and_the_kiosk_runs_on(tmp_path, caplog):
    taken = tmp_path / "piramida.log"
    taken.mkdir()  # a folder where the file should be: no file can be opened there
    with caplog.at_level(logging.ERROR):
        assert install_log_file(taken) is None
    assert "no log file, the log goes on without it" in caplog.text
    assert all(getattr(h, "baseFilename", None) != str(taken) for h in logging.getLogger().handlers)


def test_a_game_walked_away_from_at_no_moves_left_keeps_its_place(kiosk, driver):
    from tests.store.helpers import random_game

    game = random_game("pyramid36", 2, 1000, end=False)  # over: no moves left
    last = str(game.moves[-1])
    game.undo()
    scene = open_table(kiosk, driver, game)
    click_move(driver, scene, last)  # the passer-by's last move ends it
    driver.settle(1.0)
    assert scene.game.over and "No moves left." in scene.banner.text
    driver.settle(31)  # and walks away
    assert getattr(kiosk.scene, "attract", False)
    (key,) = kiosk.records.scores.tables()
    (entry,) = kiosk.records.scores.top(key)
    assert entry.initials == NO_INITIALS and entry.figures.remaining_cards == 12


def test_a_screen_that_comes_up_untouched_gets_the_whole_idle_time(kiosk, driver):
    # a win's initials came up after its cascade (8 s untouched) and were taken away
    # 7 s later with the minimum idle time; the PIN pad lost its 5 s hold too
    driver.settle(25)  # untouched, in the attract loop: that is no one's time
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    driver.settle(20)  # the last touch 20 s ago; then the game itself moves on
    kept = ask_initials(kiosk, driver)
    driver.settle(25)
    assert isinstance(kiosk.scene, InitialsScene) and kept == []  # 30 s is the idle time
    driver.settle(6)
    assert kept == [NO_INITIALS]


@pytest.mark.parametrize("size", [(1024, 768), (800, 600), (1920, 1080), (1080, 1920)])
def test_a_kiosk_table_s_buttons_take_a_fingertip_at_any_size(make_kiosk, size):
    # at 1024x768 they were 34 px high, where the chooser keeps 60 for a finger
    from game.ui import theme
    from tests.scenes.driver import Driver

    kiosk = make_kiosk()
    kiosk.surface = pygame.display.set_mode(size)
    kiosk._resized()
    scene = open_table(kiosk, Driver(kiosk), Game("pyramid52", deal=8))
    assert scene.buttons and all(b.rect.height >= theme.FINGER for b in scene.buttons.values())
    assert scene.view is not None and scene.view.area.height > size[1] // 2  # room to play
    # and their words in one size: each fitted alone, the row read in two
    sizes = []
    real = Button.draw

    def recording(button, surface, text_size):  # type: ignore[no-untyped-def]
        sizes.append(button.fitting_size(text_size))
        return real(button, surface, text_size)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Button, "draw", recording)
        scene.hud.draw_bottom(kiosk.surface)
    assert len(sizes) == len(scene.buttons) and len(set(sizes)) == 1


def test_a_kiosk_hidden_plays_on_at_full_rate(kiosk):
    # a desktop window that cannot be seen slows down (game.app.HIDDEN_FPS); a kiosk's
    # show is for passers-by, whatever covered it a moment
    kiosk.handle_event(pygame.event.Event(pygame.WINDOWHIDDEN))
    assert kiosk.hidden and kiosk.frame_rate() >= 60


@pytest.mark.parametrize("size", [(1024, 768), (768, 1024)])
def test_a_banner_s_buttons_and_the_chooser_s_back_are_a_fingertip_high(make_kiosk, size):
    # the fortune's first press, "I have made my wish", was 35 px high; Back 45 px
    from game.kiosk.chooser import ChooserScene
    from game.ui import theme

    kiosk = make_kiosk(size=size)
    driver = Driver(kiosk)
    scene = open_table(kiosk, driver, Game("sbudetsya", deal=3))
    assert scene.banner is not None and scene.banner.buttons  # the wish is asked for
    driver.frames(1)
    for button in scene.banner.buttons:
        assert button.rect.height >= theme.FINGER
        assert scene.banner_drawn.contains(button.rect)
    kiosk.switch(lambda: ChooserScene(kiosk, kiosk.kiosk), fade=False)
    driver.frames(1)
    back = kiosk.scene.pad.get("back").rect
    assert back.height >= theme.FINGER and kiosk.surface.get_rect().contains(back)
    assert all(back.bottom < card.top for card in kiosk.scene.cards)


def test_a_kiosk_that_lost_its_focus_keeps_its_clock_running(kiosk, driver):
    # a notification took the focus, nothing gave it back, and every later game's clock
    # stood at 0:00: its time short in the tables
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    before = scene.seconds
    driver.settle(3.0)
    assert scene.seconds - before > 2.5
    # hidden: stopped (SDL says the focus was lost last, after hidden and minimised)
    for kind in (pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED, pygame.WINDOWFOCUSLOST):
        pygame.event.post(pygame.event.Event(kind))
    driver.settle(0.5)
    before = scene.seconds
    driver.settle(2.0)
    assert scene.seconds == before
    driver.click(scene.view.top_rect("p7.1").center)  # someone is at it again
    driver.settle(2.0)
    assert scene.seconds - before > 1.5


def test_a_kiosk_s_failed_save_goes_to_its_log_not_to_a_passer_by(kiosk, driver, monkeypatch):
    import sqlite3

    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))

    def failing(*args):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(kiosk.records.games, "save", failing)
    play_a_pair(driver, scene)
    driver.settle(1.0)
    assert "could not be saved" not in scene.status


def test_a_kiosk_hidden_shows_itself_again_and_says_so_once(kiosk, driver, monkeypatch, caplog):
    # a window manager's "show desktop" hid it for good: a black screen, taps lost
    import game.kiosk.policy as policy

    shown = []
    monkeypatch.setattr(policy, "bring_back_window", lambda: shown.append(kiosk.clock.now()))
    driver.settle(1.0)
    assert shown == []
    hidden_at = kiosk.clock.now()
    with caplog.at_level(logging.WARNING, logger="game.kiosk.policy"):
        pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
        driver.settle(1.5)
        assert shown == []  # a moment: not fought over with whoever hid it
        driver.settle(1.0)
        assert len(shown) == 1 and shown[0] - hidden_at >= policy.HIDDEN_BACK_S
        driver.settle(4.5)  # still hidden: tried again, not said again
        assert len(shown) == 3
        pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
        driver.settle(3.0)
        assert len(shown) == 3
    said = [r for r in caplog.records if "hidden" in r.getMessage()]
    assert len(said) == 1


def test_a_kiosk_closed_on_the_initials_keeps_the_place_as_no_one_s(make_kiosk):
    # left before a letter was chosen (SIGTERM, a restart), the blank letters that the
    # kiosk shows are no passer-by's
    from game.store import GameFacts
    from game.store.scores import NO_INITIALS
    from tests.store.helpers import won_game

    kiosk = make_kiosk(extra="ask_initials = true")
    game, facts = won_game(), GameFacts(seconds=40.0)
    kiosk.records.save_game(game, facts)

    def enter(initials):
        kiosk.records.add_game_score(game, facts, initials)
        return ChooserScene(kiosk, kiosk.kiosk)

    kiosk.switch(lambda: InitialsScene(kiosk, "t", "s", "ZZZ", enter, game_id=facts.record_id))
    Driver(kiosk).settle(1.0)
    assert isinstance(kiosk.scene, InitialsScene) and kiosk.scene.initials == "AAA"
    kiosk.scene.exit()
    (key,) = kiosk.records.tables()
    assert [e.initials for e in kiosk.records.top(key)] == [NO_INITIALS]


def test_a_finger_jiggling_on_the_glass_lets_still_playing_run_out(kiosk, driver):
    # each jiggle answered "Still playing?" and it was asked again: the game never ended
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    pygame.event.post(finger(pygame.FINGERDOWN, (1278, 400), kiosk.size, finger_id=7))
    driver.frames(1)
    asked = False
    for i in range(31 + int(STILL_PLAYING_S) + 5):
        driver.settle(1)
        asked = asked or (scene.banner is not None and scene.banner.text.startswith("Still"))
        pygame.event.post(finger(pygame.FINGERMOTION, (1277 + i % 2, 401), kiosk.size, 7))
        driver.frames(1)
    assert asked
    assert scene.game.over and kiosk.scene is not scene


@pytest.mark.parametrize("on", ["card", "button"])
def test_the_touch_that_answers_still_playing_leaves_nothing_held(kiosk, driver, on):
    # a thumb resting on a card (or a button) while another finger answered the question:
    # the answer kept the first lift from the table, which held its press after every
    # finger had left the glass
    scene = open_table(kiosk, driver, Game("pyramid52", deal=8))
    play_a_pair(driver, scene)
    rest = (
        scene.view.top_rect("p7.1").center if on == "card" else scene.buttons["rules"].rect.center
    )
    driver.finger(pygame.FINGERDOWN, rest, finger_id=1)
    driver.settle(31)
    assert scene.banner is not None and scene.banner.text.startswith("Still playing?")
    driver.finger(pygame.FINGERDOWN, (1100, 400), finger_id=2)
    driver.finger(pygame.FINGERUP, rest, finger_id=1)
    driver.finger(pygame.FINGERUP, (1100, 400), finger_id=2)
    driver.frames(3)
    assert (scene.press, scene.drag, scene.held_button) == (None, None, None)
    assert kiosk.scene is scene and scene.banner is None
