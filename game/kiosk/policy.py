"""The kiosk's rules, which the App consults: a self-running cabinet for a public place.

- No way out for passers-by: the window's close, Alt+F4, F11 and every Quit do
  nothing; the operator holds a corner of the screen, then types the PIN.
- Only the scenes a passer-by should reach: a table, its rules, the results,
  the initials, the kiosk's own. Anything else (the menu, the settings, the
  records with their reset) becomes the kiosk's game chooser.
- A game left (for another deal, the chooser, or by walking away) is ended and
  recorded as given up, so the kiosk never piles up games in play.
- Idle for the configured time: back to the attract loop.
- A scene that fails is logged and replaced by the attract loop; only failures
  in quick succession end the process, for the service manager to start afresh.
"""

from __future__ import annotations

import logging
import random
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.kiosk.attract import AttractLoop
from game.kiosk.config import EXAMPLE_PIN, KioskConfig, OfferedGame
from game.kiosk.initials_filter import hidden_forms, shown_initials
from game.kiosk.operator import CornerHold, CornerRing
from game.kiosk.pin_pad import PinLock
from game.kiosk.presence import MOTION_EVENTS, PRESS_EVENTS, Presence
from game.rules import RulesError, get_ruleset
from game.store.scores import NO_INITIALS
from game.window import bring_back_window, keep_as_a_kiosk

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene
    from game.scenes.initials import InitialsScene
    from game.scenes.table import TableScene

log = logging.getLogger(__name__)

OPERATOR_EXIT = 4  # the exit status of the operator's exit (a service unit may exempt it)
# Hidden this long (a window manager's "show desktop", a key a passer-by found), the
# kiosk shows itself again: it stayed hidden for good, the screen black, taps lost
HIDDEN_BACK_S = 2.0
CRASH_LIMIT = 5  # failures within CRASH_WINDOW_S: something is badly wrong, start afresh
CRASH_WINDOW_S = 60.0
POINTER_REST_S = 3.0  # a mouse still this long: its pointer hides again
# A game in play nobody has touched for the idle time is asked about first ("Still
# playing?"): a player reading the rules or watching the demo play their game lost it
STILL_PLAYING_S = 15.0
# The touch, click or key that answers the question answers only it: its events are kept
# from the scene until it is lifted (SDL sends a touch as a mouse motion, a mouse press
# and a finger press, in that order), so a touch on a card plays nothing
RELEASES = (pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.FINGERUP)
INPUT_EVENTS = PRESS_EVENTS + MOTION_EVENTS


class KioskFailed(RuntimeError):
    """The kiosk failed again and again: the process ends, for the service manager to
    start it afresh (an exit status it restarts on)."""


