"""Buttons, drawn in the theme and hit-tested with generous margins for touch; text
fitted, wrapped and drawn; and the measures the screens are laid out by (px,
screen_bars)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pygame

from game.ui import theme


def fitting_size(
    text: str, size: int, width: int, least: int = 10, bold: bool = False, serif: bool = False
) -> int:
    """The largest text size up to `size` (and down to `least`) at which `text` fits
    `width` pixels: a long label in a smaller size rather than cut short."""
    while size > least and theme.font(size, bold=bold, serif=serif).size(text)[0] > width:
        size -= 1
    return size


@dataclass
class Button:
    """A labelled button; `action` runs on click, tap, or Enter while focused."""

    label: str
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    hot: bool = False  # under the pointer
    pressed: bool = False
    focused: bool = False
    selected: bool = False  # a toggle that is on
    key: str = ""  # an id for tests and keyboard shortcuts
    # a figure among buttons (a replay's speed, between Slower and Faster): its label
    # alone, never pressed nor focused
    readout: bool = False
    # held down, it runs again and again (an initials wheel's arrows), so it runs at
    # the press rather than at the release
    repeats: bool = False
    # one of a row of choices (a patience, an option's values): the row is one Tab stop,
    # on its selected choice, and the arrows move within it, as a desktop's radio
    # buttons do
    group: str = ""
    # an arrow to it within its row chooses it, as a desktop's radio buttons do (an
    # option's values); a list looked through before choosing (the patiences, whose
    # rules F1 shows while ringed) keeps its choice until Enter
    chosen_by_arrows: bool = False
    # the other labels it takes in turn (Pause and Resume): laid out as wide as the
    # widest, so that its neighbours stay put when it changes
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.readout:
            self.enabled = False

    def hit(self, pos: tuple[int, int], margin: int = 0) -> bool:
        return self.enabled and self.rect.inflate(margin * 2, margin * 2).collidepoint(pos)

    def fitting_size(self, size: int, least: int = 10) -> int:
        """The largest text size up to `size` at which the label fits the button with
        some room on each side (a label edge to edge reads as cut off)."""
        return fitting_size(self.label, size, self.text_room, least, bold=True)

    @property
    def text_room(self) -> int:
        return self.rect.width - max(8, self.rect.height // 5)

    def draw(self, surface: pygame.Surface, size: int) -> None:
        r = self.rect
        if self.readout:
            text = theme.font(self.fitting_size(size), bold=True).render(
                self.label, True, theme.GOLD
            )
            surface.blit(text, text.get_rect(center=r.center))
            return
        if self.selected:
            fill = theme.BUTTON_HOVER
        elif not self.enabled:
            fill = theme.PANEL
        elif self.pressed:
            fill = theme.BUTTON_DOWN
        elif self.hot:
            fill = theme.BUTTON_HOVER
        else:
            fill = theme.BUTTON
        radius = max(4, r.height // 4)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        edge = theme.GOLD if self.selected else theme.FOCUS if self.focused else theme.BUTTON_EDGE
        # the focus's edge grows with the button: 3 px were a hairline at 4K
        if self.focused:
            width = max(3, r.height // 16)
        elif self.selected:
            width = 2 * edge_width(r.height)
        else:
            width = edge_width(r.height)
        pygame.draw.rect(surface, edge, r, width=width, border_radius=radius)
        ink = theme.INK if self.enabled else theme.DISABLED
        # a smaller size, crisp, before a shrunk image, blurred
        text = theme.font(self.fitting_size(size), bold=True).render(self.label, True, ink)
        if text.get_width() > self.text_room:
            scale = max(1, self.text_room) / text.get_width()
            text = pygame.transform.smoothscale(
                text, (int(text.get_width() * scale), int(text.get_height() * scale))
            )
        surface.blit(text, text.get_rect(center=r.center))


def row_label_size(buttons: list[Button], size: int) -> int:
    """One text size for a row of buttons: the largest up to `size` at which every
    label fits its button (fitted each alone, a row reads in several sizes)."""
    return min((b.fitting_size(size) for b in buttons if not b.readout), default=size)


def _natural_widths(buttons: list[Button], height: int) -> list[int]:
    font = theme.font(max(10, int(height * 0.42)), bold=True)
    return [max(font.size(t)[0] for t in (b.label, *b.labels)) + height for b in buttons]


def row_width(buttons: list[Button], height: int, gap: int) -> int:
    """How wide `layout_row` lays these buttons out when nothing makes it shrink them."""
    return sum(_natural_widths(buttons, height)) + gap * max(0, len(buttons) - 1)


def layout_row(
    buttons: list[Button], area: pygame.Rect, height: int, gap: int, align: str = "center"
) -> None:
    """Place buttons side by side in `area`, each as wide as its label needs, shrunk to fit."""
    if not buttons:
        return
    widths = _natural_widths(buttons, height)
    total = sum(widths) + gap * (len(buttons) - 1)
    scale = min(1.0, area.width / total) if total else 1.0
    widths = [int(w * scale) for w in widths]
    total = sum(widths) + int(gap * scale) * (len(buttons) - 1)
    x = (
        area.x
        if align == "left"
        else area.right - total
        if align == "right"
        else area.centerx - total // 2
    )
    y = area.centery - height // 2
    for b, w in zip(buttons, widths, strict=True):
        b.rect = pygame.Rect(x, y, w, height)
        x += w + int(gap * scale)


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    pos: tuple[int, int],
    colour: tuple[int, int, int] = theme.INK,
    anchor: str = "topleft",
    bold: bool = False,
    serif: bool = False,
) -> pygame.Rect:
    image = theme.font(size, bold=bold, serif=serif).render(text, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


# marks that stand alone between words and go with the word before them: an em dash, an
# en dash, and the middle dot that separates a list of options
TRAILING_MARKS = ("—", "–", "·")
# Russian particles, prepositions and conjunctions of two letters that go with the word
# after them, as a one-letter word does: the menu's Continue broke the fortune's name
# into «Сбудется — не» and «сбудется», and the rules' lines ended in «по» and «на»
LEANING_PARTICLES = frozenset(
    ("не", "ни", "по", "на", "от", "до", "за", "из", "об", "во", "ко", "со", "но")
)


def words_of(text: str) -> list[str]:
    """The words a line may break between: a no-break space (U+00A0, "№\u00a012")
    holds its neighbours together, where `str.split()` would break there too. A dash
    or a middle dot standing alone goes with the word before it, as type is set: a
    line never opens with one (the Russian keys' "F — собрать" broke into "F" and
    "— собрать", an option line into "… from the" and "· Cards onto piles"). And a
    count goes with the word after it: "3" closed a line and "lives" opened the next;
    so does a word of one letter, or a Russian word of two that leans on the next
    (LEANING_PARTICLES), as Russian type is set (a banner's line ended in "сойдётся. В",
    and the next opened "лучшем случае")."""
    words: list[str] = []
    for word in re.split(r"[ \t\r\n]+", text):
        if not word:
            continue
        if words and (word in TRAILING_MARKS or _leans_on_next(words[-1].rsplit(" ", 1)[-1])):
            words[-1] += " " + word
        else:
            words.append(word)
    return words


def _leans_on_next(word: str) -> bool:
    """A count (one that opens a bracket too: "(10" closed a line, "piles)" opened the
    next), a word of one letter (a preposition, a conjunction; "(в" too, which closed
    a line of the deal's aim), or a particle."""
    bare = word.lstrip('(«“"')
    return (
        bare.isdigit() or (len(bare) == 1 and bare.isalpha()) or bare.lower() in LEANING_PARTICLES
    )


def split_at_joints(text: str, font: pygame.font.Font, width: int, joint: str = " · ") -> list[str]:
    """`text` whole where it fits `width`; else in two lines split at the `joint` that
    evens them out best ("Passes: one · Cards onto piles: none", where a break within
    an item left a name and its value apart); else as balanced_wrap gives it."""
    parts = text.split(joint)
    if font.size(text)[0] <= width or len(parts) < 2:
        return balanced_wrap(text, font, width) if text else []
    splits = [[joint.join(parts[:k]), joint.join(parts[k:])] for k in range(1, len(parts))]
    fitting = [s for s in splits if max(font.size(line)[0] for line in s) <= width]
    if not fitting:
        return balanced_wrap(text, font, width)
    return min(fitting, key=lambda s: max(font.size(line)[0] for line in s))


def balanced_wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """As many lines as wrap() gives within `width`, as even as they can be: a last
    line of one word under a full one reads as left behind."""
    if "\n" in text:  # each paragraph evened out on its own
        return [line for part in text.split("\n") for line in balanced_wrap(part, font, width)]
    lines = wrap(text, font, width)
    if len(lines) < 2:
        return lines
    narrow, wide = 1, width  # the narrowest width that takes no more lines lies here
    while narrow < wide:
        middle = (narrow + wide) // 2
        if len(wrap(text, font, middle)) <= len(lines):
            wide = middle
        else:
            narrow = middle + 1
    even = wrap(text, font, wide)
    return _break_at_a_mark(even, font, width) or even


# Where a line of two reads best broken: after a clause, not inside a name
BREAK_MARKS = (":", ";", "·", ",", ".", "—")
# how much longer than the evenest split a split at a mark may make the longer line
MARK_SLACK = 1.25


def _break_at_a_mark(even: list[str], font: pygame.font.Font, width: int) -> list[str] | None:
    """Two lines broken after a mark (a colon, a middle dot…) rather than where they
    are evenest, when such a break fits and is nearly as even: "…level 1 of 9: От" over
    "нечего делать · 3 жизни" split the patience's name. None: no such break."""
    if len(even) != 2:
        return None
    words = words_of(" ".join(even))
    longest = max(font.size(line)[0] for line in even)
    best: tuple[int, list[str]] | None = None
    for i in range(1, len(words)):
        if not words[i - 1].endswith(BREAK_MARKS):
            continue
        split = [" ".join(words[:i]), " ".join(words[i:])]
        widest = max(font.size(line)[0] for line in split)
        if widest <= min(width, longest * MARK_SLACK) and (best is None or widest < best[0]):
            best = (widest, split)
    return best[1] if best else None


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Break text into lines that fit `width` pixels; each newline starts a new line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = words_of(paragraph)
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            if font.size(line + " " + word)[0] <= width:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def edge_width(height: int) -> int:
    """The thin edge of a button or a field `height` px high: 1 px at a desktop's
    sizes, growing with it (at 4K a 1-px edge all but vanished)."""
    return max(1, height // 40)


def draw_field_box(
    surface: pygame.Surface,
    field: pygame.Rect,
    least_radius: int,
    warn: bool = False,
) -> None:
    """The dark, edged box of a field that digits are typed into (a deal number, a
    PIN), its corners rounded by a quarter of its height, at least `least_radius`."""
    radius = max(least_radius, field.height // 4)
    pygame.draw.rect(surface, theme.FELT_DARK, field, border_radius=radius)
    # `warn`: what was typed was refused (see draw_deal_field), in a thicker edge
    edge, width = (theme.WARN, 2) if warn else (theme.BUTTON_EDGE, 1)
    pygame.draw.rect(surface, edge, field, width * edge_width(field.height), radius)


def px(value: float, scale: float, least: int = 1) -> int:
    """A length designed at 1280x800, at the window's scale, never below `least`."""
    return max(least, round(value * scale))


def put_out(buttons: Iterable[Button]) -> None:
    """A resize moved the buttons from under the pointer: none stays lit where nothing
    points at it (the next move of the mouse lights the one it is on)."""
    for button in buttons:
        button.hot = False


def button_at(buttons: Iterable[Button], pos: tuple[int, int], margin: int = 0) -> Button | None:
    """The button a press at `pos` means: the one under it (none when that one is
    disabled), else the nearest one that takes presses within `margin`, a finger's
    slack. Never a neighbour whose margin reaches over the button pressed: buttons
    stand closer together than the slack."""
    near: list[tuple[int, Button]] = []
    for b in buttons:
        if b.rect.collidepoint(pos):
            return b if b.enabled else None
        if b.hit(pos, margin):
            near.append((squared_gap(b.rect, pos), b))
    return min(near, key=_nearest)[1] if near else None


def field_meant(
    field: pygame.Rect, pos: tuple[int, int], buttons: Iterable[Button], margin: int = 0
) -> bool:
    """Whether a press at `pos` means a field among `buttons`: on it, or within
    `margin` (a finger's slack, as the buttons get) and on no button, nearer the field
    than the button the slack would give it to."""
    if field.collidepoint(pos):
        return True
    if not margin or not field.inflate(2 * margin, 2 * margin).collidepoint(pos):
        return False
    buttons = list(buttons)
    if any(b.rect.collidepoint(pos) for b in buttons):
        return False
    button = button_at(buttons, pos, margin)
    return button is None or squared_gap(field, pos) < squared_gap(button.rect, pos)


def overlap_area(a: pygame.Rect, b: pygame.Rect) -> int:
    """How many pixels two rectangles share."""
    clip = a.clip(b)
    return clip.width * clip.height


def squared_gap(rect: pygame.Rect, pos: tuple[int, int]) -> int:
    """The square of how far a point lies outside a rectangle (0 inside)."""
    dx = max(rect.left - pos[0], 0, pos[0] - rect.right + 1)
    dy = max(rect.top - pos[1], 0, pos[1] - rect.bottom + 1)
    return dx * dx + dy * dy


def _nearest(pair: tuple[int, Button]) -> int:
    return pair[0]


def screen_bars(size: tuple[int, int], scale: float) -> tuple[pygame.Rect, pygame.Rect]:
    """The title bar across the top and the button bar across the bottom of a full
    screen page (the rules, the settings), at the UI's scale."""
    w, h = size
    bar_h = max(58, int(64 * scale))
    return pygame.Rect(0, 0, w, max(44, int(66 * scale))), pygame.Rect(0, h - bar_h, w, bar_h)
