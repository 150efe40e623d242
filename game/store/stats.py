"""Statistics of a ruleset: played, won, streaks, points and time (assisted games count too)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from game.store.database import transaction
from game.store.saved import now_iso


@dataclass(frozen=True)
class Statistics:
    played: int = 0
    won: int = 0
    current_streak: int = 0  # wins in a row up to the last game
    best_streak: int = 0
    best_points: int | None = None  # fewest remaining points in one game
    average_points: float | None = None
    average_seconds: float | None = None
    # fortunes whose wish counted (no help, the cards not seen before), and of them those
    # that came out: the wish came true
    wishes: int = 0
    wishes_come_true: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None


# A game played: a move made, or taken back (a deal left before either is no game)
PLAYED_SQL = "(moves > 0 OR undos > 0)"
# A game in play: not ended, and played. Continue offers it, a new game of its table asks
# first, and leaving it for one gives it up (Records.give_up_left).
IN_PLAY_SQL = f"outcome IS NULL AND {PLAYED_SQL}"


def in_play(outcome: object, moves: object, undos: object) -> bool:
    """IN_PLAY_SQL, of a row already read (a damaged row's text counts as SQLite counts
    it: above any number)."""
    return outcome is None and (_above_zero(moves) or _above_zero(undos))


def _above_zero(value: object) -> bool:
    if isinstance(value, int | float):
        return value > 0
    return isinstance(value, str | bytes)


# A game in play left for a later one of its table that is in play too (a new game
# opened where nothing asked, as by `piramida play`): Continue can no longer reach it,
# and leaving each game that went badly kept a streak and the win rate
LEFT_FOR_ANOTHER_SQL = f"""{IN_PLAY_SQL}
    AND EXISTS (SELECT 1 FROM games AS later WHERE later.id > games.id
        AND later.ruleset = games.ruleset AND later.options = games.options
        AND later.mode = games.mode AND later.arcade_run IS games.arcade_run
        AND later.outcome IS NULL AND (later.moves > 0 OR later.undos > 0))"""


def statistics(conn: sqlite3.Connection, ruleset: str) -> Statistics:
    """Over the games of a ruleset (every option) ended since its last reset, and those
    left in play for another, counted as not won (see LEFT_FOR_ANOTHER_SQL)."""
    rows = conn.execute(
        f"""SELECT outcome, remaining_points, seconds,
            fortune AND NOT fortune_replayed AND NOT assisted FROM games
        LEFT JOIN stats_resets AS reset USING (ruleset)
        WHERE ruleset = :ruleset AND (outcome IS NOT NULL OR ({LEFT_FOR_ANOTHER_SQL}))
        AND (reset.ruleset IS NULL
            OR (reset.reset_at IS NOT NULL
                AND COALESCE(finished_at, updated_at) > reset.reset_at)
            OR (reset.reset_at IS NULL AND id > reset.after_game))
        ORDER BY COALESCE(finished_at, updated_at), id""",
        {"ruleset": ruleset},
    ).fetchall()
    if not rows:
        return Statistics()
    streak = best = won = wishes = come_true = 0
    for outcome, _points, _seconds, wish in rows:
        wishes += bool(wish)
        come_true += bool(wish) and outcome == "won"
        if outcome == "won":
            won += 1
            streak += 1
            best = max(best, streak)
        else:
            streak = 0
    points = [r[1] for r in rows]
    return Statistics(
        played=len(rows),
        won=won,
        current_streak=streak,
        best_streak=best,
        best_points=min(points),
        average_points=sum(points) / len(points),
        average_seconds=sum(r[2] for r in rows) / len(rows),
        wishes=wishes,
        wishes_come_true=come_true,
    )


def reset_statistics(conn: sqlite3.Connection, ruleset: str) -> None:
    """Start a ruleset's statistics afresh. The games themselves, and the tables, are kept."""
    with transaction(conn):
        conn.execute(
            """INSERT INTO stats_resets (ruleset, after_game, reset_at)
            VALUES (?, (SELECT COALESCE(MAX(id), 0) FROM games), ?)
            ON CONFLICT (ruleset) DO UPDATE
            SET after_game = excluded.after_game, reset_at = excluded.reset_at""",
            (ruleset, now_iso()),
        )
