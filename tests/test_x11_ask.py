"""Requests to an X11 window manager fail quietly where no X server answers: the
kiosk's request every 2 s to be shown again must never stop its loop."""

from __future__ import annotations

import pygame

from game import x11_ask
from game.window import bring_back_window, keep_as_a_kiosk


def test_no_x11_window_under_another_video_driver():
    pygame.display.init()
    pygame.display.set_mode((320, 200))
    assert pygame.display.get_driver() == "dummy"
    assert not x11_ask.drawn_through_x11()
    bring_back_window()  # SDL's own calls, on a window SDL can show at once
    assert keep_as_a_kiosk() == []  # nothing to read or ask


def test_a_request_with_no_x_server_to_take_it_is_refused_not_raised(monkeypatch):
    monkeypatch.setenv("DISPLAY", ":4999")  # no such server
    assert x11_ask.ask_to_show(0x400001) is False
    assert x11_ask.ask_for_state(0x400001, True, b"_NET_WM_STATE_FULLSCREEN") is False
    assert x11_ask.keep_as_a_kiosk(0x400001) == []


def test_a_request_with_no_xlib_is_refused(monkeypatch):
    monkeypatch.setattr(x11_ask, "_xlib", lambda: None)
    assert x11_ask.ask_to_show(0x400001) is False
    assert x11_ask.keep_as_a_kiosk(0x400001) == []
