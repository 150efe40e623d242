"""The table's bars (game.scenes.table_hud) drawn alone: what gives way on a narrow top
bar, the keys' captions under the replay's buttons, the buttons' height."""

import pygame
import pytest

from game.scenes.table_hud import Hud, HudFigures
from game.ui import theme
from game.ui.widgets import Button

FIGURES = ("Stock", "Pass", "Moves", "4:05")


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()


def figures(**given: object) -> HudFigures:
    """An Egyptian game's figures in play, with what a test gives."""
    egyptian: dict[str, object] = {
        "title": "Egyptian Pyramid",
        "short_title": "Egyptian",
        "deal": "Deal 3",
        "stock": 24,
        "passes": (1, 1),
        "moves": 12,
        "clock": "4:05",
        "cards": 40,
        "points": 300,
    }
    return HudFigures(**(egyptian | given))  # type: ignore[arg-type]


def narrowing_bars(f: HudFigures):
    """The top bar with `f` drawn at every width from 1600 px down, 10 px at a time."""
    for width in range(1600, 300, -10):
        hud = Hud()
        hud.layout((width, 300))
        hud.draw_top(pygame.Surface((width, 300)), f)
        yield width, hud


def first_figures_given_up(passes: int) -> set[str]:
    """The figures missing from the top bar at the widest window that cannot hold them
    all, narrowing it 10 px at a time."""
    f = figures(passes=(1, passes))
    for _width, hud in narrowing_bars(f):
        missing = {figure for figure in FIGURES if figure not in hud.stats_shown}
        if missing:
            return missing
    raise AssertionError("every figure fitted at every width")


def test_with_one_pass_the_pass_gives_way_first():
    # "Pass 1 of 1" counts nothing; the stock's count stays
    assert first_figures_given_up(passes=1) == {"Pass"}


def test_with_passes_to_count_the_stock_s_count_gives_way_first():
    # which pass is played matters in play; the stock's pile shows its count as well
    assert first_figures_given_up(passes=3) == {"Stock"}


def ink_width(surface: pygame.Surface, area: pygame.Rect) -> int:
    """How wide what is drawn over the bar's colour in `area` is."""
    xs = [
        x
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
        if surface.get_at((x, y))[:3] != theme.PANEL[:3]
    ]
    return max(xs) - min(xs) + 1 if xs else 0


def test_a_caption_that_is_one_sign_is_drawn_larger_than_a_word_s_letters():
    # the replay's "−" under Slower at the letters' size was a dash 2 px long
    hud = Hud()
    hud.captions = {"slower": "−"}
    hud.set_buttons([Button("Slower", lambda: None, key="slower")])
    hud.layout((1280, 800))
    surface = pygame.Surface((1280, 800))
    hud.draw_bottom(surface)
    button = hud.buttons[0].rect
    under = pygame.Rect(
        button.left, button.bottom + 1, button.width, hud.bottom.bottom - button.bottom - 1
    )
    letters = theme.font(hud._caption_size(), bold=True).render("−", True, theme.INK)
    assert ink_width(surface, under) >= 1.4 * letters.get_bounding_rect().width


def test_a_short_screen_standing_up_keeps_its_buttons_low():
    # at 600x800 two rows of buttons a finger high left the table's words no room under
    # the cards; at 600x1024 there is height to spare for them
    short, tall = Hud(), Hud()
    short.layout((600, 800))
    tall.layout((600, 1024))
    assert short.bottom.height <= 2 * 40
    assert tall.button_h >= theme.SMALLEST_BUTTON


