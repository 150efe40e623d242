"""The game's sound effects, played through pygame's mixer."""

import io
import logging
import math
import random
import time
from pathlib import Path

import pygame

from game.audio.mixer import MixerSettings, current_mixer, open_mixer
from game.audio.names import SOUND_NAMES, sound_file_name, sound_kind
from game.audio.wav_check import wav_problem
from game.paths import SOUNDS_DIR
from game.small_files import TooLarge, read_small

_log = logging.getLogger(__name__)


def clamp_volume(volume: float) -> float:
    """`volume` limited to 0..1; NaN counts as silence."""
    if math.isnan(volume):
        return 0.0
    return max(0.0, min(1.0, volume))


RETRY_S = 60.0  # how often a mixer that could not be opened is tried again
# A sound asked for again this soon after it started is not started again: with the
# animations off, Finish sent thirteen cards home in 0.23 s, thirteen taps summed into
# one rattle 10 dB louder than any move
SAME_SOUND_GAP_S = 0.06
# Nor is any sound started while this many still sound: held Redo alternated a pair and
# a stock turn, each let through by the gap above, and they summed four deep into a
# rattle 6 dB louder than a move (the win and the loss wait for silence: play_next)
MOST_AT_ONCE = 2
# ...but for these, which tell something no other sound does: a refusal just after a
# pair and a stock turn went unheard, and the game's end waits for silence, yet two new
# sounds may start as it comes due
ALWAYS_HEARD = frozenset({"refused", "win", "lose"})
# the largest sound file read: ours are under 60 KB, and a file of gigabytes put in
# one's place is not read whole into memory to be refused
LARGEST_SOUND = 8 << 20
MUTE_FADE_MS = 80  # muting fades what plays out: cut mid-wave, it clicked
# The volume setting is a fader in equal steps of loudness, 2 dB a tenth: taken as a
# plain factor, from 0.1 to 0.2 was 6 dB louder and from 0.9 to 1.0 under 1 dB, so the
# top half of the slider did next to nothing. Twenty dB keep the settings saved before
# near their old loudness (the old default, 0.7, was -3 dB; it is -6 dB now)
VOLUME_RANGE_DB = 20.0
# Each sound a little softer or to one side, at random, each time it plays: a kiosk's
# demo played the same sample at the same level every 0.8 s, 57 pairs a minute, a
# ticking the staff beside it heard all day. Never louder than the sound's own level
SOFTER_BY_DB = 1.0
PANNED_BY = 0.15  # the far side's share taken off at most


def gain_for(volume: float) -> float:
    """The factor a sound is played at for the volume setting `volume` (0..1): silence
    at 0, full at 1, and every step between the same number of dB."""
    volume = clamp_volume(volume)
    if volume == 0.0:
        return 0.0
    return float(10.0 ** (VOLUME_RANGE_DB * (volume - 1.0) / 20.0))


