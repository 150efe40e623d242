"""The high-score tables as the game uses them: which table a game enters, where, and
its place stored (made again later when the write fails: see game.store.pending).
Mixed into Records, whose guarded reads and writes, games and holds it uses."""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from game.ladder import Ladder
from game.rules import Game, ReplayError
from game.store.arcade import Run
from game.store.games import LATER_THAN_ANY_TIME, GameLog, GameRow
from game.store.guarded import GuardedFile
from game.store.holds import GameHolds
from game.store.pending import PendingWrites, save_keys
from game.store.saved import (
    ARCADE,
    DAILY,
    FREE,
    GameFacts,
    exported,
    restore,
    to_saved_replay,
)
from game.store.scores import (
    NO_INITIALS,
    TOP,
    Figures,
    ScoreEntry,
    ScoreRefused,
    ScoreTables,
    TableKey,
)

log = logging.getLogger("game.store.records")  # its notices are the records'
# the arcade runs a salvaged file's table is made again from, the latest: a kiosk's years
MOST_RUNS_MENDED = 2000


@dataclass(frozen=True)
class MissedEntry:
    """A table place a game or an arcade run earned, entered only when the game was next
    started: it had been closed between the end and the initials."""

    ruleset: str | None  # None: an arcade run
    deal: int | None
    place: int
    initials: str
    # the records file was damaged and salvaged at this start: the place was lost with
    # it, not missed by a game closed early
    salvaged: bool = False


