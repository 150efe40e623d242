"""The results screen's exact words and records, one behaviour each: the buttons of an
ended run, its exported file's facts, the chart's table, the heading's parts."""

import json

import pytest

from game.ladder import load_ladder
from game.rules import Game
from game.scenes.arcade import ArcadeStatus
from game.scenes.results import ResultsScene
from game.scenes.summary import GameSummary
from game.store import ARCADE, GameFacts
from tests.scenes.test_records_flow import press
from tests.store.helpers import ladder_run_games

pytestmark = pytest.mark.usefixtures("english")


def run_results(app, driver, games, won: bool = False) -> ResultsScene:
    """The results of the last of `games`, each played in turn in a new arcade run, 7 s
    each; `won`: the last won its level."""
    ladder = load_ladder()
    run_id = app.records.start_run(ladder)
    for game in games:
        facts = GameFacts(mode=ARCADE, arcade_run=run_id, seconds=7)
        app.records.save_game(game, facts)
    status = ArcadeStatus(ladder, app.records.run(ladder, run_id), won=won)
    results = ResultsScene(app, GameSummary(game, 7.0, facts=facts), status)
    app.switch(results, fade=False)
    driver.frames(1)
    return results


def ended_run_results(app, driver):
    """The results of a run's last game, the run over (its lives spent), not entered."""
    return run_results(app, driver, ladder_run_games())


def test_an_ended_run_s_results_offer_a_new_run(app, driver):
    results = ended_run_results(app, driver)
    labels = [b.label for b in results.pad.buttons]
    assert labels == ["Export run", "Arcade table", "New run", "Menu"]


def test_an_exported_run_carries_the_run_s_time_and_start(app, driver, tmp_path):
    # the run's file says how long the whole run took, not a game's seconds, or none
    results = ended_run_results(app, driver)
    run = results.arcade.run
    press(driver, results, "export")
    (path,) = (tmp_path / "home" / "replays").iterdir()
    meta = json.loads(path.read_text("utf-8"))["meta"]
    assert meta["seconds"] == run.state.seconds == 4 * 7
    assert meta["started"] == run.started_at


def test_the_chart_holds_the_games_of_the_same_options_only(app, driver):
    # a score with three cards turned is no measure of one with one
    plain, three = Game("egyptian", deal=3), Game("egyptian", {"draw": 3}, deal=4)
    for game in (plain, three):
        game.play("resign")
        app.records.save_game(game, GameFacts(seconds=5))
    this = Game("egyptian", {"draw": 3}, deal=5)
    this.play("resign")
    facts = GameFacts(seconds=5)
    app.records.save_game(this, facts)
    results = ResultsScene(app, GameSummary(this, 5.0, facts=facts))
    assert results.chart == [three.score.remaining_points, this.score.remaining_points]


def test_an_ordinary_game_s_help_is_said_beside_its_figure_not_as_a_void_verdict(app, driver):
    # no wish was made: the heading is the game and how it ended, with no line in the
    # warning's colour saying the help a second time
    from game.store.saved import BY_HINT
    from game.ui import theme
    from tests.scenes.test_results import open_results, played

    scene = open_results(
        app, driver, played("egyptian", deal=9, hints=1, assisted=True, assisted_by=BY_HINT)
    )
    assert [line.text for line in scene.lines] == ["Egyptian Pyramid · Deal 9", "You gave up"]
    assert not any(line.colour == theme.WARN for line in scene.lines)


@pytest.mark.parametrize("by", ["told-before", "practised", "watched-before"])
def test_help_had_in_another_game_is_a_line_of_its_own(by):
    # beside "Hints used 0" it read as a contradiction: none of this game's figures
    from game.scenes.results import figures
    from tests.scenes.test_results import played

    rows = figures(played(hints=0, assisted=True, assisted_by=by))
    noted = [(label, value) for label, value, note in rows if note]
    assert noted == [("Points left", rows[1][1]), ("", "")]
    assert rows[-1][2].startswith("assisted")


@pytest.mark.parametrize("won, label", [(True, "Next level"), (False, "Try again")])
def test_a_run_in_play_leads_on_by_its_level_s_outcome(app, driver, won, label):
    from tests.store.helpers import lost_level_game, won_level_game

    game = won_level_game() if won else lost_level_game(3)
    results = run_results(app, driver, [game], won)
    assert [b.label for b in results.pad.buttons] == ["Export replay", label, "Menu"]


def test_a_run_that_won_no_level_says_at_its_end_why_it_is_in_no_table(app, driver):
    from tests.store.helpers import lost_level_game

    lives = load_ladder().lives
    results = run_results(app, driver, [lost_level_game(deal) for deal in range(lives)])
    status = results.arcade
    said = " ".join(line.text for line in results.lines)
    assert status.over and results.arcade_place is None
    assert said.endswith("No level was won in this run: it stays out of the table.")


def test_a_kiosk_s_results_lead_back_to_its_games_not_a_menu(app, monkeypatch):
    # a kiosk has no menu: its passer-by goes back to its choice of patiences
    from types import SimpleNamespace

    from tests.scenes.test_results import played

    monkeypatch.setattr(app, "kiosk", SimpleNamespace())  # a kiosk's app, as the scene asks
    scene = ResultsScene(app, played("pyramid52", deal=9))
    assert [b.label for b in scene._buttons()][-1] == "Games"
    monkeypatch.setattr(app, "kiosk", None)
    assert [b.label for b in scene._buttons()][-1] == "Menu"


def test_a_next_level_the_arcade_file_refuses_goes_to_the_menu_that_says_why(
    app, driver, monkeypatch
):
    from game.rules import LevelError
    from game.scenes import arcade
    from game.scenes.menu import MenuScene
    from tests.store.helpers import won_level_game

    results = run_results(app, driver, [won_level_game()], won=True)

    def broken():
        raise LevelError("the arcade's file is broken")

    monkeypatch.setattr(arcade, "load_ladder", broken)
    press(driver, results, "next")
    assert isinstance(app.scene, MenuScene)
    assert str(app.notices[0]).startswith("The arcade cannot be played:")
