"""Whether there is a screen to show the window on.

SDL falls back to its "offscreen" driver by itself when no display can be
reached (no DISPLAY, a display server not up yet): the game would then run,
and a kiosk keep running, where nobody can see it. Better to stop and say why.
"""

from __future__ import annotations

from collections.abc import Mapping

# The smallest window the game opens, lying down: below it cards get too small to read
MIN_SIZE = (800, 600)
# An 8K screen's width, either way up: a 16384x16384 window (SDL's own limit) took 4 GB
# and stayed black
LARGEST_SIDE = 7680
# The screen the default window is made for; a larger one gets a larger first window
FULL_HD = (1920, 1080)

# The exit status without a screen: a service manager may try again, as the display
# can come up later.
EXIT_NO_SCREEN = 3

# SDL's video drivers that draw into memory only
HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})


class NoScreenError(RuntimeError):
    """No display to open the window on, and no headless driver asked for."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"no screen to show the window on: {reason}")


def check_screen(driver: str, environ: Mapping[str, str]) -> None:
    """Raise NoScreenError when SDL's video `driver` is a headless fallback.

    A headless driver named in SDL_VIDEODRIVER (the tests, a screenshot script) is
    a choice, not a fallback, and passes.
    """
    if driver in HEADLESS_DRIVERS and environ.get("SDL_VIDEODRIVER", "").lower() != driver:
        raise NoScreenError(
            "no display could be reached"
            f" (DISPLAY is {environ.get('DISPLAY', '')!r},"
            f" WAYLAND_DISPLAY is {environ.get('WAYLAND_DISPLAY', '')!r})"
        )


def least_window(size: tuple[int, int]) -> tuple[int, int]:
    """The smallest window of the shape of `size`: MIN_SIZE, or MIN_SIZE standing up
    for a window taller than wide (a standing kiosk's screen tried in a window)."""
    return MIN_SIZE if size[0] >= size[1] else (MIN_SIZE[1], MIN_SIZE[0])


def takes_fingers(size: tuple[int, int]) -> bool:
    """Whether a window is, by its shorter side, of the least size the game asks for or
    larger: there buttons are a finger's (theme.SMALLEST_BUTTON); below it (800x480)
    there is no room for them all."""
    return min(size) >= MIN_SIZE[1]


# The share of a screen's width and height a window may take: its frame and the
# desktop's panels take the rest
ROOM = (0.95, 0.9)


def window_on_screen(wanted: tuple[int, int], screen: tuple[int, int]) -> tuple[int, int]:
    """The window of `wanted` size, shrunk in its own shape to fit a smaller `screen`
    with room for its frame and the desktop's panels; never below the least window of
    its shape but where the screen has no room for that, and then the room. On an
    800x600 screen the game's 1280x800 hid its top bar, its buttons and its outer
    piles; on a 7-inch 800x480 touch screen the least window hid them too."""
    room_w, room_h = screen[0] * ROOM[0], screen[1] * ROOM[1]
    k = min(1.0, room_w / wanted[0], room_h / wanted[1])
    least_w, least_h = least_window(wanted)
    w, h = max(least_w, int(wanted[0] * k)), max(least_h, int(wanted[1] * k))
    return min(w, int(room_w)), min(h, int(room_h))


def first_window(default: tuple[int, int], screen: tuple[int, int]) -> tuple[int, int]:
    """The window opened where no size is given or kept: `default` on a full-HD screen,
    and on a larger one the same share of it, in the same shape. On a 4K screen the
    default alone was a ninth of it, its words some 2 mm high."""
    k = max(1.0, min(screen[0] / FULL_HD[0], screen[1] / FULL_HD[1]))
    return int(default[0] * k), int(default[1] * k)


def too_small_for_a_window(screen: tuple[int, int]) -> bool:
    """Whether even the smallest window, framed, would not fit the screen: the game is
    then best full screen."""
    return screen[0] * ROOM[0] < MIN_SIZE[0] or screen[1] * ROOM[1] < MIN_SIZE[1]


def the_screen() -> tuple[int, int] | None:
    """The first screen's size; None with a headless driver (its screen is made up) or
    no display (the window's opening says so)."""
    import pygame

    try:
        pygame.display.init()
        screens = pygame.display.get_desktop_sizes()
        if pygame.display.get_driver() in HEADLESS_DRIVERS or not screens:
            return None
    except pygame.error:
        return None
    return screens[0]
