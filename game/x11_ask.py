"""Requests to an X11 window manager about the game's window, sent through Xlib and
never waited on.

SDL's own call to show a window on X11 waits for the window to be mapped. A window
manager that keeps it unmapped (openbox with the window on another desktop, or in its
"show desktop" mode) leaves that call waiting for good: a kiosk's loop stopped there,
and so did its answer to the service manager's signal. Here the window manager is asked
the way a pager or a taskbar asks it (EWMH's client messages), and whatever it decides
arrives later as ordinary window events. The state it keeps the window in (full screen,
shaded, its desktop), which SDL does not tell, is read from the window's properties.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pygame

_CLIENT_MESSAGE = 33  # X.h's ClientMessage event type
# the masks EWMH asks a client's message to the root window to be sent with
_SUBSTRUCTURE_NOTIFY = 1 << 19
_SUBSTRUCTURE_REDIRECT = 1 << 20
_FROM_A_PAGER = 2  # EWMH's source indication: as a pager asks, not an application
_EVERY_DESKTOP = 0xFFFFFFFF  # _NET_WM_DESKTOP's "on all desktops"
_MOST_ITEMS = 64  # of a property read: a window's states are a handful
# how deep under the screen's windows the game's may stand: a window manager puts it in
# a frame, some in a frame inside a frame
FRAMES_DEEP = 3


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
    xlib.XGetWindowProperty.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_ulong,
        ctypes.c_long,
        ctypes.c_long,
        ctypes.c_int,
        ctypes.c_ulong,
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_int),
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
    ]
    xlib.XFree.argtypes = [ctypes.c_void_p]
    xlib.XQueryTree.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
        ctypes.POINTER(ctypes.c_uint),
    ]
    return xlib


def drawn_through_x11() -> bool:
    """Whether SDL draws the game's window through X11."""
    try:
        return bool(pygame.display.get_driver() == "x11")
    except pygame.error:  # no display
        return False


class _Connection:
    """A connection of our own to the X server (SDL's is its own), with X errors taken
    as requests refused: Xlib's own handler ends the process at one (a window gone:
    BadWindow). The handler is the process's, SDL's connection's too: it is put back
    as the connection closes, before SDL reads its own events again."""

    def __init__(self, xlib: Any, display: int) -> None:
        self.xlib, self.display = xlib, display
        self.root = xlib.XDefaultRootWindow(display)

    def atom(self, name: bytes) -> int:
        return int(self.xlib.XInternAtom(self.display, name, 0))

    def ask(self, window: int, message_type: bytes, data: tuple[int, ...]) -> None:
        """Send the window manager a request about `window`, as EWMH has clients send
        them: a message to the root window."""
        event = _Event()
        message = event.xclient
        message.type = _CLIENT_MESSAGE
        message.send_event = 1
        message.window = window
        message.message_type = self.atom(message_type)
        message.format = 32
        for n, value in enumerate(data):
            message.data[n] = value
        mask = _SUBSTRUCTURE_NOTIFY | _SUBSTRUCTURE_REDIRECT
        self.xlib.XSendEvent(self.display, self.root, 0, mask, ctypes.byref(event))

    def bring_to_front(self, window: int) -> None:
        """Ask for `window` mapped and raised (what a window manager decides for it;
        with none, done), then brought to the front as a pager asks: out of "show
        desktop", on its desktop, restored from minimised, with the focus."""
        self.xlib.XMapRaised(self.display, window)
        self.ask(window, b"_NET_ACTIVE_WINDOW", (_FROM_A_PAGER, 0, 0))

    def ask_state(self, window: int, add: bool, state: bytes) -> None:
        """Ask for one of `window`'s EWMH states (_NET_WM_STATE_...) added or taken."""
        self.ask(window, b"_NET_WM_STATE", (int(add), self.atom(state), 0, _FROM_A_PAGER))

    def numbers(self, window: int, name: bytes) -> list[int] | None:
        """A property of 32-bit items (atoms, cardinals, windows) of `window`; None
        where it has none."""
        xlib = self.xlib
        kind, size = ctypes.c_ulong(), ctypes.c_int()
        count, left = ctypes.c_ulong(), ctypes.c_ulong()
        data = ctypes.POINTER(ctypes.c_ulong)()
        found = xlib.XGetWindowProperty(
            self.display,
            window,
            self.atom(name),
            0,
            _MOST_ITEMS,
            0,
            0,  # AnyPropertyType
            ctypes.byref(kind),
            ctypes.byref(size),
            ctypes.byref(count),
            ctypes.byref(left),
            ctypes.byref(data),
        )
        if found != 0 or not data:
            return None
        try:
            # Xlib hands 32-bit items over as C longs, whatever a long's size, and signed:
            # "on every desktop" (0xFFFFFFFF) came back as 2**64 - 1
            items = [int(data[i]) & 0xFFFFFFFF for i in range(count.value)]
            return items if size.value == 32 else None
        finally:
            xlib.XFree(data)

    def children(self, window: int) -> list[int]:
        xlib = self.xlib
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        found, count = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
        args = (ctypes.byref(root), ctypes.byref(parent), ctypes.byref(found))
        if not xlib.XQueryTree(self.display, window, *args, ctypes.byref(count)):
            return []
        try:
            return [int(found[i]) for i in range(count.value)]
        finally:
            if found:
                xlib.XFree(found)

    def ours(self, window: int) -> bool:
        return self.numbers(window, b"_NET_WM_PID") == [os.getpid()]

    def our_window(self) -> int | None:
        """The game's window: the one SDL marked with this process's id, among the
        screen's windows or those of their frames; the one found last while it stays."""
        global _our_window
        if _our_window is not None and self.ours(_our_window):
            return _our_window
        _our_window = self._marked_ours(self.root, FRAMES_DEEP)
        return _our_window

    def _marked_ours(self, parent: int, depth: int) -> int | None:
        for window in self.children(parent):
            if self.ours(window):
                return window
            found = self._marked_ours(window, depth - 1) if depth > 1 else None
            if found is not None:
                return found
        return None


