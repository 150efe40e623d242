"""Mixed into TableScene: the facts the records keep of the game at the table (its
time, hints, help and fortune), read and written by the scene's own names."""

from __future__ import annotations

from game.store import GameFacts


class TableFacts:
    facts: GameFacts

    @property
    def seconds(self) -> float:
        return self.facts.seconds

    @seconds.setter
    def seconds(self, value: float) -> None:
        self.facts.seconds = value

    @property
    def hints_used(self) -> int:
        return self.facts.hints

    @hints_used.setter
    def hints_used(self, value: int) -> None:
        self.facts.hints = value

    @property
    def assisted(self) -> bool:
        return self.facts.assisted

    @property
    def fortune(self) -> bool:
        return self.facts.fortune

    @fortune.setter
    def fortune(self, value: bool) -> None:
        self.facts.fortune = value

    @property
    def fortune_replayed(self) -> bool:
        return self.facts.fortune_replayed

    @fortune_replayed.setter
    def fortune_replayed(self, value: bool) -> None:
        self.facts.fortune_replayed = value

    def verdict_kept(self) -> bool:
        """Whether the solver's verdict stays unsaid: a fortune keeps its answer for the
        end of the play, as the cards give it. Told at the deal (with the strict
        option, "No win possible" for nine deals in ten), it answered the wish before
        a card was played. Help asked for (a hint, the demo), the deal played
        before, or a card put back on the stock by Undo voids the fortune, and the
        verdict is said from then on. A player who chose not to be told (Settings) is
        not, but once helped: the game is assisted then, its Undo free of the cost a
        verdict seen gives it (see _taking_back_costs)."""
        unasked = not self.app.settings.show_verdict and not self.assisted
        return self._wish_counts() or unasked

    def _wish_counts(self) -> bool:
        """Whether the fortune's verdict still counts: no help had, and the deal not
        played before (GameFacts.fortune_replayed): what Hint, Demo, Restart and an
        Undo of a stock turn ask about before they void it."""
        return self.facts.wish_counts
