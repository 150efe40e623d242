"""ui/pad.py exactly: what a press, a release, a key and a re-layout do to a scene's
buttons, as a player with a mouse, a finger or the keyboard meets them."""

import pygame

from game.ui.pad import REPEAT_DELAY_S, REPEAT_EVERY_S, ButtonPad, runs_by
from game.ui.pointer import POINTER_DOWN, POINTER_MOVE, POINTER_UP
from game.ui.widgets import Button


def button(key: str, x: int, y: int = 0, ran: list[str] | None = None, **kw) -> Button:
    b = Button(key, (lambda: ran.append(key)) if ran is not None else (lambda: None), key=key, **kw)
    b.rect = pygame.Rect(x, y, 100, 40)
    return b


def key_down(pad: ButtonPad, key: int, mod: int = 0) -> tuple[bool, bool]:
    return pad.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""), 1.0)


def pointer(pad: ButtonPad, kind: int, pos, source: str = "mouse", **kw) -> tuple[bool, bool]:
    extra = {"button": 1} if kind != POINTER_MOVE else {"held": True}
    extra.update(kw)
    return pad.handle_event(pygame.event.Event(kind, pos=pos, source=source, **extra), 1.0)


def test_enter_presses_nothing_while_the_ring_is_hidden():
    # the ring shows at the first key: Enter before it pressed a button no one saw
    ran: list[str] = []
    pad = ButtonPad()
    pad.set([button("quit", 0, ran=ran), button("play", 200, ran=ran)])
    assert key_down(pad, pygame.K_RETURN) == (False, False) and ran == []
    key_down(pad, pygame.K_TAB)  # shows the ring, on the first button
    assert key_down(pad, pygame.K_SPACE) == (True, True) and ran == ["quit"]


def test_enter_on_a_ringed_button_turned_off_runs_nothing():
    # the deal pad's digits go off once the number is full: Enter on the one ringed
    ran: list[str] = []
    pad = ButtonPad()
    digit = button("digit:7", 0, ran=ran)
    pad.set([digit, button("ok", 200, ran=ran)])
    pad.show_focus = True
    digit.enabled = False
    assert key_down(pad, pygame.K_RETURN) == (True, True) and ran == []


def test_a_finger_lights_no_button_once_the_buttons_are_laid_out_again():
    # a finger has no hover: after a re-layout the button it last slid over stayed lit
    pad = ButtonPad()
    pad.set([button("a", 0)])
    pointer(pad, POINTER_MOVE, (50, 20), source="touch")
    relaid = button("a", 0)
    pad.set([relaid])
    assert not relaid.hot
    pointer(pad, POINTER_MOVE, (50, 20))  # the mouse does light it, and keeps it lit
    relaid_again = button("a", 0)
    pad.set([relaid_again])
    assert relaid_again.hot


def test_a_repeating_button_held_runs_on_through_a_re_layout():
    # an initials wheel lays its buttons out afresh at each turn: held, its arrow ran
    # once and stopped, and looked let go while the mouse still held it
    ran: list[str] = []
    pad = ButtonPad()

    def relay() -> None:
        ran.append("up")
        pad.set([button("up", 0, repeats=True, ran=None), button("down", 200)])
        pad.get("up").action = relay

    up = button("up", 0, repeats=True)
    up.action = relay
    pad.set([up, button("down", 200)])
    pointer(pad, POINTER_DOWN, (50, 20))
    assert ran == ["up"] and pad.get("up").pressed
    for _ in range(20):  # a second held, in frames
        pad.update(0.05)
    assert len(ran) == 1 + runs_by(1.0) == 8
    assert pad.get("up").pressed


def test_a_repeating_button_stops_once_the_mouse_comes_back_with_no_button_down():
    # let go outside the window, its release never came: the arrow ran on for ever
    ran: list[str] = []
    pad = ButtonPad()
    pad.set([button("up", 0, repeats=True, ran=ran)])
    pointer(pad, POINTER_DOWN, (50, 20))
    pointer(pad, POINTER_MOVE, (50, 20), held=False)
    assert not pad.holds() and not pad.get("up").pressed
    assert not pad.update(REPEAT_DELAY_S + REPEAT_EVERY_S) and ran == ["up"]


