"""The kiosk's start screen: the games it offers as big cards; a touch on one deals it.

It stands where the menu would (no settings, records or Quit for passers-by).
Each card has its Play and its Rules; Back returns to the attract loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, localized
from game.render.preview import common_summary_size, draw_ruleset_card, fill_translucent
from game.rules import get_ruleset
from game.scenes.pad_scene import PadScene
from game.ui import theme
from game.ui.labels import summary_text, telling_options
from game.ui.widgets import Button, draw_text, px

if TYPE_CHECKING:
    from game.app import App
    from game.kiosk.config import OfferedGame
    from game.kiosk.policy import KioskPolicy


def offered_options(offered: OfferedGame, games: Sequence[OfferedGame]) -> str:
    """The options a passer-by needs: how many cards, piles and passes, and any other
    not at its default or unlike another offered game of the same patience."""
    others = [g.options for g in games if g.ruleset == offered.ruleset and g is not offered]
    ruleset = get_ruleset(offered.ruleset)
    said = " · ".join(telling_options(ruleset, offered.options, others, counts=True))
    return said[:1].upper() + said[1:]  # a line of its own, over the summary


def _word_size(height: int, scale: float) -> int:
    """The size of Play's and Rules' words on a button `height` px high."""
    return max(16, min(px(30, scale), int(height * 0.4)))


def _side_by_side(area: pygame.Rect, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Two buttons' places in `area`, side by side, `gap` apart."""
    half = (area.width - gap) // 2
    left = pygame.Rect(area.x, area.y, half, area.height)
    return left, left.move(half + gap, 0)


