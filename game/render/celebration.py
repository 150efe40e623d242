"""The win: cards leap off the table and bounce away, leaving a trail, as in the
solitaire programs of old. Pure motion; the scene paints it."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

GRAVITY = 2400.0  # pixels per second squared, at a 1000-pixel-high window
BOUNCE = 0.72
LAUNCH_EVERY = 0.09


@dataclass
class Flyer:
    card: str
    x: float
    y: float
    vx: float
    vy: float


class Celebration:
    def __init__(
        self, cards: list[tuple[str, pygame.Rect]], bounds: pygame.Rect, seed: int = 0
    ) -> None:
        self.queue = list(cards)
        self.bounds = bounds
        self.flyers: list[Flyer] = []
        self.rng = random.Random(seed)
        self.clock = 0.0
        self._next_launch = 0.0
        self.scale = bounds.height / 1000

    @property
    def done(self) -> bool:
        return not self.queue and not self.flyers

    def update(self, dt: float) -> None:
        self.clock += dt
        while self.queue and self.clock >= self._next_launch:
            card, rect = self.queue.pop()
            speed = self.bounds.width * (0.25 + self.rng.random() * 0.35)
            vx = speed if self.rng.random() < 0.5 else -speed
            vy = -self.bounds.height * self.rng.random() * 0.6
            self.flyers.append(Flyer(card, rect.x, rect.bottom, vx, vy))
            self._next_launch += LAUNCH_EVERY
        g = GRAVITY * self.scale
        floor = self.bounds.bottom
        alive = []
        for f in self.flyers:
            f.vy += g * dt
            f.x += f.vx * dt
            f.y += f.vy * dt
            if f.y > floor - 1 and f.vy > 0:
                f.vy = -f.vy * BOUNCE
                f.y = floor - 1
            if self.bounds.left - 400 < f.x < self.bounds.right + 50:
                alive.append(f)
        self.flyers = alive

    def resize(self, bounds: pygame.Rect) -> None:
        """The window's felt laid out again: every card where it was and as fast, in
        proportion to the new felt (kept to the old, the cards bounced on a floor in
        the middle of a window grown full screen, through the win's banner)."""
        old = self.bounds
        sx, sy = bounds.width / max(1, old.width), bounds.height / max(1, old.height)

        def x(at: float) -> float:
            return bounds.x + (at - old.x) * sx

        def y(at: float) -> float:
            return bounds.y + (at - old.y) * sy

        for f in self.flyers:
            f.x, f.y, f.vx, f.vy = x(f.x), y(f.y), f.vx * sx, f.vy * sy
        # a card still to leave, as large as it now lies: it leaves from its foot, and
        # at its old size it leapt from above its place on a felt grown larger
        self.queue = [
            (card, pygame.Rect(round(x(r.x)), round(y(r.y)), round(r.w * sx), round(r.h * sy)))
            for card, r in self.queue
        ]
        self.bounds = bounds
        self.scale = bounds.height / 1000

    def positions(self, card_size: tuple[int, int]) -> list[tuple[str, pygame.Rect]]:
        w, h = card_size
        return [(f.card, pygame.Rect(int(f.x), int(f.y) - h, w, h)) for f in self.flyers]
