"""What the table knows of the solver's answers, position by position: answers carried
along a line, and which positions are asked about again (a stand-in worker)."""

import random

import pygame
import pytest

from game.rules import Game
from game.scenes.table_analysis import (
    ANALYSE_SECONDS,
    LONGER_DIVE_SEED,
    LONGER_SECONDS,
    PASSING_SECONDS,
    Analysis,
    Answer,
)
from game.solver.beam import BEAMS_AFTER


class ScriptedWorker:
    """Takes requests and gives back the replies a test hands it."""

    def __init__(self) -> None:
        self.asked: list[int] = []
        self.seconds: list[float] = []  # each request's time limit
        self.beams_after: list[int | None] = []  # and when its beams may start
        self.dive_seeds: list[int] = []  # and where its dives' draws start
        self.replies: list[dict] = []
        self.running = True
        self.cancelled = 0

    def submit(self, kind: str, **payload) -> int:
        self.asked.append(len(self.asked) + 1)
        self.seconds.append(payload["seconds"])
        self.beams_after.append(payload.get("beams_after"))
        self.dive_seeds.append(payload.get("dive_seed", 0))
        return self.asked[-1]

    def cancel(self) -> None:
        self.cancelled += 1

    def poll(self) -> list[dict]:
        replies, self.replies = self.replies, []
        return replies


def asked_at_the_deal() -> tuple[Game, ScriptedWorker, Analysis]:
    """A game at its deal whose analysis has asked the worker about it once."""
    game = Game("egyptian", deal=0)
    worker = ScriptedWorker()
    analysis = Analysis(worker, game)
    analysis.ask()
    return game, worker, analysis


def a_line(game: Game, length: int) -> list[str]:
    """The first legal move, again and again, from the game's position (on a copy)."""
    copy = Game(game.ruleset, game.options, deck=game.deck)
    line = []
    for _ in range(length):
        move = str(next(iter(copy.legal_moves)))
        copy.play(move)
        line.append(move)
    return line


def answered(worker: ScriptedWorker, analysis: Analysis, outcome: str, line: list[str]) -> None:
    reply = {"id": worker.asked[-1], "outcome": outcome, "line": line}
    worker.replies.append(reply | {"best_remaining_points": 10})
    assert analysis.poll()


def test_along_a_won_line_the_answer_holds_and_nothing_is_asked_again():
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 3)
    answered(worker, analysis, "won", line)
    for move in line[:2]:
        game.play(move)
        analysis.ask()
    assert worker.asked == [1]
    assert analysis.verdict() == "Can be won" and analysis.known().line == tuple(line[2:])


def test_along_an_undecided_line_the_position_is_asked_about_again():
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 3)
    answered(worker, analysis, "unknown", line)
    assert worker.asked == [1, 2]  # searched on with more time (see the tests below)
    game.play(line[0])
    analysis.ask()
    assert worker.asked == [1, 2, 3]  # the search from here may decide it
    assert analysis.verdict() == "Checking…"
    assert analysis.known().line == tuple(line[1:])  # the demo plays on meanwhile
    answered(worker, analysis, "won", line[1:])
    assert analysis.verdict() == "Can be won"
    analysis.ask()
    assert worker.asked == [1, 2, 3]


def test_off_a_lost_line_the_top_bar_keeps_saying_no_win_while_it_asks():
    # every move from a lost position leads to a lost one: "Checking…" flashed up
    # between the moves and their answers on every move of a lost Pyramid
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 2)
    answered(worker, analysis, "lost", line)
    off_the_line = next(str(m) for m in game.legal_moves if str(m) != line[0])
    game.play(off_the_line)
    analysis.ask()
    assert worker.asked == [1, 2]  # its best score and line are still asked for
    assert analysis.known() is None and analysis.waiting
    assert analysis.verdict() == "No win possible"
    assert analysis.verdict(settled_only=True) == "No win possible"


def test_off_a_won_line_the_top_bar_says_it_checks():
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 2)
    answered(worker, analysis, "won", line)
    game.play(next(str(m) for m in game.legal_moves if str(m) != line[0]))
    analysis.ask()
    assert analysis.verdict() == "Checking…"


