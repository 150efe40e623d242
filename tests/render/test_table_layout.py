"""Where the piles stand: the Egyptian table on a wide screen and a narrow one."""

import itertools

import pygame
import pytest

from game.render.table_layout import FAN_V, _pyramid_piles, pyramid_rows, table_layout
from game.render.table_view import TableView
from game.rules import Game


@pytest.fixture
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


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


# lying, standing, square and near square windows, from 800x600 to 4K
SIZES = [(800, 600), (1024, 600), (1280, 800), (1366, 768), (1920, 1080), (3840, 2160),
         (1080, 1920), (768, 1024), (600, 800), (600, 1024), (900, 900), (1024, 1024)]  # fmt: skip


@pytest.mark.parametrize(
    "ruleset", ["egyptian", "egyptian-old", "devils-bridge", "sbudetsya", "nechego"]
)
def test_a_pile_with_room_to_spare_fans_at_its_own_step_never_wider(ruleset, display):
    # squeezed only where its room is short: a pile never spreads wider than its fan
    # to fill the room it has
    game = Game(ruleset, deal=1)
    for size in SIZES:
        view = TableView(game, pygame.Rect(0, 40, size[0], size[1] - 120), False, "classic")
        for name, spot in view.layout.spots.items():
            if not name.startswith("t"):
                continue
            dx, dy = spot.fan
            for n in range(2, (game.rules.pile_limit or 16) + 1):
                rects = spot.card_rects(n)
                assert rects[1].x - rects[0].x <= round(dx), (size, name, n)
                assert rects[1].y - rects[0].y <= round(dy), (size, name, n)


# -- the pyramid games ------------------------------------------------------------------

# play areas lying down (800x600 to 4K) and standing up (600x1024, 768x1024, 1080x1920)
FULL_HD, QHD = pygame.Rect(0, 40, 1920, 960), pygame.Rect(0, 50, 2560, 1300)
LYING = [NARROW, WIDE, FULL_HD, pygame.Rect(0, 80, 3840, 1990)]
STANDING_PYRAMID = [pygame.Rect(0, 60, 600, 860), pygame.Rect(0, 64, 768, 806),
                    pygame.Rect(0, 108, 1080, 1734)]  # fmt: skip


@pytest.mark.parametrize("area", LYING, ids=["800x600", "1366x768", "1920x1080", "3840x2160"])
@pytest.mark.parametrize("rows", [6, 7])
def test_the_pyramid_lying_down_keeps_its_corners_on_the_felt_clear_of_its_edges(rows, area):
    # the removed cards lie in the upper right corner with the legend under them, the
    # stock and reserve in the upper left: all on the felt, none against the top bar,
    # the legend a gap below the removed cards
    layout = pyramid_rows(rows, area)
    ch = layout.card[1]
    places = {name: spot.rect for name, spot in layout.spots.items()}
    assert all(area.contains(rect) for rect in places.values())
    assert min(rect.top for rect in places.values()) > area.top
    out, legend = places["out"], layout.legend
    assert legend is not None and area.contains(legend)
    assert legend.top - out.bottom >= ch // 20 and legend.right > out.centerx


@pytest.mark.parametrize("area", STANDING_PYRAMID, ids=["600x1024", "768x1024", "1080x1920"])
@pytest.mark.parametrize("rows", [6, 7])
def test_the_pyramid_standing_up_lies_in_the_middle_with_the_legend_under_the_removed_cards(
    rows, area
):
    # the pyramid, under it the row of the stock and the removed cards, under the
    # removed cards the legend: the whole in the middle of the height
    layout = pyramid_rows(rows, area)
    ch = layout.card[1]
    places = [spot.rect for spot in layout.spots.values()]
    out, legend = layout.spots["out"].rect, layout.legend
    assert legend is not None
    assert legend.top - out.bottom >= ch // 5 and legend.right == out.right
    top_gap = min(r.top for r in places) - area.top
    bottom_gap = area.bottom - legend.bottom
    assert abs(top_gap - bottom_gap) <= ch // 3, (top_gap, bottom_gap)


