"""The table's input as a player feels it, pinned where a change of the input modules
went unnoticed by the other tests: how far a mouse or a finger moves before a card is
lifted, and what a press, a drag, a tap, a key sends where."""

import pygame
import pytest

from game.rules import Game
from game.scenes.table_pointer import DRAG_START_PX
from tests.scenes.test_table import centre, open_table
from tests.scenes.test_table_keys import tab_to

pytestmark = pytest.mark.usefixtures("english")


def test_a_mouse_moved_eight_pixels_has_lifted_the_card(app, driver):
    # a drag follows the hand from its first few pixels: a card that stayed put for a
    # finger's width felt stuck under the mouse
    scene = open_table(app, driver, Game("egyptian", deal=0))
    start = centre(scene, "t4")
    driver.mouse(pygame.MOUSEBUTTONDOWN, start)
    driver.mouse(pygame.MOUSEMOTION, (start[0] + 8, start[1]))
    assert scene.drag is not None and scene.drag.pile == "t4"


def test_a_finger_that_wobbles_ten_pixels_taps_and_lifts_no_card(app, driver):
    # a finger wobbles more than a mouse: ten pixels off, its tap still picks the card up
    # where it lies (no card flies off under the thumb)
    scene = open_table(app, driver, Game("egyptian", deal=0))
    start = centre(scene, "t4")
    driver.finger(pygame.FINGERDOWN, start)
    driver.finger(pygame.FINGERMOTION, (start[0] + 10, start[1]))
    assert scene.drag is None and scene.press is not None
    driver.finger(pygame.FINGERUP, (start[0] + 10, start[1]))
    assert scene.game.moves == [] and scene.selected == "t4"


def test_a_double_click_whose_second_press_slips_still_sends_the_card_home(app, driver):
    # the second press of a quick two moved ten pixels (past the drag's start, short of
    # a drop): still the double click, and the card goes home as README promises
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    start = centre(scene, "t2")
    slipped = (start[0] + 10, start[1])
    driver.mouse(pygame.MOUSEBUTTONDOWN, start)
    driver.mouse(pygame.MOUSEBUTTONUP, start)
    driver.mouse(pygame.MOUSEBUTTONDOWN, start)
    driver.mouse(pygame.MOUSEMOTION, slipped)
    assert scene.drag is not None  # the card was lifted by the slip
    driver.mouse(pygame.MOUSEBUTTONUP, slipped)
    assert [str(m)[:4] for m in game.moves] == ["t2>f"]


def test_a_card_moved_less_than_half_its_width_marks_no_place_to_drop(app, driver, monkeypatch):
    # let go there, it is the click the press began: a neighbour lit up as the place it
    # would go told the player a drop that never comes
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    marks = []  # the places marked, as drawn
    real = scene.view.draw_mark

    def recording(surface, rect, *args, **kwargs):
        marks.append(tuple(rect))
        return real(surface, rect, *args, **kwargs)

    monkeypatch.setattr(scene.view, "draw_mark", recording)
    four, above = scene.view.top_rect("t4"), scene.view.top_rect("f4")
    step = four.top - above.bottom + 16  # the card held now overlaps f4's place
    assert DRAG_START_PX < step < four.width // 2
    start = four.center
    driver.mouse(pygame.MOUSEBUTTONDOWN, start)
    marks.clear()
    driver.mouse(pygame.MOUSEMOTION, (start[0], start[1] - step))
    driver.frames(2)
    assert scene.drag is not None and tuple(above) not in marks  # f4's place unmarked
    driver.mouse(pygame.MOUSEBUTTONUP, (start[0], start[1] - step))
    assert game.moves == [] and scene.selected == "t4"  # the click's, not a drop's


def test_a_covered_pyramid_card_pressed_and_moved_is_not_lifted(app, driver):
    # only a free card follows the hand: the apex under the whole pyramid stays put,
    # and let go on a card it plays nothing and says nothing
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    assert not game.movable("p1.1")
    start, to = centre(scene, "p1.1"), centre(scene, "p7.2")
    driver.hold_over(start, to)
    assert scene.drag is None
    driver.mouse(pygame.MOUSEBUTTONUP, to)
    driver.settle(0.3)
    assert game.moves == [] and scene.selected is None and scene.status == ""


def test_up_with_no_place_above_a_card_in_hand_steps_back_in_table_order(app, driver):
    # README: with a card picked up, an arrow with no place that way steps to the next;
    # Up, as Left, steps back: from the first foundation to the last pile, not on
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    tab_to(driver, scene, "t2")
    driver.key(pygame.K_RETURN)  # 2♦ picked up: the piles and foundations it can go to
    assert scene.selected == "t2"
    driver.key(pygame.K_UP)
    assert scene.keys.focus == "f2"
    places = scene._focusable()
    driver.key(pygame.K_UP)  # nothing above f2 that takes 2♦
    assert scene.keys.focus == places[places.index("f2") - 1] == "t8"