def test_standing_up_the_names_and_the_figures_have_a_line_each(monkeypatch):
    # a screen standing up has no width for every figure beside the names: the figures
    # take a second line, and the bar is as high as two
    from game.scenes import table_hud

    drawn: list[pygame.Rect] = []

    def recording(*args, **kwargs):
        rect = draw_text(*args, **kwargs)
        drawn.append(rect)
        return rect

    draw_text = table_hud.draw_text
    monkeypatch.setattr(table_hud, "draw_text", recording)
    hud = Hud()
    hud.layout((1080, 1920))
    f = figures()
    hud.draw_top(pygame.Surface((1080, 1920)), f)
    assert hud.stats_shown and len(drawn) >= 3
    # each line clear of the bar's edges: squeezed into one line's height, the names lay
    # on the window's top edge and the figures on the bar's foot
    inside = hud.top.inflate(0, -2 * (hud.text_size // 4))
    for i, rect in enumerate(drawn):
        assert inside.contains(rect), (rect, inside)
        assert all(not rect.colliderect(other) for other in drawn[i + 1 :]), (rect, drawn)


def test_on_two_rows_of_buttons_an_odd_one_goes_to_the_last():
    # the replay's Slower, speed and Faster stay together at the end of the bar
    hud = Hud()
    hud.layout((600, 1024))  # standing up: two rows
    hud.set_buttons([Button(str(i), lambda: None, key=str(i)) for i in range(5)])
    rows = sorted({b.rect.y for b in hud.buttons})
    assert len(rows) == 2
    assert [sum(b.rect.y == y for b in hud.buttons) for y in rows] == [2, 3]


@pytest.mark.parametrize("size", [(1280, 800), (600, 1024)])
def test_the_keys_captions_add_room_and_take_none_from_the_buttons(size):
    # the replay's captions under its buttons, on one row or two standing up
    plain, captioned = Hud(), Hud()
    captioned.captions = {"0": "Space"}
    for hud in (plain, captioned):
        hud.set_buttons([Button(str(i), lambda: None, key=str(i)) for i in range(6)])
        hud.layout(size)
    assert captioned.button_h == plain.button_h
    assert captioned.bottom.height > plain.bottom.height


def test_a_crowded_bar_keeps_its_buttons_off_the_window_s_sides():
    # shrunk to fit, the row still stands in from the window's edges
    hud = Hud()
    hud.layout((800, 600))
    labels = [
        "New deal",
        "Restart",
        "Undo",
        "Redo",
        "Hint",
        "Demo",
        "Finish",
        "Give up",
        "Rules",
        "Menu",
    ]
    hud.set_buttons([Button(label * 2, lambda: None, key=label) for label in labels])
    left, right = hud.buttons[0].rect.left, hud.buttons[-1].rect.right
    assert left >= hud.button_h // 6 and 800 - right >= hud.button_h // 6, (left, right)


def test_before_the_deal_the_bar_counts_nothing(monkeypatch):
    # a fortune's wish not yet made: no cards left to count, no moves, no clock
    from game.scenes import table_hud
    from tests.scenes.driver import texts_drawn

    said = texts_drawn(monkeypatch, table_hud)
    hud = Hud()
    hud.layout((1280, 800))
    f = figures(
        title="Will It Come True",
        short_title="Will It Come True",
        stock=0,
        passes=(1, 3),
        moves=0,
        clock="0:00",
        cards=36,
        points=0,
        counted=False,
    )
    hud.draw_top(pygame.Surface((1280, 800)), f)
    assert said == ["Will It Come True", "Deal 3"]
    assert hud.stats_shown == "" and hud.score_left == hud.top.right


def test_a_replay_s_moves_say_how_far_of_how_many():
    # "Moves 12" of a replay of 376 said nothing of how far it had come
    hud = Hud()
    hud.layout((1280, 800))
    f = figures(moves_of=376)
    hud.draw_top(pygame.Surface((1280, 800)), f)
    assert "Moves 12 of 376" in hud.stats_shown


def test_the_deal_in_short_goes_beside_the_name_whole_first():
    # on a narrowing bar the deal's place in short comes with the game's whole name,
    # before the name in short too
    f = figures(deal="Deal of the day, 7 December 2026", short_deal="Day")
    for width, hud in narrowing_bars(f):
        if hud.deal_shown == "Day":
            assert hud.title_shown == "Egyptian Pyramid", width
            return
    raise AssertionError("the deal never went short")


def test_the_name_goes_short_before_the_deal_does():
    # a deal's number left out could not be told from the screen; a name in short can
    f = figures(title="Egyptian Pyramid, old rules", short_title="Egyptian (old)", short_deal="#3")
    for width, hud in narrowing_bars(f):
        if hud.title_shown != f.title:
            assert hud.title_shown == "Egyptian (old)" and hud.deal_shown == "Deal 3", width
            return
    raise AssertionError("the name never went short")


def test_standing_up_a_deal_too_long_for_either_line_leads_the_figures_in_short():
    # the day's deal, with no room on the names' line nor whole before the figures
    f = figures(
        title="Egyptian Pyramid, old rules, a long name",
        short_title="Egyptian (old)",
        deal="Deal of the day, Monday 7 December 2026, the first",
        short_deal="Day",
        passes=(1, 3),
    )
    hud = Hud()
    hud.layout((480, 800))
    hud.draw_top(pygame.Surface((480, 800)), f)
    assert hud.deal_shown == "Day" and hud.stats_shown.startswith("Day   ")


def drawn_with_rects(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """The texts the bars draw from now on, each with where it was drawn."""
    from game.scenes import table_hud

    drawn: list[tuple[str, pygame.Rect]] = []
    real = table_hud.draw_text

    def recording(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(table_hud, "draw_text", recording)
    return drawn


def inks(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    """The colours drawn in `rect` other than the bar's."""
    return {
        tuple(surface.get_at((x, y))[:3])
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    } - {theme.PANEL[:3]}


def test_the_deal_is_dimmer_than_the_name_and_the_mark_is_a_warning(monkeypatch):
    # the name reads first; "assisted" beside them in the warning's colour
    drawn = drawn_with_rects(monkeypatch)
    hud = Hud()
    hud.layout((1280, 800))
    surface = pygame.Surface((1280, 800))
    hud.draw_top(surface, figures(mark="assisted"))
    where = dict(drawn)
    assert theme.INK[:3] in inks(surface, where["Egyptian Pyramid"])
    deal = inks(surface, where["Deal 3"])
    assert theme.INK_DIM[:3] in deal and theme.INK[:3] not in deal
    mark = inks(surface, where["assisted"])
    assert theme.WARN[:3] in mark and theme.INK_DIM[:3] not in mark


def test_a_caption_is_dim_as_its_button_when_its_key_does_nothing(monkeypatch):
    # the replay's "Space" under Pause, "End" under a button that cannot be pressed
    drawn = drawn_with_rects(monkeypatch)
    hud = Hud()
    hud.captions = {"pause": "Space", "end": "End"}
    at_end = Button("To the end", lambda: None, key="end")
    at_end.enabled = False
    hud.set_buttons([Button("Pause", lambda: None, key="pause"), at_end])
    hud.layout((1280, 800))
    surface = pygame.Surface((1280, 800))
    surface.fill(theme.PANEL)
    hud.draw_bottom(surface)
    where = dict(drawn)
    live, dead = inks(surface, where["Space"]), inks(surface, where["End"])
    assert theme.INK_DIM[:3] in live and theme.DISABLED[:3] not in live
    assert theme.DISABLED[:3] in dead and theme.INK_DIM[:3] not in dead


def focus_round(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of the focus's colour just outside `rect`, where the bar's ring stands."""
    around = rect.inflate(rect.height // 2, rect.height // 2).clip(surface.get_rect())
    return sum(
        surface.get_at((x, y))[:3] == theme.FOCUS[:3]
        for x in range(around.left, around.right)
        for y in range(around.top, around.bottom)
        if not rect.collidepoint(x, y)
    )


def test_the_ring_stands_round_the_button_with_the_focus_not_the_one_under_the_pointer():
    # the keys' place and the mouse's are two: the ring says where Enter goes
    hud = Hud()
    labels = ("Undo", "Redo", "Hint", "Rules")
    hud.set_buttons([Button(label, lambda: None, key=label) for label in labels])
    hud.layout((1280, 800))
    focused, under_pointer = hud.buttons[0], hud.buttons[-1]  # apart: one ring, not both
    focused.focused = under_pointer.hot = True
    surface = pygame.Surface((1280, 800))
    hud.draw_bottom(surface)
    assert focus_round(surface, focused.rect) > 0
    assert focus_round(surface, under_pointer.rect) == 0


def test_a_crowded_bar_s_labels_are_all_one_size():
    # each label fitted to its own button alone, a kiosk's row at 1024x768 read as two
    # rows of words in two sizes
    hud = Hud()
    hud.layout((800, 600))
    labels = ["NEW DEAL NOW", "RESTART IT", "UNDO", "REDO", "HINT", "DEMO", "FINISH"]
    labels += ["GIVE UP", "RULES", "MENU"]  # the first two too long for their buttons
    hud.set_buttons([Button(label, lambda: None, key=label) for label in labels])
    surface = pygame.Surface((800, 600))
    hud.draw_bottom(surface)

    def letters_high(rect: pygame.Rect) -> int:  # capitals: their ink's height
        ys = [
            y
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
            if surface.get_at((x, y))[:3] == theme.INK[:3]
        ]
        return max(ys) - min(ys)

    assert len({letters_high(b.rect) for b in hud.buttons}) == 1


def test_the_figures_stand_in_the_middle_of_a_bar_with_room_for_them():
    # centred between the window's sides, not pushed against the score
    hud = Hud()
    hud.layout((1280, 800))
    hud.draw_top(pygame.Surface((1280, 800)), figures())
    assert abs(hud.stats_drawn.centerx - 640) <= 1, hud.stats_drawn


def test_a_passer_by_s_bar_leaves_no_gap_where_a_figure_says_nothing():
    # a kiosk's stock that goes through once has no "Pass 1 of 1", and no verdict yet:
    # no double gap where the pass would be, none after the clock
    hud = Hud()
    hud.layout((1280, 800))
    hud.draw_top(pygame.Surface((1280, 800)), figures(for_passer_by=True, deal=""))
    assert hud.stats_shown == "Stock 24   Moves 12   4:05"


def test_standing_up_the_names_take_the_bar_s_upper_half_and_the_figures_its_lower(
    monkeypatch,
):
    # two lines, each in its half: the names and the score in the bar's middle left its
    # upper half empty and crowded the figures at its foot
    drawn = drawn_with_rects(monkeypatch)
    hud = Hud()
    hud.layout((1080, 1920))
    hud.draw_top(pygame.Surface((1080, 1920)), figures())
    where = dict(drawn)
    middle = hud.top.centery
    for words in ("Egyptian Pyramid", "Deal 3"):
        assert where[words].bottom <= middle, (words, where[words], hud.top)
    assert hud.stats_drawn.top >= middle, (hud.stats_drawn, hud.top)
