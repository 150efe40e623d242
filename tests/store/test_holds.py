"""A game open at one window's table is held against the others: two windows of the
game on one records file once played the day's deal twice, one of them knowing its
stock, and the first result was written over."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

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


def test_a_refused_hold_keeps_the_game_the_window_has(tmp_path):
    # refused the day's deal, a window at its menu let go of its own game: a third window
    # could take it
    holds, other, third = GameHolds(tmp_path), GameHolds(tmp_path), GameHolds(tmp_path)
    assert holds.hold(1) and other.hold(2)
    assert not holds.hold(2)
    assert not third.hold(1)


def age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_the_files_of_games_that_will_not_go_on_are_cleared_when_the_records_open(tmp_path):
    path = tmp_path / "records.sqlite3"
    first = Records.open(path)
    playing = saved_game(first)
    unplayed, over = GameFacts(), GameFacts()
    first.save_game(Game("pyramid36", deal=3), unplayed)  # left before its first move
    ended = Game("pyramid36", deal=2)
    ended.play("resign")
    first.save_game(ended, over)
    first.close()
    folder = tmp_path / "open-games"
    ids = {str(f.record_id) for f in (playing, over)}  # the unplayed one's went as it left
    assert {p.name for p in folder.iterdir()} == ids
    Records.open(path).close()  # made in the last minute: a window may be locking one
    assert {p.name for p in folder.iterdir()} == ids
    for file in folder.iterdir():
        age(file, 120)
    Records.open(path).close()
    assert [p.name for p in folder.iterdir()] == [str(playing.record_id)]  # goes on
    age(folder / str(playing.record_id), 2 * 24 * 3600)
    Records.open(path).close()  # nobody's for a day: the file goes, the game stays
    assert list(folder.iterdir()) == []
    assert Records.open(path).unfinished().id == playing.record_id


def test_a_window_moving_on_clears_the_file_of_a_game_it_left_unplayed(tmp_path):
    records = Records.open(tmp_path / "records.sqlite3")
    for deal in range(4):  # New deal, and again: a passer-by's walking away, at a kiosk
        records.save_game(Game("pyramid36", deal=deal), GameFacts())
    assert len(list((tmp_path / "open-games").iterdir())) == 1
    records.close()


def test_a_file_system_that_locks_nothing_lets_every_game_go_on(tmp_path, monkeypatch):
    # taken for "held elsewhere", every game would be refused for ever on such a share
    import errno

    fcntl = pytest.importorskip("fcntl")

    def no_locks(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    holds, other = GameHolds(tmp_path), GameHolds(tmp_path)
    assert holds.hold(1) and not other.held_elsewhere(1) and other.hold(1)


def test_a_game_whose_moves_were_all_taken_back_keeps_its_file(tmp_path):
    # Continue offers it, yet its hold counted it as never to be continued and let its
    # file go: two rules of "in play" in two places
    records = Records.open(tmp_path / "records.sqlite3")
    game, facts = Game("pyramid36", deal=5), GameFacts()
    game.play(str(next(iter(game.legal_moves))))
    records.save_game(game, facts)
    game.undo()
    records.save_game(game, facts)
    assert records.unfinished().id == facts.record_id
    records.save_game(Game("pyramid52", deal=1), GameFacts())  # another game held here
    assert (tmp_path / "open-games" / str(facts.record_id)).exists()
    records.close()


def test_a_game_file_removed_as_a_window_locks_it_is_locked_anew(tmp_path, monkeypatch):
    # another window's clear-up removed the file between its opening and its lock: the
    # window held a file no longer there, and a third window locked a new one, the same
    # game at two tables
    from game.store import holds

    folder = tmp_path / "open-games"
    folder.mkdir()
    real_lock = holds._try_lock

    def cleared_just_then(handle):
        monkeypatch.setattr(holds, "_try_lock", real_lock)
        (folder / "7").unlink()
        return real_lock(handle)

    monkeypatch.setattr(holds, "_try_lock", cleared_just_then)
    window = GameHolds(folder)
    assert window.hold(7)
    assert (folder / "7").exists()
    assert not GameHolds(folder).hold(7)


def test_a_clear_up_never_removes_the_file_of_a_game_a_window_holds(tmp_path, monkeypatch):
    # looked at, then removed: a window that locked it in between held a file no other
    # window would find
    folder = tmp_path / "open-games"
    playing = GameHolds(folder)
    assert playing.hold(7)
    age(folder / "7", 2 * 24 * 3600)
    monkeypatch.setattr(GameHolds, "held_elsewhere", lambda self, record_id: False)
    assert GameHolds(folder).clear() == 0
    assert (folder / "7").exists() and not GameHolds(folder).hold(7)
