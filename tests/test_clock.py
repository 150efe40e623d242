"""clock.py: the system clock the game's time is read from."""

import time

from game.clock import SystemClock


def test_the_system_clock_counts_time_the_process_stood_still(monkeypatch):
    # README: a game stopped with its cards on the screen (Ctrl+Z) counts the time it
    # stood still; a clock of CPU time would not, nor the loop's sleep between frames
    readings = iter([100.0, 160.0])
    monkeypatch.setattr(time, "perf_counter", lambda: next(readings))
    monkeypatch.setattr(time, "process_time", lambda: 1.0)
    clock = SystemClock()
    assert [clock.now(), clock.now()] == [100.0, 160.0]
