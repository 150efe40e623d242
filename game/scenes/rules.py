"""The rules screen: a ruleset's text, scrollable, beside an annotated picture of its table.

The text scrolls with the wheel, the arrow and page keys, or a drag (a swipe
glides on); the picture and notes (values of the pyramid games, the options in
play) are in game.scenes.rules_picture.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import _
from game.rules import get_ruleset
from game.scenes.base import Scene
from game.scenes.rules_picture import PICTURE_RATIO, LayoutPicture, Notes, sample_game
from game.ui import theme
from game.ui.pointer import POINTER_DOWN, POINTER_MOVE, POINTER_UP
from game.ui.widgets import (
    Button,
    button_at,
    draw_text,
    layout_row,
    put_out,
    screen_bars,
    words_of,
)

if TYPE_CHECKING:
    from game.app import App


def keys_text(pairs_cards: bool = False) -> str:
    """The table's keys, closing every ruleset's rules (in the language of the moment):
    in the pyramid games Enter picks a card and then its pair, where the building games
    pick a card up and put it down."""
    if pairs_cards:
        return _(
            "Keys. Arrows or Tab move the focus; Enter picks a card, then the card it pairs"
            " with, or removes a King; Shift+Enter pairs a card with its only partner free;"
            " Space turns the stock. U or Ctrl+Z: undo, R or Ctrl+Y: redo, H: hint, D: demo"
            " (+ and −: its speed), N: new deal, F5: restart, G twice: give up, M: sound on or"
            " off, F1: rules, F11: full screen, Esc: back."
        )
    return _(
        "Keys. Arrows or Tab move the focus; Enter picks a card up and puts it down;"
        " Shift+Enter sends a card home; Space turns the stock. U or Ctrl+Z: undo, R or"
        " Ctrl+Y: redo, H: hint, D: demo (+ and −: its speed), F: finish, N: new deal, F5:"
        " restart, G twice: give up, M: sound on or off, F1: rules, F11: full screen, Esc:"
        " back."
    )


def verdict_text(fortune: bool = False, two_decks: bool = False) -> str:
    """What the top bar's verdict says, after the rules: a new player met "Undecided"
    on a deal of two packs with no word of what it meant anywhere. A fortune's keeps it
    while the wish counts (TableFacts.verdict_kept), where its rules said "after each
    move", and a player looked for it in vain. Only the rules of two packs say the
    search may take its minute: a pack's deals are decided within a second or two,
    and a player of Pyramid 36 read of two packs in its rules."""
    kept = _(
        "While a wish counts, the bar keeps the verdict to itself: the cards give the"
        " answer. It shows once the wish no longer counts (a hint or the demo had, the"
        " deal played before, a card put back on the stock)."
    )
    said = _(
        "The verdict. After each move the top bar says what the solver found from there:"
        " “{won}”, a way to win; “{lost}”, proven, and the game is then played for the"
        " fewest points left; “{checking}” while it looks, and “{still}” while it looks"
        " on, up to a minute; “{undecided}”, no answer in that time: the patience may"
        " still come out.",
        won=_("Can be won"),
        lost=_("No win possible"),
        checking=_("Checking…"),
        still=_("Still checking…"),
        undecided=_("Undecided"),
    )
    if two_decks:
        said += " " + _("With two packs the search often takes that minute.")
    said += " " + _("Settings can hide it.")
    return said + (f" {kept}" if fortune else "")


# A paragraph may open with a short title sentence ("Piles.", "Опустевшие стопки.").
LEAD_IN = re.compile(r"^([^\W\d]+(?: [^\W\d]+)?\.)\s+(.+)$", re.DOTALL)


@dataclass
class TextLine:
    """One wrapped line of the rules: an optional bold lead-in, then the text."""

    text: str
    lead: str = ""
    style: str = "body"  # "body" or "summary"
    gap_before: bool = False  # the first line of a paragraph

    @property
    def full(self) -> str:
        return f"{self.lead} {self.text}".strip()


def wrap_paragraphs(
    text: str, style: str, body: pygame.font.Font, bold: pygame.font.Font, width: int
) -> list[TextLine]:
    """Wrap paragraphs (separated by blank lines) to `width`; a title sentence is set bold."""
    lines: list[TextLine] = []
    for paragraph in (p.strip() for p in text.split("\n\n")):
        if not paragraph:
            continue
        match = LEAD_IN.match(paragraph)
        lead, rest = (match.group(1), match.group(2)) if match else ("", paragraph)
        room = width - (bold.size(lead + " ")[0] if lead else 0)
        line, first = "", True
        for word in words_of(rest):
            trial = f"{line} {word}" if line else word
            if line and body.size(trial)[0] > room:
                lines.append(TextLine(line, lead if first else "", style, first))
                line, first, room = word, False, width
            else:
                line = trial
        lines.append(TextLine(line, lead if first else "", style, first))
    return lines


class RulesScene(Scene):
    """The rules of one ruleset: its text scrolls, a picture shows and names its table."""

    def __init__(
        self,
        app: App,
        ruleset_id: str,
        options: dict[str, object] | None = None,
        back: Callable[[], Scene] | None = None,
        play: Callable[[], None] | None = None,
        preface: str = "",
    ) -> None:
        """`play`, when given, deals the game these rules are of: a Play button beside
        Back (a kiosk's chooser, where Rules then Back then Play was the way). `preface`,
        paragraphs read before the patience's own (an arcade run's rules)."""
        super().__init__(app)
        self.ruleset = get_ruleset(ruleset_id)
        self.game = sample_game(self.ruleset, options)
        # no options given: the rules of a patience not chosen, read from the menu
        self.options_chosen = options is not None
        self._back = back
        self.back_button = Button(_("Back"), self.back, key="back")
        self.buttons = [self.back_button]
        if play is not None:
            self.buttons.insert(0, Button(_("Play"), play, key="play", selected=True))
        self.preface = preface
        self.lines: list[TextLine] = []
        self.scroll = 0.0
        self.max_scroll = 0.0
        self._drag: tuple[float, float] | None = None  # pointer y and scroll at the press
        self._velocity = 0.0  # pixels per second after a swipe
        self._last_move = (0.0, 0.0)  # y and time of the last drag step
        self.resize(app.size)

    # -- layout --------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        put_out(self.buttons)
        w, h = size
        s = self.scale = theme.ui_scale(size)
        margin = self.margin = int(24 * s)
        self.title_bar, self.bottom_bar = screen_bars(size, s)
        # on a kiosk, Back is a finger's height: it is the one way out by touch
        least = theme.FINGER if self.app.kiosk is not None else 0
        if (grow := least + int(8 * s) - self.bottom_bar.height) > 0 and least:
            self.bottom_bar.y -= grow
            self.bottom_bar.height += grow
        body = pygame.Rect(margin, self.title_bar.bottom + margin // 2, w - 2 * margin, 0)
        body.height = self.bottom_bar.top - margin // 2 - body.y
        self.text_size = max(14, int(19 * s))
        label_size = max(11, int(15 * s))
        self.notes = Notes(self.game, max(12, int(17 * s)), self.app.settings, self.options_chosen)
        if w >= h * 1.15:  # wide: text on the left, picture and notes on the right
            col_w = int(body.width * 0.44)
            self.text_rect = pygame.Rect(body.x, body.y, body.width - col_w - margin, body.height)
            column = pygame.Rect(self.text_rect.right + margin, body.y, col_w, body.height)
            notes_h = min(self.notes.height(col_w), column.height // 2)
            pic_h = min(column.height - notes_h - margin // 2, int(col_w / PICTURE_RATIO))
            pic = pygame.Rect(column.x, column.y, int(pic_h * PICTURE_RATIO), pic_h)
            pic.centerx = column.centerx
            self.notes.rect = pygame.Rect(column.x, pic.bottom + margin // 2, col_w, 0)
            self.notes.rect.height = column.bottom - self.notes.rect.y
        else:  # narrow: picture and notes side by side above the text
            band = pygame.Rect(body.x, body.y, body.width, int(body.height * 0.42))
            pic_w = min(int(band.height * PICTURE_RATIO), int(band.width * 0.62))
            pic = pygame.Rect(band.x, band.y, pic_w, int(pic_w / PICTURE_RATIO))
            self.notes.rect = pygame.Rect(pic.right + margin // 2, band.y, 0, band.height)
            self.notes.rect.width = band.right - self.notes.rect.x
            self.text_rect = pygame.Rect(body.x, pic.bottom + margin // 2, body.width, 0)
            self.text_rect.height = body.bottom - self.text_rect.y
        settings = self.app.settings
        self.picture = LayoutPicture(self.game, pic, settings.deck, label_size)
        button_h = max(least, int(self.bottom_bar.height * 0.72))
        gap = int(12 * s)
        layout_row(self.buttons, self.bottom_bar.inflate(-2 * margin, 0), button_h, gap, "right")
        self._wrap()

    def _wrap(self) -> None:
        lang = i18n.language() if i18n.language() in self.ruleset.text else "en"
        texts = self.ruleset.text[lang]
        body = theme.font(self.text_size)
        bold = theme.font(self.text_size, bold=True)
        self.pad = self.text_size
        width = self.text_rect.width - 2 * self.pad
        self.lines = wrap_paragraphs(self.preface, "body", body, bold, width)
        self.lines += wrap_paragraphs(texts["summary"], "summary", body, bold, width)
        self.lines += wrap_paragraphs(texts["rules"], "body", body, bold, width)
        # a kiosk is played by touch, keeps its keys, and says only won or lost
        if self.app.kiosk is None:
            keys = keys_text(self.ruleset.pairs_cards)
            verdict = verdict_text(self.ruleset.tells_fortune, self.game.rules.deck.copies > 1)
            self.lines += wrap_paragraphs(verdict, "body", body, bold, width)
            self.lines += wrap_paragraphs(keys, "body", body, bold, width)
        self.line_h = body.get_linesize()
        self.gap_h = self.line_h // 2
        content = sum(self.line_h + (self.gap_h if ln.gap_before else 0) for ln in self.lines)
        self.view = self.text_rect.inflate(0, -self.pad)
        self.max_scroll = float(max(0, content + self.gap_h - self.view.height))
        self.scroll_to(self.scroll)

    def wrapped_lines(self) -> list[str]:
        """The text as it is shown, one string per line (lead-ins included)."""
        return [line.full for line in self.lines]

    # -- input ---------------------------------------------------------------------

    def scroll_to(self, y: float) -> None:
        clamped = min(self.max_scroll, max(0.0, y))
        if clamped != self.scroll:
            self.scroll = clamped
            self.redraw = True

    def back(self) -> None:
        self.go_back_to(self._back)

    def handle_event(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t == pygame.KEYDOWN:
            return self._key(event.key, event.mod)
        if t == pygame.MOUSEWHEEL:
            self._velocity = 0.0
            self.scroll_to(self.scroll - getattr(event, "precise_y", event.y) * self.line_h * 3)
            return True
        if t == POINTER_DOWN and event.button == 1:
            self._velocity = 0.0
            pressed = button_at(self.buttons, event.pos, margin=8)  # the nearest, as elsewhere
            if pressed is not None:
                pressed.pressed = self.redraw = True
            elif self.text_rect.collidepoint(event.pos):
                self._drag = (event.pos[1], self.scroll)
                self._last_move = (event.pos[1], self.app.clock.now())
            return True
        if t == POINTER_MOVE:
            return self._pointer_move(event)
        if t == POINTER_UP:
            for b in self.buttons:
                if b.pressed:
                    b.pressed = False
                    self.redraw = True
                    if b.hit(event.pos, margin=8):
                        b.action()
            if self.app.clock.now() - self._last_move[1] > 0.1:
                self._velocity = 0.0  # the finger rested before lifting: no glide
            self._drag = None
            return True
        return False

    def pointer_holds(self) -> bool:
        return self._drag is not None or any(b.pressed for b in self.buttons)

    def pointer_lost(self) -> None:
        """A button held as the window lost its focus stayed pressed, and a swipe of the
        text lifting over it later pressed it (Play dealt a game)."""
        for b in self.buttons:
            b.pressed = False
        self._drag = None
        self.redraw = True

    def _pointer_move(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            # a finger hovers nothing: a swipe that lifted over Back left it lit
            hot = event.source != "touch" and b.hit(event.pos)
            if hot != b.hot:
                b.hot = hot
                self.redraw = True
        if self._drag and event.held:
            y0, scroll0 = self._drag
            self.scroll_to(scroll0 - (event.pos[1] - y0))
            now = self.app.clock.now()
            last_y, last_t = self._last_move
            if now > last_t:
                self._velocity = -(event.pos[1] - last_y) / (now - last_t)
            self._last_move = (event.pos[1], now)
        return True

    def _key(self, key: int, mod: int = 0) -> bool:
        page = self.view.height - self.line_h
        steps = {
            pygame.K_UP: -self.line_h,
            pygame.K_DOWN: self.line_h,
            pygame.K_PAGEUP: -page,
            pygame.K_PAGEDOWN: page,
            pygame.K_SPACE: page,
            pygame.K_HOME: -self.max_scroll,
            pygame.K_END: self.max_scroll,
        }
        if key in steps:
            self._velocity = 0.0
            self.scroll_to(self.scroll + steps[key])
            return True
        focused = next((i for i, b in enumerate(self.buttons) if b.focused), None)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and focused is not None:
            self.buttons[focused].action()  # Play, once Tab has shown it the focus
            return True
        if key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.back()
            return True
        if key == pygame.K_TAB:
            # along the buttons and round: every second Tab hid the focus, and Play had
            # none to take
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            if focused is None:  # Back first, as Enter alone goes back
                shown = self.buttons.index(self.back_button)
            else:
                shown = (focused + step) % len(self.buttons)
            for i, b in enumerate(self.buttons):
                b.focused = i == shown
            self.redraw = True
            return True
        return False

    def update(self, dt: float) -> None:
        # A swipe keeps the text gliding for a moment after the finger lifts.
        if self._drag is None and abs(self._velocity) > 20:
            before = self.scroll
            self.scroll_to(self.scroll + self._velocity * dt)
            self._velocity = 0.0 if self.scroll == before else self._velocity * 0.92

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        self._draw_bars(surface)
        self._draw_text(surface)
        self.picture.draw(surface)
        self.notes.draw(surface)
        return [surface.get_rect()]

    def _draw_bars(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.title_bar)
        pygame.draw.rect(surface, theme.PANEL, self.bottom_bar)
        s, x, y = self.scale, self.margin, self.title_bar.centery
        size = max(20, int(32 * s))
        title = i18n.localized(self.ruleset.name)
        title_rect = draw_text(surface, title, size, (x, y), theme.GOLD, "midleft", serif=True)
        caption = (title_rect.right + size // 2, y + size // 8)
        draw_text(surface, _("Rules"), max(13, int(18 * s)), caption, theme.INK_DIM, "midleft")
        hint = self.scroll_hint()
        hint_size = max(12, int(15 * s))
        if theme.font(hint_size).size(hint)[0] <= self.buttons[0].rect.left - x - hint_size:
            y = self.bottom_bar.centery
            draw_text(surface, hint, hint_size, (x, y), theme.INK_DIM, "midleft")
        for b in self.buttons:
            b.draw(surface, max(11, int(b.rect.height * 0.42)))

    def scroll_hint(self) -> str:
        """How to scroll, at the foot: a touch screen is touched, not typed on or
        wheeled; and nothing of scrolling where the whole text is in sight."""
        if self.max_scroll <= 0:
            return _("Esc: back") if self.names_keys() else ""
        if not self.names_keys():
            return _("Scroll: drag the text")
        return _("Scroll: wheel, arrows, PgUp/PgDn, drag · Esc: back")

    def _draw_text(self, surface: pygame.Surface) -> None:
        r = self.text_rect
        panel = pygame.Surface(r.size, pygame.SRCALPHA)
        radius = max(6, self.text_size // 2)
        pygame.draw.rect(panel, (*theme.PANEL, 170), panel.get_rect(), border_radius=radius)
        surface.blit(panel, r)
        layer = pygame.Surface(self.view.size, pygame.SRCALPHA)
        body = theme.font(self.text_size)
        y = self.gap_h // 2 - int(self.scroll)
        for line in self.lines:
            y += self.gap_h if line.gap_before else 0
            if -self.line_h < y < layer.get_height():
                x = self.pad
                if line.lead:
                    lead = theme.font(self.text_size, bold=True).render(
                        line.lead + " ", True, theme.GOLD
                    )
                    layer.blit(lead, (x, y))
                    x += lead.get_width()
                ink = theme.INK_DIM if line.style == "summary" else theme.INK
                layer.blit(body.render(line.text, True, ink), (x, y))
            y += self.line_h
        # Lines fade out at an edge with more text beyond it, instead of being cut.
        fades = (self.scroll > 0, self.scroll < self.max_scroll)
        layer.blit(
            fade_mask(layer.get_size(), *fades), (0, 0), special_flags=pygame.BLEND_RGBA_MULT
        )
        surface.blit(layer, self.view)
        if self.max_scroll > 0:
            self._draw_scrollbar(surface)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        r = self.text_rect
        width = max(4, self.text_size // 3)
        track = pygame.Rect(r.right - width - width // 2, r.y + width, width, r.height - 2 * width)
        thumb = track.copy()
        thumb.height = max(
            width * 3, int(track.height * self.view.height / (self.view.height + self.max_scroll))
        )
        thumb.y = track.y + int((track.height - thumb.height) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, theme.FELT_DARK, track, border_radius=width // 2)
        pygame.draw.rect(surface, theme.INK_DIM, thumb, border_radius=width // 2)


@lru_cache(maxsize=8)  # a few sizes of late, not every size the window ever had
def fade_mask(size: tuple[int, int], top: bool, bottom: bool) -> pygame.Surface:
    """White, with alpha ramping to nothing at the chosen edges (for BLEND_RGBA_MULT)."""
    w, h = size
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 255))
    ramp = max(1, min(h // 4, 28))
    for i in range(ramp):
        shade = (255, 255, 255, 255 * (i + 1) // (ramp + 1))
        if top:
            mask.fill(shade, pygame.Rect(0, i, w, 1))
        if bottom:
            mask.fill(shade, pygame.Rect(0, h - 1 - i, w, 1))
    return mask
