"""Verify accepts honest replays and refuses tampered ones, naming what is wrong."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli_records import outcome_text
from game.rules import ReplayError, rulesets
from game.store.proof import verify
from tests.store.helpers import random_game, won_game


@settings(max_examples=30, deadline=None)
@given(
    ruleset=st.sampled_from(sorted(rulesets())),
    deal=st.integers(0, 2**31),
    moves=st.integers(0, 80),
    seed=st.integers(0, 99),
)
def test_every_honest_replay_is_confirmed(ruleset, deal, moves, seed):
    game = random_game(ruleset, deal, moves, seed)
    confirmed = verify(game.to_replay(result=True))
    assert confirmed.score == game.score and confirmed.outcome == game.outcome


def test_the_line_says_ruleset_deal_outcome_and_score():
    line = outcome_text(verify(won_game().to_replay(result=True)))
    assert line == "pyramid52 (passes=1), deal 8, won, 0 points (0 cards, 39 moves)"


def tampered():
    honest = won_game().to_replay(result=True)
    move = copy.deepcopy(honest)
    move["moves"][0] = "p7.1+p7.4"
    score = copy.deepcopy(honest)
    score["result"]["remaining_points"] = 3
    deal = copy.deepcopy(honest)
    deal["deal"] = 9
    won = copy.deepcopy(honest)
    won["moves"] = won["moves"][:-1]
    return [
        (move, "move 1 'p7.1+p7.4'"),
        (score, "claimed remaining_points 3 but the replay gives 0"),
        (deal, "move 1"),
        (won, "claimed won true"),
    ]


@pytest.mark.parametrize("replay, says", tampered())
def test_a_tampered_replay_is_refused_saying_where(replay, says):
    with pytest.raises(ReplayError, match=None) as refused:
        verify(replay)
    assert says in str(refused.value)


def test_a_replay_without_a_claim_proves_nothing():
    replay = won_game().to_replay()
    with pytest.raises(ReplayError, match="no 'result'"):
        verify(replay)
