"""The records, watch, initials and arcade scenes: what they show, where they lead, and that
they fit every window in both languages."""

import itertools
from contextlib import contextmanager

import pygame
import pytest

from game import i18n
from game.app import App
from game.clock import ManualClock
from game.ladder import load_ladder
from game.notices import Notice
from game.rules import Game, get_ruleset
from game.scenes.base import ARRIVING_S, Scene
from game.scenes.initials import InitialsScene, clean_initials, wheel
from game.scenes.records import STATS, TABS, RecordsScene
from game.scenes.records_columns import row_values, table_columns
from game.scenes.records_words import empty_note
from game.scenes.results import ResultsScene
from game.scenes.table import TableScene
from game.scenes.watch import WatchScene
from game.solver import solve
from game.store import ARCADE, DAILY, FREE, GameFacts
from game.store.games import GameRow
from game.ui import theme
from game.ui.pad import ring_reach
from game.ui.widgets import Button
from tests.scenes.driver import Driver, texts_drawn
from tests.scenes.test_table import DEAL_8_WIN
from tests.store.helpers import random_game, won_game

pytestmark = pytest.mark.usefixtures("english")


def fill_records(records):
    for n in range(12):
        game, facts = random_game("pyramid52", n, 15 + n, seed=n), GameFacts(seconds=50 + n)
        records.save_game(game, facts)
        records.add_game_score(game, facts, "ABC")
    game, facts = won_game(), GameFacts(seconds=99)
    records.save_game(game, facts)
    records.add_game_score(game, facts, "WIN")
    return game


@contextmanager
def app_at(tmp_path, monkeypatch, size, language):
    """An app of its own at this size and in this language (the shared fixture's is
    1280x800 in English), and its driver."""
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    try:
        i18n.set_language(language)
        yield app, Driver(app)
    finally:
        app.solver.close()  # a replay's table, or a level's, asked it about the deal
        pygame.display.quit()


def show(app, driver, scene):
    app.switch(scene, fade=False)
    driver.frames(1)
    return scene


def press(driver, scene, key):
    driver.click(scene.pad.get(key).rect.center)
    driver.settle(0.6)


def test_the_table_lists_the_ten_best_and_watch_plays_one_back(app, driver):
    fill_records(app.records)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    assert len(scene.entries) == 10 and scene.entries[0].initials == "WIN"
    press(driver, scene, "watch:0")
    watch = app.scene
    assert isinstance(watch, WatchScene) and watch.game.moves == []
    driver.settle(3.0)
    assert len(watch.game.moves) >= 1  # it plays by itself
    driver.click(watch.buttons["back"].rect.center)
    driver.settle(0.6)
    assert isinstance(app.scene, RecordsScene)


def test_left_from_the_next_patience_then_right_goes_along_the_tabs(app, driver):
    # ▶ stands above the tabs' row: Left landed on its chosen tab, far to the left, and
    # Right went "straight back" to ▶, so the other tabs were out of the arrows' reach
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    driver.key(pygame.K_TAB)  # the ring shows
    while scene.pad.focus_key != "next":
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_LEFT)
    assert scene.pad.focus_key == "tab:free"
    driver.key(pygame.K_RIGHT)
    assert scene.pad.focus_key == "tab:daily" and scene.tab == DAILY


def test_back_from_a_replay_the_focus_is_on_the_watch_that_opened_it(app, driver):
    # back by Esc, the ring stood on the tabs: the next row's Watch was seven Tabs away
    fill_records(app.records)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    while scene.pad.focus_key != "watch:2":
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    assert isinstance(app.scene, WatchScene)
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    back = app.scene
    assert isinstance(back, RecordsScene) and back.pad.show_focus
    assert back.pad.focus_key == "watch:2"


def test_other_options_reach_the_tables_of_this_ruleset_s_other_option_sets(app, driver):
    """The tables kept for other options of a ruleset were reached only by choosing those
    options in the menu first."""
    from game.rules import Game

    fill_records(app.records)  # passes 1
    three = Game("pyramid52", deal=8, options={"passes": 3})
    three.play(DEAL_8_WIN[0])  # a card cleared: the game may enter a table
    three.play("resign")
    facts = GameFacts(seconds=30)
    app.records.save_game(three, facts)
    app.records.add_game_score(three, facts, "TRI")
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    assert [e.initials for e in scene.entries][:1] == ["WIN"]
    press(driver, scene, "options")
    assert scene.options == {"passes": 3}
    assert [e.initials for e in scene.entries] == ["TRI"]
    press(driver, scene, "options")
    assert scene.options == {"passes": 1} and scene.entries[0].initials == "WIN"
    press(driver, scene, "tab:" + STATS)  # the statistics count every option set
    assert scene.pad.get("options") is None
    press(driver, scene, "next")  # a ruleset with one option set or none: no button
    assert scene.pad.get("options") is None


@pytest.mark.parametrize(
    ("replay", "reason"),
    [
        ({"ruleset": "pyramid52", "deal": 1, "moves": ["st>w", 7]}, "move 2 '7'"),
        ({"ruleset": "gone", "deal": 1}, "gone"),
        ({"ruleset": "pyramid52", "deal": 1, "options": {"passes": 7}}, "passes"),
        ({"ladder": "arcade", "games": []}, "holds no game"),
        # a run file without its games: not taken for one game's replay
        ({"ladder": "arcade"}, "the run holds no game"),
        ([1, 2], "not an object"),
    ],
)
def test_a_stored_replay_that_cannot_be_shown_is_said_and_the_records_stay(
    app, driver, replay, reason, caplog
):
    import dataclasses

    fill_records(app.records)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    damaged = dataclasses.replace(scene.entries[0], replay=replay)
    scene.watch(damaged)  # it crashed the game (a move no longer legal, a ruleset gone)
    driver.settle(0.5)
    assert app.scene is scene
    assert scene.problem.startswith("This replay cannot be shown:")
    assert reason in caplog.text  # the rules' English why: in the log, not on the screen
    press(driver, scene, "next")  # about another ruleset's replay: not kept over its table
    assert scene.problem == ""
    press(driver, scene, "prev")
    press(driver, scene, "watch:0")  # a good one still plays, and the problem is gone
    assert isinstance(app.scene, WatchScene) and scene.problem == ""


def test_the_daily_tab_s_foot_turns_to_the_new_day_at_midnight(app, driver, monkeypatch):
    # it said yesterday's "Today's deal: done" until the mouse moved
    import game.scenes.records

    scene = show(app, driver, RecordsScene(app, "pyramid52", {}, DAILY))
    driver.frames(2)
    assert not scene.redraw
    tomorrow = scene.today + 1
    monkeypatch.setattr(game.scenes.records, "today_deal", lambda: tomorrow)
    scene.update(1 / 60)
    assert scene.redraw and scene.today == tomorrow


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_replay_problem_on_the_daily_tab_keeps_clear_of_today_s_line(
    tmp_path, monkeypatch, language
):
    # both were written at the panel's foot, one over the other
    from game.ui import theme

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=(800, 600), clock=ManualClock())
    try:
        i18n.set_language(language)
        driver = Driver(app)
        scene = show(app, driver, RecordsScene(app, "pyramid52", {}, DAILY))
        scene.problem = "This replay cannot be shown: move 1 'p1.1' is not legal here"
        surface = pygame.display.get_surface()
        scene.draw(surface, 1.0)
        foot = range(scene.area.bottom - 90, scene.area.bottom)
        xs = range(scene.area.x, scene.area.right)

        def rows_in(colour):
            return {y for y in foot if any(tuple(surface.get_at((x, y)))[:3] == colour for x in xs)}

        warned, today = rows_in(theme.WARN), rows_in(theme.INK_DIM)
        assert warned and today and not warned & today
    finally:
        pygame.display.quit()


def test_a_replay_that_stops_making_sense_while_watched_ends_there(app, driver):
    replay = {"ruleset": "pyramid52", "deal": 8, "moves": [DEAL_8_WIN[0], "p1.1"]}
    watch = show(app, driver, WatchScene(app, [replay]))
    for _ in range(600):  # up to 10 s, until it stops
        driver.frames(1)
        if watch.banner is not None:
            break
    # said once, in the banner: a second box beside the pile said it again, over the
    # stock's count
    assert watch.status == ""
    assert [str(m) for m in watch.game.moves] == [DEAL_8_WIN[0]]
    assert watch.script == [DEAL_8_WIN[0]]  # it crashed on the move it could not play
    # said of the file, not of the game: "Unfinished" blamed the player for it
    assert watch.banner.text == (
        "The replay stops here: its move 2, “p1.1”, cannot be played."
        " 9♣ is covered: first remove both cards lying on it."
    )


def test_tabs_and_arrows_choose_the_table(app, driver):
    fill_records(app.records)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    press(driver, scene, "tab:" + DAILY)
    assert scene.tab == DAILY and scene.entries == []
    press(driver, scene, "next")
    assert scene.ruleset.id != "pyramid52"
    press(driver, scene, "tab:" + ARCADE)
    assert scene.table_key().ruleset == load_ladder().id
    assert scene.pad.get("next") is None  # one arcade table for every ruleset


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_empty_arcade_table_speaks_of_runs(app, driver, language):
    # it said a game played without hints enters, where only a whole run does
    i18n.set_language(language)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}, ARCADE))
    assert scene.entries == []
    note = empty_note(scene.tab)
    assert ("run" in note) if language == "en" else ("прохождения" in note)
    press(driver, scene, "tab:" + FREE)
    assert empty_note(scene.tab) != note


def test_an_empty_daily_table_says_a_deal_played_before_stays_out(app, driver):
    # "games played without hints appear here" to a player who had used none: the day's
    # deal had been played before, as a free game
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}, DAILY))
    assert scene.entries == []
    assert empty_note(scene.tab) == (
        "No entries yet: a day's deal played for the first time, unhelped, appears here."
    )


def test_statistics_say_points_left_fewest_first():
    from game.scenes.records import statistics_rows
    from game.store import Statistics

    labels = [label for label, _value in statistics_rows(Statistics())]
    assert "Fewest points left" in labels and "Best points" not in labels  # read as the most
    i18n.set_language("ru")
    labels = [label for label, _value in statistics_rows(Statistics())]
    assert "Наименьший остаток очков" in labels


def test_a_fortune_s_statistics_say_how_many_wishes_came_true():
    # only `piramida history` said what a wish answered; the wins counted a demo's too
    from game.scenes.records import statistics_rows
    from game.store import Statistics

    stats = Statistics(played=5, won=4, wishes=4, wishes_come_true=1)
    assert ("Wishes come true", "1 of 4") in statistics_rows(stats, fortune=True)
    assert "Wishes come true" not in dict(statistics_rows(stats))
    assert ("Wishes come true", "—") in statistics_rows(Statistics(), fortune=True)
    i18n.set_language("ru")
    assert ("Сбылось желаний", "1 из 4") in statistics_rows(stats, fortune=True)


def test_statistics_say_they_count_every_game_of_the_patience(app, driver):
    # the tables are kept per options, the statistics per patience, and the tab hid the
    # options: opened on three passes, "25%" was every Pyramid 52 game's
    fill_records(app.records)
    free = show(app, driver, RecordsScene(app, "pyramid52", {"passes": 3}))
    assert free.options_said == "Passes through the stock: three"
    stats = show(app, driver, RecordsScene(app, "pyramid52", {"passes": 3}, "stats"))
    assert stats.options_said == "All its options and modes: free, daily and arcade"


def test_statistics_reset_only_after_confirming(app, driver):
    fill_records(app.records)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}, "stats"))
    assert scene.stats.played == 13 and scene.stats.won == 1
    press(driver, scene, "ask-reset")
    assert scene.confirming and app.records.statistics("pyramid52").played == 13
    press(driver, scene, "cancel")
    assert not scene.confirming and app.records.statistics("pyramid52").played == 13
    press(driver, scene, "ask-reset")
    press(driver, scene, "reset")
    assert scene.stats.played == 0 and app.records.statistics("pyramid52").played == 0
    assert len(app.records.history("pyramid52")) == 13  # the games are kept
    assert not scene.pad.get("ask-reset").enabled


