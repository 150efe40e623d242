"""A replay file read: from a path or standard input ("-"), bounded in size, decoded
strictly, its JSON parsed. Every problem is a ReplayError that names the file, for the
command line to say in one line and the window to log (see
game.scenes.replay_files.watch_dropped)."""

from __future__ import annotations

import sys
from typing import Any

from game.rules import ReplayError
from game.rules.replay import parse_replay_text
from game.small_files import text_of

# The largest replay file read: a game of thousands of moves is some 100 KB, an arcade
# run's file some ten games. Re-played, a move holds some 2 KB of positions for undo: a
# 16 MB file of short moves (1.7 million) took 3 GB, a 2 MB one takes some 400 MB
LARGEST_REPLAY = 2 << 20


def read_replay_file(path: str) -> dict[str, Any]:
    """The replay at `path` (- for standard input), parsed; ReplayError if it is none."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            # Bytes, decoded strictly: a text stdin may decode with surrogateescape.
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:
                data: bytes | str = sys.stdin.read(LARGEST_REPLAY + 1)
            else:
                data = stream.read(LARGEST_REPLAY + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(LARGEST_REPLAY + 1)
        if len(data) > LARGEST_REPLAY:
            # /dev/zero, or a file that is no replay: refused before it fills the memory
            raise ReplayError(f"{name} is over {LARGEST_REPLAY >> 20} MB: not a replay file")
        text = text_of(data) if isinstance(data, bytes) else data
    except OSError as e:
        raise ReplayError(f"cannot read {path}: {e.strerror}") from e
    except UnicodeDecodeError as e:
        raise ReplayError(f"{name} is not UTF-8 (nor UTF-16) text") from e
    # a byte-order mark, as some editors write one first, is no part of the JSON
    text = text.removeprefix("\ufeff")
    if not text.strip():  # said "Expecting value at line 1 column 1"
        raise ReplayError(f"{name} is empty: not a replay file")
    try:
        return parse_replay_text(text)
    except ReplayError as e:  # the file named, as a file not read or not text is
        raise ReplayError(f"{name}: {e}") from e
