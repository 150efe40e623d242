"""Test setup for the whole suite: headless video and audio, set here and never in the game."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL turns SIGTERM into a window's close, which no test reads: `timeout` and a CI's
# cancel could not stop the suite
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")


@pytest.fixture(autouse=True)
def _words_as_a_test_finds_them():
    """Each test starts in English with the A K Q J letters: an app a test opens in
    Russian sets both for the whole process (the letters follow the language)."""
    yield
    from game import i18n

    i18n.set_language("en")
    i18n.set_card_letters("latin")
