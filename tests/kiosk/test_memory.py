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
    assert len(theme._fonts) <= theme.KEPT_FONTS  # the words' and the cards' fonts


def test_what_only_a_reference_cycle_keeps_is_freed_too():
    # a scene and its buttons hold each other: left, it waited for the cycle
    # collector's rare full pass with its full-screen pictures
    import gc
    import weakref

    class Scene:
        pass

    gc.disable()
    try:
        scene = Scene()
        scene.me, scene.picture = scene, bytearray(8 * 2**20)
        gone = weakref.ref(scene)
        del scene
        assert gone() is not None  # kept by its cycle alone
        release_free_memory()
        assert gone() is None
    finally:
        gc.enable()


def test_the_kiosk_frees_memory_once_the_last_round_s_scenes_are_gone(make_kiosk, monkeypatch):
    # it ran as the invitation was made, while the high scores were still the scene
    from game.kiosk import invitation
    from game.kiosk.invitation import InvitationScene

    kiosk = make_kiosk()
    on_screen = []
    monkeypatch.setattr(invitation, "release_free_memory", lambda: on_screen.append(kiosk.scene))
    kiosk.kiosk.attract.start()
    for _ in range(120):
        kiosk.frame()
        kiosk.clock.advance(1 / 60)
    assert on_screen and all(isinstance(s, InvitationScene) for s in on_screen)