def test_statistics_reset_by_keyboard_keeps_the_focus_on_the_question(app, driver):
    # the focus jumped to Back at the top: Enter there left the screen instead of answering
    fill_records(app.records)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}, "stats"))
    driver.key(pygame.K_DOWN)  # shows the focus on the tab
    driver.key(pygame.K_DOWN)
    assert scene.pad.focus_key == "ask-reset"
    driver.key(pygame.K_RETURN)
    assert scene.confirming and scene.pad.focus_key == "cancel"  # the safe answer first
    driver.key(pygame.K_RETURN)
    assert not scene.confirming and app.scene is scene
    assert scene.pad.focus_key == "ask-reset"
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_LEFT)
    assert scene.pad.focus_key == "reset"
    driver.key(pygame.K_RETURN)
    assert app.records.statistics("pyramid52").played == 0
    assert scene.pad.focus_key == "tab:stats"  # Reset statistics is off now: nothing to reset


def test_watch_steps_back_a_move_at_a_time(app, driver):
    # a move missed could only be seen again from the start
    replay = won_game().to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [replay]))
    assert not watch.buttons["step-back"].enabled  # nothing played yet
    for _ in range(3):
        driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_LEFT)
    assert watch.paused and [str(m) for m in watch.game.moves] == DEAL_8_WIN[:2]
    driver.click(watch.buttons["step-back"].rect.center)
    driver.settle(0.5)
    assert [str(m) for m in watch.game.moves] == DEAL_8_WIN[:1]
    driver.key(pygame.K_RIGHT)  # on along the replay's own line
    assert [str(m) for m in watch.game.moves] == DEAL_8_WIN[:2]
    assert app.records.history() == []


def test_a_finger_on_a_replay_s_button_keeps_it_from_a_palm(app, driver):
    # the bar is the viewer's own pad: a palm landing took the press, and Step lifted
    # did nothing
    app.pointer.finger_down = lambda touch_id, finger_id: True
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    driver.key(pygame.K_SPACE)  # paused
    assert watch.paused and not watch.game.moves
    step = watch.buttons["step"].rect.center
    driver.finger(pygame.FINGERDOWN, step)
    w, h = app.size
    driver.finger(pygame.FINGERDOWN, (w - 2, h // 2), finger_id=7)  # a palm on the edge
    driver.finger(pygame.FINGERUP, step)
    driver.settle(0.5)
    assert [str(m) for m in watch.game.moves] == DEAL_8_WIN[:1]


def test_watch_asks_no_stuck_question_found_frames_after_a_move(app, driver, monkeypatch):
    # the search for a stuck game goes on after a move, a slice a frame; a replay plays
    # itself, and its story is no question to the viewer
    monkeypatch.setattr(Game, "stuck_search", lambda *args: iter([None] * 8 + [True]))
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    driver.key(pygame.K_RIGHT)  # one move, paused
    driver.frames(30)
    assert watch.paused and len(watch.game.moves) == 1 and watch.banner is None


def test_end_asks_the_solver_about_the_last_position_only(app, driver):
    # End asked about each of a long replay's positions, each question with its whole
    # line: they piled up past a gigabyte while the solver was busy; and an undecided
    # position was searched on for a minute, a core's worth, while the player watched
    from tests.scenes.test_table_analysis import ScriptedWorker, a_long_game

    game = a_long_game(400)
    watch = show(app, driver, WatchScene(app, [game.to_replay()]))
    worker = watch.analysis.worker = ScriptedWorker()
    watch.analysis.pending = {}
    driver.key(pygame.K_END)
    driver.settle(1.0)
    assert len(watch.game.moves) == 400 and len(worker.asked) == 1
    worker.replies.append({"id": 1, "outcome": "unknown", "line": [], "best_remaining_points": 9})
    driver.frames(2)
    assert len(worker.asked) == 1  # no longer search
    assert "Finish" not in watch.status


@pytest.mark.parametrize(("mode", "deal"), [("daily", "Deal of the day 8"), ("free", "Deal 8")])
def test_a_day_s_deal_watched_is_named_as_at_its_table(app, driver, mode, deal):
    # an exported daily's replay said "Deal 20261207", as any deal's number
    replay = won_game().to_replay(result=True)
    replay["meta"] = {"mode": mode}
    watch = show(app, driver, WatchScene(app, [replay]))
    assert watch._current_figures().deal == deal


def test_a_touch_reaches_a_replay_s_end_by_its_button(app, driver):
    # End was a key alone: on a touch screen a long game took minutes to its end
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    end = watch.buttons["end"]
    assert end.enabled and end.label == "To the end" and watch.hud.captions["end"] == "End"
    driver.click(end.rect.center)
    driver.settle(1.0)
    assert watch.game.won and not end.enabled


@pytest.mark.parametrize(
    ("won", "facts", "said"),
    [
        (True, GameFacts(fortune=True), "Your wish will come true."),
        (False, GameFacts(fortune=True), "Your wish will not come true this time."),
        (True, GameFacts(fortune=True, fortune_replayed=True), "No verdict on your wish"),
        (True, GameFacts(), None),  # not played as a fortune: no wish to answer
    ],
)
def test_a_watched_fortune_ends_with_its_wish_s_answer(app, driver, won, facts, said):
    # a won Сбудется ended "The patience came out." alone, its wish's answer unsaid
    from game.store.saved import to_saved_replay
    from tests.store.helpers import won_fortune

    game = won_fortune()
    if not won:
        game = random_game("sbudetsya", deal=5, moves=6)
    replay = to_saved_replay(game, facts)
    watch = show(app, driver, WatchScene(app, [replay]))
    # the solver's verdict is kept for the end too, as at the fortune's own table
    assert watch.verdict_kept() is (said is not None and "No verdict" not in said)
    driver.key(pygame.K_END)
    driver.settle(1.0)
    text = watch.banner.text
    if said is None:
        assert "wish" not in text
    else:
        assert said in text, text


def test_at_the_end_reached_by_its_key_pause_offers_no_resume(app, driver):
    # after End the greyed Pause read "Resume", where the end reached by playing read
    # "Pause": nothing is left to resume
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    driver.key(pygame.K_END)
    driver.settle(1.0)
    assert watch.game.won and watch.paused
    assert watch.buttons["pause"].label == "Pause" and not watch.buttons["pause"].enabled
    driver.key(pygame.K_LEFT)  # a step back: there is a move to resume from again
    driver.settle(0.5)
    assert watch.buttons["pause"].label == "Resume" and watch.buttons["pause"].enabled


def test_watch_steps_back_from_the_end_by_its_key(app, driver):
    # at the end the banner took the arrows: ← moved its focus and stepped nothing back
    replay = won_game().to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [replay]))
    for _ in range(5):
        driver.click(watch.buttons["faster"].rect.center)
    driver.settle(40.0)
    if watch.celebration:
        driver.key(pygame.K_SPACE)  # cuts the leaps short
    assert watch.game.won and watch.banner is not None
    driver.key(pygame.K_LEFT)
    driver.settle(0.5)
    assert [str(m) for m in watch.game.moves] == DEAL_8_WIN[:-1]
    assert watch.banner is None and watch.paused
    driver.key(pygame.K_RIGHT)  # the last move again: the end, and its banner
    driver.settle(3.0)
    if watch.celebration:
        driver.key(pygame.K_SPACE)
    assert watch.game.won and watch.banner is not None
    driver.key(pygame.K_RIGHT)  # Step is off at the end: → shows the banner's focus
    driver.key(pygame.K_RIGHT)
    focused = [b.key for b in watch.banner.buttons if b.focused]
    driver.key(pygame.K_LEFT)  # and then ← moves it back, as on every banner
    assert [b.key for b in watch.banner.buttons if b.focused] != focused
    assert watch.game.won


def test_watch_pauses_steps_and_records_nothing(app, driver):
    replay = won_game().to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [replay]))
    driver.key(pygame.K_SPACE)
    assert watch.paused
    driver.settle(3.0)
    assert watch.game.moves == []
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert [str(m) for m in watch.game.moves] == DEAL_8_WIN[:2]
    for _ in range(5):
        driver.click(watch.buttons["faster"].rect.center)
    driver.key(pygame.K_SPACE)
    driver.settle(40.0)
    assert watch.game.won
    assert watch.banner is not None and "over" in watch.banner.text
    assert watch.banner.text.endswith("The patience came out.")  # not only "it stopped"
    assert app.records.history() == []
    press_banner = watch.banner.buttons[0]
    driver.click(press_banner.rect.center)
    assert watch.game.moves == []  # watch again, from the deal
    driver.settle(40.0)
    assert watch.game.won and watch.banner is not None
    driver.key(pygame.K_RETURN)  # the keyboard's way to the same choice
    assert watch.game.moves == []


def test_a_replay_waits_while_its_window_is_minimised(app, driver):
    # it played on from move 3 to 14, a card's sound every 0.7 s from a hidden window,
    # where the table's demo and Finish wait
    replay = won_game().to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [replay]))
    driver.settle(2.0)
    shown = len(watch.game.moves)
    assert shown >= 1
    app.handle_event(pygame.event.Event(pygame.WINDOWMINIMIZED))
    driver.settle(10.0)
    assert len(watch.game.moves) == shown
    app.handle_event(pygame.event.Event(pygame.WINDOWRESTORED))
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.settle(3.0)
    assert len(watch.game.moves) > shown


def test_a_watcher_is_told_a_lost_deal_s_verdict_not_to_play_for_points(app, driver):
    # "play for the fewest points left" was said to one who only watched
    from tests.scenes.test_table import wait_for_analysis

    lost = Game("pyramid52", deal=0)
    lost.play("st>w")
    lost.resign()
    watch = show(app, driver, WatchScene(app, [lost.to_replay(result=True)]))
    driver.key(pygame.K_SPACE)  # paused at the deal, the solver's answer awaited there
    wait_for_analysis(watch, driver)
    driver.frames(2)
    assert watch.analysis.verdict() == "No win possible" and watch.game.moves == []
    assert watch.status.startswith("There is no way to win from here. Best"), watch.status
    assert "play for" not in watch.status


@pytest.mark.parametrize("language", ["en", "ru"])
def test_pausing_a_replay_moves_none_of_its_buttons(app, driver, language):
    # "Pause" became "Resume" and every button of the bar shifted under the finger
    replay = won_game().to_replay(result=True)
    try:
        i18n.set_language(language)
        watch = show(app, driver, WatchScene(app, [replay]))
        before = {k: b.rect.copy() for k, b in watch.buttons.items()}
        driver.key(pygame.K_SPACE)
        assert (
            watch.paused
            and watch.buttons["pause"].label != before
            and all(watch.buttons[k].rect == r for k, r in before.items())
        )
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("moves", "end", "said"),
    [
        (15, True, "Given up with {left} points left."),
        (500, True, "Out of moves with {left} points left."),
        (15, False, "Unfinished, with {left} points left."),
    ],
)
def test_the_end_of_a_lost_game_s_replay_says_how_it_ended(app, driver, moves, end, said):
    # "208 points left." alone did not say whether the game was given up or stuck
    game = random_game("pyramid52", 3, moves, end=end)
    watch = show(app, driver, WatchScene(app, [game.to_replay(result=True)]))
    for _ in range(5):
        driver.click(watch.buttons["faster"].rect.center)
    driver.settle(60.0)
    said = said.format(left=game.score.remaining_points)
    assert watch.banner is not None and watch.banner.text == f"The replay is over. {said}"


def ending_said(app, driver, replay) -> str:
    """What the banner says once the replay has been stepped through to its end."""
    watch = show(app, driver, WatchScene(app, [replay]))
    while watch.step_count < len(watch.script):
        watch.step()
    return watch.banner.text


def test_the_replay_of_a_game_given_up_stuck_says_it_was_stuck(app, driver):
    # the results said "The game was stuck", its replay "Given up"
    from tests.rules.test_analysis import stuck_game

    game = stuck_game()  # stuck only after more than 4,000 positions: searched on at the end
    game.play("resign")
    said = ending_said(app, driver, game.to_replay(result=True))
    left = game.score.remaining_points
    assert said == f"The replay is over. The game was stuck: {left} points left."


def test_the_replay_says_stuck_as_its_file_does_where_its_own_search_would_stop(app, driver):
    # found stuck after the table's long search, its replay's shorter one said "Given up"
    from game.store.saved import to_saved_replay

    game = random_game("pyramid52", 3, 15)
    replay = to_saved_replay(game, GameFacts(stuck=True))
    assert replay["meta"]["stuck"] is True
    said = ending_said(app, driver, replay)
    left = game.score.remaining_points
    assert said == f"The replay is over. The game was stuck: {left} points left."


