"""The rules of Piramida: pure Python, no pygame.

A game is a deal (ruleset, options, deal number or deck) plus a log of player
actions; its state is the fold of their events. The public surface:

- `Game`: play, undo, redo, legal moves, outcome, score, replay.
- `rulesets()`, `get_ruleset()`: the rulesets read from `levels/`.
- `parse_move`, `Move`; `Event` and its kinds; `IllegalMove` and the other errors.
- `game.rules.moves`: the kinds of moves and of piles (`STOCK_TURN`, `REDEAL_MOVE`, `pair`,
  `pile_kind`), and `game.rules.events`: the kinds of events, for those who read them.
"""

from .cards import (
    ALL_CARDS,
    DECKS,
    RANKS,
    SUITS,
    Card,
    DeckKind,
    parse_card,
    parse_deck,
    random_deal,
)
from .engine import Engine, State
from .errors import (
    REFUSALS,
    IllegalMove,
    LevelError,
    Refusal,
    ReplayError,
    ReplayMoveError,
    RulesError,
)
from .events import Event
from .game import Action, Game, LegalMoves, Outcome, Score, make_engine
from .moves import Move, parse_move
from .replay import (
    check_claim,
    check_figures,
    new_game,
    parse_replay_text,
    position_json,
    replay_moves,
    run_replay,
)
from .ruleset import (
    Option,
    Rules,
    Ruleset,
    get_ruleset,
    level_problems,
    load_ruleset,
    rulesets,
)

__all__ = [
    "ALL_CARDS",
    "DECKS",
    "RANKS",
    "REFUSALS",
    "SUITS",
    "Action",
    "Card",
    "DeckKind",
    "Engine",
    "Event",
    "Game",
    "IllegalMove",
    "LegalMoves",
    "LevelError",
    "Move",
    "Option",
    "Outcome",
    "Refusal",
    "ReplayError",
    "ReplayMoveError",
    "Rules",
    "RulesError",
    "Ruleset",
    "Score",
    "State",
    "check_claim",
    "check_figures",
    "get_ruleset",
    "level_problems",
    "load_ruleset",
    "make_engine",
    "new_game",
    "parse_card",
    "parse_deck",
    "parse_move",
    "parse_replay_text",
    "position_json",
    "random_deal",
    "replay_moves",
    "rulesets",
    "run_replay",
]
