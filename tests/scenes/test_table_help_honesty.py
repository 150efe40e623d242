"""What the table's help says and costs, as README promises it (hints, the verdict
"Can it still be won?", assisted games, the fortune's wish, Undo after a verdict, "no
moves left" only when true): the cases mutation testing found no test held."""

import pygame

from game.rules import Game
from tests.scenes.test_table import lost_at_40_told, open_table
from tests.scenes.test_table_analysis import scripted_table


def _nothing_better_hidden(app, driver):
    """Egyptian deal 0 after a stock turn, answered as a game no move can improve, with
    Settings hiding the verdict."""
    app.settings.show_verdict = False
    game = Game("egyptian", deal=0)
    game.play("st>w")
    best = {"outcome": "lost", "line": [], "best_remaining_points": game.score.remaining_points}
    scene, _worker = scripted_table(app, driver, game, best)
    return scene


def test_a_hidden_verdict_s_nothing_better_is_a_hint_asked_first_and_marked(app, driver):
    # README: hidden, "the solver says nothing of the deal ... until a hint or the demo
    # is had"; "no move lowers the points" says the deal is lost: it is a hint, asked
    # about first as any hint is, and the game is then assisted and told the verdict
    scene = _nothing_better_hidden(app, driver)
    assert scene.banner is None  # hidden: the end is not offered either
    driver.key(pygame.K_h)
    assert "no move lowers" not in scene.status.lower()
    assert not scene.assisted and not scene.facts.verdict_shown
    driver.pause()
    driver.key(pygame.K_h)
    assert "no move lowers" in scene.status.lower()
    assert scene.assisted and scene.facts.assisted_by == "hint"
    assert scene.facts.verdict_shown


def test_a_fortune_out_of_the_tables_still_asks_before_a_hint_voids_its_wish(app, driver):
    # README: Hint asks first "while ... a fortune's verdict still counts": a fortune
    # dealt from a deck (no deal number, no table) has a wish to lose all the same
    deck = Game("sbudetsya", deal=1).deck
    scene = open_table(app, driver, Game("sbudetsya", deck=deck))
    assert scene.wish_pending
    driver.click(scene.banner.buttons[0].rect.center)  # the wish made
    driver.settle(2.0)
    assert scene.facts.wish_counts and not scene._table_at_stake()
    driver.key(pygame.K_h)
    assert scene.hints_used == 0 and scene.facts.wish_counts
    assert "your wish then gets no verdict." in scene.status
    assert "high-score" not in scene.status


def _lost_table(app, driver, best_exact: bool = True):
    """Pyramid 52 deal 1 answered lost at its deal (best 95, along a line of one move)."""
    game = Game("pyramid52", deal=1)
    line = str(next(iter(game.legal_moves)))
    reply = {"outcome": "lost", "line": [line], "best_remaining_points": 95}
    scene, worker = scripted_table(app, driver, game, reply | {"best_exact": best_exact})
    scene._close_banner()
    return scene, worker, game, line


def _answer(driver, scene, worker, reply) -> None:
    worker.replies.append({"id": worker.asked[-1], **reply})
    driver.frames(2)


def test_a_proven_loss_is_said_once_and_again_only_when_a_move_made_it_worse(app, driver):
    # README/PLAYERS: a move "said to make the best score worse" is one that did; a loss
    # the same as said before is not news (said after every move, it nagged)
    scene, worker, game, line = _lost_table(app, driver)
    scene._play(next(m for m in game.legal_moves if str(m) != line))
    driver.settle(0.5)
    scene.status = ""
    nxt = str(next(iter(game.legal_moves)))
    _answer(driver, scene, worker, {"outcome": "lost", "line": [nxt], "best_remaining_points": 95})
    assert "no way to win" not in scene.status.lower()
    assert "worse" not in scene.status
    scene._play(next(m for m in game.legal_moves if str(m) != nxt))
    driver.settle(0.5)
    worse = {"outcome": "lost", "line": [str(next(iter(game.legal_moves)))]}
    _answer(driver, scene, worker, worse | {"best_remaining_points": 100})
    assert "made the best result worse: 100 points left at best, 95 points before" in scene.status


def test_an_unproven_best_offers_no_end_and_no_nothing_better(app, driver):
    # PLAYERS: said only when proved; a best whose search ran out of time, with no line
    # left, proves nothing: "No move can lower the points" would be a guess
    game = Game("egyptian", deal=0)
    game.play("st>w")
    best = {"outcome": "lost", "line": [], "best_remaining_points": game.score.remaining_points}
    scene, _worker = scripted_table(app, driver, game, best | {"best_exact": False})
    assert scene.banner is None or not scene.banner.text.startswith("No move can lower")
    assert not scene.end_offered


