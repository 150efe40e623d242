"""A hint's move in words, case by case, as a mutation round found some untested: a
card into an empty pile, a pair in the order the hint's piles name them, a turn of
the stock that turns one card, and a redeal in the games with and without a reserve."""

from dataclasses import dataclass, field

import pytest

from game.rules import Move
from game.rules.moves import MOVE, PAIR, REDEAL_MOVE, SINGLE, STOCK_TURN
from game.scenes.move_words import move_words


@dataclass
class Table:
    """A table as move_words reads one: its piles (bottom to top), how it turns."""

    piles: dict[str, list[str]] = field(default_factory=dict)
    pairs_cards: bool = False
    cards_per_turn: int = 1

    def pile(self, name: str) -> list[str]:
        return self.piles.get(name, [])


@pytest.mark.parametrize(
    ("table", "move", "said"),
    [
        (Table({"t1": ["KS", "9D"], "t2": []}), Move(MOVE, "t1", "t2"), "9♦ into the gap"),
        (Table({"t1": ["KS", "9D"], "t2": ["2C", "TH"]}), Move(MOVE, "t1", "t2"), "9♦ onto 10♥"),
        (Table({"t1": ["KS", "2D"], "f1": ["AD"]}), Move(MOVE, "t1", "f1"), "2♦ to a foundation"),
        (Table({"t1": ["KS", "2D"], "f1": []}), Move(MOVE, "t1", "f1"), "2♦ to a foundation"),
        (
            Table({"p7.1": ["5H"], "w": ["8C"]}, pairs_cards=True),
            Move(PAIR, "w", "p7.1"),
            "remove 8♣ and 5♥",
        ),
        (Table({"p7.1": ["KH"]}, pairs_cards=True), Move(SINGLE, "p7.1", ""), "remove K♥"),
        (Table({"st": ["2S", "3S"]}, cards_per_turn=1), STOCK_TURN, "turn the stock"),
        (
            Table({"st": ["2S", "3S", "4S"]}, cards_per_turn=3),
            STOCK_TURN,
            "turn 3 cards from the stock",
        ),
        # three at a time with two left in the stock turns two
        (Table({"st": ["2S", "3S"]}, cards_per_turn=2), STOCK_TURN, "turn 2 cards from the stock"),
        (
            Table({"st": ["2S", "7H"]}, pairs_cards=True),
            STOCK_TURN,
            "put 7♥ from the stock on the reserve",
        ),
        (Table(pairs_cards=True), REDEAL_MOVE, "turn the reserve over into the stock"),
        (Table(), REDEAL_MOVE, "turn the waste over into the stock"),
    ],
    ids=[
        "gap",
        "onto",
        "foundation",
        "empty-foundation",
        "pair",
        "single",
        "turn-one",
        "turn-three",
        "turn-two",
        "to-reserve",
        "redeal-reserve",
        "redeal-waste",
    ],
)
def test_a_move_is_said_by_the_cards_it_moves(english, table, move, said):
    assert move_words(table, move) == said
