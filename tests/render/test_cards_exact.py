"""The card art as a player reads it, exactly: the corner's rank over or beside its suit,
the strips of a squeezed pile, the ace of spades, the Russian letters of the courts, and
the words on empty places."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.render.cards import MOST_STRIPS, RANKS, CardArt

Pixel = tuple[int, int, int, int]


def inked(pixel) -> bool:
    """A rank's or suit's ink on the face, black or red (not the card's grey edge)."""
    r, g, b, a = tuple(pixel)
    return a > 200 and (r + g + b < 250 or (r > 150 and g < 110 and b < 110))


def ink_in(surface: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, int]]:
    return [
        (x, y)
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if inked(surface.get_at((x, y)))
    ]


def runs(values: list[int]) -> list[tuple[int, int]]:
    """Consecutive runs of the sorted, distinct `values`, as (first, last)."""
    found: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if found and found[-1][1] == v - 1:
            found[-1] = (found[-1][0], v)
        else:
            found.append((v, v))
    return found


@pytest.mark.parametrize("large", [False, True])
def test_a_card_covered_up_to_rank_right_still_shows_its_rank_whole(large) -> None:
    art = CardArt(90, large=large)
    index = art.layout.index
    for rank in RANKS:
        face = art.face(rank + "H")
        rows = pygame.Rect(index.left, index.top, index.width, art.layout.index_rank_height)
        columns = runs([x for x, _y in ink_in(face, rows)])
        rank_ink = columns[:-1] if large else columns  # large: the suit stands after it
        assert rank_ink[-1][1] < art.rank_right, rank
    if large:  # the suit beside needs no showing, even the widest: piles may lie closer
        widths = []
        for suit in "SHDC":
            face = art.face("A" + suit)
            first, last = runs([x for x, _y in ink_in(face, index)])[-1]
            widths.append(last - first + 1)
        assert art.rank_right <= index.right - max(widths)


@pytest.mark.parametrize("card", ["8S", "TH", "AD", "QC"])
def test_with_large_corners_the_suit_stands_level_with_the_rank_s_foot(card) -> None:
    art = CardArt(90, large=True)
    index = art.layout.index
    ink = ink_in(art.face(card), index)
    suit_left = runs([x for x, _y in ink])[-1][0]
    rank_rows = [y for x, y in ink if x < suit_left]
    suit_rows = [y for x, y in ink if x >= suit_left]
    assert abs(max(rank_rows) - max(suit_rows)) <= 1
    assert min(suit_rows) > min(rank_rows)  # the suit the shorter, at the foot


@pytest.mark.parametrize("card", ["8S", "AH", "4D", "7C"])
def test_the_standard_corner_centres_its_rank_over_its_suit(card) -> None:
    art = CardArt(90)
    layout = art.layout
    ink = ink_in(art.face(card), layout.index)
    rank_x = [x for x, y in ink if y < layout.index.top + layout.index_rank_height]
    suit_x = [x for x, y in ink if y >= layout.index.bottom - layout.index_suit_height]
    rank_mid = (min(rank_x) + max(rank_x)) / 2
    suit_mid = (min(suit_x) + max(suit_x)) / 2
    assert abs(rank_mid - suit_mid) <= 1.5


