"""The fixed-timestep loop: updates at 60 Hz from an accumulator, long frames clamped,
catch-up capped, drawing given the blend factor, and only when something changed."""

import pygame
import pytest

from game.app import HIDDEN_FPS, MAX_STEPS, App
from game.clock import STEP, ManualClock
from game.scenes.base import Scene
from game.scenes.menu import MenuScene
from game.ui.pointer import POINTER_DOWN
from game.window import PUT_BACK_S


class Probe(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.updates = 0
        self.alphas = []

    def update(self, dt):
        assert dt == STEP
        self.updates += 1

    def draw(self, surface, alpha):
        self.alphas.append(alpha)
        return [surface.get_rect()]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    application = App(size=(800, 600), clock=ManualClock())
    yield application
    application.close()
    pygame.display.quit()


def test_one_second_gives_sixty_updates(app):
    probe = Probe(app)
    app.switch(probe, fade=False)
    for _ in range(60):
        app.clock.advance(1 / 60)
        app.frame()
    assert probe.updates == pytest.approx(60, abs=1)


@pytest.mark.parametrize("stall", [0.2, 5.0, 3600.0])
def test_a_stall_s_catch_up_is_capped(app, stall):
    probe = Probe(app)
    app.switch(probe, fade=False)
    app.clock.advance(stall)
    app.frame()
    assert probe.updates == MAX_STEPS
    app.clock.advance(1 / 60)
    app.frame()
    assert probe.updates <= MAX_STEPS + 2  # the backlog was dropped, not replayed


def test_the_time_a_scene_takes_to_enter_is_not_caught_up(app):
    # entering a table took 150 ms under the fade's black; the next frame then ran five
    # updates at once, and half the fade in was skipped: it read as a cut
    class Slow(Probe):
        def enter(self):
            super().enter()
            self.app.clock.advance(0.1)

        def draw(self, surface, alpha):
            if not self.alphas:  # its first drawing, in the frame it entered: 50 ms more
                self.app.clock.advance(0.05)
            return super().draw(surface, alpha)

    app.switch(Probe(app), fade=False)
    slow = Slow(app)
    app.switch(slow)
    while app.scene is not slow:
        app.clock.advance(STEP)
        app.frame()
    app.clock.advance(STEP)
    app.frame()
    assert slow.updates <= 2


def test_drawing_gets_the_blend_factor_between_updates(app):
    probe = Probe(app)
    app.switch(probe, fade=False)
    app.clock.advance(STEP * 1.5)
    probe.redraw = True
    app.frame()
    assert probe.alphas[-1] == pytest.approx(0.5, abs=0.01)


def test_a_scene_that_did_not_change_is_not_drawn(app):
    probe = Probe(app)
    app.switch(probe, fade=False)
    app.clock.advance(STEP)
    app.frame()
    drawn = len(probe.alphas)
    for _ in range(10):
        app.clock.advance(STEP)
        app.frame()
    assert len(probe.alphas) == drawn


def test_a_level_file_left_out_is_said_in_the_notices(tmp_path, monkeypatch):
    import game.app

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    monkeypatch.setattr(game.app, "level_problems", lambda: ("zzz.toml: family: missing",))
    application = App(size=(800, 600), clock=ManualClock())
    try:
        assert "A rules file was skipped: zzz.toml (family: missing)" in map(
            str, application.notices
        )
    finally:
        application.close()


def test_a_notice_is_said_in_the_language_chosen_after_it_was_made(tmp_path, monkeypatch):
    # it stayed in the language the game started in, after Settings changed it
    import game.app
    from game import i18n

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    monkeypatch.setattr(game.app, "level_problems", lambda: ("zzz.toml: family: missing",))
    application = App(size=(800, 600), clock=ManualClock())
    try:
        i18n.set_language("en")
        (notice,) = application.notices
        assert str(notice).startswith("A rules file was skipped")
        i18n.set_language("ru")
        # the file's own problem is English: where it is told, not in the sentence
        assert (
            str(notice) == "Файл правил пропущен: zzz.toml (подробности — в журнале piramida.log)"
        )
    finally:
        i18n.set_language("en")
        application.close()


@pytest.mark.parametrize("scene_name", ["menu", "settings", "records", "table", "rules"])
def test_a_window_smaller_than_any_layout_asks_to_be_larger(app, scene_name):
    # where the window manager ignores the minimum size (a tiling one), a tiny window
    # crashed the settings (280x210), the records (200x150) and every scene (1x1, 2000x40)
    from game.app import SMALLEST_DRAWN
    from game.rules import Game
    from game.scenes.menu import MenuScene
    from game.scenes.records import RecordsScene
    from game.scenes.rules import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.table import TableScene
    from game.ui import theme

    make = {
        "menu": lambda: MenuScene(app),
        "settings": lambda: SettingsScene(app),
        "records": lambda: RecordsScene(app, "pyramid52", {}),
        "table": lambda: TableScene(app, Game("egyptian", deal=1)),
        "rules": lambda: RulesScene(app, "sbudetsya"),
    }[scene_name]
    for size in [(1, 1), (2000, 40), (200, 150), (280, 210)]:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app._resized()
        app.switch(make(), fade=False)  # a scene entered while the window is tiny
        app.frame()
        assert app.too_small and app.size == SMALLEST_DRAWN  # laid out at the smallest
        pygame.display.set_mode((900, 700), pygame.RESIZABLE)
        app._resized()
        app.frame()
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app._resized()  # a scene made tiny
        app.frame()
        if size[0] >= 200:
            # the request, on a plain panel: nothing of the scene drawn over it
            assert tuple(app.surface.get_at((0, 0)))[:3] == theme.PANEL
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
        app.frame()  # a click on a picture not drawn goes nowhere
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    app._resized()
    app.frame()
    assert not app.too_small and app.size == (800, 600)


def test_a_window_too_small_says_how_large_it_must_be(app):
    # "Make the window larger" alone did not say how much
    from game.scenes.menu import MenuScene
    from game.ui import theme

    app.switch(MenuScene(app), fade=False)
    pygame.display.set_mode((320, 240), pygame.RESIZABLE)
    app._resized()
    app.frame()
    below = [app.surface.get_at((x, y))[:3] for x in range(40, 280) for y in range(132, 160)]
    assert app.too_small and theme.INK_DIM in below  # the second line: "at least 800 × 600"


def test_keys_do_nothing_while_the_window_is_too_small_to_show_the_table(app):
    # G twice gave the game up, unseen, behind the "make the window larger" screen
    from game.rules import Game
    from game.scenes.table import TableScene

    game = Game("pyramid52", deal=17)
    app.switch(TableScene(app, game), fade=False)
    app.frame()
    pygame.display.set_mode((320, 240), pygame.RESIZABLE)
    app._resized()
    app.frame()
    assert app.too_small
    for key in (pygame.K_SPACE, pygame.K_g, pygame.K_g, pygame.K_RETURN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.frame()
    assert game.moves == [] and not game.over
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    app._resized()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    app.frame()
    assert [str(m) for m in game.moves] == ["st>w"]  # the same key, seen, plays


@pytest.mark.parametrize("back", [pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED])
def test_a_window_that_cannot_be_seen_draws_nothing_till_it_is_seen_again(app, back):
    # minimised, a scene with an animation running was drawn 15 times a second
    probe = Probe(app)
    app.switch(probe, fade=False)
    app.frame()
    app.handle_event(pygame.event.Event(pygame.WINDOWMINIMIZED))
    drawn = len(probe.alphas)
    for _ in range(HIDDEN_FPS):
        probe.redraw = True
        app.clock.advance(1 / HIDDEN_FPS)
        app.frame()
    assert len(probe.alphas) == drawn
    app.handle_event(pygame.event.Event(back))
    app.clock.advance(1 / 60)
    app.frame()
    assert len(probe.alphas) == drawn + 1  # the whole window again, at once


def test_a_window_that_cannot_be_seen_runs_slower_and_its_updates_keep_up(app):
    # minimised or hidden, the loop woke sixty times a second for nothing
    probe = Probe(app)
    app.switch(probe, fade=False)
    app.frame()
    assert app.frame_rate() == 60
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert app.frame_rate() >= 60  # behind another window it may still be seen
    app.handle_event(pygame.event.Event(pygame.WINDOWMINIMIZED))
    assert app.frame_rate() == HIDDEN_FPS < 60
    before = probe.updates
    for _ in range(HIDDEN_FPS):  # one second at that rate: still sixty updates
        app.clock.advance(1 / HIDDEN_FPS)
        app.frame()
    assert probe.updates - before in (59, 60, 61)
    app.handle_event(pygame.event.Event(pygame.WINDOWRESTORED))
    assert app.frame_rate() >= 60
    # seen again, but not played until it has the focus: the cards came back and the
    # clock ran in a window shown without it
    assert not app.active
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    assert app.active
    app.handle_event(pygame.event.Event(pygame.WINDOWHIDDEN))
    app.handle_event(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert app.frame_rate() >= 60


def run_resized_to(size: tuple[int, int]) -> None:
    """A start with no --size, its window resized by the player to `size`, closed."""
    app = App(size=(1280, 800), clock=ManualClock(), size_kept=True)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.close()


def test_the_window_opens_at_the_size_it_was_last_left(tmp_path, monkeypatch):
    # every start opened at 1280x800 (or the screen's fit), whatever the player had made
    # of the window; a size given by --size is the player's, and stands
    import json

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    settings = tmp_path / "config" / "settings.json"
    first = App(size=(1000, 700), clock=ManualClock(), size_kept=True)
    pygame.display.set_mode((1100, 650), pygame.RESIZABLE)
    first.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1100, y=650))
    # another copy of the game, or an editor, changed a setting meanwhile: it stays
    settings.write_text(json.dumps({"language": "ru", "volume": 0.2}), "utf-8")
    first.close()
    saved = json.loads(settings.read_text("utf-8"))
    assert saved == {"language": "ru", "volume": 0.2, "window": [1100, 650]}
    kept = App(size=(1280, 800), clock=ManualClock(), size_kept=True)
    assert kept.surface.get_size() == (1100, 650)
    kept.close()
    given = App(size=(900, 600), clock=ManualClock())  # --size: for this run only
    assert given.surface.get_size() == (900, 600)
    given.close()
    assert json.loads(settings.read_text("utf-8"))["window"] == [1100, 650]
    # stretched past what the settings take: not kept (the next start refused it)
    run_resized_to((8000, 600))
    assert json.loads(settings.read_text("utf-8"))["window"] == [1100, 650]
    pygame.display.quit()


def test_a_start_on_a_small_screen_keeps_the_size_the_player_left(tmp_path, monkeypatch):
    # opened on an 800x600 screen, the window fitted to it (or full screen) was kept at
    # the close as the player's: every later start on a large screen opened small
    import json

    import game.app

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    settings = tmp_path / "config" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text(json.dumps({"window": [1100, 650]}), "utf-8")
    monkeypatch.setattr(game.app, "the_screen", lambda: (800, 600))
    small = App(size=(1280, 800), clock=ManualClock(), size_kept=True)
    assert small.windowed_size != (1100, 650)  # fitted to the screen
    small.close()
    assert json.loads(settings.read_text("utf-8"))["window"] == [1100, 650]
    # made larger there by the player: that size is theirs, and kept
    run_resized_to((900, 640))
    assert json.loads(settings.read_text("utf-8"))["window"] == [900, 640]
    pygame.display.quit()


def test_f11_from_a_window_too_small_comes_back_at_the_size_before(tmp_path, monkeypatch):
    # a window manager let the window shrink below what is laid out; F11 there, and F11
    # again, brought it back at 480x360, its real size lost
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=(1000, 700), clock=ManualClock())
    pygame.display.set_mode((400, 300), pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=400, y=300))
    assert app.too_small
    app.toggle_fullscreen()
    assert app.windowed_size == (1000, 700)
    app.toggle_fullscreen()
    assert app.windowed_size == (1000, 700)
    app.close()
    pygame.display.quit()


