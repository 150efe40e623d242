"""The card art: faces, backs and empty-slot outlines, painted by our own code.

`CardArt` renders every image for one card width and keeps it; `card_art`
keeps the last few `CardArt` objects so that resizing the window back and
forth does not paint the deck again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

import pygame

from game.i18n import CARD_LETTERS, rank_sign
from game.render.backs import BACKS, paint_back
from game.render.courts import paint_court
from game.render.face_layout import MIN_WIDTH, PIP_LAYOUTS, FaceLayout
from game.render.glyphs import CAP_RATIO, ink_text
from game.render.raster import Colour, card_outline, finish
from game.render.suits import SUITS, suit_symbol, suit_width
from game.rules import RANKS
from game.ui.theme import SANS_BOLD, font_file

__all__ = ["BACKS", "RANKS", "SUITS", "CardArt", "card_art"]


FACE = (252, 250, 242)  # ivory
EDGE = (128, 124, 116)
# a vermilion more than a crimson: to a protanope the crimson was a dark olive, 19 apart
# (CIE76) from the clubs' green and 33 from black; it keeps 5:1 on the face
RED = (205, 45, 20)
BLACK = (24, 24, 28)
BLUE = (18, 84, 176)
GREEN = (0, 120, 100)

TWO_COLOURS: dict[str, Colour] = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
FOUR_COLOURS: dict[str, Colour] = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}

SLOT_INK = (255, 255, 255)
_SLOT_FILL_ALPHA = 28
_SLOT_EDGE_ALPHA = 110
_SLOT_LABEL_ALPHA = 210  # text on the felt: 4.5:1, as WCAG asks of text
MIN_STRIP_INK = 5  # pixels: a rank and suit smaller than this read as nothing
MOST_STRIPS = 4 * 104  # strips kept: two heights of every card of two decks, twice over


def split_card(card: str) -> tuple[str, str]:
    """Split "TH" into ("T", "H"); raise ValueError for anything else."""
    if not isinstance(card, str) or len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ValueError(f"bad card name {card!r}: expected rank {RANKS} + suit {SUITS}, e.g. 'TH'")
    return card[0], card[1]


def _rotated(surface: pygame.Surface) -> pygame.Surface:
    return pygame.transform.rotate(surface, 180)


class CardArt:
    """All card images for one card width.

    Images are painted on first request and cached; the returned surfaces are
    shared, so callers blit them and never draw on them.
    """

    BACKS: ClassVar[tuple[str, ...]] = BACKS

    def __init__(
        self,
        width: int,
        four_colour: bool = False,
        back: str = "classic",
        letters: str = "latin",
        large: bool = False,
    ) -> None:
        if not isinstance(width, int) or width < MIN_WIDTH:
            raise ValueError(f"card width must be an int >= {MIN_WIDTH}, got {width!r}")
        if back not in BACKS:
            raise ValueError(f"unknown back {back!r}; available: {', '.join(BACKS)}")
        if letters not in CARD_LETTERS:
            raise ValueError(f"unknown letters {letters!r}; available: {', '.join(CARD_LETTERS)}")
        self.layout = FaceLayout.for_width(width, large)
        self.large = large  # large corners (FaceLayout.for_width)
        self.four_colour = four_colour
        self.back_name = back
        self.letters = letters  # the faces' rank letters (game.i18n.CARD_LETTERS)
        self._colours = FOUR_COLOURS if four_colour else TWO_COLOURS
        self._faces: dict[str, pygame.Surface] = {}
        self._slots: dict[str | None, pygame.Surface] = {}
        self._strips: dict[tuple[str, int, int], pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._blank: pygame.Surface | None = None

    @property
    def width(self) -> int:
        """Card width in pixels."""
        return self.layout.width

    @property
    def height(self) -> int:
        """Card height in pixels (width x 1.4, rounded)."""
        return self.layout.height

    @property
    def size(self) -> tuple[int, int]:
        """Card (width, height) in pixels."""
        return self.layout.width, self.layout.height

    @property
    def rank_right(self) -> int:
        """How far from the card's left edge its corner's rank may reach: a covered
        card showing this much shows its rank whole (large corners put the suit
        beside the rank, after this; the standard corner puts it under)."""
        layout = self.layout
        if not layout.large:
            return layout.index.right
        height = layout.index_suit_height
        widest = max(suit_width(suit, height) for suit in "SHDC")
        return layout.index.right - widest - max(1, round(layout.width * 0.02))

    def face(self, card: str) -> pygame.Surface:
        """The face of `card`, named rank + suit like "TH", "AS" or "6C"."""
        rank, suit = split_card(card)
        if card not in self._faces:
            self._faces[card] = finish(self._paint_face(rank, suit))
        return self._faces[card]

    def strip_face(self, card: str, strip: int, rows: int = 0) -> pygame.Surface:
        """The top `strip` rows of `card`'s face, for a long pile squeezed so that only
        they show: rank and suit side by side, sized to the strip, and no pips to
        peek out under them. The corner puts the suit under the rank, out of sight
        there, and the foundations build in suit. `rows` (at least `strip`) is how much
        of the face to keep: a pile's cards lie a pixel further apart here and there."""
        rows = max(rows, strip)
        key = (card, strip, rows)
        if key not in self._strips:
            if len(self._strips) >= MOST_STRIPS:  # a kiosk runs for weeks: kept bounded
                self._strips.clear()
            rank, suit = split_card(card)
            self._strips[key] = finish(self._paint_strip(rank, suit, strip, rows))
        return self._strips[key]

    def back(self) -> pygame.Surface:
        """The back of the cards, in the design chosen at construction."""
        if self._back is None:
            self._back = finish(paint_back(self.back_name, self._blank_card(), self.layout.radius))
        return self._back

    def slot(self, label: str | None = None) -> pygame.Surface:
        """A subtle outline marking an empty place, optionally with a short label.

        Suit letters at the end of a label show as symbols: "AS" reads as A
        followed by a spade, "KHC" as K over a heart and a club (the suits a
        Devil's Bridge foundation may still take), "S" as a lone spade; "K" is
        just the letter.
        """
        if label not in self._slots:
            self._slots[label] = finish(self._paint_slot(label))
        return self._slots[label]

    def named_slot(self, name: str) -> pygame.Surface:
        """An empty place with a word on it, smaller than a rank ("Waste")."""
        key = "name:" + name  # the slots' cache: no label of slot() begins so
        if key not in self._slots:
            slot = self._paint_slot(None)
            height, room = round(self.height * 0.1), round(self.width * 0.84)
            # a copy: the glyph is the cache's, and each card art made at this size
            # faded the label further (3.7:1 against the felt by a table's second deal)
            ink = ink_text(name, SANS_BOLD, height, SLOT_INK).copy()
            if " " in name and ink.get_width() > room:
                # on two lines ("From the / waste"): squeezed into one, it read as
                # another face beside the next place's word
                ink = two_lines(name, round(height / CAP_RATIO), room)
            elif ink.get_width() > room:
                ink = pygame.transform.smoothscale(ink, (room, ink.get_height()))
            ink.fill((255, 255, 255, _SLOT_LABEL_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
            slot.blit(ink, ink.get_rect(center=(self.width // 2, self.height // 2)))
            self._slots[key] = finish(slot)
        return self._slots[key]

    # -- painting -----------------------------------------------------------

    def _blank_card(self) -> pygame.Surface:
        if self._blank is None:
            layout = self.layout
            self._blank = card_outline(self.size, layout.radius, layout.border, EDGE, FACE)
        return self._blank

    def _pip(self, suit: str, height: int) -> pygame.Surface:
        width = suit_width(suit, height)
        if (self.width - width) % 2:
            width += 1  # a one-pixel stretch lets centre-column pips sit exactly mid-card
        return suit_symbol(suit, (width, height), self._colours[suit])

    def _corner_index(self, rank: str, suit: str) -> pygame.Surface:
        """Rank over suit, centred on each other (large corners: side by side, the suit
        level with the rank's foot), as one transparent tile."""
        layout = self.layout
        colour = self._colours[suit]
        text = rank_sign(rank, self.letters)
        height = layout.index_suit_height
        symbol = suit_symbol(suit, (suit_width(suit, height), height), colour)
        tile = pygame.Surface(layout.index.size, pygame.SRCALPHA)
        if layout.large:
            gap = max(1, round(layout.width * 0.02))
            room = tile.get_width() - symbol.get_width() - gap
            glyph = ink_text(text, SANS_BOLD, layout.index_rank_height, colour, room)
            tile.blit(glyph, (0, 0))
            tile.blit(symbol, (glyph.get_width() + gap, tile.get_height() - height))
            return tile
        glyph = ink_text(text, SANS_BOLD, layout.index_rank_height, colour, layout.index.width)
        tile.blit(glyph, ((tile.get_width() - glyph.get_width()) // 2, 0))
        bottom = tile.get_height() - height
        tile.blit(symbol, ((tile.get_width() - symbol.get_width()) // 2, bottom))
        return tile

    def _paint_face(self, rank: str, suit: str) -> pygame.Surface:
        layout = self.layout
        face = self._blank_card().copy()
        index = self._corner_index(rank, suit)
        face.blit(index, layout.index.topleft)
        face.blit(_rotated(index), layout.mirrored(layout.index.topleft, index.get_size()))

        if rank in "JQK":
            sign = rank_sign(rank, self.letters)
            paint_court(face, layout, rank, suit, self._colours[suit], sign)
        elif rank == "A" or layout.large:
            ace = self._pip(suit, layout.spade_ace_height if suit == "S" else layout.ace_height)
            centre = ace.get_rect(center=(self.width // 2, self.height // 2))
            face.blit(ace, centre)
        else:
            pip = self._pip(suit, layout.pip_height)
            upside_down = _rotated(pip)
            for column, row in PIP_LAYOUTS[rank]:
                position = layout.pip_position(column, row, pip.get_size())
                face.blit(upside_down if row > 0.5 else pip, position)
        return face

    def _paint_strip(self, rank: str, suit: str, strip: int, rows: int) -> pygame.Surface:
        layout = self.layout
        colour = self._colours[suit]
        x, top = layout.index.topleft
        height = max(MIN_STRIP_INK, min(layout.index_rank_height, strip - top - 1))
        glyph = ink_text(rank_sign(rank, self.letters), SANS_BOLD, height, colour, self.width // 3)
        suit_height = max(MIN_STRIP_INK, round(height * 0.85))
        symbol = suit_symbol(suit, (suit_width(suit, suit_height), suit_height), colour)
        # only the strip: the card laid over it hides the rest (a whole card for each
        # height a pile was squeezed to came to 800 MB at 4K)
        # and as far again as the next card's rounded corners, or the felt shows there
        rows = min(rows + self.layout.radius + 1, self.height)
        face = self._blank_card().subsurface((0, 0, self.width, rows)).copy()
        face.blit(glyph, (x, top))
        gap = max(1, round(self.width * 0.03))
        face.blit(symbol, (x + glyph.get_width() + gap, top + height - suit_height))
        return face

    def _paint_slot(self, label: str | None) -> pygame.Surface:
        layout = self.layout
        rim = (*SLOT_INK, _SLOT_EDGE_ALPHA)
        fill = (*SLOT_INK, _SLOT_FILL_ALPHA)
        slot = card_outline(self.size, layout.radius, max(1, round(self.width / 60)), rim, fill)
        if label:
            slot.blit(self._slot_label(label), (0, 0))
        return slot

    def _slot_label(self, label: str) -> pygame.Surface:
        """The label centred on a transparent card-sized tile: the rank and one suit
        side by side, or the rank over a row of the suits it may still take."""
        tile = pygame.Surface(self.size, pygame.SRCALPHA)
        ink_height = round(self.height * 0.16)
        text = label.rstrip(SUITS) if len(label) > 1 else ("" if label in SUITS else label)
        suits = label[len(text) :]
        text = rank_sign(text, self.letters) if text else text  # as the faces write it
        gap = round(self.width * 0.03)
        rows: list[list[pygame.Surface]] = []
        if text:
            rows.append([ink_text(text, SANS_BOLD, ink_height, SLOT_INK, round(self.width * 0.6))])
        if suits:
            # one suit beside the rank; several in a row of their own, as large as
            # a row of them fits in most of the card's width
            height = round(ink_height * 0.9)
            room = self.width * 0.8 - gap * (len(suits) - 1)
            while height > 4 and sum(suit_width(s, height) for s in suits) > room:
                height -= 1
            row = [suit_symbol(s, (suit_width(s, height), height), SLOT_INK) for s in suits]
            if len(suits) == 1 and rows:
                rows[0].extend(row)
            else:
                rows.append(row)
        heights = [max(part.get_height() for part in row) for row in rows]
        y = (self.height - sum(heights) - gap * (len(rows) - 1)) // 2
        for row, row_height in zip(rows, heights, strict=True):
            total = sum(part.get_width() for part in row) + gap * (len(row) - 1)
            x = (self.width - total) // 2
            for part in row:
                tile.blit(part, (x, y + (row_height - part.get_height()) // 2))
                x += part.get_width() + gap
            y += row_height + gap
        tile.fill((255, 255, 255, _SLOT_LABEL_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
        return tile


def card_art(
    width: int,
    four_colour: bool = False,
    back: str = "classic",
    letters: str = "latin",
    large: bool = False,
) -> CardArt:
    """A shared `CardArt` for these settings; the last few are kept ready."""
    # Normalised here because lru_cache keys positional and keyword calls apart.
    return _recent_card_art(width, bool(four_colour), back, letters, bool(large))


# four: a screen's own (the settings show four, the table one or two); a view keeps
# its art while it lives. Eight kept a 4K session at 278 MB where four keep 234 MB
# (benchmarks/session_memory.py), the rest repainted under a scene's fade
@lru_cache(maxsize=4)
def _recent_card_art(
    width: int, four_colour: bool, back: str, letters: str, large: bool
) -> CardArt:
    return CardArt(width, four_colour, back, letters, large)


def two_lines(name: str, size: int, room: int) -> pygame.Surface:
    """`name` on two lines split at its evenest space, one size of type for both (each
    line trimmed to its own ink, «Из» over «талона» came out in two sizes), each line
    condensed to `room` if it must be."""
    spaces = [i for i, c in enumerate(name) if c == " "]
    cut = min(spaces, key=lambda i: max(i, len(name) - i - 1))
    font = font_file(SANS_BOLD, size)
    lines = [font.render(line, True, SLOT_INK) for line in (name[:cut], name[cut + 1 :])]
    lines = [
        pygame.transform.smoothscale(s, (room, s.get_height())) if s.get_width() > room else s
        for s in lines
    ]
    step = round(font.get_linesize() * 0.9)
    size_of_block = (max(s.get_width() for s in lines), step + lines[1].get_height())
    block = pygame.Surface(size_of_block, pygame.SRCALPHA)
    for n, line in enumerate(lines):
        block.blit(line, line.get_rect(midtop=(block.get_width() // 2, n * step)))
    return block
