"""What the table shows of its places, drawn: a foundation framed as one."""

import itertools

import pygame
import pytest

from game.render.table_view import MARK_COLOURS, TableView
from game.rules import Game
from game.ui import theme


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


def just_left_of(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int]:
    return tuple(surface.get_at((rect.left - 2, rect.centery))[:3])


@pytest.mark.parametrize("ruleset", ["egyptian", "devils-bridge", "sbudetsya"])
def test_a_foundation_is_framed_with_a_card_on_it_and_a_pile_is_not(ruleset):
    # with a card on it, a foundation above a pile read as that pile's top card
    game = Game(ruleset, deal=8)
    while not any(game.pile(n) for n in game.pile_names if n.startswith("f")):
        home = [m for m in game.legal_moves if str(m).split(">")[-1].startswith("f")]
        game.play(home[0] if home else "st>w")  # Devil's Bridge deals no foundation card
    size = (1280, 800)
    view = TableView(game, pygame.Rect(0, 40, 1280, 700), False, "classic")
    table = view.render_static(size, set(), {})
    felt = theme.felt(size)
    foundation = next(n for n in game.pile_names if n.startswith("f") and game.pile(n))
    pile = next(n for n in game.pile_names if n.startswith("t") and game.pile(n))
    for name, framed in ((foundation, True), (pile, False)):
        card = view.top_rect(name)
        plain = tuple(felt.get_at((card.left - 2, card.centery))[:3])
        assert (just_left_of(table, card) != plain) is framed, name


def an_empty_foundation(ruleset: str) -> tuple[Game, TableView, pygame.Surface, str]:
    """A deal's table drawn, and an empty foundation of it."""
    game = Game(ruleset, deal=8)
    view = TableView(game, pygame.Rect(0, 40, 1280, 700), False, "classic")
    table = view.render_static((1280, 800), set(), {})
    empty = next(n for n in game.pile_names if n.startswith("f") and not game.pile(n))
    return game, view, table, empty


@pytest.mark.parametrize("ruleset", ["egyptian-old", "nechego"])
def test_an_empty_foundation_is_framed_too(ruleset):
    _game, view, table, empty = an_empty_foundation(ruleset)
    card = view.top_rect(empty)
    plain = tuple(theme.felt((1280, 800)).get_at((card.left - 2, card.centery))[:3])
    assert just_left_of(table, card) != plain


def test_a_pyramid_game_has_no_frames():
    game = Game("pyramid52", deal=8)
    view = TableView(game, pygame.Rect(0, 40, 1280, 700), False, "classic")
    table = view.render_static((1280, 800), set(), {})
    felt = theme.felt((1280, 800))
    for name in ("p7.1", "w"):
        card = view.top_rect(name)
        plain = tuple(felt.get_at((card.left - 2, card.centery))[:3])
        assert just_left_of(table, card) == plain, name


@pytest.mark.parametrize("ruleset", ["egyptian", "nechego", "devils-bridge"])
def test_an_empty_foundation_shows_its_rank_over_the_four_suits(ruleset):
    # a rank alone ("10") read as a count of the cards there; От нечего делать's one
    # deck has its base card's suit started at the deal: the three others are drawn
    game, view, table, empty = an_empty_foundation(ruleset)
    waits = game.waits_for(empty)
    assert waits
    rank = waits[0]
    suits = "SHDC"
    if ruleset == "nechego":
        suits = waits[1:]
        assert len(suits) == 3 and game.pile("f1")[0][1] not in suits
    else:
        assert waits == rank  # the rules give the rank alone: the suits are drawn
    card = view.top_rect(empty)
    drawn = pygame.image.tobytes(table.subsurface(card), "RGBA")
    for label, alike in ((rank + suits, True), (rank, False)):
        expected = theme.felt((1280, 800)).copy()
        view._draw_tray(expected, card)
        expected.blit(view.art.slot(label), card)
        assert (pygame.image.tobytes(expected.subsurface(card), "RGBA") == drawn) is alike, label


RULESETS = ("egyptian", "egyptian-old", "devils-bridge", "sbudetsya", "nechego")


def badges_drawn(view: TableView) -> list[tuple[pygame.Rect, str]]:
    """Each count the view draws from now on: its box and its text."""
    drawn: list[tuple[pygame.Rect, str]] = []
    draw = view._draw_badge

    def recording(surface: pygame.Surface, box: pygame.Rect, text: str, size: int) -> None:
        drawn.append((box.copy(), text))
        draw(surface, box, text, size)

    view._draw_badge = recording  # type: ignore[method-assign]
    return drawn


