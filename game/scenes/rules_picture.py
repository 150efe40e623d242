"""The annotated picture of a ruleset's table on the rules screen, and its value legend.

A real deal of the ruleset is painted by TableView, small, with each area
(foundations, piles, stock, waste or reserve, pyramid) outlined in its own
colour and named by a label placed where it hides the fewest cards.
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from game.hints import suggest
from game.i18n import _
from game.render.cards import card_art
from game.render.preview import Deck
from game.render.table_view import TableView
from game.rules import Game, IllegalMove, Ruleset
from game.settings import Settings
from game.ui import theme
from game.ui.labels import (
    alone_words,
    area_name,
    option_choice_lines,
    option_lines,
    value_legend,
    value_text,
)
from game.ui.widgets import balanced_wrap, overlap_area

RENDER_WIDTH = 560  # the table is painted at least this wide, then smoothscaled down
PICTURE_RATIO = 1.25  # width / height of the picture frame
AREA_COLOURS: Mapping[str, tuple[int, int, int]] = {
    "f": theme.GOLD,
    "t": theme.TARGET,
    "st": theme.INK,  # not the focus ring's blue: the label read as focused
    "w": theme.WARN,
    "p": theme.GLOW,
}


def area_of(pile: str) -> str:
    """The area a pile belongs to: "st", "w", or the first letter (f, t, p)."""
    return pile if pile in ("st", "w") else pile[0]


SAMPLE_MOVES = 10  # how far into deal 0 the building games' picture is played


def sample_game(ruleset: Ruleset, options: Mapping[str, object] | None) -> Game:
    """Deal 0 a little way in: the building games with some hinted moves played, so
    piles fan and foundations fill; the pyramid games with one card on the reserve."""
    game = Game(ruleset, options, deal=0)
    moves = 0 if game.pairs_cards else SAMPLE_MOVES
    for _step in range(moves):
        move = suggest(game)
        if move is None or game.over:
            break
        game.play(move)
    if not game.pile("w"):
        with contextlib.suppress(IllegalMove):
            game.play("st>w")
    return game


@dataclass
class Callout:
    """A named area of the picture: its outlines and the label that names it."""

    area: str
    text: str
    colour: tuple[int, int, int]
    members: list[pygame.Rect]
    label: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


class LayoutPicture:
    """A small picture of a deal of the ruleset with its areas outlined and named."""

    def __init__(
        self,
        game: Game,
        rect: pygame.Rect,
        deck: Deck,
        label_size: int,
    ) -> None:
        self.rect = rect
        self.label_size = label_size
        pad_y = int(label_size * 2.2)  # room above and below the table for labels
        pad_x = int(label_size * 0.6)
        k = max(1.0, RENDER_WIDTH / rect.width)  # paint big, shrink smoothly
        big = (round(rect.width * k), round(rect.height * k))
        area = pygame.Rect(round(pad_x * k), round(pad_y * k), 0, 0)
        area.size = (big[0] - 2 * area.x, big[1] - 2 * area.y)
        view = TableView(game, area, *deck)
        painted = view.render_static(big, set(), {})
        self.image = pygame.transform.smoothscale(painted, rect.size) if k > 1 else painted.copy()

        def on_screen(r: pygame.Rect) -> pygame.Rect:
            return pygame.Rect(
                rect.x + round(r.x / k), rect.y + round(r.y / k), round(r.w / k), round(r.h / k)
            )

        # the counts drawn beside the cards: the labels keep off them as off the cards
        # (the Stock label hid the stock's count in the pyramid games)
        self.counts = [on_screen(r) for r in view.badges_drawn]
        self.cards: list[pygame.Rect] = []  # every card and place, for label placement
        members: dict[str, list[pygame.Rect]] = {}
        for name in view.piles:
            rects = [on_screen(r) for r in view.rects(name, len(game.pile(name)))]
            place = on_screen(view.layout.spots[name].rect)
            self.cards.extend(rects or [place])
            outline = place.unionall(rects) if rects else place
            members.setdefault(area_of(name), []).append(outline)
        self.callouts = [
            Callout(a, area_name(a, game.pairs_cards), AREA_COLOURS[a], members[a])
            for a in ("st", "w", "f", "t", "p")
            if a in members
        ]
        self._place_labels()

    def _label_size(self, text: str) -> tuple[int, int]:
        w, h = theme.font(self.label_size, bold=True).size(text)
        return w + self.label_size, h + self.label_size // 3

    def _place_labels(self) -> None:
        """Each label goes beside one of its area's cards, where it hides the least, the
        areas choosing in turn: in the order whose labels hide the least in all. The
        areas with the fewest places that hide nothing try first: the waste, boxed in
        between the stock and a pile, before the stock, which has room on its other side
        (with the stock's count kept clear too, at 800x600 in Russian that order put
        the reserve's label on the pyramid)."""
        places = {id(c): self._label_places(c) for c in self.callouts}
        clear = {key: sum(1 for cost, _r in found if cost == 0) for key, found in places.items()}
        first = sorted(self.callouts, key=lambda c: clear[id(c)])
        orders = itertools.permutations(first) if len(first) <= 5 else iter([tuple(first)])
        best_cost, best_labels = math.inf, [pygame.Rect(0, 0, 0, 0)] * len(first)
        for order in orders:
            cost, labels = self._labels_in_turn(order, places)
            if cost < best_cost:  # ties keep the first: the order of fewest clear places
                best_cost, best_labels = cost, [labels[id(c)] for c in self.callouts]
        for callout, label in zip(self.callouts, best_labels, strict=True):
            callout.label = label

    def _labels_in_turn(
        self, order: tuple[Callout, ...], places: dict[int, list[tuple[int, pygame.Rect]]]
    ) -> tuple[float, dict[int, pygame.Rect]]:
        """The labels placed area by area in `order`, each where it costs the least
        beside those placed before it, and what they cost in all."""
        placed: list[pygame.Rect] = []
        labels: dict[int, pygame.Rect] = {}
        total = 0.0
        # two labels apart by as much as a label from its card: "Stock" and "Waste",
        # side by side under their cards, had their outlines touching
        apart = 2 * (max(2, self.label_size // 4) + max(2, self.label_size // 7))
        for callout in order:
            best: tuple[float, pygame.Rect] | None = None
            centre = pygame.Rect.unionall(callout.members[0], callout.members)
            for hidden, label in places[id(callout)]:
                cost = hidden + 1000 * sum(
                    overlap_area(label, p.inflate(apart, apart)) for p in placed
                )
                # Prefer labels near the middle of their area, so they read as its name.
                cost += 0.5 * _distance(label.center, centre.center)
                if best is None or cost < best[0]:
                    best = (cost, label)
            size = self._label_size(callout.text)
            cost, label = best if best else (0.0, pygame.Rect(self.rect.topleft, size))
            labels[id(callout)] = label
            placed.append(label)
            total += cost
        return total, labels

    def _label_places(self, callout: Callout) -> list[tuple[int, pygame.Rect]]:
        """Where the area's label may go, each with how much of the cards it would hide:
        above, below and beside each of its cards, and above or below with an edge in
        line with the card's (a label wider than its card), within the picture."""
        size = self._label_size(callout.text)
        outline = max(2, self.label_size // 7)  # drawn round each card, as in draw()
        gap = max(2, self.label_size // 4) + outline
        # a card with its outline: a label on the outline covers the card's edge
        shown = [c.inflate(2 * outline, 2 * outline) for c in self.cards]
        found = []
        for m in callout.members:
            # under a count drawn under the card, too: above and beside may be taken
            # (in Russian «Колода» and «Резерв» do not both fit over their cards)
            under = [c for c in self.counts if c.top >= m.bottom and m.left <= c.centerx <= m.right]
            below_count = max((c.bottom for c in under), default=m.bottom) + gap
            for side, anchor in (
                ("midbottom", (m.centerx, m.top - gap)),
                ("midtop", (m.centerx, m.bottom + gap)),
                ("midtop", (m.centerx, below_count)),
                ("midright", (m.left - gap, m.centery)),
                ("midleft", (m.right + gap, m.centery)),
                ("topleft", (m.left, m.bottom + gap)),
                ("topright", (m.right, m.bottom + gap)),
                ("bottomleft", (m.left, m.top - gap)),
                ("bottomright", (m.right, m.top - gap)),
            ):
                label = pygame.Rect((0, 0), size)
                setattr(label, side, anchor)
                if self.rect.contains(label):
                    # hiding a card weighs more than standing far from the area's middle;
                    # a count, less than a card (where there is room for neither)
                    hidden = 4 * sum(overlap_area(label, c) for c in shown)
                    hidden += sum(overlap_area(label, c) for c in self.counts)
                    found.append((hidden, label))
        return found

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.image, self.rect)
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        width = max(2, self.label_size // 7)  # the outline _label_places keeps clear
        for callout in self.callouts:
            colour = (*callout.colour, 230)
            if callout.area == "p":
                pygame.draw.polygon(layer, colour, self._pyramid_outline(callout), width)
                continue
            for m in callout.members:
                r = m.inflate(width * 2, width * 2).move(-self.rect.x, -self.rect.y)
                pygame.draw.rect(layer, colour, r, width, border_radius=max(3, m.width // 10))
        surface.blit(layer, self.rect)
        font = theme.font(self.label_size, bold=True)
        for callout in self.callouts:
            r = callout.label
            pygame.draw.rect(surface, theme.PANEL, r, border_radius=r.height // 2)
            pygame.draw.rect(surface, callout.colour, r, width, border_radius=r.height // 2)
            text = font.render(callout.text, True, theme.INK)
            surface.blit(text, text.get_rect(center=r.center))
        edge = max(1, self.label_size // 14)  # as thin to the eye at every size
        pygame.draw.rect(surface, theme.BUTTON_EDGE, self.rect, edge, border_radius=4)

    def _pyramid_outline(self, callout: Callout) -> list[tuple[int, int]]:
        """A trapezoid round the pyramid: its apex card on top, its widest row below."""
        cards = callout.members
        top = min(cards, key=lambda r: (r.y, r.x))
        bottom_y = max(r.bottom for r in cards)
        left = min(r.left for r in cards)
        right = max(r.right for r in cards)
        w = max(2, self.label_size // 7)
        ox, oy = self.rect.topleft
        return [
            (top.left - w - ox, top.top - w - oy),
            (top.right + w - ox, top.top - w - oy),
            (right + w - ox, bottom_y + w - oy),
            (left - w - ox, bottom_y + w - oy),
        ]


def _distance(a: tuple[int, int], b: tuple[int, int]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


class Notes:
    """What the picture cannot show: the pyramid games' values and pair sum, and the
    options: those this game is played with when `chosen`, else every choice each
    option offers (the rules of a patience the player has not chosen yet).
    `rect` is set by the scene's layout."""

    def __init__(self, game: Game, size: int, settings: Settings, chosen: bool = True) -> None:
        self.game = game
        self.chosen = chosen
        self.size = size
        self.settings = settings
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.drawn: list[str] = []  # the lines as last drawn, wrapped

    def texts(self) -> list[str]:
        """Every line of text the notes show, unwrapped."""
        shown: list[str] = []
        self._flow(None, pygame.Rect(0, 0, 10**4, 10**6), shown)
        return shown

    def values(self) -> list[tuple[str, int]]:
        """The ranks shown as little cards with their values (pyramid games)."""
        return value_legend(self.game.rules)[0] if self.game.pairs_cards else []

    def height(self, width: int) -> int:
        return self._flow(None, pygame.Rect(0, 0, width, 10**6))

    def draw(self, surface: pygame.Surface) -> None:
        height = self._flow(None, self.rect)
        if height:
            panel = pygame.Surface(
                (self.rect.width, min(height, self.rect.height)), pygame.SRCALPHA
            )
            radius = max(6, self.size // 2)
            pygame.draw.rect(panel, (*theme.PANEL, 170), panel.get_rect(), border_radius=radius)
            surface.blit(panel, self.rect)
            clip = surface.get_clip()
            surface.set_clip(self.rect)
            self._flow(surface, self.rect)
            surface.set_clip(clip)

    def _flow(
        self, surface: pygame.Surface | None, rect: pygame.Rect, shown: list[str] | None = None
    ) -> int:
        """Lay the notes out in `rect` (drawing them when given a surface); their height."""
        size, rules, ruleset = self.size, self.game.rules, self.game.ruleset
        pad = size
        x0, right = rect.x + pad, rect.right - pad
        y = rect.y + pad // 2
        font, bold = theme.font(size), theme.font(size + 1, bold=True)
        if surface:
            self.drawn = []

        def text(line: str, f: pygame.font.Font, ink: tuple[int, int, int]) -> None:
            nonlocal y
            if shown is not None:
                shown.append(line)
            # evened out: standing, greedy wrapping left "три" alone under "Проходы по
            # колоде: один,", and "два" under "…: один,"
            for part in balanced_wrap(line, f, right - x0):
                if surface:
                    surface.blit(f.render(part, True, ink), (x0, y))
                    self.drawn.append(part)
                y += f.get_linesize()

        if self.game.pairs_cards:
            text(_("Pairs add up to {n}", n=rules.pair_sum), bold, theme.GOLD)
            y += size // 3
            special, faces = value_legend(rules)
            card_w = max(20, int(size * 2.1))
            # large corners whatever the settings: at this size the standard layout left
            # a court's picture a sliver five pixels wide beside its index
            four_colour, back, letters, _large = self.settings.deck
            art = card_art(card_w, four_colour, back, letters, large=True)
            x = x0
            for rank, value in special:
                # the rank in words beside its little card: at 800x600 the card is some
                # 25 px wide, and its J, Q and K could not be told apart
                chip = value_text(rank, value)
                if shown is not None:
                    shown.append(chip)
                label = bold.render(chip, True, theme.INK)
                chip_w = card_w + size // 3 + label.get_width()
                if x > x0 and x + chip_w > right:
                    x, y = x0, y + art.height + size // 2
                if surface:
                    surface.blit(art.face(rank + "H"), (x, y))
                    surface.blit(
                        label, label.get_rect(midleft=(x + card_w + size // 3, y + art.height // 2))
                    )
                x += chip_w + size
            y += art.height + size // 2
            if faces:
                text(faces, font, theme.INK_DIM)
            for words in alone_words(rules):
                text(words, font, theme.INK_DIM)
            y += size // 2
        if self.chosen:
            title, lines = _("Options in this game"), option_lines(ruleset, self.game.options)
        else:
            title, lines = _("Options (the first is the default)"), option_choice_lines(ruleset)
        if lines:
            text(title, bold, theme.GOLD)
            for line in lines:
                text(line, font, theme.INK)
        return y - rect.y + pad // 2 if y > rect.y + pad // 2 else 0
