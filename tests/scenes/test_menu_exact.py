"""The menu's edges a mutation round found untested: a patience gone from this version,
a notice in three lines, and others (see each test)."""

import pygame
import pytest

from game.rules import Game, rulesets
from game.store import GameFacts
from game.ui import theme
from game.ui.widgets import balanced_wrap, wrap
from tests.scenes.test_menu import click, leave_a_game, open_menu, todays_deal_given_up

pytestmark = pytest.mark.usefixtures("english")


def played(app, ruleset: str, options: dict | None = None) -> None:
    game = Game(ruleset, options or {}, deal=5)
    game.play("st>w")
    app.records.save_game(game, GameFacts())


def test_a_patience_this_version_lacks_played_last_opens_the_menu_on_the_first(app, driver):
    # a game of a patience since gone, played last: the menu opens on the first one
    played(app, "pyramid36", {"passes": 3})
    played(app, "egyptian")
    app.records.conn.execute("UPDATE games SET ruleset = 'retired' WHERE id = 2")
    app.last_choice = None  # as at the game's start
    scene = open_menu(app, driver)
    assert scene.ruleset.id == next(iter(rulesets()))


def test_a_patience_gone_among_those_played_keeps_the_others_options(app, driver):
    # the options of a patience this version lacks are passed by, the others' kept
    played(app, "pyramid36", {"passes": 3})
    played(app, "egyptian")
    played(app, "pyramid52", {"passes": 3})
    app.records.conn.execute("UPDATE games SET ruleset = 'retired' WHERE id = 2")
    app.last_choice = None
    scene = open_menu(app, driver)
    assert scene.ruleset.id == "pyramid52" and scene.options["passes"] == 3
    scene.select("pyramid36")
    assert scene.options["passes"] == 3


def three_lines_of(scene, words: str) -> str:
    """`words` repeated until the notice bar's room holds them in three lines."""
    font = theme.font(scene.text_size)
    room = scene._bar_room(scene.notice_rect, scene.pad.get("dismiss"))
    text = words
    while len(wrap(text, font, room)) < 3:
        text += " " + words
    return text


def test_a_notice_of_three_lines_is_shown_whole(app, driver):
    driver.resize((800, 600))
    app.notices.append("A notice.")
    scene = open_menu(app, driver)
    notice = three_lines_of(scene, "The records file was read again.")
    app.notices[0] = notice
    driver.frames(1)  # the notice put in its place: laid out again
    lines = scene._notice_lines(scene.notice_rect, scene.pad.get("dismiss"))
    assert len(lines) == 3 and " ".join(lines) == notice
    step = theme.font(scene.text_size).get_linesize()
    assert scene.notice_rect.height >= 3 * step


def test_a_patience_last_played_with_options_since_gone_opens_with_its_defaults(app, driver):
    # an option value this version no longer has: the patience's defaults, not a crash
    played(app, "pyramid36", {"passes": 3})
    app.records.conn.execute("""UPDATE games SET options = '{"passes": 9}' WHERE id = 1""")
    app.last_choice = None
    scene = open_menu(app, driver)
    assert scene.ruleset.id == "pyramid36"
    assert scene.options == rulesets()["pyramid36"].choose({})


def test_continue_names_a_game_of_a_given_deck_so(app, driver):
    # a game dealt from a deck given (not a deal number): "Given deck", not "Deal None"
    game = Game("pyramid52", deck=Game("pyramid52", deal=8).deck)
    game.play("st>w")
    app.records.save_game(game, GameFacts(seconds=40))
    scene = open_menu(app, driver)
    text = scene.records.continue_text()
    assert "Given deck" in text and "None" not in text


def test_continue_names_deal_0_by_its_number(app, driver):
    # deal 0 is a deal like any other (it can be typed): "Deal 0", not "Given deck"
    game = Game("pyramid52", deal=0)
    game.play("st>w")
    app.records.save_game(game, GameFacts(seconds=40))
    scene = open_menu(app, driver)
    text = scene.records.continue_text()
    assert "Deal 0 ·" in text and "Given deck" not in text


