"""Tests for the card art: sizes, colours, shapes, caching and error handling."""

import itertools
import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.render.cards import (
    BACKS,
    FACE,
    FOUR_COLOURS,
    RANKS,
    SUITS,
    TWO_COLOURS,
    CardArt,
    card_art,
)
from tests.render.contrast import contrast, luminance

ALL_CARDS = [rank + suit for suit in SUITS for rank in RANKS]
ROOT = Path(__file__).resolve().parents[2]

Pixel = tuple[int, int, int, int]


def pixels(surface: pygame.Surface) -> Iterator[Pixel]:
    """Every pixel of `surface` as (r, g, b, a)."""
    data = pygame.image.tobytes(surface, "RGBA")
    return zip(data[0::4], data[1::4], data[2::4], data[3::4], strict=True)


def is_red(pixel: Pixel) -> bool:
    r, g, b, a = pixel
    return a > 200 and r > 150 and g < 90 and b < 100


def is_blue(pixel: Pixel) -> bool:
    r, g, b, a = pixel
    return a > 200 and b > 130 and r < 80 and g < 130


def is_green(pixel: Pixel) -> bool:
    r, g, b, a = pixel
    return a > 200 and g > 100 and r < 80 and g > b + 10  # a blue-green is green


@pytest.fixture(scope="module")
def art() -> CardArt:
    return CardArt(90)


@pytest.mark.parametrize("width", [40, 90, 200])
def test_every_card_renders_at_the_card_size(width: int) -> None:
    art = CardArt(width)
    expected = (width, round(width * 1.4))
    assert art.size == expected
    for card in ALL_CARDS:
        face = art.face(card)
        assert face.get_size() == expected, card
        assert face.get_flags() & pygame.SRCALPHA, card
    assert art.back().get_size() == expected
    assert art.slot().get_size() == expected
    assert art.slot("AS").get_size() == expected


def test_all_faces_are_distinct(art: CardArt) -> None:
    images = {pygame.image.tobytes(art.face(card), "RGBA") for card in ALL_CARDS}
    assert len(images) == 52


@pytest.mark.parametrize("card", ALL_CARDS)
def test_red_suits_have_red_ink_and_black_suits_none(art: CardArt, card: str) -> None:
    red_pixels = sum(map(is_red, pixels(art.face(card))))
    if card[1] in "HD":
        assert red_pixels > 20
    else:
        assert red_pixels == 0


@pytest.mark.parametrize("rank", RANKS)
def test_four_colour_deck(rank: str) -> None:
    art = card_art(90, four_colour=True)
    assert any(map(is_blue, pixels(art.face(rank + "D"))))
    assert any(map(is_green, pixels(art.face(rank + "C"))))
    assert any(map(is_red, pixels(art.face(rank + "H"))))
    spade = list(pixels(art.face(rank + "S")))
    assert not any(is_red(p) or is_blue(p) or is_green(p) for p in spade)
    assert not any(map(is_red, pixels(art.face(rank + "D"))))


