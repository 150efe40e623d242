"""What the rules module raises, and why a move is refused, in words.

A refusal carries a key and its parameters, so the game can say it in the
player's language; `str()` gives the English sentence the command line prints.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

QUOTED_MOST = 40  # characters of someone's text that a message quotes back


def quoted(text: str) -> str:
    """Text from a file or a player, as a message quotes it: a long one is cut short,
    so that the message stays one line a person can read."""
    return text if len(text) <= QUOTED_MOST else text[: QUOTED_MOST - 1] + "…"


def json_text(value: object) -> str:
    """A value read from a file, quoted as JSON writes it (true, null, "1"): the words
    of whoever wrote the file, not Python's (True, None, '1')."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not from JSON after all (a TOML date, say)
        text = repr(value)
    return quoted(text)


# English sentences for each refusal key; the game's translations use the same keys.
REFUSALS: Mapping[str, str] = {
    "game_over": "the game is over",
    "bad_move": "'{text}' is not a move (write t3>f2, st>w, w>st, p7.1+p7.4, p7.2 or resign)",
    "no_pile": "there is no {pile} in this game",
    "empty": "{pile} is empty",
    # a pyramid card with both cards below it still in place, or one of them
    "covered_by_two": "{pile} is covered by two cards",
    "covered_by_one": "{pile} is covered by a card",
    "from_foundation": "a card on a foundation never leaves it",
    "stock_turns_only": "the stock only turns onto the waste (st>w)",
    "onto_waste": "no card can be put on {pile} except from the stock",
    "onto_stock": "only w>st puts cards back into the stock",
    "onto_stock_never": "no card goes back into the stock in this game",
    "onto_stock_no_pass": "no card goes back into the stock: no pass is left",
    "same_pile": "{card} is already on {pile}",
    "needs": "{card} cannot go on {pile}, which needs {needed}",
    "foundation_full": "{pile} is complete",
    "foundation_base": "{card} cannot go on {pile}: only {rank} begins it",
    "foundation_suit_taken": (
        "{card} cannot start {pile}: {rank} of {suit} already starts another foundation"
    ),
    "foundation_start": "{card} cannot go on {pile}: only {rank} begins it",
    "pile_needs": "{card} cannot go on {pile}, which needs {rank} (one rank down, any suit)",
    "pile_needs_round": (
        "{card} cannot go on {pile}, which needs {rank} (the ranks go round, any suit)"
    ),
    "pile_full": "{pile} already holds {limit} cards",
    "pile_to_pile": "cards never move from pile to pile in this game",
    "piles_take_nothing": "no card can be moved onto a pile in this game",
    "pile_takes_waste_only": "{pile} takes cards from the waste only",
    "gap_by_game": "the game itself fills an empty pile, from the waste",
    "stock_empty": "the stock is empty",
    "stock_not_empty": "the stock is not empty yet",
    "waste_empty": "the waste is empty",
    "no_passes": "no passes are left: the waste cannot go back into the stock",
    # the pyramid games' waste is the reserve (the spec's name, and the table's)
    "reserve_empty": "the reserve is empty",
    "no_passes_reserve": "no passes are left: the reserve cannot go back into the stock",
    "not_a_pair": "{card} and {other} make {total}, not {target}",
    "same_card": "a card cannot pair with itself",
    "goes_alone": "{card} is worth {target} and pairs with no card: it is removed alone",
    "not_single": "{card} is worth {value}: only a card worth {target} is removed alone",
    "removed": "{pile} is already removed",
}


# Parameters named `rank` and `suit` hold a rank or suit letter, said in words.
RANK_WORDS: Mapping[str, str] = {
    "A": "an Ace",
    "K": "a King",
    "Q": "a Queen",
    "J": "a Jack",
    "T": "a 10",
    "8": "an 8",
    **{r: f"a {r}" for r in "2345679"},
}
SUIT_WORDS: Mapping[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True)
class Refusal:
    """Why a move is illegal: a key of REFUSALS and the words it needs."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def render(
        self,
        templates: Mapping[str, str],
        rank_words: Mapping[str, str],
        suit_words: Mapping[str, str],
    ) -> str:
        """The refusal in a language given by its templates and words."""
        words = dict(self.params)
        if "rank" in words:
            words["rank"] = rank_words[str(words["rank"])]
        if "suit" in words:
            words["suit"] = suit_words[str(words["suit"])]
        return templates[self.key].format(**words)

    def __str__(self) -> str:
        return self.render(REFUSALS, RANK_WORDS, SUIT_WORDS)


class RulesError(ValueError):
    """Base of every error the rules module raises on bad input."""


class IllegalMove(RulesError):
    """A move the rules do not allow in this position."""

    def __init__(self, move: str, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.move = move
        self.refusal = refusal


class LevelError(RulesError):
    """A ruleset file that cannot be used: names the file, the key and the problem."""


class ReplayError(RulesError):
    """A replay file that cannot be read or re-run."""


class ReplayMoveError(ReplayError):
    """A replay's move that cannot be read or played: the message starts with the move
    (`move 14 't3>f2': ...`), as the spec gives it; `number` is that move's (from 1)."""

    def __init__(self, message: str, number: int = 0) -> None:
        super().__init__(message)
        self.number = number
