"""Sound effects: `Sounds` plays them, `SOUND_NAMES` lists the ones that exist."""

from game.audio.names import CASCADE_BELLS, SOUND_NAMES
from game.audio.sounds import Sounds

__all__ = ["CASCADE_BELLS", "SOUND_NAMES", "Sounds"]
