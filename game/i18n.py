"""Every text the player reads goes through here, gettext style: `_("New deal")`.

English is the message id; other languages are catalogues in `assets/locale/`
(TOML: [messages] for text, [plurals] for counted text, [refusals], [ranks],
[suits] and [piles] for the rules module's reasons). A missing translation falls back
to English, and a test checks that Russian misses nothing.
"""

from __future__ import annotations

import logging
import math
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from typing import Any, TypeVar

from game.paths import LOCALE_DIR, mend
from game.rules.errors import RANK_WORDS, REFUSALS, SUIT_WORDS, Refusal
from game.rules.ruleset import LANGUAGES

T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Catalogue:
    language: str
    messages: Mapping[str, str] = field(default_factory=dict)
    plurals: Mapping[str, list[str]] = field(default_factory=dict)
    refusals: Mapping[str, str] = field(default_factory=dict)
    ranks: Mapping[str, str] = field(default_factory=dict)
    suits: Mapping[str, str] = field(default_factory=dict)
    piles: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # how the language is written: its own name, its letters (the initials' wheel),
    # a decimal comma (718,4), a space before the percent sign (70 %), and a day's
    # date (strftime's form: 2026-12-03, 03.12.2026)
    name: str = "English"
    alphabet: str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    decimal_comma: bool = False
    percent_space: bool = False
    date_form: str = "%Y-%m-%d"


# A pile's code in words, for the refusals the game shows (the command line keeps the
# codes): each kind of pile with its forms. A refusal says `{pile}`; a language whose
# words change after a preposition adds forms, which its templates ask for as
# `{pile_to}` (where a card goes: "на стопку 3") and `{pile_at}` (where it lies: "в
# стопке 3"). English needs the one.
# On the table no pile shows a number: the game names a pile or a foundation a card
# is refused on by its top card ("the 9♥ pile"), or as "this empty place" (the
# refused place is marked); the `_top` and `_empty` kinds. The command line keeps
# the numbers.
PILE_WORDS: Mapping[str, Mapping[str, str]] = {
    "stock": {"": "the stock"},
    "waste": {"": "the waste"},
    "foundation": {"": "foundation {n}"},
    "foundation_top": {"": "the {top} foundation"},
    "foundation_empty": {"": "this empty foundation"},
    "pile": {"": "pile {n}"},
    "pile_top": {"": "the {top} pile"},
    "pile_empty": {"": "this empty place"},
    "pyramid": {"": "card {n} of row {row}"},
}
# the refusals whose pile is where the card was to go, and so is named by its top
NAMED_BY_TOP = frozenset(
    {
        "needs",
        "foundation_full",
        "foundation_base",
        "foundation_suit_taken",
        "foundation_start",
        "pile_needs",
        "pile_needs_round",
        "pile_full",
        "pile_takes_waste_only",
    }
)
PILE_CODES = (  # the spec's pile names, and the kind each names
    (re.compile(r"st"), "stock"),
    (re.compile(r"w"), "waste"),
    (re.compile(r"f(?P<n>\d+)"), "foundation"),
    (re.compile(r"t(?P<n>\d+)"), "pile"),
    (re.compile(r"p(?P<row>\d+)\.(?P<n>\d+)"), "pyramid"),
)


# The game's English for refusals where it says more than the command line's (which
# names a place by its code, as the move was written): the card in sight, by its face.
GAME_REFUSALS: Mapping[str, str] = {
    "covered_by_two": "{card} is covered: first remove both cards lying on it",
    "covered_by_one": "{card} is covered: first remove the card lying on it",
    "onto_stock": "cards go back into the stock only when the waste is turned over",
    "pile_full": "{pile} already holds {limit}",  # {limit}: "16 cards", see COUNTED_CARDS
}
# A refusal's parameters that count cards: said with their noun in the language's plural
# forms (a level file may set a pile's limit to 21 or 1: «уже 21 карт», "1 cards")
COUNTED_CARDS = ("limit",)


