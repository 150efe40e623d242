"""Games to store: the known wins of Pyramid 52 deal 8 and Сбудется deal 0, random legal
play, a lost arcade level and a whole arcade run, a records file whose table was lost."""

from __future__ import annotations

import random
from pathlib import Path

from game.rules import Game
from game.store import GameFacts, Records

# Pyramid 52, deal 8 can be won with these moves (found by an exhaustive search).
DEAL_8_WIN = (  # noqa: SIM905
    "p7.2+p7.5 p7.3+p7.7 p6.2+p7.1 st>w st>w p7.4+st p6.1+p6.3 p5.2+w p6.4+w st st>w st>w "
    "st>w st>w p7.6+st st>w p5.3+st p4.2 st>w st>w st>w p6.5+st p5.4+p6.6 p4.3+p5.1 p5.5 "
    "p4.4+w p3.2+w p3.3+p4.1 st>w st+w p3.1+st st st+w st+w p2.1+w st+w p2.2+st st+w p1.1+w"
).split()


# Сбудется, deal 0, can be won with these moves (the solver's line).
FORTUNE_0_WIN = (  # noqa: SIM905
    "t4>f2 st>w w>f1 t5>f1 t1>f1 st>w w>t6 st>w w>f2 t8>f2 t8>f1 st>w w>t7 st>w w>t5 st>w "
    "w>f3 t5>f3 t5>f3 t2>f3 t2>f4 t1>f4 t3>f3 t5>f1 t1>f1 t5>f4 st>w w>t1 st>w w>f3 t6>f3 "
    "t6>f3 t6>f2 t5>f2 st>w w>f2 st>w w>f3 st>w w>f4 t4>f4 t1>f4 t1>f2 t7>f4 t6>f2 t7>f1 "
    "t8>f4 t2>f2 t3>f4 t5>f1"
).split()


def won_with(ruleset: str, deal: int, line: list[str]) -> Game:
    """Deal `deal` of `ruleset`, won by the moves of `line`."""
    game = Game(ruleset, deal=deal)
    for move in line:
        game.play(move)
    assert game.won
    return game


def won_game() -> Game:
    return won_with("pyramid52", 8, DEAL_8_WIN)


def won_fortune() -> Game:
    return won_with("sbudetsya", 0, FORTUNE_0_WIN)


def random_game(ruleset: str, deal: int, moves: int, seed: int = 0, end: bool = True) -> Game:
    """Up to `moves` random legal moves; with `end`, resign unless the game is over."""
    game = Game(ruleset, deal=deal)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = list(game.legal_moves)
        if not legal:
            break
        game.play(rng.choice(legal))
    if end and not game.over:
        game.play("resign")
    return game


def lost_level_game(deal: int, index: int = 0) -> Game:
    """A game of the ladder's level `index` (the first) that sends a card home, then
    is given up."""
    from game.ladder import load_ladder

    level = load_ladder().levels[index]
    game = Game(level.ruleset, level.options, deal=deal)
    while not any(str(m).endswith(("f1", "f2", "f3", "f4")) for m in game.moves):
        home = [m for m in game.legal_moves if "f" in str(m).partition(">")[2]]
        game.play(home[0] if home else "st>w")
    game.play("resign")
    return game


def won_level_game(index: int = 0, deal: int = 8) -> Game:
    """A game of the ladder's level `index`, won along the solver's line."""
    from game.ladder import load_ladder
    from game.solver import solve

    level = load_ladder().levels[index]
    game = Game(level.ruleset, level.options, deal=deal)
    for move in solve(game).moves:
        game.play(move)
    assert game.won
    return game


def ladder_run_games() -> list[Game]:
    """A whole run of the real ladder that enters its table: the first level won, then
    three lives lost on the second (a run that won no level enters none)."""
    return [won_level_game(), *(lost_level_game(n, 1) for n in range(3))]


def ruin_the_games_root(conn, path) -> None:
    """Turn the root page of the games table of the file at `path` (open as `conn`) to
    garbage, as a failing card or disk does."""
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name='games'").fetchone()
    with open(path, "r+b") as file:
        file.seek((root - 1) * page)
        file.write(b"\xde\xad" * (page // 2))


def won_entry_with_its_table_lost(path: Path) -> Records:
    """A records file at `path` holding a won game entered as XYZ's place, whose scores
    table is then dropped: opened again, salvaged, the place is to be made again."""
    import sqlite3

    records = Records.open(path)
    game, facts = won_game(), GameFacts(seconds=30.0)
    records.save_game(game, facts)
    records.add_game_score(game, facts, "XYZ")
    records.close()
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE scores")
    conn.close()
    return Records.open(path)
