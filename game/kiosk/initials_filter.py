"""Initials a public screen does not show: the game's list of words (hidden_initials.txt)
and the operator's, each read in every form a passer-by could write it in (either
alphabet's look-alike letters, digits for letters)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from game.store.scores import NO_INITIALS

HIDDEN_INITIALS_FILE = Path(__file__).with_name("hidden_initials.txt")
# Latin letters and the Cyrillic ones they look like: either spells the same to a reader
_LOOKALIKES = ("ABCEHKMOPTXY", "АВСЕНКМОРТХУ")
_AS_CYRILLIC = str.maketrans(*_LOOKALIKES)
_AS_LATIN = str.maketrans(_LOOKALIKES[1], _LOOKALIKES[0])
# and the digits written for letters: the wheel has digits, and C0K and A55 were shown
_DIGITS_AS_LETTERS = str.maketrans("0134578", "OIEASTB")
# and as the Cyrillic letters they look like: ПИ3, Е6А and СУ4 were shown
_DIGITS_AS_CYRILLIC = str.maketrans("034678", "ОЗЧБТВ")


@cache
def hidden_initials() -> frozenset[str]:
    """The initials a public screen shows as NO_INITIALS (hidden_initials.txt)."""
    lines = HIDDEN_INITIALS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def hidden_forms(more: frozenset[str] = frozenset()) -> frozenset[str]:
    """The initials the game's list hides, and `more` (the operator's), each in every
    form it is read in: made once, not at every entry of every table shown."""
    return hidden_initials() | {form for word in more for form in _forms(word)}


def shown_initials(initials: str, hidden: frozenset[str] | None = None) -> str:
    """The initials as the kiosk's tables show them: NO_INITIALS for a hidden word
    (`hidden`, see hidden_forms; the game's list by default), in whichever alphabet its
    letters were taken from, and with digits for the letters they look like."""
    hidden = hidden_initials() if hidden is None else hidden
    return NO_INITIALS if _forms(initials) & hidden else initials


def _forms(initials: str) -> set[str]:
    """Initials as written, and as read: digits as the letters they look like in
    either alphabet, and every look-alike letter in either alphabet."""
    forms = {initials}
    for digits in (_DIGITS_AS_LETTERS, _DIGITS_AS_CYRILLIC):
        read = initials.translate(digits)
        forms |= {read, read.translate(_AS_CYRILLIC), read.translate(_AS_LATIN)}
    return forms
