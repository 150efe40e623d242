"""Why a game is assisted, as the results name it, case by case, as a mutation round
found some untested: each first help has its own note and its own line under a
fortune it voided, and a game saved before its help was kept says the solver's."""

import pytest

from game.scenes.help_words import HelpWords, help_words
from game.store.saved import (
    BY_DEMO,
    BY_HELP_BEFORE,
    BY_HINT,
    BY_PRACTISED,
    BY_SEEN_STOCK,
    BY_TAKING_BACK,
    BY_TOLD_BEFORE,
    BY_WATCHED_BEFORE,
)


@pytest.mark.parametrize(
    ("by", "note", "void"),
    [
        (BY_HINT, "assisted", "A hint was taken while it was laid out."),
        (BY_DEMO, "assisted: the demo played", "The demo played this deal."),
        (
            BY_TAKING_BACK,
            "assisted: a move taken back",
            "A move was taken back once the solver had said no win was possible.",
        ),
        (
            BY_SEEN_STOCK,
            "assisted: a seen stock card taken back",
            "A card put back on the stock had been seen.",
        ),
        (
            BY_HELP_BEFORE,
            "assisted: help was used on this deal before",
            "This deal had the solver's help before.",
        ),
        (
            BY_PRACTISED,
            "assisted: the deal played in another game",
            "This level's deal was played in another game while it waited.",
        ),
        (
            BY_TOLD_BEFORE,
            "assisted: the solver's verdict seen in another game",
            "In another game of this deal, the solver said which move lost the win, or the"
            " best result.",
        ),
        (
            BY_WATCHED_BEFORE,
            "assisted: a replay of this deal was watched",
            "A replay of this deal was watched before it was played.",
        ),
        ("", "assisted", "The solver helped play this deal."),
    ],
    ids=[
        "hint",
        "demo",
        "taken-back",
        "seen-stock",
        "before",
        "practised",
        "told",
        "watched",
        "unknown",
    ],
)
def test_each_first_help_is_named_by_its_own_words(english, by, note, void):
    assert help_words(by) == HelpWords(note, void)