@pytest.mark.parametrize("ruleset", (*RULESETS, "pyramid36", "pyramid52"))
@pytest.mark.parametrize("size", [(800, 600), (1366, 768), (1080, 1920)])
@pytest.mark.parametrize("turns", [7, 20])
def test_the_waste_says_how_many_cards_it_holds_where_some_are_out_of_sight(ruleset, size, turns):
    # Pyramid 52 ended with "6 cards left" over three cards to be seen: the rest lay
    # under the reserve's top, and nothing said so (nor of 10 cards and more at 800x600)
    game = Game(ruleset, deal=8)
    for _ in range(min(turns, len(game.pile("st")))):
        game.play("st>w")
    area = pygame.Rect(0, 40, size[0], size[1] - 120)
    view = TableView(game, area, False, "classic")
    drawn = badges_drawn(view)
    view.render_static(size, set(), {})
    waste = [box for box, text in drawn if text == str(len(game.pile("w")))]
    assert len(waste) == 1, drawn  # the fortune's found no room under or over its card
    box = waste[0]
    assert area.contains(box)
    # on none of the table's places, nor where their piles may grow (a pile grown to
    # twelve cards covered it)
    others = [spot.rect for name, spot in view.layout.spots.items() if name != "w"]
    others += [s.reach for name, s in view.layout.spots.items() if name != "w" and s.reach]
    assert box.collidelist(others) == -1
    # nor on the card, nor under the rings of a card chosen and in the keyboard's
    # focus (they ran through its digits)
    reach = view.ring_reach()
    assert not box.colliderect(view.top_rect("w").inflate(2 * reach, 2 * reach))
    table = view.render_static(size, set(), {"w": "selected"}, focus="w")
    focus = MARK_COLOURS["focus"][:3]
    inside = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)]
    assert not any(tuple(table.get_at(p))[:3] == focus for p in inside)


def test_a_squeezed_sideways_fan_shows_large_corners_by_their_standard_corner(monkeypatch):
    # with large corners (rank and suit side by side) a squeezed fan showed "10" as "1"
    # and no suit: a covered card too narrow for its rank shows the standard corner
    import random

    game = Game("sbudetsya", deal=35)
    rng = random.Random(35)
    while max(len(game.pile(f"t{i}")) for i in range(1, 9)) < 10:
        onto = [m for m in game.legal_moves if ">t" in str(m)]
        game.play(rng.choice(onto or [m for m in game.legal_moves if str(m) == "st>w"]))
    long = max((f"t{i}" for i in range(1, 9)), key=lambda n: len(game.pile(n)))
    view = TableView(game, pygame.Rect(0, 108, 1080, 1700), False, "classic", large=True)
    drawn: dict[str, bool] = {}
    real = view.draw_card
    monkeypatch.setattr(
        view,
        "draw_card",
        lambda s, card, rect, up, narrow=False: (
            drawn.__setitem__(card, narrow) or real(s, card, rect, up, narrow=narrow)
        ),
    )
    view.render_static((1080, 1920), set(), {})
    cards = game.pile(long)
    rects = view.rects(long, len(cards))
    assert rects[1].x - rects[0].x < view.art.rank_right  # squeezed past the rank
    assert all(drawn[c] for c in cards[:-1]) and not drawn[cards[-1]]
    # a pile with the room for its corners keeps them large
    roomy = [n for n in view.piles if n.startswith("t") and 1 < len(game.pile(n)) < 4]
    assert roomy and not any(drawn[game.pile(n)[0]] for n in roomy)


