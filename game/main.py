"""Starting the game window: the menu, or straight onto a table."""

from __future__ import annotations

import logging
import os
import signal
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.paths import EXIT_FILES_MISSING, FONTS_DIR, HOW_TO_INSTALL, mend
from game.rules import Game
from game.screen import LARGEST_SIDE, MIN_SIZE, least_window

if TYPE_CHECKING:
    from game.app import App
    from game.kiosk.config import KioskConfig
    from game.scenes.base import Scene

log = logging.getLogger(__name__)

# pygame greets at its import with a line of its own, which read on a terminal as
# the game's; a player who asked for it still sees it
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

EXIT_CRASHED = 1  # an error no scene caught: its traceback is in the log file
WINDOW_CLASS = "piramida"  # the window's name to the desktop (see name_the_window)
# the first bytes of a TrueType, OpenType or font collection file
FONT_KINDS = (b"\x00\x01\x00\x00", b"true", b"OTTO", b"ttcf")


def fonts_unusable() -> bool:
    """Whether a font file the game draws every word and card with is not there, or
    cannot be read, and says so: without them the window opened and closed at once on
    a traceback (a damaged one: with none, and nothing in the log)."""
    import pygame

    from game.ui.theme import SANS, SANS_BOLD, SERIF_BOLD

    paths = (SANS, SANS_BOLD, SERIF_BOLD)
    missing = [path.name for path in paths if not path.is_file()]
    if missing:
        log.error(
            "the game's fonts are missing from %s (%s): %s",
            FONTS_DIR,
            ", ".join(missing),
            HOW_TO_INSTALL,
        )
        return True
    pygame.font.init()
    for path in paths:
        try:
            # a file that is no font at all is known by its first bytes: SDL_ttf reads
            # a zeroed one as a font, and the first size asked of it ends the process
            with path.open("rb") as file:
                kind = file.read(4)
            if kind not in FONT_KINDS:
                raise OSError("not a TrueType or OpenType font")
            pygame.font.Font(path, 12).size("Aя")
        except (pygame.error, OSError) as e:
            log.error("the game's font %s cannot be read (%s): %s", path, e, mend(path))
            return True
    return False


def parse_size(text: str) -> tuple[int, int]:
    """`1280x800` → (1280, 800), either way up; raises ValueError with a readable
    message."""
    w, sep, h = text.lower().partition("x")
    (least_w, least_h), most = MIN_SIZE, LARGEST_SIDE
    # isascii too: str.isdigit takes '²', which int() refuses
    plain = sep and w.isascii() and w.isdigit() and h.isascii() and h.isdigit()
    size = (int(w), int(h)) if plain else (0, 0)
    least = least_window(size)
    if not plain or not all(low <= n <= most for low, n in zip(least, size, strict=True)):
        raise ValueError(
            f"a window size is written WIDTHxHEIGHT, from {least_w}x{least_h}"
            f" (or {least_h}x{least_w} standing up) to {most}x{most}, not '{text}'"
        )
    return size


def default_window(fullscreen: bool | None) -> tuple[tuple[int, int], bool | None]:
    """The window's size where none is given, and full screen or not: DEFAULT_SIZE on a
    full-HD screen, as much larger on a larger screen, less on a smaller one; on a
    screen too small for a framed window, full screen unless asked otherwise (a
    headless driver's made-up screen does not count). The size kept from the last time
    the window was left replaces it (see App)."""
    from game.app import DEFAULT_SIZE
    from game.screen import first_window, the_screen, too_small_for_a_window, window_on_screen

    screen = the_screen()
    if screen is None:
        return DEFAULT_SIZE, fullscreen
    if fullscreen is None and too_small_for_a_window(screen):
        fullscreen = True
    return window_on_screen(first_window(DEFAULT_SIZE, screen), screen), fullscreen


def given_window(size: tuple[int, int]) -> tuple[int, int]:
    """The window of the size given (--size), made smaller in its own shape where the
    screen has no room for it with its frame, and said so: 1920x1080 asked on a full-HD
    screen had its bottom bar below the screen's edge. A headless driver's made-up
    screen does not count."""
    from game.screen import the_screen, window_on_screen

    screen = the_screen()
    if screen is None:
        return size
    fitted = window_on_screen(size, screen)
    if fitted[0] >= size[0] and fitted[1] >= size[1]:
        return size
    log.warning(
        "a %dx%d window does not fit this %dx%d screen with its frame: opened at %dx%d"
        " (--fullscreen for the whole screen)",
        *size,
        *screen,
        *fitted,
    )
    return fitted


def name_the_window() -> None:
    """The name desktops group the window under and its taskbar shows. pygame names it,
    at its import, after the program's file: "__main__.py" for `python -m game`. A name
    the environment gave is kept."""
    by_pygame = os.path.basename(sys.argv[0])
    if os.environ.get("SDL_VIDEO_X11_WMCLASS", by_pygame) == by_pygame:
        os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)


