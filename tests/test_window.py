"""window.py: what is asked of the window the system gives, and where it goes back to
out of full screen. SDL's dummy driver has no window manager: its windows are played
here by small stand-ins."""

from __future__ import annotations

import pygame
import pytest

import game.window
from game.window import WindowPlace


class Window:
    """The display module's window, as SDL keeps it: a full-screen window keeps the
    screen's size whatever size is asked of it ("forcibly resized") till it is asked
    to be windowed."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.fullscreen = True
        self._size = (1920, 1080)
        self.position = (0, 0)

    @property
    def size(self) -> tuple[int, int]:
        return self._size

    @size.setter
    def size(self, size: tuple[int, int]) -> None:
        if not self.fullscreen:
            self._size = size

    def set_windowed(self) -> None:
        self.fullscreen = False

    def show(self) -> None:
        self.asked.append("show")

    def restore(self) -> None:
        self.asked.append("restore")

    def focus(self) -> None:
        self.asked.append("focus")


@pytest.fixture
def window(monkeypatch):
    shown = Window()
    monkeypatch.setattr(
        pygame, "Window", type("Windows", (), {"from_display_module": lambda: shown})
    )
    return shown


def test_out_of_full_screen_the_window_is_of_its_size_and_place_of_before(window, monkeypatch):
    monkeypatch.setattr(game.window, "the_screen", lambda: (1920, 1080))
    assert game.window.windowed_again((1100, 650), (300, 200)) == (1100, 650)
    assert (window.fullscreen, window.size, window.position) == (False, (1100, 650), (300, 200))


def test_a_hidden_window_is_shown_restored_and_given_the_focus(window, monkeypatch):
    monkeypatch.setattr(game.window, "drawn_through_x11", lambda: False)
    game.window.bring_back_window()
    assert window.asked == ["show", "restore", "focus"]


def test_on_x11_the_window_manager_is_asked_and_sdl_not_waited_on(window, monkeypatch):
    # SDL's own calls wait for a window the window manager may never show
    asked = []
    monkeypatch.setattr(game.window, "drawn_through_x11", lambda: True)
    monkeypatch.setattr(game.window, "ask_to_show", lambda: asked.append("x11"))
    game.window.bring_back_window()
    assert asked == ["x11"] and window.asked == []


def test_what_sdl_refuses_of_the_window_is_left_undone(monkeypatch):
    # SDL cannot do it (no window manager to maximise, a place it cannot read): no error
    class Refusing:
        def __getattr__(self, name):
            raise pygame.error(f"{name}: not supported")

        def __setattr__(self, name, value):
            raise pygame.error(f"{name}: not supported")

    refusing = Refusing()
    monkeypatch.setattr(pygame, "Window", type("W", (), {"from_display_module": lambda: refusing}))
    assert game.window.window_position() is None
    game.window.place_window((10, 10))
    game.window.maximise_window()


@pytest.mark.parametrize("framed_at", [(300, 220), (316, 200), (300, 280), (301, 201)])
def test_a_frame_s_move_straight_down_or_across_is_put_back(monkeypatch, framed_at):
    # a window manager whose frames have no side (most) moves the window a title bar
    # straight down; one with no title bar, across only
    placed: list[tuple[int, int]] = []
    monkeypatch.setattr(game.window, "window_position", lambda: (300, 200))
    monkeypatch.setattr(game.window, "place_window", placed.append)
    place = WindowPlace()
    place.into_full_screen(0.0)
    place.out_of_full_screen(0.1)
    place.moved(framed_at, False, 0.2)
    assert placed == [(300, 200)]


def test_a_window_opened_full_screen_comes_out_of_it_where_sdl_puts_it(
    tmp_path, monkeypatch, window
):
    # no place was ever seen: it is not sent to the screen's corner
    from game.app import App
    from game.clock import ManualClock

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    window.position = (300, 200)
    app = App(size=(1000, 700), fullscreen=True, clock=ManualClock())
    app.toggle_fullscreen()
    assert window.position == (300, 200)
    app.close()
    pygame.display.quit()


def test_a_kiosk_s_window_is_kept_as_one_where_a_window_manager_can_be_asked(monkeypatch):
    monkeypatch.setattr(game.window, "keep_as_a_kiosk_x11", lambda: ["shaded"])
    monkeypatch.setattr(game.window, "drawn_through_x11", lambda: True)
    assert game.window.keep_as_a_kiosk() == ["shaded"]
    monkeypatch.setattr(game.window, "drawn_through_x11", lambda: False)
    assert game.window.keep_as_a_kiosk() == []


def test_a_window_un_maximised_long_after_f11_is_moved_by_the_player_alone(monkeypatch):
    # its frame's move is waited for PUT_BACK_S from the un-maximising, not for ever:
    # the player's own small move ten seconds later stays
    placed: list[tuple[int, int]] = []
    monkeypatch.setattr(game.window, "place_window", placed.append)
    monkeypatch.setattr(game.window, "maximise_window", lambda: None)
    place = WindowPlace()
    place.moved((300, 200), False, 0.0)
    place.state_changed(True, False, 1.0)
    place.resized((1920, 1061), False, 1.0)
    place.into_full_screen(2.0)
    place.out_of_full_screen(3.0)
    place.resized((1920, 1061), False, 3.1)
    place.state_changed(False, False, 100.0)
    place.resized((1000, 700), False, 100.0)
    assert not place.maximised
    place.moved((305, 210), False, 110.0)
    assert placed == []


def test_with_no_window_to_be_had_the_window_s_calls_do_nothing():
    # SDL with no window yet (or none any more): "generator didn't yield" was raised
    # out of every call that reads or moves the window
    pygame.display.quit()
    pygame.display.init()
    assert game.window.window_position() is None
    game.window.bring_back_window()
    game.window.place_window((10, 10))