def test_an_undecided_position_left_on_the_table_is_searched_on_with_more_time():
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 3)
    answered(worker, analysis, "unknown", line)
    assert worker.seconds == [ANALYSE_SECONDS, LONGER_SECONDS]
    assert worker.beams_after == [None, BEAMS_AFTER]  # the first answer: as before
    assert worker.dive_seeds == [0, LONGER_DIVE_SEED] and LONGER_DIVE_SEED != 0  # not again
    assert analysis.verdict() == "Still checking…"
    assert analysis.known().line == tuple(line)  # a hint meanwhile follows the first line
    answered(worker, analysis, "won", line)
    assert analysis.verdict() == "Can be won" and analysis.known().outcome == "won"
    assert len(worker.asked) == 2


def test_a_position_still_undecided_with_more_time_is_not_asked_a_third_time():
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 3)
    answered(worker, analysis, "unknown", line)
    answered(worker, analysis, "unknown", line)
    assert len(worker.asked) == 2 and analysis.verdict() == "Undecided"
    analysis.ask()
    assert len(worker.asked) == 2


def test_an_undecided_answer_for_a_position_played_past_is_not_searched_on():
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 3)
    game.play(line[0])  # played before the answer came; its question is not yet asked
    answered(worker, analysis, "unknown", line)
    assert worker.seconds == [ANALYSE_SECONDS]
    analysis.ask()  # the new position's question, as after every move
    assert worker.seconds == [ANALYSE_SECONDS, ANALYSE_SECONDS]


def test_a_decided_answer_is_not_searched_on():
    _game, worker, analysis = asked_at_the_deal()
    answered(worker, analysis, "lost", [])
    assert worker.seconds == [ANALYSE_SECONDS] and analysis.verdict() == "No win possible"


def test_a_question_the_worker_died_with_is_asked_again():
    _game, worker, analysis = asked_at_the_deal()
    assert not analysis.poll() and worker.asked == [1]  # still working
    worker.running = False  # killed
    analysis.poll()
    assert worker.asked == [1, 2] and analysis.verdict() == "Checking…"
    analysis.poll()  # killed again by the same position: not asked a third time
    assert worker.asked == [1, 2] and analysis.verdict() == ""


def test_a_long_game_played_faster_than_the_answers_come_is_no_trouble():
    """Thousands of moves with no answer yet (a question cancelled at every move): what
    is known walks back over all of them, and along a long line, without a recursion."""
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 40)
    answered(worker, analysis, "won", line)
    for move in line:
        game.play(move)
    assert analysis.known().line == () and analysis.verdict() == "Can be won"
    for _ in range(1500):  # pile to pile and back, never answered
        shuttle = next(
            m for m in game.legal_moves if m.kind == "move" and m.a[0] == "t" and m.b[0] == "t"
        )
        game.play(shuttle)
        analysis.ask()
    assert analysis.known() is None and analysis.verdict() == "Checking…"


def test_a_search_still_working_when_the_game_ends_is_stopped():
    game, worker, analysis = asked_at_the_deal()
    answered(worker, analysis, "unknown", a_line(game, 3))
    assert analysis.waiting and worker.cancelled == 0  # searched on with more time
    game.play("resign")
    analysis.ask()  # as after every move
    assert worker.cancelled == 1 and not analysis.waiting and len(worker.asked) == 2
    analysis.ask()  # nothing left to stop
    assert worker.cancelled == 1


def test_a_search_paused_is_searched_again_on_resume_the_longer_one_too():
    # left for the menu, an undecided position's minute-long search held a core there
    game, worker, analysis = asked_at_the_deal()
    analysis.pause()  # the first search, stopped
    assert worker.cancelled == 1 and not analysis.waiting
    analysis.resume()
    assert worker.seconds == [ANALYSE_SECONDS, ANALYSE_SECONDS] and analysis.waiting
    answered(worker, analysis, "unknown", a_line(game, 3))
    assert worker.seconds[-1] == LONGER_SECONDS
    analysis.pause()  # the longer search, stopped
    assert worker.cancelled == 2 and not analysis.waiting
    analysis.resume()
    assert worker.seconds[-1] == LONGER_SECONDS and len(worker.asked) == 4
    analysis.pause()
    answered_late = len(worker.asked)
    analysis.pause()  # nothing left to stop
    assert worker.cancelled == 3 and len(worker.asked) == answered_late