def start_logging() -> None:
    """Problems to the terminal, one line each, named as the program's; and everything
    to the log file, where a notice's details are kept (a game started from a desktop
    icon has no terminal)."""
    from logging.handlers import RotatingFileHandler

    from game.logfile import install_log_file

    logging.basicConfig(level=logging.WARNING, format="piramida: %(message)s")
    handlers = logging.getLogger().handlers
    for handler in handlers:
        handler.setLevel(logging.WARNING)  # the terminal hears of problems; the file of all
    if not any(isinstance(h, RotatingFileHandler) for h in handlers):  # a second window
        install_log_file()


def run(
    game: Game | None = None,
    size: tuple[int, int] | None = None,
    fullscreen: bool | None = None,
) -> int:
    """The window on the menu, or on a table with `game`."""
    from game.scenes.menu import MenuScene
    from game.scenes.table import TableScene

    def first(app: App) -> Scene:
        app.enter_missed_scores()
        return MenuScene(app) if game is None else TableScene(app, game)

    return _run_window(first, size, fullscreen)


def run_watch(
    replays: list[dict[str, Any]],
    size: tuple[int, int] | None = None,
    fullscreen: bool | None = None,
) -> int:
    """The window on replays played back, one after another (`piramida watch`); closing
    it ends the program."""
    from game.scenes.menu import MenuScene
    from game.scenes.watch import WatchScene

    return _run_window(
        lambda app: WatchScene(app, replays, back=lambda: MenuScene(app)), size, fullscreen
    )


def _run_window(
    first: Callable[[App], Scene], size: tuple[int, int] | None, fullscreen: bool | None
) -> int:
    """Open the game's window on the scene `first` makes and run it until it closes.

    Ctrl+C at the terminal closes it as its close button does (the game saved, the
    window's size kept); an error no scene caught is written to the log file, where
    a game started from a desktop icon, with no terminal, leaves a trace of it."""
    import pygame

    from game.app import App
    from game.screen import NoScreenError

    start_logging()
    if fonts_unusable():
        return EXIT_FILES_MISSING
    name_the_window()
    size_kept = size is None  # a size given (--size) is for this run only
    if size is None:
        size, fullscreen = default_window(fullscreen)
    else:
        size = given_window(size)
        if fullscreen is None:
            fullscreen = False  # a size asked for is a window's, whatever the last run's was
    try:
        app = App(size=size, fullscreen=fullscreen, size_kept=size_kept)
        app.switch(first(app), fade=False)
    except NoScreenError:
        raise  # said by the command line, with its own exit status
    except Exception:
        # the window never came up, and a game started from an icon has no terminal
        log.exception("the game could not start on an error")
        pygame.quit()
        return EXIT_CRASHED
    interrupt = signal.signal(signal.SIGINT, lambda _signum, _frame: app.request_quit())
    try:
        app.run()
    except Exception:
        log.exception("the game stopped on an error")
        return EXIT_CRASHED
    finally:
        signal.signal(signal.SIGINT, interrupt)
        pygame.quit()
    return 0


def run_kiosk(config: KioskConfig, size: tuple[int, int] | None = None) -> int:
    """The kiosk (`piramida --kiosk`): full screen at the screen's own size, or in a
    window of `size` to try a configuration. Ends only by the operator's PIN; the
    exit status then is the policy's OPERATOR_EXIT."""
    # a kiosk that loses focus (a notification, a second screen) must stay on screen
    os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")
    # and the first tap after another window had the focus (a dialog of the window
    # manager's) plays, where it only gave the kiosk the focus back
    os.environ.setdefault("SDL_MOUSE_FOCUS_CLICKTHROUGH", "1")
    # SDL would turn SIGTERM into the window's close, which a kiosk ignores: the
    # service manager's stop must stop it, so the signal is handled below instead
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
    import pygame

    from game.app import DEFAULT_SIZE, App
    from game.kiosk.config import KioskSettingsStore
    from game.kiosk.policy import KioskPolicy
    from game.screen import EXIT_NO_SCREEN, NoScreenError

    # the service manager may stop the kiosk while it is still starting: from the
    # first moment a stop is kept, and honoured once the kiosk is up
    policy: KioskPolicy | None = None
    stop_asked = False

    def on_stop(_signum: int, _frame: object) -> None:
        nonlocal stop_asked
        if policy is None:
            stop_asked = True
        else:
            policy.stop()

    for stop in (signal.SIGTERM, signal.SIGINT):  # the service manager; Ctrl+C at a terminal
        signal.signal(stop, on_stop)

    start_logging()
    if fonts_unusable():
        return EXIT_FILES_MISSING
    name_the_window()
    fullscreen = size is None
    try:
        app = App(
            size=size or DEFAULT_SIZE,
            fullscreen=fullscreen,
            settings_store=KioskSettingsStore(config),
        )
    except NoScreenError as e:
        logging.getLogger(__name__).error("%s", e)  # the terminal, and the kiosk's log file
        return EXIT_NO_SCREEN
    policy = app.kiosk = KioskPolicy(app, config)
    policy.start()
    if stop_asked:
        policy.stop()
    try:
        app.run()
    finally:
        pygame.quit()
    return policy.exit_status
