"""app.py's frames as the player sees them: the fade through dark between screens,
what is presented after the window was uncovered or made too small, the rate the loop
runs at, and what the scenes are told of the window (its size, the focus, the pointer)."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from game.app import FADE_S, App
from game.clock import STEP, ManualClock
from game.scenes.base import Scene
from game.ui.pointer import POINTER_DOWN

WHITE = (255, 255, 255)


class Plain(Scene):
    """A scene that paints the whole window white, and says it changed a corner only
    (as a scene repainting what changed does); it counts what it is told."""

    def __init__(self, app):
        super().__init__(app)
        self.draws = 0
        self.sizes: list[tuple[int, int]] = []
        self.lost = 0
        self.repaints = 0
        self.saves = 0
        self.let_go: list[float] = []
        self.clicks: list[int] = []

    def draw(self, surface, alpha):
        self.draws += 1
        surface.fill(WHITE)
        return [pygame.Rect(0, 0, 1, 1)]

    def resize(self, size):
        super().resize(size)
        self.sizes.append(size)

    def pointer_lost(self):
        self.lost += 1

    def repaint(self):
        super().repaint()
        self.repaints += 1

    def saves_made(self):
        self.saves += 1

    def stalled(self, seconds):
        self.let_go.append(seconds)

    def handle_event(self, event):
        if event.type == POINTER_DOWN:
            self.clicks.append(event.clicks)
        return True


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    application = App(size=(800, 600), clock=ManualClock(), frame_cap=144)
    application.settings.animation_speed = 1.0
    yield application
    application.close()
    pygame.display.quit()


@pytest.fixture
def presented(monkeypatch):
    """The rectangles shown each frame: None for the whole window."""
    shown: list[list[pygame.Rect] | None] = []
    real = pygame.display.update

    def update(rects=None):
        shown.append(None if rects is None else [pygame.Rect(r) for r in rects])
        return real(rects) if rects is not None else real()

    monkeypatch.setattr(pygame.display, "update", update)
    return shown


def step(app: App, frames: int = 1) -> None:
    """`frames` frames, one update each (a hair over a step: sums of STEP drift under it,
    and a frame ran none, the next two)."""
    for _ in range(frames):
        app.clock.advance(STEP * 1.001)
        app.frame()


def light(app: App) -> int:
    return app.surface.get_at((400, 300))[0]


def test_a_change_of_screen_fades_through_dark_and_back(app, presented):
    app.switch(Plain(app), fade=False)
    step(app)
    new = Plain(app)
    app.switch(new)
    out: list[int] = []
    while app.scene is not new:
        step(app)
        out.append(light(app))
    # darker each frame, for FADE_S, and black as the next screen comes in
    assert len(out) == pytest.approx(FADE_S / STEP, abs=1)
    assert all(a > b for a, b in pairwise(out)) and out[-1] == 0
    back: list[int] = []
    while light(app) < 255 and len(back) < 60:
        step(app)
        back.append(light(app))
    assert all(a < b for a, b in pairwise(back))
    assert len(back) == pytest.approx(FADE_S / STEP, abs=1)
    # unshaded at the end, and all of it shown: the last shaded frame is not left
    assert back[-1] == 255 and presented[-1] == [app.surface.get_rect()]
    drawn = new.draws
    step(app, 5)
    assert new.draws == drawn  # nothing changed since: not drawn again


def test_with_animation_off_the_next_screen_comes_at_once_unshaded(app):
    app.settings.animation_speed = 0
    app.switch(Plain(app), fade=False)
    step(app)
    new = Plain(app)
    app.switch(new)
    step(app)
    assert app.scene is new and light(app) == 255


def test_a_scene_restarted_mid_fade_comes_in_unshaded(app):
    app.switch(Plain(app), fade=False)
    step(app)
    app.switch(Plain(app))
    step(app, 5)
    app.restart_with(lambda: Plain(app))
    step(app)
    assert light(app) == 255


def test_uncovered_the_window_is_drawn_and_shown_whole(app, presented):
    scene = Plain(app)
    app.switch(scene, fade=False)
    step(app, 3)
    drawn = scene.draws
    app.handle_event(pygame.event.Event(pygame.WINDOWEXPOSED))
    step(app)
    assert scene.draws == drawn + 1 and presented[-1] == [app.surface.get_rect()]


def test_a_window_too_small_shows_its_request_once(app, presented, monkeypatch):
    import game.app

    asked = []
    monkeypatch.setattr(game.app, "draw_too_small", lambda surface: asked.append(surface))
    app.switch(Plain(app), fade=False)
    step(app)
    pygame.display.set_mode((300, 200), pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=300, y=200))
    presented.clear()
    step(app)
    assert len(asked) == 1 and presented == [None]  # drawn and shown whole
    step(app, 5)
    assert len(asked) == 1 and app.frame_rate() == 60  # then left: nothing changed


@pytest.mark.parametrize(
    ("size", "small"),
    [((480, 360), False), ((479, 600), True), ((600, 359), True), ((800, 340), True)],
)
def test_the_least_window_laid_out_is_480_by_360(app, size, small):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    assert app.too_small is small


def test_the_scene_is_laid_out_anew_for_each_size_it_can_be_drawn_at(app):
    scene = Plain(app)
    app.switch(scene, fade=False)
    for size in [(1000, 700), (300, 200), (900, 650)]:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    # too small, it was not laid out, but told its pointer is gone (nothing to point at)
    assert scene.sizes == [(800, 600), (1000, 700), (900, 650)] and scene.lost == 1


def test_a_stall_just_caught_up_is_no_stall(app):
    scene = Plain(app)
    app.switch(scene, fade=False)
    step(app)
    app.clock.advance(5.5 * STEP)
    app.frame()
    assert scene.let_go == []


def test_the_loop_runs_at_its_cap_while_something_moves(app):
    scene = Plain(app)
    app.switch(scene, fade=False)
    step(app)
    assert app.frame_rate() == 60
    scene.redraw = True
    assert app.frame_rate() == 144
    new = Plain(app)
    app.switch(new)
    while app.scene is not new:
        step(app)
    step(app)
    assert not new.redraw and app.frame_rate() == 144  # the fade in moves too


def test_writes_that_failed_are_tried_again_after_30_seconds(app):
    from game.rules import Game
    from game.store import GameFacts
    from tests.store.test_games import CommitFails

    scene = Plain(app)
    app.switch(scene, fade=False)
    real = app.records.games.conn
    app.records.games.conn = CommitFails(real)
    game = Game("pyramid52", deal=5)
    game.play("st>w")
    assert app.game_changed(game, GameFacts())
    app.records.games.conn = real  # room made: nothing saves meanwhile (a kiosk's show)
    for _ in range(33 * 12):  # 33 s, five updates a frame
        app.clock.advance(5 * STEP)
        app.frame()
    assert scene.saves == 1
    assert not any("could not be saved" in str(n) for n in app.notices)


def test_full_screen_keeps_the_screen_s_own_mode(app, monkeypatch):
    # asked at the window's size, full screen changed the screen's resolution
    asked = []
    real = pygame.display.set_mode

    def set_mode(size=(0, 0), flags=0, *args, **kwargs):
        asked.append((tuple(size), bool(flags & pygame.FULLSCREEN)))
        return real(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    app.toggle_fullscreen()
    assert asked and all(size == (0, 0) for size, full in asked if full)


def test_what_the_scene_is_told_of_the_pointer_and_the_keys(app):
    first = Plain(app)
    app.switch(first, fade=False)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    assert app.keyboard_led
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1)
    app.handle_event(click)
    assert not app.keyboard_led  # a click: the focus ring goes
    # the focus lost between two clicks: the pointer lets go, and they are no double click
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert first.lost == 1
    app.handle_event(click)
    assert first.clicks == [1, 1]
    # a finger after the mouse: what names the keys is painted again
    repaints = first.repaints
    app.handle_event(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=1, touch_id=1))
    assert app.touch_led and first.repaints == repaints + 1
    # left for another screen, its card held floats no more
    app.switch(Plain(app), fade=False)
    assert first.lost == 2


def test_a_click_on_a_window_too_small_reaches_no_scene(app):
    scene = Plain(app)
    app.switch(scene, fade=False)
    pygame.display.set_mode((300, 200), pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=300, y=200))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    assert scene.clicks == []


def test_under_the_shade_a_screen_is_drawn_again_only_as_it_changes(app):
    # a whole screen drawn for each frame of a fade took 30 ms at 4K
    old = Plain(app)
    app.switch(old, fade=False)
    step(app)
    new = Plain(app)
    app.switch(new)
    step(app)
    drawn = old.draws
    old.redraw = True  # its animation, under the shade: the picture kept is shaded on
    step(app, 3)
    assert old.draws == drawn
    # the window made larger mid-fade: the picture kept is of the old size, and the
    # screen is drawn again at the new one
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=700))
    step(app)
    assert old.draws == drawn + 1 and old.sizes[-1] == (1000, 700)
    while app.scene is not new:
        step(app)
    entered = new.draws
    step(app, 3)  # the screen come in, unchanged, is not drawn for each frame of the fade
    assert new.draws == entered
