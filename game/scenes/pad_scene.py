"""A scene whose controls are one ButtonPad, laid out from the window's size."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.base import ARRIVING_S, PRESS_KEYS, Scene
from game.ui.pad import ButtonPad

if TYPE_CHECKING:
    from game.app import App


class PadScene(Scene):
    """Mouse, touch and keyboard reach the same buttons; Esc leads `back()`.

    A subclass builds its buttons in `layout()`, which runs on entering, on a
    resize, and whenever the scene's choices change the buttons."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.pad = ButtonPad()
        self.size = app.size
        self.scale = 1.0
        self.opened_at = app.clock.now()

    def layout(self) -> None:
        raise NotImplementedError

    def arriving_press(self, event: pygame.event.Event) -> bool:
        """Whether a key down presses within ARRIVING_S of the screen opening: the
        screen before's press, or its key repeated, for a screen that ignores it."""
        return event.key in PRESS_KEYS and self.app.clock.now() - self.opened_at < ARRIVING_S

    def enter(self) -> None:
        super().enter()
        # from its coming on screen: a scene may be made before the fade that brings it
        self.opened_at = self.app.clock.now()
        self.layout()
        if self.app.keyboard_led:  # opened by a key: where the keys are, shown at once
            self.pad.show_focus = True

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.size = size
        self.layout()

    def pointer_lost(self) -> None:
        if self.pad.let_go():
            self.redraw = True

    def pointer_holds(self) -> bool:
        return self.pad.holds()

    def update(self, dt: float) -> None:
        if self.pad.update(dt):
            self.redraw = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.pad_event(event)

    def pad_event(self, event: pygame.event.Event) -> bool:
        """The pad's share of an event; True when it used it."""
        used, changed = self.pad.handle_event(event, self.scale)
        self.redraw = self.redraw or changed
        return used
