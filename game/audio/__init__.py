"""Sound effects: `Sounds` plays them, `SOUND_NAMES` lists the ones that exist."""

from game.audio.names import SOUND_NAMES
from game.audio.sounds import Sounds

__all__ = ["SOUND_NAMES", "Sounds"]
