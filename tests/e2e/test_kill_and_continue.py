"""The real program killed with SIGKILL mid-game, started again: Continue resumes the game.

Under Xvfb, clicked with xdotool like the player would (see test_real_window.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame

from game.app import App
from game.clock import ManualClock
from game.rules import Game
from game.scenes.menu import MenuScene
from tests.e2e.test_real_window import (
    ROOT,
    SIZE,
    _card_centre,
    _state,
    _wait,
    display,
    game_window,
    pytestmark,
)
from tests.store.helpers import DEAL_8_WIN

__all__ = ["display", "pytestmark"]  # the fixture and the skip rule come from there


def start(env: dict[str, str], *args: str) -> tuple[subprocess.Popen[bytes], str]:
    size = f"{SIZE[0]}x{SIZE[1]}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "--size", size, *args],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    return proc, game_window(env, proc)


def click(env: dict[str, str], window: str, pos: tuple[int, int]) -> None:
    x, y = pos
    subprocess.run(
        ["xdotool", "mousemove", "--window", window, str(x), str(y), "click", "1"],
        env=env,
        check=True,
    )
    time.sleep(0.6)


def continue_button(home: Path) -> tuple[int, int]:
    """Where the menu of a window of SIZE draws Continue (the same layout code, this process)."""
    os.environ["PIRAMIDA_HOME"] = str(home)
    try:
        app = App(size=SIZE, clock=ManualClock())
        menu = MenuScene(app)
        app.switch(menu, fade=False)
        button = menu.pad.get("continue")
        assert button is not None, "the menu offers nothing to continue"
        app.records.close()
        return button.rect.center
    finally:
        del os.environ["PIRAMIDA_HOME"]
        pygame.display.quit()


def test_a_killed_game_continues_where_it_was_with_its_undo(display, tmp_path):
    pygame.font.init()
    state_file = tmp_path / "state.json"
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(
        DISPLAY=display,
        SDL_AUDIODRIVER="dummy",
        PIRAMIDA_HOME=str(home),
        PIRAMIDA_STATE_FILE=str(state_file),
        PYTHONPATH=str(ROOT),
        LANG="en_GB.UTF-8",
    )
    game, window = start(env, "play", "pyramid52", "--deal", "8")
    try:
        model = Game("pyramid52", deal=8)
        for move in DEAL_8_WIN[:3]:  # three pairs, each clicked card by card
            for pile in move.split("+"):
                click(env, window, _card_centre(model, pile))
            model.play(move)
        played = _wait(lambda: (s := _state(state_file)) and len(s["moves"]) == 3 and s)
        assert played["moves"] == DEAL_8_WIN[:3]
        game.send_signal(signal.SIGKILL)
        assert game.wait(10) == -signal.SIGKILL
    finally:
        if game.poll() is None:
            game.kill()

    state_file.unlink()
    where = continue_button(home)
    again, window = start(env)
    try:
        click(env, window, where)
        resumed = _wait(lambda: (s := _state(state_file)) and s)
        assert resumed["moves"] == DEAL_8_WIN[:3] and resumed["deal"] == 8
        subprocess.run(["xdotool", "key", "--window", window, "ctrl+z"], env=env, check=True)
        undone = _wait(lambda: (s := _state(state_file)) and len(s["moves"]) == 2 and s)
        assert undone["moves"] == DEAL_8_WIN[:2]
        # Esc to the menu, Esc twice there to quit (the second from 0.4 s after the first)
        for pause in (1.0, 0.6, 0.3):
            subprocess.run(["xdotool", "key", "--window", window, "Escape"], env=env, check=True)
            time.sleep(pause)
        assert again.wait(10) == 0, again.stderr.read().decode() if again.stderr else ""
    finally:
        if again.poll() is None:
            again.kill()
    saved = json.loads(
        subprocess.run(
            [sys.executable, "-m", "game", "history", "--json"],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert len(saved) == 1 and saved[0]["moves"] == 2 and saved[0]["undos"] == 1
