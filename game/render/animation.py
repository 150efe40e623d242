"""Animations as a view of events: each event of an action becomes a card's flight.

The rules state is always current; tweens only say where a card is drawn
while it travels, and which final places stay empty until it lands.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.rules.events import DEAL, DECK, MOVE, OUT, REDEAL, REFILL, REMOVE, RESIGN, TURN, Event
from game.rules.moves import STOCK, pile_kind

MOVE_S = 0.2
DEAL_S = 0.28
DEAL_STAGGER = 0.035
CHAIN_GAP = 0.07  # the engine's refill starts a little after the player's move
REDEAL_S = 0.3

Rects = Callable[[str, int], list[pygame.Rect]]


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


@dataclass
class Tween:
    """One card flying from `start` to `end` over `duration` from `begin`."""

    card: str
    start: pygame.Rect
    end: pygame.Rect
    begin: float
    duration: float
    pile: str  # where it lands: the final place stays empty until then
    index: int
    face_up_from: bool = True
    face_up_to: bool = True
    fade: bool = False  # a removed card fades as it leaves

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (now - self.begin) / self.duration))

    def rect_at(self, now: float) -> pygame.Rect:
        p = ease_out_cubic(self.progress(now))
        x = self.start.x + (self.end.x - self.start.x) * p
        y = self.start.y + (self.end.y - self.start.y) * p
        # a slight lift mid-flight reads as the card leaving the table
        lift = math.sin(math.pi * p) * self.start.height * 0.04
        return pygame.Rect(round(x), round(y - lift), self.end.width, self.end.height)

    def face_up_at(self, now: float) -> bool:
        if self.face_up_from == self.face_up_to:
            return self.face_up_to
        return self.face_up_to if self.progress(now) >= 0.5 else self.face_up_from

    def flip_scale(self, now: float) -> float:
        """Width factor for a card turning over: 1 → 0 → 1."""
        if self.face_up_from == self.face_up_to:
            return 1.0
        return abs(1 - 2 * self.progress(now))

    def alpha_at(self, now: float) -> int:
        if not self.fade:
            return 255
        return int(255 * (1 - ease_in_out(self.progress(now)) * 0.85))

    def done(self, now: float) -> bool:
        return now >= self.begin + self.duration


class Animator:
    """The tweens in flight; time is advanced by the scene's fixed updates."""

    def __init__(self) -> None:
        self.now = 0.0
        self.tweens: list[Tween] = []

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def add(self, tweens: Sequence[Tween]) -> None:
        self.tweens.extend(tweens)

    def update(self, dt: float) -> bool:
        """Advance time; returns True when a tween landed (the table must be redrawn)."""
        self.now += dt
        before = len(self.tweens)
        self.tweens = [t for t in self.tweens if not t.done(self.now)]
        return len(self.tweens) != before

    def finish(self) -> None:
        """New input finishes every flight at once."""
        self.tweens.clear()

    def hidden(self) -> set[tuple[str, int]]:
        return {(t.pile, t.index) for t in self.tweens}


def invert(events: Sequence[Event]) -> list[Event]:
    """The events that take an action back, in the order they happen."""
    back = []
    for e in reversed(events):
        if e.kind == REDEAL:
            back.append(Event(REDEAL, e.dst, e.src, e.cards[::-1]))
        elif e.kind in (MOVE, TURN, REFILL, REMOVE):
            back.append(Event(e.kind, e.dst, e.src, e.cards))
    return back


def tweens_for(
    events: Sequence[Event],
    counts_before: Mapping[str, int],
    counts_after: Mapping[str, int],
    rects: Rects,
    face_up: Callable[[str, int, int], bool],
    start: float,
    speed: float = 1.0,
    deck_spot: pygame.Rect | None = None,
) -> list[Tween]:
    """Tweens for a list of events, given pile sizes before and after them.

    `rects(pile, count)` gives the card rectangles of a pile holding `count` cards;
    `face_up(pile, index, count)` says whether that card shows its face.
    """
    if speed <= 0:
        return []
    flights = _Flights(counts_before, counts_after, rects, face_up, start, speed, deck_spot)
    for e in events:
        if e.kind == RESIGN:
            continue
        if e.kind == DEAL:
            flights.deal(e)
        elif e.kind == REDEAL:
            flights.redeal(e)
        else:
            flights.move(e)
    return flights.tweens


