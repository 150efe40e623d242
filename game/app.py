"""The window and the fixed-timestep loop that drives the scenes.

Updates run at 60 Hz from an accumulator; a frame runs MAX_STEPS of them at most
and drops the rest of a stall's backlog, so a stall never snowballs and costs the
game's time no more than MAX_STEPS updates. Drawing gets the blend factor between
the last two updates. The clock is injectable so tests can step time.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.audio import Sounds
from game.clock import STEP, Clock, SystemClock
from game.heap import give_back_freed_memory
from game.notices import (
    Notice,
    level_problem,
    record_notice,
    settings_problem,
    settings_read_notices,
    sound_notices,
    unsaved_at_quit,
)
from game.rules import Game, level_problems
from game.scenes.base import Scene
from game.scenes.replay_files import DroppedFiles, watch_dropped
from game.screen import NoScreenError, check_screen, the_screen, window_on_screen
from game.settings import Settings, SettingsStore
from game.solver.worker import SolverWorker
from game.store import SAVE_FAILED, GameFacts, Problem, Records
from game.store.score_keeping import MissedEntry
from game.ui.pointer import POINTER_DOWN, POINTER_MOVE, PointerTranslator
from game.ui.too_small import draw_too_small
from game.window import WindowPlace, maximise_window, name_window, open_window, windowed_again

if TYPE_CHECKING:
    from game.kiosk.policy import KioskPolicy
    from game.scenes.menu_choice import MenuChoice
    from game.scenes.table_analysis import KeptAnswers

log = logging.getLogger(__name__)

MAX_STEPS = 5  # catch-up updates per frame at most
FADE_S = 0.18
# Frames a second while the window cannot be seen (minimised or hidden): it woke sixty
# times a second for nothing (1.7% of a core). Above 1 / (STEP * MAX_STEPS), so that
# the updates keep up with the time. A window only behind another may still be seen (a
# replay, a celebration): it runs at the full rate, and so does a kiosk's show
HIDDEN_FPS = 15
# How often writes to the records that failed are tried again (see game.store.pending),
# besides at each save: a kiosk showing its attract loop saves nothing for hours
RETRY_WRITES_S = 30.0
# Below this the scenes are not laid out: a window made smaller than MIN_SIZE where the
# window manager ignores the minimum (a tiling one) says so instead, and the scene
# keeps its last layout until the window grows again.
SMALLEST_DRAWN = (480, 360)
DEFAULT_SIZE = (1280, 800)
# The window's raw pointer events, each turned into the scenes' own by Pointer
RAW_POINTER_EVENTS = (
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEMOTION,
    pygame.FINGERDOWN,
    pygame.FINGERUP,
    pygame.FINGERMOTION,
)
KEY_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)


class App:
    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        fullscreen: bool | None = None,
        clock: Clock | None = None,
        settings_store: SettingsStore | None = None,
        frame_cap: int = 120,
        records: Records | None = None,
        size_kept: bool = False,
    ) -> None:
        """`size_kept`: `size` was chosen for the player, who gave none, and the size the
        window was last left at replaces it (fitted to the screen)."""
        try:
            pygame.display.init()
        except pygame.error as e:  # a video driver asked for by name could not start
            raise NoScreenError(str(e)) from e
        check_screen(pygame.display.get_driver(), os.environ)
        self.clock = clock or SystemClock()
        self.store = settings_store or SettingsStore()
        self.settings: Settings = self.store.load()
        self.notices: list[Notice] = []
        self._saving = True  # the last save worked (see game_changed)
        self._retry_wait = 0.0  # since failed writes were last tried again
        file = self.store.path.name if self.store.path else ""
        self.notices.extend(settings_read_notices(self.store.notice, self.store.unread, file))
        i18n.set_language(self.settings.language)
        i18n.set_card_letters(self.settings.letters)
        self.take_settings_problem()
        for problem in level_problems():  # a broken level file: the other games still play
            self.notices.append(Notice(partial(level_problem, problem)))
        self.records = records if records is not None else Records.open()
        self.take_record_problems()
        pygame.font.init()
        # the window's size is kept at the close where none was given (--size: one run's)
        self._size_kept = size_kept
        if size_kept and self.settings.window:
            kept = (self.settings.window[0], self.settings.window[1])
            screen = the_screen()
            size = window_on_screen(kept, screen) if screen is not None else kept
        self.windowed_size = size
        self._size_opened = size  # a size left as opened was made to fit: see close
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self._software_renderer = False  # found when the window first opens
        self.surface = self._open_window()
        self.sounds = Sounds(volume=self.settings.volume, muted=self.settings.muted)
        # Open the audio device now: done at the first sound, it would stall a frame.
        self.notices.extend(sound_notices(self.sounds))
        self.pointer = PointerTranslator(
            self.clock.now, holds=lambda: self.scene is not None and self.scene.pointer_holds()
        )
        self.solver = SolverWorker()  # in a process of its own, from the first question
        self.scene: Scene | None = None
        self._next: Callable[[], Scene] | None = None
        self._fade = 0.0  # 1 = black; fading out when _next is set, else in
        self._unshaded: pygame.Surface | None = None  # the last faded frame without its shade
        self._accumulator = 0.0
        self._last = self.clock.now()
        self.running = True
        self.active = True  # the window has focus and is not minimised
        self.hidden = False  # minimised or hidden: nothing of it can be seen
        self.frames = 0
        self._tick = pygame.time.Clock()
        self._frame_cap = frame_cap
        # a kiosk's rules, when it runs as one: consulted on quitting, entering
        # scenes, idling and failing (see game.kiosk.policy)
        self.kiosk: KioskPolicy | None = None
        # the menu's last choice of ruleset and options, kept while the app runs
        self.last_choice: MenuChoice | None = None
        # the menu's keyboard focus when it was left with its ring shown: back there,
        # the ring is where the player left it (see MenuScene.exit)
        self.menu_focus = ""
        self.menu_played: Game | None = None  # the game the menu's Play began, if any
        self.answers_left: KeptAnswers | None = None  # the last table's verdicts (its exit)
        # whether the last press was a key's, not a click's or a touch's: a screen opened
        # by a key shows its focus ring at once (the first arrow only showed it, and the
        # player counting presses to reach a row landed one short)
        self.keyboard_led = False
        self.touch_led = False  # whether the last press was a finger's (see Scene.names_keys)
        self._whole_next = False  # the next frame shows the whole window (see _repaint_whole)
        self._unsaved_told = False  # a quit was told the games not saved (request_quit)
        self.drops = DroppedFiles()  # files dropped onto the window, in one drop
        # where the window goes back out of full screen, and whether maximised
        self.window_place = WindowPlace(maximised=size_kept and self.settings.maximised)
        if self.window_place.maximised and not self.fullscreen:
            maximise_window()  # left maximised: opened at its size un-maximised, then so

    # -- window --------------------------------------------------------------------

    def _open_window(self) -> pygame.Surface:
        size = (0, 0) if self.fullscreen else self.windowed_size
        surface, self._software_renderer = open_window(
            size, self.fullscreen, self._software_renderer
        )
        return surface

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes are laid out for: the window's, or SMALLEST_DRAWN when
        the window is narrower or lower than that (it then shows only a request to
        make it larger)."""
        w, h = self.surface.get_size()
        return (w, h) if not self.too_small else SMALLEST_DRAWN

    def toggle_fullscreen(self) -> None:
        # the size to come back to is the one _resized kept: a window shrunk too small
        # to be laid out would come back at SMALLEST_DRAWN, its real size lost
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        self.store.save(self.settings)
        self.take_settings_problem()
        if self.fullscreen:
            self.window_place.into_full_screen(self.clock.now())
        else:
            self._windowed_again()
        self.surface = self._open_window()
        if not self.fullscreen:  # at its size of before, maximised again where it was
            self.window_place.out_of_full_screen(self.clock.now())
        self._resized()

    def _windowed_again(self) -> None:
        """Out of full screen, at the window's size and place of before (see
        game.window.windowed_again)."""
        self.windowed_size = windowed_again(self.windowed_size, self.window_place.windowed_at)

    @property
    def too_small(self) -> bool:
        w, h = self.surface.get_size()
        return w < SMALLEST_DRAWN[0] or h < SMALLEST_DRAWN[1]

    def _resized(self) -> None:
        self.surface = pygame.display.get_surface()
        size = self.surface.get_size()
        self.window_place.resized(size, self.fullscreen, self.clock.now())
        # the size kept (see close) is the un-maximised one, the window manager's maximise
        # coming back to it; a maximised window's is the screen's
        maximised = self.window_place.maximised
        if not self.fullscreen and not self.too_small and not maximised:
            self.windowed_size = self.surface.get_size()
        if self.scene:
            if self.too_small:
                self.scene.pointer_lost()  # its events are not passed on (handle_event)
            else:
                self.scene.resize(self.size)
            self.scene.redraw = True

    def apply_settings(self) -> None:
        """After the settings scene changed something: language, the cards' letters in
        words, sound; then save."""
        i18n.set_language(self.settings.language)
        i18n.set_card_letters(self.settings.letters)
        name_window()  # in the language just chosen
        self.sounds.volume = self.settings.volume
        self.sounds.muted = self.settings.muted
        self.store.save(self.settings)
        self.take_settings_problem()

    # -- scenes --------------------------------------------------------------------

    def switch(self, make: Callable[[], Scene] | Scene, fade: bool = True) -> None:
        """Go to another scene, with a short fade through dark unless `fade` is False."""
        factory = make if callable(make) and not isinstance(make, Scene) else (lambda: make)
        if self.scene is None or not fade:
            self._enter(factory())
        else:
            self._next = factory

    @property
    def switching(self) -> bool:
        """Another scene is on its way in (the current one is fading out)."""
        return self._next is not None

    def _enter(self, scene: Scene) -> None:
        if self.kiosk is not None:
            scene = self.kiosk.admit(scene)
        if self.scene:
            self.scene.pointer_lost()  # back to it (F1, then Esc), a card floated held
            self.scene.exit()
        self.scene = scene
        scene.resize(self.size)
        scene.enter()
        scene.redraw = True

    def end_loop(self) -> None:
        """Stop the loop after this frame, asking no one (request_quit asks a kiosk)."""
        self.running = False

    def restart_with(self, make: Callable[[], Scene]) -> None:
        """After a scene failed: drop it (its exit may fail too) and enter `make()` at once."""
        self.scene = None
        self._next = None
        self._fade = 0.0
        self._unshaded = None
        self.switch(make, fade=False)

    # -- the loop ------------------------------------------------------------------

    def frame(self, draw: bool = True) -> None:
        """One frame: input, fixed updates, draw (unless `draw` is False: a soak's quick frames).

        In a kiosk an exception from a scene is the kiosk's to handle (logged, then
        back to the attract loop); elsewhere it is a bug and goes up.
        """
        try:
            self._frame(draw)
        except Exception as error:
            if self.kiosk is None:
                raise
            self.kiosk.recover(error)

    def _frame(self, draw: bool) -> None:
        before = self.scene
        now = self.clock.now()
        elapsed = max(0.0, now - self._last)
        self._last = now
        self._accumulator += elapsed
        for event in pygame.event.get():
            self.sounds.device_changed(event)
            self.handle_event(event)
        steps = 0
        while self._accumulator >= STEP and steps < MAX_STEPS:
            self._update(STEP)
            self._accumulator -= STEP
            steps += 1
        if steps == MAX_STEPS:  # a stall (a debugger, a stopped process): let it go
            let_go, self._accumulator = self._accumulator - STEP, min(self._accumulator, STEP)
            if let_go > 0 and self.scene is not None:
                self.scene.stalled(let_go)  # the cards lay open all that time
        self.sounds.update()
        if draw and not (self.hidden and self.kiosk is None):  # none of it can be seen
            self._draw(self._accumulator / STEP)
        self.frames += 1
        if self.scene is not before:  # entered, drawn, memory given back: 50 to 150 ms
            self._last = self.clock.now()  # caught up at once, it cut half the fade in

    def run(self) -> None:
        """Frames until the window closes; left however it ends (an error, Ctrl+C), the
        scene is left as on a close: its game's time saved, the window's size kept."""
        try:
            while self.running:
                self.frame()
                self._tick.tick(self.frame_rate())
        finally:
            self.close()

    def frame_rate(self) -> int:
        """The frames a second to run at now. Without vsync, the loop must not spin."""
        if self.hidden and self.kiosk is None:
            return HIDDEN_FPS
        busy = self.scene is not None and (self.scene.redraw or self._next or self._fade > 0)
        return self._frame_cap if busy else 60

    def close(self) -> None:
        """Leave the scene, keep the window's size for the next start, and stop the
        solver's process."""
        if self.scene:
            self.scene.exit()
            self.scene = None
        if self._size_kept and self.kiosk is None:
            place = self.window_place
            self.store.keep_window_left(
                self.settings, self.windowed_size, self._size_opened, place.maximised
            )
        self.records.last_try()  # after the scene's own last save
        self.solver.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        t = event.type
        if self.kiosk is not None and self.kiosk.intercept(event):
            return  # closing keys, the window's close, the operator's corner
        if t == pygame.QUIT:
            self.request_quit()
            return
        if self._window_event(event):
            return
        if t == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if t in (pygame.DROPBEGIN, pygame.DROPFILE, pygame.DROPCOMPLETE):
            paths = self.drops.taken(event)
            if paths and self.kiosk is None:  # a passer-by's file opens nothing
                watch_dropped(self, paths)
            return
        if self.too_small and t in RAW_POINTER_EVENTS + KEY_EVENTS:
            # nothing is drawn to point at, and a key would act unseen: G twice gave a
            # game up, Enter started one, behind the "make the window larger" screen
            return
        pointer = self.pointer.translate(event, self.size)
        if pointer is not None:
            event = pointer
        elif t in RAW_POINTER_EVENTS:
            return
        if t == pygame.KEYDOWN or event.type == POINTER_DOWN:
            self.keyboard_led = t == pygame.KEYDOWN
        if t == pygame.KEYDOWN or event.type in (POINTER_DOWN, POINTER_MOVE):
            touch, self.touch_led = self.touch_led, getattr(event, "source", "") == "touch"
            if touch != self.touch_led and self.scene:
                self.scene.repaint()  # what names keys comes or goes (Scene.names_keys)
        if self.kiosk is not None and event.type in (pygame.KEYDOWN, POINTER_DOWN):
            self.active = True  # a passer-by at a kiosk hidden once is at it again
        if self.scene and not self._next:
            self.scene.handle_event(event)

    def _window_event(self, event: pygame.event.Event) -> bool:
        """What the window's own events change: whether it is seen and played, its
        size and place. True when the event ends there (a new size, laid out)."""
        t = event.type
        if t == pygame.WINDOWMOVED:
            self.window_place.moved((event.x, event.y), self.fullscreen, self.clock.now())
        elif t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.hidden = self.hidden or t != pygame.WINDOWFOCUSLOST
            # a kiosk's screen, still seen, is still played: a notification took its
            # focus, nothing (no window manager) gave it back, and its clocks stopped
            # for good, every later game's time short in its table. Not once hidden:
            # SDL says hidden, minimised, and then that the focus was lost
            seen = self.kiosk is not None and not self.hidden
            self.active = seen and t == pygame.WINDOWFOCUSLOST
            # a press or a drag lets go: its release goes to the window that took the
            # focus, and the next press there came as a release alone, which dropped
            # the card held on whatever it hung over
            self.pointer.reset()
            if self.scene:
                self.scene.pointer_lost()
        elif t == pygame.WINDOWFOCUSGAINED:
            self.active = True
            if self.hidden:  # nothing was drawn while it could not be seen
                self._repaint_whole()
            self.hidden = False
        elif t == pygame.WINDOWMAXIMIZED:
            self.window_place.state_changed(True, self.fullscreen, self.clock.now())
        elif t in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            if t == pygame.WINDOWRESTORED:  # un-maximised, or un-minimised (see state_changed)
                self.window_place.state_changed(False, self.fullscreen, self.clock.now())
            # seen again, but not played until it has the focus: shown without it (by
            # a window manager, or none), the cards came back and the clock ran
            self.hidden = False
            self._repaint_whole()
        elif t == pygame.WINDOWSIZECHANGED:
            self._resized()
            return True
        elif t == pygame.WINDOWEXPOSED:
            self.hidden = False  # some of it is seen again
            self._repaint_whole()
        return False

    def _repaint_whole(self) -> None:
        """The window's picture was lost (uncovered, restored): the next frame paints and
        shows all of it. The table showed only what changed next, and stayed black."""
        self._whole_next = True
        if self.scene:
            self.scene.repaint()

    def request_quit(self) -> None:
        """Quit as the player asked (the menu's Quit, Esc there, the window's close button)."""
        if self.kiosk is not None and not self.kiosk.allows_quit():
            return
        if not self._unsaved_told and not self.records.retry_pending():
            # said once, on the menu: the player can make room, or quit again (and in
            # the log, for a Ctrl+C at a terminal, whose player may not see the window)
            self._unsaved_told = True
            reason = self.records.last_failure
            log.warning("not quitting yet: games are not saved (%s); asked again, it quits", reason)
            self.notices.insert(0, Notice(partial(unsaved_at_quit, reason), key=SAVE_FAILED))
            self.to_the_menu()
            return
        self.end_loop()

    def to_the_menu(self) -> None:
        """The menu, where the notices are read."""
        from game.scenes.menu import MenuScene

        self.switch(lambda: MenuScene(self))

    def game_changed(self, game: Game, facts: GameFacts | None = None) -> str:
        """Called after every action on a table: the game is saved from here. With its
        facts it is autosaved to the records, one transaction per action, so a crash or
        a kill loses nothing. `PIRAMIDA_STATE_FILE`, when set, also gets the replay of
        the game as JSON after each action (end-to-end tests read what the player did
        from it). Returns the words of a save that failed where the one before worked
        ("" otherwise)."""
        failed = ""
        if facts is not None:
            saved = self.records.save_game(game, facts)
            # the first of a run of failed saves, for the table to say at once: the
            # menu's notice came only once the player left the table
            if not saved and self._saving:
                failed = record_notice(Problem(SAVE_FAILED, self.records.last_failure))
            self._saving = saved
            self.take_record_problems()
            self._saves_made_said()
        path = os.environ.get("PIRAMIDA_STATE_FILE")
        if path:
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(game.to_replay(result=True), f)
            os.replace(tmp, path)
        return failed

    def enter_missed_scores(self, initials: str | None = None) -> list[MissedEntry]:
        """Enter the places missed or lost (see game.missed_places), said in the menu's
        notices. Called by the program's starts before their first scene (a kiosk
        gives its own initials)."""
        from game.missed_places import enter_missed_places

        return enter_missed_places(self, initials)

    def take_settings_problem(self) -> None:
        """Tell the player, in the menu's notices, that the settings cannot be kept."""
        if self.store.problem:
            problem = partial(settings_problem, self.store.problem, self.store.problem_reading)
            self.notices.append(Notice(problem))
            self.store.problem = None

    def take_record_problems(self) -> None:
        """Tell the player, in the menu's notices, what went wrong with the records file."""
        if self.records.problems:
            self.notices.extend(map(Notice.of_record_problem, self.records.problems))
            self.records.problems.clear()
            self.records.problems_told()

    def _update(self, dt: float) -> None:
        # Animation Off means nothing moves: no fade through dark either (it went on
        # at every change of screen), the next scene at the next frame
        fade_s = FADE_S if self.settings.animation_speed > 0 else 0.0
        if self._next:
            self._fade = min(1.0, self._fade + dt / fade_s) if fade_s else 1.0
            if self._fade >= 1.0:
                make, self._next = self._next, None
                self._enter(make())
                if not fade_s:
                    self._fade = 0.0  # and in unshaded at once
                # the scene left, its pictures freed, under the full shade: the pause it
                # takes (some ms) is not seen
                give_back_freed_memory()
        elif self._fade > 0:
            self._fade = max(0.0, self._fade - dt / fade_s) if fade_s else 0.0
            if self.scene and self._fade == 0:
                self.scene.redraw = True  # its picture whole, unshaded, at the fade's end
        if self.scene:
            self.scene.update(dt)
        if self.kiosk is not None:
            self.kiosk.update(dt)
        self._retry_writes(dt)

    def _retry_writes(self, dt: float) -> None:
        self._retry_wait = self._retry_wait + dt if self.records.pending else 0.0
        if self._retry_wait >= RETRY_WRITES_S:
            self._retry_wait = 0.0
            self._saving = self.records.retry_pending()
            self.take_record_problems()
            self._saves_made_said()
            if self._saving and self.scene is not None:
                self.scene.saves_made()

    def _saves_made_said(self) -> None:
        """Every save made at last: the notice that one failed is taken back (the menu
        said "the disk is full" of games all saved since)."""
        if not self.records.pending:
            self.notices[:] = [n for n in self.notices if n.key != SAVE_FAILED]
            self._unsaved_told = False  # the next full disk's quit is asked about anew

    def _draw(self, alpha: float) -> None:
        scene = self.scene
        if scene is None:
            return
        fading = self._fade > 0 or self._next is not None
        changed = scene.redraw or fading
        ring = self.kiosk.ring if self.kiosk is not None else None
        now = self.clock.now()
        if not changed and not (ring and ring.wanted(now)):
            return
        if self.too_small:
            self._draw_too_small()
            scene.redraw = False
            if ring is not None:
                ring.discard()  # the whole window was painted over it
            return
        # with only the operator's ring to change, the scene's picture is on the surface
        # already (the ring puts back what it covers): a scene painted whole for it took
        # 18 ms a frame at 4K
        rects = self._draw_scene(scene, alpha, fading) if changed else []
        if self._whole_next:
            rects, self._whole_next = [self.surface.get_rect()], False
        if ring is not None:
            rects = [*rects, *ring.draw(self.surface, now)]
        if rects:
            pygame.display.update(rects)
        if ring is not None:
            ring.restore(self.surface)

    def _draw_scene(self, scene: Scene, alpha: float, fading: bool) -> list[pygame.Rect]:
        """Draw the scene, shaded while fading; the rectangles of the screen to update."""
        unshaded = self._unshaded
        kept = unshaded is not None and unshaded.get_size() == self.size
        if kept:
            # a scene that repaints only what changed must find its own picture, not the shade
            self.surface.blit(unshaded, (0, 0))
        # under the shade, the picture kept is shaded again as it is: the scene being
        # left is not drawn again, nor the one come in unless it changed (a whole menu
        # drawn for each frame of the fade took 30 ms at 4K: it ran at 20 a second)
        same = kept and (self._next is not None or not scene.redraw)
        rects = [] if same else scene.draw(self.surface, alpha)
        scene.redraw = False
        if fading:
            if unshaded is None or not kept:
                unshaded = self._unshaded = pygame.Surface(self.size)
            if not same:
                unshaded.blit(self.surface, (0, 0))
            # darkened in place: a black window-sized surface blended over it took 6.6 ms
            # a frame at 4K, this 1.8 ms, and no second 31.6 MiB surface
            light = round(255 * (1.0 - self._fade))
            self.surface.fill((light, light, light), special_flags=pygame.BLEND_RGB_MULT)
            rects = [self.surface.get_rect()]
        elif unshaded is not None:
            # window-sized (31.6 MiB at 4K): made again by the next fade, not kept for it
            self._unshaded = None
            rects = [self.surface.get_rect()]  # the last shaded frame is still on the screen
        return rects

    def _draw_too_small(self) -> None:
        draw_too_small(self.surface)
        pygame.display.update()
