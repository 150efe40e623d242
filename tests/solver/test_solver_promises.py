"""The solvers' promises pinned on positions where a slip would show: a win never
called a proven loss, a best score that a line (or no move at all) really leaves."""

import pytest

from game.rules import Game
from game.solver import Verdict, solve


def _position(ruleset, options, deal, moves):
    game = Game(ruleset, options, deal=deal)
    for move in moves:
        game.play(move)
    return game


def test_the_reserve_s_order_is_asked_only_on_the_last_pass():
    # Before the last pass the reserve is turned over again and its cards meet the
    # stock's anew: it is not yet a stack, and a pair of two pyramid cards must not be
    # refused for a reserve card that could only find its partner out of order. This
    # deal is won from its start with three passes, by a line the rules replay.
    game = Game("pyramid36", {"passes": 3}, deal=911042)
    result = solve(game, best=False)
    assert result.outcome == Verdict.WON
    for move in result.moves:
        game.play(move)
    assert game.won


def test_a_lost_position_where_no_line_lowers_the_score_says_the_score_it_has():
    # On the last pass with nothing left that pairs: no move removes a card, so the
    # best score reachable is the one on the table, with no line to it. The score the
    # results and the hints give must be that one, not a point less.
    game = _position(
        "pyramid36",
        {},
        750965,
        [
            "p6.1+p6.3",
            "st>w",
            "st>w",
            "p6.5",
            "st>w",
            "st",
            "p6.4+st",
            "st",
            "st>w",
            "st>w",
            "st",
            "st>w",
            "p6.2+w",
            "p6.6+st",
            "st>w",
            "p5.4+p5.5",
            "st>w",
            "p5.1+w",
            "p5.2+st",
        ],
    )
    result = solve(game, best=True)
    assert result.outcome == Verdict.LOST and result.best_exact
    assert result.best_moves == []
    assert result.best_remaining_points == game.score.remaining_points


def test_an_undecided_search_never_calls_its_best_score_proven():
    # A limit stops the search before any proof: the best score found so far is only
    # what some line reaches, and the answer (and `piramida solve --json`) must say
    # it is not proven, whether or not the best score was asked for.
    for best in (True, False):
        for game, limit in ((Game("egyptian", deal=9), 3_000), (Game("pyramid52", deal=0), 10)):
            result = solve(game, node_limit=limit, best=best)
            # the limit said is the one that stopped the search, not one of a search for
            # the best score (asked only of a proven loss)
            assert result.outcome == Verdict.UNKNOWN and result.limit == f"node limit {limit}"
            assert not result.best_exact and result.nodes == limit  # the limit's, no more
            assert result.to_json()["best_proven"] is False


def test_the_search_that_proves_a_loss_searches_every_ending(monkeypatch):
    # Only the dives may give up an ending (the play once the stock has run out) after
    # a share of positions; the complete search must see every one, or a deal whose win
    # lies in an ending it left would be called lost. With the complete search alone
    # and endings capped at one position, a won deal must still be won.
    from game.solver import building

    monkeypatch.setattr(building, "FIRST_BUDGET", 10**7)
    monkeypatch.setattr(building, "ENDING_CAP", 1)
    # strict rules (no pile takes a card), where a loss is proven: these deals are won
    strict = {"to_piles": "none"}
    for ruleset, options, deal in (
        ("nechego", {**strict, "cards": 32}, 0),
        ("sbudetsya", strict, 7),
    ):
        game = Game(ruleset, options, deal=deal)
        result = solve(game, node_limit=300_000, best=False)
        assert result.outcome == Verdict.WON, (ruleset, deal)
        for move in result.moves:
            game.play(move)
        assert game.won


def test_a_pyramid_goal_win_leaving_cards_does_not_call_its_score_the_best():
    # Clearing the pyramid may leave cards in the stock and the reserve, and another
    # line might leave fewer: the score the win's line leaves is reached, not proven
    # the fewest. A win of every card is.
    cleared = solve(Game("pyramid52", deal=37), goal="pyramid")
    assert cleared.outcome == Verdict.WON and cleared.best_remaining_points > 0
    assert not cleared.best_exact and cleared.to_json()["best_proven"] is False
    won = solve(Game("pyramid52", deal=8))
    assert won.outcome == Verdict.WON and won.best_exact


def test_an_analysis_of_a_lost_deal_gives_the_whole_line_to_its_best_score():
    # The hints and the demo of a deal that cannot be won follow the analysis's line:
    # played to its end through the rules, it must leave the points the analysis
    # says are the best.
    from game.solver.worker import ANALYSE, handle

    game = Game("pyramid36", deal=1)
    reply = handle({"id": 1, "kind": ANALYSE, "replay": game.to_replay()}, lambda: False)
    assert reply["outcome"] == "lost" and reply["best_exact"] and reply["line"]
    for move in reply["line"]:
        game.play(move)
    assert game.score.remaining_points == reply["best_remaining_points"]


