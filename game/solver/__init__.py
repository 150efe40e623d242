"""Exact solvers: the truth about a position of any ruleset, seeing the stock's order
(as the published studies do).

`solve(game)` answers won (with the winning line in spec notation, checked by
replaying it through the rules), lost (proven) or unknown (a limit came first),
and the fewest points any line can leave, with the line to them.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules import Game, IllegalMove
from game.rules.moves import PYRAMID, pile_kind

from .line import shortened
from .result import SolveResult, Verdict

__all__ = ["SolveResult", "Verdict", "solve"]


def solve(
    game: Game,
    node_limit: int = 2_000_000,
    seconds: float = 10.0,
    goal: str = "all",
    best: bool = True,
    cancel: Callable[[], bool] | None = None,
    beams_after: int | None = None,
    dive_seed: int = 0,
) -> SolveResult:
    """Solve from the game's current position (its moves so far are kept).

    `cancel`, asked now and then during the search, stops it early when true
    (the answer is then unknown). `beams_after`: the Egyptian games' search lets
    beams take turns after that many positions (see solver/beam.py): for searches
    given far more than 10 s, where they add wins; None, never."""
    if game.over:
        # won, given up or out of moves: nothing can change, the score is the best
        score = game.score.remaining_points
        reached = game.won or (goal == "pyramid" and _pyramid_cleared(game))
        return SolveResult(Verdict.WON if reached else Verdict.LOST, best_remaining_points=score)
    if game.rules.family == "pyramid":
        from .pyramid import solve_pyramid

        result = solve_pyramid(game, node_limit, seconds, goal, best, cancel)
    else:
        if goal != "all":
            raise ValueError("the pyramid goal belongs to the pyramid games")
        from .building import solve_building

        result = solve_building(game, node_limit, seconds, best, cancel, beams_after, dive_seed)
    # the same ends, by the shortest way along the lines found
    result.moves = shortened(game.engine, game.state, result.moves)
    result.best_moves = shortened(game.engine, game.state, result.best_moves)
    if result.outcome == Verdict.WON:
        end = _check_win(game, result.moves, goal)
        # the pyramid cleared may leave cards in the stock and the reserve, and another
        # line might leave fewer: that line's score, not proven the best
        result.best_remaining_points = end.score.remaining_points
        result.best_exact = end.won
    else:
        # hints and the demo follow the best line of a deal that cannot be won; with no
        # line, the score said is the table's own (a point below it went unchecked)
        end = _replayed(game, result.best_moves)
        if end.score.remaining_points != result.best_remaining_points:
            raise AssertionError("the solver's best line does not leave the points it says")
    return result


def _replayed(game: Game, moves: list[str]) -> Game:
    """A copy of the game with the solver's line played on it through the rules."""
    check = Game(game.ruleset, game.options, deck=game.deck)
    for played in game.moves:
        check.play(played)
    try:
        for move in moves:
            check.play(move)
    except IllegalMove as e:
        raise AssertionError(f"the solver's line plays an illegal move: {e}") from e
    return check


def _check_win(game: Game, moves: list[str], goal: str) -> Game:
    """Every win the solver reports is replayed through the rules and must win; the
    game at the line's end."""
    check = _replayed(game, moves)
    if goal == "pyramid":
        if not _pyramid_cleared(check):
            raise AssertionError("the solver's line does not clear the pyramid")
    elif not check.won:
        raise AssertionError("the solver's line does not win")
    return check


def _pyramid_cleared(game: Game) -> bool:
    """The pyramid goal (stats --goal pyramid): every place of the pyramid empty."""
    return all(not game.pile(n) for n in game.pile_names if pile_kind(n) == PYRAMID)
