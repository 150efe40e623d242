"""Giving freed memory back to the system, where the C library allows it.

A kiosk runs for weeks, and pictures of many sizes are painted and dropped
again (each table's cards, the show's cards, the chooser's previews). glibc
keeps freed heap for reuse rather than returning it, so the resident size
wanders some tens of MB above what is in use, and a soak cannot tell a leak
from that. At the start of each round of the show, a quiet moment, the kiosk
asks glibc to return what is free (`malloc_trim`); elsewhere nothing happens.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from collections.abc import Callable
from functools import cache


def release_free_memory() -> bool:
    """Free what only reference cycles keep, then return the C heap's free memory to the
    system; False where that cannot be done.

    A scene and its buttons hold each other (a button's action is the scene's method),
    so a scene left, with its full-screen pictures, is freed by the cycle collector
    alone, whose full pass comes ever more seldom as the heap grows: a kiosk's memory
    rose some 100 MB an hour in steps of one full-screen picture."""
    gc.collect()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim  # glibc only (not musl)
    except (OSError, AttributeError):
        return None
    return trim
