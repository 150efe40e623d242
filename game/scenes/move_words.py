"""A move in words, as the table's hint says it ("7♠ onto 8♦", "turn 3 cards from the
stock"): the cards named as the faces show them, in the player's language."""

from __future__ import annotations

from game import i18n
from game.i18n import _
from game.rules import Game, Move
from game.rules.moves import (
    FOUNDATION,
    MOVE,
    PAIR,
    REDEAL_MOVE,
    SINGLE,
    STOCK_TURN,
    TABLEAU,
    pile_kind,
)

# What a game's rules forbid of a kind of move, whatever the cards: said as the reason
# a card has nowhere to go where it stands for every pile
RULES_OF_A_KIND = frozenset({"piles_take_nothing", "pile_to_pile"})


def move_words(game: Game, move: Move) -> str:
    """A move in words, as a hint says it: the cards it moves, by their names."""
    if move == STOCK_TURN:
        if game.pairs_cards:  # its card lies face up: it is moved, not turned
            card = i18n.card_name(game.pile("st")[-1])
            return _("put {card} from the stock on the reserve", card=card)
        if game.cards_per_turn > 1:  # "turn a card" read as one (95 to 92)
            return _("turn {count} cards from the stock", count=game.cards_per_turn)
        return _("turn the stock")
    if move == REDEAL_MOVE:
        if game.pairs_cards:
            return _("turn the reserve over into the stock")
        return _("turn the waste over into the stock")
    piles = (move.a, move.b)
    cards = [i18n.card_name(game.pile(n)[-1]) for n in piles if n and game.pile(n)]
    if move.kind == PAIR:
        return _("remove {a} and {b}", a=cards[0], b=cards[1])
    if move.kind == SINGLE:
        return _("remove {a}", a=cards[0])
    target = game.pile(move.b)
    if pile_kind(move.b) == FOUNDATION:
        return _("{card} to a foundation", card=cards[0])
    if target:
        return _("{card} onto {other}", card=cards[0], other=i18n.card_name(target[-1]))
    return _("{card} into the gap", card=cards[0])


def nowhere_to_go(game: Game, pile: str) -> str:
    """That the top card of `pile` has nowhere to go, and where a rule of the game keeps
    it off every pile, that rule: in a strict game a finger's tap on the waste said
    no more than of any card blocked, where a drag named the rule."""
    said = _("{card} has nowhere to go now.", card=i18n.card_name(game.pile(pile)[-1]))
    others = [n for n in game.pile_names if pile_kind(n) == TABLEAU and n != pile]
    reasons = [game.refusal_reason(Move(MOVE, pile, n)) for n in others]
    kinds = {r.key if r is not None else "" for r in reasons}
    first = reasons[0] if reasons else None
    if first is not None and kinds == {first.key} and first.key in RULES_OF_A_KIND:
        return said + " " + i18n.refusal(first)
    return said
