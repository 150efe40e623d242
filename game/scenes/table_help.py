"""The solver's help at the table: hints, the demo, what the solver's verdicts say,
and what taking a move back past "no win is possible" means for the score."""

from __future__ import annotations

from collections.abc import Callable

from game.hints import suggest
from game.i18n import _
from game.rules import Move
from game.rules.moves import REDEAL_MOVE, parse_move
from game.scenes.loss_words import lost_words
from game.scenes.move_words import move_words
from game.scenes.table_analysis import UNANSWERED, Answer
from game.scenes.table_controls import key_of
from game.scenes.table_overlay import Banner
from game.scenes.take_back_words import taking_back_question
from game.store.saved import (
    ARCADE,
    BY_HINT,
    BY_SEEN_STOCK,
    BY_TAKING_BACK,
    GameFacts,
    LinePosition,
)
from game.ui.labels import points
from game.ui.widgets import Button

HINT_PATIENCE_S = 1.0  # then a hint the solver has not settled is a likely move
TAKE_BACK_PAUSE_S = 1.0  # how long the take-back banner is up before Undo confirms it


class TableHelp:
    """Mixed into TableScene: the solver's hints and verdicts (the demo is TableDemo's)."""

    _told_lost_best: int | None
    facts: GameFacts

    @property
    def told_lost_best(self) -> int | None:
        """The best score a proven loss was said with: said again only when a move made
        it worse (said after every move of a lost deal, it nagged); None once winnable.
        Kept with the game's facts, for the game continued (see best_said_before)."""
        return self._told_lost_best

    @told_lost_best.setter
    def told_lost_best(self, best: int | None) -> None:
        self._told_lost_best = self.facts.best_said = best

    def _help_in_taking_back(
        self,
        back_to: tuple[str, ...],
        confirm: Callable[[], None],
        confirmed: bool,
        restart: bool = False,
        press: str = "",
    ) -> bool | None:
        """What Undo or Restart (`restart`) back to `back_to` means (see _taking_back);
        `confirmed`: the banner's Take back was pressed, and the game is assisted from
        now."""
        if not confirmed:
            return self._taking_back(back_to, confirm, restart, press)
        self.takeback_warned_at = None
        self._taken_back(self._taking_back_costs(back_to) or BY_TAKING_BACK, back_to)
        return True

    def _taken_back(self, cost: str, back_to: tuple[str, ...]) -> None:
        """Take back, asked and answered (the key again, or the banner's button): the
        game is assisted for `cost`, and for the verdict passed too where a stock card
        put back is the cost (see _verdict_taken_back_freely)."""
        self.facts.mark_assisted(cost)
        self._verdict_taken_back_freely(back_to)

    def _taking_back_costs(self, back_to: tuple[str, ...]) -> str | None:
        """Why taking the moves after `back_to` back would cost the game its place in the
        tables (BY_SEEN_STOCK, BY_TAKING_BACK), or None if it costs nothing.

        A card put back on the stock has been seen, where a deal is played once and
        blind (the day's deal, an arcade level): undo, look, undo again, and the whole
        stock was known, then played to a place in the table (a later pass's Undo shows
        nothing the first pass did not). A free game's deal may be played again and
        again, and its Undo is free: the free table keeps each deal at its best.

        A move taken back to where the top bar said the deal could be won, past where
        it said it no longer could, uses the solver's verdict: trying moves and taking
        back those it calls lost finds the winning line by the solver."""
        if not self.recorded or self.assisted or self.run_assisted:
            return None
        taken_back = self.game.actions[len(back_to) :]
        if (
            self.facts.played_once
            and self._table_at_stake()
            and (self.game.on_first_pass or not back_to)
            and any(action.took_from_stock for action in taken_back)
        ):
            return BY_SEEN_STOCK
        return BY_TAKING_BACK if self._past_the_verdict(back_to) else None

    def _past_the_verdict(self, back_to: tuple[str, ...]) -> bool:
        """Whether taking the moves after `back_to` back goes past where the top bar
        turned from "Can be won" to "No win possible", or past a move the game said made
        a lost deal's best score worse: play, read, take back, and the line was found by
        the solver, move by move. Not where no verdict was said (a fortune's, kept: the
        Undo that voids its wish takes back a line played with the verdict unsaid)."""
        if self.verdict_kept() or not self.facts.verdict_shown:
            return False
        worse = self.worse_said_at
        return self.analysis.lost_since(back_to) or (worse is not None and len(back_to) < worse)

    def _verdict_taken_back_freely(self, back_to: tuple[str, ...]) -> None:
        """A game out of the tables for what is no help of the solver's in it (a seen
        stock card, a level's deal practised, its run helped) takes back freely; past
        the verdict, it used the solver's all the same, which its deal keeps for its
        next game: a free game of the day's number, played after, took place 1 in the
        table."""
        out = self.assisted or self.run_assisted  # a level of a run helped before
        freely = self.recorded and out and not self.facts.solver_helped
        if freely and self._past_the_verdict(back_to):
            self.facts.mark_assisted(BY_TAKING_BACK)
            self._keep_facts()

    def _taking_back(
        self, back_to: tuple[str, ...], confirm: Callable[[], None], restart: bool, press: str
    ) -> bool | None:
        """Undo or Restart that would cost the game its place in the tables (see
        _taking_back_costs). Restart is asked about too: it is every move taken back,
        and Redo then leads anywhere along the line. ("Same deal again" is another
        game, kept out of the table as played before.)

        The first Undo (or Restart) that would do so puts up a banner that says what it
        would mean, with Take back (`confirm`) and Play on; the same press again, once
        the banner has been up a second, is Take back (a quick double press is one
        press), and the banner says so of `press`, the key or button pressed (U again
        took the move back, the day's place with it, with no word that it would). None:
        wait, asked; True: go on, now assisted; False: go on, nothing to say."""
        cost = self._taking_back_costs(back_to)
        if cost is None:
            self._verdict_taken_back_freely(back_to)
            return False
        where = (self.analysis.position(), "restart" if restart else "undo")
        if self.takeback_warned_at != where:
            self.takeback_warned_at = where
            self.takeback_warned_time = self.animator.now
            run = self.facts.mode == ARCADE  # a level's help keeps its whole run out
            worse = self.takeback_worse = self._made_worse_not_lost(cost, back_to)
            text = taking_back_question(cost, restart, self.game.over, run, worse)
            if restart:
                text = f"{text} {_('{press} again: start over.', press=press)}"
            else:
                text = f"{text} {_('{press} again: take back.', press=press)}"
            # a game at its end has nothing to play on: it keeps its result ("or play
            # on" under "no moves left" read as a threat to the result just earned)
            stay = _("Keep the result") if self.game.over else _("Play on")
            # the banner says again what a notice of the loss said; beside it, that
            # notice found no room but on the cards
            self.status, self.status_left = "", 0.0
            self.banner = Banner(
                text,
                [
                    Button(
                        _("Start over") if restart else _("Take back"), confirm, key="take-back"
                    ),
                    Button(stay, self._play_on, key="play-on"),
                ],
                enter=False,
                dismiss=self._play_on,
            )
            self._invalidate()
            return None
        if self.animator.now - self.takeback_warned_time < TAKE_BACK_PAUSE_S:
            return None  # the press that put the banner up, repeated by a quick hand
        self.takeback_warned_at = None
        self._taken_back(cost, back_to)
        return True

    def _made_worse_not_lost(self, cost: str | None, back_to: tuple[str, ...]) -> bool:
        """Whether taking the moves after `back_to` back costs (`cost`) for a move the
        game said made a lost deal's best score worse, not for one that lost the win:
        the question and what is said after it name the one they mean."""
        return cost == BY_TAKING_BACK and not self.analysis.lost_since(back_to)

    def _table_at_stake(self) -> bool:
        """Whether the game could still enter a high-score table, as far as is known
        before its end: the rest of what Records.table_for asks is known only then, or
        was known at the deal (help had with this deal before marks the game assisted)."""
        return (
            self.recorded
            and not self.assisted
            and not self.run_assisted
            and not self.practised
            and self.game.deal_number is not None
        )

    def _hint(self) -> None:
        """The next move of a winning line, or toward the best score left: from the
        solver's answer for this position (at once when known, else when it comes)."""
        self._finish_animation()
        if self.game.over:
            return
        known = self.analysis.known()
        if known is None and not self.hint_overdue:
            self.hint_pending = True
            self.hint_wait = HINT_PATIENCE_S
            self.analysis.ask()
            self._say(_("Looking for a hint…"), 30.0)
            return
        answered = known is not None  # else the solver took longer than HINT_PATIENCE_S
        known = known or UNANSWERED
        self.hint_overdue = False
        self.hint_pending = False
        line = list(known.line)
        move: Move | None
        if self._nothing_better(known):
            # any move keeps the points, as the Demo says: a move shown here read as the
            # way on, and the Demo then said it had none. Help, where the verdict was hid
            if self._verdict_unasked():
                self._solver_asked(BY_HINT)
            self._say(self._nothing_better_words(known), 6.0)
            return
        if known.won and line:
            move, why = parse_move(line[0]), _("This deal can still be won.")
        elif known.lost:
            # toward the best score; at the end of a best line found (not proven best:
            # see _nothing_better), any move keeps the points
            move = parse_move(line[0]) if line else suggest(self.game)
            # "best found": the search for the best score ran out of time
            left = points(known.best_remaining_points)
            exact = known.best_exact
            if not self.game.moves:  # "no win now" at the deal read as if a move spoilt it
                why = (
                    _("This deal cannot be won; best possible: {points} left.", points=left)
                    if exact
                    else _("This deal cannot be won; best found: {points} left.", points=left)
                )
            else:
                why = (
                    _("No win is possible now; best possible: {points} left.", points=left)
                    if exact
                    else _("No win is possible now; best found: {points} left.", points=left)
                )
        elif line:
            # not settled within its limit, but the search has a line to the fewest points
            # it saw: the Demo plays that line, and the hint follows it too (a likely move
            # looks one move ahead, the line hundreds)
            move = parse_move(line[0])
            why = _(
                "The solver has not settled this position; the best line it found leaves {points}.",
                points=points(known.best_remaining_points),
            )
        else:
            move = suggest(self.game)
            if answered:
                why = _("The solver has not solved this position: a likely move.")
            else:
                why = _("The solver is still thinking; meanwhile, a likely move.")
        if move is None:
            self._say(_("No moves left."))
            return
        # the same hint asked again (a second press, as the question before help
        # teaches) is the one already counted: a hint shown lasts until the position
        # changes (see _after_change)
        if move != self.hint:
            self.hints_used += 1
        self._solver_asked(BY_HINT)
        self.hint = move
        if self.keys.visible:
            # where a keyboard player's Enter plays it: the card to pick up, or where the
            # card already picked up goes; a turn of the waste is the stock's
            place = "st" if move == REDEAL_MOVE else move.a
            if place == self.selected and move.b:
                place = move.b
            if place in self._focusable():
                self.keys.focus = place
        self._say(why + " " + _("Hint: {move}.", move=move_words(self.game, move)), 6.0)
        self.status_where = self.analysis.position()  # stale once a move is played
        self._invalidate()

    @staticmethod
    def _nothing_better(known: Answer | None) -> bool:
        """The solver proved the game lost and that no move lowers the points left: the
        best score is where the game stands. Not where its search for the best score
        ran out of time: there the end of the best line found proves nothing."""
        return known is not None and known.lost and not known.line and known.best_exact

    def _nothing_better_words(self, known: Answer) -> str:
        return _(
            "No win is possible now, and no move lowers the points left: {points} is the best.",
            points=points(known.best_remaining_points),
        )

    def _keep_facts(self) -> None:
        """Save at once what a hint or the demo changed: the game is assisted even if it
        is killed before the next move, or left before the first (a daily or arcade
        game is kept from its deal on, and resumed). And what the bar offers: a wish
        that no longer counts lets Finish play through the stock."""
        if self.recorded:
            self._save()
        self._update_buttons()

    def _pause_analysis_while_hidden(self) -> None:
        """A minimised window's game stands still, and so does its solver (a kiosk's
        show plays on, drawn whatever the window manager says: see App.frame); so do a
        covered table's, its cards hidden while another window has the focus (its
        search went on at a core's full use for most of a minute)."""
        hidden = (self.app.hidden or self._covered()) and self.app.kiosk is None
        if hidden != self.unseen:
            self.unseen = hidden
            if hidden:
                self.analysis.pause()
            elif self.dealt:
                self.analysis.resume()

    def _analysis_arrived(self) -> None:
        """The solver answered: a hint that waited shows; a proven loss is said once."""
        self.redraw = True
        hinted = self.hint_pending and self.analysis.known() is not None
        if hinted:
            self._hint()  # its words already say whether a win is possible
        known = self.analysis.known()
        where = self.analysis.position()
        self._keep_the_verdict(known)
        self._keep_the_deal_best()
        said_before = self.best_said_before
        if known is not None:  # the position's own answer is news from here on
            self.best_said_before = None
        if known and known.won:
            self.told_lost_best = None
        if not known or not known.lost or self.game.over:
            return
        self._loss_taken_back(known)
        # play may go on for ever (an Egyptian gap takes any card once the stock is out)
        # and gain nothing: said, and the end offered, once
        offer = self._nothing_better(known) and not self.end_offered and self.banner is None
        if self._loss_is_news(known) or offer:
            if hinted:  # its words said it
                self.told_lost_best = known.best_remaining_points
            # stuck, its banner says the game is over in all but name: the loss again,
            # in a second box beside it, said nothing new
            elif not self.demo and not self.verdict_kept() and not self.stuck:
                told = self.told_lost_best
                if told is None:  # a move made before Continue, left before its answer
                    told = said_before
                worse = told is not None and known.best_remaining_points > told
                if worse and not self.facts.solver_helped:
                    # a move made the best worse, and it is said: taking it back now uses
                    # the solver (see _taking_back_costs)
                    said_at = len(where)
                    self.worse_said_at = min(said_at, self.worse_said_at or said_at)
                    self.facts.worse_position = LinePosition.of(where[: self.worse_said_at])
                    self._keep_facts()
                self.told_lost_best = known.best_remaining_points
                if offer:
                    self.end_offered = True
                    self.banner = self._best_reached_banner(known)
                else:
                    at_deal = not self.game.moves and self.recorded
                    words = lost_words(known, at_deal, told if worse else None)
                    # after what the table knows of the deal from other games ("stays
                    # out of its table"), said at the deal or at Continue, which the
                    # loss covered 3 frames on
                    news = self._deal_words()
                    news = news if news and (not self.game.moves or self.status == news) else ""
                    seconds = 10.0 if news or worse else 5.0 if self.game.moves else 8.0
                    self._say(f"{news} {words}" if news else words, seconds)
                    self.status_where = where  # said of this position: gone when it changes

    def _loss_taken_back(self, known: Answer | None) -> None:
        """The best said is lowered to the best of where the game stands (`known`, its
        answer) when that is better (an Undo, a Restart): a later move that makes it
        worse is then said. Kept at the worst ever said, a move back up from there went
        unsaid."""
        told = self.told_lost_best
        if told is not None and known and known.lost:
            self.told_lost_best = min(told, known.best_remaining_points)

    def _loss_is_news(self, known: Answer) -> bool:
        """A proven loss is said at first, and again only when a move made the best
        score worse (the top bar says "No win possible" all along)."""
        told = self.told_lost_best
        return told is None or known.best_remaining_points > told

    def _offer_the_best_reached(self) -> None:
        """After a move along the solver's line to a lost deal's best score: the end
        offered, as the answer of that position offers it when it comes. Known from
        the line, it is never asked, and never came: a player who followed the hints
        to the best was offered nothing."""
        known = self.analysis.known()
        if (
            not self._nothing_better(known)
            or known is None
            or self.end_offered
            or self.banner is not None
            or self.game.over
            or self.stuck
            or self.demo
            or self.verdict_kept()
        ):
            return
        self.end_offered = True
        self.told_lost_best = known.best_remaining_points
        self.banner = self._best_reached_banner(known)

    def _best_reached_banner(self, known: Answer) -> Banner:
        """The game can only stay as good as it is: its end offered, as a stuck game's."""
        words = _(
            "No move can lower the points left now: {points} is the best. The game may end here.",
            points=points(known.best_remaining_points),
        )
        end = Button(_("End the game"), self._resign, key="end")
        return Banner(words, [end], enter=False, dismiss=self._close_banner)

    def _hint_pressed(self, by_key: bool = False) -> None:
        """The Hint button, and H (`by_key`): see _help_asked. Where the best score is
        already reached it costs nothing to say so, and nothing is asked. A hint on its
        way is not asked for again: a press then asked the question anew, or put its wait
        off, and a player pressing H saw no hint."""
        if self.hint_pending:
            return
        # where the player hid the verdict, "no move lowers the points" is one: asked
        # about, as any hint is, not said at the first press
        free = self._nothing_better(self.analysis.known()) and not self._verdict_unasked()
        if free or self._help_asked("hint", by_key):
            self._hint()

    def _help_asked(self, what: str, by_key: bool = False) -> bool:
        """Whether help goes ahead: at once where it costs nothing (the game had help
        already, or its end would have no verdict and no table), else at a second press
        of its button or key in its question's time (see _second_press), asked in words
        that say what it costs. A stray H took a day's deal out of its table, unasked
        and for good, and voided a wish."""
        if self.assisted or self.game.over:
            return True
        table = self._table_at_stake()
        wish = self._wish_counts()
        if not (table or wish):
            return True
        # the second press asked of what made the first: the key, as G asks "Press G
        # again", or the button by its name
        press = key_of(what) if by_key else _("“Hint”") if what == "hint" else _("“Demo”")
        run = self.facts.mode == ARCADE
        return self._second_press(what, _help_question(what, wish, table, press, run))


