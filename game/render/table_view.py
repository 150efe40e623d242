"""Drawing a table: piles, slots, marks, and the cards in flight.

The still part of the table is painted once into a cached surface and only
repainted when the position, the marks or the size change; a frame during a
drag or an animation copies back just the rectangles that moving cards left.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import pygame

from game.render.animation import Tween
from game.render.cards import CardArt, card_art
from game.render.table_layout import TableLayout, table_layout
from game.rules import SUITS, Game
from game.rules.moves import (
    FOUNDATION,
    OUT,
    PYRAMID,
    REDEAL_MOVE,
    STOCK,
    TABLEAU,
    WASTE,
    pile_kind,
    pyramid_row,
)
from game.ui import theme
from game.ui.widgets import squared_gap

MARK_COLOURS = {
    "playable": (255, 255, 255, 180),  # at 130 a new player missed a move it marked
    "selected": (*theme.GOLD, 255),
    "target": (*theme.TARGET, 255),
    "hint": (*theme.HINT, 255),
    "focus": (*theme.FOCUS, 255),
    "refused": (*theme.WARN, 255),
}


# the card in hand's gold wash: its face stays readable under it
SELECTED_WASH_ALPHA = 70


@functools.lru_cache(maxsize=8)
def _wash(size: tuple[int, int], colour: tuple[int, ...], radius: int) -> pygame.Surface:
    """A card's size of translucent colour, its corners rounded as the card's (the
    cache's own: blit it, never draw on it)."""
    wash = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(wash, colour, wash.get_rect(), border_radius=radius)
    return wash


@functools.lru_cache(maxsize=16)
def _ring(
    size: tuple[int, int], colour: tuple[int, ...], width: int, radius: int, broken: bool
) -> pygame.Surface:
    """A translucent or broken ring of `size` (the cache's own: blit it, never draw on
    it). Made anew each frame, a dragged card's refused places cost a 4K frame a
    third more."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), width=width, border_radius=radius)
    if broken:
        _break_ring(layer, width, radius)
    return layer


def _break_ring(layer: pygame.Surface, width: int, radius: int) -> None:
    """Cut gaps into a ring drawn on `layer` (its sides `width` thick), its corners
    left whole: dashes about a sixth of the shorter side long."""
    w, h = layer.get_size()
    dash = max(width * 2, min(w, h) // 6)
    clear = (0, 0, 0, 0)
    for x in range(radius + dash, w - radius - dash, 2 * dash):
        layer.fill(clear, (x, 0, dash, width))
        layer.fill(clear, (x, h - width, dash, width))
    for y in range(radius + dash, h - radius - dash, 2 * dash):
        layer.fill(clear, (0, y, width, dash))
        layer.fill(clear, (w - width, y, width, dash))


@dataclass(frozen=True)
class CardSpot:
    """A card (or an empty place) of the table under the pointer."""

    pile: str
    index: int  # -1 for an empty place
    rect: pygame.Rect


# A count beside its card, in the order tried (under, over, right, left): the point of
# its box that meets the point of the card, and the way out from the card
BESIDE = (
    ("midtop", "midbottom", (0, 1)),
    ("midbottom", "midtop", (0, -1)),
    ("midleft", "midright", (1, 0)),
    ("midright", "midleft", (-1, 0)),
)


def _least_side_gap(rects: list[pygame.Rect]) -> int:
    """The least felt between two places side by side (their heights overlapping), or
    a large number where no two stand so."""
    gaps = [
        b.left - a.right
        for a, b in itertools.permutations(rects, 2)
        if a.right <= b.left and a.top < b.bottom and b.top < a.bottom
    ]
    return min(gaps, default=10_000)


class TableView:
    def __init__(
        self,
        game: Game,
        area: pygame.Rect,
        four_colour: bool,
        back: str,
        letters: str = "latin",
        large: bool = False,
    ) -> None:
        self.game = game
        self.four_colour = four_colour
        self.back_name = back
        self.letters = letters
        self.large = large
        table = game.ruleset.table
        self.kind = str(table["layout"])
        self.shape = {
            "rows": game.rules.rows,
            "piles": game.rules.piles,
            "foundations": game.rules.foundations,
            "waste_centre": table.get("waste") == "centre",
            "pile_limit": game.rules.pile_limit,
            "large_corners": large,
        }
        self.layout: TableLayout
        self.art: CardArt
        self.area = area
        self.static: pygame.Surface | None = None
        # the counts drawn with the table last painted, where they stand (labels keep off)
        self.badges_drawn: list[pygame.Rect] = []
        # empty foundations say what they wait for, but for a deal not shown yet (the
        # fortune's wish comes first): their base rank would give its first card away
        self.show_waits = True
        # cards the stock's badge counts besides its own: those dealt but not shown yet
        # (a fortune's cards before its wish), so that the badge says where every card is
        self.undealt = 0
        # words for empty places that would read as something else (the old rules'
        # waste among the piles looked like a gap), given by the scene in its language
        self.empty_names: dict[str, str] = {}
        self.resize(area)

    @property
    def deck(self) -> tuple[bool, str, str, bool]:
        """How its cards look, as Settings.deck says it (four-colour suits, back,
        letters, large corners): a table waiting while they changed is drawn anew."""
        return self.four_colour, self.back_name, self.letters, self.large

    # -- geometry ------------------------------------------------------------------

    def resize(self, area: pygame.Rect) -> None:
        self.area = area
        self.layout = table_layout(self.kind, self.shape, area)
        width = self.layout.card[0]
        self.art = card_art(width, self.four_colour, self.back_name, self.letters, self.large)
        # the standard corner, rank over suit, for a card that a squeezed fan leaves too
        # little of for its large corner: rank and suit side by side showed "10" as "1"
        self.narrow_art = card_art(width, self.four_colour, self.back_name, self.letters)
        self.side_gap = _least_side_gap([spot.rect for spot in self.layout.spots.values()])
        self.static = None

    @property
    def piles(self) -> list[str]:
        return [n for n in self.game.pile_names if pile_kind(n) != OUT]

    def counts(self) -> dict[str, int]:
        return {n: len(self.game.pile(n)) for n in self.game.pile_names}

    def rects(self, name: str, count: int) -> list[pygame.Rect]:
        if name not in self.layout.spots:
            return []
        return self.layout.rects(name, count)

    def face_up(self, pile: str, index: int, count: int) -> bool:
        """Whether a card shows its face when its pile holds `count` cards (a card in
        flight is drawn for the pile it lands in)."""
        return pile_kind(pile) != STOCK or (self.game.shows_stock_top and index == count - 1)

    def card_rects_in_view(self) -> list[pygame.Rect]:
        """Every card's rectangle, and every empty place's."""
        found = []
        for name in self.piles:
            rects = self.rects(name, len(self.game.pile(name)))
            if rects:
                found.extend(rects)
            elif pile_kind(name) != PYRAMID:  # a removed pyramid card leaves no place behind
                found.append(self.layout.spots[name].rect)
        return found

    def top_rect(self, name: str) -> pygame.Rect:
        """The rectangle of a pile's top card, or of its place when empty."""
        n = len(self.game.pile(name))
        rects = self.rects(name, n)
        return rects[-1] if rects else self.layout.spots[name].rect

    def place_rect(self, name: str) -> pygame.Rect:
        """Where a pile lies: its first card's place, however far it fans."""
        return self.layout.spots[name].rect

    def spot_at(self, pos: tuple[int, int], margin: int = 0) -> CardSpot | None:
        """The topmost card, or empty place, under a point; else the nearest within
        `margin` (a finger's slack). Not the first within it: a tap on a card's left
        edge took its left neighbour, whose slack reached over, and one on the Reserve's
        turned the stock."""
        under = self._spots_within(pos, 0)
        if under or not margin:
            return under[0][1] if under else None
        near = self._spots_within(pos, margin)
        return min(near, key=lambda found: found[0])[1] if near else None

    def _spots_within(self, pos: tuple[int, int], margin: int) -> list[tuple[int, CardSpot]]:
        """Each pile's topmost card, or its empty place, within `margin` of a point, with
        how far off it lies (squared); the card on top of the others first."""
        found: list[tuple[int, CardSpot]] = []
        for name in self.piles:
            cards = self.game.pile(name)
            rects = self.rects(name, len(cards))
            for i in range(len(rects) - 1, -1, -1):
                if rects[i].inflate(margin * 2, margin * 2).collidepoint(pos):
                    spot = CardSpot(name, i, rects[i])
                    on_top = not found or self._above(name, i, found[0][1])
                    found.insert(0 if on_top else len(found), (squared_gap(rects[i], pos), spot))
                    break
            if cards or pile_kind(name) == PYRAMID:  # a removed pyramid card leaves no place
                continue
            place = self.layout.spots[name].rect
            if place.inflate(margin * 2, margin * 2).collidepoint(pos):
                found.append((squared_gap(place, pos), CardSpot(name, -1, place)))
        return found

    def _above(self, name: str, index: int, other: CardSpot) -> bool:
        # In the pyramid lower rows lie on upper ones; elsewhere piles do not overlap.
        if pile_kind(name) == PYRAMID and pile_kind(other.pile) == PYRAMID:
            return pyramid_row(name) > pyramid_row(other.pile)
        return True

    def drop_target(self, rect: pygame.Rect, candidates: Iterable[str]) -> str | None:
        """The candidate pile the dragged card overlaps most: round its top card, or
        anywhere on a tableau pile's fan (dropped on the middle of a long pile, a card
        flew back unexplained)."""
        best, best_area = None, 0
        w, h = self.layout.card
        for name in candidates:
            target = self.top_rect(name).inflate(w // 3, h // 4)
            count = len(self.game.pile(name))
            if pile_kind(name) == TABLEAU and count:
                target.union_ip(self.rects(name, count)[0])  # down to the fan's first card
            clip = target.clip(rect)
            area = clip.width * clip.height
            if area > best_area:
                best, best_area = name, area
        return best

    # -- painting ------------------------------------------------------------------

    def render_static(
        self,
        size: tuple[int, int],
        hidden: set[tuple[str, int]],
        marks: Mapping[str, str],
        focus: str | None = None,
    ) -> pygame.Surface:
        """The table without the cards in flight (`hidden`), with marks on pile tops and
        the keyboard's focus round its pile's top (outside any mark, which stays seen:
        a card picked up by Enter is both)."""
        if self.static is None or self.static.get_size() != size:
            self.static = pygame.Surface(size)
        surface = self.static
        surface.blit(theme.felt(size), (0, 0))
        self.badges_drawn = []
        for name in self.piles:
            self._draw_pile(surface, name, hidden)
        for name, mark in marks.items():
            if name in self.layout.spots:
                self.draw_mark(surface, self.top_rect(name), mark, self._covered(name))
        if focus in self.layout.spots:
            self.draw_mark(surface, self._focus_ring(self.top_rect(focus), focus in marks), "focus")
        return surface

    def _draw_pile(self, surface: pygame.Surface, name: str, hidden: set[tuple[str, int]]) -> None:
        cards = self.game.pile(name)
        spot = self.layout.spots.get(name)
        if spot is None:
            return
        n = len(cards)
        pyramid = pile_kind(name) == PYRAMID
        if pyramid and not n:
            return  # a removed pyramid card leaves the cards under it in view
        if pile_kind(name) == FOUNDATION:
            self._draw_tray(surface, spot.rect)
        if n == 0 or all((name, i) in hidden for i in range(n)):
            if not pyramid:  # so does one in flight (the deal, an undo): no empty box
                self._draw_empty(surface, name, spot.rect)
            if n == 0:
                return
        rects = spot.card_rects(n)
        fanned = spot.fan != (0.0, 0.0)
        first = 0 if fanned and not spot.shown else max(0, n - 3)
        if pile_kind(name) == STOCK:
            self._draw_stock(surface, cards, spot.rect, hidden)
            return
        # of a card in a sideways fan, what its large corner's rank needs in view
        needs = self.art.rank_right if self.large and spot.fan[0] else 0
        strip = self._squeezed_strip(spot.fan, rects[first:])
        for i in range(first, n):
            if (name, i) in hidden:
                continue
            # a card over it in flight or held away leaves it the top card in sight
            covered = i + 1 < n and (name, i + 1) not in hidden
            narrow = covered and abs(rects[i + 1].x - rects[i].x) < needs
            face_up = self.face_up(name, i, n)
            if covered and strip and face_up:
                rows = rects[i + 1].y - rects[i].y
                surface.blit(self.art.strip_face(cards[i], strip, rows), rects[i])
                continue
            self.draw_card(surface, cards[i], rects[i], face_up, narrow=narrow)
        in_view = (spot.shown or n) if fanned else 1
        if pile_kind(name) == WASTE and n > in_view:
            # the cards under the waste's top are out of sight: Pyramid 52 ended with
            # "6 cards left" over three cards to be seen
            self._count_outside(surface, name, rects[-1], n)

    def _squeezed_strip(self, fan: tuple[float, float], rects: list[pygame.Rect]) -> int:
        """How much of each covered card a downward pile shows, where that is less than
        its corner (a long pile squeezed into its room); 0 where the corner shows."""
        if fan[0] or fan[1] <= 0 or len(rects) < 2:
            return 0
        strip = min(b.y - a.y for a, b in itertools.pairwise(rects))
        return strip if strip < self.art.layout.index.bottom else 0

    def _draw_stock(
        self,
        surface: pygame.Surface,
        cards: tuple[str, ...],
        rect: pygame.Rect,
        hidden: set[tuple[str, int]],
    ) -> None:
        n = len(cards)
        back = self.art.back()
        # a few card edges give the stock its thickness
        edges = min(3, (n - 1) // 8)
        for k in range(edges, 0, -1):
            surface.blit(back, rect.move(-k * 2, -k * 2))
        top_hidden = ("st", n - 1) in hidden
        shows_top = self.game.shows_stock_top
        face_up = shows_top and not top_hidden
        if shows_top:
            if n > 1 or top_hidden:
                surface.blit(back, rect)
            if face_up:
                surface.blit(self.art.face(cards[-1]), rect)
        elif not top_hidden or n > 1:
            surface.blit(back, rect)
        # on a face the count would read as the card's own index: under the card then,
        # even while its top card is in flight (an undo): the count did not jump
        self._badge(surface, rect, str(n + self.undealt), below=shows_top)

    def _badge(
        self, surface: pygame.Surface, rect: pygame.Rect, text: str, below: bool = False
    ) -> None:
        box, size = self._badge_box(rect, text)
        if below:
            box.midtop = (rect.centerx, rect.bottom + self._badge_gap(size))
        else:
            box.midbottom = (rect.centerx, rect.bottom - size // 4)
        self._draw_badge(surface, box, text, size)

    def _count_outside(self, surface: pygame.Surface, name: str, rect: pygame.Rect, n: int) -> None:
        """A pile's count beside its top card, face up: under it, else over it, to its
        right or to its left, wherever no other place, pile's room or card lies (the
        Egyptian waste stands over the stock; the fortune's between a foundation and
        the bar); with none, at the foot of its fan (at 800x600 the Egyptian piles'
        room reaches down to the waste)."""
        text = str(n)
        box, size = self._badge_box(rect, text)
        gap = self._badge_gap(size)
        # every other place and every card on it now (and the legend)
        others = [self.layout.legend] if self.layout.legend is not None else []
        # and all the other places may grow into (a pile sliding aside leaves its
        # reach): a pile grown to twelve cards covered the count over the Egyptian waste
        rooms = []
        for other, spot in self.layout.spots.items():
            if other != name:
                others += [spot.rect, *self.rects(other, len(self.game.pile(other)))]
                if spot.reach is not None:
                    rooms.append(spot.reach)
        # and its own cards under the top (to its left the count lay on the waste's fan)
        taken = [*self.rects(name, n)[:-1], *others, *rooms]
        for own, card_point, (dx, dy) in BESIDE:
            x, y = getattr(rect, card_point)
            setattr(box, own, (x + dx * gap, y + dy * gap))
            if self.area.contains(box) and box.collidelist(taken) == -1:
                self._draw_badge(surface, box, text, size)
                return
        # no room beside it: at the foot of the fan, clear of the top card's rings, as
        # the stock's count stands on its own foot (the faces show nothing there but
        # their edges); it may reach past the fan's first card, onto no other
        if any(r.x < rect.x for r in self.rects(name, n)):
            box.bottom = rect.bottom - size // 4
            box.right = rect.x - self.ring_reach()
            if self.area.contains(box) and box.collidelist(others) == -1:
                self._draw_badge(surface, box, text, size)

    def _badge_gap(self, size: int) -> int:
        """How far a count stands off its card: clear of the widest ring a card can
        have (chosen and in the keyboard's focus), which ran through its digits."""
        return max(size // 4, self.ring_reach() + 2)

    def _focus_ring(self, rect: pygame.Rect, marked: bool) -> pygame.Rect:
        """Where the keyboard's focus ring goes round a card: outside a mark it has."""
        if not marked:
            return rect
        grow = self._mark_width("focus") * 4
        return rect.inflate(grow, grow)

    def ring_reach(self) -> int:
        """How far past a card its rings reach when it is both chosen and in the
        keyboard's focus (the focus ring outside the other, drawn `_mark_width` thick)."""
        card = pygame.Rect((0, 0), self.layout.card)
        ring = self._focus_ring(card, True)
        return (ring.width - card.width) // 2 + self._mark_width("focus", ring)

    def _badge_box(self, rect: pygame.Rect, text: str) -> tuple[pygame.Rect, int]:
        """A count's box for a card of `rect`'s size (placed at 0, 0), and its text size."""
        size = max(10, rect.width // 6)
        w, h = theme.font(size, bold=True).size(text)
        pad = size // 4
        return pygame.Rect(0, 0, w + 2 * pad, h + pad), size

    def _draw_badge(self, surface: pygame.Surface, box: pygame.Rect, text: str, size: int) -> None:
        self.badges_drawn.append(box.copy())
        image = theme.font(size, bold=True).render(text, True, theme.INK)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=box.height // 2)
        surface.blit(image, image.get_rect(center=box.center))

    def _draw_tray(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A foundation's frame, under its cards as under its empty place: with a card
        on it, a foundation above a pile read as that pile's top card."""
        rim = max(3, rect.width // 20)
        tray = rect.inflate(2 * rim, 2 * rim)
        radius = max(4, rect.width // 8)
        layer = pygame.Surface(tray.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.FELT_DARK, 170), layer.get_rect(), border_radius=radius)
        # the ink of the table's words, not gold: gold marks a card chosen or to play
        edge = max(2, rim // 3)
        pygame.draw.rect(layer, (*theme.INK_DIM, 120), layer.get_rect(), edge, border_radius=radius)
        surface.blit(layer, tray)

    def _draw_empty(self, surface: pygame.Surface, name: str, rect: pygame.Rect) -> None:
        label: str | None = None
        if pile_kind(name) == FOUNDATION and self.show_waits:
            label = self.game.waits_for(name)
            if label and not label.endswith(tuple(SUITS)):
                # a rank alone ("10") read as a count of cards: over the four suits it
                # reads as a card of any suit, as Devil's Bridge shows the suits still free
                label += SUITS
        # as the rules have it, never a copy of their rule: the arrow offers no move refused
        turns_over = pile_kind(name) == STOCK and self.game.stock_move == REDEAL_MOVE
        named = None if turns_over else self.empty_names.get(name)  # the arrow says it
        surface.blit(self.art.named_slot(named) if named else self.art.slot(label), rect)
        if turns_over:
            # the waste can still be turned over: a circular arrow on the empty stock
            c = rect.center
            r = rect.width // 4
            pygame.draw.arc(
                surface,
                theme.INK_DIM,
                pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r),
                0.6,
                5.8,
                max(2, r // 6),
            )
            tip = (c[0] + int(r * 0.83), c[1] - int(r * 0.56))
            w = max(4, r // 3)
            pygame.draw.polygon(
                surface,
                theme.INK_DIM,
                [tip, (tip[0] - w, tip[1] - w // 3), (tip[0] - w // 4, tip[1] + w)],
            )

    def draw_card(
        self,
        surface: pygame.Surface,
        card: str,
        rect: pygame.Rect,
        face_up: bool,
        alpha: int = 255,
        flip: float = 1.0,
        narrow: bool = False,
    ) -> None:
        art = self.narrow_art if narrow else self.art
        image = art.face(card) if face_up else art.back()
        if flip < 0.999:
            w = max(1, int(rect.width * flip))
            image = pygame.transform.scale(image, (w, rect.height))
            rect = image.get_rect(center=rect.center)
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        surface.blit(image, rect)

    def _covered(self, name: str) -> pygame.Rect | None:
        """Where the cards under a pile's top lie (one rectangle), if it has any."""
        rects = self.rects(name, len(self.game.pile(name)))[:-1]
        return rects[0].unionall(rects[1:]) if rects else None

    def draw_mark(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        mark: str,
        under: pygame.Rect | None = None,
    ) -> None:
        """A ring round a card in the mark's colour. Colour is not all that tells the
        marks apart: to a red-green colour-blind eye the card in hand's gold, a place's
        green and a refusal's salmon are one beige, so the card in hand is washed in its
        gold as well and a refused place's ring is broken; and the hint's magenta is the
        keyboard's blue, so the hint's ring is two thin lines round the card. The
        playable ring, always in view, is kept off the cards `under` the marked one:
        it reached past a downward fan's strip and washed out the corner's suit."""
        colour = MARK_COLOURS.get(mark, MARK_COLOURS["focus"])
        width = self._mark_width(mark, rect)
        radius = max(4, rect.width // 12)
        if mark == "selected":
            surface.blit(_wash(rect.size, (*colour[:3], SELECTED_WASH_ALPHA), radius), rect)
        off = 0
        if mark == "playable":
            width, off = self._playable_ring(rect)
        # within the felt: a card at its edge had the bar drawn over a side of its ring
        outline = rect.inflate(2 * (width + off), 2 * (width + off)).clip(self.area)
        radius += off
        if colour[3] < 255 or mark == "refused":
            layer = _ring(outline.size, colour, width, radius, mark == "refused")
            kept = None
            if mark == "playable" and under is not None and under.colliderect(outline):
                keep = under.clip(outline)
                kept = (surface.subsurface(keep).copy(), keep)
            surface.blit(layer, outline)
            if kept is not None:  # the cards under, as they were
                surface.blit(*kept)
        elif mark == "hint":  # two lines round the card, felt between them
            # (not within its edge, where large corners' index lies)
            line = max(2, round(width / 3))
            inner = rect.inflate(2 * line, 2 * line).clip(self.area)
            pygame.draw.rect(surface, colour[:3], outline, width=line, border_radius=radius)
            pygame.draw.rect(surface, colour[:3], inner, width=line, border_radius=radius)
        else:
            pygame.draw.rect(surface, colour[:3], outline, width=width, border_radius=radius)

    def _playable_ring(self, rect: pygame.Rect) -> tuple[int, int]:
        """The playable ring's width and how far it stands off its card. Off by its
        width, felt between: hard against the card's cream edge, white read as the card
        drawn a little larger. Within half the gap between two cards side by side, and
        thinner there, so that the rings of a pyramid's row stay apart: they met, one
        lattice over the row, where each card's own ring should show."""
        width = self._mark_width("playable", rect)
        room = self.side_gap // 2 - 1  # each ring's share of the gap, a pixel of felt kept
        if 2 * width <= room:
            return width, width
        width = max(2, min(width, (room + 1) // 2))
        return width, max(1, min(width, room - width))

    def _mark_width(self, mark: str, rect: pygame.Rect | None = None) -> int:
        width = (rect or pygame.Rect((0, 0), self.layout.card)).width
        if mark == "focus":  # the keyboard's place, found at a glance: 3 or 4 px round a
            return max(5, width // 30 + 1)  # blue back was easy to miss
        if mark == "hint":  # two lines and the gap between, 2 px each at least (see draw_mark)
            return 2 * max(3, width // 30)
        return max(2, width // 30) + (1 if mark != "playable" else 0)

    def draw_tween(self, surface: pygame.Surface, tween: Tween, now: float) -> pygame.Rect:
        rect = tween.rect_at(now)
        self.draw_card(
            surface,
            tween.card,
            rect,
            tween.face_up_at(now),
            tween.alpha_at(now),
            tween.flip_scale(now),
        )
        return rect
