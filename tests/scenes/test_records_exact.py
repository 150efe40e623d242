"""The records' tables exactly as a score-chaser sees them: which rows a page shows and
in what colours, where a new table opens, and what each column says (from a mutation
round on records.py, records_columns.py, records_words.py and ui/pages.py)."""

import pygame
import pytest

from game.rules import Game, rulesets
from game.scenes.records import RecordsScene
from game.store import DAILY, FREE, GameFacts
from game.store.scores import TOP
from game.ui import theme
from tests.scenes.test_records_scenes import fill_table, press, show, texts_drawn_rects

pytestmark = pytest.mark.usefixtures("english")


def fill_ruleset(
    records, ruleset: str, options: dict | None = None, count: int = TOP, mode: str = FREE
) -> None:
    """Up to `count` entries in the `mode` table of `ruleset` under `options`: random
    games, those with a card or more cleared entering the table."""
    import random

    for n in range(3 * count):  # some random games clear no card
        game = Game(ruleset, deal=n, options=options or {})
        rng = random.Random(n)
        for _ in range(40 + n):
            legal = list(game.legal_moves)
            if not legal:
                break
            game.play(rng.choice(legal))
        if not game.over:
            game.play("resign")
        facts = GameFacts(seconds=40 + n, mode=mode)
        records.save_game(game, facts)
        records.add_game_score(game, facts, "ABC")


def drawn_texts(monkeypatch):
    """Every text the records draw from now on: (text, colour, rect)."""
    import game.scenes.records as records_scene

    drawn = []
    real = records_scene.draw_text

    def recording(surface, text, size, where, colour=theme.INK, *args, **kwargs):
        rect = real(surface, text, size, where, colour, *args, **kwargs)
        drawn.append((text, colour, rect))
        return rect

    monkeypatch.setattr(records_scene, "draw_text", recording)
    return drawn


def on_second_page(app, driver, tab=FREE) -> RecordsScene:
    driver.resize((1024, 600))
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}, tab))
    assert scene.pages.paged
    driver.key(pygame.K_PAGEDOWN)
    assert scene.pages.shown().start > 0
    return scene


def test_another_tab_opens_on_its_first_page(app, driver):
    fill_table(app.records, DAILY, TOP)  # first: a deal played free before stays out
    fill_table(app.records, FREE, TOP)
    scene = on_second_page(app, driver)
    press(driver, scene, "tab:" + DAILY)
    assert scene.tab == DAILY and len(scene.entries) == TOP
    assert scene.pages.shown().start == 0


def test_another_ruleset_opens_on_its_first_page(app, driver):
    ids = list(rulesets())
    after = ids[(ids.index("pyramid52") + 1) % len(ids)]
    fill_table(app.records, FREE, TOP)
    fill_ruleset(app.records, after)
    scene = on_second_page(app, driver)
    press(driver, scene, "next")
    assert scene.ruleset.id == after and len(scene.entries) > len(scene.pages.shown())
    assert scene.pages.shown().start == 0


def test_other_options_open_on_their_first_page(app, driver):
    fill_table(app.records, FREE, TOP)
    fill_ruleset(app.records, "pyramid52", {"passes": 3})
    scene = on_second_page(app, driver)
    press(driver, scene, "options")
    assert scene.options == {"passes": 3} and len(scene.entries) > len(scene.pages.shown())
    assert scene.pages.shown().start == 0


def test_a_page_draws_its_own_rows_only_and_only_place_one_in_gold(app, driver, monkeypatch):
    fill_table(app.records, FREE, TOP)
    scene = on_second_page(app, driver)
    drawn = drawn_texts(monkeypatch)
    scene.redraw = True
    driver.frames(1)
    shown = scene.pages.shown()
    places = [t for t, _c, r in drawn if t.isdigit() and int(t) <= TOP and r.x < scene.table_right]
    # the "#" column: this page's places, each once, numbered from 1 at the table's top
    assert [str(i + 1) for i in shown] == [p for p in places if p in {str(i + 1) for i in shown}]
    initials = [c for t, c, _r in drawn if t == "ABC"]
    assert len(initials) == len(shown)
    assert theme.GOLD not in initials  # gold is place 1's, not a page's top row
    driver.key(pygame.K_PAGEUP)
    drawn.clear()
    scene.redraw = True
    driver.frames(1)
    initials = [c for t, c, _r in drawn if t == "ABC"]
    assert initials[0] == theme.GOLD and theme.GOLD not in initials[1:]


