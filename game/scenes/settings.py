"""The settings screen: language, sound, animation, card faces and backs, full screen.

Every change is applied and saved at once (`app.apply_settings()`), and the
screen is laid out again, in the new language if that was the change. Rows
take the keyboard too: Up/Down/Tab move between them, Left/Right change the
value, Enter or Space toggles or steps it, Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.i18n import _
from game.render.cards import card_art
from game.scenes.base import Scene
from game.settings import BY_LANGUAGE, CARD_BACKS, CARD_LETTERS, LANGUAGES, Settings
from game.ui import theme
from game.ui.labels import setting_name
from game.ui.pointer import POINTER_DOWN, POINTER_MOVE, POINTER_UP
from game.ui.widgets import (
    Button,
    button_at,
    draw_text,
    layout_row,
    put_out,
    screen_bars,
    wrap,
)

if TYPE_CHECKING:
    from game.app import App

VOLUME_STEP = 0.1
LABEL_LINE = 0.5  # a label's line above its controls (a screen standing up), in row units
HIT_MARGIN = 6  # extra pixels round every target, for fingers
# the keys that move the focus or change what it is on (Esc goes back from anywhere)
FOCUS_KEYS = (
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
)


def animation_choices() -> list[tuple[float, str]]:
    """Animation speeds (multipliers of the normal pace; 2.0 is twice as fast) and names,
    slowest first, "Off" last as the quickest of all: Off, Fast, Normal, Slow went one
    way, then back, under the arrows."""
    return [(0.5, _("Slow")), (1.0, _("Normal")), (2.0, _("Fast")), (0.0, _("Off"))]


def letter_choices() -> list[tuple[str, str]]:
    """The faces' letters: the language's, then each style (game.i18n.CARD_LETTERS)
    named by its own letters, Ace to Jack, in no language's words."""
    styles = [s for s in CARD_LETTERS if s != BY_LANGUAGE]
    named = [(style, " ".join(i18n.rank_sign(r, style) for r in "AKQJ")) for style in styles]
    return [(BY_LANGUAGE, _("By language")), *named]


# the cards shown beside a toggle of how cards look: four aces for the suits' colours,
# a ten and a queen for the corners
PREVIEW_CARDS = {"four_colour": ("AS", "AH", "AD", "AC"), "large_corners": ("TC", "QH")}


@dataclass
class SettingRow:
    """One line of the screen: a name, its buttons, and what the keys do to it."""

    key: str
    label: str
    buttons: list[Button]
    step: Callable[[int], None]  # Left (-1) / Right (+1)
    activate: Callable[[], None]  # Enter / Space
    weight: float = 1.0  # height, in row units
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    controls: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    label_y: int = 0  # the middle of its label's line
    note: str = ""  # what the setting does, where its name alone does not say
    note_drawn: pygame.Rect | None = None  # None where the row has no room for it


