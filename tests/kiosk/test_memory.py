"""Freed memory goes back to the system at the kiosk's quiet moments (glibc)."""

import os
from pathlib import Path

import pytest

from game.kiosk.memory import release_free_memory


def rss_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs Linux's /proc")
def test_free_memory_in_the_middle_of_the_heap_is_returned():
    if not release_free_memory():
        pytest.skip("not glibc: nothing to return memory with")
    blocks = [bytearray(64 * 1024) for _ in range(400)]  # on the heap, not mapped apart
    del blocks[::2]  # 12.5 MB of holes between blocks still in use: free() keeps them
    before = rss_mb()
    assert release_free_memory()
    assert rss_mb() < before - 6
    assert len(blocks) == 200