def test_the_ace_of_spades_is_the_pack_s_showpiece() -> None:
    art = CardArt(90)
    middle = pygame.Rect(0, art.height // 4, art.width, art.height // 2)

    def pip_height(card: str) -> int:
        ys = [y for _x, y in ink_in(art.face(card), middle)]
        return max(ys) - min(ys)

    assert pip_height("AS") > 1.15 * pip_height("AH")


def test_a_russian_court_s_own_letter_is_russian_too() -> None:
    latin, russian = CardArt(90), CardArt(90, letters="russian")
    layout = latin.layout
    frame = layout.court_frame
    for card in ("JS", "QH"):  # В, Д in the frame as in the corner
        a = latin.face(card).subsurface(frame)
        b = russian.face(card).subsurface(frame)
        assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA"), card


def strip_ink_rows(art: CardArt, card: str, strip: int) -> list[int]:
    image = art.strip_face(card, strip)
    return [y for _x, y in ink_in(image, image.get_rect())]


@pytest.mark.parametrize("strip", [14, 18, 30])
def test_a_strip_s_rank_and_suit_stay_within_it_and_under_the_index_s_top(strip) -> None:
    art = CardArt(90)
    for card in ("9D", "TS", "KH"):
        rows = strip_ink_rows(art, card, strip)
        assert rows and max(rows) < strip, (card, max(rows))
        assert min(rows) >= art.layout.index.top, card


def test_a_strip_asked_for_more_rows_keeps_more_of_the_face() -> None:
    art = CardArt(90)
    short = art.strip_face("9D", 14)
    longer = art.strip_face("9D", 14, 20)
    assert longer.get_height() == short.get_height() + 6


def test_a_russian_strip_writes_the_russian_letters_of_aces_and_courts() -> None:
    latin, russian = CardArt(90), CardArt(90, letters="russian")

    def same(card: str) -> bool:
        a, b = latin.strip_face(card, 16), russian.strip_face(card, 16)
        return pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")

    assert not same("AS") and not same("QH")
    assert same("9S")


def test_the_strips_kept_are_bounded() -> None:
    # a kiosk runs for weeks: each height a pile was squeezed to is a new strip
    art = CardArt(40)
    for n in range(MOST_STRIPS + 10):
        art.strip_face("9D", 12 + n % 40, 12 + n)
    assert len(art._strips) <= MOST_STRIPS


def slot_ink(art: CardArt, image: pygame.Surface) -> list[tuple[int, int]]:
    """Where an empty place's words differ from the bare place, inside its rim."""
    blank = art.slot()
    w, h = blank.get_size()
    inside = [(x, y) for x in range(3, w - 3) for y in range(3, h - 3)]
    return [p for p in inside if image.get_at(p) != blank.get_at(p)]


def test_a_place_s_word_is_smaller_than_a_rank_and_centred() -> None:
    art = CardArt(90)
    word = slot_ink(art, art.named_slot("Waste"))
    rank = slot_ink(art, art.slot("K"))

    def height(ink):
        ys = [y for _x, y in ink]
        return max(ys) - min(ys)

    assert height(word) < height(rank)
    ys = [y for _x, y in word]
    assert abs((min(ys) + max(ys)) / 2 - art.height / 2) <= 2


def test_a_long_single_word_is_condensed_within_the_place() -> None:
    art = CardArt(90)
    xs = [x for x, _y in slot_ink(art, art.named_slot("Foundations"))]
    assert min(xs) >= round(art.width * 0.06) and max(xs) < art.width - round(art.width * 0.06)


def test_a_strip_s_suit_stands_beside_its_rank_not_on_it() -> None:
    art = CardArt(90)
    for card in ("9D", "TS", "8C"):
        image = art.strip_face(card, 18)
        columns = runs([x for x, _y in ink_in(image, image.get_rect())])
        assert len(columns) >= 2, card  # the rank's ink, a gap, the suit's


def test_a_lone_suit_on_a_place_is_the_suit_s_shape_not_its_letter() -> None:
    # the suit shapes are each their own mirror image; the letters S, H, D, C are not all
    art = CardArt(90)
    for suit in "SD":
        ink = set(slot_ink(art, art.slot(suit)))
        xs = [x for x, _y in ink]
        axis = min(xs) + max(xs)
        mirrored = {(axis - x, y) for x, y in ink}
        assert len(ink & mirrored) >= 0.8 * len(ink), suit


def test_a_rank_and_the_suits_it_may_take_stand_in_two_rows_within_the_place() -> None:
    art = CardArt(90)
    ink = slot_ink(art, art.slot("KSHDC"))
    rows = runs([y for _x, y in ink])
    assert len(rows) == 2  # K over the row of four suits
    xs = [x for x, _y in ink]
    assert min(xs) >= art.width * 0.1 - 1 and max(xs) <= art.width * 0.9 + 1


def test_a_place_s_label_is_a_little_see_through() -> None:
    art = CardArt(90)
    for image in (art.slot("A"), art.named_slot("Waste")):
        alphas = [image.get_at(p).a for p in slot_ink(art, image)]
        assert max(alphas) <= 225  # 210 of white over the place's faint fill


def test_words_on_two_lines_break_at_the_evenest_space() -> None:
    from game.render.cards import two_lines
    from game.ui.theme import SANS_BOLD, font_file

    block = two_lines("From the waste", 20, 500)
    font = font_file(SANS_BOLD, 20)
    assert block.get_width() == font.size("From the")[0]  # not "From" over "the waste"


def test_words_on_two_lines_too_wide_are_each_condensed_to_the_room() -> None:
    from game.render.cards import two_lines

    assert two_lines("From the waste", 40, 30).get_width() <= 30
