"""Which options are named beside a game's name where games are offered side by side,
and how: briefly, as the level files say each choice alone."""

import dataclasses

import pytest

from game import i18n
from game.rules import get_ruleset, rulesets
from game.ui.labels import brief, telling_options


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


NECHEGO = get_ruleset("nechego")


def chosen(**options: object) -> dict[str, object]:
    return NECHEGO.choose(options)


def test_a_game_at_its_defaults_offered_alone_names_no_option():
    assert telling_options(NECHEGO, chosen()) == []


def test_an_option_off_its_default_is_named_briefly():
    assert telling_options(NECHEGO, chosen(piles=10)) == ["10 piles"]


def test_an_option_that_tells_two_offered_games_apart_is_named_in_both():
    # the one at its default as well: the other's line alone left it unexplained
    plain, other = chosen(), chosen(to_piles="none")
    assert telling_options(NECHEGO, plain, [other]) == ["waste onto piles"]
    assert telling_options(NECHEGO, other, [plain]) == ["strict: nothing onto piles"]
    assert telling_options(NECHEGO, plain, [plain]) == []  # the same game twice


def test_counts_name_the_counting_options_even_at_their_defaults():
    lines = telling_options(NECHEGO, chosen(), counts=True)
    assert lines == ["36 cards", "8 piles", "one pass"]  # not how cards move: the rules say


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_choice_of_every_shipped_option_has_a_brief_form(language):
    # without one, a name reads "Pyramid 52 (Passes through the stock: three)"
    i18n.set_language(language)
    for ruleset in rulesets().values():
        for option in ruleset.options:
            for choice in option.choices:
                said = brief(option, choice)
                assert said and not said.startswith(i18n.localized(option.label)), said
                assert str(choice) in option.briefs, (ruleset.id, option.key, choice)
    i18n.set_language("en")


def test_a_choice_without_a_brief_form_is_said_with_its_option_s_name():
    from dataclasses import replace

    passes = next(o for o in NECHEGO.options if o.key == "passes")
    bare = replace(passes, briefs={})
    assert brief(bare, 2) == "Passes through the stock: two"


def test_the_legend_names_every_rank_removed_alone():
    # it said "A King goes alone" whatever the level file's values, and no other rank
    from dataclasses import replace

    from game.rules import Game
    from game.ui.labels import alone_words

    rules = Game("pyramid52", deal=0).rules
    assert alone_words(rules) == ["A King goes alone"]
    queens_too = replace(rules, values={**rules.values, "Q": rules.pair_sum})
    assert alone_words(queens_too) == ["Q goes alone", "A King goes alone"]
    assert alone_words(Game("egyptian", deal=0).rules) == []


def test_the_top_bar_names_the_options_not_at_their_default_but_the_passes():
    # a three-card Devil's Bridge looked like a one-card one: which game, and which
    # table of scores, it was played for showed nowhere on the table
    from game.ui.labels import bar_options

    bridge = get_ruleset("devils-bridge")
    assert bar_options(bridge, {"draw": 3}) == ("three cards at a time",)
    assert bar_options(bridge, {"draw": 1}) == ()
    nechego = get_ruleset("nechego")
    chosen = {"cards": 32, "piles": 10, "passes": 2, "to_piles": "waste"}
    assert bar_options(nechego, chosen) == ("32 cards", "10 piles")  # "Pass 1 of 2": the rest
    # the strict rule, which no card on the table shows, before what the layout shows:
    # on a narrow bar the last give way first
    strict = {**chosen, "to_piles": "none"}
    assert bar_options(nechego, strict) == ("strict: nothing onto piles", "32 cards", "10 piles")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_setting_the_file_holds_is_named_in_words(language):
    # PLAYERS.md: Russian and English everywhere, including error notices; the
    # settings file's notice names each value it could not read by setting_name, and a
    # bare file key ("maximised", "muted") read as English inside a Russian sentence
    from game.settings import Settings
    from game.ui.labels import setting_name

    i18n.set_language(language)
    try:
        for f in dataclasses.fields(Settings):
            assert setting_name(f.name) != f.name, f.name
    finally:
        i18n.set_language("en")


def test_a_choice_the_level_file_gives_no_words_is_said_by_its_value():
    from dataclasses import replace

    from game.ui.labels import choice_label, option_line

    passes = next(o for o in NECHEGO.options if o.key == "passes")
    bare = replace(passes, choice_labels={}, briefs={})
    assert choice_label(bare, 2) == "2"
    assert option_line(bare, 2) == "Passes through the stock: 2"
    assert brief(bare, 3) == "Passes through the stock: 3"


def test_the_legend_lists_the_values_in_the_order_of_the_ranks():
    # a level file may make a Jack worth more than a Queen: the legend still goes A, J, Q, K
    from dataclasses import replace

    from game.rules import Game
    from game.ui.labels import value_legend

    rules = Game("pyramid52", deal=0).rules
    odd = replace(rules, values={**rules.values, "J": 12, "Q": 11})
    special, faces = value_legend(odd)
    assert [rank for rank, _value in special] == ["A", "J", "Q", "K"]
    assert faces == "2–10 at face value"


def test_the_legend_s_values_are_in_the_letters_of_the_faces():
    # with Russian letters the faces read В, Д, К, Т: "J = 11" named no card on the table
    from game.ui.labels import value_text

    i18n.set_card_letters("russian")
    try:
        assert value_text("J", 11) == "В = 11"
        assert value_text("A", 1) == "Т = 1"
    finally:
        i18n.set_card_letters("latin")


def test_a_game_s_summary_is_in_the_player_s_language():
    from game.ui.labels import summary_text

    i18n.set_language("ru")
    try:
        assert summary_text(NECHEGO) == NECHEGO.text["ru"]["summary"]
        assert summary_text(NECHEGO) != NECHEGO.text["en"]["summary"]
    finally:
        i18n.set_language("en")


def test_a_score_table_s_foot_says_what_its_figures_are():
    # a desktop's table of one game's scores, and the arcade's of whole runs
    from game.ui.labels import figures_note

    assert "0 points is a win" in figures_note()
    assert figures_note(runs=True).startswith("Most levels first")
