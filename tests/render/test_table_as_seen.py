"""What the player sees of the table: where places stand, which card a point finds, where
a flight ends, and how the cards and the win are drawn."""

import itertools

import pygame
import pytest

from game.render.animation import Animator, Tween, tweens_for
from game.render.cards import BLUE, CardArt
from game.render.celebration import Celebration
from game.render.table_view import TableView
from game.rules import Game

RULESETS = ("egyptian", "egyptian-old", "devils-bridge", "sbudetsya", "nechego")
ALL = (*RULESETS, "pyramid36", "pyramid52")
# lying, standing, square and near square windows, from 800x600 to 4K
SIZES = [(800, 600), (1366, 768), (1920, 1080), (3840, 2160), (1080, 1920), (768, 1024),
         (600, 800), (900, 900), (1024, 1024)]  # fmt: skip


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


def view_of(game: Game, size: tuple[int, int], **kw) -> TableView:
    return TableView(game, pygame.Rect(0, 40, size[0], size[1] - 120), False, "classic", **kw)


@pytest.mark.parametrize("ruleset", ALL)
@pytest.mark.parametrize("size", SIZES)
def test_every_pile_has_its_own_place_on_the_felt(ruleset, size):
    # every pile the rules deal is placed, inside the felt, and no two places share a
    # pixel (but the pyramid's rows, which lie half over each other); the pyramid games'
    # legend is on the felt and off the stock, the reserve and the removed cards (its
    # lines find their way round the pyramid's cards themselves)
    game = Game(ruleset, deal=1)
    view = view_of(game, size)
    spots = view.layout.spots
    assert set(view.piles) <= set(spots), set(view.piles) - set(spots)
    for name in view.piles:
        assert view.area.contains(spots[name].rect), (name, spots[name].rect, view.area)
    places = [(n, spots[n].rect) for n in view.piles]
    if view.layout.legend is not None:
        assert view.area.contains(view.layout.legend)
        places += [("out", spots["out"].rect), ("legend", view.layout.legend)]
    for (a, ra), (b, rb) in itertools.combinations(places, 2):
        if a[0] == "p" and b[0] in "pl":  # rows; the legend's lines keep off the cards
            continue
        assert not ra.colliderect(rb), (a, ra, b, rb)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("size", SIZES)
def test_a_full_pile_keeps_within_its_room_and_the_felt(ruleset, size):
    # a pile grown to its most cards is squeezed into its room: it runs off the felt
    # nowhere, and onto no other place
    game = Game(ruleset, deal=1)
    view = view_of(game, size)
    most = game.rules.pile_limit or 16
    for name, spot in view.layout.spots.items():
        if not name.startswith("t"):
            continue
        rects = spot.card_rects(most)
        assert spot.reach is not None
        # (a fortune's left pile may slide toward the felt's edge by its slide)
        room = spot.reach.union(spot.reach.move(-spot.slide, 0))
        others = [s.rect for n, s in view.layout.spots.items() if n != name]
        for rect in rects:
            assert room.contains(rect), (name, rect, room)
            assert view.area.contains(rect), (name, rect, view.area)
            assert rect.collidelist(others) == -1, (name, rect)


@pytest.mark.parametrize("ruleset", ["egyptian", "devils-bridge"])
def test_the_waste_fans_its_top_three_cards_and_stacks_the_rest(ruleset):
    # the rules show the waste's top three: a fourth in the fan shows a card under them
    game = Game(ruleset, deal=1)
    for size in SIZES:
        spot = view_of(game, size).layout.spots["w"]
        rects = spot.card_rects(10)
        assert len({r.topleft for r in rects}) == 3, size
        assert all(r == rects[0] for r in rects[:8])


def test_the_waste_shows_each_of_its_three_top_cards():
    game = Game("egyptian", deal=1)
    for _ in range(6):
        game.play("st>w")
    size = (1366, 768)
    view = view_of(game, size)
    table = view.render_static(size, set(), {})
    cards = game.pile("w")
    rects = view.rects("w", len(cards))
    for k in (-3, -2):  # the part of each that the next card leaves in sight
        # (below its rounded corner, where the felt shows)
        r = view.art.layout.radius
        part = pygame.Rect(0, r, rects[k + 1].x - rects[k].x, rects[k].height - 2 * r)
        face = view.art.face(cards[k]).subsurface(part)
        drawn = table.subsurface(part.move(rects[k].topleft))
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(face, "RGB"), k


