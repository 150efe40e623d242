"""The player's records: every game (autosaved after each action), high scores, statistics.

One SQLite database in the user data folder; see `records.Records` for what the
game uses and `database` for how a damaged or unreadable file is handled.
"""

from game.store.database import (
    CANNOT_CONTINUE,
    CUT_SHORT,
    DAMAGED_LEFT,
    IN_MEMORY,
    LOG_SET_ASIDE,
    NEWER,
    READ_FAILED,
    REMOVED,
    RULES_MISSING,
    SALVAGED,
    SAVE_FAILED,
    SET_ASIDE,
    UNFINISHED_DAMAGED,
    Problem,
)
from game.store.games import GameRow
from game.store.records import Records
from game.store.saved import ARCADE, DAILY, FREE, LARGEST_KEPT_DEAL, GameFacts
from game.store.scores import Figures, ScoreEntry, TableKey
from game.store.stats import Statistics

__all__ = [
    "ARCADE",
    "CANNOT_CONTINUE",
    "CUT_SHORT",
    "DAILY",
    "DAMAGED_LEFT",
    "FREE",
    "IN_MEMORY",
    "LARGEST_KEPT_DEAL",
    "LOG_SET_ASIDE",
    "NEWER",
    "READ_FAILED",
    "REMOVED",
    "RULES_MISSING",
    "SALVAGED",
    "SAVE_FAILED",
    "SET_ASIDE",
    "UNFINISHED_DAMAGED",
    "Figures",
    "GameFacts",
    "GameRow",
    "Problem",
    "Records",
    "ScoreEntry",
    "Statistics",
    "TableKey",
]
