"""The daily deal: in every ruleset, the deal whose number is the local date as YYYYMMDD."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta


def daily_deal(day: date) -> int:
    """30 November 2026 gives deal 20261130."""
    return day.year * 10_000 + day.month * 100 + day.day


def today_deal() -> int:
    """Today's daily deal, by the player's local date."""
    return daily_deal(date.today())


def days_in_a_row(days_played: Iterable[int], today: date) -> int:
    """How many days in a row up to `today` had their daily deal played (`days_played`:
    deal numbers). A day not played yet leaves the row standing until it is over: the
    row then ends at yesterday."""
    played = set(days_played)
    day = today if daily_deal(today) in played else today - timedelta(days=1)
    count = 0
    while daily_deal(day) in played:
        count += 1
        day -= timedelta(days=1)
    return count


def deal_date(deal: int) -> date | None:
    """The date a daily deal number stands for, or None if it is no date."""
    try:
        return date(deal // 10_000, deal // 100 % 100, deal % 100)
    except (ValueError, OverflowError):  # no date, or a year past C's integers
        return None
