"""The start screen's choice carried through to the game dealt: options, deal numbers, the
deal of the day, Continue, the keypad and the focus ring, as README and PLAYERS.md promise."""

import pygame
import pytest

from game.scenes.menu import MenuScene
from tests.scenes.test_menu import click, leave_a_game, on_table, open_menu, tab_to

pytestmark = pytest.mark.usefixtures("english")


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """How far apart two buttons' centres lie, squared."""
    return (a.centerx - b.centerx) ** 2 + (a.centery - b.centery) ** 2


def press(driver, scene, key: str) -> None:
    """A click on the button `key`, and the scene it opens come up."""
    click(driver, scene, key)
    driver.settle(0.6)


def test_a_typed_deal_is_dealt_with_the_options_chosen(app, driver):
    # the options' toggles were pinned for a random deal only: a typed number is the
    # other road to a game, and must carry the options chosen beside it
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    click(driver, scene, "option:passes=3")
    for key in (pygame.K_5, pygame.K_1):
        driver.key(key)
    click(driver, scene, "play")
    game = scene.started
    assert game.ruleset.id == "pyramid36" and game.deal_number == 51
    assert game.options == {"passes": 3}
    on_table(driver, app, game)


def test_deal_0_can_be_typed_and_leading_zeros_take_no_digit(app, driver):
    # deal 0 is a deal like any other (the spec's own example); a zero before the
    # first other digit means nothing and would eat one of the field's ten places
    scene = open_menu(app, driver)
    driver.key(pygame.K_0)
    assert scene.deal_text == "0" and scene.deal == 0
    assert scene.pad.get("clear").enabled
    driver.key(pygame.K_0)
    assert scene.deal_text == "0"
    driver.key(pygame.K_7)
    assert scene.deal_text == "7"
    driver.key(pygame.K_BACKSPACE)
    driver.key(pygame.K_0)
    click(driver, scene, "play")
    assert scene.started.deal_number == 0
    on_table(driver, app, scene.started)


def test_delete_clears_the_whole_deal_number(app, driver):
    # README: Backspace takes one digit back, Delete clears the number
    scene = open_menu(app, driver)
    for key in (pygame.K_4, pygame.K_2, pygame.K_7):
        driver.key(key)
    driver.key(pygame.K_DELETE)
    assert scene.deal_text == "" and scene.deal is None
    assert not scene.pad.get("clear").enabled


def test_enter_after_backspace_plays_the_deal_left_wherever_the_ring_is(app, driver):
    # Backspace is typing the number too: Enter right after it plays what is left,
    # not the button the ring was left on
    scene = open_menu(app, driver)
    tab_to(driver, scene, "arcade")
    for key in (pygame.K_4, pygame.K_2, pygame.K_BACKSPACE, pygame.K_RETURN):
        driver.key(key)
    assert scene.started is not None and scene.started.deal_number == 4


def test_a_patience_chosen_again_keeps_the_options_chosen_for_it(app, driver):
    # the choice is kept per patience: a look at another one does not reset it
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:sbudetsya")
    click(driver, scene, "option:passes=2")
    click(driver, scene, "ruleset:pyramid36")
    assert scene.options == {"passes": 1}  # not Сбудется's choice
    click(driver, scene, "ruleset:sbudetsya")
    assert scene.options["passes"] == 2
    assert scene.pad.get("option:passes=2").selected


def test_the_deal_of_the_day_is_dealt_with_the_options_chosen(app, driver):
    # each patience and options has its own day's table (README), and its button is
    # labelled from the options chosen: the game it deals must be of those options
    from game.store import DAILY
    from game.store.daily import today_deal

    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    click(driver, scene, "option:passes=3")
    press(driver, scene, "daily")
    table = app.scene
    assert table.game.deal_number == today_deal() and table.facts.mode == DAILY
    assert table.game.options == {"passes": 3}


def test_play_of_today_s_number_seen_in_another_patience_asks_nothing(app, driver):
    # seen in От нечего делать, Сбудется's day's deal is out of its table already
    # ("seen before"): Play of its number loses nothing, so it does not ask (От нечего
    # делать's day's game ended: in play, it would lose its table, and Play asks)
    from game.rules import Game
    from game.store import DAILY, GameFacts
    from game.store.daily import today_deal

    played = Game("nechego", deal=today_deal())
    played.play(played.stock_move)
    played.resign()
    app.records.save_game(played, GameFacts(mode=DAILY))
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:sbudetsya")
    assert scene.pad.get("daily").label == "Deal of the day: seen before"
    scene.deal_text = str(today_deal())
    click(driver, scene, "play")
    assert scene.play_asked == 0
    assert scene.started is not None and scene.started.deal_number == today_deal()


def test_play_of_today_s_number_asks_while_another_patience_s_day_game_of_it_is_in_play(
    app, driver
):
    # Сбудется lays out От нечего делать's day's deal alike: played now, its cards seen,
    # От нечего делать's day's game left in play stays out of its table when it ends
    from game.rules import Game
    from game.store import DAILY, GameFacts
    from game.store.daily import today_deal

    left = Game("nechego", deal=today_deal())
    left.play(left.stock_move)
    app.records.save_game(left, GameFacts(mode=DAILY))
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:sbudetsya")
    scene.deal_text = str(today_deal())
    click(driver, scene, "play")
    assert scene.play_asked > 0 and scene.started is None


