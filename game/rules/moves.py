"""Moves and their notation (`t3>f2`, `st>w`, `w>st`, `p7.1+p7.4`, `p7.2`, `resign`)."""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import IllegalMove, Refusal, quoted

MOVE = "move"
PAIR = "pair"
SINGLE = "single"
RESIGN = "resign"

# a number in a name has at most nine digits: one of thousands was read into an int at
# a cost that grows with its length, and Python refuses a string of 4,300 digits or more
_PILE = r"(?:st|w|f\d{1,9}|t\d{1,9}|p\d{1,9}\.\d{1,9})"
_MOVE_RE = re.compile(rf"^({_PILE})>({_PILE})$")
_PAIR_RE = re.compile(rf"^({_PILE})\+({_PILE})$")
_SINGLE_RE = re.compile(rf"^({_PILE})$")


# What a pile name names (the spec's notation): the kinds of piles
STOCK, WASTE, FOUNDATION, TABLEAU, PYRAMID, OUT = (
    "stock",
    "waste",
    "foundation",
    "pile",
    "pyramid",
    "out",
)
_KIND_BY_LETTER = {"f": FOUNDATION, "t": TABLEAU, "p": PYRAMID}


def pile_kind(name: str) -> str:
    """The kind of pile a name names: `st` the stock, `f3` a foundation, `p7.1` a place
    of the pyramid, `out` the pyramid games' removed cards."""
    if name == "st":
        return STOCK
    if name == "w":
        return WASTE
    if name == "out":
        return OUT
    return _KIND_BY_LETTER[name[0]]


def pyramid_row(name: str) -> int:
    """The row of a pyramid place (`p7.1` is in row 7), counted from the apex."""
    return int(name[1:].split(".")[0])


class Move(NamedTuple):
    """A player's move: `kind` is move, pair, single or resign; `a`, `b` name piles."""

    kind: str
    a: str = ""
    b: str = ""

    def __str__(self) -> str:
        if self.kind == MOVE:
            return f"{self.a}>{self.b}"
        if self.kind == PAIR:
            return f"{self.a}+{self.b}"
        if self.kind == SINGLE:
            return self.a
        return RESIGN


def reading_order(name: str) -> tuple[int, int, int]:
    """Canonical order of pyramid pair members: positions row by row, then st, then w."""
    if name.startswith("p"):
        row, col = name[1:].split(".")
        return (0, int(row), int(col))
    return (1, 0, 0) if name == "st" else (2, 0, 0)


def pair(a: str, b: str) -> Move:
    """A pair move with its two names in canonical order."""
    return Move(PAIR, a, b) if reading_order(a) <= reading_order(b) else Move(PAIR, b, a)


def parse_move(text: str | Move) -> Move:
    """Read a move written in the spec's notation (case-insensitive). Raises IllegalMove."""
    if isinstance(text, Move):
        if text.kind == PAIR and text.b:
            # in canonical order, as a pair written in text: "8C and 5D make 13, not 13"
            # refused a pair Move whose names came the other way round
            try:
                return pair(text.a, text.b)
            except ValueError:  # a name of no place: refused as it is
                return text
        return text
    t = text.strip().lower().replace(" ", "")
    if t == RESIGN:
        return Move(RESIGN)
    if m := _MOVE_RE.match(t):
        return Move(MOVE, m[1], m[2])
    if m := _PAIR_RE.match(t):
        return pair(m[1], m[2])
    if m := _SINGLE_RE.match(t):
        return Move(SINGLE, m[1])
    raise IllegalMove(text, Refusal("bad_move", {"text": quoted(text)}))


STOCK_TURN = Move(MOVE, "st", "w")
REDEAL_MOVE = Move(MOVE, "w", "st")  # the waste turned over into the stock (events.REDEAL)
