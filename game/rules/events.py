"""Events: what a move did to the table, card by card.

A game's state is the fold of its events over an empty table. The table scene
animates a move by reading its events, and undoes one by playing them backwards.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card

DEAL = "deal"  # a card dealt from the deck onto a pile (src is "deck")
MOVE = "move"  # the player's card from src to dst
TURN = "turn"  # a stock card turned onto the waste or reserve
REDEAL = "redeal"  # the whole waste turned over into the stock (a new pass)
REFILL = "refill"  # the game fills an empty pile from the stock or the waste
REMOVE = "remove"  # a pyramid card taken off the table (dst is "out")
RESIGN = "resign"  # the player gave up

DECK = "deck"
OUT = "out"


class Event(NamedTuple):
    kind: str
    src: str = ""
    dst: str = ""
    cards: tuple[Card, ...] = ()