def a_long_game(moves: int, seed: int = 1) -> Game:
    """An Egyptian game of `moves` random legal moves: its cards go from pile to pile."""
    rng = random.Random(seed)
    game = Game("egyptian", deal=7)
    while game.moves_made < moves:
        game.play(rng.choice(list(game.legal_moves)))
    return game


@pytest.mark.parametrize("seed", range(12))
def test_the_answers_along_a_line_are_known_s_for_each_of_its_positions(seed):
    # lost_since and the top bar read them in one pass where known() was asked of every
    # earlier position, each cut from the current one: 27 s an Undo at 2,000 moves
    rng = random.Random(seed)
    game = a_long_game(60, seed)
    where = tuple(str(m) for m in game.moves)
    answers = {}
    for _ in range(rng.randint(0, 6)):
        start = rng.randint(0, len(where))
        follows = rng.randint(0, len(where) - start)
        line = list(where[start : start + follows]) + ["t1>t2"] * rng.randint(0, 1)
        outcome = rng.choice(["won", "lost", "unknown"])
        answers[where[:start]] = Answer(outcome, tuple(line))
    along = Analysis(ScriptedWorker(), game)
    along.results = dict(answers)
    one_by_one = Analysis(ScriptedWorker(), game)
    one_by_one.results = dict(answers)
    expected = [one_by_one.known(where[:end]) for end in range(len(where) + 1)]
    assert along.answers_along(where) == expected


def test_taking_back_past_a_lost_answer_to_a_won_one_uses_the_verdict():
    game = a_long_game(8)
    where = tuple(str(m) for m in game.moves)
    analysis = Analysis(ScriptedWorker(), game)
    analysis.results = {
        where[:2]: Answer("won", ("x",)),
        where[:5]: Answer("lost", ()),
    }
    assert analysis.lost_since(where[:2]) and analysis.lost_since(where[:4])
    assert not analysis.lost_since(where[:5])  # lost there too: nothing to find
    assert not analysis.lost_since(where[:6])
    analysis.results = {where[:2]: Answer("won", ("x",))}
    assert not analysis.lost_since(where[:2])  # never said lost


def test_an_undo_in_a_game_of_thousands_of_moves_keeps_up_with_the_frames(app, driver):
    # the building games' cards can go from pile to pile for ever; at 2,000 moves one
    # Undo froze the table for 27 s, and idle frames fell behind from 1,000 on
    import time

    import pygame

    from game.scenes.table import TableScene

    app.settings.animation_speed = 0.0
    game = a_long_game(2000)
    scene = TableScene(app, game)  # a free game: its Undo asks of the verdict alone
    app.switch(scene, fade=False)
    driver.frames(3)
    start = time.perf_counter()
    driver.key(pygame.K_u)
    took = time.perf_counter() - start
    assert game.moves_made == 1999
    start = time.perf_counter()
    driver.frames(60)
    idle = time.perf_counter() - start
    assert took < 1.0 and idle < 2.0, (took, idle)  # some 10 ms and 1 ms a frame now


def scripted_table(app, driver, game: Game, asked: dict | None = None):
    """A table of `game` whose solver is a ScriptedWorker, asked at once of the position
    and, with `asked`, answered so (the reply's other keys)."""
    from game.scenes.table import TableScene

    scene = TableScene(app, game)
    app.switch(scene, fade=False)
    driver.settle(1.0)
    worker = ScriptedWorker()
    scene.analysis.worker, scene.analysis.results, scene.analysis.pending = worker, {}, {}
    # and what the real solver may have told in that second, kept with the game, forgotten
    scene.facts.deal_best = None
    scene.analysis.ask()
    if asked is not None:
        worker.replies.append({"id": worker.asked[-1], "line": [], **asked})
        driver.frames(2)
    return scene, worker


def _nothing_better_said(app, driver):
    """Egyptian deal 0 after a stock turn, answered as a game no move can improve."""
    game = Game("egyptian", deal=0)
    game.play("st>w")
    best = {"outcome": "lost", "line": [], "best_remaining_points": game.score.remaining_points}
    scene, worker = scripted_table(app, driver, game, best)
    return scene, game, worker, best


