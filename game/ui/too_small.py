"""What a window too small to lay a scene out in shows instead: a request to make it
larger, and by how much."""

from __future__ import annotations

import pygame

from game import i18n
from game.screen import least_window
from game.ui import theme
from game.ui.widgets import draw_text


def draw_too_small(surface: pygame.Surface) -> None:
    """Ask for a larger window, over the whole of `surface`, in words as large as it
    holds (none where it is too small even for them)."""
    surface.fill(theme.PANEL)
    w, h = surface.get_size()
    size = max(8, min(h // 4, w // 16, 24))
    if w >= 40 and h >= 12:
        text = i18n._("Make the window larger")
        drawn = draw_text(surface, text, size, (w // 2, h // 2), theme.INK, "center")
        # how much larger: the size the game is made for, which a tiling window
        # manager ignored (see least_window)
        least_w, least_h = least_window((w, h))
        least = i18n._("at least {w} × {h}", w=least_w, h=least_h)
        draw_text(surface, least, size * 3 // 4, drawn.midbottom, theme.INK_DIM, "midtop")
