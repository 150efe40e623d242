"""What the records say in words: the tabs' names, which games a table counts, the
statistics' lines, and what an empty table says enters it."""

from __future__ import annotations

from collections.abc import Mapping

from game import i18n
from game.i18n import _, clock_text
from game.rules import Ruleset
from game.rules.ruleset import OptionValue
from game.store import ARCADE, DAILY, FREE, Statistics
from game.ui.labels import options_line

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


def options_said(tab: str, ruleset: Ruleset, options: Mapping[str, OptionValue]) -> str:
    """Which games a table counts: its options, or, on Statistics, all of them."""
    if tab == STATS:
        # the statistics are the patience's, where the tables are its options': said,
        # or "25%" read as three passes' when one game of them had been played
        return _("All its options and modes: free, daily and arcade")
    return options_line(ruleset, options)
