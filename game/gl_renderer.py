"""What draws the window's OpenGL: the renderer's name, as its driver gives it.

SDL says which interface its renderer uses ("opengl"), not what is behind it: Mesa's
llvmpipe on a machine with no GPU looks like any GPU to it. The driver's own name
says it plainly, where a present's cost (see game.app) can mislead: a GPU driver that
spins while it waits for the screen's refresh costs CPU as software drawing does.
"""

from __future__ import annotations

import ctypes
import ctypes.util

GL_RENDERER = 0x1F01
# the software rasterizers, as their drivers name themselves (Mesa's, Google's)
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "software rasterizer", "swiftshader")
# the OpenGL library's name, per system (Linux and the BSDs, macOS): SDL loads the same
LIBRARIES = ("GL", "OpenGL")


def gl_renderer_name() -> str | None:
    """The current OpenGL context's renderer; None with no context or no library."""
    for name in LIBRARIES:
        path = ctypes.util.find_library(name)
        if path is None:
            continue
        try:
            get_string = ctypes.CDLL(path).glGetString
        except (OSError, AttributeError):
            continue
        get_string.restype = ctypes.c_char_p
        get_string.argtypes = [ctypes.c_uint]
        value = get_string(GL_RENDERER)  # NULL with no current context
        return value.decode("utf-8", "replace") if value else None
    return None


def drawn_in_software(renderer: str) -> bool:
    lowered = renderer.lower()
    return any(name in lowered for name in SOFTWARE_RENDERERS)
