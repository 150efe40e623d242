"""A records table's columns: their heads, each row's values, and where they stand."""

from __future__ import annotations

import pygame

from game.i18n import _, clock_text, date_text
from game.store import ARCADE, DAILY, ScoreEntry
from game.store.daily import deal_date
from game.ui import theme


def table_columns(tab: str) -> list[tuple[str, float, str]]:
    """A table's columns: (heading, left edge as a share of the width, anchor)."""
    last = _("Date") if tab == DAILY else _("Deal")
    first = [("#", 0.04, "midright"), (_("Initials"), 0.07, "midleft")]
    if tab == ARCADE:
        return [
            *first,
            (_("Levels"), 0.26, "midright"),
            (_("Points"), 0.37, "midright"),
            (_("Cards"), 0.47, "midright"),  # as every other table has them
            (_("Time"), 0.57, "midright"),
            (_("Moves"), 0.67, "midright"),
        ]
    return [
        *first,
        (_("Points"), 0.26, "midright"),
        (_("Cards"), 0.36, "midright"),
        (_("Time"), 0.46, "midright"),
        (_("Moves"), 0.55, "midright"),
        (last, 0.58, "midleft"),
    ]


def row_values(tab: str, i: int, e: ScoreEntry) -> list[str]:
    """The i-th row of the table as its columns show it (a daily deal by its day)."""
    f = e.figures
    if tab == ARCADE:
        return [
            str(i + 1),
            e.initials,
            str(f.levels),
            str(f.remaining_points),
            str(f.remaining_cards),
            clock_text(f.seconds),
            str(f.moves),
        ]
    day = deal_date(e.deal) if tab == DAILY and e.deal is not None else None
    last = date_text(day) if day else str(e.deal)
    return [
        str(i + 1),
        e.initials,
        str(f.remaining_points),
        str(f.remaining_cards),
        clock_text(f.seconds),
        str(f.moves),
        last,
    ]


def column_xs(
    columns: list[tuple[str, float, str]],
    rows: list[list[str]],
    width: int,
    room: pygame.Rect,
    text_size: int,
) -> list[int]:
    """Each column's x, at its share of the panel's `width`; the whole drawn closer
    where a column's widest text (of `rows`, the table's values) would run out of
    `room`, under the rows' Watch and Save (in a window standing up they hid the day of
    every date)."""
    squeeze = 1.0
    if rows:
        font = theme.font(text_size, bold=True)
        for c, (heading, share, anchor) in enumerate(columns):
            texts = [heading, *(row[c] for row in rows)]
            widest = max(font.size(t)[0] for t in texts) if anchor == "midleft" else 0
            if share > 0 and share * width * squeeze + widest > room.width:
                squeeze = (room.width - widest) / (share * width)
    # columns drawn closer than this would run into each other
    squeeze = max(squeeze, 0.6)
    return [room.x + int(width * share * squeeze) for _heading, share, _anchor in columns]
