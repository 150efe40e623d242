"""Small raster helpers shared by the card painters.

Shapes are drawn at `SUPERSAMPLE` times the final size with pygame's plain
(aliased) primitives and then smooth-scaled down, which is the cheapest way to
get clean antialiased edges out of pygame.draw.
"""

from __future__ import annotations

import pygame

SUPERSAMPLE = 4

Colour = tuple[int, int, int]
ColourWithAlpha = tuple[int, int, int] | tuple[int, int, int, int]


def blank(size: tuple[int, int], rgb: Colour = (0, 0, 0)) -> pygame.Surface:
    """A fully transparent per-pixel-alpha surface.

    The transparent pixels carry `rgb` because smoothscale averages colour and
    alpha separately: edges fade towards this colour, so it should match the
    shape's own colour to avoid dark fringes.
    """
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((*rgb, 0))
    return surface


def downsample(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Shrink a supersampled drawing to its final size (box-filtered)."""
    return pygame.transform.smoothscale(big, size)


def card_outline(
    size: tuple[int, int],
    radius: int,
    border: int,
    edge: ColourWithAlpha,
    fill: ColourWithAlpha,
) -> pygame.Surface:
    """An antialiased rounded card: `border`-wide `edge` ring around a `fill` body.

    All lengths are given in final pixels; the drawing is supersampled here.
    Colours may carry an alpha, which is stored as is (not blended).
    """
    factor = SUPERSAMPLE
    big = blank((size[0] * factor, size[1] * factor), (edge[0], edge[1], edge[2]))
    outer = big.get_rect()
    pygame.draw.rect(big, edge, outer, border_radius=radius * factor)
    inner = outer.inflate(-2 * border * factor, -2 * border * factor)
    pygame.draw.rect(big, fill, inner, border_radius=max(0, (radius - border) * factor))
    return downsample(big, size)


def finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when a display mode is set.

    Without a display (tests, tools) the surface is returned unchanged, which
    keeps the art usable headless.
    """
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