@pytest.mark.parametrize("ruleset", (*RULESETS, "pyramid36", "pyramid52"))
def test_the_waste_s_count_lies_on_no_card_in_play(ruleset):
    # a pile's fan reaches past its place: the count keeps off the cards themselves,
    # and where it has no room beside the waste's top, off the corners of its fan
    import random

    for size in ((800, 600), (1080, 1920)):
        for seed in range(4):
            game = Game(ruleset, deal=seed)
            rng = random.Random(seed)
            for _ in range(rng.randrange(20, 120)):
                legal = list(game.legal_moves)
                if not legal or game.over:
                    break
                onto = [m for m in legal if ">t" in str(m) and not str(m).startswith("w")]
                game.play(rng.choice(onto) if onto and rng.random() < 0.6 else rng.choice(legal))
            view = TableView(game, pygame.Rect(0, 40, size[0], size[1] - 120), False, "classic")
            drawn = badges_drawn(view)
            view.render_static(size, set(), {})
            cards = [
                rect
                for name in view.layout.spots
                if name not in ("w", "st")
                for rect in view.rects(name, len(game.pile(name)))
            ]
            # of the waste's own cards, the top, and the corners of those under it
            waste = view.rects("w", len(game.pile("w")))
            corner = view.art.layout.index
            cards += waste[-1:]
            cards += [r.move(corner.topleft).clip(r.x, r.y, r.w, corner.bottom) for r in waste]
            for box, text in drawn:
                if text == str(len(game.pile("w"))):
                    assert box.collidelist(cards) == -1, (size, seed)


def full_pile(last_two: str) -> Game:
    """Egyptian with sixteen cards on t1, the two under its top as given."""
    from tests.rules.helpers import position, set_up

    game = Game("egyptian", deal=5)
    pile = f"3S 2H AC KD QS JH TC 9D 8S 7H 6C 5D 4S {last_two} AD"
    return set_up(game, position(game.engine, f1="5S", t1=pile, st="3C 4C 5C 6C", w="QC TD"))


@pytest.mark.parametrize("size", [(800, 600), (1366, 768), (1920, 1080)])
def test_a_squeezed_pile_shows_the_suit_of_every_covered_card(size):
    # sixteen cards on a pile showed each covered card's rank alone, the suit under it
    # out of sight (and the tops of its pips): the foundations build in suit
    pictures = []
    for last_two in ("3H 2C", "3D 2S"):  # the same ranks and colours, other suits
        game = full_pile(last_two)
        view = TableView(game, pygame.Rect(0, 40, size[0], size[1] - 100), False, "classic")
        table = view.render_static(size, set(), {})
        rects = view.rects("t1", 16)
        strip = rects[14].y - rects[13].y
        assert strip < view.art.layout.index.bottom  # the case: the corner is cut
        shown = pygame.Rect(rects[13].topleft, (rects[13].width, strip))
        shown.union_ip(pygame.Rect(rects[14].topleft, (rects[14].width, strip)))
        pictures.append(pygame.image.tobytes(table.subsurface(shown), "RGB"))
        # and no felt between the strips, where the cards lie a pixel further apart, nor
        # at the rounded corners of the card over each
        for x in (rects[0].left + 2, rects[0].centerx, rects[0].right - 3):
            column = range(rects[0].top + 4, rects[15].top)
            felt = [y for y in column if _green(table.get_at((x, y)))]
            assert felt == [], (size, x, felt)
    assert pictures[0] != pictures[1]


def _green(pixel) -> bool:
    r, g, _b = pixel[:3]
    return g > r + 40


def test_a_pile_with_room_for_its_corners_keeps_its_faces():
    from tests.rules.helpers import position, set_up

    game = Game("egyptian", deal=5)
    game = set_up(game, position(game.engine, f1="5S", t1="9D 8S 7H 6C", st="3C 4C", w="QC"))
    view = TableView(game, pygame.Rect(0, 40, 1920, 980), False, "classic")
    drawn = []
    real = view.art.strip_face
    view.art.strip_face = lambda card, *rest: drawn.append(card) or real(card, *rest)
    try:
        view.render_static((1920, 1080), set(), {})
    finally:
        del view.art.strip_face
    rects = view.rects("t1", 4)
    assert rects[1].y - rects[0].y >= view.art.layout.index.bottom
    assert drawn == []