def app_in_a_framed_window(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """An app whose window stands at 300,200: a window manager's moves are the test's
    to play (SDL's dummy driver frames nothing)."""

    class Window:
        position = (300, 200)

        def set_windowed(self):
            pass

    window = Window()
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=(1000, 700), clock=ManualClock())
    monkeypatch.setattr(
        pygame, "Window", type("Windows", (), {"from_display_module": lambda: window})
    )
    return app, window


def test_f11_twice_puts_the_window_back_where_it_stood(tmp_path, monkeypatch):
    # the window manager framed it again with its inside where its frame had been: a
    # title bar lower each time (openbox: 20 px), till its bottom bar was off the
    # screen. SDL's dummy driver frames nothing: the window manager's move is played
    app, window = app_in_a_framed_window(tmp_path, monkeypatch)
    for _round in range(3):
        app.toggle_fullscreen()
        window.position = (0, 0)
        app.toggle_fullscreen()
        x, y = window.position
        window.position = (x + 1, y + 20)
        app.handle_event(pygame.event.Event(pygame.WINDOWMOVED, x=x + 1, y=y + 20))
        assert window.position == (300, 200)
    assert app.windowed_size == (1000, 700)
    window.position = (500, 400)  # the player's own move, later, is left alone
    app.handle_event(pygame.event.Event(pygame.WINDOWMOVED, x=500, y=400))
    assert window.position == (500, 400)
    # with no window manager to frame it, the first move is the player's: it stays
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    window.position = (200, 150)
    app.handle_event(pygame.event.Event(pygame.WINDOWMOVED, x=200, y=150))
    assert window.position == (200, 150)
    # and a frame's move too late is the player's as well
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    app.clock.advance(PUT_BACK_S + 0.5)
    window.position = (201, 170)
    app.handle_event(pygame.event.Event(pygame.WINDOWMOVED, x=201, y=170))
    assert window.position == (201, 170)
    app.close()
    pygame.display.quit()