@pytest.mark.parametrize("width", [40, 90, 200])
def test_corners_are_transparent_and_middle_opaque(width: int) -> None:
    art = CardArt(width)
    w, h = art.size
    for image in (art.face("KH"), art.face("7S"), art.back()):
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert image.get_at(corner).a == 0
        assert image.get_at((w // 2, h // 2)).a == 255
        assert image.get_at((w // 2, 0)).a > 200  # the straight edge is solid


def test_face_is_ivory_with_a_darker_border(art: CardArt) -> None:
    face = art.face("2C")
    paper = face.get_at((art.width // 2, art.height * 2 // 5))
    assert min(paper.r, paper.g, paper.b) > 230
    edge = face.get_at((art.width // 2, 0))
    assert max(edge.r, edge.g, edge.b) < 200


@pytest.mark.parametrize("width", [40, 48, 90, 120, 200])
def test_corner_index_fits_the_strip_left_by_overlapping(width: int) -> None:
    art = CardArt(width)
    index = art.layout.index
    assert index.top > 0 and index.left > 0
    # ~22% of the height, give or take the rounding of one pixel row.
    assert index.bottom <= 0.225 * art.height + 0.5
    assert index.right <= 0.3 * art.width
    for card in ("TH", "QS", "AD", "7C"):
        ink = art.face(card).subsurface(index)
        assert any(r < 220 for r, _, _, _ in pixels(ink)), card


@pytest.mark.parametrize("width", [40, 62, 90, 200])
def test_large_corners_are_larger_and_fit_the_same_strip(width: int) -> None:
    standard, large = CardArt(width), CardArt(width, large=True)
    index = large.layout.index
    assert index.bottom <= 0.225 * large.height + 0.5  # a pile's overlap shows it whole
    assert index.right <= 0.55 * large.width
    assert large.layout.index_rank_height >= 1.4 * standard.layout.index_rank_height
    for card in ("TH", "QS", "AD", "7C"):
        face = large.face(card)
        ink = face.subsurface(index)
        assert any(r < 220 for r, _, _, _ in pixels(ink)), card
        # the suit beside the rank: ink in the index's right half, level with the rank
        right = face.subsurface(index.inflate(-index.width // 2, 0).move(index.width // 4, 0))
        assert any(r < 220 for r, _, _, _ in pixels(right)), card
    # one big suit in the middle of a pip card, where its pips left paper
    seven = large.face("7C").get_at((large.width // 2, large.height // 2))
    assert max(seven.r, seven.g, seven.b) < 100
    assert standard.face("7C").get_at((standard.width // 2, standard.height // 2)).r > 200


def test_corner_index_is_repeated_upside_down(art: CardArt) -> None:
    face = art.face("9C")
    top_left = face.subsurface(art.layout.index)
    turned = pygame.transform.rotate(face, 180).subsurface(art.layout.index)
    assert pygame.image.tobytes(top_left, "RGBA") == pygame.image.tobytes(turned, "RGBA")


@pytest.mark.parametrize("card", ["2S", "4H", "TD", "TC"])
def test_even_pip_cards_read_the_same_either_way_up(card: str) -> None:
    for width in (40, 90, 121):
        face = CardArt(width).face(card)
        turned = pygame.transform.rotate(face, 180)
        assert pygame.image.tobytes(face, "RGBA") == pygame.image.tobytes(turned, "RGBA")


def test_faces_backs_and_slots_are_cached(art: CardArt) -> None:
    assert art.face("QD") is art.face("QD")
    assert art.back() is art.back()
    assert art.slot() is art.slot()
    assert art.slot("K") is art.slot("K")


def test_card_art_keeps_recent_sizes() -> None:
    first = card_art(64)
    assert card_art(64) is first
    assert card_art(64, False, "classic") is first
    assert card_art(64, four_colour=True) is not first
    card_art(80)
    assert card_art(64) is first  # coming back after a resize reuses the art
    assert card_art(64).face("AS") is first.face("AS")


@pytest.mark.parametrize("name", ["", "A", "ASS", "1S", "10H", "AX", "as", "tH", " AS", "ZZ"])
def test_bad_card_names_raise_value_error(art: CardArt, name: str) -> None:
    with pytest.raises(ValueError):
        art.face(name)


def test_bad_settings_raise_value_error() -> None:
    with pytest.raises(ValueError):
        CardArt(90, back="tartan")
    with pytest.raises(ValueError):
        CardArt(0)
    with pytest.raises(ValueError):
        CardArt(90.5)  # type: ignore[arg-type]


def test_there_are_several_distinct_backs() -> None:
    assert len(BACKS) >= 3
    assert CardArt.BACKS == BACKS
    assert "classic" in BACKS
    images = {pygame.image.tobytes(CardArt(90, back=name).back(), "RGBA") for name in BACKS}
    assert len(images) == len(BACKS)


def test_classic_back_is_dark_red(art: CardArt) -> None:
    r, g, b, _ = art.back().get_at((art.width // 4, art.height // 4))
    assert r > 2 * g and r > 2 * b and r < 200


def test_slots_are_faint_and_labels_show() -> None:
    art = CardArt(90)
    empty = art.slot()
    assert empty.get_at((art.width // 2, art.height // 2)).a < 80  # felt shows through
    assert empty.get_at((0, 0)).a == 0
    labels = [None, "K", "A", "AS", "AH", "S", "KSC", "KHDC"]
    images = {pygame.image.tobytes(art.slot(label), "RGBA") for label in labels}
    assert len(images) == len(labels)


@pytest.mark.parametrize("label", ["5SHDC", "KS", "Waste"])
@pytest.mark.parametrize("arts", [1, 3])
def test_an_empty_place_s_label_reads_against_the_felt(label, arts) -> None:
    # at 2.7 to 3:1 ("Waste", what a foundation waits for) it was the table's faintest
    # text, where a player with weak eyes needs the rules it tells; text wants 4.5:1.
    # Every card art of a size paints it alike: "Waste" faded with each one made
    from game.ui.theme import FELT

    for _ in range(arts):
        art = CardArt(90)
        slot = art.named_slot(label) if label == "Waste" else art.slot(label)
    felt = pygame.Surface(slot.get_size())
    felt.fill(FELT)
    felt.blit(slot, (0, 0))
    inside = felt.get_at((art.width // 2, art.height - art.height // 10))  # no ink there
    brightest = max(
        (felt.get_at((x, y)) for x in range(art.width) for y in range(art.height)),
        key=luminance,
    )
    ratio = contrast(brightest, inside)
    assert ratio >= 4.5


def test_renders_after_font_module_restart() -> None:
    pygame.font.quit()
    assert CardArt(77).face("KC").get_size() == (77, 108)
    assert pygame.font.get_init()


def test_surfaces_are_converted_once_a_display_exists() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        face = CardArt(70).face("5H")
        assert face.get_flags() & pygame.SRCALPHA
        assert face.get_at((0, 0)).a == 0
    finally:
        pygame.display.quit()


def test_whole_deck_renders_quickly() -> None:
    started = time.perf_counter()
    deck = CardArt(120)
    for card in ALL_CARDS:
        deck.face(card)
    # The budget is 1 s; this is a coarse guard against pathological slowdowns.
    assert time.perf_counter() - started < 1.0


def test_import_changes_no_pygame_state() -> None:
    code = (
        "import pygame, game.render.cards, game.render.suits, game.render.backs\n"
        "assert not pygame.font.get_init()\n"
        "assert not pygame.display.get_init()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_a_path_too_long_to_show_keeps_its_file_name():
    from game.render.preview import fit_path
    from game.ui import theme

    pygame.font.init()
    path = "/home/someone/.local/share/piramida/replays/piramida-egyptian-123-20261202.json"

    def said(p: str) -> str:
        return f"Replay saved: {p}"

    shown = fit_path(said, path, 14, 300)
    assert theme.font(14).size(shown)[0] <= 300
    assert shown.startswith("Replay saved: …") and shown.endswith("-123-20261202.json")
    assert fit_path(said, "/r/x.json", 14, 300) == "Replay saved: /r/x.json"


def test_a_long_left_pile_of_the_fortune_uses_the_felt_to_its_left():
    """Sbudetsya's left piles fan toward the middle; sixteen cards slide left into the
    free felt rather than squeeze their corner indices to a sliver."""
    from game.render.table_layout import central_column

    area = pygame.Rect(0, 30, 800, 530)
    layout = central_column(8, 4, area, large=False)
    cw = layout.card[0]
    rects = layout.rects("t1", 16)
    step = rects[1].x - rects[0].x
    assert step >= cw * 0.2  # a "10" and its suit show (9 px before, 14 now)
    assert rects[0].left >= area.left and rects[-1].right <= layout.spots["f1"].rect.left
    assert layout.rects("t1", 1)[0] == layout.spots["t1"].rect  # one card: where it was


@pytest.mark.parametrize("size", [(800, 560), (1280, 752)])
@pytest.mark.parametrize(("piles", "waste_centre"), [(8, False), (8, True), (9, False)])
def test_the_egyptian_piles_show_twelve_whole_indices_using_the_felt_beside_the_stock(
    size, piles, waste_centre
):
    """A pile clear of the stock and waste row grows down to the felt's foot: the outer
    piles fanned to slivers at nine cards, their suits hidden, over empty felt."""
    from game.render.face_layout import FaceLayout
    from game.render.table_layout import pyramid_piles

    area = pygame.Rect(0, 40, *size)
    layout = pyramid_piles(piles, 8, waste_centre, area, large=False)
    index = FaceLayout.for_width(layout.card[0]).index
    under = layout.rects("st", 1) + layout.rects("w", 3)  # the waste fans its top three
    for t in range(1, piles + 1):
        rects = layout.rects(f"t{t}", 12)
        assert rects[1].y - rects[0].y >= index.bottom, f"t{t}"  # rank and suit show
        assert area.contains(rects[-1].union(rects[0])), f"t{t}"
        for card in layout.rects(f"t{t}", 16):
            assert card.collidelist(under) == -1, f"t{t} reaches the stock's row"


@pytest.mark.parametrize("kind", ["central-column", "pyramid-piles"])
def test_with_large_corners_a_sideways_fan_shows_the_wider_index_while_it_has_room(kind):
    from game.render.face_layout import FaceLayout
    from game.render.table_layout import table_layout

    area = pygame.Rect(0, 30, 800, 530)
    shape = {"piles": 8, "foundations": 4, "waste_centre": False, "rows": 0}
    if kind == "pyramid-piles":
        shape["foundations"] = 8
    standard = table_layout(kind, shape, area)
    layout = table_layout(kind, {**shape, "large_corners": True}, area)
    assert layout.card == standard.card  # no smaller cards for it
    index = FaceLayout.for_width(layout.card[0], large=True).index
    fanned = "t1" if kind == "central-column" else "w"
    rects = layout.rects(fanned, 3)
    assert rects[1].x - rects[0].x >= index.right  # rank and suit show whole
    if kind == "central-column":  # a long pile still fits, fanned as tight as before
        rects, before = layout.rects("t1", 16), standard.rects("t1", 16)
        assert rects[-1].right <= layout.spots["f1"].rect.left
        assert rects[1].x - rects[0].x >= before[1].x - before[0].x
    else:  # the piles keep clear of the wider fan of the waste
        under = layout.rects("st", 1) + layout.rects("w", 3)
        for t in range(1, 9):
            for card in layout.rects(f"t{t}", 16):
                assert card.collidelist(under) == -1, f"t{t}"


def test_every_layout_a_level_file_may_name_is_drawn():
    # the rules check the level files' `table.layout` against their list; the view
    # draws from its own table of layouts: one without the other would fail at play
    from game.render.table_layout import LAYOUTS as DRAWN
    from game.rules.ruleset import LAYOUTS as ALLOWED

    assert set(DRAWN) == set(ALLOWED)


def test_a_named_empty_place_shows_its_word() -> None:
    art = CardArt(90)
    images = {
        pygame.image.tobytes(s, "RGBA")
        for s in (art.slot(), art.named_slot("Waste"), art.named_slot("Reserve"))
    }
    assert len(images) == 3 and art.named_slot("Waste") is art.named_slot("Waste")
    assert art.named_slot("Waste").get_size() == art.slot().get_size()


def _ink_rows(art: CardArt, words: str) -> list[int]:
    """The rows of a place's picture its words are written on: where it differs from
    the place with none."""
    named, blank = art.named_slot(words), art.slot()
    w, h = blank.get_size()
    return [
        y for y in range(h) if any(named.get_at((x, y)) != blank.get_at((x, y)) for x in range(w))
    ]


@pytest.mark.parametrize("words", ["From the waste", "Из талона"])
def test_a_place_s_words_too_wide_for_a_line_go_on_two_in_one_size(words) -> None:
    # squeezed into one line, "From the waste" read as another face beside "Waste"; cut
    # to each line's own ink, «Из» came out smaller than «талона»
    art = CardArt(90)
    one = _ink_rows(art, "Waste")
    two = _ink_rows(art, words)
    runs = [y for y in two if y - 1 not in two]  # each line's first row
    assert len(runs) == 2 and max(two) - min(two) > 1.6 * (max(one) - min(one))


def test_russian_letters_mark_the_aces_and_courts_and_nothing_else() -> None:
    latin, russian = CardArt(90), CardArt(90, letters="russian")

    def same(card: str) -> bool:
        return pygame.image.tobytes(latin.face(card), "RGBA") == pygame.image.tobytes(
            russian.face(card), "RGBA"
        )

    # Т, В, Д, К on the Ace and the courts (the Cyrillic К is drawn apart from the K);
    # the pip cards are the same
    assert [r for r in RANKS if not same(r + "S")] == ["A", "J", "Q", "K"]
    # an empty foundation waiting for an Ace says so in the same letters
    assert pygame.image.tobytes(latin.slot("A"), "RGBA") != pygame.image.tobytes(
        russian.slot("A"), "RGBA"
    )
    assert card_art(90, letters="russian") is not card_art(90)
    with pytest.raises(ValueError, match="unknown letters 'greek'"):
        CardArt(90, letters="greek")


@pytest.mark.parametrize(("piles", "large"), [(8, False), (10, False), (8, True)])
@pytest.mark.parametrize("size", [(1080, 1650), (800, 1100)])
def test_the_central_column_standing_up_lays_its_piles_in_two_columns(piles, large, size):
    """Laid out as lying down, the piles' sideways fans left the cards a ninth of a
    standing screen's width (120 px of 1080) over bands of empty felt."""
    from game.render.table_layout import central_column

    area = pygame.Rect(0, 80, *size)
    layout = central_column(piles, 4, area, large)
    assert layout.card[0] > 1.1 * size[0] / 9  # was at most a ninth of the width
    fixed = [layout.spots[name].rect for name in ("f1", "f2", "f3", "f4", "st", "w")]
    assert all(area.contains(r) for r in fixed)
    assert fixed[-2].top > fixed[0].bottom  # the stock under the foundations' row
    ends = []
    for t in range(1, piles + 1):
        cards = layout.rects(f"t{t}", 16)
        whole = cards[0].union(cards[-1])
        assert area.contains(whole) and not any(whole.colliderect(r) for r in fixed), t
        assert layout.rects(f"t{t}", 6)[1].x - cards[0].x >= layout.card[0] * 0.2  # indices
        ends.append(whole)
    for i, a in enumerate(ends):
        assert not any(a.colliderect(b) for b in ends[i + 1 :])  # sixteen cards each, apart
    # a full pile of the left column stands clear of the right one: not read as one pile
    right_column = layout.spots[f"t{(piles + 1) // 2 + 1}"].rect.left
    assert all(e.right + layout.card[0] // 3 <= right_column for e in ends[: (piles + 1) // 2])


@pytest.mark.parametrize("piles", [8, 9, 10])
def test_a_window_just_taller_than_wide_keeps_the_larger_cards(piles):
    # at 900x1100 with ten piles the rows gave 86 px cards where the sides gave 100
    from game.render.table_layout import _central_column_lying, central_column

    area = pygame.Rect(0, 80, 900, 960)
    chosen = central_column(piles, 4, area, large=False)
    assert chosen.card[0] >= _central_column_lying(piles, 4, area, large=False).card[0]


# Machado, Oliveira and Fernandes (2009), severity 1.0, applied in linear RGB
_DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
_PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)


def _seen_by(matrix, colour):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def srgb(c):
        c = min(1.0, max(0.0, c))
        return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)

    lin = [linear(c) for c in colour]
    return [srgb(sum(m * c for m, c in zip(row, lin, strict=True))) for row in matrix]


@pytest.mark.parametrize("matrix", [_DEUTERANOPIA, _PROTANOPIA], ids=["deuteranopia", "protanopia"])
def test_four_colours_stay_four_to_a_red_green_colour_blind_eye(matrix) -> None:
    # the setting is there to tell suits apart: red hearts beside a green of their own
    # lightness were one olive to a deuteranope (26 apart, where red and black are 140)
    colours = {suit: _seen_by(matrix, c) for suit, c in FOUR_COLOURS.items()}
    for a, b in itertools.combinations(colours, 2):
        assert math.dist(colours[a], colours[b]) >= 50, (a, b)


def _lab(colour):
    """CIE L*a*b* of an sRGB colour (D65): distances there are differences seen."""

    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


@pytest.mark.parametrize(
    "matrix", [None, _DEUTERANOPIA, _PROTANOPIA], ids=["normal", "deuteranopia", "protanopia"]
)
@pytest.mark.parametrize("deck", [TWO_COLOURS, FOUR_COLOURS], ids=["two", "four"])
def test_suit_colours_differ_as_seen_and_read_well_on_the_face(deck, matrix) -> None:
    # the hearts' crimson was a dark olive to a protanope: 19 apart from the clubs'
    # green (CIE76) and 33 from the spades' black, near the least colours can be told
    # apart at a glance; lighter, it is still text on the face
    for colour in set(deck.values()):
        assert contrast(colour, FACE) >= 4.5, colour
    seen = {suit: (c if matrix is None else _seen_by(matrix, c)) for suit, c in deck.items()}
    for a, b in itertools.combinations(seen, 2):
        if deck[a] != deck[b]:
            assert math.dist(_lab(seen[a]), _lab(seen[b])) >= 30, (a, b)


def test_card_glyphs_render_after_the_font_module_was_restarted_by_someone_else() -> None:
    # quit and initialised again elsewhere (pygame.quit() then a new window), a card's
    # font was kept dead: "Invalid font (font module quit since font created)"
    from game.render.glyphs import ink_text
    from game.ui.theme import SANS_BOLD

    ink_text("7", SANS_BOLD, 20, (0, 0, 0))
    pygame.font.quit()
    pygame.font.init()
    ink_text.cache_clear()
    assert ink_text("7", SANS_BOLD, 20, (0, 0, 0)).get_height() == 20
