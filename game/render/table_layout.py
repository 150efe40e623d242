"""Where every pile of a table stands, computed from the window size.

A layout kind (named by the level file's `table.layout`) places the piles in
card units; the card size is the largest that fits the play area. Long piles
fan tighter so nothing leaves the screen, from 800x600 to 4K.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

CARD_RATIO = 1.4
GAP = 0.1  # space between cards, in card widths
FAN_V = 0.24  # a pile's next card, below the last, in card heights
FAN_H = 0.3  # a horizontal fan's next card, in card widths
# With large corners a card's index reaches half its width (rank and suit side by
# side): a horizontal fan shows it all while it has the room; squeezed, a pile's
# fan may show less of it than the standard index needs
FAN_H_LARGE = 0.56
WASTE_FAN = 0.6  # the waste's fan of three, of a fan's step
# the most cards a pile is laid out for where the rules set no limit (`pile_limit`)
FULLEST_PILE = 16


@dataclass
class PileSpot:
    """One pile: where its first card lies, which way it fans, how far it may reach."""

    rect: pygame.Rect
    fan: tuple[float, float] = (0.0, 0.0)  # offset of each next card, in pixels
    reach: pygame.Rect | None = None  # the pile must stay inside this
    shown: int = 0  # 0 = every card; n = only the top n fan (the Egyptian waste)
    # how far left the first card may move when a pile fanning right needs the room
    # (Sbudetsya's left piles grow toward the middle from wide felt)
    slide: int = 0

    def card_rects(self, count: int) -> list[pygame.Rect]:
        """The rectangle of each card, bottom to top."""
        if count == 0:
            return []
        dx, dy = self.fan
        first = 0
        if self.shown:
            first = max(0, count - self.shown)
        n = count - first
        start = self.rect
        if self.reach is not None and n > 1 and (dx or dy):
            room_x = self.reach.width - self.rect.width
            room_y = self.reach.height - self.rect.height
            if dx > 0 and self.slide and dx * (n - 1) > room_x:
                shift = min(self.slide, round(dx * (n - 1) - room_x))
                start = self.rect.move(-shift, 0)
                room_x += shift
            if dx and abs(dx) * (n - 1) > room_x:
                dx = (room_x / (n - 1)) * (1 if dx > 0 else -1)
            if dy and dy * (n - 1) > room_y:
                dy = room_y / (n - 1)
        rects = [start.copy() for _ in range(first)]
        for i in range(n):
            rects.append(start.move(round(dx * i), round(dy * i)))
        return rects


@dataclass
class TableLayout:
    card: tuple[int, int]
    spots: dict[str, PileSpot] = field(default_factory=dict)
    legend: pygame.Rect | None = None

    def rects(self, name: str, count: int) -> list[pygame.Rect]:
        return self.spots[name].card_rects(count)


def card_size(width_units: float, height_units: float, area: pygame.Rect) -> tuple[int, int]:
    """The largest card whose layout, `width_units` card widths by `height_units`
    card heights, fits the area."""
    w = area.width / width_units
    h = area.height / height_units
    cw = min(w, h / CARD_RATIO)
    cw = max(24, int(cw))
    return cw, int(cw * CARD_RATIO)


# standing up, under the pyramid: a gap, the row of the stock, a gap and the legend, in
# card heights
STANDING_ROW_GAP, STANDING_LEGEND = 0.3, 0.6


def pyramid_rows(rows: int, area: pygame.Rect) -> TableLayout:
    """Pyramid 36/52: overlapping rows; stock and reserve in the upper left corner. On a
    screen standing up, the cards are as wide as the width allows and there is height
    to spare: the stock, the reserve and the legend go under the pyramid, all of it
    in the middle of the height."""
    step_x = 1 + GAP
    # rows cards across; the rows overlap by half a card height
    width_units = rows * step_x + 0.2
    pyramid_units = 1 + (rows - 1) * 0.5
    height_units_in_h = pyramid_units + 0.1
    cw, ch = card_size(width_units, height_units_in_h, area)
    if area.height > area.width:  # the play area of a screen standing up
        # the row of the stock and the legend go under the pyramid, so its height holds
        # them too: sized for the pyramid alone, a kiosk of 768x1024 put the legend of
        # Pyramid 36 under its bar of buttons
        under = STANDING_ROW_GAP + 1 + STANDING_ROW_GAP + STANDING_LEGEND
        cw, ch = card_size(width_units, height_units_in_h + under, area)
        return _pyramid_rows_standing(rows, area, cw, ch, pyramid_units)
    sx = cw * step_x
    top = area.y + int(ch * 0.05)
    spots = _pyramid_places(rows, area.centerx, top, (cw, ch))
    stock = pygame.Rect(area.x + int(cw * 0.2), top, cw, ch)
    spots["st"] = PileSpot(stock)
    spots["w"] = PileSpot(stock.move(int(sx), 0))
    spots["out"] = PileSpot(pygame.Rect(area.right - cw - int(cw * 0.2), top, cw, ch))
    legend = pygame.Rect(area.right - int(cw * 2.6), top + ch + int(ch * 0.1), int(cw * 2.5), ch)
    return TableLayout((cw, ch), spots, legend)


def _pyramid_places(rows: int, cx: int, top: int, card: tuple[int, int]) -> dict[str, PileSpot]:
    """The pyramid's places, row by row from `top`, each row centred on `cx` and lying
    half a card lower than the one above."""
    cw, ch = card
    sx = cw * (1 + GAP)
    spots: dict[str, PileSpot] = {}
    for r in range(1, rows + 1):
        y = top + int((r - 1) * ch * 0.5)
        left = cx - (r * sx - cw * GAP) / 2
        for c in range(1, r + 1):
            spots[f"p{r}.{c}"] = PileSpot(pygame.Rect(int(left + (c - 1) * sx), y, cw, ch))
    return spots


def _pyramid_rows_standing(
    rows: int, area: pygame.Rect, cw: int, ch: int, pyramid_units: float
) -> TableLayout:
    """pyramid_rows on a screen standing up: the pyramid, then a row with the stock and
    the reserve on the left and the removed cards on the right, the legend under it."""
    sx = cw * (1 + GAP)
    row_gap, legend_h = int(ch * STANDING_ROW_GAP), int(ch * STANDING_LEGEND)
    block = int(ch * pyramid_units) + row_gap + ch + row_gap + legend_h
    top = area.y + max(int(ch * 0.05), (area.height - block) // 2)
    spots = _pyramid_places(rows, area.centerx, top, (cw, ch))
    row_y = top + int(ch * pyramid_units) + row_gap
    stock = pygame.Rect(area.x + int(cw * 0.2), row_y, cw, ch)
    spots["st"] = PileSpot(stock)
    spots["w"] = PileSpot(stock.move(int(sx), 0))
    out = pygame.Rect(area.right - cw - int(cw * 0.2), row_y, cw, ch)
    spots["out"] = PileSpot(out)
    legend = pygame.Rect(out.right - int(cw * 2.5), out.bottom + row_gap, int(cw * 2.5), legend_h)
    return TableLayout((cw, ch), spots, legend)


def pyramid_piles(
    piles: int,
    foundations: int,
    waste_centre: bool,
    area: pygame.Rect,
    large: bool,
    fullest: int = FULLEST_PILE,
) -> TableLayout:
    """Egyptian Pyramid: piles stand as the two slopes of a pyramid, tops stepping down
    outward, each with its foundation just above it along the outer side; the stock and
    waste lie under the pyramid (the waste in its middle for the old rules), or on a
    wide screen beside it, whichever gives the larger cards (under it, a 1366x768
    screen had cards 80 px wide between bands of empty felt)."""
    under = _pyramid_piles(piles, foundations, waste_centre, area, large, False, fullest)
    beside = _pyramid_piles(piles, foundations, waste_centre, area, large, True, fullest)
    return beside if beside.card[0] > under.card[0] else under


def _pyramid_piles(
    piles: int,
    foundations: int,
    waste_centre: bool,
    area: pygame.Rect,
    large: bool,
    aside: bool,
    fullest: int = FULLEST_PILE,
) -> TableLayout:
    side = piles // 2
    apex = piles - 2 * side  # Devil's Bridge: one pile on the axis
    centre_used = apex or waste_centre
    centre_w = 1.0 if centre_used else 0.4
    step_x = 1 + GAP * 2
    fan_step = FAN_H_LARGE if large else FAN_H * WASTE_FAN  # the waste's, in card widths
    # beside the pyramid, on its left: the stock under the waste and its fan of three
    # (the old rules' waste stays in the middle); as much felt on the right, so that the
    # pyramid stays in the middle of the window
    aside_w = (1 + GAP * 2 + (0 if waste_centre else 2 * fan_step)) if aside else 0.0
    width_units = 2 * side * step_x + centre_w + GAP * 4 + 2 * aside_w
    # foundation + steps + a pile with room for ~7 fanned cards + the stock row
    step = 0.28
    height_units = 1 + GAP + side * step + 1 + 7 * FAN_V + GAP + (0 if aside else 1)
    cw, ch = card_size(width_units, height_units, area)
    if area.height > area.width and not aside:
        area = _pyramid_piles_standing(area, ch, side * step + (step if apex else 0), fullest)
    sx = int(cw * step_x)
    g = int(ch * GAP)
    spots: dict[str, PileSpot] = {}
    cx = area.centerx
    centre_half = int(cw * centre_w / 2) + int(cw * GAP)
    bottom_row = pygame.Rect(0, area.bottom - ch - g // 2, cw, ch)
    pile_floor = bottom_row.y - g
    per_side = foundations // 2
    top = area.y + g // 2

    def column_x(k: int, left: bool) -> int:
        # k = 0 next to the axis, growing outward
        if left:
            return cx - centre_half - (k + 1) * sx + int(cw * GAP)
        return cx + centre_half + k * sx + int(cw * GAP)

    # the stock and waste row under the pyramid, the waste's fan of three included: a
    # pile clear of it may grow down to the felt's foot (a long pile fanned so tight
    # its cards' suits were hidden, over empty felt)
    waste_fan = cw * fan_step
    fan = int(waste_fan) * 2
    if waste_centre:
        under = pygame.Rect(cx - cw // 2, bottom_row.y, cw, ch)
    else:
        under = pygame.Rect(cx - cw - g, bottom_row.y, 2 * cw + 2 * g + fan, ch)

    def floor(x: int) -> int:
        # beside the pyramid, the stock leaves nothing under it: every pile is clear
        clear = aside or x + cw <= under.left - g // 2 or x >= under.right + g // 2
        return area.bottom - g // 2 if clear else pile_floor

    for k in range(side):
        y = top + ch + g + int(k * step * ch) + (int(step * ch) if apex else 0)
        for left in (True, False):
            x = column_x(k, left)
            index = side - k if left else side + apex + k + 1
            rect = pygame.Rect(x, y, cw, ch)
            spots[f"t{index}"] = PileSpot(
                rect, (0, ch * FAN_V), pygame.Rect(x, y, cw, floor(x) - y)
            )
            # the foundations line the outer sides, one above each pile
            if k < per_side:
                f = (per_side - k) if left else (per_side + k + 1)
                spots[f"f{f}"] = PileSpot(pygame.Rect(x, y - ch - g, cw, ch))
    if apex:
        y = top + ch + g
        rect = pygame.Rect(cx - cw // 2, y, cw, ch)
        spots[f"t{side + 1}"] = PileSpot(
            rect, (0, ch * FAN_V), pygame.Rect(rect.x, y, cw, floor(rect.x) - y)
        )
    # the column beside the pyramid: clear of its outermost pile by a gap
    aside_x = column_x(side - 1, True) - g - cw - (0 if waste_centre else fan)
    if waste_centre:
        spots["w"] = PileSpot(pygame.Rect(cx - cw // 2, top + ch + g, cw, ch))
        stock_x = aside_x if aside else cx - cw // 2
        spots["st"] = PileSpot(pygame.Rect(stock_x, bottom_row.y, cw, ch))
    elif aside:
        spots["st"] = PileSpot(pygame.Rect(aside_x, bottom_row.y, cw, ch))
        spots["w"] = PileSpot(
            pygame.Rect(aside_x, bottom_row.y - ch - g, cw, ch), (waste_fan, 0), shown=3
        )
    else:
        spots["st"] = PileSpot(pygame.Rect(cx - cw - g, bottom_row.y, cw, ch))
        spots["w"] = PileSpot(
            pygame.Rect(cx + g, bottom_row.y, cw, ch),
            (waste_fan, 0),
            shown=3,
        )
    return TableLayout((cw, ch), spots)


def _pyramid_piles_standing(area: pygame.Rect, ch: int, steps: float, fullest: int) -> pygame.Rect:
    """The part of a standing screen's play area the Egyptian layout takes: no more
    height than its fullest piles fanned whole need, in the middle of the height. The
    cards are as wide as the width allows, and the pyramid lay against the top bar,
    the stock against the buttons, with half the screen's height of empty felt between
    them (600x1024)."""
    units = 1 + GAP + steps + 1 + (fullest - 1) * FAN_V + GAP + 1 + GAP
    spare = area.height - int(ch * units)
    if spare <= 0:
        return area
    return pygame.Rect(area.x, area.y + spare // 2, area.width, area.height - spare)


def central_column(piles: int, foundations: int, area: pygame.Rect, large: bool) -> TableLayout:
    """Sbudetsya, Nechego: the foundations in a column in the middle with the piles on
    both sides (_central_column_lying), or, on a screen standing up, in a row above
    them (_central_column_standing): whichever gives the larger cards. Just taller
    than wide, ten piles' rows gave smaller cards than the sides did."""
    lying = _central_column_lying(piles, foundations, area, large)
    if area.height > area.width:
        standing = _central_column_standing(piles, foundations, area, large)
        return standing if standing.card[0] > lying.card[0] else lying
    return lying


