"""The deals whose replays were watched here: a line seen move by move, a friend's file
or a table's entry, is help with its deal as the demo's is. Played after, the deal's
game is assisted, and a day's deal stays out of the day's table (a friend's daily
replay, watched, was copied into one's own table at place 1).

Kept in the profile (a list, newest last), not in a table of their own: an older
version of the game reads the file still, and leaves the list alone."""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import Any

from game.rules import Game
from game.store.database import profile_value, read_json, set_profile_value, transaction
from game.store.games import laid_out_alike
from game.store.saved import now_iso

log = logging.getLogger(__name__)

WATCHED_KEY = "watched-deals"
# the deals kept: a score-chaser's months of watching; each check reads the list once
# and builds games only for those of the same number or deck
MOST_KEPT = 300


def dealt(game: Game) -> dict[str, Any]:
    """What a game deals, as the list keeps it: its ruleset, options, and number or
    deck (in the rules' own spelling of its cards: a file may spell them otherwise)."""
    entry: dict[str, Any] = {"ruleset": game.ruleset.id, "options": dict(game.options)}
    if game.deal_number is not None:
        entry["deal"] = game.deal_number
    else:
        entry["deck"] = " ".join(game.deck)
    return entry


def _kept(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """The deals watched, as the profile keeps them; none where the list does not read
    (edited by hand): it says nothing of any deal, and the next watch writes it anew
    (read as a damaged file, it was said as "a game could not be saved", in English)."""
    text = profile_value(conn, WATCHED_KEY)
    try:
        value = read_json(text, "the deals watched") if text is not None else []
    except sqlite3.DatabaseError as e:
        log.warning("records: %s", e)
        return []
    if not isinstance(value, list):
        return []
    # an entry of any other shape (the file edited by hand) says nothing of any deal
    return [e for e in value if isinstance(e, dict) and ("deal" in e or "deck" in e)]


def note_watched(conn: sqlite3.Connection, game: Game) -> None:
    """Keep the deal of `game` (a replay's, watched) among those watched, once, the
    latest watched last, with when it was first watched."""
    entry = dealt(game)
    with transaction(conn, durable=False):
        kept, first = [], now_iso()
        for e in _kept(conn):
            if {**e, "at": None} == {**entry, "at": None}:
                # watched again: since it was first (a game ended between the two
                # watches had the first's help, and the second's time wiped it)
                first = min(first, e["at"]) if isinstance(e.get("at"), str) else first
            else:
                kept.append(e)
        kept = [*kept, {**entry, "at": first}][-MOST_KEPT:]
        set_profile_value(conn, WATCHED_KEY, json.dumps(kept, separators=(",", ":")))


def deal_watched(conn: sqlite3.Connection, game: Game, before: str | None = None) -> bool:
    """Whether a replay watched here dealt `game`'s cards to the same places, in
    whichever ruleset lays them out alike (see GameLog._same_deal); `before`: first
    watched before that time (a game's end, where its place is judged: a watch in
    another window while its initials were asked took its place away, unsaid)."""
    deck = " ".join(game.deck)
    for entry in _kept(conn):
        when = entry.get("at")
        if before is not None and isinstance(when, str) and when >= before:
            continue
        same = entry["deal"] == game.deal_number if "deal" in entry else entry["deck"] == deck
        options, deal = entry.get("options"), entry.get("deal")
        if same and laid_out_alike(game, entry.get("ruleset"), options, deal):
            return True
    return False
