"""New random deals, and with "winnable deals only" a deal the solver proved winnable.

The search runs in the solver's worker process; this scene shows it is looking
and lets the player cancel. The deal found keeps its number: it can be typed in
again and replayed like any other.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.rules import Game, Ruleset, random_deal
from game.scenes.base import Scene
from game.solver.worker import WINNABLE
from game.ui import theme
from game.ui.pointer import POINTER_DOWN
from game.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from game.app import App


def start_random_deal(app: App, ruleset: Ruleset, options: dict[str, object]) -> Game | None:
    """Open a table on a random deal; returns the game, or None while one is searched for."""
    if app.settings.winnable_only:
        app.switch(lambda: DealFinderScene(app, ruleset, options))
        return None
    game = Game(ruleset, options, deal=random_deal())
    open_table(app, game)
    return game


def open_table(app: App, game: Game) -> None:
    from game.scenes.table import TableScene

    app.switch(lambda: TableScene(app, game))


class DealFinderScene(Scene):
    def __init__(self, app: App, ruleset: Ruleset, options: dict[str, object]) -> None:
        super().__init__(app)
        self.ruleset = ruleset
        self.options = dict(options)
        self.request = 0
        self.dots = 0.0
        self.cancel_button = Button(_("Cancel"), self._cancel, key="cancel")
        self.found: int | None = None

    def enter(self) -> None:
        super().enter()
        self.request = self.app.solver.submit(
            WINNABLE, ruleset=self.ruleset.id, options=self.options, seed=random.randrange(10**9)
        )

    def update(self, dt: float) -> None:
        self.dots = (self.dots + dt * 2) % 4
        self.redraw = True
        for reply in self.app.solver.poll():
            if reply.get("id") != self.request:
                continue
            deal = reply.get("deal")
            if deal is None:
                # none proven winnable within the tries: play a random one, and say so
                self.app.notices.append(_("No winnable deal was found quickly: a random one."))
                deal = random_deal()
            self.found = deal
            open_table(self.app, Game(self.ruleset, self.options, deal=deal))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == POINTER_DOWN and self.cancel_button.hit(event.pos, 12):
            self._cancel()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._cancel()
            return True
        return False

    def _cancel(self) -> None:
        from game.scenes.menu import MenuScene

        self.app.solver.submit(WINNABLE, ruleset=self.ruleset.id, options=self.options, tries=0)
        self.app.switch(lambda: MenuScene(self.app))

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        size = surface.get_size()
        surface.blit(theme.felt(size), (0, 0))
        scale = theme.ui_scale(size)
        centre = (size[0] // 2, size[1] // 2)
        text = _("Looking for a deal that can be won") + "." * int(self.dots)
        draw_text(surface, text, int(28 * scale), centre, theme.INK, "midbottom", bold=True)
        note = _("The solver plays it through before you see it.")
        draw_text(
            surface,
            note,
            int(18 * scale),
            (centre[0], centre[1] + int(12 * scale)),
            theme.INK_DIM,
            "midtop",
        )
        b = self.cancel_button
        b.rect = pygame.Rect(0, 0, int(180 * scale), int(48 * scale))
        b.rect.midtop = (centre[0], centre[1] + int(70 * scale))
        b.draw(surface, int(20 * scale))
        return [surface.get_rect()]
