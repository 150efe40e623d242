"""ui/too_small.py exactly: what a window too small for any scene shows instead."""

import pygame
import pytest

from game import i18n
from game.ui import theme, too_small


@pytest.fixture
def said(monkeypatch):
    pygame.font.init()
    i18n.set_language("en")
    lines: list[tuple[str, int]] = []
    real = too_small.draw_text

    def recording(surface, text, size, *args, **kwargs):
        lines.append((text, size))
        return real(surface, text, size, *args, **kwargs)

    monkeypatch.setattr(too_small, "draw_text", recording)
    return lines


@pytest.mark.parametrize(
    ("size", "least"),
    [((320, 240), "800 × 600"), ((700, 500), "800 × 600"), ((240, 320), "600 × 800")],
)
def test_it_asks_for_the_least_window_of_its_own_shape(said, size, least):
    surface = pygame.Surface(size)
    too_small.draw_too_small(surface)
    big = max(8, min(size[1] // 4, size[0] // 16, 24))
    assert said == [("Make the window larger", big), (f"at least {least}", big * 3 // 4)]
    assert surface.get_at((0, 0))[:3] == theme.PANEL


@pytest.mark.parametrize("size", [(39, 200), (600, 11), (20, 8)])
def test_a_window_too_small_even_for_the_words_is_left_plain(said, size):
    surface = pygame.Surface(size)
    surface.fill((255, 0, 0))
    too_small.draw_too_small(surface)
    assert said == []
    colours = {surface.get_at((x, y))[:3] for x in range(size[0]) for y in range(size[1])}
    assert colours == {theme.PANEL}


@pytest.mark.parametrize(
    ("size", "big"),
    [
        ((2000, 40), 10),  # a low strip: a quarter of its height, the two lines fit
        ((100, 300), 8),  # a narrow one: 100 // 16 is 6, too small to read; 8 at least
        ((40, 12), 8),  # the least window the words are drawn in, either way
        ((1000, 1000), 24),  # never larger than 24
    ],
)
def test_the_words_are_as_large_as_the_window_holds(said, size, big):
    too_small.draw_too_small(pygame.Surface(size))
    assert [s for _text, s in said] == [big, big * 3 // 4]


def test_a_square_window_is_asked_for_the_least_window_lying_down(said):
    too_small.draw_too_small(pygame.Surface((300, 300)))
    assert said[1][0] == "at least 800 × 600"


def test_how_large_is_said_under_the_request_not_over_it(monkeypatch):
    pygame.font.init()
    i18n.set_language("en")
    drawn: list[pygame.Rect] = []
    real = too_small.draw_text

    def recording(*args, **kwargs):
        drawn.append(real(*args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(too_small, "draw_text", recording)
    too_small.draw_too_small(pygame.Surface((320, 240)))
    request, least = drawn
    assert least.top >= request.bottom and least.centerx == pytest.approx(request.centerx, abs=1)
