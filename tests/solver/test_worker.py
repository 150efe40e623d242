"""The solver worker: a real separate process."""

import os
import time

import pytest

from game.rules import Game
from game.solver.worker import ANALYSE, WINNABLE, WORKER_NICENESS, SolverWorker


def wait_for(worker, rid, seconds=30.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for reply in worker.poll():
            if reply["id"] == rid:
                return reply
        time.sleep(0.02)
    raise AssertionError("no reply")


@pytest.fixture
def worker():
    w = SolverWorker()
    yield w
    w.close()


def test_the_worker_analyses_a_position_in_another_process(worker):
    game = Game("pyramid52", deal=8)
    game.play("p7.2+p7.5")
    rid = worker.submit(ANALYSE, replay=game.to_replay(), seconds=10)
    reply = wait_for(worker, rid)
    assert reply["outcome"] == "won" and reply["moves_played"] == 1
    for move in reply["line"]:
        game.play(move)
    assert game.won


def test_a_newer_request_cancels_the_older_one(worker):
    slow = worker.submit(ANALYSE, replay=Game("egyptian", deal=3).to_replay(), seconds=30)
    quick = worker.submit(ANALYSE, replay=Game("pyramid36", deal=1).to_replay(), seconds=10)
    replies = {}
    end = time.monotonic() + 30
    while quick not in replies and time.monotonic() < end:
        for r in worker.poll():
            replies[r["id"]] = r
        time.sleep(0.02)
    assert replies[quick]["outcome"] == "lost"
    assert slow not in replies or replies[slow]["limit"] == "cancelled"


def test_a_request_cancelled_stops_at_once(worker):
    game = Game("egyptian", deal=1)  # undecided for minutes
    rid = worker.submit(ANALYSE, replay=game.to_replay(), seconds=60)
    time.sleep(3.0)  # started, and searching
    asked = time.monotonic()
    worker.cancel()
    reply = wait_for(worker, rid, seconds=10)
    assert reply["limit"] == "cancelled" and time.monotonic() - asked < 5
    rid = worker.submit(ANALYSE, replay=Game("pyramid52", deal=8).to_replay(), seconds=10)
    assert wait_for(worker, rid)["outcome"] == "won"


def test_a_worker_silent_after_a_cancel_owes_nothing_and_is_not_ended(worker, monkeypatch):
    import os
    import signal

    from game.solver import worker as module

    monkeypatch.setattr(module, "HANG_GRACE_S", 0.5)
    worker.submit(ANALYSE, replay=Game("egyptian", deal=1).to_replay(), seconds=1)
    os.kill(worker._process.pid, signal.SIGSTOP)  # never answers
    worker.cancel()
    time.sleep(2.0)  # past the request's time and its grace
    assert worker.poll() == [] and worker.running
    os.kill(worker._process.pid, signal.SIGCONT)


def test_the_worker_finds_a_winnable_deal(worker):
    rid = worker.submit(WINNABLE, ruleset="pyramid36", options={}, seed=5)
    deal = wait_for(worker, rid)["deal"]
    assert deal is not None
    from game.solver import solve

    assert solve(Game("pyramid36", deal=deal)).outcome == "won"


def test_a_dead_worker_is_started_again(worker):
    worker.start()
    worker._process.kill()
    worker._process.join()
    rid = worker.submit(ANALYSE, replay=Game("pyramid52", deal=8).to_replay())
    assert wait_for(worker, rid)["outcome"] == "won"


def test_a_hung_worker_is_ended_and_started_again(worker, monkeypatch):
    import os
    import signal

    from game.solver import worker as module

    monkeypatch.setattr(module, "HANG_GRACE_S", 1.0)
    game = Game("pyramid52", deal=8)
    worker.start()
    os.kill(worker._process.pid, signal.SIGSTOP)  # hung: alive, and never answers
    hung = worker._process
    rid = worker.submit(ANALYSE, replay=game.to_replay(), seconds=0.5)
    time.sleep(1.0)
    assert worker.poll() == [] and worker.running  # within its time: waited for
    end = time.monotonic() + 10
    while worker.running and time.monotonic() < end:
        assert worker.poll() == []
        time.sleep(0.05)
    assert not worker.running and not hung.is_alive()  # ended once its time was past
    rid = worker.submit(ANALYSE, replay=game.to_replay(), seconds=10)
    assert wait_for(worker, rid)["outcome"] == "won"  # a fresh worker answers


def test_a_request_s_time_is_what_its_own_limits_allow():
    from game.solver.worker import time_needed

    assert time_needed(ANALYSE, {"seconds": 3}) == 3
    assert time_needed(ANALYSE, {}) == 10  # an analysis's default limit
    # a search for a winnable deal may try every deal up to its limit
    assert time_needed(WINNABLE, {"tries": 60, "seconds": 2}) == 120
    assert time_needed(WINNABLE, {"tries": 0}) == 0


# what the game asks before it is killed: a request answered at once; or, while the
# worker searches, one too large for the pipe's buffer (a long game's replay), half
# written at the kill: the worker then waited for the rest of it for ever
KILLED_WHILE = {
    "idle": "w.submit('analyse', replay={})\n",
    "half-written": (
        "w.submit('analyse', replay={'ruleset': 'egyptian', 'deal': 1}, seconds=4)\n"
        "time.sleep(2)\n"  # searching: put straight on the queue, as no newer ask stops it
        "w._requests.put({'id': 0, 'kind': 'analyse', 'replay': {'x': 'a' * 2**22}})\n"
        "time.sleep(0.5)\n"
    ),
}


@pytest.mark.parametrize("asked", KILLED_WHILE.values(), ids=KILLED_WHILE)
def test_a_worker_whose_game_is_killed_ends_too(asked):
    # A game killed (or crashed) never closes its worker: the worker sees it is gone.
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    game = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from game.solver.worker import SolverWorker\n"
            f"w = SolverWorker()\n{asked}"
            "print(w._process.pid, flush=True); time.sleep(60)\n",
        ],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        stdout=subprocess.PIPE,
        text=True,
    )
    worker_pid = int(game.stdout.readline())
    game.send_signal(signal.SIGKILL)
    game.wait()
    stat = Path(f"/proc/{worker_pid}/stat")
    end = time.monotonic() + 10
    while time.monotonic() < end:
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return  # gone
        if state in ("Z", "X"):
            return  # ended; only waiting to be reaped by whoever adopted it
        time.sleep(0.1)
    os.kill(worker_pid, signal.SIGKILL)
    raise AssertionError("the worker outlived its game by 10 s")


