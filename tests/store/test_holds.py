"""A game open at one window's table is held against the others: two windows of the
game on one records file once played the day's deal twice, one of them knowing its
stock, and the first result was written over."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from game.rules import Game
from game.store import Records
from game.store.holds import GameHolds
from game.store.saved import GameFacts


def saved_game(records: Records) -> GameFacts:
    game, facts = Game("pyramid52", deal=8), GameFacts()
    game.play("st>w")
    assert records.save_game(game, facts)
    return facts


def test_a_game_saved_in_one_window_is_not_offered_to_another_until_let_go(tmp_path):
    path = tmp_path / "records.sqlite3"
    first, second = Records.open(path), Records.open(path)
    facts = saved_game(first)
    assert second.unfinished() is None and not second.hold(facts.record_id)
    assert first.unfinished() is not None  # its own window still has it
    first.release(facts.record_id)
    assert second.unfinished().id == facts.record_id and second.hold(facts.record_id)
    assert not first.hold(facts.record_id)  # now the other one's
    first.close()
    second.close()


def test_a_new_game_of_a_table_gives_up_none_another_window_plays(tmp_path):
    path = tmp_path / "records.sqlite3"
    first, second = Records.open(path), Records.open(path)
    facts = saved_game(first)
    assert not second.left_in_play("pyramid52", {"passes": 1})
    second.give_up_left("pyramid52", {"passes": 1})
    assert first.game(facts.record_id).outcome is None
    first.close()
    second.close()


def test_a_finished_game_lets_go_of_its_file(tmp_path):
    holds = GameHolds(tmp_path / "open-games")
    assert holds.hold(7) and (tmp_path / "open-games" / "7").exists()
    holds.release(7, finished=True)
    assert not (tmp_path / "open-games" / "7").exists()
    assert holds.hold(7)  # taken back after its end: held again
    holds.release(7)
    assert (tmp_path / "open-games" / "7").exists()  # still in play: kept for the next


def test_records_kept_in_memory_hold_every_game():
    records = Records.memory()
    facts = saved_game(records)
    assert records.hold(facts.record_id) and records.unfinished() is not None


def test_a_window_that_crashed_holds_nothing(tmp_path):
    # the lock is the operating system's: it goes with the process, however it ends
    folder = tmp_path / "open-games"
    script = textwrap.dedent(
        f"""
        import os, sys
        sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})
        from game.store.holds import GameHolds
        holds = GameHolds(__import__("pathlib").Path({str(folder)!r}))
        assert holds.hold(3)
        print("held", flush=True)
        sys.stdin.readline()
        os._exit(9)  # no clean-up: as a crash
        """
    )
    window = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert window.stdout.readline().strip() == "held"
        holds = GameHolds(folder)
        assert holds.held_elsewhere(3) and not holds.hold(3)
        window.stdin.write("\n")
        window.stdin.flush()
        assert window.wait(timeout=20) == 9
        assert not holds.held_elsewhere(3) and holds.hold(3)
    finally:
        window.kill()


def test_a_window_holds_one_game_at_a_time(tmp_path):
    holds, other = GameHolds(tmp_path), GameHolds(tmp_path)
    assert holds.hold(1) and not other.hold(1)
    assert holds.hold(2)  # its next game: the one it left is free for another window
    assert other.hold(1) and not other.hold(2)


def test_the_files_of_games_over_are_cleared_when_the_records_open(tmp_path):
    path = tmp_path / "records.sqlite3"
    first = Records.open(path)
    facts = saved_game(first)
    game = Game("pyramid36", deal=2)
    game.play("resign")
    over = GameFacts()
    first.save_game(game, over)  # held now, the first game let go of, its file kept
    first.close()
    folder = tmp_path / "open-games"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [str(facts.record_id), str(over.record_id)]
    )
    Records.open(path).close()
    assert [p.name for p in folder.iterdir()] == [str(facts.record_id)]  # still in play