def test_where_no_move_can_lower_the_points_the_end_is_offered(app, driver):
    # an Egyptian gap takes any card once the stock is out: play went on for ever with
    # nothing to gain, and only a hint or the demo said so
    from game.scenes.results import ResultsScene, headline

    scene, game, _worker, _best = _nothing_better_said(app, driver)
    assert scene.banner is not None and scene.banner.text.startswith("No move can lower")
    assert [b.key for b in scene.banner.buttons] == ["end"]
    driver.key(pygame.K_g)  # at its first press, as beside a stuck game's banner
    assert game.over
    driver.settle(1.0)
    # the game's own offer taken: "You gave up" blamed the player for the best score
    assert isinstance(app.scene, ResultsScene)
    assert headline(app.scene.summary) == "The best score was reached"


def test_the_best_reached_along_the_solver_s_line_offers_the_end(app, driver):
    # the line's end is known without asking, so no answer came for it, and a player
    # who followed the hints to the best score was offered nothing (Continue offered it)
    from tests.scenes.test_table import click_move

    game = Game("egyptian", deal=0)
    best = game.score.remaining_points  # a stock turn keeps the points
    line = {"outcome": "lost", "line": ["st>w"], "best_remaining_points": best}
    scene, worker = scripted_table(app, driver, game, line)
    assert scene.banner is None
    click_move(driver, scene, "st>w")
    driver.settle(0.5)
    assert len(worker.asked) == 1  # known from the line
    assert scene.banner is not None and scene.banner.text.startswith("No move can lower")
    assert [b.key for b in scene.banner.buttons] == ["end"]


def test_the_end_offered_and_declined_is_not_offered_again(app, driver):
    scene, game, worker, best = _nothing_better_said(app, driver)
    scene._close_banner()  # played on
    scene._play(next(m for m in game.legal_moves if str(m) != "st>w"))
    driver.settle(0.5)
    worker.replies.append({"id": worker.asked[-1], **best})
    driver.frames(2)
    assert scene.banner is None and not game.over


def passing_by(game: Game) -> tuple[ScriptedWorker, Analysis]:
    """An analysis of `game` whose positions only pass by (a replay playing), asked of
    its first."""
    worker = ScriptedWorker()
    analysis = Analysis(worker, game)
    analysis.pass_by(True)
    analysis.ask()
    return worker, analysis


def test_positions_passing_by_are_asked_briefly_one_at_a_time_until_one_is_undecided():
    # a replay playing asked a fresh 10 s question at each move, cancelled by the next
    # 0.7 s later: a core held through a whole Egyptian replay, and no answer ever came
    game = Game("egyptian", deal=0)
    worker, analysis = passing_by(game)
    assert worker.seconds == [PASSING_SECONDS]
    line = a_line(game, 2)
    game.play(line[0])
    analysis.ask()
    assert len(worker.asked) == 1 and worker.cancelled == 0  # the first left to its end
    worker.replies.append({"id": 1, "outcome": "unknown", "line": line})
    assert not analysis.poll() and analysis.results == {}  # not kept: asked in full later
    game.play(line[1])
    analysis.ask()
    assert len(worker.asked) == 1  # none since one was left undecided
    analysis.pass_by(False)  # stopped there: asked as any position, with the whole time
    assert worker.seconds == [PASSING_SECONDS, ANALYSE_SECONDS]


def test_a_position_passing_by_decided_briefly_keeps_its_answer():
    game = Game("pyramid52", deal=8)
    worker, analysis = passing_by(game)
    answered(worker, analysis, "won", a_line(game, 1))
    assert analysis.known().won and not analysis.passing_undecided


def test_a_brief_question_out_when_the_replay_stops_is_asked_again_in_full():
    # its undecided answer, not kept, came after the stop: nothing asked again, and the
    # paused replay's top bar had no verdict for as long as it stood
    game = Game("egyptian", deal=0)
    worker, analysis = passing_by(game)
    analysis.pass_by(False)
    assert worker.cancelled == 1 and worker.seconds == [PASSING_SECONDS, ANALYSE_SECONDS]
    worker.replies.append({"id": 1, "outcome": "unknown", "line": []})  # the stale one
    analysis.poll()
    assert analysis.waiting  # the full question is still out