def test_the_ruleset_arrows_go_along_the_patiences_in_their_order(app, driver):
    # ▶ the next patience in the menu's order, ◀ the one before, round at the ends
    ids = list(rulesets())
    at = ids.index("pyramid52")
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    press(driver, scene, "next")
    assert scene.ruleset.id == ids[(at + 1) % len(ids)]
    press(driver, scene, "prev")
    press(driver, scene, "prev")
    assert scene.ruleset.id == ids[(at - 1) % len(ids)]


def ring_on(driver, scene, key: str) -> None:
    for _ in range(60):
        if scene.pad.focus_key == key:
            return
        driver.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reached {key}")


def test_the_ring_on_a_page_s_last_row_goes_to_the_shorter_last_page_s_last_row(app, driver):
    # 1024x600 shows 6 rows a page: the last page holds rows 7-10, and the ring on row
    # 6's Save goes to row 10's, the nearest the page has, whose Enter saves that row
    fill_table(app.records, FREE, TOP)
    driver.resize((1024, 600))
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    shown = scene.pages.shown()
    assert len(shown) * 2 > TOP > len(shown)  # two pages, the second shorter
    ring_on(driver, scene, f"save:{shown[-1]}")
    driver.key(pygame.K_PAGEDOWN)
    assert scene.pad.focus_key == f"save:{TOP - 1}"
    driver.key(pygame.K_RETURN)
    assert scene.saved_path and f"-{scene.entries[TOP - 1].deal}-" in scene.saved_path


def test_back_a_page_the_ring_keeps_its_place_in_the_row(app, driver):
    fill_table(app.records, FREE, TOP)
    scene = on_second_page(app, driver)
    start = scene.pages.shown().start
    ring_on(driver, scene, f"watch:{start + 1}")
    driver.key(pygame.K_PAGEUP)
    assert scene.pages.shown().start == 0 and scene.pad.focus_key == "watch:1"


def test_up_stands_left_of_down_over_watch_and_save(app, driver):
    fill_table(app.records, FREE, TOP)
    driver.resize((1024, 600))
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    up, down = scene.pad.get("page-up").rect, scene.pad.get("page-down").rect
    watch, save = scene.pad.get("watch:0").rect, scene.pad.get("save:0").rect
    assert up.centery == down.centery < watch.top
    assert (up.x, down.x) == (watch.x, save.x)


def test_a_second_page_s_save_and_watch_act_on_their_own_row(app, driver, tmp_path):
    fill_table(app.records, FREE, TOP)
    scene = on_second_page(app, driver)
    row = scene.pages.shown()[1]
    entry = scene.entries[row]
    press(driver, scene, f"save:{row}")
    (path,) = (tmp_path / "home" / "replays").iterdir()
    assert path.name.startswith(f"piramida-pyramid52-{entry.deal}-")
    press(driver, scene, f"watch:{row}")
    from game.scenes.watch import WatchScene

    assert isinstance(app.scene, WatchScene) and app.scene.game.deal_number == entry.deal


def test_back_from_a_second_page_s_watch_pressed_by_mouse_is_on_that_page(app, driver):
    from game.scenes.watch import WatchScene

    fill_table(app.records, FREE, TOP)
    scene = on_second_page(app, driver)
    start = scene.pages.shown().start
    press(driver, scene, f"watch:{start + 1}")
    assert isinstance(app.scene, WatchScene)
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    back = app.scene
    assert isinstance(back, RecordsScene) and back is not scene
    assert back.pages.shown().start == start


