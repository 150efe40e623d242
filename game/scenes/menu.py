"""The start screen: choose a patience, its options and a deal, then play.

The left column lists the rulesets as cards (name, summary, a small picture of
the table); the right panel shows the chosen one larger, with its options as
toggles, the deal number, and Play. Every control is a `Button` in one
`ButtonPad`, so mouse, touch and keyboard reach the same things.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, localized
from game.render.preview import (
    common_summary_size,
    draw_ruleset_card,
)
from game.rules import Game, RulesError, Ruleset, rulesets
from game.rules.ruleset import OptionValue
from game.scenes.base import DOUBLE_PRESS_S, SECOND_PRESS_S, Scene, question_s
from game.scenes.leaving_words import play_question
from game.scenes.menu_bands import MenuBars, draw_bar, draw_question
from game.scenes.menu_choice import MenuChoice, last_played
from game.scenes.menu_panel import PICTURE_LEAST, MenuPanel
from game.scenes.menu_records import MenuRecords
from game.scenes.pad_scene import PadScene
from game.screen import takes_fingers
from game.store import FREE
from game.store.daily import today_deal
from game.ui import theme
from game.ui.deal_field import DEAL_DIGITS
from game.ui.labels import summary_text
from game.ui.pad import DIGIT_KEYS
from game.ui.pointer import POINTER_DOWN
from game.ui.widgets import (
    Button,
    draw_text,
    field_meant,
    layout_row,
    px,
    row_width,
)

if TYPE_CHECKING:
    from game.app import App

FULL_SAID_S = 1.5  # how long the deal field says a digit more was refused
HEADER_KEYS = ("records", "arcade", "settings", "quit")  # the buttons top right
# Height over width from which the menu stacks its list above its panel: a window
# barely higher than wide keeps them side by side (stacked, the panel had no room)
STANDING = 1.3
STANDING_PICTURE = 150  # the least height of the chosen patience's picture standing up
QUIT_ASK_S = 3.0  # how long a first Esc waits for the second that quits


class MenuScene(MenuBars, MenuPanel, PadScene):
    """The start screen: ruleset cards, options, deal number, Play, Rules, Settings, Quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rulesets = rulesets()
        choice = app.last_choice or last_played(app, self.rulesets)
        if choice is None or choice.ruleset_id not in self.rulesets:
            choice = MenuChoice(next(iter(self.rulesets)))
        self.choice = choice
        app.last_choice = choice
        self.started: Game | None = None  # the game Play handed to the table
        self.pad.focus_key = "ruleset:" + choice.ruleset_id
        # back from the rules, a game, the records: the ring as left (see enter)
        self.focus_back, app.menu_focus = app.menu_focus, ""
        self.played_before, app.menu_played = app.menu_played, None
        self.typing = False  # the last key typed a deal number (see handle_event)
        self.cards: list[Button] = []
        self.option_labels: list[tuple[str, tuple[int, int]]] = []
        self.panel = self.preview_rect = self.question_room = self.deal_field = self.notice_rect = (
            pygame.Rect(0, 0, 0, 0)
        )
        self.deal_label_pos = (0, 0)
        self.records = MenuRecords(app)  # Continue's game chosen at enter (see offer)
        self.continue_rect = self.continue_words = pygame.Rect(0, 0, 0, 0)
        self._news_laid_out: tuple[int, object, bool, int] | None = None
        self.quit_asked = 0.0  # seconds left for a second Esc to quit
        self.play_asked = 0.0  # seconds left for a second Play (see _leaves_unfinished)
        # how long a first Play over a game left in play waits for the second, as the
        # table's questions (question_s): its lines took longer to read than 3 s
        self.play_ask_s = SECOND_PRESS_S
        self.asked_at = ""  # where the focus ring was when Play asked (see handle_event)
        self.asked_by_key = False  # Enter asked, not Play: the question says so
        self.deal_full_said = 0.0  # how long the deal field still says it is full
        self.wish_asked = False  # and whether the game it gives up has a wish that counts
        # and whether it asks of a game left (_leaves_unfinished), of the day's deal
        # (_plays_the_day_away), or of both
        self.left_asked = self.day_asked = False
        self.ask_box = pygame.Rect(0, 0, 0, 0)  # the question's box, once drawn
        self.summary_size = 0  # the cards' summaries' one size (see _place_cards)
        self.notices_read = 0  # notices dismissed on this visit (see _notice_text)
        self.subtitle_drawn: pygame.Rect | None = None  # None where the header has no room
        self.title_drawn = pygame.Rect(0, 0, 0, 0)

    # -- the choice ----------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        return self.rulesets[self.choice.ruleset_id]

    @property
    def options(self) -> dict[str, OptionValue]:
        return self.ruleset.choose(self.choice.options.get(self.ruleset.id, {}))

    @property
    def deal_text(self) -> str:
        """The digits typed; none means a random deal."""
        return self.choice.deal_text

    @deal_text.setter
    def deal_text(self, text: str) -> None:
        if text != self.choice.deal_text and self.play_asked > 0:
            # Play's question was asked of another deal: today's typed meanwhile was
            # dealt at the second press as a free game, the day's table unasked
            self.play_asked = 0.0
            self.redraw = True
        self.choice.deal_text = text
        if len(text) < DEAL_DIGITS:  # a digit taken away: full no longer
            self.deal_full_said = 0.0

    @property
    def deal(self) -> int | None:
        return int(self.deal_text) if self.deal_text else None

    def previewed_deal(self) -> int:
        """The deal the picture shows: the one typed, which a player takes it for, else
        deal 0. Not a fortune's: its cards are laid out after the wish. Nor the day's,
        played blind: its picture, readable at 1280x800, was studied off the clock."""
        if self.deal is None or self.ruleset.tells_fortune or self.deal == today_deal():
            return 0
        return self.deal

    def select(self, ruleset_id: str) -> None:
        self.choice.ruleset_id = ruleset_id
        self._choice_changed()

    def set_option(self, key: str, value: OptionValue) -> None:
        self.choice.options.setdefault(self.ruleset.id, {})[key] = value
        self._choice_changed()

    def _choice_changed(self) -> None:
        """Continue offers the new choice's game; Play's question, asked of the game
        another choice would give up, is taken back (a Play then gave up this choice's
        game unasked, a fortune's wish unsaid)."""
        self.play_asked = 0.0
        self.records.offer(self.ruleset.id, self.options)
        self.layout()

    def type_digit(self, digit: str) -> None:
        if len(self.deal_text) < DEAL_DIGITS:
            self.deal_text = (self.deal_text + digit).lstrip("0") or "0"
        else:  # full: a digit more was dropped, heard and (muted too) seen
            self.app.sounds.play("refused")
            self.deal_full_said = FULL_SAID_S
        self.layout()

    def type_deal(self) -> None:
        """The deal number on a keypad on the screen (OK brings it back here)."""
        from game.scenes.deal_pad import DealPadScene

        app, choice = self.app, self.choice
        app.switch(lambda: DealPadScene(app, choice, DEAL_DIGITS))

    def clear_deal(self) -> None:
        self.deal_text = ""
        self.layout()

    def play(self, by_key: bool = False) -> None:
        from game.scenes.deal_finder import open_table, start_random_deal

        leaves, day = self._leaves_unfinished(), self._plays_the_day_away()
        if leaves or day:
            if self.play_asked > self.play_ask_s - DOUBLE_PRESS_S:
                return  # the asking press repeated (a double-click): not yet the answer
            if self.play_asked <= 0:
                self.asked_at, self.asked_by_key = self.pad.focus_key, by_key
                self.wish_asked = leaves and self.app.records.wish_left_in_play(
                    self.ruleset.id, dict(self.options)
                )
                self.left_asked, self.day_asked = leaves, day
                self.play_asked = self.play_ask_s = question_s(self.play_question())
                self.quit_asked = 0.0
                self.redraw = True
                return
            if leaves:  # asked, and pressed again: the games left count as losses, as it said
                self.app.records.give_up_left(self.ruleset.id, dict(self.options))
        self.play_asked = 0.0
        if self.deal is None:
            self.started = start_random_deal(self.app, self.ruleset, dict(self.options))
            return
        game = self.started = Game(self.ruleset, self.options, deal=self.deal)
        self.deal_text = ""
        open_table(self.app, game)

    def _leaves_unfinished(self) -> bool:
        """Whether Play leaves a game of this patience and options in play for a new one:
        pressed again, it gives that game up (Records.give_up_left), so it asks first, as
        it would quietly end a streak. Any such game, not only the one Continue offered
        once: one left for another patience counted all the same."""
        return self.app.records.left_in_play(self.ruleset.id, dict(self.options))

    def _plays_the_day_away(self) -> bool:
        """Whether Play deals today's deal of the day, its number typed, as a free game
        before it was played for the day's table: that keeps it out of the table, so it
        asks first (a score-chaser's one move there gave the day's table up unasked)."""
        if self.deal != today_deal():
            return False
        ruleset, options, records = self.ruleset.id, dict(self.options), self.app.records
        day_game = records.daily(ruleset, options, self.deal)
        game = Game(ruleset, options, deal=self.deal)
        except_id = day_game.id if day_game is not None else None
        if records.daily_in_play_alike(game, except_id):
            # the day's game of another table in play, its cards laid alike (three
            # passes where it has one): it stayed out of its table unasked
            return True
        if day_game is not None and day_game.outcome is not None:
            return False  # played for the table: nothing is left to lose
        # the day's own game in play is no game of its deal before it: a free game of
        # the deal now put it out of its table unasked, as one played before it does
        return not (records.deal_played_before(game, except_id) or records.deal_watched(game))

    def _continue_resumes_it(self) -> bool:
        """Whether the game Continue offers is of this patience and options."""
        row = self.records.unfinished
        if row is None or row.mode != FREE or row.ruleset != self.ruleset.id:
            return False
        try:
            return self.ruleset.choose(row.options) == dict(self.options)
        except RulesError:  # options this version no longer has: another table
            return False

    def show_rules(self, ruleset_id: str = "") -> None:
        """The rules of the patience chosen, with its options, or of another one
        (`ruleset_id`), with every choice of its options."""
        app = self.app
        options: dict[str, object] | None = None  # another patience: every choice
        if not ruleset_id or ruleset_id == self.ruleset.id:
            ruleset_id, options = self.ruleset.id, dict(self.options)

        def rules() -> Scene:
            from game.scenes.rules import RulesScene

            return RulesScene(app, ruleset_id, options, back=lambda: MenuScene(app))

        app.switch(rules)

    def show_settings(self) -> None:
        app = self.app

        def settings() -> Scene:
            from game.scenes.settings import SettingsScene

            return SettingsScene(app, back=lambda: MenuScene(app))

        app.switch(settings)

    def dismiss_notice(self) -> None:
        if self.app.notices:
            self.app.notices.pop(0)
            self.notices_read += 1
        self.layout()

    # -- scene ---------------------------------------------------------------------

    def exit(self) -> None:
        super().exit()
        # after a game Play began, the ring is on Play: it came back where it was (a deal
        # number typed, Enter pressed with the ring on Settings), and Enter opened Settings
        kept = "play" if self.started is not None else self.pad.focus_key
        self.app.menu_focus = kept if self.pad.show_focus else ""
        self.app.menu_played = self.started

    def saves_made(self) -> None:
        """A game whose first save failed, made at last: Continue offers it now, where it
        waited for the menu to be left and come back to."""
        self.records.refresh()
        self.records.offer(self.ruleset.id, self.options)
        self.layout()
        self.redraw = True

    def enter(self) -> None:
        self.records.refresh()
        self.records.offer(self.ruleset.id, self.options)
        self.layout()  # the language may have changed in the settings
        if self.app.keyboard_led:  # come by a key: where the keys are, shown at once
            self.pad.show_focus = True
        back_on = self.pad.get(self.focus_back)
        resume = self.pad.get("continue")
        # back from the game Play began, left in play (Esc): Enter goes on with it, where
        # two Enters on Play gave it up. Not to another game Continue offers (that game
        # finished, or left with no move): one Enter opened an older one
        left_in_play = self.focus_back == "play" and self._offers(self.played_before)
        if left_in_play and resume is not None and resume.enabled:
            back_on = resume
        if back_on is not None and back_on.enabled:
            # a button gone meanwhile (Continue, its game finished) is not replaced by
            # the first one: the ring on Records made Enter open the records
            self.pad.focus_key, self.pad.show_focus = back_on.key, True
            self.pad.set(self.pad.buttons)
        self.focus_back = ""

    def _offers(self, game: Game | None) -> bool:
        """Whether Continue offers `game`: its patience, options and deal."""
        row = self.records.unfinished
        if game is None or row is None or game.deal_number is None:
            return False
        same_table = (row.ruleset, row.options) == (game.ruleset.id, dict(game.options))
        return same_table and row.deal == game.deal_number

    def back(self) -> None:
        """Esc: the game ends at a second Esc, as a game is given up at a second G; Esc
        is "back" on every screen, and pressed once too often it closed the game. Over
        Play's question it is "no": the question goes (it asked to quit instead, and a
        second Esc closed the game)."""
        if self.quit_asked > QUIT_ASK_S - DOUBLE_PRESS_S:
            return  # the asking press repeated (a key that bounced): not yet the answer
        if self.quit_asked > 0:
            self.app.request_quit()
            return
        if self.play_asked > 0:
            self.play_asked = 0.0
            self.redraw = True
            return
        self.quit_asked = QUIT_ASK_S
        self.play_asked = 0.0
        self.redraw = True

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.quit_asked > 0:
            self.quit_asked = max(0.0, self.quit_asked - dt)
            self.redraw = self.redraw or self.quit_asked == 0
        if self.play_asked > 0:
            self.play_asked = max(0.0, self.play_asked - dt)
            self.redraw = self.redraw or self.play_asked == 0
        if self.deal_full_said > 0:
            self.deal_full_said = max(0.0, self.deal_full_said - dt)
            self.redraw = self.redraw or self.deal_full_said == 0
        # a notice can come after the layout (the arcade refused, a game that cannot be
        # continued, a damaged row read): its bar is made at once, not at the next visit
        if self.app.records.problems or self._news_laid_out != self._news():
            self.layout()

    def _news(self) -> tuple[int, object, bool, int]:
        """What may change under the menu, which is then laid out again: the notices (the
        first one, shown: a notice put in its place, its bar laid out for the old one's
        words, spilled past it), whether Continue is offered, and the day, whose deal
        the Deal of the day button names (past midnight it offered to continue
        yesterday's, and dealt today's)."""
        notices = self.app.notices
        continues = self.records.unfinished is not None
        return len(notices), notices[0] if notices else None, continues, today_deal()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            typed, self.typing = self.typing, key in DIGIT_KEYS or key == pygame.K_BACKSPACE
            if key == pygame.K_ESCAPE:
                self.back()
                return True
            if key in DIGIT_KEYS:
                self.type_digit(DIGIT_KEYS[key])
                return True
            if key == pygame.K_BACKSPACE:
                self.deal_text = self.deal_text[:-1]
                self.layout()
                return True
            if key == pygame.K_DELETE:
                self.clear_deal()
                return True
            ringed = self.pad.focused if self.pad.show_focus else None
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (
                not self.pad.show_focus
                or self.pad.focus_key == "ruleset:" + self.ruleset.id
                or (ringed is not None and ringed.key.startswith("option:") and ringed.selected)
                or (typed and self.deal_text)
                or (self.play_asked > 0 and self.pad.focus_key == self.asked_at)
            ):
                # Enter means Play with no focus ring shown; on the patience chosen too
                # (it chose it again: Play was fifteen Tabs away), and on an option's
                # value chosen (the arrows chose it: Enter did nothing); right after a deal
                # number is typed, wherever the ring is (it pressed the ringed Settings);
                # and while Play's question waits, which says to press Play again, with
                # the ring where it was asked (the second Enter pressed the ringed Arcade
                # and started a run); moved since, to Continue, Enter presses that
                self.play(by_key=True)
                return True
            if key == pygame.K_F1:  # as on the table; of the patience ringed, if one is
                ringed = self.pad.focus_key if self.pad.show_focus else ""
                self.show_rules(
                    ringed.removeprefix("ruleset:") if ringed.startswith("ruleset:") else ""
                )
                return True
        # a finger's slack, as the buttons': a tap just under the field started the
        # deal of the day, whose slack reached there
        slack = px(8, self.scale) if getattr(event, "source", "") == "touch" else 0
        if event.type == POINTER_DOWN and field_meant(
            self.deal_field, event.pos, self.pad.buttons, slack
        ):
            self.type_deal()  # keys type into the field anywhere; a finger needs keys
            return True
        return self.pad_event(event)

    # -- layout --------------------------------------------------------------------

    def layout(self) -> None:
        """Make the controls for the current choice and place them for the window size:
        buttons a finger can take (they were 30 px high at 800x600), unless the panel of
        the patience with the most options then has no room for its picture (under a
        notice and Continue at 800x600): there the panel's are as small as they were.
        The header's, and a notice's, stay a finger's: the list under them stays put as
        Continue comes and goes."""
        s = theme.ui_scale(self.size)
        for self.button_h in (max(px(42, s), theme.SMALLEST_BUTTON), px(42, s, 30)):
            self._lay_out()
            if self.picture_room() >= px(PICTURE_LEAST, s, 24):
                break

    def _lay_out(self) -> None:
        self.app.take_record_problems()
        self._news_laid_out = self._news()
        w, h = self.size
        s = self.scale = theme.ui_scale(self.size)
        m = px(28, s, 12)
        self.title_size = px(46, s, 28)
        self.text_size = px(16, s, 12)
        header = pygame.Rect(m, m, w - 2 * m, theme.font(self.title_size, serif=True).get_height())
        top = header.bottom + px(14, s, 8)

        records = partial(self.records.show_records, self.ruleset.id, self.options)
        buttons = [
            Button(_("Records"), records, key="records"),
            Button(self.records.arcade_label(), self.records.play_arcade, key="arcade"),
            Button(_("Settings"), self.show_settings, key="settings"),
            Button(_("Quit"), self.app.request_quit, key="quit"),
        ]
        header_gap = px(10, s, 6)
        # Quit, which closes at once, stands further off: at 800x600 a finger meant for
        # Settings' right end closed the game
        quit_apart = 2 * header_gap
        title_w = theme.font(self.title_size, serif=True).size(_("Piramida"))[0]
        beside = header.copy()
        beside.width -= title_w + px(16, s, 8)
        beside.right = header.right
        # a finger's in every window of the least size the game asks for and above;
        # below it (800x480), as they were: a notice and Continue over four options
        # laid the panel's last row over Play
        finger = takes_fingers(self.size)
        self.header_h = max(px(42, s), theme.SMALLEST_BUTTON) if finger else px(42, s, 30)
        if row_width(buttons, self.header_h, header_gap) + quit_apart <= beside.width:
            layout_row(buttons, beside, self.header_h, header_gap, align="right")
            # under them, where they stand taller than the title (a finger's, at 800x600),
            # two fingers' slack of 8 px apart (see ButtonPad)
            top = max(top, buttons[0].rect.bottom + max(16, px(14, s)))
        else:
            # standing up (and in Russian), beside the title they lay over it: a row of
            # their own under it
            row = pygame.Rect(m, top, w - 2 * m, self.header_h)
            layout_row(buttons, row, self.header_h, header_gap, align="right")
            top = row.bottom + px(14, s, 8)
        for button in buttons[:-1]:
            button.rect.x -= quit_apart
        self.notice_rect = self.continue_rect = self.continue_words = pygame.Rect(0, 0, 0, 0)
        if self.app.notices:
            # a notice is read whole, across the menu: the bar grows to its lines (two or
            # three at 800x600); "Next" while another notice waits behind this one
            label = _("Next") if len(self.app.notices) > 1 else _("Dismiss")
            self.notice_rect = pygame.Rect(m, top, w - 2 * m, 0)
            button = Button(label, self.dismiss_notice, key="dismiss")
            buttons.append(self._bar(self.notice_rect, button, self._notice_lines, self.header_h))
            top = self.notice_rect.bottom + px(12, s, 8)

        body = pygame.Rect(m, top, w - 2 * m, h - m - top)
        gap = px(24, s, 12)
        standing = h >= w * STANDING
        # Continue stands over the panel, not across the menu: there it pushed the list
        # down as it came and went (62 px at 1366x768), and a player clicked the
        # patience that had moved from under the pointer
        if standing:
            # a screen standing up (a kiosk's): the list above, the ruleset chosen below,
            # each the whole width, where side by side each had half of a narrow screen
            # the list above takes what the panel leaves it, at most 55%: four options
            # (От нечего делать) ran over the deal's row and Play, the picture a thumbnail
            panel_h = self._panel_height(STANDING_PICTURE) + self._resume_height(body.width)
            # yet rows a finger can take, before a larger picture (at 600x1024 they were
            # 32 px high over a picture of 290)
            n = len(self.rulesets)
            fingers = n * theme.SMALLEST_BUTTON + (n - 1) * px(8, s, 5)
            room = max(body.height - gap - panel_h, fingers)
            list_h = min(int((body.height - gap) * 0.55), room)
            listed = pygame.Rect(body.x, body.y, body.width, list_h)
            self._place_cards(listed)
            listed.height = self.cards[-1].rect.bottom - listed.y
            column = pygame.Rect(
                body.x, listed.bottom + gap, body.width, body.bottom - listed.bottom - gap
            )
        else:
            list_w = int((body.width - gap) * 0.56)
            listed = pygame.Rect(body.x, body.y, list_w, body.height)
            self._place_cards(listed)
            column = pygame.Rect(
                body.x + list_w + gap, body.y, body.width - list_w - gap, body.height
            )
        self.panel = column
        over_panel = []
        if self.records.unfinished is not None:
            over_panel.append(self._continue_bar(column.topleft, column.width))
            top = self.continue_rect.bottom + px(12, s, 8)
            self.panel = pygame.Rect(column.x, top, column.width, column.bottom - top)
        # Tab reads as the eye does: the list, then the column beside it from its top;
        # Continue came straight after Quit, before the list it stands beside
        self.pad.set(buttons + self.cards + over_panel + self._place_panel())
        # Continue's bar is part of the column: Up from the options went across to the
        # list, and Continue was reached by Tab alone
        self.pad.regions = [listed, column]
        self.redraw = True

    def _place_cards(self, area: pygame.Rect) -> None:
        n = len(self.rulesets)
        gap = px(8, self.scale, 5)  # as the standing list's room for fingers (layout)
        row_h = min(px(140, self.scale), (area.height - gap * (n - 1)) // n)
        self.cards = []
        for i, ruleset in enumerate(self.rulesets.values()):
            card = Button(
                localized(ruleset.name),
                partial(self.select, ruleset.id),
                key="ruleset:" + ruleset.id,
                selected=ruleset.id == self.ruleset.id,
                group="ruleset",
            )
            card.rect = pygame.Rect(area.x, area.y + i * (row_h + gap), area.width, row_h)
            self.cards.append(card)
        # one size for the list's summaries (see common_summary_size)
        cards = [(card.rect, self._card_texts(card)) for card in self.cards]
        self.summary_size = common_summary_size(cards, self.scale)

    # -- drawing -------------------------------------------------------------------

    def _card_texts(self, card: Button) -> tuple[str, str]:
        """A ruleset card's name and summary."""
        return card.label, summary_text(self.rulesets[card.key.split(":", 1)[1]])

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        s = self.scale
        surface.blit(theme.felt(self.size), (0, 0))
        m = px(28, s, 12)
        title = draw_text(surface, _("Piramida"), self.title_size, (m, m), theme.GOLD, serif=True)
        self.title_drawn = title
        subtitle, sub_size = _("Old Russian pyramid patiences"), px(18, s, 12)
        header = [b.rect.left for b in self.pad.buttons if b.key in HEADER_KEYS]
        left_of_buttons = min(header, default=self.size[0])
        self.subtitle_drawn = None
        if title.right + px(60, s) + theme.font(sub_size).size(subtitle)[0] < left_of_buttons:
            where = (title.right + px(18, s, 10), title.bottom - px(10, s, 6))
            self.subtitle_drawn = draw_text(
                surface, subtitle, sub_size, where, theme.INK_DIM, anchor="bottomleft"
            )
        if self.notice_rect.width and self.app.notices:
            lines = self._notice_lines(self.notice_rect, self.pad.get("dismiss"))
            room = self._bar_room(self.notice_rect, self.pad.get("dismiss"))
            draw_bar(surface, self.notice_rect, lines, theme.WARN, room, self.text_size, s)
        if self.continue_rect.width:
            bar, words = self.continue_rect, self.continue_words
            beside = self.pad.get("continue") if words is bar else None
            lines, room = self._continue_lines(bar, beside), self._bar_room(bar, beside)
            draw_bar(surface, bar, lines, theme.GOLD, room, self.text_size, s, words)
        deck = self.app.settings.deck
        for card in self.cards:
            ruleset_id, look = card.key.split(":", 1)[1], (card.selected, card.hot)
            texts, size = self._card_texts(card), self.summary_size
            draw_ruleset_card(surface, card.rect, ruleset_id, texts, look, s, deck, size)
        self._draw_panel(surface)
        for b in self.pad.buttons:
            if b not in self.cards:
                b.draw(surface, max(11, int(b.rect.height * 0.42)))
        self.pad.draw_focus(surface, s)
        if self.quit_asked > 0:
            question = _("Press Esc again to quit.")
            self.ask_box = draw_question(surface, question, self.question_room, s)
        elif self.play_asked > 0:
            question = self.play_question()
            self.ask_box = draw_question(surface, question, self.question_room, s)
        return [surface.get_rect()]

    def play_question(self) -> str:
        """What a first press of Play asks when it would give up a game left in play, or
        the day's table (see _plays_the_day_away)."""
        resumes = self.left_asked and self._continue_resumes_it()
        asked = (self.wish_asked, self.left_asked, self.day_asked, self.asked_by_key)
        return play_question(resumes, *asked)
