"""Colours and fonts of the game's look, in one place."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from game.paths import FONTS_DIR

FELT = (22, 94, 58)
FELT_DARK = (14, 66, 40)
INK = (245, 242, 230)
INK_DIM = (190, 206, 192)
GOLD = (232, 196, 96)
PANEL = (10, 40, 26)
BUTTON = (28, 78, 52)
BUTTON_HOVER = (40, 104, 70)
BUTTON_DOWN = (20, 58, 38)
BUTTON_EDGE = (96, 150, 116)
DISABLED = (110, 130, 116)
GLOW = (255, 226, 120)
TARGET = (120, 230, 160)
FOCUS = (120, 190, 255)
# the solver's hint: a colour of its own, apart from the player's selection (gold)
HINT = (236, 140, 255)
WARN = (255, 170, 140)

SANS = FONTS_DIR / "DejaVuSans.ttf"
SANS_BOLD = FONTS_DIR / "DejaVuSans-Bold.ttf"
SERIF_BOLD = FONTS_DIR / "DejaVuSerif-Bold.ttf"


_fonts: dict[tuple[Path, int], pygame.font.Font] = {}
# Fonts kept loaded (each holds its file open), the words' and the cards' alike: a
# window resized again and again loads each size anew, and a kiosk runs for days. The
# oldest goes first.
KEPT_FONTS = 64


def font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """The bundled DejaVu font (it has Cyrillic) at a pixel size."""
    return font_file(SERIF_BOLD if serif else SANS_BOLD if bold else SANS, max(6, size))


def font_file(path: Path, size: int) -> pygame.font.Font:
    """A font file loaded at a pixel size, from the one cache of the game's fonts.

    Fonts die with pygame.font.quit() (pygame.quit(), a test), even when the
    module is initialised again by someone else: a dead font is loaded anew.
    """
    if not pygame.font.get_init():
        pygame.font.init()
        _fonts.clear()
    key = (path, size)
    cached = _fonts.get(key)
    if cached is not None:
        try:
            cached.get_linesize()
            return cached
        except pygame.error:
            _fonts.clear()
    if len(_fonts) >= KEPT_FONTS:
        del _fonts[next(iter(_fonts))]
    loaded = _fonts[key] = pygame.font.Font(path, size)
    return loaded


def standing(size: tuple[int, int]) -> bool:
    """A screen standing up (higher than wide): pages lay out for its narrow width."""
    return size[1] > size[0]


def ui_scale(size: tuple[int, int]) -> float:
    """1.0 at 1280x800; text and buttons grow and shrink with the window. A screen
    standing up is measured the same way turned on its side: 1080x1920 is 1920x1080's
    1.35 (by its width alone it would be 0.84, text too small to read from a step
    away on a kiosk's screen, and buttons too small for a finger)."""
    w, h = size
    longer, shorter = max(w, h), min(w, h)
    return max(0.6, min(longer / 1280, shorter / 800))


FELT_DRAWN_AT = 4  # the felt's light is drawn at a quarter of the size (see felt)


@lru_cache(maxsize=4)  # the sizes of late: every size ever had was kept (6 MB each at 1080p)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a soft radial light over green felt. Drawn at a quarter of the
    size and scaled up, which the soft light does not show: drawn whole it took 16 ms
    at 1080p, at each new size of a window being resized (3 ms so)."""
    w, h = max(1, size[0] // FELT_DRAWN_AT), max(1, size[1] // FELT_DRAWN_AT)
    surface = pygame.Surface((w, h))
    surface.fill(FELT_DARK)
    # A few concentric ellipses give a vignette without per-pixel work.
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        colour = tuple(int(FELT_DARK[k] + (FELT[k] - FELT_DARK[k]) * t) for k in range(3))
        rw, rh = int(w * (1.5 - 0.9 * t)), int(h * (1.5 - 0.9 * t))
        pygame.draw.ellipse(surface, colour, pygame.Rect((w - rw) // 2, (h - rh) // 2, rw, rh))
    return pygame.transform.smoothscale(surface, size)


# The least height, in pixels, of a button a finger presses on a public screen (a kiosk)
FINGER = 60
# and on a desktop, whose touch screen a finger may press too (at 1024x600 the records'
# buttons were 32 px, the table's 33 before they had this least). The menu's stay
# smaller on a low screen, where its panel has no room to spare
SMALLEST_BUTTON = 40
