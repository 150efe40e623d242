"""The table's tooltips: a bar's button names the keys that press it, under the mouse
after a rest, or at once when the keyboard's focus comes to it."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.scenes.table_controls import key_tip
from game.ui import theme
from game.ui.widgets import Button, edge_width

TIP_DELAY_S = 0.6  # a table button under the mouse this long names its keys


class TableTips:
    """Mixed into TableScene: which button's tooltip shows (`tip_for`), and its drawing."""

    def _update_tip(self, dt: float) -> None:
        """The tooltip of the button under the mouse, once it has been there TIP_DELAY_S:
        the keys that press it (none for a finger, with no keys to hand, nor for a
        button no key presses)."""
        focused = self.bar_focus()
        if focused is not None and self.app.kiosk is None and key_tip(focused.key):
            if self.tip_for != focused.key:  # at once: the focus came to it by a key
                self.tip_for = focused.key
                self._invalidate()
            return
        hovered = next((b for b in self.hud.buttons if b.hot and b.enabled), None)
        if hovered is None or not self.names_keys() or not key_tip(hovered.key):
            self._hide_tip()
            return
        self.hovered_for += dt
        if self.hovered_for >= TIP_DELAY_S and self.tip_for != hovered.key:
            self.tip_for = hovered.key
            self._invalidate()

    def _hide_tip(self) -> None:
        """A press or a key: the tip has done its work (it lay on the felt, over what
        the press changed); it comes back after a rest under the mouse."""
        self.hovered_for = 0.0
        if self.tip_for:
            self.tip_for = ""
            self._invalidate()

    def _clear_of_the_cards(self, box: pygame.Rect, bounds: pygame.Rect) -> pygame.Rect:
        """`box` moved along the bar's top edge, the least way that clears the cards and
        their counts, if one does: over the stock in its corner, "Key: N" hid its count."""
        assert self.view is not None
        cards = [*self.view.card_rects_in_view(), *self.view.badges_drawn]
        if self.status_drawn is not None:
            cards.append(self.status_drawn)
        for step in range(0, 4 * box.width, max(1, box.width // 4)):
            for dx in (step, -step) if step else (0,):
                moved = box.move(dx, 0)
                if bounds.contains(moved) and moved.collidelist(cards) == -1:
                    return moved
        return box

    def tip_text(self, button: Button) -> str:
        """The keys that press `button` now: New deal's N asks first in a game begun."""
        if button.key == "new" and self.new_deal_asks() and not self.game.over:
            return _("Key: {keys}", keys=_("N twice"))
        return key_tip(button.key)

    def _draw_tip(self, surface: pygame.Surface, button: Button) -> pygame.Rect:
        text = self.tip_text(button)
        size = max(12, button.rect.height * 2 // 5)
        image = theme.font(size).render(text, True, theme.INK)
        pad = size // 3
        box = image.get_rect().inflate(2 * pad, pad)
        # above the bar, not the button: on two rows of buttons it hid the upper row
        box.midbottom = (button.rect.centerx, self.hud.bottom.top - pad)
        if self.status_drawn is not None and box.colliderect(self.status_drawn):
            # above the status line: over it, "Key: H" hid the words of the warning
            # the first press of Hint had just put up
            box.bottom = self.status_drawn.top - pad
        # a gap from the window's sides too: clamped to them, "Key: N twice" over New
        # deal lay flush on the window's left border, "Key: Esc" over Menu on its right
        room = surface.get_rect().inflate(-2 * pad, 0)
        box.clamp_ip(room)
        box = self._clear_of_the_cards(box, room)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=pad)
        edge = edge_width(button.rect.height)
        pygame.draw.rect(surface, theme.BUTTON_EDGE, box, width=edge, border_radius=pad)
        surface.blit(image, image.get_rect(center=box.center))
        return box
