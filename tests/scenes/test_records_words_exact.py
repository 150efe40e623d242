"""What the records say in words, case by case, as a mutation round found some
untested: the tabs' names, what an empty arcade table says enters it, the keys line
for the room there is, and the day table's foot with its days in a row."""

from dataclasses import dataclass

import pytest

from game import i18n
from game.scenes.records_words import (
    STATS,
    empty_note,
    keys_said,
    statistics_rows,
    tab_label,
    today_said,
)
from game.store import ARCADE, DAILY, FREE, Statistics

TODAY = 20260315  # a day's deal number: its date


@pytest.mark.parametrize(
    ("tab", "label"),
    [(FREE, "High scores"), (DAILY, "Deal of the day"), (ARCADE, "Arcade"), (STATS, "Statistics")],
)
def test_each_tab_has_its_own_name(english, tab, label):
    assert tab_label(tab) == label


def test_the_tabs_are_named_in_russian(english):
    i18n.set_language("ru")
    assert tab_label(STATS) == "Статистика"


def test_statistics_of_games_all_lost_say_zeros_not_dashes(english):
    # a dash says "no game yet": 0% of 4 games, 0 points left once, 0 of 2 wishes are figures
    stats = Statistics(
        played=4, won=0, best_points=0, average_points=6.0, average_seconds=60.0,
        wishes=2, wishes_come_true=0,
    )  # fmt: skip
    values = dict(statistics_rows(stats, fortune=True))
    assert values["Win rate"] == "0%"
    assert values["Fewest points left"] == "0"
    assert values["Wishes come true"] == "0 of 2"


@pytest.mark.parametrize(
    ("tab", "note"),
    [
        (ARCADE, "No runs yet: arcade runs played without hints or the demo appear here."),
        (
            DAILY,
            "No entries yet: a day's deal played for the first time, unhelped, appears here.",
        ),
        (FREE, "No entries yet: games played without hints appear here."),
    ],
)
def test_an_empty_table_says_what_enters_it(english, tab, note):
    assert empty_note(tab) == note


def test_the_keys_line_names_pages_only_where_there_are_pages_longest_first(english):
    assert keys_said(paged=True) == [
        "Arrows, Tab: choose · Enter: press · PgUp/PgDn: pages · Esc: back",
        "PgUp/PgDn: pages · Esc: back",
    ]
    assert keys_said(paged=False) == ["Arrows, Tab: choose · Enter: press · Esc: back", "Esc: back"]


@dataclass
class Row:
    outcome: str | None
    remaining_points: int = 0
    out: bool = False


@dataclass
class Records:
    """The records as the day table's foot reads them: today's row, and the row of days."""

    row: Row | None = None
    seen: bool = False
    days: int = 0

    def daily(self, ruleset_id, options, day):
        return self.row

    def daily_seen(self, ruleset_id, options, day):
        return self.seen

    def kept_out(self, row):
        return row.out

    def days_in_a_row(self, ruleset_id, options, today):
        return self.days


@pytest.mark.parametrize(
    ("records", "said"),
    [
        (Records(), "Today's deal: not played yet."),
        (
            Records(seen=True),
            "Today's deal was seen in another game or a replay: played now, it stays out.",
        ),
        (Records(Row(None), seen=True), "Today's deal: in play."),
        (Records(Row("won", 0)), "Today's deal: done, 0 points left."),
        (Records(Row("lost", 1)), "Today's deal: done, 1 point left."),
        (
            Records(Row("won", 5, out=True), seen=True),
            "Today's deal: done, 5 points left; it stays out of the table.",
        ),
        # one day is no row yet; two are
        (Records(Row("won", 0), days=1), "Today's deal: done, 0 points left."),
        (Records(Row("won", 0), days=2), "Today's deal: done, 0 points left. Days in a row: 2."),
    ],
    ids=["new", "seen", "in-play", "done", "one-point", "kept-out", "one-day", "two-days"],
)
def test_the_day_table_s_foot_says_where_today_s_deal_stands(english, records, said):
    assert today_said(records, "pyramid52", {}, TODAY) == said


def test_a_deal_number_that_is_no_date_has_no_row_of_days(english):
    records = Records(Row("won", 0), days=5)
    assert today_said(records, "pyramid52", {}, 20261399) == "Today's deal: done, 0 points left."
