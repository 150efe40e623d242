"""The arcade's and the initials' promises one at a time: a run open in another window
is not dealt twice, a run's lives, levels and time as said, a place asked for held
against other windows and let go of, and its letters kept however the scene is left."""

import pytest

from game.ladder import load_ladder
from game.rules import Game
from game.scenes.arcade import continue_or_start
from game.scenes.table import TableScene
from game.store import ARCADE, GameFacts, Records

pytestmark = pytest.mark.usefixtures("english")


def test_a_run_open_in_another_window_is_not_dealt_in_this_one(app, driver):
    # two windows playing one run's level would each spend its lives
    ladder = load_ladder()
    run_id = app.records.start_run(ladder)
    level = ladder.levels[0]
    game = Game(level.ruleset, level.options, deal=5)
    game.play(next(iter(game.legal_moves)))
    facts = GameFacts(mode=ARCADE, arcade_run=run_id)
    app.records.save_game(game, facts)
    app.records.release(facts.record_id)  # left by this window, taken by another
    other = Records.open(app.records.path)
    try:
        assert other.hold(facts.record_id)
        before = app.scene
        continue_or_start(app)
        driver.settle(0.6)
        assert app.scene is before and not isinstance(app.scene, TableScene)
        assert str(app.notices[0]) == "The arcade run is open in another window."
        other.release(facts.record_id)
        continue_or_start(app)  # let go of, it is this window's to continue
        driver.settle(0.6)
        assert isinstance(app.scene, TableScene)
        assert app.scene.facts.record_id == facts.record_id
    finally:
        other.close()


def run_ended_in_its_table(app):
    """The ladder's run of games saved, over and placed; its last game's summary."""
    from game.scenes.summary import GameSummary
    from tests.store.helpers import ladder_run_games

    ladder = load_ladder()
    run_id = app.records.start_run(ladder)
    for game in ladder_run_games():
        facts = GameFacts(mode=ARCADE, arcade_run=run_id, seconds=10.0)
        app.records.save_game(game, facts)
    return GameSummary(game, 10.0, facts=facts)


def test_a_run_s_initials_are_remembered_for_the_next_place(app):
    # the next place's wheel starts at the letters last entered, a run's as a game's
    from game.scenes.after_game import after_game
    from game.scenes.initials import InitialsScene

    scene = after_game(app, run_ended_in_its_table(app))
    assert isinstance(scene, InitialsScene)
    scene.enter_place("XYZ")
    assert app.records.initials == "XYZ"
    (entry,) = app.records.scores.top(app.records.arcade_key(load_ladder()))
    assert entry.initials == "XYZ"


def status_after(results, won):
    """A run of the real ladder after these games (LevelResult's), the last one `won`."""
    from game.ladder import progress
    from game.scenes.arcade import ArcadeStatus
    from game.store.arcade import Run

    ladder = load_ladder()
    state = progress(ladder, results)
    return ArcadeStatus(ladder, Run(1, ladder.id, "2026-12-06", state, False, []), won=won)


def test_a_life_lost_says_the_lives_left_and_the_run_so_far():
    from game.ladder import LevelResult

    won, lost = LevelResult(True, 0, 0, 10.0, 5), LevelResult(False, 120, 20, 30.0, 9)
    status = status_after([won, won, lost], won=False)
    assert status.news() == "You lost a life: 2 lives left."
    assert status.so_far() == "Run so far: 2 levels cleared, 120 points left."
    status = status_after([won, lost, lost], won=False)
    assert status.news() == "You lost a life: 1 life left."
    assert status.so_far() == "Run so far: 1 level cleared, 240 points left."


def asked(app, entered):
    """Initials asked as a kiosk asks them: blank letters, kept under "---" if left
    untouched; `entered` gathers the letters the place goes in under."""
    from game.scenes.initials import InitialsScene
    from game.scenes.menu import MenuScene

    def done(initials):
        entered.append(initials)
        return MenuScene(app)

    scene = InitialsScene(app, "A new high score!", "place 1", "", done)
    scene.initials_if_untouched = "---"
    return scene


def test_letters_turned_then_left_are_the_place_s_not_no_one_s(app):
    # a passer-by who turned a letter and walked off chose those letters
    entered = []
    scene = asked(app, entered)
    scene.turn(0, 1)
    scene.exit()
    assert entered == ["BAA"]
    untouched = []
    asked(app, untouched).exit()
    assert untouched == ["---"]


def test_a_day_s_deal_s_place_names_the_day_s_table(app):
    from game.scenes.after_game import after_game
    from game.scenes.initials import InitialsScene
    from game.scenes.summary import GameSummary
    from game.store import DAILY
    from game.store.daily import today_deal
    from tests.store.helpers import random_game

    game = random_game("pyramid52", today_deal(), 6)
    facts = GameFacts(mode=DAILY, seconds=40.0)
    app.records.save_game(game, facts)
    scene = after_game(app, GameSummary(game, 40.0, facts=facts))
    assert isinstance(scene, InitialsScene)
    points = game.score.remaining_points
    assert scene.subtitle == (
        f"{points} points left — place 1 in the deal of the day table. Your initials?"
    )


def test_an_ended_run_s_time_is_its_games_time_added_up():
    from game.ladder import LevelResult

    lost = LevelResult(False, 100, 10, 65.0, 4)
    status = status_after([LevelResult(True, 0, 0, 70.0, 5), lost, lost, lost], won=False)
    rows = {label: value for label, value, _note in status.figures()}
    assert rows["Time"] == "4:25" and rows["Moves"] == "17"


