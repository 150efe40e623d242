"""The rules and solver benchmarks still run and report what they promise (short runs, so
they cannot rot)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from game.rules import rulesets
from tests.spec import RULESET_IDS

ROOT = Path(__file__).resolve().parent.parent
BUILDING = {rid for rid, r in rulesets().items() if r.family == "building"}


def run(*args: str, script: str = "rules.py") -> subprocess.CompletedProcess[str]:
    # No PYTHONPATH: the script finds the repository root by itself.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_benchmark_json() -> None:
    proc = run("--json", "--seconds", "0.05")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\n") == 1
    report = json.loads(proc.stdout)
    assert isinstance(report, dict)
    figures = {
        "moves_per_s",
        "replay_300_ms",
        "undo_ms",
        "undo_past_checkpoint_ms",
        "history_kb_per_move",
        "stuck_slice_ms",
        "stuck_search_ms",
    }
    assert figures <= set(report)
    assert set(report) <= figures | {"runs", "python"}
    rates = report["moves_per_s"]
    assert isinstance(rates, dict) and set(rates) == set(RULESET_IDS)
    for rate in rates.values():
        assert type(rate) is int and rate > 0
    for key in figures - {"moves_per_s"}:
        assert type(report[key]) is float and report[key] > 0


def test_benchmark_table() -> None:
    proc = run("--seconds", "0.01")
    assert proc.returncode == 0, proc.stderr
    for ruleset_id in RULESET_IDS:
        assert ruleset_id in proc.stdout
    verdicts = proc.stdout.count("PASS") + proc.stdout.count("FAIL")
    # pyramid52, egyptian, replay, undo, undo past a checkpoint, a slice of the stuck search
    assert verdicts == 6


def test_benchmark_check_and_bad_arguments() -> None:
    assert run("--check", "--json", "--seconds", "0.01").returncode in (0, 1)
    bad = run("--seconds", "-1")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_building_search_benchmark_reports_every_building_ruleset() -> None:
    script = ROOT / "benchmarks" / "building_search.py"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    args = [sys.executable, str(script), "--json", "--deals", "1", "--positions", "300"]
    proc = subprocess.run(
        [*args, "--runs", "1"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert set(report["positions_per_s"]) == BUILDING
    assert all(type(v) is int and v > 0 for v in report["positions_per_s"].values())
    bad = subprocess.run([*args, "--runs", "0"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


# -- the solver's benchmark: the figures issue 4 names ---------------------------------

SOLVER = "solver.py"


def test_solver_json_has_the_figures_and_a_share_decided_for_every_building_ruleset() -> None:
    proc = run("--json", "--deals", "3", "--building-deals", "1", "--seconds", "0.3", script=SOLVER)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\n") == 1
    report = json.loads(proc.stdout)
    for key in ("pyramid52_mean_ms", "pyramid52_max_ms", "pyramid36_mean_ms"):
        assert type(report[key]) is float and report[key] > 0
    assert report["pyramid52_mean_ms"] <= report["pyramid52_max_ms"]
    decided = report["decided_within_10s"]
    assert set(decided) == BUILDING
    assert all(share in (0, 1) for share in decided.values())  # one deal each: all or none


def test_solver_building_deals_0_skips_the_building_rulesets() -> None:
    proc = run("--deals", "2", "--building-deals", "0", script=SOLVER)
    assert proc.returncode == 0, proc.stderr
    assert "pyramid52_mean_ms" in proc.stdout and "decided within" not in proc.stdout


def test_solver_bad_counts_are_refused_in_one_line() -> None:
    for args in (["--deals", "0"], ["--building-deals", "-1"], ["--seconds", "0"]):
        proc = run(*args, script=SOLVER)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr


def test_longer_search_searches_a_row_s_unknown_deals_with_beams_and_without() -> None:
    from benchmarks.longer_search import undecided_deals

    ruleset, options, unknown = undecided_deals("egyptian-draw3")
    assert (ruleset, options) == ("egyptian", {"base": "first", "draw": 3})
    proc = run(
        "egyptian-draw3",
        "--deals",
        "1",
        "--skip",
        "2",
        "--seconds",
        "0.3",
        "--json",
        script="longer_search.py",
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["deals"] == unknown[2:3] and set(report["won"]) == {"beams", "dives"}
    for args in (["nope"], ["egyptian", "--deals", "0"], ["egyptian", "--seconds", "0"]):
        proc = run(*args, script="longer_search.py")
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr


def test_the_salvage_benchmark_reports_what_it_kept() -> None:
    proc = run("--games", "300", "--runs", "1", "--json", script="salvage.py")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["games"] == 300 and type(report["open_s"]) is float
    assert type(report["tables_made_again_s"]) is float
    assert 250 < report["games_kept"] < 300 and report["entries_kept"] == 1  # two pages lost


def test_long_game_benchmark_reports_its_figures() -> None:
    proc = run("--json", "--moves", "40", "--runs", "1", script="long_game.py")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    figures = report["moves"]["40"]
    assert set(figures) == {
        "taken_back",
        "undo_frame_max_ms",
        "undo_frame_median_ms",
        "idle_frame_ms",
    }
    assert figures["undo_frame_max_ms"] > 0 and figures["taken_back"] in (0, 1)
    assert run("--moves", "0", script="long_game.py").returncode == 2


def test_session_memory_benchmark_reports_its_figures() -> None:
    proc = run("--json", "--rounds", "1", "--size", "800x600", script="session_memory.py")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["size"] == "800x600" and report["given_back"] is True
    assert len(report["rounds_mb"]) == 1 and report["last_mb"] > report["start_mb"] > 0
    assert report["pause_ms_median"] > 0  # each change of scene gave memory back
    assert run("--rounds", "0", script="session_memory.py").returncode == 2


def test_a_benchmark_s_scratch_home_goes_when_it_ends() -> None:
    # a soak's folders in /dev/shm, which is memory, stayed until the machine restarted
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from benchmarks.headless import scratch_home;"
        "home = scratch_home('piramida-test-');"
        "open(home + '/records.sqlite3', 'w').write('x'); print(home)"
    )
    for keep, kept in (("", False), ("1", True)):
        env = dict(os.environ, PIRAMIDA_KEEP_SCRATCH=keep)
        proc = subprocess.run(
            [sys.executable, "-c", code, str(ROOT)], capture_output=True, text=True, env=env
        )
        home = Path(proc.stdout.strip())
        assert proc.returncode == 0 and home.name.startswith("piramida-test-")
        assert home.exists() == kept
        if kept:
            shutil.rmtree(home)
