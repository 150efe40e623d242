"""How the game's window program starts and ends: Ctrl+C, an error no scene caught,
its own files missing, a size asked for on the command line."""

import logging
import os
import signal
import subprocess
import sys

import pygame
import pytest

from game import main
from game.app import App
from game.scenes.menu import MenuScene
from game.settings import SettingsStore


@pytest.fixture
def program(tmp_path, monkeypatch):
    """The program's window run headless, its scene's exits counted."""
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    # the program quits pygame as it ends; the fonts other tests hold must outlive it
    monkeypatch.setattr(pygame, "quit", pygame.display.quit)
    exits = []
    real_exit = MenuScene.exit
    monkeypatch.setattr(MenuScene, "exit", lambda self: exits.append(self) or real_exit(self))
    return exits


def test_ctrl_c_closes_the_window_as_its_close_button_does(program, monkeypatch):
    # it ended on a KeyboardInterrupt's traceback, the scene never left (a game's time
    # since its last save lost) and the window's size not kept
    frames = []
    real_frame = App.frame

    def frame(app):
        frames.append(app)
        if len(frames) == 3:
            os.kill(os.getpid(), signal.SIGINT)
        real_frame(app)

    monkeypatch.setattr(App, "frame", frame)
    assert main.run() == 0
    assert 3 <= len(frames) < 10 and len(program) == 1
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # given back


@pytest.mark.parametrize(
    ("where", "error", "logged", "scene_left"),
    [
        ("frame", "a scene's bug", "the game stopped on an error", True),
        # a records file linked to itself ended the game as its window opened: a traceback
        # on the terminal alone, which a game started from an icon has not
        ("__init__", "Symlink loop", "the game could not start on an error", False),
    ],
)
def test_an_error_no_scene_caught_is_logged(
    program, monkeypatch, caplog, where, error, logged, scene_left
):
    def broken(*_args, **_kwargs):
        raise RuntimeError(error)

    monkeypatch.setattr(App, where, broken)
    with caplog.at_level(logging.ERROR):
        assert main.run() == main.EXIT_CRASHED
    (record,) = [r for r in caplog.records if r.exc_info]
    assert record.getMessage() == logged
    assert error in str(record.exc_info[1])
    assert len(program) == (1 if scene_left else 0)  # left as on a close


def test_missing_fonts_are_said_in_one_line_before_any_window(program, monkeypatch, caplog):
    from game.ui import theme

    monkeypatch.setattr(theme, "SANS_BOLD", theme.SANS_BOLD.with_name("Gone.ttf"))
    monkeypatch.setattr(App, "__init__", lambda *a, **k: pytest.fail("a window was opened"))
    with caplog.at_level(logging.ERROR):
        assert main.run() == main.EXIT_FILES_MISSING
    (record,) = caplog.records
    assert "the game's fonts are missing from" in record.getMessage()
    assert "(Gone.ttf): install it from its source with `pip install -e .`" in record.getMessage()


# bytes of every kind, and zeros, which SDL_ttf opens as a font and dies on
@pytest.mark.parametrize("content", [bytes(range(256)) * 16, bytes(4096)])
def test_a_damaged_font_is_said_in_one_line_before_any_window(
    program, monkeypatch, caplog, tmp_path, content
):
    # it crashed on a traceback, with no window and nothing in the log
    from game.ui import theme

    damaged = tmp_path / "DejaVuSans-Bold.ttf"
    damaged.write_bytes(content)
    monkeypatch.setattr(theme, "SANS_BOLD", damaged)
    monkeypatch.setattr(App, "__init__", lambda *a, **k: pytest.fail("a window was opened"))
    with caplog.at_level(logging.ERROR):
        assert main.run() == main.EXIT_FILES_MISSING
    (record,) = caplog.records
    assert f"the game's font {damaged} cannot be read (" in record.getMessage()
    # the file is there: installing again would not mend it (the advice was to install)
    assert record.getMessage().endswith(f"`git checkout -- {damaged}` in a clone)")


def test_a_size_asked_for_opens_a_window_whatever_the_last_run_was(program, monkeypatch):
    # left in full screen, the next `--size 800x600` opened full screen too
    store = SettingsStore()
    settings = store.load()
    settings.fullscreen = True
    store.save(settings)
    opened = []
    monkeypatch.setattr(App, "run", lambda app: opened.append(app.fullscreen) or app.close())
    assert main.run(size=(800, 600)) == 0
    assert main.run(size=(800, 600), fullscreen=True) == 0
    assert main.run() == 0  # no size: as it was left
    assert opened == [False, True, True]


def test_the_window_is_named_piramida_to_the_desktop(monkeypatch):
    # pygame names it after the program's file at its import: "__main__.py" in the
    # taskbar for `python -m game`
    from game.main import WINDOW_CLASS, name_the_window

    monkeypatch.setattr(sys, "argv", ["/somewhere/__main__.py"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    name_the_window()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == WINDOW_CLASS == "piramida"
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == WINDOW_CLASS
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my-kiosk")  # one the environment gave
    name_the_window()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "my-kiosk"


def test_the_terminal_hears_no_greeting_from_pygame_when_the_game_starts():
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    started = subprocess.run(
        [sys.executable, "-c", "import game.main; import pygame"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert "pygame" not in started.stdout + started.stderr


def test_a_size_asked_for_opens_at_that_size_whatever_size_was_kept(program, monkeypatch):
    # README: --size opens a window of that size for this run alone; the size the
    # window was last left at is for the starts with no size given, and stays kept
    SettingsStore().keep_window([1100, 650])
    opened = []

    def run(app):
        opened.append(app.surface.get_size())
        pygame.display.set_mode((1000, 640), pygame.RESIZABLE)  # the player resizes it
        app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=640))
        app.close()

    monkeypatch.setattr(App, "run", run)
    assert main.run(size=(900, 600)) == 0
    assert SettingsStore().load().window == [1100, 650]  # --size's run kept nothing
    assert main.run() == 0
    assert opened == [(900, 600), (1100, 650)]


def test_a_scene_s_error_ends_the_game_logged_with_its_traceback(program, monkeypatch, caplog):
    # README: an error the game did not expect ends it with status 1, its details in
    # the log file. Raised in a scene (not in the loop itself), it must not be passed
    # over: the game went on, past a half-done update, with nothing in the log
    import logging

    def broken(_scene, _dt):
        raise RuntimeError("a scene's bug")

    monkeypatch.setattr(MenuScene, "update", broken)
    frames = []
    real_frame = App.frame

    def frame(app, *args, **kwargs):
        frames.append(app)
        if len(frames) > 100:  # a game that went on past the error: ended, not waited on
            app.end_loop()
        real_frame(app, *args, **kwargs)

    monkeypatch.setattr(App, "frame", frame)
    with caplog.at_level(logging.ERROR):
        assert main.run() == main.EXIT_CRASHED
    (record,) = [r for r in caplog.records if r.exc_info]
    assert record.getMessage() == "the game stopped on an error"
    assert "a scene's bug" in str(record.exc_info[1])
    assert len(program) == 1  # the scene left as on a close: its game's time saved
