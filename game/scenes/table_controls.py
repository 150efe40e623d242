"""The table's input: clicks (of the pointer, see table_pointer, and of the keys) and
the keyboard."""

from __future__ import annotations

import pygame

from game import i18n
from game.audio import SOUND_NAMES
from game.i18n import _
from game.rules import Move
from game.rules.moves import (
    FOUNDATION,
    MOVE,
    PAIR,
    REDEAL_MOVE,
    SINGLE,
    STOCK,
    STOCK_TURN,
    TABLEAU,
    WASTE,
    pair,
    pile_kind,
)
from game.scenes.move_words import nowhere_to_go
from game.scenes.table_input import DIRECTIONS
from game.ui.keys import shortcut_key
from game.ui.widgets import Button


class TableControls:
    """Mixed into TableScene: turning input into moves."""

    # -- clicks, shared by pointer and keyboard --------------------------------------

    def _click(self, pile: str, index: int, clicks: int = 1) -> None:
        if self.game.over:
            return
        if self.game.pairs_cards:
            self._click_pyramid(pile, clicks)
        else:
            self._click_building(pile, index, clicks)

    def _double_click(self, pile: str) -> None:
        """A double-click's move, by key (Shift+Enter): a card sent home, or a pyramid
        card paired with its only partner free. Whatever was picked up is put down
        first: the key names the focused card's own move (a keyboard player paid three
        or four presses for each card sent home)."""
        if self.game.over:
            return
        self.selected = None
        if self.game.pairs_cards:
            partners = self._targets(pile) - {pile} if self.game.pile(pile) else set()
            if partners:
                # a card that pairs, the stock's too (a double-click there turned it)
                self.selected = pile
                if len(partners) > 1:  # kept picked up; one partner: the pair's sound alone
                    self.app.sounds.play("pick")
                self._pair_alone(pile)
            else:
                self._click_pyramid(pile)  # a King removed, the stock turned, or refused
        else:
            self._click_building(pile, -1, clicks=2)
        self._invalidate()

    def _stock(self) -> None:
        move = self.game.stock_move
        if move is None:
            self._refuse_move(STOCK_TURN)
        else:
            self._play(move)

    def _click_building(self, pile: str, index: int, clicks: int) -> None:
        if pile == "st":
            self.selected = None
            self._stock()
            return
        selected = self.selected
        if selected and selected != pile:
            self._play(Move(MOVE, selected, pile))
            self.selected = None
            self._invalidate()
            return
        if selected == pile:
            if clicks >= 2:
                self._send_home(pile)
            else:
                self.selected = None
                self._invalidate()
            return
        cards = self.game.pile(pile)
        if not cards:
            return
        if clicks >= 2 and pile_kind(pile) != FOUNDATION:  # one there is home already
            self._send_home(pile)
            return
        on_top = index == -1 or index == len(cards) - 1
        if self.game.movable(pile) and on_top and not self._targets(pile):
            # said now, as in the pyramid games: picked up, nothing lit up where it could
            # go, and a newcomer waited for something to happen
            self._refuse(nowhere_to_go(self.game, pile))
        elif self.game.movable(pile) and on_top:
            self.selected = pile
            self.app.sounds.play("pick")
            self._invalidate()
        elif pile_kind(pile) == FOUNDATION:
            self._refuse(_("A card on a foundation stays there."))
        elif 0 <= index < len(cards) - 1:
            # a card in sight under the top one: a click that did nothing left a newcomer
            # to guess why
            self._refuse(_("Only the top card of a pile or of the waste can move."))

    def _send_home(self, pile: str) -> None:
        self.selected = None
        for move in self.game.legal_moves:
            if move.kind == MOVE and move.a == pile and pile_kind(move.b) == FOUNDATION:
                self._play(move)
                return
        reason = self.game.home_refusal(pile)
        if reason is not None:
            # the foundation it speaks of marked, as a drag's is: "this empty foundation"
            # named no place a double-click had pointed at
            home = Move(MOVE, pile, str(reason.params.get("pile", "")))
            self._refuse(i18n.refusal(reason, self._top_of), home)

    def _click_pyramid(self, pile: str, clicks: int = 1) -> None:
        game = self.game
        selected = self.selected
        if pile == "st":
            last = game.moves[-1] if game.moves else None
            if clicks >= 2 and not selected and last in (STOCK_TURN, Move(SINGLE, "st")):
                # the second tap of a quick two on the stock, on a card shown a moment
                # before: it turns the stock as the first did (it removed that card, a
                # King, or picked it up), while cards are left to turn (the last one's
                # second tap turned the reserve over and spent a pass); after the
                # stock's King removed, it is the double-click's own. After a tap
                # elsewhere (a King on the reserve, a finger's width away), it is a tap
                # of its own
                if last == STOCK_TURN and game.pile("st"):
                    self._stock()
                self._invalidate()
                return
            if selected and selected != "st":
                self._play(pair(selected, "st"))
            elif game.pile("st") and Move(SINGLE, "st") in game.legal_moves:
                self._play(Move(SINGLE, "st"))
            elif selected != "st" and self._targets("st"):
                # a face-up stock card that pairs is picked up like any other card (a
                # pair with it could only be made from its partner); clicked again, the
                # stock turns. Said, as a newcomer clicked to turn the stock and saw
                # nothing turn
                self.selected = "st"
                self.app.sounds.play("pick")
                card = i18n.card_name(game.pile("st")[-1])
                self._say(
                    _(
                        "{card} picked up: choose a card that pairs with it, or the stock"
                        " again to move it onto the reserve.",
                        card=card,
                    ),
                    6.0,
                )
                self.status_where = self.analysis.position()  # gone with the next move
                self._invalidate()
                return
            else:
                self.selected = None
                self._stock()
            self.selected = None
            self._invalidate()
            return
        if (selected, pile) == ("st", "w"):
            # the stock's card put on the reserve, as a drag there puts it: paired with
            # the reserve's card, else drawn (it was refused as a pair: "A♣ and 4♣ make
            # 5, not 13")
            self._play(game.move_between("st", "w"))
            self.selected = None
            self._invalidate()
            return
        if not game.pile(pile) or not game.movable(pile):
            if game.pile(pile):
                self._refuse_move(Move(SINGLE, pile))
            return
        if selected == pile and clicks >= 2:
            self._pair_alone(pile)
        elif selected == pile:
            self.selected = None
        elif selected:
            self._play(pair(selected, pile))
            self.selected = None
        elif Move(SINGLE, pile) in game.legal_moves:
            self._play(Move(SINGLE, pile))
        elif not self._targets(pile):
            # said now: picked up, it waited for a partner there is none of, and the
            # next click or Enter was refused and dropped it
            self._refuse(self._no_partner_words(game.pile(pile)[-1]))
        else:
            self.selected = pile
            self.app.sounds.play("pick")
        self._invalidate()

    def _no_partner_words(self, code: str) -> str:
        """Why a pyramid card is not picked up: no free partner, and the rank it needs,
        which a newcomer could not try for it (a wrong pair's refusal names the sum)."""
        card = i18n.card_name(code)
        rules = self.game.rules
        partners = rules.partner_ranks(code[0])
        if not partners:
            return _("No free card pairs with {card} now.", card=card)
        return _(
            "No free card pairs with {card} now: only {rank} makes {sum} with it.",
            card=card,
            rank=i18n.rank_word(partners[0]),
            sum=rules.pair_sum,
        )

    def _pair_alone(self, pile: str) -> None:
        """A double-click on a pyramid card (the building games' way home): paired with
        its only partner free; with several, kept picked up and said why (the second
        click put the card down and nothing was said)."""
        partners = sorted(self._targets(pile) - {pile})
        if len(partners) == 1:
            self._play(pair(pile, partners[0]))
            self.selected = None
            return
        card = i18n.card_name(self.game.pile(pile)[-1])
        self._say(
            _("{card} pairs with more than one card: click the one to pair it with.", card=card),
            5.0,
        )
        self.status_where = self.analysis.position()  # gone with the next move

    # -- keyboard ------------------------------------------------------------------

    def _sound_key(self, event: pygame.event.Event) -> bool:
        """M turns the sound off and on where it plays (only the menu's Settings had it),
        and does nothing else: no card in flight lands, no question goes, no demo stops.
        A kiosk's sound is its operator's, not a passer-by's."""
        plain = not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        if shortcut_key(event) != pygame.K_m or not plain or self.app.kiosk is not None:
            return False
        self._toggle_sound()
        return True

    def _toggle_sound(self) -> None:
        settings = self.app.settings
        settings.muted = not settings.muted
        self.app.apply_settings()  # kept for the next start too, as Settings keeps it
        if settings.muted:
            self._say(_("Sound off. M turns it on again."), 3.0)
        elif not self.app.sounds.available:  # "Sound on." and then silence
            self._say(_("Sound on, but no sound device was found."), 3.0)
        elif settings.volume <= 0:
            self._say(_("Sound on, but the volume is at 0: Settings turn it up."), 3.0)
        elif len(self.app.sounds.unloaded) == len(SOUND_NAMES):  # not "some" of them
            self._say(_("Sound on, but its files could not be loaded."), 3.0)
        elif self.app.sounds.unloaded:
            self._say(_("Sound on, but some of its files could not be loaded."), 3.0)
            self.app.sounds.play("place")
        else:
            self._say(_("Sound on."), 2.0)
            self.app.sounds.play("place")

    def _key(self, event: pygame.event.Event) -> bool:
        key = shortcut_key(event)
        ctrl = event.mod & pygame.KMOD_CTRL
        enter = key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        again = key == pygame.K_g or (enter and self.keys.focus == "resign")
        if not again and key != pygame.K_ESCAPE:  # Esc takes it away itself (see back)
            # G's second press comes right after the first (or Enter's, on its button)
            self.asked_until.pop("resign", None)
        if self.celebration:
            self.celebration = None
            self._show_results()
            return True
        if self.banner and self.banner.buttons and self._banner_key(key, event.mod):
            return True
        self._finish_animation()
        button = _button_for_key(key, bool(ctrl))
        if button is not None:
            # a key does what its button does, and only when the button may be pressed
            # (no New deal in a daily game, no hint before the wish), and only when it is
            # on the bar (no Redo on a kiosk)
            if button not in self.buttons or not self.buttons[button].enabled:
                if self.wish_pending:
                    self._wish_first()
                else:
                    self._say_why_off(button)
            elif button == "resign":  # the questions name the key that asked
                self._ask_resign(by_key=True)
            elif button == "new":
                self._new_deal(by_key=True)
            elif button == "restart":
                self._restart(by_key=True)
            elif button == "undo":
                self._undo(by_key="Ctrl+Z" if ctrl else "U")
            elif button == "hint":  # asked again of the key, as G is
                self._hint_pressed(by_key=True)
            elif button == "demo":
                self._demo_pressed(by_key=True)
            else:
                self.buttons[button].action()
        elif self.wish_pending:  # nothing dealt yet: no card to pick up, no stock to turn
            if key == pygame.K_ESCAPE:
                self._to_menu()
            elif key == pygame.K_SPACE:  # the arrows are the wish banner's
                self._wish_first()
        elif key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_SPACE:
            self.selected = None
            if not self.game.over:
                self._stock()
        elif enter:
            focus = self.keys.focus
            if focus in self.buttons and event.mod & pygame.KMOD_SHIFT:
                pass  # a card's key ("send it home"): on a button it asked Hint's question
            elif focus in self.buttons:
                shown = self.keys.visible  # (the demo hides the ring, not the focus)
                self.keys.visible = True
                self._invalidate()
                # as a click on it (Give up asks again); a focus hidden by the pointer
                # is shown first: Enter went to the menu from a ring no longer seen
                if shown and self.buttons[focus].enabled:
                    self.buttons[focus].action()
            elif focus and event.mod & pygame.KMOD_SHIFT:
                self.keys.visible = True
                self._double_click(focus)
            elif focus:
                self.keys.visible = True
                cards = self.game.pile(focus)
                if not cards and focus != "st" and self.selected is None:
                    # a click there shows its place empty; Enter did nothing at all
                    self._refuse(_("Nothing to pick up here: the place is empty."))
                else:
                    self._click(focus, len(cards) - 1 if cards else -1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.bar_focus() is not None:
            self._step_along_bar(1 if key == pygame.K_RIGHT else -1)
            self._invalidate()
        elif self.view and self.keys.handle(
            key,
            event.mod,
            self._focusable(),
            self.focus_rect,
            self._holding_targets(),
            beyond=self.buttons.keys(),
            start=self._first_focus(),
        ):
            self._invalidate()
        else:
            return False
        return True

    def _wish_first(self) -> None:
        """A click or key before the wish is made: nothing is dealt yet, so it does
        nothing, but not without a sign (it did nothing, unseen): the wish banner's
        button takes the focus, with the sound of a refusal. (A status line would not
        show while the banner is up.)"""
        self.app.sounds.play("refused")
        if self.banner is not None and self.banner.buttons:
            self._focus_banner_button(self.banner.buttons[0])

    def _banner_key(self, key: int, mod: int) -> bool:
        """The keys a banner's buttons answer while it is up: the arrows and Tab show the
        focus on them, then the arrows and Tab move it; Enter presses the focused one
        (none focused: the first, where Enter may press it, else it shows the focus);
        Esc takes the banner's dismissive choice, if it has one. True when it was one."""
        assert self.banner is not None
        banner, buttons = self.banner, self.banner.buttons
        focused = next((b for b in buttons if b.focused), None)
        if key in DIRECTIONS or key == pygame.K_TAB:
            i = buttons.index(focused) if focused else 0
            if focused and key == pygame.K_TAB:
                i = (i + (-1 if mod & pygame.KMOD_SHIFT else 1)) % len(buttons)
            elif focused:
                i = max(0, min(len(buttons) - 1, i + sum(DIRECTIONS[key])))  # row or column
            self._focus_banner_button(buttons[i])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if focused:
                focused.action()
            elif banner.enter:
                buttons[0].action()
            else:
                self._focus_banner_button(buttons[0])
        elif key == pygame.K_ESCAPE and banner.dismiss:
            banner.dismiss()
        else:
            return False
        return True

    def _show_banner_default(self) -> None:
        """Played by the keys, a banner whose first button Enter presses shows the focus
        on it: a keyboard player could not tell that Enter made the wish."""
        banner = self.banner
        if banner is None or not banner.buttons or not banner.enter:
            return
        first = banner.buttons[0]
        if not self.app.keyboard_led:
            if first.focused and first is self.banner_ring_shown:
                first.focused = False  # a click since: the ring shown for the keys goes
        elif not any(b.focused for b in banner.buttons):
            first.focused = True
            self.banner_ring_shown = first

    def _focus_banner_button(self, button: Button) -> None:
        assert self.banner is not None
        for b in self.banner.buttons:
            b.focused = b is button
        self._invalidate()

    def _first_focus(self) -> str | None:
        """Where the first arrow puts the focus: the first place, in table order, whose
        card can be played (as the playable ring marks them). It went to the stock,
        whatever the arrow, and Shift+Enter there turned it, where a card beside was
        free to go home."""
        if self.keys.focus is not None:
            return None
        playable = self._playable()
        return next((p for p in self._focusable() if p in playable), None)

    def _playable(self) -> set[str]:
        """The places whose card can be played now: not the stock's turns, which the
        stock itself shows."""
        found = set()
        for move in self.game.legal_moves:
            if move.kind in (PAIR, SINGLE):
                found.update((move.a, move.b) if move.kind == PAIR else (move.a,))
            elif move.kind == MOVE and STOCK not in (pile_kind(move.a), pile_kind(move.b)):
                found.add(move.a)
        return found

    def _focusable(self) -> list[str]:
        """Places the focus visits: the stock and the cards that can be played (in the
        building games the waste and the tableau before the foundations for Tab: from
        the waste to the first pile took nine presses). With a card picked up, its place
        and the places it can go, of the empty foundations that take it the first (one
        is as good as another: a base card had six stops), its partners in the pyramid
        games: the nearest place that way often could not take it, and Enter refused."""
        if self.view is None:
            return []
        targets = self._targets(self.selected) if self.selected and not self.drag else set()
        # none (the position changed under the card in hand): as with none in hand. Not
        # a card with no partner or nowhere to go, an empty foundation, or a stock that
        # can neither turn nor be turned over: there Enter only refused (27 stops a round)
        stock = {"st"} if any("st" in (m.a, m.b) for m in self.game.legal_moves) else set()
        kept = {*targets, self.selected} if targets else {*stock, *self._playable()}
        places = [n for n in self.view.piles if n in kept]
        if not self.game.pairs_cards:
            places.sort(key=_tab_rank)
        if targets:
            empty = [n for n in places if pile_kind(n) == FOUNDATION and not self.game.pile(n)]
            return [n for n in places if n not in empty[1:]]
        # then the bar's buttons that may be pressed: its keys are learnt there, from
        # the tooltip the focus shows, where a keyboard player found no way to them.
        # The focus stays on a button its press turned off (Undo back to the deal):
        # moved on, the next Enter pressed a neighbour unasked (Redo, then Hint)
        bar = [k for k, b in self.buttons.items() if b.enabled or k == self.keys.focus]
        return places + bar

    def focus_rect(self, name: str, *, top: bool = False) -> pygame.Rect:
        """Where a place of the focus lies: a bar's button, or a pile's first card (its
        top card with `top`: where the focus goes after a move)."""
        assert self.view is not None
        button = self.buttons.get(name)
        if button is not None:
            return button.rect
        return self.view.top_rect(name) if top else self.view.place_rect(name)

    def bar_focus(self) -> Button | None:
        """The bar's button the keyboard's focus shows on: none while the focus is on a
        card, hidden by the pointer, during the demo (as on the cards), or while a
        banner's buttons take the keys (two rings, and Enter pressed the banner's)."""
        button = self.buttons.get(self.keys.focus or "")
        if button is None or not self.keys.visible or self.demo:
            return None
        if self.banner is not None and self.banner.buttons:
            return None
        return button

    def _mark_bar_focus(self) -> None:
        """Mark the bar's focused button (see bar_focus) for the bar's drawing."""
        shown = self.bar_focus()
        for button in self.buttons.values():
            button.focused = button is shown

    def _step_along_bar(self, step: int) -> None:
        """Left or Right on the bar: the button before or after, in the bar's order,
        that can be pressed (standing up, the bar has two rows, and the nearest place
        that way was the stock across the table, or none)."""
        keys = list(self.buttons)
        i = keys.index(self.keys.focus) if self.keys.focus in keys else 0
        later = keys[i + 1 :] if step > 0 else keys[:i][::-1]
        found = next((k for k in later if self.buttons[k].enabled), None)
        self.keys.focus = found or self.keys.focus

    def _holding_targets(self) -> bool:
        """Whether the focus goes among a picked-up card's places (see _focusable)."""
        return bool(self.selected and not self.drag and self._targets(self.selected))

    def _quiet(self) -> bool:
        """No marks now: cards in flight, the celebration, or no cards dealt yet."""
        return bool(self.animator.busy or self.celebration or self.wish_pending)

    def _marks(self, playable: bool = True) -> dict[str, str]:
        """The pile tops the table marks now, by what each is: a card that can move
        (with `playable`), the card in hand and its places, the hint's, a refused place."""
        marks: dict[str, str] = {}
        if self._quiet():
            return marks
        if playable and self.app.settings.show_playable:
            marks.update(dict.fromkeys(self._playable(), "playable"))
        if self.selected:
            for target in self._targets(self.selected):
                marks[target] = "target"
            if self.drag is not None and self.drag.pile == self.selected:
                # the card in hand is under the pointer: its place, which shows the card
                # below it or the felt, would be washed as if that were in hand
                marks.pop(self.selected, None)
            else:
                marks[self.selected] = "selected"
        if self.hint and not self.selected:  # the card in hand and its places come first
            marks[self.hint.a] = "hint"
            if self.hint.b and self.hint != STOCK_TURN:  # the stock's turn: the stock alone
                marks[self.hint.b] = "hint"
        if self.refused_pile:
            marks[self.refused_pile] = "refused"
        return marks

    def _targets(self, source: str) -> set[str]:
        """Where the card picked up at `source` can go. Turning the stock and turning
        the waste over are moves between the same places, but they take no card
        there: the stock is never a partner to wait for, nor a place for the waste."""
        found = set()
        for move in self.game.legal_moves:
            if move in (STOCK_TURN, REDEAL_MOVE):
                continue
            if move.kind == MOVE and move.a == source:
                found.add(move.b)
            elif move.kind == PAIR and source in (move.a, move.b):
                found.add(move.b if move.a == source else move.a)
        return found


# The kinds of pile in the order Tab visits them in the building games
TAB_ORDER = (STOCK, WASTE, TABLEAU, FOUNDATION)


def _tab_rank(name: str) -> int:
    kind = pile_kind(name)
    return TAB_ORDER.index(kind) if kind in TAB_ORDER else len(TAB_ORDER)


# The keys that press a table button (see README's keys): {key: button}, and with Ctrl
KEY_BUTTONS = {
    pygame.K_u: "undo",
    pygame.K_r: "redo",
    pygame.K_h: "hint",
    pygame.K_F1: "rules",
    pygame.K_d: "demo",
    pygame.K_n: "new",
    pygame.K_f: "finish",
    pygame.K_g: "resign",  # also ends a stuck game (Enter first shows the focus on its button)
    pygame.K_F5: "restart",
}
CTRL_KEY_BUTTONS = {pygame.K_z: "undo", pygame.K_y: "redo"}


def key_of(button: str) -> str:
    """The key that presses a table button, as the questions name it ("Press H again")."""
    return _keys_of(button)[0]


def _keys_of(button: str) -> list[str]:
    """The keys that press a table button, by name ("H"), those with Ctrl last."""
    keys = [pygame.key.name(k).upper() for k, b in KEY_BUTTONS.items() if b == button]
    return keys + [
        "Ctrl+" + pygame.key.name(k).upper() for k, b in CTRL_KEY_BUTTONS.items() if b == button
    ]


def key_tip(button: str) -> str:
    """What a table button's tooltip says: the keys that press it (the Rules screen
    lists them too, but a player who never opens it never learnt them)."""
    if button == "menu":
        keys = ["Esc"]
    elif button == "resign":
        keys = [_("G twice")]
    else:
        keys = _keys_of(button)
    if not keys:
        return ""
    if len(keys) == 1:
        return _("Key: {keys}", keys=keys[0])
    return _("Keys: {keys}", keys=", ".join(keys))


def _button_for_key(key: int, ctrl: bool) -> str | None:
    if ctrl and key in CTRL_KEY_BUTTONS:
        return CTRL_KEY_BUTTONS[key]
    return KEY_BUTTONS.get(key)
