"""A kiosk under a window manager's own keys (openbox's, in Xvfb): another desktop,
the window sent to one, "show desktop", minimised. Each hid the kiosk; then the call
that shows a window again waited for good for a window openbox kept unmapped, and the
loop, its taps and the service manager's signal waited with it."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator

import pytest

from tests.e2e.test_kiosk_window import seen_again, start_kiosk, viewable, xdo
from tests.e2e.test_real_window import display  # noqa: F401

pytestmark = pytest.mark.skipif(
    shutil.which("openbox") is None and not os.environ.get("PIRAMIDA_REQUIRE_XVFB"),
    reason="needs openbox",
)


@pytest.fixture
def window_manager(display: str) -> Iterator[str]:  # noqa: F811
    """Openbox on the display, with its default four desktops, once it manages it."""
    assert shutil.which("openbox"), "missing openbox: install it"
    env = {**os.environ, "DISPLAY": display}
    manager = subprocess.Popen(
        ["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            asked = subprocess.run(
                ["xdotool", "get_num_desktops"], env=env, capture_output=True, text=True
            )
            if asked.returncode == 0 and asked.stdout.strip() not in ("", "0", "1"):
                break
            time.sleep(0.2)
        else:
            raise AssertionError("openbox did not start managing the screen in 20 s")
        yield display
    finally:
        manager.terminate()
        manager.wait(10)


HIDINGS: dict[str, Callable[[dict[str, str], str], None]] = {
    "another desktop": lambda env, window: xdo(env, "set_desktop", "1"),
    "sent to a desktop": lambda env, window: xdo(env, "set_desktop_for_window", window, "2"),
    "show desktop": lambda env, window: xdo(env, "key", "super+d"),  # openbox's W-d
    "minimised": lambda env, window: xdo(env, "windowminimize", window),
}


@pytest.mark.parametrize("hiding", HIDINGS)
def test_a_kiosk_hidden_by_the_window_manager_is_seen_again_and_still_stops(
    window_manager: str, tmp_path, hiding: str
):
    game, window, env = start_kiosk(window_manager, tmp_path)
    try:
        time.sleep(1.0)
        assert viewable(env, game, window)
        HIDINGS[hiding](env, window)
        assert seen_again(env, game, window), f"{hiding}: the kiosk was not seen again in 10 s"
        time.sleep(2.5)  # a second request to show it, had it been hidden still
        assert game.poll() is None
        game.send_signal(signal.SIGTERM)
        assert game.wait(10) == 0, game.stderr.read().decode()
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(10)
