"""Widgets: where wrapped lines may break, and how thick edges are drawn."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.render.preview import framed_box
from game.ui import theme
from game.ui.widgets import Button, balanced_wrap, words_of, wrap


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield


def test_a_no_break_space_holds_its_neighbours_together():
    assert words_of("Расклад №\u00a012 сегодня") == ["Расклад", "№\u00a012", "сегодня"]


@pytest.mark.parametrize("mark", ["—", "–", "·"])
def test_no_line_opens_with_a_dash_or_a_middle_dot(mark):
    # "F — собрать" broke after the F; an option line broke before its "·"
    text = f"Passes through the stock: one {mark} Cards onto piles: from the waste"
    font = theme.font(16)
    for width in range(60, 600, 7):
        lines = wrap(text, font, width)
        assert not any(line.startswith(mark) for line in lines), (width, lines)
        assert " ".join(lines) == text


def test_a_count_stays_with_the_word_after_it():
    # the arcade's opening line broke "· 3" from "lives" at 800x600
    text = "Arcade ladder · level 2 of 9: Nothing Better to Do · 3 lives"
    assert words_of(text)[-1] == "3 lives"
    # one that opens a bracket too: "От нечего делать (10" closed a line
    assert "(10 стопок) ·" in words_of("От нечего делать (10 стопок) · 3 жизни")
    font = theme.font(16)
    for width in range(60, 600, 7):
        lines = wrap(text, font, width)
        assert not any(line.split()[-1].isdigit() for line in lines[:-1]), (width, lines)
        assert " ".join(lines) == text


def test_a_word_of_one_letter_never_ends_a_line():
    # "Отсюда пасьянс уже не сойдётся. В / лучшем случае останется 234 очка."
    text = "Отсюда пасьянс уже не сойдётся. В лучшем случае останется 234 очка и я с ним"
    assert words_of(text)[4:] == ["В лучшем", "случае", "останется", "234 очка", "и я с ним"]
    font = theme.font(16)
    for width in range(60, 600, 7):
        lines = wrap(text, font, width)
        assert not any(len(line.split()[-1]) == 1 for line in lines[:-1]), (width, lines)
        assert " ".join(lines) == text


def test_a_word_of_one_letter_opening_a_bracket_never_ends_a_line():
    # "…как можно меньше очков (в / лучшем случае 26 очков)."
    text = "играйте на как можно меньше очков (в лучшем случае 26 очков)."
    assert "(в лучшем" in words_of(text)
    font = theme.font(16)
    for width in range(60, 600, 7):
        lines = wrap(text, font, width)
        assert not any(line.endswith("(в") for line in lines[:-1]), (width, lines)


def test_the_particle_ne_never_ends_a_line():
    # the menu's Continue broke the fortune's name: "Неоконченная партия: Сбудется — не"
    # over "сбудется · Расклад № 8 · 1 ход · 0:40"
    text = "Неоконченная партия: Сбудется — не сбудется · Расклад №\u00a08 · 1 ход · 0:40"
    assert words_of(text)[2:4] == ["Сбудется —", "не сбудется ·"]
    assert words_of("Не сбудется, ни за что")[:2] == ["Не сбудется,", "ни за что"]
    font = theme.font(16)
    for width in range(60, 600, 7):
        lines = wrap(text, font, width)
        assert not any(line.split()[-1] in ("не", "ни") for line in lines[:-1]), (width, lines)


def test_a_russian_preposition_of_two_letters_never_ends_a_line():
    # the rules' lines ended in «по» and «на», their words opening the next ("остальные
    # — по" over "номиналу"), in every patience's Russian rules, at every width
    from game.rules import rulesets

    assert words_of("остальные — по номиналу")[-1] == "по номиналу"
    assert words_of("карты на 36 карт")[-1] == "на 36 карт"
    font = theme.font(16)
    leaning = ("по", "на", "от", "до", "за", "из", "об", "во", "ко", "со", "но")
    for ruleset in rulesets().values():
        text = ruleset.text["ru"]["rules"]
        for width in range(180, 700, 37):
            lines = [
                line for paragraph in text.split("\n\n") for line in wrap(paragraph, font, width)
            ]
            ends = [line.split()[-1].lower() for line in lines if line.split()]
            assert not any(end in leaning for end in ends), (ruleset.id, width)


def _run_of(surface, colour, y, x0):
    """How many pixels of `colour` lie in a row from (x0, y) to the right."""
    n = 0
    while surface.get_at((x0 + n, y))[:3] == colour:
        n += 1
    return n


@pytest.mark.parametrize("height, plain, selected", [(46, 1, 2), (124, 3, 6)])
def test_a_buttons_edge_grows_with_the_button(height, plain, selected):
    # At 4K a button is some 120 px high, and its 1-px edge all but vanished; the
    # gold edge of a selected choice read as no edge at all
    surface = pygame.Surface((400, 200))
    for is_selected, colour, width in (
        (False, theme.BUTTON_EDGE, plain),
        (True, theme.GOLD, selected),
    ):
        surface.fill((0, 0, 0))
        button = Button("Draw", lambda: None, pygame.Rect(10, 10, 300, height))
        button.selected = is_selected
        button.draw(surface, 20)
        assert _run_of(surface, colour, button.rect.centery, 10) == width


@pytest.mark.parametrize("edge", [1, 3])
def test_a_framed_box_has_the_edge_it_is_given(edge):
    surface = pygame.Surface((300, 300))
    surface.fill((0, 0, 0))
    framed_box(surface, pygame.Rect(20, 20, 200, 200), theme.PANEL, 255, 16, edge)
    assert _run_of(surface, theme.BUTTON_EDGE, 120, 20) == edge


def test_balanced_lines_are_as_many_and_leave_no_word_alone():
    font = theme.font(20)
    text = "Points and cards left on the table: the fewest first; 0 points is a win."
    # all but the last words fit (a word of one letter goes with the word after it)
    width = font.size(text)[0] - font.size(" a win.")[0] + 2
    assert wrap(text, font, width)[-1] == "a win."
    lines = balanced_wrap(text, font, width)
    assert len(lines) == 2 and " ".join(lines) == text
    assert all(font.size(line)[0] <= width for line in lines)
    shorter, longer = sorted(font.size(line)[0] for line in lines)
    assert shorter > longer * 0.6
    assert balanced_wrap("One line", font, 500) == ["One line"]


def test_each_paragraph_is_evened_out_on_its_own():
    # "Still playing?" on its line, then the rest: left unevened, it ended on a lone word
    font = theme.font(16)
    rest = "Touch the screen to go on: in 14 seconds the game ends."
    width = font.size(rest)[0] * 3 // 4
    lines = balanced_wrap(f"Still playing?\n{rest}", font, width)
    assert lines[0] == "Still playing?" and lines[1:] == balanced_wrap(rest, font, width)
    assert len(lines) == 3 and all(font.size(line)[0] <= width for line in lines)
    assert min(len(line) for line in lines[1:]) > 10


@pytest.mark.parametrize(
    ("text", "first"),
    [
        # the arcade's opening line split the patience's name: "…9: От" / "нечего делать…"
        ("Аркада · уровень 1 из 9: От нечего делать · 3 жизни", "Аркада · уровень 1 из 9:"),
        ("Загадайте желание. Если пасьянс сойдётся, оно сбудется.", "Загадайте желание."),
    ],
)
def test_two_lines_break_after_a_clause_where_it_is_nearly_as_even(text, first):
    font = theme.font(16)
    width = font.size(text)[0] * 3 // 4
    assert len(wrap(text, font, width)) == 2
    lines = balanced_wrap(text, font, width)
    assert lines[0] == first and " ".join(lines) == text
    assert all(font.size(line)[0] <= width for line in lines)


def test_a_clause_too_short_to_stand_as_a_line_does_not_take_the_break():
    font = theme.font(16)
    text = "Hello, this sentence runs on far past the comma that opens it, into two lines."
    lines = balanced_wrap(text, font, font.size(text)[0] * 3 // 4)
    assert len(lines) == 2 and lines[0] != "Hello,"


@pytest.mark.parametrize("scale", [0.6, 0.75, 0.9, 1.0, 1.5, 2.0, 3.0])
def test_a_focus_ring_stands_apart_from_a_chosen_button_s_gold_edge(scale):
    # at 1280x720 the blue ring lay straight on the gold edge of Play (1.18:1), and a
    # focused gold button looked only like one with a thicker gold edge
    from game.ui.pad import ButtonPad

    surface = pygame.Surface((600, 300))
    surface.fill(theme.PANEL)
    button = Button("Play", lambda: None, key="play", selected=True)
    button.rect = pygame.Rect(200, 100, round(200 * scale), round(42 * scale))
    pad = ButtonPad()
    pad.set([button])
    pad.show_focus = True
    button.draw(surface, 16)
    pad.draw_focus(surface, scale)
    row = button.rect.centery
    leftwards = [tuple(surface.get_at((x, row)))[:3] for x in range(button.rect.left, 150, -1)]
    assert leftwards[0] == theme.GOLD
    ring = next(i for i, c in enumerate(leftwards) if c == theme.FOCUS)
    between = leftwards[1:ring]
    assert sum(c not in (theme.GOLD, theme.FOCUS) for c in between) >= 2, between


@pytest.mark.parametrize("key", [pygame.K_DOWN, pygame.K_UP])
def test_an_arrow_into_a_row_of_choices_lands_on_its_choice(key):
    # from above, Down rang "three times" while "once" stayed gold: two choices lit
    from game.ui.pad import ButtonPad

    def button(key: str, x: int, y: int, group: str = "", selected: bool = False) -> Button:
        b = Button(key, lambda: None, key=key, group=group, selected=selected)
        b.rect = pygame.Rect(x, y, 100, 40)
        return b

    once = button("once", 0, 100, "passes", selected=True)
    thrice = button("thrice", 120, 100, "passes")
    above, below = button("above", 130, 0), button("below", 130, 200)
    pad = ButtonPad()
    pad.set([above, once, thrice, below])
    pad.focus_key, pad.show_focus = ("above" if key == pygame.K_DOWN else "below"), True
    pad.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""), 1.0)
    assert pad.focus_key == "once"


def test_an_arrow_across_into_a_row_of_choices_and_back_chooses_nothing():
    # Right from the list, onto the row's choice in its middle, then Left: it chose
    # the choice before ("two passes" became one, and Play dealt one)
    from game.ui.pad import ButtonPad

    chosen: list[str] = []

    def button(key: str, x: int, group: str = "", selected: bool = False) -> Button:
        b = Button(key, lambda: chosen.append(key), key=key, group=group, selected=selected)
        b.rect = pygame.Rect(x, 100, 100, 40)
        b.chosen_by_arrows = bool(group)
        return b

    pad = ButtonPad()
    pad.set(
        [button("list", 0), button("once", 120, "passes"), button("twice", 240, "passes", True)]
    )
    pad.focus_key, pad.show_focus = "list", True
    press = pygame.event.Event
    pad.handle_event(press(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""), 1.0)
    # on the row's choice, not the nearest: the ring on "once" beside "twice" in gold
    # lit two ways, and Enter chose the one ringed
    assert pad.focus_key == "twice" and chosen == []
    pad.handle_event(press(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""), 1.0)
    assert pad.focus_key == "list" and chosen == []


def test_a_banner_s_enter_button_is_gold_and_only_where_enter_presses_it():
    # a replay's end showed no ring and no gold: what Enter did was a guess
    from game.scenes.table_overlay import Banner

    def buttons() -> list[Button]:
        return [Button("Take back", lambda: None, key="a"), Button("Play on", lambda: None)]

    assert [b.selected for b in Banner("Won.", buttons()).buttons] == [True, False]
    # where Enter first shows the focus (it ends what the player may not mean to end)
    assert [b.selected for b in Banner("Sure?", buttons(), enter=False).buttons] == [False, False]


def test_a_banner_s_gold_button_with_the_keys_on_it_is_ringed_too():
    # gold for Enter and the focus's blue edge are one edge: the gold alone hid that
    # the keys were on the wish's only button
    from game.scenes.table_overlay import Banner, draw_banner

    surface = pygame.Surface((1280, 800))
    surface.fill(theme.FELT)
    made = Button("I have made my wish", lambda: None, key="wish")
    banner = Banner("Make a wish.", [made])
    made.focused = True
    draw_banner(surface, surface.get_rect(), banner)
    row = made.rect.centery
    leftwards = [
        tuple(surface.get_at((x, row)))[:3] for x in range(made.rect.left, made.rect.left - 16, -1)
    ]
    assert leftwards[0] == theme.GOLD and theme.FOCUS in leftwards[1:]


def test_an_arrow_past_a_row_of_choices_end_goes_on_only_to_a_button_in_line():
    # one press past "Ace" took the ring across the screen to Quit, whose Enter closed
    # the game at once; Left from the row's first choice still reaches the list beside
    from game.ui.pad import ButtonPad

    chosen: list[str] = []

    def choose(key: str) -> None:
        chosen.append(key)
        for b in row:
            b.selected = b.key == key

    def button(key: str, x: int, y: int, group: str = "", selected: bool = False) -> Button:
        b = Button(key, lambda: choose(key), key=key, group=group, selected=selected)
        b.rect = pygame.Rect(x, y, 100, 40)
        b.chosen_by_arrows = bool(group)
        return b

    quit_button = button("quit", 700, 0)
    row = [button(k, 200 + 120 * i, 300, "base", i == 0) for i, k in enumerate("FKA")]
    pad = ButtonPad()
    pad.set([button("list", 0, 280), *row, quit_button])
    pad.focus_key, pad.show_focus = "F", True

    def press(key: int) -> None:
        pad.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""), 1.0)

    for _ in range(4):
        press(pygame.K_RIGHT)
    assert pad.focus_key == "A" and chosen == ["K", "A"]
    for _ in range(2):
        press(pygame.K_LEFT)
    assert pad.focus_key == "F" and chosen == ["K", "A", "K", "F"]
    press(pygame.K_LEFT)
    assert pad.focus_key == "list"


@pytest.mark.parametrize("text_size", [12, 13, 15])
def test_the_deal_field_s_hint_is_never_drawn_smaller_than_11_px(monkeypatch, text_size):
    # Russian's «случайный (наберите номер)» shrank to 9 px at 768x1024, the least text
    # on any screen: the bracket is left out first
    from game import i18n
    from game.ui import deal_field

    drawn: list[tuple[str, int]] = []
    monkeypatch.setattr(
        deal_field, "draw_text", lambda _s, text, size, *a, **k: drawn.append((text, size))
    )
    i18n.set_language("ru")
    try:
        surface = pygame.Surface((400, 60))
        for width in range(120, 400, 4):
            deal_field.draw_deal_field(surface, pygame.Rect(0, 0, width, 40), "", text_size, 0.7)
    finally:
        i18n.set_language("en")
    assert min(size for _text, size in drawn) >= 11
    assert {text for text, _size in drawn} == {"случайный", "случайный (наберите номер)"}


def test_a_banner_kept_in_its_place_gives_way_to_a_card_come_under_it():
    from game.scenes.table_overlay import Banner, draw_banner

    surface = pygame.Surface((1280, 800))
    area = surface.get_rect()
    banner = Banner("The solver plays.", [Button("Faster", lambda: None)])
    first = draw_banner(surface, area, banner, small=True, avoid=[])
    corner = first.move(300, -400).clamp(area.inflate(-40, -40))
    kept = draw_banner(surface, area, banner, small=True, avoid=[], keep=corner)
    assert kept.midbottom == corner.midbottom  # where it stood, not the best place
    card = pygame.Rect(0, 0, 80, 110)
    card.center = corner.center
    moved = draw_banner(surface, area, banner, small=True, avoid=[card], keep=corner)
    assert not moved.colliderect(card)


def test_a_line_too_long_splits_in_two_at_the_joint_that_evens_them_out():
    # "Проходы по колоде: / два": a break within an item left its name and value apart
    from game.ui.widgets import split_at_joints

    font = theme.font(11)
    text = "Число карт: 32 · Стопки: 10 · Проходы по колоде: два · Карты на стопки: нельзя"
    assert split_at_joints(text, font, 2000) == [text]
    width = font.size(text)[0] * 2 // 3
    lines = split_at_joints(text, font, width)
    assert lines == [
        "Число карт: 32 · Стопки: 10",
        "Проходы по колоде: два · Карты на стопки: нельзя",
    ]
    assert all(font.size(line)[0] <= width for line in lines)
    assert split_at_joints("", font, 100) == []
    # no joint fits: as balanced_wrap gives it
    narrow = font.size("Проходы по колоде: два")[0] - 1
    assert len(split_at_joints(text, font, narrow)) > 2


@pytest.mark.parametrize("scale", [0.7, 1.0, 1.5])
@pytest.mark.parametrize("text_size", [14, 16, 20])
def test_a_deal_field_as_wide_as_digits_width_shows_ten_digits_unshrunk(
    monkeypatch, scale, text_size
):
    # the menu puts the field's name above it when the field beside it would be
    # narrower than this: at this width the most digits must show at the field's size
    from game.ui import deal_field

    drawn: list[tuple[str, int]] = []
    real_draw = deal_field.draw_text

    def recording(surface, text, size, *args, **kwargs):
        drawn.append((text, size))
        return real_draw(surface, text, size, *args, **kwargs)

    monkeypatch.setattr(deal_field, "draw_text", recording)
    height = -(-text_size * 100 // 42)  # the field's digits are 0.42 of its height
    assert int(height * 0.42) == text_size
    field = pygame.Rect(0, 0, deal_field.digits_width(text_size, scale), height)
    surface = pygame.Surface((field.width + 40, height))
    digits = "9" * deal_field.DEAL_DIGITS
    deal_field.draw_deal_field(surface, field, digits, text_size, scale)
    assert drawn == [(digits, text_size)]


def test_a_label_exactly_as_wide_as_its_room_keeps_its_size():
    # fitting_size shrinks a label only where it would not fit: one that just fits kept
    # a size smaller than its neighbours' for nothing
    from game.ui.widgets import fitting_size

    for text in ("Play", "Cancel", "Deal number"):
        for size in (14, 20, 28):
            exact = theme.font(size, bold=True).size(text)[0]
            assert fitting_size(text, size, exact, bold=True) == size
            assert fitting_size(text, size, exact - 1, bold=True) < size


@pytest.mark.parametrize("text_size", [13, 15])
def test_the_deal_field_s_hint_keeps_its_bracket_down_to_11_px(monkeypatch, text_size):
    # the bracket tells a keyboard player digits may be typed: it gives way only where
    # even 11 px (the least a line in the field shrinks to) does not take it
    from game.ui import deal_field

    drawn: list[tuple[str, int]] = []
    monkeypatch.setattr(
        deal_field, "draw_text", lambda _s, text, size, *a, **k: drawn.append((text, size))
    )
    hint = "random (type a number)"
    inset = 10  # the field's inset at scale 1
    fits_11 = theme.font(11).size(hint)[0]
    assert theme.font(12).size(hint)[0] > fits_11
    surface = pygame.Surface((400, 60))
    deal_field.draw_deal_field(
        surface, pygame.Rect(0, 0, fits_11 + 2 * inset, 40), "", text_size, 1.0
    )
    deal_field.draw_deal_field(
        surface, pygame.Rect(0, 0, fits_11 + 2 * inset - 1, 40), "", text_size, 1.0
    )
    assert drawn[0] == (hint, 11) and drawn[1][0] == "random"


def test_the_digits_typed_are_the_size_of_the_labels_of_buttons_as_high(monkeypatch):
    # the field stands in a row of buttons (Clear beside it): its digits read in the
    # size their labels take (layout_row's 0.42 of the height), not larger nor smaller
    from game.ui import deal_field

    drawn: list[tuple[str, int]] = []
    monkeypatch.setattr(
        deal_field,
        "draw_text",
        lambda _s, text, size, *a, **k: drawn.append((text, size)) or pygame.Rect(0, 0, 10, 10),
    )
    surface = pygame.Surface((600, 120))
    for height in (30, 40, 48, 64, 90):
        drawn.clear()
        deal_field.draw_deal_field(surface, pygame.Rect(0, 0, 600, height), "42", 16, 1.0)
        assert drawn == [("42", max(11, int(height * 0.42)))], height


def test_a_finger_s_slack_reaches_as_far_out_on_every_side():
    # a finger's press `margin` px off a button's edge is the button's, one further not
    from game.ui.widgets import button_at

    b = Button("Play", lambda: None, pygame.Rect(100, 100, 80, 40), key="play")
    for margin in (8, 12):
        for inside, outside in (
            ((100 - margin, 120), (99 - margin, 120)),  # left
            ((179 + margin, 120), (180 + margin, 120)),  # right
            ((140, 100 - margin), (140, 99 - margin)),  # above
            ((140, 139 + margin), (140, 140 + margin)),  # below
        ):
            assert b.hit(inside, margin) and button_at([b], inside, margin) is b
            assert not b.hit(outside, margin) and button_at([b], outside, margin) is None
    b.enabled = False
    assert not b.hit((140, 120)) and button_at([b], (140, 120), 8) is None


def test_the_caret_stands_just_after_the_last_digit_typed(monkeypatch):
    from game.ui import deal_field

    shown: list[pygame.Rect] = []
    real_draw = deal_field.draw_text

    def recording(*args, **kwargs):
        shown.append(real_draw(*args, **kwargs))
        return shown[-1]

    monkeypatch.setattr(deal_field, "draw_text", recording)
    surface = pygame.Surface((400, 60))
    field = pygame.Rect(10, 10, 300, 40)
    deal_field.draw_deal_field(surface, field, "4207", 16, 1.0)
    gold = [
        x
        for x in range(field.left, field.right)
        for y in range(field.top, field.bottom)
        if tuple(surface.get_at((x, y)))[:3] == theme.GOLD
    ]
    assert gold and min(gold) >= shown[0].right and max(gold) <= shown[0].right + 6


def test_a_button_s_fill_says_whether_it_is_chosen_pressed_lit_or_off():
    surface = pygame.Surface((300, 100))

    def fill_of(**state) -> tuple[int, int, int]:
        surface.fill((0, 0, 0))
        b = Button("", lambda: None, pygame.Rect(10, 10, 200, 60), **state)
        b.draw(surface, 16)
        return tuple(surface.get_at((30, 40)))[:3]  # inside, off the label

    assert fill_of() == theme.BUTTON
    assert fill_of(hot=True) == theme.BUTTON_HOVER
    assert fill_of(pressed=True, hot=True) == theme.BUTTON_DOWN
    assert fill_of(enabled=False, hot=True) == theme.PANEL
    # a choice on: lit as under the pointer, pressed or not
    assert fill_of(selected=True) == theme.BUTTON_HOVER
    assert fill_of(selected=True, pressed=True) == theme.BUTTON_HOVER
