"""The rules benchmark still runs and reports what it promises (a short run, so it cannot rot)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.spec import RULESET_IDS

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "rules.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    # No PYTHONPATH: the script finds the repository root by itself.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
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
    assert {"moves_per_s", "replay_300_ms", "undo_ms"} <= set(report)
    assert set(report) <= {"moves_per_s", "replay_300_ms", "undo_ms", "runs", "python"}
    rates = report["moves_per_s"]
    assert isinstance(rates, dict) and set(rates) == set(RULESET_IDS)
    for rate in rates.values():
        assert type(rate) is int and rate > 0
    for key in ("replay_300_ms", "undo_ms"):
        assert type(report[key]) is float and report[key] > 0


def test_benchmark_table() -> None:
    proc = run("--seconds", "0.01")
    assert proc.returncode == 0, proc.stderr
    for ruleset_id in RULESET_IDS:
        assert ruleset_id in proc.stdout
    verdicts = proc.stdout.count("PASS") + proc.stdout.count("FAIL")
    assert verdicts == 4  # pyramid52, egyptian, replay, undo


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
    building = {"egyptian", "egyptian-old", "devils-bridge", "sbudetsya", "nechego"}
    assert set(report["positions_per_s"]) == building
    assert all(type(v) is int and v > 0 for v in report["positions_per_s"].values())
    bad = subprocess.run([*args, "--runs", "0"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