def test_a_hint_on_a_lost_deal_says_at_the_deal_and_after_a_move_what_is_proven(app, driver):
    # README: the top bar's verdict and the hint's words agree: "cannot be won" of the deal
    # itself, "no win now" after a move; "best possible" only when proven, else "found"
    scene, worker, game, line = _lost_table(app, driver, best_exact=False)
    driver.key_twice(pygame.K_h)
    assert "This deal cannot be won; best found: 95 points left." in scene.status
    scene._play(next(m for m in game.legal_moves if str(m) != line))
    driver.settle(0.5)
    nxt = str(next(iter(game.legal_moves)))
    reply = {"outcome": "lost", "line": [nxt], "best_remaining_points": 96, "best_exact": False}
    _answer(driver, scene, worker, reply)
    driver.key(pygame.K_h)  # assisted now: no question
    assert "No win is possible now; best found: 96 points left." in scene.status


def test_with_the_verdict_hidden_the_best_reached_along_a_line_offers_no_end(app, driver):
    # README: hidden, "the solver says nothing of the deal": "No move can lower the
    # points left now" would say it is lost
    app.settings.show_verdict = False
    game = Game("egyptian", deal=0)
    best = game.score.remaining_points  # a stock turn keeps the points
    reply = {"outcome": "lost", "line": ["st>w"], "best_remaining_points": best}
    scene, _worker = scripted_table(app, driver, game, reply)
    from tests.scenes.test_table import click_move

    click_move(driver, scene, "st>w")
    driver.settle(0.5)
    assert scene.banner is None and not scene.end_offered


def test_restart_of_a_day_s_deal_asks_when_any_move_taken_back_saw_the_stock(app, driver):
    # README: in a day's game, "a Restart once one was taken" (a card off the stock)
    # marks it assisted, and asks first: not only when every move was a stock card's
    from tests.scenes.test_table import open_daily

    game = Game("pyramid52", deal=1)
    scene = open_daily(app, driver, game)
    game.play("st>w")
    game.play("p7.7")  # a king of the pyramid home: no stock card
    scene._after_change()
    driver.key(pygame.K_F5)
    assert len(game.moves) == 2 and scene.banner is not None
    assert scene.banner.text.startswith("A card of the stock has been seen")
    # the game goes on: "Play on" ("Keep the result" is a finished game's)
    assert [b.label for b in scene.banner.buttons] == ["Start over", "Play on"]
    driver.frames(6)  # README: "a quick double press counts as one"
    driver.key(pygame.K_F5)
    assert len(game.moves) == 2 and not scene.assisted


def test_an_undo_after_the_move_said_to_make_the_best_worse_is_free(app, driver):
    # README: taking back costs "past a move the game said made the best score worse";
    # a later move taken back, back to where that was said, is any other Undo: free
    from game.scenes.table_analysis import Answer

    scene, game = lost_at_40_told(app, driver)
    scene._analysis_arrived()
    game.play("st>w")
    scene.analysis.results[scene.analysis.position()] = Answer("lost", (), best_remaining_points=60)
    scene._after_change()
    scene._analysis_arrived()  # "That move made the best result worse"
    assert scene.worse_said_at == 1
    game.play("st>w")
    scene.analysis.results[scene.analysis.position()] = Answer("lost", (), best_remaining_points=60)
    scene._after_change()
    scene._analysis_arrived()
    driver.key(pygame.K_u)
    assert len(game.moves) == 1 and scene.banner is None and not scene.assisted


def test_a_hidden_verdict_is_neither_said_nor_kept_with_the_game(app, driver):
    # README: hidden, "the solver says nothing of the deal"; and a verdict never seen
    # is no help to the deal's next game, so the game keeps no turn of it
    app.settings.show_verdict = False
    game = Game("pyramid52", deal=1)
    line = str(next(iter(game.legal_moves)))
    reply = {"outcome": "lost", "line": [line], "best_remaining_points": 95}
    scene, _worker = scripted_table(app, driver, game, reply)
    driver.frames(3)
    assert "cannot be won" not in scene.status and "No win" not in scene.status
    assert "No win possible" not in scene.hud.stats_shown
    assert scene.facts.lost_position is None and not scene.facts.verdict_shown


def test_a_wish_that_counts_keeps_the_verdict_unseen_though_settings_show_it(app, driver):
    # README: the cards alone answer a wish; the top bar's verdict, shown in Settings, is
    # not shown while the wish counts, and so not kept as seen
    scene = open_table(app, driver, Game("sbudetsya", deal=1))
    driver.click(scene.banner.buttons[0].rect.center)  # the wish made
    driver.settle(2.0)
    assert app.settings.show_verdict and scene.facts.wish_counts
    scene._play(next(iter(scene.game.legal_moves)))
    driver.settle(0.5)
    assert not scene.facts.verdict_shown