def test_a_turned_page_no_longer_says_where_its_row_s_file_went(app, driver):
    # the foot's "Replay saved: …" was of a row the page no longer shows
    fill_table(app.records, FREE, TOP)
    driver.resize((1024, 600))
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    press(driver, scene, "save:0")
    assert scene.saved_to.startswith("Replay saved: ")
    driver.key(pygame.K_PAGEDOWN)
    assert scene.saved_to == "" and scene.problem == ""


def test_on_the_last_page_down_is_off_and_up_on(app, driver):
    fill_table(app.records, FREE, TOP)
    scene = on_second_page(app, driver)
    assert scene.pages.shown()[-1] == TOP - 1  # the last page
    assert scene.pad.get("page-up").enabled and not scene.pad.get("page-down").enabled


def test_where_a_row_s_file_went_is_drawn_at_the_panel_s_foot_under_the_rows(
    app, driver, monkeypatch
):
    fill_table(app.records, FREE, TOP)
    driver.resize((1024, 600))
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    press(driver, scene, "save:0")
    drawn = drawn_texts(monkeypatch)
    scene.redraw = True
    driver.frames(1)
    (said,) = [(t, r) for t, _c, r in drawn if t.startswith("Replay saved: ")]
    last_row = scene.pad.get(f"save:{scene.pages.shown()[-1]}").rect
    assert scene.area.contains(said[1]) and said[1].top >= last_row.bottom


def test_back_from_watching_the_marked_run_it_is_still_marked(app, driver, monkeypatch):
    # the results' "table" marks the run just placed; its Watch, then Back, came back
    # to a table with no run marked, on the page the ring was on
    from game.scenes.watch import WatchScene
    from tests.scenes.test_records_scenes import arcade_table_marked_at_9th

    scene = arcade_table_marked_at_9th(app, driver, monkeypatch)
    press(driver, scene, "watch:8")
    assert isinstance(app.scene, WatchScene)
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    back = app.scene
    assert isinstance(back, RecordsScene) and back is not scene
    driver.frames(1)
    assert back.marked_run == 108 and back.marked_drawn is not None
    row = back.pad.get("watch:8").rect
    assert back.marked_drawn.top <= row.centery <= back.marked_drawn.bottom


def test_the_pages_turn_away_from_the_marked_run_s_and_stay_turned(app, driver, monkeypatch):
    # the marked run's page is where the table opens, not a page it holds the player to
    from tests.scenes.test_records_scenes import arcade_table_marked_at_9th

    scene = arcade_table_marked_at_9th(app, driver, monkeypatch)
    marked_page = scene.pages.shown()
    driver.key(pygame.K_PAGEUP)
    assert scene.pages.shown().start == marked_page.start - scene.pages.per
    assert 8 not in scene.pages.shown()
    driver.resize((1280, 720))  # a layout again keeps the page turned to
    assert 8 not in scene.pages.shown() and scene.pages.shown().start == 0


@pytest.mark.parametrize("size", [(800, 480), (800, 600), (1024, 600), (1280, 720), (1024, 768)])
def test_a_problem_s_three_lines_stand_between_the_rows_and_the_note(app, driver, size):
    fill_table(app.records, FREE, TOP)
    driver.resize(size)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    scene.problem = "A very long problem " * 40
    scene.layout()
    lines = [r for t, r in texts_drawn_rects(app, scene) if "problem" in t]
    rows = [b.rect for b in scene.pad.buttons if b.key.startswith(("watch:", "save:"))]
    assert len(lines) == 3
    assert min(r.top for r in lines) >= max(r.bottom for r in rows)
    assert max(r.bottom for r in lines) <= scene.note_drawn.top


def test_other_options_are_those_with_a_table_on_this_tab(app, driver):
    # three passes played only as the deal of the day: the free tables have one set
    fill_table(app.records, FREE, 2)
    fill_ruleset(app.records, "pyramid52", {"passes": 3}, count=2, mode=DAILY)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {"passes": 1}))
    assert scene.pad.get("options") is None
    press(driver, scene, "tab:" + DAILY)
    press(driver, scene, "options")
    assert scene.options == {"passes": 3} and scene.entries
