"""`piramida stats`' figures (game/solver/stats.py): each deal's row as the solver
decides it, every deal's row in order however many processes solve them, the
progress bar a person watches, and the summary's figures (details a mutation round
found no test watching)."""

from __future__ import annotations

import signal
import types
from concurrent.futures import ProcessPoolExecutor

import pytest

from game.rules import Game
from game.solver import solve, stats


def test_a_deal_s_row_is_its_decision_under_the_goal_and_limits_given() -> None:
    # Pyramid 52 deal 37 cannot be won whole, but its pyramid can be cleared: the
    # goal given decides the outcome; the node and time limits are each their own
    row = stats.solve_deal(("pyramid52", {"passes": 1}, 37, "pyramid", 10.0, 20_000_000))
    assert row[:2] == (37, "won")
    assert stats.solve_deal(("pyramid52", {"passes": 1}, 37, "all", 10.0, 20_000_000))[1] == "lost"
    assert row[3] > 0  # the seconds it took, as the CSV's column says


def test_a_lost_deal_s_row_counts_the_positions_of_its_decision_alone() -> None:
    # `stats` decides each deal; the search for a lost deal's best score (what `solve`
    # adds, seconds more) is not made, nor counted in the row's positions
    decided = solve(Game("pyramid36", deal=1), 20_000_000, 10.0, "all", best=False)
    assert decided.outcome == "lost"
    row = stats.solve_deal(("pyramid36", {"passes": 1}, 1, "all", 10.0, 20_000_000))
    assert row[:3] == (1, "lost", decided.nodes)


