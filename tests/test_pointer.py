"""Mouse and touch as one pointer: one finger at a time, unless the held one fell silent."""

import pygame

from game.ui.pointer import (
    HELD_FINGER_S,
    POINTER_DOWN,
    POINTER_MOVE,
    POINTER_UP,
    STALE_FINGER_S,
    PointerTranslator,
    sdl_finger_down,
)

SIZE = (1000, 500)


def finger(kind, finger_id, x=0.5, y=0.5):
    return pygame.event.Event(
        kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=finger_id, touch_id=1, pressure=1.0
    )


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def test_a_second_finger_is_ignored_while_the_first_is_down():
    clock = Clock()
    pointer = PointerTranslator(clock)
    assert pointer.translate(finger(pygame.FINGERDOWN, 1), SIZE).type == POINTER_DOWN
    clock.t += 0.5
    assert pointer.translate(finger(pygame.FINGERDOWN, 2), SIZE) is None
    assert pointer.translate(finger(pygame.FINGERUP, 2), SIZE) is None
    up = pointer.translate(finger(pygame.FINGERUP, 1, 0.2, 0.4), SIZE)
    assert up.type == POINTER_UP and up.pos == (200, 200)


def test_a_finger_whose_lift_was_lost_gives_way_to_the_next():
    clock = Clock()
    pointer = PointerTranslator(clock)
    pointer.translate(finger(pygame.FINGERDOWN, 1), SIZE)  # its FINGERUP never comes
    clock.t += STALE_FINGER_S + 0.1
    down = pointer.translate(finger(pygame.FINGERDOWN, 2), SIZE)
    assert down is not None and down.type == POINTER_DOWN
    assert pointer.translate(finger(pygame.FINGERUP, 2), SIZE).type == POINTER_UP


def test_a_finger_that_keeps_moving_is_not_stale():
    clock = Clock()
    pointer = PointerTranslator(clock)
    pointer.translate(finger(pygame.FINGERDOWN, 1), SIZE)
    for _ in range(5):
        clock.t += STALE_FINGER_S / 2
        pointer.translate(finger(pygame.FINGERMOTION, 1, 0.6), SIZE)
    assert pointer.translate(finger(pygame.FINGERDOWN, 2), SIZE) is None


def test_reset_forgets_the_finger_held():
    pointer = PointerTranslator(Clock())
    pointer.translate(finger(pygame.FINGERDOWN, 1), SIZE)
    pointer.reset()
    assert pointer.translate(finger(pygame.FINGERDOWN, 2), SIZE).type == POINTER_DOWN


def test_a_finger_sdl_still_counts_down_keeps_the_pointer_while_it_rests():
    # a finger holding a card still sends nothing: after 2 s a palm took over and the
    # card flew back, then the palm's tap played (Undo under it)
    clock = Clock()
    asked = []
    pointer = PointerTranslator(clock, lambda touch_id, f: asked.append((touch_id, f)) or True)
    pointer.translate(finger(pygame.FINGERDOWN, 1), SIZE)
    clock.t += HELD_FINGER_S - 0.5
    assert pointer.translate(finger(pygame.FINGERDOWN, 2), SIZE) is None
    assert asked == [(1, 1)]
    assert pointer.translate(finger(pygame.FINGERUP, 1), SIZE).type == POINTER_UP


def test_even_a_finger_sdl_counts_down_gives_way_after_a_long_silence():
    # SDL's count misses a lift lost with a window switch: touch is not dead for ever
    clock = Clock()
    pointer = PointerTranslator(clock, lambda touch_id, f: True)
    pointer.translate(finger(pygame.FINGERDOWN, 1), SIZE)
    clock.t += HELD_FINGER_S + 0.1
    assert pointer.translate(finger(pygame.FINGERDOWN, 2), SIZE).type == POINTER_DOWN


def test_sdl_is_not_asked_of_a_finger_it_never_saw():
    # events made up (tests, a dummy video driver): no such touch device to ask
    pygame.init()
    assert sdl_finger_down(987654, 1) is None


def test_the_held_finger_s_id_landing_again_is_a_new_press():
    # its lift lost, and the id used again for the next finger: that finger's press was
    # dropped as a second finger's, and its lift let go of the old press far away
    clock = Clock()
    pointer = PointerTranslator(clock, lambda touch_id, f: True)
    pointer.translate(finger(pygame.FINGERDOWN, 0, 0.1, 0.1), SIZE)
    clock.t += STALE_FINGER_S + 1
    down = pointer.translate(finger(pygame.FINGERDOWN, 0, 0.8, 0.8), SIZE)
    assert down is not None and down.type == POINTER_DOWN and down.pos == (800, 400)


def test_a_finger_that_holds_nothing_gives_way_to_the_next_at_once():
    # a thumb resting on the glass's edge, on no card or button, kept every tap of the
    # other hand out for 10 s, or for as long as it jiggled
    clock = Clock()
    holds = [False]
    pointer = PointerTranslator(clock, lambda touch_id, f: True, lambda: holds[0])
    pointer.translate(finger(pygame.FINGERDOWN, 1, 0.99, 0.5), SIZE)
    clock.t += 0.2
    down = pointer.translate(finger(pygame.FINGERDOWN, 2, 0.3, 0.3), SIZE)
    assert down is not None and down.pos == (300, 150)
    assert pointer.translate(finger(pygame.FINGERMOTION, 1, 0.98, 0.5), SIZE) is None
    assert pointer.translate(finger(pygame.FINGERUP, 2, 0.3, 0.3), SIZE).type == POINTER_UP
    assert pointer.translate(finger(pygame.FINGERUP, 1, 0.98, 0.5), SIZE) is None
    holds[0] = True  # a card held: a palm landing is not let take it
    pointer.translate(finger(pygame.FINGERDOWN, 3), SIZE)
    assert pointer.translate(finger(pygame.FINGERDOWN, 4), SIZE) is None