def test_a_position_said_winnable_before_continue_starts_a_turn_to_lost():
    # the won answer was lost with the session: a loss answered after Continue had no
    # turn, and a move taken back past it cost nothing
    from game.store.saved import LinePosition

    game = Game("pyramid52", deal=8)
    line = a_line(game, 3)
    for move in line:
        game.play(move)
    analysis = Analysis(ScriptedWorker(), game, won_before=LinePosition.of(line[:1]))
    analysis.results[tuple(line)] = Answer("lost", (), best_remaining_points=90)
    flip = analysis.flip()
    assert flip is not None and (flip.won_at, flip.lost_at) == (1, 3)
    assert analysis.lost_since(tuple(line[:1])) and analysis.lost_since(())
    other = Analysis(ScriptedWorker(), game, won_before=LinePosition.of(["st>w"]))
    other.results[tuple(line)] = Answer("lost", (), best_remaining_points=90)
    assert other.flip() is None  # said of another line: nothing known of this one


@pytest.mark.parametrize(
    ("reply", "hidden", "note"),
    [
        (
            {"outcome": "lost", "best_remaining_points": 95},
            False,
            "lower is better; 95 points at best",
        ),
        ({"outcome": "won", "line": ["st>w"]}, False, "lower is better; this deal could be won"),
        ({"outcome": "lost", "best_remaining_points": 95}, True, "lower is better, 0 is a win"),
        ({"outcome": "unknown"}, False, "lower is better, 0 is a win"),
    ],
)
def test_the_results_set_the_deal_s_best_beside_the_points_left(app, driver, reply, hidden, note):
    # "lower is better" of 190 points, where the deal's tip had said 95 at best
    from tests.scenes.test_records_flow import figure_rows, give_up_to_results

    app.settings.show_verdict = not hidden  # hidden and not told: not said at the end either
    scene, _worker = scripted_table(app, driver, Game("pyramid52", deal=1), reply)
    scene._close_banner()
    results = give_up_to_results(app, driver, scene)
    assert figure_rows(results)["Points left"] == ("364", note)


@pytest.mark.parametrize(
    ("reply", "note"),
    [
        ({"outcome": "lost", "best_remaining_points": 95}, "lower is better; 95 points at best"),
        ({"outcome": "won", "line": ["st>w"]}, "lower is better; this deal could be won"),
    ],
)
def test_a_game_continued_still_sets_the_deal_s_best_beside_the_points_left(
    app, driver, reply, note
):
    # the answers are not saved with the game: a game left and continued lost the
    # results' "95 points at best", though the solver had proved it at the deal
    from game.scenes.table import TableScene
    from tests.scenes.test_records_flow import figure_rows, give_up_to_results

    scene, _worker = scripted_table(app, driver, Game("pyramid52", deal=1), reply)
    scene._close_banner()
    assert scene.facts.deal_best == (0 if reply["outcome"] == "won" else 95)
    scene.game.play("st>w")
    app.records.save_game(scene.game, scene.facts)
    row = app.records.unfinished()
    game, facts = app.records.resume(row)
    assert facts.deal_best == scene.facts.deal_best
    continued = TableScene(app, game, facts=facts)
    app.switch(continued, fade=False)
    driver.settle(1.0)
    worker = ScriptedWorker()  # asked of the position, which it never answers
    continued.analysis.worker, continued.analysis.results = worker, {}
    continued.analysis.pending = {}
    continued._close_banner()
    results = give_up_to_results(app, driver, continued)
    assert figure_rows(results)["Points left"][1] == note


def test_a_deal_whose_answer_a_quick_move_cancelled_is_known_winnable_from_a_later_win(app, driver):
    # a move made before the deal's answer came cancelled it: a later position proven
    # won still says the deal could be won, where the results left the line out
    from tests.scenes.test_records_flow import figure_rows, give_up_to_results

    scene, worker = scripted_table(app, driver, Game("pyramid52", deal=1))
    scene._close_banner()
    scene.game.play("st>w")
    scene.analysis.ask()  # the position now: the deal's question is dropped
    assert scene.analysis.pending and () not in scene.analysis.pending.values()
    worker.replies.append({"id": worker.asked[-1], "outcome": "won", "line": ["st>w"]})
    driver.frames(2)
    assert scene.analysis.results.at((), 0) is None and scene.facts.deal_best == 0
    results = give_up_to_results(app, driver, scene)
    assert figure_rows(results)["Points left"][1] == "lower is better; this deal could be won"