def test_f11_pressed_fast_keeps_the_window_where_it_stood(tmp_path, monkeypatch):
    # six presses 0.05 s apart: each time out of full screen, the window manager framed it
    # a title bar lower before its move was seen, and that place was kept for the next
    app, window = app_in_a_framed_window(tmp_path, monkeypatch)
    for _press in range(3):
        app.toggle_fullscreen()
        window.position = (0, 0)
        app.handle_event(pygame.event.Event(pygame.WINDOWMOVED, x=0, y=0))
        app.toggle_fullscreen()
        x, y = window.position
        window.position = (x + 1, y + 20)  # framed, its move not seen yet
        app.clock.advance(0.05)
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    assert window.position == (300, 200)
    # the moves come at last: the full screen's own, then the frame's (openbox), which
    # is put back as F11 pressed slowly has it
    app.handle_event(pygame.event.Event(pygame.WINDOWMOVED, x=0, y=0))
    window.position = (301, 220)
    app.handle_event(pygame.event.Event(pygame.WINDOWMOVED, x=301, y=220))
    assert window.position == (300, 200)
    app.close()
    pygame.display.quit()


def test_full_screen_off_on_a_small_touch_screen_gives_a_window_that_fits(tmp_path, monkeypatch):
    # on an 800x480 screen the game opened full screen; Full screen Off made an 800x600
    # window, its bottom bar and Settings' Back under the screen's edge, and no key to
    # come back by on a touch screen
    import warnings

    import game.window

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    monkeypatch.setattr(game.window, "the_screen", lambda: (800, 480))
    app = App(size=(800, 600), fullscreen=True, clock=ManualClock())
    app.toggle_fullscreen()
    assert app.surface.get_size() == (760, 432)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert tuple(pygame.Window.from_display_module().minimum_size) == (760, 432)
    # one the screen holds stays: a maximised window came back at 95% x 90% of it
    monkeypatch.setattr(game.window, "the_screen", lambda: (1920, 1080))
    pygame.display.set_mode((1920, 1061), pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1061))
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    assert app.surface.get_size() == (1920, 1061) == app.windowed_size
    app.close()
    pygame.display.quit()


