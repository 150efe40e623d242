"""Mouse and touch as one pointer.

The scenes see POINTER_DOWN / POINTER_MOVE / POINTER_UP events with `pos` in
window pixels, `source` ("mouse" or "touch"), `button` and, on down, `clicks`
(2 for a double click or double tap). Mouse events that SDL makes up from
touches are dropped, so a tap never counts twice.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame._sdl2 import touch

POINTER_DOWN = pygame.event.custom_type()
POINTER_MOVE = pygame.event.custom_type()
POINTER_UP = pygame.event.custom_type()

DOUBLE_CLICK_S = 0.4
DOUBLE_CLICK_PX = 12
TOUCH_DOUBLE_PX = 40
# A finger silent this long when another lands has lost its lift (an event dropped, a
# window switched mid-touch): the new finger is the pointer, or touch would be dead.
STALE_FINGER_S = 2.0
# As long, for a finger SDL still counts as down: one holding a card still sends nothing
# (it was let go under a palm after 2 s). SDL's count misses a lift lost with a window
# switch too, so it only lengthens the wait. A finger that holds nothing (a thumb resting
# on the glass's edge, on no card or button) is no wait at all: another takes over at
# once, where every tap of the other hand was dropped for as long as it rested.
HELD_FINGER_S = 10.0


def sdl_finger_down(touch_id: int, finger_id: int) -> bool | None:
    """Whether SDL counts the finger as on the screen; None when it cannot tell (no
    such touch device: events made up by a test or another program)."""
    try:
        count = touch.get_num_fingers(touch_id)
        return any(touch.get_finger(touch_id, i)["id"] == finger_id for i in range(count))
    except (pygame.error, TypeError, KeyError):
        return None


class PointerTranslator:
    def __init__(
        self,
        now: Callable[[], float],
        finger_down: Callable[[int, int], bool | None] = sdl_finger_down,
        holds: Callable[[], bool] = lambda: True,
    ) -> None:
        """`holds` says whether the press of the finger held holds something (the
        scene's pointer_holds): else another finger takes over."""
        self.now = now
        self.finger_down = finger_down
        self.holds = holds
        self._last_down: tuple[float, tuple[int, int], str] | None = None
        self._finger: int | None = None
        self._touch_id = 0  # the device of the finger held
        self._finger_seen = 0.0  # when the finger held last moved or landed

    def reset(self) -> None:
        """Forget any finger held and any click to pair with: the events that would have
        ended them may be lost (a kiosk recovering from a failed scene)."""
        self._finger = None
        self._last_down = None

    def translate(
        self, event: pygame.event.Event, size: tuple[int, int]
    ) -> pygame.event.Event | None:
        t = event.type
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return None
            if t == pygame.MOUSEMOTION:
                return pygame.event.Event(
                    POINTER_MOVE, pos=event.pos, source="mouse", held=bool(event.buttons[0])
                )
            if event.button not in (1, 3):
                return None
            if t == pygame.MOUSEBUTTONDOWN:
                if self._finger is not None and not self._held_finger_lost() and self.holds():
                    # a palm on a touchpad, while a finger holds a card: it let go of the
                    # card and played its click, as a second finger's tap is not let
                    return None
                return self._down(event.pos, "mouse", event.button)
            return pygame.event.Event(
                POINTER_UP, pos=event.pos, source="mouse", button=event.button
            )
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            pos = (int(event.x * size[0]), int(event.y * size[1]))
            if t == pygame.FINGERDOWN:
                # the held finger's own id landing again: its lift was lost (SDL on some
                # systems numbers fingers afresh from 0, and counted it still down)
                again = event.finger_id == self._finger
                taken = self._finger is not None and not again and not self._held_finger_lost()
                if taken and self.holds():
                    return None  # a second finger is ignored
                self._finger, self._finger_seen = event.finger_id, self.now()
                self._touch_id = getattr(event, "touch_id", 0)
                return self._down(pos, "touch", 1)
            if event.finger_id != self._finger:
                return None
            if t == pygame.FINGERMOTION:
                self._finger_seen = self.now()
                return pygame.event.Event(POINTER_MOVE, pos=pos, source="touch", held=True)
            self._finger = None
            return pygame.event.Event(POINTER_UP, pos=pos, source="touch", button=1)
        return None

    def _held_finger_lost(self) -> bool:
        assert self._finger is not None
        silent = self.now() - self._finger_seen
        if silent < STALE_FINGER_S:
            return False
        return silent >= HELD_FINGER_S or not self.finger_down(self._touch_id, self._finger)

    def _down(self, pos: tuple[int, int], source: str, button: int) -> pygame.event.Event:
        now = self.now()
        clicks = 1
        reach = TOUCH_DOUBLE_PX if source == "touch" else DOUBLE_CLICK_PX
        if button == 1 and self._last_down:
            t0, p0, s0 = self._last_down
            near = abs(p0[0] - pos[0]) <= reach and abs(p0[1] - pos[1]) <= reach
            if s0 == source and now - t0 <= DOUBLE_CLICK_S and near:
                clicks = 2
        self._last_down = (now, pos, source) if clicks == 1 and button == 1 else None
        return pygame.event.Event(
            POINTER_DOWN, pos=pos, source=source, button=button, clicks=clicks
        )