@cache
def catalogue(language: str) -> Catalogue:
    if language == "en":
        return Catalogue(
            "en",
            refusals={**REFUSALS, **GAME_REFUSALS},
            ranks=RANK_WORDS,
            suits=SUIT_WORDS,
            piles=PILE_WORDS,
        )
    data = _locale_file(language)
    written = _table(data, "language")
    # a counted text of one form, or of none, closed the window as it was first shown
    plurals = {
        text: forms
        for text, forms in _table(data, "plurals").items()
        if isinstance(forms, list)
        and len(forms) in (2, 3)
        and all(isinstance(f, str) for f in forms)
    }
    return Catalogue(
        language,
        _texts(data, "messages"),
        plurals,
        {**REFUSALS, **_texts(data, "refusals")},
        {**RANK_WORDS, **_texts(data, "ranks")},
        {**SUIT_WORDS, **_texts(data, "suits")},
        {**PILE_WORDS, **{k: v for k, v in _table(data, "piles").items() if isinstance(v, dict)}},
        _written(written, "name", str, language),
        _written(written, "alphabet", str, ""),
        _written(written, "decimal_comma", bool, False),
        _written(written, "percent_space", bool, False),
        _written(written, "date_form", str, "%Y-%m-%d"),
    )


def _locale_file(language: str) -> dict[str, Any]:
    """A catalogue's file, or nothing where it cannot be read: its language then reads
    as English. The window closed on it at its start, in any language (the initials'
    wheel reads every alphabet)."""
    path = LOCALE_DIR / f"{language}.toml"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        log.error("the translation %s cannot be read (%s): %s", path, e, mend(path))
        return {}


