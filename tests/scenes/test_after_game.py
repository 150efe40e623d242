"""Where a finished game leads (game.scenes.after_game): the place entered under the
initials asked, and the words over them, a win's, a wish's and a run's."""

from game.scenes.after_game import after_game
from game.scenes.initials import InitialsScene
from game.scenes.results import ResultsScene, verdict
from game.scenes.summary import GameSummary
from game.store import GameFacts
from tests.store.helpers import random_game, won_fortune, won_game


def test_the_initials_given_enter_the_game_s_place_in_the_table(app):
    game, facts = random_game("pyramid52", 3, 6), GameFacts(seconds=30.0)
    app.records.save_game(game, facts)
    scene = after_game(app, GameSummary(game, 30.0, facts=facts))
    assert isinstance(scene, InitialsScene)
    assert isinstance(scene.enter_place("QRS"), ResultsScene)
    assert app.records.initials == "QRS"
    (entry,) = app.records.scores.top(app.records.table_for(game, facts))
    assert entry.initials == "QRS"


def test_a_first_win_in_an_empty_table_is_a_new_high_score(app):
    game, facts = won_game(), GameFacts(seconds=74.0)
    app.records.save_game(game, facts)
    scene = after_game(app, GameSummary(game, 74.0, facts=facts))
    assert scene.title == "A new high score!" and scene.celebrate
    assert scene.outcome == "The patience came out!"


def test_a_wish_come_true_is_the_title_and_the_high_score_beside_it(app):
    game, facts = won_fortune(), GameFacts(seconds=60.0)
    app.records.save_game(game, facts)
    summary = GameSummary(game, 60.0, fortune=True, facts=facts)
    assert summary.wish_counts
    scene = after_game(app, summary)
    assert scene.title == verdict(summary) and scene.title != ""
    assert scene.outcome == "A new high score!"


def test_a_fortune_whose_cards_were_seen_before_is_a_win_like_any(app):
    game, facts = won_fortune(), GameFacts(seconds=60.0)
    app.records.save_game(game, facts)
    summary = GameSummary(game, 60.0, fortune=True, fortune_replayed=True, facts=facts)
    assert not summary.wish_counts
    scene = after_game(app, summary)
    assert scene.title == "A new high score!"
    assert scene.outcome == "The patience came out!"


def test_a_run_s_end_is_said_over_its_initials(app):
    from tests.scenes.test_arcade_exact import run_ended_in_its_table

    scene = after_game(app, run_ended_in_its_table(app))
    assert isinstance(scene, InitialsScene)
    assert scene.outcome != "" and scene.outcome != scene.title
