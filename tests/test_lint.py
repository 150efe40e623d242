"""Lint and types are part of the test command: ruff on everything, mypy --strict on the
rules and the solver."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, cwd=ROOT)


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    result = _run(ruff, "check", "game", "tests", "tools", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_rules_and_solver_type_check_strictly():
    result = _run(sys.executable, "-m", "mypy", "--strict", "game/rules", "game/solver")
    assert result.returncode == 0, result.stdout + result.stderr
