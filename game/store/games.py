"""Every game played, one row each, written after every player action."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from game.rules import Game, ReplayError, ReplayMoveError, RulesError, rulesets
from game.store.database import check_numbers, read_json, transaction
from game.store.saved import (
    ARCADE,
    BY_HELP_BEFORE,
    BY_TOLD_BEFORE,
    DAILY,
    FREE,
    NOT_THE_SOLVERS,
    GameFacts,
    canonical_options,
    cut_seconds,
    now_iso,
    restore,
    to_saved_replay,
    wish_counts,
)
from game.store.stats import IN_PLAY_SQL, PLAYED_SQL

# SQLite's largest integer: row ids and limits past it are refused by SQLite itself
LARGEST_ID = (1 << 63) - 1
# among the newest hundred games (by id, which is indexed): a game continued after more
# than a hundred others were begun is passed by, where a scan of every game is not
# of the last so many games only: a kiosk's records hold 200,000
LATEST_OPTIONS_OF = 1000
LATEST_OPTIONS_SQL = """SELECT ruleset, options FROM (
        SELECT ruleset, options, updated_at, id FROM games WHERE mode != ?
        ORDER BY id DESC LIMIT ?
    ) ORDER BY updated_at, id"""
LATEST_PLAYED_SQL = """SELECT * FROM (
        SELECT * FROM games WHERE mode != ? ORDER BY id DESC LIMIT 100
    ) ORDER BY updated_at DESC, id DESC LIMIT 1"""
# a game that had the solver's help (GameFacts.solver_helped: its first help, which the
# replay's meta keeps, is not one of NOT_THE_SOLVERS)
SOLVER_HELPED = f"""assisted AND COALESCE(json_extract(replay, '$.meta.assisted_by'), '')
    NOT IN ({", ".join(f"'{by}'" for by in NOT_THE_SOLVERS)})"""
# a game whose top bar turned from "Can be won" to "No win possible" after a move (the
# flip its meta keeps), unless a fortune kept the verdict unsaid (its wish counting: no
# help, the deal new to it). The same deal dealt again used that verdict as a Restart
# past it does: give up, deal again, and step by step the solver's line was walked. So
# did a move said to make a lost deal's best worse (the position its meta keeps)
TOLD_LOST = """(json_extract(replay, '$.meta.flip') IS NOT NULL
    OR json_extract(replay, '$.meta.worse') IS NOT NULL) AND NOT (
    COALESCE(json_extract(replay, '$.meta.fortune'), 0)
    AND NOT COALESCE(json_extract(replay, '$.meta.fortune_replayed'), 0) AND NOT assisted)"""
# a game in which a move was made, whether or not it was taken back (Restart is an undo)
MOVED = PLAYED_SQL
DAILY_IN_PLAY = f"(mode = '{DAILY}' AND {IN_PLAY_SQL})"
# the game that ended last but for one mode (read through the index games_finished)
LATEST_FINISHED_SQL = """SELECT * FROM games WHERE outcome IS NOT NULL AND mode != ?
ORDER BY finished_at DESC, id DESC LIMIT 1"""


# of each deal, the best games a salvaged file's tables are made again from: the best
# may stay out (help had on the deal before it), and the next in line takes its place
DEAL_TRIES = 5
LATER_THAN_ANY_TIME = "9999"  # past every ISO time a game is begun or ended at
NO_VERDICT = "no verdict"  # a fortune's, where its verdict does not count


@dataclass(frozen=True)
class GameRow:
    id: int
    ruleset: str
    options: dict[str, Any]
    deal: int | None
    mode: str
    arcade_run: int | None
    started_at: str
    finished_at: str | None
    seconds: float
    moves: int
    undos: int
    hints: int
    assisted: bool
    fortune: bool
    fortune_replayed: bool
    outcome: str | None
    remaining_cards: int
    remaining_points: int
    replay: dict[str, Any]

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    @property
    def wish_counts(self) -> bool:
        return wish_counts(self.fortune, self.fortune_replayed, self.assisted)

    @property
    def stuck(self) -> bool:
        """Ended where no sequence of moves led anywhere (its results said "stuck"),
        given up from the game's own offer: not a give-up of the player's choosing."""
        meta = self.replay.get("meta")
        return isinstance(meta, dict) and meta.get("stuck") is True

    @property
    def deal_hidden(self) -> bool:
        """An arcade level's game not yet over: its deal's number, hidden at its table,
        is shown nowhere (with it, `solve` gave the level's winning line)."""
        return self.mode == ARCADE and self.outcome is None

    def up_to_the_damage(self, error: ReplayError) -> tuple[GameRow, tuple[Game, GameFacts]] | None:
        """This unfinished game up to the move its record cannot replay (`error`), if a
        move before it does, and that game restored: one damaged move lost the whole
        game, moves and all."""
        if not isinstance(error, ReplayMoveError) or error.number < 2:
            return None
        moves = self.replay.get("moves")
        if not isinstance(moves, list):
            return None
        replay = dict(self.replay, moves=moves[: error.number - 1])
        meta = replay.get("meta")
        if isinstance(meta, dict):  # the moves taken back were after the damage too
            replay["meta"] = {k: v for k, v in meta.items() if k != "redo"}
        try:
            restored = restore(replay, self.id)
        except ReplayError:
            return None
        # the figures the Continue panel shows are the cut game's (it said 5 moves of 2)
        game, _facts = restored
        score = game.score
        row = replace(
            self,
            replay=replay,
            moves=game.moves_made,
            remaining_cards=score.remaining_cards,
            remaining_points=score.remaining_points,
        )
        return row, restored

    @property
    def wish(self) -> str | None:
        """A fortune's answer to its wish (None: not played as one): "comes true", "does
        not come true", "no verdict" (its cards seen before they came, or the solver's
        help), or "not told yet" while it is played."""
        if not self.fortune:
            return None
        if not self.wish_counts:
            return NO_VERDICT
        if self.outcome is None:
            return "not told yet"
        return "comes true" if self.won else "does not come true"

    @classmethod
    def from_sql(cls, row: sqlite3.Row) -> GameRow:
        """The row as the game reads it; sqlite3.DatabaseError when a column holds what
        the game never writes there (the file edited by hand)."""
        where = f"game {row['id']}"
        figures = ("seconds", "moves", "undos", "hints", "remaining_cards", "remaining_points")
        check_numbers(row, figures, where)
        options, replay = read_json(row["options"], where), read_json(row["replay"], where)
        if not isinstance(options, dict) or not isinstance(replay, dict):
            raise sqlite3.DatabaseError(f"{where} is damaged: its options or replay")
        return cls(
            id=row["id"],
            ruleset=row["ruleset"],
            options=options,
            deal=row["deal"],
            mode=row["mode"],
            arcade_run=row["arcade_run"],
            started_at=row["started_at"],
            finished_at=row["finished_at"],
            seconds=row["seconds"],
            moves=row["moves"],
            undos=row["undos"],
            hints=row["hints"],
            assisted=bool(row["assisted"]),
            fortune=bool(row["fortune"]),
            fortune_replayed=bool(row["fortune_replayed"]),
            outcome=row["outcome"],
            remaining_cards=row["remaining_cards"],
            remaining_points=row["remaining_points"],
            replay=replay,
        )


def laid_out_alike(game: Game, ruleset: object, options: object, deal: int | None) -> bool:
    """Whether `ruleset` with `options` lays out deal `deal`, or with none `game`'s own
    deck, to the same places as `game` is dealt (see GameLog._same_deal). False for a
    ruleset or options this version does not have, or a deck of another kind."""
    if not isinstance(ruleset, str) or not isinstance(options, dict):
        return False
    try:
        if deal is not None:
            other = Game(ruleset, options, deal=deal)
        else:
            other = Game(ruleset, options, deck=game.deck)
    except (RulesError, TypeError, ValueError):
        return False
    return other.initial_state.piles == game.initial_state.piles


class GameLog:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        # the deal's checks look at the games begun before this time (see as_of)
        self._begun_before = LATER_THAN_ANY_TIME

    @property
    def moment(self) -> str:
        """The time the deal's checks stand at (see as_of): LATER_THAN_ANY_TIME, now."""
        return self._begun_before

    @contextmanager
    def as_of(self, moment: str) -> Iterator[None]:
        """The deal's checks (_same_deal) as they stood at `moment` (a game's end, as
        its table place was judged then): a salvaged file's tables made again judged a
        game by later ones (a daily at place 1, its number played after as a free
        game, lost its place)."""
        before, self._begun_before = self._begun_before, moment
        try:
            yield
        finally:
            self._begun_before = before

    def save(self, game: Game, facts: GameFacts) -> int:
        """Write the game as it stands, in one transaction; gives (and remembers) its row id."""
        score = game.score
        outcome = game.outcome
        now = now_iso()
        values = {
            "ruleset": game.ruleset.id,
            "options": canonical_options(game.options),
            "deal": game.deal_number,
            "mode": facts.mode,
            "arcade_run": facts.arcade_run,
            "started_at": facts.started_at,
            "updated_at": now,
            "finished": now if outcome is not None else None,
            "seconds": cut_seconds(facts.seconds, 3),
            "moves": game.moves_made,
            "undos": game.undo_count,
            "hints": facts.hints,
            "assisted": int(facts.assisted),
            "fortune": int(facts.fortune),
            "fortune_replayed": int(facts.fortune_replayed),
            "outcome": str(outcome) if outcome is not None else None,
            "remaining_cards": score.remaining_cards,
            "remaining_points": score.remaining_points,
            "replay": json.dumps(to_saved_replay(game, facts), separators=(",", ":")),
        }
        new_id = None
        with transaction(self.conn, durable=outcome is not None):
            updated = 0
            if facts.record_id is not None:
                # finished_at keeps the first end; an undo after the end reopens the game
                updated = self.conn.execute(
                    """UPDATE games SET updated_at = :updated_at,
                        finished_at = CASE WHEN :outcome IS NULL THEN NULL
                                      ELSE COALESCE(finished_at, :finished) END,
                        seconds = :seconds, moves = :moves, undos = :undos, hints = :hints,
                        assisted = :assisted, fortune_replayed = :fortune_replayed,
                        outcome = :outcome, remaining_cards = :remaining_cards,
                        remaining_points = :remaining_points, replay = :replay
                    WHERE id = :id AND ruleset = :ruleset AND started_at = :started_at""",
                    values | {"id": facts.record_id},
                ).rowcount
            # a new game, or one whose row is gone: its file was removed, or replaced (a
            # backup put back, another window's salvage), where its id may be another
            # game's, which was written over, half one game and half the other
            if not updated:
                cursor = self.conn.execute(
                    """INSERT INTO games (ruleset, options, deal, mode, arcade_run, started_at,
                        updated_at, finished_at, seconds, moves, undos, hints, assisted, fortune,
                        fortune_replayed, outcome, remaining_cards, remaining_points, replay)
                    VALUES (:ruleset, :options, :deal, :mode, :arcade_run, :started_at,
                        :updated_at, :finished, :seconds, :moves, :undos, :hints, :assisted,
                        :fortune, :fortune_replayed, :outcome, :remaining_cards,
                        :remaining_points, :replay)""",
                    values,
                )
                assert cursor.lastrowid is not None
                new_id = cursor.lastrowid
        if new_id is not None:  # only once stored: a failed commit leaves the game new
            facts.record_id = new_id
        return facts.record_id

    def forget_unplayed(self, record_id: int) -> bool:
        """Delete the row of a free game left before its first move (none made, none
        taken back, no hint asked); whether there was one."""
        with transaction(self.conn):
            return (
                self.conn.execute(
                    f"""DELETE FROM games WHERE id = ? AND outcome IS NULL AND NOT {PLAYED_SQL}
                    AND hints = 0 AND mode = ? AND arcade_run IS NULL""",
                    (record_id, FREE),
                ).rowcount
                > 0
            )

    def get(self, record_id: int) -> GameRow | None:
        if not 0 <= record_id <= LARGEST_ID:
            return None  # no such row, and SQLite cannot take the number
        row = self.conn.execute("SELECT * FROM games WHERE id = ?", (record_id,)).fetchone()
        return GameRow.from_sql(row) if row else None

    def unfinished(
        self, arcade_run: int | None = None, table: tuple[str, dict[str, Any]] | None = None
    ) -> sqlite3.Cursor:
        """The games left in play (IN_PLAY_SQL), the latest first, as rows to read
        one by one (see Records.unfinished). With `arcade_run`, that run's games in
        play, moves made or not; with `table` (a ruleset and its options), the free
        games of that table only."""
        params: tuple[object, ...] = ()
        if arcade_run is not None:
            sql = "SELECT * FROM games WHERE outcome IS NULL AND arcade_run = ?"
            params = (arcade_run,)
        elif table is not None:
            sql = f"""SELECT * FROM games WHERE {IN_PLAY_SQL} AND ruleset = ?
                AND options = ? AND mode = ? AND arcade_run IS NULL"""
            params = (table[0], canonical_options(table[1]), FREE)
        else:
            sql = f"SELECT * FROM games WHERE {IN_PLAY_SQL}"
        return self.conn.execute(sql + " ORDER BY updated_at DESC, id DESC", params)

    def latest_played(self) -> GameRow | None:
        """The game a move was last made in (or that was last opened), but for arcade
        games (the ladder chose their patience)."""
        row = self.conn.execute(LATEST_PLAYED_SQL, (ARCADE,)).fetchone()
        return GameRow.from_sql(row) if row else None

    def latest_options(self) -> dict[str, dict[str, Any]]:
        """Of each ruleset played among the last LATEST_OPTIONS_OF games (but arcade
        games), the options of its game played last."""
        rows = self.conn.execute(LATEST_OPTIONS_SQL, (ARCADE, LATEST_OPTIONS_OF)).fetchall()
        found: dict[str, dict[str, Any]] = {}
        for ruleset, options in rows:  # the latest last
            try:
                chosen = json.loads(options)
            except (TypeError, ValueError):  # a row edited by hand: passed by
                continue
            if isinstance(chosen, dict):
                found[ruleset] = chosen
        return found

    def latest_finished(self) -> GameRow | None:
        """The game that ended last, but for arcade games (their run is what enters a table)."""
        row = self.conn.execute(LATEST_FINISHED_SQL, (ARCADE,)).fetchone()
        return GameRow.from_sql(row) if row else None

    def best_finished(self, per_table: int) -> list[GameRow]:
        """The finished games that may hold a table's places: of each ruleset, options
        and mode, the best `per_table` deals' best DEAL_TRIES games (a table holds a
        deal once: one deal won 35 times filled the candidates), in the order they
        ended. A salvaged file's tables are made again from them. Chosen here from their
        figures alone, read in one pass: a query ranking them in SQL took 1.5 s of a
        start on a kiosk's 200,000 games, this 0.5 s."""
        figures = self.conn.execute(
            """SELECT id, mode, ruleset, options, deal, remaining_points, remaining_cards,
                seconds FROM games
            WHERE outcome IS NOT NULL AND mode != ? AND assisted = 0 AND deal IS NOT NULL""",
            (ARCADE,),
        ).fetchall()
        tables: dict[tuple[str, str, str], list[tuple[int, float, float, int, int]]] = {}
        for record_id, mode, ruleset, options, deal, points, cards, seconds in figures:
            tables.setdefault((mode, ruleset, options), []).append(
                (points, cards, seconds, deal, record_id)
            )
        chosen: list[int] = []
        for games in tables.values():
            tries: dict[int, int] = {}
            for _points, _cards, _seconds, deal, record_id in sorted(games):
                if deal not in tries and len(tries) == per_table:
                    continue
                if tries.get(deal, 0) < DEAL_TRIES:
                    tries[deal] = tries.get(deal, 0) + 1
                    chosen.append(record_id)
        rows: list[GameRow] = []
        for start in range(0, len(chosen), 500):  # SQLite's bound on a query's values
            some = chosen[start : start + 500]
            marks = ", ".join("?" * len(some))
            found = self.conn.execute(f"SELECT * FROM games WHERE id IN ({marks})", some)
            rows.extend(GameRow.from_sql(row) for row in found)
        return sorted(rows, key=lambda row: (row.finished_at or "", row.id))

    def history(self, ruleset: str | None = None, limit: int | None = None) -> sqlite3.Cursor:
        """Games, the newest first, as rows to read one by one (see Records.history).

        A deal left before its first move (none made, none taken back) is no game
        played: its row stays (a hint asked there keeps the deal out of the tables)
        but is not listed, where it stood "in play" for ever."""
        sql = f"SELECT * FROM games WHERE (outcome IS NOT NULL OR {PLAYED_SQL})"
        params: list[object] = []
        if ruleset is not None:
            sql += " AND ruleset = ?"
            params.append(ruleset)
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(min(limit, LARGEST_ID))  # a larger limit is no limit
        return self.conn.execute(sql, params)

    def recent_points(
        self, ruleset: str, count: int = 30, options: dict[str, Any] | None = None
    ) -> list[int]:
        """Remaining points of the last `count` finished games of a ruleset, oldest
        first; with `options`, of games played with those options only (a score with
        three passes is no measure of one with one)."""
        sql = "SELECT remaining_points FROM games WHERE ruleset = ? AND outcome IS NOT NULL"
        params: list[object] = [ruleset]
        if options is not None:
            sql += " AND options = ?"
            params.append(canonical_options(options))
        sql += " ORDER BY finished_at DESC, id DESC LIMIT ?"
        rows = self.conn.execute(sql, [*params, count]).fetchall()
        return [r[0] for r in reversed(rows)]

    def deal_played_before(self, game: Game, except_id: int | None = None) -> bool:
        """Whether another game dealt these cards to the same places and a move was made
        in it (taken back since too: its stock seen, then undone to the deal, the day's
        game of the deal entered its table at place 1)."""
        return self._same_deal(game, except_id, MOVED)

    def daily_in_play_alike(self, game: Game, except_id: int | None = None) -> bool:
        """Whether a day's game that dealt these cards alike, in whichever options, is in
        play: a game of them now keeps it out of its table when it ends (see
        ScoreKeeping.practised)."""
        return self._same_deal(game, except_id, DAILY_IN_PLAY)

    def deal_played_in(self, game: Game, except_id: int | None = None) -> set[str]:
        """The rulesets whose games dealt these cards alike and made a move in it (see
        deal_played_before)."""
        return self._same_deal_in(game, except_id, MOVED)

    def deal_practised(self, game: Game, except_id: int | None = None) -> bool:
        """Whether a game outside the arcade dealt these cards to the same places and a
        move was made in it: an arcade level's deal is drawn at random, and only its
        number typed (read from the records file while it waits) deals it again."""
        return self._same_deal(game, except_id, f"{MOVED} AND mode != '{ARCADE}'")

    def deal_assisted_before(self, game: Game, except_id: int | None = None) -> bool:
        return self.deal_help_before(game, except_id) is not None

    def deal_help_before(self, game: Game, except_id: int | None = None) -> str | None:
        """The solver's help another game that dealt these cards to the same places had,
        or None: BY_HELP_BEFORE where its player has seen the solver's moves for this
        very deal (a seen stock card put back, or a level's deal practised, marks a game
        assisted too, but is no help of the solver's), BY_TOLD_BEFORE where the top bar
        said where its line was lost."""
        if self._same_deal(game, except_id, SOLVER_HELPED):
            return BY_HELP_BEFORE
        if self._same_deal(game, except_id, TOLD_LOST):
            return BY_TOLD_BEFORE
        return None

    def deal_helped_in(self, game: Game, except_id: int | None = None) -> set[str]:
        """The rulesets whose games of this deal had the help deal_help_before finds:
        a player who had it in one Egyptian patience was told, at the other's first
        deal, that "this deal was played with the solver's help before"."""
        return self._same_deal_in(game, except_id, SOLVER_HELPED) | self._same_deal_in(
            game, except_id, TOLD_LOST
        )

    def _same_deal(self, game: Game, except_id: int | None, such: str) -> bool:
        return bool(self._same_deal_in(game, except_id, such, first_only=True))

    def _same_deal_in(
        self, game: Game, except_id: int | None, such: str, first_only: bool = False
    ) -> set[str]:
        """The rulesets of the games other than `except_id`, begun at any time, that
        dealt the same position and are `such` (an SQL condition of this module's own,
        never a caller's text); with `first_only`, the first one found.

        The same position, in whichever ruleset: a deal number shuffles each kind of deck
        one way for every ruleset, so Сбудется and От нечего делать with its defaults lay
        out one number alike, and so do the two Egyptian rulesets: practice, help or a
        fortune told with one is with the other. Laid out otherwise (Pyramid 36, Devil's
        Bridge's nine piles, a King for base) the same cards make another deal, and each
        patience's deal of the day, one number for all of them, stands on its own: a day
        of dailies lost four of the seven to the first one played. A given deck is
        matched by its cards and then its layout."""
        deck = " ".join(game.deck)
        known = tuple(rulesets())  # a ruleset this version lacks deals no cards here
        rulesets_sql = ", ".join("?" * len(known))

        # the deal's number and a given deck's none, asked apart: "deal IS NULL OR
        # deal = ?" left the index at the ruleset, and every game of it was read (12 ms
        # a call with 100,000 games, where 0.1 ms so; a few calls at each deal and end)
        def games_whose(deal: str) -> str:
            return f"""SELECT ruleset, options, deal, replay FROM games
            WHERE ruleset IN ({rulesets_sql}) AND {deal} AND {such} AND id IS NOT ?
            AND started_at < ?"""

        before = self._begun_before
        rows = self.conn.execute(
            f"{games_whose('deal = ?')} UNION ALL {games_whose('deal IS NULL')}",
            (*known, game.deal_number, except_id, before, *known, except_id, before),
        )
        found: set[str] = set()
        for row in rows:
            try:
                options = read_json(row["options"], "a game's options")
                replay = None if row["deal"] is not None else read_json(row["replay"], "replay")
            except sqlite3.DatabaseError:
                continue  # damaged (see GameRow.from_sql): it says nothing of any cards
            if replay is not None and (not isinstance(replay, dict) or replay.get("deck") != deck):
                continue  # other cards
            if laid_out_alike(game, row["ruleset"], options, row["deal"]):
                found.add(row["ruleset"])
                if first_only:
                    break
        return found

    def days_played(self, ruleset: str, options: dict[str, Any], since: int) -> list[int]:
        """The days (deal numbers from `since` on) whose daily game of a ruleset and
        options was played to its end, with a move made (given up at its deal, it was
        said to stay out of the table, and counted as a day played)."""
        rows = self.conn.execute(
            """SELECT DISTINCT deal FROM games WHERE mode = ? AND ruleset = ? AND options = ?
            AND deal >= ? AND outcome IS NOT NULL AND moves > 0""",
            (DAILY, ruleset, canonical_options(options), since),
        )
        return [row[0] for row in rows]

    def daily(self, ruleset: str, options: dict[str, Any], day: int) -> GameRow | None:
        """The day's daily game of a ruleset and options: the first one started, if any."""
        row = self.conn.execute(
            """SELECT * FROM games WHERE mode = ? AND ruleset = ? AND options = ? AND deal = ?
            ORDER BY id LIMIT 1""",
            (DAILY, ruleset, canonical_options(options), day),
        ).fetchone()
        return GameRow.from_sql(row) if row else None
