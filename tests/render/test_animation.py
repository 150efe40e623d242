"""The table's animations follow every event of an action, even a card that only passes through."""

import pygame
import pytest

from game.render.animation import tweens_for
from game.render.table_view import TableView
from game.rules import Game


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


def test_a_card_turned_to_the_waste_and_straight_into_a_gap_flies_both_legs():
    # Egyptian Pyramid, old rules: a gap is refilled from the waste at once, so the card
    # turned here lands on the waste and leaves it within one action (the waste ends empty)
    game = Game("egyptian-old", deal=517293)
    for move in ("t7>f2", "t4>t3"):
        game.play(move)
    view = TableView(game, pygame.Rect(0, 40, 800, 520), False, "classic")
    before = view.counts()
    action = game.play("st>w")
    assert [e.kind for e in action.events] == ["turn", "refill"] and not game.pile("w")
    tweens = tweens_for(action.events, before, view.counts(), view.rects, view.face_up, 0.0, 1.0)
    waste = view.rects("w", 1)[0]
    gap = view.rects("t4", 1)[0]
    assert [(t.card, t.end) for t in tweens] == [("JD", waste), ("JD", gap)]
