"""The daily deal: in every ruleset, the deal whose number is the local date as YYYYMMDD."""

from __future__ import annotations

from datetime import date


def daily_deal(day: date) -> int:
    """30 November 2026 gives deal 20261130."""
    return day.year * 10_000 + day.month * 100 + day.day


def today_deal() -> int:
    """Today's daily deal, by the player's local date."""
    return daily_deal(date.today())


def deal_date(deal: int) -> date | None:
    """The date a daily deal number stands for, or None if it is no date."""
    try:
        return date(deal // 10_000, deal // 100 % 100, deal % 100)
    except (ValueError, OverflowError):  # no date, or a year past C's integers
        return None
