"""The deal of the day exactly, from a mutation round: what a number that is no date
reads as, and how the days in a row and the day's table are decided."""

from datetime import date

from game.store.daily import deal_date


def test_a_deal_number_that_is_no_date_reads_as_none_however_long():
    # a replay's deal or a table's row may carry any number: one past C's integers
    # stopped the records screen and the command line with an OverflowError
    assert deal_date(10**25) is None
    assert deal_date(-(10**25)) is None
    assert deal_date(20270230) is None  # no 30 February
    assert deal_date(0) is None  # no year 0
    assert deal_date(20270228) == date(2027, 2, 28)


def test_the_days_in_a_row_stop_reading_back_past_a_century(records, monkeypatch):
    # every day back as far as read played (a file filled by hand): without its cap the
    # year read doubled until the date fell before year 1 and the count raised
    from datetime import timedelta

    from game.store.daily import daily_deal

    today = date(2026, 12, 6)

    def every_day_since(ruleset, options, since):
        first = deal_date(since)
        return [daily_deal(first + timedelta(days=n)) for n in range((today - first).days + 1)]

    monkeypatch.setattr(records.games, "days_played", every_day_since)
    count = records.days_in_a_row("pyramid36", {}, today)
    assert 100 * 366 < count < 1000 * 366
