"""A number keypad for a finger: digits 1-9, then delete, 0 and a confirming key,
in the telephone's order. The operator's PIN pad and the deal number pad share it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.ui.widgets import Button

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "del", "0", "ok")


def key_size(size: tuple[int, int]) -> int:
    """A key's side: a fingertip, with room for four rows and what goes round them."""
    w, h = size
    return max(64, min(int(h * 0.105), int(w * 0.11)))


def keypad(
    topleft: tuple[int, int],
    key: int,
    gap: int,
    actions: tuple[Callable[[str], None], Callable[[], None], Callable[[], None]],
    ok_label: str,
) -> list[Button]:
    """The twelve keys, three across from `topleft`; `actions` are what a digit, the
    delete key and the confirming key do. Keys are named digit:N, del and ok."""
    type_digit, delete, confirm = actions
    x0, y0 = topleft
    buttons = []
    for i, name in enumerate(KEYS):
        if name == "del":
            b = Button("⌫", delete, key="del")
        elif name == "ok":
            b = Button(ok_label, confirm, key="ok", selected=True)
        else:
            b = Button(name, partial(type_digit, name), key=f"digit:{name}")
        b.rect = pygame.Rect(x0 + (i % 3) * (key + gap), y0 + (i // 3) * (key + gap), key, key)
        buttons.append(b)
    return buttons


def grid_width(key: int, gap: int) -> int:
    return 3 * key + 2 * gap


def grid_height(key: int, gap: int) -> int:
    return 4 * key + 3 * gap