class ScoreKeeping(GuardedFile):
    """The tables' part of Records (see there)."""

    _salvage_entered = False  # a salvaged file's places entered again (_places_salvaged)

    @property
    def tables_to_mend(self) -> bool:
        """Whether a salvaged file's tables are yet to be made again this session."""
        return self.salvaged and not self._salvage_entered

    games: GameLog
    scores: ScoreTables
    holds: GameHolds
    pending: PendingWrites
    shown_initials: Callable[[str], str]

    if TYPE_CHECKING:  # Records' own

        def resume(self, row: GameRow) -> tuple[Game, GameFacts] | None: ...
        def game(self, record_id: int) -> GameRow | None: ...
        def deal_played_before(self, game: Game, except_id: int | None = None) -> bool: ...
        def deal_practised(self, game: Game, except_id: int | None = None) -> bool: ...
        def deal_assisted_before(self, game: Game, except_id: int | None = None) -> bool: ...

    # -- high scores -----------------------------------------------------------------

    def tables(self, ruleset: str | None = None) -> list[TableKey]:
        """The tables holding an entry (of one ruleset, or ladder); none when unreadable."""
        return self._read("read the tables", lambda: self.scores.tables(ruleset=ruleset), [])

    def top(self, key: TableKey) -> list[ScoreEntry]:
        """A table's entries, best first, their initials as this window shows them (a
        kiosk hides those its operator listed); none when the file cannot be read."""
        entries = self._read("read the tables", lambda: self.scores.top(key), [])
        shown = self.shown_initials
        return [replace(e, initials=shown(e.initials)) for e in entries]

    def practised(self, game: Game, facts: GameFacts) -> bool:
        """A day's deal, or an arcade level's, played in another game (its number typed
        as a free game, or in a patience that lays it out alike, before the daily game
        or while either waited): that game knows it, and stays out of the day's table;
        an arcade level's run stays out of the arcade's (see TableScene)."""
        if facts.mode == ARCADE:
            return self.deal_practised(game, facts.record_id)
        if facts.mode != DAILY:
            return False
        return facts.practised or self.deal_played_before(game, facts.record_id)

    def table_for(self, game: Game, facts: GameFacts) -> TableKey | None:
        """The table a finished game may enter; None when it may enter none.

        Assisted games stay out, and so do games a kiosk gave up for a player who
        walked away or that were left for a new game, games whose deal the solver played
        in another game at any time,
        given decks (anyone could give an easy one), a day's deal practised in another
        game, and a deal given up before it cleared a card (it was "A new high score!"
        on an empty table, or after one turn of the stock).

        Other games are those begun before this one ended (GameLog.as_of): one begun
        since, in another window as its initials were asked, took away the place they
        were asked for; and the records' foot, or a salvaged file's tables, said
        otherwise of it later.
        """
        if facts.assisted or game.outcome is None or game.deal_number is None:
            return None
        if facts.abandoned:
            return None  # given up by the game: a kiosk's, or left for a new game
        if not game.cleared_a_card:
            return None
        row = self.game(facts.record_id) if facts.record_id is not None else None
        ended = row.finished_at if row is not None and row.finished_at else LATER_THAN_ANY_TIME
        with self.games.as_of(ended):
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
        self.retry_pending()
        key = self.table_for(game, facts)
        if key is None:
            return None
        # made again whole, once the game's row is saved: its id and end come from it
        score = ("score", facts.record_id if facts.record_id is not None else id(facts))
        again = partial(self.add_game_score, game, facts, initials)
        what = f"the place of game {facts.record_id}"
        if any(waiting in self.pending for waiting in save_keys(facts)):
            # the game's end is not in the file yet: its place waits for it, or the table
            # held a game the records had "in play"
            self._score_later(score, again, what)
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

        return self._refusable(add, score, again, what)

    def enter_missed_scores(self, ladder: Ladder | None, initials: str) -> list[MissedEntry]:
        """Enter the places that the last game and the last arcade run earned but never
        got under `initials`: the game was closed, or killed, after its end and before
        its initials were asked (during the win's celebration, or on the initials scene,
        where even Esc keeps the place), or walked away from in a kiosk. Only the last of
        each can have missed it: this is called as the game starts, before anything else
        is played, and by a kiosk each time it goes back to its show. A game a kiosk gave
        up for a passer-by who walked away stays out (see table_for)."""
        self.retry_pending()  # a place whose write failed, under the player's own letters
        # a salvaged file's places under no one's initials: whose they were went with its
        # tables, and the last initials typed put a kiosk's every place under one
        # passer-by's (README says "---")
        missed = self._places_salvaged(ladder, NO_INITIALS) if self.salvaged else []
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
                    entry = MissedEntry(row.ruleset, row.deal, place, initials, self.salvaged)
                    missed.append(entry)
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
                    missed.append(MissedEntry(None, None, place, initials, self.salvaged))
        return missed

    def _places_salvaged(self, ladder: Ladder | None, initials: str) -> list[MissedEntry]:
        """The places the games and arcade runs of a salvaged file earn, entered again
        where the file's tables were lost with its damage (its games kept, a won deal's
        place gone), once a session. Each game is judged as the records stood when it
        ended (a daily at place 1, its number played later as a free game, lost its
        place); each table's candidates are its best deals, read whole only if their
        place is missing. Said are the places held once all are in."""
        if self._salvage_entered:
            return []
        self._salvage_entered = True
        rows = self._read("read the games", lambda: self.games.best_finished(2 * TOP), [])
        entered: list[tuple[str | None, int | None, int, tuple[str, int]]] = []
        for row in rows:
            if self._read("read the tables", partial(self.scores.has_entry, game_id=row.id), True):
                continue
            try:  # as it is kept (Continue's resume would retry the writes for each)
                restored = restore(row.replay, row.id)
            except ReplayError:
                continue
            place = self.add_game_score(*restored, initials)  # judged as of its end
            if place is not None:
                entered.append((row.ruleset, row.deal, place, ("game", row.id)))
        if ladder is not None:
            recent = partial(self.arcade.ids, ladder, MOST_RUNS_MENDED)
            run_ids = self._read("read the arcade runs", recent, [])
            for run_id in run_ids:
                run = self._read(
                    "read the arcade run", partial(self.arcade.get, ladder, run_id), None
                )
                placed = partial(self.scores.has_entry, arcade_run=run_id)
                if run is None or self._read("read the tables", placed, True):
                    continue
                place = self.add_run_score(ladder, run, initials)
                if place is not None:
                    entered.append((None, None, place, ("run", run_id)))
        # the places held once all are in: an entry a later one pushed below the tables'
        # last place is kept, but shown nowhere ("43 places" of tables of 10 and 10)
        shown = self._read("read the tables", self._shown_entries, set())
        return [
            MissedEntry(ruleset, deal, place, initials, True)
            for ruleset, deal, place, entry in entered
            if entry in shown
        ]

    def _shown_entries(self) -> set[tuple[str, int]]:
        """The games and arcade runs whose entries the tables show, as ("game", id) and
        ("run", id)."""
        shown = set()
        for key in self.scores.tables():
            for entry in self.scores.top(key):
                if entry.game_id is not None:
                    shown.add(("game", entry.game_id))
                if entry.arcade_run is not None:
                    shown.add(("run", entry.arcade_run))
        return shown

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
        self.retry_pending()
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

        again = partial(self.add_run_score, ladder, run, initials)
        return self._refusable(add, ("run", run.id), again, f"the place of arcade run {run.id}")

    def _refusable(
        self, add: Callable[[], int | None], key: Hashable, again: Callable[[], object], what: str
    ) -> int | None:
        """The score stored, its place or None; a write that failed is made again later
        (see _score_later)."""
        try:
            stored = self._write("store the score", lambda: (add(),), None)
        except ScoreRefused as e:
            # our own game failed its proof: a bug to log, never a crash for the player
            log.error("records: a score was refused: %s", e)
            return None
        if stored is None:
            self._score_later(key, again, what)
            return None
        self.pending.done(key)
        return stored[0]

    def _score_later(self, key: Hashable, again: Callable[[], object], what: str) -> None:
        """A place to enter later, by `again` (which asks the table anew: a game since
        assisted, or a table since filled, takes none), under `key` (see PendingWrites)."""

        def made_again() -> bool:
            self.pending.done(key)  # put back by a failure; left out where no table
            again()  # takes the game now
            return key not in self.pending

        self.pending.failed(key, made_again, what)
