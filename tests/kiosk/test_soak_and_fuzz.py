"""The kiosk's long-run scripts, run short: ten simulated minutes of the attract loop, and
10,000 frames of random input across every scene and ruleset (the scripts run longer alone)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.rules import rulesets

ROOT = Path(__file__).resolve().parents[2]


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    # No PYTHONPATH: the scripts find the repository root by themselves.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIRAMIDA_HOME")}
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_ten_simulated_minutes_of_the_attract_loop_neither_fail_nor_grow():
    proc = run("soak.py", "--seconds", "600", "--visitors", "6", "--json")
    assert proc.returncode in (0, 1), proc.stderr
    figures = json.loads(proc.stdout)
    assert figures["frames"] == 36_000
    assert figures["failures"] == 0, figures.get("first_failure")
    assert figures["attract_rounds"] >= 4  # every game shown, and round again
    assert figures["rss_growth_mb"] < 10
    # flat: no kind of frame slows down from the first minute to the last (generous
    # bounds here, for a busy test machine; the script's own verdict is stricter)
    # (which scenes show in the first and the last minute depends on how fast the
    # solver finds the demo's deals in real time: at least one kind is timed at both)
    frames = {k: v for k, v in figures.items() if k.startswith("update_ms_")}
    assert frames, figures
    for key, (start, end) in frames.items():
        assert end <= 3 * start + 0.2, (key, start, end)


def test_ten_thousand_frames_of_random_input_break_nothing():
    proc = run("fuzz.py", "--frames", "10000", "--seed", "7", "--json")
    assert proc.returncode == 0, proc.stderr[-4000:]
    report = json.loads(proc.stdout)
    assert report["frames"] == 10_000
    visits = report["visits"]
    for ruleset_id in rulesets():
        assert visits.get(f"table {ruleset_id}"), f"no table of {ruleset_id}"
        assert visits.get(f"kiosk table {ruleset_id}"), f"no kiosk table of {ruleset_id}"
    scenes = set(report["scenes"])
    assert {"MenuScene", "SettingsScene", "RecordsScene", "RulesScene", "ResultsScene"} <= scenes
    assert {"InitialsScene", "WatchScene", "ChooserScene", "PinPadScene"} <= scenes
    assert {"InvitationScene", "HighScoresScene", "TableScene"} <= scenes


def test_the_scripts_refuse_a_run_too_short_to_say_anything():
    soak = run("soak.py", "--seconds", "10")
    fuzz = run("fuzz.py", "--frames", "10")
    assert soak.returncode == 2 and "at least 60" in soak.stderr
    assert fuzz.returncode == 2 and "at least" in fuzz.stderr