def test_the_replay_of_a_game_a_kiosk_ended_says_it_was_abandoned(app, driver):
    from game.store.saved import to_saved_replay

    game = random_game("pyramid52", 3, 15)
    replay = to_saved_replay(game, GameFacts(abandoned=True))
    said = ending_said(app, driver, replay)
    left = game.score.remaining_points
    assert said == f"The replay is over. Abandoned with {left} points left."


@pytest.mark.parametrize(
    ("claim", "said"),
    [
        ({"remaining_points": 0, "won": True}, "Its file claims 0 points left; its moves leave"),
        ({"moves": 3}, "Its file claims a result its moves do not make."),
    ],
)
def test_the_end_of_a_replay_says_when_its_file_claims_what_its_moves_do_not(
    app, driver, claim, said
):
    # a file sent as proof of a score was watched to its end with no word of the
    # score it claimed: only `piramida verify` compared them
    game = random_game("pyramid52", 3, 15)
    replay = game.to_replay(result=True)
    honest = ending_said(app, driver, replay)
    assert "claims" not in honest
    replay["result"] = dict(replay["result"], **claim)
    left = game.score.remaining_points
    said = said if said.endswith(".") else f"{said} {left}."
    assert ending_said(app, driver, replay) == f"{honest} {said}"
    assert f"Given up with {left} points left." in honest


def test_watch_again_after_stepping_to_the_end_plays(app, driver):
    # stepping pauses; Watch again started the replay still paused, and stood still
    replay = won_game().to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [replay]))
    for _ in DEAL_8_WIN:
        driver.key(pygame.K_RIGHT)
    assert watch.game.won and watch.celebration is not None
    driver.click((5, 300))  # a click cuts the cards' leaps short, as on the table
    assert watch.celebration is None and watch.banner is not None
    driver.click(watch.banner.buttons[0].rect.center)  # Watch again
    assert not watch.paused
    driver.settle(6.0)
    assert watch.game.moves


def test_watch_keys_do_only_what_their_buttons_may(app, driver):
    replay = won_game().to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [replay]))
    driver.key(pygame.K_KP_PLUS)  # the keypad's signs, as the main keyboard's
    assert watch.speed == 3
    driver.key(pygame.K_KP_MINUS)
    driver.key(pygame.K_KP_MINUS)
    assert watch.speed == 1
    for _ in DEAL_8_WIN:
        driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_x)  # any key cuts the leaps short too
    assert watch.celebration is None and not watch.buttons["pause"].enabled
    paused, label = watch.paused, watch.buttons["pause"].label
    driver.key(pygame.K_SPACE)  # Pause is off at the end: its key too
    assert (watch.paused, watch.buttons["pause"].label) == (paused, label)


def test_the_next_game_of_a_run_plays_at_the_speed_chosen(app, driver):
    # each game of an arcade run's replay began again at the normal speed
    first = random_game("pyramid36", 3, 4, seed=1).to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [first, won_game().to_replay(result=True)]))
    driver.click(watch.buttons["faster"].rect.center)
    driver.click(watch.buttons["faster"].rect.center)
    speed = watch.speed
    for _ in range(10):
        driver.key(pygame.K_RIGHT)
    assert watch.banner is not None
    driver.click(watch.banner.buttons[0].rect.center)  # Next game
    driver.settle(0.6)
    following = app.scene
    assert isinstance(following, WatchScene) and following.replay_index == 1
    assert following.speed == speed and not following.paused


def test_enter_at_the_end_of_a_run_s_game_goes_on_to_the_next(app, driver):
    # it watched the same game again: Right, Right, Enter at every game of a run
    first = random_game("pyramid36", 3, 4, seed=1).to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [first, won_game().to_replay(result=True)]))
    driver.key(pygame.K_END)
    driver.settle(0.5)
    assert watch.banner.buttons[0].label == "Next game"
    # in gold, as Enter's button is elsewhere: with no ring, nothing told what Enter did
    assert [b.selected for b in watch.banner.buttons] == [True, False, False]
    driver.key(pygame.K_RETURN)  # the end's banner takes Enter at once (see its focus)
    driver.settle(0.6)
    assert isinstance(app.scene, WatchScene) and app.scene.replay_index == 1


def test_the_end_of_a_run_s_last_game_says_the_run_s_score(app, driver):
    # watching a run ended on its last game's points alone, not the run's
    won, lost = won_game(), random_game("pyramid36", 3, 4, seed=1)
    replays = [won.to_replay(result=True), lost.to_replay(result=True)]
    watch = show(app, driver, WatchScene(app, replays, index=1))
    while watch.step_count < len(watch.script):
        watch.step()
    left = lost.score.remaining_points
    assert watch.banner.text == (
        f"The replay is over. Given up with {left} points left."
        f" The run: 1 level cleared, {left} points left in all its games."
    )
    first = show(app, driver, WatchScene(app, replays, index=0))
    for _ in range(60):
        first.step()
    driver.key(pygame.K_x)  # past the win's cascade
    assert "The run" not in first.banner.text  # a run's first game: no run's end yet


def test_a_replay_s_moves_are_counted_of_its_whole(app, driver):
    # "Moves 12" of a 376-move replay said nothing of how far it had come
    given_up = random_game("pyramid36", 3, 4, seed=1)
    watch = show(app, driver, WatchScene(app, [given_up.to_replay(result=True)]))
    assert watch._current_figures().moves_of == 4  # its give-up is no move of the table's
    driver.key(pygame.K_RIGHT)
    driver.frames(2)
    assert "Moves 1 of 4" in watch.hud.stats_shown


def test_a_run_s_replay_says_which_of_its_games_is_played(app, driver):
    first = random_game("pyramid36", 3, 4, seed=1).to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [first, won_game().to_replay(result=True)]))
    figures = watch._current_figures()
    assert (figures.title, figures.deal) == ("Pyramid 36", "Game 1 of 2")
    for _ in range(10):
        driver.key(pygame.K_RIGHT)
    assert watch.banner is not None and watch.banner.text.startswith("Game 1 of 2 is over.")
    driver.click(watch.banner.buttons[0].rect.center)  # Next game
    driver.settle(0.6)
    following = app.scene
    figures = following._current_figures()
    assert (figures.title, figures.deal) == ("Pyramid 52", "Game 2 of 2")
    for _ in DEAL_8_WIN:
        driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_x)  # the leaps cut short
    assert following.banner is not None and following.banner.text.startswith("The replay is over.")
    alone = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    assert alone._current_figures().deal == "Deal 8"  # one game: its deal, as on the table


def test_watch_shows_the_time_the_game_took(app, driver):
    replay = won_game().to_replay(result=True)
    replay["meta"] = {"seconds": 3725.4}
    watch = show(app, driver, WatchScene(app, [replay]))
    driver.settle(5.0)  # moves play on; the clock stays the game's
    assert watch.game.moves
    assert watch._current_figures().clock == "1:02:05"


def inked(surface, rect):
    """How many pixels of `rect` are not the bars' plain panel: something is drawn there."""
    area = surface.subsurface(rect)
    return sum(
        area.get_at((x, y))[:3] != theme.PANEL
        for x in range(area.get_width())
        for y in range(area.get_height())
    )


@pytest.mark.parametrize(("language", "space"), [("en", "Space"), ("ru", "Пробел")])
def test_watch_shows_under_each_button_the_key_that_presses_it(app, driver, language, space):
    i18n.set_language(language)
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    pressable = [b for b in watch.hud.buttons if not b.readout]
    captions = {b.key: watch.hud.captions[b.key] for b in pressable}
    assert captions == {
        "pause": space,
        "step-back": "←",
        "step": "→",
        "slower": "−",
        "faster": "+",
        "start": "Home",
        "end": "End",
        "back": "Esc",
    }
    bar = watch.hud.bottom
    for b in pressable:
        under = pygame.Rect(
            b.rect.left, b.rect.bottom + 1, b.rect.width, bar.bottom - b.rect.bottom - 1
        )
        assert bar.contains(under) and inked(app.surface, under) > 0, b.key
    driver.key(pygame.K_MINUS)  # each key does what its caption says
    driver.key(pygame.K_SPACE)
    assert (watch.speed, watch.paused) == (1, True)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_watch_s_arrow_captions_are_as_high_as_its_letters(app, driver, size):
    # at 800x600 the ← and → under Step back and Step were dashes 2 px high
    driver.resize(size)
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    bar = watch.hud.bottom

    def ink_height(key):
        b = watch.buttons[key]
        under = pygame.Rect(
            b.rect.left, b.rect.bottom + 1, b.rect.width, bar.bottom - b.rect.bottom - 1
        )
        area = app.surface.subsurface(under)
        rows = [
            y
            for y in range(area.get_height())
            if any(area.get_at((x, y))[:3] != theme.PANEL for x in range(area.get_width()))
        ]
        return rows[-1] - rows[0] + 1

    letters = ink_height("end")  # "End": no descender
    for key in ("step-back", "step"):
        assert ink_height(key) >= letters * 3 // 4, key  # 5 of 9 px at 800x600


def test_watch_shows_its_speed_between_slower_and_faster(app, driver):
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    shown = watch.buttons["speed"]
    assert shown.label == "×1"
    assert watch.buttons["slower"].rect.right < shown.rect.left
    assert shown.rect.right < watch.buttons["faster"].rect.left
    assert inked(app.surface, shown.rect) > 0
    driver.key(pygame.K_PLUS)
    driver.key(pygame.K_PLUS)
    assert shown.label == "×4" and not watch.buttons["faster"].enabled
    for _ in range(4):
        driver.key(pygame.K_MINUS)
    assert shown.label == "×¼"
    driver.click(shown.rect.center)  # a figure, not a button: a click on it does nothing
    assert shown.label == "×¼" and not watch.paused


def test_watch_buttons_take_the_focus_by_tab_and_enter_presses_them(app, driver):
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    focused = lambda: [b.key for b in watch.hud.buttons if b.focused]  # noqa: E731
    assert focused() == []  # no ring until the keyboard is used
    driver.key(pygame.K_TAB)
    assert focused() == ["pause"]
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)  # Step
    assert focused() == ["step"] and watch.paused and len(watch.game.moves) == 1
    driver.key(pygame.K_SPACE)  # Space keeps to Pause, wherever the focus is
    assert not watch.paused and len(watch.game.moves) == 1
    driver.key(pygame.K_RIGHT)  # and Right to Step
    assert watch.paused and len(watch.game.moves) == 2 and focused() == ["step"]
    for _ in range(4):  # From the start, To the end, Slower
        driver.key(pygame.K_TAB)
    assert focused() == ["faster"]  # the speed between them is a figure, passed over
    driver.key(pygame.K_RETURN)
    assert watch.buttons["speed"].label == "×2"
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused() == ["slower"]
    driver.click(watch.buttons["faster"].rect.center)  # a click hides the ring
    assert focused() == [] and watch.buttons["speed"].label == "×4"
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    assert focused() == ["back"]
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    assert app.scene is not watch


def test_the_focus_edge_grows_with_the_button():
    # at 4K a watch button is 120 px high, and its 3 px focus edge was a hairline
    pygame.init()
    surface = pygame.Surface((400, 200))
    button = Button("Step", lambda: None, rect=pygame.Rect(20, 40, 300, 120), focused=True)
    button.draw(surface, 40)
    assert surface.get_at((20 + 5, 100))[:3] == theme.FOCUS
    small = Button("Step", lambda: None, rect=pygame.Rect(20, 170, 100, 30), focused=True)
    small.draw(surface, 12)
    assert surface.get_at((20 + 3, 185))[:3] != theme.FOCUS  # 3 px, as it was


def test_the_table_has_no_key_captions(app, driver):
    table = show(app, driver, TableScene(app, Game("pyramid52", deal=8)))
    bar = table.hud.bottom
    assert table.hud.captions == {} and bar.height == 58  # 58 px at 1280x800, as before
    for b in table.hud.buttons:
        under = pygame.Rect(
            b.rect.left, b.rect.bottom + 1, b.rect.width, bar.bottom - b.rect.bottom - 1
        )
        assert inked(app.surface, under) == 0


