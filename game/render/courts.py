"""The central panel of the court cards (Jack, Queen, King).

No figures: a framed, double-ended panel holding the court's headgear, letter
and suit, like the frame of a printed court card with the portrait left out.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.render.face_layout import FaceLayout
from game.render.glyphs import ink_text
from game.render.raster import SUPERSAMPLE, Colour, blank, downsample
from game.render.suits import Point, cubic, suit_symbol, suit_width
from game.ui.theme import SERIF_BOLD

PANEL = (246, 237, 212)
GOLD = (206, 160, 52)
DARK_GOLD = (140, 98, 24)

# Shares of the panel height taken, in each half, by the parts of the stack.
_HEADGEAR_SHARE = 0.092
_LETTER_SHARE = 0.19
_SUIT_SHARE = 0.08
_GAP_SHARE = 0.018
HEADGEAR_ASPECT = 1.5  # width / height
# Below this panel height the headgear would be a smudge, so it is left out.
_MIN_PANEL_FOR_HEADGEAR = 80

# Headgear outlines in a unit box (y down): gold polygon, gold balls, jewels.
_KING_CROWN = (
    [(0.12, 0.74), (0.07, 0.28), (0.30, 0.52), (0.5, 0.18), (0.70, 0.52), (0.93, 0.28),
     (0.88, 0.74), (0.9, 1.0), (0.1, 1.0)],
    [(0.07, 0.2, 0.075), (0.5, 0.1, 0.085), (0.93, 0.2, 0.075)],
    [(0.3, 0.87, 0.055), (0.5, 0.87, 0.055), (0.7, 0.87, 0.055)],
)  # fmt: skip
_QUEEN_TIARA = (
    [(0.12, 0.74), (0.06, 0.46), (0.22, 0.58), (0.31, 0.36), (0.41, 0.56), (0.5, 0.28),
     (0.59, 0.56), (0.69, 0.36), (0.78, 0.58), (0.94, 0.46), (0.88, 0.74), (0.9, 1.0),
     (0.1, 1.0)],
    [(0.06, 0.4, 0.06), (0.31, 0.3, 0.06), (0.5, 0.21, 0.07), (0.69, 0.3, 0.06),
     (0.94, 0.4, 0.06)],
    [(0.5, 0.87, 0.06)],
)  # fmt: skip


def _jack_cap() -> tuple[list[Point], list[tuple[float, float, float]], list[Point]]:
    """A round cap on a band, with a feather sweeping up to the right."""
    dome = [
        (0.5 + 0.36 * math.cos(a), 0.78 + 0.5 * math.sin(a))
        for a in (math.pi + math.pi * k / 20 for k in range(21))
    ]
    cap = [(0.1, 1.0), *dome[:1], *dome, (0.9, 1.0)]
    start = (0.58, 0.45)
    feather = [start, *cubic(start, (0.7, 0.15), (0.85, 0.02), (1.0, 0.0))]
    feather += cubic((1.0, 0.0), (0.86, 0.14), (0.76, 0.32), (0.66, 0.5))
    return cap, [(0.5, 0.27, 0.06)], feather


def _headgear(rank: str, size: tuple[int, int], jewel: Colour) -> pygame.Surface:
    """The crown, tiara or cap for `rank`, gold with a dark outline."""
    factor = SUPERSAMPLE
    big = blank((size[0] * factor, size[1] * factor), GOLD)
    width, height = big.get_size()

    def scaled(points: list[Point]) -> list[Point]:
        return [(x * width, y * height) for x, y in points]

    feather: list[Point] = []
    if rank == "K":
        body, balls, jewels = _KING_CROWN
    elif rank == "Q":
        body, balls, jewels = _QUEEN_TIARA
    else:
        body, balls, feather = _jack_cap()
        jewels = []
    pygame.draw.polygon(big, GOLD, scaled(body))
    if feather:
        pygame.draw.polygon(big, GOLD, scaled(feather))
    for x, y, r in balls:
        pygame.draw.circle(big, GOLD, (x * width, y * height), r * height)
    # Outline the union of the parts by tracing the filled silhouette.
    outline = pygame.mask.from_surface(big).outline()
    if len(outline) > 2:
        pygame.draw.polygon(big, DARK_GOLD, outline, max(1, round(factor * size[1] / 14)))
    for x, y, r in jewels:
        pygame.draw.circle(big, jewel, (x * width, y * height), r * height)
    return downsample(big, size)


@lru_cache(maxsize=32)
def _frame(size: tuple[int, int], colour: Colour, unit: float) -> pygame.Surface:
    """The panel: a suit-coloured rule, a gold inner rule, studs and a middle bar."""
    factor = SUPERSAMPLE
    big = blank((size[0] * factor, size[1] * factor), PANEL)
    outer = big.get_rect()
    corner = round(unit * factor)
    pygame.draw.rect(big, PANEL, outer, border_radius=corner)
    pygame.draw.rect(big, colour, outer, max(1, round(unit * 0.5 * factor)), border_radius=corner)
    inset = round(unit * 1.6 * factor)
    inner = outer.inflate(-2 * inset, -2 * inset)
    thin = max(1, round(unit * 0.3 * factor))
    pygame.draw.rect(big, GOLD, inner, thin)
    stud = unit * 0.9 * factor
    for cx, cy in (inner.topleft, inner.topright, inner.bottomleft, inner.bottomright):
        pygame.draw.polygon(big, GOLD, [(cx, cy - stud), (cx + stud, cy), (cx, cy + stud),
                                        (cx - stud, cy)])  # fmt: skip
    mid_y, cx = outer.centery, outer.centerx
    pygame.draw.line(big, GOLD, (inner.left, mid_y), (inner.right, mid_y), thin)
    lozenge = [(cx, mid_y - stud * 1.4), (cx + stud * 2, mid_y), (cx, mid_y + stud * 1.4),
               (cx - stud * 2, mid_y)]  # fmt: skip
    pygame.draw.polygon(big, PANEL, lozenge)
    pygame.draw.polygon(big, colour, lozenge, max(1, round(unit * 0.35 * factor)))
    return downsample(big, size)


def paint_court(
    face: pygame.Surface,
    layout: FaceLayout,
    rank: str,
    suit: str,
    colour: Colour,
    sign: str | None = None,
) -> None:
    """Draw the court panel for `rank` ("J", "Q" or "K") of `suit` onto `face`, its
    letter `sign` (the rank's own letter unless given: "Д" on a Russian pack's Queen)."""
    frame = layout.court_frame
    unit = layout.width / 60  # stroke scale
    face.blit(_frame(frame.size, colour, unit), frame.topleft)

    panel = frame.height
    letter_height = round(panel * _LETTER_SHARE)
    letter = ink_text(sign or rank, SERIF_BOLD, letter_height, colour, round(frame.width * 0.7))
    suit_height = round(panel * _SUIT_SHARE)
    symbol = suit_symbol(suit, (suit_width(suit, suit_height), suit_height), colour)
    stack = [letter, symbol]
    if panel >= _MIN_PANEL_FOR_HEADGEAR:
        gear_height = round(panel * _HEADGEAR_SHARE)
        gear_size = (round(gear_height * HEADGEAR_ASPECT), gear_height)
        stack.insert(0, _headgear(rank, gear_size, colour))

    # The stack sits in the upper half, a little above centre to keep clear of
    # the middle bar, and is turned over for the lower half.
    gap = max(1, round(panel * _GAP_SHARE))
    stack_height = sum(item.get_height() for item in stack) + gap * (len(stack) - 1)
    y = frame.top + round((panel / 2 - stack_height) * 0.42)
    for item in stack:
        pos = (frame.centerx - item.get_width() // 2, y)
        face.blit(item, pos)
        face.blit(pygame.transform.rotate(item, 180), layout.mirrored(pos, item.get_size()))
        y += item.get_height() + gap
