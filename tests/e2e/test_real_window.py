"""The real program in a real X window (Xvfb), clicked with xdotool: the player's path.

Skipped where Xvfb or xdotool is missing, unless PIRAMIDA_REQUIRE_XVFB is set (CI
sets it, so there a missing tool fails the suite instead of hiding the test).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pygame
import pytest

from game.render.table_layout import table_layout
from game.rules import Game
from game.scenes.table_hud import Hud

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1024, 768)
TOOLS = ("Xvfb", "xdotool", "import")


def _missing() -> list[str]:
    return [t for t in TOOLS if shutil.which(t) is None]


pytestmark = pytest.mark.skipif(
    bool(_missing()) and not os.environ.get("PIRAMIDA_REQUIRE_XVFB"),
    reason=f"needs {', '.join(TOOLS)}",
)


@pytest.fixture
def display():
    """A fresh Xvfb screen of 1280x1024, ready when given: the server picks a free
    display number and writes it to a pipe only once it accepts clients (a number
    guessed beforehand can be taken, and a server still starting makes SDL fall
    back to drawing offscreen)."""
    missing = _missing()
    assert not missing, f"missing {missing}: install xvfb, xdotool and imagemagick"
    ready, write_end = os.pipe()
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(
            [
                "Xvfb",
                "-displayfd",
                str(write_end),
                "-screen",
                "0",
                "1280x1024x24",
                "-nolisten",
                "tcp",
                # an X server resets when its last client leaves: the readiness probe's
                # leaving must not leave the game knocking at a server mid-reset
                "-noreset",
            ],
            pass_fds=(write_end,),
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        os.close(write_end)
        try:
            with os.fdopen(ready) as pipe:
                waited, _, _ = select.select([pipe], [], [], 60.0)
                number = pipe.readline().strip() if waited else ""
            if not number.isdigit():
                log.seek(0)
                raise AssertionError(f"Xvfb gave no display in 60 s: {log.read().decode()}")
            # and a client is served (once, with the machine busy, the game found no
            # display just after the server said it was ready)
            _wait(lambda: _answers(f":{number}"))
            yield f":{number}"
        finally:
            server.terminate()
            server.wait(10)


def _answers(display: str) -> bool:
    asked = subprocess.run(
        ["xdotool", "getdisplaygeometry"],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
    )
    return asked.returncode == 0


def _stderr(process: subprocess.Popen) -> str:  # type: ignore[type-arg]
    err = process.stderr.read() if process.stderr else b""
    return err.decode("utf-8", "replace") if isinstance(err, bytes) else err


def game_window(env: dict[str, str], game: subprocess.Popen) -> str:  # type: ignore[type-arg]
    """The X window of the `game` process, once it is there to stay.

    The game may make its window twice (a vsync renderer tried, then a plain
    window): a window found at once can be gone a moment later. A game that ends
    while it is looked for fails the test with what it printed.
    """

    def windows() -> list[str]:
        if game.poll() is not None:
            raise AssertionError(f"the game ended ({game.returncode}): {_stderr(game)}")
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(game.pid), "--name", "^Piramida$"],
            env=env,
            capture_output=True,
            text=True,
        )
        return found.stdout.split()

    _wait(windows)
    time.sleep(1.5)  # the deal flies in, or the menu fades in; a second window is made by now
    return max(_wait(windows), key=int)  # one client's X ids grow: the newest window


def _wait(predicate, timeout=30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")


def _state(path: Path):
    try:
        return json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None


def _card_centre(game: Game, pile: str) -> tuple[int, int]:
    """Where the game draws a pile's top card in a window of SIZE (the same layout code)."""
    area = Hud().layout(SIZE)
    table = game.ruleset.table
    shape = {
        "rows": game.rules.rows,
        "piles": game.rules.piles,
        "foundations": game.rules.foundations,
        "waste_centre": table.get("waste") == "centre",
        "pile_limit": game.rules.pile_limit,
    }
    layout = table_layout(str(table["layout"]), shape, area)
    return layout.rects(pile, len(game.pile(pile)))[-1].center


def test_a_player_clicks_a_pair_away_and_undoes_it_in_a_real_window(display, tmp_path):
    pygame.font.init()
    state_file = tmp_path / "state.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(
        DISPLAY=display,
        SDL_AUDIODRIVER="dummy",
        PIRAMIDA_HOME=str(tmp_path / "home"),
        PIRAMIDA_STATE_FILE=str(state_file),
        PYTHONPATH=str(ROOT),
        LANG="en_GB.UTF-8",
    )
    size = f"{SIZE[0]}x{SIZE[1]}"
    game = subprocess.Popen(
        [sys.executable, "-m", "game", "--size", size, "play", "pyramid52", "--deal", "8"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        xdo = {**env}
        window = game_window(xdo, game)
        model = Game("pyramid52", deal=8)
        for pile in ("p7.2", "p7.5"):
            x, y = _card_centre(model, pile)
            subprocess.run(
                ["xdotool", "mousemove", "--window", window, str(x), str(y), "click", "1"],
                env=xdo,
                check=True,
            )
            time.sleep(0.6)
        played = _wait(lambda: (s := _state(state_file)) and s["moves"] and s)
        assert played["moves"] == ["p7.2+p7.5"]
        shot = tmp_path / "screen.png"
        subprocess.run(["import", "-window", window, str(shot)], env=xdo, check=True)
        image = pygame.image.load(str(shot))
        felt = image.get_at(_card_centre(model, "p7.2"))  # the card is gone: felt shows
        assert felt.g > felt.r and felt.g > felt.b
        subprocess.run(["xdotool", "key", "--window", window, "ctrl+z"], env=xdo, check=True)
        undone = _wait(lambda: (s := _state(state_file)) and s["moves"] == [] and s)
        assert undone["deal"] == 8
        # Esc leaves the table for the menu; Esc twice on the menu quits
        subprocess.run(["xdotool", "key", "--window", window, "Escape"], env=xdo, check=True)
        time.sleep(1.0)
        subprocess.run(["xdotool", "key", "--window", window, "Escape"], env=xdo, check=True)
        time.sleep(0.6)  # a second press counts from 0.4 s after the first
        subprocess.run(["xdotool", "key", "--window", window, "Escape"], env=xdo, check=True)
        assert game.wait(10) == 0, game.stderr.read().decode()
    finally:
        if game.poll() is None:
            game.kill()


F11_TWICE = """
import time, warnings
import pygame
from game.app import App

def settled():
    for _ in range(20):  # the X server's answers to the window's changes
        pygame.event.pump()
        time.sleep(0.05)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return tuple(pygame.Window.from_display_module().size)

app = App(size=(1100, 700))
print(settled())
app.toggle_fullscreen()
print(settled())
app.toggle_fullscreen()
print(settled(), app.surface.get_size())
"""


def test_f11_twice_gives_the_window_its_size_back(display, tmp_path):
    # out of full screen, the window stayed screen-sized, its bottom bar off the screen
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", PIRAMIDA_HOME=str(tmp_path))
    env["PYTHONPATH"] = str(ROOT)
    shown = subprocess.run(
        [sys.executable, "-c", F11_TWICE], env=env, capture_output=True, text=True, timeout=60
    )
    lines = [line for line in shown.stdout.splitlines() if line.startswith("(")]
    assert lines == ["(1100, 700)", "(1280, 1024)", "(1100, 700) (1100, 700)"], shown
