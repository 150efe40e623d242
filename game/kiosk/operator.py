"""The operator's way in: a finger (or the mouse) held still on one corner of the screen.

A press that starts in the corner is kept from the scene, so that a held press
never also starts a game. The press counts while it stays in the corner; moving
out or lifting ends it. One that ends before its ring shows was a passer-by's
touch after all, and is handed on to the scene (`passed_on`): the pyramid games
lay their stock in the top left, and taps on it were eaten there.
"""

from __future__ import annotations

import math

import pygame

from game.ui import theme

CORNER_SHARE = 0.06  # of the screen's shorter side
CORNER_LEAST = 48  # pixels: a fingertip, at least
# A press held this long shows a ring that fills as the hold goes on: the operator sees
# the corner took it, and how long is left; a passer-by's brief touch shows nothing
RING_AFTER_S = 1.0
RING_OFFSET = 1.6  # of the corner's side: how far in from the corner the ring's centre is
RING_RADIUS = 0.55  # of the corner's side


class CornerHold:
    def __init__(self, corner: str, seconds: float) -> None:
        self.corner = corner
        self.seconds = seconds
        self.since: float | None = None  # when the press began
        self._source = ""  # the finger (or the mouse) that holds: no other can end it
        self._kept: list[pygame.event.Event] = []  # the press's events kept from the scene
        # a press that ended before its ring showed: its events, for the scene after all
        self.passed_on: list[pygame.event.Event] = []
        self.passing = False  # while they go to the scene: not a press of the corner again

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
        if self.passing:
            return False
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
                self.since, self._source, self._kept = now, source, [event]
                return True
            return False
        if self.since is None or source != self._source:
            return False
        self._kept.append(event)
        brief = now - self.since < RING_AFTER_S
        if t in (pygame.FINGERUP, pygame.MOUSEBUTTONUP):
            self._end(brief)
        elif not self.area(size).inflate(CORNER_LEAST, CORNER_LEAST).collidepoint(pos):
            self._end(brief)  # it slid away: an ordinary touch after all (a drag)
        return True

    def _end(self, passed_on: bool) -> None:
        """The press is over: a brief one was a passer-by's, for the scene after all; a
        longer one showed the ring and was the operator's, given up."""
        if passed_on:
            self.passed_on = self._kept
        self.cancel()

    def progress(self, now: float) -> float | None:
        """How far the hold has gone, 0..1, once it shows (RING_AFTER_S); None before."""
        if self.since is None or now - self.since < RING_AFTER_S:
            return None
        return min(1.0, (now - self.since) / self.seconds)

    def held(self, now: float) -> bool:
        return self.since is not None and now - self.since >= self.seconds

    def cancel(self) -> None:
        self.since = None
        self._source = ""
        self._kept = []


class CornerRing:
    """The hold's ring, drawn over whatever scene is up.

    Scenes repaint only what changed, so the ring must not stay in their picture:
    the pixels under it are kept when it is drawn and put back once the screen has
    been updated (`restore`), and the place it was is updated once more when it goes.
    """

    def __init__(self, hold: CornerHold) -> None:
        self.hold = hold
        self._shown: pygame.Rect | None = None  # where the screen shows a ring now
        self._under: pygame.Surface | None = None  # the scene's pixels there

    def wanted(self, now: float) -> bool:
        """Whether a frame must be drawn for the ring: it shows, or must go."""
        return self._shown is not None or self.hold.progress(now) is not None

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        """Draw the ring as it is now; the rects of the screen to update for it."""
        rects = [self._shown] if self._shown is not None else []
        self._shown = None
        progress = self.hold.progress(now)
        if progress is None:
            return rects
        corner = self.hold.area(surface.get_size())
        # beside the corner, towards the middle: on it, the finger would hide it
        vertical, horizontal = self.hold.corner.split("-")
        inward = (1 if horizontal == "left" else -1, 1 if vertical == "top" else -1)
        side = corner.width
        centre = (
            corner.centerx + int(inward[0] * side * RING_OFFSET),
            corner.centery + int(inward[1] * side * RING_OFFSET),
        )
        radius = int(side * RING_RADIUS)
        width = max(3, radius // 4)
        area = pygame.Rect(0, 0, 2 * (radius + width) + 2, 2 * (radius + width) + 2)
        area.center = centre
        area = area.clip(surface.get_rect())
        self._under = surface.subsurface(area).copy()
        pygame.draw.circle(surface, theme.PANEL, centre, radius + width)
        ring = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        ring.center = centre
        pygame.draw.circle(surface, theme.INK_DIM, centre, radius, 1)
        if progress > 0:
            # clockwise from twelve o'clock, as a clock's hand goes
            start = math.pi / 2 - 2 * math.pi * progress
            pygame.draw.arc(surface, theme.GOLD, ring, start, math.pi / 2, width)
        self._shown = area
        rects.append(area)
        return rects

    def discard(self) -> None:
        """Forget the ring shown: the whole screen was painted over it."""
        self._shown = None
        self._under = None

    def restore(self, surface: pygame.Surface) -> None:
        """Put back the scene's pixels under the ring, after the screen was updated."""
        if self._shown is not None and self._under is not None:
            surface.blit(self._under, self._shown)
        self._under = None
