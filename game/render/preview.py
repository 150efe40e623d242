"""Pictures of the rulesets for the menu: the table in miniature, and the ruleset card.

A preview is deal 0 of the ruleset with the chosen options, drawn by the real
table view at a comfortable size (so cards keep their proportions and details),
cropped to the cards (the table layout leaves room for piles to grow, which
would only shrink the picture) and scaled down smoothly. Pictures are cached:
the menu asks for the same few again and again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache

import pygame

from game.render.table_view import TableView
from game.rules import Game, get_ruleset
from game.ui import theme
from game.ui.widgets import draw_text, fitting_size, px, wrap

PREVIEW_RATIO = 1.6  # width / height of the pictures the menu asks for
# A summary's text: never below this size (readable at 800x600), and before it is cut
# short at most this many sizes smaller than the card's own, or this share of it when
# that is more (on the kiosk's large cards two sizes smaller still cut a word)
SUMMARY_LEAST = 11
SUMMARY_SMALLER = 2
SUMMARY_SHARE = 0.8
# The table is drawn this tall (and as wide as the picture's shape asks), then
# scaled down: big enough for crisp cards.
RENDER_HEIGHT = 560
# The table is drawn in shapes this far apart: a window dragged to a new size asks the
# picture of a panel in a slightly new shape at every step, and each one drawn anew (a
# table laid out and rendered: some 35 ms) stalled every other frame of the drag.
ASPECT_STEP = 0.1
STRETCH_TOLERATED = 0.005  # of a picture's shape, by a crop from a nearby shape


# The cards' look as the settings choose it: (four-colour suits, the back's name, the
# faces' letters)
Deck = tuple[bool, str, str, bool]
PLAIN_DECK: Deck = (False, "classic", "latin", False)


def preview(
    ruleset_id: str,
    options: Mapping[str, object],
    size: tuple[int, int],
    deck: Deck = PLAIN_DECK,
    deal: int = 0,
) -> pygame.Surface:
    """The ruleset's table (this deal, these options) as a picture of `size` pixels,
    its cards drawn as the player's `deck` looks.

    The returned surface is shared by the cache: blit it, never draw on it.
    """
    frozen = tuple(sorted((str(k), v) for k, v in options.items()))
    return _preview(ruleset_id, frozen, (max(1, size[0]), max(1, size[1])), deck, deal)


# Kept by exact size: a window dragged to new sizes fills it with pictures of sizes gone
# by, 3.4 MB each at 4K (64 of them took the game from 157 to 366 MB). 16 keep two
# layouts' worth (a menu draws 8).
@lru_cache(maxsize=16)
def _preview(
    ruleset_id: str,
    options: tuple[tuple[str, object], ...],
    size: tuple[int, int],
    deck: Deck,
    deal: int,
) -> pygame.Surface:
    # Drawn in about the picture's own shape, the cards' box grown to that shape always
    # fits: the felt's border round the table takes the little left over.
    aspect = min(3.0, max(0.5, size[0] / size[1]))
    drawn_aspect = round(round(aspect / ASPECT_STEP) * ASPECT_STEP, 2)
    picture, content = _table_picture(ruleset_id, options, drawn_aspect, deck, deal)
    crop = _fit_aspect(content, size[0] / size[1], picture.get_rect())
    if abs(crop.width / crop.height - size[0] / size[1]) > STRETCH_TOLERATED * aspect:
        # cards reaching the border's edge (Pyramid 36's, drawn wide): the picture's own
        # shape, or its cards would be stretched
        picture, content = _table_picture(ruleset_id, options, round(aspect, 2), deck, deal)
        crop = _fit_aspect(content, size[0] / size[1], picture.get_rect())
    return pygame.transform.smoothscale(picture.subsurface(crop), size)


# A menu's layout draws 8 of these (7 patiences and the panel's picture), 2.8 MB each at
# any window size; the scaled pictures are kept by _preview. 32 held some 90 MB, over half
# the game's memory in use at 800x600, for layouts of other sizes and decks gone by.
@lru_cache(maxsize=8)
def _table_picture(
    ruleset_id: str,
    options: tuple[tuple[str, object], ...],
    aspect: float,
    deck: Deck,
    deal: int,
) -> tuple[pygame.Surface, pygame.Rect]:
    """The full-size table and the rectangle its cards occupy."""
    game = Game(ruleset_id, dict(options), deal=deal)
    width, height = round(RENDER_HEIGHT * aspect), RENDER_HEIGHT
    # the table laid out inside a border of felt: a layout reaches its area's edges, and
    # the margin meant to stand round the cards was clipped away there (the thumbnails
    # cut their top cards and the stock's count at their frame)
    border = RENDER_HEIGHT // 8
    whole = pygame.Rect(0, 0, width + 2 * border, height + 2 * border)
    view = TableView(game, whole.inflate(-2 * border, -2 * border), *deck)
    picture = view.render_static(whole.size, set(), {}).copy()
    rects = [view.layout.spots[name].rect for name in view.piles if name in view.layout.spots]
    for name in view.piles:
        rects.extend(view.rects(name, len(game.pile(name))))
    card_w, card_h = view.layout.card
    # a margin of felt around the cards, and room for the stock's count badge below
    content = rects[0].unionall(rects[1:]).inflate(card_w // 2, card_h // 2).clip(whole)
    return picture, content


def _fit_aspect(rect: pygame.Rect, aspect: float, bounds: pygame.Rect) -> pygame.Rect:
    """Grow `rect` around its centre to the given width/height ratio, kept inside `bounds`."""
    w, h = rect.size
    if w / h < aspect:
        w = round(h * aspect)
    else:
        h = round(w / aspect)
    grown = pygame.Rect(0, 0, max(1, min(w, bounds.width)), max(1, min(h, bounds.height)))
    grown.center = rect.center
    return grown.clamp(bounds)


def draw_ruleset_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    ruleset_id: str,
    texts: tuple[str, str],
    look: tuple[bool, bool],
    scale: float,
    deck: Deck = PLAIN_DECK,
    summary_size: int | None = None,
    options: Mapping[str, object] | None = None,
) -> tuple[str, list[str], int]:
    """A ruleset as a card of the menu: its table in miniature (with `options`, else
    its defaults), its name, its summary; returns the name, the summary's lines as
    drawn, and their size.

    `texts` is (name, summary) in the player's language; `look` is (selected, hot).
    The name gets a smaller size before it is cut short; the summary, in
    `summary_size` when given (a list of cards in one size: see
    common_summary_size), else in the largest size that fits, is cut to the lines
    that fit, ending in an ellipsis.
    """
    selected, hot = look
    radius = max(5, round(10 * scale))
    fill = theme.BUTTON_HOVER if selected else theme.BUTTON if hot else theme.PANEL
    fill_translucent(surface, rect, fill, 235 if selected or hot else 150, radius)
    if selected:
        pygame.draw.rect(
            surface, theme.GOLD, rect, width=max(2, round(2 * scale)), border_radius=radius
        )
    card = _CardText(rect, texts, scale)
    ruleset = get_ruleset(ruleset_id)
    # a deal of each ruleset's own: Сбудется and От нечего делать lay out deal 0 alike,
    # and side by side in a kiosk's chooser their two pictures were one
    shown = ruleset.defaults() if options is None else options
    picture = preview(ruleset_id, shown, card.picture.size, deck, ruleset.order)
    surface.blit(picture, card.picture)
    pygame.draw.rect(surface, theme.BUTTON_EDGE, card.picture, width=px(1, scale))
    # the chosen card's name in the lighter gold: the panels' gold on its lighter fill
    # read at 4.08:1, under the 4.5:1 its size wants (5.35:1 so)
    colour = theme.GLOW if selected else theme.INK
    draw_text(surface, card.name, card.name_size, (card.x, card.top), colour, bold=True)
    size, lines = card.summary_lines(summary_size)
    font = theme.font(size)
    y = card.summary_top
    # dim ink on the chosen card's lighter fill read at 4.1:1, under the 4.5:1 small
    # text wants
    ink = theme.INK if selected else theme.INK_DIM
    for line in lines:
        draw_text(surface, line, size, (card.x, y), ink)
        y += font.get_linesize()
    return card.name, lines, size


def common_summary_size(cards: list[tuple[pygame.Rect, tuple[str, str]]], scale: float) -> int:
    """One size for the summaries of a list of ruleset cards, each (rect, (name,
    summary)): the smallest of the sizes each would take alone. Each fitted on its own,
    a list read in three sizes, a long Russian summary the smallest."""
    return min(_CardText(rect, texts, scale).summary_lines()[0] for rect, texts in cards)


class _CardText:
    """Where a ruleset card's picture and words go: the picture on the left, the name
    on top of the rest, the summary under it."""

    def __init__(self, rect: pygame.Rect, texts: tuple[str, str], scale: float) -> None:
        name, self.summary = texts
        pad = max(4, min(round(8 * scale), rect.height // 10))
        ph = rect.height - 2 * pad
        # half the card at most: a tall card (a kiosk's screen standing up) keeps room
        # for its name and summary
        pw = min(int(ph * PREVIEW_RATIO), rect.width // 2)
        ph = min(ph, int(pw / PREVIEW_RATIO))
        self.picture = pygame.Rect(rect.x + pad, rect.centery - ph // 2, pw, ph)
        self.x = self.picture.right + pad + pad // 2
        self.width = rect.right - pad - self.x
        size = max(13, min(round(19 * scale), rect.height // 4))
        # a long name ("Египетская пирамида, старинные правила") in a smaller size first
        least = max(11, size * 3 // 4)
        self.name_size = fitting_size(name, size, self.width, least=least, bold=True)
        self.name = fit_text(name, self.name_size, self.width, bold=True)
        self.top = rect.y + pad
        name_height = theme.font(self.name_size, bold=True).size(self.name)[1]
        self.summary_top = self.top + name_height + max(1, pad // 3)
        self.summary_height = rect.bottom - pad - self.summary_top
        self.largest = max(SUMMARY_LEAST, min(round(14 * scale), rect.height // 6))

    def summary_lines(self, size: int | None = None) -> tuple[int, list[str]]:
        """The summary's size and lines: in `size`, or the largest that fits."""
        if size is None:
            return _summary_lines(self.summary, self.width, self.summary_height, self.largest)
        return size, _cut_to(self.summary, size, self.width, self.summary_height)


