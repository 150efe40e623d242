"""Real processes: two copies writing at once corrupt nothing; a SIGKILL loses nothing committed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from game.store import Records
from game.store.database import FILE_NAME

ROOT = Path(__file__).resolve().parents[2]

# A player who never stops: random legal moves, autosaved after each, reported once committed.
PLAYER = textwrap.dedent(
    """
    import random, sys, time
    from game.rules import Game
    from game.store import GameFacts, Records

    def save(game, facts):
        # a save that waits on the other copy longer than a frame allows fails, is
        # said, and is tried again (the game tries at the next move): on a loaded
        # machine it happens, and the row must still come out whole
        for _ in range(100):
            if records.save_game(game, facts):
                return
            busy = [p for p in records.problems if "locked" in p.detail]
            assert busy == records.problems, records.problems
            records.problems.clear()
            time.sleep(0.02)
        raise SystemExit("a save never went through")

    records = Records.open(__import__("pathlib").Path(sys.argv[1]))
    rng = random.Random(int(sys.argv[2]))
    games = int(sys.argv[3])
    n = 0
    while games < 0 or n < games:
        n += 1
        game, facts = Game("pyramid36", deal=rng.randrange(10**6)), GameFacts()
        while not game.over:
            game.play(rng.choice(list(game.legal_moves)))
            if rng.random() < 0.1 and game.can_undo:
                game.undo()
            save(game, facts)
            print(facts.record_id, len(game.moves), game.undo_count, flush=True)
    assert not records.problems, records.problems
    """
)


def player(path: Path, seed: int, games: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(path), str(seed), str(games)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_copies_writing_at_once_keep_every_game(tmp_path):
    path = tmp_path / FILE_NAME
    copies = [player(path, seed, games=6) for seed in (1, 2)]
    reports = []
    for p in copies:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        reports.append([tuple(map(int, line.split())) for line in out.splitlines()])
    records = Records.open(path)
    assert records.problems == []
    assert records.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    rows = {row.id: row for row in records.history()}
    ids = [{r[0] for r in report} for report in reports]
    assert len(ids[0]) == len(ids[1]) == 6 and not ids[0] & ids[1]  # no row shared or lost
    for report in reports:
        last = {}
        for row_id, moves, undos in report:
            last[row_id] = (moves, undos)
        for row_id, (moves, undos) in last.items():
            row = rows[row_id]
            assert (row.moves, row.undos) == (moves, undos) and row.outcome is not None
            game, _facts = records.resume(row)
            assert len(game.moves) == moves


def test_a_kill_at_any_moment_loses_no_committed_action(tmp_path):
    path = tmp_path / FILE_NAME
    for seed, saves in ((3, 40), (4, 173), (5, 411)):
        p = player(path, seed, games=-1)
        assert p.stdout is not None
        lines = []
        for _ in range(saves):
            lines.append(p.stdout.readline())
            assert lines[-1], p.stderr.read() if p.stderr else ""
        p.send_signal(signal.SIGKILL)
        p.wait(10)
        # every line printed before the kill reports a committed save; the last whole one
        # counts (the kill can cut a report short: its save was committed, one action
        # more than the line before, which the check below allows)
        lines += p.stdout.read().splitlines()
        last = next(r for r in (tuple(map(int, x.split())) for x in reversed(lines)) if len(r) == 3)
        records = Records.open(path)
        assert records.problems == []
        assert records.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        newest = records.history(limit=1)[0]
        row_id, moves, undos = last
        row = records.games.get(row_id)
        # the kill may fall between a commit and its report: one action more, no less
        one_more = {(moves + 1, undos), (moves - 1, undos + 1)}
        assert (row.moves, row.undos) == (moves, undos) or (
            (row.moves, row.undos) in one_more or (newest.id > row_id and newest.moves == 1)
        )
        for row in records.history():
            game, _facts = records.resume(row)
            assert len(game.moves) == row.moves and game.undo_count == row.undos
        records.close()
