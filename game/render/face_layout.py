"""Where things go on a card face, in pixels, for one card width.

All positions are derived from the width so that every size shares one design.
Mirrored positions are computed as `extent - position - size` rather than
rounded independently, which keeps the face exactly symmetric under a 180°
turn, as printed cards are.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

ASPECT = 1.4  # height / width, the proportion of a standard poker card
MIN_WIDTH = 20

# Pip rows as fractions of the span between the top and bottom pip centres,
# and columns as L(eft), C(entre), R(ight).  Pips below the middle are drawn
# upside down.
PIP_LAYOUTS: dict[str, tuple[tuple[str, float], ...]] = {
    "2": (("C", 0.0), ("C", 1.0)),
    "3": (("C", 0.0), ("C", 0.5), ("C", 1.0)),
    "4": (("L", 0.0), ("R", 0.0), ("L", 1.0), ("R", 1.0)),
    "5": (("L", 0.0), ("R", 0.0), ("C", 0.5), ("L", 1.0), ("R", 1.0)),
    "6": (("L", 0.0), ("R", 0.0), ("L", 0.5), ("R", 0.5), ("L", 1.0), ("R", 1.0)),
    "7": (
        ("L", 0.0), ("R", 0.0), ("C", 0.25), ("L", 0.5), ("R", 0.5), ("L", 1.0), ("R", 1.0),
    ),
    "8": (
        ("L", 0.0), ("R", 0.0), ("C", 0.25), ("L", 0.5), ("R", 0.5),
        ("C", 0.75), ("L", 1.0), ("R", 1.0),
    ),
    "9": (
        ("L", 0.0), ("R", 0.0), ("L", 1 / 3), ("R", 1 / 3), ("C", 0.5),
        ("L", 2 / 3), ("R", 2 / 3), ("L", 1.0), ("R", 1.0),
    ),
    "T": (
        ("L", 0.0), ("R", 0.0), ("C", 1 / 6), ("L", 1 / 3), ("R", 1 / 3),
        ("L", 2 / 3), ("R", 2 / 3), ("C", 5 / 6), ("L", 1.0), ("R", 1.0),
    ),
}  # fmt: skip


def card_height(width: int) -> int:
    """The card height for a given width."""
    return round(width * ASPECT)


@dataclass(frozen=True)
class FaceLayout:
    """Pixel metrics of a card face of one width."""

    width: int
    height: int
    radius: int
    border: int
    index: pygame.Rect  # the top-left corner index (rank over suit; large: side by side)
    index_rank_height: int
    index_suit_height: int
    large: bool  # large corners: a big index, and one big suit in the middle for pips
    pip_height: int
    pip_column: float  # centre x of the left pip column
    pip_top: float  # centre y of the top pip row
    ace_height: int
    spade_ace_height: int  # the ace of spades is traditionally the showpiece
    court_frame: pygame.Rect

    @classmethod
    def for_width(cls, width: int, large: bool = False) -> FaceLayout:
        """Compute the layout; `width` must be at least `MIN_WIDTH`. With `large`
        corners the rank and the suit stand side by side, half as large again, and the
        middle shows one big suit instead of pips: read at a glance across a room or
        on a small window, where the standard index is some 9 px high."""
        height = card_height(width)
        border = max(1, round(width / 110))
        radius = max(3, round(width * 0.07))

        # The index must fit the strip left visible when cards overlap, so its
        # parts share a fixed budget of ~22.5% of the height; the suit takes
        # what the rank leaves, within limits.
        budget = round(height * 0.225)
        top = max(border + 1, round(height * 0.03))
        rank_height = round(height * 0.106)
        gap = max(1, round(height * 0.01))
        suit_height = min(round(height * 0.085), budget - top - rank_height - gap)
        left = max(border + 1, round(width * 0.035))
        # Small cards get a slightly wider index so the "10" is not squeezed
        # past legibility.
        index_width = max(round(width * 0.17), rank_height + 3)
        index = pygame.Rect(left, top, index_width, rank_height + gap + suit_height)

        pip_height = round(height * 0.122)
        # Matching parity lets the middle row sit exactly on the centre line.
        pip_height += (height - pip_height) % 2
        ace_height = round(height * 0.3)
        ace_height += (height - ace_height) % 2
        spade_ace_height = round(height * 0.38)
        spade_ace_height += (height - spade_ace_height) % 2

        frame_x = index.right + max(2, round(width * 0.03))
        frame_y = round(height * 0.045)
        if large:
            # the same strip of an overlapped card shows the whole of the larger index
            rank_height = round(height * 0.16)
            suit_height = round(height * 0.115)
            index = pygame.Rect(left, top, round(width * 0.46), rank_height)
            ace_height = round(height * 0.4)  # the one big suit of every pip card
            ace_height += (height - ace_height) % 2
            spade_ace_height = ace_height
            frame_x = max(border + 2, round(width * 0.08))
            frame_y = index.bottom + max(2, round(height * 0.03))
        frame = pygame.Rect(frame_x, frame_y, width - 2 * frame_x, height - 2 * frame_y)
        return cls(
            width=width,
            height=height,
            radius=radius,
            border=border,
            index=index,
            index_rank_height=rank_height,
            index_suit_height=suit_height,
            large=large,
            pip_height=pip_height,
            pip_column=width * 0.315,
            pip_top=height * 0.19,
            ace_height=ace_height,
            spade_ace_height=spade_ace_height,
            court_frame=frame,
        )

    def pip_position(self, column: str, row: float, size: tuple[int, int]) -> tuple[int, int]:
        """Top-left corner for a pip of `size` at a `PIP_LAYOUTS` place."""
        pip_w, pip_h = size
        left = round(self.pip_column - pip_w / 2)
        x = {"L": left, "C": (self.width - pip_w) // 2, "R": self.width - pip_w - left}[column]
        span = self.height - 2 * self.pip_top
        if row == 0.5:
            y = (self.height - pip_h) // 2
        else:
            upper = round(self.pip_top + min(row, 1.0 - row) * span - pip_h / 2)
            y = upper if row < 0.5 else self.height - pip_h - upper
        return x, y

    def mirrored(self, position: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
        """Where an item drawn at `position` lands when the card is turned 180°."""
        return self.width - position[0] - size[0], self.height - position[1] - size[1]
