"""The deal number typed on the screen: for a player with a finger and no keyboard.

The menu's deal field opens it. Keys type the digits too; OK takes the number back
to the menu, Cancel (or Esc) leaves the menu's number as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.render.preview import fit_text, framed_box
from game.scenes.pad_scene import PadScene
from game.ui import theme
from game.ui.keypad import layout_keypad
from game.ui.pad import DIGIT_KEYS
from game.ui.widgets import draw_field_box, draw_text, px

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.menu_choice import MenuChoice


class DealPadScene(PadScene):
    def __init__(self, app: App, choice: MenuChoice, digits: int) -> None:
        super().__init__(app)
        self.choice = choice
        self.digits = digits  # the most a deal number may have
        self.entry = choice.deal_text
        self.box = self.field = pygame.Rect(0, 0, 0, 0)

    # -- the number ----------------------------------------------------------------

    def type_digit(self, digit: str) -> None:
        if len(self.entry) < self.digits:
            self.entry = (self.entry + digit).lstrip("0") or "0"  # as the menu's field
        else:  # full: a digit more was dropped without a sign
            self.app.sounds.play("refused")
        self._enable_digits()

    def delete(self) -> None:
        self.entry = self.entry[:-1]
        self._enable_digits()

    def _enable_digits(self) -> None:
        """The digit keys are off while the number has all the digits it may have."""
        room = len(self.entry) < self.digits
        for b in self.pad.buttons:
            if b.key.startswith("digit:"):
                b.enabled = room
        self.redraw = True

    def confirm(self) -> None:
        self.choice.deal_text = self.entry  # none: a random deal
        self.back()

    def back(self) -> None:
        from game.scenes.menu import MenuScene

        app = self.app
        app.switch(lambda: MenuScene(app))

    # -- scene ---------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in DIGIT_KEYS:
                self.type_digit(DIGIT_KEYS[event.key])
                return True
            if event.key == pygame.K_BACKSPACE:
                self.delete()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.pad.show_focus:
                self.confirm()
                return True
        return super().handle_event(event)

    def layout(self) -> None:
        s = self.scale = theme.ui_scale(self.size)
        title_w = theme.font(px(40, s, 28), serif=True).size(_("Deal number"))[0]
        panel = layout_keypad(
            self.size,
            px(40, s, 28) + px(16, s, 10),
            title_w,
            (self.type_digit, self.delete, self.confirm),
            (_("OK"), _("Cancel")),
            self.back,
        )
        self.box, self.field = panel.box, panel.field
        self.pad.set([*panel.keys, panel.cancel])
        self._enable_digits()

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        s, box, f = self.scale, self.box, self.field
        surface.blit(theme.felt(self.size), (0, 0))
        framed_box(surface, box, theme.PANEL, 230, px(18, s, 8), px(1, s))
        where = (box.centerx, box.y + px(28, s, 14))
        draw_text(surface, _("Deal number"), px(40, s, 28), where, theme.GOLD, "midtop", serif=True)
        draw_field_box(surface, f, 6)
        size = max(16, int(f.height * 0.5))
        if self.entry:
            draw_text(surface, self.entry, size, f.center, theme.INK, "center", True)
        else:
            hint = fit_text(_("random"), size, f.width - 2 * px(10, s, 6))
            draw_text(surface, hint, size, f.center, theme.INK_DIM, "center")
        for b in self.pad.buttons:
            b.draw(surface, max(16, int(b.rect.height * 0.42)))
        self.pad.draw_focus(surface, s)
        return [surface.get_rect()]
