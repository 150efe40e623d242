"""The attract loop: what the kiosk shows while nobody plays, round and round.

An invitation card (while it shows, the solver looks for a deal it can prove
winnable), then that deal played by the solver on a real table with every
animation, then the high scores of that game; then the next offered game.
Any touch anywhere in the loop starts a fresh game.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.kiosk.config import KioskConfig, OfferedGame
from game.kiosk.invitation import InvitationScene
from game.kiosk.show import draw_ribbon, pulse_moved, wants_to_play
from game.rules import Game
from game.scenes.table import TableScene
from game.solver.worker import WINNABLE
from game.store import GameFacts

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene

log = logging.getLogger(__name__)

DEAL_PATIENCE_S = 20.0  # past the invitation's time, the search gives way (see show_demo)
WINNABLE_TRIES = 60
LINGER_S = 2.5  # a finished demo stays in view this long
# a demo past its time plays on to its win when the moves left of it take no longer
# than this more, at about this pace: Egyptian deals' lines of 228 and 301 moves take
# some 180 s and 230 s, and their demos gave way to the tables with the win in sight
ENDING_GRACE_S = 90.0
DEMO_PACE_S = 0.8  # a demo's move, as measured at the animations' own speed


class AttractLoop:
    def __init__(
        self,
        app: App,
        config: KioskConfig,
        play: Callable[[], None],
        rng: random.Random | None = None,
    ) -> None:
        self.app = app
        self.config = config
        self.play = play  # a touch: start a game
        self.rng = rng or random.Random()
        self.turn = 0  # which offered game the next demo plays
        self.request: int | None = None
        self.asked_again = False  # the request is a dead worker's asked again
        self.deal: int | None = None
        self.rounds = 0  # whole rounds shown (the soak counts them)
        self.demos_won = 0
        # the last deal of each offered game (by its place in the list) proven winnable:
        # played again when no new one comes in time
        self.winnable: dict[int, int] = {}
        self.demoed: set[int] = set()  # the offered games whose demo has been shown
        self.shown = False  # this turn's game has been shown: the next start moves on

    @property
    def offered_at(self) -> int:
        """The place in the configuration's list of the game the next demo plays."""
        return self.turn % len(self.config.games)

    @property
    def offered(self) -> OfferedGame:
        return self.config.games[self.offered_at]

    # -- the stages, in order ----------------------------------------------------------

    def start(self) -> None:
        """From the top: the invitation, of the next game once this one's demo or tables
        have shown. A passer-by's touch then brought the show back to the same game: with
        a passer-by every minute or two, one of four games was in nine looks of eleven."""
        if self.shown:
            self.turn += 1
            self.shown = False
        self.app.switch(self.first_scene)

    def first_scene(self) -> Scene:
        return InvitationScene(self.app, self)  # which frees the last round's memory

    def look_for_deal(self, again: bool = False) -> None:
        """Ask the solver for a winnable deal of the next game (the invitation shows
        meanwhile); `again`, of a new worker, the last having died with the question."""
        offered = self.offered
        self.deal, self.asked_again = None, again
        self.request = self.app.solver.submit(
            WINNABLE,
            ruleset=offered.ruleset,
            options=offered.options,
            seed=self.rng.randrange(10**9),
            tries=WINNABLE_TRIES,
        )

    def demo_due(self, shown: float) -> bool:
        """The invitation has shown its time, and the deal is found or was waited for enough."""
        wait = self.config.attract.invitation_seconds
        return shown >= wait and (self.deal_ready() or shown >= wait + DEAL_PATIENCE_S)

    def deal_ready(self) -> bool:
        if self.request is None:
            return True
        if not self.app.solver.running:
            # the worker died with the question: asked once more of a new one, within the
            # invitation's patience (the game's demo gave way to its tables at once);
            # dead again, no answer will come (see show_demo)
            if not self.asked_again:
                log.info("kiosk: the solver stopped during the deal search: asked again")
                self.look_for_deal(again=True)
                return False
            self.request = None
            return True
        for reply in self.app.solver.poll():
            if reply.get("id") == self.request:
                self.deal, self.request = reply.get("deal"), None
                if self.deal is not None:
                    self.winnable[self.offered_at] = self.deal
        return self.request is None

    def show_demo(self) -> None:
        """The solver plays a deal it proved winnable: the one just found, else the last
        one found for this game. With none, the tables come instead: a random deal
        opened on "No win possible" and played out to a loss, the loop's worst
        advertisement for the game."""
        deal = self.deal
        if deal is None:
            deal = self.winnable.get(self.offered_at)
        self.request = None
        if deal is None:
            log.info("kiosk: no winnable %s deal came in time: the tables", self.offered.ruleset)
            self.show_tables()
            return
        self.demoed.add(self.offered_at)
        self.shown = True
        game = Game(self.offered.ruleset, self.offered.options, deal=deal)
        self.app.switch(lambda: DemoTableScene(self.app, game, self))

    def show_tables(self) -> None:
        from game.kiosk.high_scores import HighScoresScene

        offered = self.offered
        self.shown = True
        self.app.switch(lambda: HighScoresScene(self.app, self, offered))

    def next_round(self) -> None:
        self.rounds += 1
        self.start()  # the next game's: this one's has shown


class DemoTableScene(TableScene):
    """A table the solver plays by itself; a ribbon over the buttons invites a touch."""

    recorded = False
    attract = True

    def __init__(self, app: App, game: Game, loop: AttractLoop) -> None:
        super().__init__(app, game, facts=GameFacts())  # no wish: nobody is there to make one
        self.loop = loop
        self.shown = 0.0
        self.linger = 0.0
        self.leaving = False

    def enter(self) -> None:
        super().enter()
        self.start_demo()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if wants_to_play(event):
            self.leaving = True
            self.loop.play()
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        before, self.shown = self.shown, self.shown + dt
        if pulse_moved(before, self.shown):  # the ribbon's words pulse
            self.redraw = True
        if self.leaving:
            return
        if not self.demo and not self.celebration and not self.animator.busy:
            self.linger += dt
        limit = self.loop.config.attract.demo_seconds
        if self.linger >= LINGER_S or (self.shown >= limit and not self._ending(limit)):
            self._leave()

    def _ending(self, limit: float) -> bool:
        """Whether the demo, past its time, wins within its grace (see ENDING_GRACE_S)."""
        known = self.analysis.known()
        if not self.demo or known is None or not known.won:
            return False
        left = len(known.line) * DEMO_PACE_S
        return self.shown + left <= limit + ENDING_GRACE_S

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        rects = super().draw(surface, alpha)
        # drawn over the buttons (nobody may press them here), after the table each frame
        ribbon = self.hud.bottom
        draw_ribbon(surface, ribbon, self.shown, _("Demo: the solver plays"))
        return [*rects, ribbon]

    def _show_results(self, stuck: bool = False) -> None:
        if self.game.won and not self.leaving:
            self.loop.demos_won += 1
        self._leave()

    def _say(self, text: str, seconds: float = 0.0) -> None:
        pass  # the table's words are for a player: the ribbon speaks here

    def _leave(self) -> None:
        if not self.leaving and not self.app.switching:  # the policy may have sent us elsewhere
            self.leaving = True
            self.loop.show_tables()