def _summary_lines(summary: str, width: int, height: int, largest: int) -> tuple[int, list[str]]:
    """The summary's size and lines in `width` x `height` pixels: a size or two smaller
    before it gives way (a Russian summary is a few words longer than its English);
    then its lead in the largest size that holds it (see `summary_lead`); and only if
    even that is too long, the summary cut short, its last line ending in an ellipsis."""
    least = max(SUMMARY_LEAST, min(largest - SUMMARY_SMALLER, round(largest * SUMMARY_SHARE)))
    # the whole down to a size above the least (the lead in a larger size reads better
    # than the whole in the least), and at the least where that is the largest too
    for size in range(largest, min(least, largest - 1), -1):
        lines = _lines_in(summary, size, width, height)
        if lines is not None:
            return size, lines
    lead = summary_lead(summary)
    for size in range(largest, least - 1, -1):
        lines = _lines_in(lead, size, width, height)
        if lines is not None:
            return size, lines
    return least, _cut_to(summary, least, width, height)


def summary_lead(summary: str) -> str:
    """The summary's first clause, up to its first colon or semicolon, as a sentence of
    its own: "Egyptian Pyramid with a ninth pile." Where the whole does not fit,
    its lead reads whole; the summary cut in the middle of a word read as a fault (a
    menu with a bar above its list, at 800x600). Lines before the last (a kiosk's
    options: "Passes through the stock: three") stay whole: cut at their own colon
    they read "Passes through the stock.", the very words that told two games apart
    lost."""
    head, newline, body = summary.rpartition("\n")
    lead = re.split(r"[:;]\s", body, maxsplit=1)[0].rstrip(" .")
    return head + newline + (lead + "." if lead != body.rstrip() else body)


