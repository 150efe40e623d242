"""The table's pointer (mouse and touch): presses, drags and drops, and a finger's
press of a button, turned into the clicks and moves of TableControls."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.widgets import Button, button_at, squared_gap

# How far a press moves before it is a drag; a finger wobbles more than a mouse.
DRAG_START_PX = 6
TOUCH_DRAG_START_PX = 12
TOUCH_SLACK_PX = 14  # how far off a card or a button a finger's press still means it


@dataclass
class Press:
    """A pointer held down on the table, not yet a drag."""

    pile: str
    index: int
    pos: tuple[int, int]
    clicks: int
    source: str
    # moved as a drag would, from a place no card is dragged from (the stock, a covered
    # card): still a click when let go within half a card's width, as a drag's slip is
    held_still: bool = False


@dataclass
class Drag:
    pile: str
    card: str
    offset: tuple[int, int]
    rect: pygame.Rect
    press: Press
    selected_before: str | None
    over: str | None = None  # the pile it would drop on
    # moved half a card's width from where it was pressed: only then a drop can be a
    # move; before, letting go is the click the press began (a tap that slipped)
    far: bool = False


class TablePointer:
    """Mixed into TableScene: the pointer's events."""

    felt_touched = False  # a finger on the felt: the card picked up is let go as it lifts

    # -- pointer -------------------------------------------------------------------

    def _touch_margin(self, event: pygame.event.Event) -> int:
        return TOUCH_SLACK_PX if getattr(event, "source", "mouse") == "touch" else 0

    def bar_button_at(self, pos: tuple[int, int], margin: int) -> Button | None:
        """The bar's button a press at `pos` presses, `margin` px off it at most (a
        finger's slack), unless a card is nearer: a tap just under a bottom-row card
        opened the Rules below it."""
        button = self.hud.button_at(pos, margin)
        if button and not button.rect.collidepoint(pos) and self.view is not None:
            card = self.view.spot_at(pos, margin)
            # as near, the card (a tap halfway between opened the Rules)
            if card and squared_gap(card.rect, pos) <= squared_gap(button.rect, pos):
                return None
        return button

    def _pointer_down(self, event: pygame.event.Event) -> bool:
        assert self.view is not None
        if self.keys.visible:  # the ring goes with the next drawing of the table
            self.keys.visible = False
            self._invalidate()
        if self.celebration:
            self.celebration = None
            self._show_results()
            return True
        if event.button == 3:  # the right button cancels, on a button too
            self._cancel()
            return True
        margin = self._touch_margin(event)
        self.felt_touched = False  # a touch of the felt whose lift never came (see below)
        self._let_go_of_button()  # its finger's lift was lost: it does nothing
        if self.drag or self.press:
            # so was the card's: it goes back, where it floated till this press's lift
            # dropped it as the old drag's (a tap on the stock played a pair)
            self._let_go()
        if self.banner:
            pressed = button_at(self.banner.buttons, event.pos, margin)
            if pressed:
                self._press_button(pressed, event)
                return True
            drawn = self.banner_drawn
            if drawn is not None and drawn.collidepoint(event.pos):
                # its words lie over cards, which a press there played unseen
                if self.wish_pending:
                    self._wish_first()
                return True
        off = next((b for b in self.hud.buttons if b.rect.collidepoint(event.pos)), None)
        grey = off is not None and not off.enabled and not self.wish_pending
        if grey and self._say_why_off(off.key):  # else as a press on the felt, as before
            return True
        button = self.bar_button_at(event.pos, margin)
        if button:
            self._finish_animation()
            self._press_button(button, event)
            return True
        if self.wish_pending:
            self._wish_first()
            return True
        self._finish_animation()
        spot = self.view.spot_at(event.pos, margin)
        if spot is None:
            if event.source == "touch":
                # let go of the card picked up at the lift: a thumb resting on the edge,
                # whose lift is dropped once another finger plays, dropped it as it landed
                self.felt_touched = True
            elif self.selected:
                self._cancel()
            return True
        self.press = Press(spot.pile, spot.index, event.pos, event.clicks, event.source)
        return True

    def _press_button(self, button: Button, event: pygame.event.Event) -> None:
        """A button pressed: the mouse's at once; a finger's as it lifts, if it lifts
        there, so that a touch slid off takes itself back, as on the other screens."""
        if event.source != "touch":
            button.action()
            return
        self.held_button = button
        button.pressed = True
        self._buttons_dirty = self.redraw = True

    def _let_go_of_button(self, pos: tuple[int, int] | None = None) -> None:
        """The finger on a button lifts: at `pos`, on the button (within a finger's
        slack), it presses it; elsewhere, or lost, nothing."""
        button, self.held_button = self.held_button, None
        if button is None:
            return
        button.pressed = False
        self._buttons_dirty = self.redraw = True
        if pos is not None and button.hit(pos, TOUCH_SLACK_PX) and button.enabled:
            button.action()

    def _pointer_move(self, event: pygame.event.Event) -> bool:
        assert self.view is not None
        if self._of_another_device(event):
            return True
        if self.held_button is not None:  # shown pressed while the finger is on it
            on = self.held_button.hit(event.pos, TOUCH_SLACK_PX)
            if on != self.held_button.pressed:
                self.held_button.pressed = on
                self._buttons_dirty = self.redraw = True
            return True
        if not getattr(event, "held", True) and (self.drag or self.press):
            # the mouse moves with no button down: its release was lost (let go outside
            # the window): the card goes back, nothing is played
            self._let_go()
            return True
        if self._follow(event.pos):
            return True
        # a finger hovers nothing: a tap's wiggle lit its button, and its tooltip stuck
        hovered = None if event.source == "touch" else self.hud.button_at(event.pos)
        changed = False
        for b in self.hud.buttons:
            hot = b is hovered
            if b.hot != hot:
                b.hot = hot
                changed = True
        if changed:
            self._buttons_dirty = True
            self.redraw = True
        self._hover_demo_pace(hovered is None and event.source != "touch", event.pos)
        return False

    def _of_another_device(self, event: pygame.event.Event) -> bool:
        """Whether `event` is the mouse's while a finger holds a card, or a finger's
        while the mouse does: a palm brushing a touchpad let go of a finger's card, and
        a mouse held down played the card a finger had taken."""
        press = self.drag.press if self.drag else self.press
        if self.held_button is not None:
            source = "touch"  # a button a finger holds acts as it lifts; a click, at once
        elif press is not None:
            source = press.source
        else:
            return False
        return getattr(event, "source", "mouse") != source

    def _follow(self, pos: tuple[int, int], letting_go: bool = False) -> bool:
        """The card dragged, or the press, follows the pointer to `pos`: whether the
        pointer is taken up by one (a press moved far enough becomes a drag; `letting_go`,
        one with no sound of picking up, as it is put down at once)."""
        assert self.view is not None
        p = self.press
        if p is not None:
            start = TOUCH_DRAG_START_PX if p.source == "touch" else DRAG_START_PX
            if p.held_still or _moved_by(pos, p.pos) <= start:
                return p.held_still
            self._start_drag(p, pos, quiet=letting_go)
        if self.drag:
            d = self.drag
            d.rect.topleft = (pos[0] - d.offset[0], pos[1] - d.offset[1])
            if not d.far:
                d.far = _moved_by(pos, d.press.pos) > self.view.layout.card[0] // 2
            d.over = self._drop_target(d) if d.far else None
            self.redraw = True
        return self.drag is not None or self.press is not None

    def _start_drag(self, press: Press, pos: tuple[int, int], quiet: bool = False) -> None:
        assert self.view is not None
        cards = self.game.pile(press.pile)
        if not cards or press.index != len(cards) - 1 or not self.game.movable(press.pile):
            # a finger slips more than a mouse: the tap on the stock that slipped turned
            # nothing, and one on a covered card said nothing of why it stays
            press.held_still = True
            return
        self.press = None
        rect = self.view.top_rect(press.pile).copy()
        offset = (press.pos[0] - rect.x, press.pos[1] - rect.y)
        self.drag = Drag(press.pile, cards[-1], offset, rect, press, self.selected)
        self.drag.rect.topleft = (pos[0] - self.drag.offset[0], pos[1] - self.drag.offset[1])
        self.selected = press.pile
        if not quiet:
            self.app.sounds.play("pick")
        self._invalidate()

    def _fit_drag(self, drag: Drag) -> None:
        """A card held while the window changes size: drawn at the new layout's size,
        under the pointer at the same point of the card, so that it drops where it is
        let go (at its old size it overlapped, and was refused against, other cards)."""
        assert self.view is not None
        size = self.view.top_rect(drag.pile).size
        pointer = (drag.rect.x + drag.offset[0], drag.rect.y + drag.offset[1])
        drag.offset = (
            drag.offset[0] * size[0] // max(1, drag.rect.w),
            drag.offset[1] * size[1] // max(1, drag.rect.h),
        )
        drag.rect = pygame.Rect((pointer[0] - drag.offset[0], pointer[1] - drag.offset[1]), size)
        drag.over = self._drop_target(drag) if drag.far else None

    def _drop_target(self, drag: Drag) -> str | None:
        assert self.view is not None
        if self.game.pairs_cards:
            # and the reserve for the stock's card, even empty: let go there, it is drawn
            candidates = [
                n
                for n in self.view.piles
                if n != drag.pile and (self.game.movable(n) or (drag.pile, n) == ("st", "w"))
            ]
        else:  # the stock too, whose refusal says why
            candidates = [n for n in self.view.piles if n != drag.pile]
        target = self.view.drop_target(drag.rect, candidates)
        if (drag.pile, target) == ("st", "w") and not self._well_over(drag.rect, "w"):
            # the stock's card is drawn when it is let go on the reserve, not when it
            # merely came near it: dragged down from the stock, away from the reserve,
            # it was drawn
            return None
        if target == "st" and drag.pile == "w":
            # the waste's card let go a little short of where it lay, the stock a few
            # pixels off: no drop (as a move, w>st would turn the whole waste over)
            return None
        return target

    def _well_over(self, rect: pygame.Rect, pile: str) -> bool:
        """Whether a card dragged to `rect` covers a third of `pile`'s place or more."""
        assert self.view is not None
        place = self.view.top_rect(pile)
        clip = place.clip(rect)
        return 3 * clip.width * clip.height >= place.width * place.height

    def _pointer_up(self, event: pygame.event.Event) -> bool:
        if self._of_another_device(event):
            return True
        if self.held_button is not None:
            self._let_go_of_button(event.pos)
            return True
        # where it is let go: a quick flick's last motion (or all of it) goes unreported,
        # and the press was taken for a tap where it began
        self._follow(event.pos, letting_go=True)
        if self.drag:
            drag = self.drag
            if not drag.far:
                # a tap that slipped a little: the click it began, not a drop on a neighbour
                self.drag = None
                self.selected = drag.selected_before
                self._invalidate()
                self._click(drag.press.pile, drag.press.index, drag.press.clicks)
                return True
            target = self._drop_target(drag)
            played = False
            if target:
                move = self.game.move_between(drag.pile, target)
                played = self._play(move, from_rect=drag.rect.copy())
            else:
                self._fly_back(drag.rect.copy())
                if self.refused_pile:  # the refusal shown was of another drop
                    self.status, self.refused_pile = "", None
            self.drag = None
            self.selected = None
            if not played:
                self._invalidate()
            return True
        if self.felt_touched:
            self.felt_touched = False
            if self.selected:
                self._cancel()
            return True
        press, self.press = self.press, None
        if press is None:
            return False
        assert self.view is not None
        if press.held_still and _moved_by(event.pos, press.pos) > self.view.layout.card[0] // 2:
            return True  # dragged away from the stock: no turn where none was aimed at
        self._click(press.pile, press.index, press.clicks)
        return True

    def pointer_holds(self) -> bool:
        return self.press is not None or self.drag is not None or self.held_button is not None

    def pointer_lost(self) -> None:
        """A card dragged when the window was made too small, or lost its focus, goes
        back: its release, let go there, was not passed on, and it floated over the
        table once the window grew again."""
        if self.held_button is not None:
            self._let_go_of_button()
        self._let_go()

    def _let_go(self) -> None:
        if self.drag:
            self._fly_back(self.drag.rect.copy())
            self.selected = self.drag.selected_before
        self.drag = None
        self.press = None
        self._invalidate()


def _moved_by(a: tuple[int, int], b: tuple[int, int]) -> int:
    """How far a pointer moved from a to b: the larger of the two ways (no root)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
