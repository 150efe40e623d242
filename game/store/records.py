"""The player's records, as the game uses them: one object over the database.

Reads and writes never raise (see game.store.guarded): a failure is said once and
the game goes on. A write that failed is made again at the next save, or when the
app retries (see game.store.pending).
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from game.ladder import Ladder
from game.rules import Game, ReplayError, rulesets
from game.store.arcade import ArcadeRuns, Run
from game.store.database import (
    CANNOT_CONTINUE,
    CUT_SHORT,
    FILE_NAME,
    IN_MEMORY,
    READ_FAILED,
    RULES_MISSING,
    UNFINISHED_DAMAGED,
    Opened,
    Problem,
    in_memory,
    open_database,
    transaction,
)
from game.store.games import GameLog, GameRow
from game.store.guarded import GuardedFile
from game.store.holds import GameHolds
from game.store.pending import PendingWrites
from game.store.saved import (
    ARCADE,
    DAILY,
    FREE,
    GameFacts,
    exported,
    restore,
    to_saved_replay,
)
from game.store.scores import Figures, ScoreEntry, ScoreRefused, ScoreTables, TableKey
from game.store.stats import Statistics, in_play, reset_statistics, statistics

log = logging.getLogger(__name__)
T = TypeVar("T")
OPEN_GAMES = "open-games"  # the folder, beside the records file, of the games held

INITIALS_KEY = "initials"


@dataclass(frozen=True)
class MissedEntry:
    """A table place a game or an arcade run earned, entered only when the game was next
    started: it had been closed between the end and the initials."""

    ruleset: str | None  # None: an arcade run
    deal: int | None
    place: int
    initials: str


class Records(GuardedFile):
    def __init__(self, opened: Opened) -> None:
        super().__init__(opened)
        self._passed_over: set[int] = set()  # games that cannot be continued, logged once
        self.pending = PendingWrites()  # made again by retry_pending, and at each save
        # the games open at this process's tables, held against other windows
        self.holds = GameHolds(
            self.path.parent / OPEN_GAMES if self.path else None, self._never_continued
        )
        self.holds.clear()

    @classmethod
    def open(cls, path: Path | None = None, to_write: bool = True) -> Records:
        """The records file in the user data folder (or `path`); never raises. A
        command that only reads says `to_write` = False (see open_database)."""
        if path is None:
            try:
                from game.userdirs import data_dir

                path = data_dir() / FILE_NAME
            except OSError as e:
                problem = Problem(IN_MEMORY, e.strerror or str(e))
                return cls(Opened(in_memory(), None, [problem]))
        return cls(open_database(path, to_write))

    @classmethod
    def memory(cls) -> Records:
        return cls(Opened(in_memory(), None, []))

    def close(self) -> None:
        self.holds.release_all()
        self.conn.close()

    def _attach(self, opened: Opened) -> None:
        super()._attach(opened)
        self.games = GameLog(self.conn)
        self.scores = ScoreTables(self.conn, self._damaged_row)
        self.arcade = ArcadeRuns(self.conn)

    # -- games -----------------------------------------------------------------------

    def save_game(self, game: Game, facts: GameFacts) -> bool:
        """Autosave: the game as it stands, in one transaction. False if it could not:
        then saved again by retry_pending, as it stands then (see PendingWrites). A game
        saved is held for this window (see hold)."""
        if self.pending:
            self.retry_pending()
        key = ("game", id(facts))  # the facts, kept by the write, are the game's own
        saved = self._write("save the game", lambda: self.games.save(game, facts) > 0, False)
        if not saved:
            self.pending.failed(key, lambda: self.save_game(game, facts))
            return False
        self.pending.done(key)
        if facts.record_id is not None:
            self.holds.hold(facts.record_id)
        return True

    def retry_pending(self) -> bool:
        """Make again the writes that failed (see PendingWrites); True when none is left."""
        return self.pending.retry()

    def _never_continued(self, record_id: int) -> bool:
        """Whether a game will never be continued: over, gone, or never played (see
        stats.in_play: a game whose moves were all taken back is still offered)."""
        try:
            row = self.conn.execute(
                "SELECT outcome, moves, undos FROM games WHERE id = ?", (record_id,)
            ).fetchone()
        except sqlite3.Error:
            return False  # unread: its file stays
        return row is None or not in_play(row["outcome"], row["moves"], row["undos"])

    def hold(self, record_id: int) -> bool:
        """Hold a saved game for a table of this window, until the window holds another,
        the game ends or the window closes: False if another window of the game has it
        (it would be played twice, and saved over itself)."""
        return self.holds.hold(record_id)

    def run_open_elsewhere(self, run_id: int) -> bool:
        """Whether another window has a game of this arcade run open."""

        def open_elsewhere() -> bool:
            rows = self.games.unfinished(arcade_run=run_id)
            return any(self.holds.held_elsewhere(row["id"]) for row in rows)

        return self._read("read the games", open_elsewhere, False)

    def release(self, record_id: int | None, finished: bool = False) -> None:
        """Let another window have the game (`finished`: it is over, its file goes)."""
        self.holds.release(record_id, finished)

    def unfinished(
        self, arcade_run: int | None = None, table: tuple[str, dict[str, Any]] | None = None
    ) -> GameRow | None:
        """The game to offer as "Continue": the latest left in play that can go on (of
        an arcade run, or of a table: see GameLog.unfinished). One whose record is
        damaged or whose rules this version lacks is passed over (and said once): it
        would be offered at every start and hide the older ones."""

        def latest() -> GameRow | None:
            rows = self.games.unfinished(arcade_run, table)
            # a row that cannot be read at all: a game the player left, gone from
            # Continue; "some records were skipped" did not say so
            for row in self._rows(rows, damaged=UNFINISHED_DAMAGED):
                if self.holds.held_elsewhere(row.id):
                    continue  # open in another window: it cannot be continued here
                try:
                    restore(row.replay, row.id)
                except ReplayError as e:
                    if row.id not in self._passed_over:  # asked again at each menu
                        self._passed_over.add(row.id)
                        log.warning("records: game %s cannot be continued: %s", row.id, e)
                    kept = row.up_to_the_damage(e)
                    if kept is not None:
                        cut, _restored = kept
                        damaged_at = len(cut.replay["moves"]) + 1
                        self._tell(CUT_SHORT, f"game {row.id}: {e}", (damaged_at,))
                        return cut
                    if row.ruleset not in rulesets():  # its level file was left out
                        self._tell(RULES_MISSING, row.ruleset)
                    else:
                        self._tell(CANNOT_CONTINUE, f"game {row.id}: {e}")
                    continue
                return row
            return None

        return self._read("read the games", latest, None)

    def _rows(self, rows: Iterable[sqlite3.Row], damaged: str = READ_FAILED) -> Iterator[GameRow]:
        """The rows that read; a damaged one is passed over, and said once (as the
        problem `damaged`)."""
        for row in rows:
            try:
                yield GameRow.from_sql(row)
            except sqlite3.DatabaseError as e:
                self._damaged_row(str(e), damaged)

    def _damaged_row(self, what: str, kind: str = READ_FAILED) -> None:
        log.warning("records: %s", what)
        self._tell(kind, what)

    def latest_played(self) -> GameRow | None:
        """The game played last, arcade games passed by (see GameLog.latest_played)."""
        return self._read("read the games", self.games.latest_played, None)

    def give_up(self, game: Game, facts: GameFacts) -> None:
        """A game left in play for a new one of its table, given up where it stands: the
        player was told it counts as a loss, and so it does, for good (it came back to
        Continue once the new game ended). Given up by the game, not by the player's
        Give up, it enters no table (facts.abandoned)."""
        if not game.over:
            game.resign()
        facts.abandoned = True
        self.save_game(game, facts)
        self.release(facts.record_id, finished=True)

    def give_up_left(self, ruleset: str, options: dict[str, Any]) -> None:
        """Every free game of this table left in play, given up (see give_up): Play chose
        a new game there, once asked."""
        for row in self._read("read the games", lambda: list(self._in_play(ruleset, options)), []):
            restored = self.resume(row)
            if restored is not None:
                self.give_up(*restored)

    def give_up_every_left(self) -> int:
        """Every game left in play that no window holds, given up (see give_up); how many.
        A kiosk's games cut short by a crash or a power cut: it has no Continue to end
        them, and they stayed "in play" for good, each with its file of open games."""

        def left() -> list[GameRow]:
            rows = self._rows(self.games.unfinished())
            return [row for row in rows if not self.holds.held_elsewhere(row.id)]

        ended = 0
        for row in self._read("read the games", left, []):
            restored = self.resume(row)
            if restored is not None:
                self.give_up(*restored)
                ended += 1
        return ended

    def _in_play(self, ruleset: str, options: dict[str, Any]) -> Iterator[GameRow]:
        """The free games of a table left in play; one another window has open is in
        play there, not left."""
        rows = self._rows(self.games.unfinished(table=(ruleset, options)))
        return (row for row in rows if not self.holds.held_elsewhere(row.id))

    def left_in_play(self, ruleset: str, options: dict[str, Any]) -> bool:
        """Whether a free game of this table is left in play, which a new game there
        would give up (give_up_left); False when the file cannot be read."""
        return self._read(
            "read the games", lambda: next(self._in_play(ruleset, options), None) is not None, False
        )

    def wish_left_in_play(self, ruleset: str, options: dict[str, Any]) -> bool:
        """Whether a game left in play there (see left_in_play) is a fortune whose wish
        still counts: given up for a new game, that wish will not come true."""

        def counts() -> bool:
            return any(
                row.fortune and not (row.fortune_replayed or row.assisted)
                for row in self._in_play(ruleset, options)
            )

        return self._read("read the games", counts, False)

    def resume(self, row: GameRow) -> tuple[Game, GameFacts] | None:
        """The saved game at its position with its history, or up to a damaged move
        (as unfinished() offers it); None if its replay is unusable."""
        try:
            return restore(row.replay, row.id)
        except ReplayError as e:
            kept = row.up_to_the_damage(e)
            if kept is not None:  # given up by Play as Continue offered it: not offered again
                return kept[1]
            log.warning("records: game %s cannot be resumed: %s", row.id, e)
            return None

    def game(self, record_id: int) -> GameRow | None:
        """One game by its id; None when there is none, or its row is damaged (said)."""
        return self._read("read the games", lambda: self.games.get(record_id), None)

    def entry_initials(self, record_id: int) -> str | None:
        """The initials a game holds its table place under; None if it holds none."""
        return self._read("read the tables", lambda: self.scores.initials_of(record_id), None)

    def history(self, ruleset: str | None = None, limit: int | None = None) -> list[GameRow]:
        return self._read(
            "read the games", lambda: list(self._rows(self.games.history(ruleset, limit))), []
        )

    def recent_points(
        self, ruleset: str, count: int = 30, options: dict[str, Any] | None = None
    ) -> list[int]:
        return self._read(
            "read the games", lambda: self.games.recent_points(ruleset, count, options), []
        )

    def deal_played_before(self, game: Game, except_id: int | None = None) -> bool:
        return self._read(
            "read the games", lambda: self.games.deal_played_before(game, except_id), False
        )

    def deal_assisted_before(self, game: Game, except_id: int | None = None) -> bool:
        return self.deal_help_before(game, except_id) is not None

    def deal_help_before(self, game: Game, except_id: int | None = None) -> str | None:
        """The help another game of this deal had (see Games.deal_help_before), or None."""
        return self._read(
            "read the games", lambda: self.games.deal_help_before(game, except_id), None
        )

    def daily(self, ruleset: str, options: dict[str, Any], day: int) -> GameRow | None:
        return self._read("read the games", lambda: self.games.daily(ruleset, options, day), None)

    # -- statistics ------------------------------------------------------------------

    def statistics(self, ruleset: str) -> Statistics:
        return self._read(
            "read the statistics", lambda: statistics(self.conn, ruleset), Statistics()
        )

    def reset_statistics(self, ruleset: str) -> bool:
        def reset() -> bool:
            reset_statistics(self.conn, ruleset)
            return True

        return self._write("reset the statistics", reset, False)

    # -- high scores -----------------------------------------------------------------

    def tables(self, ruleset: str | None = None) -> list[TableKey]:
        """The tables holding an entry (of one ruleset, or ladder); none when unreadable."""
        return self._read("read the tables", lambda: self.scores.tables(ruleset=ruleset), [])

    def top(self, key: TableKey) -> list[ScoreEntry]:
        """A table's entries, best first; none when the file cannot be read."""
        return self._read("read the tables", lambda: self.scores.top(key), [])

    def practised(self, game: Game, facts: GameFacts) -> bool:
        """A day's deal played in another game (its number typed as a free game, or in a
        patience that lays it out alike, before the daily game or while it waited): that
        game knows it, and stays out of the day's table."""
        return facts.mode == DAILY and self.deal_played_before(game, facts.record_id)

    def table_for(self, game: Game, facts: GameFacts) -> TableKey | None:
        """The table a finished game may enter; None when it may enter none.

        Assisted games stay out, and so do games a kiosk gave up for a player who
        walked away or that were left for a new game, games whose deal the solver played
        in another game at any time,
        given decks (anyone could give an easy one), a day's deal practised in another
        game, and a deal given up before it cleared a card (it was "A new high score!"
        on an empty table, or after one turn of the stock).
        """
        if facts.assisted or game.outcome is None or game.deal_number is None:
            return None
        if facts.abandoned:
            return None  # given up by the game: a kiosk's, or left for a new game
        if not game.cleared_a_card:
            return None
        if self.deal_assisted_before(game, facts.record_id):
            return None  # the solver played this deal in another game (see TableScene)
        if facts.mode == FREE:
            return TableKey.of(FREE, game.ruleset.id, game.options)
        if facts.mode == DAILY and not self.practised(game, facts):
            return TableKey.of(DAILY, game.ruleset.id, game.options)
        return None

    def entry_position(self, game: Game, facts: GameFacts) -> int | None:
        """Where the finished game would enter its table, or None."""
        key = self.table_for(game, facts)
        if key is None:
            return None
        score = game.score
        figures = Figures(
            score.remaining_points, score.remaining_cards, facts.seconds, game.moves_made
        )
        return self._read(
            "read the tables",
            lambda: self.scores.position(key, figures, game.deal_number),
            None,
        )

    def add_game_score(self, game: Game, facts: GameFacts, initials: str) -> int | None:
        """Store the game in its table under these initials; its position, or None."""
        key = self.table_for(game, facts)
        if key is None:
            return None
        replay = exported(to_saved_replay(game, facts))
        replay["meta"]["initials"] = initials
        # dated by the game's end, not the initials': a place missed by a game closed
        # before them is entered at the next start, maybe days later
        row = self.game(facts.record_id) if facts.record_id is not None else None
        ended = row.finished_at if row is not None else None

        def add() -> int | None:
            return self.scores.add(
                key, initials, replay, game_id=facts.record_id, seconds=facts.seconds, dated=ended
            )

        # made again whole, the game's row then saved: its id and end come from it
        return self._refusable(
            add, ("score", id(facts)), lambda: self.add_game_score(game, facts, initials)
        )

    def enter_missed_scores(self, ladder: Ladder | None, initials: str) -> list[MissedEntry]:
        """Enter the places that the last game and the last arcade run earned but never
        got under `initials`: the game was closed, or killed, after its end and before
        its initials were asked (during the win's celebration, or on the initials scene,
        where even Esc keeps the place), or walked away from in a kiosk. Only the last of
        each can have missed it: this is called as the game starts, before anything else
        is played, and by a kiosk each time it goes back to its show. A game a kiosk gave
        up for a passer-by who walked away stays out (see table_for)."""
        missed = []
        row = self._read("read the games", self.games.latest_finished, None)
        # a game held elsewhere is on another window's initials scene, its place asked
        if (
            row is not None
            and not self.holds.held_elsewhere(row.id)
            and not self._read(
                "read the tables", lambda: self.scores.has_entry(game_id=row.id), True
            )
        ):
            restored = self.resume(row)
            if restored is not None:
                game, facts = restored
                place = self.add_game_score(game, facts, initials)
                if place is not None:
                    missed.append(MissedEntry(row.ruleset, row.deal, place, initials))
        if ladder is not None:
            run = self._read("read the arcade runs", lambda: self.arcade.latest(ladder), None)
            if (
                run is not None
                and run.state.over(ladder)
                and not (run.games and self.holds.held_elsewhere(run.games[-1].id))
                and not self._read(
                    "read the tables", lambda: self.scores.has_entry(arcade_run=run.id), True
                )
            ):
                place = self.add_run_score(ladder, run, initials)
                if place is not None:
                    missed.append(MissedEntry(None, None, place, initials))
        return missed

    def arcade_key(self, ladder: Ladder) -> TableKey:
        return TableKey(ARCADE, ladder.id, "{}")

    def run_position(self, ladder: Ladder, run: Run) -> int | None:
        if run.assisted or not run.state.over(ladder) or not run.games:
            return None
        if run.state.level == 0:
            # no level won: three lives given up at the first, after a pair or none,
            # took the table's first place, greeted as a new high score
            return None
        s = run.state
        figures = Figures(s.points, s.cards, s.seconds, s.moves, levels=s.level)
        key = self.arcade_key(ladder)
        return self._read("read the tables", lambda: self.scores.position(key, figures), None)

    def add_run_score(self, ladder: Ladder, run: Run, initials: str) -> int | None:
        if self.run_position(ladder, run) is None:
            return None
        replay = {"ladder": ladder.id, "games": [g.replay for g in run.games]}

        def add() -> int | None:
            return self.scores.add(
                self.arcade_key(ladder),
                initials,
                replay,
                seconds=run.state.seconds,
                ladder=ladder,
                arcade_run=run.id,
                dated=run.games[-1].finished_at if run.games else None,  # as a game's (above)
            )

        return self._refusable(
            add, ("run", run.id), lambda: self.add_run_score(ladder, run, initials)
        )

    def _refusable(
        self,
        add: Callable[[], int | None],
        key: tuple[str, int | None],
        again: Callable[[], object],
    ) -> int | None:
        """The score stored, its place or None; a write that failed is made again later
        (`again`, under `key`: see PendingWrites)."""
        try:
            stored = self._write("store the score", lambda: (add(),), None)
        except ScoreRefused as e:
            # our own game failed its proof: a bug to log, never a crash for the player
            log.error("records: a score was refused: %s", e)
            return None
        if stored is None:

            def made_again() -> bool:
                self.pending.done(key)  # put back by a failure; left out where no table
                again()  # takes the game now
                return key not in self.pending

            self.pending.failed(key, made_again)
            return None
        self.pending.done(key)
        return stored[0]

    # -- arcade ----------------------------------------------------------------------

    def start_run(self, ladder: Ladder) -> int | None:
        return self._write("start an arcade run", lambda: self.arcade.start(ladder), None)

    def run(self, ladder: Ladder, run_id: int) -> Run | None:
        return self._read("read the arcade run", lambda: self.arcade.get(ladder, run_id), None)

    def open_run(self, ladder: Ladder) -> Run | None:
        return self._read("read the arcade runs", lambda: self.arcade.latest_open(ladder), None)

    # -- the player ------------------------------------------------------------------

    @property
    def initials(self) -> str:
        row = self._read(
            "read the profile",
            lambda: self.conn.execute(
                "SELECT value FROM profile WHERE key = ?", (INITIALS_KEY,)
            ).fetchone(),
            None,
        )
        return str(row[0]) if row else ""

    def set_initials(self, initials: str) -> bool:
        def store() -> bool:
            with transaction(self.conn):
                self.conn.execute(
                    """INSERT INTO profile (key, value) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value""",
                    (INITIALS_KEY, initials),
                )
            return True

        remembered = self._write("remember the initials", store, False)
        if remembered:
            self.pending.done("initials")
        else:
            self.pending.failed("initials", lambda: self.set_initials(initials))
        return remembered
