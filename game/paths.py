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