def _lines_in(text: str, size: int, width: int, height: int) -> list[str] | None:
    """The text's lines in `size`, if they fit `width` x `height` pixels."""
    font = theme.font(size)
    lines = wrap(text, font, width)
    return lines if len(lines) <= height // font.get_linesize() else None


def _cut_to(summary: str, size: int, width: int, height: int) -> list[str]:
    """The summary's lines in `size` that fit `width` x `height` pixels: whole, or else
    its lead; or else cut short, the last line ending in an ellipsis."""
    for text in (summary, summary_lead(summary)):
        lines = _lines_in(text, size, width, height)
        if lines is not None:
            return lines
    font = theme.font(size)
    lines = wrap(summary, font, width)[: max(0, height // font.get_linesize())]
    if lines:
        lines[-1] = fit_text(lines[-1] + "…", size, width)
    return lines


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut short with an ellipsis if it is wider than `width` pixels."""
    font = theme.font(size, bold=bold)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text.rstrip() + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_path(template: Callable[[str], str], path: str, size: int, width: int) -> str:
    """`template(path)`, the path cut at its start if the whole is wider than `width`
    pixels: a file's name, at the end, is what the player needs to find it."""
    font = theme.font(size)
    shown, cut = path, 0
    while cut < len(path) - 1 and font.size(template(shown))[0] > width:
        cut += 1
        shown = "…" + path[cut:]
    return template(shown)


def fill_translucent(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: tuple[int, int, int],
    alpha: int,
    radius: int,
) -> None:
    """A rounded box the felt shows through a little."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    surface.blit(layer, rect)


def framed_box(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: tuple[int, int, int],
    alpha: int,
    radius: int,
    edge: int = 1,
) -> None:
    """A translucent rounded box with a thin edge (`edge` px wide: px(1, scale) keeps
    it as thin to the eye at every size): a panel that holds text and buttons."""
    fill_translucent(surface, rect, colour, alpha, radius)
    pygame.draw.rect(surface, theme.BUTTON_EDGE, rect, width=edge, border_radius=radius)
