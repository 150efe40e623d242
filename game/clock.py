"""The clocks the game loop reads: the system's, or one tests move by hand."""

from __future__ import annotations

import time
from typing import Protocol

STEP = 1 / 60  # the game loop's fixed update, in seconds


class Clock(Protocol):
    def now(self) -> float: ...


class SystemClock:
    def now(self) -> float:
        return time.perf_counter()


class ManualClock:
    """A clock tests move by hand."""

    def __init__(self, t: float = 0.0) -> None:
        self.t = t

    def now(self) -> float:
        return self.t

    def advance(self, dt: float) -> None:
        self.t += dt
