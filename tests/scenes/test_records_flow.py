"""The records from the player's side, by real clicks, taps and keys: autosave and Continue,
initials, the results' records, the deal of the day, the fortune's memory, export."""

import json

import pygame
import pytest

from game.app import App
from game.clock import ManualClock
from game.notices import missed_entry_notice
from game.rules import Game, run_replay
from game.scenes.base import ARRIVING_S
from game.scenes.initials import InitialsScene
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.scenes.table import CLOCK_SAVED_EVERY_S, TableScene
from game.store import DAILY, GameFacts, Records
from game.store.daily import today_deal
from game.store.database import FILE_NAME
from game.store.proof import verify
from game.store.score_keeping import MissedEntry
from tests.scenes.driver import Driver
from tests.scenes.test_menu import open_menu
from tests.scenes.test_table import (
    DEAL_8_WIN,
    click_move,
    open_table,
    open_table_with,
    wait_for_analysis,
)

pytestmark = pytest.mark.usefixtures("english")


def press(driver, scene, key):
    driver.click(scene.pad.get(key).rect.center)
    driver.settle(0.6)


def win(app, driver, options: dict | None = None) -> TableScene:
    scene = open_table(app, driver, Game("pyramid52", options or {}, deal=8))
    for text in DEAL_8_WIN:
        click_move(driver, scene, text)
    driver.settle(8.0)
    return scene


def test_every_move_is_saved_and_continue_resumes_with_undo(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    for text in DEAL_8_WIN[:5]:
        click_move(driver, scene, text)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)  # one undo, so a redo waits
    row = app.records.unfinished()
    assert row.replay["moves"] == DEAL_8_WIN[:4] and row.undos == 1
    assert row.replay["meta"]["redo"] == [DEAL_8_WIN[4]]
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.continue_rect.width > 0
    press(driver, menu, "continue")
    table = app.scene
    assert isinstance(table, TableScene) and table.game is not scene.game
    assert [str(m) for m in table.game.moves] == DEAL_8_WIN[:4]
    assert table.game.undo_count == 1 and table.game.can_redo
    driver.click(table.buttons["redo"].rect.center)
    assert [str(m) for m in table.game.moves] == DEAL_8_WIN[:5]
    assert table.facts.record_id == row.id  # the same game goes on, not a new one
    assert len(app.records.history()) == 1


def test_a_new_app_on_the_same_folder_offers_the_game_to_continue(app, driver, tmp_path):
    scene = open_table(app, driver, Game("pyramid36", deal=4))
    click_move(driver, scene, "st>w")
    driver.settle(0.3)
    app.records.close()
    second = App(size=(1280, 800), clock=ManualClock())
    menu = MenuScene(second)
    second.switch(menu, fade=False)
    Driver(second).frames(1)
    assert menu.records.unfinished is not None
    assert "Pyramid 36" in menu.records.continue_text()


def test_a_win_asks_for_initials_by_touch_and_remembers_them(app, driver):
    win(app, driver)
    initials = app.scene
    assert isinstance(initials, InitialsScene) and initials.initials == "AAA"
    assert (initials.title, initials.outcome) == ("A new high score!", "The patience came out!")
    assert initials.celebrate
    # the win said once: "Came out in 0:40" stood under "The patience came out!"
    assert initials.subtitle.startswith("In 0:") and "came out" not in initials.subtitle
    assert "place 1 in the table" in initials.subtitle
    assert initials.subtitle.count(":") == 1  # the time's own: "In 0:40: place 1" read badly
    driver.tap(initials.pad.get("up0").rect.center)  # A -> B
    driver.tap(initials.pad.get("down1").rect.center)  # A -> the last of the wheel, 9
    driver.tap(initials.pad.get("place2").rect.center)
    # a keyboard may type a letter too
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z"))
    driver.frames(1)
    assert initials.initials == "B9Z"
    driver.tap(initials.pad.get("ok").rect.center)
    # entered as OK is pressed: a game closed during the fade that follows went in
    # under the last initials at the next start
    assert app.scene is initials and app.records.scores.tables() != []
    driver.settle(0.6)
    results = app.scene
    assert isinstance(results, ResultsScene)
    rows = {label: (value, note) for label, value, note in results.all_figures()}
    assert rows["High-score table"] == ("1 of 1", "")
    assert rows["Best"][0] == "0" and rows["Best"][1].startswith("B9Z")
    assert app.records.initials == "B9Z"
    (key,) = app.records.scores.tables()
    assert app.records.scores.best(key).initials == "B9Z"
    # the next entry offers the same initials (in another table: the deal's second win
    # here is no better than its first)
    win(app, driver, {"passes": 3})
    assert app.scene.initials == "B9Z"


def test_the_table_lays_its_win_out_again_with_the_window(app, driver):
    # kept to the old felt, the win's cards bounced on a floor in the middle of a window
    # grown full screen (see tests/render/test_celebration.py)
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    for text in DEAL_8_WIN:
        click_move(driver, scene, text)
    driver.frames(10)
    assert scene.celebration is not None
    driver.resize((1920, 1080))
    assert scene.celebration.bounds == scene.view.area and scene.view.area.width > 1800


def test_a_win_closed_during_its_celebration_takes_its_place_at_the_next_start(
    app, driver, tmp_path
):
    app.records.set_initials("KOT")
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    for text in DEAL_8_WIN:
        click_move(driver, scene, text)
    driver.frames(10)
    assert scene.celebration is not None and app.scene is scene  # killed right here
    assert app.records.scores.tables() == []
    app.records.close()
    second = App(size=(1280, 800), clock=ManualClock())
    second.enter_missed_scores()  # as the program's start does, before its first scene
    (key,) = second.records.scores.tables()
    assert second.records.scores.best(key).initials == "KOT"
    (notice,) = second.notices
    assert str(notice).startswith(
        "Place 1 in the table for Pyramid 52, deal 8, was recorded under KOT"
    )
    menu = MenuScene(second)
    second.switch(menu, fade=False)
    Driver(second).frames(1)
    assert menu.notice_rect.width > 0  # the menu shows it
    second.records.close()
    third = App(size=(1280, 800), clock=ManualClock())
    assert third.enter_missed_scores() == [] and third.notices == []
    assert len(third.records.scores.top(key)) == 1