# -- which card a point finds ------------------------------------------------------


def _grown_pile() -> tuple[Game, str]:
    """An Egyptian game with a pile of five cards, t1, whose top may go onto t2."""
    from tests.rules.helpers import position, set_up

    game = Game("egyptian", deal=5)
    state = position(game.engine, f1="5S", t1="KD QS JH TC 9D", t2="TS", st="3C 4C", w="QC")
    return set_up(game, state), "t1"


def test_a_point_on_a_fan_finds_the_card_that_lies_on_top_there():
    game, name = _grown_pile()
    view = view_of(game, (1366, 768))
    rects = view.rects(name, len(game.pile(name)))
    for i in range(1, len(rects)):
        # the lower edge of card i-1 lies under card i: the point finds card i
        point = (rects[i].centerx, rects[i - 1].bottom - 3)
        assert rects[i].collidepoint(point) and rects[i - 1].collidepoint(point)
        spot = view.spot_at(point)
        assert spot is not None and spot.pile == name
        assert spot.index == max(j for j, r in enumerate(rects) if r.collidepoint(point))


@pytest.mark.parametrize("ruleset", ["pyramid36", "pyramid52"])
def test_a_point_where_pyramid_cards_overlap_finds_the_lower_row_s(ruleset):
    # a card of a row lies on the two above it: a point on both finds the uncovered one
    game = Game(ruleset, deal=1)
    view = view_of(game, (1280, 800))
    rows = game.rules.rows
    for c in range(1, rows):
        upper = view.top_rect(f"p{rows - 1}.{c}")
        lower = view.top_rect(f"p{rows}.{c}")
        point = (lower.right - 3, upper.bottom - 3)
        assert upper.collidepoint(point) and lower.collidepoint(point)
        spot = view.spot_at(point)
        assert spot is not None and spot.pile == f"p{rows}.{c}", (spot, c)


def test_a_point_near_two_cards_finds_the_nearer_within_a_finger_s_slack():
    game = Game("pyramid52", deal=1)
    view = view_of(game, (1280, 800))
    left, right = view.top_rect("p7.3"), view.top_rect("p7.4")
    gap = right.left - left.right
    assert gap >= 3
    y = left.bottom - 4  # the bottom row's lower half: no card of the row above there
    margin = gap + 2
    near_right = (right.left - 1, y)
    near_left = (left.right, y)
    assert view.spot_at(near_right) is None  # on the felt between them
    assert view.spot_at(near_right, margin).pile == "p7.4"
    assert view.spot_at(near_left, margin).pile == "p7.3"


def test_the_place_of_a_removed_pyramid_card_finds_nothing():
    # a removed pyramid card leaves no place behind: the felt where it lay is felt
    game = Game("pyramid52", deal=1)
    game.play("p7.7")  # the King goes out alone
    view = view_of(game, (1280, 800))
    place = view.place_rect("p7.7")
    point = (place.centerx, place.bottom - 4)
    assert view.spot_at(point) is None
    assert place not in view.card_rects_in_view()


