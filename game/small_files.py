"""Reading a small file the player or an operator keeps (settings, a kiosk's
configuration) without trusting its size: one pointed at /dev/zero, or grown huge,
must not fill the memory before it is found to be no such file."""

from __future__ import annotations

import errno
import os
from pathlib import Path

# Said of a file its owner made read-only, in the manner of the system's reasons (an
# OSError's strerror), which game.notices puts in the player's language
READ_ONLY_FILE = "the file is read-only"
# Said of a file that may not even be read: nothing of it is shown
UNREADABLE_FILE = "the file may not be read"
# Far past any real one: settings are a few hundred bytes, a kiosk's file a few KB
LARGEST = 1 << 20


class TooLarge(ValueError):
    """The file holds more than a file of its kind ever does."""


def read_small(path: Path, most: int = LARGEST) -> bytes:
    """The file's bytes; TooLarge past `most` (OSError as open and read raise it)."""
    with path.open("rb") as f:
        data = f.read(most + 1)
    if len(data) > most:
        raise TooLarge(f"over {most >> 10} KB")
    return data


def text_of(data: bytes) -> str:
    """A text file's bytes as text: UTF-8, with or without the mark some editors put
    first, or UTF-16 where its mark says so (Windows' Notepad saving "Unicode", and
    PowerShell's `>`, write it: refused, such a file was "not UTF-8 text"). Raises
    UnicodeDecodeError for anything else."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")  # the mark read, and left out
    return data.decode("utf-8-sig")


def resolved(path: Path) -> Path:
    """`path` with its links followed; OSError (ELOOP) for a link that leads back to
    itself, where Python 3.11's resolve() raises RuntimeError, which no file handling
    expects (a records file linked to itself ended the game at its start)."""
    try:
        return path.resolve()
    except RuntimeError as e:
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path)) from e
