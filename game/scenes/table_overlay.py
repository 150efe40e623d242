"""Things drawn over the table: a banner with buttons (the end of a game, a wish),
the pyramid games' legend of values."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.i18n import _
from game.render.preview import fill_translucent
from game.rules import Game
from game.ui import theme
from game.ui.labels import alone_words, value_legend, value_text
from game.ui.pad import draw_ring
from game.ui.widgets import Button, balanced_wrap, layout_row, overlap_area, row_width, wrap

# A panel that must keep off the cards is tried in this many widths above the
# narrowest, down from the widest (see draw_banner)
FREE_WIDTHS = 6


@dataclass
class Banner:
    text: str
    buttons: list[Button] = field(default_factory=list)
    # Enter presses the first button; not where it ends something the player may not
    # mean to end (there Enter first shows the focus on it)
    enter: bool = True
    # what Esc chooses while it is up (Play on, the banner closed); None: Esc leaves
    dismiss: Callable[[], None] | None = None
    # the table waits on it (a kiosk's "Still playing?"): large, in the middle, over
    # a dimmed table, where a passer-by sees it from a step away; a touch anywhere
    # answers it, so the cards it hides are not needed
    waits: bool = False

    def __post_init__(self) -> None:
        # the button Enter presses is gold, as a screen's default is: with no ring shown
        # (a replay's end, where the arrows step the replay) nothing told what it did
        if self.enter and self.buttons:
            self.buttons[0].selected = True


def draw_banner(
    surface: pygame.Surface,
    area: pygame.Rect,
    banner: Banner,
    small: bool = False,
    avoid: list[pygame.Rect] | None = None,
    centred: bool = False,
    least: int = 0,
    keep: pygame.Rect | None = None,
    soft: list[pygame.Rect] | None = None,
    near: pygame.Rect | None = None,
    in_sight: Callable[[], list[pygame.Rect]] | None = None,
) -> pygame.Rect:
    """A panel at the top or the bottom of the play area, whichever hides fewer cards
    (`avoid`), or else between them; `centred`, in the middle first; where it was drawn
    before (`keep`, its foot), if it still hides no card there; of the places that
    hide none, the nearest to `near` (the button whose second press it asks for).
    Where every place hides a card, it hides none of `in_sight` if it can (the cards its
    words speak of, asked for only then), and then the fewest. It keeps off `soft` too
    where it can, and over it rather than over a card. Its buttons are laid out as it is
    drawn, `least` high at least: the table's bar's (a kiosk's, a fingertip's; a wish's
    one button was the smallest on an 800x600 screen). Returns where it was drawn."""
    scale = theme.ui_scale(surface.get_size())
    if banner.waits:  # the whole window dimmed, its bars too: nothing else is live
        fill_translucent(surface, surface.get_rect(), theme.FELT_DARK, 190, 0)
        avoid, centred = None, True
    size = max(12, int((18 if small else 34 if banner.waits else 22) * scale))
    font = theme.font(size, bold=not small)
    margin = int(12 * scale)
    button_h = max(int(44 * scale), least) if banner.buttons else 0
    wide = min(area.width - 40, int((960 if banner.waits else 760) * scale))
    # the narrow panel still holds its buttons side by side, with room at the edges;
    # one over another only where every panel that wide would hide a card (see below)
    buttons_w = row_width(banner.buttons, button_h, size) + size if banner.buttons else 0
    narrow = min(wide, max(int(area.width * 0.28), int(240 * scale), buttons_w))
    widest = max((row_width([b], button_h, 0) for b in banner.buttons), default=0)
    column_w = min(wide, max(int(area.width * 0.28), int(240 * scale), widest + size))

    def button_rows(width: int) -> int:
        return 0 if not banner.buttons else 1 if width >= narrow else len(banner.buttons)

    def panel_lines(width: int) -> tuple[int, list[str]]:
        lines = wrap(banner.text, font, width - 2 * size)
        rows = button_rows(width)
        buttons_h = rows * (button_h + size // 2)
        return len(lines) * font.get_linesize() + size + buttons_h, lines

    places = (("center", area.center),) if centred else ()
    places += (
        ("midbottom", (area.centerx, area.bottom - margin)),
        ("midtop", (area.centerx, area.top + margin)),
        ("bottomleft", (area.left + margin, area.bottom - margin)),
        ("bottomright", (area.right - margin, area.bottom - margin)),
    )

    def widths_from(least: int, most: int, steps: range) -> list[int]:
        return sorted({least + (most - least) * k // FREE_WIDTHS for k in steps}, reverse=True)

    every_step = range(FREE_WIDTHS + 1)
    widths = widths_from(narrow, wide, every_step if avoid else range(FREE_WIDTHS, FREE_WIDTHS + 1))
    bounds = area.inflate(-2 * margin, -2 * margin)
    kept_clear = [*(avoid or []), *(soft or [])]  # a panel kept where it was stays off both
    panel = _kept_place(keep, widths, panel_lines, bounds, kept_clear) if keep else None
    if panel is None and soft and avoid:
        kept_off = [*avoid, *soft]
        panel = _best_place(places, widths, wide, panel_lines, bounds, kept_off, margin, near)
        if panel.collidelist(kept_off) != -1:
            panel = None  # no place clear of both: clear of the cards, if there is one
    if panel is None:
        panel = _best_place(
            places, widths, wide, panel_lines, bounds, avoid, margin, near, in_sight
        )
    if avoid and banner.buttons and panel.collidelist(avoid) != -1 and column_w < narrow:
        # its buttons one over another in a narrower panel, rather than over the cards:
        # at the end of a replay in Russian, «Посмотреть ещё раз» and «Назад» side by
        # side were wider than the felt beside the piles
        narrower = widths_from(column_w, narrow, every_step)
        stacked = _best_place(places, narrower, wide, panel_lines, bounds, avoid, margin, near)
        if stacked.collidelist(avoid) == -1:
            panel = stacked
    # as many lines, evened out: "... cards" over a lone "left." read as cut off
    lines = balanced_wrap(banner.text, font, panel.width - 2 * size)
    line_h = font.get_linesize()
    layer = pygame.Surface(panel.size, pygame.SRCALPHA)
    # a question the table waits on is solid: the cards' pips showed through its words
    opacity = 255 if banner.waits else 225
    pygame.draw.rect(layer, (*theme.PANEL, opacity), layer.get_rect(), border_radius=size // 2)
    edge = max(2, size // 12)  # 2 px at a desktop's text size, growing with it
    pygame.draw.rect(layer, (*theme.GOLD, 200), layer.get_rect(), edge, border_radius=size // 2)
    surface.blit(layer, panel)
    # the question in gold over what it asks of the player ("Still playing?" / "Touch…")
    first, _newline, rest = banner.text.partition("\n")
    asked = len(balanced_wrap(first, font, panel.width - 2 * size)) if banner.waits and rest else 0
    y = panel.y + size // 2
    for i, line in enumerate(lines):
        image = font.render(line, True, theme.GOLD if i < asked else theme.INK)
        surface.blit(image, image.get_rect(midtop=(panel.centerx, y)))
        y += line_h
    if banner.buttons:
        row = pygame.Rect(panel.x + size // 2, y + size // 4, panel.width - size, button_h)
        if button_rows(panel.width) == 1:
            layout_row(banner.buttons, row, button_h, size)
        else:
            for b in banner.buttons:
                b.rect, row = row.copy(), row.move(0, button_h + size // 2)
        for b in banner.buttons:
            b.draw(surface, max(11, int(button_h * 0.4)))
            if b.focused and b.selected:  # gold is Enter's, the ring the keys' place: the
                draw_ring(surface, b.rect, scale)  # gold alone hid that the keys were there
    return panel


def draw_celebration_words(surface: pygame.Surface, area: pygame.Rect, words: str) -> pygame.Rect:
    """A win's words over its cascade, on a dark band that keeps them legible over any
    card; drawn each frame on the picture only, so that no trail keeps them. Returns
    where."""
    size = max(24, int(52 * theme.ui_scale(surface.get_size())))
    width = theme.font(size, bold=True, serif=True).size(words)[0]
    if width > area.width * 0.84:  # a narrow window: smaller, whole
        size = max(16, int(size * area.width * 0.84 / width))
    image = theme.font(size, bold=True, serif=True).render(words, True, theme.GOLD)
    band = image.get_rect(center=(area.centerx, area.top + area.height // 3))
    band = band.inflate(size, size // 2)
    fill_translucent(surface, band, theme.FELT_DARK, 215, band.height // 4)
    surface.blit(image, image.get_rect(center=band.center))
    return band


def _best_place(
    places: tuple[tuple[str, tuple[int, int]], ...],
    widths: list[int],
    wide: int,
    panel_lines: Callable[[int], tuple[int, list[str]]],
    bounds: pygame.Rect,
    avoid: list[pygame.Rect] | None,
    margin: int,
    near: pygame.Rect | None = None,
    in_sight: Callable[[], list[pygame.Rect]] | None = None,
) -> pygame.Rect:
    """Where a panel goes (see draw_banner): of `places` and the felt between the cards,
    in `widths`, the one that hides the fewest cards, of `in_sight` first; of those that
    hide none, the nearest to `near` if it is given."""
    fixed: list[tuple[pygame.Rect, list[str]]] = []  # at the places above, best first
    nearest = {False: math.inf, True: math.inf}  # by `near`, clear of the margin or not
    # those and others that hide no card: (touching a card, lines, place, its lines)
    clear: list[tuple[bool, int, pygame.Rect, list[str]]] = []
    kept_off = [r.inflate(margin, margin) for r in avoid or []]
    for width in widths:
        height, lines = panel_lines(width)
        for anchor, pos in places:
            if width == wide and anchor in ("bottomleft", "bottomright"):
                continue
            panel = pygame.Rect(0, 0, width, height)
            setattr(panel, anchor, pos)
            fixed.append((panel, lines))
            if not avoid or panel.collidelist(avoid) == -1:
                clear.append((panel.collidelist(kept_off) != -1, len(lines), panel, lines))
        if avoid:
            # in the felt between the piles (at 800x600 each corner may hold a card or
            # its place): a margin clear of the cards where there is room for it, else
            # just clear
            free = _free_place(bounds, (width, height), kept_off, margin)
            if free is not None:
                clear.append((False, len(lines), free, lines))
            elif (free := _free_place(bounds, (width, height), avoid, margin)) is not None:
                clear.append((True, len(lines), free, lines))
            if near is not None and free is not None:
                # as clear as the free place found, by the button
                touching = free.collidelist(kept_off) != -1
                by_it = _near_place(
                    bounds,
                    (width, height),
                    avoid if touching else kept_off,
                    near,
                    nearest[touching],
                )
                if by_it is not None:
                    clear.append((touching, len(lines), by_it, lines))
                    nearest[touching] = _gap(by_it, near)
    if clear and near is not None:
        # "Press Give up again" 800 px from Give up, in the table's far corner, read
        # as a press that did nothing: by the button, in more lines if need be
        return min(clear, key=lambda c: (c[0], _gap(c[2], near), c[1]))[2]
    if clear:
        # of the places that hide no card, one that keeps a margin from them (a panel
        # just clear touched a pile's place), with the fewest lines (the narrowest
        # panel wrapped a short hint in two lines of a strip that held it in one); ties
        # keep the first (wide, low)
        return min(clear, key=lambda c: (c[0], c[1]))[2]

    # else the place that hides the fewest cards, and first the fewest of those its
    # words speak of: "Hint: K♣ to a foundation" lay over the K♣; ties keep the first
    def hidden(panel: pygame.Rect, rects: list[pygame.Rect] | None) -> int:
        return sum(overlap_area(panel, r) for r in rects or [])

    sight = in_sight() if in_sight is not None else []
    return min(fixed, key=lambda c: (hidden(c[0], sight), hidden(c[0], avoid)))[0]


def _kept_place(
    keep: pygame.Rect,
    widths: list[int],
    panel_lines: Callable[[int], tuple[int, list[str]]],
    bounds: pygame.Rect,
    avoid: list[pygame.Rect] | None,
) -> pygame.Rect | None:
    """A panel standing on the foot of `keep`, as wide as it was or else the widest,
    that stays within `bounds` and hides none of `avoid`; None if none does."""
    for width in [keep.width, *widths]:
        height, _lines = panel_lines(width)
        panel = pygame.Rect(0, 0, width, height)
        panel.midbottom = keep.midbottom
        if bounds.contains(panel) and panel.collidelist(avoid or []) == -1:
            return panel
    return None


def _free_place(
    bounds: pygame.Rect, size: tuple[int, int], avoid: list[pygame.Rect], gap: int
) -> pygame.Rect | None:
    """A place of `size` within `bounds` that overlaps none of `avoid`: along the bottom,
    then the middle, then the top, then just clear of a rectangle's top or bottom, the
    lowest first (standing up, the free felt lies between rows of piles); the nearest
    to the middle across. None if there is none. Tried just clear of every
    rectangle's sides and at even steps between."""
    width, height = size
    xs, between = _tries(bounds, size, avoid, gap)
    across = sorted(xs, key=lambda x: (abs(x + width // 2 - bounds.centerx), x))
    ys = [bounds.bottom - height, bounds.centery - height // 2, bounds.top]
    ys += sorted(between, reverse=True)
    for y in ys:
        band = pygame.Rect(bounds.left, y, bounds.width, height)
        in_band = [avoid[i] for i in band.collidelistall(avoid)]  # the rest cannot overlap
        for x in across:
            place = pygame.Rect(x, y, width, height)
            if place.collidelist(in_band) == -1:
                return place
    return None


def _tries(
    bounds: pygame.Rect, size: tuple[int, int], avoid: list[pygame.Rect], gap: int
) -> tuple[set[int], set[int]]:
    """Where a panel of `size` is tried within `bounds` (see _free_place): across, at
    even steps and just clear of every rectangle's sides; down, just clear of their
    open tops and bottoms."""
    width, height = size
    # each place once: the cards of a row share their tops and bottoms, and a long game's
    # hundred cards tried the same places over and over (50 ms a frame)
    xs = {bounds.left + (bounds.width - width) * k // 16 for k in range(17)}
    xs |= {r.right + gap // 2 for r in avoid} | {r.left - gap // 2 - width for r in avoid}
    below, above = _open_edges(tuple((r.x, r.y, r.width, r.height) for r in avoid))
    ys = {b + gap // 2 for b in below} | {top - gap // 2 - height for top in above}
    return (
        {x for x in xs if bounds.left <= x <= bounds.right - width},
        {y for y in ys if bounds.top <= y <= bounds.bottom - height},
    )


def _near_place(
    bounds: pygame.Rect,
    size: tuple[int, int],
    avoid: list[pygame.Rect],
    near: pygame.Rect,
    within: float = math.inf,
) -> pygame.Rect | None:
    """The place of `size` within `bounds` that overlaps none of `avoid` nearest to
    `near`, nearer than `within`: tried where _free_place tries, and in line with
    `near`, over it, at the bounds' foot. None if there is none."""
    width, height = size
    xs, ys = _tries(bounds, size, avoid, 0)
    for x in (near.centerx - width // 2, near.left, near.right - width):
        xs.add(min(max(x, bounds.left), bounds.right - width))
    ys |= {bounds.bottom - height, bounds.top}
    # how far each try lies from `near` across and down: the nearest tried first, and
    # no further than a place found (a busy table's hundred cards gave some 200 heights
    # and 200 places across each, for each width of the panel)
    across = sorted(
        (max(0, near.left - x - width, x - near.right), abs(x + width // 2 - near.centerx), x)
        for x in xs
    )
    downs = sorted((max(0, near.top - y - height, y - near.bottom), y) for y in ys)
    best = None
    for down, y in downs:
        if down >= within:
            break  # every place further down or up is further off
        band = pygame.Rect(bounds.left, y, bounds.width, height)
        in_band = [avoid[i] for i in band.collidelistall(avoid)]
        for off, _centre, x in across:
            if math.hypot(off, down) >= within:
                break
            place = pygame.Rect(x, y, width, height)
            if place.collidelist(in_band) == -1:
                best, within = place, math.hypot(off, down)
                break  # the nearest across at this height
    return best


def _gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """How far apart two rectangles are: 0 where they touch or overlap."""
    across = max(0, b.left - a.right, a.left - b.right)
    down = max(0, b.top - a.bottom, a.top - b.bottom)
    return float(math.hypot(across, down))


@lru_cache(maxsize=4)
def _open_edges(boxes: tuple[tuple[int, int, int, int], ...]) -> tuple[list[int], list[int]]:
    """The bottoms and the tops of `boxes` (x, y, w, h) that bound them: a fanned
    card's bottom, under the next card, is none. A long game's 104 cards tried 200
    heights for each width of a banner, 13 ms a banner at 3840x2160; asked again for
    each width."""
    rects = [pygame.Rect(box) for box in boxes]

    def covered(row: pygame.Rect) -> bool:
        return any(rects[i].contains(row) for i in row.collidelistall(rects))

    below = [r.bottom for r in rects if not covered(pygame.Rect(r.x, r.bottom, r.width, 1))]
    above = [r.top for r in rects if not covered(pygame.Rect(r.x, r.top - 1, r.width, 1))]
    return below, above


LEGEND_LEAST, LEGEND_MOST = 11, 22  # the legend's text size, the most one at a UI scale of 1


def _legend_fits(lines: list[str], size: int, rect: pygame.Rect, cards: list[pygame.Rect]) -> bool:
    """Whether the lines fit `rect` at this size, clear of the cards beside them."""
    bold, body = theme.font(size, bold=True), theme.font(size)
    widths = [(bold if i == 0 else body).size(line)[0] for i, line in enumerate(lines)]
    height = len(lines) * body.get_linesize()
    band = pygame.Rect(rect.x, rect.y, rect.width, height)
    gap = size // 2
    left = max([rect.left, *(c.right + gap for c in cards if c.colliderect(band))])
    return max(widths) <= rect.right - left and height <= rect.height


def draw_legend(
    surface: pygame.Surface, rect: pygame.Rect, game: Game, cards: list[pygame.Rect]
) -> pygame.Rect:
    """Pair sum and the values that differ from the faces, for the pyramid games, at
    the top right of `rect`, clear of the pyramid's `cards` (in a squarish window the
    pyramid reaches into its place, and a card hid "A = 11"); returns where its lines
    were drawn."""
    scale = theme.ui_scale(surface.get_size())
    rules = game.rules
    special, _faces = value_legend(rules)
    values = [value_text(rank, value) for rank, value in special]
    alone = alone_words(rules)
    # as large as its place holds, within reason: at 16 px a scale it was a line of
    # 11 px beside cards of 150 at 800x600; narrower still, the values go two a line
    most = max(LEGEND_LEAST, int(LEGEND_MOST * scale))
    for per_line in (len(values), 2, 1):
        rows = [", ".join(values[i : i + per_line]) for i in range(0, len(values), per_line)]
        lines = [_("Pairs add up to {n}", n=rules.pair_sum), *rows, *alone]
        size = most
        while size > LEGEND_LEAST and not _legend_fits(lines, size, rect, cards):
            size -= 1
        if _legend_fits(lines, size, rect, cards):
            break
    font = theme.font(size)
    y = rect.y
    drawn = []
    for i, line in enumerate(lines):
        image = (theme.font(size, bold=True) if i == 0 else font).render(
            line, True, theme.GOLD if i == 0 else theme.INK
        )
        drawn.append(surface.blit(image, image.get_rect(topright=(rect.right, y))))
        y += font.get_linesize()
    return drawn[0].unionall(drawn[1:])
