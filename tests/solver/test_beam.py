"""The beams of the building solver (game.solver.beam): what they win, and when the
solver lets them search."""

import random
import time

import pytest

from game.rules import Game
from game.rules.engine import State
from game.solver import Verdict, building, solve
from game.solver.beam import Beam
from game.solver.building import BuildingSolver
from game.solver.line import shortened


def beam_solver(game: Game) -> BuildingSolver:
    """A solver ready to search, as BuildingSolver.solve readies it, with room to."""
    solver = BuildingSolver(game.engine, game.state)
    solver.deadline, solver.seconds_limit = time.perf_counter() + 120, 120
    solver.node_limit, solver.nodes = 10**9, 0
    solver.best_points, solver.best_path, solver.track_best = 0, [], False
    return solver


@pytest.mark.parametrize("ruleset", ["egyptian"])
def test_a_beam_alone_wins_a_deal_with_a_line_the_rules_play_to_a_win(ruleset):
    game = Game(ruleset, deal=0)
    line = Beam(beam_solver(game), random.Random(-1)).run()
    assert line is not None
    check = Game(ruleset, deal=0)
    for move in line:
        check.play(move)
    assert check.won


def test_a_beam_estimate_counts_a_card_buried_under_a_card_due_after_it():
    game = Game("egyptian", deal=0)
    beam = Beam(beam_solver(game), random.Random(-1))
    beam.waste_weight, beam.buried_weight = 0.0, 1.0
    state = game.state
    base = game.pile("f1")[0][0]
    cycle = game.rules.deck.cycle
    after_base = cycle[(cycle.index(base) + 1) % len(cycle)]
    last = cycle[cycle.index(base) - 1]  # the last rank of a run home
    home = 4 * sum(len(p) for p in state.piles[game.engine.foundation_slice])
    piles = list(state.piles)
    t1 = game.engine.index["t1"]
    # due second under due last: one card above it; due last under due second: none
    piles[t1] = (after_base + "S", last + "H", last + "D")
    buried = State(tuple(piles), state.passes_used)
    assert beam._estimate(buried) == home - 2  # the card under two later ones
    piles[t1] = (last + "H", after_base + "S")
    assert beam._estimate(State(tuple(piles), state.passes_used)) == home


def beams_that_walk(monkeypatch) -> list[int]:
    """Beams that only walk 1,000 positions (in the solver's count) and win nothing;
    the list they are run into, by their width."""
    runs: list[int] = []

    def walk(self):
        runs.append(self.width)
        for _ in range(1000):
            self.solver.count()

    monkeypatch.setattr(Beam, "run", walk)
    return runs


def test_beams_search_only_past_their_positions_and_only_in_the_egyptian_games(monkeypatch):
    runs = beams_that_walk(monkeypatch)
    # deal 1 is undecided for minutes: every turn comes
    solve(Game("egyptian", deal=1), 200_000, 60, best=False)
    assert runs == []  # unasked (the table's runs, the game's first answer): as before
    result = solve(Game("egyptian", deal=1), 200_000, 60, best=False, beams_after=50_000)
    # 150,000 positions past their start, of which beams take 70%, 1,000 a beam
    assert result.outcome == Verdict.UNKNOWN and 100 <= len(runs) <= 110
    runs.clear()
    for ruleset in ("devils-bridge", "sbudetsya"):
        solve(Game(ruleset, deal=1), 100_000, 60, best=False, beams_after=0)
    assert runs == []


def test_a_search_with_beams_wins_with_a_line_the_rules_check(monkeypatch):
    # solve() replays every win through the rules; deal 0 falls to the first beam
    lines = []
    run = Beam.run

    def kept(self):
        lines.append(run(self))
        return lines[-1]

    monkeypatch.setattr(Beam, "run", kept)
    monkeypatch.setattr(building, "FIRST_BUDGET", 10)
    result = solve(Game("egyptian", deal=0), 2_000_000, 60, beams_after=0)
    assert result.outcome == Verdict.WON and lines[-1] is not None
    game = Game("egyptian", deal=0)  # the beam's line, made shorter (see solver/line.py)
    assert result.moves == shortened(game.engine, game.state, [str(m) for m in lines[-1]])


def test_a_beam_with_nothing_to_walk_leaves_the_search_to_the_dives(monkeypatch):
    runs = []

    def idle(self):
        runs.append(self.width)
        return None  # no position searched

    monkeypatch.setattr(Beam, "run", idle)
    result = solve(Game("egyptian", deal=1), 100_000, 60, best=False, beams_after=0)
    assert result.outcome == Verdict.UNKNOWN and len(runs) == 1
