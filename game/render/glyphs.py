"""Text for the cards, trimmed to its ink so it can be laid out to the pixel."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from game.render.raster import Colour
from game.ui.theme import font_file

# Ink height of a capital as a fraction of the font size, for a first guess.
CAP_RATIO = 0.73


def _ink(path: Path, size: int, text: str, colour: Colour) -> pygame.Surface:
    rendered = font_file(path, size).render(text, True, colour)
    return rendered.subsurface(rendered.get_bounding_rect()).copy()


@lru_cache(maxsize=256)
def ink_text(
    text: str, path: Path, ink_height: int, colour: Colour, max_width: int | None = None
) -> pygame.Surface:
    """`text` rendered so its inked pixels are exactly `ink_height` tall.

    The font size is searched for rather than computed because hinting makes
    glyph heights step unevenly.  Text wider than `max_width` is condensed
    horizontally, the way printed cards squeeze their "10".  The surface is
    shared through the cache: blit it, never draw on it.
    """
    ink_height = max(1, ink_height)
    size = max(1, round(ink_height / CAP_RATIO))
    glyph = _ink(path, size, text, colour)
    # Step towards the target height; a few steps always suffice.
    for _ in range(8):
        if glyph.get_height() == ink_height:
            break
        size += 1 if glyph.get_height() < ink_height else -1
        candidate = _ink(path, max(1, size), text, colour)
        if (candidate.get_height() > ink_height) != (glyph.get_height() > ink_height):
            glyph = min(glyph, candidate, key=lambda s: abs(s.get_height() - ink_height))
            break
        glyph = candidate
    width, height = glyph.get_size()
    if max_width is not None and width > max_width:
        width = max_width
    if (width, height) != (glyph.get_width(), ink_height):
        glyph = pygame.transform.smoothscale(glyph, (width, ink_height))
    return glyph
