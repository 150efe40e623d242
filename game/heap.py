"""The memory of pictures freed, given back to the system where the C library can
(glibc's malloc_trim; elsewhere nothing is done).

At 4K a window-sized picture takes 31.6 MiB, just under the largest size glibc maps
apart from its heap. Once such a picture is freed glibc raises that threshold, the next
ones come from the heap, and the heap keeps their room after they are freed: a long
session at 4K held 470 to 570 MB, of which some 300 MB were in use. Lowering the
threshold instead (every block over 1 MiB mapped apart) cost the 4K drag frame 45%.
"""

from __future__ import annotations

import ctypes
import gc
import sys
from collections.abc import Callable


def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library the process runs on
    except (OSError, AttributeError):  # not glibc (musl has none)
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


_TRIM = _malloc_trim()


def give_back_freed_memory() -> None:
    """Free what only cycles still hold (a scene left is one: its buttons' actions
    point back at it), then give the heap's free room back to the system."""
    gc.collect()
    if _TRIM is not None:
        _TRIM(0)
