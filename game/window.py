"""The game's window as the system gives it: opened with a renderer that costs little,
or the plain window surface, and put back where it stood after full screen."""

from __future__ import annotations

import contextlib
import logging
import math
import os
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pygame

from game.gl_renderer import drawn_in_software, gl_renderer_name
from game.i18n import _
from game.screen import least_window, the_screen, window_on_screen
from game.x11_ask import ask_to_show, drawn_through_x11
from game.x11_ask import keep_as_a_kiosk as keep_as_a_kiosk_x11

log = logging.getLogger(__name__)

# A frame presented through OpenGL drawn in software (Mesa's llvmpipe, a machine with
# no GPU) costs about 28 ms of CPU at 1080x1920, every frame, even for a few changed
# rectangles: a kiosk's attract loop took a whole core. The plain window surface takes
# under 1 ms a whole frame; a GPU's present, a fraction of one.
SOFTWARE_PRESENT_MS = 8.0
PRESENTS_TIMED = 3


def presents_in_software() -> bool:
    """Whether the window's renderer draws in software: by the OpenGL driver's name,
    where there is one to read, else by a whole frame presented costing more than
    SOFTWARE_PRESENT_MS of CPU (its threads' too). False with no renderer."""
    renderer_info = getattr(pygame.display, "_get_renderer_info", None)
    info = renderer_info() if renderer_info is not None else None
    if info is None:
        return False
    pygame.display.flip()  # the first present sets the renderer up (its context current)
    name = gl_renderer_name() if info[0] == "opengl" else None
    if name is not None:
        log.info("window: OpenGL drawn by %s", name)
        return drawn_in_software(name)
    start = time.process_time()
    for _present in range(PRESENTS_TIMED):
        pygame.display.flip()
    cost_ms = (time.process_time() - start) / PRESENTS_TIMED * 1000
    log.info("window: a present costs %.1f ms of CPU (renderer %s)", cost_ms, info[0])
    return cost_ms > SOFTWARE_PRESENT_MS


def name_window() -> None:
    """The window's title, the game's name in the player's language."""
    pygame.display.set_caption(_("Piramida"))


def open_window(
    size: tuple[int, int], fullscreen: bool, software: bool
) -> tuple[pygame.Surface, bool]:
    """The window, full screen or of `size`, and whether its renderer draws in
    software: then (and from then on, `software`) the plain window surface."""
    name_window()
    flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
    if software:
        surface = plain_window(size, flags)
    else:
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                surface = pygame.display.set_mode(size, flags, vsync=1)
            # Without a GPU, vsync means a software renderer that copies every frame
            # whole: a plain window surface with dirty rectangles is far cheaper.
            # SDL warns of its own software renderer, not of OpenGL drawn in software
            # (Mesa's llvmpipe): that one is found by its driver's name, or by what a
            # present costs (see presents_in_software).
            if any("renderer" in str(w.message) for w in caught) or presents_in_software():
                software = True
                surface = plain_window(size, flags)
        except pygame.error:
            surface = plain_window(size, flags)
    if not fullscreen:
        # The layouts shrink to any size, but below least_window's cards get too small
        # to read; a window opened smaller (a screen with no room for it) keeps its size.
        least = least_window(size)
        with _the_window() as window:
            window.minimum_size = (min(least[0], size[0]), min(least[1], size[1]))
    return surface, software


def plain_window(size: tuple[int, int], flags: int) -> pygame.Surface:
    """The window's own surface, updated by rectangles, with no renderer behind it.

    On X11 SDL would still put an OpenGL texture behind it, as costly in software
    as the vsync renderer; SDL reads its hint when the surface is made.
    """
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    return pygame.display.set_mode(size, flags)


