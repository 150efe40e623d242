"""Replays that prove a score: re-run the moves and compare the claim."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules import Game, check_claim, run_replay


def verify(replay: Mapping[str, Any]) -> Game:
    """The game the replay plays, once its `result` claim is confirmed.

    Raises ReplayError naming the illegal move (number, text, why) or the
    claimed figure that differs from what the moves give.
    """
    game = run_replay(replay)
    check_claim(game, replay.get("result"))
    return game


def outcome_text(game: Game) -> str:
    """One line for `piramida verify`: ruleset, deal, outcome, score."""
    options = ", ".join(f"{k}={v}" for k, v in game.options.items())
    ruleset = f"{game.ruleset.id} ({options})" if options else game.ruleset.id
    deal = f"deal {game.deal_number}" if game.deal_number is not None else "a given deck"
    outcome = {"won": "won", "no_moves": "no moves left", "resigned": "resigned"}.get(
        str(game.outcome), "in play"
    )
    score = game.score
    return (
        f"{ruleset}, {deal}, {outcome}, {score.remaining_points} points"
        f" ({score.remaining_cards} cards, {len(game.moves)} moves)"
    )
