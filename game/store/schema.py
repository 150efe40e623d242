"""The records database's schema and its forward migrations.

`PRAGMA user_version` is the schema version. Each migration takes the
database from one version to the next, inside one transaction, so a database
is always at some whole version. Migrations are only ever appended: a player's
file from any earlier version of the game is carried forward step by step.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

# Index i holds the SQL that takes a database from version i to version i + 1.
MIGRATIONS: tuple[str, ...] = (
    # 1: games, their replays and facts; high scores; arcade runs; player profile.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        ruleset TEXT NOT NULL,
        options TEXT NOT NULL,            -- canonical JSON, keys sorted
        deal INTEGER,                     -- NULL when the game was a given deck
        mode TEXT NOT NULL DEFAULT 'free',  -- free, daily or arcade
        arcade_run INTEGER REFERENCES arcade_runs(id),
        started_at TEXT NOT NULL,         -- ISO 8601, UTC
        updated_at TEXT NOT NULL,
        finished_at TEXT,                 -- NULL while the game is in play
        seconds REAL NOT NULL DEFAULT 0,
        moves INTEGER NOT NULL DEFAULT 0,
        undos INTEGER NOT NULL DEFAULT 0,
        hints INTEGER NOT NULL DEFAULT 0,
        assisted INTEGER NOT NULL DEFAULT 0,
        fortune INTEGER NOT NULL DEFAULT 0,
        fortune_replayed INTEGER NOT NULL DEFAULT 0,
        outcome TEXT,                     -- won, no_moves, resigned; NULL while in play
        remaining_cards INTEGER NOT NULL,
        remaining_points INTEGER NOT NULL,
        replay TEXT NOT NULL              -- the spec's replay, with result and meta
    );
    CREATE INDEX games_by_ruleset ON games(ruleset, finished_at);
    CREATE INDEX games_unfinished ON games(updated_at) WHERE outcome IS NULL;
    CREATE INDEX games_by_deal ON games(ruleset, deal);

    -- a run's level, lives and points follow from its games, in order
    CREATE TABLE arcade_runs (
        id INTEGER PRIMARY KEY,
        ladder TEXT NOT NULL,
        started_at TEXT NOT NULL
    );

    CREATE TABLE scores (
        id INTEGER PRIMARY KEY,
        board TEXT NOT NULL,              -- free, daily or arcade
        ruleset TEXT NOT NULL,            -- the ladder's id on the arcade board
        options TEXT NOT NULL,
        deal INTEGER,
        initials TEXT NOT NULL,
        levels INTEGER NOT NULL DEFAULT 0,  -- arcade: levels cleared
        remaining_cards INTEGER NOT NULL,
        remaining_points INTEGER NOT NULL,
        seconds REAL NOT NULL,
        moves INTEGER NOT NULL,
        game_id INTEGER REFERENCES games(id),
        arcade_run INTEGER REFERENCES arcade_runs(id),
        replay TEXT NOT NULL,             -- verified before it was stored
        created_at TEXT NOT NULL
    );
    CREATE INDEX scores_by_table ON scores(board, ruleset, options);

    CREATE TABLE stats_resets (
        ruleset TEXT PRIMARY KEY,
        after_game INTEGER NOT NULL       -- statistics count games with a larger id
                                          -- (a reset with no reset_at: see migration 2)
    );

    CREATE TABLE profile (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: a statistics reset remembers when it was made: the games then in play count
    # once they end (counting by id left them out for good)
    """
    ALTER TABLE stats_resets ADD COLUMN reset_at TEXT;  -- NULL: an older reset, by id
    """,
    # 3: the game that ended last is found without reading every game (a kiosk asks at
    # every return to its show: about 0.1 s with 200,000 games, a kiosk's two years)
    """
    CREATE INDEX games_finished ON games(finished_at) WHERE outcome IS NOT NULL;
    """,
    # 4: a game given up now gets a place it missed (closed on the initials scene) at the
    # next start, unless a kiosk gave it up for a passer-by who walked away, which its
    # facts now say. Older versions told the two apart by nothing and kept every game
    # given up out: those left without a place stay out, as a kiosk's (else a kiosk's
    # last abandoned game entered its table under "---" after the update).
    # (NOT IN, not a NOT EXISTS per game: scores.game_id has no index, and a kiosk's
    # 200,000 games against 3,000 entries took 85 s so, 1 s this way)
    """
    UPDATE games SET replay = CASE json_type(replay, '$.meta')
            WHEN 'object' THEN json_set(replay, '$.meta.abandoned', json('true'))
            ELSE json_set(replay, '$.meta', json('{"abandoned": true}')) END
    WHERE outcome = 'resigned' AND json_valid(replay)
        AND id NOT IN (SELECT game_id FROM scores WHERE game_id IS NOT NULL);
    """,
)

LATEST = len(MIGRATIONS)


class NewerDatabase(Exception):
    """The file was written by a later version of the game: read it with that one."""


def version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Bring the database to the latest version; returns the version it had.

    The check and every step run under one write lock (BEGIN IMMEDIATE), so two
    copies of the game starting at once migrate a database once, not twice. A file
    already at the latest version takes no lock: a command that only reads waited
    10 s in silence while another process was writing.
    """
    start = version(conn)
    if start == len(migrations):
        return start
    conn.execute("BEGIN IMMEDIATE")
    try:
        start = version(conn)
        if start > len(migrations):
            raise NewerDatabase(f"schema version {start}, this program knows {len(migrations)}")
        for number in range(start, len(migrations)):
            for statement in split_statements(migrations[number]):
                conn.execute(statement)
            # PRAGMA takes no parameters; the number is ours, not the player's
            conn.execute(f"PRAGMA user_version = {number + 1}")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return start


def split_statements(script: str) -> list[str]:
    """The statements of a script (executescript would commit our transaction)."""
    statements, start = [], 0
    for end, char in enumerate(script):
        if char == ";" and sqlite3.complete_statement(script[start : end + 1]):
            statements.append(script[start : end + 1].strip())
            start = end + 1
    rest = "\n".join(
        line for line in script[start:].splitlines() if not line.strip().startswith("--")
    )
    if rest.strip():
        statements.append(rest.strip())
    return statements
