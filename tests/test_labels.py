"""Which options are named beside a game's name where games are offered side by side."""

import pytest

from game import i18n
from game.rules import get_ruleset
from game.ui.labels import telling_option_lines


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


NECHEGO = get_ruleset("nechego")


def chosen(**options: object) -> dict[str, object]:
    return NECHEGO.choose(options)


def label_of(key: str) -> str:
    option = next(o for o in NECHEGO.options if o.key == key)
    return i18n.localized(option.label)


def test_a_game_at_its_defaults_offered_alone_names_no_option():
    assert telling_option_lines(NECHEGO, chosen()) == []


def test_an_option_off_its_default_is_named():
    (line,) = telling_option_lines(NECHEGO, chosen(piles=10))
    assert line.startswith(f"{label_of('piles')}: ") and line.endswith("10")


def test_an_option_that_tells_two_offered_games_apart_is_named_in_both():
    # the one at its default as well: the other's line alone left it unexplained
    plain, other = chosen(), chosen(to_piles="none")
    for game, beside in ((plain, other), (other, plain)):
        (line,) = telling_option_lines(NECHEGO, game, [beside])
        assert line.startswith(f"{label_of('to_piles')}: ")
    assert telling_option_lines(NECHEGO, plain, [plain]) == []  # the same game twice


def test_counts_name_the_counting_options_even_at_their_defaults():
    lines = telling_option_lines(NECHEGO, chosen(), counts=True)
    assert [line.split(":")[0] for line in lines] == [
        label_of(o.key) for o in NECHEGO.options if o.numeric
    ]
    assert not any(line.startswith(label_of("to_piles")) for line in lines)
