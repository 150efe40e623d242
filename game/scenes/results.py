"""The end of a game: how it went, the figures, and where to go next.

A fortune game adds the verdict on the wish; when the same deal was dealt
again after a verdict, the screen says plainly that this verdict does not count.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.i18n import _, localized
from game.render.preview import fill_translucent
from game.rules import Game, Outcome
from game.scenes.base import Scene
from game.scenes.menu import ButtonPad, MenuScene, px
from game.scenes.summary import GameSummary
from game.scenes.table_hud import clock_text
from game.ui import theme
from game.ui.widgets import Button, draw_text, layout_row, wrap

if TYPE_CHECKING:
    from game.app import App


Colour = tuple[int, int, int]


class HeadingLine(NamedTuple):
    text: str
    size: int
    colour: Colour
    bold: bool
    y: int  # from the top of the heading


def headline(summary: GameSummary) -> str:
    outcome = summary.outcome
    if outcome == Outcome.WON:
        return _("The patience came out!")
    if outcome == Outcome.RESIGNED:
        return _("You gave up")
    if outcome == Outcome.NO_MOVES:
        return _("No moves left")
    return _("The game is over")


def verdict(summary: GameSummary) -> str:
    """The fortune's answer; empty when the game was not played as a fortune."""
    if not summary.fortune:
        return ""
    if summary.won:
        return _("Your wish will come true")
    return _("Your wish will not come true this time")


def figures(summary: GameSummary) -> list[tuple[str, str, str]]:
    """The figures as (label, value, a note in small letters)."""
    game = summary.game
    score = game.score
    hints = str(summary.hints)
    return [
        (_("Cards left"), str(score.remaining_cards), ""),
        (_("Points left"), str(score.remaining_points), _("lower is better, 0 is a win")),
        (_("Moves"), str(len(game.moves)), ""),
        (_("Time"), clock_text(summary.seconds), ""),
        (_("Undos"), str(game.undo_count), ""),
        (_("Hints used"), hints, _("assisted") if summary.assisted else ""),
    ]


