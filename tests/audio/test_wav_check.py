"""What a sound file's bytes say before the mixer sees them (game.audio.wav_check): a
file the mixer would take whole plays, one it would take in part, or crash on, is
named among the sounds that could not be loaded, and the game goes on."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.audio import SOUND_NAMES, Sounds
from game.audio.wav_check import wav_problem
from game.paths import SOUNDS_DIR

# the shipped files' format: 22050 Hz, mono, 16 bits, so 44100 bytes a second
RATE, BYTES_PER_SECOND = 22050, 44100
FMT = struct.pack("<HHIIHH", 1, 1, RATE, BYTES_PER_SECOND, 2, 16)


def chunk(name: bytes, body: bytes, size: int | None = None) -> bytes:
    """A RIFF chunk; `size` what its header says, where it lies; an odd body padded."""
    said = len(body) if size is None else size
    return struct.pack("<4sI", name, said) + body + b"\0" * (len(body) & 1)


def wav(*chunks: bytes) -> bytes:
    inner = b"WAVE" + b"".join(chunks)
    return b"RIFF" + struct.pack("<I", len(inner)) + inner


def tone(seconds: float) -> bytes:
    """A soft square wave of `seconds`, as 16-bit samples."""
    frames = int(RATE * seconds)
    return b"".join(struct.pack("<h", 3000 if (n // 50) % 2 else -3000) for n in range(frames))


@pytest.fixture(autouse=True)
def closed_mixer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # a device that plays nowhere
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def sounds_with_win(tmp_path: Path, data: bytes) -> Sounds:
    """The game's sounds, its win.wav replaced by `data`."""
    for name in SOUND_NAMES:
        (tmp_path / f"{name}.wav").write_bytes((SOUNDS_DIR / f"{name}.wav").read_bytes())
    (tmp_path / "win.wav").write_bytes(data)
    return Sounds(sounds_dir=tmp_path)


def test_a_whole_wav_file_made_here_is_one_sound(tmp_path: Path) -> None:
    # the files the cases below break, whole: they play
    assert wav_problem(wav(chunk(b"fmt ", FMT), chunk(b"data", tone(0.2)))) is None
    sounds = sounds_with_win(tmp_path, wav(chunk(b"fmt ", FMT), chunk(b"data", tone(0.2))))
    assert sounds.unloaded == () and sounds.play("win")


def test_a_chunk_of_an_odd_length_before_the_sound_does_not_hide_it(tmp_path: Path) -> None:
    # a sound editor's notes (a LIST chunk) of an odd length are padded to an even one:
    # read unpadded, the data chunk after them was not found and a whole file refused
    notes = chunk(b"LIST", b"INFOISFT\x05\0\0\0Tool\0")
    assert len(notes) % 2 == 0 and struct.unpack_from("<I", notes, 4)[0] % 2 == 1
    data = wav(chunk(b"fmt ", FMT), notes, chunk(b"data", tone(0.2)))
    assert wav_problem(data) is None
    sounds = sounds_with_win(tmp_path, data)
    assert sounds.unloaded == () and sounds.play("win")


def test_a_file_whose_sound_comes_before_its_format_is_named_not_a_crash(
    tmp_path: Path,
) -> None:
    data = wav(chunk(b"data", tone(0.2)), chunk(b"fmt ", FMT))
    assert wav_problem(data) == "its sound comes before its format"
    sounds = sounds_with_win(tmp_path, data)
    assert sounds.unloaded == ("win.wav",)
    assert not sounds.play("win") and sounds.play("pair")


def test_a_file_cut_inside_its_format_is_cut_short_not_a_crash(tmp_path: Path) -> None:
    whole = (SOUNDS_DIR / "win.wav").read_bytes()
    for kept in (24, 30, 35):  # 4, 10 and 15 bytes of the format's 16
        assert wav_problem(whole[:kept]) == "the file is cut short", kept
    sounds = sounds_with_win(tmp_path, whole[:30])
    assert sounds.unloaded == ("win.wav",) and sounds.play("pair")


def test_a_file_with_a_format_and_no_sound_is_cut_short() -> None:
    assert wav_problem(wav(chunk(b"fmt ", FMT))) == "the file is cut short"


def test_a_sound_of_no_samples_is_cut_short_even_when_its_header_says_so() -> None:
    # a file of its header alone made a Sound of no samples, which pygame-ce frees
    # twice: the game aborted as it started. Here the header is true to the file
    assert wav_problem(wav(chunk(b"fmt ", FMT), chunk(b"data", b""))) == "the file is cut short"


def test_shorter_than_a_hundredth_of_a_second_is_cut_short_counted_in_bytes_a_second() -> None:
    # 300 bytes are 6.8 ms at the format's 44100 bytes a second (13.6 ms were it
    # counted at its 22050 frames a second); 600 bytes, 13.6 ms, are a sound
    assert wav_problem(wav(chunk(b"fmt ", FMT), chunk(b"data", b"\1" * 300))) is not None
    assert wav_problem(wav(chunk(b"fmt ", FMT), chunk(b"data", b"\1" * 600))) is None


def test_a_riff_file_of_another_kind_is_not_a_wav_file() -> None:
    riff = wav(chunk(b"fmt ", FMT), chunk(b"data", tone(0.2)))
    assert wav_problem(riff[:8] + b"AVI " + riff[12:]) == "not a WAV file"
