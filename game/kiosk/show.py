"""What the attract loop's screens share: the pulsing "touch to play", and a screen
painted once per size with one strip drawn again each frame."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.scenes.base import Scene
from game.ui import theme
from game.ui.pointer import POINTER_DOWN
from game.ui.widgets import draw_text, fitting_size

if TYPE_CHECKING:
    from game.app import App
    from game.kiosk.attract import AttractLoop

PULSE_S = 1.6  # one breath of the invitation's glow
# How often a pulse's colour is drawn anew: a slow glow looks as smooth at 30 frames a
# second, and drawn at 60 it kept a kiosk's show at 5% of a core for days
PULSE_FPS = 30


def wants_to_play(event: pygame.event.Event) -> bool:
    """A touch, a click or a key (Esc aside: it means nothing here) on an attract screen."""
    if event.type == POINTER_DOWN:
        return True
    return event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE


def pulse(clock: float) -> float:
    """0 to 1 and back, once every PULSE_S seconds."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * clock / PULSE_S)


def pulse_moved(before: float, after: float) -> bool:
    """Whether a pulse's clock going from `before` to `after` calls for a new frame."""
    return int(after * PULSE_FPS) != int(before * PULSE_FPS)


def blend(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def ribbon_height(size: tuple[int, int]) -> int:
    """The height of the shows' invitation band on a screen of `size`; the words in
    every band are sized for it (see draw_ribbon)."""
    return max(56, int(76 * theme.ui_scale(size)))


def draw_ribbon(
    surface: pygame.Surface, rect: pygame.Rect, clock: float, note: str = ""
) -> pygame.Rect:
    """A band across the screen: the invitation in the middle, a note on the left if
    room; returns where the invitation's words are."""
    pygame.draw.rect(surface, theme.PANEL, rect)
    standard = ribbon_height(surface.get_size())
    line = max(2, standard // 24)  # its gold edge too: one in every band
    pygame.draw.rect(surface, theme.GOLD, (rect.x, rect.y, rect.width, line))
    invitation = _("Touch the screen to play")
    # One size in every band of the loop, as large as the shows' band is high, and less
    # only in a band too low for it or where the words would run off a narrow screen
    # (the Russian ones did, standing up). Sized by each band's own height, the demo's
    # (its button bar) set them larger standing up and smaller lying down.
    largest = min(standard * 42 // 100, rect.height * 55 // 100)
    size = fitting_size(invitation, max(14, largest), rect.width * 9 // 10, 14, True)
    colour = blend(theme.INK, theme.GOLD, pulse(clock))
    centre = (rect.centerx, rect.centery + line // 2)
    words = draw_text(surface, invitation, size, centre, colour, "center", True)
    small = max(11, size * 2 // 3)
    if note and theme.font(small).size(note)[0] + 2 * size < words.left:
        draw_text(surface, note, small, (rect.x + size, centre[1]), theme.INK_DIM, "midleft")
    elif note:
        # a narrow screen standing up has no room beside the words: the note above them,
        # in what height the band has there (left out, nothing said the table played
        # itself)
        room = words.top - rect.y - line
        above_size = min(small, room * 4 // 5)
        if above_size >= 12:
            above_size = fitting_size(note, above_size, rect.width * 9 // 10, 12)
            where = (rect.centerx, words.top)
            draw_text(surface, note, above_size, where, theme.INK_DIM, "midbottom")
    return words


class ShowScene(Scene):
    """A screen of the attract loop. `paint(size)` makes the still picture and places
    `self.live`, the strip `draw_live` draws again each frame; after `done()` the loop
    goes on with `go_on()`; any touch starts a game."""

    attract = True

    def __init__(self, app: App, loop: AttractLoop) -> None:
        super().__init__(app)
        self.loop = loop
        self.shown = 0.0
        self.leaving = False
        self.still: pygame.Surface | None = None
        self.live = pygame.Rect(0, 0, 0, 0)
        self._full = True

    def paint(self, size: tuple[int, int]) -> pygame.Surface:
        raise NotImplementedError

    def draw_live(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def done(self) -> bool:
        raise NotImplementedError

    def go_on(self) -> None:
        raise NotImplementedError

    def enter(self) -> None:
        super().enter()
        self._full = True

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.still = None
        self._full = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if wants_to_play(event) and not self.leaving:
            self.leaving = True
            self.loop.play()
            return True
        return False

    def update(self, dt: float) -> None:
        before, self.shown = self.shown, self.shown + dt
        if pulse_moved(before, self.shown):  # the live strip pulses
            self.redraw = True
        if not self.leaving and not self.app.switching and self.done():
            self.leaving = True
            self.go_on()

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        if self.still is None or self.still.get_size() != surface.get_size():
            self.still = self.paint(surface.get_size())
            self._full = True
        full, self._full = self._full, False
        if full:
            surface.blit(self.still, (0, 0))
        else:
            surface.blit(self.still, self.live, self.live)
        self.draw_live(surface)
        return [surface.get_rect()] if full else [self.live]
