import pygame
import pytest

from game import i18n
from game.app import App
from game.clock import ManualClock
from tests.scenes.driver import Driver


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    application = App(size=(1280, 800), clock=ManualClock())
    application.settings.animation_speed = 2.0
    yield application
    application.solver.close()
    pygame.display.quit()


@pytest.fixture
def driver(app):
    return Driver(app)


@pytest.fixture
def english():
    """English during the test, and again after it, whatever the test switched to."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")
