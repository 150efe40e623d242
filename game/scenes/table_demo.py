"""The demo at the table: the solver plays the deal move by move with the normal
animations, at a speed the player sets (+ and −, or the Slower and Faster buttons
beside its words), until any other key, click or tap takes the game over."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules.moves import parse_move
from game.scenes.table_analysis import UNANSWERED
from game.scenes.table_help import HINT_PATIENCE_S
from game.scenes.table_overlay import Banner, draw_banner
from game.store.saved import BY_DEMO
from game.ui.keys import SPEED_KEYS, is_key, modifier_only
from game.ui.pointer import POINTER_DOWN
from game.ui.widgets import Button, button_at

DEMO_STEP_S = 0.55  # the demo's pause between moves, after each animation
# the demo's speeds: its pauses and flights this many times shorter (an Egyptian deal
# took over three minutes to watch); + and - (SPEED_KEYS) choose among them as it plays,
# as do the buttons beside its words (a touch screen has no keys)
DEMO_PACES = (1.0, 2.0, 4.0)
DEMO_WAIT_SAID_S = 120.0  # "still looking" stays until the line comes (see _demo_step)


class TableDemo:
    """Mixed into TableScene: the solver playing the deal for the player to watch."""

    def _make_demo_buttons(self) -> None:
        # beside the demo's words while it plays, on a desktop: a touch screen or a
        # mouse alone had no way to its speed, which only + and − set
        self.demo_pace_buttons = [
            Button(_("Slower"), lambda: self._change_demo_pace(-1), key="demo-slower"),
            Button(_("Faster"), lambda: self._change_demo_pace(1), key="demo-faster"),
        ]
        self.demo_panel: pygame.Rect | None = None  # where they were drawn last

    def _draw_status(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        keep_clear: list[pygame.Rect],
        soft: list[pygame.Rect],
    ) -> pygame.Rect:
        """The status line, off the cards, by the button whose second press it asks for;
        while the demo plays, with its speed buttons, where it stood before while that
        hides no card (it went from corner to corner as the cards moved and its words
        changed, the button a finger went for with it). Off `soft` too where it can (where
        a removed card flies), but over it rather than over a card: kept off it at any
        cost, Russian words of a lost deal hid Pyramid 36's top card at 1280x800."""
        shown = self._demo_controls_shown()
        asking = self.buttons.get(self.status_near)

        # the cards the words may speak of: the hint's, the card in hand and its places
        def marked() -> list[pygame.Rect]:
            return [self.view.top_rect(name) for name in self._marks(playable=False)]

        drawn = draw_banner(
            surface,
            area,
            self.status_banner(),
            small=True,
            avoid=keep_clear,
            least=self.hud.button_h,
            keep=self.demo_panel if shown else None,
            soft=soft,
            near=asking.rect if asking is not None and asking.rect.width else None,
            in_sight=marked,
        )
        self.demo_panel = drawn if shown else None
        return drawn

    def _demo_controls_shown(self) -> bool:
        """Whether the demo's words and speed buttons are on the table: while it plays
        on a desktop (a kiosk's show is the attract loop's, stopped by any touch)."""
        return self.demo and self.app.kiosk is None and self.banner is None

    def status_banner(self) -> Banner:
        """The status line as drawn: while the demo plays, with its speed buttons, and
        its speed in words once nothing else is said."""
        if not self._demo_controls_shown():
            return Banner(self.status, [])
        slower, faster = self.demo_pace_buttons
        slower.enabled = self.demo_pace > 0
        faster.enabled = self.demo_pace < len(DEMO_PACES) - 1
        pace = f"{DEMO_PACES[self.demo_pace]:g}"
        words = self.status or _("Demo: the solver plays at ×{pace}.", pace=pace)
        return Banner(words, self.demo_pace_buttons, enter=False)

    def _hover_demo_pace(self, mouse: bool, pos: tuple[int, int]) -> None:
        """Light the speed button under the mouse (`mouse`: a mouse's move, on no
        button of the bar), as the bar's buttons light."""
        shown = mouse and self._demo_controls_shown()
        hot = button_at(self.demo_pace_buttons, pos) if shown else None
        for button in self.demo_pace_buttons:
            if button.hot != (button is hot):
                button.hot = button is hot
                self._invalidate()  # drawn with the demo's words, not with the bar

    def _demo_event(self, event: pygame.event.Event) -> bool:
        """What a key or a press does while the demo plays: + and −, or a speed
        button, change its speed, and a press elsewhere on its panel does nothing; any
        other key, click or tap stops it (the player takes over) and goes on to do what
        it does, but Esc, which only stops it. Whether `event` was used up."""
        t = event.type
        if not self.demo or t not in (POINTER_DOWN, pygame.KEYDOWN) or modifier_only(event):
            return False
        # (a kiosk's show stops at any key, as at any touch)
        if t == pygame.KEYDOWN and event.key in SPEED_KEYS and self.app.kiosk is None:
            self._change_demo_pace(SPEED_KEYS[event.key])
            return True
        pointer = t == POINTER_DOWN
        margin = self._touch_margin(event) if pointer else 0
        on_bar = self.bar_button_at(event.pos, margin) if pointer else None
        if pointer and self._demo_controls_shown():
            pace = button_at(self.demo_pace_buttons, event.pos, margin)
            if pace is not None:
                pace.action()
                return True
            # its words, or a grey button: a finger short of Slower stopped it (but not
            # the slack of the bar's buttons below, which goes to them)
            panel = self.status_drawn
            if panel is not None and panel.collidepoint(event.pos) and on_bar is None:
                return True
        # the press that presses Demo leaves it to its button, the same press
        # (stopped here, a finger's slack off, it was started again); a kiosk's
        # passer-by has no Demo: any touch stops it
        on_demo = on_bar is not None and on_bar is self.buttons.get("demo")
        # D, and Enter on the Demo button, stop it as its button does (stopped here,
        # the same Enter pressed Demo again and started it)
        demo_key = t == pygame.KEYDOWN and (
            is_key(event, pygame.K_d)
            or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.keys.focus == "demo")
        )
        if on_demo or demo_key:
            return False
        self.demo = False  # the player takes over
        # and stays: Esc, the key for "stop this", left the table as well
        used = t == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if used:
            self._invalidate()
        return used

    def _demo_pressed(self, by_key: bool = False) -> None:
        """The Demo button, and D (`by_key`): see _help_asked. Stopping the demo is not
        asked, nor a demo with nothing to show (see _toggle_demo)."""
        free = self._nothing_better(self.analysis.known()) and not self._verdict_unasked()
        if self.demo or free or self._help_asked("demo", by_key):
            self._toggle_demo()

    def _toggle_demo(self) -> None:
        """The solver plays the deal, move by move, with the normal animations."""
        if self.game.over and not self.demo:
            return  # nothing left to show: the game stays as the player ended it
        if not self.demo and self._nothing_better(self.analysis.known()):
            # nothing to show: not started, nor the game marked helped for it, but where
            # the player hid the verdict, which these words are
            if self._verdict_unasked():
                self._solver_asked(BY_DEMO)
            self._say(self._nothing_better_words(self.analysis.known() or UNANSWERED), 6.0)
            return
        self.demo = not self.demo
        self.demo_wait = 0.0
        self.demo_panel = None  # placed afresh for each demo
        for button in self.demo_pace_buttons:
            button.hot = False  # lit when it last stopped, the pointer since gone
        self.demo_pace = 0  # as its words say: kept from the last one, its speed was unsaid
        if self.demo:
            self._solver_asked(BY_DEMO)
            self.analysis.ask()
            # a kiosk's passer-by has no Demo (its show says its own words): D is a key,
            # and the table is clicked (or tapped: a desktop's touch screen sends clicks)
            self._say(
                _(
                    "Demo: the solver plays. Click or tap the table, or press any key, to take"
                    " over; + and − set its speed."
                ),
                5.0,
            )
            self.status_of_demo = True

    def _change_demo_pace(self, step: int) -> None:
        """One speed faster (`step` 1) or slower (-1), within DEMO_PACES, said."""
        self.demo_pace = min(max(self.demo_pace + step, 0), len(DEMO_PACES) - 1)
        self.demo_wait = min(self.demo_wait, DEMO_STEP_S / DEMO_PACES[self.demo_pace])
        self._say(_("Demo speed: ×{pace}", pace=f"{DEMO_PACES[self.demo_pace]:g}"), 2.0)
        self.status_of_demo = True  # gone with the demo, as its other words

    def move_speed(self) -> float:
        """How fast a move flies: the settings' animation speed, times the demo's pace
        while it plays."""
        speed: float = self.app.settings.animation_speed
        return speed * DEMO_PACES[self.demo_pace] if self.demo else speed

    def start_demo(self) -> None:
        """Let the solver play from here on (a kiosk's show); nothing if it already does."""
        if not self.demo:
            self._toggle_demo()

    def _demo_step(self, dt: float) -> None:
        # nor while nobody can see it (minimised, or covered: its cards hidden), as the
        # solver rests then: the demo played on unseen, and asked the solver anew
        if self.animator.busy or self.celebration or self.wish_pending or self.unseen:
            return
        self.demo_wait -= dt
        if self.demo_wait > 0:
            return
        if self.game.over:
            self.demo = False
            return
        known = self.analysis.known()
        waiting = _("Demo: the solver is still looking for its line…")
        if known is None:
            self.analysis.ask()
            if not self.status and not self.attract and -self.demo_wait >= HINT_PATIENCE_S:
                # an undecided Egyptian deal takes it 8 s and more: the demo stood still
                # with no word once its first had gone (a wait of a moment, unsaid)
                self._say(waiting, DEMO_WAIT_SAID_S)
                self.status_of_demo = True
            return
        if self.status == waiting:
            self._say("", 0.0)
        line = list(known.line)
        if not line:
            self.demo = False
            if self._nothing_better(known):
                if self.end_offered or self.attract or self.banner:
                    self._say(self._nothing_better_words(known), 6.0)
                else:
                    # as play by hand has it offered once: a note for 6 s, missed while
                    # watching, left the player to find Give up
                    self.end_offered = True
                    self.told_lost_best = known.best_remaining_points
                    self.banner = self._best_reached_banner(known)
            else:
                self._say(_("The solver has no better move to show."))
            return
        self.demo_wait = DEMO_STEP_S / DEMO_PACES[self.demo_pace]
        self._play(parse_move(line[0]))
