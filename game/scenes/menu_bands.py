"""What the menu draws across itself: the bars of a notice and of the game to
continue, and the question that waits for the same press again."""

from __future__ import annotations

import pygame

from game.render.preview import fill_translucent, fit_text
from game.ui import theme
from game.ui.widgets import balanced_wrap, draw_text, px


def draw_bar(
    surface: pygame.Surface,
    r: pygame.Rect,
    lines: list[str],
    colour: tuple[int, int, int],
    room: int,
    text_size: int,
    scale: float,
    words: pygame.Rect | None = None,
) -> None:
    """A band, its button already laid out in it: a notice, or the game to continue,
    in as many lines as they need, `room` px wide, in the middle of `words` (the band's
    part beside or above the button; the whole band by default)."""
    fill_translucent(surface, r, theme.PANEL, 230, px(8, scale, 4))
    pygame.draw.rect(surface, colour, r, width=px(1, scale), border_radius=px(8, scale, 4))
    lines = [fit_text(line, text_size, room) for line in lines]
    step = theme.font(text_size).get_linesize()
    y = (words or r).centery - step * (len(lines) - 1) // 2
    for line in lines:
        draw_text(surface, line, text_size, (r.x + px(14, scale, 8), y), colour, "midleft")
        y += step


def draw_question(
    surface: pygame.Surface, question: str, within: pygame.Rect, scale: float
) -> pygame.Rect:
    """A question waiting for the same press again, in a box centred on `within` and
    as wide at most (the picture of the patience: a control under it, the deal's field
    or a row of the list, could not be seen while the question asked of it). Returns
    the box."""
    size = px(18, scale, 13)
    font = theme.font(size, bold=True)
    # clear of the rounded corners at 800x600 too (its words touched the gold edge);
    # the lines evened out (six lines ended on a lone "к нему.")
    pad_x, pad_y = px(28, scale, 24), px(14, scale, 10)
    lines = balanced_wrap(question, font, max(1, min(within.width - pad_x, px(900, scale))))
    line_h = font.get_linesize()
    width = max(font.size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, width + pad_x, len(lines) * line_h + pad_y)
    box.center = within.center
    box.clamp_ip(surface.get_rect())
    radius = min(box.height // 2, px(22, scale, 12))
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=radius)
    pygame.draw.rect(surface, theme.GOLD, box, width=px(2, scale, 2), border_radius=radius)
    for i, line in enumerate(lines):
        image = font.render(line, True, theme.INK)
        y = box.y + pad_y // 2 + i * line_h
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
    return box
