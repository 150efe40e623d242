"""Sound effects: they really reach the audio device, and never break the game.

SDL picks its audio driver when the mixer opens, so every test chooses one
through the environment and closes the mixer again afterwards.
"""

from __future__ import annotations

import array
import importlib.util
import logging
import math
import random
import time
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.audio import SOUND_NAMES, Sounds
from game.paths import ROOT, SOUNDS_DIR

FULL_SCALE = 32767
# The disk driver writes the mixer's output: 44100 Hz, 16-bit, stereo.
DISK_BYTES_PER_SECOND = 44100 * 2 * 2


@pytest.fixture(autouse=True)
def closed_mixer() -> Iterator[None]:
    """Start and end every test with the mixer (and SDL audio) shut."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def disk_audio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Route audio output into a raw sample file instead of a sound card."""
    recording = tmp_path / "disk-audio.raw"
    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(recording))
    return recording


@pytest.fixture
def no_audio_device(monkeypatch: pytest.MonkeyPatch) -> None:
    """An audio driver SDL cannot open, as on a machine with no sound."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")


@pytest.fixture
def silent_device(monkeypatch: pytest.MonkeyPatch) -> None:
    """A working audio device that discards what it is given."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


def record(recording: Path, seconds: float) -> array.array[int]:
    """Let the device run for `seconds`, close it and return the samples it wrote."""
    deadline = time.monotonic() + 5 * seconds + 2
    wanted = int(seconds * DISK_BYTES_PER_SECOND)
    # The disk driver paces itself in real time; wait for enough output, not a fixed sleep.
    while time.monotonic() < deadline:
        if recording.exists() and recording.stat().st_size >= wanted:
            break
        time.sleep(0.02)
    pygame.mixer.quit()
    data = recording.read_bytes()
    samples = array.array("h")
    samples.frombytes(data[: len(data) // 2 * 2])
    return samples


def peak(samples: array.array[int]) -> int:
    return max((abs(s) for s in samples), default=0)


# --- playing -----------------------------------------------------------------


def test_win_really_reaches_the_audio_device(disk_audio: Path) -> None:
    sounds = Sounds(volume=1.0)
    assert sounds.available
    sounds.play("win")
    assert peak(record(disk_audio, 0.5)) > FULL_SCALE // 10


def test_volume_scales_the_output(disk_audio: Path) -> None:
    from game.audio.sounds import VOLUME_RANGE_DB

    sounds = Sounds(volume=0.5)
    sounds.play("pair")
    quiet = peak(record(disk_audio, 0.35))
    with wave.open(str(SOUNDS_DIR / "pair.wav")) as wav:
        recorded = peak(array.array("h", wav.readframes(wav.getnframes())))
    half_way_down = 10 ** (-VOLUME_RANGE_DB / 2 / 20)
    assert quiet == pytest.approx(recorded * half_way_down, rel=0.15)


def test_muted_sounds_are_silent(disk_audio: Path) -> None:
    sounds = Sounds(muted=True)
    assert sounds.available
    sounds.play("win")
    assert peak(record(disk_audio, 0.3)) == 0


def muted_while_playing(recording: Path) -> array.array[int]:
    """What the device wrote of the win's sound, muted 0.2 s into it."""
    sounds = Sounds(volume=1.0)
    sounds.play("win")
    time.sleep(0.2)
    sounds.muted = True
    return record(recording, 0.6)


def test_muting_silences_a_sound_already_playing(disk_audio: Path) -> None:
    samples = muted_while_playing(disk_audio)
    assert peak(samples) > 0
    last_tenth_of_a_second = samples[-DISK_BYTES_PER_SECOND // 2 // 10 :]
    assert peak(last_tenth_of_a_second) == 0


def test_muting_fades_a_sound_out_rather_than_cutting_it(disk_audio: Path) -> None:
    # the output fell from 2,531 to 0 in one sample: a click
    samples = muted_while_playing(disk_audio)
    last = max(i for i, v in enumerate(samples) if v)
    end = samples[max(0, last - 88) : last + 1]  # its last millisecond, both channels
    # the last step of the fade, not the wave: a cut ends near the wave's own height.
    # The mixer steps its fade once a buffer (11.6 ms), by the clock: on a busy machine
    # a late buffer made the last step 0.175 of the peak, where a sixth was asked
    assert peak(end) < peak(samples) / 4


def test_missing_sounds_folder_plays_silently(
    disk_audio: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    sounds = Sounds(sounds_dir=tmp_path / "nowhere")
    for name in sorted(SOUND_NAMES):
        sounds.play(name)
    assert peak(record(disk_audio, 0.2)) == 0
    assert "missing" in caplog.text


def test_missing_and_corrupt_files_are_skipped(silent_device: None, tmp_path: Path) -> None:
    (tmp_path / "win.wav").write_bytes(b"RIFF this is not a wave file")
    (tmp_path / "pair.wav").write_bytes((SOUNDS_DIR / "pair.wav").read_bytes())
    sounds = Sounds(sounds_dir=tmp_path)
    for name in sorted(SOUND_NAMES):
        sounds.play(name)
    assert sounds.available
    # and named, for the player to hear of (only the log said so)
    assert "pair.wav" not in sounds.unloaded
    assert set(sounds.unloaded) == {f"{n}.wav" for n in SOUND_NAMES} - {"pair.wav"}


def test_a_sound_file_cut_short_is_not_taken_for_a_sound(
    silent_device: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # the first 100 bytes of win.wav loaded without a word, 1 ms of silence for a win
    for name in SOUND_NAMES:
        (tmp_path / f"{name}.wav").write_bytes((SOUNDS_DIR / f"{name}.wav").read_bytes())
    (tmp_path / "win.wav").write_bytes((SOUNDS_DIR / "win.wav").read_bytes()[:100])
    sounds = Sounds(sounds_dir=tmp_path)
    with caplog.at_level(logging.WARNING):
        assert sounds.unloaded == ("win.wav",)
    assert "cut short" in caplog.text
    assert not sounds.play("win") and sounds.play("pair")


def test_a_whole_folder_of_sounds_missing_is_every_sound_unloaded(
    silent_device: None, tmp_path: Path
) -> None:
    assert len(Sounds(sounds_dir=tmp_path / "nowhere").unloaded) == len(SOUND_NAMES)
    assert Sounds().unloaded == ()  # the game's own, all there


# --- no audio device -----------------------------------------------------------


def test_no_audio_device_plays_silently(
    no_audio_device: None, caplog: pytest.LogCaptureFixture
) -> None:
    sounds = Sounds()
    with caplog.at_level(logging.WARNING):
        for name in sorted(SOUND_NAMES):
            sounds.play(name)
        sounds.volume = 0.5
        sounds.muted = True
    assert not sounds.available
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 1


def test_unknown_sound_name_is_a_programming_error(no_audio_device: None) -> None:
    with pytest.raises(ValueError, match="boing"):
        Sounds().play("boing")


def test_creating_sounds_does_not_open_the_mixer(silent_device: None) -> None:
    Sounds()
    assert pygame.mixer.get_init() is None


def test_closing_the_mixer_under_sounds_does_not_crash(silent_device: None) -> None:
    sounds = Sounds()
    sounds.play("pick")
    pygame.mixer.quit()  # as pygame.quit() does on the way out
    sounds.play("place")
    sounds.volume = 0.3
    assert not sounds.available


# --- volume and mute -----------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "kept"),
    [(0.5, 0.5), (0.0, 0.0), (1.0, 1.0), (-0.2, 0.0), (1.7, 1.0), (float("nan"), 0.0)],
)
def test_volume_is_clamped(no_audio_device: None, asked: float, kept: float) -> None:
    assert Sounds(volume=asked).volume == kept
    sounds = Sounds()
    sounds.volume = asked
    assert sounds.volume == kept


def test_mute_keeps_the_volume(no_audio_device: None) -> None:
    sounds = Sounds(volume=0.6)
    assert not sounds.muted
    sounds.muted = True
    assert sounds.muted
    assert sounds.volume == 0.6
    sounds.muted = False
    assert not sounds.muted


# --- the shipped files and their generator -------------------------------------


def load_make_sounds() -> ModuleType:
    """Import tools/make_sounds.py, which is a script rather than a package module."""
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_sounds() -> ModuleType:
    return load_make_sounds()


@pytest.fixture(scope="module")
def generated(make_sounds: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out_dir = tmp_path_factory.mktemp("generated-sounds")
    make_sounds.main(out_dir)
    return out_dir


def test_every_sound_name_has_a_recipe_and_a_shipped_file(make_sounds: ModuleType) -> None:
    assert set(make_sounds.RECIPES) == SOUND_NAMES
    assert {path.stem for path in SOUNDS_DIR.glob("*.wav")} == SOUND_NAMES


def test_shipped_files_are_what_the_generator_makes(generated: Path) -> None:
    for name in sorted(SOUND_NAMES):
        shipped = (SOUNDS_DIR / f"{name}.wav").read_bytes()
        assert shipped == (generated / f"{name}.wav").read_bytes(), name


def test_generator_is_deterministic(
    make_sounds: ModuleType, generated: Path, tmp_path: Path
) -> None:
    sizes = make_sounds.main(tmp_path)
    for name in sorted(SOUND_NAMES):
        again = (tmp_path / f"{name}.wav").read_bytes()
        assert again == (generated / f"{name}.wav").read_bytes(), name
        assert sizes[name] == len(again)


def test_on_a_laptop_s_speakers_the_game_s_end_is_heard_over_a_move_and_a_refusal_near_one(
    make_sounds: ModuleType,
) -> None:
    # small speakers play little below 400 Hz: there the "no moves left" motif, meant
    # to be heard over a move, was 6 dB under one, and a refusal 11 dB under a card
    # taken up, the quietest sound of the game
    def heard_on_a_laptop(name: str) -> float:
        with wave.open(str(SOUNDS_DIR / f"{name}.wav")) as wav:
            samples = array.array("h", wav.readframes(wav.getnframes()))
        floats = [v / FULL_SCALE for v in samples]

        def laptop(x: list[float]) -> list[float]:
            return make_sounds.ear_weighted(make_sounds.ear_weighted(x, 400.0), 400.0)

        return float(make_sounds.heard_db(floats, laptop))

    move = heard_on_a_laptop("pick")
    assert heard_on_a_laptop("lose") > move
    assert heard_on_a_laptop("refused") > move - 6


@pytest.mark.parametrize("name", sorted(SOUND_NAMES))
def test_shipped_file_is_small_soft_and_click_free(name: str) -> None:
    path = SOUNDS_DIR / f"{name}.wav"
    assert path.stat().st_size < 60_000
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        samples = array.array("h", wav.readframes(wav.getnframes()))
    loudest = peak(samples)
    assert FULL_SCALE * 10 ** (-20 / 20) < loudest <= FULL_SCALE * 10 ** (-3 / 20)
    near_silence = FULL_SCALE // 100
    edge = 5
    assert peak(samples[:edge]) < near_silence
    assert peak(samples[-edge:]) < near_silence


def found_no_device(monkeypatch: pytest.MonkeyPatch) -> tuple[Sounds, list[float]]:
    """Sounds that found no device at their first sound, and the clock they read, held
    still until a test moves it."""
    from game.audio import sounds as module

    clock = [1000.0]
    monkeypatch.setattr(module.time, "monotonic", lambda: clock[0])
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    effects = Sounds()
    effects.play("place")
    assert not effects.available
    return effects, clock


def test_a_device_not_ready_at_start_is_tried_again_later(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # a kiosk whose speaker was not ready at boot stayed silent until it was restarted
    from game.audio import sounds as module

    with caplog.at_level(logging.DEBUG):
        effects, clock = found_no_device(monkeypatch)
        monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # the device is there now
        clock[0] += module.RETRY_S / 2
        assert not effects.available  # not tried again yet
        clock[0] += module.RETRY_S
        assert effects.available
    warnings = [
        r for r in caplog.records if r.levelno >= logging.WARNING and "No audio" in r.message
    ]
    assert len(warnings) == 1  # said once, tried again quietly
    pygame.mixer.quit()


def test_a_device_lost_while_playing_is_found_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a speaker unplugged, or a sound server restarted, left a kiosk silent until it was
    # started again: only a device missing at the start was tried again. Here the device
    # is a pipe whose reader goes away (SDL says the device was removed) and comes back
    import os
    import threading

    pipe = tmp_path / "speaker"
    os.mkfifo(pipe)
    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(pipe))
    heard: list[int] = []

    def speaker(bytes_wanted: int) -> threading.Thread:
        def listen() -> None:
            with open(pipe, "rb") as f:  # opened as the mixer opens the other end
                heard.append(len(f.read(bytes_wanted)))

        listening = threading.Thread(target=listen, daemon=True)
        listening.start()
        return listening

    def removed() -> bool:
        events = pygame.event.get((pygame.AUDIODEVICEADDED, pygame.AUDIODEVICEREMOVED))
        for event in events:
            effects.device_changed(event)
        return any(e.type == pygame.AUDIODEVICEREMOVED for e in events)

    pygame.display.init()
    first = speaker(DISK_BYTES_PER_SECOND // 10)
    effects = Sounds()
    assert effects.available
    first.join(10)  # the speaker goes: the next write fails
    deadline = time.monotonic() + 10
    while not removed() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert pygame.mixer.get_init() is None  # let go, and opened again at the next sound
    second = speaker(DISK_BYTES_PER_SECOND // 10)
    assert effects.play("place")  # heard again, where it stayed silent
    second.join(10)
    assert heard == [DISK_BYTES_PER_SECOND // 10] * 2
    pygame.mixer.quit()


def shipped_samples(name: str) -> list[float]:
    with wave.open(str(SOUNDS_DIR / f"{name}.wav")) as wav:
        return [v / FULL_SCALE for v in array.array("h", wav.readframes(wav.getnframes()))]


def test_the_moves_are_heard_alike_and_the_ends_a_little_above(make_sounds: ModuleType) -> None:
    # matched by their peaks, a pair's bells were heard some 20 dB over a card placed,
    # whose low thud a laptop's speaker hardly played
    heard = {name: make_sounds.heard_db(shipped_samples(name)) for name in sorted(SOUND_NAMES)}
    moves = [heard[n] for n in SOUND_NAMES - {"win", "lose"}]
    assert max(moves) - min(moves) <= 2.0, heard
    assert min(moves) + 2 <= heard["win"] <= max(moves) + 6, heard
    assert min(moves) + 2 <= heard["lose"] <= max(moves) + 6, heard


def test_a_sound_asked_for_again_at_once_is_not_started_again(
    silent_device: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # with the animations off, Finish started thirteen taps in 0.23 s: one loud rattle
    clock = [100.0]
    heard: list[tuple[str, float]] = []
    sounds = timed_sounds(monkeypatch, clock, heard, dict.fromkeys(SOUND_NAMES, 0.1))
    for _ in range(13):
        sounds.play("place")
        clock[0] += 0.017  # a frame
    clock[0] += 0.02  # the last place still within its gap, the one before it ended
    sounds.play("place")
    sounds.play("pair")  # another sound is not held back
    started = [name for name, _at in heard]
    assert started.count("place") == 4 and started.count("pair") == 1  # one per 60 ms
    # a cascade's bells in turn are one sound to this: four notes did not make four
    # times the rattle
    clock[0] += 1.0
    for step in range(13):  # as the taps above
        sounds.play(("home", "home2", "home3", "home4")[step % 4])
        clock[0] += 0.017
    assert sum(name.startswith("home") for name, _at in heard) == 4


def test_no_more_than_two_sounds_sound_at_once(
    silent_device: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # held Redo alternated a pair (0.25 s) and a stock turn (0.07 s) at the keys'
    # repeat: each kind let through once in 60 ms, they sounded four deep, 6 dB over a move
    clock = [100.0]
    started: list[tuple[str, float]] = []  # each sound started, and when
    lengths = {"pair": 0.25, "flip": 0.07, "pick": 0.05, "refused": 0.15, "win": 1.2}
    sounds = timed_sounds(monkeypatch, clock, started, lengths)
    for step in range(60):  # two seconds of a held key
        sounds.play(("pair", "flip")[step % 2])
        clock[0] += 0.033
    heard = [(at, at + lengths[name]) for name, at in started]
    deepest = max(sum(1 for s, e in heard if s <= at < e) for at, _ in heard)
    assert deepest == 2 and len(heard) >= 12  # the moves are still heard
    # a refusal is heard over them, and the game's end: they tell what no other does
    clock[0] += 1.0  # all quiet
    assert sounds.play("pair") and sounds.play("flip")
    clock[0] += 0.02
    assert not sounds.play("pick")  # two sound: a third move's is not started
    assert sounds.play("refused") and sounds.play("win")
    # nor do they count among the two: refusals mashed with moves silenced the moves
    clock[0] += 1.0
    assert sounds.play("refused") and sounds.play("win") and sounds.play("pair")


def timed_sounds(
    monkeypatch: pytest.MonkeyPatch,
    clock: list[float],
    started: list[tuple[str, float]],
    lengths: dict[str, float],
) -> Sounds:
    """Sounds on a clock of the test's, each of `lengths` logged in `started` as it
    starts (a Sound's play cannot be replaced: the sound is)."""
    from game.audio import sounds as module

    monkeypatch.setattr(module.time, "monotonic", lambda: clock[0])
    sounds = Sounds(volume=1.0)
    assert sounds.available

    class Timed:
        def __init__(self, name: str) -> None:
            self.name = name

        def play(self) -> Timed:  # as a Sound gives its channel: here, itself
            started.append((self.name, clock[0]))
            return self

        def set_volume(self, *levels: float) -> None:
            pass

        def get_length(self) -> float:
            return lengths[self.name]

    sounds._loaded = {name: Timed(name) for name in lengths}  # type: ignore[misc]
    return sounds


# --- the volume's steps, and a sound that waits its turn ---------------------------


def test_the_volume_steps_alike_in_loudness_from_bottom_to_top() -> None:
    from game.audio.sounds import VOLUME_RANGE_DB, gain_for

    def db(volume: float) -> float:
        return 20 * math.log10(gain_for(volume))

    steps = [db((n + 1) / 10) - db(n / 10) for n in range(1, 10)]
    # as a plain factor, the bottom step was 6 dB and the top one under 1 dB
    assert steps == pytest.approx([VOLUME_RANGE_DB / 10] * 9)
    assert gain_for(0.0) == 0.0 and gain_for(1.0) == 1.0


def onset(samples: array.array[int]) -> int:
    return next(i for i, v in enumerate(samples) if v)


def test_a_sound_played_next_waits_for_the_one_playing(
    disk_audio: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # the win's arpeggio began under the winning pair's bells and covered them
    sounds = Sounds(volume=1.0, variation=random.Random(1))
    sounds.play("pair")
    alone = record(disk_audio, 0.5)
    both_file = tmp_path / "both.raw"
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(both_file))
    sounds = Sounds(volume=1.0, variation=random.Random(1))  # the pair played alike
    sounds.play("pair")
    sounds.play_next("win")
    deadline = time.monotonic() + 0.6
    while time.monotonic() < deadline:
        sounds.update()  # as every frame does
        time.sleep(0.005)
    both = record(both_file, 1.0)
    pair_frames = int(0.2 * DISK_BYTES_PER_SECOND / 2)  # of its 0.25 s, a buffer to spare
    first, second = onset(alone), onset(both)
    assert both[second : second + pair_frames] == alone[first : first + pair_frames]
    assert peak(both[second + pair_frames :]) > FULL_SCALE // 10  # and then the win


def test_muting_drops_a_sound_waiting_its_turn(disk_audio: Path) -> None:
    sounds = Sounds(volume=1.0)
    sounds.play("pair")
    sounds.play_next("win")
    sounds.muted = True  # and on again at once, before the win's turn came
    sounds.muted = False
    deadline = time.monotonic() + 0.6
    while time.monotonic() < deadline:
        sounds.update()
        time.sleep(0.005)
    samples = record(disk_audio, 0.8)
    assert peak(samples[int(0.35 * DISK_BYTES_PER_SECOND / 2) :]) == 0


def test_a_card_landing_peaks_no_higher_than_its_ceiling(make_sounds: ModuleType) -> None:
    # its thud took it to -4.9 dBFS, the loudest of all, on the most frequent move
    with wave.open(str(SOUNDS_DIR / "place.wav")) as wav:
        samples = array.array("h", wav.readframes(wav.getnframes()))
    assert peak(samples) <= FULL_SCALE * 10 ** ((make_sounds.PLACE_PEAK_DBFS + 0.05) / 20)


def test_each_play_of_a_sound_is_a_little_different_and_never_louder(disk_audio: Path) -> None:
    # a kiosk's demo played one sample at one level every 0.8 s, all day
    from game.audio.sounds import PANNED_BY, SOFTER_BY_DB

    sounds = Sounds(volume=1.0)
    assert sounds.available
    plays, apart = 5, 0.3
    for _ in range(plays):
        sounds.play("pair")
        time.sleep(apart)
    samples = record(disk_audio, plays * apart + 0.2)
    with wave.open(str(SOUNDS_DIR / "pair.wav")) as wav:
        own = peak(array.array("h", wav.readframes(wav.getnframes())))
    frames = int(apart * 44100) * 2
    levels = []
    for n in range(plays):
        window = samples[n * frames : (n + 1) * frames]
        left, right = peak(window[0::2]), peak(window[1::2])
        if left or right:
            levels.append((left, right))
    assert len(levels) >= plays - 1
    assert all(max(pair) <= own * 1.01 for pair in levels)  # never louder
    softest = own * 10 ** (-SOFTER_BY_DB / 20) * (1 - PANNED_BY)
    assert all(min(pair) >= softest * 0.95 for pair in levels)
    assert len(set(levels)) > 1  # not one level every time


def test_a_sound_with_every_channel_busy_is_not_said_to_have_started(
    silent_device: None,
) -> None:
    # it was, and a win queued after it waited for a sound that never played
    effects = Sounds()
    assert effects.available  # the mixer open
    pygame.mixer.set_num_channels(1)
    try:
        assert effects.play("win")
        assert not effects.play("pick")  # the one channel is the win's, unforced
    finally:
        pygame.mixer.quit()


@pytest.mark.parametrize(
    "kept",
    [
        44,  # its header alone: a Sound of no samples, which pygame-ce frees twice (abort)
        45,
        26_000,  # half of it: half the win was heard, with no word
        52_963,  # its last byte
    ],
)
def test_a_wav_file_cut_anywhere_is_named_and_the_rest_still_play(
    silent_device: None, tmp_path: Path, caplog: pytest.LogCaptureFixture, kept: int
) -> None:
    for name in SOUND_NAMES:
        (tmp_path / f"{name}.wav").write_bytes((SOUNDS_DIR / f"{name}.wav").read_bytes())
    whole = (SOUNDS_DIR / "win.wav").read_bytes()
    assert len(whole) > kept
    (tmp_path / "win.wav").write_bytes(whole[:kept])
    with caplog.at_level(logging.WARNING):
        sounds = Sounds(sounds_dir=tmp_path)
        assert sounds.unloaded == ("win.wav",)
    assert "cut short" in caplog.text
    assert not sounds.play("win") and sounds.play("pair")


def test_a_volume_changed_after_the_sounds_loaded_is_heard(disk_audio: Path) -> None:
    # the Settings slider changes the volume of a game whose sounds are loaded already:
    # the next sound is played at the new level, not the one they were loaded at
    from game.audio import Sounds
    from game.audio.sounds import VOLUME_RANGE_DB
    from game.paths import SOUNDS_DIR

    sounds = Sounds(volume=1.0)
    assert sounds.available  # the files loaded at full volume
    sounds.volume = 0.5
    sounds.play("pair")
    quiet = peak(record(disk_audio, 0.35))
    with wave.open(str(SOUNDS_DIR / "pair.wav")) as wav:
        recorded = peak(array.array("h", wav.readframes(wav.getnframes())))
    assert quiet == pytest.approx(recorded * 10 ** (-VOLUME_RANGE_DB / 2 / 20), rel=0.15)


def test_pygame_without_its_mixer_plays_silently(monkeypatch, closed_mixer) -> None:
    # a pygame built without its mixer module raises NotImplementedError where a missing
    # device raises pygame.error: README, "without a sound card the game plays silently"
    from game.audio import Sounds

    def no_mixer_module(*args, **kwargs):
        raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(pygame.mixer, "get_init", no_mixer_module)
    monkeypatch.setattr(pygame.mixer, "init", no_mixer_module)
    sounds = Sounds()
    assert not sounds.play("place")
    assert not sounds.play("pair")
    sounds.volume = 0.3
    sounds.muted = True
    assert not sounds.available


def test_a_device_added_is_tried_at_the_next_sound(monkeypatch) -> None:
    # README: where there is no device "one is looked for every minute, and at the next
    # sound once one is added": a speaker plugged in is heard at once, not a minute later
    effects, clock = found_no_device(monkeypatch)
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # the speaker plugged in
    effects.device_changed(pygame.event.Event(pygame.AUDIODEVICEADDED, which=1, iscapture=0))
    clock[0] += 1.0
    assert effects.available


def test_a_microphone_removed_leaves_the_sound_alone(silent_device) -> None:
    # a webcam unplugged takes its microphone away (a capture device): the game's sound
    # plays on, its mixer not closed under a sound playing
    from game.audio import Sounds

    effects = Sounds()
    assert effects.play("win")
    effects.device_changed(pygame.event.Event(pygame.AUDIODEVICEREMOVED, which=3, iscapture=1))
    assert pygame.mixer.get_init() is not None and effects.available


def test_a_sound_due_after_muting_is_not_heard_when_unmuted(silent_device, monkeypatch) -> None:
    # muted, nothing is started: a win asked for while muted (its turn after the pair's
    # end) is not heard later because the sound came back on meanwhile
    from game.audio import Sounds
    from game.audio import sounds as module

    clock = [1000.0]
    monkeypatch.setattr(module.time, "monotonic", lambda: clock[0])
    effects = Sounds(variation=random.Random(1))
    assert effects.play("pair")
    effects.muted = True
    effects.play_next("win")
    effects.muted = False
    started: list[str] = []
    real_play = effects.play
    monkeypatch.setattr(effects, "play", lambda name: started.append(name) or real_play(name))
    clock[0] += 5.0
    effects.update()
    assert started == []
