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


def test_a_window_resized_again_and_again_keeps_few_sizes_in_its_caches():
    # every size ever had kept its felt (6 MB at 1080p) and fonts (a file open each):
    # 40 sizes took a kiosk from 92 to 347 MB and from 66 to 197 open files
    from game.render import glyphs
    from game.render.cards import card_art
    from game.ui import theme

    for i in range(40):
        scale = theme.ui_scale((900 + 23 * i, 640 + 11 * i))
        theme.felt((900 + 23 * i, 640 + 11 * i))
        for base in (12, 15, 17, 20, 34):
            theme.font(int(base * scale))
            theme.font(int(base * scale), bold=True)
        card_art(60 + i).face("QS")  # its indices and courts, at its size
    assert theme.felt.cache_info().currsize <= 4
    assert len(theme._fonts) <= theme.KEPT_FONTS
    assert len(glyphs._fonts) <= glyphs.KEPT_FONTS