def test_an_arrow_from_a_card_left_behind_goes_to_the_nearest_place_of_the_card_clicked(
    app, driver
):
    # the focus on t1's card, then 3♦ (t4) picked up by the mouse: Left, where neither
    # of its places lies, goes to the one nearest the focus (3♦'s own), not round the list
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    tab_to(driver, scene, "t1")
    driver.click(centre(scene, "t4"))
    assert scene.selected == "t4" and scene._focusable() == ["t4", "t5"]
    driver.key(pygame.K_LEFT)
    assert scene.keys.focus == "t4"


def test_shift_enter_with_a_card_in_hand_names_the_focused_card_s_own_move(app, driver):
    # 3♦ picked up, the focus on 4♠ (where 3♦ could go): Shift+Enter is 4♠'s way home,
    # refused (its foundation needs 3♠), and 3♦ is put down, not played onto 4♠
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    tab_to(driver, scene, "t4")
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RIGHT)
    assert scene.selected == "t4" and scene.keys.focus == "t5"
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    driver.settle(0.3)
    assert game.moves == [] and scene.selected is None
    assert "4♠" in scene.status


def test_a_click_on_a_spent_stock_with_a_card_in_hand_puts_the_card_down(app, driver):
    # the stock takes no card: clicked when it can turn no more, it says why, and 3♦
    # picked up before is put down, not left in hand for the next click to play unasked
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    for _ in range(300):
        if game.stock_move is None:
            break
        driver.key(pygame.K_SPACE)
        driver.settle(0.2)
    assert game.stock_move is None and game.movable("t4")
    driver.click(centre(scene, "t4"))
    assert scene.selected == "t4"
    moves = len(game.moves)
    driver.click(centre(scene, "st"))
    assert len(game.moves) == moves and scene.status != "" and scene.selected is None


def test_a_grey_button_s_key_before_the_wish_asks_for_the_wish(app, driver):
    # nothing is dealt yet: F (Finish, grey) asks for the wish as a click on it does,
    # the wish's button taking the focus, where Enter makes the wish; Finish's words of
    # cards going home over a table not dealt yet are not said
    scene = open_table(app, driver, Game("sbudetsya", deal=11))
    assert scene.wish_pending
    driver.key(pygame.K_f)
    assert scene.banner.buttons[0].focused and "Finish" not in scene.status


def test_escape_before_the_wish_goes_back_to_the_menu(app, driver):
    from game.scenes.menu import MenuScene

    scene = open_table(app, driver, Game("sbudetsya", deal=11))
    assert scene.wish_pending
    driver.key(pygame.K_ESCAPE)
    driver.settle(1.0)
    assert isinstance(app.scene, MenuScene)


def _felt(scene) -> tuple[int, int]:
    """A point of the felt with no card nor button on it."""
    for y in range(scene.view.top_rect("t1").bottom + 200, 0, -10):
        pos = (scene.view.top_rect("t4").right + 30, y)
        if scene.view.spot_at(pos, 0) is None and scene.hud.button_at(pos) is None:
            return pos
    raise AssertionError("no felt found")


def test_enter_on_a_button_whose_ring_a_click_hid_shows_it_before_pressing(app, driver):
    # the ring hidden by a click on the felt: the first Enter shows which button has
    # the focus, the second presses it (Enter went to a button no longer seen)
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.key(pygame.K_SPACE)
    driver.settle(0.5)
    tab_to(driver, scene, "undo")
    driver.click(_felt(scene))
    assert not scene.keys.visible and len(game.moves) == 1
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert scene.keys.visible and len(game.moves) == 1
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert game.moves == []


def test_enter_on_the_empty_stock_is_its_click_not_an_empty_place(app, driver):
    # the stock is a place to press even empty: Enter there says what its click says
    # (nothing left to turn), not "Nothing to pick up here" as of an empty pile. (Empty
    # for good, it is no stop of Tab's or the arrows': the focus is put there here.)
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    while game.pile("st"):
        driver.key(pygame.K_SPACE)
        driver.settle(0.2)
    assert "st" not in scene._focusable()
    scene.keys.focus, scene.keys.visible = "st", True
    driver.key(pygame.K_RETURN)
    assert scene.status == "The stock is empty."


def test_the_keypad_s_enter_picks_a_card_up_as_enter_does(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    tab_to(driver, scene, "t4")
    driver.key(pygame.K_KP_ENTER)
    assert scene.selected == "t4"
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_KP_ENTER)
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["t4>t5"]


def test_tab_reaches_the_pyramid_s_empty_stock_and_enter_turns_the_reserve_over(app, driver):
    # the stock is a place of the focus in the pyramid games too, where otherwise only
    # free cards are: empty, with no card to move, Enter there still turns it as a
    # click does (the reserve over, a pass spent)
    game = Game("pyramid52", {"passes": 3}, deal=3)
    while game.pile("st"):
        game.play("st>w")
    assert game.pile("w") and not game.movable("st")
    scene = open_table(app, driver, game)
    tab_to(driver, scene, "st")
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert str(game.moves[-1]) == "w>st" and game.pile("st")