@contextlib.contextmanager
def _the_window() -> Iterator[Any]:
    """The display module's window, to read or change: pygame-ce calls reaching it
    deprecated (the game draws through the display module), and where SDL cannot
    (no such window, an old pygame) what is asked of it is left undone."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            window = pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            # none to be had: the body's first use of None fails, and is let be below
            # (not yielding at all raised "generator didn't yield" to every caller)
            window = None
        with contextlib.suppress(AttributeError, pygame.error):
            yield window


def bring_back_window() -> None:
    """Show the window again, restored and raised with the focus, if it can be asked:
    hidden or minimised by someone else (a window manager's "show desktop", another
    desktop). On X11 the window manager is asked and not waited on (see
    game.x11_ask: SDL's own call waits for a window it may never show); elsewhere
    SDL's calls ask it."""
    if drawn_through_x11():
        ask_to_show()
        return
    with _the_window() as window:
        window.show()
        window.restore()
        window.focus()


def keep_as_a_kiosk() -> list[str]:
    """Where a window manager can be asked (X11), the window's state as it keeps it
    read, and what a kiosk's full-screen window must be (on every desktop, full
    screen, shown) asked for again where it is not; what was wrong, in a few words.
    A window manager may take it out of full screen, shade it, or keep it on one
    desktop, and SDL says nothing of any of them."""
    return keep_as_a_kiosk_x11() if drawn_through_x11() else []


def maximise_window() -> None:
    """Maximise the window, if SDL can (a window manager does it)."""
    with _the_window() as window:
        window.maximize()


def window_position() -> tuple[int, int] | None:
    """Where the window stands on the screen, if SDL can say."""
    with _the_window() as window:
        x, y = window.position
        return (x, y)
    return None


def place_window(position: tuple[int, int]) -> None:
    """Put the window's inside at `position` on the screen, if SDL can."""
    with _the_window() as window:
        window.position = position


FRAME_SIDE, FRAME_TOP = 16, 80  # a window frame's left side and title bar, at most


def framed(at: tuple[int, int], asked: tuple[int, int]) -> bool:
    """Whether a window asked to stand at `asked` and seen at `at` was framed there by
    the window manager: its inside a few pixels across and a title bar down."""
    across, down = at[0] - asked[0], at[1] - asked[1]
    return (across, down) != (0, 0) and 0 <= across <= FRAME_SIDE and 0 <= down <= FRAME_TOP


# How long after leaving full screen the window manager's framing is waited for (see
# WindowPlace.moved): a move later than that is the player's own
PUT_BACK_S = 2.0
# How late SDL's word that full screen restored the window may come (F11 pressed fast):
# a restore sooner after F11 is its, not the player's (see WindowPlace.state_changed)
LATE_RESTORE_S = 0.5


class WindowPlace:
    """Where the window goes back to out of full screen, and whether it is maximised
    there. The window manager frames it again with its inside where its frame was, a
    title bar lower each time: its first move after that is put back, once, when it is
    such a frame's (a few pixels across, a title bar down); any other is the player's
    own."""

    def __init__(self, maximised: bool = False) -> None:
        self.windowed_at: tuple[int, int] | None = None  # the place before F11
        # maximised out of full screen: the window manager's word, kept through it
        self.maximised = maximised
        self._largest: tuple[int, int] | None = None  # its largest size seen maximised
        self._restored = False  # said restored since it was last said maximised
        # asked to maximise, not yet seen at its maximised size (out of full screen, or
        # maximised as it opened): a smaller size on the way is no un-maximising
        self._regaining = maximised
        self._toggled_at = -PUT_BACK_S  # when full screen was last entered or left
        self._put_back: tuple[int, int] | None = None  # where it goes once framed again
        self._put_back_until = 0.0
        self._full_screen_at: tuple[int, int] | None = None  # where a full screen stands
        self._unmaximised_at: tuple[int, int] | None = None  # last seen in a window not so

    def into_full_screen(self, now: float) -> None:
        """Into full screen: the window's place kept. Back from it a moment ago, its
        frame's move not seen yet (F11 pressed fast), it stands a title bar lower, and
        the place asked for is kept: each burst took the window one bar further down."""
        pending = self._put_back is not None and now < self._put_back_until
        if self.maximised:  # where un-maximising it will put it
            self.windowed_at = self._unmaximised_at
        elif not pending or self.windowed_at is None:
            self.windowed_at = window_position()
        self._toggled_at = now
        self._restored = False  # a restore said before is not of the window to come

    def out_of_full_screen(self, now: float) -> None:
        """Out of full screen, asked back to its place: its framing is waited for. One
        left maximised is maximised again (SDL takes it out of full screen un-maximised,
        at the maximised size, which the window manager's restore then kept), and its
        framing waited for when the player un-maximises it."""
        self._toggled_at = now
        self._restored = False
        self._put_back = self.windowed_at
        self._put_back_until = math.inf if self.maximised else now + PUT_BACK_S
        if self.maximised:
            self._regaining = True
            maximise_window()

    def state_changed(self, maximised: bool, fullscreen: bool, now: float) -> None:
        """SDL says the window is `maximised`, or restored. Restored is no word of
        un-maximising: SDL says it of a window shown again after it was minimised,
        maximised or not (openbox: restored, maximised, and restored again), and of a
        window going into full screen (pressed fast, F11's comes late). A maximised
        window made smaller is un-maximised (see resized); restored, its move is the
        player's (see moved), not if it comes just after F11."""
        if fullscreen:
            return
        if maximised:
            if not self.maximised:
                self._largest = None
            self.maximised, self._restored, self._regaining = True, False, False
        elif self.maximised and now >= self._toggled_at + LATE_RESTORE_S:
            self._restored = True

    def resized(self, size: tuple[int, int], fullscreen: bool, now: float) -> None:
        """The window is now of `size`: a maximised window made smaller was
        un-maximised (by the player, or a keyboard's resize), but on its way out of full
        screen, where it is made its size of before and then maximised again."""
        if fullscreen or not self.maximised:
            return
        largest = self._largest
        if largest is None or (size[0] >= largest[0] and size[1] >= largest[1]):
            self._largest, self._regaining = size, False
        elif not self._regaining:
            self.maximised = self._restored = False
            if self._put_back is not None:
                self._put_back_until = now + PUT_BACK_S

    def moved(self, at: tuple[int, int], fullscreen: bool, now: float) -> None:
        """The window seen at `at`. F11 pressed fast, the moves come late, each seen under
        the other mode: a full screen's own move taken for the player's let the frame's
        that followed stand."""
        if fullscreen:
            if self.windowed_at is None or not framed(at, self.windowed_at):
                self._full_screen_at = at
            return
        if at == self._full_screen_at and self._put_back is not None:
            return
        if self.maximised and not self._restored:  # un-maximising, it moves before its resize
            return
        self._unmaximised_at = at
        target, self._put_back = self._put_back, None
        if target is not None and now < self._put_back_until and framed(at, target):
            place_window(target)  # SDL says nothing of a move of its own
            self._unmaximised_at = target


def windowed_again(size: tuple[int, int], position: tuple[int, int] | None) -> tuple[int, int]:
    """Out of full screen, at the window's size and place of before: a new window mode
    asked of the full-screen window alone kept it screen-sized (SDL: "forcibly
    resized"), its bottom bar off the screen; and the window manager put it back a
    title bar lower each time. A size larger than the screen (another screen's, or
    the least window on a small one) is fitted to it; the size returned. One the
    screen holds stays, a maximised window's too."""
    screen = the_screen()
    if screen is not None and (size[0] > screen[0] or size[1] > screen[1]):
        size = window_on_screen(size, screen)
    with _the_window() as window:
        window.set_windowed()
        window.size = size
        if position is not None:
            window.position = position
    return size
