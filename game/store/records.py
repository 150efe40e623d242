"""The player's records, as the game uses them: one object over the database.

Reads and writes never raise (see game.store.guarded): a failure is said once and
the game goes on. A write that failed is made again at the next save, or when the
app retries (see game.store.pending).
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import date, timedelta
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from game.ladder import Ladder
from game.rules import Game, ReplayError, rulesets
from game.store.arcade import ArcadeRuns, Run
from game.store.daily import daily_deal, days_in_a_row
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
    profile_value,
    set_profile_value,
    transaction,
)
from game.store.games import GameLog, GameRow
from game.store.holds import GameHolds
from game.store.pending import PendingWrites, save_keys
from game.store.saved import (
    BY_WATCHED_BEFORE,
    FREE,
    GameFacts,
    restore,
)
from game.store.score_keeping import ScoreKeeping
from game.store.scores import ScoreTables
from game.store.stats import Statistics, in_play, reset_statistics, statistics
from game.store.watched import deal_watched, note_watched

log = logging.getLogger(__name__)
T = TypeVar("T")
OPEN_GAMES = "open-games"  # the folder, beside the records file, of the games held

INITIALS_KEY = "initials"


class Records(ScoreKeeping):
    def __init__(self, opened: Opened) -> None:
        super().__init__(opened)
        self._passed_over: set[int] = set()  # games that cannot be continued, logged once
        self.pending = PendingWrites()  # made again by retry_pending, and at each save
        # games whose end waits in `pending`: not offered as Continue meanwhile (their
        # player gave them up, or won: continued, the end was undone)
        self._ends_unsaved: set[int] = set()
        # games in play whose last save failed, as this window holds them: continued
        # here, they go on from there (the file's older position lost the moves since)
        self._unsaved: dict[int, tuple[Game, GameFacts]] = {}
        self._kept_out: dict[tuple[int, str | None], bool] = {}  # see kept_out
        self._release_when_saved: set[int] = set()  # of those, the ones let go meanwhile
        # the games open at this process's tables, held against other windows
        self.holds = GameHolds(
            self.path.parent / OPEN_GAMES if self.path else None, self._never_continued
        )
        self.holds.clear()
        # the tables' initials as this window shows them (a kiosk hides some: see top)
        self.shown_initials: Callable[[str], str] = str
        # whether a replay watched here is help had with its deal (see deal_help_before):
        # not at a kiosk, whose operator's watch is no passer-by's
        self.watches_help = True

    @classmethod
    def open(cls, path: Path | None = None, to_write: bool = True) -> Records:
        """The records file in the user data folder (or `path`); never raises. A
        command that only reads says `to_write` = False (see open_database)."""
        if path is None:
            try:
                from game.userdirs import data_dir, surely_missing

                path = data_dir() / FILE_NAME
            except OSError as e:
                if not to_write and surely_missing(data_dir(make=False)):
                    # a command that lists, in a home it may not write in (a folder not
                    # the player's, a read-only disk): the folder it could not make holds
                    # no records ("cannot be read" said so); one it cannot look into
                    # may, and is said
                    return cls(Opened(in_memory(), None, []))
                problem = Problem(IN_MEMORY, e.strerror or str(e))
                return cls(Opened(in_memory(), None, [problem]))
        return cls(open_database(path, to_write))

    @classmethod
    def memory(cls) -> Records:
        return cls(Opened(in_memory(), None, []))

    def _attach(self, opened: Opened) -> None:
        super()._attach(opened)
        self.games = GameLog(self.conn)
        self.scores = ScoreTables(self.conn, self._damaged_row)
        self.arcade = ArcadeRuns(self.conn)

    # -- games -----------------------------------------------------------------------

    def save_game(self, game: Game, facts: GameFacts) -> bool:
        """Autosave: the game as it stands, in one transaction. False if it could not:
        then saved again by retry_pending (see _save_again). A game saved is held for
        this window (see hold)."""
        self.retry_pending()
        if not self._write_game(game, facts):
            what = f"game {facts.record_id if facts.record_id is not None else '(new)'}"
            if game.over:
                what += "'s end"
                if facts.record_id is not None:
                    self._ends_unsaved.add(facts.record_id)
            elif facts.record_id is not None:
                self._unsaved[facts.record_id] = (game, facts)
            again = partial(self._save_again, game, facts)
            self.pending.failed(save_keys(facts)[-1], again, what)
            return False
        self._saved(facts)
        if facts.record_id is not None:
            self.holds.hold(facts.record_id)
        return True

    def problems_told(self) -> None:
        """The player has been told this session's problems (the menu's notices): a
        file set aside is no longer said at each start (see game.store.untold)."""
        from game.store.untold import forget_untold

        if self.path is not None:
            self._write("forget the file set aside", lambda: forget_untold(self.conn), None)

    def _write_game(self, game: Game, facts: GameFacts) -> bool:
        return self._write("save the game", lambda: self.games.save(game, facts) > 0, False)

    def _saved(self, facts: GameFacts) -> None:
        """The game's save has been made: nothing of it waits any more."""
        for key in save_keys(facts):
            self.pending.done(key)
        self._ends_unsaved.discard(facts.record_id)
        if facts.record_id is not None:
            self._unsaved.pop(facts.record_id, None)

    def _save_again(self, game: Game, facts: GameFacts) -> bool:
        """A save that failed, made again, where it cannot be stale: of a game that
        ended (its end is the news), or of the one this window still holds. A game left
        in play since, which another window may have continued or given up, is not
        written over (its moves made while saves failed are lost, and said). Holds are
        not moved: the game at this window's table keeps its own."""
        mine = facts.record_id is None or self.holds.holding(facts.record_id)
        if not (game.over or mine):
            log.warning(
                "records: the moves of game %s made while saves failed are lost: it was left",
                facts.record_id,
            )
            self._saved(facts)
            return True
        if not self._write_game(game, facts):
            return False
        self._saved(facts)
        if facts.record_id in self._release_when_saved:
            self._release_when_saved.discard(facts.record_id)
            self.holds.release(facts.record_id, finished=game.over)
        return True

    def retry_pending(self) -> bool:
        """Make again the writes that failed (see PendingWrites); True when none is left.
        Every write calls it first: a score written before its game's end was in the
        table of a game the records had "in play"."""
        return self.pending.retry() if self.pending else True

    def last_try(self) -> None:
        """As the game closes: the writes that failed tried once more, and those that
        fail again named in the log (quitting from the results lost a win and its place
        without a word)."""
        if self.pending and not self.retry_pending():
            log.warning("records: not saved, at the close: %s", ", ".join(self.pending.names()))

    def close(self) -> None:
        self.last_try()
        self.holds.release_all()
        self.conn.close()

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
        """Let another window have the game (`finished`: it is over, its file goes). A
        game whose end, or last moves, wait to be saved is kept: in the file it is still
        in play, or short of those moves, and another window would continue it from
        there (see _save_again)."""
        if record_id in self._ends_unsaved or record_id in self._unsaved:
            self._release_when_saved.add(record_id)
        else:
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
                if self.holds.held_elsewhere(row.id) or row.id in self._ends_unsaved:
                    continue  # open in another window, or ended here: not to continue
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
                return self._as_played_here(row)
            return None

        return self._read("read the games", latest, None)

    def _as_played_here(self, row: GameRow) -> GameRow:
        """The row with the moves and time this window played and could not save: the
        menu offered "10 moves" of a game Continue went on with at 13 (see resume)."""
        if row.id not in self._unsaved:
            return row
        game, facts = self._unsaved[row.id]
        return replace(row, moves=game.moves_made, seconds=facts.seconds)

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

    def latest_options(self) -> dict[str, dict[str, Any]]:
        """The options each ruleset was last played with (see GameLog.latest_options)."""
        return self._read("read the games", self.games.latest_options, {})

    def forget_unplayed(self, game: Game, facts: GameFacts) -> None:
        """A free game left before its first move, with no hint, forgotten: its row (a
        verdict seen at the deal is kept with it) deleted, a save of it that waits (the
        disk failed at the deal) dropped, and the game new again. A kiosk's passer-by who
        left a deal untouched played no game, and a kiosk never deals it again: a third
        of a kiosk's rows were such deals, kept for good."""
        played = game.over or game.moves or game.undo_count
        if played or facts.mode != FREE or facts.arcade_run is not None or facts.hints:
            return
        self._saved(facts)  # nothing of it was played: a save that waits is not made
        record_id = facts.record_id
        if record_id is None:
            return
        forget = partial(self.games.forget_unplayed, record_id)
        if self._write("forget a deal left untouched", forget, False):
            self.holds.release(record_id, finished=True)
            facts.record_id = None

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
            # free games only, which are all a kiosk plays: a desktop player's day's
            # deal and arcade level (a life) were given up, where the kiosk was tried
            # on their own records
            rows = self._rows(self.games.unfinished())
            return [r for r in rows if r.mode == FREE and not self.holds.held_elsewhere(r.id)]

        ended = 0
        for row in self._read("read the games", left, []):
            restored = self.resume(row)
            if restored is None:
                continue
            game, facts = restored
            if facts.started_at != row.started_at:
                # its save would miss the row (see GameLog.save) and add a game given
                # up, again at every start, the row itself left in play
                log.warning("records: game %s does not read as saved: left in play", row.id)
                continue
            self.give_up(game, facts)
            ended += 1
        return ended

    def _in_play(self, ruleset: str, options: dict[str, Any]) -> Iterator[GameRow]:
        """The free games of a table left in play; one another window has open is in
        play there, not left, and one whose end waits to be saved is over (given up for
        a new game, its win was written over as a loss)."""
        rows = self._rows(self.games.unfinished(table=(ruleset, options)))
        return (
            row
            for row in rows
            if not self.holds.held_elsewhere(row.id) and row.id not in self._ends_unsaved
        )

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
            return any(row.wish_counts for row in self._in_play(ruleset, options))

        return self._read("read the games", counts, False)

    def resume(self, row: GameRow) -> tuple[Game, GameFacts] | None:
        """The saved game at its position with its history, or up to a damaged move
        (as unfinished() offers it); None if its replay is unusable. One whose last
        moves this window could not save goes on from them: the file's position, read
        again, lost them ("Welcome back… where you left off", three moves short)."""
        unsaved = self._unsaved.get(row.id)
        self._release_when_saved.discard(row.id)  # continued: this window's again
        self.retry_pending()
        if row.id in self._unsaved:
            return self._unsaved[row.id]
        if unsaved is not None:  # saved just now, room made since: the row was read before
            row = self.game(row.id) or row
        try:
            return restore(row.replay, row.id)
        except ReplayError as e:
            kept = row.up_to_the_damage(e)
            if kept is not None:  # given up by Play as Continue offered it: not offered again
                return kept[1]
            log.warning("records: game %s cannot be resumed: %s", row.id, e)
            return None

    def kept_out(self, row: GameRow) -> bool:
        """Whether a finished game stayed out of the tables as it ended (assisted, its
        deal played before…: see table_for), as far as it can be read: not as they
        stand now (a daily at place 1, its number played since as a free game, was said
        out of its table). Asked at each frame of a screen: worked out once a game."""
        known = self._kept_out.get((row.id, row.finished_at))
        if known is None:
            try:
                game, facts = restore(row.replay, row.id)
            except ReplayError:
                return False
            known = self._kept_out[(row.id, row.finished_at)] = (
                self.table_for(game, facts) is None  # as of its end
            )
        return known

    def game(self, record_id: int) -> GameRow | None:
        """One game by its id; None when there is none, or its row is damaged (said)."""
        return self._read("read the games", lambda: self.games.get(record_id), None)

    def entry_initials(self, record_id: int) -> str | None:
        """The initials a game holds its table place under; None if it holds none."""
        return self._read("read the tables", lambda: self.scores.initials_of(record_id), None)

    def run_entry_initials(self, run_id: int) -> str | None:
        """The initials an arcade run holds its table place under; None if it holds none."""
        return self._read("read the tables", lambda: self.scores.run_initials_of(run_id), None)

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

    def daily_in_play_alike(self, game: Game, except_id: int | None = None) -> bool:
        return self._read(
            "read the games", lambda: self.games.daily_in_play_alike(game, except_id), False
        )

    def daily_seen(self, ruleset: str, options: dict[str, Any], deal: int) -> bool:
        """Whether the day's `deal` of `ruleset` was laid out before in another game, one
        of a patience that lays it out alike (От нечего делать's is Сбудется's): played
        now, it stays out of the day's table, and a fortune told with it does not count."""
        game = Game(ruleset, options, deal=deal)
        return self.deal_played_before(game) or self.deal_watched(game)

    def deal_practised(self, game: Game, except_id: int | None = None) -> bool:
        return self._read(
            "read the games", lambda: self.games.deal_practised(game, except_id), False
        )

    def deal_assisted_before(self, game: Game, except_id: int | None = None) -> bool:
        return self.deal_help_before(game, except_id) is not None

    def deal_played_in(self, game: Game, except_id: int | None = None) -> set[str]:
        """The rulesets in whose games this deal was played (see Games.deal_played_in);
        none where the file cannot be read."""
        return self._read(
            "read the games", lambda: self.games.deal_played_in(game, except_id), set()
        )

    def deal_helped_in(self, game: Game, except_id: int | None = None) -> set[str]:
        """The rulesets in whose games this deal had the solver's help (see
        Games.deal_helped_in); none where the file cannot be read."""
        return self._read(
            "read the games", lambda: self.games.deal_helped_in(game, except_id), set()
        )

    def deal_help_before(self, game: Game, except_id: int | None = None) -> str | None:
        """The help another game of this deal had (see Games.deal_help_before), or
        BY_WATCHED_BEFORE where a replay of it was watched here; None where neither."""
        found = self._read(
            "read the games", lambda: self.games.deal_help_before(game, except_id), None
        )
        if found or not self.watches_help:
            return found
        # as of the game's end where its place is judged (table_for): a watch since is
        # no help it had (another window's, as its initials were asked, took its place);
        # one in play, continued after a watch of its deal, had it
        return BY_WATCHED_BEFORE if self.deal_watched(game, self.games.moment) else None

    def deal_watched(self, game: Game, before: str | None = None) -> bool:
        """Whether a replay of this deal was watched here (before that time, if given:
        see game.store.watched)."""
        watched = partial(deal_watched, self.conn, game, before)
        return self._read("read the profile", watched, False)

    def note_watched(self, game: Game) -> None:
        """Keep the deal of `game`, a replay's watched, as help had with it (see
        game.store.watched). Not kept (the file cannot be written), it is said as any
        failed write is."""
        self._write("keep the deal watched", lambda: note_watched(self.conn, game), None)

    def days_in_a_row(self, ruleset: str, options: dict[str, Any], today: date) -> int:
        """How many days in a row, up to today, the day's deal of this table was played
        to its end (see daily.days_in_a_row). The days are read a year at a time, and
        further back while the row reaches as far (it stood still at 367)."""
        span = 366
        while True:
            since = daily_deal(today - timedelta(days=span))
            played = partial(self.games.days_played, ruleset, options, since)
            days: list[int] = self._read("read the games", played, [])
            count = days_in_a_row(days, today)
            if count < span or span > 100 * 366:
                return count
            span *= 2

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
        value = self._read(
            "read the profile", partial(profile_value, self.conn, INITIALS_KEY), None
        )
        return value or ""

    def set_initials(self, initials: str) -> bool:
        def store() -> bool:
            with transaction(self.conn):
                set_profile_value(self.conn, INITIALS_KEY, initials)
            return True

        self.retry_pending()
        remembered = self._write("remember the initials", store, False)
        if remembered:
            self.pending.done("initials")
        else:
            again = partial(self.set_initials, initials)
            self.pending.failed("initials", again, f"the initials {initials}")
        return remembered
