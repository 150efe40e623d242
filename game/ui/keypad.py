"""A number keypad for a finger: digits 1-9, then delete, 0 and a confirming key,
in the telephone's order. The operator's PIN pad and the deal number pad share it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from game.ui import theme
from game.ui.widgets import Button, px

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "del", "0", "ok")
SMALLEST_KEY = 44  # a key's least side, on a screen too low for a fingertip's 64 px
FINGER = 60  # Cancel's least height where the keys have it: a passer-by's way back


@dataclass(frozen=True)
class KeypadLayout:
    """A keypad's panel: the box, the field for what is typed, the twelve keys and a
    Cancel key under them, all centred on the window."""

    box: pygame.Rect
    field: pygame.Rect
    keys: list[Button]
    cancel: Button


def layout_keypad(
    size: tuple[int, int],
    head: int,
    least_width: int,
    actions: tuple[Callable[[str], None], Callable[[], None], Callable[[], None]],
    labels: tuple[str, str],
    cancel: Callable[[], None],
) -> KeypadLayout:
    """The panel of a keypad scene (the operator's PIN pad, the deal number pad): `head`
    pixels for what it says above the field, at least `least_width` wide inside;
    `labels` are the confirming key's and Cancel's."""
    w, h = size
    s = theme.ui_scale(size)
    pad = px(28, s, 14)
    key = key_size(size)
    bottom_h = _cancel_height(key)
    # a low screen takes a lower Cancel (three quarters of a key), then smaller keys: at
    # 800x480 Cancel lay below the screen's edge
    while _panel_height(key, head, pad, bottom_h) > h - 8 and key > SMALLEST_KEY:
        if bottom_h > key * 3 // 4:
            bottom_h -= 1
        else:
            key -= 1
            bottom_h = key * 3 // 4
    gap = _gap(key)
    grid_w = grid_width(key, gap)
    field_h = _field_height(key)
    height = _panel_height(key, head, pad, bottom_h)
    box_w = max(grid_w + px(80, s, 40), least_width) + 2 * pad
    box = pygame.Rect(0, 0, min(w - 8, box_w), min(h - 8, height))
    box.center = (w // 2, h // 2)
    field = pygame.Rect(0, box.y + pad + head, grid_w, field_h)
    field.centerx = box.centerx
    x0, top = box.centerx - grid_w // 2, field.bottom + gap
    keys = keypad((x0, top), key, gap, actions, labels[0])
    back = Button(labels[1], cancel, key="cancel")
    back.rect = pygame.Rect(x0, top + grid_height(key, gap) + 2 * gap, grid_w, bottom_h)
    return KeypadLayout(box, field, keys, back)


def _gap(key: int) -> int:
    return max(10, key // 7)


def _cancel_height(key: int) -> int:
    """Cancel, lower than a key (it spans the grid's width), but a finger's height."""
    return min(key, max(key * 3 // 4, FINGER))


def _field_height(key: int) -> int:
    return max(48, int(key * 0.8))


def _panel_height(key: int, head: int, pad: int, cancel: int) -> int:
    """The panel's height for keys of side `key` and a Cancel `cancel` high: what it
    says, the field, the keys and Cancel."""
    gap = _gap(key)
    return pad + head + _field_height(key) + gap + grid_height(key, gap) + 2 * gap + cancel + pad


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