@pytest.mark.parametrize(("size", "least"), [((600, 800), (600, 800)), ((1000, 700), (800, 600))])
def test_a_window_cannot_be_made_smaller_than_the_least_of_its_shape(
    tmp_path, monkeypatch, size, least
):
    # a window opened standing up was held 800 wide at least: 600x800 opened 800x800
    import warnings

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    assert app.surface.get_size() == size
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert tuple(pygame.Window.from_display_module().minimum_size) == least
    app.close()
    pygame.display.quit()


def test_a_sound_device_removed_is_let_go_and_the_sound_opened_again(app):
    # SDL's word that the mixer's device went (a speaker unplugged) reached nobody, and
    # the game stayed silent until it was started again
    assert app.sounds.available
    pygame.event.post(pygame.event.Event(pygame.AUDIODEVICEREMOVED, which=2, iscapture=0))
    app.frame()
    assert pygame.mixer.get_init() is None
    # the device removed may have been another (a screen's sound): at the next sound,
    # what there is then plays, where it waited a minute
    assert app.sounds.play("place") and app.sounds.available


def test_a_window_place_sdl_cannot_tell_leaves_the_window_where_it_is(monkeypatch):
    # no place read (an old pygame, no such window): nothing is put back, nothing fails
    from game import window as window_module
    from game.window import WindowPlace

    placed = []
    monkeypatch.setattr(window_module, "window_position", lambda: None)
    monkeypatch.setattr(window_module, "place_window", placed.append)
    place = WindowPlace()
    place.into_full_screen(0.0)
    place.moved((0, 0), True, 0.1)
    place.out_of_full_screen(0.2)
    place.moved((1, 20), False, 0.3)
    assert place.windowed_at is None and placed == []