def _table(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """A table of a catalogue's file; none where the file has something else there."""
    table = data.get(key)
    return table if isinstance(table, dict) else {}


def _texts(data: Mapping[str, Any], key: str) -> dict[str, str]:
    """A table of a catalogue's texts, without what is no text (`"Settings" = 5` closed
    the menu as it was drawn): English stands in for it."""
    return {k: v for k, v in _table(data, key).items() if isinstance(v, str)}


def _written(table: Mapping[str, object], key: str, kind: type[T], default: T) -> T:
    """A locale's `[language]` fact, or `default` when it is missing or of another type
    (`decimal_comma = "false"` is no yes)."""
    value = table.get(key, default)
    return value if isinstance(value, kind) else default


_current = catalogue("en")


def set_language(language: str) -> None:
    global _current
    _current = catalogue(language)


def language() -> str:
    return _current.language


def language_name(code: str) -> str:
    """A language's name in its own words ("Русский"), never translated."""
    return catalogue(code).name


def alphabets() -> str:
    """The letters of every language, the current one's first (initials are typed in
    any of them)."""
    others = "".join(catalogue(code).alphabet for code in LANGUAGES if code != _current.language)
    return _current.alphabet + others


def _(text: str, **params: object) -> str:
    """The text in the current language, with `{name}` parameters filled in."""
    translated = _current.messages.get(text, text)
    return translated.format(**params) if params else translated


def n_(singular: str, plural: str, count: int, **params: object) -> str:
    """Counted text (`n_("{n} card", "{n} cards", 3)`), with Russian's three plural forms."""
    forms = _current.plurals.get(singular)
    if forms:
        text = forms[_russian_form(count)] if len(forms) == 3 else forms[count != 1]
    else:
        text = singular if count == 1 else plural
    return text.format(n=count, **params)


def _russian_form(n: int) -> int:
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


# A card as the player sees it on its face: "10♥", "K♠" (the rules' codes are "TH", "KS")
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# The letters the faces carry, as the settings choose them: the international ones, or
# those of Russian packs (Туз, Король, Дама, Валет). The rules' codes never change.
CARD_LETTERS: dict[str, dict[str, str]] = {
    "latin": {"T": "10"},
    "russian": {"T": "10", "A": "Т", "K": "К", "Q": "Д", "J": "В"},
}
# The letters a language's players know from their own packs (the settings' "language")
LANGUAGE_LETTERS = {"en": "latin", "ru": "russian"}
CARD_PARAMS = ("card", "other", "needed")  # a refusal's parameters that hold a card
_letters = CARD_LETTERS["latin"]


def set_card_letters(style: str) -> None:
    """Name cards in words with the letters their faces carry (see CARD_LETTERS)."""
    global _letters
    _letters = CARD_LETTERS.get(style, CARD_LETTERS["latin"])


def rank_sign(rank: str, style: str | None = None) -> str:
    """A rank's code ("T", "Q") as a face shows it ("10", "Q" or "Д"): in the letters
    of `style`, else of the settings."""
    letters = _letters if style is None else CARD_LETTERS[style]
    return letters.get(rank, rank)


def rank_word(rank: str) -> str:
    """A rank in words, as the refusals name one: "a 9", «девятка»."""
    return _current.ranks[rank]


def card_name(code: str) -> str:
    """A card's code ("TH") as its face shows it ("10♥"); anything else as it is."""
    if len(code) != 2 or code[1] not in SUIT_SIGNS:
        return code
    return rank_sign(code[0]) + SUIT_SIGNS[code[1]]


def pile_words(code: str, top: str | None = None) -> dict[str, str]:
    """A pile's code ("t3") in the current language's words, in every form it has:
    {"pile": "pile 3"} (and "pile_to", "pile_at" where the language has them). Given
    its `top` card's code ("" when empty), a pile or a foundation is named by it
    instead ("the 9♥ pile"). A code that names no pile stays as it is."""
    for pattern, kind in PILE_CODES:
        found = pattern.fullmatch(code)
        if found:
            words = dict(found.groupdict())
            if top is not None and kind in ("pile", "foundation"):
                kind = f"{kind}_top" if top else f"{kind}_empty"
                words["top"] = card_name(top)
            forms = _current.piles[kind]
            return {
                f"pile_{form}" if form else "pile": text.format(**words)
                for form, text in forms.items()
            }
    return {"pile": code, "pile_to": code, "pile_at": code}


def refusal(reason: Refusal, top_of: Callable[[str], str | None] | None = None) -> str:
    """Why a move was refused, in the current language, its cards as their faces show
    them and its piles in words, as a sentence (the command line keeps the spec's
    codes, and the rules' lower-case start and bare end). With `top_of` (a pile's code to its top
    card's, "" when empty), the place a card was refused on is named by its top."""
    params = {k: card_name(str(v)) if k in CARD_PARAMS else v for k, v in reason.params.items()}
    for name in COUNTED_CARDS:
        if isinstance(params.get(name), int):
            params[name] = n_("{n} card", "{n} cards", params[name])
    if "pile" in params:
        code = str(params["pile"])
        top = top_of(code) if top_of is not None and reason.key in NAMED_BY_TOP else None
        params.update(pile_words(code, top))
    text = Refusal(reason.key, params).render(_current.refusals, _current.ranks, _current.suits)
    # ended as the table's other sentences are ("The stock is empty" stood bare beside
    # "Only the top card of a pile or of the waste can move.")
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?", "…")) else ".")


def localized(names: Mapping[str, str]) -> str:
    """Pick the current language from a `{en: ..., ru: ...}` table of a level file."""
    return names.get(_current.language) or names.get("en") or next(iter(names.values()))


def clock_text(seconds: float) -> str:
    """Time played as a clock shows it: 4:05, or 1:02:03 past an hour. It reads the time
    as a replay keeps it (to the hundredth, cut, with store.saved.cut_seconds' tiny
    addition): 88 s of the 60 Hz clock add up to 87.99999999999629 s, which read 1:27 on
    the results and in the Records, and 1:28 as the same game's replay was watched."""
    s = math.floor(seconds * 100 + 1e-6) // 100
    return (
        f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
    )


def percent(share: float) -> str:
    """A share (0..1) as a whole percentage, written as the current language writes it:
    "70%" in English, "70 %" in Russian (a no-break space before the sign). A half goes
    up, as on paper: 1 of 8 is 13% (round() gave 12, to the even number). Only all is
    100% and only nothing 0%: 199 games won of 200 read as "100%", 1 of 201 as "0%"."""
    number = math.floor(share * 100 + 0.5 + 1e-9)  # 29 of 200 is 14.499999999999998
    if 0 < share < 1:
        number = min(max(number, 1), 99)
    return f"{number}\u00a0%" if _current.percent_space else f"{number}%"


def date_text(day: date) -> str:
    """A day's date as the current language writes it: 2026-12-03, 03.12.2026."""
    return day.strftime(_current.date_form)


def decimal(value: float, digits: int) -> str:
    """A number with `digits` decimals, written as the current language writes them."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if _current.decimal_comma else text
