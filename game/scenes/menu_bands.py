"""The menu's bands: the bars of a notice and of the game to continue (laid out by
MenuBars), and the question that waits for the same press again."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.render.preview import fill_translucent, fit_text
from game.ui import theme
from game.ui.pad import ring_reach
from game.ui.widgets import Button, balanced_wrap, draw_text, layout_row, px, wrap

NOTICE_LINES = 3  # a notice longer than that at the window's width ends in '…'
# the game to continue, in lines beside its button, else across its bar above it
CONTINUE_BESIDE = 2
CONTINUE_LINES = 4


def _button_inset(scale: float) -> int:
    """How far a bar's button stands in from the bar's edges: its focus ring, with a
    gap, inside the bar's gold frame (laid on it, the ring hid the frame)."""
    return ring_reach(scale) + px(2, scale)


def draw_bar(
    surface: pygame.Surface,
    r: pygame.Rect,
    lines: list[str],
    colour: tuple[int, int, int],
    room: int,
    text_size: int,
    scale: float,
    words: pygame.Rect | None = None,
) -> None:
    """A band, its button already laid out in it: a notice, or the game to continue,
    in as many lines as they need, `room` px wide, in the middle of `words` (the band's
    part beside or above the button; the whole band by default)."""
    fill_translucent(surface, r, theme.PANEL, 230, px(8, scale, 4))
    pygame.draw.rect(surface, colour, r, width=px(1, scale), border_radius=px(8, scale, 4))
    lines = [fit_text(line, text_size, room) for line in lines]
    step = theme.font(text_size).get_linesize()
    y = (words or r).centery - step * (len(lines) - 1) // 2
    for line in lines:
        draw_text(surface, line, text_size, (r.x + px(14, scale, 8), y), colour, "midleft")
        y += step


def draw_question(
    surface: pygame.Surface, question: str, within: pygame.Rect, scale: float
) -> pygame.Rect:
    """A question waiting for the same press again, in a box centred on `within` and
    as wide at most (the picture of the patience: a control under it, the deal's field
    or a row of the list, could not be seen while the question asked of it). Returns
    the box."""
    size = px(18, scale, 13)
    font = theme.font(size, bold=True)
    # clear of the rounded corners at 800x600 too (its words touched the gold edge);
    # the lines evened out (six lines ended on a lone "к нему.")
    pad_x, pad_y = px(28, scale, 24), px(14, scale, 10)
    lines = balanced_wrap(question, font, max(1, min(within.width - pad_x, px(900, scale))))
    line_h = font.get_linesize()
    width = max(font.size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, width + pad_x, len(lines) * line_h + pad_y)
    box.center = within.center
    box.clamp_ip(surface.get_rect())
    radius = min(box.height // 2, px(22, scale, 12))
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=radius)
    pygame.draw.rect(surface, theme.GOLD, box, width=px(2, scale, 2), border_radius=radius)
    for i, line in enumerate(lines):
        image = font.render(line, True, theme.INK)
        y = box.y + pad_y // 2 + i * line_h
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
    return box


class MenuBars:
    """Mixed into MenuScene: its bars' sizes and words."""

    def _notice_text(self) -> str:
        """The first notice, with its place among this visit's when there are more: the
        next one had come up behind Dismiss unannounced."""
        notices, read = self.app.notices, self.notices_read
        if len(notices) + read < 2:
            return str(notices[0])
        place = _("{n} of {total}:", n=read + 1, total=read + len(notices))
        return f"{place} {notices[0]}"

    def _bar_room(self, r: pygame.Rect, button: Button | None) -> int:
        """The width a bar's text has, left of its button."""
        return (button.rect.left if button else r.right) - r.x - px(28, self.scale, 16)

    def _bar(
        self,
        bar: pygame.Rect,
        button: Button,
        lines: Callable[[pygame.Rect, Button | None], list[str]],
        button_h: int,
    ) -> Button:
        """`bar`, a band with `button` at its right, made as high as the button (`button_h`,
        as tall as the header's or the panel's: Continue, the likeliest press, read
        smaller), or as its `lines` where they need more; the button in the middle of
        its height."""
        s = self.scale
        inset = _button_inset(s)
        bar.height = button_h + 2 * inset
        layout_row([button], bar.inflate(-2 * inset, 0), button_h, 0, "right")
        step = theme.font(self.text_size).get_linesize()
        bar.height = max(bar.height, len(lines(bar, button)) * step + px(14, s, 8))
        button.rect.centery = bar.centery
        return button

    def _continue_bar(self, top_left: tuple[int, int], width: int) -> Button:
        """Continue's bar, `width` px wide from `top_left`; returns its button. Its words
        stand beside the button in two lines at most, else across the bar above it:
        beside it at 800x600 in Russian, a deal of the day's lost its number, moves
        and time."""
        self.continue_rect = bar = pygame.Rect(top_left, (width, 0))
        self.continue_words = bar  # where the words stand: the bar, or its top beside
        # not gold: Enter with no ring is Play, the one gold button (two read as a guess)
        button = Button(_("Continue"), self.records.resume, key="continue")
        self._bar(bar, button, self._continue_lines, self.button_h)
        if len(self._continue_lines(bar, button)) <= CONTINUE_BESIDE:
            return button
        s = self.scale
        step = theme.font(self.text_size).get_linesize()
        self.continue_words = pygame.Rect(bar.topleft, (width, 0))
        self.continue_words.height = len(self._continue_lines(bar, None)) * step + px(14, s, 8)
        inset = _button_inset(s)
        bar.height = self.continue_words.height + self.button_h + inset
        button.rect.bottomright = (bar.right - inset, bar.bottom - inset)
        return button

    def _resume_height(self, width: int) -> int:
        """The room kept for Continue's bar over a panel `width` px wide standing up,
        with its gap: kept whether a game waits or not, for the list above to stay
        put; two lines' worth, or more where the game's words need them."""
        s, step = self.scale, theme.font(self.text_size).get_linesize()
        kept = max(self.button_h + 2 * _button_inset(s), 2 * step + px(14, s, 8))
        if self.records.unfinished is not None:
            self._continue_bar((0, 0), width)
            kept = max(kept, self.continue_rect.height)
        return kept + px(12, s, 8)

    def _continue_lines(self, r: pygame.Rect, button: Button | None) -> list[str]:
        """The game Continue offers, in the lines `r`'s width beside `button` (None: the
        whole width) needs: beside the panel at 800x600, about 200 px, one line was cut
        to "Unfinished: Pyramid 5…"."""
        font = theme.font(self.text_size)
        text = self.records.continue_text()
        return balanced_wrap(text, font, self._bar_room(r, button))[:CONTINUE_LINES]

    def _notice_lines(self, r: pygame.Rect, button: Button | None) -> list[str]:
        if not self.app.notices:
            return []
        font = theme.font(self.text_size)
        lines = wrap(self._notice_text(), font, self._bar_room(r, button))
        if len(lines) > NOTICE_LINES:
            # the last line shown runs on into the next, for draw_bar to cut it with its
            # '…': cut at a line's end, a notice stopped mid-sentence unmarked
            lines[NOTICE_LINES - 1] += " " + lines[NOTICE_LINES]
        return lines[:NOTICE_LINES]
