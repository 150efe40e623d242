"""Where the piles stand: the Egyptian table on a wide screen and a narrow one."""

import itertools

import pygame
import pytest

from game.render.table_layout import FAN_V, _pyramid_piles, table_layout

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


# the play areas of 600x1024 and 1080x1920 standing up, between the bars
STANDING = [pygame.Rect(0, 60, 600, 860), pygame.Rect(0, 108, 1080, 1656)]


@pytest.mark.parametrize("area", STANDING, ids=["600x1024", "1080x1920"])
@pytest.mark.parametrize("shape", [EGYPTIAN, OLD_RULES, DEVILS_BRIDGE])
def test_the_egyptian_table_standing_up_lies_in_the_middle_of_the_height(shape, area):
    # the pyramid lay against the top bar and the stock against the buttons, half the
    # screen's height of empty felt between them
    layout = laid_out(shape, area)
    ch = layout.card[1]
    piles = [spot for name, spot in layout.spots.items() if name.startswith("t")]
    fullest = [spot.card_rects(16) for spot in piles]
    # a pile of the rules' most cards still fans at its full step
    assert all(rects[1].y - rects[0].y == round(ch * FAN_V) for rects in fullest)
    places = [spot.rect for spot in layout.spots.values()]
    top_gap = min(r.top for r in places) - area.top
    bottom_gap = area.bottom - max(r.bottom for r in places)
    assert abs(top_gap - bottom_gap) <= ch // 3
    # and the stock under the fullest pile's foot, not far below it
    stock = layout.spots["st"].rect
    assert stock.top - max(rects[-1].bottom for rects in fullest) <= ch // 2
