"""Three initials for a high-score table, arcade style: a letter wheel per place.

Made for touch alone (a kiosk has no keyboard): big arrows above and below
each letter, the letter itself on a playing card, and a large OK. A keyboard
works too: arrows turn and move, typing a letter sets it, Enter is OK.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import _
from game.render.cards import BLACK, RED
from game.render.preview import fill_translucent
from game.scenes.base import Scene
from game.scenes.pad_scene import PadScene
from game.ui import theme
from game.ui.pad import draw_ring, runs_by
from game.ui.pointer import POINTER_DOWN, POINTER_MOVE, POINTER_UP
from game.ui.widgets import Button, draw_text, fitting_size, px

if TYPE_CHECKING:
    from game.app import App

DIGITS = "0123456789"
PLACES = 3


# Latin and Cyrillic capitals drawn alike: a wheel holds each look once, as the
# player's alphabet has it ("НББ" went into a table as a Latin H and two Cyrillic Б)
LOOK_ALIKES = dict(zip("ABCEHKMOPTXY", "АВСЕНКМОРТХУ", strict=True))
LOOK_ALIKES |= {cyrillic: latin for latin, cyrillic in LOOK_ALIKES.items()}


def wheel() -> str:
    """The letters a place turns through: the player's alphabet first, then the others
    but for the letters that look like one already on it."""
    letters = ""
    for c in i18n.alphabets():
        if c not in LOOK_ALIKES or LOOK_ALIKES[c] not in letters:
            letters += c
    return letters + DIGITS


def on_wheel(char: str) -> str:
    """The wheel's letter for a character typed: itself, or the letter it looks like
    (a Latin H typed by a Russian player is the wheel's Н); empty if none."""
    letters = wheel()
    if char in letters:
        return char
    alike = LOOK_ALIKES.get(char, "")
    return alike if alike and alike in letters else ""


def clean_initials(text: str) -> str:
    """Three places of the wheel; anything else becomes the wheel's first letter."""
    letters = wheel()
    chosen = [on_wheel(c) for c in text.upper() if on_wheel(c)][:PLACES]
    return "".join(chosen).ljust(PLACES, letters[0])


class InitialsScene(PadScene):
    """`done(initials)` gives the scene to go to once the player says OK."""

    def __init__(
        self,
        app: App,
        title: str,
        subtitle: str,
        initials: str,
        done: Callable[[str], Scene],
        outcome: str = "",
        celebrate: bool = True,
        game_id: int | None = None,
    ) -> None:
        super().__init__(app)
        # the saved game whose place this is, held against other windows while asked:
        # one started meanwhile took it for a place missed (a window closed before its
        # initials) and entered it under its own letters
        self.game_id = game_id
        self.title = title
        self.subtitle = subtitle
        self.outcome = outcome  # how the game ended, above the title (see after_game)
        self.celebrate = celebrate  # the title in gold: a win's, not a loss's
        self.letters = list(clean_initials(initials))
        self.place = 0
        # Tab's stop after the last letter (and Shift+Tab's before the first): Tab stayed
        # on the third letter, where every other screen's Tab reaches its buttons
        self.on_ok = False
        self.done = done
        self.finished = False
        self.changed = False  # the player has turned or typed a letter
        # the initials a place left before any letter was chosen is kept under, where
        # not those shown (a kiosk's blank letters are no one's: see exit)
        self.initials_if_untouched: str | None = None
        # the character the last key down typed: its own text event, which follows it,
        # is not typed again
        self.typed_by_key = ""
        # the letters as the table will show them (a kiosk hides swear words)
        self.shown: Callable[[str], str] = str
        self.cards: list[pygame.Rect] = []
        self.title_drawn = pygame.Rect(0, 0, 0, 0)
        self.subtitle_drawn = pygame.Rect(0, 0, 0, 0)
        self.keys_drawn: pygame.Rect | None = None  # the line of keys, where it was drawn
        # ↑ or ↓ held down, and for how long: it turns on, as the arrows on the screen
        # do (SDL repeats no key here: a held key turned the letter once)
        self.held_key: tuple[int, float, int] | None = None  # the key, how long, its place

    @property
    def initials(self) -> str:
        return "".join(self.letters)

    # -- changing the letters ----------------------------------------------------------

    def turn(self, place: int, step: int) -> None:
        letters = wheel()
        current = letters.find(self.letters[place])
        self.letters[place] = letters[(current + step) % len(letters)]
        self.place, self.on_ok = place, False
        self.changed = True
        self.layout()

    def choose(self, place: int) -> None:
        # a letter chosen, however (an arrow clicked, a card tapped): the ring leaves OK
        self.place, self.on_ok = place, False
        self.layout()

    def type_letter(self, char: str) -> None:
        # one letter of the wheel: "ﬆ" upper-cases to "ST", and an input method may
        # send several characters at once
        letter = on_wheel(char.upper()) if len(char.upper()) == 1 else ""
        if letter:
            self.on_ok = False
            self.letters[self.place] = letter
            self.place = min(PLACES - 1, self.place + 1)
            self.changed = True
            self.layout()

    def accept(self) -> None:
        if self.finished:
            return
        self.finished = True  # one entry, however many times OK is pressed
        # entered now, not as the fade ends: a game closed in its 0.1 s lost the letters,
        # and the place went in under the last initials at the next start
        self.app.switch(self.enter_place(self.initials))

    def enter_place(self, initials: str) -> Scene:
        """The place entered under these letters, as shown; the scene `done` gives."""
        return self.done(self.shown(initials))

    def back(self) -> None:
        self.accept()  # the place in the table is earned: Esc keeps it under these letters

    def enter(self) -> None:
        super().enter()
        if self.game_id is not None:
            self.app.records.hold(self.game_id)

    def exit(self) -> None:
        if not self.finished:
            # left another way than OK or Esc (a file dropped on the window, a quit
            # asked about first, the window closed): the place earned is kept under the
            # letters shown, not lost with them (entered at the next start under the
            # last ones, or never, another game finished first)
            self.finished = True
            untouched = self.initials_if_untouched is not None and not self.changed
            self.enter_place(self.initials_if_untouched if untouched else self.initials)
        super().exit()
        self.app.records.release(self.game_id, finished=True)

    # -- scene ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            # text no key down brought: xdotool's, or an input method's (Russian letters
            # typed so changed nothing)
            if event.text != self.typed_by_key:
                for char in event.text:
                    self.type_letter(char)
            self.typed_by_key = ""
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            unicode = getattr(event, "unicode", "")
            self.typed_by_key = unicode if unicode.isprintable() else ""
            if self.arriving_press(event):
                return True  # the table's press, or its key repeated: not this screen's yet
            self.held_key = None  # another key: ↑ or ↓ held turns the place it began on
            if key == pygame.K_TAB:
                self._tab(backwards=bool(event.mod & pygame.KMOD_SHIFT))
                return True
            if self.on_ok and key in (pygame.K_LEFT, pygame.K_BACKSPACE):
                self.choose(PLACES - 1)  # back from OK: the letter before it
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.accept()
            elif key == pygame.K_ESCAPE:
                self.back()
            elif key in (pygame.K_UP, pygame.K_DOWN):
                self.turn(self.place, 1 if key == pygame.K_UP else -1)
                self.held_key = (key, 0.0, self.place)
            elif key in (pygame.K_LEFT, pygame.K_BACKSPACE):
                self.choose(max(0, self.place - 1))
            elif key == pygame.K_RIGHT:
                self.choose(min(PLACES - 1, self.place + 1))
            elif unicode:
                self.type_letter(unicode)
            else:
                return False
            return True
        if event.type == pygame.KEYUP and self.held_key and event.key == self.held_key[0]:
            self.held_key = None
        if event.type in (POINTER_DOWN, POINTER_MOVE, POINTER_UP):
            return self.pad_event(event)
        return False

    def pointer_lost(self) -> None:
        super().pointer_lost()
        self.held_key = None  # its release may go to the window that took the focus

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.held_key is not None:
            # the place it began on, whatever the mouse chose since ("ABC" held ↑ on A,
            # then C clicked, came out "PBP")
            key, held_s, place = self.held_key
            self.held_key = (key, held_s + dt, place)
            for _ in range(runs_by(held_s + dt) - runs_by(held_s)):
                self.turn(place, 1 if key == pygame.K_UP else -1)

    # -- layout and drawing ------------------------------------------------------------

    def layout(self) -> None:
        w, h = self.size
        s = self.scale = theme.ui_scale(self.size)
        big = s * 1.3  # a kiosk's finger needs room: everything here is larger than elsewhere
        card_w, card_h = px(112, big, 76), px(156, big, 106)
        arrow_h = max(px(64, big, 48), 48)
        gap = px(28, s, 16)
        total_w = PLACES * card_w + (PLACES - 1) * gap
        top = h // 2 - (card_h + 2 * arrow_h + 2 * px(10, s, 6)) // 2 + px(30, s, 16)
        x0 = w // 2 - total_w // 2
        buttons: list[Button] = []
        self.cards = []
        for i in range(PLACES):
            x = x0 + i * (card_w + gap)
            # up is the next letter (A to B), as on an arcade's wheel
            up = Button("▲", partial(self.turn, i, 1), key=f"up{i}", repeats=True)
            up.rect = pygame.Rect(x, top, card_w, arrow_h)
            card = pygame.Rect(x, up.rect.bottom + px(10, s, 6), card_w, card_h)
            pick = Button("", partial(self.choose, i), key=f"place{i}")
            pick.rect = card
            down = Button("▼", partial(self.turn, i, -1), key=f"down{i}", repeats=True)
            down.rect = pygame.Rect(x, card.bottom + px(10, s, 6), card_w, arrow_h)
            buttons += [up, pick, down]
            self.cards.append(card)
        ok = Button(_("OK"), self.accept, key="ok", selected=True)
        ok_w, ok_h = max(px(220, big), total_w // 2), max(px(64, big, 48), 48)
        ok.rect = pygame.Rect(w // 2 - ok_w // 2, buttons[-1].rect.bottom + gap, ok_w, ok_h)
        if ok.rect.bottom > h - px(12, s, 8):
            ok.rect.bottom = h - px(12, s, 8)
        self.pad.set([*buttons, ok])
        self.redraw = True

    def _tab(self, backwards: bool) -> None:
        """Tab goes round the letters and OK, Shift+Tab the other way."""
        stops = PLACES + 1  # the letters, then OK
        at = PLACES if self.on_ok else self.place
        at = (at + (-1 if backwards else 1)) % stops
        self.on_ok = at == PLACES
        if not self.on_ok:
            self.choose(at)
        self.redraw = True

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        s, (w, _h) = self.scale, self.size
        surface.blit(theme.felt(self.size), (0, 0))
        first = self.pad.buttons[0].rect
        title_y = first.top - px(96, s, 60)
        # each line smaller before it runs off a narrow window: standing up, in Russian,
        # the day's table's subtitle was cut at both ends
        room = w - px(32, s, 16)
        sub, least = px(20, s, 13), px(13, s, 11)
        if self.outcome:
            where = (w // 2, title_y - px(12, s, 8))
            size = fitting_size(self.outcome, sub, room, least, bold=True)
            draw_text(surface, self.outcome, size, where, theme.INK, "midbottom", bold=True)
        colour = theme.GOLD if self.celebrate else theme.INK
        # a game's ending is its title now
        size = fitting_size(self.title, px(40, s, 24), room, least=px(20, s, 14), serif=True)
        self.title_drawn = draw_text(
            surface, self.title, size, (w // 2, title_y), colour, "midtop", serif=True
        )
        size = fitting_size(self.subtitle, sub, room, least)
        where = (w // 2, first.top - px(36, s, 22))
        self.subtitle_drawn = draw_text(surface, self.subtitle, size, where, theme.INK, "midtop")
        for b in self.pad.buttons:
            if b.key.startswith("place"):
                continue
            b.draw(surface, max(14, int(b.rect.height * (0.5 if b.key != "ok" else 0.42))))
        if self.on_ok:
            draw_ring(surface, self.pad.get("ok").rect, s)
        for i, card in enumerate(self.cards):
            chosen = i == self.place and not self.on_ok
            self._draw_card(surface, card, self.letters[i], chosen, red=i % 2 == 1)
        self.keys_drawn = self._draw_keys(surface) if self.names_keys() else None
        return [surface.get_rect()]

    def _draw_keys(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The keys, at the foot where there is room under OK: a keyboard player saw
        the arrows drawn for a finger and guessed the rest (see Scene.names_keys)."""
        s, (w, h) = self.scale, self.size
        text = _("Type the letters, or turn one with ↑↓ · ←→: move · Enter: OK")
        size = max(12, int(15 * s))
        font = theme.font(size)
        bottom = h - px(12, s, 8)
        ok = self.pad.get("ok").rect
        if font.size(text)[0] > w - px(32, s, 16) or bottom - font.get_linesize() < ok.bottom:
            return None
        return draw_text(surface, text, size, (w // 2, bottom), theme.INK_DIM, "midbottom")

    def _draw_card(
        self, surface: pygame.Surface, card: pygame.Rect, letter: str, chosen: bool, red: bool
    ) -> None:
        """The letter on a card face, the chosen place (where typing and the arrows act)
        edged in the focus ring's blue, as the keyboard's place is shown on every screen: in
        gold beside the gold-edged OK, it read as a second thing chosen. The ring round it
        too: the blue edge alone, on the white face, stood out at 1.9:1."""
        s = self.scale
        radius = max(6, card.width // 10)
        shadow = card.move(px(4, s, 2), px(6, s, 3))
        fill_translucent(surface, shadow, (0, 0, 0), 90, radius)
        pygame.draw.rect(surface, (250, 247, 238), card, border_radius=radius)
        edge = theme.FOCUS if chosen else (190, 180, 160)
        pygame.draw.rect(
            surface, edge, card, width=px(4, s, 3) if chosen else 1, border_radius=radius
        )
        if chosen:
            draw_ring(surface, card, s)
        ink = RED if red else BLACK  # the suits' red and black
        size = int(card.height * 0.55)
        width = theme.font(size, serif=True).size(letter)[0]
        if width > card.width * 0.78:  # a wide letter (Ж, Ш) still sits inside the card
            size = int(size * card.width * 0.78 / width)
        draw_text(surface, letter, size, card.center, ink, "center", serif=True)
        corner = max(11, card.height // 8)
        inset = px(8, s, 5)
        draw_text(surface, letter, corner, (card.x + inset, card.y + inset), ink, bold=True)
        where = (card.right - inset, card.bottom - inset)
        draw_text(surface, letter, corner, where, ink, "bottomright", bold=True)
