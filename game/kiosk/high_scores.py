"""The attract loop's high scores: the table of the game just shown, large, to be read from afar.

Read only: no Watch, no reset, no tabs; any touch starts a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, clock_text, date_text, localized
from game.kiosk.chooser import offered_options
from game.kiosk.show import ShowScene, draw_ribbon, ribbon_height
from game.render.preview import fill_translucent
from game.rules import get_ruleset
from game.store import FREE, ScoreEntry, TableKey
from game.store.saved import local_day
from game.store.scores import TOP
from game.ui import theme
from game.ui.labels import figures_note
from game.ui.widgets import balanced_wrap, draw_text, fitting_size

if TYPE_CHECKING:
    from game.app import App
    from game.kiosk.attract import AttractLoop
    from game.kiosk.config import OfferedGame


OPEN = "· · ·"  # a place nobody holds yet, in the initials' column


def columns() -> list[tuple[str, float, str]]:
    """(heading, where across the panel as a share of its width, anchor)."""
    return [
        ("#", 0.08, "midright"),
        (_("Initials"), 0.13, "midleft"),
        (_("Points"), 0.42, "midright"),
        (_("Cards"), 0.55, "midright"),
        (_("Time"), 0.68, "midright"),
        (_("Date"), 0.95, "midright"),
    ]


def fitting_row_size(rows: list[list[str]], width: int, size: int, least: int = 12) -> int:
    """The largest text size up to `size` at which every value keeps clear of the
    column before it: on a screen standing up the date ran into the time."""
    placed = columns()
    gap = width // 50

    def clear(font: pygame.font.Font, row: list[str], c: int) -> bool:
        # a right-aligned figure ends at its share; the column before it ends at its
        # own share, or after its text when it is left-aligned (the initials)
        before = placed[c - 1][1] * width
        if placed[c - 1][2] == "midleft":
            before += font.size(row[c - 1])[0]
        return placed[c][1] * width - font.size(row[c])[0] >= before + gap

    while size > least:
        font = theme.font(size, bold=True)
        if all(clear(font, row, c) for row in rows for c in range(2, len(placed))):
            return size
        size -= 1
    return least


def heading_size(size: int) -> int:
    """The columns' headings' size over rows of `size`."""
    return max(12, size * 3 // 4)


def measured_columns(rows: list[list[str]], width: int, size: int) -> list[int] | None:
    """Where each column stands across a panel `width` wide (see columns' anchors), each
    as wide as its widest value or heading at `size` and the room left over shared
    evenly between them; None where they do not fit with a gap between each two."""
    placed = columns()
    font, heads = theme.font(size, bold=True), theme.font(heading_size(size))
    widths = [
        max([heads.size(head)[0], *(font.size(row[c])[0] for row in rows)])
        for c, (head, _share, _anchor) in enumerate(placed)
    ]
    # from about where the shares' place numbers begin to where their dates end
    left, right = width // 25, int(width * placed[-1][1])
    gap = (right - left - sum(widths)) / (len(placed) - 1)
    if gap < width // 50:
        return None
    xs, x = [], float(left)
    for need, (_head, _share, anchor) in zip(widths, placed, strict=True):
        xs.append(round(x + need) if anchor == "midright" else round(x))
        x += need + gap
    return xs


def row_layout(rows: list[list[str]], width: int, size: int) -> tuple[int, list[int]]:
    """The rows' text size, up to `size`, and where each column stands across the panel:
    at its share of the width where the values fit there, else spaced by their own
    widths where that keeps them larger. Standing up, the shares left the initials a
    third of the panel, and "10:10" beside the cards made every figure a sixth smaller."""
    shared = fitting_row_size(rows, width, size)
    shares = [int(width * share) for _head, share, _anchor in columns()]
    for larger in range(size, shared, -1):
        xs = measured_columns(rows, width, larger)
        if xs is not None:
            return larger, xs
    return shared, shares


def row_values(place: int, entry: ScoreEntry) -> list[str]:
    f = entry.figures
    return [
        str(place),
        entry.initials,
        str(f.remaining_points),
        str(f.remaining_cards),
        clock_text(f.seconds),
        _day(entry.created_at),
    ]


def _day(stamp: str) -> str:
    """The day a score was set, as the kiosk's language writes a date."""
    day = local_day(stamp)
    return date_text(day) if day else stamp[:10]


class HighScoresScene(ShowScene):
    def __init__(self, app: App, loop: AttractLoop, offered: OfferedGame) -> None:
        super().__init__(app, loop)
        self.offered = offered
        key = TableKey.of(FREE, offered.ruleset, offered.options)
        self.entries = app.records.top(key)
        self.note_drawn = pygame.Rect(0, 0, 0, 0)  # where the foot's lines went (none: empty)
        self.note_lines: list[str] = []
        self.places_drawn: list[pygame.Rect] = []  # each place's number, as drawn
        self.title_drawn = pygame.Rect(0, 0, 0, 0)

    def done(self) -> bool:
        return self.shown >= self.loop.config.attract.tables_seconds

    def go_on(self) -> None:
        self.loop.next_round()

    def draw_live(self, surface: pygame.Surface) -> None:
        draw_ribbon(surface, self.live, self.shown)

    # -- painting --------------------------------------------------------------------

    def paint(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        s = theme.ui_scale(size)
        still = theme.felt(size).copy()
        band = ribbon_height(size)
        self.live = pygame.Rect(0, h - band, w, band)
        m = int(28 * s)
        heading = _("High scores")
        # within the panel's width, and a margin more: standing up, «Лучшие результаты»
        # ran to within a margin of both edges of the screen
        title_size = fitting_size(heading, max(32, int(64 * s)), w - 4 * m, 24, serif=True)
        title = draw_text(
            still,
            heading,
            title_size,
            (w // 2, m),
            theme.GOLD,
            "midtop",
            serif=True,
        )
        self.title_drawn = title
        ruleset = get_ruleset(self.offered.ruleset)
        chosen = offered_options(self.offered, self.loop.config.games)
        name = draw_text(
            still,
            localized(ruleset.name),
            max(20, int(34 * s)),
            (w // 2, title.bottom + int(4 * s)),
            theme.INK,
            "midtop",
            bold=True,
        )
        top = name.bottom + int(6 * s)
        if chosen:
            top = draw_text(
                still, chosen, max(14, int(20 * s)), (w // 2, top), theme.INK_DIM, "midtop"
            ).bottom
        panel = pygame.Rect(0, 0, min(w - 2 * m, int(1100 * s)), 0)
        panel.top = top + int(18 * s)
        panel.height = self.live.top - int(24 * s) - panel.top
        panel.centerx = w // 2
        fill_translucent(still, panel, theme.PANEL, 215, int(16 * s))
        self._paint_table(still, panel, s)
        return still

    def _paint_table(self, surface: pygame.Surface, panel: pygame.Rect, s: float) -> None:
        # the heads, the rows, and a line at the foot that says what the figures are:
        # "Points 0" read as a score of nothing where it is a win
        row_h = (panel.height - int(24 * s)) // (TOP + 2)
        rows = [row_values(i + 1, entry) for i, entry in enumerate(self.entries)]
        # the places still open are measured too: "10" and their dots
        opened = [[str(p), OPEN, "", "", "", ""] for p in range(len(rows) + 1, TOP + 1)]
        most = max(14, min(int(row_h * 0.5), int(30 * s)))
        text, xs = row_layout(rows + opened, panel.width, most)
        y = panel.y + int(12 * s)
        for (heading, _share, anchor), x in zip(columns(), xs, strict=True):
            where = (panel.x + x, y + row_h // 2)
            draw_text(surface, heading, heading_size(text), where, theme.INK_DIM, anchor)
        if not self.entries:
            lines = (
                _("Nobody is in this table yet."),
                _("Play without hints and be the first!"),
            )
            # each line broken where a standing screen is too narrow for it: cut short,
            # the Russian lost «место!» under a panel of empty height
            room = panel.width - int(40 * s)
            y = panel.centery - row_h // 2
            for i, line in enumerate(lines):
                first = i == 0
                colour = theme.INK if first else theme.GOLD
                for part in balanced_wrap(line, theme.font(text, bold=first), room):
                    draw_text(surface, part, text, (panel.centerx, y), colour, "center", bold=first)
                    y += int(text * 1.3)
                y += int(row_h * 1.2) - int(text * 1.3)  # the lines' own gap, as before
            return
        self.places_drawn = []
        for i, values in enumerate(rows):
            y += row_h
            colour = theme.GOLD if i == 0 else theme.INK
            for c, ((_head, _share, anchor), value, x) in enumerate(
                zip(columns(), values, xs, strict=True)
            ):
                where = (panel.x + x, y + row_h // 2)
                drawn = draw_text(surface, value, text, where, colour, anchor, bold=i == 0)
                if c == 0:
                    self.places_drawn.append(drawn)
        # the places still open, as an arcade shows them: a table of one read as a
        # panel left half empty, where it is nine places for whoever plays next
        (_h, _p, place_anchor), (_i, _o, open_anchor) = columns()[:2]
        for place in range(len(rows) + 1, TOP + 1):
            y += row_h
            middle = y + row_h // 2
            where = (panel.x + xs[0], middle)
            drawn = draw_text(surface, str(place), text, where, theme.INK_DIM, place_anchor)
            self.places_drawn.append(drawn)
            where = (panel.x + xs[1], middle)
            draw_text(surface, OPEN, text, where, theme.INK_DIM, open_anchor)
        # in as many lines as the width needs, within the foot's row: standing up at
        # 4K, one line was cut ("… cards left on th…")
        size, room = heading_size(text), panel.width - int(40 * s)
        lines = balanced_wrap(figures_note(), theme.font(size), room)
        while size > 12 and len(lines) * theme.font(size).get_linesize() > row_h:
            size -= 1
            lines = balanced_wrap(figures_note(), theme.font(size), room)
        step = theme.font(size).get_linesize()
        bottom = panel.bottom - int(12 * s)
        self.note_lines = lines
        self.note_drawn = pygame.Rect(panel.centerx, bottom, 0, 0)
        for i, line in enumerate(lines):
            where = (panel.centerx, bottom - (len(lines) - 1 - i) * step)
            drawn = draw_text(surface, line, size, where, theme.INK_DIM, "midbottom")
            self.note_drawn.union_ip(drawn)
