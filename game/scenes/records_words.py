"""What the records say in words: the tabs' names, a table's heads and rows, the
statistics' lines, and what an empty table says enters it."""

from __future__ import annotations

from game import i18n
from game.i18n import _, clock_text, date_text
from game.store import ARCADE, DAILY, FREE, ScoreEntry, Statistics
from game.store.daily import deal_date

STATS = "stats"


def tab_label(tab: str) -> str:
    return {
        FREE: _("High scores"),
        DAILY: _("Deal of the day"),
        ARCADE: _("Arcade"),
        STATS: _("Statistics"),
    }[tab]


def statistics_rows(stats: Statistics, fortune: bool = False) -> list[tuple[str, str]]:
    """The statistics' lines; a fortune's patience (`fortune`) says how many wishes came
    true of those the game answered, which its wins alone do not tell (a demo's win,
    a deal played again)."""

    def number(value: float | None, digits: int = 1) -> str:
        return "—" if value is None else i18n.decimal(value, digits)

    rate = stats.win_rate
    told = _("{n} of {total}", n=stats.wishes_come_true, total=stats.wishes)
    wishes = [(_("Wishes come true"), told if stats.wishes else "—")]
    return [
        (_("Played"), str(stats.played)),
        (_("Won"), str(stats.won)),
        (_("Win rate"), "—" if rate is None else i18n.percent(rate)),
        (_("Current streak"), str(stats.current_streak)),
        (_("Best streak"), str(stats.best_streak)),
        # points left: fewer is better, and "best points" read as the most
        (_("Fewest points left"), "—" if stats.best_points is None else str(stats.best_points)),
        (_("Average points left"), number(stats.average_points)),
        (
            _("Average time"),
            "—" if stats.average_seconds is None else clock_text(stats.average_seconds),
        ),
        *(wishes if fortune else []),
    ]


def empty_note(tab: str) -> str:
    """What an empty table says: what enters it (the arcade's holds runs, not games)."""
    if tab == ARCADE:
        return _("No runs yet: arcade runs played without hints or the demo appear here.")
    if tab == DAILY:  # a day's deal played before (as a free game) stays out too
        return _("No entries yet: a day's deal played for the first time, unhelped, appears here.")
    return _("No entries yet: games played without hints appear here.")


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
