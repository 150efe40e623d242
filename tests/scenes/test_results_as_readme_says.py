"""The results, the arcade's end and a watched run as README tells them: the score to
beat, who is greeted as a new best, a run's figures added up, the days in a row."""

from datetime import date, timedelta

import pytest

from game.rules import Game
from game.scenes.summary import GameSummary
from game.scenes.watch import WatchScene
from game.store import DAILY, GameFacts
from game.store.daily import daily_deal, today_deal
from tests.store.helpers import random_game, won_game

pytestmark = pytest.mark.usefixtures("english")


def show(app, driver, scene):
    app.switch(scene, fade=False)
    driver.frames(1)
    return scene


def test_a_day_s_first_day_played_shows_no_days_in_a_row(app):
    # README: the days in a row whose day's deal was played are counted "from the
    # second"; the results of a day's game count them alike: a first day, with none
    # before it, is no row yet, and they say nothing of one
    from game.scenes.results_records import record_figures

    facts = GameFacts(mode=DAILY, seconds=40)
    game = random_game("pyramid52", today_deal(), 6)
    app.records.save_game(game, facts)
    summary = GameSummary(game, 40, facts=facts)
    assert "Days in a row" not in [label for label, _value, _note in record_figures(app, summary)]
    # with yesterday's deal played too, the row is there: two days
    yesterday = daily_deal(date.today() - timedelta(days=1))
    app.records.save_game(random_game("pyramid52", yesterday, 6), GameFacts(mode=DAILY))
    rows = {label: value for label, value, _note in record_figures(app, summary)}
    assert rows["Days in a row"] == "2"


def a_second_won_deal() -> Game:
    """Pyramid 52 deal 26 won along the solver's line: a win of another deal than 8's,
    for a table that holds two."""
    from game.solver import solve

    game = Game("pyramid52", deal=26)
    for move in solve(game).moves:
        game.play(move)
    assert game.won
    return game


def test_the_best_under_the_results_is_the_table_s_first_entry(app):
    # the results show the table's best beside the game, the score to beat: its first
    # entry, as README ranks a table (the fewest points left, then the fewest cards,
    # then the time), not its last
    from game.scenes.results_records import record_figures

    for game, seconds, initials in ((won_game(), 50, "AAA"), (a_second_won_deal(), 90, "BBB")):
        facts = GameFacts(seconds=seconds)
        app.records.save_game(game, facts)
        app.records.add_game_score(game, facts, initials)
    lost, facts = random_game("pyramid52", 3, 6), GameFacts(seconds=30)
    app.records.save_game(lost, facts)
    summary = GameSummary(lost, 30, facts=facts)
    rows = {label: (value, note) for label, value, note in record_figures(app, summary)}
    assert rows["Best"] == ("0", "AAA · 0:50")


def test_a_win_below_the_first_place_is_not_greeted_as_a_new_high_score(app):
    # README: lower is better, and a table ranks the fewest points, then the time: a
    # win slower than the table's first is in the table, not its new best
    from game.scenes.after_game import after_game
    from game.scenes.initials import InitialsScene

    first = GameFacts(seconds=50)
    app.records.save_game(won_game(), first)
    app.records.add_game_score(won_game(), first, "AAA")
    slower, facts = a_second_won_deal(), GameFacts(seconds=90)
    app.records.save_game(slower, facts)
    scene = after_game(app, GameSummary(slower, 90, facts=facts))
    assert isinstance(scene, InitialsScene)
    assert "place 2 in the table" in scene.subtitle
    assert scene.title == "You are in the high-score table!"


@pytest.mark.parametrize("later", [99.0, 10.0], ids=["slower", "equal"])
def test_a_worse_or_equal_run_is_not_greeted_as_a_new_high_score(app, later):
    # README (Arcade): runs rank by levels cleared, then points, cards and time; a run
    # that ranks second enters the table, and is no new best. Nor is a run that only
    # equals the first: lower is better, and the entry already there came first
    from game.ladder import load_ladder
    from game.scenes.after_game import after_game
    from game.scenes.initials import InitialsScene
    from game.store import ARCADE
    from tests.store.helpers import ladder_run_games

    ladder = load_ladder()
    games = ladder_run_games()
    for seconds in (10.0, later):  # the second run: the same games, slower or as fast
        run_id = app.records.start_run(ladder)
        for game in games:
            facts = GameFacts(mode=ARCADE, arcade_run=run_id, seconds=seconds)
            app.records.save_game(game, facts)
        if app.records.scores.tables() == []:  # the first run's place entered
            app.records.add_run_score(ladder, app.records.run(ladder, run_id), "ONE")
    scene = after_game(app, GameSummary(games[-1], later, facts=facts))
    assert isinstance(scene, InitialsScene)
    assert "place 2 in the arcade table" in scene.subtitle
    assert scene.title == "You are in the high-score table!"


def test_a_watched_run_s_end_adds_up_every_game_s_points(app, driver):
    # README (Arcade): a run ranks by "fewest points left in all its games"; its replay's
    # end says that sum, not the last game's points alone (a first game lost counts too)
    first = random_game("pyramid36", 3, 4, seed=1)
    last = random_game("pyramid52", 5, 6, seed=2)
    replays = [first.to_replay(result=True), last.to_replay(result=True)]
    watch = show(app, driver, WatchScene(app, replays, index=1))
    while watch.step_count < len(watch.script):
        watch.step()
    total = first.score.remaining_points + last.score.remaining_points
    assert watch.banner.text.endswith(
        f"The run: 0 levels cleared, {total} points left in all its games."
    )


def test_an_ended_run_s_undos_are_its_games_undos_added_up(app):
    # README (results): the figures give the hints and undos; a run's end gives its
    # games' together, each under its own name
    from dataclasses import replace

    from game.ladder import LevelResult, load_ladder, progress
    from game.scenes.arcade import ArcadeStatus
    from game.store import ARCADE
    from game.store.arcade import Run
    from game.store.games import GameRow

    ladder = load_ladder()
    lost = GameRow(
        1, "nechego", dict(ladder.levels[0].options), 5, ARCADE, 1, "2026-12-06", "2026-12-06",
        60.0, 20, 2, 0, False, False, False, "resigned", 30, 200, {"meta": {}},
    )  # fmt: skip
    games = [lost, replace(lost, undos=1), lost]
    state = progress(ladder, [LevelResult(False, 200, 30, 60.0, 20) for _ in games])
    status = ArcadeStatus(ladder, Run(1, ladder.id, "2026-12-06", state, False, games), won=False)
    rows = {label: value for label, value, _note in status.figures()}
    assert (rows["Undos"], rows["Hints used"]) == ("5", "0")
    assert (rows["Points left"], rows["Cards left"]) == ("600", "90")


def test_the_results_of_a_level_won_name_the_level_won(app):
    # README (Arcade): "A level won climbs to the next"; the results of that game name
    # the level it was, not the one it climbed to
    from game.ladder import LevelResult, load_ladder, progress
    from game.scenes.arcade import ArcadeStatus, level_name
    from game.store.arcade import Run

    ladder = load_ladder()
    state = progress(ladder, [LevelResult(True, 0, 0, 10.0, 5)])
    status = ArcadeStatus(ladder, Run(1, ladder.id, "2026-12-06", state, False, []), won=True)
    assert status.played_level() == level_name(ladder, 0) != level_name(ladder, 1)
    assert status.news() == f"Level 1 of {len(ladder.levels)} cleared."