def _central_column_lying(
    piles: int, foundations: int, area: pygame.Rect, large: bool
) -> TableLayout:
    """Foundations in a column in the middle, piles in rows on both sides fanning
    outward, stock and waste under the foundations."""
    left_n = (piles + 1) // 2
    rows = max(left_n, foundations + 1)
    # each side: a pile of up to ~8 visible cards fanned sideways
    side_units = 1 + 7 * FAN_H
    width_units = 2 * side_units + 2 + GAP * 8
    height_units = rows * (1 + GAP)
    cw, ch = card_size(width_units, height_units, area)
    g = int(ch * GAP)
    cx = area.centerx
    spots: dict[str, PileSpot] = {}
    # the rows' one gap to spare is shared above and below: all of it below, the top
    # row touched the top bar
    top = area.y + (area.height - rows * (ch + g) + g) // 2
    for i in range(foundations):
        spots[f"f{i + 1}"] = PileSpot(pygame.Rect(cx - cw // 2, top + i * (ch + g), cw, ch))
    y_stock = top + foundations * (ch + g)
    spots["st"] = PileSpot(pygame.Rect(cx - cw - g // 2, y_stock, cw, ch))
    spots["w"] = PileSpot(pygame.Rect(cx + g // 2, y_stock, cw, ch))
    # Both sides fan to the right, so a covered card always shows its corner index:
    # on the left a pile grows toward the middle, on the right away from it.
    inner = cw // 2 + int(cw * 1.25)
    side_w = int(cw * side_units)
    for i in range(piles):
        left = i < left_n
        row = i if left else i - left_n
        n_side = left_n if left else piles - left_n
        y = top + int((rows - n_side) * (ch + g) / 2) + row * (ch + g)
        x = cx - inner - side_w if left else cx + inner
        x = max(area.x + g, x)
        right_end = cx - inner if left else area.right - g
        reach = pygame.Rect(x, y, right_end - x, ch)
        slide = x - (area.x + g) if left else 0
        spots[f"t{i + 1}"] = PileSpot(
            pygame.Rect(x, y, cw, ch),
            (cw * (FAN_H_LARGE if large else FAN_H), 0.0),
            reach,
            slide=slide,
        )
    return TableLayout((cw, ch), spots)


def _central_column_standing(
    piles: int, foundations: int, area: pygame.Rect, large: bool
) -> TableLayout:
    """central_column on a screen standing up: the foundations in a row across the top,
    the stock and waste under them, then the piles in two columns, each pile fanning
    to the right. Laid out as on a screen lying down, the piles' sideways fans left the
    cards a ninth of the width (120 px of 1080) over bands of empty felt."""
    left_n = (piles + 1) // 2
    side_units = 1 + 7 * FAN_H  # a pile of up to ~8 visible cards fanned sideways
    rows = 2 + left_n  # the foundations, the stock, the piles
    cw, ch = card_size(2 * side_units + 3 * GAP, rows * (1 + GAP), area)
    g = int(ch * GAP)
    cx = area.centerx
    top = area.y + (area.height - rows * (ch + g) + g) // 2
    step = cw + int(cw * GAP)
    left = cx - (foundations * step - int(cw * GAP)) // 2
    spots: dict[str, PileSpot] = {}
    for i in range(foundations):
        spots[f"f{i + 1}"] = PileSpot(pygame.Rect(left + i * step, top, cw, ch))
    y_stock = top + ch + g
    spots["st"] = PileSpot(pygame.Rect(cx - cw - g // 2, y_stock, cw, ch))
    spots["w"] = PileSpot(pygame.Rect(cx + g // 2, y_stock, cw, ch))
    # the columns a third of a card apart: a card's gap between a full pile and the
    # next column's read as one pile of fifteen cards
    between = max(g, cw // 3)
    column_w = (area.width - 2 * g - between) // 2
    fan = (cw * (FAN_H_LARGE if large else FAN_H), 0.0)
    for i in range(piles):
        column, row = (0, i) if i < left_n else (1, i - left_n)
        x = area.x + g + column * (column_w + between)
        y = top + (2 + row) * (ch + g)
        reach = pygame.Rect(x, y, column_w, ch)
        spots[f"t{i + 1}"] = PileSpot(pygame.Rect(x, y, cw, ch), fan, reach)
    return TableLayout((cw, ch), spots)


# Each layout kind of the level files (`table.layout`), given the rules' shape
LAYOUTS: dict[str, Callable[[dict[str, int | bool], pygame.Rect], TableLayout]] = {
    "pyramid-rows": lambda shape, area: pyramid_rows(int(shape["rows"]), area),
    "pyramid-piles": lambda shape, area: pyramid_piles(
        int(shape["piles"]),
        int(shape["foundations"]),
        bool(shape["waste_centre"]),
        area,
        bool(shape.get("large_corners")),
        int(shape.get("pile_limit") or FULLEST_PILE),
    ),
    "central-column": lambda shape, area: central_column(
        int(shape["piles"]), int(shape["foundations"]), area, bool(shape.get("large_corners"))
    ),
}


def table_layout(kind: str, rules_shape: dict[str, int | bool], area: pygame.Rect) -> TableLayout:
    """The layout of a ruleset's table in `area` (the window minus the HUD); the shape
    may say `large_corners` (the cards' look), which widens horizontal fans."""
    if kind not in LAYOUTS:
        raise ValueError(f"unknown table layout {kind!r}")
    return LAYOUTS[kind](rules_shape, area)
