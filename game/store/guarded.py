"""The records file, guarded: its reads and writes never raise and never stop the game.

A failure (a full disk, a lock held too long by another copy of the game) is logged
and said once as a `Problem`, and the game goes on; a read that fails gives an empty
answer the same way. Damage met while the game runs is mended, and a file replaced
under the game is opened again.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Callable
from typing import TypeVar

from game.store.database import (
    READ_FAILED,
    REMOVED,
    SALVAGED,
    SAVE_FAILED,
    Opened,
    Problem,
    file_identity,
    is_damaged,
    let_go,
    open_database,
    plain_reason,
    salvage_over,
    transaction,
)

log = logging.getLogger("game.store.records")  # its notices are the records'
T = TypeVar("T")


class GuardedFile:
    """The connection to the records file, and the guards every read and write go
    through (Records builds the tables on it)."""

    def __init__(self, opened: Opened) -> None:
        self.problems: list[Problem] = []
        self.salvaged = False
        self._told: set[str] = set()  # the kinds of problem the player has been told of
        self.last_failure = ""  # why the last read or write failed, as the notices put it
        self._attach(opened)

    def _attach(self, opened: Opened) -> None:
        """Work on the database `opened`, and say what opening it found."""
        self.conn, self.path = opened.conn, opened.path
        self.mended_elsewhere = opened.mended_elsewhere
        self.file = file_identity(self.path)
        self.problems.extend(opened.problems)
        # a damaged file's rows copied into a new one: what was lost with the rest (the
        # initials of a place) is not the player's doing
        self.salvaged = self.salvaged or any(p.kind == SALVAGED for p in opened.problems)

    def _open_again(self) -> None:
        """The file at our path, opened anew (set aside and salvaged if damaged)."""
        assert self.path is not None
        let_go(self.conn, self.path, self.file)
        self._attach(open_database(self.path))

    def _write(self, what: str, action: Callable[[], T], default: T) -> T:
        """A write that must not stop the game: on failure, `default`, and one notice.
        Damage met on the way (a failing card or disk) is mended and the write made
        again: its indexes made anew, and if that is not enough, the file set aside and
        salvaged, as a start does. A kiosk had lost every game until it was restarted."""
        self._open_again_if_replaced()
        self._open_once_mended()
        mends = [self._reindex, self._open_again]
        while True:
            try:
                return action()
            except sqlite3.Error as e:
                damaged = isinstance(e, sqlite3.DatabaseError) and is_damaged(e)
                if self.path is None or not damaged or not mends:
                    return self._failed(what, e, default, SAVE_FAILED)
                log.warning("records: %s went bad while the game ran (%s)", self.path, e)
            mends.pop(0)()

    def _open_once_mended(self) -> None:
        """Kept in memory while another window salvaged the file: the file, once that is
        done (it stayed in memory the whole session, its games lost at the end). The
        game in play is written whole into it by this save."""
        home = self.mended_elsewhere
        if home is None or not salvage_over(home):
            return
        # opened as a start opens it: if the other window died before it was done, the
        # file is salvaged here, once (opened whole each time, a still damaged file was
        # checked through at every save)
        log.info("records: %s no longer being mended elsewhere: opened", home)
        self.conn.close()
        self._attach(open_database(home))

    def _reindex(self) -> None:
        """The file's indexes made anew: a start's check reads no index, so one gone bad
        failed every save, session after session."""
        try:
            with transaction(self.conn):
                self.conn.execute("REINDEX")
        except sqlite3.Error as e:
            log.warning("records: %s cannot be mended in place: %s", self.path, e)

    def _open_again_if_replaced(self) -> None:
        """The file at our path is not the one we opened: SQLite would go on writing to
        the one we hold, lost at the next start, or never read again. Deleted (by hand,
        a clean-up): a fresh file, said once. Another (a window of the game set ours
        aside as damaged, or a backup was put back): that one, said by whoever put it
        there. The game in play is written whole into it at its next save."""
        if self.path is None or file_identity(self.path) == self.file:
            return
        removed = not self.path.exists()
        log.warning("records: %s was replaced while the game ran: opened again", self.path)
        name = self.path.name
        if removed:
            # its folder gone with it (the whole home cleared): made again, as a start
            # makes it, where the game went on in memory and lost the session at quit
            with contextlib.suppress(OSError):
                self.path.parent.mkdir(parents=True, exist_ok=True)
        self._open_again()
        if removed and self.path is not None:  # not "a new one", where none could be
            self._tell(REMOVED, name)

    def _read(self, what: str, action: Callable[[], T], default: T) -> T:
        """A read that must not stop the game: on failure, `default`, and one notice
        that says a read failed (a damaged row is not a failed save)."""
        return self._guarded(what, action, default, READ_FAILED)

    def _guarded(self, what: str, action: Callable[[], T], default: T, kind: str) -> T:
        try:
            return action()
        except sqlite3.Error as e:
            return self._failed(what, e, default, kind)

    def _failed(self, what: str, error: sqlite3.Error, default: T, kind: str) -> T:
        log.warning("records: cannot %s: %s", what, error)
        self.last_failure = plain_reason(str(error), self.path)
        self._tell(kind, self.last_failure)
        return default

    def _tell(self, kind: str, detail: str, numbers: tuple[int, ...] = ()) -> None:
        """A problem for the player's notices: the first of its kind in a session."""
        if kind not in self._told:
            self._told.add(kind)  # one notice of each kind is enough; later ones are tried
            self.problems.append(Problem(kind, detail, numbers))
