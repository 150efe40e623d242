"""Synthesise the game's sound effects into `assets/sounds/`.

Every sound is built from sines and filtered noise with the standard library
only, so the shipped WAV files can be regenerated anywhere and checked against
this recipe.  Noise comes from a seeded generator per sound, which makes the
output byte-identical from run to run.

Usage: python tools/make_sounds.py [--out DIR]
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

SAMPLE_RATE = 22050
SAMPLE_WIDTH_BYTES = 2
FULL_SCALE = 32767

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT_DIR = REPO_ROOT / "assets" / "sounds"

# Raised-cosine ramps at least this long at both ends keep every file free of clicks.
EDGE_FADE_SECONDS = 0.004
# Each note also releases smoothly, so one ending under another never clicks.
NOTE_RELEASE_SECONDS = 0.015
# How loud a sound is heard (heard_db): the loudest 46 ms, low frequencies weighed less
HEARD_WINDOW_SECONDS = 0.046
EAR_HIGH_PASS_HZ = 300.0
# No sound peaks above this, so two at once still leave room before full scale
PEAK_CEILING_DBFS = -3.0
# Nor a card's landing above this: its low thud, which the heard measure weighs little,
# took it to -4.9 dBFS, 2 to 4 dB over the other moves on speakers with some bass (by
# a K-weighted measure); capped here, it is heard 1.6 dB under them by ours, and 0.4 to
# 2.4 dB over by that one: between the two
PLACE_PEAK_DBFS = -6.5
# How loud each kind of sound is heard: a move's alike, the game's end a little above
MOVE_HEARD_DB = -22.0
END_HEARD_DB = -18.0

# Bell: partial ratios (slightly inharmonic above the octave) and their amplitudes.
BELL_PARTIALS: tuple[tuple[float, float], ...] = (
    (1.0, 1.0),
    (2.0, 0.32),
    (3.01, 0.12),
    (4.17, 0.05),
)

Samples = list[float]


def note_hz(semitones_from_a4: int) -> float:
    """Equal-tempered frequency of the note `semitones_from_a4` away from A4 = 440 Hz."""
    return 440.0 * 2.0 ** (semitones_from_a4 / 12.0)


C5, E5, G5, C6, E6, G6, A6, C7 = (note_hz(n) for n in (3, 7, 10, 15, 19, 22, 24, 27))


def silence(seconds: float) -> Samples:
    """A buffer of zeros `seconds` long."""
    return [0.0] * round(seconds * SAMPLE_RATE)


def rise(t: float, attack_s: float) -> float:
    """Raised-cosine fade-in: 0 at t = 0, 1 from `attack_s` on."""
    if t >= attack_s:
        return 1.0
    return 0.5 - 0.5 * math.cos(math.pi * t / attack_s)


def attack_decay(index: int, attack_s: float, decay_tau_s: float) -> float:
    """Envelope: raised-cosine rise over `attack_s`, then exponential decay."""
    t = index / SAMPLE_RATE
    if t < attack_s:
        return rise(t, attack_s)
    return math.exp(-(t - attack_s) / decay_tau_s)


def bell(freq: float, seconds: float, decay_tau_s: float, attack_s: float = 0.004) -> Samples:
    """A soft bell-like tone: a few partials, the higher ones dying away faster."""
    out: Samples = []
    for i in range(round(seconds * SAMPLE_RATE)):
        t = i / SAMPLE_RATE
        value = 0.0
        for ratio, amplitude in BELL_PARTIALS:
            tau = decay_tau_s / ratio**0.8
            value += amplitude * math.exp(-t / tau) * math.sin(2 * math.pi * freq * ratio * t)
        out.append(rise(t, attack_s) * value)
    return fade_out(out, NOTE_RELEASE_SECONDS)


def gliding_sine(
    start_hz: float,
    end_hz: float,
    seconds: float,
    attack_s: float,
    decay_tau_s: float,
    second_harmonic: float = 0.0,
) -> Samples:
    """A sine whose pitch slides exponentially from `start_hz` to `end_hz`."""
    count = round(seconds * SAMPLE_RATE)
    out: Samples = []
    phase = 0.0
    for i in range(count):
        freq = start_hz * (end_hz / start_hz) ** (i / count)
        # Integrating the phase keeps the glide smooth where the frequency changes.
        phase += 2 * math.pi * freq / SAMPLE_RATE
        tone = math.sin(phase) + second_harmonic * math.sin(2 * phase)
        out.append(attack_decay(i, attack_s, decay_tau_s) * tone)
    return fade_out(out, NOTE_RELEASE_SECONDS)


def swept_noise(
    rng: random.Random,
    seconds: float,
    start_hz: float,
    end_hz: float,
    attack_s: float,
    decay_tau_s: float,
    damping: float = 0.9,
) -> Samples:
    """White noise through a band-pass whose centre sweeps: a paper-like swish.

    A Chamberlin state-variable filter is used because its centre frequency can
    change every sample without zipper noise; it stays stable well below fs/6.
    """
    count = round(seconds * SAMPLE_RATE)
    low = band = 0.0
    out: Samples = []
    for i in range(count):
        centre = start_hz * (end_hz / start_hz) ** (i / count)
        f = 2 * math.sin(math.pi * centre / SAMPLE_RATE)
        noise = rng.uniform(-1.0, 1.0)
        low += f * band
        high = noise - low - damping * band
        band += f * high
        out.append(attack_decay(i, attack_s, decay_tau_s) * band)
    return fade_out(out, NOTE_RELEASE_SECONDS)


def soft_tone(freq: float, seconds: float, attack_s: float, decay_tau_s: float) -> Samples:
    """A steady, rounded tone: a sine with a touch of its octave."""
    return gliding_sine(freq, freq, seconds, attack_s, decay_tau_s, second_harmonic=0.15)


def mix(length_s: float, parts: Sequence[tuple[float, float, Samples]]) -> Samples:
    """Sum `(start_s, gain, samples)` parts into a buffer `length_s` long."""
    out = silence(length_s)
    for start_s, gain, samples in parts:
        offset = round(start_s * SAMPLE_RATE)
        for i, value in enumerate(samples[: max(0, len(out) - offset)]):
            out[offset + i] += gain * value
    return out


def fade_out(samples: Samples, seconds: float) -> Samples:
    """Bring the last `seconds` down to silence along a raised-cosine ramp."""
    n = min(round(seconds * SAMPLE_RATE), len(samples))
    out = list(samples)
    for i in range(n):
        out[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n)
    return out


def fade_edges(samples: Samples, seconds: float = EDGE_FADE_SECONDS) -> Samples:
    """Force both ends to silence with short raised-cosine ramps."""
    n = min(round(seconds * SAMPLE_RATE), len(samples) // 2)
    out = fade_out(samples, n / SAMPLE_RATE)
    for i in range(n):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / n)
    return out


def ear_weighted(samples: Samples, cutoff_hz: float = EAR_HIGH_PASS_HZ) -> Samples:
    """The samples as the ear weighs them, roughly: low frequencies count for less (a
    second-order high-pass at `cutoff_hz`; at EAR_HIGH_PASS_HZ it stands in for
    A-weighting: -19 dB at 100 Hz, -4 dB at 250 Hz, flat above 1 kHz)."""
    w = math.tan(math.pi * cutoff_hz / SAMPLE_RATE)
    q = 1 / math.sqrt(2)
    n = 1 / (1 + w / q + w * w)
    a1, a2 = 2 * (w * w - 1) * n, (1 - w / q + w * w) * n
    out: Samples = []
    x1 = x2 = y1 = y2 = 0.0
    for x in samples:
        y = n * (x - 2 * x1 + x2) - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def heard_db(samples: Samples, weigh: Callable[[Samples], Samples] = ear_weighted) -> float:
    """How loud a sound is heard, in dB: the power of its loudest HEARD_WINDOW_SECONDS
    (a card sound is over before the ear averages longer) as `weigh` weighs it, the
    ear by default (a test weighs it as a laptop's small speakers play it)."""
    power = [v * v for v in weigh(samples)]
    window = min(len(power), round(HEARD_WINDOW_SECONDS * SAMPLE_RATE))
    total = loudest = sum(power[:window])
    for i in range(window, len(power)):
        total += power[i] - power[i - window]
        loudest = max(loudest, total)
    return 10 * math.log10(loudest / window + 1e-20)


def normalise(samples: Samples, heard: float, ceiling: float = PEAK_CEILING_DBFS) -> Samples:
    """Scale so the sound is heard at `heard` dB (see heard_db), its loudest sample no
    higher than `ceiling` dBFS. Matched by their peaks, the sounds were heard up to
    20 dB apart: the pair's bells loud over a card placed, whose thud lies low."""
    loudest = max(abs(v) for v in samples)
    if loudest == 0.0:
        return list(samples)
    gain = 10 ** ((heard - heard_db(samples)) / 20)
    gain = min(gain, 10 ** (ceiling / 20) / loudest)
    return [v * gain for v in samples]


def to_pcm16(samples: Samples) -> bytes:
    """Little-endian signed 16-bit PCM; values are clamped as a last safety net."""
    ints = [max(-FULL_SCALE, min(FULL_SCALE, round(v * FULL_SCALE))) for v in samples]
    return struct.pack(f"<{len(ints)}h", *ints)


def write_wav(path: Path, samples: Samples) -> int:
    """Write mono 16-bit WAV at SAMPLE_RATE; return the file size in bytes."""
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(SAMPLE_WIDTH_BYTES)
        wav.setframerate(SAMPLE_RATE)
        wav.writeframes(to_pcm16(samples))
    return path.stat().st_size


# --- the recipes ------------------------------------------------------------


def make_deal(rng: random.Random) -> Samples:
    """A light card sliding off the deck: a short rising swish."""
    swish = swept_noise(rng, 0.09, 900, 2600, attack_s=0.02, decay_tau_s=0.02)
    return normalise(fade_edges(swish), MOVE_HEARD_DB)


def make_pick(rng: random.Random) -> Samples:
    """A soft tick when a card is taken up."""
    tick = gliding_sine(1400, 1250, 0.05, attack_s=0.003, decay_tau_s=0.008, second_harmonic=0.2)
    grain = swept_noise(rng, 0.05, 2500, 2500, attack_s=0.003, decay_tau_s=0.004)
    return normalise(fade_edges(mix(0.05, [(0.0, 1.0, tick), (0.0, 0.6, grain)])), MOVE_HEARD_DB)


def make_place(rng: random.Random) -> Samples:
    """A soft tap of a card landing on the felt: a low thud, a knock where small
    speakers still sound (the thud alone was lost on a laptop's), a little contact
    noise."""
    thud = gliding_sine(190, 110, 0.08, attack_s=0.003, decay_tau_s=0.02)
    knock = gliding_sine(560, 470, 0.06, attack_s=0.002, decay_tau_s=0.012)
    tap = swept_noise(rng, 0.08, 1400, 900, attack_s=0.003, decay_tau_s=0.006)
    parts = [(0.0, 1.0, thud), (0.0, 0.6, knock), (0.0, 0.9, tap)]
    return normalise(fade_edges(mix(0.08, parts)), MOVE_HEARD_DB, PLACE_PEAK_DBFS)


def make_home(rng: random.Random, chime_hz: float = E6) -> Samples:
    """A card sent home to a foundation: the tap of its landing under one small bell,
    the step towards the end heard apart from a card put on a pile."""
    tap = make_place(rng)
    chime = bell(chime_hz, 0.16, decay_tau_s=0.05)
    return normalise(fade_edges(mix(0.16, [(0.0, 0.5, tap), (0.01, 1.0, chime)])), MOVE_HEARD_DB)


def make_flip(rng: random.Random) -> Samples:
    """A card turned over: a quick falling swish."""
    swish = swept_noise(rng, 0.07, 3000, 1300, attack_s=0.012, decay_tau_s=0.018, damping=0.7)
    return normalise(fade_edges(swish), MOVE_HEARD_DB)


def make_pair(rng: random.Random) -> Samples:
    """A pair removed: two gentle bell tones a fifth apart."""
    del rng  # pure tones
    first = bell(C6, 0.17, decay_tau_s=0.07)
    second = bell(G6, 0.17, decay_tau_s=0.07)
    return normalise(fade_edges(mix(0.25, [(0.0, 1.0, first), (0.08, 0.9, second)])), MOVE_HEARD_DB)


def make_refused(rng: random.Random) -> Samples:
    """A move that is not allowed: a round "bonk" that never sounds harsh, pitched
    where small speakers still play it (at 210 Hz a laptop's hardly did; at 330 Hz it
    was heard there 11 dB under a card taken up, the quietest sound of the game)."""
    del rng
    bonk = gliding_sine(494, 392, 0.15, attack_s=0.006, decay_tau_s=0.045, second_harmonic=0.6)
    return normalise(fade_edges(bonk), MOVE_HEARD_DB)


def make_undo(rng: random.Random) -> Samples:
    """A move taken back: a swish and a low tick played backwards, so that they swell
    and stop short, the ear's sign of a thing rewound (it used to be the pick-up's
    tick, and an undo sounded like a card taken up)."""
    swish = swept_noise(rng, 0.11, 2400, 1100, attack_s=0.003, decay_tau_s=0.03)
    tick = gliding_sine(780, 560, 0.11, attack_s=0.003, decay_tau_s=0.03, second_harmonic=0.2)
    rewound = mix(0.11, [(0.0, 0.8, swish[::-1]), (0.0, 1.0, tick[::-1])])
    return normalise(fade_edges(rewound), MOVE_HEARD_DB)


def make_win(rng: random.Random) -> Samples:
    """The game is won: a rising C-major arpeggio of bells, the last note ringing."""
    del rng
    arpeggio = (C5, E5, G5, C6)
    parts = [(i * 0.14, 1.0, bell(freq, 0.6, decay_tau_s=0.2)) for i, freq in enumerate(arpeggio)]
    parts.append((0.56, 0.75, bell(E6, 0.64, decay_tau_s=0.26)))
    return normalise(fade_edges(mix(1.2, parts), 0.02), END_HEARD_DB)


def make_lose(rng: random.Random) -> Samples:
    """No more moves: a gentle falling G-E-C motif with soft, rounded tones, an octave
    above middle C: a laptop's speakers played the octave below 6 dB under a move,
    where the end of a game is to be heard above one."""
    del rng
    motif = ((0.0, 1.0, G5), (0.2, 0.95, E5), (0.4, 0.9, C5))
    parts = [
        (start, gain, soft_tone(freq, 0.4, attack_s=0.02, decay_tau_s=0.14))
        for start, gain, freq in motif
    ]
    return normalise(fade_edges(mix(0.8, parts), 0.02), END_HEARD_DB)


Recipe = Callable[[random.Random], Samples]

# Each recipe gets its own fixed seed so changing one sound never alters the others.
RECIPES: dict[str, tuple[int, Recipe]] = {
    "deal": (101, make_deal),
    "pick": (102, make_pick),
    "place": (103, make_place),
    "flip": (104, make_flip),
    "pair": (105, make_pair),
    "refused": (106, make_refused),
    "win": (107, make_win),
    "lose": (108, make_lose),
    "home": (109, make_home),
    # the bells a Finish cascade takes in turn, up the scale from home's E6: one bell a
    # hundred times over, a card every 0.28 s, was a chore to hear
    "home2": (109, partial(make_home, chime_hz=G6)),
    "home3": (109, partial(make_home, chime_hz=A6)),
    "home4": (109, partial(make_home, chime_hz=C7)),
    "undo": (110, make_undo),
}


def main(out_dir: Path | None = None) -> dict[str, int]:
    """Write every sound into `out_dir` (default `assets/sounds/`); return name -> bytes."""
    target = out_dir if out_dir is not None else DEFAULT_OUT_DIR
    target.mkdir(parents=True, exist_ok=True)
    sizes: dict[str, int] = {}
    for name, (seed, recipe) in RECIPES.items():
        path = target / f"{name}.wav"
        sizes[name] = write_wav(path, recipe(random.Random(seed)))
        print(f"wrote {path} ({sizes[name]} bytes)")
    return sizes


def _parse_out_dir() -> Path | None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="output folder")
    return parser.parse_args().out


if __name__ == "__main__":
    main(_parse_out_dir())