def test_the_outline_of_a_card_that_can_move_stands_out_from_the_felt():
    # the rules say a card that can move has a light outline; a newcomer saw it only
    # once the rules had said so, and then only by looking hard (white at 27% opacity)
    game = Game("egyptian", deal=0)
    view = TableView(game, pygame.Rect(0, 40, 1366, 668), False, "classic")
    plain = view.render_static((1366, 768), set(), {}).copy()
    marked = view.render_static((1366, 768), set(), {"t1": "playable"})
    rect = view.top_rect("t1")
    width, off = view._playable_ring(rect)
    assert off == width  # the piles stand apart: the ring stands off by all its width
    x = rect.centerx
    ring_y = rect.top - width - (width + 1) // 2  # the ring, over the card's top edge
    gap_y = rect.top - (width + 1) // 2  # and the felt between: white hard against the
    # card's cream edge read as the card drawn a little larger, not as a ring round it

    def light(pixel):
        r, g, b = pixel[:3]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    assert light(marked.get_at((x, ring_y))) - light(plain.get_at((x, ring_y))) >= 70
    assert light(marked.get_at((x, gap_y))) == light(plain.get_at((x, gap_y))) < 120


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)])
def test_the_rings_of_two_playable_cards_side_by_side_stay_apart(size):
    # a pyramid's row, its cards a tenth of a card apart: each ring stood off its card by
    # its width, and the two met, one lattice over the row where each card's ring should show
    game = Game("pyramid52", deal=1)
    view = TableView(game, pygame.Rect(0, 40, size[0], size[1] - 100), False, "classic")
    left, right = "p7.4", "p7.5"  # the last row's, both uncovered
    plain = view.render_static(size, set(), {}).copy()
    marked = view.render_static(size, set(), {left: "playable", right: "playable"})
    a, b = view.top_rect(left), view.top_rect(right)
    assert a.right < b.left
    y = a.centery + a.height // 4  # under the row above's cards: felt between the two
    ringed = [marked.get_at((x, y)) != plain.get_at((x, y)) for x in range(a.right, b.left)]
    runs = sum(1 for x, lit in enumerate(ringed) if lit and (x == 0 or not ringed[x - 1]))
    assert runs == 2, f"{runs} rings between the cards at {size}: {ringed}"


def test_a_squeezed_pile_whose_top_is_held_away_shows_the_card_under_it_whole():
    # the card left on top while the top one was dragged or in flight was drawn as a
    # blank card with a small rank and suit at its head
    game = full_pile("3H 2C")
    view = TableView(game, pygame.Rect(0, 40, 1920, 980), False, "classic")
    stripped = []
    real = view.art.strip_face
    view.art.strip_face = lambda card, *rest: stripped.append(card) or real(card, *rest)
    try:
        view.render_static((1920, 1080), {("t1", 15)}, {})
    finally:
        del view.art.strip_face
    pile = game.pile("t1")
    assert stripped == list(pile[:14])  # not 2C, in sight whole now
    strip = view.art.strip_face(pile[0], 12)  # the strip alone is kept, and the corners
    assert strip.get_height() == 12 + view.art.layout.radius + 1


def test_the_empty_stock_offers_its_turn_over_only_while_the_rules_allow_it():
    # the arrow copied the rules' condition, and went on offering a game given up
    game = Game("sbudetsya", {"passes": 2}, deal=0)
    while game.pile("st"):
        game.play("st>w")
    size = (1280, 800)

    def stock_picture() -> bytes:
        view = TableView(game, pygame.Rect(0, 40, 1280, 700), False, "classic")
        table = view.render_static(size, set(), {})
        return pygame.image.tobytes(table.subsurface(view.top_rect("st")), "RGB")

    offered = stock_picture()
    game.play("resign")
    assert stock_picture() != offered


def _ring_pixels(surface: pygame.Surface, rect: pygame.Rect, view: TableView) -> list[tuple]:
    """The colours along the middle of the ring a mark draws round `rect`'s top side."""
    y = rect.top - view._mark_width("target", rect) // 2 - 1
    return [tuple(surface.get_at((x, y))[:3]) for x in range(rect.left + 12, rect.right - 12)]


def test_marks_differ_by_more_than_colour():
    # to a red-green colour-blind player the card in hand's gold, a place's green and
    # a refusal's salmon look alike: the card in hand is washed, a refusal's ring broken
    game = Game("egyptian", deal=0)
    view = TableView(game, pygame.Rect(0, 40, 1024, 678), False, "classic")
    size = (1024, 768)
    plain = view.render_static(size, set(), {}).copy()
    marked = view.render_static(size, set(), {"t1": "selected", "t2": "target", "t3": "refused"})

    def changed(name, points):
        return [p for p in points if marked.get_at(p) != plain.get_at(p)]

    # the card in hand: its face is tinted; a place it can go keeps its face as it was
    inside = [(x, y) for x in range(0, 60, 4) for y in range(0, 80, 4)]
    for name, tinted in (("t1", True), ("t2", False), ("t3", False)):
        rect = view.top_rect(name)
        points = [
            (rect.left + 4 + dx, rect.top + 4 + dy) for dx, dy in inside if dx < rect.width - 8
        ]
        assert bool(changed(name, points)) == tinted, name
    # a place it can go: a whole ring; a refused one: a ring with gaps of plain felt
    target = _ring_pixels(marked, view.top_rect("t2"), view)
    assert set(target) == {theme.TARGET}
    refused = _ring_pixels(marked, view.top_rect("t3"), view)
    assert theme.WARN in refused
    felt = set(_ring_pixels(plain, view.top_rect("t3"), view))
    assert sum(p in felt for p in refused) >= len(refused) // 4


