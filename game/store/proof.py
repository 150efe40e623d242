"""Replays that prove a score: re-run the moves and compare the claim.

A game's proof is its replay (the spec's file, with its `result`). An arcade run's is
a run file: the ladder's id, the replays of its games in the order played, and its
claimed `result` (levels cleared, points and cards left, moves):

    {"ladder": "classic", "games": [{...}, {...}],
     "result": {"levels": 2, "remaining_points": 40, "remaining_cards": 6, "moves": 180}}
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from game.ladder import Ladder, LevelResult, RunState, progress
from game.rules import (
    Game,
    ReplayError,
    ReplayMoveError,
    RulesError,
    check_claim,
    check_figures,
    replay_moves,
    run_replay,
)

if TYPE_CHECKING:
    from game.store.scores import ScoreEntry

log = logging.getLogger(__name__)

RUN_KEYS = frozenset({"ladder", "games", "result", "meta"})


def verify(replay: Mapping[str, Any]) -> Game:
    """The game the replay plays, once its `result` claim is confirmed.

    Raises ReplayError naming the illegal move (number, text, why) or the
    claimed figure that differs from what the moves give.
    """
    game = run_replay(replay)
    check_claim(game, replay.get("result"))
    return game


def checked_replays(replay: object) -> list[dict[str, Any]]:
    """The games a stored replay holds (an arcade run holds several, in the order
    played), each run through to its end: one that cannot be shown raises RulesError
    saying why (a run's game named by its number). A move that cannot be played is
    no such reason: the replay is shown up to it and stops there, saying why (a file
    edited by hand was not shown at all, and a run's games before it neither)."""
    if isinstance(replay, dict) and is_run(replay):
        # a run file with no games: as verify says it ("unknown key 'ladder' in the
        # replay" took it for one game's replay)
        games, held_by = replay.get("games"), "the run"
    else:
        games, held_by = [replay], "the replay"
    if not isinstance(games, list) or not games:
        raise ReplayError(f"{held_by} holds no game")
    for n, game in enumerate(games, 1):
        if not isinstance(game, dict):
            raise ReplayError("a game of the replay is not an object")
        try:
            replay_moves(game)  # each a string, or it cannot even be shown so far
            try:
                run_replay(game)
            except ReplayMoveError as e:
                log.info("the replay stops at move %d: %s", e.number, e)
        except RulesError as e:
            if len(games) == 1:
                raise
            raise ReplayError(f"game {n}: {e}") from e
    return games


def is_run(data: Mapping[str, Any]) -> bool:
    """Whether a file read is an arcade run's proof rather than one game's replay. A
    ladder with a list of games is a run, whatever else it holds, and a stray key of a
    game's ("ruleset", "deal") is refused as the run's (taken for a replay, it was
    refused for its own ladder). Otherwise one with a game's deal or moves is a replay,
    and an extra "games" or "ladder" is refused as its unknown key (taken for a run, it
    was sent to `verify`, which then blamed its ladder)."""
    if "ladder" in data and isinstance(data.get("games"), list):
        return True
    game_keys = ("deal", "deck", "moves")
    return ("ladder" in data or "games" in data) and not any(k in data for k in game_keys)


def run_result(state: RunState) -> dict[str, int]:
    """The claim a run file makes of its end (see verify_run)."""
    return {
        "levels": state.level,
        "remaining_points": state.points,
        "remaining_cards": state.cards,
        "moves": state.moves,
    }


def run_progress(ladder: Ladder, run: Mapping[str, Any]) -> RunState:
    """The run's state at its end, each game verified and checked to be the level the
    run was on when it was played, and the run over. ReplayError names what is wrong."""
    games = run.get("games")
    if run.get("ladder") != ladder.id:
        raise ReplayError(f"an arcade run holds the ladder's id ('{ladder.id}') and its games")
    if not isinstance(games, list) or not games:
        raise ReplayError("the run holds no game")
    results: list[LevelResult] = []
    for number, data in enumerate(games, 1):
        state = progress(ladder, results)
        if state.over(ladder):
            raise ReplayError(f"game {number} was played after the run was over")
        if not isinstance(data, dict):
            raise ReplayError(f"game {number} is not a replay")
        try:
            game = verify(data)
        except ReplayError as e:
            raise ReplayError(f"game {number}: {e}") from e
        if game.deal_number is None:
            # a deck given by hand may be stacked: the game's own tables take only
            # numbered deals, and a run's games are dealt so
            raise ReplayError(f"game {number} is on a given deck: a run's games are numbered deals")
        level = ladder.levels[state.level]
        if game.ruleset.id != level.ruleset or game.options != level.options:
            raise ReplayError(f"game {number} is not level {state.level + 1} of the ladder")
        if game.outcome is None:
            raise ReplayError(f"game {number} is not over")
        score = game.score
        results.append(
            LevelResult(
                game.won, score.remaining_points, score.remaining_cards, 0.0, game.moves_made
            )
        )
    state = progress(ladder, results)
    if not state.over(ladder):
        # a game left out of the file reads so: said with where the run stood
        lives = f"{state.lives} {'life' if state.lives == 1 else 'lives'}"
        played = f"{len(games)} {'game' if len(games) == 1 else 'games'}"
        raise ReplayError(
            f"the run is not over: after {played} it stands at level {state.level + 1}"
            f" with {lives} left (is a game missing?)"
        )
    return state


def run_proof(
    ladder: Ladder, replays: list[Mapping[str, Any]], meta: Mapping[str, Any]
) -> dict[str, Any]:
    """A run's file, to export: its games' replays as files for others, in the order
    played, and its result, checked here (ReplayError if the games prove no whole run
    of this ladder, as after the ladder's file changed)."""
    from game.store.saved import exported

    run: dict[str, Any] = {"ladder": ladder.id, "games": [exported(r) for r in replays]}
    run["result"] = run_result(run_progress(ladder, run))
    run["meta"] = dict(meta)
    return run


def entry_proof(entry: ScoreEntry, ladder: Callable[[], Ladder]) -> dict[str, Any]:
    """A high-score table's entry as a file for others, that proves its score: a game's
    replay with its claim, or an arcade run's file (of the ladder `ladder()` loads),
    with the initials it was entered under. RulesError if it proves nothing: the entry
    is damaged, or the ladder's file changed since the run (or cannot be read)."""
    from game.store.saved import exported

    replay = entry.replay
    if not isinstance(replay, dict):
        raise ReplayError("the entry holds no replay")
    if not is_run(replay):
        verify(replay)  # a file that `verify` refuses would prove nothing
        return exported(replay)
    games = replay.get("games")
    replays = [g for g in games if isinstance(g, dict)] if isinstance(games, list) else []
    meta = {"initials": entry.initials, "date": entry.created_at, "seconds": entry.figures.seconds}
    return run_proof(ladder(), replays, meta)


def verify_run(ladder: Ladder, run: Mapping[str, Any]) -> RunState:
    """The run's state at its end, once its file's `result` claim is confirmed."""
    for key in run:
        if key not in RUN_KEYS:
            raise ReplayError(f"unknown key '{key}' in an arcade run")
    state = run_progress(ladder, run)
    check_figures(run.get("result"), run_result(state), "the run")
    return state
