"""Helpers for the command-line tests: run `piramida` in-process or as a real subprocess."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.rules import Game
from game.store import Records
from game.store.database import FILE_NAME

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Result:
    """What one run of the command gave."""

    rc: int
    out: str
    err: str

    def json(self) -> Any:
        assert self.rc == 0, self.err
        return json.loads(self.out)


def _stdin_bytes(stdin: str | bytes | None) -> bytes | None:
    if stdin is None:
        return None
    return stdin.encode("utf-8") if isinstance(stdin, str) else stdin


def run_subprocess(
    *args: str, stdin: str | bytes | None = None, python_flags: tuple[str, ...] = ()
) -> Result:
    """`python -m game ARGS` from the repository root, as a user would run it."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run(
        [sys.executable, *python_flags, "-m", "game", *args],
        cwd=REPO,
        env=env,
        input=_stdin_bytes(stdin) if stdin is not None else b"",
        capture_output=True,
        timeout=60,
    )
    return Result(
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
    )


Cli = Callable[..., Result]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    """`game.cli.main(argv)` in this process; `stdin=` feeds standard input (text or bytes)."""

    def run(*args: str, stdin: str | bytes | None = None) -> Result:
        if stdin is not None:
            data = _stdin_bytes(stdin)
            assert data is not None
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), "utf-8"))
        capsys.readouterr()
        rc = main(list(args))
        out, err = capsys.readouterr()
        return Result(rc, out, err)

    return run


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of the game's own for the test (its records, settings, logs)."""
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def records(home: Path) -> Iterator[Records]:
    """The records file in that home, open, for a test to fill before a command reads it."""
    (home / "data").mkdir(parents=True)
    opened = Records.open(home / "data" / FILE_NAME)
    yield opened
    opened.close()


@pytest.fixture
def arcade_entry(records) -> dict[str, object]:
    """A whole run of the real ladder (ladder_run_games), in its table; the figures it
    entered with."""
    from game.ladder import load_ladder
    from game.store import GameFacts
    from game.store.saved import ARCADE
    from tests.store.helpers import ladder_run_games

    ladder = load_ladder()
    run_id = records.start_run(ladder)
    for game in ladder_run_games():
        records.save_game(game, GameFacts(mode=ARCADE, arcade_run=run_id, seconds=9))
    run = records.run(ladder, run_id)
    assert run.state.over(ladder) and records.add_run_score(ladder, run, "ARC") == 1
    (entry,) = records.top(records.arcade_key(ladder))
    return {"points": entry.figures.remaining_points, "moves": entry.figures.moves}


@pytest.fixture
def replay_file(tmp_path: Path) -> Callable[[object], str]:
    """Write a replay (a dict, or raw text / bytes) to a file and give its path."""
    count = 0

    def write(content: object) -> str:
        nonlocal count
        count += 1
        path = tmp_path / f"replay{count}.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(json.dumps(content), encoding="utf-8")
        return str(path)

    return write


def assert_refused(result: Result, *fragments: str) -> str:
    """Exit status 2, nothing on stdout, exactly one line on stderr (no traceback)."""
    assert result.rc == 2, result
    assert result.out == "", result
    assert "Traceback" not in result.err, result.err
    assert result.err.endswith("\n") and result.err.count("\n") == 1, repr(result.err)
    line = result.err[:-1]
    assert len(line.splitlines()) == 1, repr(result.err)
    # a replay's move is named first, as the spec writes it ("move 14 't3>f2': ...")
    assert line.startswith(("piramida: ", "move ")), line
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in line), repr(line)
    for fragment in fragments:
        assert fragment in line, f"{fragment!r} not in {line!r}"
    return line


# --- games to replay --------------------------------------------------------------------


def won_pyramid52() -> tuple[list[str], list[str]]:
    """A pyramid52 deck with a trivial win, and the winning moves.

    Pairs sit side by side in the pyramid (row 7 first, then row 6, ...), a King
    ends rows 7, 5, 3 and 1; the stock holds pairs, each cleared by `st>w`, `st+w`.
    """
    pairs = [(a + s, b + s) for a, b in ("AQ", "2J", "3T", "49", "58", "67") for s in "SHDC"]
    kings = iter(["KS", "KH", "KD", "KC"])
    pair_iter = iter(pairs)
    rows: dict[int, list[str]] = {}
    moves: list[str] = []
    for row in range(7, 0, -1):
        cards: list[str] = []
        col = 1
        while col + 1 <= row:
            a, b = next(pair_iter)
            cards += [a, b]
            moves.append(f"p{row}.{col}+p{row}.{col + 1}")
            col += 2
        if col == row:
            cards.append(next(kings))
            moves.append(f"p{row}.{col}")
        rows[row] = cards
    deck = [card for row in range(1, 8) for card in rows[row]]
    for a, b in pair_iter:
        deck += [a, b]
        moves += ["st>w", "st+w"]
    assert len(deck) == 52 and len(set(deck)) == 52
    return deck, moves


def long_random_replay(ruleset: str = "egyptian", length: int = 300) -> dict[str, object]:
    """A replay of `length` random legal moves on the first deal that lasts that long."""
    for deal in range(1000):
        game = Game(ruleset, deal=deal)
        rng = random.Random(deal)
        while len(game.moves) < length and not game.over:
            game.play(rng.choice(list(game.legal_moves)))
        if len(game.moves) == length:
            return game.to_replay()
    raise AssertionError(f"no deal of {ruleset} lasts {length} random moves")
