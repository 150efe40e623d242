"""Render the whole deck on one sheet for reviewing the card art.

Usage: python tools/card_sheet.py [OUTPUT.png] [--width 120] [--four-colour]

Rows: the 52 faces by suit, then every back and a few empty-slot outlines, on
a felt-green ground like the game table.  Runs headless.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Run from a checkout without installing: make the repository root importable.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.render.cards import BACKS, RANKS, SUITS, CardArt

FELT = (22, 96, 58)
SLOT_LABELS: tuple[str | None, ...] = (None, "K", "AS", "AH", "AD", "AC")


def render_sheet(width: int, four_colour: bool) -> tuple[pygame.Surface, float]:
    """The review sheet and the seconds it took to paint the 52 faces."""
    art = CardArt(width, four_colour=four_colour)
    card_w, card_h = art.size
    gap = max(4, width // 10)
    columns = len(RANKS)
    rows = len(SUITS) + 2
    sheet = pygame.Surface(
        (gap + columns * (card_w + gap), gap + rows * (card_h + gap)), pygame.SRCALPHA
    )
    sheet.fill(FELT)

    started = time.perf_counter()
    faces = {rank + suit: art.face(rank + suit) for suit in SUITS for rank in RANKS}
    elapsed = time.perf_counter() - started

    def place(column: int, row: int, image: pygame.Surface) -> None:
        sheet.blit(image, (gap + column * (card_w + gap), gap + row * (card_h + gap)))

    for row, suit in enumerate(SUITS):
        for column, rank in enumerate(RANKS):
            place(column, row, faces[rank + suit])
    for column, back in enumerate(BACKS):
        place(column, len(SUITS), CardArt(width, four_colour, back).back())
    for column, label in enumerate(SLOT_LABELS):
        place(column, len(SUITS) + 1, art.slot(label))
    return sheet, elapsed


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, render the sheet and save it as a PNG."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", default="out/card_sheet.png", type=Path)
    parser.add_argument("--width", type=int, default=120, help="card width in pixels")
    parser.add_argument("--four-colour", action="store_true", help="four-colour suits")
    args = parser.parse_args(argv)

    sheet, elapsed = render_sheet(args.width, args.four_colour)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(args.output))
    print(f"{args.output}: 52 faces at width {args.width} painted in {elapsed * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