def test_a_king_left_on_the_reserve_s_top_is_removed_from_there():
    # A player may turn a King from the stock instead of removing it: it then lies on
    # the reserve's top, where it still goes alone. The deal stays won, and the line
    # removes that King.
    game = _position("pyramid52", {}, 26, ["st>w", "st>w"])
    assert game.pile("w")[-1][0] == "K"
    result = solve(game, best=False)
    assert result.outcome == Verdict.WON and "w" in result.moves
    for move in result.moves:
        game.play(move)
    assert game.won


def test_hints_followed_for_long_never_come_back_to_a_recent_position():
    # Devil's Bridge deal 39: late in the game the likeliest moves shift cards round
    # several piles; a hint must not lead back to a position of the last dozen moves,
    # or pressing Hint again and again goes round for ever.
    from game.hints import suggest

    game = Game("devils-bridge", deal=39)
    positions = [game.state.piles]
    for _ in range(160):
        move = suggest(game)
        if move is None or game.over:
            break
        game.play(move)
        assert game.state.piles not in positions[-16:]
        positions.append(game.state.piles)


def test_in_sbudetsya_a_card_home_that_empties_a_pile_for_the_stock_is_a_choice():
    # Sbudetsya's piles take cards from the waste only: a card the stock deals into a
    # gap is stuck there until it can go home. Sending home the last card of a pile
    # while the stock still holds cards is then a choice (wait, turn, empty it later),
    # not a move to play at once without trying the others.
    from game.rules.moves import parse_move
    from game.solver.building import BuildingSolver

    moves = [
        "st>w",
        "t4>f2",
        "st>w",
        "st>w",
        "st>w",
        "st>w",
        "w>t2",
        "t6>f1",
        "st>w",
        "t3>f1",
        "st>w",
        "w>t5",
        "st>w",
        "st>w",
        "st>w",
        "w>t6",
        "t6>f2",
        "st>w",
        "w>t8",
        "st>w",
        "st>w",
        "st>w",
        "w>t8",
        "st>w",
        "w>t3",
        "t3>f2",
        "t3>f2",
        "st>w",
        "st>w",
        "w>t4",
        "t4>f4",
        "st>w",
        "st>w",
        "t7>f4",
        "w>t8",
        "t6>f4",
        "t6>f3",
    ]
    game = _position("sbudetsya", {}, 757373, moves)
    home = parse_move("t4>f3")
    assert len(game.pile("t4")) == 1 and game.pile("st") and home in game.legal_moves
    solver = BuildingSolver(game.engine, game.state)
    assert not solver._safe(game.state, home)
    assert solver.moves(game.state) != [home]


def test_a_class_s_answer_on_the_last_pass_is_not_taken_for_another_reserve_s():
    # Deal 0 of pyramid52, on its only pass. With every stock card still in the stock
    # the Aces and Queens can be paired off; with 22 of them turned onto the reserve
    # they cannot (two reserve cards never meet on the last pass). The answers are
    # cached on the class's cards: the one for the long reserve must not be given for
    # the empty one, or a line through it would be cut.
    from game.solver.pyramid import PyramidSolver

    game = Game("pyramid52", deal=0)
    solver = PyramidSolver(game.engine, game.state)
    aces_and_queens = solver.class_of[1]
    cards = (solver.start_present, 0)
    assert solver.class_answer(aces_and_queens, *cards, 22, solver.start_passes) < 0
    assert solver.class_answer(aces_and_queens, *cards, 0, solver.start_passes) >= 0


def test_a_loss_proven_without_a_search_for_the_best_score_does_not_call_it_proven():
    # `best=False` (the win-rate runs) proves the loss only: the score said is the
    # table's, not the fewest a line can leave.
    for game in (Game("pyramid52", deal=0), Game("nechego", {"to_piles": "none"}, deal=1)):
        result = solve(game, best=False)
        assert result.outcome == Verdict.LOST and not result.best_exact
        assert result.to_json()["best_proven"] is False


@pytest.mark.parametrize("deal", [8, 23])
def test_the_bound_on_the_best_score_cuts_no_line_that_leaves_fewer_points(deal, monkeypatch):
    # Strict rules, one deck: the search for the best score of a lost deal skips a
    # position whose waste holds more points for good than the best so far. Without
    # that bound it finds the same best score, only later; with a bound too high (a
    # waste's bottom card taken for stuck, though it goes home once the cards on it
    # have) these deals were said to leave up to 36 points more, "proven".
    from game.solver.building import BuildingSolver

    game = Game("nechego", {"to_piles": "none", "cards": 32}, deal=deal)
    bounded = solve(game, seconds=20)
    monkeypatch.setattr(BuildingSolver, "_points_beyond_reach", lambda self, state: 0)
    plain = solve(game, seconds=20)
    assert bounded.outcome == plain.outcome == Verdict.LOST
    assert bounded.best_exact and plain.best_exact
    assert bounded.best_remaining_points == plain.best_remaining_points
