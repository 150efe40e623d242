"""Requests to an X11 window manager about the game's window, sent through Xlib and
never waited on.

SDL's own call to show a window on X11 waits for the window to be mapped. A window
manager that keeps it unmapped (openbox with the window on another desktop, or in its
"show desktop" mode) leaves that call waiting for good: a kiosk's loop stopped there,
and so did its answer to the service manager's signal. Here the window manager is asked
the way a pager or a taskbar asks it (EWMH's client messages), and whatever it decides
arrives later as ordinary window events.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
from functools import cache
from typing import Any

import pygame

log = logging.getLogger(__name__)

_CLIENT_MESSAGE = 33  # X.h's ClientMessage event type
# the masks EWMH asks a client's message to the root window to be sent with
_SUBSTRUCTURE_NOTIFY = 1 << 19
_SUBSTRUCTURE_REDIRECT = 1 << 20
_FROM_A_PAGER = 2  # EWMH's source indication: as a pager asks, not an application
_EVERY_DESKTOP = 0xFFFFFFFF  # _NET_WM_DESKTOP's "on all desktops"


class _ClientMessageEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", ctypes.c_ulong),
        ("message_type", ctypes.c_ulong),
        ("format", ctypes.c_int),
        ("data", ctypes.c_long * 5),
    ]


class _Event(ctypes.Union):
    # Xlib's XEvent: any event's structure, padded to 24 longs
    _fields_ = [("xclient", _ClientMessageEvent), ("pad", ctypes.c_long * 24)]


_ErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)


def _no_error(_display: int | None, _error: int | None) -> int:
    # Xlib's own handler ends the process at any error (a window gone: BadWindow); a
    # request of ours that fails is one not granted, and nothing more
    return 0


_ignore_error = _ErrorHandler(_no_error)  # kept: Xlib holds only its address


@cache
def _xlib() -> Any | None:
    """Xlib, as SDL's X11 driver loads it; None where there is none."""
    name = ctypes.util.find_library("X11")
    try:
        xlib = ctypes.CDLL(name or "libX11.so.6")
    except OSError:
        return None
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    xlib.XInternAtom.restype = ctypes.c_ulong
    xlib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    xlib.XDefaultRootWindow.restype = ctypes.c_ulong
    xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    xlib.XSendEvent.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_int,
        ctypes.c_long,
        ctypes.POINTER(_Event),
    ]
    xlib.XMapRaised.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    xlib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    xlib.XSetErrorHandler.restype = ctypes.c_void_p
    xlib.XSetErrorHandler.argtypes = [ctypes.c_void_p]
    return xlib


def x11_window_id() -> int | None:
    """The game window's X11 id, where SDL draws through X11; else None."""
    try:
        if pygame.display.get_driver() != "x11":
            return None
        window = pygame.display.get_wm_info().get("window")
    except pygame.error:  # no display, or no window yet
        return None
    return window if isinstance(window, int) and window > 0 else None


def _send(window: int, *requests: tuple[bytes, tuple[int, ...]], map_it: bool = False) -> bool:
    """Send the window manager each (message type, data) request about `window`, its
    decision not waited on; with `map_it`, ask first for the window mapped and
    raised (what a window manager decides for it; with none, done). False when no X
    server or Xlib could be reached."""
    xlib = _xlib()
    if xlib is None:
        return False
    display = xlib.XOpenDisplay(None)  # a connection of our own: SDL's is its own
    if not display:
        return False
    # the handler is the process's, SDL's connection's too: put back before SDL reads
    # its own events again
    handler = xlib.XSetErrorHandler(ctypes.cast(_ignore_error, ctypes.c_void_p))
    try:
        root = xlib.XDefaultRootWindow(display)
        if map_it:
            xlib.XMapRaised(display, window)
        for message_type, data in requests:
            event = _Event()
            message = event.xclient
            message.type = _CLIENT_MESSAGE
            message.send_event = 1
            message.window = window
            message.message_type = xlib.XInternAtom(display, message_type, 0)
            message.format = 32
            for n, value in enumerate(data):
                message.data[n] = value
            mask = _SUBSTRUCTURE_NOTIFY | _SUBSTRUCTURE_REDIRECT
            xlib.XSendEvent(display, root, 0, mask, ctypes.byref(event))
        # the server's answer to each, errors too, read here: the window manager's
        # decision is not waited on, only the X server's receipt (under a millisecond)
        xlib.XSync(display, 0)
    finally:
        xlib.XCloseDisplay(display)
        xlib.XSetErrorHandler(handler)
    return True


def ask_to_show(window: int) -> bool:
    """Ask the window manager to bring `window` to the front as a pager would: it
    leaves "show desktop", goes to the window's desktop, restores it from minimised,
    raises it and gives it the focus. With no window manager, the window is mapped
    again. False if the request could not be sent."""
    return _send(window, (b"_NET_ACTIVE_WINDOW", (_FROM_A_PAGER, 0, 0)), map_it=True)


def ask_for_every_desktop(window: int) -> bool:
    """Ask the window manager to show `window` on every desktop: switching desktops
    then hides nothing of it. False if the request could not be sent."""
    return _send(window, (b"_NET_WM_DESKTOP", (_EVERY_DESKTOP, _FROM_A_PAGER)))
