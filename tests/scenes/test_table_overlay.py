"""What is drawn over the table (game.scenes.table_overlay) drawn alone: the banners'
size, width and place and where their buttons stand, the legend of values, a win's
words."""

import pygame
import pytest

from game.scenes.table_overlay import Banner, draw_banner
from game.ui.widgets import Button

LONG = (
    "No moves are left: the cards still on the table count against you, and the game "
    "ends here unless you take a move back."
)


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()


def buttons(*labels: str) -> list[Button]:
    return [Button(label, lambda: None, key=label) for label in labels]


def test_a_question_the_table_waits_on_is_in_larger_words():
    # a kiosk's "Still playing?" is read from a step away: larger than a table's banner
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    plain = draw_banner(surface, area, Banner("Still playing?"))
    waited = draw_banner(surface, area, Banner("Still playing?", waits=True))
    assert waited.height >= 1.4 * plain.height


def test_a_banner_keeps_off_the_sides_of_a_narrow_window():
    # standing up, a panel as wide as the felt lay on the window's borders
    surface = pygame.Surface((500, 900))
    area = surface.get_rect()
    panel = draw_banner(surface, area, Banner(LONG))
    assert panel.left - area.left >= 20 and area.right - panel.right >= 20


def test_a_short_banner_is_as_wide_where_cards_lie_elsewhere():
    # of the places that hide no card the widest is kept: a card in a far corner made a
    # short message's panel no narrower
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    alone = draw_banner(surface, area, Banner("Deal 3 is dealt again."))
    corner_card = pygame.Rect(20, 80, 100, 140)
    beside = draw_banner(surface, area, Banner("Deal 3 is dealt again."), avoid=[corner_card])
    assert beside.size == alone.size


def test_a_banner_kept_narrow_by_the_cards_keeps_its_buttons_whole():
    # between two walls of cards the buttons never shrink: side by side where the
    # panel holds them, else one over another
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    labels = ("Play on with this deal", "Give up this game", "Back to the menu")
    free = Banner("No moves left.", buttons(*labels))
    draw_banner(surface, area, free)
    widths = [b.rect.width for b in free.buttons]
    walls = [pygame.Rect(0, 60, 460, 640), pygame.Rect(820, 60, 460, 640)]
    walled = Banner("No moves left.", buttons(*labels))
    panel = draw_banner(surface, area, walled, avoid=walls)
    assert all(b.rect.width >= w for b, w in zip(walled.buttons, widths, strict=True))
    assert all(panel.contains(b.rect) for b in walled.buttons)
    assert panel.collidelist(walls) == -1


def test_a_banner_s_buttons_keep_room_under_them():
    # the panel's edge as far under its buttons as above its first line at least
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    banner = Banner("Give up this game?", buttons("Give up", "Play on"))
    panel = draw_banner(surface, area, banner)
    size = 22  # the banner's text size at 1280x800 (a UI scale of 1)
    assert panel.bottom - max(b.rect.bottom for b in banner.buttons) >= size // 2


def test_a_banner_keeps_off_where_flying_cards_land_when_it_can():
    # `soft`: the felt where the cards of a move are still flying to
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    card = pygame.Rect(20, 80, 100, 140)
    landing = pygame.Rect(440, 560, 400, 130)  # under the middle of the foot
    panel = draw_banner(
        surface, area, Banner("Deal 3 is dealt again."), avoid=[card], soft=[landing]
    )
    assert not panel.colliderect(landing) and not panel.colliderect(card)


def test_a_banner_that_cannot_keep_off_the_landing_stands_as_if_nothing_flew():
    # no place clear of both the cards and where cards land: it keeps off the cards
    # alone, as wide and where it would stand with nothing in flight
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    card = pygame.Rect(600, 640, 80, 50)  # a card at the foot, in the middle
    text = "Deal 3 is dealt again."
    still = draw_banner(surface, area, Banner(text), avoid=[card])
    flying = draw_banner(surface, area, Banner(text), avoid=[card], soft=[area])
    assert flying == still and not flying.colliderect(card)


