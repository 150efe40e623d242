"""The menu's ruleset cards: where their words go, and in what size."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.render.preview import common_summary_size, draw_ruleset_card
from tests.render.contrast import contrast, luminance

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


@pytest.mark.parametrize(
    "ruleset", ["egyptian", "egyptian-old", "devils-bridge", "nechego", "pyramid36", "pyramid52"]
)
@pytest.mark.parametrize("size", [(380, 240), (160, 100), (300, 300)])
def test_a_preview_keeps_a_border_of_felt_round_its_cards(ruleset, size):
    # the table's layout reached its picture's edges, and the margin meant to stand
    # round the cards was clipped away there: top cards and the stock cut at the frame
    from game.render.preview import preview

    picture = preview(ruleset, {}, size)
    w, h = picture.get_size()
    edge = [(x, y) for x in range(w) for y in (0, h - 1)]
    edge += [(x, y) for x in (0, w - 1) for y in range(h)]

    def felt(pixel) -> bool:
        r, g, _b, *_a = pixel
        return g > r + 25

    assert all(felt(picture.get_at(p)) for p in edge)


def test_a_summary_that_fits_whole_at_the_least_size_is_not_cut_to_its_lead():
    # where the largest size was the least too, the lead came back though the whole fit
    from game.render.preview import SUMMARY_LEAST, _summary_lines

    summary = "Pyramid of 28 cards: pair cards that add up to 13; kings alone."
    assert _summary_lines(summary, 2000, 500, SUMMARY_LEAST) == (SUMMARY_LEAST, [summary])


def contrast_on_a_card(selected: bool, part) -> float:
    """The contrast of the brightest ink within `part` (of the card's rect) against the
    card's fill, its card drawn chosen or not at 800x600's scale."""
    from game.ui.theme import FELT

    rect = pygame.Rect(10, 10, 380, 60)
    surface = pygame.Surface((400, 80))
    surface.fill(FELT)
    draw_ruleset_card(surface, rect, "pyramid52", ("Pyramid", SHORT), (selected, False), 0.625)
    where = part(rect)
    pixels = [
        surface.get_at((x, y))
        for x in range(where.left, where.right)
        for y in range(where.top, where.bottom)
    ]
    background = surface.get_at((rect.right - 6, rect.bottom - 6))
    return contrast(max(pixels, key=luminance), background)


@pytest.mark.parametrize("selected", [False, True])
def test_a_summary_reads_against_its_card_chosen_or_not(selected):
    # small text wants 4.5:1; the chosen card's summary, dim ink on its lighter fill,
    # stood at 4.1:1 where the words are smallest (11 px at 800x600)
    def lines(rect):
        return pygame.Rect(rect.centerx, rect.centery, rect.width // 2 - 8, rect.height // 2 - 8)

    assert contrast_on_a_card(selected, lines) >= 4.5


@pytest.mark.parametrize("selected", [False, True])
def test_a_card_s_name_reads_against_its_card_chosen_or_not(selected):
    # the chosen card's name, gold on its lighter fill, stood at 4.08:1 (13 px at 800x600)
    def name(rect):  # its first letters
        return pygame.Rect(rect.centerx - 40, rect.top + 2, 120, 14)

    assert contrast_on_a_card(selected, name) >= 4.5


def test_pictures_of_shapes_a_little_apart_share_one_drawn_table():
    # a window dragged to a new size asked the panel's picture in a new shape at about
    # every step, and each drawn its table anew: 35 ms, every other frame of the drag
    from game.render import preview as module

    module._table_picture.cache_clear()
    for width in range(562, 579):  # 562x400 to 578x400: shapes 1.405 to 1.445
        module.preview("egyptian", {}, (width, 400), deal=3)
    assert module._table_picture.cache_info().misses == 1


@pytest.mark.parametrize(
    "ruleset", ["egyptian", "devils-bridge", "nechego", "pyramid36", "pyramid52"]
)
@pytest.mark.parametrize("aspect", [0.551, 1.049, 1.449, 1.651, 2.149, 2.449, 2.951])
def test_a_picture_in_a_shape_between_those_drawn_is_not_stretched(ruleset, aspect, monkeypatch):
    # Pyramid 36 drawn wide reaches its border's edge: cut from a nearby shape, its cards
    # came out 3% wider than cards
    from game.render import preview as module

    cuts = []
    real_fit = module._fit_aspect

    def fit(*args):
        cuts.append(real_fit(*args))
        return cuts[-1]

    monkeypatch.setattr(module, "_fit_aspect", fit)
    module._preview.cache_clear()
    size = (round(300 * aspect), 300)
    module.preview(ruleset, {}, size)
    cut = cuts[-1]  # the one scaled to the picture
    assert cut.width / cut.height == pytest.approx(size[0] / size[1], rel=0.006)
