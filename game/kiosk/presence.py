"""Which input says a passer-by is at the kiosk: a press, a key, a wheel, and a pointer
that moves. A finger resting on the glass, or a palm, sends a motion for every
pixel's jiggle (touch-screen noise alike): counted, it held a chooser on screen for
hours, and answered "Still playing?" for ever, the game never ended nor recorded."""

from __future__ import annotations

import pygame

PRESS_EVENTS = (
    pygame.KEYDOWN,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEWHEEL,
    pygame.FINGERDOWN,
)
MOTION_EVENTS = (pygame.MOUSEMOTION, pygame.FINGERMOTION)
# a pointer's motion counts once it has moved this share of the screen's shorter side
# from where it last counted (13 px at 1080 lines)
STILL_SHARE = 1 / 80
MOST_POINTERS = 16  # fingers whose lift never came are forgotten past this many


class Presence:
    def __init__(self) -> None:
        self._counted_at: dict[tuple[str, int], tuple[float, float]] = {}

    def counts(self, event: pygame.event.Event, size: tuple[int, int]) -> bool:
        """Whether `event` says someone is there (see the module's words)."""
        t = event.type
        if t == pygame.FINGERUP:
            self._counted_at.pop(("finger", event.finger_id), None)
            return False
        if t not in PRESS_EVENTS and t not in MOTION_EVENTS:
            return False
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION):
            key, pos = ("finger", event.finger_id), (event.x * size[0], event.y * size[1])
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            key, pos = ("mouse", 0), (float(event.pos[0]), float(event.pos[1]))
        else:
            return True
        last = self._counted_at.get(key)
        still = max(4.0, min(size) * STILL_SHARE)
        moved = last is None or max(abs(pos[0] - last[0]), abs(pos[1] - last[1])) >= still
        if t in MOTION_EVENTS and not moved:
            return False
        if len(self._counted_at) >= MOST_POINTERS and key not in self._counted_at:
            self._counted_at.clear()
        self._counted_at[key] = pos
        return True