def test_continue_opens_the_game_it_offers_for_the_patience_chosen(app, driver):
    # two games left: Continue offers the chosen patience's one, not the latest, and
    # its press must open that very game
    leave_a_game(app, "pyramid52")
    leave_a_game(app, "pyramid36")  # left last
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    assert scene.records.unfinished.ruleset == "pyramid52"
    press(driver, scene, "continue")
    assert type(app.scene).__name__ == "TableScene"
    assert app.scene.game.ruleset.id == "pyramid52" and app.scene.game.deal_number == 8


def test_tab_and_the_arrows_pass_clear_while_there_is_nothing_to_clear(app, driver):
    # a button that does nothing is not a stop for the ring (its Enter did nothing)
    scene = open_menu(app, driver)
    assert not scene.pad.get("clear").enabled
    driver.key(pygame.K_TAB)
    ringed = set()
    for _ in range(60):
        driver.key(pygame.K_TAB)
        ringed.add(scene.pad.focus_key)
    assert "play" in ringed and "clear" not in ringed
    tab_to(driver, scene, "play")
    driver.key(pygame.K_UP)
    assert scene.pad.focus_key != "clear" and scene.pad.focused.enabled


def test_clear_pressed_by_a_key_leaves_the_ring_on_a_button_that_works(app, driver):
    # Clear goes off once the number is cleared: the ring may not stay on it, where
    # Enter and Space do nothing, nor jump to Records in the far corner, where the next
    # Enter opened another screen: it goes to the button nearest
    scene = open_menu(app, driver)
    driver.key(pygame.K_4)
    tab_to(driver, scene, "clear")
    clear = scene.pad.get("clear").rect
    driver.key(pygame.K_SPACE)
    assert scene.deal_text == ""
    ringed = scene.pad.focused
    assert ringed is not None and ringed.enabled and ringed.key != "records"
    others = [b for b in scene.pad.buttons if b.enabled and b is not ringed]
    assert all(gap(ringed.rect, clear) <= gap(b.rect, clear) for b in others)


def test_enter_on_the_keypad_presses_the_key_ringed_cancel_too(app, driver):
    # a keyboard player who rings Cancel and presses Enter leaves the number as it was
    scene = open_menu(app, driver)
    for key in (pygame.K_4, pygame.K_2):
        driver.key(key)
    driver.tap(scene.deal_field.center)
    driver.settle(0.6)
    keypad = app.scene
    driver.key(pygame.K_9)
    assert keypad.entry == "429"
    tab_to(driver, keypad, "cancel")
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    assert isinstance(app.scene, MenuScene) and app.scene.deal == 42


class AnsweringSolver:
    """A solver worker that answers the first search with deal 77 at once."""

    running = True

    def __init__(self):
        self.asked = []
        self.answered = False

    def submit(self, kind, **payload):
        self.asked.append(payload)
        return len(self.asked)

    def poll(self):
        if self.asked and not self.answered:
            self.answered = True
            return [{"id": 1, "deal": 77}]
        return []

    def close(self):
        pass


def test_winnable_deals_only_searches_and_deals_the_options_chosen(app, driver):
    # the deal found is proved winnable for the options it was searched with: it must
    # be searched with the chosen ones, and dealt with them
    app.solver.close()
    app.solver = AnsweringSolver()
    app.settings.winnable_only = True
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    click(driver, scene, "option:passes=3")
    click(driver, scene, "play")
    driver.settle(1.0)
    assert app.solver.asked and app.solver.asked[0]["options"] == {"passes": 3}
    table = app.scene
    assert type(table).__name__ == "TableScene"
    assert table.game.deal_number == 77 and table.game.options == {"passes": 3}


def test_enter_on_an_option_chosen_by_the_arrows_plays(app, driver):
    # Right chose three passes; Enter then did nothing, Play three Tabs away
    from tests.scenes.test_menu import open_menu, tab_to

    scene = open_menu(app, driver)
    scene.select("pyramid52")
    tab_to(driver, scene, "option:passes=1")
    driver.key(pygame.K_RIGHT)
    assert scene.pad.focus_key == "option:passes=3" and scene.options["passes"] == 3
    driver.key(pygame.K_RETURN)
    assert scene.started is not None and scene.started.ruleset.id == "pyramid52"
    assert scene.started.options["passes"] == 3


@pytest.mark.parametrize("size", [(1280, 800), (1080, 1920)])
def test_up_from_the_options_reaches_continue_above_them(app, driver, size):
    # Continue's bar stands over the options' panel: Up from the options went across
    # to the list of patiences, and Continue was reached by Tab alone

    leave_a_game(app, "devils-bridge")
    driver.resize(size)
    scene = open_menu(app, driver)
    tab_to(driver, scene, "option:draw=1")
    for _ in range(6):
        driver.key(pygame.K_UP)
        if scene.pad.focus_key == "continue":
            break
        assert not scene.pad.focus_key.startswith("ruleset:"), scene.pad.focus_key
    assert scene.pad.focus_key == "continue"
    assert scene.ruleset.id == "devils-bridge"
