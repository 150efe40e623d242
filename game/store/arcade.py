"""Arcade runs in the database: a row per run; its games say where it stands."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from game.ladder import Ladder, LevelResult, RunState, progress
from game.store.database import transaction
from game.store.games import GameRow
from game.store.saved import ARCADE, assisted_by_of, now_iso


@dataclass(frozen=True)
class Run:
    id: int
    ladder: str
    started_at: str
    state: RunState
    assisted: bool
    games: list[GameRow]  # finished games, in the order they ended

    @property
    def helped_game(self) -> GameRow | None:
        """The run's first game that had help; None where none did."""
        return next((g for g in self.games if g.assisted), None)

    @property
    def helped_by(self) -> str:
        """The first help of the run's first game that had some (a BY_ kind; empty
        where none, or where its game was saved before the kind was kept)."""
        helped = self.helped_game
        return assisted_by_of(helped.replay) if helped is not None else ""

    @property
    def helped_level(self) -> int | None:
        """The level (from 0) of the run's first game that had help; None where none.
        Each win climbs a level, so it is the wins before that game."""
        for i, game in enumerate(self.games):
            if game.assisted:
                return sum(g.won for g in self.games[:i])
        return None


class ArcadeRuns:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def start(self, ladder: Ladder) -> int:
        with transaction(self.conn):
            cursor = self.conn.execute(
                "INSERT INTO arcade_runs (ladder, started_at) VALUES (?, ?)",
                (ladder.id, now_iso()),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def get(self, ladder: Ladder, run_id: int) -> Run | None:
        row = self.conn.execute(
            "SELECT id, ladder, started_at FROM arcade_runs WHERE id = ?", (run_id,)
        ).fetchone()
        if row is None:
            return None
        # in the order they were dealt, which is the order of their ends (a level is
        # dealt once the one before it has ended): the clock's order was upset by a
        # clock set back (a board with no clock battery, a time server's correction),
        # and the run's levels and lives came out wrong
        games = [
            GameRow.from_sql(r)
            for r in self.conn.execute(
                """SELECT * FROM games WHERE arcade_run = ? AND mode = ? AND outcome IS NOT NULL
                ORDER BY id""",
                (run_id, ARCADE),
            )
        ]
        results = [
            LevelResult(g.won, g.remaining_points, g.remaining_cards, g.seconds, g.moves)
            for g in games
        ]
        state = progress(ladder, results)
        counted = games[: state.games]
        assisted = any(g.assisted for g in counted)
        return Run(row["id"], row["ladder"], row["started_at"], state, assisted, counted)

    def latest(self, ladder: Ladder) -> Run | None:
        """The last run of this ladder, over or not."""
        row = self.conn.execute(
            "SELECT id FROM arcade_runs WHERE ladder = ? ORDER BY id DESC LIMIT 1", (ladder.id,)
        ).fetchone()
        return self.get(ladder, row["id"]) if row is not None else None

    def ids(self, ladder: Ladder, most: int) -> list[int]:
        """The ids of this ladder's last `most` runs, the oldest first."""
        rows = self.conn.execute(
            "SELECT id FROM arcade_runs WHERE ladder = ? ORDER BY id DESC LIMIT ?",
            (ladder.id, most),
        ).fetchall()
        return [row["id"] for row in reversed(rows)]

    def latest_open(self, ladder: Ladder) -> Run | None:
        """The last run of this ladder that is not over yet."""
        run = self.latest(ladder)
        return run if run is not None and not run.state.over(ladder) else None