class SettingsScene(Scene):
    """Change the player's settings; each change applies and is saved immediately."""

    def __init__(self, app: App, back: Callable[[], Scene] | None = None) -> None:
        super().__init__(app)
        self._back = back
        self.focus = 0  # index into rows; len(rows) is the Back button
        self._pressed: Button | None = None
        self._sliding = False
        self._level_unheard = False  # the volume last set was not heard (see set_volume)
        # the focus ring shows once a key has been used (the one that opened it, too)
        self.keyboard = app.keyboard_led
        self.rows: list[SettingRow] = []
        self.stacked = False  # labels above their controls (see resize)
        self._build()

    @property
    def settings(self) -> Settings:
        return self.app.settings

    # -- the rows ------------------------------------------------------------------

    def _build(self) -> None:
        """Make the rows with the current values and language, then lay them out."""
        s = self.settings
        self.back_button = Button(_("Back"), self.back, key="back")
        on_off = [(False, _("Off")), (True, _("On"))]
        told = [(True, _("Shown")), (False, _("Hidden"))]
        backs = [(name, "") for name in CARD_BACKS]  # drawn as card backs, not words
        choice = self._choice_row
        self.rows = [
            choice("language", [(c, i18n.language_name(c)) for c in LANGUAGES], s.language),
            self._volume_row(),
            choice("animation_speed", animation_choices(), s.animation_speed),
            choice("four_colour", on_off, s.four_colour),
            choice("card_letters", letter_choices(), s.card_letters),
            choice("large_corners", on_off, s.large_corners),
            choice("card_back", backs, s.card_back, weight=1.5),
            choice("fullscreen", on_off, self.app.fullscreen),
            choice("show_playable", told, s.show_playable),
            choice("show_verdict", told, s.show_verdict),
            choice("winnable_only", on_off, s.winnable_only),
        ]
        notes = {
            # the name alone left a player guessing whose proof, and of which deals
            "winnable_only": _(
                "A new random deal is one the solver has proved can be won"
                " (not a fortune's, nor the arcade's)."
            ),
            "show_verdict": _(
                "Said in the top bar after each move, but not while a fortune's wish counts."
            ),
            "show_playable": _("A light ring round each card you can play now."),
        }
        for row in self.rows:
            row.note = notes.get(row.key, "")
        self.resize(self.app.size)

    def _choice_row(
        self,
        key: str,
        choices: Sequence[tuple[Any, str]],
        current: object,
        weight: float = 1.0,
    ) -> SettingRow:
        """A row of buttons of which exactly one is chosen; `key` names the setting (and
        its label: see setting_name, which the settings file's notice names it by)."""
        values = [value for value, _name in choices]
        choose = self._set_fullscreen if key == "fullscreen" else self._setter(key)
        buttons = [
            Button(
                name,
                lambda v=value: choose(v),
                key=f"{key}:{value}",
                selected=value == current,
                group=key,
            )
            for value, name in choices
        ]

        def step(d: int) -> None:
            i = values.index(current) if current in values else 0
            choose(values[max(0, min(len(values) - 1, i + d))])

        def activate() -> None:
            i = values.index(current) if current in values else -1
            choose(values[(i + 1) % len(values)])

        return SettingRow(key, setting_name(key), buttons, step, activate, weight)

    def _volume_row(self) -> SettingRow:
        buttons = [
            Button("−", lambda: self.step_volume(-1), key="volume:-"),
            Button("", lambda: None, key="volume:track"),
            Button("+", lambda: self.step_volume(1), key="volume:+"),
            Button(_("Mute"), self.toggle_mute, key="volume:mute", selected=self.settings.muted),
        ]
        # the device is tried again now and then (a speaker plugged in): asked here
        label = (
            setting_name("volume") if self.app.sounds.available else _("Volume (no sound device)")
        )
        return SettingRow("volume", label, buttons, self.step_volume, self.toggle_mute)

    # -- changes -------------------------------------------------------------------

    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_value(value: Any) -> None:
            setattr(self.settings, name, value)
            self._changed()

        return set_value

    def _changed(self) -> None:
        self.app.apply_settings()
        self._build()

    def set_volume(self, volume: float) -> None:
        volume = round(min(1.0, max(0.0, volume)) * 10) / 10
        if volume != self.settings.volume:
            self._setter("volume")(volume)
            # let the player hear the new level: a quick drag's last one, too close to
            # the one before to be played, is played as the slider is let go
            self._level_unheard = not self.app.sounds.play("place")

    def step_volume(self, direction: int) -> None:
        self.set_volume(self.settings.volume + direction * VOLUME_STEP)

    def toggle_mute(self) -> None:
        self._setter("muted")(not self.settings.muted)
        if not self.settings.muted:  # heard at its level, as M at the table plays it
            self.app.sounds.play("place")

    def _set_fullscreen(self, on: bool) -> None:
        if on != self.app.fullscreen:
            self.app.toggle_fullscreen()  # saves the setting and lays every scene out again
        self._build()

    def _shows_old_fullscreen(self) -> bool:
        shown = f"fullscreen:{self.app.fullscreen}"
        for row in self.rows:
            if row.key == "fullscreen":
                return not any(b.selected and b.key == shown for b in row.buttons)
        return False

    def back(self) -> None:
        self.go_back_to(self._back)

    # -- layout --------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        if self._shows_old_fullscreen():
            self._build()  # F11 (or the window manager) changed it here: rows anew
            return
        super().resize(size)
        put_out(b for _i, b in self._targets())
        w = size[0]
        s = self.scale = theme.ui_scale(size)
        self.margin = margin = int(24 * s)
        # A screen standing up has no width for a label and its controls side by side
        # (the volume's Mute went off the screen): each label takes a line above them
        self.stacked = theme.standing(size)
        label_units = LABEL_LINE if self.stacked else 0.0
        # where the rows are too tight for a finger's target (eleven of them at 800x600),
        # the card backs' row is as high as the others and the panel's edges narrower;
        # tighter still, Back goes up into the title bar and the bottom bar goes
        for tight, one_bar in ((False, False), (True, False), (True, True)):
            self.title_bar, self.bottom_bar = screen_bars(size, s)
            if one_bar:
                self.title_bar.height = max(self.title_bar.height, theme.SMALLEST_BUTTON + 12)
                self.bottom_bar = pygame.Rect(0, size[1], w, 0)
            top = self.title_bar.bottom + margin // 2
            bottom = self.bottom_bar.top - (margin // 4 if one_bar else margin // 2)
            weights = [min(r.weight, 1.0) if tight else r.weight for r in self.rows]
            edge = margin // 4 if tight else margin
            units = sum(weight + label_units for weight in weights)
            unit = int(min((bottom - top - edge) / units, max(64, 84 * s)))
            if unit - 8 >= theme.SMALLEST_BUTTON:
                break
        self.one_bar = one_bar
        panel_w = min(w - 2 * margin, max(int(1000 * s), 760))
        self.panel = pygame.Rect(0, 0, panel_w, int(unit * units) + edge)
        self.panel.midtop = (w // 2, top + max(0, (bottom - top - self.panel.height) // 3))
        self.button_size = max(12, int(unit * 0.72 * 0.42))
        # the labels' column: as wide as the widest label, up to two fifths of the panel;
        # a label wider than that (Russian ones are long) gets a smaller size, never
        # the controls' place
        room = int(panel_w * (0.9 if self.stacked else 0.4))
        self.label_size = max(15, int(21 * s))
        while True:
            label_font = theme.font(self.label_size)
            widest = max(label_font.size(r.label)[0] for r in self.rows)
            if widest + int(margin * 1.5) <= room or self.label_size <= 11:
                break
            self.label_size -= 1
        label_w = 0 if self.stacked else min(room, widest + int(margin * 1.5))
        label_h = int(unit * label_units)
        # a finger's target even where the rows are tight (ten of them at 800x600)
        button_h = max(int(unit * 0.72), min(theme.SMALLEST_BUTTON, unit - 8))
        y = self.panel.y + edge // 2
        for row, weight in zip(self.rows, weights, strict=True):
            row.rect = pygame.Rect(
                self.panel.x + margin // 2, y, panel_w - margin, label_h + int(unit * weight)
            )
            y = row.rect.bottom
            row.controls = pygame.Rect(
                row.rect.x + (label_w or margin // 2),
                row.rect.y + label_h,
                row.rect.width - (label_w or margin // 2) - margin // 2,
                row.rect.height - label_h,
            )
            row.label_y = row.rect.y + label_h // 2 if self.stacked else row.rect.centery
            self._place(row, row.controls, button_h)
        bar = self.title_bar if self.one_bar else self.bottom_bar
        back_h = theme.SMALLEST_BUTTON if self.one_bar else int(bar.height * 0.72)
        layout_row([self.back_button], bar.inflate(-2 * margin, 0), back_h, 0, "right")
        # the notes in one size, each where it is read whole (see _note_size)
        fits = {row.key: self._note_size(row) for row in self.rows if row.note}
        self.noted = {key for key, size in fits.items() if size}
        self.notes_size = min((size for size in fits.values() if size), default=0)

    def _place(self, row: SettingRow, area: pygame.Rect, height: int) -> None:
        gap = max(4, height // 6)
        if row.key == "volume":
            minus, track, plus, mute = row.buttons
            font = theme.font(self.button_size, bold=True)
            mute_w = font.size(mute.label)[0] + height
            pct_w = font.size(i18n.percent(1.0))[0] + gap
            track_w = max(height * 2, area.width - 2 * height - mute_w - pct_w - 3 * gap)
            x, y = area.x, area.centery - height // 2
            for b, bw in ((minus, height), (track, track_w), (plus, height)):
                b.rect = pygame.Rect(x, y, bw, height)
                x += bw + gap
            mute.rect = pygame.Rect(x + pct_w, y, mute_w, height)
            self.percent_at = (x, area.centery)
            return
        if row.key == "card_back":
            card_h = int(area.height * 0.84)
            card_w = int(card_h / 1.4)
            # a finger's width round each card: 35 px at 1024x600, where every other
            # button took 40 or more
            width = max(card_w + 8, theme.SMALLEST_BUTTON)
            x = area.x
            for b in row.buttons:
                b.rect = pygame.Rect(x, area.centery - card_h // 2 - 4, width, card_h + 8)
                x = b.rect.right + gap * 2
            return
        font = theme.font(self.button_size, bold=True)
        width = max(font.size(b.label)[0] for b in row.buttons) + height
        count = len(row.buttons)
        width = min(width, (area.width - gap * (count - 1)) // count)
        for i, b in enumerate(row.buttons):
            b.rect = pygame.Rect(
                area.x + i * (width + gap), area.centery - height // 2, width, height
            )

    # -- input ---------------------------------------------------------------------

    def _targets(self) -> list[tuple[int, Button]]:
        found = [(i, b) for i, row in enumerate(self.rows) for b in row.buttons]
        return [*found, (len(self.rows), self.back_button)]

    def button_at(self, pos: tuple[int, int]) -> tuple[int, Button] | None:
        """The button under a point, or the nearest within the touch margin."""
        targets = self._targets()
        found = button_at((b for _i, b in targets), pos, HIT_MARGIN)
        return next(((i, b) for i, b in targets if b is found), None)

    def button(self, key: str) -> Button:
        """The button with this key (tests and keyboard shortcuts use it)."""
        return next(b for _i, b in self._targets() if b.key == key)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == POINTER_DOWN and event.button == 1:
            found = self.button_at(event.pos)
            if found:
                self.focus, self._pressed = found
                self._pressed.pressed = True
                if self._pressed.key == "volume:track":
                    self._sliding = True
                    self._slide(event.pos)
                self.redraw = True
            return True
        if event.type == POINTER_MOVE:
            if self._sliding and event.held:
                self._slide(event.pos)
            self._hover(event.pos if event.source != "touch" else None)
            return True
        if event.type == POINTER_UP:
            if self._sliding and self._level_unheard:
                self._level_unheard = not self.app.sounds.play("place")
            pressed, self._pressed, self._sliding = self._pressed, None, False
            if pressed:
                pressed.pressed = False
                self.redraw = True
                found = self.button_at(event.pos)
                if found and found[1] is pressed:
                    pressed.action()
            return True
        return False

    def pointer_holds(self) -> bool:
        return self._pressed is not None or self._sliding

    def pointer_lost(self) -> None:
        """The press's release will not come: nothing stays pressed, nor slides on."""
        pressed, self._pressed, self._sliding = self._pressed, None, False
        if pressed:
            pressed.pressed = False
            self.redraw = True

    def _slide(self, pos: tuple[int, int]) -> None:
        track = self.button("volume:track").rect
        self.set_volume((pos[0] - track.x) / max(1, track.width))
        self._pressed = self.button("volume:track")

    def _hover(self, pos: tuple[int, int] | None) -> None:
        """The buttons under the mouse at `pos` lit; none under a finger (None)."""
        for _i, b in self._targets():
            hot = pos is not None and b.hit(pos)
            if hot != b.hot:
                b.hot = hot
                self.redraw = True

    def _key(self, event: pygame.event.Event) -> bool:
        shown, self.keyboard = self.keyboard, True
        key, count = event.key, len(self.rows) + 1
        backwards = key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
        if key == pygame.K_ESCAPE:
            self.back()
        elif not shown and key in FOCUS_KEYS:
            pass  # the first key shows where the focus is, as in the menu: on Language
        elif key == pygame.K_UP or backwards:
            self.focus = (self.focus - 1) % count
        elif key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % count
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus < len(self.rows):
            self.rows[self.focus].step(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus < len(self.rows):
                self.rows[self.focus].activate()
            else:
                self.back()
        else:
            return False
        self.redraw = True
        return True

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.title_bar)
        pygame.draw.rect(surface, theme.PANEL, self.bottom_bar)
        size = max(20, int(32 * self.scale))
        title = draw_text(
            surface,
            _("Settings"),
            size,
            (self.margin, self.title_bar.centery),
            theme.GOLD,
            "midleft",
            serif=True,
        )
        panel = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        radius = max(6, self.margin // 2)
        pygame.draw.rect(panel, (*theme.PANEL, 170), panel.get_rect(), border_radius=radius)
        surface.blit(panel, self.panel)
        for i, row in enumerate(self.rows):
            self._draw_row(surface, row, focused=self.keyboard and i == self.focus)
            fits = row.key in self.noted
            row.note_drawn = self._draw_note(surface, row, self.notes_size) if fits else None
        # Left and Right change the value at once, as a game's settings do
        hint = _("↑↓: choose · ←→ or Enter: change · Esc: back")
        hint_size = max(12, int(15 * self.scale))
        # with one bar, the keys are said between the title and Back
        left = title.right + self.margin if self.one_bar else self.margin
        width = self.back_button.rect.left - self.margin - left
        if self.names_keys() and theme.font(hint_size).size(hint)[0] < width:
            bar = self.title_bar if self.one_bar else self.bottom_bar
            draw_text(surface, hint, hint_size, (left, bar.centery), theme.INK_DIM, "midleft")
        self.back_button.focused = self.keyboard and self.focus == len(self.rows)
        self.back_button.draw(surface, max(11, int(self.back_button.rect.height * 0.42)))
        return [surface.get_rect()]

    def _draw_row(self, surface: pygame.Surface, row: SettingRow, focused: bool) -> None:
        if focused:
            pygame.draw.rect(surface, theme.FELT_DARK, row.rect, border_radius=self.margin // 3)
            edge = max(2, int(3 * self.scale))
            pygame.draw.rect(surface, theme.FOCUS, row.rect, edge, border_radius=self.margin // 3)
        x = row.rect.x + self.margin // 2
        draw_text(surface, row.label, self.label_size, (x, row.label_y), theme.INK, "midleft")
        if row.key == "volume":
            self._draw_volume(surface, row)
        elif row.key == "card_back":
            self._draw_backs(surface, row)
        else:
            for b in row.buttons:
                self._draw_button(surface, b)
        if row.key in PREVIEW_CARDS:
            self._draw_cards_preview(surface, row, PREVIEW_CARDS[row.key])

    def _note_place(self, row: SettingRow) -> tuple[int, int]:
        """Where the row's note goes: its left edge and its width, beside the buttons."""
        x = row.buttons[-1].rect.right + self.margin
        return x, row.rect.right - self.margin // 2 - x

    def _note_size(self, row: SettingRow) -> int | None:
        """The largest size the row's note is read whole at in the lines the row's
        height holds with half a line to spare (a note of three lines filled its row,
        and ran into the next row's as one paragraph); None where it would not be."""
        _x, width = self._note_place(row)
        for size in range(max(11, self.label_size * 4 // 5), 10, -1):
            font = theme.font(size)
            step = font.get_linesize()
            if len(wrap(row.note, font, width)) * step + step // 2 <= row.rect.height:
                return size if width >= 8 * size else None
        return None

    def _draw_note(self, surface: pygame.Surface, row: SettingRow, size: int) -> pygame.Rect:
        """The row's note beside its buttons at `size`, the notes' one size (see
        _note_size: in Russian one was set smaller than the one above it)."""
        x, width = self._note_place(row)
        font = theme.font(size)
        lines, step = wrap(row.note, font, width), font.get_linesize()
        y = row.controls.centery - len(lines) * step // 2
        drawn = pygame.Rect(x, y, 0, 0)
        for line in lines:
            drawn.union_ip(draw_text(surface, line, size, (x, y), theme.INK_DIM))
            y += step
        return drawn

    def _draw_button(self, surface: pygame.Surface, b: Button) -> None:
        b.draw(surface, self.button_size)
        if b.selected:  # the chosen value must stand out at a glance
            radius = max(4, b.rect.height // 4)
            pygame.draw.rect(surface, theme.GOLD, b.rect, max(3, int(3 * self.scale)), radius)

    def _draw_volume(self, surface: pygame.Surface, row: SettingRow) -> None:
        minus, track, plus, mute = row.buttons
        for b in (minus, plus, mute):
            self._draw_button(surface, b)
        s = self.settings
        bar = track.rect.inflate(-track.rect.height // 4, -track.rect.height * 2 // 3)
        pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = int(bar.width * s.volume)
        colour = theme.DISABLED if s.muted else theme.GOLD
        if filled.width:
            pygame.draw.rect(surface, colour, filled, border_radius=bar.height // 2)
        knob = (bar.x + filled.width, bar.centery)
        pygame.draw.circle(surface, theme.INK, knob, track.rect.height // 3)
        pygame.draw.circle(surface, colour, knob, track.rect.height // 3, 2)
        text = i18n.percent(s.volume)
        draw_text(surface, text, self.button_size, self.percent_at, theme.INK, "midleft", bold=True)

    def _draw_backs(self, surface: pygame.Surface, row: SettingRow) -> None:
        s = self.settings
        for b, name in zip(row.buttons, CARD_BACKS, strict=True):
            card_h = b.rect.height - 8  # the button's width may be a finger's, not the card's
            card = pygame.Rect(0, 0, int(card_h / 1.4), card_h)
            card.center = b.rect.center
            art = card_art(max(20, card.width), s.four_colour, name, s.letters, s.large_corners)
            surface.blit(art.back(), card)
            if b.selected or b.hot:
                colour = theme.GOLD if b.selected else theme.BUTTON_EDGE
                edge = max(3, int(3 * self.scale))
                pygame.draw.rect(surface, colour, b.rect, edge, border_radius=self.margin // 3)

    def _draw_cards_preview(
        self, surface: pygame.Surface, row: SettingRow, cards: tuple[str, ...]
    ) -> None:
        """A few cards beside a toggle, so the player sees what it does."""
        last = row.buttons[-1].rect
        card_h = int(row.controls.height * 0.8)
        card_w = max(20, int(card_h / 1.4))
        art = card_art(card_w, *self.settings.deck)
        x = last.right + self.margin
        for card in cards:
            if x + art.width > row.rect.right - self.margin // 2:
                break
            surface.blit(art.face(card), (x, row.controls.centery - art.height // 2))
            x += art.width + self.margin // 3
