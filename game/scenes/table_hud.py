"""The table's heads-up display: the top bar of figures and the bottom bar of buttons."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _, clock_text, localized, n_
from game.rules import Game
from game.ui import theme
from game.ui.widgets import Button, button_at, draw_text, layout_row

# of the bottom bar's height: 60 px buttons at 1920x1080, a fingertip's size (at 0.72
# they were 56 px, under what a touch screen in a public place wants)
BUTTON_SHARE = 0.78


@dataclass
class HudFigures:
    """What the top bar shows; a change of any of them redraws the bar."""

    title: str
    deal: str
    stock: int
    passes: tuple[int, int]  # the pass through the stock under way, of how many
    moves: int
    clock: str
    cards: int
    points: int
    verdict: str = ""
    assisted: bool = False  # marked for as long as the game is on the table


def figures(game: Game, seconds: float, verdict: str = "", assisted: bool = False) -> HudFigures:
    score = game.score
    deal = _("Deal {n}", n=game.deal_number) if game.deal_number is not None else _("Given deck")
    return HudFigures(
        localized(game.ruleset.name),
        deal,
        len(game.pile("st")),
        (game.rules.passes - game.passes_left, game.rules.passes),
        game.moves_made,
        clock_text(seconds),
        score.remaining_cards,
        score.remaining_points,
        verdict,
        assisted,
    )


class Hud:
    def __init__(self) -> None:
        self.top = pygame.Rect(0, 0, 0, 0)
        self.bottom = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.text_size = 16
        self.two_lines = False  # the figures on a line of their own (see layout)
        self.stats_shown = ""  # the figures the top bar last had room for

    def layout(self, size: tuple[int, int]) -> pygame.Rect:
        """Place the bars; returns the play area between them."""
        w, h = size
        scale = theme.ui_scale(size)
        top_h = max(30, int(40 * scale))
        # a screen standing up has no width for every figure on one line, and height
        # to spare: the figures take a second line
        self.two_lines = h > w
        if self.two_lines:
            top_h *= 2
        bottom_h = max(40, int(58 * scale))
        self.text_size = max(12, int(17 * scale))
        self.top = pygame.Rect(0, 0, w, top_h)
        self.bottom = pygame.Rect(0, h - bottom_h, w, bottom_h)
        self.place_buttons()
        return pygame.Rect(0, top_h, w, h - top_h - bottom_h)

    def set_buttons(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.place_buttons()

    def place_buttons(self) -> None:
        if self.bottom.height:
            height = int(self.bottom.height * BUTTON_SHARE)
            area = self.bottom.inflate(-self.bottom.height // 3, 0)
            layout_row(self.buttons, area, height, max(4, height // 6))

    def draw_top(self, surface: pygame.Surface, f: HudFigures) -> None:
        bar = self.top
        pygame.draw.rect(surface, theme.PANEL, bar)
        size = self.text_size
        pad = size
        y = bar.top + bar.height // 4 if self.two_lines else bar.centery
        left = draw_text(surface, f.title, size, (pad, y), theme.INK, "midleft", bold=True)
        left = draw_text(surface, f.deal, size, (left.right + size, y), theme.INK_DIM, "midleft")
        if f.assisted:  # no table for this game: said where the figures are
            left = draw_text(
                surface, _("assisted"), size, (left.right + size, y), theme.WARN, "midleft"
            )
        score = _(
            "Left: {cards} · {points}",
            cards=n_("{n} card", "{n} cards", f.cards),
            points=n_("{n} point", "{n} points", f.points),
        )
        right = draw_text(
            surface, score, size, (bar.right - pad, y), theme.GOLD, "midright", bold=True
        )
        parts = [
            _("Stock {n}", n=f.stock),
            # "Pass 1 of 1", not "Passes left 0": a fresh deal's stock is still to go through
            _("Pass {n} of {total}", n=f.passes[0], total=f.passes[1]),
            _("Moves {n}", n=f.moves),
            f.clock,
            f.verdict,
        ]
        room_left, room_right = left.right + size, right.left
        if self.two_lines:
            y = bar.bottom - bar.height // 4
            room_left, room_right = pad, bar.right - pad
        self.stats_shown = ""
        # a narrow window drops the figures that matter least first
        for drop in ((), (1,), (1, 0), (1, 0, 2)):
            stats = "   ".join(p for i, p in enumerate(parts) if i not in drop and p)
            middle = theme.font(size).size(stats)[0]
            x = max(room_left, min((bar.width - middle) // 2, room_right - size - middle))
            if x + middle < room_right:
                draw_text(surface, stats, size, (x, y), theme.INK, "midleft")
                self.stats_shown = stats
                break

    def draw_bottom(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.bottom)
        size = max(11, int(self.bottom.height * BUTTON_SHARE * 0.4))
        for b in self.buttons:
            b.draw(surface, size)

    def button_at(self, pos: tuple[int, int], margin: int = 0) -> Button | None:
        return button_at(self.buttons, pos, margin)
