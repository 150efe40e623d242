"""A kiosk on the real App: real events in, a manual clock, a configuration written as text."""

import random
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.clock import ManualClock
from game.kiosk.config import KioskSettingsStore, parse_config
from game.kiosk.policy import KioskPolicy
from tests.scenes.driver import Driver

# short times, so tests step through them quickly; three games, so a touch opens the
# chooser; any deal, so that a test knows which (test_attract deals winnable ones)
CONFIG = """
language = "en"
idle_seconds = 30
winnable_only = false
[operator]
pin = "2580"
corner = "top-left"
hold_seconds = 5
[attract]
invitation_seconds = 3
tables_seconds = 4
demo_seconds = 60
[[games]]
ruleset = "pyramid36"
[[games]]
ruleset = "pyramid52"
[[games]]
ruleset = "nechego"
options = { cards = 32, piles = 8 }
"""


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    return tmp_path / "home"


@pytest.fixture
def make_kiosk(home, tmp_path):
    """make_kiosk(extra_toml="") -> a started kiosk App (closed after the test)."""
    made = []

    def make(extra: str = "", text: str = CONFIG, size=(1280, 800)) -> App:
        # top-level lines of `extra` replace those of the same key in `text`
        keys = {line.split("=")[0].strip() for line in extra.splitlines() if "=" in line}
        kept = [line for line in text.splitlines() if line.split("=")[0].strip() not in keys]
        config = parse_config(extra + "\n".join(kept), tmp_path / "kiosk.toml")
        app = App(size=size, clock=ManualClock(), settings_store=KioskSettingsStore(config))
        if app.surface.get_size() != size:
            # a kiosk opens full screen, which the dummy driver makes 1024x768 whatever
            # the size asked: a test standing up would never have stood up
            app.surface = pygame.display.set_mode(size)
            app._resized()
        assert app.surface.get_size() == size
        app.settings.animation_speed = 2.0
        app.kiosk = KioskPolicy(app, config, rng=random.Random(3))
        app.kiosk.start()
        made.append(app)
        return app

    yield make
    for app in made:
        app.close()
    pygame.display.quit()


@pytest.fixture
def kiosk(make_kiosk):
    return make_kiosk()


@pytest.fixture
def driver(kiosk):
    return Driver(kiosk)


def finger(kind: int, pos: tuple[int, int], size: tuple[int, int], finger_id: int = 1):
    return pygame.event.Event(
        kind,
        x=pos[0] / size[0],
        y=pos[1] / size[1],
        dx=0.0,
        dy=0.0,
        finger_id=finger_id,
        touch_id=1,
        pressure=1.0,
    )


def example_path() -> Path:
    from game.kiosk.config import EXAMPLE

    return EXAMPLE
