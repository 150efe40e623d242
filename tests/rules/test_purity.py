"""The rules module knows nothing of pixels: it must not import pygame, directly or not."""

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "game" / "rules"


def test_no_rules_source_file_imports_pygame():
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] == "pygame" for n in names), path.name


def test_importing_the_rules_and_playing_loads_no_pygame():
    code = (
        "import sys; from game.rules import Game; g = Game('egyptian', deal=1); "
        "g.play(next(iter(g.legal_moves))); print('pygame' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=RULES.parents[1],
        check=True,
    )
    assert out.stdout.strip() == "False"
