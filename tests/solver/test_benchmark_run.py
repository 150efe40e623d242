"""The solver benchmark still runs and gives the figures issue 4 names (a short run)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.rules import rulesets

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "solver.py"
BUILDING = {rid for rid, r in rulesets().items() if r.family == "building"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # it finds the repo itself
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_json_has_the_figures_and_a_share_decided_for_every_building_ruleset() -> None:
    proc = run("--json", "--deals", "3", "--building-deals", "1", "--seconds", "0.3")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\n") == 1
    report = json.loads(proc.stdout)
    for key in ("pyramid52_mean_ms", "pyramid52_max_ms", "pyramid36_mean_ms"):
        assert type(report[key]) is float and report[key] > 0
    assert report["pyramid52_mean_ms"] <= report["pyramid52_max_ms"]
    decided = report["decided_within_10s"]
    assert set(decided) == BUILDING
    assert all(share in (0, 1) for share in decided.values())  # one deal each: all or none


def test_building_deals_0_skips_the_building_rulesets() -> None:
    proc = run("--deals", "2", "--building-deals", "0")
    assert proc.returncode == 0, proc.stderr
    assert "pyramid52_mean_ms" in proc.stdout and "decided within" not in proc.stdout


def test_bad_counts_are_refused_in_one_line() -> None:
    for args in (["--deals", "0"], ["--building-deals", "-1"], ["--seconds", "0"]):
        proc = run(*args)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
