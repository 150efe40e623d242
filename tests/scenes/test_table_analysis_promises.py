"""What the table's analysis promises beyond test_table_analysis.py: which questions go to
the solver and when, and which answers a position (or another deal) is given. Each test
holds a behaviour a mutation round found unheld (a stand-in worker)."""

from game.rules import Game
from game.scenes.table_analysis import (
    ANALYSE_SECONDS,
    PASSING_SECONDS,
    Analysis,
    Answer,
    KeptAnswers,
    deal_of,
)
from game.store.saved import LinePosition, VerdictFlip
from tests.scenes.test_table_analysis import (
    ScriptedWorker,
    a_line,
    answered,
    asked_at_the_deal,
    passing_by,
)


def test_asking_again_about_the_position_already_asked_sends_no_second_question():
    # the demo asks at every step while its line has not come: a fresh question each
    # frame cancelled the one before, and no answer ever came
    _game, worker, analysis = asked_at_the_deal()
    analysis.ask()
    analysis.ask()
    assert worker.asked == [1] and worker.cancelled == 0 and analysis.waiting


def test_a_new_move_after_an_undo_is_a_new_position_with_its_own_answer():
    # as many moves as before, the last one another: the answer of the move taken back
    # is not this position's
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 2)
    answered(worker, analysis, "won", line)
    game.play(line[0])
    assert analysis.verdict() == "Can be won"
    game.undo()
    other = next(str(m) for m in game.legal_moves if str(m) != line[0])
    game.play(other)
    assert analysis.position() == (other,)
    assert analysis.known() is None
    analysis.ask()
    assert len(worker.asked) == 2 and analysis.verdict() == "Checking…"


def test_moves_played_while_held_are_asked_about_once_at_the_end():
    # a replay's End plays every move at once: only its last position is asked about
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 3)
    with analysis.holding():
        for move in line:
            game.play(move)
            analysis.ask()
        assert worker.asked == [1]  # nothing asked while held
    assert worker.asked == [1, 2] and analysis.pending == {2: tuple(line)}
    assert analysis.verdict() == "Checking…"


def test_a_replay_playing_asks_nothing_more_after_an_undecided_answer_whatever_the_frames():
    # the replay tells the analysis it is playing at every frame: still nothing asked
    game = Game("egyptian", deal=0)
    worker, analysis = passing_by(game)
    line = a_line(game, 2)
    worker.replies.append({"id": 1, "outcome": "unknown", "line": line})
    analysis.poll()
    analysis.pass_by(True)  # the next frame, still playing
    game.play(line[0])
    analysis.ask()
    assert len(worker.asked) == 1


def test_a_replay_played_again_after_a_stop_asks_briefly_again():
    # its undecided brief answer belonged to the stop before: playing again, the positions
    # passing by are asked about once more
    game = Game("egyptian", deal=0)
    worker, analysis = passing_by(game)
    line = a_line(game, 2)
    worker.replies.append({"id": 1, "outcome": "unknown", "line": line})
    analysis.poll()
    analysis.pass_by(False)  # stopped: asked in full, and answered
    worker.replies.append({"id": 2, "outcome": "lost", "line": [], "best_remaining_points": 9})
    assert analysis.poll()
    analysis.pass_by(True)  # played again
    game.play(line[0])
    analysis.ask()
    assert worker.seconds == [PASSING_SECONDS, ANALYSE_SECONDS, PASSING_SECONDS]
    assert analysis.waiting


def test_a_reply_with_an_error_is_no_answer_and_no_crash():
    # the worker answers {"error": ...} where a search raised: the table went on without
    # a verdict for that position, where the scene would fall over on it
    _game, worker, analysis = asked_at_the_deal()
    worker.replies.append({"id": 1, "kind": "analyse", "error": "boom"})
    assert not analysis.poll()
    assert analysis.results == {} and analysis.known() is None


def test_answers_kept_for_a_deal_are_not_taken_by_the_same_cards_with_other_options():
    # three cards a turn is another game of the same cards: its positions are others
    game = Game("egyptian", deal=5)
    first = Analysis(ScriptedWorker(), game)
    first.results[()] = Answer("won", ("st>w",))
    kept = first.kept()
    assert isinstance(kept, KeptAnswers) and kept.deal == deal_of(game)
    other = Analysis(ScriptedWorker(), Game("egyptian", {"draw": 3}, deal=5))
    other.take(kept)
    assert other.known() is None
    same = Analysis(ScriptedWorker(), Game("egyptian", deal=5))
    same.take(kept)
    assert same.known() == Answer("won", ("st>w",))


def test_a_replay_watched_does_not_search_an_undecided_position_on():
    # watching a replay, the top bar's verdict as it passes, not a minute's search at
    # each undecided position (WatchScene turns the longer search off)
    game, worker, analysis = asked_at_the_deal()
    analysis.searches_longer = False
    answered(worker, analysis, "unknown", a_line(game, 3))
    assert worker.seconds == [ANALYSE_SECONDS] and not analysis.waiting
    assert analysis.verdict() == "Undecided"