def test_initials_keep_to_the_wheel():
    assert clean_initials("ab") == "ABA"
    # a letter drawn like one of the player's alphabet is that one: the wheel holds
    # each look once ("НББ" went in as a Latin H and two Cyrillic Б)
    assert clean_initials("жук!") == "ЖYK"
    assert clean_initials("") == "AAA"
    assert "У" not in wheel() and "Ж" in wheel()
    i18n.set_language("ru")
    assert clean_initials("") == "ААА"  # a Russian player's wheel starts at А
    assert clean_initials("hбб") == "НББ" and "H" not in wheel() and "Q" in wheel()


def test_arcade_climbs_loses_lives_and_ends_in_its_table(app, driver, monkeypatch):
    from game.scenes import arcade
    from game.scenes.arcade import continue_or_start

    monkeypatch.setattr(arcade, "random_deal", lambda: 0)  # a card can go home at once
    ladder = load_ladder()
    # a free game of the first level's patience: no part of the run's chart
    first = ladder.levels[0]
    free = Game(first.ruleset, first.options, deal=5)
    free.play("resign")
    app.records.save_game(free, GameFacts())
    continue_or_start(app)
    driver.settle(1.0)
    table = app.scene
    assert isinstance(table, TableScene) and table.facts.mode == ARCADE
    first = ladder.levels[0]
    assert (table.game.ruleset.id, table.game.options) == (first.ruleset, first.options)
    assert not table.buttons["new"].enabled and not table.fortune
    total = len(ladder.levels)
    # in sight all game long, where the opening line fades
    assert table._current_figures().deal == f"Level 1 of {total} · 3 lives"
    # a new run says its rules as it opens: a Give up to reroll a deal costs its points
    assert "A game not won costs a life, and its points count in the run." in table.status
    for move in solve(table.game).moves:  # the first level won: a run that won none
        table._play(move)  # enters no table
    driver.settle(12.0)
    results = app.scene
    assert isinstance(results, ResultsScene) and results.arcade.run.state.level == 1
    press(driver, results, "next")
    table, second = app.scene, ladder.levels[1]
    for lives_left in (2, 1, 0):
        table._play(next(m for m in table.game.legal_moves if m.b.startswith("f")))
        driver.settle(0.3)
        driver.click(table.buttons["resign"].rect.center)
        driver.click(table.buttons["resign"].rect.center)  # giving up asks twice
        driver.settle(1.0)
        if lives_left:
            results = app.scene
            assert isinstance(results, ResultsScene)
            assert results.arcade.run.state.lives == lives_left
            assert results.arcade.so_far().startswith("Run so far:")
            press(driver, results, "next")
            table = app.scene
            assert table.game.options == second.options  # the same level, a new deal
            lives = "1 life" if lives_left == 1 else f"{lives_left} lives"
            assert table._current_figures().deal == f"Level 2 of {total} · {lives}"
            assert "costs a life" not in table.status  # said once, as the run opens
    assert isinstance(app.scene, InitialsScene)  # the run is over and enters the table
    # said of the run, as its title is: "You gave up" of its last game read against it
    assert app.scene.outcome == "No lives left: the run is over."
    # the score the place is for: it was nowhere on the screen
    assert app.scene.subtitle.startswith("1 level cleared, ")
    assert app.scene.subtitle.endswith("points left: place 1 in the arcade table. Your initials?")
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    results = app.scene
    assert results.arcade.over and results.pad.get("table") is not None
    # the chart is the run's, game by game
    assert results.chart == [g.remaining_points for g in results.arcade.run.games]
    assert len(results.chart) == 4 and results.chart_caption.startswith("Points left in this run")
    # the run's end is the headline and its figures the run's: the last game's "You gave
    # up" and its figures read as the run's, under "the run is over"
    state = results.arcade.run.state
    lines = results._heading_lines(2000)[0]
    heading = [line.text for line in lines]
    biggest = max(lines, key=lambda line: line.size)
    assert biggest.text == "No lives left: the run is over."
    assert heading[0] == "Arcade ladder · 4 games" and "You gave up" not in heading
    # named as its level is: the ladder has this patience twice
    assert heading[2] == "Last game: Nothing Better to Do (9 piles) · Deal 0 · You gave up"
    shown = {label: value for label, value, _note in results.all_figures()}
    assert shown["Levels cleared"] == f"1 of {total}"
    assert shown["Points left"] == str(state.points) == str(sum(results.chart))
    assert shown["Cards left"] == str(state.cards) and shown["Moves"] == str(state.moves)
    # and where it stands in the table it has just entered
    assert "Place 1 in the arcade table." in heading
    (entry,) = app.records.scores.top(app.records.arcade_key(ladder))
    assert entry.figures.levels == 1 and len(entry.replay["games"]) == 4
    # its table says the run's cards left too, as every other table does
    table = show(app, driver, RecordsScene(app, "pyramid52", {}, ARCADE))
    headings = [heading for heading, _share, _anchor in table_columns(table.tab)]
    values = dict(zip(headings, row_values(table.tab, 0, entry), strict=True))
    assert values["Cards"] == str(entry.figures.remaining_cards)
    # and says at its foot what they are and how runs rank, as the others do theirs
    driver.frames(1)
    assert table.note_drawn is not None and table.area.contains(table.note_drawn)
    assert table.marked_drawn is None  # opened from the menu: no run is marked
    # opened from the run's results, the run just entered is marked (row 1 is gold
    # whoever holds it: a second place read as the first's)
    show(app, driver, results)
    press(driver, results, "table")
    driver.settle(0.6)
    marked = app.scene
    assert isinstance(marked, RecordsScene) and marked.marked_run == entry.arcade_run
    driver.frames(1)
    assert marked.marked_drawn is not None and marked.area.contains(marked.marked_drawn)


def test_a_level_of_a_patience_met_twice_in_the_ladder_says_its_options(app, driver, monkeypatch):
    # "Nothing Better to Do" opened level 2 as it had opened level 1 (10 piles, then 9)
    from game.ladder import Ladder, Level
    from game.scenes import arcade
    from game.scenes.arcade import continue_or_start, level_name

    def level(ruleset: str, **options: object) -> Level:
        return Level(ruleset, get_ruleset(ruleset).choose(options))

    levels = (
        level("nechego", piles=10),
        level("nechego", piles=9),
        level("pyramid36"),
        level("pyramid36", passes=3),
        level("pyramid52"),
    )
    ladder = Ladder("t", {"en": "Test"}, 3, levels)
    assert [level_name(ladder, i) for i in range(len(levels))] == [
        "Nothing Better to Do (10 piles)",
        "Nothing Better to Do (9 piles)",
        "Pyramid 36 (one pass)",  # told from the level with three
        "Pyramid 36 (three passes)",
        "Pyramid 52",  # met once, at its defaults: its name is enough
    ]
    # and the table opens on it; a deal the solver has no word on at once (on one it
    # can play out, "press Finish" took the line's place within two frames)
    monkeypatch.setattr(arcade, "random_deal", lambda: 12345)
    continue_or_start(app)
    driver.frames(2)
    first = level_name(load_ladder(), 0)
    assert app.scene.status.startswith("Arcade ladder · level 1 of ") and first in app.scene.status


@pytest.mark.parametrize("assisted", [False, True])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1920, 1080), (600, 800)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_level_s_opening_line_keeps_the_patience_s_name_whole(
    tmp_path, monkeypatch, size, language, assisted
):
    # a narrow banner read "Arcade ladder · level / 1 of 9: Nothing Better / to Do (10
    # piles) · 3 lives"; a run that had help went on "3 lives This run had help"
    from dataclasses import replace

    import game.scenes.table_overlay as overlay
    from game.i18n import n_
    from game.scenes.arcade import level_name, level_table

    shown: list[list[str]] = []
    real_wrap = overlay.balanced_wrap

    def balanced_wrap(text, font, width):
        lines = real_wrap(text, font, width)
        shown.append(lines)
        return lines

    monkeypatch.setattr(overlay, "balanced_wrap", balanced_wrap)
    with app_at(tmp_path, monkeypatch, size, language) as (app, driver):
        ladder = load_ladder()
        run = app.records.run(ladder, app.records.start_run(ladder))
        if assisted:
            run = replace(run, assisted=True)
        scene = show(app, driver, level_table(app, ladder, run))
        shown.clear()
        scene._invalidate()
        driver.frames(1)
        name = level_name(ladder, 0).split(" (")[0]  # its options may take the next line
        (lines,) = [lines for lines in shown if name.split()[0] in " ".join(lines)]
        # a new run says its rules on a line or two more
        assert len(lines) <= (9 if assisted else 6) and any(name in line for line in lines), lines
        assert lines[0].endswith(":")  # the ladder and the level, then the patience
        lives = n_("{n} life", "{n} lives", 3)
        assert any(line.endswith(lives) for line in lines)  # the help said on a line of its own


def test_a_run_that_clears_every_level_ends_on_it_in_gold(app, driver):
    from game.ladder import RunState
    from game.scenes.arcade import ArcadeStatus, level_name
    from game.scenes.summary import GameSummary
    from game.store.arcade import Run

    ladder = load_ladder()
    total = len(ladder.levels)
    state = RunState(total, 2, 14, 3, 1234.0, 900, total + 1)
    status = ArcadeStatus(ladder, Run(1, ladder.id, "2026-12-04", state, False, []), won=True)
    assert status.over and status.news() == "Every level cleared!"
    last = ladder.levels[-1]
    game = Game(last.ruleset, last.options, deal=8)
    facts = GameFacts(mode=ARCADE, arcade_run=1)
    results = show(app, driver, ResultsScene(app, GameSummary(game, 60.0, facts=facts), status))
    lines = results._heading_lines(2000)[0]
    biggest = max(lines, key=lambda line: line.size)
    assert biggest.text == "Every level cleared!" and biggest.colour == theme.GOLD
    # the last game was the last level's, climbed past by its win
    assert lines[2].text.startswith(f"Last game: {level_name(ladder, total - 1)} · Deal 8")
    shown = {label: value for label, value, _note in results.all_figures()}
    assert shown["Levels cleared"] == f"{total} of {total}" and shown["Points left"] == "14"


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)])
def test_a_long_initials_title_is_drawn_smaller_within_the_window(tmp_path, monkeypatch, size):
    # a game's ending is the title now, drawn on one line: a long one ran off the screen
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    try:
        title = "No sequence of moves leads anywhere now: the game is stuck."
        scene = InitialsScene(app, title, "Place 1", "ЖУК", lambda i: None, celebrate=False)
        show(app, Driver(app), scene)
        assert app.surface.get_rect().contains(scene.title_drawn)
    finally:
        app.close()


def test_a_run_given_up_at_once_three_times_enters_no_table(app, driver):
    # an empty arcade table greeted it as "A new high score!"
    from game.scenes.arcade import continue_or_start

    continue_or_start(app)
    driver.settle(1.0)
    for _life in range(3):
        table = app.scene
        driver.click(table.buttons["resign"].rect.center)
        driver.click(table.buttons["resign"].rect.center)
        driver.settle(1.0)
        results = app.scene
        assert isinstance(results, ResultsScene)
        if not results.arcade.over:
            press(driver, results, "next")
    assert app.records.scores.top(app.records.arcade_key(load_ladder())) == []
    assert results.arcade.table_note().startswith("No level was won in this run")


def test_a_run_that_had_help_says_so_where_it_ends(app, driver):
    # a level won by the demo climbed on; the run's end said nothing of the table
    from game.scenes.arcade import continue_or_start

    continue_or_start(app)
    driver.settle(1.0)
    table = app.scene
    table.facts.mark_assisted("hint")
    for lives_left in (2, 1, 0):
        driver.click(table.buttons["resign"].rect.center)
        driver.click(table.buttons["resign"].rect.center)  # giving up asks twice
        driver.settle(1.0)
        results = app.scene
        assert isinstance(results, ResultsScene)  # no initials: no table to enter
        if lives_left:
            assert results.arcade.table_note() == ""  # the run goes on: not yet
            press(driver, results, "next")
            table = app.scene
    assert results.arcade.over
    assert results.arcade.table_note() == (
        "Help came on level 1: Nothing Better to Do (10 piles). A hint was taken while it"
        " was laid out. So the run stays out of the table."
    )


