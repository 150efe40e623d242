"""The search for a winnable deal, as a mutation round found it untested: each search
starts from a seed of its own, the deal found is dealt with the options the player
chose and opened once, Esc calls the search off, and only a press begun on Cancel
cancels."""

from __future__ import annotations

import pygame

from game.rules import Game
from game.scenes.deal_finder import DealFinderScene, start_random_deal
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from tests.scenes.driver import texts_drawn
from tests.scenes.test_table import SilentSolver

THREE_PASSES = {"passes": 3}  # not the default one


class AnsweringSolver(SilentSolver):
    """A worker that answers the first search with `deal`, then is gone (killed)."""

    def __init__(self, deal: int):
        super().__init__(running=True)
        self.deal = deal

    def poll(self):
        if self.asked and self.running:
            self.running = False
            return [{"id": 1, "deal": self.deal}]
        return []


def search(app, driver, solver) -> None:
    app.solver.close()
    app.solver = solver
    app.settings.winnable_only = True
    start_random_deal(app, Game("pyramid36", deal=0).ruleset, THREE_PASSES)


def test_the_deal_found_is_dealt_with_the_options_chosen_and_opened_once(app, driver):
    # the table opened on the deal found, with the three passes the player chose; the worker
    # gone after its answer, no second "no winnable deal" table replaced it
    search(app, driver, AnsweringSolver(deal=7))
    driver.settle(2.0)
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.game.deal_number == 7
    chosen = Game("pyramid36", THREE_PASSES, deal=7).options
    assert chosen != Game("pyramid36", deal=7).options
    assert scene.game.options == chosen
    assert "No winnable deal" not in scene.status


def test_each_search_starts_from_a_seed_of_its_own(app, driver):
    # from one seed, every search would find the same winnable deal
    search(app, driver, SilentSolver(running=True))
    driver.settle(0.5)
    first = app.solver.asked[0]["seed"]
    app.scene._cancel()
    driver.settle(1.0)
    search(app, driver, SilentSolver(running=True))
    driver.settle(0.5)
    assert isinstance(app.scene, DealFinderScene)
    assert app.solver.asked[0]["seed"] != first


def test_escape_calls_the_search_off_and_goes_back_to_the_menu(app, driver):
    search(app, driver, SilentSolver(running=True))
    driver.settle(1.0)
    assert isinstance(app.scene, DealFinderScene)
    driver.key(pygame.K_ESCAPE)
    driver.settle(1.0)
    assert isinstance(app.scene, MenuScene)
    # the worker stops looking: a hint asked for next would wait behind the search
    assert {"tries": 0}.items() <= app.solver.asked[-1].items()


def test_a_lift_on_cancel_of_a_press_begun_elsewhere_does_not_cancel(app, driver):
    # the press that started the search lifted where Cancel now is
    search(app, driver, SilentSolver(running=True))
    driver.settle(1.0)
    finder = app.scene
    assert isinstance(finder, DealFinderScene)
    driver.mouse(pygame.MOUSEBUTTONUP, finder.cancel_button.rect.center)
    driver.settle(1.0)
    assert app.scene is finder and len(app.solver.asked) == 1


def test_without_winnable_deals_only_a_random_deal_is_dealt_at_once(app, driver):
    app.settings.winnable_only = False
    game = start_random_deal(app, Game("pyramid36", deal=0).ruleset, THREE_PASSES)
    driver.settle(1.0)
    assert game is not None and app.scene.game is game and isinstance(app.scene, TableScene)


def test_the_dots_after_its_words_count_up_to_three_and_start_again(app, driver, monkeypatch):
    from game.scenes import deal_finder

    search(app, driver, SilentSolver(running=True))
    driver.settle(1.0)
    finder = app.scene
    drawn = texts_drawn(monkeypatch, deal_finder)
    surface = pygame.Surface(app.size)
    dots = []
    for _ in range(25):  # 2.5 s: a round of the dots and more
        finder.update(0.1)
        drawn.clear()
        finder.draw(surface, 1.0)
        dots.append(next((t for t in drawn if t and set(t) == {"."}), ""))
    assert set(dots) == {"", ".", "..", "..."}


def test_cancel_stands_below_the_whole_note_on_a_narrow_screen(app, driver, monkeypatch):
    # the Russian note wraps to three lines on a phone-narrow screen: Cancel must not
    # cover them
    from game import i18n
    from game.scenes import deal_finder

    i18n.set_language("ru")

    finder = DealFinderScene(app, Game("pyramid36", deal=0).ruleset, THREE_PASSES)
    drawn: list[pygame.Rect] = []
    real = deal_finder.draw_text

    def recording(surface, text, *args, **kwargs):
        drawn.append(real(surface, text, *args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(deal_finder, "draw_text", recording)
    finder.draw(pygame.Surface((360, 640)), 1.0)
    assert finder.cancel_button.rect.top >= max(rect.bottom for rect in drawn)
