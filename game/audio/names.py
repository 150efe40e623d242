"""The names of the game's sound effects, one WAV file each in the sounds folder."""

SOUND_NAMES: frozenset[str] = frozenset(
    {"deal", "pick", "place", "home", "flip", "pair", "refused", "win", "lose", "undo"}
)


def sound_file_name(name: str) -> str:
    """The file that holds the sound `name`."""
    return f"{name}.wav"
