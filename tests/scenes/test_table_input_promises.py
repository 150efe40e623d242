"""The table's input pinned where nothing pinned it yet: how far a press moves before it
lifts a card, what a double click may play, a click or Enter on a fanned pile, a drop
back on the card's own place, and which presses the pointer pairs as a double click."""

import pygame
import pytest

from game.rules import Game
from game.scenes.table_pointer import DRAG_START_PX
from game.ui.keys import shortcut_key
from game.ui.pointer import DOUBLE_CLICK_PX, DOUBLE_CLICK_S, POINTER_DOWN, PointerTranslator
from tests.scenes.test_table import centre, open_table

pytestmark = pytest.mark.usefixtures("english")


def _fanned_egyptian(app, driver):
    """Egyptian deal 0 with 2♦ played from t2 onto t4's 3♦: t4 fans two cards, its top
    one (2♦) free to go home or onto t7 or t8."""
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.drag(centre(scene, "t2"), centre(scene, "t4"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["t2>t4"] and game.pile("t4") == ("3D", "2D")
    return scene, game


def _under_the_top(scene, pile: str) -> tuple[int, int]:
    """A point on the part of a fanned pile's first card that the top card leaves seen."""
    first, top = scene.view.rects(pile, len(scene.game.pile(pile)))[:2]
    assert first.top < top.top, "the pile does not fan downwards"
    return (first.centerx, (first.top + top.top) // 2)


def test_a_press_that_wobbles_no_further_than_the_drag_start_lifts_no_card(app, driver):
    # a hand's tremble of DRAG_START_PX pixels is still a press: the card stays in its
    # place (no card lifted off under the pointer, no sound of picking up), and it is
    # picked up by the click when the button is let go
    scene = open_table(app, driver, Game("egyptian", deal=0))
    start = centre(scene, "t4")
    driver.mouse(pygame.MOUSEBUTTONDOWN, start)
    driver.mouse(pygame.MOUSEMOTION, (start[0] + DRAG_START_PX, start[1]))
    assert scene.drag is None and scene.press is not None
    driver.mouse(pygame.MOUSEMOTION, (start[0] + DRAG_START_PX + 1, start[1]))
    assert scene.drag is not None  # one pixel further it is a drag
    driver.mouse(pygame.MOUSEBUTTONUP, (start[0] + DRAG_START_PX + 1, start[1]))
    assert scene.game.moves == [] and scene.selected == "t4"


def test_a_double_click_on_a_card_with_no_way_home_plays_no_other_move(app, driver):
    # README: a double click sends a card home. 9♦ on t1 can go onto t6's 10♥ but to
    # no foundation: the double click says why, and never plays the pile move instead
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    assert [str(m) for m in game.legal_moves if m.a == "t1"] == ["t1>t6"]
    driver.double_click(centre(scene, "t1"))
    driver.settle(0.3)
    assert game.moves == []
    assert scene.status != "" and scene.selected is None


def test_a_click_on_a_card_under_the_top_of_a_fan_picks_nothing(app, driver):
    # only a pile's top card moves: a click on 3♦, seen under 2♦, picks up neither card
    # and says why (it picked up the 2♦ on top, unasked)
    scene, game = _fanned_egyptian(app, driver)
    driver.click(_under_the_top(scene, "t4"))
    assert scene.selected is None
    assert scene.status == "Only the top card of a pile or of the waste can move."
    assert [str(m) for m in game.moves] == ["t2>t4"]


def test_enter_on_a_fanned_pile_picks_up_its_top_card(app, driver):
    # the focus on a pile of two cards: Enter is a click on its top card, the one that
    # can move, not on the first card of the fan
    scene, _game = _fanned_egyptian(app, driver)
    for _ in range(40):
        if scene.keys.focus == "t4":
            break
        driver.key(pygame.K_TAB)
    assert scene.keys.focus == "t4"
    driver.key(pygame.K_RETURN)
    assert scene.selected == "t4"
    assert scene.status != "Only the top card of a pile or of the waste can move."


def test_a_double_click_on_a_foundation_card_says_it_stays(app, driver):
    # a card at home is home already: a double click there says it stays, as a single
    # click does, rather than look for a foundation to send it to
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.drag(centre(scene, "t2"), centre(scene, "f3"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["t2>f3"]
    driver.double_click(centre(scene, "f3"))
    driver.settle(0.3)
    assert [str(m) for m in game.moves] == ["t2>f3"]
    assert scene.status == "A card on a foundation stays there."


def test_a_card_let_go_over_its_own_place_goes_back_unrefused(app, driver):
    # dragged half a card down and let go still over its own place: it goes back with no
    # refusal (a move from a pile onto itself is no move to refuse)
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    start = centre(scene, "t4")
    card_w = scene.view.layout.card[0]
    end = (start[0], start[1] + card_w // 2 + 4)
    driver.drag(start, end)
    driver.settle(0.5)
    assert game.moves == []
    assert scene.refused_pile is None and scene.selected is None


# -- the pointer's double clicks ------------------------------------------------------


class _Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def _down(pointer, pos, touch: bool = False):
    if touch:
        x, y = pos[0] / 1000, pos[1] / 500
        event = pygame.event.Event(
            pygame.FINGERDOWN, x=x, y=y, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0
        )
        down = pointer.translate(event, (1000, 500))
        up = pygame.event.Event(
            pygame.FINGERUP, x=x, y=y, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0
        )
        pointer.translate(up, (1000, 500))
        return down
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    down = pointer.translate(event, (1000, 500))
    pointer.translate(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False), (1000, 500)
    )
    return down


def test_a_click_then_a_tap_is_no_double_click():
    # the mouse's click and a finger's tap a moment later are two presses of two hands:
    # paired as a double click, the tap sent the card home unasked
    clock = _Clock()
    pointer = PointerTranslator(clock)
    assert _down(pointer, (500, 250)).clicks == 1
    clock.t += DOUBLE_CLICK_S / 2
    tap = _down(pointer, (500, 250), touch=True)
    assert tap.type == POINTER_DOWN and tap.clicks == 1


def test_a_third_quick_click_begins_a_new_double_click():
    # three quick clicks are a double click and then a click: the third paired with the
    # second sent a second card home
    clock = _Clock()
    pointer = PointerTranslator(clock)
    counts = []
    for _ in range(3):
        counts.append(_down(pointer, (500, 250)).clicks)
        clock.t += DOUBLE_CLICK_S / 4
    assert counts == [1, 2, 1]


def test_two_quick_clicks_apart_up_and_down_are_two_clicks():
    # two clicks in a column of cards, one above the other: each a click of its own,
    # not a double click on the second card
    clock = _Clock()
    pointer = PointerTranslator(clock)
    assert _down(pointer, (500, 100)).clicks == 1
    clock.t += DOUBLE_CLICK_S / 4
    assert _down(pointer, (500, 100 + DOUBLE_CLICK_PX + 30)).clicks == 1
    clock.t += 1.0
    assert _down(pointer, (500, 300)).clicks == 1
    clock.t += DOUBLE_CLICK_S / 4
    assert _down(pointer, (500 + DOUBLE_CLICK_PX, 300 + DOUBLE_CLICK_PX)).clicks == 2


def test_a_latin_layout_keeps_its_own_letters_for_the_shortcuts():
    # a German keyboard has Z where the US one has Y: Ctrl+Z there is the key marked Z
    # (undo), not Y (redo) from the key's place
    german_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, scancode=pygame.KSCAN_Y)
    assert shortcut_key(german_z) == pygame.K_z
    russian_u = pygame.event.Event(pygame.KEYDOWN, key=0x433, mod=0, scancode=pygame.KSCAN_U)
    assert shortcut_key(russian_u) == pygame.K_u


def test_the_mouse_events_sdl_makes_up_from_a_touch_are_dropped():
    # SDL sends a mouse press and release for every tap, marked touch=True: counted as
    # well, each tap was two presses, and two taps on a card were a double click
    pointer = PointerTranslator(_Clock())
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        made_up = pygame.event.Event(kind, pos=(500, 250), button=1, touch=True)
        assert pointer.translate(made_up, (1000, 500)) is None
    motion = pygame.event.Event(
        pygame.MOUSEMOTION, pos=(500, 250), rel=(1, 0), buttons=(1, 0, 0), touch=True
    )
    assert pointer.translate(motion, (1000, 500)) is None


def test_a_tap_on_a_card_picks_it_up_and_sends_nothing_home(app, driver):
    # the tap comes as a finger's events and as the mouse's SDL makes up from them: one
    # tap on 2♦, which could go home, picks it up and no more
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    w, h = app.size
    x, y = centre(scene, "t2")
    app.clock.advance(0.5)
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        fields = dict(x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0)
        pygame.event.post(pygame.event.Event(kind, **fields))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=(x, y), button=1, touch=True))
    driver.frames(1)
    driver.settle(0.3)
    assert game.moves == [] and scene.selected == "t2"


def test_a_middle_click_or_a_wheel_turn_plays_nothing(app, driver):
    # only the left button plays (the right one puts a card down): a middle click, or a
    # wheel's turn (buttons 4 and 5), on the stock turns nothing
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    for button in (2, 4, 5):
        app.clock.advance(0.5)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            event = pygame.event.Event(kind, pos=centre(scene, "st"), button=button, touch=False)
            pygame.event.post(event)
        driver.frames(1)
    driver.settle(0.3)
    assert game.moves == [] and scene.selected is None


def test_a_drag_begun_on_a_card_under_the_top_of_a_fan_moves_nothing(app, driver):
    # 3♦ seen under 2♦ cannot move: dragged from there onto 3♥, the 2♦ on top went in its
    # stead, a move the player never aimed at
    scene, game = _fanned_egyptian(app, driver)
    assert "t4>t8" in [str(m) for m in game.legal_moves]
    driver.drag(_under_the_top(scene, "t4"), centre(scene, "t8"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["t2>t4"]
    assert game.pile("t4") == ("3D", "2D") and scene.drag is None


def test_z_and_y_undo_and_redo_only_with_ctrl(app, driver):
    # README: Ctrl+Z / Ctrl+Y (or U / R). Z or Y alone, a stray press beside the
    # Ctrl key, takes nothing back and plays nothing again
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "st"))
    assert [str(m) for m in game.moves] == ["st>w"]
    driver.key(pygame.K_z)
    driver.settle(0.3)
    assert [str(m) for m in game.moves] == ["st>w"] and game.undo_count == 0
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.settle(0.3)
    assert game.moves == [] and game.undo_count == 1
    driver.key(pygame.K_y)
    driver.settle(0.3)
    assert game.moves == []
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    driver.settle(0.3)
    assert [str(m) for m in game.moves] == ["st>w"]


def test_a_card_clicked_onto_a_pile_that_refuses_it_is_put_down(app, driver):
    # 3♦ picked up and clicked onto 7♠ is refused and put down: the next click, on 4♠,
    # is a click of its own, not 3♦ played onto the 4♠ the player clicked to look at
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "t4"))
    assert scene.selected == "t4"
    driver.click(centre(scene, "t3"))
    driver.settle(0.3)
    assert game.moves == [] and scene.selected is None and scene.status != ""
    driver.click(centre(scene, "t5"))
    driver.settle(0.3)
    assert game.moves == []