# The game's X11 window, found by its process id: pygame-ce's get_wm_info, which would
# give it, crashed the process (2.5.8, reading Wayland's fields on X11), 15 s into a
# kiosk that asked for it every 2 s
_our_window: int | None = None


@contextmanager
def _connection() -> Iterator[_Connection | None]:
    """A connection to the X server, synced as it closes (the server's answers, errors
    too, read: the window manager's decisions are not waited on, only the server's
    receipt, under a millisecond); None where no X server or Xlib can be reached."""
    xlib = _xlib()
    display = xlib.XOpenDisplay(None) if xlib is not None else None
    if xlib is None or not display:
        yield None
        return
    handler = xlib.XSetErrorHandler(ctypes.cast(_ignore_error, ctypes.c_void_p))
    try:
        yield _Connection(xlib, display)
        xlib.XSync(display, 0)
    finally:
        xlib.XCloseDisplay(display)
        xlib.XSetErrorHandler(handler)


def ask_to_show(window: int | None = None) -> bool:
    """Ask the window manager to bring `window` (else the game's) to the front as a
    pager would: it leaves "show desktop", goes to the window's desktop, restores it
    from minimised, raises it and gives it the focus. With no window manager, the
    window is mapped again. False if the request could not be sent."""
    with _connection() as x:
        window = window or (x.our_window() if x is not None else None)
        if x is None or window is None:
            return False
        x.bring_to_front(window)
    return True


def ask_for_state(window: int, add: bool, *states: bytes) -> bool:
    """Ask the window manager to add to `window` (or take from it) each of `states`
    (EWMH's _NET_WM_STATE_... names). False if the request could not be sent."""
    with _connection() as x:
        if x is None:
            return False
        for state in states:
            x.ask_state(window, add, state)
    return True


def keep_as_a_kiosk(window: int | None = None) -> list[str]:
    """Read `window`'s state (else the game's window's) as its window manager keeps it,
    and ask again for what a kiosk's window must be where it is not: full screen, on
    every desktop, not shaded, shown. What was wrong, in a few words each; nothing where
    all was right, or where no window manager that keeps such states (EWMH) runs.

    Brought to the front and given the focus only when hidden: a window manager that
    refused full screen for good had the kiosk take the focus from an operator's
    window every 2 s."""
    with _connection() as x:
        if x is None or not _managed(x):
            return []
        window = window or x.our_window()
        if window is None:
            return []
        states = set(x.numbers(window, b"_NET_WM_STATE") or [])
        wm_state = x.numbers(window, b"WM_STATE")  # ICCCM's: 1 shown, 3 minimised
        wrong = []
        if x.numbers(window, b"_NET_WM_DESKTOP") != [_EVERY_DESKTOP]:
            wrong.append("on one desktop")
            x.ask(window, b"_NET_WM_DESKTOP", (_EVERY_DESKTOP, _FROM_A_PAGER))
        if x.atom(b"_NET_WM_STATE_SHADED") in states:
            wrong.append("shaded")
            x.ask_state(window, False, b"_NET_WM_STATE_SHADED")
        if x.atom(b"_NET_WM_STATE_FULLSCREEN") not in states:
            wrong.append("out of full screen")
            x.ask_state(window, True, b"_NET_WM_STATE_FULLSCREEN")
        if x.atom(b"_NET_WM_STATE_HIDDEN") in states or (wm_state and wm_state[0] != 1):
            wrong.append("hidden")
            x.bring_to_front(window)
        return wrong


def _managed(x: _Connection) -> bool:
    """Whether a window manager that keeps EWMH's states runs: the root names its
    check window, which names itself (a window manager gone left the root's word)."""
    check = x.numbers(x.root, b"_NET_SUPPORTING_WM_CHECK")
    if not check:
        return False
    return x.numbers(check[0], b"_NET_SUPPORTING_WM_CHECK") == check
