"""Writes to the records that failed (a full disk, a card gone read-only), kept to be
made again: the notice says saving will be tried again, yet a game that ended while
its saves failed had no move left to be saved by. It stayed "in play" for good, its
end and its place in the table lost, though the disk had room again a minute later."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.store.saved import GameFacts


class PendingWrites:
    """Failed writes by what they write, each to be made again whole (a game saved as
    it stands then, not as it stood); made again in the order they first failed, so
    that a game is in the file before its place in a table."""

    def __init__(self) -> None:
        self._writes: dict[Hashable, Callable[[], bool]] = {}
        self._names: dict[Hashable, str] = {}  # what each writes, for the log
        self._retrying = False  # a write made again saves, and saving retries first

    def __bool__(self) -> bool:
        return bool(self._writes)

    def __len__(self) -> int:
        return len(self._writes)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._writes

    def failed(self, key: Hashable, write: Callable[[], bool], name: str = "") -> None:
        """`write` (True once made) failed: kept, in its key's first failure's turn (a
        later failure of the same key replaces the write: the latest initials)."""
        self._writes[key] = write
        self._names[key] = name or str(key)

    def names(self) -> list[str]:
        """What the writes still waiting write, in their turn."""
        return [self._names[key] for key in self._writes]

    def done(self, key: Hashable) -> None:
        """What `key` writes has been written since, by a later write of it."""
        self._writes.pop(key, None)
        self._names.pop(key, None)

    def retry(self) -> bool:
        """Make the writes again, in turn, up to the first that fails again (the disk is
        still full: the others would fail too); True when none is left."""
        if self._retrying:
            return False
        self._retrying = True
        try:
            for key, write in list(self._writes.items()):
                if key not in self._writes:
                    continue  # made by one before it
                if not write():
                    return False
                self.done(key)
            return True
        finally:
            self._retrying = False


def save_keys(facts: GameFacts) -> tuple[tuple[str, int], ...]:
    """What a game's pending save may be kept under, the one for a new save last: its
    facts' own until it has a row, then its row's id."""
    own = ("game", id(facts))
    return (own,) if facts.record_id is None else (own, ("game", facts.record_id))
