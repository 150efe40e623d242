"""`piramida --kiosk` in a real X window (Xvfb): full screen, deaf to the closing keys, left
only by the operator's corner and PIN, and stopped cleanly by the service manager's signal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.kiosk.policy import OPERATOR_EXIT
from tests.e2e.test_real_window import TOOLS, _missing, display, game_window  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
SCREEN = (1280, 1024)  # the display fixture's screen

pytestmark = pytest.mark.skipif(
    bool(_missing()) and not os.environ.get("PIRAMIDA_REQUIRE_XVFB"),
    reason=f"needs {', '.join(TOOLS)}",
)

CONFIG = """
language = "en"
[operator]
pin = "2580"
corner = "top-left"
hold_seconds = 2
[[games]]
ruleset = "pyramid36"
"""


def start_kiosk(screen: str, tmp_path: Path):  # type: ignore[no-untyped-def]
    config = tmp_path / "kiosk.toml"
    config.write_text(CONFIG, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(
        DISPLAY=screen,
        SDL_AUDIODRIVER="dummy",
        PIRAMIDA_HOME=str(tmp_path / "home"),
        PYTHONPATH=str(ROOT),
    )
    game = subprocess.Popen(
        [sys.executable, "-m", "game", "--kiosk", "--kiosk-config", str(config)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )

    return game, game_window(env, game), env


def xdo(env, *args: str) -> str:  # type: ignore[no-untyped-def]
    return subprocess.run(
        ["xdotool", *args], env=env, check=True, capture_output=True, text=True
    ).stdout


def geometry(env, window: str) -> str:  # type: ignore[no-untyped-def]
    out = xdo(env, "getwindowgeometry", window)
    return next(line.split()[-1] for line in out.splitlines() if "Geometry" in line)


def test_the_kiosk_fills_the_screen_ignores_the_closing_keys_and_opens_only_to_the_pin(
    display,  # noqa: F811
    tmp_path,
):
    game, window, env = start_kiosk(display, tmp_path)
    try:
        assert geometry(env, window) == f"{SCREEN[0]}x{SCREEN[1]}"
        for key in ("Escape", "alt+F4", "F11", "Escape"):
            xdo(env, "key", "--window", window, key)
            time.sleep(0.4)
        time.sleep(1.0)
        assert game.poll() is None, game.stderr.read().decode()
        assert geometry(env, window) == f"{SCREEN[0]}x{SCREEN[1]}"  # F11 changed nothing
        # the operator: the mouse held in the top-left corner, then the PIN typed
        xdo(env, "mousemove", "--window", window, "6", "6")
        xdo(env, "mousedown", "1")
        time.sleep(2.6)
        xdo(env, "mouseup", "1")
        time.sleep(1.0)
        for key in ("1", "1", "1", "1", "Return"):  # a wrong PIN first: still running
            xdo(env, "key", "--window", window, key)
        time.sleep(0.6)
        assert game.poll() is None
        for key in ("2", "5", "8", "0", "Return"):
            xdo(env, "key", "--window", window, key)
        assert game.wait(15) == OPERATOR_EXIT, game.stderr.read().decode()
    finally:
        if game.poll() is None:
            game.kill()
    log = (tmp_path / "home" / "state" / "logs" / "piramida.log").read_text("utf-8")
    assert "kiosk: started" in log
    assert "a wrong PIN was typed" in log and "the operator closed the kiosk" in log


def test_the_service_manager_s_stop_ends_the_kiosk_cleanly(display, tmp_path):  # noqa: F811
    game, _window, _env = start_kiosk(display, tmp_path)
    try:
        time.sleep(1.0)
        game.send_signal(signal.SIGTERM)
        assert game.wait(15) == 0, game.stderr.read().decode()
    finally:
        if game.poll() is None:
            game.kill()
    log = (tmp_path / "home" / "state" / "logs" / "piramida.log").read_text("utf-8")
    assert "kiosk: stopped by a signal" in log


def viewable(env, game, window: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether the `game` process's `window` can be seen (mapped, on this desktop)."""
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(game.pid), "--name", "^Piramida$"],
        env=env,
        capture_output=True,
        text=True,
    ).stdout.split()
    return window in found


def seen_again(env, game, window: str, seconds: float = 10) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not viewable(env, game, window) and time.monotonic() < deadline:
        time.sleep(0.2)
    return viewable(env, game, window)


def test_a_kiosk_window_hidden_by_someone_else_shows_itself_again(display, tmp_path):  # noqa: F811
    # a window manager's "show desktop" hid it for good: the screen black, taps lost
    game, window, env = start_kiosk(display, tmp_path)
    try:
        time.sleep(1.0)
        assert viewable(env, game, window)
        xdo(env, "windowunmap", window)
        time.sleep(0.3)
        assert not viewable(env, game, window)
        assert seen_again(env, game, window) and game.poll() is None
    finally:
        if game.poll() is None:
            game.kill()
    log = (tmp_path / "home" / "state" / "logs" / "piramida.log").read_text("utf-8")
    assert "the window was hidden: asked to show it again" in log


def test_a_request_about_a_window_gone_is_refused_not_fatal(display):  # noqa: F811
    # Xlib's own handler ends the process at an X error: a kiosk asking to show a
    # window the server no longer knows (BadWindow) would have ended with it
    asked = subprocess.run(
        [
            sys.executable,
            "-c",
            "from game.x11_ask import ask_to_show as a, keep_as_a_kiosk as b;"
            " print(a(1), b(1) == [])",
        ],
        env={**os.environ, "DISPLAY": display, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.split()[-2:] == ["True", "True"]


def test_a_kiosk_lives_on_past_its_window_s_first_checks(display, tmp_path):  # noqa: F811
    # asked for its window's id every 2 s, pygame-ce's get_wm_info crashed the process
    # (a segmentation fault, 15 s in, every time, with no window manager)
    game, window, env = start_kiosk(display, tmp_path)
    try:
        time.sleep(24.0)
        assert game.poll() is None, game.stderr.read().decode()
        assert viewable(env, game, window)
        game.send_signal(signal.SIGTERM)
        assert game.wait(10) == 0
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(10)
