"""A table's verdicts stay with its deal through the menu: Continue says at once what
the solver had found, where the search began again ("Checking…" for half a minute
over an Egyptian deal the bar had called winnable)."""

import pytest

from game.rules import Game
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from game.scenes.table_analysis import Answer
from tests.scenes.test_table import open_table
from tests.scenes.test_table_analysis import ScriptedWorker

pytestmark = pytest.mark.usefixtures("english")


class Worker(ScriptedWorker):
    def close(self) -> None:
        pass


def left_with_a_verdict(app, driver, game: Game, answer: Answer) -> TableScene:
    """`game` on the table, told `answer` of its position, then left for the menu."""
    app.solver.close()
    app.solver = Worker()  # the answers are the test's, and none come unasked
    scene = open_table(app, driver, game)
    scene.analysis.results[scene.analysis.position()] = answer
    driver.frames(1)
    assert scene.analysis.verdict() == _verdict(answer)
    driver.click(scene.buttons["menu"].rect.center)
    driver.settle(1.0)
    assert isinstance(app.scene, MenuScene)
    return scene


def _verdict(answer: Answer) -> str:
    return "Can be won" if answer.won else "No win possible"


@pytest.mark.parametrize("outcome", ["won", "lost"])
def test_continue_says_the_verdict_found_before_leaving(app, driver, outcome):
    game = Game("egyptian", deal=5)
    game.play("st>w")
    answer = Answer(outcome, best_remaining_points=None if outcome == "won" else 120)
    left_with_a_verdict(app, driver, game, answer)
    menu = app.scene
    assert menu.records.unfinished is not None  # Continue offers the game left
    menu.records.resume()
    driver.settle(1.0)
    table = app.scene
    assert isinstance(table, TableScene) and table.game.moves_made == 1
    assert table.analysis.verdict() == _verdict(answer)
    assert not table.analysis.waiting  # and nothing asked of the solver again
    assert table._current_figures().verdict == _verdict(answer)  # as the top bar says it


def test_another_deal_takes_none_of_them(app, driver):
    game = Game("egyptian", deal=5)
    game.play("st>w")
    left_with_a_verdict(app, driver, game, Answer("won"))
    other = Game("egyptian", deal=6)
    other.play("st>w")
    table = open_table(app, driver, other)
    assert table.analysis.known() is None
    assert table.analysis.verdict() == "Checking…"


def test_other_options_take_none_of_them(app, driver):
    # the same cards dealt with three cards a turn: another game's positions
    game = Game("egyptian", deal=5)
    game.play("st>w")
    left_with_a_verdict(app, driver, game, Answer("won"))
    other = Game("egyptian", {"draw": 3}, deal=5)
    table = open_table(app, driver, other)
    assert table.analysis.known() is None