def test_a_right_click_presses_no_button():
    # the pointer passes the right button on (a card's menu on the table): on a button
    # it ran the button
    ran: list[str] = []
    pad = ButtonPad()
    pad.set([button("quit", 0, ran=ran)])
    assert pointer(pad, POINTER_DOWN, (50, 20), button=3) == (False, False)
    assert pointer(pad, POINTER_UP, (50, 20), button=3) == (False, False)
    assert ran == [] and not pad.get("quit").pressed


def test_a_readout_among_buttons_is_never_pressed_nor_ringed():
    # a replay's speed between Slower and Faster: a figure, not a button
    ran: list[str] = []
    speed = button("speed", 120, ran=ran, readout=True)
    assert not speed.enabled
    pad = ButtonPad()
    pad.set([button("slower", 0, ran=ran), speed, button("faster", 240, ran=ran)])
    pointer(pad, POINTER_DOWN, (170, 20))
    pointer(pad, POINTER_UP, (170, 20))
    assert ran == [] and not speed.pressed
    key_down(pad, pygame.K_TAB)
    key_down(pad, pygame.K_TAB)  # from Slower, past the figure, to Faster
    assert pad.focus_key == "faster"


def test_a_click_off_every_button_hides_the_ring_and_redraws():
    pad = ButtonPad()
    pad.set([button("play", 0)])
    key_down(pad, pygame.K_TAB)
    assert pad.show_focus
    assert pointer(pad, POINTER_DOWN, (500, 300)) == (False, True)
    assert not pad.show_focus
    # with no ring to hide, a click on nothing changes nothing to redraw
    assert pointer(pad, POINTER_DOWN, (500, 300)) == (False, False)


def test_a_press_slid_off_onto_another_button_runs_neither():
    ran: list[str] = []
    pad = ButtonPad()
    pad.set([button("quit", 0, ran=ran), button("play", 200, ran=ran)])
    pointer(pad, POINTER_DOWN, (50, 20))
    assert pointer(pad, POINTER_UP, (250, 20)) == (False, True)
    assert ran == [] and not pad.holds()


def test_a_repeating_button_clicked_runs_once():
    # it runs at the press, so that held it runs on: its release runs it no more
    ran: list[str] = []
    pad = ButtonPad()
    pad.set([button("up", 0, ran=ran, repeats=True)])
    pointer(pad, POINTER_DOWN, (50, 20))
    assert pointer(pad, POINTER_UP, (50, 20)) == (True, True)
    assert ran == ["up"] and pad.focus_key == "up"


def test_a_repeating_button_stops_while_the_pointer_is_off_it():
    ran: list[str] = []
    pad = ButtonPad()
    pad.set([button("up", 0, ran=ran, repeats=True)])
    pointer(pad, POINTER_DOWN, (50, 20))
    pointer(pad, POINTER_MOVE, (50, 200))  # still held, slid off it
    assert not pad.update(2.0) and ran == ["up"]
    pointer(pad, POINTER_MOVE, (50, 20))  # back on it
    assert pad.update(REPEAT_DELAY_S) and len(ran) > 1


def test_the_first_repeat_comes_at_the_delay_and_then_at_each_interval():
    assert runs_by(REPEAT_DELAY_S - 0.001) == 0
    assert runs_by(REPEAT_DELAY_S) == 1
    assert runs_by(REPEAT_DELAY_S + REPEAT_EVERY_S - 0.001) == 1
    assert runs_by(REPEAT_DELAY_S + 2.5 * REPEAT_EVERY_S) == 3


