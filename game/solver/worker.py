"""The solver in a separate process, so that a frame never waits for it.

A thread would share the interpreter lock with the game loop and stall frames;
a process does not. Requests carry ids; a newer request cancels the one being
worked on (the worker's search asks a shared counter now and then). A worker
that died is started again at the next request, and so is one that hung: a
request unanswered well past its own time limit ends its worker (a kiosk runs
for days, and a worker that never answers would leave "Checking…" up for good).
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import queue
import random
import threading
import time
from collections.abc import Callable
from typing import Any

from game.heap import give_back_freed_memory

log = logging.getLogger(__name__)

PARENT_CHECK_S = 1.0  # how often an idle worker looks whether the game still runs
# How long past a request's own time limit its worker may stay silent before it counts
# as hung: a fresh worker imports the game first (about a second; more on a busy machine)
HANG_GRACE_S = 20.0

ANALYSE = "analyse"  # solve the position a replay reaches
WINNABLE = "winnable"  # find a deal number the solver proves winnable
# the limits a request has unless it names its own
ANALYSE_S = 10.0  # an analysis's time limit
WINNABLE_TRIES = 300  # deals a search for a winnable one tries
WINNABLE_S = 1.5  # the time limit for each of them


class SolverWorker:
    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._process: Any = None
        self._requests: Any = None
        self._replies: Any = None
        self._latest: Any = None
        self._next_id = 0
        # When the worker must have answered by, or counts as hung: from the earliest
        # request it has left unanswered (a newer one must not put that off: a player
        # moving every few seconds would keep a hung worker for ever), put off again
        # by any answer, which shows it alive
        self._due: float | None = None
        self._newest_needs = 0.0  # the newest request's own time limit

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def start(self) -> None:
        if self.running:
            return
        self._drop_requests()  # a worker that died left them (see close)
        # nor its time: kept, the earlier one, it ended the new worker mid-search as hung
        self._due = None
        ctx = self._ctx
        self._requests = ctx.Queue()
        self._replies = ctx.Queue()
        self._latest = ctx.Value("q", 0)
        self._process = ctx.Process(
            target=serve,
            args=(self._requests, self._replies, self._latest),
            name="piramida-solver",
            daemon=True,
        )
        self._process.start()

    def submit(self, kind: str, **payload: Any) -> int:
        """Queue a request (starting the worker if needed); returns its id."""
        self.start()
        self._next_id += 1
        self._latest.value = self._next_id
        self._requests.put({"id": self._next_id, "kind": kind, **payload})
        self._newest_needs = time_needed(kind, payload)
        due = time.monotonic() + self._newest_needs + HANG_GRACE_S
        self._due = due if self._due is None else min(self._due, due)
        return self._next_id

    def cancel(self) -> None:
        """Stop the request being worked on, as a newer one would: its answer, if it
        comes, says "cancelled". A worker that never answers it is not hung."""
        if self._latest is None:
            return
        self._next_id += 1
        self._latest.value = self._next_id
        self._due = None

    def poll(self) -> list[dict[str, Any]]:
        """The replies that have arrived, without waiting. A worker that let its newest
        request's time pass unanswered is ended here (callers see it not running, as
        if it had died, and ask again)."""
        found: list[dict[str, Any]] = []
        if self._replies is None:
            return found
        while True:
            try:
                found.append(self._replies.get_nowait())
            except (queue.Empty, OSError, EOFError):
                break
        if any(reply.get("id") == self._next_id for reply in found):
            self._due = None
        elif found and self._due is not None:  # alive: the newest request gets its time
            self._due = time.monotonic() + self._newest_needs + HANG_GRACE_S
        elif self._due is not None and time.monotonic() > self._due and self.running:
            log.warning("solver worker silent past its time: ended, to start again")
            self._due = None
            self._drop_requests()
            self._process.kill()  # hung: nothing of its to keep (a stopped one too)
            self._process.join(timeout=2)
        return found

    def close(self) -> None:
        if self._process is None:
            return
        try:
            self._latest.value = -1
            self._requests.put(None)
            self._process.join(timeout=2)
        except (OSError, ValueError):
            pass
        self._drop_requests()
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout=2)
        if self._process.is_alive():
            # stopped (SIGSTOP, a debugger): it never acts on the terminate, and the exit
            # then waited for it for ever, holding the game just played
            self._process.kill()
            self._process.join(timeout=2)
        self._process = None

    def _drop_requests(self) -> None:
        """Nothing of the requests unread is kept at the exit: past some 64 KB unread,
        it waited on their pipe for ever, whether the worker was stopped, busy and then
        ended (a long game's positions, asked as Undo was pressed, then quit), or dead
        and started again."""
        if self._requests is not None:
            self._requests.cancel_join_thread()


def time_needed(kind: str, payload: dict[str, Any]) -> float:
    """The longest a request may take by its own limits (see handle())."""
    if kind == WINNABLE:
        return float(payload.get("tries", WINNABLE_TRIES) * payload.get("seconds", WINNABLE_S))
    return float(payload.get("seconds", ANALYSE_S))


def next_request(requests: Any, on_idle: Callable[[], None] | None = None) -> Any:
    """The next request, or None once the game that sent them is gone: a game killed
    or crashed never says goodbye, and its worker must not linger for ever. `on_idle`
    is called once, should none come within PARENT_CHECK_S."""
    parent = mp.parent_process()
    while True:
        try:
            return requests.get(timeout=PARENT_CHECK_S)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return None
            if on_idle is not None:
                on_idle()
                on_idle = None


# How much less the worker's process asks of the processor than the game's: its
# searches run on for up to a minute after the last move, and on a machine of two
# cores the game's frames and its sounds come first
WORKER_NICENESS = 10


def end_with_the_game() -> None:
    """Watch the game from a thread of the worker's own, and end the worker once the
    game is gone. next_request sees it only between requests: a request half written
    when the game was killed (a long game's replay is larger than a pipe's buffer)
    left the worker waiting for the rest for ever, as it holds the pipe's other end."""
    parent = mp.parent_process()
    if parent is None:
        return

    def watch() -> None:
        while parent.is_alive():
            time.sleep(PARENT_CHECK_S)
        os._exit(0)  # nothing of the worker's is worth keeping without its game

    threading.Thread(target=watch, name="end-with-the-game", daemon=True).start()


def serve(requests: Any, replies: Any, latest: Any) -> None:
    """The worker's loop: one request at a time, the newest wins."""
    lower_priority()
    end_with_the_game()
    while True:
        # a long search's tables, freed, given back once the worker waits: it kept
        # 111 to 136 MB after one, where it starts at 20
        request = next_request(requests, give_back_freed_memory)
        if request is None:
            return
        # skip to the newest request waiting: older ones are stale
        while True:
            try:
                newer = requests.get_nowait()
            except queue.Empty:
                break
            if newer is None:
                return
            request = newer
        try:
            reply = handle(request, lambda rid=request["id"]: latest.value != rid)
        except Exception as e:  # a worker must answer, whatever went wrong
            log.exception("solver worker failed")
            reply = {"error": str(e)}
        replies.put({"id": request["id"], "kind": request["kind"], **reply})


def lower_priority() -> None:
    """Yield the processor to the game (where the system can: POSIX's nice)."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no nice (Windows), or not allowed: full priority
        log.info("solver worker keeps its priority")


def handle(request: dict[str, Any], cancelled: Any) -> dict[str, Any]:
    from game.rules import Game, random_deal
    from game.rules.replay import run_replay

    from . import Verdict, solve

    if request["kind"] == ANALYSE:
        game = run_replay(request["replay"])
        result = solve(
            game,
            request.get("nodes", 5_000_000),
            request.get("seconds", ANALYSE_S),
            best=True,
            cancel=cancelled,
            beams_after=request.get("beams_after"),
            dive_seed=request.get("dive_seed", 0),
        )
        return {
            "moves_played": len(game.moves),
            "outcome": str(result.outcome),
            "line": result.moves if result.outcome == Verdict.WON else result.best_moves,
            "best_remaining_points": result.best_remaining_points,
            "best_exact": result.best_exact,
            "limit": result.limit,
        }
    if request["kind"] == WINNABLE:
        rng = random.Random(request.get("seed"))
        for _ in range(request.get("tries", WINNABLE_TRIES)):
            if cancelled():
                break
            deal = random_deal(rng)
            game = Game(request["ruleset"], request.get("options"), deal=deal)
            result = solve(
                game, 2_000_000, request.get("seconds", WINNABLE_S), best=False, cancel=cancelled
            )
            if result.outcome == Verdict.WON:
                return {"deal": deal}
        return {"deal": None}
    raise ValueError(f"unknown request {request['kind']!r}")
