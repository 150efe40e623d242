"""Suit symbols drawn as vector shapes (the bundled font has no ♠♥♦♣ glyphs).

Each suit is an outline of cubic Bézier curves (plus circles for the club) in a
unit box, x and y both running 0..1 with y pointing down.  The shapes are
left-right symmetric, so only the right half is written out and mirrored.
They are filled at `SUPERSAMPLE` times the requested size and scaled down, which
antialiases the edges.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.render.raster import SUPERSAMPLE, Colour, blank, downsample

Point = tuple[float, float]
# A Bézier segment continuing from the previous point: (control 1, control 2, end).
Segment = tuple[Point, Point, Point]

SUITS = "SHDC"

# Width / height of each symbol as it should appear on the card.
SUIT_ASPECT: dict[str, float] = {"S": 0.92, "H": 1.04, "D": 0.80, "C": 0.98}

_CURVE_STEPS = 24

_HEART: tuple[Point, tuple[Segment, ...]] = (
    (0.5, 0.22),
    (
        ((0.55, 0.07), (0.64, 0.0), (0.755, 0.0)),
        ((0.90, 0.0), (1.0, 0.12), (1.0, 0.29)),
        ((1.0, 0.53), (0.72, 0.73), (0.5, 1.0)),
    ),
)

_SPADE: tuple[Point, tuple[Segment, ...]] = (
    (0.5, 0.0),
    (
        ((0.60, 0.16), (1.0, 0.32), (1.0, 0.56)),
        ((1.0, 0.71), (0.89, 0.80), (0.76, 0.80)),
        ((0.66, 0.80), (0.58, 0.75), (0.535, 0.68)),
        # The stem flares out into a foot, like the classic French pattern.
        ((0.55, 0.86), (0.62, 0.965), (0.73, 1.0)),
    ),
)

_DIAMOND: tuple[Point, tuple[Segment, ...]] = (
    (0.5, 0.0),
    (
        # Control points pulled slightly inwards give the gently concave sides.
        ((0.64, 0.20), (0.80, 0.36), (1.0, 0.5)),
        ((0.80, 0.64), (0.64, 0.80), (0.5, 1.0)),
    ),
)

_CLUB_STEM: tuple[Point, tuple[Segment, ...]] = (
    (0.5, 0.55),
    (
        ((0.52, 0.58), (0.535, 0.62), (0.535, 0.66)),
        ((0.55, 0.86), (0.62, 0.965), (0.73, 1.0)),
    ),
)

# Club leaves: (centre x, centre y, radius) in the unit box.
_CLUB_LEAVES: tuple[tuple[float, float, float], ...] = (
    (0.5, 0.255, 0.235),
    (0.245, 0.585, 0.235),
    (0.755, 0.585, 0.235),
)


def cubic(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    """Points along one cubic Bézier segment, excluding its start point."""
    points = []
    for step in range(1, _CURVE_STEPS + 1):
        t = step / _CURVE_STEPS
        u = 1.0 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        points.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return points


def _symmetric_outline(half: tuple[Point, tuple[Segment, ...]]) -> list[Point]:
    """The full closed outline from the right half, mirrored about x = 0.5."""
    start, segments = half
    right = [start]
    for control1, control2, end in segments:
        right.extend(cubic(right[-1], control1, control2, end))
    # The half ends on the axis for heart and diamond, off it for stems; either
    # way the mirrored copy walks back up the left side.
    left = [(1.0 - x, y) for x, y in reversed(right)]
    return right + left


_OUTLINES: dict[str, list[Point]] = {
    "H": _symmetric_outline(_HEART),
    "S": _symmetric_outline(_SPADE),
    "D": _symmetric_outline(_DIAMOND),
}
_CLUB_STEM_OUTLINE = _symmetric_outline(_CLUB_STEM)


def _scaled(points: list[Point], width: int, height: int) -> list[tuple[float, float]]:
    return [(x * width, y * height) for x, y in points]


def _paint(surface: pygame.Surface, suit: str, colour: Colour) -> None:
    """Fill the suit shape so that it spans the whole of `surface`."""
    width, height = surface.get_size()
    if suit == "C":
        # A radius relative to the width keeps the leaves round when the box is
        # not square.
        for cx, cy, r in _CLUB_LEAVES:
            pygame.draw.circle(surface, colour, (cx * width, cy * height), r * width)
        centres = [(cx * width, cy * height) for cx, cy, _ in _CLUB_LEAVES]
        pygame.draw.polygon(surface, colour, centres)
        pygame.draw.polygon(surface, colour, _scaled(_CLUB_STEM_OUTLINE, width, height))
    else:
        pygame.draw.polygon(surface, colour, _scaled(_OUTLINES[suit], width, height))


def suit_width(suit: str, height: int) -> int:
    """The natural width of a suit symbol `height` pixels tall."""
    return max(1, round(height * SUIT_ASPECT[suit]))


@lru_cache(maxsize=512)
def suit_symbol(suit: str, size: tuple[int, int], colour: Colour) -> pygame.Surface:
    """An antialiased suit symbol filling a box of `size` pixels.

    The returned surface is shared through the cache: blit it, never draw on it.
    """
    if suit not in SUITS:
        raise ValueError(f"unknown suit {suit!r}; expected one of {SUITS}")
    width, height = max(1, size[0]), max(1, size[1])
    big = blank((width * SUPERSAMPLE, height * SUPERSAMPLE), colour)
    _paint(big, suit, colour)
    return downsample(big, (width, height))