def test_quitting_with_games_not_saved_says_so_once_on_the_menu(app):
    # a game given up on a full disk came back in play, two moves short, after a quit
    # that said nothing: the results had said nothing either
    from game.rules import Game
    from game.scenes.menu import MenuScene
    from game.store import GameFacts
    from tests.store.test_games import CommitFails

    real = app.records.games.conn
    app.records.games.conn = CommitFails(real)
    game, facts = Game("pyramid52", deal=5), GameFacts()
    game.play("resign")
    assert not app.records.save_game(game, facts)
    app.request_quit()
    assert app.running
    assert str(app.notices[0]).startswith("Some games are not saved yet (the disk is full)")
    for _ in range(90):  # the menu, where the notices are read
        app.clock.advance(STEP)
        app.frame()
    assert isinstance(app.scene, MenuScene)
    app.request_quit()  # again: the player leaves them
    assert not app.running


def test_quitting_with_every_game_saved_asks_nothing(app):
    app.request_quit()
    assert not app.running and not app.notices


def test_the_notice_of_a_save_that_failed_goes_once_every_save_is_made(app):
    # the menu said "the disk is full" of games all saved since
    from game.rules import Game
    from game.store import GameFacts
    from tests.store.test_games import CommitFails

    real = app.records.games.conn
    app.records.games.conn = CommitFails(real)
    game, facts = Game("pyramid52", deal=5), GameFacts()
    game.play("st>w")
    assert app.game_changed(game, facts)
    assert any("could not be saved" in str(n) for n in app.notices)
    app.records.games.conn = real
    game.play("st>w")
    assert app.game_changed(game, facts) == ""
    assert not any("could not be saved" in str(n) for n in app.notices)


def test_a_second_full_disk_is_asked_about_at_the_quit_too(app):
    # the question was asked once a session: the disk full again, Quit left at once
    from game.rules import Game
    from game.store import GameFacts
    from tests.store.test_games import CommitFails

    real = app.records.games.conn
    game, facts = Game("pyramid52", deal=5), GameFacts()
    for _episode in range(2):
        app.records.games.conn = CommitFails(real)
        game.play("st>w")
        app.game_changed(game, facts)
        app.request_quit()
        assert app.running and "not saved yet" in str(app.notices[0])
        app.records.games.conn = real  # room made: saved, and the notices go
        game.play("st>w")
        app.game_changed(game, facts)
        assert not any("not saved" in str(n) for n in app.notices)


