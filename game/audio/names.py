"""The names of the game's sound effects, one WAV file each in the sounds folder."""

SOUND_NAMES: frozenset[str] = frozenset(
    {"deal", "pick", "place", "home", "flip", "pair", "refused", "win", "lose", "undo"}
    | {"home2", "home3", "home4"}
)
# The bells a Finish cascade rings in turn, up the scale (home's own first)
CASCADE_BELLS = ("home", "home2", "home3", "home4")


def sound_kind(name: str) -> str:
    """The sound a variant is of ("home3": "home"): a sound asked for again at once is
    not started again, whichever of its variants."""
    return name.rstrip("0123456789")


def sound_file_name(name: str) -> str:
    """The file that holds the sound `name`."""
    return f"{name}.wav"