def test_a_run_s_end_names_the_level_that_had_help(app):
    # help on level 1, won, then three levels lost: "A hint was taken while it was laid
    # out", under the last game's line, blamed the game given up on level 2
    from dataclasses import replace

    from game.ladder import LevelResult, progress
    from game.scenes.arcade import ArcadeStatus, level_name
    from game.store.arcade import Run

    ladder = load_ladder()
    first, second = (dict(level.options) for level in ladder.levels[:2])
    plain = GameRow(
        1, "nechego", first, 5, ARCADE, 1, "2026-12-06", "2026-12-06", 60.0, 20, 0, 0, False,
        False, False, "won", 0, 0, {"meta": {}},
    )  # fmt: skip
    helped = replace(plain, hints=1, assisted=True, replay={"meta": {"assisted_by": "hint"}})
    lost = replace(plain, outcome="resigned", remaining_cards=30, remaining_points=200)
    games = [helped, lost, lost, lost]
    state = progress(ladder, [LevelResult(g.won, 0, 0, 0.0, 0) for g in games])
    status = ArcadeStatus(ladder, Run(1, ladder.id, "2026-12-06", state, True, games), won=False)
    assert status.over and status.run.helped_level == 0
    assert status.table_note().startswith(f"Help came on level 1: {level_name(ladder, 0)}.")
    games = [plain, lost, replace(helped, options=second), lost, lost]  # a later level's help
    state = progress(ladder, [LevelResult(g.won, 0, 0, 0.0, 0) for g in games])
    status = ArcadeStatus(ladder, Run(1, ladder.id, "2026-12-06", state, True, games), won=False)
    assert status.table_note().startswith(f"Help came on level 2: {level_name(ladder, 1)}.")
    # the ladder's file edited since: the level's patience named by its game's record
    for edited, name in (
        (replace(helped, ruleset="pyramid52", options={"passes": 1}), "Pyramid 52"),
        (replace(helped, options=second), "Nothing Better to Do"),  # its options moved
    ):
        games = [edited, lost, lost, lost]
        run = Run(1, ladder.id, "2026-12-06", state, True, games)
        status = ArcadeStatus(ladder, run, won=False)
        assert status.table_note().startswith(f"Help came on level 1: {name}.")


def _a_level_left_after_one_move(app, driver) -> TableScene:
    """The arcade's first level, one move made, left for the menu; its table."""
    from game.scenes.arcade import continue_or_start

    continue_or_start(app)
    driver.settle(1.0)
    level = app.scene
    level._play(next(iter(level.game.legal_moves)))
    driver.settle(0.5)
    level.back()
    driver.settle(1.0)
    return level


def test_a_level_s_deal_practised_as_a_free_game_takes_the_run_out_of_the_table(app, driver):
    # Continue shows the level's deal number: typed in the menu, the same layout was
    # played as a free game, the stock learnt, and the run won its level and place 1
    from game.store.saved import BY_PRACTISED

    level = _a_level_left_after_one_move(app, driver)  # its deal shown by Continue
    practice = Game(level.game.ruleset.id, level.game.options, deal=level.game.deal_number)
    practice.play(next(iter(practice.legal_moves)))
    app.records.save_game(practice, GameFacts())
    press(driver, app.scene, "continue")
    driver.settle(1.0)
    resumed = app.scene
    assert isinstance(resumed, TableScene) and resumed.facts.mode == ARCADE
    assert resumed.facts.assisted and resumed.facts.assisted_by == BY_PRACTISED
    assert "this run stays out of the arcade table" in resumed.status
    assert not resumed._table_at_stake()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (3840, 2160)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_new_scenes_fit_the_window(tmp_path, monkeypatch, size, language):
    with app_at(tmp_path, monkeypatch, size, language) as (app, driver):
        fill_records(app.records)
        window = pygame.Rect((0, 0), size)
        scenes = [RecordsScene(app, "pyramid52", {}, tab) for tab in (FREE, DAILY, ARCADE, "stats")]
        scenes.append(InitialsScene(app, "A new high score!", "Place 1", "ЖУК", lambda i: None))
        # the replay's bar: its buttons, the speed between them and the keys under them
        scenes.append(WatchScene(app, [won_game().to_replay(result=True)] * 5))
        for scene in scenes:
            show(app, driver, scene)
            rects = [b.rect for b in scene.pad.buttons]
            assert all(window.contains(r) for r in rects), scene
            assert [(a, b) for a, b in itertools.combinations(rects, 2) if a.colliderect(b)] == []
            if isinstance(scene, WatchScene):
                bar, caption = scene.hud.bottom, theme.font(scene.hud._caption_size(), bold=True)
                assert all(r.bottom + caption.get_height() <= bar.bottom for r in rects)
            if isinstance(scene, InitialsScene):
                # touch alone: every target at least 48 pixels each way
                assert all(min(r.size) >= 48 for r in rects)
                # the keys' line where there is room, under OK and inside the window
                keys = scene.keys_drawn
                assert keys is not None or size[1] <= 600, size
                if keys is not None:
                    assert window.contains(keys) and keys.top >= scene.pad.get("ok").rect.bottom


def test_initials_take_one_letter_at_a_time(app):
    scene = InitialsScene(app, "Top ten", "", "AAA", lambda initials: app.scene)
    for text in ("ﬆ", "12", "ß"):  # "ST", two characters at once, "SS"
        scene.type_letter(text)
    assert scene.initials == "AAA" and scene.place == 0
    scene.type_letter("b")
    assert scene.initials == "BAA" and scene.place == 1


def test_initials_take_letters_that_come_as_text_alone(app, driver):
    # Russian letters typed under X came as text events with no key down of their own:
    # nothing changed, and the player turned 30 letters with the arrows
    scene = show(app, driver, InitialsScene(app, "Top ten", "", "AAA", lambda i: app.scene))
    driver.frames(60)  # past the table's press
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ю"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ЛЯ"))  # an input method's
    driver.frames(1)
    assert scene.initials == "ЮЛЯ"
    # a key down that brought its letter: its own text event is not typed again
    scene.choose(0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="b"))
    driver.frames(1)
    assert scene.initials == "BЛЯ" and scene.place == 1
    # a key down whose text event never came does not swallow the next text
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ю"))
    driver.frames(1)
    assert scene.initials == "BXЮ"


def test_initials_tab_moves_on_and_shift_tab_back(app, driver):
    scene = show(app, driver, InitialsScene(app, "Top ten", "", "AAA", lambda i: app.scene))
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    assert scene.place == 2
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.place == 1
    assert scene.initials == "AAA"  # moving types nothing


def test_initials_tab_reaches_ok_and_goes_round(app, driver):
    # Tab stayed on the third letter: OK was never a stop, as every other screen's
    # buttons are
    entered: list[str] = []

    def done(initials: str) -> Scene:
        entered.append(initials)
        return app.scene

    scene = show(app, driver, InitialsScene(app, "Top ten", "", "ABC", done))
    for _ in range(3):
        driver.key(pygame.K_TAB)
    assert scene.on_ok and scene.place == 2
    driver.frames(1)
    ok = scene.pad.get("ok").rect
    ring = ok.inflate(2 * ring_reach(scene.scale), 2 * ring_reach(scene.scale))
    assert app.surface.get_at((ring.centerx, ring.top + 1))[:3] == theme.FOCUS
    driver.key(pygame.K_TAB)
    assert not scene.on_ok and scene.place == 0  # round to the first letter
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.on_ok  # and back
    driver.key(pygame.K_UP)  # a letter's key leaves OK for the letter last chosen
    assert not scene.on_ok and scene.initials == "BBC"
    for _ in range(3):
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_LEFT)  # back from OK: the letter before it
    assert not scene.on_ok and scene.place == 2
    driver.key(pygame.K_TAB)
    assert scene.on_ok
    scene.pad.get("up0").action()  # the mouse on a letter's arrow: the ring goes with it
    assert not scene.on_ok and scene.place == 0 and scene.initials == "CBC"
    scene.turn(0, -1)  # as it was
    for _ in range(3):
        driver.key(pygame.K_TAB)
    driver.settle(ARRIVING_S)  # past the table's press
    driver.key(pygame.K_RETURN)
    assert entered == ["BBC"]


def test_an_initials_arrow_held_as_the_window_loses_its_focus_stops_turning(app, driver):
    # its release went to the other window: the letter turned on while away, and on
    # after the focus came back, until the mouse moved over the window
    scene = show(app, driver, InitialsScene(app, "Top ten", "", "AAA", lambda i: app.scene))
    up = scene.pad.get("up0").rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=up, button=1, touch=False))
    driver.frames(1)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.frames(1)
    turned = scene.initials
    driver.frames(180)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.frames(60)
    assert scene.initials == turned and not scene.pad.get("up0").pressed


def test_an_initials_arrow_key_held_down_turns_on_until_let_go(app, driver):
    # README: "held down, they turn on"; the keyboard's ↑ turned the letter once
    scene = show(app, driver, InitialsScene(app, "Top ten", "", "AAA", lambda i: app.scene))
    letters = wheel()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))
    driver.frames(60)  # a second: the wait, then some ten letters more
    held = letters.index(scene.initials[0])
    assert held > 5
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_UP, mod=0, unicode=""))
    driver.frames(60)
    assert letters.index(scene.initials[0]) == held
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    driver.frames(1)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))  # its release goes elsewhere
    driver.frames(60)
    assert letters.index(scene.initials[0]) == held - 1


def test_a_key_pressed_as_the_initials_open_is_the_table_s_not_theirs(app, driver):
    # Enter, Enter on Give up and a third by a quick hand: the place went in as "AAA",
    # the initials never seen
    entered: list[str] = []
    scene = InitialsScene(app, "Top ten", "", "AAA", lambda i: entered.append(i) or app.scene)
    show(app, driver, scene)
    for key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
        driver.key(key)
    driver.settle(0.3)
    assert not scene.finished and entered == []
    driver.settle(ARRIVING_S)
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert entered == ["AAA"]


def test_an_initials_arrow_key_held_turns_the_place_it_began_on(app, driver):
    # → pressed while ↑ was held spun the next letter
    scene = show(app, driver, InitialsScene(app, "Top ten", "", "AAA", lambda i: app.scene))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))
    driver.frames(40)
    driver.key(pygame.K_RIGHT)
    turned = scene.initials
    driver.frames(60)
    assert scene.initials == turned and turned[0] != "A" and turned[1:] == "AA"


def test_an_initials_arrow_key_held_turns_its_place_whatever_the_mouse_chooses(app, driver):
    # ↑ held on A, then C clicked: "ABC" came out "PBP", the held key turning C
    scene = show(app, driver, InitialsScene(app, "Top ten", "", "ABC", lambda i: app.scene))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))
    driver.frames(40)
    scene.pad.get("place2").action()  # the mouse on the third letter
    driver.frames(60)
    assert scene.initials[0] not in "AB" and scene.initials[1:] == "BC"


def test_an_initials_arrow_held_down_turns_on_until_let_go(app, driver):
    # no key to type on a kiosk: a letter far down the wheel took one tap a letter
    scene = show(app, driver, InitialsScene(app, "Top ten", "", "AAA", lambda i: app.scene))
    letters = wheel()

    def turned(place: int) -> int:
        return letters.index(scene.initials[place]) - letters.index("A")

    def button(key: str) -> tuple[int, int]:
        return scene.pad.get(key).rect.center

    def mouse(kind: int, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))

    driver.click(button("up0"))
    assert turned(0) == 1  # a tap: one letter
    mouse(pygame.MOUSEBUTTONDOWN, button("up1"))
    driver.frames(1)
    assert turned(1) == 1  # at the press, as a key
    driver.frames(24)  # 0.42 s: not yet
    assert turned(1) == 1
    driver.frames(36)  # held a second in all: the pause, then one every 0.08 s
    assert 7 <= turned(1) <= 9 and scene.place == 1  # 1 + 1 + (1.0 - 0.45) / 0.08
    held = turned(1)
    mouse(pygame.MOUSEBUTTONUP, button("up1"))
    driver.frames(30)
    assert turned(1) == held  # let go: no more, and the release adds none
    mouse(pygame.MOUSEBUTTONDOWN, button("up2"))
    driver.frames(1)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(1, 0, 0), touch=False
        )
    )
    driver.frames(60)
    assert turned(2) == 1  # the finger slid off: it stops


