"""New random deals, and with "winnable deals only" a deal the solver proved winnable.

The search runs in the solver's worker process; this scene shows it is looking
and lets the player cancel. The deal found keeps its number: it can be typed in
again and replayed like any other.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, localized
from game.rules import Game, Ruleset, random_deal
from game.scenes.base import Scene
from game.solver.worker import WINNABLE
from game.store import GameFacts
from game.ui import theme
from game.ui.pointer import POINTER_DOWN, POINTER_UP
from game.ui.widgets import Button, balanced_wrap, draw_text, px

if TYPE_CHECKING:
    from game.app import App

# The longest a player waits for a winnable deal: then, or at once if the solver's
# process has died, a random deal (a hung or killed worker would leave the search up)
PATIENCE_S = 45.0


def start_random_deal(app: App, ruleset: Ruleset, options: dict[str, object]) -> Game | None:
    """Open a table on a random deal; returns the game, or None while one is searched for.
    A fortune's deal is drawn at random whatever "Winnable deals only" says: dealt
    among the deals the solver proved winnable, its answer was half given."""
    if app.settings.winnable_only and not ruleset.tells_fortune:
        app.switch(lambda: DealFinderScene(app, ruleset, options))
        return None
    game = Game(ruleset, options, deal=random_deal())
    open_table(app, game)
    return game


def open_table(app: App, game: Game, say: str = "", facts: GameFacts | None = None) -> None:
    """Open a table on the game (with its facts, when it is one the records keep), with a
    line for the player over it."""

    def table() -> Scene:
        from game.scenes.table import TableScene

        scene = TableScene(app, game, facts=facts)
        if say:
            scene.announce(say)
        return scene

    app.switch(table)


class DealFinderScene(Scene):
    def __init__(self, app: App, ruleset: Ruleset, options: dict[str, object]) -> None:
        super().__init__(app)
        self.ruleset = ruleset
        self.options = dict(options)
        self.request = 0
        self.dots = 0.0
        self.cancel_button = Button(_("Cancel"), self._cancel, key="cancel")
        self.found: int | None = None
        self.waited = 0.0

    def enter(self) -> None:
        super().enter()
        self.request = self.app.solver.submit(
            WINNABLE, ruleset=self.ruleset.id, options=self.options, seed=random.randrange(10**9)
        )

    def update(self, dt: float) -> None:
        if self.found is not None:
            return  # its table is on its way
        self.dots = (self.dots + dt * 2) % 4
        self.redraw = True
        self.waited += dt
        solver = self.app.solver
        for reply in solver.poll():
            if reply.get("id") == self.request:
                # None: none proven winnable within the tries
                self._open(reply.get("deal"))
                return
        if not solver.running or self.waited > PATIENCE_S:
            self._stop_search()
            self._open(None)

    def _open(self, deal: int | None) -> None:
        say = ""
        if deal is None:  # play a random one, and say so over its table
            say = _("No winnable deal was found quickly: here is a random one.")
            deal = random_deal()
        self.found = deal
        open_table(self.app, Game(self.ruleset, self.options, deal=deal), say)

    def _stop_search(self) -> None:
        if self.app.solver.running:
            self.app.solver.submit(WINNABLE, ruleset=self.ruleset.id, options=self.options, tries=0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        # Cancel acts as it is let go, on it, as every other button: at the press, a
        # finger slid off it to take the touch back still cancelled the search
        b = self.cancel_button
        if event.type == POINTER_DOWN and b.hit(event.pos, 12):
            b.pressed = self.redraw = True
            return True
        if event.type == POINTER_UP and b.pressed:
            self.pointer_lost()
            if b.hit(event.pos, 12):
                self._cancel()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._cancel()
            return True
        return False

    def pointer_holds(self) -> bool:
        return self.cancel_button.pressed

    def pointer_lost(self) -> None:
        self.cancel_button.pressed = False
        self.redraw = True

    def _cancel(self) -> None:
        from game.scenes.menu import MenuScene

        self._stop_search()
        self.app.switch(lambda: MenuScene(self.app))

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        size = surface.get_size()
        surface.blit(theme.felt(size), (0, 0))
        s = theme.ui_scale(size)
        centre = (size[0] // 2, size[1] // 2)
        # which patience: the player may have come from the results of another
        name = localized(self.ruleset.name)
        above = (centre[0], centre[1] - px(56, s, 38))
        draw_text(surface, name, px(34, s, 22), above, theme.GOLD, "midbottom", serif=True)
        # the dots after the words, which stay put (centred with them, they swayed)
        text = _("Looking for a deal that can be won")
        title = draw_text(surface, text, px(28, s, 17), centre, theme.INK, "midbottom", bold=True)
        dots = "." * int(self.dots)
        if dots:
            draw_text(
                surface, dots, px(28, s, 17), title.bottomright, theme.INK, "bottomleft", bold=True
            )
        # wrapped to the window: standing up at 600 px the Russian ran off both edges
        note = _("The solver wins it first, unseen; then it is yours.")
        note_size = px(18, s, 13)
        y = centre[1] + px(12, s, 8)
        for line in balanced_wrap(note, theme.font(note_size), size[0] - 2 * px(28, s, 12)):
            y = draw_text(surface, line, note_size, (centre[0], y), theme.INK_DIM, "midtop").bottom
        b = self.cancel_button
        least = theme.FINGER if self.app.kiosk is not None else 0  # a passer-by's finger
        b.rect = pygame.Rect(0, 0, px(180, s, 130), max(px(48, s, 40), least))
        b.rect.midtop = (centre[0], max(centre[1] + px(70, s, 48), y + px(16, s, 10)))
        b.draw(surface, px(20, s, 14))
        return [surface.get_rect()]