class KioskPolicy:
    def __init__(self, app: App, config: KioskConfig, rng: random.Random | None = None) -> None:
        self.app = app
        self.config = config
        operator = config.operator
        self.corner = CornerHold(operator.corner, operator.hold_seconds)
        self.ring = CornerRing(self.corner)  # drawn by the App over every scene
        # initials entered, and those in the tables already: an operator who saw a word
        # on the public screen lists it in the configuration (entries are not removed)
        self.shown = partial(shown_initials, hidden=hidden_forms(config.hide_initials))
        app.records.shown_initials = self.shown
        app.records.watches_help = False
        self.attract = AttractLoop(app, config, self.start_playing, rng)
        self.last_input = app.clock.now()
        self.presence = Presence()  # which input restarts the idle clock
        self.table: TableScene | None = None  # the game in play: ended when it is left
        self.asked_at: float | None = None  # when "Still playing?" was put up, if it is
        self.answering = False  # the touch that answered it is still down (see _answering)
        self.corner_answered = False  # so did the press held on the operator's corner
        self.exit_status = 0
        self.crashes: list[float] = []
        self.games_ended = 0
        self.leaving_show = False  # a touch asked for a game: see _between_shows
        self.pin_lock = PinLock()  # one for every pad opened: see PinLock
        self.pointer_visible = False
        self.hidden_for = 0.0  # how long the window has been hidden (see HIDDEN_BACK_S)
        self.said_hidden = False  # and whether the log has said so
        self.watched_for = 0.0  # since the window manager's state of it was last read
        self.said_kept: list[str] = []  # what the log said was wrong with it, till right
        self.pointer_moved = 0.0
        pygame.mouse.set_visible(False)  # touch first: the pointer shows while a mouse moves

    def start(self) -> None:
        log.info("kiosk: started with %s", self.config.path)
        if self.app.fullscreen:  # on every desktop: one switched to by the window manager's keys
            keep_as_a_kiosk()
        if self.config.operator.pin == EXAMPLE_PIN:
            log.warning(
                "kiosk: the operator's PIN is the example's (%s), which anyone who read"
                " the README knows: set your own in %s",
                EXAMPLE_PIN,
                self.config.path,
            )
        # games cut short by a crash or a power cut: nothing here continues them
        ended = self.app.records.give_up_every_left()
        if ended:
            log.info("kiosk: %d game(s) left in play by the last run were ended", ended)
        # the player of a game that ended as the kiosk stopped has long gone: no letters
        # (its notice goes to the log with the others, see update())
        self.app.enter_missed_scores(NO_INITIALS)
        self.attract.start()

    # -- what the App asks -------------------------------------------------------------

    def allows_quit(self) -> bool:
        log.info("kiosk: a quit was asked for and ignored")
        return False

    def intercept(self, event: pygame.event.Event) -> bool:
        """A raw event before the scene sees it; True when the kiosk keeps it."""
        t = event.type
        if t == pygame.QUIT:
            log.info("kiosk: a request to close the window was ignored")
            return True
        now = self.app.clock.now()
        present = self.presence.counts(event, self.app.size)
        if present:
            self.last_input = now
        if t in INPUT_EVENTS:
            self._show_pointer(event)
        # the operator's corner first: a press there is its own, question or not
        if self.corner.observe(event, self.app.size, now):
            if self._answer_question():
                self.corner_answered = True  # the touch answered, and plays nothing
            passed_on, self.corner.passed_on = self.corner.passed_on, []
            if passed_on and not self.corner_answered:
                self._pass_on(passed_on)
            if self.corner.since is None:
                self.corner_answered = False
            return True
        if self._answering(event, present):
            return True
        if t in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN) and self._between_shows():
            # as one screen of the show gives way to the next, the screen left takes no
            # event: the touch was lost, and the demo played on
            self.start_playing()
            return True
        if t in (pygame.KEYDOWN, pygame.KEYUP):
            alt_f4 = event.key == pygame.K_F4 and event.mod & pygame.KMOD_ALT
            return event.key == pygame.K_F11 or bool(alt_f4)
        return False

    def _answering(self, event: pygame.event.Event, present: bool) -> bool:
        """Whether the event answers "Still playing?" (it says someone is `present`), or
        belongs to the touch that did: kept from the scene. A real mouse moving answers
        it and is let through."""
        t = event.type
        if self.asked_at is not None and present:
            self._answer_question()
            if t == pygame.MOUSEMOTION and not getattr(event, "touch", False):
                return False
            self.answering = True
            # a press under way lets go: the lift the answer keeps from the scene left
            # it holding a card or a button after every finger had left the glass
            self.app.pointer.reset()
            if self.app.scene:
                self.app.scene.pointer_lost()
        if not self.answering:
            return False
        if t in RELEASES:
            self.answering = False
            return True
        return t in INPUT_EVENTS

    def _answer_question(self) -> bool:
        """Answer "Still playing?" if it is up; whether it was."""
        if self.asked_at is None:
            return False
        self.asked_at = None
        if self.table is not None:
            self.table.still_playing()
        return True

    def _pass_on(self, events: list[pygame.event.Event]) -> None:
        """A passer-by's brief touch of the operator's corner: to the scene, as any touch
        (the stock of the pyramid games lies there), past the kiosk's own checks."""
        self.corner.passing = True
        try:
            for event in events:
                self.app.handle_event(event)
        finally:
            self.corner.passing = False

    def admit(self, scene: Scene) -> Scene:
        """The scene the App is about to enter, or the one the kiosk shows instead."""
        from game.scenes.initials import InitialsScene

        if isinstance(scene, InitialsScene):
            scene = self._initials_for_passers_by(scene)
        if not self._for_passers_by(scene):
            # the table's Menu leads here at every passer-by's press: not for the log,
            # which is read for what went wrong
            log.debug("kiosk: %s is not for passers-by: the chooser instead", type(scene).__name__)
            scene = self.home()
        back_to_table = scene is self.table  # the kiosk's own doing, asking "Still playing?"
        self._keep_or_end_the_table(scene, back_to_table)
        attract = getattr(scene, "attract", False)
        if not attract:
            self.leaving_show = False
        quiet = attract and not self.config.attract.sound
        self.app.sounds.muted = quiet or self.config.volume == 0
        if not attract and not back_to_table:
            # a screen the passer-by has not seen yet gets the whole idle time: a win's
            # initials came after its 8 s cascade, the PIN pad after a 5 s hold, and
            # both were taken away before the time the kiosk promises
            self.last_input = self.app.clock.now()
        return scene

    def _initials_for_passers_by(self, scene: InitialsScene) -> Scene:
        """A table's place asked for with blank letters (not the last player's), or,
        where the kiosk asks none, kept under NO_INITIALS and the results shown."""
        from game.scenes.initials import clean_initials

        if self.config.ask_initials:
            scene.letters = list(clean_initials(""))
            scene.shown = self.shown
            scene.initials_if_untouched = NO_INITIALS  # left before any was chosen: no one's
            return scene
        scene.finished = True
        return scene.done(NO_INITIALS)

    def _keep_or_end_the_table(self, scene: Scene, back_to_table: bool) -> None:
        """The game in play is ended when the passer-by leaves its table for anything
        but its rules or the operator's PIN; a recorded table entered is the one now."""
        from game.kiosk.pin_pad import PinPadScene
        from game.scenes.rules import RulesScene
        from game.scenes.table import TableScene

        keeps_table = back_to_table or isinstance(scene, RulesScene | PinPadScene)
        if self.table is not None and not keeps_table:
            self.end_game(self.table)
            self.table = None
        if isinstance(scene, TableScene) and scene.recorded:
            self.table = scene

    def update(self, dt: float) -> None:
        """Each fixed step: the notices, the operator's corner, the idle clock."""
        app = self.app
        self.pin_lock.tick(dt)
        self.hidden_for = self.hidden_for + dt if app.hidden else 0.0
        self.said_hidden = self.said_hidden and app.hidden
        if self.hidden_for >= HIDDEN_BACK_S:
            if not self.said_hidden:  # once while it stays hidden: tried again quietly
                # asked, not done: openbox's "show desktop" refuses it till pressed again
                log.warning("kiosk: the window was hidden: asked to show it again every 2 s")
                self.said_hidden = True
            self.hidden_for = 0.0
            bring_back_window()
        self.watched_for += dt
        if self.watched_for >= HIDDEN_BACK_S and app.fullscreen:
            self.watched_for = 0.0
            self._keep_the_window()
        while app.notices:
            log.warning("kiosk: notice: %s", app.notices.pop(0))  # nobody reads a menu here
        now = app.clock.now()
        if self.pointer_visible and now - self.pointer_moved >= POINTER_REST_S:
            self._set_pointer(False)
        if self.corner.held(now):
            self.corner.cancel()
            self.open_pin_pad()
            return
        scene = app.scene
        if scene is None or getattr(scene, "attract", False):
            return
        if self.table is not None and scene is self.table and self.table.drag is not None:
            # a card held in the air, however still: someone holds it ("Still playing?"
            # went up over it, and the touch that answered swallowed its drop)
            self.last_input = now
        if now - self.last_input < self.config.idle_seconds:
            return
        table = self.table
        # a fortune's table whose wish was never made has no card dealt to lose: not
        # "Still playing? … the game ends" over an empty table
        playing = table is not None and not (table.game.over or table.wish_pending)
        if table is not None and playing and self.asked_at is None:
            if scene is not table:  # the rules, read over the game: back to it
                app.switch(table, fade=False)
            table.ask_still_playing(STILL_PLAYING_S)
            self.asked_at = now
            return
        if self.asked_at is not None and now - self.asked_at < STILL_PLAYING_S:
            if table is not None and scene is table:
                table.still_playing_left(STILL_PLAYING_S - (now - self.asked_at))
            return
        log.info("kiosk: nobody touched %s for %d s", type(scene).__name__, now - self.last_input)
        self.to_attract()

    def recover(self, error: Exception) -> None:
        """A scene raised: log it with its traceback, end the game in play, start the show."""
        app = self.app
        name = type(app.scene).__name__ if app.scene is not None else "no scene"
        log.error("kiosk: %s failed; back to the attract loop", name, exc_info=error)
        now = app.clock.now()
        self.crashes = [t for t in self.crashes if now - t < CRASH_WINDOW_S] + [now]
        if len(self.crashes) >= CRASH_LIMIT:
            log.critical(
                "kiosk: %d failures in %d s: ending for a fresh start", CRASH_LIMIT, CRASH_WINDOW_S
            )
            # never the error itself: a rules error would end the program with the status
            # of a bad file (2), which the service manager is told not to restart
            raise KioskFailed(f"{CRASH_LIMIT} failures in {CRASH_WINDOW_S:g} s") from error
        if self.table is not None:
            try:
                self.end_game(self.table)
            except Exception:
                log.exception("kiosk: the game in play could not be ended")
            self.table = None
        self.corner.cancel()
        # the failed frame's other events are lost, a finger's lift among them maybe
        app.pointer.reset()
        self.last_input = now
        self.asked_at, self.answering = None, False  # the question went with its table
        try:
            app.restart_with(self.attract.first_scene)
        except Exception as again:
            # the show itself cannot start: nothing left to go back to
            raise KioskFailed("the attract loop failed to start") from again

    # -- where the kiosk goes ------------------------------------------------------------

    def home(self) -> Scene:
        from game.kiosk.chooser import ChooserScene

        return ChooserScene(self.app, self)

    def _between_shows(self) -> bool:
        """Whether the show is passing from one of its screens to the next, no touch
        having asked for a game yet."""
        showing = getattr(self.app.scene, "attract", False)
        return showing and self.app.switching and not self.leaving_show

    def start_playing(self) -> None:
        """A touch in the attract loop: a fresh game, or the chooser when there are several."""
        self.leaving_show = True  # until a scene not of the show comes in (see admit)
        games = self.config.games
        if len(games) == 1:
            self.play(games[0])
        else:
            self.app.switch(self.home)

    def play(self, offered: OfferedGame) -> None:
        from game.scenes.deal_finder import start_random_deal

        start_random_deal(self.app, get_ruleset(offered.ruleset), dict(offered.options))

    def to_attract(self) -> None:
        from game.scenes.initials import InitialsScene

        scene = self.app.scene
        if isinstance(scene, InitialsScene) and not scene.finished:
            # the place in the table was earned: it is kept under the letters the player
            # chose, or no one's when the player left before choosing any
            scene.finished = True
            scene.enter_place(scene.initials if scene.changed else NO_INITIALS)
        # a game that ended and was walked away from before its result (left at "No
        # moves left") earned its place too: under no one's letters
        self.app.enter_missed_scores(NO_INITIALS)
        self.last_input = self.app.clock.now()
        self.asked_at, self.answering = None, False
        self.attract.start()

    def _keep_the_window(self) -> None:
        """The window as its window manager keeps it, read every HIDDEN_BACK_S: out of
        full screen, shaded or on one desktop, it is asked back, said once in the log
        while it stays so. SDL says nothing of these (openbox restarted framed it, a
        scroll on the frame's title bar shaded it: a black screen for good)."""
        wrong = keep_as_a_kiosk()
        if wrong and wrong != self.said_kept:
            log.warning(
                "kiosk: the window manager had the window %s: asked again every 2 s",
                ", ".join(wrong),
            )
        self.said_kept = wrong

    def open_pin_pad(self) -> None:
        from game.kiosk.pin_pad import PinPadScene

        scene = self.app.scene
        if isinstance(scene, PinPadScene):
            return
        log.info("kiosk: the operator's corner was held: the PIN pad opens")
        back = scene if scene is not None and scene is self.table else None
        self.app.switch(lambda: PinPadScene(self.app, self, back))

    def operator_exit(self) -> None:
        log.info("kiosk: the operator closed the kiosk")
        self._close(OPERATOR_EXIT)

    def stop(self) -> None:
        """The service manager stops the kiosk (SIGTERM): a clean end, not a crash."""
        log.info("kiosk: stopped by a signal")
        self._close(0)

    def _close(self, status: int) -> None:
        if self.table is not None:
            self.end_game(self.table)
            self.table = None
        self.exit_status = status
        self.app.end_loop()

    # -- the game in play ----------------------------------------------------------------

    def end_game(self, table: TableScene) -> None:
        """Give up a game that was left in play, and record it. One left before its first
        move stays no game played, and no row of it is kept; one taken back to its deal
        is ended too: the records list it (see GameLog.history), "in play" for good on a
        kiosk, which has no Continue to end it."""
        game = table.game
        self.app.records.forget_unplayed(game, table.facts)  # if left untouched
        if game.over or not (game.moves or game.undo_count):
            return
        try:
            game.resign()
        except RulesError as e:
            log.warning("kiosk: a game left in play could not be ended: %s", e)
            return
        table.facts.abandoned = True  # no player's Give up: it enters no table
        self.app.game_changed(game, table.facts)
        self.games_ended += 1
        log.info(
            "kiosk: a game left in play was ended: %s deal %s after %d moves",
            game.ruleset.id,
            game.deal_number,
            game.moves_made,
        )

    # -- helpers -------------------------------------------------------------------------

    def _for_passers_by(self, scene: Scene) -> bool:
        from game.kiosk.chooser import ChooserScene
        from game.kiosk.pin_pad import PinPadScene
        from game.scenes.deal_finder import DealFinderScene
        from game.scenes.initials import InitialsScene
        from game.scenes.results import ResultsScene
        from game.scenes.rules import RulesScene
        from game.scenes.table import TableScene
        from game.scenes.watch import WatchScene

        allowed = (
            TableScene,
            ResultsScene,
            InitialsScene,
            RulesScene,
            DealFinderScene,
            ChooserScene,
            PinPadScene,
        )
        if isinstance(scene, WatchScene):
            return False
        return isinstance(scene, allowed) or getattr(scene, "attract", False)

    def _show_pointer(self, event: pygame.event.Event) -> None:
        t = event.type
        # SDL's motion of a window just opened moves nothing (rel 0, 0): the pointer
        # showed for 3 s at the kiosk's start, with nobody there
        moved = tuple(getattr(event, "rel", (1, 1))) != (0, 0)
        if t == pygame.MOUSEMOTION and not getattr(event, "touch", False) and moved:
            self.pointer_moved = self.app.clock.now()
            self._set_pointer(True)
        elif t in (pygame.FINGERDOWN, pygame.FINGERMOTION):
            self._set_pointer(False)

    def _set_pointer(self, visible: bool) -> None:
        if visible != self.pointer_visible:
            self.pointer_visible = visible
            pygame.mouse.set_visible(visible)
