"""Replay files: read and check one, re-run it, and describe the position it reaches."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from .cards import parse_deck
from .errors import IllegalMove, ReplayError, ReplayMoveError, RulesError, json_text, quoted
from .game import Game
from .ruleset import get_ruleset

REPLAY_KEYS = ("version", "ruleset", "options", "deal", "deck", "moves", "result", "meta")
# Every integer below it is exactly one float; from it on, floats stand for several
# integers (9007199254740993.0 reads as 2**53)
EXACT_FLOAT = 2**53


def parse_replay_text(text: str) -> dict[str, Any]:
    try:
        data = json.loads(
            text,
            object_pairs_hook=_no_key_twice,
            parse_constant=_not_json,
            parse_int=_integer,
        )
    except json.JSONDecodeError as e:
        # CPython's "Unterminated string starting at" ends where the place is put: the
        # place said once (its wording is CPython's own; another's is left as it is)
        what = e.msg.removesuffix(" at")
        raise ReplayError(f"not a JSON replay: {what} at line {e.lineno} column {e.colno}") from e
    except RecursionError as e:
        raise ReplayError("not a JSON replay: nested too deeply") from e
    except ReplayError:
        raise
    except ValueError as e:  # e.g. an integer literal with more digits than Python converts
        raise ReplayError(f"not a JSON replay: {e}") from e
    if not isinstance(data, dict):
        raise ReplayError("a replay is a JSON object")
    return data


def _not_json(name: str) -> Any:
    """NaN and Infinity, which Python's reader takes and JSON has not."""
    raise ReplayError(f"not a JSON replay: {name} is not a JSON number")


def _integer(text: str) -> int:
    """An integer, or a clear refusal where Python would not convert it (4300 digits)."""
    digits = len(text.lstrip("-"))
    most = sys.get_int_max_str_digits()
    if most and digits > most:
        raise ReplayError(f"a number of {digits} digits is longer than this program reads ({most})")
    return int(text)


def _no_key_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different: a replay proves a score, and one
    with a key written twice would say two things (JSON readers keep either)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ReplayError(f"the key '{key}' is written twice in the replay")
        data[key] = value
    return data


def new_game(data: Mapping[str, Any]) -> Game:
    """The game a replay describes, at its deal, with no move played yet."""
    for key in data:
        if key not in REPLAY_KEYS:
            raise ReplayError(
                f"unknown key '{key}' in the replay (allowed: {', '.join(REPLAY_KEYS)})"
            )
    version = data.get("version", 1)
    if version != 1 or isinstance(version, bool):
        raise ReplayError(
            f"replay version {json_text(version)} is not supported (this program reads 1)"
        )
    ruleset_id = data.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise ReplayError("the replay names no ruleset ('ruleset' must be a string)")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ReplayError("'options' must be an object")
    # `result` and `meta` are not read here: `replay` ignores them (the spec), and
    # `verify` checks the result itself (check_claim)
    if ("deal" in data) == ("deck" in data):
        if data.get("deal", 0) is None:  # as `replay --json` writes a deck's deal
            raise ReplayError("'deal' is null: a replay that gives a 'deck' leaves 'deal' out")
        raise ReplayError("a replay gives either 'deal' or 'deck', not both and not neither")
    try:
        ruleset = get_ruleset(ruleset_id)
        if "deal" in data:
            deal = data["deal"]
            if isinstance(deal, float) and deal.is_integer() and abs(deal) < EXACT_FLOAT:
                # JSON makes no difference between 17 and 17.0; past 2**53 a number with
                # a fraction or an exponent is no longer the number written (1e30)
                deal = int(deal)
            elif isinstance(deal, float):  # 1e400 was said "got Infinity", 1e30 "1e+30"
                raise ReplayError(
                    "'deal' must be a whole number: a fraction, or an exponent past 2**53"
                    " (1e30), is not read as one"
                )
            if isinstance(deal, bool) or not isinstance(deal, int) or deal < 0:
                raise ReplayError(f"'deal' must be a non-negative integer, got {json_text(deal)}")
            return Game(ruleset, options, deal=deal)
        deck_text = data["deck"]
        if not isinstance(deck_text, str):
            raise ReplayError("'deck' must be a string of cards")
        kind = ruleset.rules(options).deck
        try:
            deck = parse_deck(deck_text, kind)
        except ValueError as e:
            raise ReplayError(f"bad deck: {e}") from e
        return Game(ruleset, options, deck=deck)
    except ReplayError:
        raise
    except RulesError as e:
        raise ReplayError(str(e)) from e


def replay_moves(data: Mapping[str, Any]) -> list[str]:
    """The replay's moves, as written (none when left out: the position dealt)."""
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise ReplayError("'moves' must be a list of move strings")
    for number, move in enumerate(moves, 1):
        if not isinstance(move, str):
            # quoted as every move is, so that "move N '…':" reads the same for all
            shown = json_text(move)
            raise ReplayMoveError(f"move {number} '{shown}': a move is written as a string", number)
    return moves


def run_replay(data: Mapping[str, Any]) -> Game:
    """Re-run a replay; an illegal move raises ReplayError naming it and saying why."""
    game = new_game(data)
    for number, text in enumerate(replay_moves(data), 1):
        try:
            game.play(text)
        except IllegalMove as e:
            raise ReplayMoveError(f"move {number} '{quoted(text)}': {e}", number) from e
    return game


def position_json(game: Game) -> dict[str, Any]:
    """The object `piramida replay --json` and `piramida deal --json` print."""
    score = game.score
    return {
        "ruleset": game.ruleset.id,
        "options": dict(game.options),
        "deal": game.deal_number,
        "moves": len(game.moves),
        "won": game.won,
        "over": game.over,
        "remaining_cards": score.remaining_cards,
        "remaining_points": score.remaining_points,
        "piles": piles_json(game),
        "legal": [str(m) for m in game.legal_moves],
    }


def piles_json(game: Game) -> dict[str, Any]:
    """Every pile by name, bottom to top; a pyramid position is its card or null."""
    piles: dict[str, Any] = {}
    for name in game.pile_names:
        if name == "out":
            continue
        cards = game.pile(name)
        if name.startswith("p"):
            piles[name] = cards[-1] if cards else None
        else:
            piles[name] = list(cards)
    if game.rules.family == "pyramid":
        # The spec lists the stock and reserve first.
        piles = {k: piles[k] for k in ("st", "w")} | {k: v for k, v in piles.items() if k[0] == "p"}
    return piles


def check_claim(game: Game, claim: object) -> None:
    """Compare a replay's `result` with what re-running it gave; ReplayError on a difference."""
    score = game.score
    actual = {
        "won": game.won,
        "remaining_cards": score.remaining_cards,
        "remaining_points": score.remaining_points,
        "moves": len(game.moves),
    }
    check_figures(claim, actual, "the replay")


def check_figures(claim: object, actual: Mapping[str, object], source: str) -> None:
    """A `result` claimed (of a replay, of an arcade run) against the figures `source`
    gives, key by key, each of them and no other; ReplayError on a difference."""
    if claim is None:
        raise ReplayError(f"{source} has no 'result' to verify")
    if not isinstance(claim, dict):
        raise ReplayError("'result' must be an object")
    for key in claim:
        if key not in actual:
            raise ReplayError(f"unknown key '{key}' in 'result'")
    for key, value in actual.items():
        if key not in claim:
            raise ReplayError(f"'result' lacks '{key}'")
        if claim[key] != value or isinstance(claim[key], bool) != isinstance(value, bool):
            raise ReplayError(
                f"claimed {key} {json.dumps(claim[key])} but {source} gives {json.dumps(value)}"
            )
