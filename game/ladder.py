"""The arcade ladder: rulesets as levels (`levels/arcade.toml`), three lives, points that add up.

Pure: a run's state follows from the outcomes of its games, in order, so the
store keeps only the games and a run can never disagree with them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.paths import LEVELS_DIR
from game.rules import LevelError, RulesError, get_ruleset
from game.rules.ruleset import ARCADE_FILE_NAME, OptionValue, level_text

ARCADE_FILE = LEVELS_DIR / ARCADE_FILE_NAME


@dataclass(frozen=True)
class Level:
    ruleset: str
    options: dict[str, OptionValue]


@dataclass(frozen=True)
class Ladder:
    id: str
    name: dict[str, str]
    lives: int
    levels: tuple[Level, ...]


@dataclass(frozen=True)
class RunState:
    """Where a run stands after its finished games."""

    level: int  # index of the level to play next (== len(levels) once all are cleared)
    lives: int
    points: int  # remaining points of every game, added up
    cards: int
    seconds: float
    moves: int
    games: int

    def over(self, ladder: Ladder) -> bool:
        return self.lives <= 0 or self.level >= len(ladder.levels)


@dataclass(frozen=True)
class LevelResult:
    """What one finished game of a run counts."""

    won: bool
    remaining_points: int
    remaining_cards: int
    seconds: float
    moves: int


def progress(ladder: Ladder, results: Iterable[LevelResult]) -> RunState:
    """A run's state from its finished games: a win climbs a level, anything else costs a life."""
    level, lives, points, cards, seconds, moves, games = 0, ladder.lives, 0, 0, 0.0, 0, 0
    for r in results:
        if lives <= 0 or level >= len(ladder.levels):
            break  # a run that is over counts nothing more
        games += 1
        points += r.remaining_points
        cards += r.remaining_cards
        seconds += r.seconds
        moves += r.moves
        if r.won:
            level += 1
        else:
            lives -= 1
    return RunState(level, lives, points, cards, seconds, moves, games)


@cache
def load_ladder(path: Path = ARCADE_FILE) -> Ladder:
    """Read a ladder file; a broken one raises LevelError naming the problem."""
    try:
        data = tomllib.loads(level_text(path))
    except tomllib.TOMLDecodeError as e:
        raise LevelError(f"{path.name}: cannot be read: {e}") from e
    if data.get("kind") != "ladder":
        raise LevelError(f"{path.name}: kind must be 'ladder'")
    lives = data.get("lives")
    if not isinstance(lives, int) or isinstance(lives, bool) or lives < 1:
        raise LevelError(f"{path.name}: lives must be a whole number of at least 1")
    name = data.get("name")
    if not isinstance(name, dict) or not all(isinstance(v, str) for v in name.values()):
        raise LevelError(f"{path.name}: name must be a table of texts by language")
    raw = data.get("level")
    if not isinstance(raw, list) or not raw:
        raise LevelError(f"{path.name}: a ladder needs at least one [[level]]")
    levels = tuple(_level(path, i, entry) for i, entry in enumerate(raw, 1))
    return Ladder(str(data.get("id", path.stem)), dict(name), lives, levels)


def _level(path: Path, number: int, entry: Any) -> Level:
    where = f"{path.name}: level {number}"
    if not isinstance(entry, Mapping) or not isinstance(entry.get("ruleset"), str):
        raise LevelError(f"{where}: needs a ruleset id")
    options = entry.get("options", {})
    if not isinstance(options, Mapping):
        raise LevelError(f"{where}: options must be a table")
    try:
        ruleset = get_ruleset(entry["ruleset"])
        return Level(ruleset.id, ruleset.choose(options))
    except RulesError as e:
        raise LevelError(f"{where}: {e}") from e