class ResultsScene(Scene):
    """The results of a finished game, with Same deal again, New deal and Menu."""

    def __init__(self, app: App, summary: GameSummary) -> None:
        super().__init__(app)
        self.summary = summary
        self.pad = ButtonPad()
        self.pad.focus_key = "new"
        self.started: Game | None = None  # the game a button handed to the table
        self.size = app.size
        self.scale = 1.0
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[HeadingLine] = []

    # -- where to go next -------------------------------------------------------------

    def same_deal(self) -> None:
        game = self.summary.game
        if game.deal_number is not None:
            again = Game(game.ruleset, game.options, deal=game.deal_number)
        else:
            again = Game(game.ruleset, game.options, deck=game.deck)
        # a fortune dealt again can no longer give an honest verdict
        self._play(again, self.summary.fortune or self.summary.fortune_replayed)

    def new_deal(self) -> None:
        game = self.summary.game
        self._play(Game(game.ruleset, game.options, deal=random.randrange(10**9)), False)

    def _play(self, game: Game, fortune_replayed: bool) -> None:
        self.started = game
        app = self.app

        def table() -> Scene:
            from game.scenes.table import TableScene

            return TableScene(app, game, fortune_replayed=fortune_replayed)

        app.switch(table)

    def back(self) -> None:
        app = self.app
        app.switch(lambda: MenuScene(app))

    # -- scene -----------------------------------------------------------------------

    def enter(self) -> None:
        self._rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.pad.show_focus:
                self.new_deal()
                return True
        used, changed = self.pad.handle_event(event, self.scale)
        self.redraw = self.redraw or changed
        return used

    # -- layout ----------------------------------------------------------------------

    def _rebuild(self) -> None:
        w, h = self.size
        # a little larger than elsewhere in small windows: there is room, and it is the news
        s = self.scale = max(theme.ui_scale(self.size), min(0.85, w / 1000))
        m = px(28, s, 12)
        width = min(w - 2 * m, px(760, s))
        pad = px(28, s, 14)
        inner_w = width - 2 * pad
        self.lines, text_h = self._heading_lines(inner_w)
        self.row_h = theme.font(px(20, s, 13)).get_linesize() + px(6, s, 3)
        self.button_h = px(50, s, 34)
        gaps = px(18, s, 10)
        height = pad + text_h + gaps * 2 + len(figures(self.summary)) * self.row_h
        height += gaps * 2 + self.button_h + pad
        self.box = pygame.Rect(0, 0, width, min(h - 2 * m, height))
        self.box.center = (w // 2, h // 2)
        self.figures_top = self.box.y + pad + text_h + gaps * 2
        buttons = [
            Button(_("Same deal again"), self.same_deal, key="same"),
            Button(_("New deal"), self.new_deal, key="new", selected=True),
            Button(_("Menu"), self.back, key="menu"),
        ]
        row = pygame.Rect(self.box.x + pad, self.box.bottom - pad - self.button_h, inner_w, 0)
        row.height = self.button_h
        layout_row(buttons, row, self.button_h, px(14, s, 8))
        self.pad.set(buttons)
        self.redraw = True

    def _heading_lines(self, width: int) -> tuple[list[HeadingLine], int]:
        """The lines above the figures, long ones wrapped, and their height."""
        s, summary = self.scale, self.summary
        game = summary.game
        deal = (
            _("Deal {n}", n=game.deal_number) if game.deal_number is not None else _("Given deck")
        )
        won_colour = theme.GOLD if summary.won else theme.INK
        parts: list[tuple[str, int, Colour, bool]] = [
            (f"{localized(game.ruleset.name)} · {deal}", px(18, s, 12), theme.INK_DIM, False),
            (headline(summary), px(44, s, 24), won_colour, True),
        ]
        if summary.fortune:
            parts.append((verdict(summary), px(26, s, 16), won_colour, True))
        if summary.fortune_replayed:
            note = _("This deal was played again, so the verdict does not count.")
            parts.append((note, px(17, s, 12), theme.WARN, False))
        lines: list[HeadingLine] = []
        y = 0
        for text, size, colour, bold in parts:
            font = theme.font(size, bold=bold)
            for line in wrap(text, font, width):
                lines.append(HeadingLine(line, size, colour, bold, y))
                y += font.get_linesize()
            y += px(6, s, 3)  # a little air between the parts
        return lines, y

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        s, box = self.scale, self.box
        surface.blit(theme.felt(self.size), (0, 0))
        fill_translucent(surface, box, theme.PANEL, 215, px(16, s, 8))
        pygame.draw.rect(surface, theme.BUTTON_EDGE, box, width=1, border_radius=px(16, s, 8))
        top = box.y + px(28, s, 14)
        for line in self.lines:
            where = (box.centerx, top + line.y)
            draw_text(surface, line.text, line.size, where, line.colour, "midtop", bold=line.bold)
        rule_y = self.figures_top - px(18, s, 10)
        inset = px(60, s, 30)
        pygame.draw.line(
            surface, theme.BUTTON_EDGE, (box.x + inset, rule_y), (box.right - inset, rule_y)
        )
        self._draw_figures(surface)
        for b in self.pad.buttons:
            b.draw(surface, max(11, int(b.rect.height * 0.42)))
        self.pad.draw_focus(surface, s)
        return [surface.get_rect()]

    def _draw_figures(self, surface: pygame.Surface) -> None:
        """Label right-aligned left of the middle, value and note left-aligned right of it."""
        s, box = self.scale, self.box
        size, note_size = px(20, s, 13), px(15, s, 11)
        middle = box.x + int(box.width * 0.46)
        y = self.figures_top
        for label, value, note in figures(self.summary):
            centre = y + self.row_h // 2
            draw_text(
                surface, label, size, (middle - px(10, s, 6), centre), theme.INK_DIM, "midright"
            )
            shown = draw_text(
                surface, value, size, (middle + px(10, s, 6), centre), theme.INK, "midleft", True
            )
            if note:
                colour = theme.WARN if note == _("assisted") else theme.INK_DIM
                where = (shown.right + px(12, s, 8), centre)
                draw_text(surface, note, note_size, where, colour, "midleft")
            y += self.row_h
