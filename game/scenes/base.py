"""The one small interface every scene has."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.app import App

# A press this soon after the one that asked a question ("press again to ...") is that
# press repeated, a double-click's or a quick hand's, not the answer: 20 ms apart, two
# clicks of Give up ended the game with its question unread. Human double-clicks land
# some 100 to 300 ms apart.
DOUBLE_PRESS_S = 0.4
# How long a first press that asks a question ("press again to give up", the menu's Play
# over a game left in play) waits for the second, its question in sight: at 3 s a
# passer-by still reading it found it gone, pressed, and was asked again
SECOND_PRESS_S = 6.0
# A slow reader's pace, for a long question's time in sight (see question_s)
READ_WORDS_PER_S = 3.0
# A screen that opens at a game's end (the initials, the results) takes no key that
# presses for this long: Enter, Enter on Give up and a third by a quick hand entered a
# place under initials never seen, or dealt a new game from results never read
ARRIVING_S = 0.6
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)


def question_s(question: str) -> float:
    """How long a first press's `question` waits for the second, in sight:
    SECOND_PRESS_S, or for a long one its reading at a slow pace and time to press. A
    five-line question over a fortune left in play went before it was read, and the
    press meant to answer it asked again."""
    return max(SECOND_PRESS_S, len(question.split()) / READ_WORDS_PER_S + 2.0)


class Scene:
    """A screen of the game.

    `handle_event` takes input (pointer events come translated, see
    game.ui.pointer) and returns True when it used the event; `update(dt)`
    runs at a fixed 60 Hz; `draw(surface, alpha)` paints and never changes
    the game, returning the rectangles it changed (an empty list when the
    picture is the same as last frame). A scene sets `self.redraw = True`
    whenever its picture must change.
    """

    attract = False  # a screen of the kiosk's attract loop, which nobody plays

    def __init__(self, app: App) -> None:
        self.app = app
        self.redraw = True

    def enter(self) -> None:
        self.redraw = True

    def exit(self) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        self.redraw = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def pointer_lost(self) -> None:
        """The pointer's release will not come (the window made too small to point at
        anything, or its focus lost: the release goes to the window that took it): a
        press or a drag lets go."""

    def saves_made(self) -> None:
        """Saves that had failed (a full disk) were made at last while this screen is up:
        what it shows of the records may have changed."""

    def pointer_holds(self) -> bool:
        """Whether the press under way holds something (a card, a button, a scroll) that
        another finger must not take over: a finger resting on nothing holds nothing
        (see game.ui.pointer)."""
        return False

    def names_keys(self) -> bool:
        """Whether the screen names its keys: not on a kiosk, which has none, nor to a
        player whose last press was a finger's, whose tablet keeps its keyboard away."""
        return self.app.kiosk is None and not self.app.touch_led

    def update(self, dt: float) -> None:
        pass

    def stalled(self, seconds: float) -> None:
        """The loop stood still for `seconds` more than its updates made up (a stopped
        process, a debugger, a long pause of the system): time no update saw, which a
        clock that ranks play must count all the same."""

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        return [surface.get_rect()]

    def repaint(self) -> None:
        """Paint the whole picture at the next frame, not only what changed: the window's
        was lost (uncovered, restored). A scene that keeps a picture of its own to paint
        changes over drops it here."""
        self.redraw = True

    def back(self) -> None:
        """Esc: each scene decides where back leads."""

    def tell(self, text: str) -> bool:
        """Say `text` here, at once, if this scene has a place for such words (a table's
        line); whether it did. Else it is the menu's notices' to say."""
        return False

    def go_back_to(self, back: Callable[[], Scene] | None) -> None:
        """Leave for the scene `back` makes, or, with none, the menu (a screen opened
        from the menu, or from a table that gives its way back)."""
        if back is not None:
            self.app.switch(back)
            return
        from game.scenes.menu import MenuScene  # the menu imports the scenes it opens

        self.app.switch(lambda: MenuScene(self.app))
