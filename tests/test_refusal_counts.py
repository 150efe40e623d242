"""Refusals that count: a number said with its noun in the language's plural forms.

A level file may set a pile's limit (1 to 104) and the pyramid games' pair sum (2 to
40); the refusals that name them read right whatever the number.
"""

import pytest

from game import i18n
from game.rules.errors import Refusal


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("limit", "english", "russian"),
    [
        (16, "Pile 4 already holds 16 cards.", "В стопке 4 уже 16 карт."),
        (21, "Pile 4 already holds 21 cards.", "В стопке 4 уже 21 карта."),
        (1, "Pile 4 already holds 1 card.", "В стопке 4 уже 1 карта."),
        (3, "Pile 4 already holds 3 cards.", "В стопке 4 уже 3 карты."),
    ],
)
def test_a_full_pile_counts_its_cards_in_the_language_s_plural(limit, english, russian):
    # a level file may set a pile's limit from 1 to 104: «уже 21 карт», "1 cards"
    full = Refusal("pile_full", {"pile": "t4", "limit": limit})
    assert i18n.refusal(full) == english
    i18n.set_language("ru")
    assert i18n.refusal(full) == russian


def test_a_card_removed_alone_is_named_by_its_worth_whatever_the_pair_sum():
    # «карта в {target} очков» read «карта в 21 очков» for a level file's pair sum of 21
    i18n.set_language("ru")
    for target in (13, 19, 21, 22):
        said = i18n.refusal(Refusal("not_single", {"card": "QS", "value": 12, "target": target}))
        assert said.endswith(f"без пары уходит только карта стоимостью {target}."), said