def test_a_stall_s_time_is_all_counted_once(app):
    # the updates run, the time let go to the scene and what is left for the next frame
    # together make the stall: a table's clock ranks play by it (Ctrl+Z with the cards
    # open counts the time it stood still), neither short of it nor a step over
    class Stalled(Probe):
        def __init__(self, app):
            super().__init__(app)
            self.let_go = []

        def stalled(self, seconds):
            self.let_go.append(seconds)

    probe = Stalled(app)
    app.switch(probe, fade=False)
    app.frame()
    app.clock.advance(100.0)
    app.frame()
    assert probe.updates == MAX_STEPS and len(probe.let_go) == 1
    app.frame()  # no time passes: what was left over is run now
    counted = probe.updates * STEP + sum(probe.let_go)
    assert counted == pytest.approx(100.0, abs=STEP / 4)


def test_the_clock_stops_while_another_window_has_the_focus(app):
    # PLAYERS.md: the clock pauses when the window loses focus; behind another window
    # it may still be seen (drawn at the full rate), but it is not played
    from game.rules import Game
    from game.scenes.table import TableScene

    scene = TableScene(app, Game("egyptian", deal=0))
    app.switch(scene, fade=False)
    for _ in range(120):
        app.clock.advance(STEP)
        app.frame()
    running = scene.seconds
    assert running > 1.0
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert not app.active and not app.hidden and app.frame_rate() >= 60
    for _ in range(120):
        app.clock.advance(STEP)
        app.frame()
    assert scene.seconds == pytest.approx(running, abs=0.05)
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    for _ in range(60):
        app.clock.advance(STEP)
        app.frame()
    assert scene.seconds > running + 0.9


@pytest.mark.parametrize("away", [pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN])
def test_a_window_unseen_stays_so_when_its_focus_is_said_lost_after(app, away):
    # SDL says hidden or minimised first, and then that the focus was lost: the window
    # is no more to be seen for that, and must be neither drawn nor woken 60 times a second
    probe = Probe(app)
    app.switch(probe, fade=False)
    app.frame()
    app.handle_event(pygame.event.Event(away))
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert app.hidden and not app.active
    assert app.frame_rate() == HIDDEN_FPS
    drawn = len(probe.alphas)
    for _ in range(HIDDEN_FPS):
        probe.redraw = True
        app.clock.advance(1 / HIDDEN_FPS)
        app.frame()
    assert len(probe.alphas) == drawn


def test_a_window_unseen_given_the_focus_back_is_painted_whole(app):
    # a window manager may give the focus back with no word that the window is shown
    # again: its picture was lost while minimised, and a scene with nothing changed
    # drew nothing, the window left black or stale
    probe = Probe(app)
    app.switch(probe, fade=False)
    app.frame()
    app.handle_event(pygame.event.Event(pygame.WINDOWMINIMIZED))
    for _ in range(HIDDEN_FPS):  # nothing changes in the scene meanwhile
        app.clock.advance(1 / HIDDEN_FPS)
        app.frame()
    drawn = len(probe.alphas)
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.clock.advance(1 / 60)
    app.frame()
    assert len(probe.alphas) == drawn + 1


def test_full_screen_is_kept_for_the_next_start(tmp_path, monkeypatch):
    # README: with no --size the window opens full screen if it was left so
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    first = App(size=(1000, 700), clock=ManualClock(), size_kept=True)
    first.toggle_fullscreen()  # F11
    first.close()
    again = App(size=(1000, 700), clock=ManualClock(), size_kept=True)
    assert again.fullscreen
    again.toggle_fullscreen()  # F11 back to a window, then closed
    again.close()
    third = App(size=(1000, 700), clock=ManualClock(), size_kept=True)
    assert not third.fullscreen
    third.close()
    pygame.display.quit()


def test_input_during_a_fade_out_reaches_neither_screen(app):
    # a key or a click while one screen fades into the next acted on the screen being
    # left, unseen under the shade (a second Enter on the menu, a click on a table gone)
    class Listener(Probe):
        def __init__(self, app):
            super().__init__(app)
            self.events = []

        def handle_event(self, event):
            if event.type in (pygame.KEYDOWN, POINTER_DOWN):
                self.events.append(event.type)
            return True

    old, new = Listener(app), Listener(app)
    app.switch(old, fade=False)
    app.frame()
    app.switch(lambda: new)
    app.clock.advance(STEP)
    app.frame()
    assert app.switching and app.scene is old
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1))
    app.clock.advance(STEP)
    app.frame()
    while app.switching:
        app.clock.advance(STEP)
        app.frame()
    assert old.events == [] and new.events == []


