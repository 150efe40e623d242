"""A scene's buttons under mouse, touch and keyboard, and the keys that drive them."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.pointer import POINTER_DOWN, POINTER_MOVE, POINTER_UP
from game.ui.widgets import Button, button_at, px, squared_gap

DIGIT_KEYS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)} | {
    getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)
}

ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# A repeating button held down: the pause before it runs again, then between runs (the
# usual figures of a keyboard's repeat: 69 letters and digits on an initials wheel took
# up to 34 taps)
REPEAT_DELAY_S = 0.45
REPEAT_EVERY_S = 0.08


class ButtonPad:
    """A scene's buttons under mouse, touch and keyboard.

    Hover and press for the pointer (a click runs the button it started on, if
    it ends there too); a focus ring moved by the arrows (to the nearest button
    that way) and Tab, and Enter or Space to run the focused button. The ring
    shows only once the keyboard is used, and hides again on a click.
    """

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.focus_key = ""
        self.show_focus = False
        self._pressed_key = ""
        self._pointer: tuple[int, int] | None = None
        self.regions: list[pygame.Rect] = []  # columns that up and down keep to
        self._held_for = 0.0  # how long a repeating button has been held down
        # a row of choices entered across by an arrow: (the choice ringed, the button
        # come from, the arrow's way), for the arrow back to go back (see _move)
        self._came_across: tuple[str, str, int] | None = None

    def set(self, buttons: list[Button]) -> None:
        """Take a fresh set of buttons; focus and press carry over by key."""
        self.buttons = buttons
        focused = self.get(self.focus_key)
        if focused is None or not focused.enabled:
            enabled = [b for b in buttons if b.enabled]
            if focused is not None and enabled:
                # the ringed button turned off (Clear, once it had cleared): the ring
                # goes to the nearest, where the first (Records, in a corner) made the
                # next Enter open another screen
                at = focused.rect.center
                enabled.sort(key=lambda b: squared_gap(b.rect, at))
            self.focus_key = enabled[0].key if enabled else ""
        for b in buttons:
            b.pressed = b.key == self._pressed_key
            b.hot = self._pointer is not None and b.hit(self._pointer)

    def get(self, key: str) -> Button | None:
        return next((b for b in self.buttons if b.key == key), None)

    @property
    def focused(self) -> Button | None:
        return self.get(self.focus_key)

    def button_at(self, pos: tuple[int, int], margin: int) -> Button | None:
        return button_at(self.buttons, pos, margin)

    def handle_event(self, event: pygame.event.Event, scale: float) -> tuple[bool, bool]:
        """Returns (the event was used, the picture changed)."""
        if event.type in (POINTER_MOVE, POINTER_DOWN, POINTER_UP):
            return self._pointer_event(event, scale)
        if event.type != pygame.KEYDOWN:
            return False, False
        key = event.key
        if key in ARROWS or key == pygame.K_TAB:
            # the first press shows where the focus is (the ruleset chosen, the button to
            # press), the next ones move it: Tab no longer skipped the one in view
            if self.show_focus:
                self._move(key, bool(event.mod & pygame.KMOD_SHIFT))
            self.show_focus = True
            return True, True
        if key in ACTIVATE_KEYS and self.show_focus:
            b = self.focused
            if b is not None and b.enabled:
                b.action()
            return True, True
        return False, False

    def _pointer_event(self, event: pygame.event.Event, scale: float) -> tuple[bool, bool]:
        touch = event.source == "touch"
        # a finger's slack, 8 px at the least: scaled with the window it was 5 at 800x480,
        # where the buttons are smallest
        margin = max(8, px(8, scale)) if touch else 0
        if event.type == POINTER_MOVE:
            self._pointer = None if touch else event.pos
            if not touch and not getattr(event, "held", True):
                # no button down: its release was lost (let go outside the window), and
                # a repeating button would run on for ever
                self._pressed_key = ""
            changed = False
            for b in self.buttons:
                hot = not touch and b.hit(event.pos)
                pressed = b.key == self._pressed_key and b.hit(event.pos, margin)
                if (hot, pressed) != (b.hot, b.pressed):
                    b.hot, b.pressed, changed = hot, pressed, True
            return False, changed
        if event.button != 1:
            return False, False
        under = self.button_at(event.pos, margin)
        if event.type == POINTER_DOWN:
            self._pressed_key = under.key if under else ""
            changed = self.show_focus or under is not None
            self.show_focus = False
            if under:
                under.pressed = True
                if under.repeats:
                    self.focus_key, self._held_for = under.key, 0.0
                    under.action()
            return under is not None, changed
        started_on = self._pressed_key
        self.let_go()
        if under is None or under.key != started_on:
            return False, bool(started_on)
        self.focus_key = under.key
        if not under.repeats:  # a repeating one ran at the press
            under.action()
        return True, True

    def holds(self) -> bool:
        """Whether a button is pressed, its release to come."""
        return bool(self._pressed_key)

    def let_go(self) -> bool:
        """The pointer's release will not come (the window lost its focus): no button
        stays pressed, nor a repeating one runs on (a letter of the initials' wheel
        turned on while the window was away). True if one was."""
        was, self._pressed_key = self._pressed_key, ""
        for b in self.buttons:
            b.pressed = False
        return bool(was)

    def update(self, dt: float) -> bool:
        """Time for a repeating button held down (and still under the finger); True
        when it ran."""
        held = self.get(self._pressed_key)
        if held is None or not (held.repeats and held.pressed and held.enabled):
            return False
        before = self._held_for
        self._held_for += dt
        due = runs_by(self._held_for) - runs_by(before)
        for _ in range(due):
            held.action()
            held = self.get(self._pressed_key) or held  # the action may lay the buttons out
        return due > 0

    def _move(self, key: int, backwards: bool) -> None:
        came, self._came_across = self._came_across, None
        current = self.focused
        enabled = [b for b in self.buttons if b.enabled]
        if not enabled:
            return
        if current is None:
            self.focus_key = enabled[0].key
            return
        if key == pygame.K_TAB:
            # a row of choices is one stop, on its choice; the arrows move within it
            order = [b for b in self.buttons if b.enabled or b is current]
            chosen = {b.group for b in order if b.group and b.selected}
            i = order.index(current)
            for _ in range(len(order)):
                i = (i + (-1 if backwards else 1)) % len(order)
                b = order[i]
                if not b.group or (
                    b.group != current.group and (b.selected or b.group not in chosen)
                ):
                    break
            self.focus_key = order[i].key
            return
        others = [b for b in enabled if b is not current]
        direction = ARROWS[key]
        if direction[0] and current.group and current.chosen_by_arrows:
            if came and came[0] == current.key and came[2] == -direction[0] and self.get(came[1]):
                self.focus_key = came[1]  # straight back, choosing nothing on the way
                return
            self._along_row(current, direction[0], others)
            return
        target = None
        if direction[1]:  # up and down stay in the current column while they can
            region = next((r for r in self.regions if r.collidepoint(current.rect.center)), None)
            if region is not None:
                inside = [b for b in others if region.collidepoint(b.rect.center)]
                target = nearest(current.rect, inside, direction)
        target = target or nearest(current.rect, others, direction)
        entering = target is not None and target.group and target.group != current.group
        if entering and target is not None:
            # into a row of choices, on its choice, as Tab goes: the ring on "three
            # times" beside "once" in gold lit two choices two ways (and Right from the
            # list, its Enter chose the one ringed). Entered across, the arrow back goes
            # straight back: on from the choice, Left chose the one before it
            target = self._rows_choice(target)
            level = current.rect.top < target.rect.bottom and target.rect.top < current.rect.bottom
            if direction[0] and level:  # from beside the row: from above it (Records' ▶),
                # the way back led there from the row's first tab, never along the row
                self._came_across = (target.key, current.key, direction[0])
        if target is not None:
            self.focus_key = target.key
            same_row = target.group and target.group == current.group
            if same_row and target.chosen_by_arrows and not target.selected:
                # within a row of choices the arrows choose, as the settings' rows do: the
                # ring stood on "three cards" while "one card" stayed chosen, and Play
                # dealt one
                target.action()

    def _rows_choice(self, button: Button) -> Button:
        """The chosen button of `button`'s row of choices, where the arrows land on
        entering it; `button` itself if none is chosen and can be pressed."""
        chosen = (b for b in self.buttons if b.group == button.group and b.selected)
        return next((b for b in chosen if b.enabled), button)

    def _along_row(self, current: Button, step: int, others: list[Button]) -> None:
        """Left or right (`step`) in a row of choices: the next choice, in the row's
        order (a row may wrap), chosen; past the row's end, only a button in line with
        it (the list beside the menu's options). One press past the last choice took the
        ring across the screen to Quit or Play, whose Enter acted at once."""
        row = [b for b in self.buttons if b.group == current.group]
        at = row.index(current) + step
        ahead = row[at:] if step > 0 else row[at::-1] if at >= 0 else []
        choice = next((b for b in ahead if b.enabled), None)
        if choice is None:
            level = current.rect
            in_line = [
                b
                for b in others
                if b.group != current.group
                and b.rect.top < level.bottom
                and level.top < b.rect.bottom
            ]
            target = nearest(current.rect, in_line, (step, 0))
            if target is not None and target.group:
                # into another row of choices, on its choice (as up and down go): the ring
                # on the patience beside, the chosen one gold, lit two of the list
                target = self._rows_choice(target)
            if target is not None:
                self.focus_key = target.key
            return
        self.focus_key = choice.key
        if not choice.selected:
            choice.action()

    def draw_focus(self, surface: pygame.Surface, scale: float) -> None:
        b = self.focused
        if self.show_focus and b is not None:
            draw_ring(surface, b.rect, scale)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """The focus ring around `rect`, a dark gap off its edge."""
    ring = rect.inflate(2 * ring_reach(scale), 2 * ring_reach(scale))
    width, radius = _ring_width(scale), px(10, scale, 5)
    pygame.draw.rect(surface, theme.FOCUS, ring, width=width, border_radius=radius)


def ring_reach(scale: float) -> int:
    """How far the focus ring reaches out of its button, at the window's `scale`: its
    width, and a dark gap between it and the button's edge at every size (at 1280x720
    the blue ring lay straight on a chosen button's gold edge, 1.18:1, and read as a
    thicker gold edge). A frame around a button stands further off than this."""
    return _ring_width(scale) + max(2, px(2, scale))


def _ring_width(scale: float) -> int:
    return px(3, scale, 2)


def nearest(rect: pygame.Rect, buttons: list[Button], direction: tuple[int, int]) -> Button | None:
    """The button nearest to `rect` in a direction; those in line with it count as nearer."""
    best, best_score = None, float("inf")
    for b in buttons:
        score = distance_towards(rect, b.rect, direction)
        if score is not None and score < best_score:
            best, best_score = b, score
    return best


def distance_towards(
    rect: pygame.Rect, other: pygame.Rect, direction: tuple[int, int]
) -> int | None:
    """How far `other` lies from `rect` for an arrow key going `direction`; None when it
    does not lie that way. Off to the side counts by the gap between the two (none when
    they overlap across the way), not between their centres: a card fanned higher than
    its neighbours is still in line with them. One off to the side lies that way only
    wholly past `rect`'s edge: on a staircase of piles the next step is beside, not above."""
    dx, dy = direction
    along = (other.centerx - rect.centerx) * dx + (other.centery - rect.centery) * dy
    if along <= 0:
        return None
    if dx:  # sideways: how far apart the two are vertically (0 when they overlap)
        across = max(0, other.top - rect.bottom, rect.top - other.bottom)
        beyond = other.left >= rect.right if dx > 0 else other.right <= rect.left
    else:
        across = max(0, other.left - rect.right, rect.left - other.right)
        beyond = other.top >= rect.bottom if dy > 0 else other.bottom <= rect.top
    if across and not beyond:
        return None
    return along + 3 * across


def runs_by(held_s: float) -> int:
    """How many times a repeating button held `held_s` seconds has run again."""
    if held_s < REPEAT_DELAY_S:
        return 0
    return 1 + int((held_s - REPEAT_DELAY_S) / REPEAT_EVERY_S)