class Sounds:
    """Plays the named sound effects; never lets a sound problem stop the game.

    The mixer is opened and the files loaded on first use, not at construction,
    so creating a `Sounds` is free and needs no audio device.  Without a device,
    or with missing or unreadable files, the affected sounds simply stay silent.
    """

    def __init__(
        self,
        sounds_dir: Path | None = None,
        volume: float = 0.8,
        muted: bool = False,
        variation: random.Random | None = None,
    ) -> None:
        self._sounds_dir = sounds_dir if sounds_dir is not None else SOUNDS_DIR
        self._volume = clamp_volume(volume)
        self._muted = muted
        self._tried_to_open = False
        self._tried_at = 0.0  # when the mixer was last tried (see RETRY_S)
        # The mixer the sounds were loaded into; None when there is none.
        self._mixer: MixerSettings | None = None
        self._loaded: dict[str, pygame.mixer.Sound] = {}
        self._unloaded: tuple[str, ...] = ()  # the files that could not be loaded
        self._started: dict[str, float] = {}  # when each sound was last started
        self._heard_until = 0.0  # when the sounds started so far have all ended
        self._sounding: list[float] = []  # when each sound still sounding ends
        self._waiting: list[tuple[float, str]] = []  # (when, name): see play_next
        # each play's variation (see SOFTER_BY_DB): seeded, the same plays sound alike
        self._rng = variation or random.Random()

    @property
    def available(self) -> bool:
        """Whether sound can be heard at all; asking opens the mixer if need be."""
        self._ensure_loaded()
        return self._mixer is not None and self._mixer == current_mixer()

    @property
    def unloaded(self) -> tuple[str, ...]:
        """The sound files that could not be loaded (missing, damaged, cut short), by
        name: those sounds stay silent. Asking opens the mixer if need be."""
        self._ensure_loaded()
        return self._unloaded if self._mixer is not None else ()

    @property
    def volume(self) -> float:
        """Loudness of every effect, 0 (silent) to 1 (as recorded)."""
        return self._volume

    @volume.setter
    def volume(self, volume: float) -> None:
        self._volume = clamp_volume(volume)
        self._apply_volume()

    @property
    def muted(self) -> bool:
        """Whether all effects are silenced; the volume is kept for unmuting."""
        return self._muted

    @muted.setter
    def muted(self, muted: bool) -> None:
        muting = muted and not self._muted
        self._muted = muted
        if muted:
            self._waiting.clear()
        if muting and self._mixer is not None and current_mixer() == self._mixer:
            pygame.mixer.fadeout(MUTE_FADE_MS)  # and play() starts nothing while muted

    def play(self, name: str) -> bool:
        """Start the effect `name`; whether it started (not muted, nor asked again at
        once, nor over MOST_AT_ONCE others: see SAME_SOUND_GAP_S). Unknown names are a
        programming error (ValueError)."""
        self._check(name)
        if self._muted:
            return False
        self._ensure_loaded()
        sound = self._loaded.get(name)
        # Playing a Sound after its mixer has closed crashes pygame, so check first.
        if sound is None or current_mixer() != self._mixer:
            return False
        now = time.monotonic()
        kind = sound_kind(name)
        if now - self._started.get(kind, -SAME_SOUND_GAP_S) < SAME_SOUND_GAP_S:
            return False
        self._sounding = [end for end in self._sounding if end > now]
        if len(self._sounding) >= MOST_AT_ONCE and name not in ALWAYS_HEARD:
            return False
        try:
            channel = sound.play()
            if channel is None:  # every channel busy: not started, and not heard
                return False
            channel.set_volume(*self._varied())
        except pygame.error as error:
            _log.debug("Could not play %r: %s", name, error)
            return False
        self._started[kind] = now
        end = now + sound.get_length()
        self._heard_until = max(self._heard_until, end)
        if name not in ALWAYS_HEARD:  # mashed refusals silenced the moves between them
            self._sounding.append(end)
        return True

    def _varied(self) -> tuple[float, float]:
        """A play's left and right levels: up to SOFTER_BY_DB softer, and up to
        PANNED_BY to one side."""
        level = 10.0 ** (-self._rng.uniform(0.0, SOFTER_BY_DB) / 20.0)
        pan = self._rng.uniform(-PANNED_BY, PANNED_BY)
        return level * (1.0 - max(0.0, pan)), level * (1.0 - max(0.0, -pan))

    def play_next(self, name: str) -> None:
        """Start the effect `name` once the ones playing have ended (`update` starts it):
        the win's arpeggio began under the winning pair's bells and covered them."""
        self._check(name)
        if self._muted:
            return
        self._waiting.append((self._heard_until, name))
        self.update()

    def update(self) -> None:
        """Start the sounds `play_next` queued whose turn has come; called every frame."""
        if not self._waiting:
            return
        now = time.monotonic()
        due = [name for when, name in self._waiting if when <= now]
        self._waiting = [(when, name) for when, name in self._waiting if when > now]
        for name in due:
            self.play(name)

    def device_changed(self, event: pygame.event.Event) -> None:
        """An audio device gone or come, as SDL says (other events pass by). A kiosk
        whose speaker was unplugged, or whose sound server restarted, stayed silent until
        it was started again. The device removed may be another than the mixer's (a
        screen's HDMI sound turned off), which pygame does not tell: the mixer is opened
        again at the next sound, on whatever device there is then, and where there is
        none, tried again as a device missing at the start is. A device added is tried
        at the next sound."""
        if getattr(event, "iscapture", 0):
            return
        if event.type == pygame.AUDIODEVICEREMOVED and self._mixer is not None:
            _log.info("An audio device was removed: the sound is opened again")
            pygame.mixer.quit()
            self._mixer, self._loaded = None, {}
            self._tried_to_open = False  # as at the start: no device then is said, once
        elif event.type == pygame.AUDIODEVICEADDED and self._mixer is None:
            self._tried_at = -RETRY_S

    @staticmethod
    def _check(name: str) -> None:
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; expected one of {sorted(SOUND_NAMES)}")

    def _ensure_loaded(self) -> None:
        now = time.monotonic()
        again = self._mixer is None and now - self._tried_at >= RETRY_S
        if not self._tried_to_open or again:
            # a device not ready at boot (a kiosk's USB speaker) is tried again now and
            # then: the first try said so, the later ones quietly
            first = not self._tried_to_open
            self._tried_to_open, self._tried_at = True, now
            self._mixer = open_mixer(quiet=not first)
            self._reload()
            return
        mixer_now = current_mixer()
        if self._mixer is not None and mixer_now is not None and mixer_now != self._mixer:
            # Reopened with other settings: the old sounds hold samples in the old format.
            self._mixer = mixer_now
            self._reload()

    def _reload(self) -> None:
        self._loaded = self._load_all() if self._mixer is not None else {}
        self._unloaded = tuple(sound_file_name(n) for n in sorted(SOUND_NAMES - set(self._loaded)))
        self._apply_volume()

    def _load_all(self) -> dict[str, pygame.mixer.Sound]:
        if not self._sounds_dir.is_dir():
            _log.warning("Sounds folder %s is missing: playing silently", self._sounds_dir)
            return {}
        loaded: dict[str, pygame.mixer.Sound] = {}
        for name in sorted(SOUND_NAMES):
            path = self._sounds_dir / sound_file_name(name)
            try:
                data = read_small(path, LARGEST_SOUND)
                problem = wav_problem(data)
                if problem is None:  # only a whole sound reaches the mixer (see wav_check)
                    loaded[name] = pygame.mixer.Sound(file=io.BytesIO(data))
            except (pygame.error, OSError, TooLarge) as error:
                problem = str(error)
            if problem is not None:
                _log.warning("Sound %r not loaded from %s: %s", name, path, problem)
        return loaded

    def _apply_volume(self) -> None:
        if current_mixer() != self._mixer:
            return  # stale sounds; the volume is applied again when they are reloaded
        gain = gain_for(self._volume)
        for sound in self._loaded.values():  # muted, play() starts none
            sound.set_volume(gain)