@pytest.mark.parametrize("ruleset", ["nechego", "egyptian", "pyramid36"])
def test_the_keyboard_s_focus_ring_is_thick_enough_to_find_at_a_glance(ruleset):
    # round the stock's blue back in От нечего делать it was 3 px, easy to miss
    game = Game(ruleset, deal=0)
    view = TableView(game, pygame.Rect(0, 40, 1280, 710), False, "blue")
    surface = view.render_static((1280, 800), set(), {}, focus="st").copy()
    stock = view.top_rect("st")
    row = stock.centery
    ring = [
        x
        for x in range(stock.left - 12, stock.left)
        if tuple(surface.get_at((x, row))[:3]) == MARK_COLOURS["focus"][:3]
    ]
    assert len(ring) >= 5, ring


def test_the_hint_s_ring_is_two_lines_where_the_focus_ring_is_one():
    # to a red-green colour-blind eye the hint's magenta is the keyboard's blue: the
    # two rings, 4 and 5 px, told apart by a pixel's width
    game = Game("pyramid52", deal=3)
    view = TableView(game, pygame.Rect(0, 40, 800, 520), False, "classic")
    hint = MARK_COLOURS["hint"][:3]

    surface = view.render_static((800, 600), set(), {"p7.1": "hint"}).copy()
    rect = view.top_rect("p7.1")
    across = range(rect.left - 16, rect.left + 12)  # the card's left side, out and in
    xs = [x for x in across if tuple(surface.get_at((x, rect.centery))[:3]) == hint]
    runs = [xs[0]] + [x for before, x in itertools.pairwise(xs) if x != before + 1]
    assert len(runs) == 2 and len(xs) >= 4, xs  # two lines, felt between
    # round the card, not within its edge, where large corners' index lies
    assert max(xs) < rect.left
    surface = view.render_static((800, 600), set(), {}, focus="p7.1").copy()
    rect = view.top_rect("p7.1")
    focus = [
        x
        for x in range(rect.left - 16, rect.left + 12)
        if tuple(surface.get_at((x, rect.centery))[:3]) == MARK_COLOURS["focus"][:3]
    ]
    assert focus == list(range(focus[0], focus[0] + len(focus)))  # one line, unbroken


def covered_in_view(view: TableView, pile: str, n: int) -> pygame.Rect:
    """What shows of the card under a downward pile's top: its strip over the top card."""
    under, top = view.rects(pile, n)[-2:]
    return pygame.Rect(under.topleft, (under.width, top.top - under.top))


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (3840, 2160)])
def test_the_ring_of_a_card_that_can_move_leaves_the_card_under_it_as_it_was(size):
    # the ring over an Egyptian pile's top reached past the strip the fan leaves of the
    # card under it and washed out the lower half of its corner's suit
    from tests.rules.helpers import position, set_up

    game = Game("egyptian", deal=5)
    game = set_up(game, position(game.engine, f1="5S", t1="AD 8S", st="3C 4C", w="QC"))
    view = TableView(game, pygame.Rect(0, 40, size[0], size[1] - 100), False, "classic")
    plain = view.render_static(size, set(), {}).copy()
    marked = view.render_static(size, set(), {"t1": "playable"})
    strip = covered_in_view(view, "t1", 2)
    assert strip.height >= view.art.layout.index.bottom  # the corner shows whole
    washed = [
        (x, y)
        for y in range(strip.top, strip.bottom)
        for x in range(strip.left, strip.right)
        if marked.get_at((x, y)) != plain.get_at((x, y))
    ]
    assert washed == [], f"{len(washed)} pixels of the card under the ring changed at {size}"
    # and the ring is there still, round the rest of the card
    top = view.top_rect("t1")
    beside = (top.left - view._playable_ring(top)[0] - 1, top.centery)
    assert marked.get_at(beside) != plain.get_at(beside)
