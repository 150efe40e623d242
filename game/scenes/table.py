"""The table: one game in play, by mouse, touch or keyboard, with animations and sound.

The scene reads the rules through the rules API: legal moves, play, undo/redo,
outcome, and the events of each action, which it animates. It knows the piles by
their names in the spec's notation (the stock "st", the waste or reserve "w"),
which is the API's vocabulary too, and the two families' ways of taking a click.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from game.clock import STEP
from game.i18n import _
from game.render.animation import Animator
from game.render.celebration import Celebration
from game.render.table_view import TableView
from game.rules import Game, Move
from game.rules.moves import PYRAMID, pile_kind
from game.scenes.base import Scene
from game.scenes.table_analysis import Analysis, Position, verdict_words
from game.scenes.table_buttons import TableButtons
from game.scenes.table_controls import TableControls
from game.scenes.table_demo import TableDemo
from game.scenes.table_facts import TableFacts
from game.scenes.table_help import TableHelp
from game.scenes.table_hud import Hud, HudFigures, figures
from game.scenes.table_input import KeyboardFocus
from game.scenes.table_overlay import Banner, draw_banner, draw_celebration_words, draw_legend
from game.scenes.table_play import TablePlay
from game.scenes.table_pointer import Drag, Press, TablePointer
from game.scenes.table_stuck import TableStuck
from game.scenes.table_tips import TableTips
from game.store import DAILY, GameFacts
from game.ui import theme
from game.ui.labels import empty_place_names
from game.ui.pointer import POINTER_DOWN, POINTER_MOVE, POINTER_UP
from game.ui.widgets import Button, put_out

CLOCK_SAVED_EVERY_S = 5.0


class TableScene(
    TableFacts,
    TableButtons,
    TablePointer,
    TableControls,
    TablePlay,
    TableStuck,
    TableHelp,
    TableDemo,
    TableTips,
    Scene,
):
    def __init__(  # type: ignore[no-untyped-def]
        self, app, game: Game, fortune_replayed: bool = False, facts: GameFacts | None = None
    ) -> None:
        super().__init__(app)
        self.game = game
        if facts is None:
            fortune = game.ruleset.tells_fortune
            facts = GameFacts(fortune=fortune, fortune_replayed=fortune and fortune_replayed)
        # what the records keep beside the moves: time, hints, the fortune's honesty
        self.facts = facts
        # asked again of a game continued: the deal played meanwhile in another game
        # (the day's number typed in От нечего делать, its stock turned) showed its cards,
        # and the fortune, continued, said "Your wish will come true" of them
        earlier = facts.record_id
        # the fortune found void as this table opened: news to say at the deal, even of
        # a game continued (see _deal_words)
        self.voided_now = False
        if facts.fortune and not facts.fortune_replayed:
            # a verdict once given cannot be changed by dealing the same deal again (in
            # any ruleset that lays it out alike: Records.deal_played_before)
            facts.fortune_replayed = app.records.deal_played_before(game, except_id=earlier)
            self.voided_now = facts.fortune_replayed
        # help once had with a deal stays with it: a new game of the deal (the same deal
        # again, its number typed, the day's deal) is assisted from the start, and one
        # continued after the help was had in another
        self.helped_before = self._mark_help_had_before()
        # a day's deal played before (its number typed) is known: no place in its table;
        # an arcade level's, played while it waited, takes its run out of the table
        self.practised = self.recorded and app.records.practised(game, facts)
        self._mark_practised(self.practised)  # asked once, just above
        self.hud = Hud()
        self.hud.finger = app.kiosk is not None
        self.view: TableView | None = None
        self.animator = Animator()
        self.selected: str | None = None
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.keys = KeyboardFocus()
        self.hint: Move | None = None
        self.refused_pile: str | None = None
        # what was pressed once ("resign": G or Give up; "menu" in a kiosk, where leaving
        # ends the game) and until when a second press does it (see _second_press)
        self.asked_until: dict[str, float] = {}
        self.pressed_at: dict[str, float] = {}  # the latest press of each (_second_press)
        self.run_place = ""  # an arcade run's level and lives, shown in the top bar
        self.short_run_place = ""  # and in short, for a narrow bar
        self.run_lives: int | None = None  # an arcade run's lives left, which Give up costs
        # an arcade run that had help on an earlier level: out of its table already, so
        # this level's help and take-backs cost nothing more (its opening line says so)
        self.run_assisted = False
        self.clock_saved_at = self.seconds
        # the position asked about and by which press, undo or restart (TableHelp._taking_back)
        self.takeback_warned_at: tuple[Position, str] | None = None
        self.takeback_warned_time = 0.0
        # the question's own word: a best score made worse, not a win lost (the words
        # after Take back name it, worked out again they could name the other)
        self.takeback_worse = False
        self.status = ""
        self.status_left = 0.0
        self.status_of_demo = False  # the status says the demo plays: gone when it stops
        # a failed save's words, said once nothing else is (see TablePlay._save)
        self.unsaved = ""
        self.held_button: Button | None = None  # under a finger, pressed as it lifts
        self.announcement = ""  # the opening line announce() put up (see _announcing)
        self.announced_at = 0  # the moves made when it was put up
        self.status_where: Position | None = None  # the position the status speaks of
        self.tip_for = ""  # the button whose keys a tooltip names (see _update_tip)
        self.hovered_for = 0.0
        self.banner: Banner | None = None
        # the banner's button whose ring was shown for a keyboard player, not asked for
        self.banner_ring_shown: Button | None = None
        self.banner_before_question: Banner | None = None  # see ask_still_playing
        self.stuck: bool | None = False  # None: not known (yet: see _search_stuck)
        # a game opened where it was left rang its stuck end then, not at each Continue
        self.stuck_heard = bool(game.moves)
        self.stuck_search: Iterator[bool | None] | None = None
        self.stuck_slices_left = 0
        self.finishing: list[Move] | None = None
        self.autoplay: list[Move] = []
        self.bells_rung = 0  # a Finish cascade's bells so far (see TablePlay._sound_for)
        self.celebration: Celebration | None = None
        kept = (facts.flip, facts.won_position, facts.lost_position)
        self.analysis = Analysis(app.solver, game, *kept)
        self.analysis.take(app.answers_left)  # of this deal's table left a moment ago
        self.unseen = False  # minimised or covered: the search rests, Finish and the demo wait
        self.hint_pending = False
        self.hint_wait = 0.0
        self.hint_overdue = False
        self.demo = False
        self.legend_drawn: pygame.Rect | None = None  # where the legend of values was drawn
        self.banner_drawn: pygame.Rect | None = None  # and the banner (its question), if any
        self.status_drawn: pygame.Rect | None = None  # and the status line alone, if shown
        self.tip_drawn: pygame.Rect | None = None  # and a button's tooltip, if shown
        self.covered = False  # the cards hidden while the window is away (see _covered)
        self.demo_wait = 0.0
        self.demo_pace = 0  # an index into DEMO_PACES (each demo starts at ×1)
        self._told_lost_best: int | None = None  # see TableHelp.told_lost_best
        # the best said before the game was left, kept until the solver's first answer
        self.best_said_before = facts.best_said
        # the first position told "best worse now": kept with the game, its Undo after
        # Continue was free (and a game lost from its deal is kept lost all along)
        worse = facts.worse_position
        kept_worse = worse is not None and worse.applies([str(m) for m in game.moves])
        self.worse_said_at: int | None = worse.length if worse and kept_worse else None
        self.end_offered = False  # the end offered once no move can lower the points
        # a deal played before, or helped before, tells no fortune: no wish is asked for
        # (see _deal); one helped before asked for a wish that could not come true
        self.wish_pending = facts.wish_counts and not game.moves
        self.dealt = False
        self._static_valid = False
        self._moving: list[pygame.Rect] = []
        self._figures: HudFigures | None = None
        self._buttons_dirty = True
        self._make_buttons()
        self._make_demo_buttons()

    # -- scene interface -------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self._static_valid = False
        settings = self.app.settings
        view = self.view
        if view and view.deck != settings.deck:
            # the settings changed while this table waited (rules, settings scenes)
            self.view = self._new_view(view.area)
        elif view:
            # the language may have changed in the settings
            view.empty_names = empty_place_names(self.game, view.piles)
        if not self.dealt and not self.wish_pending:
            self._deal()
        elif self.dealt:
            self.analysis.resume()  # back from the rules, say: see exit()
        if self.recorded and self.facts.record_id is not None:
            self.app.records.hold(self.facts.record_id)  # back from the rules, say
        if self.wish_pending:
            text = _("Make a wish. If the patience comes out, it will come true.")
            self.banner = Banner(
                text, [Button(_("I have made my wish"), self._wish_made, key="wish")]
            )

    def exit(self) -> None:
        self._save_the_time()
        self.analysis.pause()  # nobody looks at the table now: see enter()
        self.app.answers_left = self.analysis.kept()
        # held from its first save (Records.hold) until this window holds another game:
        # left for the rules or the menu, it is still this window's to come back to
        if self.game.over:
            self.app.records.release(self.facts.record_id, finished=True)

    def _save_the_time(self) -> None:
        # the time played since the last move is kept too, and a kept game's time before
        # its first move (a daily or arcade game is kept from its deal, and the clock
        # runs from the deal: time spent studying it came back as new)
        if self.recorded and (self.game.moves or self.facts.record_id is not None):
            self._save()

    def _keep_the_clock(self) -> None:
        """Save the time played every CLOCK_SAVED_EVERY_S between moves: it was saved
        with moves and on leaving only, so a kill (or a crash) after a long think gave
        that think back, and Continue could be used to study a deal off the clock."""
        if self.seconds - self.clock_saved_at < CLOCK_SAVED_EVERY_S:
            return
        self.clock_saved_at = self.seconds
        self._save_the_time()

    def _new_view(self, area: pygame.Rect) -> TableView:
        settings = self.app.settings
        view = TableView(self.game, area, *settings.deck)
        view.empty_names = empty_place_names(self.game, view.piles)
        return view

    def resize(self, size: tuple[int, int]) -> None:
        area = self.hud.layout(size)
        self.demo_panel = None  # where it stood in the window as it was
        put_out([*self.hud.buttons, *self.demo_pace_buttons])
        self._hide_tip()  # of the button lit before
        if self.view is None:
            self.view = self._new_view(area)
        else:
            self.view.resize(area)
            if self.drag:
                self._fit_drag(self.drag)
            if self.celebration is not None:
                self.celebration.resize(self.view.area)
        self.animator.finish()
        self._invalidate()
        self._buttons_dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        t = event.type
        if self._covered() and t in (POINTER_DOWN, pygame.KEYDOWN):
            # the cards are hidden and the clock stopped: a click there (a window with
            # no focus can still get one) made moves unseen, off the clock. It shows
            # the player is back instead, where no focus event came to say so
            self.app.active = True
            return True
        if t == pygame.KEYDOWN and self._sound_key(event):
            return True
        if self._demo_event(event):
            return True
        if t in (POINTER_DOWN, pygame.KEYDOWN):
            self._hide_tip()
        if t == POINTER_DOWN:
            return self._pointer_down(event)
        if t == POINTER_MOVE:
            return self._pointer_move(event)
        if t == POINTER_UP:
            return self._pointer_up(event)
        if t == pygame.KEYDOWN:
            return self._key(event)
        return False

    def update(self, dt: float) -> None:
        self._note_verdict_shown()  # the top bar says it, unless hidden
        self._peeked_loss_kept()
        if self.animator.tweens:
            if self.animator.update(dt):
                self._invalidate()
            self.redraw = True
        else:
            self.animator.now += dt
        if self._clock_runs():
            self.seconds += dt
            self._keep_the_clock()
        if self._covered() != self.covered:
            self.covered = not self.covered
            self._invalidate()
        self._update_tip(dt)
        if self.status_of_demo and not self.demo:  # the player took over, or it ended
            self._say("", 0.0)
        if self.status_left > 0:
            self.status_left -= dt
            if self.status_left <= 0:
                self.status = ""
                self.refused_pile = None
                self._invalidate()
        if self.unsaved and not self.status:
            self._say(self.unsaved, 8.0)
            self.unsaved = ""
        self._pause_analysis_while_hidden()
        # Finish waits, as the demo does, while nobody sees it (minimised, it won unseen)
        if self.autoplay and not (self.animator.busy or self.unseen):
            self._play(self.autoplay.pop(0), cascade=True)
        if self.analysis.poll():
            self._analysis_arrived()
        if self.hint_pending:
            self.hint_wait -= dt
            if self.hint_wait <= 0:
                self.hint_pending, self.hint_overdue = False, True
                self._hint()
        if self.demo:
            self._demo_step(dt)
        if self.stuck_search is not None:
            self._search_stuck_on()
        demo = self.buttons.get("demo")  # a replay played back has no Demo button
        if demo is not None and demo.selected != self.demo:  # started, stopped, run out
            self._update_buttons()
            self._invalidate()  # its speed buttons come and go with it
        if self.celebration:
            self.celebration.update(dt)
            self.redraw = True
            if self.celebration.done:
                self.celebration = None
                self._show_results()
        if self._current_figures() != self._figures:
            self.redraw = True

    def _clock_runs(self) -> bool:
        """Whether the game's clock runs now. It runs from the deal, not from the first
        move: time ranks wins, and the cards lie open to study before a move is made
        (and after a Restart); not behind "Make the window larger", where no card can be
        seen or touched, nor while the window is inactive (its cards are hidden)."""
        dealing = self.animator.busy and not self.game.moves
        seen = self.app.active and not self.app.too_small
        return seen and not (self.game.over or self.wish_pending or dealing)

    def stalled(self, seconds: float) -> None:
        # a process stopped (Ctrl+Z) with its cards open ran 116 s of study as 24 s; a
        # suspended computer's monotonic clock stands still, so its sleep is not counted
        if self._clock_runs():
            self.seconds += seconds
            self._keep_the_clock()

    def _pyramid_rects(self) -> list[pygame.Rect]:
        """Where the pyramid's places are, a card or none on each (the legend keeps clear
        of them all, and does not move as cards go)."""
        assert self.view is not None
        spots = self.view.layout.spots
        return [spot.rect for name, spot in spots.items() if pile_kind(name) == PYRAMID]

    def _legend(self) -> pygame.Rect | None:
        """Where the pyramid games' legend of values goes; None in the other games, and
        once the pyramid is won: the win's words took the middle band, and cut off the
        legend's first letters."""
        assert self.view is not None
        return self.view.layout.legend if self.game.pairs_cards and not self.game.won else None

    def banner_keep_clear(self, flights: bool = True) -> list[pygame.Rect]:
        """What a banner or a notice keeps off if it can: the cards, the empty places,
        the stock's and piles' counts and the pyramid games' legend of values (as last
        drawn); with `flights`, where a removed card flies (see flights_end)."""
        assert self.view is not None
        if self.wish_pending:
            # nothing is dealt yet but the stock: the wish is asked over the middle of
            # the empty table, not pushed to a corner by places with no card in them
            return [self.view.top_rect(name) for name in ("st", "w")]
        # a count hangs below its stack: at 4K a banner beside the stock hid half of it
        rects = [*self.view.card_rects_in_view(), *self.view.badges_drawn]
        if flights:
            rects += self.flights_end()
        if self.legend_drawn:
            rects.append(self.legend_drawn)
        return rects

    def flights_end(self) -> list[pygame.Rect]:
        """Where a removed card flies and fades, if it does: the demo's panel keeps off
        it (a flight crossed Faster), a question's banner where it can (at the end of a
        replay, kept off it, the banner hid the pyramid's top)."""
        assert self.view is not None
        out = self.view.layout.spots.get("out")
        return [out.rect] if out is not None else []

    def _covered(self) -> bool:
        """Whether the cards are hidden: while the window is away from a recorded game in
        play, as its clock stops then. Time ranks a game, and cards studied on a screen
        left open beside another window are time played off the clock. A kiosk's table
        stays as it is: its screen is the show, and nobody runs a clock against it."""
        in_play = not (self.game.over or self.wish_pending)
        return not self.app.active and in_play and self.recorded and self.app.kiosk is None

    def celebration_words(self) -> str:
        """What the cascade of a win says: the fortune's answer when it counts, else
        the results' headline (the cards alone said nothing of a win)."""
        if self._wish_counts():
            return _("Your wish will come true")
        return _("The patience came out!")

    def _draw_celebration_words(self, surface: pygame.Surface, area: pygame.Rect) -> pygame.Rect:
        return draw_celebration_words(surface, area, self.celebration_words())

    def _current_figures(self) -> HudFigures:
        # a kiosk's bar speaks to a passer-by: the solver's answer once it has one, not
        # its work ("Checking…"); help is asked twice there, its cost said, not marked
        passer_by = self.app.kiosk is not None
        mark = ""
        if self.recorded and not passer_by:
            if self.assisted:
                mark = _("assisted")
            elif self.fortune and self.fortune_replayed:
                mark = _("no fortune")
        verdict = "" if self.verdict_kept() else self.analysis.verdict(settled_only=passer_by)
        if self.stuck and not self.verdict_kept():  # "Undecided" beside "the game is stuck"
            verdict = _("No win possible")
        counted = not self.wish_pending
        place, short_place = self.run_place, self.short_run_place
        if self.facts.mode == DAILY and self.game.deal_number is not None:
            # the number alone read as any deal's: the day's is played once, for its table;
            # on a narrow bar it goes first (in Russian at 800x600 Egyptian Pyramid's
            # bar said nothing of the day)
            place = _("Deal of the day {n}", n=self.game.deal_number)
            short_place = _("Deal of the day")
        words = () if self.verdict_kept() else verdict_words()
        return figures(
            self.game,
            self.seconds,
            verdict,
            mark,
            counted,
            place,
            passer_by,
            words,
            short_place,
        )

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        assert self.view is not None
        size = surface.get_size()
        dirty: list[pygame.Rect] = []
        full = not self._static_valid
        if not full and self.banner is not None and self.banner.waits:
            # the bars lie dimmed under the question: redrawn alone, they came up bright
            full = self._buttons_dirty or self._current_figures() != self._figures
        if full:
            static = self._render_static(size)
            surface.blit(static, (0, 0))
            dirty.append(surface.get_rect())
        else:
            static = self.view.static
            assert static is not None
            current = self._current_figures()
            if current != self._figures:
                self._figures = current
                self.hud.draw_top(static, current)
                surface.blit(static, self.hud.top, self.hud.top)
                dirty.append(self.hud.top)
            if self._buttons_dirty:
                self.hud.draw_bottom(static)
                surface.blit(static, self.hud.bottom, self.hud.bottom)
                dirty.append(self.hud.bottom)
            for r in self._moving:
                surface.blit(static, r, r)
            dirty.extend(self._moving)
        self._buttons_dirty = False
        if self.covered:
            self._moving = []  # no card in flight shows over the cover
            return dirty
        moving = self._draw_moving(surface, static, alpha)
        self._moving = moving
        if not full:
            dirty.extend(moving)
        return dirty

    def back(self) -> None:
        if self.selected or self.drag:
            self._cancel()
        elif not self._withdraw_question():
            self._to_menu()

    # -- drawing -------------------------------------------------------------------

    def _render_static(self, size: tuple[int, int]) -> pygame.Surface:
        assert self.view is not None
        hidden = self.animator.hidden()
        if self.drag:
            hidden.add((self.drag.pile, len(self.game.pile(self.drag.pile)) - 1))
        if self.wish_pending:
            # the wish comes before the deal: nothing is dealt yet but the stock
            game = self.game
            hidden |= {
                (n, i) for n in self.view.piles if n != "st" for i in range(len(game.pile(n)))
            }
        self.view.show_waits = not self.wish_pending
        self.view.undealt = (
            len(self.game.deck) - len(self.game.pile("st")) if self.wish_pending else 0
        )
        # not while the solver plays: a ring left on a card read as its next move; nor
        # while a banner's buttons take the keys (a card's ring beside the button's, and
        # Enter pressed the button)
        asks = self.banner is not None and bool(self.banner.buttons)
        shows_focus = self.keys.visible and not self._quiet() and not self.demo and not asks
        focus = self.keys.focus if shows_focus else None
        self._mark_bar_focus()
        if focus in self.buttons:  # drawn with the bar
            focus = None
        static = self.view.render_static(size, hidden, self._marks(), focus)
        legend = self._legend()
        # the legend's lines, not its whole place: a banner weighs what it would hide
        self.legend_drawn = (
            draw_legend(static, legend, self.game, self._pyramid_rects()) if legend else None
        )
        cards = self.banner_keep_clear(flights=False)
        keep_clear = [*cards, *self.flights_end()]
        play_area = self.view.area
        self.banner_drawn = None
        self.status_drawn = None
        if self.covered:
            static.blit(theme.felt(size), play_area, play_area)
            text = _(
                "Paused: the clock stops and the cards are hidden while the window is inactive."
            )
            draw_banner(static, play_area, Banner(text, []))
        elif self.banner and not self.banner.waits:  # one the table waits on: over the bars
            self._show_banner_default()
            drawn = draw_banner(
                static,
                play_area,
                self.banner,
                avoid=cards,
                centred=self.wish_pending,
                least=self.hud.button_h,
                soft=self.flights_end(),
            )
            self.banner_drawn = drawn
            if self.status:  # a question asked while the banner is up (N or H, stuck)
                words = Banner(self.status, [])
                draw_banner(static, play_area, words, small=True, avoid=[*keep_clear, drawn])
        elif self.status or self._demo_controls_shown():
            self.status_drawn = self._draw_status(static, play_area, cards, self.flights_end())
        self._figures = self._current_figures()
        self.hud.draw_top(static, self._figures)
        self.hud.draw_bottom(static)
        if self.banner and self.banner.waits and not self.covered:
            self.banner_drawn = draw_banner(static, play_area, self.banner, least=self.hud.button_h)
        tipped = next((b for b in self.hud.buttons if b.key == self.tip_for), None)
        self.tip_drawn = None
        if tipped is not None and not (self.banner or self.covered):
            self.tip_drawn = self._draw_tip(static, tipped)
        self._static_valid = True
        return static

    def _draw_moving(
        self, surface: pygame.Surface, static: pygame.Surface, alpha: float
    ) -> list[pygame.Rect]:
        assert self.view is not None
        rects = []
        now = self.animator.now + alpha * STEP
        for tween in self.animator.tweens:
            if tween.begin > now:
                # not yet started: it waits where it comes from
                rect = tween.start
                self.view.draw_card(surface, tween.card, rect, tween.face_up_from)
            else:
                rect = self.view.draw_tween(surface, tween, now)
            rects.append(rect.inflate(4, 8))
        if self.drag:
            if self.drag.over:
                # green only where the card may go: a pile it cannot go on warns, or a
                # newcomer reads the green as "drop here" and is then refused
                fits = self.drag.over in self._targets(self.drag.pile)
                mark = "target" if fits else "refused"
                self.view.draw_mark(surface, self.view.top_rect(self.drag.over), mark)
                rects.append(self.view.top_rect(self.drag.over).inflate(16, 16))
            shadow = self.drag.rect.move(4, 6)
            shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
            pygame.draw.rect(
                shade, (0, 0, 0, 70), shade.get_rect(), border_radius=shadow.width // 12
            )
            surface.blit(shade, shadow)
            self.view.draw_card(surface, self.drag.card, self.drag.rect, True)
            rects.append(self.drag.rect.union(shadow).inflate(4, 4))
        if self.celebration:
            # the cards bounce over the play area only: the bars keep their figures
            area = self.view.area
            clips = (static.get_clip(), surface.get_clip())
            static.set_clip(area)
            surface.set_clip(area)
            for card, rect in self.celebration.positions(self.view.layout.card):
                # drawn into the still picture too: the trail stays behind
                self.view.draw_card(static, card, rect, True)
                self.view.draw_card(surface, card, rect, True)
                rects.append(rect.clip(area))
            rects.append(self._draw_celebration_words(surface, area))
            static.set_clip(clips[0])
            surface.set_clip(clips[1])
            return rects
        return rects

    def _invalidate(self) -> None:
        self._static_valid = False
        self.redraw = True

    def repaint(self) -> None:
        self._invalidate()