def mouse(kind, pos=(10, 10), button=1):
    return pygame.event.Event(kind, pos=pos, button=button, touch=False)


def test_a_mouse_press_while_a_finger_holds_something_is_ignored():
    # a palm on a touchpad while a finger dragged a card: the card was let go, and the
    # palm's click played
    clock = Clock()
    holds = [True]
    pointer = PointerTranslator(clock, finger_down=lambda t, f: True, holds=lambda: holds[0])
    pointer.translate(finger(pygame.FINGERDOWN, 1), SIZE)
    clock.t += 0.5
    assert pointer.translate(mouse(pygame.MOUSEBUTTONDOWN), SIZE) is None
    holds[0] = False  # a finger resting on nothing holds nothing: the mouse is heard
    assert pointer.translate(mouse(pygame.MOUSEBUTTONDOWN), SIZE).type == POINTER_DOWN
    holds[0] = True
    clock.t += HELD_FINGER_S  # a finger silent so long has lost its lift: heard again
    assert pointer.translate(mouse(pygame.MOUSEBUTTONDOWN), SIZE).type == POINTER_DOWN
    pointer.translate(finger(pygame.FINGERUP, 1), SIZE)
    pointer.reset()
    assert pointer.translate(mouse(pygame.MOUSEBUTTONDOWN), SIZE).type == POINTER_DOWN


def test_a_mouse_move_says_whether_its_left_button_is_held():
    # a release let go outside the window never comes: the next move with no button
    # down is how a button held on the screen learns it was let go
    pointer = PointerTranslator(Clock())

    def moved(buttons):
        event = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 6), rel=(1, 1), buttons=buttons)
        return pointer.translate(event, SIZE)

    held, free = moved((1, 0, 0)), moved((0, 0, 0))
    assert held.type == POINTER_MOVE and held.pos == (5, 6) and held.held is True
    assert free.type == POINTER_MOVE and free.held is False
    assert moved((0, 0, 1)).held is False  # the right button holds nothing


def test_the_right_button_is_passed_on_and_the_middle_one_is_not():
    # the right button cancels on the table (a card picked up goes back); the wheel's
    # press means nothing to the game
    pointer = PointerTranslator(Clock())
    down = pointer.translate(mouse(pygame.MOUSEBUTTONDOWN, button=3), SIZE)
    assert down.type == POINTER_DOWN and down.button == 3 and down.source == "mouse"
    up = pointer.translate(mouse(pygame.MOUSEBUTTONUP, button=3), SIZE)
    assert up.type == POINTER_UP and up.button == 3
    assert pointer.translate(mouse(pygame.MOUSEBUTTONDOWN, button=2), SIZE) is None
    assert pointer.translate(mouse(pygame.MOUSEBUTTONUP, button=2), SIZE) is None


def test_a_lifted_finger_holds_the_pointer_no_more():
    # its lift ends it: the next finger is the pointer at once, whatever the scene holds
    clock = Clock()
    pointer = PointerTranslator(clock, finger_down=lambda t, f: True, holds=lambda: True)
    pointer.translate(finger(pygame.FINGERDOWN, 1), SIZE)
    assert pointer.translate(finger(pygame.FINGERUP, 1), SIZE).type == POINTER_UP
    clock.t += 0.5
    assert pointer.translate(finger(pygame.FINGERDOWN, 2), SIZE).type == POINTER_DOWN
    clock.t += 0.5
    assert pointer.translate(mouse(pygame.MOUSEBUTTONDOWN), SIZE) is None  # 2 holds


def test_a_double_tap_forgives_a_finger_more_than_a_double_click_a_mouse():
    # a fingertip lands some 40 px from where it landed before; a mouse stays put
    clock = Clock()
    pointer = PointerTranslator(clock)

    def tap(x: int) -> int:
        clock.t += 0.1
        down = pointer.translate(finger(pygame.FINGERDOWN, 1, x / SIZE[0], 0.5), SIZE)
        pointer.translate(finger(pygame.FINGERUP, 1, x / SIZE[0], 0.5), SIZE)
        return down.clicks

    assert (tap(500), tap(540)) == (1, 2)
    clock.t += 1.0
    assert (tap(500), tap(541)) == (1, 1)

    def click(x: int) -> int:
        clock.t += 0.1
        return pointer.translate(mouse(pygame.MOUSEBUTTONDOWN, (x, 10)), SIZE).clicks

    clock.t += 1.0
    assert (click(500), click(512)) == (1, 2)
    clock.t += 1.0
    assert (click(500), click(513)) == (1, 1)
    clock.t += 1.0
    assert (click(500), click(530)) == (1, 1)


def test_reset_forgets_the_click_to_pair_with():
    # a kiosk recovering from a failed scene: the next click is no double click
    clock = Clock()
    pointer = PointerTranslator(clock)
    pointer.translate(mouse(pygame.MOUSEBUTTONDOWN), SIZE)
    pointer.reset()
    clock.t += 0.1
    assert pointer.translate(mouse(pygame.MOUSEBUTTONDOWN), SIZE).clicks == 1