def test_the_program_enters_a_missed_place_before_its_menu(tmp_path, monkeypatch):
    from game.main import run as start_program

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    records = Records.open()  # where the program keeps them
    won = Game("pyramid52", deal=8)
    for move in DEAL_8_WIN:
        won.play(move)
    records.save_game(won, GameFacts(seconds=40.0))  # won, and closed before its initials
    records.close()
    seen = []

    def run(app):
        seen.append((app.scene, app.notices, app.records.scores.tables()))
        app.close()

    monkeypatch.setattr(App, "run", run)
    # the program quits pygame as it ends; the fonts other tests hold must outlive it
    monkeypatch.setattr(pygame, "quit", pygame.display.quit)
    assert start_program() == 0
    ((scene, notices, tables),) = seen
    assert isinstance(scene, MenuScene) and len(tables) == 1
    assert str(notices[0]).startswith(
        "Place 1 in the table for Pyramid 52, deal 8, was recorded under AAA"
    )


def test_an_arcade_run_closed_before_its_initials_is_told_as_one():
    notice = missed_entry_notice(MissedEntry(None, None, 2, "ABC"))
    assert notice.startswith("Place 2 in the arcade table was recorded under ABC")


def test_an_assisted_game_goes_straight_to_results_and_says_why(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key_twice(pygame.K_h)
    driver.settle(1.5)  # a hint shows within a second (a likely move if the solver is slow)
    assert scene.hints_used == 1
    for text in DEAL_8_WIN:
        click_move(driver, scene, text)
    driver.settle(8.0)
    results = app.scene
    assert isinstance(results, ResultsScene)
    rows = {label: note for label, _value, note in results.all_figures()}
    assert rows["High-score table"] == "assisted games are left out"
    assert rows["Hints used"] == "assisted"  # their count says why
    assert app.records.scores.tables() == []
    assert app.records.statistics("pyramid52").won == 1  # statistics still count it


def test_a_game_the_demo_played_says_so_on_its_results(app, driver):
    # "Hints used 0 · assisted" left the player to guess why
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    wait_for_analysis(scene, driver)  # the whole winning line: the demo plays it out
    driver.key_twice(pygame.K_d)
    driver.settle(60.0)
    results = app.scene
    assert isinstance(results, ResultsScene)
    rows = {label: note for label, _value, note in results.all_figures()}
    assert rows["Moves"] == "assisted: the demo played" and rows["Hints used"] == ""


@pytest.mark.parametrize("initials", [None, "HON"])
def test_export_writes_a_replay_that_verifies(app, driver, tmp_path, initials):
    # under the initials of its table place, as History's export and the Records' Save
    # write them: a score just entered as HON was exported naming no one
    game = Game("pyramid52", deal=8)
    for move in DEAL_8_WIN:
        game.play(move)
    facts = GameFacts(seconds=42.0)
    app.records.save_game(game, facts)
    if initials is not None:
        assert app.records.add_game_score(game, facts, initials) == 1
    from game.scenes.summary import GameSummary

    results = ResultsScene(app, GameSummary(game, 42.0, facts=facts))
    app.switch(results, fade=False)
    driver.frames(1)
    before = {b.key: b.rect.copy() for b in results.pad.buttons}
    press(driver, results, "export")
    # its words come in a line kept for them: the buttons jumped under the finger
    assert {b.key: b.rect for b in results.pad.buttons} == before
    (path,) = (tmp_path / "home" / "replays").iterdir()
    replay = json.loads(path.read_text("utf-8"))
    assert verify(replay).won and replay["meta"]["seconds"] == 42.0
    assert str(path) in results.exported_to and not results.pad.get("export").enabled
    assert replay["meta"].get("initials") == initials  # no table place: none to name


def test_an_export_that_fails_says_why_and_can_be_tried_again(app, driver, tmp_path):
    game = Game("pyramid52", deal=8)
    for move in DEAL_8_WIN:
        game.play(move)
    from game.scenes.summary import GameSummary

    results = ResultsScene(app, GameSummary(game, 42.0))
    app.switch(results, fade=False)
    driver.frames(1)
    folder = blocked_replays_folder(tmp_path)
    press(driver, results, "export")
    assert results.exported_to == (
        "The replay could not be saved: there is a file where a folder should be"
    )
    assert results.pad.get("export").enabled  # it was greyed out: no second try
    folder.unlink()
    press(driver, results, "export")
    assert len(list(folder.iterdir())) == 1 and not results.pad.get("export").enabled


def test_the_end_of_an_arcade_run_exports_the_run_that_verifies(app, driver, tmp_path):
    # each game of a run could be exported, never the run: its score proved nothing
    from game.ladder import load_ladder
    from game.scenes.arcade import ArcadeStatus
    from game.scenes.summary import GameSummary
    from game.store.proof import verify_run
    from game.store.saved import ARCADE
    from tests.store.helpers import ladder_run_games

    ladder = load_ladder()
    run_id = app.records.start_run(ladder)
    for game in ladder_run_games():
        facts = GameFacts(mode=ARCADE, arcade_run=run_id, seconds=5)
        app.records.save_game(game, facts)
    run = app.records.run(ladder, run_id)
    status = ArcadeStatus(ladder, run, won=False)
    results = ResultsScene(app, GameSummary(game, 5.0, facts=facts), status)
    app.switch(results, fade=False)
    driver.frames(1)
    assert results.pad.get("export").label == "Export run"
    press(driver, results, "export")
    (path,) = (tmp_path / "home" / "replays").iterdir()
    proof = json.loads(path.read_text("utf-8"))
    state = verify_run(ladder, proof)
    assert len(proof["games"]) == 4 and state.games == 4 and state.lives == 0
    assert path.name.startswith("piramida-arcade-run-")
    assert results.exported_to == f"The run's replay saved: {path}"
    assert results.saved_at("x") == "The run's replay saved: x"  # what the box draws


def run_entered(app, seconds: float) -> int:
    """An arcade run of the ladder's games, each `seconds` long, entered under ARC."""
    from game.ladder import load_ladder
    from game.store.saved import ARCADE
    from tests.store.helpers import ladder_run_games

    ladder = load_ladder()
    run_id = app.records.start_run(ladder)
    for game in ladder_run_games():
        app.records.save_game(game, GameFacts(mode=ARCADE, arcade_run=run_id, seconds=seconds))
    app.records.add_run_score(ladder, app.records.run(ladder, run_id), "ARC")
    return run_id


def test_the_end_of_an_arcade_run_exports_it_under_its_place_s_initials(app, driver, tmp_path):
    # a game's Export names the initials its place holds, as the Records' Save and
    # `scores --export-run` do of a run; the results' Export of a run named no one
    from game.ladder import load_ladder
    from game.scenes.arcade import ArcadeStatus
    from game.scenes.summary import GameSummary
    from game.store.saved import ARCADE
    from tests.store.helpers import ladder_run_games

    ladder, run_id = load_ladder(), run_entered(app, seconds=5)
    run = app.records.run(ladder, run_id)
    game, facts = ladder_run_games()[-1], GameFacts(mode=ARCADE, arcade_run=run_id, seconds=5)
    results = ResultsScene(
        app, GameSummary(game, 5.0, facts=facts), ArcadeStatus(ladder, run, won=False)
    )
    app.switch(results, fade=False)
    driver.frames(1)
    press(driver, results, "export")
    (path,) = (tmp_path / "home" / "replays").iterdir()
    assert json.loads(path.read_text("utf-8"))["meta"]["initials"] == "ARC"


def blocked_replays_folder(tmp_path):
    """A file where the exported replays' folder should be: no export can be written."""
    folder = tmp_path / "home" / "replays"
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the folder should be")
    return folder


def filled_records_scene(app, driver):
    """The records of Pyramid 52's free table, its entries those of fill_records."""
    from game.scenes.records import RecordsScene
    from tests.scenes.test_records_scenes import fill_records

    fill_records(app.records)
    scene = RecordsScene(app, "pyramid52", {})
    app.switch(scene, fade=False)
    driver.frames(1)
    return scene


def test_a_table_s_entry_is_saved_as_a_replay_that_verifies(app, driver, tmp_path):
    # a high score could be watched, never handed on: its file came only from the
    # results, at the game's end, or from the command line by a game's id
    scene = filled_records_scene(app, driver)
    watch, save = scene.pad.get("watch:1").rect, scene.pad.get("save:1").rect
    assert watch.right < save.left and watch.centery == save.centery  # Watch, then Save
    press(driver, scene, "save:1")
    (path,) = (tmp_path / "home" / "replays").iterdir()
    replay = json.loads(path.read_text("utf-8"))
    entry = scene.entries[1]
    game = verify(replay)
    assert game.score.remaining_points == entry.figures.remaining_points
    assert replay["deal"] == entry.deal and replay["meta"]["initials"] == "ABC"
    assert "redo" not in replay["meta"]
    assert path.name.startswith(f"piramida-pyramid52-{entry.deal}-")
    assert scene.saved_to == f"Replay saved: {path}" and scene.problem == ""
    press(driver, scene, "tab:daily")  # said of that table's entry, not of the next
    assert scene.saved_to == ""


def test_an_arcade_entry_is_saved_as_its_run_that_verifies(app, driver, tmp_path):
    from game.ladder import load_ladder
    from game.scenes.records import RecordsScene
    from game.store.proof import verify_run
    from game.store.saved import ARCADE

    run_entered(app, seconds=9)
    ladder = load_ladder()
    scene = RecordsScene(app, "pyramid52", {}, tab=ARCADE)
    app.switch(scene, fade=False)
    driver.frames(1)
    press(driver, scene, "save:0")
    (path,) = (tmp_path / "home" / "replays").iterdir()
    run = json.loads(path.read_text("utf-8"))
    state = verify_run(ladder, run)
    assert state.games == 4 and run["meta"]["initials"] == "ARC"
    assert path.name.startswith("piramida-arcade-run-")
    assert scene.saved_to == f"The run's replay saved: {path}"


def test_an_entry_that_cannot_be_saved_says_why_and_writes_nothing(app, driver, tmp_path):
    scene = filled_records_scene(app, driver)
    blocked_replays_folder(tmp_path)
    press(driver, scene, "save:0")
    assert (
        scene.problem == "The replay could not be saved: there is a file where a folder should be"
    )
    assert scene.saved_to == ""


@pytest.mark.parametrize(
    "replay",
    [
        {"ruleset": "pyramid52", "deal": 1, "moves": ["p1.1", "zz"]},  # a move not legal
        {"ruleset": "pyramid52", "deal": 1, "moves": []},  # no claim to prove
        {"ladder": "arcade", "games": []},
        "garbage",
    ],
)
def test_a_damaged_entry_is_not_saved_and_says_so(app, driver, tmp_path, replay):
    # such an entry was written and said "Replay saved" where Watch refused it
    import dataclasses

    scene = filled_records_scene(app, driver)
    scene.save(dataclasses.replace(scene.entries[0], replay=replay))
    assert scene.problem.startswith("This replay cannot be saved:")
    assert scene.saved_to == "" and not (tmp_path / "home" / "replays").exists()


def test_every_save_has_a_file_of_its_own(app, driver, tmp_path):
    # two runs saved within a second had one file between them, and both said "saved"
    scene = filled_records_scene(app, driver)
    said = []
    for _ in range(3):
        press(driver, scene, "save:0")
        said.append(scene.saved_to)
    files = sorted((tmp_path / "home" / "replays").iterdir())
    assert len(files) == len(set(said)) == 3
    assert all(verify(json.loads(f.read_text("utf-8"))).won for f in files)


def clear_a_card(driver, table):
    """Turn the stock until a card can leave the table, and send it off."""
    for _turn in range(table.game.rules.deck.size):
        for move in table.game.legal_moves:
            probe = run_replay(table.game.to_replay())
            probe.play(move)
            if probe.score.remaining_cards < table.game.score.remaining_cards:
                table._play(move)
                driver.settle(0.5)
                return
        driver.key(pygame.K_SPACE)
        driver.settle(0.5)
    pytest.fail("no card of the deal could leave the table")


@pytest.mark.parametrize(
    "ruleset, said",
    [("pyramid52", "You gave up"), ("sbudetsya", "Your wish will not come true this time")],
)
def test_a_lost_game_in_a_table_says_how_it_ended_before_the_initials(app, driver, ruleset, said):
    # "A new high score!" greeted a wish given up, and only then came "Your wish will
    # not come true"
    table = open_table(app, driver, Game(ruleset, deal=8))
    if table.wish_pending:
        table._wish_made()
        driver.settle(1.0)
    clear_a_card(driver, table)
    driver.click(table.buttons["resign"].rect.center)
    driver.click(table.buttons["resign"].rect.center)  # giving up asks twice
    driver.settle(1.0)
    initials = app.scene
    assert isinstance(initials, InitialsScene)
    # with the score it enters ("Place 1" alone did not say for what)
    left = app.records.games.get(table.facts.record_id).remaining_points
    assert initials.subtitle == f"{left} points left — place 1 in the table. Your initials?"
    # how it ended as the title, in the ink of any words: a gold "You are in the
    # high-score table!" under "Your wish will not come true" celebrated a lost wish
    assert (initials.title, initials.outcome, initials.celebrate) == (said, "", False)


def test_the_deal_of_the_day_is_played_once_then_shows_its_table(app, driver):
    menu = open_menu(app, driver)
    menu.select("pyramid36")
    assert menu.pad.get("daily").label == "Deal of the day"
    press(driver, menu, "daily")
    table = app.scene
    assert table.game.deal_number == today_deal() and table.facts.mode == DAILY
    clear_a_card(driver, table)  # a deal given up before it cleared one enters no table
    driver.click(table.buttons["resign"].rect.center)
    driver.click(table.buttons["resign"].rect.center)  # giving up asks twice
    driver.settle(1.0)
    assert isinstance(app.scene, InitialsScene)  # the first daily result enters its table
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    menu = open_menu(app, driver)
    menu.select("pyramid36")
    points = table.game.score.remaining_points
    assert menu.pad.get("daily").label == f"Deal of the day ✓ {points} points"
    press(driver, menu, "daily")
    from game.scenes.records import RecordsScene

    assert isinstance(app.scene, RecordsScene) and app.scene.tab == DAILY
    assert [e.deal for e in app.scene.entries] == [today_deal()]


def test_a_day_s_deal_laid_out_in_another_patience_says_so_before_it_is_dealt(app, driver):
    # От нечего делать's deal of the day is Сбудется's: after the first, the second's
    # button and table said it was not played, and only its deal said the fortune
    # would not count
    from game.scenes.records import RecordsScene

    menu = open_menu(app, driver)
    menu.select("sbudetsya")
    assert menu.pad.get("daily").label == "Deal of the day"
    played = Game("nechego", deal=today_deal())
    played.play(played.stock_move)
    app.records.save_game(played, GameFacts(mode=DAILY))
    menu = open_menu(app, driver)
    menu.select("sbudetsya")
    assert menu.pad.get("daily").label == "Deal of the day: seen before"
    table = RecordsScene(app, "sbudetsya", {}, DAILY)
    assert table.today_text().startswith("Today's deal was seen in another game")
    # laid out otherwise, Pyramid 36's own deal of the day is untouched
    menu.select("pyramid36")
    assert menu.pad.get("daily").label == "Deal of the day"


def test_past_midnight_the_menu_names_the_new_day_s_deal(app, driver, monkeypatch):
    # the button still offered "Deal of the day: continue" for yesterday's game, and
    # its press dealt today's, a new game
    from datetime import date

    import game.store.daily as daily

    class Day(date):
        today_is = date(2026, 11, 30)

        @classmethod
        def today(cls):
            return cls.today_is

    monkeypatch.setattr(daily, "date", Day)
    menu = open_menu(app, driver)
    menu.select("pyramid36")
    press(driver, menu, "daily")
    table = app.scene
    assert table.game.deal_number == 20261130
    clear_a_card(driver, table)
    menu = open_menu(app, driver)
    menu.select("pyramid36")
    assert menu.pad.get("daily").label == "Deal of the day: continue"
    Day.today_is = date(2026, 12, 1)
    driver.frames(2)
    assert menu.pad.get("daily").label == "Deal of the day"
    press(driver, menu, "daily")
    assert app.scene.game.deal_number == 20261201 and not app.scene.game.moves


def test_a_fortune_deal_played_in_an_earlier_session_does_not_count_again(tmp_path):
    first = Records.open(tmp_path / FILE_NAME)
    game = Game("sbudetsya", deal=31)
    game.play(next(iter(game.legal_moves)))
    first.save_game(game, GameFacts(fortune=True))
    first.close()
    app = App(size=(1280, 800), clock=ManualClock(), records=Records.open(tmp_path / FILE_NAME))
    try:
        scene = open_table(app, Driver(app), Game("sbudetsya", deal=31))
        # no wish asked for, as it could not come true: it is said at the deal
        assert scene.fortune_replayed and not scene.wish_pending and scene.banner is None
        assert scene.status == "You have played this deal before: it tells no fortune this time."
        fresh = open_table(app, Driver(app), Game("sbudetsya", deal=32))
        assert not fresh.fortune_replayed and fresh.wish_pending
    finally:
        pygame.display.quit()


def test_a_damaged_records_file_is_told_in_the_menu(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    data = tmp_path / "data"
    data.mkdir()
    (data / FILE_NAME).write_bytes(b"not a database" * 100)
    app = App(size=(1280, 800), clock=ManualClock())
    try:
        menu = open_menu(app, Driver(app))
        assert menu.notice_rect.width > 0
        assert "set aside as records.sqlite3.broken-" in str(app.notices[0])
        assert any(p.name.startswith(FILE_NAME + ".broken-") for p in data.iterdir())
    finally:
        pygame.display.quit()


def test_records_that_cannot_be_saved_leave_the_game_playable(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    app = App(
        size=(1280, 800), clock=ManualClock(), records=Records.open(blocker / "sub" / FILE_NAME)
    )
    try:
        assert any("kept until you quit" in str(n) for n in app.notices)
        driver = Driver(app)
        scene = open_table(app, driver, Game("pyramid52", deal=8))
        click_move(driver, scene, DEAL_8_WIN[0])
        assert app.records.unfinished().moves == 1  # in memory, for this session
    finally:
        pygame.display.quit()


def test_a_hint_is_kept_in_the_records_before_the_next_move(app, driver):
    scene = open_table(app, driver, Game("egyptian", deal=0))
    driver.key(pygame.K_SPACE)  # one move: the game is in the records
    driver.key_twice(pygame.K_h)
    driver.settle(1.5)
    assert scene.hints_used == 1
    # killed here, before another move: the game resumed is assisted, its hint counted
    _game, facts = app.records.resume(app.records.unfinished())
    assert facts.assisted and facts.hints == 1


def test_a_hint_before_the_first_move_is_kept_in_the_records(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key_twice(pygame.K_h)
    driver.settle(1.5)
    assert scene.hints_used == 1 and not scene.game.moves
    row = app.records.games.get(scene.facts.record_id)
    assert row.assisted and row.hints == 1


@pytest.fixture
def said(monkeypatch) -> list[str]:
    """Every line the tables put up for the player, in order (some last a moment only)."""
    lines: list[str] = []
    say = TableScene._say
    monkeypatch.setattr(
        TableScene, "_say", lambda s, text, *a: (lines.append(text), say(s, text, *a))
    )
    return lines


def test_the_deal_of_the_day_seen_with_the_demo_before_is_assisted(app, driver, said):
    # the day's deal number typed as a free game, the demo played, and then the daily
    practice = open_table(app, driver, Game("pyramid36", deal=today_deal()))
    driver.key_twice(pygame.K_d)
    assert practice.assisted
    menu = open_menu(app, driver)
    menu.select("pyramid36")
    press(driver, menu, "daily")
    daily = app.scene
    assert daily.facts.mode == DAILY and daily.assisted
    assert any("played with the solver's help before" in text for text in said)
    assert app.records.games.get(daily.facts.record_id).assisted


def test_help_had_in_the_other_egyptian_patience_is_said_to_be_had_there(app, driver, said):
    # at the first deal of a patience never played: "This deal was played with the
    # solver's help before", of a hint had in the other, which lays the deal out alike
    first = open_table(app, driver, Game("egyptian", deal=7))
    first._solver_asked("hint")
    old = open_table(app, driver, Game("egyptian-old", deal=7))
    assert old.assisted
    assert (
        "This deal was played with the solver's help in Egyptian Pyramid, which lays it out"
        " alike: this game is assisted."
    ) in said
    # and where this patience's own game had it too, as before
    said.clear()
    old._solver_asked("hint")
    open_table(app, driver, Game("egyptian-old", deal=7))
    assert "This deal was played with the solver's help before: this game is assisted." in said


def test_a_fortune_dealt_again_after_help_says_the_wish_does_not_count(app, driver, said):
    # a wish was asked for, that could not come true, and "played with the solver's help
    # before: this game is assisted" said alone: a slow reader laid it out for her wish
    first = open_table(app, driver, Game("sbudetsya", deal=5))
    first._wish_made()
    driver.settle(1.0)
    driver.key_twice(pygame.K_h)
    for _ in range(100):  # marked when the hint, asked of the solver, is shown
        if first.assisted:
            break
        driver.settle(0.1)
    assert first.assisted
    again = open_table(app, driver, Game("sbudetsya", deal=5))
    assert again.assisted and not again.wish_pending
    assert any(
        text.startswith("This deal was played with the solver's help before: it tells no fortune")
        for text in said
    ), said


def test_the_deal_of_the_day_practised_before_stays_out_of_its_table(app, driver, said):
    # the day's deal number typed as a free game, a move made, then the daily
    practice = open_table(app, driver, Game("pyramid36", deal=today_deal()))
    click_move(driver, practice, "st>w")
    assert not practice.practised  # a free game: its own table takes it
    menu = open_menu(app, driver)
    menu.select("pyramid36")
    press(driver, menu, "daily")
    daily = app.scene
    assert daily.facts.mode == DAILY and daily.practised and not daily.assisted
    assert "You have played this deal before: this game stays out of its table." in said
    results = give_up_to_results(app, driver, daily)
    assert figure_rows(results)["Deal of the day"] == ("—", "played before: it stays out")
    assert [k.board for k in app.records.scores.tables()] == []
    assert app.records.games.get(daily.facts.record_id).outcome == "resigned"  # kept


def test_the_deal_of_the_day_practised_under_a_clock_set_ahead_stays_out(
    app, driver, said, monkeypatch
):
    # practised as a free game under a clock two days ahead, then played as the day's
    # deal: its end judged by the games begun before it ended, by their clocks, put it
    # at place 1 of the day's table, where its results said it stayed out
    ahead = "2099-01-01T12:00:00.000000+00:00"
    with monkeypatch.context() as clock:
        clock.setattr("game.store.games.now_iso", lambda: ahead)
        practice = open_table_with(
            app, driver, Game("pyramid36", deal=today_deal()), GameFacts(started_at=ahead)
        )
        click_move(driver, practice, "st>w")
        menu = open_menu(app, driver)
    menu.select("pyramid36")
    press(driver, menu, "daily")
    daily = app.scene
    assert daily.facts.mode == DAILY and daily.practised
    assert "You have played this deal before: this game stays out of its table." in said
    while not daily.game.cleared_a_card:  # a game that cleared none enters no table anyway
        move = next((m for m in daily.game.legal_moves if m.kind in ("pair", "single")), None)
        click_move(driver, daily, str(move) if move else "st>w")
        driver.settle(0.5)
    results = give_up_to_results(app, driver, daily)
    assert figure_rows(results)["Deal of the day"] == ("—", "played before: it stays out")
    assert [k.board for k in app.records.scores.tables()] == []
    assert not isinstance(app.scene, InitialsScene)
    kept = app.records.games.get(daily.facts.record_id).replay
    assert kept["meta"]["practised"] is True  # and so after Continue, and in its replay


@pytest.mark.parametrize(
    ("continued", "loss"), [(False, "This deal cannot be won"), (True, "no way to win from here")]
)
def test_a_practised_daily_says_so_beside_the_loss_the_solver_tells(app, driver, continued, loss):
    # "This deal cannot be won" replaced "stays out of its table" 3 frames after the deal,
    # or after Continue: the player learnt it at the results
    from tests.scenes.test_table import wait_for_analysis

    deal = 20261130  # Pyramid 52: cannot be won, 91 points at best
    practice = open_table(app, driver, Game("pyramid52", deal=deal))
    click_move(driver, practice, "st>w")
    game = Game("pyramid52", deal=deal)
    if continued:
        game.play("st>w")
    daily = TableScene(app, game, facts=GameFacts(mode=DAILY))
    app.switch(daily, fade=False)
    wait_for_analysis(daily, driver)
    driver.frames(5)
    assert daily.practised and daily.analysis.known().lost
    assert daily.status.startswith("You have played this deal before: this game stays out")
    assert loss in daily.status


def give_up_to_results(app, driver, table: TableScene) -> ResultsScene:
    """Give the game up as a player does, and see its results straight away: no
    initials asked, as it takes no place in a table."""
    driver.click(table.buttons["resign"].rect.center)
    driver.click(table.buttons["resign"].rect.center)  # giving up asks twice
    driver.settle(1.0)
    assert isinstance(app.scene, ResultsScene)
    return app.scene


def figure_rows(results: ResultsScene) -> dict[str, tuple[str, str]]:
    return {label: (value, note) for label, value, note in results.all_figures()}


@pytest.mark.parametrize("daily", [True, False])
def test_a_deal_given_up_before_a_card_left_the_table_says_why_it_stays_out(app, driver, daily):
    # the results said nothing, and the day's records then read "done, 364 points
    # left" over "No entries yet"
    if daily:
        menu = open_menu(app, driver)
        menu.select("pyramid52")
        press(driver, menu, "daily")
        table = app.scene
    else:
        table = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key(pygame.K_SPACE)  # a move, but no card off the table
    driver.settle(0.5)
    results = give_up_to_results(app, driver, table)
    name = "Deal of the day" if daily else "High-score table"
    assert figure_rows(results)[name] == ("—", "no move cleared a card: it stays out")
    # and the heading says which deal it was: "Deal 20261204" read as any deal
    heading = results._heading_lines(2000)[0][0].text
    # ("Deal of the day · Deal 20261205" said "deal" twice)
    expected = f"Deal of the day {table.game.deal_number}" if daily else "Deal 8"
    assert heading == f"Pyramid 52 · {expected}"
    assert app.records.scores.tables() == []


def test_a_day_s_deal_ends_with_the_days_in_a_row_it_was_played(app, driver):
    from datetime import date, timedelta

    from game.store.daily import daily_deal
    from tests.store.helpers import random_game

    yesterday = daily_deal(date.today() - timedelta(days=1))
    app.records.save_game(random_game("pyramid52", yesterday, 3), GameFacts(mode=DAILY))
    menu = open_menu(app, driver)
    menu.select("pyramid52")
    press(driver, menu, "daily")
    table = app.scene
    driver.key(pygame.K_SPACE)
    driver.settle(0.5)
    results = give_up_to_results(app, driver, table)
    assert figure_rows(results)["Days in a row"] == ("2", "")
    # a free game is no day of the row, the day's number typed as one either
    free = open_table(app, driver, Game("pyramid52", deal=today_deal()))
    driver.key(pygame.K_SPACE)
    driver.settle(0.5)
    assert "Days in a row" not in figure_rows(give_up_to_results(app, driver, free))


def test_a_building_game_given_up_before_a_card_went_home_says_so_in_its_words(app, driver):
    # «ни одна карта не убрана со стола» of a patience whose cards go home, not away
    table = open_table(app, driver, Game("egyptian", deal=8))
    driver.key(pygame.K_SPACE)  # a turn of the stock, no card home
    driver.settle(0.5)
    results = give_up_to_results(app, driver, table)
    assert figure_rows(results)["High-score table"] == ("—", "no card went home: it stays out")


def test_a_free_game_of_the_day_s_deal_after_the_daily_takes_nothing_from_it(app, driver):
    menu = open_menu(app, driver)
    menu.select("pyramid36")
    press(driver, menu, "daily")
    daily = app.scene
    click_move(driver, daily, "st>w")
    assert not daily.practised
    later = Game("pyramid36", deal=today_deal())
    assert not app.records.practised(later, GameFacts())  # a free game is no daily
    assert not app.records.practised(daily.game, daily.facts)  # nor is the daily practised


def test_giving_up_after_an_undo_counts_the_moves_the_table_showed(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    for text in DEAL_8_WIN[:4]:
        click_move(driver, scene, text)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene._current_figures().moves == 3
    driver.click(scene.buttons["resign"].rect.center)
    driver.click(scene.buttons["resign"].rect.center)  # giving up asks twice
    driver.settle(1.0)
    if isinstance(app.scene, InitialsScene):
        press(driver, app.scene, "ok")
    results = app.scene
    assert isinstance(results, ResultsScene)
    rows = {label: value for label, value, _note in results.all_figures()}
    assert rows["Moves"] == "3"
    (row,) = app.records.history()
    assert row.moves == 3 and row.replay["moves"][-1] == "resign"


def test_the_solver_s_help_had_while_a_game_waited_makes_it_assisted(app, driver):
    # the day's deal begun, its number typed as a free game of three passes and shown by
    # the Demo, then the daily game played out with those moves: it took place 1
    daily = TableScene(app, Game("pyramid52", deal=8), facts=GameFacts(mode=DAILY))
    app.switch(daily, fade=False)
    driver.settle(1.0)
    click_move(driver, daily, DEAL_8_WIN[0])
    assert not daily.assisted
    shown = Game("pyramid52", {"passes": 3}, deal=8)
    for move in DEAL_8_WIN:
        shown.play(move)
    app.records.save_game(shown, GameFacts(assisted=True))  # the Demo's game
    for move in DEAL_8_WIN[1:]:
        click_move(driver, daily, move)
    driver.settle(8.0)
    assert daily.game.won and daily.assisted
    assert app.records.games.get(daily.facts.record_id).assisted
    assert app.records.table_for(daily.game, daily.facts) is None


def test_a_daily_game_left_before_its_first_move_keeps_its_time(app, driver):
    # the clock runs from the deal: time spent studying the day's deal came back as new
    daily = TableScene(app, Game("pyramid52", deal=8), facts=GameFacts(mode=DAILY))
    app.switch(daily, fade=False)
    driver.settle(1.0)
    driver.frames(180)
    assert daily.game.moves == [] and daily.facts.record_id is not None
    app.switch(lambda: MenuScene(app), fade=False)
    driver.frames(1)
    assert app.records.games.get(daily.facts.record_id).seconds >= 2.9


@pytest.mark.parametrize("mode", [DAILY, None])
def test_a_daily_game_s_end_stands(app, driver, mode):
    # Undo or Restart after the day's deal ended reopened it: played again with every
    # card known, only the second end counted. A free game may still be taken back.
    game = Game("pyramid52", deal=0)
    scene = TableScene(app, game, facts=GameFacts(mode=mode) if mode else None)
    app.switch(scene, fade=False)
    driver.settle(1.0)
    assert scene._current_figures().deal == ("Deal of the day 0" if mode else "Deal 0")
    while not game.over:
        game.play("st>w" if game.pile("st") else sorted(map(str, game.legal_moves))[0])
    scene._after_change()
    driver.frames(2)
    moves = len(game.moves)
    assert scene.buttons["undo"].enabled is (mode is None)
    assert scene.buttons["restart"].enabled is (mode is None)
    driver.key(pygame.K_u)
    driver.key(pygame.K_F5)
    driver.settle(1.0)
    assert (len(game.moves) == moves) is (mode == DAILY)


def test_the_time_of_a_long_think_is_saved_without_a_move(app, driver):
    # saved with moves and on leaving only: a kill after a long think gave it back
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    click_move(driver, scene, DEAL_8_WIN[0])
    saved = app.records.games.get(scene.facts.record_id).seconds
    driver.frames(60 * 12)  # twelve seconds and no move, the process then killed
    stored = app.records.games.get(scene.facts.record_id).seconds
    assert stored > saved + 5 and stored >= scene.seconds - CLOCK_SAVED_EVERY_S


def test_the_day_s_deal_open_in_one_window_is_refused_in_another(app, driver, tmp_path):
    # both windows played the same saved game: one turned the stock and gave up, the
    # other played on knowing it, the day's table took both, the first result written over
    menu = open_menu(app, driver)
    menu.select("pyramid52")
    press(driver, menu, "daily")
    table = app.scene
    click_move(driver, table, "st>w")
    other = App(size=(1280, 800), clock=ManualClock())
    try:
        window = Driver(other)
        second = open_menu(other, window)
        second.select("pyramid52")
        assert second.pad.get("daily").label == "Deal of the day: continue"
        assert second.records.unfinished is None  # Continue offers it not either
        press(window, second, "daily")
        assert other.scene is second
        assert str(other.notices[-1]) == "Today's deal is open in another window."
        table._rules()  # the first window reads the rules: the deal is still its own
        driver.settle(0.6)
        app.scene.back()
        driver.settle(0.6)
        assert app.scene is table
        other.notices.clear()
        press(window, second, "daily")
        assert other.scene is second and other.notices
        app.switch(lambda: MenuScene(app), fade=False)  # and at its menu, still its own
        driver.settle(0.6)
        press(window, second, "daily")
        assert other.scene is second
        another = open_table(app, driver, Game("pyramid36", deal=4))  # a game of its own
        click_move(driver, another, "st>w")
        press(window, second, "daily")
        assert isinstance(other.scene, TableScene)
        assert other.scene.facts.record_id == table.facts.record_id
        # the day's stock may open on a king, taken alone ("st"): the move is the date's
        assert other.scene.game.moves == table.game.moves and len(table.game.moves) == 1
    finally:
        other.solver.close()


def test_a_wish_come_true_is_the_title_over_its_place_in_the_table(app, driver):
    # "A new high score!" stood large and gold, "Your wish will come true" small above
    # it, where a wish that will not come true is the title
    from game.solver import solve

    moves = solve(Game("sbudetsya", deal=3)).moves
    table = open_table(app, driver, Game("sbudetsya", deal=3))
    table._wish_made()
    driver.settle(1.0)
    for text in moves:
        source, target = text.split(">")
        driver.click(table.view.top_rect(source).center)
        if source != "st":
            driver.click(table.view.top_rect(target).center)
        driver.settle(0.3)
    assert [str(m) for m in table.game.moves] == moves
    driver.settle(10.0)
    initials = app.scene
    assert isinstance(initials, InitialsScene) and table.game.won
    assert (initials.title, initials.outcome) == ("Your wish will come true", "A new high score!")
    assert initials.celebrate


@pytest.mark.parametrize("won", [False, True])
def test_a_level_s_results_focus_their_main_button_for_the_keys(app, driver, won):
    # the focus fell on Export (a run's results have no New deal): a keyboard player's
    # Enter after G G wrote a replay where Try again was marked
    from game.ladder import load_ladder
    from game.scenes.arcade import ArcadeStatus
    from game.scenes.summary import GameSummary
    from game.store.saved import ARCADE
    from tests.store.helpers import ladder_run_games

    ladder = load_ladder()
    run_id = app.records.start_run(ladder)
    game = ladder_run_games()[0]
    facts = GameFacts(mode=ARCADE, arcade_run=run_id, seconds=5)
    app.records.save_game(game, facts)
    status = ArcadeStatus(ladder, app.records.run(ladder, run_id), won=won)
    results = ResultsScene(app, GameSummary(game, 5.0, facts=facts), status)
    app.switch(results, fade=False)
    driver.settle(ARRIVING_S)
    driver.key(pygame.K_LEFT)  # the ring shows, where the focus is
    assert results.pad.show_focus and results.pad.focus_key == "next"
    assert results.pad.get("next").selected
    driver.key(pygame.K_RETURN)
    assert results.exported_to == ""
    driver.settle(0.6)
    assert isinstance(app.scene, TableScene)  # the level again, or the next


def test_a_window_started_while_another_asks_initials_leaves_it_its_place(app, driver):
    # the other took the game on the initials scene for one closed before its initials
    # and entered it under its own letters: the player's were refused, and in the day's
    # table the game stood twice
    win(app, driver)
    initials = app.scene
    assert isinstance(initials, InitialsScene)
    other = Records.open(app.records.path)
    assert other.enter_missed_scores(None, "---") == []
    driver.tap(initials.pad.get("up0").rect.center)  # A -> B
    driver.tap(initials.pad.get("ok").rect.center)
    driver.settle(0.6)
    (key,) = other.scores.tables()
    assert [e.initials for e in other.scores.top(key)] == ["BAA"]
    assert other.enter_missed_scores(None, "---") == []  # nor after: it has its place
    other.close()


def test_a_game_is_entered_in_a_table_once(records_pair):
    # the day's table, which keeps every game of its deal, held one twice
    first, second = records_pair
    game, facts = Game("pyramid52", deal=8), GameFacts(mode=DAILY, seconds=30.0)
    for move in DEAL_8_WIN:
        game.play(move)
    first.save_game(game, facts)
    assert first.add_game_score(game, facts, "ABC") == 1
    assert second.add_game_score(game, facts, "XYZ") is None
    (key,) = second.scores.tables()
    assert [e.initials for e in second.scores.top(key)] == ["ABC"]


@pytest.fixture
def records_pair(tmp_path):
    """Two windows' records on one file."""
    pair = [Records.open(tmp_path / FILE_NAME) for _ in range(2)]
    yield pair
    for records in pair:
        records.close()


def test_a_fortune_continued_after_its_deal_was_played_elsewhere_tells_none(app, driver):
    # checked only as a fortune began: its deal played meanwhile in От нечего делать
    # (which lays the same number out alike), every stock card seen, and the fortune
    # continued came out as "Your wish will come true"
    fortune, facts = Game("sbudetsya", deal=4242), GameFacts(fortune=True)
    fortune.play("st>w")
    assert app.records.save_game(fortune, facts)
    other = Game("nechego", deal=4242)
    while other.pile("st"):
        other.play("st>w")
    assert app.records.save_game(other, GameFacts())
    row = app.records.game(facts.record_id)
    game, kept = app.records.resume(row)
    scene = open_table_with(app, driver, game, kept)
    assert scene.fortune_replayed and not scene.wish_pending
    assert scene.status == (
        "This deal has been played in another game since: it tells no fortune now."
    )
    assert app.records.game(facts.record_id).replay["meta"]["fortune_replayed"] is True


def test_a_game_continued_after_help_with_its_deal_elsewhere_is_assisted(app, driver):
    # help once had with a deal stays with it: a game of the deal continued after the
    # solver played the deal in another went into the tables as played unhelped
    first, facts = Game("pyramid52", deal=8), GameFacts()
    first.play(DEAL_8_WIN[0])
    assert app.records.save_game(first, facts)
    helped = Game("pyramid52", deal=8)
    helped.play(DEAL_8_WIN[0])
    assert app.records.save_game(helped, GameFacts(hints=1, assisted=True))
    game, kept = app.records.resume(app.records.game(facts.record_id))
    scene = open_table_with(app, driver, game, kept)
    assert scene.assisted and scene.helped_before


def test_the_day_s_fortune_continued_after_its_deal_was_played_says_both(app, driver):
    # left before its first move, then its number played in От нечего делать: the wish
    # was asked again, and only "stays out of its table" was said of it
    day = 20261205
    fortune, facts = Game("sbudetsya", deal=day), GameFacts(mode=DAILY, fortune=True)
    assert app.records.save_game(fortune, facts)
    other = Game("nechego", deal=day)
    other.play("st>w")
    assert app.records.save_game(other, GameFacts())
    game, kept = app.records.resume(app.records.game(facts.record_id))
    scene = open_table_with(app, driver, game, kept)
    assert not scene.wish_pending and scene.banner is None
    assert scene.status == (
        "You have played this deal in Nothing Better to Do, which lays it out alike: it"
        " tells no fortune this time, and this game stays out of its table."
    )


def test_continue_comes_to_the_menu_once_a_failed_first_save_is_made(app, driver):
    # the game whose first save failed was offered only after the menu had been left
    # and come back to, though the retry had saved it 30 s before
    from game.app import RETRY_WRITES_S

    scene = open_table(app, driver, Game("pyramid52", deal=8))
    app.records.conn.execute("PRAGMA query_only = 1")  # a full disk: every write refused
    click_move(driver, scene, DEAL_8_WIN[0])
    driver.key(pygame.K_ESCAPE)
    driver.settle(1.0)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.pad.get("continue") is None
    app.records.conn.execute("PRAGMA query_only = 0")  # room again
    driver.settle(RETRY_WRITES_S + 1)
    assert app.scene is menu
    resume = menu.pad.get("continue")
    assert resume is not None and resume.enabled


@pytest.mark.parametrize(
    ("first", "then"), [("sbudetsya", "nechego"), ("egyptian", "egyptian-old")]
)
def test_a_day_s_deal_played_in_a_patience_that_lays_it_alike_says_which(
    app, driver, said, first, then
):
    # От нечего делать's deal of the day is Сбудется's: a newcomer who had played only
    # Сбудется's was told "You have played this deal before" at От нечего делать's, and
    # took it for a mistake
    practice = open_table(app, driver, Game(first, deal=today_deal()))
    if practice.wish_pending:
        practice._wish_made()
    click_move(driver, practice, "st>w")
    assert practice.game.moves
    menu = open_menu(app, driver)
    menu.select(then)
    press(driver, menu, "daily")
    daily = app.scene
    if daily.wish_pending:
        daily._wish_made()
    assert daily.facts.mode == DAILY and daily.practised
    from game.i18n import localized
    from game.rules import rulesets

    name = localized(rulesets()[first].name)
    words = f"You have played this deal in {name}, which lays it out alike"
    assert f"{words}: this game stays out of its table." in said
