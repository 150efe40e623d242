"""Operating-system locks on files (game.store.file_locks): a file system that locks
nothing holds nobody up, and asking whether a lock is free leaves no file behind."""

import errno

from game.store import file_locks
from game.store.file_locks import waited_lock


def test_a_file_system_that_locks_nothing_holds_nobody_up(tmp_path, monkeypatch):
    # a network share may lock nothing: taken for "held", a window waited on a salvage
    # nobody made, and kept its records in memory
    import fcntl

    def no_locks(_fd, _how):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    with waited_lock(tmp_path / "records.sqlite3.salvage-lock", 0.0) as free:
        assert free


def test_asking_after_a_lock_not_yet_made_leaves_no_file(tmp_path):
    # asked before each save of a window that waited on a salvage: nobody holds it
    lock = tmp_path / "records.sqlite3.salvage-lock"
    with waited_lock(lock, 0.0, make=False) as free:
        assert free
    assert not lock.exists()


def test_a_lock_another_holds_is_not_had_past_the_patience(tmp_path):
    lock = tmp_path / "records.sqlite3.salvage-lock"
    with open(lock, "a+b") as other:
        assert file_locks.try_lock(other)
        with waited_lock(lock, 0.0) as free:
            assert not free
    with waited_lock(lock, 0.0) as free:
        assert free
