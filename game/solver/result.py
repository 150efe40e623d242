"""What a solver answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Verdict(StrEnum):
    WON = "won"  # a winning line was found (and replayed through the rules)
    LOST = "lost"  # every line was searched: no win exists
    UNKNOWN = "unknown"  # a limit stopped the search first


@dataclass
class SolveResult:
    outcome: Verdict
    moves: list[str] = field(default_factory=list)  # the winning line, spec notation
    nodes: int = 0
    seconds: float = 0.0
    best_remaining_points: int = 0  # fewest points left over the positions searched
    best_moves: list[str] = field(default_factory=list)  # the line to that best position
    limit: str = ""  # which limit stopped an unknown search, or a lost one's best score
    # Whether `best_remaining_points` is proven the fewest: False for an unknown answer,
    # and for a lost one whose search for the best score a limit cut short (the loss is
    # proven; the best found so far is reached by `best_moves`)
    best_exact: bool = True

    def to_json(self) -> dict[str, object]:
        """The object `piramida solve --json` prints: the issue's keys, then what the
        readable output says besides: whether the best score is proven the best, the
        line that reaches it, and the limit that stopped a search (null when none did)."""
        return {
            "outcome": str(self.outcome),
            "moves": self.moves,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "best_remaining_points": self.best_remaining_points,
            "best_proven": self.best_exact,
            "best_moves": self.best_moves,
            "limit": self.limit or None,
        }
