"""The menu's ruleset cards: where their words go, and in what size."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.render.preview import common_summary_size, draw_ruleset_card

SHORT = "Clear the pyramid by pairs."
LONG = " ".join(["A much longer summary that needs every line the card has"] * 2)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield


def test_a_list_of_cards_takes_the_smallest_size_any_card_takes_alone():
    # each fitted alone, a long summary took a size or two below its neighbours'
    rect = pygame.Rect(0, 0, 560, 90)
    scratch = pygame.Surface((600, 100))
    _name, _lines, short_alone = draw_ruleset_card(
        scratch, rect, "pyramid52", ("Pyramid", SHORT), (False, False), 1.0
    )
    _name, _lines, long_alone = draw_ruleset_card(
        scratch, rect, "pyramid52", ("Pyramid", LONG), (False, False), 1.0
    )
    assert long_alone < short_alone  # the case: alone, two sizes
    cards = [(rect, ("Pyramid", SHORT)), (rect, ("Pyramid", LONG))]
    common = common_summary_size(cards, 1.0)
    assert common == long_alone
    for summary in (SHORT, LONG):
        texts = ("Pyramid", summary)
        _name, lines, size = draw_ruleset_card(
            scratch, rect, "pyramid52", texts, (False, False), 1.0, summary_size=common
        )
        assert size == common and " ".join(lines) == summary  # whole, in the one size


def test_a_summary_too_long_for_its_card_ends_in_an_ellipsis():
    rect = pygame.Rect(0, 0, 400, 60)
    scratch = pygame.Surface((400, 60))
    texts = ("Pyramid", LONG * 3)
    _name, lines, _size = draw_ruleset_card(scratch, rect, "pyramid52", texts, (False, False), 1.0)
    assert lines and lines[-1].endswith("…")
