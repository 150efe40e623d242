"""Opening pygame's mixer without ever letting a missing audio device stop the game."""

import logging

import pygame

_log = logging.getLogger(__name__)

# (frequency, sample size, channels), as `pygame.mixer.get_init()` reports them.
MixerSettings = tuple[int, int, int]

# Small buffer: effects should follow clicks with no audible lag.
MIXER_FREQUENCY = 44100
MIXER_SAMPLE_SIZE = -16
MIXER_CHANNELS = 2
MIXER_BUFFER = 512


def current_mixer() -> MixerSettings | None:
    """The settings of the open mixer, or None when it is closed or missing."""
    try:
        return pygame.mixer.get_init()
    except NotImplementedError:  # pygame built without its mixer module
        return None


def open_mixer(quiet: bool = False) -> MixerSettings | None:
    """Make sure the mixer is running and return its settings, or None after a warning
    (`quiet`: a debug line, for a try made again).

    A mixer someone else already opened (for example by `pygame.init()`) is reused.
    """
    try:
        if pygame.mixer.get_init() is None:
            pygame.mixer.init(
                frequency=MIXER_FREQUENCY,
                size=MIXER_SAMPLE_SIZE,
                channels=MIXER_CHANNELS,
                buffer=MIXER_BUFFER,
            )
        return pygame.mixer.get_init()
    except (pygame.error, NotImplementedError) as error:
        (_log.debug if quiet else _log.warning)("No audio: the game will run silently (%s)", error)
        return None
