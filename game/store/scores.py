"""High-score tables: the top ten of a ruleset and its options, of the daily deals, of the arcade.

Fewer remaining points are better, then fewer remaining cards, then less time, then
fewer moves; on the arcade board more levels cleared come first. Every entry holds the replay
that proves it, and is verified (the moves re-run, the claim compared)
before it is stored, and again, once a session, as its table is read.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ladder import Ladder, load_ladder
from game.rules import LevelError, ReplayError
from game.store.database import check_numbers, read_json, transaction
from game.store.proof import run_progress, verify
from game.store.saved import ARCADE, FREE, canonical_options, now_iso

log = logging.getLogger(__name__)

TOP = 10
# a place's initials where no one's are known: a kiosk's hidden or not asked for, a
# salvaged file's lost with its damage
NO_INITIALS = "---"


@dataclass(frozen=True)
class TableKey:
    """Which table: a board, and the ruleset (the ladder's id for the arcade) with its options."""

    board: str
    ruleset: str
    options: str  # canonical JSON

    @classmethod
    def of(cls, board: str, ruleset: str, options: dict[str, Any]) -> TableKey:
        return cls(board, ruleset, canonical_options(options))


def _options_read(text: object) -> bool:
    """Whether a table's options read as options: a JSON object."""
    try:
        return isinstance(text, str) and isinstance(json.loads(text), dict)
    except (ValueError, RecursionError):  # nested past Python's reach, edited by hand
        return False


@dataclass(frozen=True)
class Figures:
    """What a table compares."""

    remaining_points: int
    remaining_cards: int
    seconds: float
    moves: int
    levels: int = 0

    def order(self) -> tuple[int, int, int, int, int]:
        # points first, then the cards they are in (a King's 13 left beats a 6 and a 7),
        # then the time, then the moves
        return (
            -self.levels,
            self.remaining_points,
            self.remaining_cards,
            int(self.seconds * 1000),  # whole ms, cut as SQLite's CAST cuts them
            self.moves,
        )


@dataclass(frozen=True)
class ScoreEntry:
    id: int
    initials: str
    figures: Figures
    deal: int | None
    created_at: str
    replay: Any  # a replay; on the arcade board {"ladder": id, "games": [replays]}
    game_id: int | None
    arcade_run: int | None


# Figures.order() in SQL, with the earlier entry first on a tie (held to each other by
# tests/store/test_scores.py's test_positions_agree_with_the_table_order). Times are cut
# to whole milliseconds alike on both sides: Python's round and SQLite's ROUND part on
# halves (3.4835), and a player was told "place 1" and shown second
ORDER_SQL = (
    "levels DESC, remaining_points, remaining_cards, CAST(seconds * 1000 AS INTEGER), moves, id"
)


class ScoreRefused(Exception):
    """An entry whose replay does not prove its figures: it is never stored."""


class ScoreTables:
    def __init__(
        self, conn: sqlite3.Connection, on_damaged: Callable[[str], None] | None = None
    ) -> None:
        self.conn = conn
        # a damaged entry is passed over, and said here: one row edited by hand must
        # not empty the whole table
        self.on_damaged = on_damaged or (lambda what: log.warning("records: %s", what))
        # what each entry's replay was found to prove, by the row as read: its replay is
        # run once a session, not at every look at the table (a few ms a game)
        self._proofs: dict[tuple[object, ...], str | None] = {}
        # the ladders runs were stored on this session, by id, besides the game's own
        self._ladders: dict[str, Ladder] = {}

    def top(self, key: TableKey, count: int = TOP) -> list[ScoreEntry]:
        """The table's best entries, best first. The free table shows a deal once, at
        its best: one deal learnt by heart and played again and again filled it."""
        rows = self.conn.execute(
            f"""SELECT * FROM scores WHERE board = ? AND ruleset = ? AND options = ?
            ORDER BY {ORDER_SQL}""",
            (key.board, key.ruleset, key.options),
        )
        entries: list[ScoreEntry] = []
        deals: set[int | None] = set()
        for row in rows:
            try:
                entry = _entry(row)
            except sqlite3.DatabaseError as e:
                self.on_damaged(str(e))
                continue
            unproven = self._unproven(key, entry, row["replay"])
            if unproven is not None:
                self.on_damaged(f"score {entry.id} is damaged: {unproven}")
                continue
            if key.board == FREE and entry.deal is not None:
                if entry.deal in deals:
                    continue
                deals.add(entry.deal)
            entries.append(entry)
            if len(entries) == count:
                break
        return entries

    def _unproven(self, key: TableKey, entry: ScoreEntry, replay_text: str) -> str | None:
        """What the entry's figures claim that its replay does not prove, or None. Each
        entry is verified before it is stored; a row edited by hand since (a forged
        score, a better time or fewer moves) stood first in the table all the same."""
        memo = (entry.id, replay_text, entry.figures, entry.deal)
        if memo not in self._proofs:
            if key.board == ARCADE:
                self._proofs[memo] = self._run_proof_problem(key, entry)
            else:
                self._proofs[memo] = _proof_problem(key, entry)
        return self._proofs[memo]

    def _run_proof_problem(self, key: TableKey, entry: ScoreEntry) -> str | None:
        """What an arcade run's entry claims beyond its games (see _unproven), checked
        against the ladder it names: a row put in by hand stood first, 99 levels of a
        ladder of 9 and no game played, in the table a kiosk shows passers-by."""
        ladder = self._ladders.get(key.ruleset)
        if ladder is None:
            try:
                ladder = load_ladder()
            except LevelError:
                return None  # no ladder to check against: said where the arcade is opened
        if ladder.id != key.ruleset:
            return f"it is a run of a ladder this game has not ('{key.ruleset}')"
        try:
            proved = run_progress(ladder, entry.replay)
        except ReplayError as e:
            return f"its replay does not prove it ({e})"
        figures = Figures(proved.points, proved.cards, 0.0, proved.moves, levels=proved.level)
        # a Give up counted as a move by older versions: one for each game the run lost
        return _figures_problem(figures, entry.figures, proved.games - proved.level)

    def position(self, key: TableKey, figures: Figures, deal: int | None = None) -> int | None:
        """Where these figures would enter the table (1 is the top), or None if they would not.

        A tie goes below the entries already there: they were first. On the free table a
        deal already there is beaten or kept: the better of the two stays.
        """
        entries = self.top(key)
        if key.board == FREE and deal is not None:
            same = next((e for e in entries if e.deal == deal), None)
            if same is not None and same.figures.order() <= figures.order():
                return None
            entries = [e for e in entries if e.deal != deal]
        ahead = sum(1 for e in entries if e.figures.order() <= figures.order())
        return ahead + 1 if ahead < TOP else None

    def has_entry(self, *, game_id: int | None = None, arcade_run: int | None = None) -> bool:
        """Whether some table holds an entry of this game, or of this arcade run."""
        row = self.conn.execute(
            """SELECT 1 FROM scores WHERE (game_id = :game AND :game IS NOT NULL)
            OR (arcade_run = :run AND :run IS NOT NULL) LIMIT 1""",
            {"game": game_id, "run": arcade_run},
        ).fetchone()
        return row is not None

    def initials_of(self, game_id: int) -> str | None:
        """The initials this game's entry was put under, if some table holds it."""
        row = self.conn.execute(
            "SELECT initials FROM scores WHERE game_id = ? ORDER BY id LIMIT 1", (game_id,)
        ).fetchone()
        return str(row["initials"]) if row is not None else None

    def run_initials_of(self, run_id: int) -> str | None:
        """The initials this arcade run's entry was put under, if the table holds it."""
        row = self.conn.execute(
            "SELECT initials FROM scores WHERE arcade_run = ? ORDER BY id LIMIT 1", (run_id,)
        ).fetchone()
        return str(row["initials"]) if row is not None else None

    def best(self, key: TableKey) -> ScoreEntry | None:
        entries = self.top(key, 1)
        return entries[0] if entries else None

    def tables(self, ruleset: str | None = None) -> list[TableKey]:
        """The tables that hold at least one entry (of `ruleset`'s, if named)."""
        rows = self.conn.execute(
            """SELECT DISTINCT board, ruleset, options FROM scores
            WHERE (:ruleset IS NULL OR ruleset = :ruleset)
            ORDER BY board, ruleset, options""",
            {"ruleset": ruleset},
        )
        keys = []
        for row in rows:
            key = TableKey(*row)
            if _options_read(key.options):
                keys.append(key)
            else:  # edited by hand: its rows are of no table this version can show
                self.on_damaged(f"the {key.board} table of {key.ruleset} is damaged: its options")
        return keys

    def add(
        self,
        key: TableKey,
        initials: str,
        replay: dict[str, Any],
        *,
        game_id: int | None = None,
        seconds: float,
        ladder: Ladder | None = None,
        arcade_run: int | None = None,
        dated: str | None = None,
    ) -> int | None:
        """Verify the replay, then store the entry, `dated` as the game ended (else now);
        returns its position, None if it missed.

        Raises ScoreRefused when the replay does not prove what it claims.
        """
        if key.board == ARCADE:
            assert ladder is not None
            self._ladders[ladder.id] = ladder
            figures, deal = _arcade_figures(ladder, replay, seconds), None
        else:
            figures, deal = _game_figures(key, replay, seconds)
        place = self.position(key, figures, deal)
        if place is None:
            return None
        with transaction(self.conn):
            # entered already, by another window (see Records.enter_missed_scores): a game
            # is in a table once
            if self.has_entry(game_id=game_id, arcade_run=arcade_run):
                return None
            self.conn.execute(
                """INSERT INTO scores (board, ruleset, options, deal, initials, levels,
                    remaining_cards, remaining_points, seconds, moves, game_id, arcade_run,
                    replay, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    key.board,
                    key.ruleset,
                    key.options,
                    deal,
                    initials,
                    figures.levels,
                    figures.remaining_cards,
                    figures.remaining_points,
                    figures.seconds,
                    figures.moves,
                    game_id,
                    arcade_run,
                    json.dumps(replay, separators=(",", ":")),
                    dated or now_iso(),
                ),
            )
        return place


def _game_figures(key: TableKey, replay: dict[str, Any], seconds: float) -> tuple[Figures, int]:
    try:
        game = verify(replay)
    except ReplayError as e:
        raise ScoreRefused(str(e)) from e
    if game.ruleset.id != key.ruleset or canonical_options(game.options) != key.options:
        raise ScoreRefused("the replay is of another ruleset or other options than the table")
    if game.outcome is None:
        raise ScoreRefused("the replay's game is not over")
    if game.deal_number is None:
        raise ScoreRefused("only numbered deals enter a table")
    score = game.score
    return Figures(score.remaining_points, score.remaining_cards, seconds, game.moves_made), (
        game.deal_number
    )


def _arcade_figures(ladder: Ladder, replay: dict[str, Any], seconds: float) -> Figures:
    """The run's figures, each game verified and checked to be the level the run was on."""
    try:
        state = run_progress(ladder, replay)
    except ReplayError as e:
        raise ScoreRefused(str(e)) from e
    return Figures(state.points, state.cards, seconds, state.moves, levels=state.level)


def _proof_problem(key: TableKey, entry: ScoreEntry) -> str | None:
    """What a game's entry claims beyond its replay (see ScoreTables._unproven): its
    points, cards, levels, moves and deal; or None. Its time is the game's own clock,
    which no replay proves."""
    try:
        proved, deal = _game_figures(key, entry.replay, entry.figures.seconds)
    except ScoreRefused as e:
        return f"its replay does not prove it ({e})"
    if deal != entry.deal:
        return "its figures are not its replay's"
    return _figures_problem(proved, entry.figures, 1)


def _figures_problem(proved: Figures, claimed: Figures, give_ups: int) -> str | None:
    """What the figures claimed say beyond those proved (its time aside, which no
    replay proves), or None. Up to `give_ups` moves more are taken: versions before 2
    December 2026 counted a Give up as a move, and their honest entries vanished (more
    moves rank lower: no gain)."""
    same = (proved.remaining_points, proved.remaining_cards, proved.levels) == (
        claimed.remaining_points,
        claimed.remaining_cards,
        claimed.levels,
    )
    if not same or not proved.moves <= claimed.moves <= proved.moves + give_ups:
        return "its figures are not its replay's"
    return None


def _entry(row: sqlite3.Row) -> ScoreEntry:
    """The row as the tables read it; sqlite3.DatabaseError when a column holds what
    the game never writes there (the file edited by hand)."""
    where = f"score {row['id']}"
    check_numbers(row, ("remaining_points", "remaining_cards", "seconds", "moves", "levels"), where)
    initials, replay = row["initials"], read_json(row["replay"], where)
    if not isinstance(initials, str) or not initials.isprintable():
        raise sqlite3.DatabaseError(f"{where} is damaged: initials {initials!r}")
    if not isinstance(replay, dict) or not isinstance(row["created_at"], str):
        raise sqlite3.DatabaseError(f"{where} is damaged: its replay or date")
    for name in ("deal", "game_id", "arcade_run"):
        if row[name] is not None and not isinstance(row[name], int):
            raise sqlite3.DatabaseError(f"{where} is damaged: {name} {row[name]!r}")
    figures = Figures(
        row["remaining_points"], row["remaining_cards"], row["seconds"], row["moves"], row["levels"]
    )
    return ScoreEntry(
        row["id"],
        row["initials"],
        figures,
        row["deal"],
        row["created_at"],
        replay,
        row["game_id"],
        row["arcade_run"],
    )
