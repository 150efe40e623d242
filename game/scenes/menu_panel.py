"""The menu's panel of the patience chosen: its name, picture, options, deal number and
Play, laid out in the room the list leaves it, and drawn."""

from __future__ import annotations

from functools import partial

import pygame

from game.i18n import _, localized
from game.render.preview import PREVIEW_RATIO, fill_translucent, fit_text, preview
from game.ui import theme
from game.ui.deal_field import digits_width, draw_deal_field
from game.ui.labels import choice_label
from game.ui.widgets import (
    Button,
    draw_text,
    fitting_size,
    layout_row,
    px,
    row_width,
    words_of,
    wrap,
)

PICTURE_LEAST = 32  # the least height of the chosen patience's picture (unscaled), or none
# below this (unscaled), options' names go beside their rows where they fit there: at
# 600x1024 От нечего делать's picture was a 48-px thumbnail under four names and rows
PICTURE_FAIR = 80


def _names_beside(
    names: list[str], width: int, font: pygame.font.Font, height: int
) -> list[list[str]] | None:
    """Each name in lines `width` px wide, as many as a row `height` px high holds, two
    at most; None where one does not fit so."""
    most = min(2, height // font.get_linesize())
    lines = [_balanced(wrap(name, font, width), font) for name in names]
    too_wide = any(font.size(line)[0] > width for name in lines for line in name)
    if too_wide or any(len(name) > most for name in lines):
        return None
    return lines


def _balanced(lines: list[str], font: pygame.font.Font) -> list[str]:
    """Two lines broken where the wider is narrowest: "Passes through the" over "stock"
    read as a name cut short; "Passes through" over "the stock" as one name. A name
    in more lines, in two."""
    if len(lines) < 2:
        return lines
    words = words_of(" ".join(lines))
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return list(min(splits, key=lambda two: max(font.size(line)[0] for line in two)))


class MenuPanel:
    """Mixed into MenuScene: where the panel's parts go, and the panel drawn."""

    def _name_size(self) -> int:
        """The size of the patience's name over the panel."""
        return px(26, self.scale, 16)

    def _panel_sizes(self) -> tuple[int, int, int, int, int, int]:
        """The panel's margin, name, option row, gap and Play heights, and the text's line."""
        s, bh = self.scale, self.button_h
        label_h = theme.font(self.text_size).get_linesize()
        gap = px(10, s, 6)
        name_h = theme.font(self._name_size(), bold=True).get_linesize() + px(8, s, 4)
        option_h = label_h + px(4, s, 2) + bh + gap
        return px(18, s, 10), name_h, option_h, gap, max(px(52, s, 36), bh), label_h

    def _below_picture(self, options: int) -> int:
        """The height of a panel's `options` rows, deal row and Play, under its picture."""
        _margin, _name_h, option_h, gap, play_h, _label_h = self._panel_sizes()
        return options * option_h + self.button_h + play_h + 4 * gap

    def picture_room(self) -> int:
        """The picture's height in the panel of the patience with the most options."""
        margin, name_h, _option_h, _gap, _play_h, _label_h = self._panel_sizes()
        most = max(len(r.options) for r in self.rulesets.values())
        return self.panel.height - 2 * margin - name_h - self._below_picture(most)

    def _panel_height(self, picture: int) -> int:
        """The height of the tallest panel, of the patience with the most options, with a
        picture `picture` px high (unscaled): the same whichever is chosen, for a list
        that moved under the finger as the choice changed took the next tap elsewhere."""
        margin, name_h, _option_h, _gap, _play_h, _label_h = self._panel_sizes()
        most = max(len(r.options) for r in self.rulesets.values())
        return 2 * margin + name_h + px(picture, self.scale) + self._below_picture(most)

    def _place_panel(self) -> list[Button]:
        """The chosen ruleset's picture, options, deal and Play; returns the panel's buttons."""
        s, bh = self.scale, self.button_h
        margin, name_h, option_h, gap, play_h, label_h = self._panel_sizes()
        inner = self.panel.inflate(-2 * margin, -2 * margin)
        self.name_size = self._name_size()
        chosen = self.options
        rows = [
            [
                Button(
                    choice_label(option, c),
                    partial(self.set_option, option.key, c),
                    key=f"option:{option.key}={c}",
                    selected=chosen[option.key] == c,
                    group="option:" + option.key,
                    chosen_by_arrows=True,
                )
                for c in option.choices
            ]
            for option in self.ruleset.options
        ]
        font = theme.font(self.text_size)
        names = [localized(option.label) for option in self.ruleset.options]
        row_gap = px(8, s, 5)
        room = inner.height - name_h - self._below_picture(len(rows))
        least = px(PICTURE_LEAST, s, 24)
        beside, lines = self._option_names(names, rows, inner.width, room)
        name_w = max((font.size(line)[0] for name in lines for line in name), default=0)
        name_w += row_gap
        if beside:
            room += len(rows) * (label_h + px(4, s, 2))  # the names' lines over the rows
        if room < least:
            # no room for a picture worth the name (a notice and Continue over a patience
            # of four options): none, where a thumbnail pushed the options over the deal
            self.preview_rect = pygame.Rect(inner.centerx, inner.y + name_h, 0, 0)
            self.question_room = inner.copy()
        else:
            pw = min(inner.width, int(room * PREVIEW_RATIO))
            self.preview_rect = pygame.Rect(0, 0, pw, int(pw / PREVIEW_RATIO))
            self.preview_rect.midtop = (inner.centerx, inner.y + name_h)
            # the questions' room: the picture's height, the panel's width (a patience of
            # many options has a narrow picture, and a question there stood a word to a line)
            self.question_room = pygame.Rect(
                inner.x, self.preview_rect.y, inner.width, self.preview_rect.height
            )

        buttons: list[Button] = []
        self.option_labels = []
        y = self.preview_rect.bottom + 2 * gap
        for row, name in zip(rows, lines, strict=True):
            if beside:
                top = y + (bh - len(name) * label_h) // 2
                for i, line in enumerate(name):
                    self.option_labels.append((line, (inner.x, top + i * label_h)))
                area = pygame.Rect(inner.x + name_w, y, inner.width - name_w, bh)
                y += bh + gap
            else:
                self.option_labels.append((name[0], (inner.x, y)))
                area = pygame.Rect(inner.x, y + label_h + px(4, s, 2), inner.width, bh)
                y += option_h
            layout_row(row, area, bh, row_gap, align="left")
            buttons += row

        deal_y = inner.bottom - play_h - gap - bh
        # it clears the typed number (the field then says the deal will be random)
        clear_button = Button(_("Clear"), self.clear_deal, key="clear")
        clear_button.enabled = bool(self.deal_text)
        right = pygame.Rect(inner.x, deal_y, inner.width, bh)
        layout_row([clear_button], right, bh, 0, align="right")
        self.deal_label_pos = (inner.x, deal_y + bh // 2)
        field_x = inner.x + theme.font(self.text_size).size(_("Deal number"))[0] + px(12, s, 8)
        field_right = clear_button.rect.x - px(8, s, 5)
        # too narrow for its most digits beside its name (Russian standing up showed
        # "слу…"), the name goes above it where the options leave room
        above = deal_y - px(4, s, 2) - label_h
        if field_right - field_x < digits_width(self.text_size, s) and above >= y:
            self.deal_label_pos = (inner.x, above + label_h // 2)
            field_x = inner.x
        self.deal_field = pygame.Rect(field_x, deal_y, field_right - field_x, bh)

        daily = partial(self.records.play_daily, self.ruleset, self.options)
        actions = [
            Button(_("Rules"), self.show_rules, key="rules"),
            Button(self.records.daily_label(self.ruleset, self.options), daily, key="daily"),
            Button(_("Play"), self.play, key="play", selected=True),
        ]
        bottom = pygame.Rect(inner.x, inner.bottom - play_h, inner.width, play_h)
        layout_row(actions, bottom, play_h, px(12, s, 8), align="right")
        return [*buttons, clear_button, *actions]

    def _option_names(
        self, names: list[str], rows: list[list[Button]], width: int, room: int
    ) -> tuple[bool, list[list[str]]]:
        """Whether the options' names stand beside their rows rather than above them,
        and each name's lines. Beside, where the panel has little `room` for a picture
        otherwise and the rows fit beside their names in two lines at most (От нечего
        делать's four under a notice and Continue had none even at 1920x1080); and where
        it is too low even with no picture (800x480 there: the last row lay over Play),
        however narrow the rows then are."""
        bh, font = self.button_h, theme.font(self.text_size)
        widest = max((row_width(row, bh, px(8, self.scale, 5)) for row in rows), default=0)
        lines = _names_beside(names, width - widest - px(8, self.scale, 5), font, bh)
        if not (room < 0 or (room < px(PICTURE_FAIR, self.scale) and lines is not None)):
            return False, [[name] for name in names]
        if lines is None:
            # as narrow as two lines make them, where a row has the room: at 800x480 a
            # name in one line left "from the waste" 8 px high on its squeezed button.
            # Each word alone (wrapped at 1 px), then the two lines those balance into
            two = bh >= 2 * font.get_linesize()
            halves = [_balanced(wrap(name, font, 1), font) if two else [name] for name in names]
            column = max(font.size(line)[0] for name in halves for line in name)
            lines = [_balanced(wrap(name, font, column), font) for name in names]
        return True, lines

    def _draw_panel(self, surface: pygame.Surface) -> None:
        s, panel = self.scale, self.panel
        fill_translucent(surface, panel, theme.PANEL, 200, px(12, s, 6))
        pad = px(18, s, 10)
        room, name = panel.width - 2 * pad, localized(self.ruleset.name)
        # a long name in a narrow panel (Russian at 800x600) is set smaller, then cut
        size = fitting_size(name, self.name_size, room, round(self.name_size * 0.75), True)
        name = fit_text(name, size, room, True)
        where = (panel.centerx, panel.y + pad)
        draw_text(surface, name, size, where, theme.GOLD, anchor="midtop", bold=True)
        size, deck = self.preview_rect.size, self.app.settings.deck
        self.example_drawn: pygame.Rect | None = None  # "Example", if said, and where
        if self.preview_rect.height:  # none where the options took its room
            picture = preview(self.ruleset.id, self.options, size, deck, self.previewed_deal())
            surface.blit(picture, self.preview_rect)
            pygame.draw.rect(surface, theme.BUTTON_EDGE, self.preview_rect, width=px(1, s))
            if self.previewed_deal() != self.deal:  # a player took it for the deal to come
                self.example_drawn = self._draw_example_caption(surface)
        for label, pos in self.option_labels:
            draw_text(surface, label, self.text_size, pos, theme.INK)
        draw_text(
            surface, _("Deal number"), self.text_size, self.deal_label_pos, theme.INK, "midleft"
        )
        full_said = self.deal_full_said > 0
        draw_deal_field(surface, self.deal_field, self.deal_text, self.text_size, s, full_said)

    def _draw_example_caption(self, surface: pygame.Surface) -> pygame.Rect | None:
        """ "Example" in a corner of the picture, where it shows not the deal Play deals
        (a random one, the day's, a fortune's) but the patience's deal 0: along its top
        or bottom edge where it hides the least of the cards (the felt is dark, the
        cards light), where it was always the top left corner, over the pyramids' stock
        card's rank. Returns where."""
        s, rect = self.scale, self.preview_rect
        size, words, pad = max(11, round(self.text_size * 0.8)), _("Example"), px(4, s, 2)
        box = pygame.Rect((0, 0), theme.font(size).size(words)).inflate(2 * pad, pad)
        if box.width >= rect.width // 2 or box.height >= rect.height // 3:
            return None
        inner = rect.inflate(-2 * pad, -2 * pad)
        # along the top edge, then the bottom, at even steps (the corners among them)
        xs = [inner.x + (inner.width - box.width) * k // 4 for k in range(5)]
        ys = (inner.top, inner.bottom - box.height)
        places = [pygame.Rect((x, y), box.size) for y in ys for x in xs]
        box = min(places, key=lambda place: _card_light(surface.subsurface(place)))
        fill_translucent(surface, box, theme.PANEL, 190, pad)
        draw_text(surface, words, size, box.center, theme.INK, "center")
        return box


def _card_light(area: pygame.Surface) -> tuple[int, int]:
    """How much of the cards `area` of a picture shows: its pixels as light as a card's
    face (the felt and the backs are dark), then its light all told."""
    faces = pygame.mask.from_threshold(area, (255, 255, 255), (56, 56, 56, 255)).count()
    return faces, sum(pygame.transform.average_color(area))
