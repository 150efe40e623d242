"""The cycle collector paused for a search (game/solver/collector.py)."""

from __future__ import annotations

import gc

import pytest

from game.solver.collector import collector_paused


def test_a_search_that_fails_leaves_the_collector_running_as_it_found_it() -> None:
    # the game's solver process goes on after a search that raised (a line that does
    # not replay): its collector left paused, it would never free a cycle again
    assert gc.isenabled()
    with pytest.raises(KeyError), collector_paused():
        assert not gc.isenabled()
        raise KeyError("a search that failed")
    assert gc.isenabled()
