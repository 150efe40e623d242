"""The window: a vsync renderer when it is cheap, else the window's own surface.

OpenGL drawn in software (Mesa's llvmpipe, a machine with no GPU) draws no warning
from SDL, yet it cost a kiosk's attract loop a whole core: each present copied the
whole 1080x1920 frame through it (about 28 ms of CPU). SDL's dummy driver has no
OpenGL, so the renderer and the cost of its presents are played here.
"""

import time

import pygame
import pytest

from game.app import App
from game.clock import ManualClock


def burn(ms: float) -> None:
    end = time.process_time() + ms / 1000
    while time.process_time() < end:
        pass


@pytest.fixture
def opengl(monkeypatch, tmp_path):
    """set_mode(vsync=1) gives an 'opengl' renderer whose present costs `present_ms` of CPU."""
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")  # undone after the test
    real_set_mode, real_flip = pygame.display.set_mode, pygame.display.flip
    fake = {"present_ms": 0.0, "vsync": False, "calls": []}

    def set_mode(size=(0, 0), flags=0, depth=0, display=0, vsync=0):
        fake["calls"].append(vsync)
        fake["vsync"] = bool(vsync)
        return real_set_mode(size, flags)  # no warning: SDL took it for a fast renderer

    def flip():
        if fake["vsync"]:
            burn(fake["present_ms"])
        real_flip()

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(
        pygame.display,
        "_get_renderer_info",
        lambda: ("opengl", 14) if fake["vsync"] else None,
        raising=False,
    )
    yield fake
    pygame.display.quit()


def test_opengl_drawn_in_software_gives_way_to_the_plain_window_surface(opengl):
    import os

    opengl["present_ms"] = 25.0  # llvmpipe at 1080x1920
    app = App(size=(800, 600), clock=ManualClock())
    assert opengl["calls"] == [1, 0]  # tried with vsync, then opened again without
    assert not opengl["vsync"]
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"  # no texture behind it either
    app.toggle_fullscreen()  # made again: straight to the plain surface, not timed again
    assert opengl["calls"] == [1, 0, 0]
    app.close()


def test_a_renderer_with_cheap_presents_keeps_vsync(opengl):
    opengl["present_ms"] = 0.0
    app = App(size=(800, 600), clock=ManualClock())
    assert opengl["calls"] == [1]
    assert opengl["vsync"]
    app.close()


def test_a_gpu_driver_that_spins_at_vsync_keeps_it(opengl, monkeypatch):
    # some GPU drivers spin while they wait for the refresh: their presents cost CPU as
    # software drawing does, and timing alone took them for llvmpipe
    monkeypatch.setattr("game.window.gl_renderer_name", lambda: "NVIDIA GeForce GTX 1060/PCIe/SSE2")
    opengl["present_ms"] = 16.0
    app = App(size=(800, 600), clock=ManualClock())
    assert opengl["calls"] == [1] and opengl["vsync"]
    app.close()


def test_opengl_named_as_drawn_in_software_gives_way_at_once(opengl, monkeypatch):
    monkeypatch.setattr("game.window.gl_renderer_name", lambda: "llvmpipe (LLVM 15.0.6, 256 bits)")
    opengl["present_ms"] = 0.0  # a small window: cheap enough to pass the timing
    app = App(size=(800, 600), clock=ManualClock())
    assert opengl["calls"] == [1, 0] and not opengl["vsync"]
    app.close()


@pytest.mark.parametrize(
    ("name", "software"),
    [
        ("llvmpipe (LLVM 15.0.6, 256 bits)", True),
        ("softpipe", True),
        ("Software Rasterizer", True),
        ("Google SwiftShader", True),
        ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", False),
        ("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.7, DRM 3.49)", False),
        ("NVIDIA GeForce RTX 3060/PCIe/SSE2", False),
    ],
)
def test_software_renderers_are_known_by_name(name, software):
    from game.gl_renderer import drawn_in_software

    assert drawn_in_software(name) is software


def test_no_current_context_gives_no_name():
    from game.gl_renderer import gl_renderer_name

    assert gl_renderer_name() is None  # the dummy driver makes no OpenGL context


def test_a_window_with_no_renderer_to_ask_keeps_the_one_it_was_given(opengl, monkeypatch):
    # no renderer to read (an older pygame-ce): nothing says it draws in software, and
    # the window is not opened a second time without vsync
    monkeypatch.setattr(pygame.display, "_get_renderer_info", lambda: None, raising=False)
    opengl["present_ms"] = 25.0
    app = App(size=(800, 600), clock=ManualClock())
    assert opengl["calls"] == [1] and opengl["vsync"]
    app.close()


def test_a_present_of_a_few_ms_is_a_gpu_s_not_software(opengl):
    # the cost is each present's, not the three timed together: 5 ms each is 15 ms
    opengl["present_ms"] = 5.0
    app = App(size=(800, 600), clock=ManualClock())
    assert opengl["calls"] == [1] and opengl["vsync"]
    app.close()


def test_the_renderer_s_setting_up_is_not_timed_as_a_present(opengl, monkeypatch):
    # the first present makes the renderer's context current: it may take long, once
    inner, first = pygame.display.flip, [True]

    def flip():
        if first[0] and opengl["vsync"]:
            first[0] = False
            burn(60.0)
        inner()

    monkeypatch.setattr(pygame.display, "flip", flip)
    app = App(size=(800, 600), clock=ManualClock())
    assert opengl["calls"] == [1] and opengl["vsync"]
    app.close()


def test_a_driver_refusing_vsync_opens_the_plain_window(opengl, monkeypatch):
    # a window whose vsync SDL cannot give: the game opens without it, it does not stop
    inner = pygame.display.set_mode

    def set_mode(size=(0, 0), flags=0, depth=0, display=0, vsync=0):
        if vsync:
            raise pygame.error("vsync not available")
        return inner(size, flags)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    app = App(size=(800, 600), clock=ManualClock())
    assert app.surface.get_size() == (800, 600)
    app.close()


def test_the_window_opens_named_and_resizable(monkeypatch, tmp_path):
    import warnings

    from game import i18n

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    pygame.display.init()
    pygame.display.set_caption("pygame window")
    app = App(size=(800, 600), clock=ManualClock())
    try:
        assert pygame.display.get_caption()[0] == i18n._("Piramida")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            assert pygame.Window.from_display_module().resizable
        # named again in the language chosen in Settings
        app.settings.language = "ru"
        app.apply_settings()
        assert pygame.display.get_caption()[0] == "Пирамида"
    finally:
        i18n.set_language("en")
        app.close()
        pygame.display.quit()
