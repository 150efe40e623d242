"""Lines made shorter to the same position (game/solver/line.py)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Game, rulesets
from game.solver import Verdict, solve
from game.solver.line import shortened, without_returns

RULESETS = sorted(rulesets())


def random_walk(ruleset: str, deal: int, seed: int, length: int) -> list[str]:
    game, draw = Game(ruleset, deal=deal), random.Random(seed)
    for _ in range(length):
        moves = [m for m in game.legal_moves if str(m) != "resign"]
        if not moves:
            break
        game.play(draw.choice(moves))
    return [str(m) for m in game.moves]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(RULESETS),
    st.integers(0, 10_000),
    st.integers(0, 2**32),
    st.integers(0, 150),
)
def test_a_line_shortened_is_legal_no_longer_and_ends_where_it_ended(ruleset, deal, seed, length):
    walk = random_walk(ruleset, deal, seed, length)
    start = Game(ruleset, deal=deal)
    short = shortened(start.engine, start.state, walk)
    assert len(short) <= len(walk)
    played, walked = Game(ruleset, deal=deal), Game(ruleset, deal=deal)
    for move in short:
        played.play(move)  # IllegalMove if it is not legal
    for move in walk:
        walked.play(move)
    assert played.state == walked.state
    assert shortened(start.engine, start.state, short) == short  # nothing more to cut


def test_a_detour_is_cut():
    # along egyptian deal 0's won line, a card moved to another pile and back
    game = Game("egyptian", deal=0)
    line = solve(Game("egyptian", deal=0), seconds=10).moves
    walk = Game("egyptian", deal=0)
    for at, played in enumerate(line):
        for move in walk.legal_moves:
            # from a pile of more than one card: an emptied pile takes the stock's card
            piles = move.a.startswith("t") and move.b.startswith("t")
            if move.kind == "move" and piles and len(walk.pile(move.a)) > 1:
                back = f"{move.b}>{move.a}"
                after = Game("egyptian", deal=0)
                for earlier in [*line[:at], str(move)]:
                    after.play(earlier)
                if back in {str(m) for m in after.legal_moves}:
                    detour = [*line[:at], str(move), back, *line[at:]]
                    assert shortened(game.engine, game.state, detour) == line
                    return
        walk.play(played)
    raise AssertionError("no detour to try along the line")


def test_the_demo_s_line_in_egyptian_no_longer_wanders():
    # deal 5's won line held 542 moves in a row between piles that sent no card home:
    # seven minutes of the demo shuffling the same few cards
    game = Game("egyptian", deal=5)
    result = solve(game, seconds=10)
    assert result.outcome == Verdict.WON
    assert shortened(game.engine, game.state, result.moves) == result.moves
    idle = longest = 0
    left = game.score.remaining_cards
    for move in result.moves:
        game.play(move)
        gone = game.score.remaining_cards < left
        idle = 0 if gone or move.startswith("st") else idle + 1
        longest, left = max(longest, idle), game.score.remaining_cards
    assert game.won and longest < 100, longest


def test_a_trip_away_and_back_with_a_move_between_is_cut():
    # Devil's Bridge deal 1's won line of 658 moves sent cards to another pile and,
    # a few moves on, back, 174 times: no position met twice, so nothing was cut, and
    # the demo showed every trip
    game = Game("egyptian", deal=0)
    line = solve(Game("egyptian", deal=0), seconds=10).moves
    walk = Game("egyptian", deal=0)
    for at, played in enumerate(line[:-1]):
        for move in walk.legal_moves:
            piles = move.a.startswith("t") and move.b.startswith("t")
            if move.kind != "move" or not piles or len(walk.pile(move.a)) < 2:
                continue
            trip = Game("egyptian", deal=0)
            for earlier in [*line[:at], str(move)]:
                trip.play(earlier)
            if played not in {str(m) for m in trip.legal_moves}:
                continue
            trip.play(played)
            back = f"{move.b}>{move.a}"
            if back not in {str(m) for m in trip.legal_moves}:
                continue
            trip.play(back)
            straight = Game("egyptian", deal=0)
            for earlier in line[: at + 1]:
                straight.play(earlier)
            if trip.state != straight.state:
                continue
            detour = [*line[:at], str(move), played, back, *line[at + 1 :]]
            assert without_returns(game.engine, game.state, detour) == line
            short = shortened(game.engine, game.state, detour)
            assert len(short) <= len(line)
            return
        walk.play(played)
    raise AssertionError("no trip to try along the line")


def test_a_trip_by_way_of_a_third_pile_is_cut_where_the_line_starts():
    # a card sent to a second pile, then a third, and home again, a move between: the
    # trip's moves are cut, wherever the line starts (its first move too)
    game = Game("egyptian", deal=0)
    line = solve(Game("egyptian", deal=0), seconds=10).moves
    for at, played in enumerate(line[:-1]):
        for move in game.legal_moves:
            piles = move.a.startswith("t") and move.b.startswith("t")
            if move.kind != "move" or not piles or len(game.pile(move.a)) < 2:
                continue
            trip = Game(game.ruleset, game.options, deck=game.deck)
            for earlier in [*line[:at], str(move)]:
                trip.play(earlier)
            if played not in {str(m) for m in trip.legal_moves}:
                continue
            trip.play(played)
            for leg in trip.legal_moves:
                third = leg.b.startswith("t") and leg.b != move.a
                back = f"{leg.b}>{move.a}"
                if leg.kind != "move" or leg.a != move.b or not third:
                    continue
                ended = Game(game.ruleset, game.options, deck=game.deck)
                for earlier in [*line[:at], str(move), played, str(leg)]:
                    ended.play(earlier)
                if back not in {str(m) for m in ended.legal_moves}:
                    continue
                ended.play(back)
                straight = Game(game.ruleset, game.options, deck=game.deck)
                for earlier in line[: at + 1]:
                    straight.play(earlier)
                if ended.state != straight.state:
                    continue
                detour = [str(move), played, str(leg), back]
                assert without_returns(game.engine, game.state, detour) == [played]
                assert shortened(game.engine, game.state, detour) == [played]
                return
        game.play(played)
    raise AssertionError("no trip by way of a third pile along the line")
