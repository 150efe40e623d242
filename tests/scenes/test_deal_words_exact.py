"""The words a table says of its deal, case by case, as a mutation round found some
untested: each case's own sentence, and none for a deal that is new."""

import pytest

from game.scenes.deal_words import deal_words
from game.store.saved import BY_HELP_BEFORE, BY_TOLD_BEFORE, BY_WATCHED_BEFORE

ASSISTED = "this game is assisted."
NO_FORTUNE = "it tells no fortune this time"
OUT = "stays out of its table."


@pytest.mark.parametrize(
    ("args", "kwargs", "said"),
    [
        # a replay watched, of a fortune: the wish's news first
        (
            (BY_WATCHED_BEFORE, False, False, False, True),
            {},
            f"A replay of this deal was watched here: {NO_FORTUNE}, and {ASSISTED}",
        ),
        (
            (BY_WATCHED_BEFORE, False, False, False, False),
            {},
            f"A replay of this deal was watched here: {ASSISTED}",
        ),
        # help had here, where no other patience is named: no patience's name left blank
        (
            (BY_TOLD_BEFORE, False, False, False, False),
            {},
            "In another game of this deal, the solver said which move lost the win, or the"
            f" best result: {ASSISTED}",
        ),
        (
            (BY_HELP_BEFORE, False, False, False, True),
            {},
            f"This deal was played with the solver's help before: {NO_FORTUNE}, and {ASSISTED}",
        ),
        # a fortune's deal played in the patience that lays it alike, no help had
        (
            (None, False, True, False, True),
            {"played_in": "Nothing Better to Do"},
            "You have played this deal in Nothing Better to Do, which lays it out alike:"
            f" {NO_FORTUNE}.",
        ),
        (
            (None, True, False, False, False),
            {"played_in": "Nothing Better to Do"},
            "You have played this deal in Nothing Better to Do, which lays it out alike:"
            f" this game {OUT}",
        ),
        # an arcade level's deal that is new to the player: nothing to say
        ((None, False, False, True, False), {}, ""),
        ((None, False, False, False, True), {}, ""),
        ((None, False, True, False, True), {}, f"You have played this deal before: {NO_FORTUNE}."),
    ],
    ids=[
        "watched-fortune",
        "watched",
        "told-here",
        "helped-fortune",
        "fortune-void-played-elsewhere",
        "practised-elsewhere",
        "new-arcade-level",
        "new-fortune",
        "fortune-void",
    ],
)
def test_each_case_is_said_in_its_own_words(args, kwargs, said):
    assert deal_words(*args, **kwargs) == said
