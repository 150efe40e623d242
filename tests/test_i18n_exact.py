"""Languages as a mutation round found them untested: a catalogue of two plural forms,
a catalogue that says nothing of how its language writes numbers and dates, parts of a
catalogue of the wrong kind, each language's own name, the initials' letters, a clock
at a whole hour, and a level file's name with no word in the current language."""

from datetime import date

import pytest

from game import i18n
from game.rules.errors import Refusal


@pytest.fixture
def locale(tmp_path, monkeypatch):
    """Write `xx.toml` and play in it; English and fresh catalogues afterwards."""

    def write(text: str) -> None:
        (tmp_path / "xx.toml").write_text(text, encoding="utf-8")
        i18n.catalogue.cache_clear()
        i18n.set_language("xx")

    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    yield write
    i18n.set_language("en")
    i18n.catalogue.cache_clear()


def test_a_language_of_two_plural_forms_says_one_and_many(locale):
    # [plurals] takes two forms (one, many) as well as Russian's three
    locale('[plurals]\n"{n} card" = ["{n} karta", "{n} kartas"]\n')
    said = [i18n.n_("{n} card", "{n} cards", n) for n in (1, 0, 2, 5, 21)]
    assert said == ["1 karta", "0 kartas", "2 kartas", "5 kartas", "21 kartas"]


def test_plural_forms_that_are_not_all_text_read_as_english(locale):
    locale('[plurals]\n"{n} card" = ["{n} karta", 5]\n')
    assert i18n.n_("{n} card", "{n} cards", 5) == "5 cards"


def test_a_language_that_says_nothing_of_numbers_writes_them_as_english(locale):
    # no [language] table: a point, no space before the percent sign, a year first
    locale('[messages]\n"Play" = "Pleya"\n')
    assert i18n._("Play") == "Pleya"
    assert i18n.decimal(718.44, 1) == "718.4"
    assert i18n.percent(0.7) == "70%"
    assert i18n.date_text(date(2026, 12, 3)) == "2026-12-03"


def test_parts_of_a_catalogue_that_are_no_tables_read_as_english(locale):
    # a damaged catalogue's `messages = 5` or pile of one word closed the window
    locale('messages = 5\nrefusals = "x"\n[piles]\nstock = "kolo"\n')
    assert i18n._("Play") == "Play"
    assert i18n.refusal(Refusal("empty", {"pile": "st"})) == "The stock is empty."


def test_each_language_is_named_in_its_own_words_whatever_the_current_one():
    # the Settings' language choice: «Русский» for a player who reads no English
    assert [i18n.language_name(code) for code in ("en", "ru")] == ["English", "Русский"]
    i18n.set_language("ru")
    assert [i18n.language_name(code) for code in ("en", "ru")] == ["English", "Русский"]


def test_the_initials_wheel_offers_the_current_language_s_letters_first_then_the_others():
    i18n.set_language("ru")
    letters = i18n.alphabets()
    assert letters.startswith("АБВГД") and "ABCDEFGHIJKLMNOPQRSTUVWXYZ" in letters
    i18n.set_language("en")
    assert i18n.alphabets().startswith("ABCDEF") and "АБВГД" in i18n.alphabets()


def test_a_whole_hour_is_read_as_an_hour():
    assert i18n.clock_text(3600) == "1:00:00"
    assert i18n.clock_text(3599.99) == "59:59"


def test_a_level_s_name_without_the_current_language_is_read_in_english():
    # a level file may name its level in English and another language the game lacks
    i18n.set_language("ru")
    assert i18n.localized({"de": "Stufe", "en": "Level"}) == "Level"
    assert i18n.localized({"en": "Level", "ru": "Уровень"}) == "Уровень"
    assert i18n.localized({"de": "Stufe"}) == "Stufe"


def test_a_suit_is_named_in_the_language_s_words():
    # «… этой масти (hearts)»: the rank was Russian, the suit English
    taken = Refusal("foundation_suit_taken", {"card": "2H", "pile": "f2", "rank": "2", "suit": "H"})
    i18n.set_language("ru")
    said = i18n.refusal(taken)
    assert "(червы)" in said and "hearts" not in said


def test_a_rank_is_said_in_the_current_language_s_words():
    # the table's tips name a card's partner by its rank: «нужна девятка», not "a 9"
    i18n.set_language("ru")
    assert [i18n.rank_word(rank) for rank in ("9", "A", "Q")] == ["девятка", "туз", "дама"]
    i18n.set_language("en")
    assert i18n.rank_word("9") != "девятка"