@pytest.mark.parametrize("area", [WIDE, FULL_HD, QHD], ids=["1366x768", "1920x1080", "2560x1440"])
@pytest.mark.parametrize("shape", [EGYPTIAN, DEVILS_BRIDGE])
def test_with_large_corners_the_stock_beside_the_pyramid_stays_on_the_felt(shape, area):
    # the large corners widen the waste's fan of three: the column beside the pyramid
    # makes room for it
    layout = table_layout("pyramid-piles", {**shape, "large_corners": True}, area)
    piles = [spot.rect for name, spot in layout.spots.items() if name[0] in "tf"]
    stock, waste = layout.spots["st"], layout.spots["w"]
    for rect in [stock.rect, *waste.card_rects(3)]:
        assert area.contains(rect), rect
        assert rect.collidelist(piles) == -1, rect


@pytest.mark.parametrize("area", [NARROW, WIDE], ids=["800x600", "1366x768"])
@pytest.mark.parametrize("shape", [EGYPTIAN, OLD_RULES, DEVILS_BRIDGE])
def test_the_egyptian_piles_and_foundations_run_left_to_right_from_t1_and_f1(shape, area):
    # the rules fill waiting gaps "from the leftmost pile", t1 first; Devil's Bridge's
    # Ace foundations f1-f4 stand on the left, its King foundations f5-f8 on the right
    layout = laid_out(shape, area)
    for kind, count in (("t", shape["piles"]), ("f", shape["foundations"])):
        xs = [layout.spots[f"{kind}{i}"].rect.x for i in range(1, count + 1)]
        assert xs == sorted(xs) and len(set(xs)) == count, (kind, xs)


@pytest.mark.parametrize("area", [NARROW, *STANDING], ids=["800x600", "600x1024", "1080x1920"])
@pytest.mark.parametrize("shape", [EGYPTIAN, DEVILS_BRIDGE])
def test_a_full_pile_over_the_stock_stops_a_gap_above_it(shape, area):
    layout = laid_out(shape, area)
    stock, waste = layout.spots["st"].rect, layout.spots["w"].rect
    under = stock.union(waste)
    for name, spot in layout.spots.items():
        if name.startswith("t") and spot.rect.left < under.right and spot.rect.right > under.left:
            assert spot.card_rects(16)[-1].bottom < under.top, name


@pytest.mark.parametrize(
    "area", [NARROW, WIDE, *STANDING], ids=["800x600", "1366x768", "600x1024", "1080x1920"]
)
def test_the_old_rules_waste_stands_on_the_axis_among_the_piles_tops(area):
    # the waste takes the apex's place, in the row of the innermost piles' tops
    layout = laid_out(OLD_RULES, area)
    waste, left, right = (layout.spots[name].rect for name in ("w", "t4", "t5"))
    assert waste.top == left.top == right.top
    assert left.right < waste.left and waste.right < right.left
    assert abs((waste.left - left.right) - (right.left - waste.right)) <= 1


SBUDETSYA = {"piles": 8, "foundations": 4}


@pytest.mark.parametrize(
    "area",
    [NARROW, WIDE, FULL_HD, *STANDING],
    ids=["800x600", "1366x768", "1920x1080", "600x1024", "1080x1920"],
)
def test_the_central_column_lies_in_the_middle_of_the_felt(area):
    # the rows' gap to spare is shared above and below (the top row touched the top
    # bar); the stock and waste stand a gap apart, under the foundations' middle
    layout = table_layout("central-column", SBUDETSYA, area)
    ch = layout.card[1]
    places = [spot.rect for spot in layout.spots.values()]
    top_gap = min(r.top for r in places) - area.top
    bottom_gap = area.bottom - max(r.bottom for r in places)
    assert top_gap > 0 and abs(top_gap - bottom_gap) <= 1
    stock, waste = layout.spots["st"].rect, layout.spots["w"].rect
    foundations = [layout.spots[f"f{i}"].rect for i in range(1, 5)]
    middle = (min(f.left for f in foundations) + max(f.right for f in foundations)) / 2
    assert abs((stock.left + waste.right) / 2 - middle) <= 1
    assert waste.left - stock.right >= ch // 10 - 1


def test_an_unknown_layout_kind_is_named_in_the_error():
    with pytest.raises(ValueError, match="spiral"):
        table_layout("spiral", EGYPTIAN, WIDE)
