"""The operator's way in: a finger (or the mouse) held still on one corner of the screen.

A press that starts in the corner is kept from the scene, so the corner is a
small dead zone for passers-by and a held press never also starts a game.
The press counts while it stays in the corner; moving out or lifting ends it.
"""

from __future__ import annotations

import pygame

CORNER_SHARE = 0.06  # of the screen's shorter side
CORNER_LEAST = 48  # pixels: a fingertip, at least


class CornerHold:
    def __init__(self, corner: str, seconds: float) -> None:
        self.corner = corner
        self.seconds = seconds
        self.since: float | None = None  # when the press began
        self._source = ""  # the finger (or the mouse) that holds: no other can end it

    def area(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        side = max(CORNER_LEAST, int(min(w, h) * CORNER_SHARE))
        rect = pygame.Rect(0, 0, side, side)
        vertical, horizontal = self.corner.split("-")
        if horizontal == "right":
            rect.right = w
        if vertical == "bottom":
            rect.bottom = h
        return rect

    def observe(self, event: pygame.event.Event, size: tuple[int, int], now: float) -> bool:
        """Follow a raw input event; True when it is the hold's (the scene must not see it)."""
        t = event.type
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            source = f"finger {event.finger_id}"
            pos = (int(event.x * size[0]), int(event.y * size[1]))
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return False  # SDL's copy of a finger event: the finger itself counts
            source, pos = "mouse", event.pos
        else:
            return False
        if t in (pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN):
            first = self.since is None and getattr(event, "button", 1) == 1
            if first and self.area(size).collidepoint(pos):
                self.since, self._source = now, source
                return True
            return False
        if self.since is None or source != self._source:
            return False
        if t in (pygame.FINGERUP, pygame.MOUSEBUTTONUP):
            self.cancel()
            return True
        if not self.area(size).inflate(CORNER_LEAST, CORNER_LEAST).collidepoint(pos):
            self.cancel()  # it slid away: an ordinary touch after all, too late to count
        return True

    def held(self, now: float) -> bool:
        return self.since is not None and now - self.since >= self.seconds

    def cancel(self) -> None:
        self.since = None
        self._source = ""
