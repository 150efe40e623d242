"""The table's actions: playing a move with its animation and sound, undo, redo,
auto-finish, the end of a game, and where the buttons lead. The solver's help
(hints, the demo, its verdicts) is table_help's."""

from __future__ import annotations

import math
import random

import pygame

from game import i18n
from game.audio import CASCADE_BELLS
from game.i18n import _, n_
from game.render.animation import MOVE_S, Tween, invert, tweens_for
from game.render.celebration import Celebration
from game.rules import Action, IllegalMove, Move, Outcome
from game.rules.events import MOVE as MOVE_EVENT
from game.rules.events import REDEAL, REMOVE, TURN
from game.rules.moves import FOUNDATION, OUT, pile_kind
from game.scenes.base import DOUBLE_PRESS_S, question_s
from game.scenes.leaving_words import give_up_question, new_deal_question
from game.scenes.summary import GameSummary
from game.scenes.table_help import TAKE_BACK_PAUSE_S
from game.scenes.table_overlay import Banner
from game.scenes.take_back_words import (
    restart_question,
    seen_stock_said,
    started_over_said,
    taken_back_said,
    undo_question,
)
from game.store.saved import ARCADE, BY_SEEN_STOCK
from game.ui.widgets import Button

STATUS_S = 3.5


class TablePlay:
    """Mixed into TableScene: everything that changes the game."""

    recorded = True  # the records keep this game (a replay played back is not kept)
    # the bar button whose second press the status asks for ("Press Give up again"): the
    # words stand by it (see TableDemo._draw_status); "" while they say anything else
    status_near = ""

    # -- playing -------------------------------------------------------------------

    def _deal(self) -> None:
        assert self.view is not None
        self.dealt = True
        if self.game.moves:
            self._after_change()  # a game resumed mid-way: no deal to show
            if self.helped_before or self.practised:  # news since it was left
                self._say(self._deal_words(), 6.0)
            elif self.voided_now:
                self._say(
                    _("This deal has been played in another game since: it tells no fortune now."),
                    6.0,
                )
            return
        counts = self.view.counts()
        zero = {name: 0 for name in counts}
        stock = self.view.layout.spots["st"].rect
        tweens = tweens_for(
            self.game.deal_events,
            zero,
            counts,
            self.view.rects,
            self.view.face_up,
            self.animator.now,
            self.app.settings.animation_speed,
            deck_spot=stock,
        )
        self.animator.add(tweens)
        self.app.sounds.play("deal")  # with the animations off too: the cue a deal is down
        self._after_change()
        words = self._deal_words()
        if words:
            self._say(words, 6.0)

    def _mark_help_had_before(self) -> str | None:
        """The help another game of this deal had (Records.deal_help_before), marked on
        this one, which has it too; None where there was none, or this game is not kept
        or is assisted already."""
        if not self.recorded or self.facts.assisted:
            return None
        found = self.app.records.deal_help_before(self.game, self.facts.record_id)
        if found:
            self.facts.mark_assisted(found)
        return found

    def _wish_made(self) -> None:
        self.wish_pending = False
        self.banner = None
        self._deal()

    def _play(
        self, move: Move, from_rect: pygame.Rect | None = None, cascade: bool = False
    ) -> bool:
        """Play a move with its animation; a refused move is explained. True if played.

        Any move but the Finish cascade's own (`cascade`) stops the cascade: its list was
        made for the position before."""
        assert self.view is not None
        if not cascade:
            self.autoplay.clear()
        self.animator.finish()
        before = self.view.counts()
        try:
            action = self.game.play(move)
        except IllegalMove as e:
            self._refuse(i18n.refusal(e.refusal, self._top_of), move)
            if from_rect is not None and self.drag:
                self._fly_back(from_rect)
            if cascade:  # never expected; the cascade stops rather than refuse on
                self.autoplay.clear()
                self._update_buttons()
            return False
        self._animate(action.events, before, from_rect)
        self._sound_for(action, cascade)
        self._after_change()
        return True

    def _animate(self, events, before, from_rect=None) -> None:  # type: ignore[no-untyped-def]
        assert self.view is not None
        tweens = tweens_for(
            events,
            before,
            self.view.counts(),
            self.view.rects,
            self.view.face_up,
            self.animator.now,
            self.move_speed(),
        )
        if tweens and from_rect is not None:
            tweens[0].start = from_rect
        self.animator.add(tweens)

    def _fly_back(self, rect: pygame.Rect) -> None:
        """A refused drop: the card flies back home."""
        assert self.view is not None and self.drag is not None
        pile = self.drag.pile
        index = len(self.game.pile(pile)) - 1
        home = self.view.top_rect(pile)

        speed = self.app.settings.animation_speed
        if speed > 0:
            self.animator.add(
                [Tween(self.drag.card, rect, home, self.animator.now, MOVE_S / speed, pile, index)]
            )

    def _sound_for(self, action: Action, cascade: bool = False) -> None:
        kinds = {e.kind for e in action.events}
        if REMOVE in kinds:
            self.app.sounds.play("pair")
        elif TURN in kinds or REDEAL in kinds:
            self.app.sounds.play("flip")
        elif any(e.kind == MOVE_EVENT and pile_kind(e.dst) == FOUNDATION for e in action.events):
            # a step towards the end, heard apart; a cascade's up the scale in turn
            bell = CASCADE_BELLS[self.bells_rung % len(CASCADE_BELLS)] if cascade else "home"
            # the next bell only after one rang: with the animations off, a bell asked
            # at once after another is not rung, and the scale came out at random
            if self.app.sounds.play(bell) and cascade:
                self.bells_rung += 1
        else:
            self.app.sounds.play("place")

    def _refuse(self, reason: str, move: Move | None = None) -> None:
        self.app.sounds.play("refused")
        self._say_here(reason)
        if move is not None and move.b and move.b in (self.view.layout.spots if self.view else {}):
            self.refused_pile = move.b

    def _refuse_move(self, move: Move) -> None:
        """Say why the rules refuse a move the player asked for by a click (the stock's,
        a covered card's), in the game's language."""
        reason = self.game.refusal_reason(move)
        if reason is not None:
            self._refuse(i18n.refusal(reason, self._top_of))

    def _top_of(self, pile: str) -> str:
        """A pile's top card, "" when it is empty: refusals name a place by it, since
        the table shows no pile numbers."""
        cards = self.game.pile(pile)
        return cards[-1] if cards else ""

    def ask_still_playing(self, seconds: float) -> None:
        """A kiosk's question before it ends a game nobody has touched: the demo stops
        (a player may have left it playing), a banner asks. See still_playing()."""
        self.demo = False
        self.autoplay.clear()
        self.banner_before_question = self.banner
        self.banner = None
        self.still_playing_left(seconds)

    def still_playing_left(self, seconds: float) -> None:
        """The question's count of seconds, said again as it goes down (it stood still)."""
        text = n_(
            "Still playing?\nTouch the screen to go on: in {n} second the game ends.",
            "Still playing?\nTouch the screen to go on: in {n} seconds the game ends.",
            max(1, math.ceil(seconds)),
        )
        if self.banner is None or self.banner.text != text:
            self.banner = Banner(text, enter=False, waits=True)
            self._invalidate()

    def still_playing(self) -> None:
        """The question answered: the game's own banner, if it had one, comes back."""
        self.banner = self.banner_before_question
        self.banner_before_question = None
        self._invalidate()

    def announce(self, text: str, seconds: float = 6.0) -> None:
        """A line for the player over the table (an arcade level, a resumed game)."""
        self._say(text, seconds)
        self.announcement = text
        self.announced_at = self.game.moves_made

    def _announcing(self) -> bool:
        """Whether the table's opening line is still said, over the position it opened
        on: a tip of that position waits for it (an arcade level's name, and that the
        run had help, said only there, gave way at once to "press Finish")."""
        said = bool(self.status) and self.status == self.announcement and self.status_left > 0
        return said and self.game.moves_made == self.announced_at

    def tell(self, text: str) -> bool:
        self._say(text, 8.0)
        return True

    def _say(self, text: str, seconds: float = STATUS_S) -> None:
        self.status, self.status_where, self.status_near = text, None, ""
        self.status_left = seconds
        self.status_of_demo = False
        self._invalidate()

    def _say_here(self, text: str, seconds: float = STATUS_S) -> None:
        """Words about this position (a refusal, a question a second press answers):
        gone with the next move, where they read as said of the move just made."""
        self._say(text, seconds)
        self.status_where = self.analysis.position()

    def _save(self) -> None:
        """The game saved as it stands (with its facts, if it is recorded). A save that
        failed where the last one worked is said on the table (the clock's saves between
        moves too: a player who thought longer than those never heard of it), as soon as
        nothing else is: a hint's words, said next, covered it at once."""
        unsaved = self.app.game_changed(self.game, self.facts if self.recorded else None)
        if unsaved and self.app.kiosk is None:  # the operator's, in the log, not a passer-by's
            self.unsaved = unsaved

    def _after_change(self) -> None:
        """After any change of position: marks, analysis, buttons, the end of the game."""
        self.selected = None
        # a card held or pressed belongs to the position before (a cascade's move, an
        # undo by key while a card is held): dropping it would move another card
        self.drag = None
        self.press = None
        self.hint = None
        self.refused_pile = None
        self.asked_until.clear()  # the questions were about another position
        self.takeback_warned_at = None  # a question about the position before
        if self.status_where is not None and self.status_where != self.analysis.position():
            # "no way to win from here" after an undo back to a winnable position
            self.status, self.status_where = "", None
        if self.hint_pending:  # asked about the position before: no hint for this one
            self.hint_pending = False
            if self.status == _("Looking for a hint…"):
                self._say("", 0.0)
        self.hint_overdue = False
        game = self.game
        self._keep_the_verdict(self.analysis.known(), save=False)  # an answer kept
        self._save()
        self.analysis.ask()
        self._loss_taken_back(self.analysis.known())
        self.finishing = game.finishing_moves()
        self._search_stuck()
        self.banner = None
        if game.won:
            self.app.sounds.play_next("win")
            self._celebrate()
        elif game.outcome == Outcome.RESIGNED:
            self._show_results()
        elif game.over:
            self.app.sounds.play_next("lose")
            self.banner = Banner(
                _("No moves left."),
                [Button(_("See the result"), self._show_results, key="results")],
            )
        elif self.stuck:
            self._stuck_found()
        elif self._finish_offered() and not (self.autoplay or self.demo or self._announcing()):
            # true with seen cards still in the stock: turning them is part of the finish
            self._say(_("The game can be played out from here: press “Finish”."), 5.0)
            # said of this position: a stock turn after it greyed Finish out, the note up
            self.status_where = self.analysis.position()
        self._offer_the_best_reached()
        self._update_buttons()
        if self.view:  # once the buttons are: Undo pressed back to the deal is off now
            # a focus left by a card removed goes to the nearest card, never the bar's
            # nearest button: the next Enter, meant for a card, asked to start the demo
            focusable = self._focusable()
            if self.keys.focus not in self.buttons:
                focusable = [name for name in focusable if name in self.view.piles] or focusable
            last = self.game.moves[-1] if self.game.moves else None
            if last is not None and self.keys.focus == last.b and last.b not in focusable:
                # a card put down where the keys took it: on to the next card where it came
                # from (the waste's), not the place nearest (the stock beside it)
                self.keys.focus = last.a if last.a in focusable else self.keys.focus
            self.keys.keep_on(focusable, lambda name: self.focus_rect(name, top=True))
        self._invalidate()

    def _celebrate(self) -> None:
        assert self.view is not None
        cards = []
        for name in self.game.pile_names:
            kind = pile_kind(name)
            if kind in (FOUNDATION, OUT):
                for card in self.game.pile(name):
                    rect = (
                        self.view.top_rect(name)
                        if kind == FOUNDATION
                        else self.view.layout.spots.get(name, None)
                    )
                    if rect is None:
                        continue
                    cards.append((card, rect if isinstance(rect, pygame.Rect) else rect.rect))
        random.Random(len(cards)).shuffle(cards)
        if self.app.settings.animation_speed <= 0:
            self._show_results()
            return
        self.celebration = Celebration(cards[-40:], self.view.area, seed=self.game.deal_number or 0)

    def _show_results(self, stuck: bool = False, best_reached: bool = False) -> None:
        from game.scenes.after_game import after_game

        # Help had with this deal in another game while this one waited (the Demo on the
        # same deal typed as a free game) is help had with this one: checked again at the end
        self._mark_help_had_before()
        self._mark_practised()
        self.facts.stuck = stuck  # kept with the game, for its replay to say so too
        self._save()  # before the results read the records (resigning comes straight here)
        self.analysis.stop()

        summary = GameSummary(
            self.game,
            self.seconds,
            hints=self.hints_used,
            assisted=self.assisted,
            assisted_by=self.facts.assisted_by,
            fortune=self.fortune,
            fortune_replayed=self.fortune_replayed,
            facts=self.facts,
            stuck=stuck,
            best_reached=best_reached,
            deal_best=self._deal_best(),
        )
        self.app.switch(lambda: after_game(self.app, summary))

    # -- buttons' actions ----------------------------------------------------------

    def _new_deal(self, by_key: bool = False) -> None:
        from game.scenes.deal_finder import start_random_deal

        if self.game.over and self.recorded:
            # as for the menu (see _to_menu): the ended game's result and place first;
            # the results offer a new deal
            self._show_results()
            return
        # a game left in play for another of its table is given up (Records.give_up):
        # asked, as Give up is
        question = new_deal_question(self._wish_counts(), by_key)
        if self.new_deal_asks():
            if not self._second_press("new", question):
                return
            self.app.records.give_up(self.game, self.facts)
        start_random_deal(self.app, self.game.ruleset, dict(self.game.options))

    def new_deal_asks(self) -> bool:
        """Whether New deal asks first: it gives up a game in play that is recorded."""
        return self.recorded and bool(self.game.moves or self.game.undo_count)

    def _restart(self, confirmed: bool = False, by_key: bool = False) -> None:
        self._finish_animation()
        if not self.game.can_undo:
            return
        # the same deal played again has no verdict: it voided the wish unasked; a
        # table's place, once the stock was seen, is asked about with it (else by the
        # take-back banner)
        wish = self._wish_counts()
        table = wish and self._taking_back_costs(()) == BY_SEEN_STOCK
        if wish and not confirmed:
            if not self._second_press("restart", restart_question(table, by_key)):
                return
            if table:
                self.facts.mark_assisted(BY_SEEN_STOCK)
        named = "F5" if by_key else _("“Restart”")  # as the take-back banner names it
        helped = self._help_in_taking_back((), self._confirm_restart, confirmed, True, named)
        if helped is None:
            return
        worse = helped and self.takeback_worse
        self.autoplay.clear()
        self.game.restart()
        if self.fortune:
            self.fortune_replayed = True
        self.animator.finish()
        self._deal()
        if helped:
            self._say(started_over_said(self.facts.assisted_by, worse), 8.0)
        elif table:  # the deal's "played before" said the wish's cost, not the table's
            self._say(seen_stock_said(True), 8.0)
        elif self.fortune:  # not "you have played this deal before", as of another day's game
            self._say(_("Started over: the deal played again tells no fortune."), 6.0)

    def _confirm_restart(self) -> None:
        self._restart(confirmed=True)

    def _undo(self, confirmed: bool = False, by_key: str = "") -> None:
        """Undo, by its button, or by the key `by_key` names (its question names it)."""
        self._finish_animation()
        # a card put back on the stock has been seen: the deal played on from there is
        # played again knowing what comes, as after Restart (all moves taken back). Not
        # on a later pass, where every stock card was seen on the first one
        game = self.game
        voids = (
            self._wish_counts()
            and game.can_undo
            and game.on_first_pass
            and game.actions[-1].took_from_stock
        )
        # a table's place is asked about with the wish (else by the take-back banner)
        back_to = self.analysis.position()[:-1]
        out_of_tables = voids and self._taking_back_costs(back_to) == BY_SEEN_STOCK
        if voids and not confirmed:
            question = undo_question(out_of_tables, by_key)
            # paused: undoing by quick presses is a habit, and the second would void
            if not self._second_press("undo", question, pause=TAKE_BACK_PAUSE_S):
                return
            if out_of_tables:
                self.facts.mark_assisted(BY_SEEN_STOCK)
        helped: bool | None = False
        if self.game.can_undo or confirmed:
            named = by_key or _("“Undo”")
            helped = self._help_in_taking_back(back_to, self._confirm_undo, confirmed, press=named)
            if helped is None:
                return
        worse = bool(helped) and self.takeback_worse
        before = self.view.counts() if self.view else {}
        action = self.game.undo()
        if action is None:
            return
        self.autoplay.clear()
        if voids:
            self.fortune_replayed = self.facts.seen_by_undo = True
        self._animate(invert(action.events), before)
        self.app.sounds.play("undo")
        self._after_change()
        if helped:
            self._say(taken_back_said(self.facts.assisted_by, worse), 8.0)
        elif voids:  # the question's words stood on after the undo, and nothing said it
            self._say(seen_stock_said(out_of_tables), 6.0)

    def _confirm_undo(self) -> None:
        self._undo(confirmed=True)

    def _play_on(self) -> None:
        self.takeback_warned_at = None
        self._after_change()  # the banner the position has, if any

    def _close_banner(self) -> None:
        self.banner = None
        self._invalidate()

    def _redo(self) -> None:
        self._finish_animation()
        before = self.view.counts() if self.view else {}
        action = self.game.redo()
        if action is None:
            return
        self._animate(action.events, before)
        self._sound_for(action)
        self._after_change()

    def _finish_offered(self) -> list[Move] | None:
        """The moves Finish plays, where it is offered: not while the stock holds cards
        not yet seen. A finish through them played by cards nobody had seen: offered
        at the deal, one click won a game of two passes (nine deals in ten with 32
        cards and 10 piles) for a first place in 34 s, and told a fortune's wish before
        its last cards were turned. On a later pass every card was seen."""
        return None if self._stock_unseen() else self.finishing

    def _auto_finish(self) -> None:
        finish = self._finish_offered()
        if finish:
            self.autoplay = list(finish)
            self.bells_rung = 0  # the cascade's first bell is home's own
            self.finishing = None
            self._update_buttons()

    def _resign(self) -> None:
        """Give up: the game is over, its score as it stands. A stuck game's end, from
        its banner or by Give up, is the game's doing, and the results say so, not "You
        gave up" (asked of the game: a game continued stuck has made no move here yet)."""
        if not self.game.over:
            stuck, best = self._stuck_at_the_end(), self._nothing_better(self.analysis.known())
            self.game.resign()
            self._show_results(stuck, best)

    def _resign_pressed(self) -> None:
        """The Give up button: see _ask_resign."""
        self._ask_resign(by_key=False)

    def _ask_resign(self, by_key: bool) -> None:
        """Give up at a second press (of G or the button) in its question's time, with no
        move between: giving up cannot be taken back (in the arcade it costs a life),
        and the button sits in a row of others a finger can miss. While the stuck
        banner is up, at the first: it already offers the end, and "Press Give up
        again" beside its "End the game" asked twice for one thing. Closed, it offers
        nothing, and a stray press would end a game Undo could still save."""
        if self.game.over:
            return
        question = give_up_question(by_key, self._wish_counts(), self.run_lives)
        if self._stuck_banner_up() or self._second_press("resign", question):
            self._resign()

    def _stuck_banner_up(self) -> bool:
        return self.banner is not None and any(b.key == "end" for b in self.banner.buttons)

    def _second_press(self, what: str, question: str, pause: float = DOUBLE_PRESS_S) -> bool:
        """Whether this press of `what` is the second within its question's time
        (question_s) with no move between; a first one puts `question` on the table. A
        press sooner than `pause` after the one before is taken for the same press,
        repeated by a quick hand (a double-click gave a game up, a hint or a new deal
        with the question unread): it does nothing but start the pause again."""
        now = self.app.clock.now()
        if now < self.asked_until.get(what, 0.0):
            if now - self.pressed_at.get(what, 0.0) < pause:
                self.pressed_at[what] = now
                return False
            del self.asked_until[what]
            return True
        self.pressed_at[what] = now
        # one question at a time: the one in sight is the one a second press answers (H,
        # then N, then H gave the hint under the New deal question)
        wait = question_s(question)
        self.asked_until = {what: now + wait}
        self._say_here(question, wait)
        self.status_near = what
        return False

    def _withdraw_question(self) -> bool:
        """Esc over a question a second press answers: the question goes, as Esc plays on
        over a banner's (it went to the menu with the question still up); whether one
        was up."""
        now = self.app.clock.now()
        if not any(now < until for until in self.asked_until.values()):
            return False
        self.asked_until.clear()
        self._say("", 0.0)
        return True

    def _rules(self) -> None:
        from game.scenes.arcade import run_rules
        from game.scenes.rules import RulesScene

        # an arcade level's: the run's rules first, said nowhere else at length
        preface = run_rules() if self.facts.mode == ARCADE else ""
        options = dict(self.game.options)
        self.app.switch(
            lambda: RulesScene(
                self.app, self.game.ruleset.id, options, back=lambda: self, preface=preface
            )
        )

    def _to_menu(self) -> None:
        from game.scenes.menu import MenuScene

        if self.game.over and self.recorded:
            # its result first: a daily left at "No moves left" never got its place
            self._show_results()
            return
        # a kiosk ends the game it leaves (KioskPolicy): asked first, as Give up is
        leaving_ends_it = self.app.kiosk is not None and self.recorded and bool(self.game.moves)
        question = _("Press “Games” again to end this game.")
        if leaving_ends_it and not self._second_press("menu", question):
            return
        self.app.switch(lambda: MenuScene(self.app))

    def _finish_animation(self) -> None:
        if self.animator.busy:
            self.animator.finish()
            self._invalidate()

    def _cancel(self) -> None:
        self.selected = None
        self.drag = None
        self.press = None
        self._invalidate()