def test_a_position_carried_along_an_undecided_line_is_asked_briefly_on_resume():
    # back from the menu, the position is asked as a move asks it: the 10 s question
    # first, not straight away a minute's search that outlasts it
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 3)
    answered(worker, analysis, "unknown", line)  # and searched on with more time
    game.play(line[0])
    analysis.ask()
    analysis.pause()
    analysis.resume()
    assert len(worker.asked) == 4 and worker.seconds[-1] == ANALYSE_SECONDS
    assert analysis.verdict() == "Checking…"


def test_a_position_left_undecided_says_so_while_a_later_one_is_being_searched():
    # back by Undo to a position searched out as undecided: nothing checks it any more,
    # whatever the question still out for the position taken back
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 3)
    answered(worker, analysis, "unknown", line)
    answered(worker, analysis, "unknown", line)  # the longer search: undecided too
    game.play(line[0])
    analysis.ask()  # carried along the undecided line: asked again
    assert analysis.verdict() == "Checking…"
    game.undo()
    analysis.ask()
    assert analysis.verdict() == "Undecided" and not analysis.waiting


def test_a_won_answer_carried_along_its_line_is_where_the_turn_to_lost_starts():
    # the top bar read the deal's won answer one move on; the move after left its line
    # and lost: the turn is from that won position, not from the deal
    game, worker, analysis = asked_at_the_deal()
    line = a_line(game, 3)
    answered(worker, analysis, "won", line)
    game.play(line[0])
    assert analysis.verdict() == "Can be won"  # as the top bar asks, every frame
    game.play(next(str(m) for m in game.legal_moves if str(m) != line[1]))
    analysis.ask()
    answered(worker, analysis, "lost", [])
    flip = analysis.flip()
    assert flip is not None and (flip.won_at, flip.lost_at) == (1, 2)


def a_game_of(moves: int) -> tuple[Game, tuple[str, ...]]:
    """Egyptian deal 0 with `moves` legal moves played, and its position."""
    game = Game("egyptian", deal=0)
    for move in a_line(game, moves):
        game.play(move)
    return game, tuple(str(m) for m in game.moves)


def test_going_back_to_after_a_position_said_lost_before_continue_uses_no_verdict():
    # lost before Continue, so is every position after it: an Undo to one of them finds
    # nothing, though the session's answers say lost later on
    game, where = a_game_of(7)
    lost_before = LinePosition.of(where[:3])
    analysis = Analysis(ScriptedWorker(), game, lost_before=lost_before)
    analysis.results[where[:6]] = Answer("lost", ())
    assert not analysis.lost_since(where[:4])


def test_going_back_to_the_winnable_position_of_a_remembered_turn_uses_the_verdict():
    # the turn kept with the game: winnable after one move, lost after three
    game, where = a_game_of(4)
    flip = VerdictFlip.of(1, where[:3])
    analysis = Analysis(ScriptedWorker(), game, remembered=flip)
    assert analysis.lost_since(where[:1]) and analysis.lost_since(())
    assert analysis.flip() is None  # nothing lost answered in this session
    analysis.results[where] = Answer("lost", ())  # lost again after Continue
    assert analysis.flip() == flip  # the turn stays where it was, kept with the game


def test_going_back_to_a_position_itself_said_lost_uses_no_verdict():
    # lost there and lost later again: nothing to find by going back there
    game, where = a_game_of(8)
    analysis = Analysis(ScriptedWorker(), game)
    analysis.results = {
        where[:2]: Answer("won", ("x",)),
        where[:5]: Answer("lost", ()),
        where[:7]: Answer("lost", ()),
    }
    assert not analysis.lost_since(where[:5]) and not analysis.lost_since(where[:6])
    assert analysis.lost_since(where[:4])  # the move into the loss taken back


def test_a_deal_said_winnable_then_a_position_said_lost_is_a_turn_from_the_deal():
    game, where = a_game_of(3)
    analysis = Analysis(ScriptedWorker(), game)
    analysis.results = {(): Answer("won", ("x",)), where[:2]: Answer("lost", ())}
    flip = analysis.flip()
    assert flip is not None and (flip.won_at, flip.lost_at) == (0, 2)
    assert flip.applies(where)


def test_a_game_over_has_no_verdict_in_the_top_bar():
    # ended, the game's words are its end's: no "No win possible" over a given-up game
    game, worker, analysis = asked_at_the_deal()
    answered(worker, analysis, "lost", [])
    assert analysis.verdict() == "No win possible"
    game.play("resign")
    assert analysis.verdict() == "" and analysis.verdict(settled_only=True) == ""


def test_a_kiosk_s_bar_says_only_answers_not_the_solver_s_work():
    # settled_only: a passer-by reads "Can be won" or "No win possible", nothing else
    game, worker, analysis = asked_at_the_deal()
    assert analysis.verdict() == "Checking…" and analysis.verdict(settled_only=True) == ""
    answered(worker, analysis, "unknown", a_line(game, 3))
    assert analysis.verdict() == "Still checking…"
    assert analysis.verdict(settled_only=True) == ""
    answered(worker, analysis, "unknown", a_line(game, 3))
    assert analysis.verdict() == "Undecided" and analysis.verdict(settled_only=True) == ""
