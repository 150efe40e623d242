"""Card backs: a coloured panel with a fine repeating pattern inside a white margin.

Everything is drawn supersampled, so the fine lines come out as soft, even
hairlines at any card size instead of moiré.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.render.raster import SUPERSAMPLE, Colour, blank, downsample

PatternPainter = Callable[[pygame.Surface, "BackStyle", float], None]


@dataclass(frozen=True)
class BackStyle:
    """Colours of one back design; the pattern painter is chosen by name."""

    ground: Colour  # the panel's base colour
    line: Colour  # pattern strokes
    accent: Colour  # frame lines and medallion
    pattern: str


BACK_STYLES: dict[str, BackStyle] = {
    "classic": BackStyle((122, 18, 32), (176, 58, 70), (236, 206, 160), "lattice"),
    "blue": BackStyle((24, 58, 128), (48, 90, 168), (214, 226, 246), "diamonds"),
    "green": BackStyle((18, 84, 52), (46, 124, 84), (226, 214, 158), "rosettes"),
}

BACKS: tuple[str, ...] = tuple(BACK_STYLES)


def _lattice(surface: pygame.Surface, style: BackStyle, unit: float) -> None:
    """Two crossing sets of fine diagonal lines with a dot at every crossing."""
    width, height = surface.get_size()
    step = unit * 2.2
    stroke = max(1, round(unit * 0.22))
    count = math.ceil((width + height) / step) + 1
    for k in range(count):
        offset = k * step
        pygame.draw.line(surface, style.line, (offset, 0), (offset - height, height), stroke)
        pygame.draw.line(surface, style.line, (offset - height, 0), (offset, height), stroke)
    dot = unit * 0.32
    for row in range(math.ceil(height / step * 2) + 1):
        y = row * step / 2
        shift = step / 2 if row % 2 else 0.0
        for col in range(math.ceil(width / step) + 2):
            pygame.draw.circle(surface, style.accent, (col * step + shift, y), dot)


def _diamonds(surface: pygame.Surface, style: BackStyle, unit: float) -> None:
    """A harlequin grid of small diamonds, each with a lighter inner diamond."""
    width, height = surface.get_size()
    half_w, half_h = unit * 1.3, unit * 1.8
    for row in range(math.ceil(height / half_h) + 2):
        for col in range(math.ceil(width / (2 * half_w)) + 2):
            cx = col * 2 * half_w + (half_w if row % 2 else 0.0)
            cy = row * half_h
            outer = [(cx, cy - half_h), (cx + half_w, cy), (cx, cy + half_h), (cx - half_w, cy)]
            pygame.draw.polygon(surface, style.line, outer, max(1, round(unit * 0.22)))
            inner = [(cx, cy - half_h * 0.38), (cx + half_w * 0.38, cy)]
            inner += [(cx, cy + half_h * 0.38), (cx - half_w * 0.38, cy)]
            pygame.draw.polygon(surface, style.line, inner)


def _rosettes(surface: pygame.Surface, style: BackStyle, unit: float) -> None:
    """Overlapping circles on a square grid, the old engraved-banknote look."""
    width, height = surface.get_size()
    radius = unit * 1.6
    stroke = max(1, round(unit * 0.2))
    for row in range(math.ceil(height / radius) + 2):
        for col in range(math.ceil(width / radius) + 2):
            centre = (col * radius, row * radius)
            pygame.draw.circle(surface, style.line, centre, radius, stroke)


_PATTERNS: dict[str, PatternPainter] = {
    "lattice": _lattice,
    "diamonds": _diamonds,
    "rosettes": _rosettes,
}


def _clip_to(surface: pygame.Surface, area: pygame.Rect, radius: int) -> None:
    """Make everything outside the rounded `area` transparent."""
    # Outside pixels keep their colour and lose only their alpha, so the
    # smooth-scaled edge does not fade towards black.
    mask = blank(surface.get_size(), (255, 255, 255))
    pygame.draw.rect(mask, (255, 255, 255, 255), area, border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _medallion(surface: pygame.Surface, style: BackStyle, area: pygame.Rect, unit: float) -> None:
    """A small oval cartouche in the middle: breaks the repetition, as on real backs."""
    oval = pygame.Rect(0, 0, round(area.width * 0.44), round(area.width * 0.58))
    oval.center = area.center
    pygame.draw.ellipse(surface, style.ground, oval)
    pygame.draw.ellipse(surface, style.accent, oval, max(1, round(unit * 0.45)))
    ring = oval.inflate(-round(unit * 1.4), -round(unit * 1.4))
    pygame.draw.ellipse(surface, style.line, ring, max(1, round(unit * 0.3)))
    # A four-pointed star, so the back reads the same either way up.
    cx, cy = oval.center
    rx, ry = ring.width * 0.3, ring.height * 0.3
    waist = unit * 0.8
    star = [(cx, cy - ry), (cx + waist, cy - waist), (cx + rx, cy), (cx + waist, cy + waist)]
    star += [(cx, cy + ry), (cx - waist, cy + waist), (cx - rx, cy), (cx - waist, cy - waist)]
    pygame.draw.polygon(surface, style.accent, star)


def paint_back(name: str, card: pygame.Surface, radius: int) -> pygame.Surface:
    """Draw back design `name` onto a copy of the blank rounded `card`.

    `radius` is the card's corner radius in final pixels.
    """
    style = BACK_STYLES[name]
    width, height = card.get_size()
    factor = SUPERSAMPLE
    big_size = (width * factor, height * factor)
    unit = width * factor / 40  # pattern scale follows the card size

    margin = max(2, round(width * 0.065)) * factor
    panel = pygame.Rect(0, 0, big_size[0], big_size[1]).inflate(-2 * margin, -2 * margin)
    panel_radius = max(0, radius * factor - margin // 2)

    design = blank(big_size, style.ground)
    pygame.draw.rect(design, style.ground, panel)
    _PATTERNS[style.pattern](design, style, unit)
    frame = panel.inflate(-round(unit * 2.2), -round(unit * 2.2))
    pygame.draw.rect(
        design, style.accent, frame, max(1, round(unit * 0.35)), border_radius=panel_radius // 2
    )
    _medallion(design, style, panel, unit)
    _clip_to(design, panel, panel_radius)

    back = card.copy()
    back.blit(downsample(design, (width, height)), (0, 0))
    return back
