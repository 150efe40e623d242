"""What the records say in words: the tabs' names, which games a table counts, the
statistics' lines, what an empty table says enters it, the day table's foot, and the
screen's keys."""

from __future__ import annotations

from collections.abc import Mapping

from game import i18n
from game.i18n import _, clock_text
from game.rules import Ruleset
from game.rules.ruleset import OptionValue
from game.store import ARCADE, DAILY, FREE, Records, Statistics
from game.store.daily import deal_date
from game.ui.labels import options_line, points

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


def keys_said(paged: bool) -> list[str]:
    """The records' keys, longest first, for the room there is: the arrows and Tab reach
    every button (◀ ▶ and ▲ ▼ too), and PgUp and PgDn turn a table's pages."""
    pages = [_("PgUp/PgDn: pages")] if paged else []
    whole = [_("Arrows, Tab: choose · Enter: press"), *pages, _("Esc: back")]
    return [" · ".join(whole), " · ".join([*pages, _("Esc: back")])]


def today_said(records: Records, ruleset_id: str, options: dict[str, OptionValue], day: int) -> str:
    """The day table's foot: where today's deal stands for this player, and the days
    in a row whose deal was played (a score-chaser's reason to come back tomorrow)."""
    text = _today_words(records, ruleset_id, options, day)
    date = deal_date(day)
    days = records.days_in_a_row(ruleset_id, options, date) if date else 0
    if days < 2:  # one day is no row yet
        return text
    return f"{text} {_('Days in a row: {n}.', n=days)}"


def _today_words(
    records: Records, ruleset_id: str, options: dict[str, OptionValue], day: int
) -> str:
    row = records.daily(ruleset_id, options, day)
    if row is None and records.daily_seen(ruleset_id, options, day):
        return _("Today's deal was seen in another game or a replay: played now, it stays out.")
    if row is None:
        return _("Today's deal: not played yet.")
    if row.outcome is None:
        return _("Today's deal: in play.")
    left = points(row.remaining_points)
    if records.kept_out(row):  # else its figure read as one the table lacked
        return _("Today's deal: done, {points} left; it stays out of the table.", points=left)
    return _("Today's deal: done, {points} left.", points=left)
