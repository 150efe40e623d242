"""What the results scene (and later the records) needs to know about a finished game."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import Game, Outcome
from game.store import GameFacts
from game.store.saved import wish_counts


@dataclass
class GameSummary:
    game: Game
    seconds: float
    hints: int = 0
    assisted: bool = False  # a hint, the demo or the solver played a part
    assisted_by: str = ""  # the first help (game.store.saved's BY_...), when known
    fortune: bool = False  # the game was played as a fortune (a wish was made)
    fortune_replayed: bool = False  # its cards seen before they came (played again, or by Undo)
    facts: GameFacts | None = None  # as the records keep them (mode, row id); None: not recorded
    stuck: bool = False  # ended where no sequence of moves led anywhere (given up so)
    best_reached: bool = False  # given up where the solver proved no move lowers the points
    # the fewest points the solver proved reachable from the deal (0: it could be won);
    # None where that is not known, or the player hid the verdict and was not told it
    deal_best: int | None = None

    @property
    def wish_counts(self) -> bool:
        return wish_counts(self.fortune, self.fortune_replayed, self.assisted)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome

    @property
    def won(self) -> bool:
        return self.game.won
