"""Text wrapping: where lines may break."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.ui import theme
from game.ui.widgets import words_of, wrap


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield


def test_a_no_break_space_holds_its_neighbours_together():
    assert words_of("Расклад №\u00a012 сегодня") == ["Расклад", "№\u00a012", "сегодня"]


@pytest.mark.parametrize("mark", ["—", "–", "·"])
def test_no_line_opens_with_a_dash_or_a_middle_dot(mark):
    # "F — собрать" broke after the F; an option line broke before its "·"
    text = f"Passes through the stock: one {mark} Cards onto piles: from the waste"
    font = theme.font(16)
    for width in range(60, 600, 7):
        lines = wrap(text, font, width)
        assert not any(line.startswith(mark) for line in lines), (width, lines)
        assert " ".join(lines) == text


def test_a_count_stays_with_the_word_after_it():
    # the arcade's opening line broke "· 3" from "lives" at 800x600
    text = "Arcade ladder · level 2 of 9: Nothing Better to Do · 3 lives"
    assert words_of(text)[-1] == "3 lives"
    font = theme.font(16)
    for width in range(60, 600, 7):
        lines = wrap(text, font, width)
        assert not any(line.split()[-1].isdigit() for line in lines[:-1]), (width, lines)
        assert " ".join(lines) == text
