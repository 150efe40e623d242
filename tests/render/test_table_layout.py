"""Where the piles stand: the Egyptian table on a wide screen and a narrow one."""

import itertools

import pygame
import pytest

from game.render.table_layout import _pyramid_piles, table_layout

EGYPTIAN = {"piles": 8, "foundations": 8, "waste_centre": False}
OLD_RULES = {"piles": 8, "foundations": 8, "waste_centre": True}
DEVILS_BRIDGE = {"piles": 9, "foundations": 8, "waste_centre": False}
WIDE = pygame.Rect(0, 38, 1366, 675)  # the play area of a 1366x768 window
NARROW = pygame.Rect(0, 30, 800, 530)  # and of 800x600


def laid_out(shape: dict[str, int | bool], area: pygame.Rect, aside: bool | None = None):
    if aside is None:
        return table_layout("pyramid-piles", shape, area)
    return _pyramid_piles(
        int(shape["piles"]),
        int(shape["foundations"]),
        bool(shape["waste_centre"]),
        area,
        False,
        aside,
    )


@pytest.mark.parametrize("shape", [EGYPTIAN, OLD_RULES, DEVILS_BRIDGE])
def test_a_wide_screen_puts_the_stock_beside_the_pyramid_for_larger_cards(shape):
    # under the pyramid, a 1366x768 screen had cards 80 px wide between bands of felt
    layout = laid_out(shape, WIDE)
    assert layout.card[0] >= 1.15 * laid_out(shape, WIDE, aside=False).card[0]
    piles = [spot.rect for name, spot in layout.spots.items() if name[0] in "tf"]
    stock, waste = layout.spots["st"], layout.spots["w"]
    three = waste.card_rects(3)  # the waste shows its top three, fanned
    beside = [stock.rect] if shape["waste_centre"] else [stock.rect, *three]
    for rect in beside:
        assert rect.right < min(r.left for r in piles) and WIDE.contains(rect)
    places = [spot.rect for spot in layout.spots.values()]
    for a, b in itertools.combinations(places, 2):
        assert not a.colliderect(b)
    # nothing under the pyramid: every pile may grow down to the felt's foot
    assert all(
        spot.reach.bottom >= WIDE.bottom - layout.card[1] // 10
        for spot in (layout.spots[name] for name in layout.spots if name.startswith("t"))
    )


def test_a_narrow_screen_keeps_the_stock_under_the_pyramid():
    layout = laid_out(EGYPTIAN, NARROW)
    assert layout.card == laid_out(EGYPTIAN, NARROW, aside=False).card
    stock = layout.spots["st"].rect
    assert stock.centerx > NARROW.width // 3  # under the middle, not at the side