class _Flights:
    """Walks an action's events, keeping each pile's size as it stands between them."""

    def __init__(
        self,
        counts_before: Mapping[str, int],
        counts_after: Mapping[str, int],
        rects: Rects,
        face_up: Callable[[str, int, int], bool],
        start: float,
        speed: float,
        deck_spot: pygame.Rect | None,
    ) -> None:
        self.counts = dict(counts_before)
        self.after = counts_after
        self.rects = rects
        self.face_up = face_up
        self.start = start
        self.speed = speed
        self.deck_spot = deck_spot
        self.tweens: list[Tween] = []
        self.t = start  # when the next chained flight leaves
        self.dealt = 0  # cards dealt so far, for the deal's stagger

    def deal(self, e: Event) -> None:
        dst_i = self.counts[e.dst]
        self.counts[e.dst] += 1
        if pile_kind(e.dst) == STOCK:
            return  # the stock is dealt where it already lies
        end = self.rects(e.dst, self.after[e.dst])[dst_i]
        self.tweens.append(
            Tween(
                e.cards[0],
                self.deck_spot or end,
                end,
                self.start + self.dealt * DEAL_STAGGER / self.speed,
                DEAL_S / self.speed,
                e.dst,
                dst_i,
                False,
                self.face_up(e.dst, dst_i, self.after[e.dst]),
            )
        )
        self.dealt += 1

    def redeal(self, e: Event) -> None:
        n = len(e.cards)
        src_rects = self.rects(e.src, self.counts[e.src])
        self.counts[e.src] -= n
        base = self.counts[e.dst]
        self.counts[e.dst] += n
        dst_rects = self.rects(e.dst, self.after[e.dst])
        for j, card in enumerate(e.cards):
            # the pile is turned over: its bottom card becomes the top of the other
            src_i = len(src_rects) - n + j
            dst_i = base + n - 1 - j
            if src_i < 0 or dst_i >= len(dst_rects):
                continue
            self.tweens.append(
                Tween(
                    card,
                    src_rects[src_i],
                    dst_rects[dst_i],
                    self.t,
                    REDEAL_S / self.speed,
                    e.dst,
                    dst_i,
                    self.face_up(e.src, src_i, len(src_rects)),
                    self.face_up(e.dst, dst_i, self.after[e.dst]),
                )
            )
        self.t += CHAIN_GAP / self.speed

    def move(self, e: Event) -> None:
        """One card from the top of a pile (or from the deck) to another, home or out."""
        src_count = self.counts[e.src] if e.src != DECK else 0
        src_rect = self.rects(e.src, src_count)[src_count - 1] if src_count else self.deck_spot
        up_from = self.face_up(e.src, src_count - 1, src_count) if src_count else False
        self.counts[e.src] = max(0, src_count - 1)
        dst_i = self.counts.get(e.dst, 0)
        self.counts[e.dst] = dst_i + 1
        if e.dst == OUT:
            out_rects = self.rects(OUT, 1)
            end = out_rects[0] if out_rects else (src_rect or pygame.Rect(0, 0, 1, 1)).copy()
            up_to = True
        else:
            # a card may only pass through (turned to the waste, then straight into a gap):
            # its place there is counted even if the pile ends the action empty
            dst_rects = self.rects(e.dst, max(self.after[e.dst], dst_i + 1))
            if not dst_rects:
                return
            end = dst_rects[min(dst_i, len(dst_rects) - 1)]
            up_to = self.face_up(e.dst, dst_i, self.after[e.dst])
        if src_rect is None:
            return
        self.tweens.append(
            Tween(
                e.cards[0],
                src_rect,
                end,
                self.t,
                MOVE_S / self.speed,
                e.dst,
                dst_i,
                up_from,
                up_to,
                fade=e.kind == REMOVE,
            )
        )
        self.t += CHAIN_GAP / self.speed
