"""What the table says of a deal proven lost, case by case, as a mutation round found
some untested: the news of a move that made the best worse, said only of a best the
solver proved, and the aim at the deal with a best only found."""

import pytest

from game.scenes.loss_words import lost_words
from game.scenes.table_analysis import Answer


def lost(points: int, exact: bool = True) -> Answer:
    return Answer("lost", (), best_remaining_points=points, best_exact=exact)


@pytest.mark.parametrize(
    ("known", "at_deal", "before", "said"),
    [
        (
            lost(104),
            False,
            96,
            "That move made the best result worse: 104 points left at best, 96 points before it.",
        ),
        (
            lost(1),
            False,
            0,
            "That move made the best result worse: 1 point left at best, 0 points before it.",
        ),
        # a best only found may be beaten yet: no news that a move made it worse
        (
            lost(104, exact=False),
            False,
            96,
            "There is no way to win from here. Best found: 104 points left.",
        ),
        (
            lost(104),
            False,
            None,
            "There is no way to win from here. Best possible: 104 points left.",
        ),
        (
            lost(12),
            True,
            None,
            "This deal cannot be won: play for the fewest points left (12 points at best).",
        ),
        (
            lost(12, exact=False),
            True,
            None,
            "This deal cannot be won: play for the fewest points left"
            " (12 points is the best found).",
        ),
    ],
    ids=["worse", "worse-from-zero", "found-not-worse", "possible", "at-deal", "at-deal-found"],
)
def test_a_lost_deal_is_said_as_the_player_reads_it(english, known, at_deal, before, said):
    assert lost_words(known, at_deal, before) == said