def test_a_game_given_up_while_the_stuck_search_is_undecided_is_not_stuck(app, driver):
    # README/PLAYERS: "no moves left" only when true: a search that ran out proves nothing
    import itertools

    scene = open_table(app, driver, Game("egyptian", deal=0))
    scene.stuck, scene.stuck_search = None, itertools.repeat(None)
    assert scene._stuck_at_the_end() is False


def test_the_deal_s_words_name_the_case_they_are_said_of():
    from game.scenes.deal_words import deal_words
    from game.store.saved import BY_HELP_BEFORE, BY_TOLD_BEFORE

    told = deal_words(BY_TOLD_BEFORE, False, False, False, False)
    assert told.endswith("best result: this game is assisted.")
    told_fortune = deal_words(BY_TOLD_BEFORE, False, False, False, True)
    assert "it tells no fortune this time" in told_fortune
    elsewhere = deal_words(BY_HELP_BEFORE, False, False, False, False, elsewhere="Египетская")
    assert elsewhere.endswith("alike: this game is assisted.")
    assert "tells no fortune" in deal_words(
        BY_HELP_BEFORE, False, False, False, True, elsewhere="Египетская"
    )
    run = deal_words(None, True, False, True, False, played_in="Египетская")
    assert run.startswith("You have played this level's deal in another game")
    assert deal_words(None, True, False, True, False).endswith("out of the arcade table.")
    assert deal_words(None, True, False, False, True).endswith("stays out of its table.")


def test_the_loss_s_words_say_proven_only_of_a_proven_best():
    from game.scenes.loss_words import lost_words
    from game.scenes.table_analysis import Answer

    proven = Answer("lost", (), best_remaining_points=95)
    found = Answer("lost", (), best_remaining_points=95, best_exact=False)
    assert lost_words(proven, True) == (
        "This deal cannot be won: play for the fewest points left (95 points at best)."
    )
    assert "is the best found" in lost_words(found, True)
    assert lost_words(proven, False).endswith("Best possible: 95 points left.")
    assert lost_words(found, False).endswith("Best found: 95 points left.")
    assert "made the best result worse" in lost_words(proven, False, 90)
    assert "worse" not in lost_words(found, False, 90)


def test_a_best_only_found_at_the_deal_is_not_kept_as_the_deal_s_best(app, driver):
    # README: the results set "the best the solver proved from the deal"; a best its
    # search ran out of time on is no proof ("95 points at best" would be a guess)
    reply = {"outcome": "lost", "best_remaining_points": 95, "best_exact": False}
    scene, _worker = scripted_table(app, driver, Game("pyramid52", deal=1), reply)
    assert scene.facts.deal_best is None


def test_a_stuck_search_that_runs_out_undecided_says_nothing(app, driver):
    # README/PLAYERS: "no moves left" only when true: the search's cap reached proves
    # nothing, and the stuck game's banner would say the game is over
    import itertools

    scene = open_table(app, driver, Game("egyptian", deal=0))
    scene.stuck, scene.stuck_search = None, itertools.repeat(None)
    scene.stuck_slices_left = 1
    driver.frames(2)
    assert scene.stuck_search is None and not scene.stuck
    assert scene.banner is None


def test_a_loss_said_then_taken_back_to_a_win_is_said_again_of_the_next_losing_move(app, driver):
    # the top bar turned back to "Can be won": a move that loses the win again is news,
    # said as the first was (a proven loss is said once per turn to lost)
    from game.scenes.table_analysis import Answer
    from tests.scenes.test_table_analysis import ScriptedWorker

    game = Game("pyramid52", deal=1)
    scene = open_table(app, driver, game)
    scene.analysis.worker = ScriptedWorker()
    results = scene.analysis.results
    results[()] = Answer("won", ("st>w",))
    scene._analysis_arrived()
    for move in ("p7.7", "st>w"):
        game.play(move)
        results[scene.analysis.position()] = Answer("lost", ("st>w",), best_remaining_points=95)
        scene._after_change()
        scene.status = ""
        scene._analysis_arrived()
        assert "no way to win" in scene.status.lower()
        game.undo()
        scene._after_change()
        scene._analysis_arrived()


def test_an_arcade_level_s_deal_played_elsewhere_makes_the_level_assisted(app, driver):
    # README: "an arcade level's deal played elsewhere" keeps its run out of the table:
    # the level is assisted (its run's place with it), not only "practised"
    from game.store.saved import ARCADE, GameFacts
    from tests.scenes.test_table import open_table_with

    scene = open_table_with(app, driver, Game("pyramid52", deal=8), GameFacts(mode=ARCADE))
    assert not scene.assisted
    scene._mark_practised(True)
    assert scene.assisted and scene.facts.assisted_by == "practised"
