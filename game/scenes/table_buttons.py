"""The table's bar of buttons: which there are (a kiosk's passer-by has fewer), and
when each may be pressed or is lit."""

from __future__ import annotations

from game.i18n import _
from game.ui.widgets import Button

# A kiosk's bar, for a passer-by: ten buttons were too many to take in at a glance, and
# Redo, Restart and Demo are a regular player's (Undo serves a slip; Demo is the show's)
PASSER_BY_BUTTONS = ("new", "undo", "hint", "finish", "resign", "rules", "menu")


class TableButtons:
    """Mixed into TableScene: its bar's buttons, by key (`self.buttons`)."""

    def _make_buttons(self) -> None:
        self.buttons = {
            "new": Button(_("New deal"), self._new_deal, key="new"),
            "restart": Button(_("Restart"), self._restart, key="restart"),
            "undo": Button(_("Undo"), self._undo, key="undo"),
            "redo": Button(_("Redo"), self._redo, key="redo"),
            "hint": Button(_("Hint"), self._hint_pressed, key="hint"),
            "finish": Button(_("Finish"), self._auto_finish, key="finish"),
            "demo": Button(_("Demo"), self._demo_pressed, key="demo"),
            "resign": Button(_("Give up"), self._resign_pressed, key="resign"),
            "rules": Button(_("Rules"), self._rules, key="rules"),
            # a kiosk has no menu: the button leads to its choice of patiences
            "menu": Button(
                _("Games") if self.app.kiosk is not None else _("Menu"), self._to_menu, key="menu"
            ),
        }
        if self.app.kiosk is not None:
            self.buttons = {k: b for k, b in self.buttons.items() if k in PASSER_BY_BUTTONS}
        if self.game.pairs_cards:  # cards leave in pairs: there is nothing to send home
            del self.buttons["finish"]
        self.hud.set_buttons(list(self.buttons.values()))
        self._update_buttons()

    def _update_buttons(self) -> None:
        game = self.game
        over = game.over
        reopens = not (over and self._end_stands())
        undealt = self.wish_pending  # the wish first: nothing to hint, show or give up
        enabled = {
            "new": not self.facts.played_once,  # no dodging the deal dealt
            "restart": game.can_undo and not self.celebration and reopens,
            "undo": game.can_undo and not self.celebration and reopens,
            "redo": game.can_redo and not self.celebration,
            "hint": not over and bool(game.legal_moves) and not undealt,
            "finish": "finish" in self.buttons
            and bool(self._finish_offered())
            and not self.autoplay,
            # over, the game has nothing left to show (the button looked ready and did
            # nothing)
            "demo": not undealt and not self.celebration and (self.demo or not over),
            "resign": not over and not undealt,
            "rules": True,
            "menu": True,
        }
        lit = {
            # when it can end the game: the note says "press Finish" of a button that
            # looked like its neighbours (and at 4K stood far from the note)
            "finish": enabled["finish"],
            # while the solver plays: its first words go in a few seconds, and nothing
            # else told a newcomer whether the demo was still on
            "demo": self.demo,
        }
        for key, button in self.buttons.items():
            button.enabled = enabled[key]
            if key in lit:
                button.selected = lit[key]
        self._buttons_dirty = True
        self.redraw = True

    def _end_stands(self) -> bool:
        """Whether the game's end, once it comes, may not be taken back: a daily or
        arcade game's (taken back, its deal would be played again with every card
        known, and only that second end would count), and a fortune's told (a lost one,
        taken back move by move, came true)."""
        return self.facts.played_once or self._wish_counts()

    def _say_why_off(self, button: str) -> bool:
        """A key pressed, or a button clicked, that is off, said why where the grey
        button does not tell it (N in a daily game did nothing, with no sign); whether
        there was a reason to say."""
        finish = button == "finish" and button in self.buttons and not self.autoplay
        if button == "new" and self.facts.played_once and not self.game.over:
            why = _("This deal is played to its end: there is no new deal in its place.")
        elif button in ("undo", "restart") and self.game.over and self._end_stands():
            why = _("This game's end stands: it cannot be taken back.")
        elif finish and not self.game.over and self.verdict_kept() and self._stock_unseen():
            # a fortune's wish, or a verdict the player hid, waits for its stock: said
            # whether or not every card could go home (said only where they could, it
            # told the wish would come true)
            why = _("Finish waits for the stock's last cards to be seen.")
        elif finish and not self.game.over:
            # a game proved winnable, empty piles to use, and Finish grey: taken for a fault
            why = _("Finish plays the cards out once every card left can go home in order.")
        else:
            return False
        self._refuse(why)
        return True