def _help_question(what: str, wish: bool, table: bool, press: str, run: bool = False) -> str:
    """The question before help (`what`: "hint" or "demo"), saying what it costs: the
    wish's verdict, the game's place in the tables (an arcade level's: the whole `run`'s
    place in its table), or both; `press` is what to press again (a key, or a button by
    its name)."""
    if run:  # a ladder's levels tell no fortune
        if what == "hint":
            return _(
                "Press {press} again for a hint: it keeps this arcade run out of its table.",
                press=press,
            )
        return _(
            "Press {press} again to let the solver play: it keeps this arcade run out of"
            " its table.",
            press=press,
        )
    if what == "hint":
        if wish and table:
            return _(
                "Press {press} again for a hint: your wish then gets no verdict, and this"
                " game no place in the high-score tables.",
                press=press,
            )
        if wish:
            return _("Press {press} again for a hint: your wish then gets no verdict.", press=press)
        return _(
            "Press {press} again for a hint: it takes this game out of the high-score tables.",
            press=press,
        )
    if wish and table:
        return _(
            "Press {press} again to let the solver play: your wish then gets no verdict, and"
            " this game no place in the high-score tables.",
            press=press,
        )
    if wish:
        return _(
            "Press {press} again to let the solver play: your wish then gets no verdict.",
            press=press,
        )
    return _(
        "Press {press} again to let the solver play: it takes this game out of the"
        " high-score tables.",
        press=press,
    )