def test_continue_opens_an_arcade_level_as_the_arcade_button_does(app, driver, monkeypatch):
    # opened as any game, the level showed "Deal N" where the arcade shows its level and
    # lives: a game that cost a life did not say it was one
    from game.scenes import arcade
    from game.scenes.menu import MenuScene

    monkeypatch.setattr(arcade, "random_deal", lambda: 0)
    _a_level_left_after_one_move(app, driver)
    menu = app.scene
    # its level, not its deal's number, hidden at its table: the solver, asked for that
    # deal's line, won a level that went into the tables as the player's own
    assert isinstance(menu, MenuScene) and "Deal" not in menu.records.continue_text()
    assert " · Arcade: level 1 of " in menu.records.continue_text()
    press(driver, menu, "continue")
    driver.settle(1.0)
    resumed = app.scene
    assert isinstance(resumed, TableScene) and resumed.facts.mode == ARCADE
    assert len(resumed.game.moves) == 1
    total = len(load_ladder().levels)
    assert resumed._current_figures().deal == f"Level 1 of {total} · 3 lives"


def test_the_level_after_a_helped_one_knows_its_run_is_out_of_the_table(app):
    from game.scenes.arcade import level_table
    from game.solver import solve

    ladder = load_ladder()
    first = ladder.levels[0]
    run_id = app.records.start_run(ladder)
    won = Game(first.ruleset, first.options, deal=8)
    for move in solve(won).moves:
        won.play(move)
    helped = GameFacts(mode=ARCADE, arcade_run=run_id, hints=1)
    helped.mark_assisted("hint")
    app.records.save_game(won, helped)
    run = app.records.run(ladder, run_id)
    assert run.assisted and run.state.level == 1
    scene = level_table(app, ladder, run)
    assert scene.run_assisted and not scene._table_at_stake()
    assert scene.status.endswith("This run had help: it stays out of the arcade table.")


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)])
def test_every_level_s_bar_shows_its_level_and_lives(tmp_path, monkeypatch, language, size):
    # in Russian at 800x600 they gave way whole on four levels of nine, and a last
    # life was played with nothing on the screen to say so
    from dataclasses import replace

    from game.scenes.arcade import level_table, run_place, short_run_place

    with app_at(tmp_path, monkeypatch, size, language) as (app, driver):
        ladder = load_ladder()
        missing = []
        for level in range(len(ladder.levels)):
            # a run of its own each time: level_table resumes a run's game left in play
            run = app.records.run(ladder, app.records.start_run(ladder))
            at_level = replace(run, state=replace(run.state, level=level, lives=1))
            scene = show(app, driver, level_table(app, ladder, at_level))
            assert scene.game.ruleset.id == ladder.levels[level].ruleset
            scene.redraw = True
            driver.frames(2)
            shown = scene.hud.deal_shown
            if shown not in (run_place(ladder, at_level), short_run_place(ladder, at_level)):
                missing.append((level, shown))
            if size[1] > size[0]:  # standing up, the whole words lead the figures' line
                assert shown == run_place(ladder, at_level), (level, shown)
        assert missing == []


@pytest.mark.parametrize(
    ("lives", "language", "asked"),
    [
        (3, "en", "Press “Give up” again: the level is lost, and a life (2 lives left)."),
        (2, "en", "Press “Give up” again: the level is lost, and a life (1 life left)."),
        (1, "en", "Press “Give up” again: this is your last life, and the run ends."),
        (
            2,
            "ru",
            "Нажмите «Сдаться» ещё раз: уровень будет проигран, и вы потеряете жизнь"
            " (в запасе 1 жизнь).",
        ),
    ],
)
def test_give_up_in_the_arcade_says_it_costs_a_life(tmp_path, monkeypatch, lives, language, asked):
    # it asked "Press Give up again to end the game", and the lost life, or the run's
    # end on the last one, was said only once it was done
    from dataclasses import replace

    from game.scenes.arcade import level_table

    with app_at(tmp_path, monkeypatch, (1280, 800), language) as (app, driver):
        ladder = load_ladder()
        run = app.records.run(ladder, app.records.start_run(ladder))
        run = replace(run, state=replace(run.state, lives=lives))
        scene = show(app, driver, level_table(app, ladder, run))
        driver.click(scene.buttons["resign"].rect.center)
        assert not scene.game.over and scene.status == asked
        driver.pause()
        driver.key(pygame.K_g)  # a second press, of the key: it gives up
        assert scene.game.over


def test_give_up_by_key_in_the_arcade_says_it_costs_a_life(tmp_path, monkeypatch):
    from game.scenes.arcade import level_table

    with app_at(tmp_path, monkeypatch, (1280, 800), "en") as (app, driver):
        ladder = load_ladder()
        run = app.records.run(ladder, app.records.start_run(ladder))
        scene = show(app, driver, level_table(app, ladder, run))
        driver.key(pygame.K_g)
        assert scene.status == "Press G again to give up: it costs a life (2 lives left)."


def test_watching_a_run_names_each_game_s_level(app, driver):
    # the ladder's 10-pile and 9-pile levels of one patience both came up under its
    # name alone, as if the same level were played twice
    from game.solver import solve

    ladder = load_ladder()
    first, second = ladder.levels[0], ladder.levels[1]
    won = Game(first.ruleset, first.options, deal=8)
    for move in solve(won).moves:
        won.play(move)
    lost = Game(second.ruleset, second.options, deal=3)
    lost.play("resign")
    again = Game(second.ruleset, second.options, deal=4)
    again.play("resign")
    replays = [g.to_replay(result=True) for g in (won, lost, again)]
    said = []
    for index in range(3):
        watch = WatchScene(app, replays, index=index)
        said.append(watch.status)
    total = len(ladder.levels)
    assert said[0].startswith(f"Level 1 of {total}: ") and "(10 piles)" in said[0]
    assert said[1] == said[2] and said[1].startswith(f"Level 2 of {total}: ")
    assert "(9 piles)" in said[1]
    # one game's replay is no run: nothing said of levels
    assert WatchScene(app, replays[:1]).status == ""


def test_a_broken_arcade_file_is_said_not_crashed_on(app, driver, monkeypatch):
    from game.rules import LevelError
    from game.scenes import arcade, records
    from game.scenes.menu import MenuScene
    from game.ui import theme

    def broken():
        raise LevelError("arcade.toml: level 2: unknown ruleset 'gone'")

    monkeypatch.setattr(records, "load_ladder", broken)
    monkeypatch.setattr(arcade, "load_ladder", broken)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    press(driver, scene, "tab:" + ARCADE)  # it crashed the game
    assert scene.entries == [] and "unknown ruleset 'gone'" in scene.problem
    warned = {
        tuple(app.surface.get_at((x, y)))[:3]
        for x in range(scene.area.left, scene.area.right, 2)
        for y in range(scene.area.centery, scene.area.bottom, 2)
    }
    assert theme.WARN in warned  # said on the screen, not only kept
    press(driver, scene, "tab:" + FREE)
    assert scene.problem == ""
    menu = show(app, driver, MenuScene(app))
    app.notices.append(Notice(lambda: "An older notice"))
    menu.records.play_arcade()  # it crashed the game
    driver.settle(0.5)
    assert app.scene is menu
    # first, as the menu shows one notice at a time: behind the others a press seemed
    # to do nothing; and once, however often it is pressed
    menu.records.play_arcade()
    driver.settle(0.5)
    assert [str(n) for n in app.notices] == [
        "The arcade cannot be played: arcade.toml (level 2: unknown ruleset 'gone')",
        "An older notice",
    ]
    # shown at once: the bar was made only when the menu was next laid out
    assert menu.notice_rect.width > 0 and menu.pad.get("dismiss") is not None


def test_an_arcade_game_ending_after_its_file_broke_keeps_the_game(app, monkeypatch):
    from game.rules import LevelError
    from game.scenes import arcade

    def broken():
        raise LevelError("arcade.toml: level 2: unknown ruleset 'gone'")

    monkeypatch.setattr(arcade, "load_ladder", broken)
    facts = GameFacts(mode=ARCADE, arcade_run=1)
    assert arcade.after_level(app, facts, won=True) is None  # it crashed the game
    assert str(app.notices[0]).startswith("The arcade cannot be played:")


def test_initials_take_yo_and_short_i():
    # typed й or ё was silently dropped: Йорин, Ёлкин
    assert clean_initials("йёж") == "ЙЁЖ"


def test_up_on_an_initials_wheel_is_the_next_letter(app, driver):
    # ▲ on A gave 9, the wheel's last: players read up as on to B
    scene = show(app, driver, InitialsScene(app, "Top ten", "", "AAA", lambda i: app.scene))
    driver.key(pygame.K_UP)
    assert scene.initials == "BAA"
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert scene.initials == "9AA"
    driver.click(scene.pad.get("up1").rect.center)
    assert scene.initials == "9BA"


def test_a_held_arrow_whose_release_was_lost_stops(app, driver):
    # let go outside the window: the wheel spun on under a mouse with no button down
    scene = show(app, driver, InitialsScene(app, "Top ten", "", "AAA", lambda i: app.scene))
    at = scene.pad.get("up0").rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=False))
    driver.frames(1)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    )
    driver.frames(120)
    assert scene.initials == "BAA"  # the press's one letter, no more


def test_a_finger_held_on_an_initials_arrow_turns_on(app, driver):
    # a kiosk has no keys: the finger is how a letter far down the wheel is reached
    scene = show(app, driver, InitialsScene(app, "Top ten", "", "AAA", lambda i: app.scene))
    w, h = app.size
    x, y = scene.pad.get("up2").rect.center

    def finger(kind: int) -> None:
        pygame.event.post(
            pygame.event.Event(
                kind, x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0
            )
        )

    finger(pygame.FINGERDOWN)
    driver.frames(61)
    finger(pygame.FINGERUP)
    driver.frames(30)
    assert scene.initials[:2] == "AA" and 7 <= wheel().index(scene.initials[2]) <= 9


@pytest.mark.parametrize(("language", "written"), [("en", "2026-12-03"), ("ru", "03.12.2026")])
def test_the_daily_table_gives_each_deal_s_day_as_the_language_writes_dates(
    app, driver, language, written
):
    # the Russian table read 2026-12-03
    from datetime import date

    from game.store.daily import daily_deal

    game = random_game("pyramid52", daily_deal(date(2026, 12, 3)), 10)
    facts = GameFacts(mode=DAILY, seconds=40.0)
    app.records.save_game(game, facts)
    app.records.add_game_score(game, facts, "ЖУК")
    try:
        i18n.set_language(language)
        scene = show(app, driver, RecordsScene(app, "pyramid52", {}, DAILY))
        (entry,) = scene.entries
        assert row_values(scene.tab, 0, entry)[-1] == written
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_watch_buttons_read_near_the_rows_size(app, driver, size):
    # at 1920x1080 their word was 15 px beside rows of 23
    driver.resize(size)
    game, facts = won_game(), GameFacts(seconds=50)
    app.records.save_game(game, facts)
    app.records.add_game_score(game, facts, "ЖУК")
    try:
        i18n.set_language("ru")
        scene = show(app, driver, RecordsScene(app, "pyramid52", {}, FREE))
        assert scene.size == size
        watch = [b for b in scene.pad.buttons if b.key.startswith("watch:")]
        assert watch and scene.watch_size() >= scene.text_size * 3 // 4
        for b in watch:
            assert b.fitting_size(scene.watch_size()) == scene.watch_size()  # not shrunk
            assert theme.font(scene.watch_size(), bold=True).get_height() < b.rect.height
    finally:
        i18n.set_language("en")


def fill_table(records, tab, count):
    for n in range(count):
        game, facts = random_game("pyramid52", n, 15 + n, seed=n), GameFacts(mode=tab)
        records.save_game(game, facts)
        records.add_game_score(game, facts, "ABC")


