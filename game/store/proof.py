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