def test_a_hung_worker_asked_again_and_again_is_still_ended(worker, monkeypatch):
    # each new request put its time off again: a player moving every few seconds kept a
    # hung worker, and "Checking…", for ever
    import os
    import signal

    from game.solver import worker as module

    monkeypatch.setattr(module, "HANG_GRACE_S", 1.0)
    replay = Game("pyramid52", deal=8).to_replay()
    worker.start()
    os.kill(worker._process.pid, signal.SIGSTOP)
    end = time.monotonic() + 10
    while worker.running and time.monotonic() < end:
        worker.submit(ANALYSE, replay=replay, seconds=0.5)  # a move every 0.2 s
        worker.poll()
        time.sleep(0.2)
    assert not worker.running


def test_an_analysis_asked_for_beams_gets_them(monkeypatch):
    """handle(), as the worker runs it: a request's `beams_after` reaches the solver."""
    from game.solver import worker as module
    from tests.solver.test_beam import beams_that_walk

    widths = beams_that_walk(monkeypatch)
    replay = Game("egyptian", deal=1).to_replay()
    request = {"kind": ANALYSE, "replay": replay, "seconds": 60, "nodes": 60_000}
    module.handle(request, lambda: False)
    assert widths == []
    module.handle({**request, "beams_after": 30_000}, lambda: False)
    assert widths


def solver_asked_with(monkeypatch, keyword: str) -> list:
    """What each call of `game.solver.solve` is given for `keyword`, the calls going on
    to the real solver."""
    import game.solver

    given = []
    solve = game.solver.solve

    def recording(*args, **kwargs):
        given.append(kwargs[keyword])
        return solve(*args, **kwargs)

    monkeypatch.setattr(game.solver, "solve", recording)
    return given


