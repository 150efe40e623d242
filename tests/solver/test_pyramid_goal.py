"""The pyramid goal (`stats --goal pyramid`): every card of the pyramid to go, the
stock's and the reserve's may stay. Its verdicts held to the search of every line
with that goal, which asks none of the prunings (nor the goal's own dead-card test,
where a stock card may stay without a partner)."""

from game.rules import Game
from game.rules.moves import PYRAMID, pile_kind
from game.solver import Verdict, solve
from game.solver.pyramid import PyramidSolver


def _every_line_clears(game: Game) -> bool:
    """The reference: the search of every line, with the pyramid goal, clears it."""
    solver = PyramidSolver(game.engine, game.state, goal="pyramid")
    solver.pruning = False
    solver.nodes, solver.node_limit, solver.deadline = 0, 10**8, float("inf")
    solver.failed, solver.path = set(), []
    solver.best_points, solver.best_path = 10**9, []
    return solver._search(solver.start_present, 0, solver.start_ptr, solver.start_passes, 0)


def test_pyramid52_deals_whose_pyramid_clears_are_won_for_that_goal():
    # Of deals 30..49 of pyramid52 the pyramid clears in these three, leaving cards in
    # the stock or the reserve: a stock card left without a partner, or a card with no
    # forced partner, must not make the goal a proven loss. Deal 36's pyramid cannot
    # clear, by the search of every line as well.
    for deal in (37, 47, 48):
        game = Game("pyramid52", deal=deal)
        assert _every_line_clears(game), deal
        result = solve(game, goal="pyramid", best=False)
        assert result.outcome == Verdict.WON, deal
        for move in result.moves:
            game.play(move)
        assert not any(game.pile(n) for n in game.pile_names if pile_kind(n) == PYRAMID)
    assert solve(Game("pyramid52", deal=36), goal="pyramid", best=False).outcome == Verdict.LOST
    assert not _every_line_clears(Game("pyramid52", deal=36))


def test_reserve_cards_out_of_order_do_not_bar_the_pyramid_goal():
    # On the last pass, with cards on the reserve that could pair only with pyramid
    # cards and not in the reserve's order: for all cards to go that is lost, but the
    # pyramid goal may leave them on the reserve. A pair of two pyramid cards must not
    # be refused for their sake: this position's pyramid clears.
    game = Game("pyramid52", deal=674344)
    for move in ["p7.3+p7.4", "p6.3+p7.1", "st>w", "st>w", "st>w", "st>w", "st>w"]:
        game.play(move)
    assert _every_line_clears(game)
    result = solve(game, goal="pyramid", best=False)
    assert result.outcome == Verdict.WON
    for move in result.moves:
        game.play(move)
    assert not any(game.pile(n) for n in game.pile_names if pile_kind(n) == PYRAMID)
