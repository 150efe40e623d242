"""The attract loop's invitation card.

The card is painted once per size into a still picture; each frame only the
pulsing invitation is drawn again over it.
"""

from __future__ import annotations

import random

import pygame

from game.i18n import _, localized
from game.kiosk.memory import release_free_memory
from game.kiosk.show import ShowScene, blend, pulse
from game.render.cards import card_art
from game.render.face_layout import card_height
from game.render.preview import fill_translucent, fit_text
from game.rules import get_ruleset
from game.ui import theme
from game.ui.widgets import balanced_wrap, draw_text

# The picture's small pyramid: a King on top (it goes alone in Pyramid 52), the rest
# shuffled; all from Seven to Ace, which every pack has (a 2 and a 4 stood over games
# of 36 cards, whose pack has none)
PYRAMID_CARDS = ("KS", "QH", "AC", "7D", "8S", "JD", "9C", "TH", "QS", "TC")
PYRAMID_ROWS = 4
ROW_STEP = 0.5  # of a card's height, from one row to the next


def names_line(ruleset_ids: list[str]) -> str:
    """The games offered, in a line that breaks only between them, each name whole with
    its dot after it (no-break spaces: "От нечего" and "делать" went on two lines)."""
    return "\u00a0· ".join(
        localized(get_ruleset(r).name).replace(" ", "\u00a0") for r in ruleset_ids
    )


class InvitationScene(ShowScene):
    """The title, a little pyramid of cards, and "touch the screen to play"."""

    def enter(self) -> None:
        super().enter()
        # a quiet moment, and the last round's scenes are gone now (when this was made,
        # the high scores were still on screen): what they held goes back
        release_free_memory()
        self.loop.look_for_deal()

    def done(self) -> bool:
        return self.loop.demo_due(self.shown)

    def go_on(self) -> None:
        self.loop.show_demo()

    # -- painting --------------------------------------------------------------------

    def paint(self, size: tuple[int, int]) -> pygame.Surface:
        """Everything that stays still: felt, cards, title, the games offered; centred whole."""
        w, h = size
        s = theme.ui_scale(size)
        still = theme.felt(size).copy()
        title_size, sub_size, names_size = (
            max(40, int(92 * s)),
            max(18, int(28 * s)),
            max(14, int(22 * s)),
        )
        call_h = max(56, int(84 * s))
        card_w = max(40, int(h * 0.085))
        gaps = (int(24 * s), int(6 * s), int(40 * s), int(40 * s))
        # every game offered named, in as many even lines as a narrow screen needs: cut
        # to two, six games standing up lost one name and half of another
        names = names_line([g.ruleset for g in self.loop.config.games])
        room = w - int(48 * s)
        lines = balanced_wrap(names, theme.font(names_size), room)
        line_h = theme.font(names_size).get_linesize()
        heights = (
            self._pyramid_height(card_w),
            theme.font(title_size, serif=True).get_linesize(),
            theme.font(sub_size).get_linesize(),
            call_h,
            len(lines) * line_h,
        )
        y = max(int(16 * s), (h - sum(heights) - sum(gaps)) // 2)
        y = self._paint_pyramid(still, w // 2, y, card_w) + gaps[0]
        title = draw_text(
            still, _("Piramida"), title_size, (w // 2, y), theme.GOLD, "midtop", serif=True
        )
        where = (w // 2, title.bottom + gaps[1])
        subtitle = draw_text(
            still, _("Old Russian pyramid patiences"), sub_size, where, theme.INK, "midtop"
        )
        words = theme.font(int(call_h * 0.42), bold=True).size(_("Touch the screen to play"))[0]
        call_w = min(w - int(48 * s), max(int(560 * s), words + 2 * call_h))
        self.live = pygame.Rect(0, 0, call_w, call_h)
        self.live.midtop = (w // 2, subtitle.bottom + gaps[2])
        y = self.live.bottom + gaps[3]
        most = max(1, (h - y - int(16 * s)) // line_h)  # the last cut only if they cannot fit
        shown = lines
        if len(lines) > most:
            shown = [*lines[: most - 1], fit_text(" ".join(lines[most - 1 :]), names_size, room)]
        self.names_shown = shown
        for line in shown:
            y = draw_text(still, line, names_size, (w // 2, y), theme.INK_DIM, "midtop").bottom
        return still

    @staticmethod
    def _pyramid_height(card_w: int) -> int:
        card_h = card_height(card_w)  # no card painted to know it
        return card_h + (PYRAMID_ROWS - 1) * int(card_h * ROW_STEP)

    def _paint_pyramid(self, surface: pygame.Surface, centre_x: int, top: int, card_w: int) -> int:
        """Rows of cards, each half over the one above, as in the game; returns the bottom edge."""
        art = card_art(card_w, *self.app.settings.deck)
        card_h = art.height
        gap = max(4, card_w // 10)
        first, *rest = PYRAMID_CARDS
        random.Random(self.loop.rounds).shuffle(rest)  # another picture each round
        cards = iter([first, *rest])
        bottom = top
        for row in range(PYRAMID_ROWS):
            count = row + 1
            x = centre_x - (count * card_w + (count - 1) * gap) // 2
            y = top + row * int(card_h * ROW_STEP)
            for _card in range(count):
                rect = pygame.Rect(x, y, card_w, card_h)
                shadow = rect.move(max(2, card_w // 30), max(3, card_w // 20))
                fill_translucent(surface, shadow, (0, 0, 0), 80, max(4, card_w // 12))
                surface.blit(art.face(next(cards)), rect)
                x += card_w + gap
                bottom = rect.bottom
        return bottom

    def draw_live(self, surface: pygame.Surface) -> None:
        r = self.live
        glow = pulse(self.shown)
        radius = r.height // 2
        pygame.draw.rect(surface, blend(theme.PANEL, theme.BUTTON, glow), r, border_radius=radius)
        edge = max(2, r.height // 20)
        colour = blend(theme.BUTTON_EDGE, theme.GOLD, glow)
        pygame.draw.rect(surface, colour, r, width=edge, border_radius=radius)
        size = int(r.height * 0.42)
        ink = blend(theme.INK, theme.GOLD, glow)
        draw_text(surface, _("Touch the screen to play"), size, r.center, ink, "center", bold=True)