def test_continue_s_words_in_four_lines_are_all_shown(app, driver):
    # the game to continue in four lines across a narrow bar: none cut off
    leave_a_game(app)
    scene = open_menu(app, driver)
    text = scene.records.continue_text()
    font, edge = theme.font(scene.text_size), scene._bar_room(pygame.Rect(0, 0, 0, 0), None)
    room = next(w for w in range(40, 2000) if len(balanced_wrap(text, font, w)) == 4)
    lines = scene._continue_lines(pygame.Rect(0, 0, room - edge, 0), None)
    assert len(lines) == 4 and " ".join(lines) == text


def test_a_notice_s_lines_are_drawn_inside_its_bar(app, driver, monkeypatch):
    # three lines stand in the middle of the bar's height, not from its middle down
    from game.scenes import menu_bands

    driver.resize((800, 600))
    app.notices.append("A notice.")
    scene = open_menu(app, driver)
    app.notices[0] = three_lines_of(scene, "The records file was read again.")
    driver.frames(1)
    drawn: list[tuple[str, tuple[int, int]]] = []
    real = menu_bands.draw_text

    def recording(surface, text, size, pos, *args, **kwargs):
        drawn.append((text, pos))
        return real(surface, text, size, pos, *args, **kwargs)

    monkeypatch.setattr(menu_bands, "draw_text", recording)
    scene.draw(pygame.Surface(app.size), 0.0)
    lines = scene._notice_lines(scene.notice_rect, scene.pad.get("dismiss"))
    ys = [pos[1] for text, pos in drawn if text in lines]
    assert len(ys) == 3
    bar, step = scene.notice_rect, theme.font(scene.text_size).get_linesize()
    assert bar.top < ys[0] - step // 2 and ys[-1] + step // 2 < bar.bottom
    assert abs((ys[0] + ys[-1]) // 2 - bar.centery) <= 1


def arcade_level_left_in_play(app):
    """The arcade's first level, deal 5, left in play after a move; its ladder."""
    from game.ladder import load_ladder
    from game.store import ARCADE

    ladder = load_ladder()
    run_id = app.records.start_run(ladder)
    level = ladder.levels[0]
    game = Game(level.ruleset, level.options, deal=5)
    game.play(next(iter(game.legal_moves)))
    app.records.save_game(game, GameFacts(mode=ARCADE, arcade_run=run_id))
    return ladder


def test_continue_of_an_arcade_game_opens_it_with_its_level_and_lives(app, driver):
    # as the Arcade button opens it: a level that costs a life says so in the top bar
    from game.scenes.table import TableScene

    arcade_level_left_in_play(app)
    scene = open_menu(app, driver)
    click(driver, scene, "continue")
    driver.settle(0.6)
    assert isinstance(app.scene, TableScene)
    assert app.scene.run_place and app.scene.run_lives is not None


def test_continue_of_a_game_taken_by_another_window_meanwhile_says_so(app, driver):
    # offered here, then opened in another window: not opened twice; Continue goes
    from game.scenes.menu import MenuScene
    from game.store import Records

    leave_a_game(app)
    scene = open_menu(app, driver)
    row = scene.records.unfinished
    app.records.release(row.id)  # left by this window, taken by another
    other = Records.open(app.records.path)
    try:
        assert other.hold(row.id)
        click(driver, scene, "continue")
        driver.settle(0.6)
        assert isinstance(app.scene, MenuScene)
        assert str(app.notices[0]) == "That game is open in another window."
        assert scene.pad.get("continue") is None
    finally:
        other.close()


@pytest.mark.parametrize("size", [(800, 480), (800, 536), (1024, 648)])
def test_a_picture_too_low_to_read_is_left_out_not_drawn_as_a_thumbnail(app, driver, size):
    # a notice and Continue over От нечего делать's four options: no room for a picture
    # worth the name, none (a 6 to 22 px strip of cards is no picture)
    from game.scenes.menu_panel import PICTURE_LEAST
    from game.ui.widgets import px

    leave_a_game(app)
    app.notices.append("The settings file was damaged.")
    driver.resize(size)
    scene = open_menu(app, driver)
    for ruleset in scene.rulesets:
        scene.select(ruleset)
        height = scene.preview_rect.height
        assert height == 0 or height >= px(PICTURE_LEAST, scene.scale, 24), ruleset


def test_play_asked_after_a_first_esc_takes_the_quit_question_back(app, driver):
    # Esc asked to quit, then Play asked of the game left: one question on the screen,
    # Play's, and the next Esc takes it back rather than closing the game
    leave_a_game(app)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid52")
    driver.key(pygame.K_ESCAPE)
    driver.pause()
    click(driver, scene, "play")
    assert scene.play_asked > 0 and scene.quit_asked == 0
    driver.pause()
    driver.key(pygame.K_ESCAPE)
    assert app.running and scene.play_asked == 0


def test_continue_of_a_game_that_cannot_be_resumed_lets_it_go_and_says_so(app, driver, monkeypatch):
    # its record found damaged as Continue opens it: said, Continue gone, and the game
    # not held by this window (another window could not have it afterwards)
    from game.store import Records

    leave_a_game(app)
    scene = open_menu(app, driver)
    row = scene.records.unfinished
    monkeypatch.setattr(app.records, "resume", lambda row: None)
    click(driver, scene, "continue")
    driver.frames(2)
    assert str(app.notices[0]) == "That game cannot be continued: its record is damaged."
    assert scene.pad.get("continue") is None
    other = Records.open(app.records.path)
    try:
        assert other.hold(row.id)
    finally:
        other.close()


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_options_stand_clear_of_the_picture(app, driver, size):
    # a gap between the picture's frame and the first option's name (set flush
    # against the frame, the name read as the picture's caption)
    from game.ui.widgets import px

    driver.resize(size)
    scene = open_menu(app, driver)
    for ruleset in scene.rulesets:
        scene.select(ruleset)
        if not scene.option_labels or not scene.preview_rect.height:
            continue
        first_top = min(pos[1] for _label, pos in scene.option_labels)
        assert first_top >= scene.preview_rect.bottom + px(10, scene.scale, 6), ruleset


def test_a_notice_longer_than_three_lines_ends_in_an_ellipsis(app, driver, monkeypatch):
    # cut at three lines, it ended mid-sentence with nothing to say that more was cut
    from game.scenes import menu_bands

    driver.resize((800, 600))
    app.notices.append("A notice.")
    scene = open_menu(app, driver)
    three = three_lines_of(scene, "The records file was read again.")
    app.notices[0] = f"{three} {three}"
    driver.frames(1)
    drawn = []
    real = menu_bands.draw_text

    def recording(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(menu_bands, "draw_text", recording)
    scene.draw(pygame.Surface(app.size), 0.0)
    shown = [text for text in drawn if text.strip(" …") and text.strip(" …") in app.notices[0]]
    assert len(shown) == 3 and shown[-1].endswith("…")
    assert not shown[0].endswith("…") and not shown[1].endswith("…")


def test_a_tall_notice_bar_has_its_button_in_the_middle_of_its_height(app, driver):
    # a bar grown to three lines: Dismiss beside them, not left at its top edge
    app.notices.append("A notice.")
    scene = open_menu(app, driver)
    app.notices[0] = three_lines_of(scene, "The records file was read again.")
    driver.frames(1)
    bar, dismiss = scene.notice_rect, scene.pad.get("dismiss").rect
    assert bar.height > dismiss.height * 1.2  # grown past the button to its lines
    assert abs(dismiss.centery - bar.centery) <= 1


def test_continue_names_an_arcade_game_by_its_level_not_its_deal(app, driver):
    # an arcade level's deal is hidden (its number asked the solver): named by its level
    ladder = arcade_level_left_in_play(app)
    text = open_menu(app, driver).records.continue_text()
    assert f"Arcade: level 1 of {len(ladder.levels)}" in text and "Deal 5" not in text


def test_the_deal_of_the_day_played_to_its_end_opens_its_table_not_a_new_deal(app, driver):
    # played once: pressed again, the day's table, where another day's game was dealt
    from game.scenes.records import RecordsScene
    from game.store import DAILY

    todays_deal_given_up(app)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    click(driver, scene, "daily")
    driver.settle(1.0)
    assert isinstance(app.scene, RecordsScene) and app.scene.tab == DAILY


def test_play_of_today_s_deal_typed_does_not_ask_once_a_replay_of_it_was_watched(app, driver):
    # a replay of the day's deal watched keeps it out of the day's table already: a free
    # game of it now loses nothing, so Play deals it unasked
    from game.store.daily import today_deal

    app.records.note_watched(Game("pyramid36", deal=today_deal()))
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    scene.deal_text = str(today_deal())
    click(driver, scene, "play")
    driver.settle(1.0)
    assert scene.play_asked == 0 and app.scene is not scene


def test_esc_s_question_waits_its_three_seconds(app, driver):
    # a second Esc two seconds on still quits: the question had gone before it was read
    from game.scenes.menu import QUIT_ASK_S

    scene = open_menu(app, driver)
    driver.key(pygame.K_ESCAPE)
    driver.settle(QUIT_ASK_S - 0.5)
    assert scene.quit_asked > 0
    driver.key(pygame.K_ESCAPE)
    assert not app.running


def test_back_by_the_mouse_from_a_game_left_in_play_no_focus_ring_is_shown(app, driver):
    # Play clicked, a move made, Menu clicked: the keys' ring stays hidden (a mouse
    # player saw it come up on Continue)
    from game.scenes.menu import MenuScene

    scene = open_menu(app, driver)
    scene.deal_text = "8"
    click(driver, scene, "play")
    driver.settle(1.0)
    table = app.scene
    table._play(next(iter(table.game.legal_moves)))
    driver.settle(1.0)
    driver.click(table.buttons["menu"].rect.center)
    driver.settle(1.0)
    back = app.scene
    assert isinstance(back, MenuScene) and back.pad.get("continue") is not None
    assert not back.pad.show_focus


def test_the_deal_of_the_day_button_says_continue_then_its_points(app, driver):
    # in play, "continue"; played to its end, the tick and its points
    from game.store import DAILY
    from game.store.daily import today_deal

    game = Game("pyramid36", deal=today_deal())
    game.play(next(iter(game.legal_moves)))
    facts = GameFacts(mode=DAILY)
    app.records.save_game(game, facts)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    assert scene.pad.get("daily").label == "Deal of the day: continue"
    game.play("resign")
    app.records.save_game(game, facts)
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    assert scene.pad.get("daily").label.startswith("Deal of the day ✓")


def test_past_midnight_the_menu_offers_the_new_day_s_deal(app, driver, monkeypatch):
    # yesterday's deal in play: at midnight the button still said "continue" of it
    # until something else laid the menu out again, and then dealt today's
    import game.scenes.menu
    import game.scenes.menu_records
    from game.store import DAILY
    from game.store.daily import today_deal

    day = Game("pyramid36", deal=today_deal())
    day.play(next(iter(day.legal_moves)))
    app.records.save_game(day, GameFacts(mode=DAILY))
    scene = open_menu(app, driver)
    click(driver, scene, "ruleset:pyramid36")
    assert scene.pad.get("daily").label == "Deal of the day: continue"
    tomorrow = today_deal() + 1
    for module in (game.scenes.menu, game.scenes.menu_records):
        monkeypatch.setattr(module, "today_deal", lambda: tomorrow)
    driver.frames(1)
    assert scene.pad.get("daily").label == "Deal of the day"


@pytest.mark.parametrize("size", [(600, 1024), (768, 1024), (1080, 1920)])
def test_standing_up_the_list_stays_put_as_continue_comes(app, driver, size):
    # the room for Continue's bar is kept while no game waits: the list above stands
    # where it will stand when a game left in play brings Continue in
    driver.resize(size)
    scene = open_menu(app, driver)
    before = [tuple(card.rect) for card in scene.cards]
    assert scene.pad.get("continue") is None
    leave_a_game(app)
    scene = open_menu(app, driver)
    assert scene.pad.get("continue") is not None
    assert [tuple(card.rect) for card in scene.cards] == before


@pytest.mark.parametrize("size", [(800, 480), (640, 480)])
def test_a_picture_too_small_for_the_example_caption_goes_without_it(app, driver, size):
    # От нечего делать's four options leave a picture of some 88x55 px at 800x480:
    # "Example" there would hide a third of it
    driver.resize(size)
    scene = open_menu(app, driver)
    scene.select("nechego")
    scene.repaint()
    driver.frames(1)
    assert 0 < scene.preview_rect.height < 70 and scene.example_drawn is None
    scene.select("pyramid52")  # a picture with room for it says it
    scene.repaint()
    driver.frames(1)
    assert scene.example_drawn is not None
