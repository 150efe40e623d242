"""Keyboard focus on the table: arrows move to the nearest place in that direction,
Tab and Shift+Tab go through the places in table order."""

from __future__ import annotations

from collections.abc import Callable, Collection

import pygame

from game.ui.pad import distance_towards

DIRECTIONS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}

# An arrow as a step through the places in table order: Right and Down on, Left and Up back
TABLE_ORDER_STEP = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}


class KeyboardFocus:
    def __init__(self) -> None:
        self.focus: str | None = None
        self.visible = False  # shown once a key moved it; a pointer hides it

    def handle(
        self,
        key: int,
        mod: int,
        places: list[str],
        rect_of: Callable[[str], pygame.Rect],
        step_on: bool = False,
        beyond: Collection[str] = (),
        start: str | None = None,
    ) -> bool:
        """Move the focus; True when the key was a focus key. With `step_on` (the few
        places a card picked up can go), an arrow with no place that way steps to the
        next place in table order (Right, Down) or the one before (Left, Up), as Tab
        does: a foundation up and to the side of the card was in no arrow's way. An
        arrow reaches the places `beyond` (the bar's buttons) only where no other place
        lies its way, and from a place on the table only by Down: from a stock in a
        corner, Right went along the bar below it, not to the piles above and to the
        side. The first arrow puts the focus on `start` (where there is one), else on
        the first place."""
        if not places:
            return False
        if key == pygame.K_TAB:
            self._step(places, -1 if mod & pygame.KMOD_SHIFT else 1)
            return True
        if key not in DIRECTIONS:
            return False
        self.visible = True
        if self.focus is None:
            self.focus = start if start in places else places[0]
            return True
        # from where the focus is, even a place just emptied (a pair removed under it):
        # its neighbour, not the first place of all
        direction = DIRECTIONS[key]
        near = [p for p in places if p not in beyond]
        found = nearest(self.focus, direction, near, rect_of) if beyond else None
        if found is None and (not beyond or direction == (0, 1) or self.focus in beyond):
            # the bar below the table is reached by Down: Right from the top row's last
            # card went across the table to Rules, Left from the stock to New deal
            found = nearest(self.focus, direction, places, rect_of)
        if found is None and self.focus not in places:
            found = nearest_any(self.focus, places, rect_of)
        if found is None and step_on:
            self._step(places, TABLE_ORDER_STEP[key])
        else:
            self.focus = found or self.focus
        return True

    def _step(self, places: list[str], step: int) -> None:
        # from no place, Tab goes to the first and Shift+Tab to the last (it went to the
        # first as well: the stock, not the bar's last button)
        i = places.index(self.focus) if self.focus in places else (-1 if step > 0 else 0)
        self.focus = places[(i + step) % len(places)]
        self.visible = True

    def keep_on(self, places: list[str], rect_of: Callable[[str], pygame.Rect]) -> None:
        """After a move: a focus left on a place no longer among `places` (a pair just
        removed from under it) goes to the nearest one, where Enter can play again."""
        if self.focus is not None and places and self.focus not in places:
            self.focus = nearest_any(self.focus, places, rect_of)


def nearest(
    origin: str,
    direction: tuple[int, int],
    places: list[str],
    rect_of: Callable[[str], pygame.Rect],
) -> str | None:
    """The place closest to `origin` in a direction; one in line with it comes before
    any off to the side, however near: standing up, Right from the first pile of a
    column went up to the stock, nearer than the pile across from it. Of two as near,
    the one whose centre lies nearer across the way by half a place or more: Right from
    an Egyptian foundation went down to the pile below the next foundation, the first
    in Tab order (and closer ties, a pixel or two, are Tab order's, or Up from the
    stock and Down again landed on the waste beside it)."""
    start = rect_of(origin)
    best, best_cost = None, (True, float("inf"), float("inf"))
    for name in places:
        if name == origin:
            continue
        rect = rect_of(name)
        distance = distance_towards(start, rect, direction)
        if distance is None:
            continue
        off = rect.centery - start.centery if direction[0] else rect.centerx - start.centerx
        half = max(1, (start.height if direction[0] else start.width) // 2)
        cost = (not in_line(start, rect, direction), float(distance), float(abs(off) // half))
        if cost < best_cost:
            best, best_cost = name, cost
    return best


def in_line(start: pygame.Rect, other: pygame.Rect, direction: tuple[int, int]) -> bool:
    """Whether `other` overlaps `start` across the way of `direction` (sideways: their
    heights overlap; up or down: their widths)."""
    if direction[0]:
        return other.top < start.bottom and start.top < other.bottom
    return other.left < start.right and start.left < other.right


def nearest_any(origin: str, places: list[str], rect_of: Callable[[str], pygame.Rect]) -> str:
    """The place closest to `origin`, whichever way."""
    ox, oy = rect_of(origin).center

    def cost(name: str) -> int:
        x, y = rect_of(name).center
        return abs(x - ox) + abs(y - oy)

    return min(places, key=cost)
