"""What taking moves back costs, case by case, as a mutation round found some untested:
an arcade run's seen stock card, a result given up at the end by Undo, a best made
worse by the moves Restart takes back, and the news once it was done."""

import pytest

from game.scenes.take_back_words import (
    restart_question,
    started_over_said,
    taken_back_said,
    taking_back_question,
)
from game.store.saved import BY_SEEN_STOCK, BY_TAKING_BACK

RUN_COST = "arcade run is marked assisted (no place in its table), or play on."
GAME_COST = "the game is marked assisted (no high score), or play on."
LOST_WIN = "The solver has said that no win is possible after this move"
LOST_WIN_HERE = "The solver has said that no win is possible from here"
MADE_WORSE = "The solver has said that this move made the best possible result worse"
ONE_MADE_WORSE = "The solver has said that one of your moves made the best possible result worse"


@pytest.mark.parametrize(
    ("cost", "restart", "over", "run", "worse", "said"),
    [
        # an arcade run's seen stock card costs the run its table, not a high score
        (
            BY_SEEN_STOCK,
            False,
            False,
            True,
            False,
            f"This puts a card you have seen back on the stock: take it back and this {RUN_COST}",
        ),
        (
            BY_SEEN_STOCK,
            True,
            False,
            True,
            False,
            f"A card of the stock has been seen: start the deal over and this {RUN_COST}",
        ),
        (
            BY_SEEN_STOCK,
            False,
            False,
            False,
            False,
            f"This puts a card you have seen back on the stock: take it back and {GAME_COST}",
        ),
        (
            BY_SEEN_STOCK,
            True,
            False,
            False,
            False,
            f"A card of the stock has been seen: start the deal over and {GAME_COST}",
        ),
        # at the end, Undo gives up the result too
        (
            BY_TAKING_BACK,
            False,
            True,
            False,
            False,
            f"{LOST_WIN}: take it back, this result dropped, and the game is marked assisted"
            " (no high score), or keep this result.",
        ),
        (
            BY_TAKING_BACK,
            True,
            True,
            False,
            False,
            f"{LOST_WIN_HERE}: start the deal over, this result dropped, and the game is"
            " marked assisted (no high score), or keep this result.",
        ),
        # a best made worse: by this move (Undo), by one of the moves (Restart)
        (BY_TAKING_BACK, False, False, False, True, f"{MADE_WORSE}: take it back and {GAME_COST}"),
        (
            BY_TAKING_BACK,
            True,
            False,
            False,
            True,
            f"{ONE_MADE_WORSE}: start the deal over and {GAME_COST}",
        ),
        (
            BY_TAKING_BACK,
            True,
            False,
            False,
            False,
            f"{LOST_WIN_HERE}: start the deal over and {GAME_COST}",
        ),
    ],
    ids=[
        "run-seen-undo",
        "run-seen-restart",
        "seen-undo",
        "seen-restart",
        "over-undo",
        "over-restart",
        "worse-undo",
        "worse-restart",
        "lost-restart",
    ],
)
def test_taking_back_says_what_it_costs(cost, restart, over, run, worse, said):
    assert taking_back_question(cost, restart, over, run=run, worse=worse) == said


def test_restart_of_a_fortune_by_its_button_names_the_button_and_the_tables():
    assert restart_question(table=True, by_key=False) == (
        "Press “Restart” again: the deal played again gives your wish no verdict, and"
        " with a card of its stock seen, this game will not enter the high-score tables."
    )


@pytest.mark.parametrize(
    ("said", "by", "worse", "words"),
    [
        (
            taken_back_said,
            BY_SEEN_STOCK,
            False,
            "A card of the stock you had seen is hidden again: this game is assisted.",
        ),
        (
            taken_back_said,
            BY_TAKING_BACK,
            True,
            "Move taken back after the solver said it made the best result worse: this game"
            " is assisted.",
        ),
        (
            taken_back_said,
            BY_TAKING_BACK,
            False,
            "Move taken back after the solver said no win was possible: this game is assisted.",
        ),
        (
            started_over_said,
            BY_SEEN_STOCK,
            False,
            "Started over with a card of the stock seen: this game is assisted.",
        ),
        (
            started_over_said,
            BY_TAKING_BACK,
            True,
            "Started over after the solver said a move made the best result worse: this game"
            " is assisted.",
        ),
        (
            started_over_said,
            BY_TAKING_BACK,
            False,
            "Started over after the solver said no win was possible: this game is assisted.",
        ),
    ],
    ids=["undo-seen", "undo-worse", "undo-lost", "restart-seen", "restart-worse", "restart-lost"],
)
def test_the_news_once_taken_back_names_why(said, by, worse, words):
    assert said(by, worse=worse) == words


@pytest.mark.parametrize(
    ("restart", "over"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_an_arcade_game_s_take_back_past_the_verdict_costs_its_run_and_says_so(restart, over):
    # a level's help keeps its whole run out of the arcade's table: the question said
    # "the game is marked assisted (no high score)", as of a free game
    from game import i18n

    said = taking_back_question(BY_TAKING_BACK, restart, over, run=True)
    assert "this arcade run is marked assisted (no place in its table)" in said
    assert "no high score" not in said
    assert said.startswith("The solver has said that")
    i18n.set_language("ru")
    said = taking_back_question(BY_TAKING_BACK, restart, over, run=True)
    assert "прохождение аркады пойдёт вне зачёта (без места в её таблице)" in said