def test_the_waste_s_card_let_go_on_the_empty_stock_spends_no_pass(app, driver):
    # a drag of the waste's card that ends over the stock is no move: as a move, w>st
    # turned the whole waste over and spent the last pass for a card let go short
    from game.rules.moves import REDEAL_MOVE

    game = Game("nechego", {"passes": 2}, deal=0)
    while game.pile("st"):
        game.play(game.stock_move)
    played = len(game.moves)
    assert REDEAL_MOVE in game.legal_moves and game.passes_left == 1
    scene = open_table(app, driver, game)
    driver.drag(centre(scene, "w"), centre(scene, "st"))
    driver.settle(0.5)
    assert len(game.moves) == played and game.passes_left == 1
    assert not game.pile("st") and scene.drag is None


def test_a_second_click_on_the_card_picked_up_puts_it_down(app, driver):
    # README: click a card, then where it goes. Clicked again (not a double click), the
    # card picked up is put down where it lies, even 2♦, which could go home
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "t2"))
    assert scene.selected == "t2"
    driver.click(centre(scene, "t2"))
    driver.settle(0.3)
    assert game.moves == [] and scene.selected is None


def test_space_puts_the_card_in_hand_down_even_where_the_stock_cannot_turn(app, driver):
    # Space is the stock's key: the card picked up is put down as the stock is asked to
    # turn, and stays down when it cannot (no card and no pass left), where it stayed in
    # hand and the next click on a pile played it there
    game = Game("egyptian", deal=0)
    while game.pile("st"):
        game.play(game.stock_move)
    assert game.stock_move is None
    scene = open_table(app, driver, game)
    movable = next(m.a for m in game.legal_moves if m.a.startswith("t"))
    driver.click(centre(scene, movable))
    assert scene.selected == movable
    driver.key(pygame.K_SPACE)
    driver.settle(0.3)
    assert scene.selected is None