@pytest.mark.parametrize(
    "size", [(800, 600), (1024, 600), (1280, 800), (1920, 1080), (3840, 2160), (600, 1024)]
)
@pytest.mark.parametrize("tab", [FREE, DAILY])
def test_a_full_table_spreads_over_its_panel_and_its_watch_buttons_take_a_finger(
    app, driver, size, tab
):
    # at 800x600 the rows were a line apart, their Watch buttons 18 px high, and two
    # thirds of the panel empty below them; at 1024x600, ten rows squeezed in, 25 px
    from game.store.scores import TOP

    driver.resize(size)
    fill_table(app.records, tab, TOP + 2)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}, tab))
    if size[1] >= 800:  # the whole table on one page where the window has the room
        assert scene.pages.shown() == range(TOP) and scene.pad.get("page-down") is None
    places = []
    while True:
        driver.frames(1)
        watch = [b.rect for b in scene.pad.buttons if b.key.startswith("watch:")]
        places += list(scene.pages.shown())
        assert len(watch) == len(scene.pages.shown()) >= 1
        line = theme.font(scene.text_size).get_linesize()
        assert all(r.height >= max(theme.SMALLEST_BUTTON, 1.5 * line) for r in watch)
        assert not any(a.colliderect(b) for a, b in itertools.pairwise(watch))
        # apart by a share of the row: at 4K, 4 px between buttons 110 high read as one column
        assert all(b.top - a.bottom >= scene.row_h // 8 for a, b in itertools.pairwise(watch))
        # the note on what the heads' "Points" and "Cards" are: whole, under the rows,
        # and a line for a problem between them
        note = scene.note_drawn
        assert note is not None and note.top >= watch[-1].bottom + line
        assert scene.area.contains(note)
        down = scene.pad.get("page-down")
        if down is None or not down.enabled:
            break
        driver.click(down.rect.center)
    assert places == list(range(TOP))  # every row, each once


def test_a_low_window_s_table_turns_its_pages_by_arrows_keys_and_wheel(app, driver):
    from game.store.scores import TOP

    driver.resize((1024, 600))
    fill_table(app.records, FREE, TOP)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    per = len(scene.pages.shown())
    assert 1 < per < TOP and scene.pages.shown().start == 0
    assert not scene.pad.get("page-up").enabled and scene.pad.get("page-down").enabled
    driver.key(pygame.K_PAGEDOWN)
    assert scene.pages.shown().start == per and scene.pad.get("page-up").enabled
    assert scene.pad.get(f"watch:{per}") and not scene.pad.get("watch:0")
    driver.key(pygame.K_PAGEDOWN)  # past the last page: it stays
    assert scene.pages.shown().start == per * ((TOP - 1) // per)
    driver.key(pygame.K_PAGEUP)
    driver.key(pygame.K_PAGEUP)
    assert scene.pages.shown().start == 0
    # a touchpad's small steps add up to one turn; a wheel's notch down turns down
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=0, precise_y=-0.4))
    driver.frames(1)
    assert scene.pages.shown().start == per
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_y=1.0))
    driver.frames(1)
    assert scene.pages.shown().start == 0


def test_a_turned_page_keeps_the_focus_at_its_row_and_watch_comes_back_to_it(app, driver):
    from game.store.scores import TOP

    driver.resize((1024, 600))
    fill_table(app.records, FREE, TOP)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    per = len(scene.pages.shown())
    while scene.pad.focus_key != "save:1":
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_PAGEDOWN)
    assert scene.pad.focus_key == f"save:{per + 1}"  # the same place on the next page
    while scene.pad.focus_key != f"watch:{per}":
        driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    watch = app.scene
    assert isinstance(watch, WatchScene)
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    back = app.scene
    assert isinstance(back, RecordsScene) and back is not scene
    assert back.pages.shown().start == per and back.pad.focus_key == f"watch:{per}"


def test_a_problem_said_under_a_full_page_keeps_off_its_rows(app, driver):
    # the foot makes room for a problem of three lines: drawn over the last rows, it
    # could not be read, nor their buttons pressed
    driver.resize((800, 600))
    fill_table(app.records, FREE, 10)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    rows_before = len(scene.pages.shown())
    scene.problem = "A very long problem " * 12
    scene.layout()
    driver.frames(1)
    lines = [r for t, r in texts_drawn_rects(app, scene) if "problem" in t]
    watch = [b.rect for b in scene.pad.buttons if b.key.startswith("watch:")]
    assert len(lines) == 3 and len(scene.pages.shown()) < rows_before
    assert min(r.top for r in lines) >= watch[-1].bottom


def texts_drawn_rects(app, scene):
    """The texts a frame of `scene` draws, with where."""
    import game.scenes.records as records_scene

    drawn = []
    real = records_scene.draw_text

    def recording(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    records_scene.draw_text = recording
    try:
        scene.draw(app.surface, 1.0)
    finally:
        records_scene.draw_text = real
    return drawn


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_statistics_chart_reaches_down_to_the_buttons(app, driver, size):
    # it stopped at 160 px, over a band of empty panel, at 1280x800
    driver.resize(size)
    for n in range(12):
        game = random_game("pyramid52", n, 15 + n, seed=n)
        app.records.save_game(game, GameFacts(seconds=50 + n))
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}, STATS))
    driver.frames(1)
    chart, reset = scene.chart_drawn, scene.pad.get("ask-reset").rect
    assert chart is not None and chart.bottom <= reset.top
    assert reset.top - chart.bottom <= 2 * theme.font(scene.text_size).get_linesize()


def test_a_table_whose_options_were_edited_into_no_object_is_passed_over(app, driver):
    # the high scores of Pyramid 52 raised AttributeError on every visit, in the game
    game, facts = won_game(), GameFacts(seconds=60)
    app.records.save_game(game, facts)
    app.records.add_game_score(game, facts, "ABC")
    app.records.conn.execute("UPDATE scores SET options = '[1]'")
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}, FREE))
    scene.step_options()
    driver.frames(2)
    assert app.scene is scene and scene.entries == []


@pytest.mark.parametrize("size", [(1080, 1920), (800, 600)])
def test_the_initials_lines_stay_within_the_window(tmp_path, monkeypatch, size):
    # standing up, in Russian, the day's table's subtitle ran off both edges
    from game.i18n import _, clock_text

    with app_at(tmp_path, monkeypatch, size, "ru") as (app, driver):
        table = _("the deal of the day table")
        score = _("In {time}", time=clock_text(3725))
        subtitle = _(
            "{score} — place {n} in {table}. Your initials?", score=score, n=10, table=table
        )
        outcome = _("The patience came out!")
        scene = InitialsScene(
            app, _("A new high score!"), subtitle, "ABC", lambda _i: scene, outcome
        )
        show(app, driver, scene)
        window = pygame.Rect((0, 0), size).inflate(-16, 0)
        assert window.contains(scene.subtitle_drawn) and window.contains(scene.title_drawn)


def test_a_stored_replay_with_a_move_that_cannot_be_played_is_shown_up_to_it(app, driver):
    # it was not shown at all: "damaged or made by another version"
    import dataclasses

    fill_records(app.records)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    replay = {"ruleset": "pyramid52", "deal": 1, "moves": ["st>w", "p1.1"]}
    scene.watch(dataclasses.replace(scene.entries[0], replay=replay))
    driver.settle(0.5)
    watch = app.scene
    assert isinstance(watch, WatchScene) and scene.problem == ""
    driver.settle(8.0)
    assert [str(m) for m in watch.game.moves] == ["st>w"] and watch.broken
    assert watch.banner is not None and watch.banner.text.startswith("The replay stops here")
    assert watch.banner.text.endswith("is covered: first remove both cards lying on it.")


def test_end_plays_a_replay_on_to_its_end_at_once(app, driver):
    # a long game took minutes to reach its end, even at the top speed
    replay = won_game().to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [replay]))
    driver.key(pygame.K_END)
    assert [str(m) for m in watch.game.moves] == replay["moves"] and watch.game.won
    assert watch.banner is not None and watch.banner.text.startswith("The replay is over.")
    driver.key(pygame.K_LEFT)  # and the steps back from there as ever
    assert len(watch.game.moves) == len(replay["moves"]) - 1


def test_end_plays_a_long_replay_to_the_picture_its_steps_reach_in_one_flight(
    app, driver, monkeypatch
):
    # each of a 2,000-move replay's moves flew, sounded and was checked as at the table:
    # End froze the window for 2 to 5 s. Only the last move is a step now
    replay = random_game("egyptian", 7, 300).to_replay(result=True)
    stepped = show(app, driver, WatchScene(app, [replay]))
    driver.key(pygame.K_SPACE)
    for _ in replay["moves"]:
        stepped.step()
    driver.settle(1.0)
    picture = pygame.image.tobytes(app.surface, "RGB")
    watch = show(app, driver, WatchScene(app, [replay]))
    flights = []
    monkeypatch.setattr(watch, "_animate", lambda *a, **k: flights.append(a))
    driver.key(pygame.K_END)
    driver.settle(1.0)
    assert [str(m) for m in watch.game.moves] == replay["moves"] and watch.game.over
    assert len(flights) == 1
    assert watch.banner is not None and watch.banner.text.startswith("The replay is over.")
    assert pygame.image.tobytes(app.surface, "RGB") == picture


def a_stuck_game_given_up() -> Game:
    """An Egyptian game played at random until its position is stuck, then given up,
    its file saying nothing of it (as solver output or a hand-made file)."""
    import random

    rng, game = random.Random(1), Game("egyptian", deal=1)
    while True:
        search, answer = game.stuck_search(), None
        while answer is None:
            answer = next(search)
        if answer and len(game.moves) > 15:
            game.resign()
            return game
        game.play(rng.choice(list(game.legal_moves)))


def test_end_says_a_stuck_game_given_up_was_stuck_as_its_steps_do(app, driver):
    # End read "Given up with 571 points left" where stepped to its end it was stuck:
    # its last move's position was judged where End was pressed
    replay = a_stuck_game_given_up().to_replay(result=True)
    stepped = show(app, driver, WatchScene(app, [replay]))
    driver.key(pygame.K_SPACE)
    for _ in replay["moves"]:
        stepped.step()
    driver.settle(1.0)
    assert stepped.ended_stuck and "stuck" in stepped.banner.text
    watch = show(app, driver, WatchScene(app, [replay]))
    driver.key(pygame.K_END)
    driver.settle(1.0)
    assert watch.ended_stuck and watch.banner.text == stepped.banner.text


def test_a_run_with_a_game_that_stops_early_goes_on_to_its_next_games(app, driver):
    # Next game counted the levels by re-running the games before it, and the one that
    # stopped raised out of the scene: the game crashed
    bad = {"ruleset": "pyramid52", "deal": 1, "moves": ["st>w", "p1.1"]}
    watch = show(app, driver, WatchScene(app, [bad, won_game().to_replay(result=True)]))
    driver.key(pygame.K_END)
    assert watch.broken and watch.banner is not None
    watch._next_replay()
    driver.settle(0.5)
    second = app.scene
    assert isinstance(second, WatchScene) and second.replay_index == 1
    driver.key(pygame.K_END)
    assert second.game.won and "The run:" in second.banner.text


def test_a_won_replay_with_moves_past_its_end_says_it_came_out(app, driver):
    replay = won_game().to_replay(result=True)
    replay["moves"].append("st>w")
    watch = show(app, driver, WatchScene(app, [replay]))
    driver.key(pygame.K_END)
    assert watch.game.won and watch.banner.text.startswith("The replay is over.")
    assert watch.banner.text.endswith("The file has moves after the game's end.")


