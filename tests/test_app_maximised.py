"""A maximised window: maximised again out of full screen, and at the next start, with
its size un-maximised kept for the window manager's restore. SDL's dummy driver has no
window manager: its word (maximised, restored, moved) is the test's to play."""

import json

import pygame
import pytest

import game.app
from game.app import App
from game.clock import ManualClock


class Window:
    """The display module's window as the window manager leaves it."""

    def __init__(self) -> None:
        self.position = (300, 200)
        self.size = (1000, 700)
        self.maximised = 0  # times SDL was asked to maximise it

    def set_windowed(self) -> None:
        pass

    def maximize(self) -> None:
        self.maximised += 1


@pytest.fixture
def window(monkeypatch):
    shown = Window()
    monkeypatch.setattr(
        pygame, "Window", type("Windows", (), {"from_display_module": lambda: shown})
    )
    return shown


def event(kind: int, **attributes: int) -> pygame.event.Event:
    return pygame.event.Event(kind, **attributes)


def resize(app: App, size: tuple[int, int]) -> None:
    """The window is made `size` by the window manager, and SDL says so."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))


def maximise(app: App, size: tuple[int, int] = (1920, 1061)) -> None:
    """The player maximises the window: SDL says so, then gives its new size."""
    app.handle_event(event(pygame.WINDOWMAXIMIZED))
    resize(app, size)


def unmaximise(app: App, size: tuple[int, int] = (1000, 700)) -> None:
    """The player un-maximises the window: SDL says it is restored, then its size."""
    app.handle_event(event(pygame.WINDOWRESTORED))
    resize(app, size)


def settings_file(tmp_path) -> dict:
    return json.loads((tmp_path / "config" / "settings.json").read_text("utf-8"))


def test_f11_from_a_maximised_window_comes_back_maximised(tmp_path, monkeypatch, window):
    # it came back at the maximised size but not maximised: the window manager's
    # restore then kept that size, the size of before lost
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=(1000, 700), clock=ManualClock())
    app.handle_event(event(pygame.WINDOWMOVED, x=300, y=200))
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    window.position = (301, 220)  # framed a title bar lower, and put back
    app.handle_event(event(pygame.WINDOWMOVED, x=301, y=220))
    assert window.position == (300, 200)
    maximise(app)
    window.position = (0, 19)
    app.handle_event(event(pygame.WINDOWMOVED, x=0, y=19))
    assert app.windowed_size == (1000, 700)  # the size a restore comes back to
    app.toggle_fullscreen()
    app.handle_event(event(pygame.WINDOWRESTORED))  # SDL restores it into full screen
    app.toggle_fullscreen()
    assert window.maximised == 1
    assert window.size == (1000, 700)
    resize(app, (1920, 1061))  # and the window manager maximises it again
    # F11 pressed fast: the full screen's restoring comes late, and is not the player's
    app.clock.advance(0.05)
    app.handle_event(event(pygame.WINDOWRESTORED))
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    assert window.maximised == 2
    resize(app, (1000, 700))  # its size of before, on its way to maximised again
    resize(app, (1920, 1061))
    # un-maximised by the player at once: it was kept maximised, and every later resize
    # ignored, till the next start opened maximised
    app.clock.advance(0.2)
    unmaximise(app)
    assert not app.window_place.maximised
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    assert window.maximised == 2
    maximise(app)
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    assert window.maximised == 3
    resize(app, (1920, 1061))
    # un-maximised by the player a second later: where it stood, not a title bar lower
    app.clock.advance(1.0)
    unmaximise(app)
    window.position = (301, 220)
    app.handle_event(event(pygame.WINDOWMOVED, x=301, y=220))
    assert window.position == (300, 200)
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    assert window.maximised == 3  # no longer maximised: left so
    app.close()
    pygame.display.quit()


def test_a_minimised_maximised_window_shown_again_stays_maximised(tmp_path, monkeypatch, window):
    # shown again, openbox has SDL say restored, maximised, and restored again: the last
    # word read as un-maximised, F11 and the next start came back un-maximised
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=(1280, 800), clock=ManualClock(), size_kept=True)
    resize(app, (1000, 700))
    maximise(app)
    for said in (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
        app.handle_event(event(said))
    app.handle_event(event(pygame.WINDOWRESTORED))
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    assert window.maximised == 1
    app.close()
    kept = settings_file(tmp_path)
    assert (kept["window"], kept["maximised"]) == ([1000, 700], True)
    pygame.display.quit()


def test_a_window_left_maximised_opens_maximised_at_its_size_of_before(
    tmp_path, monkeypatch, window
):
    # it opened un-maximised at the maximised size, and its size of before was lost
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    asked: list[str] = []
    monkeypatch.setattr(game.app, "maximise_window", lambda: asked.append("maximise"))
    first = App(size=(1280, 800), clock=ManualClock(), size_kept=True)
    pygame.display.set_mode((1100, 650), pygame.RESIZABLE)
    first.handle_event(event(pygame.WINDOWSIZECHANGED, x=1100, y=650))
    maximise(first)
    first.close()
    kept = settings_file(tmp_path)
    assert (kept["window"], kept["maximised"]) == ([1100, 650], True)
    assert asked == []
    second = App(size=(1280, 800), clock=ManualClock(), size_kept=True)
    assert asked == ["maximise"]
    assert second.surface.get_size() == (1100, 650)  # the window manager's restore's
    second.close()
    # a size given (--size) is for that run: not maximised
    App(size=(900, 600), clock=ManualClock()).close()
    assert asked == ["maximise"]
    # un-maximised by the player, it opens so
    third = App(size=(1280, 800), clock=ManualClock(), size_kept=True)
    resize(third, (1920, 1061))  # the window manager's maximise
    third.handle_event(event(pygame.WINDOWRESTORED))
    resize(third, (1100, 650))
    third.close()
    assert settings_file(tmp_path)["maximised"] is False
    assert asked == ["maximise", "maximise"]  # the third start's
    App(size=(1280, 800), clock=ManualClock(), size_kept=True).close()
    assert asked == ["maximise", "maximise"]
    pygame.display.quit()


def test_a_full_screen_start_left_maximised_comes_out_of_it_maximised(
    tmp_path, monkeypatch, window
):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    settings = tmp_path / "config" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text(json.dumps({"fullscreen": True, "maximised": True}), "utf-8")
    app = App(size=(1280, 800), clock=ManualClock(), size_kept=True)
    assert window.maximised == 0
    app.toggle_fullscreen()
    assert window.maximised == 1
    app.close()
    pygame.display.quit()


def maximised_app(tmp_path, monkeypatch) -> App:
    """An app whose window stood at 300,200 and was then maximised by the player."""
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=(1000, 700), clock=ManualClock(), size_kept=True)
    app.handle_event(event(pygame.WINDOWMOVED, x=300, y=200))
    maximise(app)
    app.handle_event(event(pygame.WINDOWMOVED, x=0, y=19))
    return app


def test_sdl_s_late_restore_out_of_full_screen_is_not_the_player_s(tmp_path, monkeypatch, window):
    # ten seconds full screen, then F11: SDL's word that full screen restored the window
    # comes just after, before the window manager maximises it again (and moves it)
    app = maximised_app(tmp_path, monkeypatch)
    app.toggle_fullscreen()
    app.clock.advance(10.0)
    app.toggle_fullscreen()
    app.clock.advance(0.1)
    app.handle_event(event(pygame.WINDOWRESTORED))
    app.handle_event(event(pygame.WINDOWMOVED, x=0, y=19))
    maximise(app)
    app.clock.advance(5.0)
    unmaximise(app)  # by the player: framed where it stood, and put back there
    window.position = (301, 220)
    app.handle_event(event(pygame.WINDOWMOVED, x=301, y=220))
    assert window.position == (300, 200)
    app.close()
    pygame.display.quit()


def test_un_maximised_long_after_f11_moving_before_its_resize_is_put_back(
    tmp_path, monkeypatch, window
):
    # SDL says restored, then moved, then resized; the put-back waited on since F11
    # does not run out while the window stays maximised
    app = maximised_app(tmp_path, monkeypatch)
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    resize(app, (1920, 1061))
    app.clock.advance(5.0)
    app.handle_event(event(pygame.WINDOWRESTORED))
    window.position = (301, 220)
    app.handle_event(event(pygame.WINDOWMOVED, x=301, y=220))
    resize(app, (1000, 700))
    assert window.position == (300, 200)
    assert not app.window_place.maximised
    app.close()
    pygame.display.quit()


def test_maximised_said_of_a_full_screen_window_is_not_kept(tmp_path, monkeypatch, window):
    # some window managers say a full-screen window is maximised: out of it, a window
    # that was not maximised comes back as it was
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=(1000, 700), clock=ManualClock())
    app.toggle_fullscreen()
    app.handle_event(event(pygame.WINDOWMAXIMIZED))
    app.toggle_fullscreen()
    assert window.maximised == 0 and not app.window_place.maximised
    app.close()
    pygame.display.quit()


def test_maximised_again_on_a_smaller_screen_stays_maximised(tmp_path, monkeypatch, window):
    # maximised on a large screen, un-maximised, then maximised on a smaller one: its
    # smaller maximised size was taken for an un-maximising, and the next start opened so
    app = maximised_app(tmp_path, monkeypatch)
    app.clock.advance(1.0)
    unmaximise(app)
    maximise(app, (1366, 741))
    app.close()
    assert settings_file(tmp_path)["maximised"] is True
    pygame.display.quit()


def test_un_maximised_to_the_screen_s_height_is_un_maximised(tmp_path, monkeypatch, window):
    # a window left as tall as the screen, narrower: no longer maximised
    app = maximised_app(tmp_path, monkeypatch)
    app.clock.advance(1.0)
    unmaximise(app, (1000, 1061))
    app.close()
    kept = settings_file(tmp_path)
    assert (kept["window"], kept.get("maximised", False)) == ([1000, 1061], False)
    pygame.display.quit()
