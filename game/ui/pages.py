"""Which rows of a list a page shows, where the window is too low to show them all."""

from __future__ import annotations


class Pages:
    def __init__(self, per: int) -> None:
        self.per = per  # the rows a page shows
        self.count = 0  # the rows there are
        self.first: int | None = None  # the page's first row; None until one is chosen

    def fit(self, per: int, count: int, wanted: int = 0) -> None:
        """Pages of `per` rows over `count`: the page shown stays (or is the page of
        row `wanted`, when none was chosen), at a page's start and within the rows."""
        self.per, self.count = max(1, per), count
        first = wanted if self.first is None else self.first
        self.first = min(first, max(0, count - 1)) // self.per * self.per

    @property
    def paged(self) -> bool:
        return self.count > self.per

    def shown(self) -> range:
        first = self.first or 0
        return range(first, min(self.count, first + self.per))

    def turned(self, step: int) -> int | None:
        """The first row of the page `step` pages on (back, if negative), or None when
        there is no such page."""
        after = (self.first or 0) + step * self.per
        return after if self.paged and 0 <= after < self.count else None
