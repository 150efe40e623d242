"""Every text the player reads goes through here, gettext style: `_("New deal")`.

English is the message id; other languages are catalogues in `assets/locale/`
(TOML: [messages] for text, [plurals] for counted text, [refusals], [ranks]
and [suits] for the rules module's reasons). A missing translation falls back
to English, and a test checks that Russian misses nothing.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

from game.paths import ASSETS_DIR
from game.rules.errors import RANK_WORDS, REFUSALS, SUIT_WORDS, Refusal

LOCALE_DIR = ASSETS_DIR / "locale"


@dataclass(frozen=True)
class Catalogue:
    language: str
    messages: Mapping[str, str] = field(default_factory=dict)
    plurals: Mapping[str, list[str]] = field(default_factory=dict)
    refusals: Mapping[str, str] = field(default_factory=dict)
    ranks: Mapping[str, str] = field(default_factory=dict)
    suits: Mapping[str, str] = field(default_factory=dict)


@cache
def catalogue(language: str) -> Catalogue:
    if language == "en":
        return Catalogue("en", refusals=REFUSALS, ranks=RANK_WORDS, suits=SUIT_WORDS)
    data = tomllib.loads((LOCALE_DIR / f"{language}.toml").read_text(encoding="utf-8"))
    return Catalogue(
        language,
        data.get("messages", {}),
        data.get("plurals", {}),
        {**REFUSALS, **data.get("refusals", {})},
        {**RANK_WORDS, **data.get("ranks", {})},
        {**SUIT_WORDS, **data.get("suits", {})},
    )


_current = catalogue("en")


def set_language(language: str) -> None:
    global _current
    _current = catalogue(language)


def language() -> str:
    return _current.language


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
RANK_SIGNS = {"T": "10"}
CARD_PARAMS = ("card", "other", "needed")  # a refusal's parameters that hold a card


def card_name(code: str) -> str:
    """A card's code ("TH") as its face shows it ("10♥"); anything else as it is."""
    if len(code) != 2 or code[1] not in SUIT_SIGNS:
        return code
    return RANK_SIGNS.get(code[0], code[0]) + SUIT_SIGNS[code[1]]


def refusal(reason: Refusal) -> str:
    """Why a move was refused, in the current language, its cards as their faces show
    them (the command line keeps the spec's codes)."""
    params = {k: card_name(str(v)) if k in CARD_PARAMS else v for k, v in reason.params.items()}
    shown = Refusal(reason.key, params)
    return shown.render(_current.refusals, _current.ranks, _current.suits)


def localized(names: Mapping[str, str]) -> str:
    """Pick the current language from a `{en: ..., ru: ...}` table of a level file."""
    return names.get(_current.language) or names.get("en") or next(iter(names.values()))


# The languages that write a decimal comma (718,4), not a point
DECIMAL_COMMA = ("ru",)


def decimal(value: float, digits: int) -> str:
    """A number with `digits` decimals, written as the current language writes them."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if _current.language in DECIMAL_COMMA else text
