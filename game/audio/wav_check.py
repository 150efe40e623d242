"""What is wrong with a sound file, read from its bytes before the mixer sees it.

The mixer's loader decodes what a cut WAV file still holds and says nothing of the
rest (half a win.wav played half the win), and a file of its header alone made a Sound
of no samples, which pygame-ce 2.5 frees twice: the game aborted as it started.
"""

from __future__ import annotations

import struct

# A sound shorter than this is a file cut short, not a sound: a win.wav of its first
# 100 bytes loaded without a word and played 1 ms of silence
SHORTEST_HEARD_S = 0.01


def wav_problem(data: bytes) -> str | None:
    """Why the bytes of a WAV file make no whole sound, in words for the log; None when
    they do: a RIFF WAVE file whose format chunk comes before a data chunk as long as it
    says, with at least SHORTEST_HEARD_S of sound in it."""
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        return "not a WAV file"
    bytes_per_second = 0
    at = 12
    while at + 8 <= len(data):
        chunk, size = struct.unpack_from("<4sI", data, at)
        body = data[at + 8 : at + 8 + size]
        if chunk == b"fmt ":
            if len(body) < 16:
                return "the file is cut short"
            (bytes_per_second,) = struct.unpack_from("<I", body, 8)
        elif chunk == b"data":
            if not bytes_per_second:
                return "its sound comes before its format"
            if len(body) < size:
                return "the file is cut short"
            if len(body) / bytes_per_second < SHORTEST_HEARD_S:
                return "the file is cut short"
            return None
        at += 8 + size + (size & 1)  # a chunk of an odd length is padded to an even one
    return "the file is cut short"