def test_ok_pressed_twice_enters_the_place_once(app):
    entered = []
    scene = asked(app, entered)
    scene.turn(1, 1)
    scene.accept()
    scene.accept()
    scene.back()  # Esc after it, the scene fading out
    assert entered == ["ABA"]


def test_esc_on_the_initials_keeps_the_place_under_the_letters_shown(app, driver):
    # the place is earned: Esc is no way to lose it
    import pygame

    from game.scenes.base import ARRIVING_S

    entered = []
    scene = asked(app, entered)
    app.switch(scene, fade=False)
    driver.settle(ARRIVING_S)
    driver.key(pygame.K_UP)  # A -> B on the first place
    driver.key(pygame.K_ESCAPE)
    assert entered == ["BAA"] and scene.finished


def test_a_run_that_won_a_level_has_no_note_on_staying_out():
    from game.ladder import LevelResult

    lost = LevelResult(False, 100, 10, 65.0, 4)
    status = status_after([LevelResult(True, 0, 0, 70.0, 5), lost, lost, lost], won=False)
    assert status.over and status.table_note() == ""
    none_won = status_after([lost, lost, lost], won=False)
    assert none_won.table_note() == "No level was won in this run: it stays out of the table."


def test_a_run_s_last_game_is_held_while_its_initials_are_asked(app, driver):
    # another window started meanwhile took it for a place missed and entered it under
    # its own letters; once the place is entered, the game is let go of
    from game.scenes.after_game import after_game
    from game.scenes.results import ResultsScene

    summary = run_ended_in_its_table(app)
    record_id = summary.facts.record_id
    scene = after_game(app, summary)
    assert scene.game_id == record_id
    app.switch(scene, fade=False)
    other = Records.open(app.records.path)
    try:
        assert not other.hold(record_id)
        scene.accept()
        driver.settle(0.6)
        assert isinstance(app.scene, ResultsScene)
        assert other.hold(record_id)
    finally:
        other.close()


@pytest.mark.parametrize("celebrate", [True, False])
def test_only_a_celebrated_title_is_drawn_in_gold(app, driver, celebrate):
    # a lost game's place: "Your wish will not come true" in gold celebrated the loss
    import pygame

    from game.scenes.initials import InitialsScene
    from game.scenes.menu import MenuScene
    from game.ui import theme

    scene = InitialsScene(
        app, "You gave up", "place 3", "ABC", lambda _i: MenuScene(app), celebrate=celebrate
    )
    app.switch(scene, fade=False)
    surface = pygame.Surface(app.size)
    scene.draw(surface, 1.0)
    title = surface.subsurface(scene.title_drawn)
    gold = sum(
        title.get_at((x, y))[:3] == theme.GOLD
        for x in range(title.get_width())
        for y in range(title.get_height())
    )
    assert (gold > 0) == celebrate


def test_a_level_won_leads_its_results_to_the_next_level(app):
    # a win told as "You lost a life" under "Try again" sent the player back to it
    from game.scenes.after_game import after_game
    from game.scenes.results import ResultsScene
    from game.scenes.summary import GameSummary
    from tests.store.helpers import won_level_game

    ladder = load_ladder()
    run_id = app.records.start_run(ladder)
    game, facts = won_level_game(), GameFacts(mode=ARCADE, arcade_run=run_id, seconds=9.0)
    app.records.save_game(game, facts)
    results = after_game(app, GameSummary(game, 9.0, facts=facts))
    assert isinstance(results, ResultsScene) and results.arcade.won
    assert results.arcade.news() == f"Level 1 of {len(ladder.levels)} cleared."


def test_a_narrow_bar_counts_the_level_from_one_as_the_wide_one_does():
    from game.scenes.arcade import run_place, short_run_place

    status = status_after([], won=False)  # a run just started
    total = len(status.ladder.levels)
    assert run_place(status.ladder, status.run) == f"Level 1 of {total} · 3 lives"
    assert short_run_place(status.ladder, status.run) == f"L1/{total} · ♥3"


def test_the_arcade_rules_part_the_level_names_by_semicolons():
    # a name may hold a comma ("Egyptian Pyramid, old rules"): 9 levels read as 10
    from game.scenes.arcade import arcade_rules, level_name

    ladder = load_ladder()
    names = [level_name(ladder, i) for i in range(len(ladder.levels))]
    assert f"the easiest first: {'; '.join(names)}. It starts with" in arcade_rules(ladder)


def test_a_run_s_place_is_asked_for_with_its_levels_and_points(app):
    from game.scenes.after_game import after_game

    summary = run_ended_in_its_table(app)
    state = app.records.run(load_ladder(), summary.facts.arcade_run).state
    assert state.points != state.cards
    assert after_game(app, summary).subtitle == (
        f"1 level cleared, {state.points} points left: place 1 in the arcade table. Your initials?"
    )


def test_a_win_s_place_is_asked_for_with_its_time(app):
    from game.scenes.after_game import after_game
    from game.scenes.summary import GameSummary
    from tests.store.helpers import won_game

    game, facts = won_game(), GameFacts(seconds=74.0)
    app.records.save_game(game, facts)
    scene = after_game(app, GameSummary(game, 74.0, facts=facts))
    assert scene.subtitle == "In 1:14 — place 1 in the table. Your initials?"


def test_a_lost_game_s_place_is_held_while_its_initials_are_asked(app):
    from game.scenes.after_game import after_game
    from game.scenes.summary import GameSummary
    from tests.store.helpers import random_game

    game, facts = random_game("pyramid52", 3, 6), GameFacts(seconds=30.0)
    app.records.save_game(game, facts)
    scene = after_game(app, GameSummary(game, 30.0, facts=facts))
    assert not game.won and not scene.celebrate
    assert scene.game_id == facts.record_id
