"""The menu's panel of the patience chosen where a mutation round found it untested: the
options' names beside their rows, the question with no picture, and the deal's row."""

import pygame
import pytest

from game.notices import Notice
from game.scenes import menu_panel
from game.scenes.menu_panel import _names_beside
from game.ui import theme
from game.ui.deal_field import digits_width
from game.ui.widgets import px
from tests.scenes.driver import texts_drawn
from tests.scenes.test_menu import click, crowded_menu, leave_a_game, menu_in, open_menu

pytestmark = pytest.mark.usefixtures("english")


def test_a_name_whose_word_is_wider_than_the_room_beside_is_set_above():
    # a second line wider than the room beside the row ran into the row's first button
    font = theme.font(16)
    room = font.size("Go on")[0]
    assert _names_beside(["Go on regardless"], room, font, 100) is None
    assert _names_beside(["Go on"], room, font, 100) == [["Go on"]]


def test_with_no_room_for_a_picture_play_s_question_stands_in_the_panel(app, driver):
    # От нечего делать's four options under a notice and Continue at 800x480: no
    # picture, and Play's question asked of its game left in play stands in the panel,
    # in lines as wide as the panel allows, not a word to a line off its corner
    leave_a_game(app, "nechego")
    app.notices.append(Notice(lambda: "The settings file was damaged."))
    driver.resize((800, 480))
    scene = open_menu(app, driver)
    scene.select("nechego")
    driver.frames(1)
    assert scene.preview_rect.height == 0
    click(driver, scene, "play")
    driver.frames(1)
    assert scene.play_asked > 0
    box = scene.ask_box
    assert scene.panel.contains(box), (box, scene.panel)
    assert box.width > scene.panel.width // 2


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)])
def test_names_set_beside_their_rows_give_their_lines_to_the_picture(app, driver, size):
    # the names beside their rows leave the lines they took over them to the picture:
    # it grows down to the options, which end a gap's width over the deal's row
    with crowded_menu(app, driver, "en", size) as scene:
        font = theme.font(scene.text_size)
        names = [pygame.Rect(pos, font.size(line)) for line, pos in scene.option_labels]
        options = [b.rect for b in scene.pad.buttons if b.key.startswith("option:")]
        assert names[0].right <= min(r.left for r in options)  # beside, not above
        assert scene.preview_rect.width < scene.panel.width - 40  # its height is what bounds it
        last_row = max(r.bottom for r in options)
        gap = scene.deal_field.top - last_row
        assert 0 <= gap <= scene.button_h, (gap, scene.button_h)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 800), (1920, 1080)])
def test_names_beside_their_rows_stand_level_with_them_and_the_rows_in_the_panel(
    app, driver, language, size
):
    # each name beside its row stands in the middle of the row's height, one line or
    # two; and the row, squeezed beside it at 800x480, keeps inside the panel
    with crowded_menu(app, driver, language, size) as scene:
        line_h = theme.font(scene.text_size).get_linesize()
        pad = scene.panel.inflate(-2 * px(18, scene.scale, 10), 0)
        for option in scene.ruleset.options:
            row = [b.rect for b in scene.pad.buttons if b.key.startswith(f"option:{option.key}=")]
            assert all(pad.contains(r) for r in row), (option.key, row, pad)
            lines = [pos for _, pos in scene.option_labels if row[0].top <= pos[1] < row[0].bottom]
            assert lines, option.key  # beside its row
            middle = lines[0][1] + len(lines) * line_h / 2
            assert abs(middle - row[0].centery) <= 2, (option.key, middle, row[0].centery)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (768, 1024), (1280, 800), (1920, 1080)])
def test_the_deal_field_holds_its_most_digits_and_its_name_beside_it_where_it_fits(
    app, driver, language, size
):
    # the name goes above the field only where beside it the field is too narrow for
    # its most digits; where the row has the room, it stays beside it, level with it
    with menu_in(app, driver, language, size) as scene:
        field, (label_x, label_y) = scene.deal_field, scene.deal_label_pos
        assert field.width >= digits_width(scene.text_size, scene.scale)
        if size[0] >= 1280:
            assert label_y == field.centery and label_x < field.x
        clear = scene.pad.get("clear").rect
        play_row = min(scene.pad.get(k).rect.top for k in ("rules", "daily", "play"))
        # the deal's row keeps a gap over Rules, the day's deal and Play
        assert play_row - max(field.bottom, clear.bottom) >= px(6, scene.scale)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (600, 800), (1920, 1080)])
def test_every_patience_s_name_over_the_panel_is_whole(app, driver, monkeypatch, language, size):
    # a long name in a narrow panel (Russian at 800x600) is set smaller, not cut
    from game.i18n import localized

    with menu_in(app, driver, language, size) as scene:
        drawn = texts_drawn(monkeypatch, menu_panel)
        for ruleset in scene.rulesets.values():
            scene.select(ruleset.id)
            drawn.clear()
            scene.repaint()
            driver.frames(1)
            assert localized(ruleset.name) in drawn, (ruleset.id, drawn[:1])
