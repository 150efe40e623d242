"""The operator's PIN pad: big keys for a finger; the right PIN closes the kiosk.

A wrong PIN clears the entry and says so; after a few in a row the pad rests
for a while, so guessing takes long. Cancel goes back (to the game in play,
if there was one, else to the attract loop). The digits typed show as dots.
"""

from __future__ import annotations

import hmac
import logging
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.kiosk.config import PIN_DIGITS
from game.render.preview import framed_box
from game.scenes.base import Scene
from game.scenes.pad_scene import PadScene
from game.ui import theme
from game.ui.keypad import layout_keypad
from game.ui.pad import DIGIT_KEYS
from game.ui.widgets import draw_field_box, draw_text, fitting_size, px

if TYPE_CHECKING:
    from game.app import App
    from game.kiosk.policy import KioskPolicy

log = logging.getLogger(__name__)

TRIES = 3  # wrong PINs in a row before the pad rests
REST_S = 30.0  # the first rest; each next one twice as long, up to LONGEST_REST_S
LONGEST_REST_S = 3600.0
FORGIVEN_S = 24 * 3600.0  # a day without a wrong PIN: the rests start short again


class PinLock:
    """Wrong PINs in a row and the rest they earn. The kiosk keeps one for all its pads:
    kept by a pad, Cancel and the corner held again gave a fresh pad with no rest."""

    def __init__(self) -> None:
        self.wrong = 0
        self.rests = 0  # rests earned so far: a 4-digit PIN fell in a day at 30 s each
        self.resting = 0.0  # seconds left before a pad takes digits again
        self.quiet = 0.0  # seconds since the last wrong PIN

    def wrong_pin(self) -> None:
        self.wrong += 1
        self.quiet = 0.0
        log.warning("kiosk: a wrong PIN was typed (%d in a row)", self.wrong)
        if self.wrong >= TRIES:
            self.wrong = 0
            self.resting = min(LONGEST_REST_S, REST_S * 2 ** min(self.rests, 16))
            self.rests += 1

    def tick(self, dt: float) -> None:
        self.resting = max(0.0, self.resting - dt)
        self.quiet += dt
        if self.quiet >= FORGIVEN_S:
            # passers-by trying now and then over weeks must not leave the operator an
            # hour's wait
            self.rests = 0


class PinPadScene(PadScene):
    def __init__(self, app: App, policy: KioskPolicy, back: Scene | None = None) -> None:
        super().__init__(app)
        self.policy = policy
        self._back = back
        self.entry = ""
        self.message = ""
        self.lock = policy.pin_lock
        self._rested = self.resting == 0  # as last laid out
        self._shown_seconds = 0  # the countdown as last drawn
        self.field = pygame.Rect(0, 0, 0, 0)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.line_drawn = pygame.Rect(0, 0, 0, 0)  # where the line under the title went

    @property
    def resting(self) -> float:
        return self.lock.resting

    # -- the PIN -------------------------------------------------------------------

    def type_digit(self, digit: str) -> None:
        if self.resting > 0 or len(self.entry) >= PIN_DIGITS[1]:
            return
        self.entry += digit
        self.message = ""
        self.redraw = True

    def delete(self) -> None:
        self.entry = self.entry[:-1]
        self.redraw = True

    def submit(self) -> None:
        if self.resting > 0 or not self.entry:
            return
        # compared in constant time: the pad gives nothing away about how near a guess was
        if hmac.compare_digest(self.entry, self.policy.config.operator.pin):
            self.policy.operator_exit()
            return
        self.lock.wrong_pin()
        self.entry = ""
        self.message = self._lines()[2]
        self.layout()

    def back(self) -> None:
        previous = self._back
        if previous is not None:
            self.app.switch(lambda: previous)
        else:
            self.policy.attract.start()

    # -- scene ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        # the kiosk counts the rest down (see PinLock); the pad shows it
        seconds = int(self.resting + 0.999)
        if seconds != self._shown_seconds:
            self.redraw = True  # the countdown
            self._shown_seconds = seconds
        rested = self.resting == 0
        if rested != self._rested:
            if rested:
                self.message = ""
            self.layout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in DIGIT_KEYS:
                self.type_digit(DIGIT_KEYS[key])
                return True
            if key == pygame.K_BACKSPACE:
                self.delete()
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
                return True
            if key == pygame.K_ESCAPE:
                self.back()
                return True
        return self.pad_event(event)

    # -- layout and drawing ----------------------------------------------------------

    def layout(self) -> None:
        s = self.scale = theme.ui_scale(self.size)
        # wide enough for what the pad says in its own size, as the screen allows: the
        # Russian lock-out shrank to 12 px in a panel as narrow as the keys
        font = theme.font(px(20, s, 14))
        said = max(font.size(line)[0] for line in self._lines(LONGEST_REST_S))
        panel = layout_keypad(
            self.size,
            px(40, s, 28) + px(20, s, 14) + 3 * px(16, s, 10),
            min(said + 2 * px(24, s, 12), self.size[0] - 16) - 2 * px(28, s, 14),
            (self.type_digit, self.delete, self.submit),
            (_("OK"), _("Cancel")),
            self.back,
        )
        self.box, self.field = panel.box, panel.field
        for b in panel.keys:
            b.enabled = self.resting == 0 or b.key == "del"
        self._rested = self.resting == 0
        self.pad.set([*panel.keys, panel.cancel])
        self.redraw = True

    def _lines(self, rest_s: float | None = None) -> tuple[str, str, str]:
        """What the pad says: asking for the PIN, resting (`rest_s`, else the time
        left), a wrong PIN typed."""
        rest = int((self.resting if rest_s is None else rest_s) + 0.999)
        return (
            _("Enter the PIN to close the game."),
            _("Too many wrong PINs: wait {n} s.", n=rest),
            _("Wrong PIN."),
        )

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        s, box = self.scale, self.box
        surface.blit(theme.felt(self.size), (0, 0))
        framed_box(surface, box, theme.PANEL, 230, px(18, s, 8), px(1, s))
        y = box.y + px(28, s, 14)
        title = draw_text(
            surface,
            _("Operator"),
            px(40, s, 28),
            (box.centerx, y),
            theme.GOLD,
            "midtop",
            serif=True,
        )
        if self.resting > 0:
            line, colour = self._lines()[1], theme.WARN
        elif self.message:
            line, colour = self.message, theme.WARN
        else:
            line, colour = self._lines()[0], theme.INK
        where = (box.centerx, title.bottom + px(16, s, 10))
        # within the panel, a margin each side: the Russian lock-out ran past both edges
        room = box.width - 2 * px(24, s, 12)
        self.line_size = fitting_size(line, px(20, s, 14), room, least=px(13, s, 12))
        self.line_drawn = draw_text(surface, line, self.line_size, where, colour, "midtop")
        self._draw_field(surface)
        for b in self.pad.buttons:
            b.draw(surface, max(16, int(b.rect.height * 0.42)))
        self.pad.draw_focus(surface, s)
        return [surface.get_rect()]

    def _draw_field(self, surface: pygame.Surface) -> None:
        f = self.field
        draw_field_box(surface, f, 6)
        dot = max(6, f.height // 6)
        count = len(self.entry)
        step = dot * 3
        x = f.centerx - (count - 1) * step // 2
        for i in range(count):
            pygame.draw.circle(surface, theme.GOLD, (x + i * step, f.centery), dot)
