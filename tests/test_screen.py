"""Without a display the game says so and stops (exit status 3), rather than run
in SDL's offscreen fallback where nobody sees it; a kiosk's service manager then
starts it again, as the display may come up later."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import game.screen
from game.main import default_window, given_window
from game.screen import (
    EXIT_NO_SCREEN,
    NoScreenError,
    check_screen,
    too_small_for_a_window,
    window_on_screen,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("driver", ["x11", "wayland", "kmsdrm", "windows", "cocoa"])
def test_a_real_video_driver_passes(driver: str) -> None:
    check_screen(driver, {})


@pytest.mark.parametrize("driver", ["offscreen", "dummy"])
def test_a_headless_fallback_is_refused_and_names_the_display(driver: str) -> None:
    with pytest.raises(NoScreenError, match=r"no screen.*DISPLAY is ':7'"):
        check_screen(driver, {"DISPLAY": ":7"})


@pytest.mark.parametrize("driver", ["offscreen", "dummy", "DUMMY"])
def test_a_headless_driver_asked_for_by_name_passes(driver: str) -> None:
    check_screen(driver.lower(), {"SDL_VIDEODRIVER": driver})


def test_asking_for_one_headless_driver_does_not_excuse_the_other() -> None:
    with pytest.raises(NoScreenError):
        check_screen("offscreen", {"SDL_VIDEODRIVER": "dummy"})


def _start(*args: str, **environ: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "WAYLAND"))}
    env.pop("DISPLAY", None)
    env.update(PYTHONPATH=str(ROOT), SDL_AUDIODRIVER="dummy", **environ)
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("kiosk", [False, True], ids=["game", "kiosk"])
def test_a_display_that_cannot_be_reached_ends_the_program_with_one_line(
    kiosk: bool, tmp_path: Path
) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text('[operator]\npin = "2580"\n[[games]]\nruleset = "pyramid36"\n', "utf-8")
    args = ("--kiosk", "--kiosk-config", str(config)) if kiosk else ("play", "pyramid52")
    done = _start(*args, SDL_VIDEODRIVER="x11", DISPLAY=":65000", PIRAMIDA_HOME=str(tmp_path))
    assert done.returncode == EXIT_NO_SCREEN == 3, done.stderr
    assert "Traceback" not in done.stderr
    assert "piramida: no screen to show the window on" in done.stderr
    assert done.stderr.count("no screen") == 1
    if kiosk:  # its operator reads the kiosk's own log file too
        log = (tmp_path / "state" / "logs" / "piramida.log").read_text("utf-8")
        assert "no screen to show the window on" in log


@pytest.mark.skipif(Path("/dev/dri").exists(), reason="SDL could open the console's screen")
def test_no_display_at_all_is_not_run_offscreen(tmp_path: Path) -> None:
    done = _start("play", "pyramid36", PIRAMIDA_HOME=str(tmp_path))
    assert done.returncode == EXIT_NO_SCREEN, done.stderr
    assert "DISPLAY is ''" in done.stderr


@pytest.mark.parametrize(
    ("screen", "window"),
    [
        ((1920, 1080), (1280, 800)),  # room enough: as asked
        ((1366, 768), (1105, 691)),  # a laptop's: the whole window shows, in its shape
        ((1024, 768), (972, 608)),  # never below the least the cards are readable at
        # but where the screen has no room for that, the room: the least window, framed,
        # hid the bars of a 7-inch touch screen (800x480) left full screen
        ((800, 600), (760, 540)),
        ((800, 480), (760, 432)),
    ],
)
def test_the_default_window_fits_a_smaller_screen(screen, window):
    # on an 800x600 screen the 1280x800 window hid its bars and its outer piles
    assert window_on_screen((1280, 800), screen) == window


def test_a_window_standing_up_fits_in_its_own_shape():
    # its floor was 800 wide, whatever its shape: 600x800 opened 800x800
    assert window_on_screen((600, 800), (1920, 1080)) == (600, 800)
    assert window_on_screen((768, 1024), (1920, 1080)) == (729, 972)
    # never below the least where there is room for it; else the room: 800 high on a
    # 768-high screen hid its bottom bar
    assert window_on_screen((600, 800), (1024, 768)) == (600, 691)
    assert window_on_screen((600, 800), (1280, 1024)) == (600, 800)


@pytest.mark.parametrize(
    ("screen", "small"), [((800, 600), True), ((1024, 768), False), ((1366, 768), False)]
)
def test_a_screen_too_small_for_a_framed_window_is_told(screen, small):
    # there the game opens full screen: an 800x600 window with its frame hid its buttons
    assert too_small_for_a_window(screen) is small


@pytest.mark.parametrize(
    ("screen", "window"),
    [
        ((1920, 1080), (1280, 800)),
        ((1920, 1200), (1280, 800)),
        ((2560, 1080), (1280, 800)),  # wider only: no taller
        ((2560, 1440), (1706, 1066)),
        ((3840, 2160), (2560, 1600)),
        ((1366, 768), (1105, 691)),  # smaller: fitted, as before
    ],
)
def test_a_larger_screen_opens_a_larger_first_window(monkeypatch, screen, window):
    # 1280x800 in the middle of a 4K screen had its words 11 to 13 px high, some 2 mm
    monkeypatch.setattr(game.screen, "the_screen", lambda: screen)
    assert default_window(None) == (window, None)


def test_a_size_given_that_the_screen_cannot_hold_framed_is_fitted_and_said(monkeypatch, caplog):
    # --size 1920x1080 on a full-HD screen: the frame pushed the bottom bar off it
    monkeypatch.setattr(game.screen, "the_screen", lambda: (1920, 1080))
    assert given_window((1920, 1080)) == (1728, 972)
    assert "1920x1080 window does not fit this 1920x1080 screen" in caplog.text
    assert "opened at 1728x972" in caplog.text
    caplog.clear()
    assert given_window((1280, 800)) == (1280, 800)  # one that fits is as given
    assert given_window((600, 800)) == (600, 800)
    assert caplog.text == ""
    monkeypatch.setattr(game.screen, "the_screen", lambda: None)  # headless: made up
    assert given_window((3840, 2160)) == (3840, 2160)


@pytest.mark.parametrize("screen", [(1024, 600), (800, 1280)])
def test_a_screen_too_small_either_way_is_told(screen):
    # a 1024x600 netbook has room across, but an 800x600 window framed is too high for it
    assert too_small_for_a_window(screen) is True


def test_the_screen_the_window_is_fitted_to_is_the_first(monkeypatch):
    import pygame

    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080), (1280, 1024)])
    assert game.screen.the_screen() == (1920, 1080)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [])
    assert game.screen.the_screen() is None