def test_an_analysis_asked_for_fresh_dives_gets_them(monkeypatch):
    """handle(), as the worker runs it: a request's `dive_seed` reaches the solver."""
    from game.solver import worker as module

    seeds = solver_asked_with(monkeypatch, "dive_seed")
    request = {"kind": ANALYSE, "replay": Game("egyptian", deal=0).to_replay(), "nodes": 500}
    module.handle(request, lambda: False)
    module.handle({**request, "dive_seed": 7}, lambda: False)
    assert seeds == [0, 7]


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="POSIX priorities")
def test_the_worker_yields_the_processor_to_the_game(worker):
    # its searches run on for up to a minute after the last move, at the game's priority
    rid = worker.submit(ANALYSE, replay=Game("pyramid52", deal=8).to_replay(), seconds=10)
    wait_for(worker, rid)  # it has started and served
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    theirs = os.getpriority(os.PRIO_PROCESS, worker._process.pid)
    assert theirs >= min(19, mine + WORKER_NICENESS)


def test_a_stopped_worker_is_ended_as_the_game_closes():
    # SIGSTOP'd, it never acted on the terminate, and the game's exit waited for it for
    # ever, keeping its hold on the game just played
    import signal

    worker = SolverWorker()
    worker.start()
    process = worker._process
    os.kill(process.pid, signal.SIGSTOP)
    started = time.monotonic()
    worker.close()
    assert time.monotonic() - started < 8
    assert not process.is_alive()


STOPPED_WORKER_EXIT = """
import os, signal, sys
from game.rules import Game
from game.solver.worker import ANALYSE, SolverWorker

if __name__ == "__main__":
    game = Game("egyptian", deal=3)
    for _ in range(60):
        game.play(next(iter(game.legal_moves)))
    worker = SolverWorker()
    worker.start()
    os.kill(worker._process.pid, signal.SIGSTOP)
    for _ in range(150):  # some 100 KB never read: past the pipe's room
        worker.submit(ANALYSE, replay=game.to_replay(), seconds=10)
    worker.close()
    print("closed", flush=True)
"""


@pytest.mark.parametrize("end", ["stopped", "died", "restarted"])
def test_a_game_exits_past_a_worker_s_unread_requests(tmp_path, end):
    # past some 64 KB of requests unread, the exit waited on their pipe for ever: with
    # the worker stopped, and (a long game's Undos quitted, the worker busy and then
    # ended by the close) with the worker dead, its pipe's read end still held here
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "exit.py"
    died = "os.kill(worker._process.pid, signal.SIGKILL); worker._process.join()"
    if end == "restarted":  # dead on its own, then started again by the next question
        died += "; worker.start()"
    text = STOPPED_WORKER_EXIT.replace("    worker.close()", f"    {died}\n    worker.close()")
    script.write_text(STOPPED_WORKER_EXIT if end == "stopped" else text, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and "closed" in done.stdout, done.stderr


def test_a_worker_started_after_one_died_gets_its_own_time(worker, monkeypatch):
    # the dead worker's time was kept (the earlier of the two): the new one, searching
    # within its own, was ended as hung before it could answer
    from game.solver import worker as module

    monkeypatch.setattr(module, "HANG_GRACE_S", 1.0)
    worker.start()
    worker.submit(ANALYSE, replay=Game("pyramid52", deal=8).to_replay(), seconds=0.2)
    worker._process.kill()  # as the system ends a search that took too much memory
    worker._process.join()
    slow = Game("egyptian", deal=9).to_replay()  # undecided: it searches its whole time
    rid = worker.submit(ANALYSE, replay=slow, seconds=3.0)
    end = time.monotonic() + 2.5
    while time.monotonic() < end:
        assert all(reply["id"] != rid for reply in worker.poll())
        assert worker.running  # within its own time: waited for
        time.sleep(0.05)
    assert wait_for(worker, rid)["id"] == rid
