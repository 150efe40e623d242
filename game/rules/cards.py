"""Cards, decks, the cyclic rank order and numbered deals.

A card is its canonical two-letter name: rank then suit (`"TH"`, `"AS"`,
`"6C"`). Two decks of 52 hold every card twice; duplicates are equal
strings, which is exactly "indistinguishable".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import quoted

Card = str
_random = random.Random()

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
ALL_CARDS: tuple[Card, ...] = tuple(r + s for s in SUITS for r in RANKS)


RANDOM_DEALS = 10**9  # a random deal is drawn from 0 .. RANDOM_DEALS - 1: nine digits to type


def random_deal(rng: random.Random | None = None) -> int:
    """A deal number drawn at random (from `rng`, or the module's generator)."""
    return (rng or _random).randrange(RANDOM_DEALS)


def parse_card(text: str) -> Card:
    """Read a card as a player may write it: `th`, `10H`, `T♥`. Raises ValueError."""
    t = text.strip().upper()
    if t and t[-1] in SUIT_SYMBOLS:
        t = t[:-1] + SUIT_SYMBOLS[t[-1]]
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(
            f"'{quoted(text)}' is not a card (rank A 2-9 T or 10 J Q K, suit S H D C or ♠ ♥ ♦ ♣)"
        )
    return t


@dataclass(frozen=True)
class DeckKind:
    """One kind of deck: its ranks in cyclic building order and how many copies."""

    name: str
    cycle: str
    copies: int = 1

    @property
    def run_length(self) -> int:
        """Cards in one whole suit run (a complete foundation)."""
        return len(self.cycle)

    @property
    def size(self) -> int:
        return len(self.cycle) * 4 * self.copies

    def up(self, r: str) -> str:
        """The next rank in the cycle (`K` → `A` in 52 cards, `A` → `6` in 36)."""
        return self.cycle[(self.cycle.index(r) + 1) % len(self.cycle)]

    def down(self, r: str) -> str:
        return self.cycle[self.cycle.index(r) - 1]

    def unshuffled(self) -> list[Card]:
        """Suits S H D C, each from the lowest rank of the cycle; copies one after another."""
        one = [r + s for s in SUITS for r in self.cycle]
        return one * self.copies

    def shuffled(self, deal: int) -> list[Card]:
        """Deal number `deal`: the shuffle every platform and version must reproduce.

        It relies only on what Python promises: `Random(seed).random()` yields the
        same sequence for a given seed.
        """
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 0:
            raise ValueError(f"a deal number is a non-negative integer, not {deal!r}")
        cards = self.unshuffled()
        rng = random.Random(deal)
        for i in range(len(cards) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    @property
    def described(self) -> str:
        """The kind in words: "a 36-card deck", "two 52-card decks"."""
        size, copies = self.size // self.copies, self.copies
        count = {2: "two"}.get(copies, str(copies))
        return f"a {size}-card deck" if copies == 1 else f"{count} {size}-card decks"

    def check(self, cards: Sequence[Card]) -> None:
        """Refuse a deck that is not exactly this kind of deck (ValueError)."""
        if len(cards) != self.size:
            raise ValueError(
                f"the deck must have {self.size} cards for {self.described}, it has {len(cards)}"
            )
        counts = Counter(cards)
        strangers = sorted(set(counts) - set(self.unshuffled()), key=str)
        if strangers:
            # named first: the card it stands in for is only missing because of it
            raise ValueError(f"{strangers[0]} is not a card of {self.described}")
        # a card too many named before the card it pushed out, which is only missing
        # because of it
        too_many = [card for card in self.unshuffled() if counts[card] > self.copies]
        for card in too_many or self.unshuffled():
            if counts[card] != self.copies:
                times = (
                    "once"
                    if self.copies == 1
                    else "twice"
                    if self.copies == 2
                    else (f"{self.copies} times")
                )
                hold = "holds" if self.copies == 1 else "hold"
                raise ValueError(
                    f"{card} is in the deck {counts[card]} times;"
                    f" {self.described} {hold} it {times}"
                )


DECKS: dict[str, DeckKind] = {
    "52": DeckKind("52", "A23456789TJQK"),
    "36": DeckKind("36", "6789TJQKA"),
    "32": DeckKind("32", "789TJQKA"),
    "2x52": DeckKind("2x52", "A23456789TJQK", copies=2),
}


def parse_deck(text: str | Iterable[str], kind: DeckKind) -> list[Card]:
    """Read a deck string (first card = top of the deck) and check it is `kind`."""
    words = text.split() if isinstance(text, str) else list(text)
    cards = [parse_card(w) for w in words]
    kind.check(cards)
    return cards