def _fake_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each deal "decided" at once: deal d won when even, lost when odd, d nodes."""

    def decided(job):
        deal = job[2]
        return (deal, "won" if deal % 2 == 0 else "lost", deal, 0.001)

    monkeypatch.setattr(stats, "solve_deal", decided)


@pytest.mark.parametrize("jobs", [2, 3])
def test_every_deal_s_row_comes_once_in_the_order_of_the_deals(monkeypatch, jobs) -> None:
    # a window of one chunk for each process: the chunks past the first window are
    # handed out as the first come back, and the rows still come in the deals' order
    # (a run stopped by Ctrl+C keeps the deals before it, with no gap)
    _fake_rows(monkeypatch)
    monkeypatch.setattr(stats, "WINDOW_PER_JOB", 1)
    rows = list(stats.run("pyramid36", {"passes": 1}, 5, 44, jobs, "all", 1.0, 10, False))
    assert [r[0] for r in rows] == list(range(5, 45))


def test_a_worker_process_leaves_ctrl_c_to_the_run(monkeypatch) -> None:
    # Ctrl+C goes to every process of the terminal: the workers ignore it, so only
    # the run stops (keeping its deals) and no worker prints a traceback
    _fake_rows(monkeypatch)
    made = []
    real = stats.ProcessPoolExecutor

    def pool(**kw):
        made.append(kw)
        return real(**kw)

    monkeypatch.setattr(stats, "ProcessPoolExecutor", pool)
    assert len(list(stats.run("pyramid36", {"passes": 1}, 0, 3, 2, "all", 1.0, 10, False))) == 4
    (kw,) = made
    with ProcessPoolExecutor(max_workers=1, initializer=kw["initializer"]) as worker:
        assert worker.submit(signal.getsignal, signal.SIGINT).result() == signal.SIG_IGN


def test_the_progress_bar_says_deals_done_rate_and_time_left(monkeypatch, capsys) -> None:
    # a clock that moves half a second at each reading: two deals a second
    _fake_rows(monkeypatch)
    ticks = iter(100 + 0.5 * n for n in range(100))
    monkeypatch.setattr(stats, "time", types.SimpleNamespace(perf_counter=lambda: next(ticks)))
    rows = list(stats.run("pyramid36", {"passes": 1}, 0, 3, 1, "all", 1.0, 10, True))
    assert len(rows) == 4
    err = capsys.readouterr().err
    frames = err.split("\r")
    assert frames[0] == ""  # each frame redraws the line from its start
    assert frames[1:] == [
        "[#######.......................] 1/4  2.0 deals/s  eta 2s",
        "[###############...............] 2/4  2.0 deals/s  eta 1s",
        "[######################........] 3/4  2.0 deals/s  eta 0s",
        "[##############################] 4/4  2.0 deals/s  eta 0s\n",
    ]


def test_the_last_frame_is_drawn_however_soon_it_comes(monkeypatch, capsys) -> None:
    # a clock that barely moves: frames within 0.2 s are skipped, but not the last,
    # which says the run is whole
    _fake_rows(monkeypatch)
    ticks = iter(100 + 0.001 * n for n in range(100))
    monkeypatch.setattr(stats, "time", types.SimpleNamespace(perf_counter=lambda: next(ticks)))
    list(stats.run("pyramid36", {"passes": 1}, 0, 3, 1, "all", 1.0, 10, True))
    frames = capsys.readouterr().err.split("\r")[1:]
    assert len(frames) == 2  # the first, then none until the last
    assert frames[-1].startswith("[##############################] 4/4 ") and frames[-1][-1] == "\n"


def test_the_summary_gives_each_figure_of_its_rows() -> None:
    # one won, two lost, three unknown; 10, 20, 30, 40, 50 and 150 ms
    outcomes = ["won", "lost", "lost", "unknown", "unknown", "unknown"]
    times = [0.010, 0.020, 0.030, 0.040, 0.050, 0.150]
    rows = [(d, o, 100, t) for d, (o, t) in enumerate(zip(outcomes, times, strict=True))]
    data = stats.summarise("pyramid36", {"passes": 1}, "all", "0..5", rows, 10.0).to_json()
    assert (data["won"], data["lost"], data["unknown"]) == (1, 2, 3)
    assert data["win_rate"] == 0.16667  # five places, as the interval's
    assert data["unknown_share"] == 0.5
    assert (data["mean_ms"], data["median_ms"], data["max_ms"]) == (50.0, 35.0, 150.0)
    assert data["seconds_limit"] == 10.0


def test_the_processes_solve_side_by_side(monkeypatch) -> None:
    # --jobs 2: two deals are solved at once, each waiting here until the other has
    # started (one process at a time would leave the first waiting out its timeout)
    import multiprocessing
    import threading

    both = multiprocessing.get_context("fork").Barrier(2, timeout=20)

    def decided(job):
        try:
            both.wait()
        except threading.BrokenBarrierError:
            return (job[2], "unknown", 0, 0.0)
        return (job[2], "won", 1, 0.001)

    monkeypatch.setattr(stats, "solve_deal", decided)
    rows = list(stats.run("pyramid36", {"passes": 1}, 0, 3, 2, "all", 1.0, 10, False))
    assert [r[1] for r in rows] == ["won"] * 4


def test_a_run_stopped_early_leaves_the_deals_not_started_unsolved(monkeypatch) -> None:
    # Ctrl+C stops the run: the chunks handed out but not started are dropped, not
    # solved (minutes of Egyptian deals) before the command can end
    import multiprocessing

    fork = multiprocessing.get_context("fork")
    started, go = fork.Value("i", 0), fork.Event()

    def decided(job):
        with started.get_lock():
            started.value += 1
        if job[2] >= 100:  # the second half waits for the word
            go.wait(20)
        return (job[2], "won", 1, 0.001)

    monkeypatch.setattr(stats, "solve_deal", decided)
    rows = stats.run("pyramid36", {"passes": 1}, 0, 199, 2, "all", 1.0, 10, False)
    assert next(rows)[0] == 0
    go.set()
    rows.close()  # as a KeyboardInterrupt in the loop that reads them
    assert started.value < 200
