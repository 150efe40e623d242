"""Mixed into TableScene: the facts the records keep of the game at the table (its
time, hints, help and fortune), read and written by the scene's own names."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import localized
from game.rules import Game, rulesets
from game.scenes.deal_words import deal_words
from game.scenes.table_analysis import Answer
from game.store import GameFacts
from game.store.saved import (
    ARCADE,
    BY_DEMO,
    BY_HELP_BEFORE,
    BY_HINT,
    BY_PRACTISED,
    BY_TOLD_BEFORE,
    DAILY,
    LinePosition,
    VerdictFlip,
)


class TableFacts:
    facts: GameFacts
    # the line a turn to lost was last looked for along (see _keep_the_verdict)
    turn_looked_along: tuple[str, ...] = ()

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
        not, until a hint or the demo says it (_solver_asked)."""
        return self._wish_counts() or self._verdict_unasked()

    def _verdict_unasked(self) -> bool:
        """Whether the player hid the solver's verdict (Settings) and has not been told
        it in this game: shown once (the setting turned to Shown, and back, or a hint
        or the demo asked for), Undo costs as it does anyone's. Help had with the deal
        in another game (a replay watched, a hint) does not say it here: the player
        asked this game for nothing, and chose not to be told."""
        # a game told it by a hint or the demo, saved by a version that kept no word of
        # it being shown (or, older, of the help's kind)
        asked = self.facts.hints > 0 or self.facts.assisted_by in (BY_HINT, BY_DEMO)
        return not (self.app.settings.show_verdict or self.facts.verdict_shown or asked)

    def _solver_asked(self, by: str) -> None:
        """A hint or the demo (`by`) was had: the game is assisted, and the verdict,
        which the help's words say, is said from then on, as if shown."""
        self.facts.mark_assisted(by)
        self.facts.verdict_shown = True
        self._keep_facts()

    def _stock_unseen(self) -> bool:
        """Whether the stock holds cards not yet seen: on a later pass, every one was."""
        return bool(self.game.pile("st")) and self.game.on_first_pass

    def _note_verdict_shown(self) -> None:
        """The verdict is shown (Settings say it): kept with the game, that turning the
        setting back to Hidden makes nothing seen unseen."""
        shown = self.app.settings.show_verdict and not self._wish_counts()  # a wish keeps it
        if shown and not self.facts.verdict_shown:
            self.facts.verdict_shown = True
            # looked at after moves made hidden: where it turned is not known, and the
            # line so far counts as the one that lost it (see _peeked_loss_kept)
            self.facts.verdict_peeked = bool(self.game.moves)

    def _keep_the_verdict(self, known: Answer | None, save: bool = True) -> None:
        """What the top bar says of the position (`known`), kept with the game, so that
        Continue does not forget it (see _taking_back), as an answer arrives and as the
        position changes to one answered before (an Undo, a Restart: a turn said from
        the answers kept was never kept): where it can be won (LinePosition, where a
        turn to lost after Continue starts), and where it turned lost (VerdictFlip).
        Not where the player hid it, nor while a fortune's wish kept it: a verdict never
        seen is no help to the next game of the deal (BY_TOLD_BEFORE; a turn kept
        unseen, the wish then voided by a Restart, marked it). Kept where a seen stock
        card made the game assisted: its Undo free, the verdict was a bench to try moves
        on. `save`: written at once (else with the save about to be made)."""
        if known is None or not self.recorded or self.verdict_kept():
            return
        where = self.analysis.position()
        if known.won:
            # written with the next move's save: the position is asked again at Continue
            self.facts.won_position = LinePosition.of(where)
            return
        kept = self.facts.lost_position
        if not known.lost or (kept is not None and kept.applies(where)):
            return  # lost since a position kept: its turn, if any, was looked for then
        self.facts.lost_position = LinePosition.of(where)
        # looked for along the whole line (a game of 2,000 moves: 30 ms), not again back
        # along it (each Undo of a lost game did, and took twice as long)
        looked = self.turn_looked_along
        if not self.facts.solver_helped and where != looked[: len(where)]:
            self.turn_looked_along = where
            flip = self.analysis.flip()
            if flip is not None:
                self.facts.flip = flip
        if save:
            self._keep_facts()

    def _peeked_loss_kept(self) -> None:
        """A verdict looked at mid-game that says the deal is lost: kept as a turn from
        the deal to here, as a turn seen is (VerdictFlip), so that the next game of the
        deal is not played knowing it unmarked (give up, Same deal again)."""
        facts = self.facts
        if not facts.verdict_peeked or facts.solver_helped:
            return
        if facts.flip is not None:  # the turn is kept (_keep_the_verdict): the peek's too
            facts.verdict_peeked = False
            return
        known = self.analysis.known()
        if known is not None and known.won:
            facts.verdict_peeked = False  # seen winnable: a turn from here is seen as made
        elif known is not None and known.lost and self.recorded:
            facts.verdict_peeked = False
            where = self.analysis.position()
            at_deal = self.analysis.results.at(where, 0)
            turned = self.analysis.flip()
            if turned is None and at_deal is not None and at_deal.lost:
                return  # lost from the deal on: nothing seen that the deal did not say
            self.facts.flip = turned or VerdictFlip.of(0, where)
            self._keep_facts()

    def _mark_practised(self, practised: bool | None = None) -> None:
        """A day's or an arcade level's deal played in another game (its number typed, or
        read from the records file) is marked so: a level assisted, and its run out of the
        table; a day's game practised, out of the day's table whatever the clocks of the
        games since say. Asked as it opens, and again at its end (played in another window
        meanwhile, the run stayed clean). `practised`: the records' answer, where it was
        just asked."""
        facts = self.facts
        if not self.recorded or facts.mode not in (ARCADE, DAILY):
            return
        if facts.assisted if facts.mode == ARCADE else facts.practised:
            return  # marked already
        if practised is None:
            practised = self.app.records.practised(self.game, facts)
        if practised and facts.mode == ARCADE:
            facts.mark_assisted(BY_PRACTISED)
        elif practised:
            facts.practised = True

    def _deal_best(self) -> int | None:
        """The fewest points the solver proved reachable from the deal, for the results
        to set beside the points left (see GameSummary.deal_best): they said "lower is
        better" of 190 points where the deal's tip had said 95 at best."""
        if self._verdict_unasked():
            return None
        self._keep_the_deal_best()
        return self.facts.deal_best

    def _keep_the_deal_best(self) -> None:
        """The deal's best (see _deal_best) kept with the game, written with its next
        save, as the deal's answer comes: a game continued has not the answers, and its
        results left the line out. A position won is a deal that could be won, whose
        own answer a move made before it came had cancelled."""
        answer = self.analysis.results.at(self.analysis.position(), 0)
        if answer is not None and answer.decided and (answer.won or answer.best_exact):
            self.facts.deal_best = 0 if answer.won else answer.best_remaining_points
        elif any(a.won for a in self.analysis.results.values()):
            self.facts.deal_best = 0

    def _deal_words(self) -> str:
        """What the table knows of its deal from other games, said as it is dealt."""
        fortune_void = self.fortune and self.fortune_replayed
        played = self.practised or fortune_void
        return deal_words(
            self.helped_before,
            self.practised,
            fortune_void,
            self.facts.mode == ARCADE,
            self.fortune,
            self._elsewhere(self.app.records.deal_helped_in) if self._helped() else "",
            self._elsewhere(self.app.records.deal_played_in) if played else "",
        )

    def _helped(self) -> bool:
        return self.helped_before in (BY_HELP_BEFORE, BY_TOLD_BEFORE)

    def _elsewhere(self, found_in: Callable[[Game, int | None], set[str]]) -> str:
        """The patience, not this one, whose games of this deal `found_in` finds (see
        deal_words); empty where this one's are among them, or none is."""
        found = found_in(self.game, self.facts.record_id)
        if not found or self.game.ruleset.id in found:
            return ""
        return localized(rulesets()[min(found)].name)

    def _wish_counts(self) -> bool:
        """Whether the fortune's verdict still counts: no help had, and the deal not
        played before (GameFacts.fortune_replayed): what Hint, Demo, Restart and an
        Undo of a stock turn ask about before they void it."""
        return self.facts.wish_counts