def test_the_screen_left_is_shown_until_the_shade_is_full(app):
    # the next screen came in half-way through the fade out: the shade jumped from
    # half dark back to light, a cut where a fade through dark was meant
    class Entering(Probe):
        shade = None

        def enter(self):
            super().enter()
            self.shade = self.app._fade

    app.settings.animation_speed = 1.0
    app.switch(Probe(app), fade=False)
    app.frame()
    new = Entering(app)
    app.switch(lambda: new)
    while app.scene is not new:
        app.clock.advance(STEP)
        app.frame()
    assert new.shade == 1.0


def test_f11_is_the_window_s_and_leaves_the_table_s_question_standing(app):
    # F11 is the window's own key: the table never hears it. Pressed between the two
    # presses of G that give a game up, it took the question away, and the second G
    # asked again instead of giving up; on the menu it lit the keyboard's focus ring
    from game.rules import Game
    from game.scenes.table import TableScene

    def key(k, unicode=""):
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode=unicode))
            app.clock.advance(STEP)
            app.frame()

    def wait(n):
        for _ in range(n):
            app.clock.advance(STEP)
            app.frame()

    app.switch(MenuScene(app), fade=False)
    wait(5)
    key(pygame.K_F11)
    assert app.fullscreen and not app.keyboard_led
    key(pygame.K_F11)
    game = Game("pyramid52", deal=17)
    app.switch(TableScene(app, game), fade=False)
    wait(60)
    key(pygame.K_g, "g")
    wait(30)
    key(pygame.K_F11)
    assert app.fullscreen
    wait(30)
    key(pygame.K_g, "g")
    assert game.over  # given up, as the question said


def test_games_not_saved_at_a_quit_are_saved_as_the_game_closes(tmp_path, monkeypatch):
    # README: quit with games not saved says so once, on the menu: make room and quit
    # again, and they are saved as the game closes
    from game.rules import Game
    from game.store import GameFacts, Records
    from tests.store.test_games import CommitFails

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=(800, 600), clock=ManualClock())
    real = app.records.games.conn
    app.records.games.conn = CommitFails(real)
    game, facts = Game("pyramid52", deal=5), GameFacts()
    game.play("resign")
    assert not app.records.save_game(game, facts)
    app.request_quit()  # said once, on the menu
    assert app.running
    app.records.games.conn = real  # room made
    app.request_quit()  # again: it quits
    assert not app.running
    app.close()
    pygame.display.quit()
    again = Records.open()
    try:
        (row,) = again.history()
        assert row.outcome == "resigned"
    finally:
        again.close()


def test_a_screen_left_is_told_so_once(app):
    # a table saves its game's time as it is left (for the menu, the rules, the
    # results): a screen switched away from, with a fade or without, must be told
    class Leaving(Probe):
        def __init__(self, app):
            super().__init__(app)
            self.exits = 0

        def exit(self):
            self.exits += 1

    first, second = Leaving(app), Leaving(app)
    app.switch(first, fade=False)
    app.frame()
    app.switch(second, fade=False)
    assert first.exits == 1
    app.switch(Probe(app))
    while app.switching:
        app.clock.advance(STEP)
        app.frame()
    assert second.exits == 1


def test_a_window_that_cannot_be_seen_sleeps_between_its_frames(app):
    # minimised, the loop woke as often as when seen: the rate it asks for must be the
    # one it sleeps at, not only one frame_rate() says
    rates = []

    class Tick:
        def tick(self, fps):
            rates.append(fps)
            if len(rates) == 3:
                app.end_loop()
            return 0

    app._tick = Tick()
    app.switch(Probe(app), fade=False)
    app.frame()  # the window's own events of its opening (shown, exposed) taken
    app.handle_event(pygame.event.Event(pygame.WINDOWMINIMIZED))
    app.run()
    assert rates == [HIDDEN_FPS] * 3
