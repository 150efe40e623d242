"""What each column of a records table says, and the statistics' lines, exactly."""

from datetime import date

import pytest

from game.rules import get_ruleset
from game.scenes.records_columns import column_xs, row_values, table_columns
from game.scenes.records_words import STATS, empty_note, options_said, statistics_rows
from game.store import ARCADE, DAILY, FREE, Statistics
from game.store.daily import daily_deal
from game.store.scores import Figures, ScoreEntry

pytestmark = pytest.mark.usefixtures("english")

FIGURES = Figures(remaining_points=37, remaining_cards=4, seconds=125.9, moves=61, levels=5)


def entry(deal: int | None) -> ScoreEntry:
    return ScoreEntry(1, "ЖУК", FIGURES, deal, "2026-11-20", {}, None, None)


def test_a_free_row_says_place_initials_points_cards_time_moves_and_deal():
    heads = [h for h, _share, _anchor in table_columns(FREE)]
    assert heads == ["#", "Initials", "Points", "Cards", "Time", "Moves", "Deal"]
    assert row_values(FREE, 2, entry(4_000_000_007)) == [
        "3", "ЖУК", "37", "4", "2:05", "61", "4000000007",
    ]  # fmt: skip


def test_a_daily_row_says_its_deal_s_day_and_a_free_row_never_does():
    day = date(2026, 11, 20)
    heads = [h for h, _share, _anchor in table_columns(DAILY)]
    assert heads[-1] == "Date"
    assert row_values(DAILY, 0, entry(daily_deal(day)))[-1] == "2026-11-20"
    # the same number in the free table is a deal's number, not a day
    assert row_values(FREE, 0, entry(daily_deal(day)))[-1] == str(daily_deal(day))


def test_an_arcade_row_says_place_initials_levels_points_cards_time_moves():
    heads = [h for h, _share, _anchor in table_columns(ARCADE)]
    assert heads == ["#", "Initials", "Levels", "Points", "Cards", "Time", "Moves"]
    assert row_values(ARCADE, 0, entry(None)) == ["1", "ЖУК", "5", "37", "4", "2:05", "61"]


def test_the_date_column_reads_from_its_left_edge_and_figures_from_their_right():
    anchors = [anchor for _h, _share, anchor in table_columns(DAILY)]
    assert anchors == ["midright", "midleft", *["midright"] * 4, "midleft"]


def test_columns_stand_at_their_shares_where_the_room_holds_them():
    import pygame

    columns = table_columns(FREE)
    rows = [row_values(FREE, 0, entry(7))]
    room = pygame.Rect(100, 0, 1000, 400)
    xs = column_xs(columns, rows, 1000, room, 17)
    assert xs == [100 + int(1000 * share) for _h, share, _a in columns]


def test_columns_drawn_closer_keep_the_last_one_s_text_within_the_room():
    import pygame

    from game.ui import theme

    columns = table_columns(DAILY)
    rows = [row_values(DAILY, 0, entry(daily_deal(date(2026, 11, 20))))]
    room = pygame.Rect(0, 0, 500, 400)  # the rows' Watch and Save take the panel's rest
    xs = column_xs(columns, rows, 1000, room, 17)
    widest = max(theme.font(17, bold=True).size(t)[0] for t in ("Date", rows[0][-1]))
    assert xs[-1] + widest <= room.right
    assert xs[-1] + widest >= room.right - 2  # closer by what it takes, no more
    assert xs == sorted(xs)  # in their order still


def test_columns_are_drawn_no_closer_than_six_tenths():
    import pygame

    columns = table_columns(FREE)
    rows = [row_values(FREE, 0, entry(7))]
    xs = column_xs(columns, rows, 1000, pygame.Rect(0, 0, 100, 400), 17)
    assert xs == [int(1000 * share * 0.6) for _h, share, _a in columns]


def test_statistics_say_each_figure_on_its_own_line():
    stats = Statistics(
        played=8, won=1, current_streak=1, best_streak=2, best_points=3,
        average_points=12.25, average_seconds=125.0, wishes=3, wishes_come_true=2,
    )  # fmt: skip
    assert statistics_rows(stats, fortune=True) == [
        ("Played", "8"),
        ("Won", "1"),
        ("Win rate", "13%"),
        ("Current streak", "1"),
        ("Best streak", "2"),
        ("Fewest points left", "3"),
        ("Average points left", "12.2"),
        ("Average time", "2:05"),
        ("Wishes come true", "2 of 3"),
    ]
    assert [label for label, _v in statistics_rows(stats)][-1] == "Average time"


def test_statistics_of_no_game_say_a_dash_not_a_zero():
    values = dict(statistics_rows(Statistics(), fortune=True))
    assert values["Win rate"] == values["Fewest points left"] == "—"
    assert values["Average points left"] == values["Average time"] == "—"
    assert values["Wishes come true"] == "—"
    assert values["Played"] == values["Won"] == "0"


def test_each_empty_table_says_what_enters_it():
    assert "arcade runs" in empty_note(ARCADE)
    assert "a day's deal played for the first time" in empty_note(DAILY)
    assert empty_note(FREE) == "No entries yet: games played without hints appear here."


def test_only_the_statistics_say_they_count_every_option():
    ruleset = get_ruleset("pyramid52")
    assert options_said(STATS, ruleset, {}).startswith("All its options")
    for tab in (FREE, DAILY, ARCADE):
        assert not options_said(tab, ruleset, ruleset.choose({})).startswith("All its")


def test_a_heading_wider_than_its_values_is_kept_within_the_room_too():
    # a free table of small deals' numbers ("7"): its "Deal" is the column's widest text
    import pygame

    from game.ui import theme

    columns = table_columns(FREE)
    rows = [row_values(FREE, 0, entry(7))]
    font = theme.font(17, bold=True)
    room = pygame.Rect(0, 0, 580 + font.size("7")[0] + 2, 400)  # "7" fits, "Deal" not
    xs = column_xs(columns, rows, 1000, room, 17)
    assert xs[-1] + font.size("Deal")[0] <= room.right