def test_shift_tab_goes_back_and_tab_goes_on_from_a_ringed_button_turned_off():
    pad = ButtonPad()
    a, b, c = button("a", 0), button("b", 200), button("c", 400)
    pad.set([a, b, c])
    pad.focus_key, pad.show_focus = "b", True
    key_down(pad, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert pad.focus_key == "a"
    key_down(pad, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert pad.focus_key == "c"  # round from the first to the last
    pad.focus_key = "b"
    b.enabled = False  # Clear, once it had cleared: the ring still on it
    key_down(pad, pygame.K_TAB)
    assert pad.focus_key == "c"


def test_tab_stops_on_a_row_of_choices_none_of_which_is_chosen():
    # a row is one Tab stop, on its choice; with none chosen, on its first
    pad = ButtonPad()
    row = [button(k, 200 + 120 * i, 100, group="base") for i, k in enumerate("FKA")]
    pad.set([button("list", 0), *row, button("play", 600, 200)])
    pad.focus_key, pad.show_focus = "list", True
    key_down(pad, pygame.K_TAB)
    assert pad.focus_key == "F"
    key_down(pad, pygame.K_TAB)
    assert pad.focus_key == "play"


def test_up_and_down_keep_to_the_column_they_are_in():
    # a column of options beside a list: Down from its last went across to the list's
    # nearest button rather than down the column
    pad = ButtonPad()
    top, bottom = button("top", 0, 0), button("bottom", 0, 300)
    beside = button("beside", 120, 100)
    pad.set([top, beside, bottom])
    pad.regions = [pygame.Rect(0, 0, 110, 400), pygame.Rect(115, 0, 200, 400)]
    pad.focus_key, pad.show_focus = "top", True
    key_down(pad, pygame.K_DOWN)
    assert pad.focus_key == "bottom"
    pad.regions = []
    pad.focus_key = "top"
    key_down(pad, pygame.K_DOWN)
    assert pad.focus_key == "beside"  # nearer, where no column holds the arrows


def test_right_past_a_row_s_end_into_another_row_lands_on_its_choice():
    pad = ButtonPad()
    first = [button(k, 120 * i, 100, group="one") for i, k in enumerate("ab")]
    second = [button(k, 300 + 120 * i, 100, group="two") for i, k in enumerate("xyz")]
    for b in first + second:
        b.chosen_by_arrows = True
    first[1].selected = second[2].selected = True
    pad.set([*first, *second])
    pad.focus_key, pad.show_focus = "b", True
    key_down(pad, pygame.K_RIGHT)
    assert pad.focus_key == "z"


def test_the_ring_is_drawn_only_while_shown():
    surface = pygame.Surface((300, 200))
    surface.fill((0, 0, 0))
    pad = ButtonPad()
    pad.set([button("play", 100, 80)])
    pad.draw_focus(surface, 1.0)
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(300) for y in range(200)}
    assert colours == {(0, 0, 0)}
    pad.show_focus = True
    pad.draw_focus(surface, 1.0)
    assert tuple(surface.get_at((95, 100)))[:3] != (0, 0, 0)


def test_an_arrow_prefers_a_button_in_line_to_a_nearer_one_off_to_the_side():
    from game.ui.pad import distance_towards, nearest

    here = pygame.Rect(0, 100, 100, 40)
    in_line = button("in_line", 300, 100)
    aside = button("aside", 150, 200)  # nearer, but 60 px below the line
    assert nearest(here, [aside, in_line], (1, 0)) is in_line
    # a step of a staircase that begins right at the edge is beside, not out of the way
    step = pygame.Rect(100, 160, 100, 40)
    assert distance_towards(here, step, (1, 0)) is not None
    assert distance_towards(here, step.move(-1, 0), (1, 0)) is None


def test_right_from_above_a_row_then_left_moves_along_the_row():
    # only an arrow come across from beside the row goes straight back: from a button
    # above it, Left chose the choice before, as within the row
    ran: list[str] = []
    pad = ButtonPad()
    arrow = button("arrow", 0, 0)
    row = [button(k, 200 + 120 * i, 100, ran=ran, group="g") for i, k in enumerate("ab")]
    for b in row:
        b.chosen_by_arrows = True
    row[1].selected = True
    pad.set([arrow, *row])
    pad.focus_key, pad.show_focus = "arrow", True
    key_down(pad, pygame.K_RIGHT)
    assert pad.focus_key == "b" and ran == []
    key_down(pad, pygame.K_LEFT)
    assert pad.focus_key == "a" and ran == ["a"]
