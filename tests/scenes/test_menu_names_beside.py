"""The options' names set beside their rows where the panel is short of room for the
patience's picture: under a notice and Continue, От нечего делать's four options left
it no picture at all, even at 1920x1080."""

import itertools

import pygame
import pytest

from game.scenes.menu_panel import PICTURE_LEAST, _balanced
from game.ui import theme
from game.ui.widgets import px
from tests.scenes.test_menu import crowded_menu


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768), (1280, 800), (600, 1024)])
def test_under_a_notice_and_continue_four_options_leave_room_for_the_picture(
    app, driver, language, size
):
    with crowded_menu(app, driver, language, size) as scene:
        assert scene.notice_rect.height and scene.continue_rect.height
        least = px(PICTURE_LEAST, scene.scale, 24)
        assert scene.preview_rect.height >= least and scene.panel.contains(scene.preview_rect)
        font = theme.font(scene.text_size)
        names = [pygame.Rect(pos, font.size(line)) for line, pos in scene.option_labels]
        placed = [b.rect for b in scene.pad.buttons] + [scene.deal_field] + names
        over = [(a, b) for a, b in itertools.combinations(placed, 2) if a.colliderect(b)]
        assert over == []
        assert all(scene.panel.contains(name) for name in names)
        assert all(name.top >= scene.preview_rect.bottom for name in names)
        # each option's name before its row, or over it, not lost among another's
        rows = [
            [b.rect for b in scene.pad.buttons if b.key.startswith(f"option:{o.key}=")]
            for o in scene.ruleset.options
        ]
        for name in names:
            beside = [r for r in rows if r[0].top <= name.centery <= r[0].bottom]
            below = [r for r in rows if r[0].top >= name.bottom]
            first = (beside or below)[0][0]
            assert name.right <= first.left if beside else name.left == first.left


def test_a_name_in_two_lines_breaks_where_the_wider_line_is_narrowest():
    font = theme.font(16)
    assert _balanced(["Passes through the", "stock"], font) == ["Passes through", "the stock"]
    assert _balanced(["Deck"], font) == ["Deck"]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_at_the_least_size_names_in_two_lines_leave_the_options_readable(app, driver, language):
    # at 800x480 under a notice and Continue, each name in one line beside its row left
    # "from the waste" 8 px high on a squeezed button
    with crowded_menu(app, driver, language, (800, 480)) as scene:
        options = [b for b in scene.pad.buttons if b.key.startswith("option:")]
        asked = max(11, int(scene.button_h * 0.42))  # as the menu draws them
        sizes = {b.label: b.fitting_size(asked) for b in options}
        assert min(sizes.values()) >= asked - 1, sizes