@pytest.mark.parametrize("size", [(1080, 1920), (768, 1024), (800, 600), (1280, 800)])
@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("tab", [FREE, DAILY])
def test_no_row_s_text_runs_under_its_watch_and_save(tmp_path, monkeypatch, size, language, tab):
    # standing up, the rows' Watch covered the end of every date ("2026-11", the day
    # hidden), and of every deal's number
    from datetime import date, timedelta

    import game.scenes.records as records_scene
    from game.store.daily import daily_deal

    drawn: list[tuple[str, pygame.Rect]] = []
    real_draw_text = records_scene.draw_text

    def draw_text(surface, text, *args, **kwargs):
        rect = real_draw_text(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(records_scene, "draw_text", draw_text)
    with app_at(tmp_path, monkeypatch, size, language) as (app, driver):
        for n in range(10):
            deal = (
                daily_deal(date(2026, 11, 20) + timedelta(n)) if tab == DAILY else 4_000_000_000 + n
            )
            game, facts = random_game("pyramid52", deal, 15 + n, seed=n), GameFacts(mode=tab)
            app.records.save_game(game, facts)
            app.records.add_game_score(game, facts, "ЖУК")
        scene = show(app, driver, RecordsScene(app, "pyramid52", {}, tab))
        seen = 0
        while True:  # every page of the table (a low window shows a few rows a time)
            drawn.clear()
            scene.redraw = True
            driver.frames(1)
            keys = ("watch", "save", "page-up", "page-down")
            buttons = [b.rect for b in scene.pad.buttons if b.key.split(":")[0] in keys]
            shown = scene.pages.shown()
            values = {v for i in shown for v in row_values(scene.tab, i, scene.entries[i])}
            rows = [(text, rect) for text, rect in drawn if text in values]
            assert len(rows) >= len(shown) * 6
            hidden = [(t, r) for t, r in rows if any(r.colliderect(b) for b in buttons)]
            assert hidden == []
            # drawn closer, the columns stay apart
            touching = [
                (a, b) for a, b in itertools.combinations(rows, 2) if a[1].colliderect(b[1])
            ]
            assert touching == []
            seen += len(shown)
            down = scene.pad.get("page-down")
            if down is None or not down.enabled:
                break
            scene.turn(1)
        assert seen == 10


def test_the_initials_place_the_keys_act_on_is_edged_as_the_focus_is(app, driver):
    # gold, beside the gold-edged OK: two things looked chosen, and neither as focused
    from game.ui import theme

    scene = InitialsScene(app, "A new high score!", "Place 1", "ABC", lambda i: None)
    show(app, driver, scene)
    driver.key(pygame.K_RIGHT)
    driver.settle(0.5)
    edge = [scene.cards[i].midleft for i in range(3)]
    assert app.surface.get_at(edge[1])[:3] == theme.FOCUS
    assert app.surface.get_at(edge[0])[:3] != theme.FOCUS
    # and ringed off the card, on the felt: the blue edge on the white face alone stood
    # out at 1.9:1
    x, y = scene.cards[1].midleft
    outside = [app.surface.get_at((x - d, y))[:3] for d in range(1, 12)]
    assert theme.FOCUS in outside
    x, y = scene.cards[0].midleft
    assert theme.FOCUS not in [app.surface.get_at((x - d, y))[:3] for d in range(1, 12)]


@pytest.mark.parametrize("size", [(800, 600), (1366, 768), (1920, 1080)])
def test_back_and_the_ruleset_arrows_stand_a_finger_apart(app, driver, size):
    # at 800x600 Back stood 5 px above ▶: a tap on ▶'s top edge went back to the menu
    driver.resize(size)
    fill_records(app.records)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    back, nxt = scene.pad.get("back").rect, scene.pad.get("next").rect
    assert nxt.top - back.bottom >= 8


def test_in_the_row_of_tables_the_arrows_choose_as_in_the_other_rows_of_choices(app, driver):
    # the ring moved along the tabs and the table shown stayed: Enter was needed, where
    # the menu's and the settings' rows choose as the ring moves
    fill_records(app.records)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    driver.key(pygame.K_TAB)  # the first press shows the focus
    while scene.pad.focused.key != "tab:" + FREE:
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RIGHT)
    assert scene.tab == DAILY and scene.pad.focused.key == "tab:" + DAILY
    driver.key(pygame.K_RIGHT)
    assert scene.tab == ARCADE
    driver.key(pygame.K_LEFT)
    assert scene.tab == DAILY


# The replay's own methods: any other it defines changes the table's of that name. Renamed
# at the table, an override of the table's would stop overriding, silently (the replay
# would then offer Finish, show results, save): here it would be new, and fail.
WATCH_OWN = {
    "_level_name",
    "step_count",
    "toggle_pause",
    "step",
    "to_the_end",
    "step_back",
    "faster",
    "slower",
    "watch_again",
    "from_start",
    "_next_move",
    "_show_end",
    "_as_played",
    "_run_total",
    "_next_replay",
    "_show_focus",
    "_playing",
}


def test_every_table_method_the_replay_changes_is_still_the_table_s():
    defined = {name for name in vars(WatchScene) if not name.startswith("__")}
    not_the_table_s = {name for name in defined if not hasattr(TableScene, name)}
    assert not_the_table_s == WATCH_OWN
    assert {"_show_results", "_finish_offered", "_make_buttons", "_update_buttons"} <= defined


def test_a_replay_playing_asks_of_its_positions_as_passing_by_and_stopped_in_full(app, driver):
    watch = show(app, driver, WatchScene(app, [won_game().to_replay(result=True)]))
    driver.frames(2)
    assert not watch.paused and watch.analysis.passing
    driver.key(pygame.K_SPACE)  # paused
    driver.frames(2)
    assert watch.paused and not watch.analysis.passing


@pytest.mark.parametrize("size", [(600, 1024), (800, 1280), (1080, 1920), (1366, 768)])
@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("tab", [FREE, STATS])
def test_the_records_name_their_table_s_options_whole(tmp_path, monkeypatch, size, language, tab):
    # standing up, the options' line was cut: «…Карты на стопки: нель…», "Cards onto piles…";
    # at 600x1024 even at its least size, where it now takes two lines
    from game.scenes import records

    drawn = texts_drawn(monkeypatch, records)
    options = {"cards": 32, "piles": 10, "passes": 2, "to_piles": "none"}
    with app_at(tmp_path, monkeypatch, size, language) as (app, driver):
        scene = show(app, driver, RecordsScene(app, "nechego", options, tab))
        drawn.clear()
        scene.draw(app.surface, 1.0)
        lines = scene.options_lines
        joined = {" · ".join(lines), " ".join(lines)}  # at a joint, or between words
        assert scene.options_said in joined and 1 <= len(lines) <= 2
        assert all(line in drawn for line in lines), [t for t in drawn if "…" in t]
        # the tabs stand below them
        font = theme.font(11)
        assert scene.ruleset_row.bottom >= scene.ruleset_row.y + len(lines) * font.get_linesize()
        assert all(scene.pad.get("tab:" + t).rect.top > scene.ruleset_row.bottom for t in TABS)


@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 800)])
def test_the_records_buttons_take_a_finger_on_a_low_screen(tmp_path, monkeypatch, size):
    # Back, the ruleset's arrows and the tabs were 32 px high at 1024x600
    from game.ui import theme

    with app_at(tmp_path, monkeypatch, size, "en") as (app, driver):
        scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
        keys = ("back", "prev", "next", "tab:free", "tab:daily", "tab:arcade", "tab:stats")
        heights = {key: scene.pad.get(key).rect.height for key in keys}
        assert min(heights.values()) >= theme.SMALLEST_BUTTON, heights
        assert scene.area.height > 300  # the table keeps its room


def test_initials_are_three_letters_in_capitals_however_many_are_given():
    # README: "A place is entered under three initials" (the arcade's likewise); the
    # initials remembered from a longer name were kept whole
    i18n.set_language("en")
    assert clean_initials("abcd") == "ABC"
    assert clean_initials("ABCDEFG") == "ABC"
    assert len(clean_initials("жучок")) == 3


def arcade_table_marked_at_9th(app, driver, monkeypatch) -> RecordsScene:
    """Records at 1024x600 on an arcade table of ten runs (made of free games' entries),
    the 9th marked, as the results' "table" opens it after the run."""
    import dataclasses

    from game.store.scores import TOP

    driver.resize((1024, 600))
    fill_table(app.records, FREE, TOP)
    entries = app.records.top(RecordsScene(app, "pyramid52", {}).table_key())
    runs = [dataclasses.replace(e, arcade_run=100 + i) for i, e in enumerate(entries)]
    monkeypatch.setattr(app.records, "top", lambda key: runs)
    return show(app, driver, RecordsScene(app, "pyramid52", {}, ARCADE, marked_run=108))


def test_a_marked_run_far_down_the_table_opens_on_its_page(app, driver, monkeypatch):
    # the results' "table" after a run of place 9: on a low window's first page, the
    # run the results had just placed was not to be seen
    scene = arcade_table_marked_at_9th(app, driver, monkeypatch)
    assert 8 in scene.pages.shown() and scene.pages.shown().start > 0
    driver.frames(1)
    assert scene.marked_drawn is not None and scene.area.contains(scene.marked_drawn)
    row = scene.pad.get("watch:8").rect
    assert scene.marked_drawn.top <= row.centery <= scene.marked_drawn.bottom


@pytest.mark.parametrize("size", [(1152, 720), (1280, 800), (1024, 600)])
def test_a_replay_s_end_banner_hides_no_card_where_the_felt_has_room(tmp_path, monkeypatch, size):
    # kept off the corner removed cards fly to, where none flies at a replay's end, it
    # lay over the pyramid's top two rows
    game = Game("pyramid52", deal=8)
    game.play("st>w")
    game.resign()
    with app_at(tmp_path, monkeypatch, size, "ru") as (app, driver):
        watch = show(app, driver, WatchScene(app, [game.to_replay()]))
        driver.key(pygame.K_END)
        driver.settle(1.0)
        drawn = watch.banner_drawn
        assert drawn is not None and watch.banner.buttons
        cards = watch.banner_keep_clear(flights=False)
        assert [r for r in cards if r.colliderect(drawn)] == []


def test_a_window_made_lower_keeps_the_ringed_row_s_page(app, driver):
    # on page 2 at 800x600 with the ring on row 9's Watch, the window made 800x480
    # showed rows 5-8: the ring fell back to Back, and the next Enter left the records
    from game.store.scores import TOP

    driver.resize((800, 600))
    fill_table(app.records, FREE, TOP)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    driver.key(pygame.K_PAGEDOWN)
    while scene.pad.focus_key != "watch:8":
        driver.key(pygame.K_TAB)
    for size in [(800, 480), (1024, 600), (800, 600), (1280, 800), (800, 480)]:
        driver.resize(size)
        assert scene.pad.focus_key == "watch:8", size
        assert 8 in scene.pages.shown(), size


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_enter_held_on_the_down_arrow_never_presses_a_row_s_button(app, driver, size):
    # ▼ turned off on the last page, the ring went to the nearest button, a row's Save:
    # Enter pressed on till the pages stop wrote its replay once a press
    from game.store.scores import TOP

    driver.resize(size)
    fill_table(app.records, FREE, TOP)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    while scene.pad.focus_key != "page-down":
        driver.key(pygame.K_TAB)
    for _ in range(TOP):  # pressed on: the pages go to the end and back, nothing else
        driver.key(pygame.K_RETURN)
        assert app.scene is scene and scene.saved_path == "" and scene.problem == ""
        assert scene.pad.focus_key in ("page-up", "page-down")
        if scene.pages.turned(1) is None:  # at the last page: the arrow that still turns
            assert scene.pad.focus_key == "page-up"
        if scene.pages.turned(-1) is None:
            assert scene.pad.focus_key == "page-down"


def test_a_marked_run_s_row_stays_in_sight_as_the_window_changes(app, driver, monkeypatch):
    # the run just placed 9th, on its page at 1024x600: the window made 800x480 showed
    # rows 5-8, the marked run turned away
    scene = arcade_table_marked_at_9th(app, driver, monkeypatch)
    for size in [(800, 480), (800, 600), (1280, 800), (800, 480), (1024, 600)]:
        driver.resize(size)
        assert 8 in scene.pages.shown(), size


def test_a_save_s_long_problem_keeps_its_row_in_sight(app, driver, monkeypatch):
    # the foot's three lines for the problem took a row from the page: row 7's Save
    # pressed at 800x600, the page showed rows 1-6, the problem of a row no longer there
    import game.scenes.replay_files as replay_files
    from game.store.scores import TOP

    def full(*_args, **_kwargs):
        raise OSError("a reason from a network file system that goes on and on " * 3)

    monkeypatch.setattr(replay_files, "write_export", full)
    driver.resize((800, 600))
    fill_table(app.records, FREE, TOP)
    scene = show(app, driver, RecordsScene(app, "pyramid52", {}))
    last = scene.pages.shown()[-1]
    driver.click(scene.pad.get(f"save:{last}").rect.center)
    assert scene.problem and last in scene.pages.shown()


def test_plus_without_shift_speeds_a_replay_up_as_plus_does(app, driver):
    # "=" is the "+" key unshifted: it slowed the replay down, the way "-" does
    replay = won_game().to_replay(result=True)
    watch = show(app, driver, WatchScene(app, [replay]))
    start = watch.speed
    driver.key(pygame.K_EQUALS)
    assert watch.speed == start + 1
    driver.key(pygame.K_MINUS)
    assert watch.speed == start