def test_a_card_dropped_where_it_is_refused_is_not_left_in_hand(app, driver):
    # 3♦ dragged onto 7♠ is refused and flies back, put down: the next click, on 4♠,
    # is a click of its own, not 3♦ played onto it from a hand the player had emptied
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.drag(centre(scene, "t4"), centre(scene, "t3"))
    driver.settle(0.5)
    assert game.moves == [] and scene.refused_pile == "t3" and scene.selected is None
    driver.click(centre(scene, "t5"))
    driver.settle(0.3)
    assert game.moves == []


def test_an_arrow_goes_to_the_place_in_line_before_a_nearer_one_off_to_the_side(app, driver):
    # Right from the old Egyptian's fourth foundation goes to the fifth, in line with
    # it, not to the waste, nearer that way but off to the side (and Left comes back):
    # by the table's own places, each a stop as with a card in hand that goes there
    scene = open_table(app, driver, Game("egyptian-old", deal=3))
    places, keys = list(scene.view.piles), scene.keys
    keys.focus, keys.visible = "f4", True
    keys.handle(pygame.K_RIGHT, 0, places, scene.focus_rect, beyond=list(scene.buttons))
    assert keys.focus == "f5"
    keys.handle(pygame.K_LEFT, 0, places, scene.focus_rect, beyond=list(scene.buttons))
    assert keys.focus == "f4"


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [("sbudetsya", {"passes": 2}), ("nechego", {"passes": 2, "to_piles": "none"}),
     ("pyramid36", {"passes": 3}), ("pyramid52", {"passes": 3})],
)  # fmt: skip
def test_a_press_on_the_empty_stock_turns_the_waste_over_as_the_rules_say(
    app, driver, ruleset, options
):
    # the rules' Playing paragraph: "once it is empty, with two passes chosen (three
    # passes), the same turns the waste (the reserve) over"
    game = Game(ruleset, options, deal=3)
    while game.pile("st"):
        game.play("st>w")
    assert game.pile("w") and game.passes_left >= 1
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "st"))
    driver.settle(0.5)
    assert str(game.moves[-1]) == "w>st" and game.pile("st")
