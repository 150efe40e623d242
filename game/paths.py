"""Where the game's shipped data lives.

The data folders (`levels/`, `assets/`) sit at the top of the source tree,
beside the `game` package; the game runs from a checkout or an editable
install, so they are found relative to this file.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEVELS_DIR = ROOT / "levels"
ASSETS_DIR = ROOT / "assets"
FONTS_DIR = ASSETS_DIR / "fonts"
SOUNDS_DIR = ASSETS_DIR / "sounds"
LOCALE_DIR = ASSETS_DIR / "locale"
EXIT_FILES_MISSING = 5  # the game's own files are not where it was installed
# how the data comes along: a plain `pip install .` copies the package alone
HOW_TO_INSTALL = "install it from its source with `pip install -e .` (see README)"
# and a file of its own that is there but damaged: installing again over it changes nothing
HOW_TO_MEND = "get the file again from the game's source (`git checkout -- FILE` in a clone)"


def missing_data() -> Path | None:
    """The first data folder the game cannot run without that is not there: an install
    that left them behind failed later, one command with a wrong message ("cannot
    write" a file it read) and status 1, a kiosk restarted for ever."""
    return next((d for d in (LEVELS_DIR, FONTS_DIR, LOCALE_DIR) if not d.is_dir()), None)


def mend(path: Path) -> str:
    """What to do about the game's own file at `path` that is there but cannot be read."""
    try:
        shown = path.relative_to(ROOT).as_posix()
    except ValueError:
        shown = str(path)
    return HOW_TO_MEND.replace("FILE", shown)
