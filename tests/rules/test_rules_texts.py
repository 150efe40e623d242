"""The rules screen's texts say what each ruleset's data says, in both languages.

The level files hold the rules as data (values, pair sum, piles, options) and as
text; these tests read the facts out of the data and look for them in the text, so
a text left behind by a change of data fails here. And the texts are our own words:
no run of words is copied from the Russian seed texts the rules come from.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from game import i18n
from game.rules import rulesets

RULESETS = rulesets()
PYRAMIDS = [r for r in RULESETS.values() if r.family == "pyramid"]
BUILDING = [r for r in RULESETS.values() if r.family == "building"]

EN_RANK = {
    "A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six",
    "7": "Seven", "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen",
    "K": "King",
}  # fmt: skip
# a rank as the subject of a pair ("шестёрка с дамой") and after «с»
RU_RANK = {
    "A": ("туз", "тузом"), "2": ("двойка", "двойкой"), "3": ("тройка", "тройкой"),
    "4": ("четвёрка", "четвёркой"), "5": ("пятёрка", "пятёркой"),
    "6": ("шестёрка", "шестёркой"), "7": ("семёрка", "семёркой"),
    "8": ("восьмёрка", "восьмёркой"), "9": ("девятка", "девяткой"),
    "T": ("десятка", "десяткой"), "J": ("валет", "валетом"), "Q": ("дама", "дамой"),
    "K": ("король", "королём"),
}  # fmt: skip
EN_NUMBER = {1: "one", 2: "two", 3: "three", 6: "six", 7: "seven", 8: "eight", 9: "nine",
             10: "ten", 16: "sixteen", 21: "twenty-one", 28: "twenty-eight"}  # fmt: skip
RU_TIMES = {2: "дважды", 3: "трижды"}
RU_PILES = {8: "восемь", 9: "девять", 10: "десять"}
RU_CARDS = {21: "двадцать одна карта", 28: "двадцать восемь карт"}
RU_ROWS = {6: "в шесть рядов", 7: "в семь рядов"}


def texts(ruleset) -> tuple[str, str]:
    return ruleset.text["en"]["rules"], ruleset.text["ru"]["rules"]


def paragraph(text: str, lead: str) -> str:
    """The paragraph of a rules text that opens with `lead` ("Playing.")."""
    found = [p for p in text.split("\n\n") if p.strip().startswith(lead)]
    assert len(found) == 1, (lead, text[:80])
    return found[0]


def pairs_of(ruleset) -> set[tuple[str, str]]:
    """The pairs of ranks that sum to the pair sum, the lower value first (both sums
    are odd: no rank pairs with its own kind)."""
    values = ruleset.rules().values
    target = ruleset.rules().pair_sum
    assert target % 2 == 1
    return {
        (a, b) for a in values for b in values if values[a] + values[b] == target > 2 * values[a]
    }


# -- the pyramid games ---------------------------------------------------------------


@pytest.mark.parametrize("ruleset", PYRAMIDS, ids=lambda r: r.id)
def test_a_pyramid_game_s_rules_name_its_pair_sum_in_both_languages(ruleset):
    target = ruleset.rules().pair_sum
    en, ru = texts(ruleset)
    assert f"add up to {target}:" in en
    assert f"в сумме дают {target}:" in ru
    # the Playing paragraph names it too: «дающие нужную сумму» left a newcomer to look up
    assert f"add up to {target} to remove them" in paragraph(en, "Playing.")
    assert f"дающие в сумме {target}," in paragraph(ru, "Как играть.")


@pytest.mark.parametrize("ruleset", PYRAMIDS, ids=lambda r: r.id)
def test_a_pyramid_game_s_rules_list_exactly_the_pairs_its_values_make(ruleset):
    expected = pairs_of(ruleset)
    en, ru = texts(ruleset)
    names = "|".join(EN_RANK.values())
    said_en = set(re.findall(rf"\b({names}) with ({names})\b", en))
    assert said_en == {(EN_RANK[a], EN_RANK[b]) for a, b in expected}
    subjects = "|".join(n for n, _i in RU_RANK.values())
    objects = "|".join(i for _n, i in RU_RANK.values())
    said_ru = set(re.findall(rf"(?i)\b({subjects}) с ({objects})\b", ru))
    assert {(a.lower(), b) for a, b in said_ru} == {
        (RU_RANK[a][0], RU_RANK[b][1]) for a, b in expected
    }


@pytest.mark.parametrize("ruleset", PYRAMIDS, ids=lambda r: r.id)
def test_a_pyramid_game_s_rules_give_every_card_its_value(ruleset):
    rules = ruleset.rules()
    en, ru = texts(ruleset)
    values_en, values_ru = paragraph(en, "Values:"), paragraph(ru, "Очки:")
    for rank, value in rules.values.items():
        face = rank in "23456789T"
        if face:  # said once for all ("Six to Ten count their face value")
            assert "face value" in values_en and "по номиналу" in values_ru
            continue
        assert re.search(rf"\b{EN_RANK[rank]}( counts)? {value}\b", values_en), rank
        assert re.search(rf"{RU_RANK[rank][0]}\s— {value}\b", values_ru), rank
    for rank in rules.alone_ranks:
        assert f"A {EN_RANK[rank]} is worth {rules.pair_sum} by itself" in en
        assert f"{RU_RANK[rank][0].capitalize()} сам по себе стоит {rules.pair_sum}" in ru


@pytest.mark.parametrize("ruleset", PYRAMIDS, ids=lambda r: r.id)
def test_a_pyramid_game_s_rules_say_its_deal_and_its_win(ruleset):
    rules = ruleset.rules()
    cards = rules.deck.size
    in_pyramid = rules.rows * (rules.rows + 1) // 2
    en, ru = texts(ruleset)
    assert en.lower().startswith(f"one deck of {cards} cards. {EN_NUMBER[in_pyramid]} cards")
    assert f"pyramid of {EN_NUMBER[rules.rows]} rows" in en
    assert f"all {cards} cards are removed" in en
    i18n.set_language("ru")
    try:
        all_cards = i18n.n_("{n} card", "{n} cards", cards)
    finally:
        i18n.set_language("en")
    assert ru.lower().startswith(f"одна колода в {all_cards}. {RU_CARDS[in_pyramid]}")
    assert f"пирамидой {RU_ROWS[rules.rows]}" in ru
    assert f"убраны все {all_cards}" in ru


# -- the building games --------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BUILDING, ids=lambda r: r.id)
def test_a_building_game_s_rules_count_its_piles_and_their_limit(ruleset):
    rules = ruleset.rules()
    piles_option = next((o for o in ruleset.options if o.key == "piles"), None)
    counts = list(piles_option.choices) if piles_option else [rules.piles]
    en, ru = (t.lower() for t in texts(ruleset))
    for n, word in EN_NUMBER.items():
        if n in RU_PILES:  # each count the game may deal is named, and no other
            said_en = re.search(rf"\b{word}(,| or|( \w+)? piles)", en)
            said_ru = re.search(rf"\b{RU_PILES[n]}(,| или| стоп)", ru)
            assert bool(said_en) == (n in counts), (word, counts)
            assert bool(said_ru) == (n in counts), (n, counts)
    assert f"never holds more than {EN_NUMBER[rules.pile_limit]} cards" in en
    assert "не бывает больше шестнадцати карт" in ru and rules.pile_limit == 16


# -- every game ----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS.values(), ids=lambda r: r.id)
def test_the_rules_say_the_passes_each_choice_of_the_option_gives(ruleset):
    en, ru = texts(ruleset)
    assert "one pass through" in en and re.search(r"проходят (только )?один раз", ru)
    option = next((o for o in ruleset.options if o.key == "passes"), None)
    for n in option.choices[1:] if option else ():
        assert f"({EN_NUMBER[n]} with the option" in en
        assert f"(на выбор — {RU_TIMES[n]}" in ru


@pytest.mark.parametrize("ruleset", RULESETS.values(), ids=lambda r: r.id)
def test_the_rules_say_how_a_second_pass_is_made_where_there_is_one(ruleset):
    # "Click or tap the stock to turn it" said nothing of the empty stock's press, the
    # one way to turn the waste over that two or three passes offer
    waste = "reserve" if ruleset.family == "pyramid" else "waste"
    ru_waste = "резерв" if ruleset.family == "pyramid" else "талон"
    en, ru = texts(ruleset)
    playing_en, playing_ru = paragraph(en, "Playing."), paragraph(ru, "Как играть.")
    offered = any(o.key == "passes" for o in ruleset.options)
    assert (f"the same turns the {waste} over" in playing_en) == offered
    assert (f"переворачивает {ru_waste}" in playing_ru) == offered


@pytest.mark.parametrize("ruleset", RULESETS.values(), ids=lambda r: r.id)
def test_a_strict_gap_is_not_said_to_stay_empty_where_a_new_pass_fills_it(ruleset):
    # with two passes the turned waste fills every gap from the new stock, strict or not
    en, ru = texts(ruleset)
    strict = any(o.key == "to_piles" for o in ruleset.options)
    assert "stays empty" not in en and "остаётся пустым" not in ru
    if strict:
        assert "with the strict option, nothing: only the stock fills it" in en
        assert "по строгим правилам — ничего: занять его может только колода" in ru


# -- our own words ---------------------------------------------------------------------

# the old books' texts the rules were written from are not in the repository: a folder
# of them (*.txt) named by PIRAMIDA_SEEDS is checked
SEEDS = Path(os.environ.get("PIRAMIDA_SEEDS") or "/nonexistent")
COPIED_WORDS = 6  # a run this long shared with a seed is a copied phrase


def words(text: str) -> list[str]:
    return re.findall(r"[а-яёa-z0-9]+", text.lower().replace("ё", "е"))


@pytest.mark.skipif(not SEEDS.is_dir(), reason="PIRAMIDA_SEEDS names no folder of source texts")
def test_no_rules_text_copies_a_run_of_words_from_the_seeds():
    seed_words = words(" ".join(p.read_text("utf-8") for p in sorted(SEEDS.glob("*.txt"))))
    assert seed_words, SEEDS
    runs = {
        tuple(seed_words[i : i + COPIED_WORDS]) for i in range(len(seed_words) - COPIED_WORDS + 1)
    }
    copied = []
    for ruleset in RULESETS.values():
        for lang, text in ruleset.text.items():
            for key in ("summary", "rules"):
                w = words(text[key])
                copied += [
                    f"{ruleset.id} {lang} {key}: {' '.join(w[i : i + COPIED_WORDS])}"
                    for i in range(len(w) - COPIED_WORDS + 1)
                    if tuple(w[i : i + COPIED_WORDS]) in runs
                ]
    assert not copied, "\n".join(copied)
