"""How long a damaged records file takes to be set aside and its readable rows kept.

    python benchmarks/salvage.py [--games N] [--runs R] [--json]

A records file of N games (default 20,000, a kiosk's year or so), the first of
them in a high-score table, is made once; each run copies it, scribbles over two of its
pages (one a third of the way in, one near its end), and times `Records.open` on
the copy: the check that finds the damage, the setting aside, and the salvage of
every row that still reads; then the tables made again from the games kept, as the
game's start does (`enter_missed_scores`). The median of R runs (default 3) of each is
reported, with the games and entries kept.

The exit status is 0: it is a report.
"""

from __future__ import annotations

import argparse
import json
import logging
import platform
import shutil
import statistics
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.headless import scratch_home  # noqa: E402
from game.rules import Game  # noqa: E402
from game.store import GameFacts, Records  # noqa: E402
from game.store.database import FILE_NAME  # noqa: E402

PAGE = 4096


def made_file(folder: Path, games: int) -> Path:
    """A records file of `games` games (copies of one, under their own ids), the first
    in its table."""
    path = folder / FILE_NAME
    records = Records.open(path)
    game = Game("pyramid52", deal=8)
    game.play("p7.2+p7.5")  # a card cleared: the game may enter a table
    game.play("resign")
    facts = GameFacts(seconds=30)
    records.save_game(game, facts)
    records.add_game_score(game, facts, "ABC")
    # the rest, copies of the first under ids of their own, in one transaction: saved
    # one by one, each waits for the disk
    conn = records.conn
    listed = ", ".join(r[1] for r in conn.execute("PRAGMA table_info(games)") if r[1] != "id")
    row = tuple(conn.execute(f"SELECT {listed} FROM games WHERE id = 1").fetchone())
    marks = ", ".join("?" * len(row))
    conn.execute("BEGIN")
    conn.executemany(f"INSERT INTO games ({listed}) VALUES ({marks})", [row] * (games - 1))
    conn.execute("COMMIT")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.close()
    return path


def damaged_copy(made: Path, folder: Path) -> Path:
    path = folder / FILE_NAME
    shutil.copy(made, path)
    data = bytearray(path.read_bytes())
    for at in (len(data) // 3, len(data) - 3 * PAGE):
        page = at // PAGE * PAGE
        data[page + 10 : page + PAGE] = b"\xa5" * (PAGE - 10)
    path.write_bytes(bytes(data))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 20 or args.runs < 1:
        parser.error("--games must be at least 20 and --runs at least 1")
    logging.disable(logging.WARNING)  # the damage found, logged at each run
    tmp = scratch_home("piramida-salvage-")
    origin = Path(tmp) / "made"
    origin.mkdir()
    made = made_file(origin, args.games)
    size = made.stat().st_size
    seconds, rebuilt, kept = [], [], (0, 0)
    for run in range(args.runs):
        folder = Path(tmp) / f"run{run}"
        folder.mkdir()
        path = damaged_copy(made, folder)
        start = perf_counter()
        records = Records.open(path)
        seconds.append(perf_counter() - start)
        salvaged = [p for p in records.problems if p.kind == "salvaged"]
        kept = salvaged[0].numbers if salvaged else (0, 0)
        start = perf_counter()
        records.enter_missed_scores(None, "ABC")
        rebuilt.append(perf_counter() - start)
        records.close()
    report = {
        "games": args.games,
        "file_mb": round(size / 1e6, 1),
        "open_s": round(statistics.median(seconds), 3),
        "tables_made_again_s": round(statistics.median(rebuilt), 3),
        "games_kept": kept[0],
        "entries_kept": kept[1],
        "runs": args.runs,
        "python": platform.python_version(),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"records file: {args.games} games, {report['file_mb']} MB, two pages damaged")
        print(f"set aside and salvaged in {report['open_s']} s (median of {args.runs})")
        print(f"its tables made again in {report['tables_made_again_s']} s")
        print(f"kept: {kept[0]} games, {kept[1]} {'entry' if kept[1] == 1 else 'entries'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
