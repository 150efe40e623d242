"""Driving the real app in tests: real pygame events in, frames stepped by a manual clock."""

from __future__ import annotations

import pygame

from game.app import App
from game.scenes.base import DOUBLE_PRESS_S

# frames at 60 a second between a question's press and the press that answers it: a
# second press sooner is taken for the first, repeated (see TablePlay._second_press)
AGAIN_FRAMES = int(DOUBLE_PRESS_S * 60) + 2

FRAME = 1 / 60


class Driver:
    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.clock.advance(FRAME)  # type: ignore[attr-defined]
            self.app.frame()

    def settle(self, seconds: float = 1.0) -> None:
        """Let animations and fades run out."""
        self.frames(int(seconds / FRAME) + 1)

    def click(self, pos: tuple[int, int], wait: int = 1) -> None:
        self.app.clock.advance(0.5)  # far apart: never a double click by accident
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
        self.frames(wait)

    def double_click(self, pos: tuple[int, int]) -> None:
        for _ in range(2):
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
            )
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
            )
        self.frames(1)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
        self.hold_over(start, end, steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False))
        self.frames(1)

    def hold_over(self, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
        """Drag a card from `start` to `end` and keep holding it there."""
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        )
        self.frames(1)
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i // steps
            y = start[1] + (end[1] - start[1]) * i // steps
            pygame.event.post(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0), touch=False
                )
            )
            self.frames(1)

    def mouse(self, kind: int, pos: tuple[int, int], held: bool = True) -> None:
        """A mouse's press, release or motion (its button `held`, or not) at `pos`."""
        fields: dict[str, object] = {"pos": pos, "touch": False}
        if kind == pygame.MOUSEMOTION:
            fields |= {"rel": (1, 0), "buttons": (int(held), 0, 0)}
        else:
            fields["button"] = 1
        pygame.event.post(pygame.event.Event(kind, **fields))
        self.frames(1)

    def hover(self, pos: tuple[int, int]) -> None:
        """The mouse moved to `pos`, no button held."""
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0), touch=False
            )
        )
        self.frames(1)

    def tap(self, pos: tuple[int, int], finger_id: int = 1) -> None:
        """A finger tap: FINGERDOWN/UP with normalised coordinates."""
        self.app.clock.advance(0.5)
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            self.finger(kind, pos, finger_id, frames=0)
        self.frames(1)

    def finger(self, kind: int, pos: tuple[int, int], finger_id: int = 1, frames: int = 1) -> None:
        """One finger event (FINGERDOWN, FINGERMOTION, FINGERUP) at window pixels `pos`."""
        w, h = self.app.size
        x, y = pos[0] / w, pos[1] / h
        pygame.event.post(
            pygame.event.Event(
                kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=finger_id, touch_id=1, pressure=1.0
            )
        )
        self.frames(frames)

    def key(self, key: int, mod: int = 0, scancode: int = 0, unicode: str = "") -> None:
        """A key pressed and let go; `scancode` is its place on the keyboard (0: unknown),
        `key` what the layout names it."""
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(
                pygame.event.Event(kind, key=key, mod=mod, unicode=unicode, scancode=scancode)
            )
        self.frames(1)

    def pause(self) -> None:
        """The time a hand takes to press again, answering a question (see AGAIN_FRAMES)."""
        self.frames(AGAIN_FRAMES)

    def key_twice(self, key: int, mod: int = 0, scancode: int = 0) -> None:
        """A key whose first press only asks (Hint and Demo: the game then enters no
        high-score table), pressed again."""
        self.key(key, mod, scancode)
        self.pause()
        self.key(key, mod, scancode)

    def click_twice(self, pos: tuple[int, int]) -> None:
        """A button whose first press only asks, pressed again (not a double click)."""
        self.click(pos)
        self.pause()
        self.click(pos)

    def resize(self, size: tuple[int, int]) -> None:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
        self.frames(2)


def texts_drawn(monkeypatch, module) -> list[str]:
    """The texts `module` draws from now on through its draw_text, in order (the list
    fills as it draws: clear it to look at one frame's)."""
    drawn: list[str] = []
    real = module.draw_text

    def recording(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(module, "draw_text", recording)
    return drawn