def test_a_card_let_go_over_the_middle_of_a_long_pile_is_dropped_on_it():
    # dropped on the middle of a long pile, a card flew back unexplained
    from tests.rules.helpers import position, set_up

    game = Game("egyptian", deal=5)
    pile = "3S 2H AC KD QS JH TC 9D 8S 7H 6C 5D"
    game = set_up(game, position(game.engine, f1="5S", t1=pile, t2="4C", st="3C", w="QC"))
    view = view_of(game, (1920, 1080))
    rects = view.rects("t1", 12)
    held = rects[2].copy()  # over the pile's third card, far from its top
    assert not held.colliderect(view.top_rect("t1").inflate(view.layout.card[0] // 3, 0))
    assert view.drop_target(held, ["t1", "t2"]) == "t1"


# -- the stock's count -------------------------------------------------------------


def _stock_badge(view: TableView, size) -> pygame.Rect:
    drawn: list[tuple[pygame.Rect, str]] = []
    real = view._draw_badge
    view._draw_badge = lambda s, box, text, sz: (
        drawn.append((box.copy(), text))
        or real(  # type: ignore[method-assign]
            s, box, text, sz
        )
    )
    view.render_static(size, set(), {})
    stock = view.place_rect("st")
    return [(box, text) for box, text in drawn if box.centerx == stock.centerx]


def test_the_stock_s_count_includes_the_cards_not_shown_yet():
    # a fortune's cards wait for its wish: the stock's count says where every card is
    game = Game("sbudetsya", deal=1)
    view = view_of(game, (1280, 800))
    view.undealt = 7
    found = _stock_badge(view, (1280, 800))
    assert [text for _box, text in found] == [str(len(game.pile("st")) + 7)]


@pytest.mark.parametrize("ruleset", ["pyramid36", "pyramid52"])
def test_the_stock_s_count_stands_under_its_face_up_top_card(ruleset):
    # on a face the count would read as the card's own index
    game = Game(ruleset, deal=1)
    view = view_of(game, (1280, 800))
    ((box, _text),) = _stock_badge(view, (1280, 800))
    assert box.top >= view.place_rect("st").bottom


# -- marks --------------------------------------------------------------------------


def test_the_keyboard_s_focus_ring_leaves_a_mark_under_it_in_sight():
    # a card picked up by Enter is both in hand and in focus: both rings are seen
    from game.render.table_view import MARK_COLOURS

    game = Game("egyptian", deal=0)
    view = view_of(game, (1280, 800))
    table = view.render_static((1280, 800), set(), {"t1": "selected"}, focus="t1")
    rect = view.top_rect("t1")
    gold = MARK_COLOURS["selected"][:3]
    column = [tuple(table.get_at((rect.centerx, y)))[:3] for y in range(rect.top - 20, rect.top)]
    assert gold in column and MARK_COLOURS["focus"][:3] in column


# -- flights ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ALL)
def test_each_dealt_card_lands_on_its_own_place(ruleset):
    game = Game(ruleset, deal=4)
    view = view_of(game, (1280, 800))
    counts = view.counts()
    zero = dict.fromkeys(counts, 0)
    deck = view.place_rect("st")
    tweens = tweens_for(game.deal_events, zero, counts, view.rects, view.face_up, 0.0, 1.0, deck)
    assert tweens
    for t in tweens:
        assert t.end == view.rects(t.pile, counts[t.pile])[t.index], t
        assert game.pile(t.pile)[t.index] == t.card


def test_a_moved_card_flies_from_the_top_of_its_pile_to_the_top_of_the_other():
    game, name = _grown_pile()
    view = view_of(game, (1366, 768))
    top = view.top_rect(name)
    card = game.pile(name)[-1]
    move = "t1>t2"
    before = view.counts()
    action = game.play(move)
    after = view.counts()
    tweens = tweens_for(action.events, before, after, view.rects, view.face_up, 0.0, 1.0)
    first = tweens[0]
    dst = str(move).split(">")[1]
    assert first.card == card and first.start == top
    assert first.pile == dst and first.index == after[dst] - 1 == game.pile(dst).index(card)
    assert first.end == view.rects(dst, after[dst])[-1]
    animator = Animator()
    animator.add(tweens)
    assert (dst, after[dst] - 1) in animator.hidden()


def test_a_pair_removed_from_the_pyramid_stays_face_up_as_it_leaves():
    game = Game("pyramid52", deal=1)
    view = view_of(game, (1280, 800))
    before = view.counts()
    action = game.play("p7.4+p7.6")
    tweens = tweens_for(action.events, before, view.counts(), view.rects, view.face_up, 0.0, 1.0)
    assert len(tweens) == 2
    for t in tweens:
        assert t.fade and t.face_up_from and t.face_up_to
        assert all(t.face_up_at(now) for now in (0.0, 0.1, 0.2, 0.3))


def test_the_stock_s_face_up_top_card_flies_face_up():
    # Pyramid shows the stock's top card: turned to the reserve, it does not turn over
    game = Game("pyramid52", deal=1)
    view = view_of(game, (1280, 800))
    n = len(game.pile("st"))
    assert view.face_up("st", n - 1, n) and not view.face_up("st", n - 2, n)
    before = view.counts()
    action = game.play("st>w")
    tweens = tweens_for(action.events, before, view.counts(), view.rects, view.face_up, 0.0, 1.0)
    moved = next(t for t in tweens if t.pile == "w")
    assert moved.face_up_from and moved.face_up_to and moved.flip_scale(0.1) == 1.0


def test_the_reserve_turned_over_shows_its_new_top_card_face_up_on_landing():
    # Pyramid 52 with three passes: the reserve becomes the stock, its first card on top
    game = Game("pyramid52", {"passes": 3}, deal=1)
    while game.pile("st"):
        game.play("st>w")
    view = view_of(game, (1280, 800))
    before = view.counts()
    action = game.play("w>st")  # the stock run out: the reserve is turned over
    after = view.counts()
    tweens = tweens_for(action.events, before, after, view.rects, view.face_up, 0.0, 1.0)
    landing = [t for t in tweens if t.pile == "st"]
    assert len(landing) == after["st"]
    for t in landing:
        assert game.pile("st")[t.index] == t.card
        assert t.face_up_to == (t.index == after["st"] - 1), t


def test_a_flight_ends_when_its_time_is_up():
    animator = Animator()
    rect = pygame.Rect(0, 0, 50, 70)
    animator.add([Tween("AS", rect, rect.move(100, 0), 0.0, 0.2, "t1", 0)])
    assert animator.busy
    animator.update(0.1)
    assert animator.busy
    assert animator.update(0.15) and not animator.busy
    assert animator.hidden() == set()


# -- cards --------------------------------------------------------------------------


def test_a_squeezed_pile_s_strips_keep_the_four_colours():
    # the suit of a covered card in a squeezed pile is told by its colour too
    art = CardArt(90, four_colour=True)
    strip = art.strip_face("9D", 14)
    blues = [
        (x, y)
        for x in range(strip.get_width())
        for y in range(strip.get_height())
        if sum(abs(a - b) for a, b in zip(strip.get_at((x, y))[:3], BLUE, strict=True)) < 30
    ]
    assert blues


@pytest.mark.parametrize("width", [40, 50, 62, 73, 84, 100, 124])
def test_the_ten_s_index_keeps_room_for_two_digits_at_small_widths(width):
    # the 10, the widest rank, is written into the corner's width: on small cards the
    # corner is widened so that its two digits stay at least 3 px wider than tall,
    # else "10" is squeezed toward a single stroke
    layout = CardArt(width).layout
    assert layout.index.width >= layout.index_rank_height + 3, layout.index


# -- the win -------------------------------------------------------------------------


def test_the_win_s_cards_all_leave_and_the_show_ends():
    bounds = pygame.Rect(0, 40, 1280, 720)
    cards = [(f"{r}S", pygame.Rect(100 + 60 * i, 60, 50, 70)) for i, r in enumerate("A23456789")]
    show = Celebration(cards, bounds, seed=1)
    for _ in range(60 * 12):
        show.update(1 / 60)
        for _card, rect in show.positions((50, 70)):
            assert rect.bottom <= bounds.bottom  # bouncing on the felt's floor, not under it
    assert show.done


def test_the_win_s_cards_keep_their_pace_across_a_window_resized():
    small, large = pygame.Rect(0, 40, 1000, 600), pygame.Rect(0, 40, 2000, 1200)
    cards = [(f"{r}S", pygame.Rect(100 + 60 * i, 60, 50, 70)) for i, r in enumerate("A2345")]
    show = Celebration(cards, small, seed=2)
    for _ in range(20):
        show.update(1 / 60)
    speeds = [(f.vx, f.vy) for f in show.flyers]
    assert speeds
    show.resize(large)
    assert [(f.vx, f.vy) for f in show.flyers[: len(speeds)]] == [
        (vx * 2, vy * 2) for vx, vy in speeds
    ]


# -- an empty foundation says what it waits for --------------------------------------


def test_devil_s_bridge_empty_foundations_show_aces_for_f1_to_f4_and_kings_for_f5_to_f8():
    # f1..f4 build up from the Aces, f5..f8 down from the Kings (spec): before any is
    # started, each shows its rank over the four suits
    from game.ui import theme

    game = Game("devils-bridge", deal=1)
    size = (1280, 800)
    view = view_of(game, size)
    table = view.render_static(size, set(), {})
    for name, rank in (("f1", "A"), ("f4", "A"), ("f5", "K"), ("f8", "K")):
        rect = view.place_rect(name)
        expected = theme.felt(size).copy()
        view._draw_tray(expected, rect)
        expected.blit(view.art.slot(rank + "SHDC"), rect)
        drawn = pygame.image.tobytes(table.subsurface(rect), "RGBA")
        assert pygame.image.tobytes(expected.subsurface(rect), "RGBA") == drawn, name
