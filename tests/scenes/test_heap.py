"""Memory freed by pictures given back to the system at a scene's change."""

import sys

import pytest

from game import heap


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_the_heap_s_free_room_is_given_back_where_glibc_can(monkeypatch):
    assert heap._TRIM is not None  # found in the C library the process runs on
    kept = []
    monkeypatch.setattr(heap, "_TRIM", kept.append)
    heap.give_back_freed_memory()
    assert kept == [0]  # all of the heap's free room, none kept in reserve


def test_a_scene_s_change_gives_freed_memory_back_under_the_full_shade(app, driver, monkeypatch):
    # a long 4K session held 470 to 570 MB, some 300 MB of it in use (see game/heap.py)
    import game.app as app_module
    from game.scenes.menu import MenuScene

    shades = []
    monkeypatch.setattr(app_module, "give_back_freed_memory", lambda: shades.append(app._fade))
    app.switch(MenuScene(app), fade=False)
    driver.settle(0.5)
    assert shades == []  # a switch unseen (a test's, the first scene) has no shade to hide it
    app.switch(lambda: MenuScene(app))
    driver.settle(1.0)
    assert shades == [1.0]  # once, at the darkest, where its pause is not seen


def test_the_fade_keeps_no_window_sized_picture_once_it_is_over(app, driver):
    from game.scenes.menu import MenuScene

    app.switch(MenuScene(app), fade=False)
    app.switch(lambda: MenuScene(app))
    driver.frames(20)
    assert app._unshaded is not None and app._unshaded.get_size() == app.size  # shading
    # the picture darkened in place by the fade's share, where a second window-sized
    # surface, black, was blended over it
    light = 1.0 - app._fade
    assert 0.1 < light < 0.9
    for where in [(x, y) for x in range(0, app.size[0], 97) for y in range(0, app.size[1], 89)]:
        seen, whole = app.surface.get_at(where), app._unshaded.get_at(where)
        for a, b in zip(seen[:3], whole[:3], strict=True):
            assert abs(a - b * light) <= 2, (where, seen, whole, light)
    assert not hasattr(app, "_shade")
    driver.settle(1.5)
    assert app._unshaded is None


def test_what_only_cycles_hold_is_freed_before_the_heap_is_trimmed(monkeypatch):
    # a scene left is a cycle (its buttons' actions point back at it): its pictures are
    # freed only by the collector, and only what is freed can go back to the system
    import gc
    import weakref

    class Scene:
        pass

    freed_before_the_trim = []
    monkeypatch.setattr(heap, "_TRIM", lambda pad: freed_before_the_trim.append(left() is None))
    gc.disable()  # the collector runs only when asked to
    try:
        scene = Scene()
        scene.back = scene
        left = weakref.ref(scene)
        del scene
        heap.give_back_freed_memory()
    finally:
        gc.enable()
    assert freed_before_the_trim == [True]