class ChooserScene(PadScene):
    def __init__(self, app: App, policy: KioskPolicy) -> None:
        super().__init__(app)
        self.policy = policy
        self.games = policy.config.games
        self.pad.focus_key = "play:0"
        self.cards: list[pygame.Rect] = []
        # standing up, each game's card and buttons on a panel of their own: under the
        # card, the buttons stood as near the next game as their own
        self.groups: list[pygame.Rect] = []
        self.summary_size = 0  # the cards' summaries' one size (see layout)
        self.title_pos = (0, 0)

    def play(self, index: int) -> None:
        self.policy.play(self.games[index])

    def rules(self, index: int) -> None:
        from game.scenes.rules import RulesScene

        app, policy, offered = self.app, self.policy, self.games[index]
        options: dict[str, object] = dict(offered.options)
        app.switch(
            lambda: RulesScene(
                app,
                offered.ruleset,
                options,
                back=lambda: ChooserScene(app, policy),
                play=lambda: policy.play(offered),
            )
        )

    def back(self) -> None:
        self.policy.attract.start()

    # -- scene ---------------------------------------------------------------------

    def layout(self) -> None:
        w, h = self.size
        s = self.scale = theme.ui_scale(self.size)
        m = px(32, s, 14)
        title_h = theme.font(px(48, s, 28), serif=True).get_linesize()
        self.title_pos = (m, m)
        back = Button(_("Back"), self.back, key="back")
        bh = max(px(56, s, 44), theme.FINGER)  # a passer-by's finger, as every other
        back.rect = pygame.Rect(0, 0, px(180, s, 120), bh)
        back.rect.topright = (w - m, m + max(0, title_h - bh) // 2)
        top = m + max(title_h, bh) + px(20, s, 10)
        n = len(self.games)
        gap = px(18, s, 10)
        inner_gap = px(12, s, 6)
        # on a screen standing up each game's buttons go under its card, side by side:
        # beside it they left the card's text a narrow column, cut off
        standing = theme.standing(self.size)
        if standing:  # the panels' edges, and a clear space between them
            gap = px(40, s, 20)
            # the first panel's edge reaches above its card: it came within 13 px of
            # Back's foot at 1080x1920, nearer than the panels stand to each other
            top += inner_gap
        button_h = px(96, s, 60)
        most = px(430, s, 200) if standing else px(230, s, 120)
        row_h = min(most, (h - top - m - gap * (n - 1)) // n)
        top += (h - m - top - n * row_h - (n - 1) * gap) // 2  # the list in the middle
        side_w = px(230, s, 150)
        stacked = (row_h - inner_gap) // 2 >= theme.FINGER
        if not standing and not stacked:
            # side by side, wide enough for their words at the size they are drawn (see
            # draw): in a column for two stacked they were tall pills, their words
            # shrunk to 10 px of 19 (four games at 800x600, in Russian)
            font = theme.font(_word_size(row_h, s), bold=True)
            word = max(font.size(text)[0] for text in (_("Play"), _("Rules")))
            room = max(2 * px(16, s, 12), row_h // 5 + 8)  # beside the words (text_room)
            side_w = max(side_w, 2 * (word + room) + inner_gap)
        buttons = [back]
        self.cards, self.groups = [], []
        for i in range(n):
            y = top + i * (row_h + gap)
            play = Button(_("Play"), partial(self.play, i), key=f"play:{i}", selected=True)
            rules = Button(_("Rules"), partial(self.rules, i), key=f"rules:{i}")
            if standing:
                card = pygame.Rect(m, y, w - 2 * m, row_h - button_h - inner_gap)
                under = pygame.Rect(m, card.bottom + inner_gap, card.width, button_h)
                play.rect, rules.rect = _side_by_side(under, inner_gap)
                self.groups.append(card.union(under).inflate(2 * inner_gap, 2 * inner_gap))
            else:
                card = pygame.Rect(m, y, w - 2 * m - side_w - gap, row_h)
                column = pygame.Rect(card.right + gap, y, side_w, row_h)
                play_h = (row_h - inner_gap) * 3 // 5
                if row_h - play_h - inner_gap < theme.FINGER:
                    # one over the other, alike, while each takes a finger: side by side
                    # in a column this narrow they were tall pills, their words 6 px high
                    # (800x600, in Russian)
                    play_h = (row_h - inner_gap) // 2
                if stacked:
                    play.rect = pygame.Rect(column.x, column.y, column.width, play_h)
                    rules.rect = pygame.Rect(
                        column.x,
                        play.rect.bottom + inner_gap,
                        column.width,
                        row_h - play_h - inner_gap,
                    )
                else:  # many games, low rows: side by side, each the row's height
                    play.rect, rules.rect = _side_by_side(column, inner_gap)
            pick = Button("", partial(self.play, i), key=f"card:{i}")
            pick.rect = card
            buttons += [play, rules, pick]
            self.cards.append(card)
        self.pad.set(buttons)
        # one size for every card's summary (see common_summary_size)
        cards = [(card, self._texts(i)) for i, card in enumerate(self.cards)]
        self.summary_size = common_summary_size(cards, s * 1.5) if cards else 0
        self.redraw = True

    def _texts(self, i: int) -> tuple[str, str]:
        """The name of the i-th game offered, and its options over its summary."""
        offered = self.games[i]
        ruleset = get_ruleset(offered.ruleset)
        line = offered_options(offered, self.games)
        summary = f"{line}\n{summary_text(ruleset)}" if line else summary_text(ruleset)
        return localized(ruleset.name), summary

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        s = self.scale
        surface.blit(theme.felt(self.size), (0, 0))
        draw_text(
            surface, _("Choose a patience"), px(48, s, 28), self.title_pos, theme.GOLD, serif=True
        )
        radius = max(5, round(10 * s * 1.5))
        for group in self.groups:
            fill_translucent(surface, group, theme.PANEL, 90, radius)
        for i, offered in enumerate(self.games):
            hot = any(b.hot or b.pressed for b in self.pad.buttons if b.key == f"card:{i}")
            deck = self.app.settings.deck
            card, look = self.cards[i], (False, hot)
            texts, size = self._texts(i), self.summary_size
            draw_ruleset_card(
                surface, card, offered.ruleset, texts, look, s * 1.5, deck, size, offered.options
            )
        for b in self.pad.buttons:
            if b.key == "back":
                b.draw(surface, max(14, int(b.rect.height * 0.42)))
            elif not b.key.startswith("card:"):
                # by the button's own height: standing up, by the card's, "Play" sat
                # small in a button a hand wide
                b.draw(surface, _word_size(b.rect.height, s))
        self.pad.draw_focus(surface, s)
        return [surface.get_rect()]