def test_a_question_the_table_waits_on_is_solid():
    # the cards' pips showed through "Still playing?"
    surface = pygame.Surface((1280, 800))
    surface.fill((250, 250, 250))
    from game.ui import theme

    panel = draw_banner(surface, surface.get_rect(), Banner("Still playing?", waits=True))
    inside = (panel.left + panel.height // 2, panel.top + 8)  # within its edge, above its words
    assert surface.get_at(inside)[:3] == theme.PANEL[:3]


def test_the_question_a_table_waits_on_is_asked_in_gold_over_its_words():
    # "Still playing?" in gold, "Touch the screen…" under it in ink
    from game.ui import theme

    surface = pygame.Surface((1280, 800))
    text = "Still playing?\nTouch the screen to play on."
    panel = draw_banner(surface, surface.get_rect(), Banner(text, waits=True))
    inner = panel.inflate(-panel.height // 3, -panel.height // 6)
    upper = pygame.Rect(inner.x, inner.y, inner.width, inner.height // 2)
    lower = pygame.Rect(inner.x, inner.centery, inner.width, inner.height // 2)

    def gold_in(area: pygame.Rect) -> int:
        return sum(
            surface.get_at((x, y))[:3] == theme.GOLD[:3]
            for x in range(area.left, area.right, 2)
            for y in range(area.top, area.bottom)
        )

    assert gold_in(upper) > 0 and gold_in(lower) == 0


def focus_outside(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of the focus's colour around `rect`, out to a ring's reach."""
    from game.ui import theme

    around = rect.inflate(rect.height, rect.height)
    return sum(
        surface.get_at((x, y))[:3] == theme.FOCUS[:3]
        for x in range(around.left, around.right)
        for y in range(around.top, around.bottom)
        if not rect.collidepoint(x, y)
    )


def test_only_the_gold_button_with_the_focus_has_the_ring_round_it():
    # gold is Enter's: a ring shows the keys are on it too; any other button shows the
    # focus as the bar's buttons do, without a second ring about it
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    rings = []
    for focused in (0, 1):
        banner = Banner("Give up this game?", buttons("Give up", "Play on"))
        banner.buttons[focused].focused = True
        surface.fill((0, 0, 0))
        draw_banner(surface, area, banner)
        rings.append(focus_outside(surface, banner.buttons[focused].rect))
    assert rings[0] > 0 and rings[1] == 0


def test_a_win_s_words_on_a_narrow_play_area_stay_whole_within_it():
    # words a little narrower than the felt are made smaller, not left edge to edge
    from game.scenes.table_overlay import draw_celebration_words
    from game.ui import theme

    surface = pygame.Surface((1280, 800))
    words = "The patience came out!"
    width = theme.font(52, bold=True, serif=True).size(words)[0]
    area = pygame.Rect(0, 60, int(width / 0.98), 640)
    band = draw_celebration_words(surface, area, words)
    assert area.contains(band), (band, area)


def test_a_win_s_words_stand_in_the_upper_part_of_the_felt():
    # over the cascade's start, not its middle
    from game.scenes.table_overlay import draw_celebration_words

    area = pygame.Rect(0, 60, 1280, 640)
    band = draw_celebration_words(pygame.Surface((1280, 800)), area, "The patience came out!")
    assert band.centery == area.top + area.height // 3


def test_a_banner_keeps_a_margin_from_the_cards_where_it_can():
    # just clear of a pile's place, it touched it, while the top of the felt was free
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    card = pygame.Rect(600, 690, 80, 10)  # just under where the panel stands at the foot
    panel = draw_banner(surface, area, Banner("Deal 3 is dealt again."), avoid=[card])
    assert not panel.colliderect(card.inflate(12, 12)), panel


def test_a_wide_banner_pushed_aside_by_a_card_stays_as_near_the_middle_as_it_can():
    # a card under the middle of the foot and one over the middle of the top: the wide
    # panel goes beside the first, not into the window's corner
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    cards = [pygame.Rect(900, 640, 80, 50), pygame.Rect(600, 70, 80, 50)]
    panel = draw_banner(surface, area, Banner("Deal 3 is dealt again."), avoid=cards)
    assert panel.collidelist(cards) == -1
    assert panel.left > area.left + 12, panel  # not flush in the corner


def keeps_a_margin(panel: pygame.Rect, cards: list[pygame.Rect]) -> bool:
    return panel.collidelist([card.inflate(12, 12) for card in cards]) == -1  # 12: the margin


MESSAGE = "No moves are left: the cards still on the table count against you, and the game ends."


def test_a_banner_between_scattered_cards_keeps_a_margin_from_them():
    # a place that only just clears the cards ranks below one with room around it
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    cards = [
        pygame.Rect(*xywh)
        for xywh in [
            (548, 326, 80, 50), (123, 239, 100, 110), (1147, 594, 80, 110),
            (1120, 482, 80, 140), (1098, 494, 80, 140), (547, 134, 100, 50),
            (197, 214, 80, 50), (876, 105, 80, 140), (186, 585, 100, 140),
            (758, 161, 100, 50), (259, 604, 80, 110), (262, 464, 100, 50),
            (1074, 336, 80, 110),
        ]
    ]  # fmt: skip
    panel = draw_banner(surface, area, Banner(MESSAGE), avoid=cards)
    assert keeps_a_margin(panel, cards), panel


def test_a_question_by_its_button_still_keeps_a_margin_from_the_cards():
    # nearest the button among the places with room round them, before one that touches
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    cards = [pygame.Rect(1101, 266, 100, 140), pygame.Rect(132, 533, 100, 50)]
    cards.append(pygame.Rect(544, 573, 80, 140))
    button = pygame.Rect(200, 700, 120, 50)
    panel = draw_banner(surface, area, Banner(MESSAGE), avoid=cards, near=button)
    assert keeps_a_margin(panel, cards), panel


def test_a_banner_takes_more_lines_rather_than_touch_a_card():
    # the fewest lines count only among places alike in keeping off the cards
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    cards = [
        pygame.Rect(*xywh)
        for xywh in [
            (362, 297, 100, 50), (223, 129, 100, 140), (608, 257, 80, 140),
            (637, 150, 80, 110), (258, 468, 100, 110), (826, 535, 80, 110),
            (361, 90, 100, 140), (719, 482, 80, 140), (947, 314, 100, 110),
            (200, 246, 100, 50), (554, 284, 80, 110), (81, 225, 100, 50),
            (620, 219, 100, 140), (80, 625, 100, 140),
        ]
    ]  # fmt: skip
    panel = draw_banner(surface, area, Banner(MESSAGE), avoid=cards)
    assert keeps_a_margin(panel, cards), panel


def cards_at(*xywh: tuple[int, int, int, int]) -> list[pygame.Rect]:
    return [pygame.Rect(*r) for r in xywh]


def test_on_a_crowded_table_a_banner_hides_the_least_it_can():
    # no place clear of the cards: the one that hides the least of them, not the foot
    from game.ui.widgets import overlap_area

    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    cards = cards_at(
            (436, 182, 100, 140),
            (46, 177, 80, 140),
            (485, 322, 100, 110),
            (1033, 111, 80, 140),
            (769, 71, 80, 110),
            (513, 342, 100, 140),
            (1106, 580, 100, 140),
            (1163, 162, 100, 140),
            (156, 622, 80, 110),
            (327, 455, 100, 50),
            (1014, 614, 80, 110),
            (1012, 490, 100, 140),
            (816, 379, 100, 140),
            (585, 554, 100, 140),
            (580, 363, 80, 50),
            (501, 103, 80, 110),
            (798, 114, 100, 140),
            (814, 111, 100, 50),
            (458, 499, 100, 110),
            (499, 106, 80, 140),
            (959, 207, 80, 140),
            (235, 111, 100, 110),
            (241, 268, 80, 110),
            (453, 171, 726, 80),
    )  # fmt: skip
    panel = draw_banner(surface, area, Banner(MESSAGE), avoid=cards)
    foot = pygame.Rect(0, 0, 760, 74)
    foot.midbottom = (area.centerx, area.bottom - 12)
    hidden = sum(overlap_area(panel, card) for card in cards)
    assert hidden < sum(overlap_area(foot, card) for card in cards), panel


def test_where_every_place_hides_a_card_a_banner_leaves_the_card_it_speaks_of_in_sight():
    # "Hint: K♣ to a foundation" at 1024x600 among long piles lay over the K♣: the
    # cards its words speak of are hidden last
    from game.ui.widgets import overlap_area

    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    cards = [pygame.Rect(x, y, 100, 140) for x in range(0, 1280, 106) for y in range(60, 700, 146)]
    words = "The solver has not settled this position. Hint: K♣ to a foundation."
    unmarked = draw_banner(surface, area, Banner(words), small=True, avoid=cards)
    hinted = max(cards, key=lambda card: overlap_area(card, unmarked))
    panel = draw_banner(
        surface, area, Banner(words), small=True, avoid=cards, in_sight=lambda: [hinted]
    )
    assert not panel.colliderect(hinted), panel
    assert area.contains(panel)


def test_a_banner_drawn_again_stands_where_it_stood_as_wide_as_it_was():
    # redrawn each frame, it jumped between widths and places while nothing moved
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    cards = cards_at(
            (960, 624, 100, 50),
            (259, 562, 80, 50),
            (382, 205, 80, 50),
            (1047, 317, 100, 50),
            (378, 99, 100, 110),
            (1060, 417, 100, 50),
            (1098, 74, 100, 50),
            (1001, 346, 80, 50),
            (219, 628, 100, 110),
    )  # fmt: skip
    before = pygame.Rect(508, 537, 357, 80)
    panel = draw_banner(surface, area, Banner(MESSAGE), avoid=cards, keep=before)
    assert panel.midbottom == before.midbottom and panel.width == before.width, panel


def test_a_banner_kept_where_it_stood_stays_within_the_felt():
    # where it stood, now too wide to stay inside the felt, it goes elsewhere
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    cards = cards_at(
            (341, 419, 80, 140),
            (190, 410, 100, 50),
            (979, 323, 100, 140),
            (47, 460, 80, 110),
            (128, 474, 100, 50),
            (772, 567, 100, 110),
            (666, 319, 80, 50),
            (72, 415, 100, 110),
            (1158, 364, 100, 140),
            (380, 540, 100, 140),
            (699, 431, 80, 140),
            (443, 137, 80, 140),
            (1111, 480, 100, 50),
            (565, 129, 100, 110),
            (782, 454, 80, 50),
            (1038, 339, 100, 110),
            (738, 544, 80, 50),
            (394, 336, 80, 110),
            (450, 300, 80, 140),
            (806, 63, 80, 140),
            (1010, 621, 80, 140),
            (1148, 401, 100, 110),
            (212, 79, 100, 140),
            (425, 465, 80, 50),
            (329, 223, 100, 140),
            (1004, 637, 100, 110),
            (849, 352, 100, 140),
    )  # fmt: skip
    before = pygame.Rect(661, 227, 670, 80)
    panel = draw_banner(surface, area, Banner(MESSAGE), avoid=cards, keep=before)
    assert area.inflate(-24, -24).contains(panel), panel


def test_a_banner_in_the_felt_between_the_cards_stands_nearest_the_middle():
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    cards = cards_at(
            (772, 88, 80, 140),
            (820, 617, 80, 110),
            (190, 230, 80, 140),
            (939, 483, 100, 110),
            (504, 544, 100, 50),
            (695, 504, 100, 140),
            (649, 171, 80, 110),
            (60, 326, 80, 140),
            (46, 96, 80, 50),
            (465, 72, 100, 110),
            (727, 310, 100, 50),
            (1023, 185, 100, 140),
            (404, 603, 100, 50),
            (769, 483, 80, 140),
            (418, 606, 80, 140),
            (442, 615, 80, 50),
            (711, 245, 100, 140),
            (645, 259, 80, 50),
            (198, 197, 80, 50),
            (180, 325, 100, 50),
            (890, 491, 80, 50),
            (824, 78, 80, 50),
    )  # fmt: skip
    panel = draw_banner(surface, area, Banner(MESSAGE), avoid=cards)
    assert panel.centerx == area.centerx, panel


def test_a_free_place_is_looked_for_along_the_bottom_first():
    # felt both under and over a row of cards across the middle: the panel goes under,
    # where a banner stands when nothing is in its way, not over the top row
    from game.scenes.table_overlay import _free_place

    bounds = pygame.Rect(0, 0, 1000, 600)
    middle_row = [pygame.Rect(0, 250, 1000, 100)]
    place = _free_place(bounds, (300, 100), middle_row, 12)
    assert place is not None and place.bottom == bounds.bottom


ASK_AGAIN = "Press Give up again to end the game."


def test_a_question_by_its_button_takes_the_gap_by_it_though_no_gap_has_a_margin():
    # two gaps in the felt, each just wide enough for the panel and neither with room
    # for a margin from the cards: the one by the button, not the far one, and in it
    # the place nearest the button
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    # the felt covered but for a gap at the top left, over the button, and one at the
    # bottom right, each 366 px wide (the narrowest panel is 358)
    felt = cards_at(
        (0, 60, 40, 640), (0, 60, 1280, 20), (406, 60, 454, 640), (0, 280, 406, 420),
        (1226, 60, 54, 640), (860, 60, 366, 420),
    )  # fmt: skip
    button = pygame.Rect(40, 712, 120, 50)
    panel = draw_banner(surface, area, Banner(ASK_AGAIN), avoid=felt, near=button)
    assert panel.collidelist(felt) == -1, panel
    # in the gap over the button, at its foot: as near the button as that gap allows
    assert panel.right <= 406 and panel.bottom == 280, panel


def test_a_question_by_its_button_stands_just_over_the_cards_between_them():
    # a row of cards along the foot, the felt free over it: the question stands just
    # over that row, by the button under it, not up in the middle of the felt
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    rows = cards_at((0, 560, 1280, 140), (0, 60, 1280, 190))
    button = pygame.Rect(500, 712, 120, 50)
    panel = draw_banner(surface, area, Banner(ASK_AGAIN), avoid=rows, near=button)
    assert keeps_a_margin(panel, rows), panel
    assert panel.bottom >= 560 - 12, panel  # a margin over the lower row, no more


def test_a_question_by_its_button_stands_centred_over_it():
    # "in line with `near`, over it": the panel between two cards at the foot, its
    # middle over the button's
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    cards = cards_at((20, 640, 80, 50), (600, 640, 80, 50))  # the foot's corner and middle
    button = pygame.Rect(293, 712, 120, 50)
    panel = draw_banner(surface, area, Banner(ASK_AGAIN), avoid=cards, near=button)
    assert keeps_a_margin(panel, cards), panel
    assert panel.centerx == button.centerx, panel


def test_a_banner_pushed_aside_by_a_card_stands_a_margin_from_it():
    # as near the middle as the card lets it: a margin from the card's side, not
    # further off (nor nearer than half of it)
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    foot, top = pygame.Rect(901, 640, 80, 50), pygame.Rect(600, 70, 80, 50)
    panel = draw_banner(surface, area, Banner("Deal 3 is dealt again."), avoid=[foot, top])
    assert panel.bottom == area.bottom - 12 and panel.right < foot.left, panel
    assert 6 <= foot.left - panel.right <= 12, panel


def test_a_banner_finds_a_gap_just_wider_than_itself_rather_than_hide_cards():
    # the felt covered but for one gap 4 px wider than the narrowest panel: the panel
    # stands in it, touching the cards, rather than over them. (The gap is at one of
    # the even steps across the felt; see _tries.)
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    felt = cards_at(
        (0, 60, 236, 640), (598, 60, 682, 640), (236, 60, 362, 190), (236, 500, 362, 200)
    )
    panel = draw_banner(surface, area, Banner(MESSAGE), avoid=felt)
    assert panel.collidelist(felt) == -1, panel


def legend_of(ruleset: str, place: pygame.Rect, surface: pygame.Surface | None = None):
    from game.rules import Game
    from game.scenes.table_overlay import draw_legend

    surface = surface or pygame.Surface((1280, 800))
    return draw_legend(surface, place, Game(ruleset, deal=8), [])


def test_the_legend_in_a_low_place_stays_within_it():
    # wide enough for its lines, too low for them at its largest: smaller, not past
    # the place's foot
    place = pygame.Rect(900, 60, 370, 60)
    assert place.contains(legend_of("pyramid36", place))


def test_the_legend_in_a_narrow_place_stays_within_it():
    # "A = 1, J = 11, Q = 12, K = 13" on one line ran out of a place 150 px wide even at
    # the least size: the values go two a line
    place = pygame.Rect(1120, 60, 150, 200)
    drawn = legend_of("pyramid52", place)
    assert place.contains(drawn), drawn


def test_the_legend_stands_at_the_right_of_its_place():
    # the top right corner, away from the pyramid in the middle
    place = pygame.Rect(800, 60, 470, 200)
    drawn = legend_of("pyramid52", place)
    assert drawn.right == place.right and drawn.left > place.left + 100, drawn


def test_the_legend_s_sum_is_in_gold_over_its_values():
    from game.ui import theme

    surface = pygame.Surface((1280, 800))
    drawn = legend_of("pyramid52", pygame.Rect(800, 60, 470, 200), surface)
    first = pygame.Rect(drawn.x, drawn.y, drawn.width, drawn.height // 3)
    rest = pygame.Rect(drawn.x, first.bottom, drawn.width, drawn.bottom - first.bottom)

    def colours(r: pygame.Rect) -> set[tuple[int, int, int]]:
        return {
            tuple(surface.get_at((x, y))[:3])
            for x in range(r.left, r.right)
            for y in range(r.top, r.bottom)
        }

    assert theme.GOLD[:3] in colours(first) and theme.GOLD[:3] not in colours(rest)


def test_a_win_s_words_have_dark_felt_round_them_not_only_under_them():
    # the band reaches past the words' ends: a card's colours up to the letters made them
    # hard to read
    from game.scenes.table_overlay import draw_celebration_words
    from game.ui import theme

    surface = pygame.Surface((1280, 800))
    surface.fill((255, 255, 255))  # a card's white
    band = draw_celebration_words(surface, pygame.Rect(0, 60, 1280, 640), "The patience came out!")
    gold = [
        x
        for x in range(band.left, band.right)
        for y in range(band.top, band.bottom)
        if surface.get_at((x, y))[:3] == theme.GOLD[:3]
    ]
    assert min(gold) - band.left >= 13 and band.right - 1 - max(gold) >= 13, band


def test_a_banner_whose_foot_is_taken_stands_at_the_top_of_the_felt():
    # the top or the foot first: the middle of the felt is where the cards are dealt
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    card = pygame.Rect(600, 600, 80, 100)  # under the middle of the foot
    panel = draw_banner(surface, area, Banner(MESSAGE), avoid=[card])
    assert panel.top == area.top + 12 and panel.centerx == area.centerx, panel


def test_a_banner_between_two_walls_of_cards_is_as_wide_as_the_felt_between_them_allows():
    # tried in widths close together: between walls 730 px apart the message took three
    # lines of a panel 560 wide where two lines of one 690 wide fitted
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 60, 1280, 640)
    walls = cards_at((0, 60, 270, 640), (1000, 60, 280, 640))
    panel = draw_banner(surface, area, Banner(MESSAGE), avoid=walls)
    assert keeps_a_margin(panel, walls), panel
    assert panel.width > 640, panel  # 693, the widest tried that keeps a margin; not 559
