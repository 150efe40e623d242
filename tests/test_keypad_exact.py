"""ui/keypad.py exactly: the keypad's panel as a finger meets it (the deal number's pad,
the operator's PIN pad), at the sizes of the screens it is made for."""

import pygame
import pytest

from game.ui.keypad import FINGER, key_size, layout_keypad

SIZES = [(w, h) for w in (800, 1024, 1280, 1920) for h in range(480, 1200, 7)] + [
    (480, 800),
    (600, 1024),
]
HEAD = 66  # what the deal pad says above its field at 1280x800


def panel(size, typed: list[str] | None = None, head: int = HEAD):
    typed = typed if typed is not None else []
    return layout_keypad(
        size,
        head,
        300,
        (typed.append, lambda: typed.append("del"), lambda: typed.append("ok")),
        ("OK", "Cancel"),
        lambda: typed.append("cancel"),
    )


def test_the_panel_keeps_as_much_room_under_cancel_as_over_its_words():
    # the panel cut at the screen's edge sat on Cancel: its foot lay closer to the edge
    # than its words to the top (one test over the sizes: a case each made 412 tests)
    for size in SIZES:
        p = panel(size)
        over = p.field.top - HEAD - p.box.top
        under = p.box.bottom - p.cancel.rect.bottom
        assert over == under and under > 0, (size, over, under)
        screen = pygame.Rect((0, 0), size)
        assert screen.inflate(-8, -8).contains(p.box), size
        assert all(p.box.contains(b.rect) for b in (*p.keys, p.cancel)), size


def test_the_keys_lie_in_the_telephone_s_order_and_each_types_its_own_digit():
    typed: list[str] = []
    p = panel((1280, 800), typed)
    names = [b.key for b in p.keys]
    assert names == [*(f"digit:{d}" for d in "123456789"), "del", "digit:0", "ok"]
    rows: dict[int, list[str]] = {}
    for b in sorted(p.keys, key=lambda b: b.rect.x):
        rows.setdefault(b.rect.y, []).append(b.label)
    assert list(rows.values()) == [
        ["1", "2", "3"],
        ["4", "5", "6"],
        ["7", "8", "9"],
        ["⌫", "0", "OK"],
    ]
    assert sorted(rows) == list(rows)  # 1 2 3 on top
    for b in (*p.keys, p.cancel):
        b.action()
    assert typed == [*"123456789", "del", "0", "ok", "cancel"]


def test_ok_is_the_gold_default_and_cancel_spans_the_keys():
    p = panel((1280, 800))
    assert [b.key for b in p.keys if b.selected] == ["ok"]
    left = min(b.rect.left for b in p.keys)
    right = max(b.rect.right for b in p.keys)
    assert (p.cancel.rect.left, p.cancel.rect.right) == (left, right)
    assert p.cancel.rect.top > max(b.rect.bottom for b in p.keys)


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 800), (1920, 1080), (480, 800)])
def test_the_panel_stands_in_the_middle_of_the_window(size):
    p = panel(size)
    assert abs(p.box.centerx - size[0] // 2) <= 1 and abs(p.box.centery - size[1] // 2) <= 1
    assert abs(p.field.centerx - p.box.centerx) <= 1


@pytest.mark.parametrize("width", [800, 1024, 1280, 1920])
def test_on_a_low_screen_cancel_gives_way_to_three_quarters_of_a_key_before_the_keys_shrink(
    width,
):
    # Cancel, a passer-by's way back, is a finger high (60 px) where the keys are full
    # size; lower, it goes down to three quarters of a key, and only then the keys
    for height in range(480, 1100):
        size = (width, height)
        p = panel(size)
        key, cancel = p.keys[0].rect.height, p.cancel.rect.height
        if key == key_size(size):
            assert cancel >= key * 3 // 4, (size, key, cancel)
            # lower than a finger only where the panel takes the window's whole height
            assert cancel >= min(FINGER, key) or p.box.height >= height - 8, (size, cancel)
        else:
            assert cancel == key * 3 // 4, (size, key, cancel)
