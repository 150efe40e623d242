"""A screen of one line, shown while the game does something long before its first
scene (the records made again from a damaged file): a black window read as a hang."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.widgets import draw_text


def show_note(surface: pygame.Surface, text: str) -> None:
    """`text` in the middle of the window, on the panel's colour, shown at once."""
    surface.fill(theme.PANEL)
    w, h = surface.get_size()
    size = max(14, int(24 * theme.ui_scale((w, h))))
    draw_text(surface, text, size, (w // 2, h // 2), theme.INK, "center")
    pygame.display.flip()
