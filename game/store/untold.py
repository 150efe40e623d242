"""A damaged records file set aside is said until the player has been told: kept in
the fresh file's profile from before it takes the damaged one's place, so that a
salvage killed before the menu showed (a window closed, a power cut) is said at the
next start, not lost with the process that knew it."""

from __future__ import annotations

import json
import sqlite3

from game.store.database import (
    SALVAGED,
    SET_ASIDE,
    Problem,
    profile_value,
    set_profile_value,
    transaction,
)
from game.store.saved import is_count

UNTOLD_KEY = "set_aside_untold"


def keep_untold(conn: sqlite3.Connection, aside_name: str, copied: dict[str, int]) -> None:
    """Keep, in the fresh file `conn` (not yet in place), that the damaged file was
    set aside as `aside_name` with `copied` rows kept, until forget_untold."""
    told = json.dumps([aside_name, copied.get("games", 0), copied.get("scores", 0)])
    with transaction(conn):
        set_profile_value(conn, UNTOLD_KEY, told)


def untold(conn: sqlite3.Connection) -> list[Problem]:
    """What a salvage kept untold (see keep_untold): its problems, as it said them."""
    try:
        text = profile_value(conn, UNTOLD_KEY)
        name, games, entries = json.loads(text) if text is not None else ("", 0, 0)
    except (sqlite3.Error, ValueError, TypeError):
        return []
    if not isinstance(name, str) or not name:
        return []
    problems = [Problem(SET_ASIDE, name)]
    if is_count(games) and is_count(entries) and games + entries:
        problems.append(Problem(SALVAGED, name, (games, entries)))
    return problems


def forget_untold(conn: sqlite3.Connection) -> None:
    """The player has been told of the file set aside: no more to say at a start."""
    with transaction(conn):
        conn.execute("DELETE FROM profile WHERE key = ?", (UNTOLD_KEY,))
