"""Sound effects as played (game.audio.sounds): which start, when, and what is said of
the files and the device. The device is SDL's dummy one, which plays nowhere; where the
timing matters the clock is the test's and each Sound records when it starts.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.audio import SOUND_NAMES, Sounds
from game.paths import SOUNDS_DIR
from tests.audio.test_sounds import found_no_device, load_make_sounds, timed_sounds


@pytest.fixture(autouse=True)
def closed_mixer() -> Iterator[None]:
    """Start and end every test with the mixer (and SDL audio) shut."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def silent_device(monkeypatch: pytest.MonkeyPatch) -> None:
    """A working audio device that discards what it is given."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(scope="module")
def make_sounds() -> ModuleType:
    return load_make_sounds()


def test_a_finish_cascade_s_bells_go_up_the_scale(make_sounds: ModuleType) -> None:
    # the table rings CASCADE_BELLS in turn (tests/scenes/test_table_sounds.py): in that
    # order their chimes must rise, or "up the scale" went up and down
    from functools import partial

    from game.audio import CASCADE_BELLS

    def chime_hz(name: str) -> float:
        recipe = make_sounds.RECIPES[name][1]
        if isinstance(recipe, partial):
            return float(recipe.keywords["chime_hz"])
        return float(make_sounds.E6)  # home's own bell, make_home's default

    pitches = [chime_hz(name) for name in CASCADE_BELLS]
    assert CASCADE_BELLS[0] == "home" and len(CASCADE_BELLS) == 4
    assert pitches == sorted(pitches) and len(set(pitches)) == len(pitches), pitches


def test_with_no_device_one_is_looked_for_every_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    # README: where there is none, or none was ready at the start, "one is looked for
    # every minute"
    effects, clock = found_no_device(monkeypatch)
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # the speaker is there now
    clock[0] += 59.0
    assert not effects.available
    clock[0] += 1.0  # a minute after the first try
    assert effects.available
    pygame.mixer.quit()


def test_the_loss_is_heard_over_two_moves_sounding(
    silent_device: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the game's end waits for silence (play_next), yet two moves may start as it comes
    # due: "no moves left" then went unheard, as the win would have
    clock = [100.0]
    started: list[tuple[str, float]] = []
    lengths = {"pair": 0.25, "flip": 0.2, "pick": 0.05, "lose": 1.0, "win": 1.2}
    sounds = timed_sounds(monkeypatch, clock, started, lengths)
    assert sounds.play("pair") and sounds.play("flip")
    assert not sounds.play("pick")  # two sound: a third move's is not started
    assert sounds.play("lose")
    clock[0] += 2.0
    assert sounds.play("pair") and sounds.play("flip") and sounds.play("win")


def test_a_cascade_s_bells_are_one_sound_to_the_gap_whichever_bell_rang_last(
    silent_device: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # each bell is the kind "home": a home3 40 ms after a home2 is held back as a home
    # would be, or four bells 40 ms apart sounded one rattle
    from game.audio import CASCADE_BELLS
    from game.audio.sounds import SAME_SOUND_GAP_S

    clock = [100.0]
    started: list[tuple[str, float]] = []
    sounds = timed_sounds(monkeypatch, clock, started, dict.fromkeys(CASCADE_BELLS, 0.1))
    for step in range(16):
        sounds.play(CASCADE_BELLS[step % len(CASCADE_BELLS)])
        clock[0] += 0.04
    times = [at for _name, at in started]
    assert len(times) >= 6  # a bell every other step still rings
    assert all(b - a >= SAME_SOUND_GAP_S for a, b in pairwise(times)), started


def test_a_sound_played_next_waits_for_the_longest_one_playing(
    silent_device: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the winning pair's bells (0.25 s) and a short stock turn after them: the win
    # waited for the short one only, and began under the bells
    clock = [100.0]
    started: list[tuple[str, float]] = []
    sounds = timed_sounds(monkeypatch, clock, started, {"pair": 0.25, "flip": 0.07, "win": 1.2})
    assert sounds.play("pair")
    clock[0] += 0.02
    assert sounds.play("flip")
    sounds.play_next("win")
    for _frame in range(12):  # 0.2 s of frames: the flip ended, the pair not
        clock[0] += 0.017
        sounds.update()
    assert [name for name, _at in started] == ["pair", "flip"]
    clock[0] += 0.1  # the pair's end passed
    sounds.update()
    assert [name for name, _at in started] == ["pair", "flip", "win"]


def test_a_sound_played_next_is_started_once(
    silent_device: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [100.0]
    started: list[tuple[str, float]] = []
    sounds = timed_sounds(monkeypatch, clock, started, {"pair": 0.25, "win": 1.2})
    sounds.play("pair")
    sounds.play_next("win")
    for _frame in range(120):  # two seconds of frames
        clock[0] += 0.017
        sounds.update()
    assert [name for name, _at in started] == ["pair", "win"]


def test_a_mixer_opened_again_with_other_settings_plays_the_sounds_again(
    silent_device: None,
) -> None:
    # sounds loaded into the old mixer hold samples in its format: they are loaded again
    # into the new one, not left silent (nor played, which crashes pygame)
    effects = Sounds()
    assert effects.play("pair")
    pygame.mixer.quit()
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    try:
        assert effects.available
        assert effects.play("win")
    finally:
        pygame.mixer.quit()


def test_a_sound_file_too_large_to_be_one_is_named_and_the_rest_still_play(
    silent_device: None, tmp_path: Path
) -> None:
    # a file of gigabytes put in one's place is refused unread: the game starts
    # (it stopped on the refusal), that sound named and silent
    from game.audio.sounds import LARGEST_SOUND

    for name in SOUND_NAMES:
        (tmp_path / f"{name}.wav").write_bytes((SOUNDS_DIR / f"{name}.wav").read_bytes())
    with open(tmp_path / "win.wav", "wb") as huge:
        huge.truncate(LARGEST_SOUND + 1)  # sparse: no disk used
    sounds = Sounds(sounds_dir=tmp_path)
    assert sounds.unloaded == ("win.wav",)
    assert not sounds.play("win") and sounds.play("pair")
