"""The menu's bars where a mutation round found them untested:
Continue's words in their part of its bar, Continue at its right, a notice's lines
inside its bar."""

import pytest

from game.scenes import menu_bands
from game.ui import theme
from tests.scenes.test_menu import menu_in, open_menu

pytestmark = pytest.mark.usefixtures("english")


def where_drawn(monkeypatch) -> list[tuple[str, tuple[int, int]]]:
    """The bars' lines drawn from now on, with where (their left middle)."""
    placed: list[tuple[str, tuple[int, int]]] = []
    real = menu_bands.draw_text

    def recording(surface, text, size, pos, *args, **kwargs):
        placed.append((text, pos))
        return real(surface, text, size, pos, *args, **kwargs)

    monkeypatch.setattr(menu_bands, "draw_text", recording)
    return placed


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (768, 1024), (1080, 1920)])
def test_continue_s_words_stand_in_their_part_of_the_bar(app, driver, monkeypatch, language, size):
    # a day's game of the old rules says much: its words across the bar above Continue,
    # or beside it, in the middle of their part, not over the button's row
    from game.rules import Game
    from game.store import DAILY, GameFacts

    left = Game("egyptian-old", deal=20261205)
    left.play(str(next(iter(left.legal_moves))))
    app.records.save_game(left, GameFacts(mode=DAILY, seconds=5025))
    with menu_in(app, driver, language, size) as scene:
        placed = where_drawn(monkeypatch)
        scene.repaint()
        driver.frames(1)
        words, resume = scene.continue_words, scene.pad.get("continue").rect
        ys = [pos[1] for _, pos in placed]
        step = theme.font(scene.text_size).get_linesize()
        assert ys and all(words.top <= y - step // 2 and y + step // 2 <= words.bottom for y in ys)
        assert abs((ys[0] + ys[-1]) / 2 - words.centery) <= 1
        if words is not scene.continue_rect:  # across the bar, above Continue
            assert all(y + step // 2 <= resume.top for y in ys)


def a_long_game_left(app) -> None:
    """A day's game of the old rules left in play: Continue's longest words."""
    from game.rules import Game
    from game.store import DAILY, GameFacts

    left = Game("egyptian-old", deal=20261205)
    left.play(str(next(iter(left.legal_moves))))
    app.records.save_game(left, GameFacts(mode=DAILY, seconds=5025))


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(600, 800), (600, 1024), (768, 1024)])
def test_standing_up_continue_stands_at_its_bar_s_right_over_the_panel(app, driver, language, size):
    # its words across the bar above it (600x1024 in Russian) or beside it, Continue
    # stands at the bar's right, and the panel below starts under the bar
    a_long_game_left(app)
    with menu_in(app, driver, language, size) as scene:
        bar, resume = scene.continue_rect, scene.pad.get("continue").rect
        assert bar.contains(resume) and bar.bottom < scene.panel.top
        assert resume.centerx > bar.centerx  # at the bar's right


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_notice_of_three_lines_stands_inside_its_bar(app, driver, monkeypatch, size):
    # the bar grows to its notice's lines where they need more than the button's height
    from tests.scenes.test_menu_exact import three_lines_of

    driver.resize(size)
    app.notices.append("A notice.")
    scene = open_menu(app, driver)
    app.notices[0] = three_lines_of(scene, "The records file was read again.")
    driver.frames(1)
    placed = where_drawn(monkeypatch)
    scene.repaint()
    driver.frames(1)
    step = theme.font(scene.text_size).get_linesize()
    bar = scene.notice_rect
    ys = [y for _text, (_x, y) in placed]  # the notice's lines: no game to continue
    assert len(ys) == 3
    assert bar.top <= ys[0] - step // 2 and ys[-1] + step // 2 <= bar.bottom, (ys, bar)
