"""The win's bouncing cards."""

import pygame

from game.render.celebration import Celebration


def test_a_window_resized_during_the_win_gives_the_cards_its_whole_felt():
    # kept to the old felt, the cards bounced on a floor in the middle of a window grown
    # full screen, through the win's banner
    small, large = pygame.Rect(0, 40, 1100, 600), pygame.Rect(0, 40, 2560, 1340)
    cards = [(f"{r}S", pygame.Rect(100 + 60 * i, 60, 50, 70)) for i, r in enumerate("A23456789")]
    show = Celebration(cards, small, seed=3)
    for _ in range(30):
        show.update(1 / 60)
    flying = len(show.flyers)
    assert flying and show.queue
    show.resize(large)
    lowest = 0.0
    for _ in range(60 * 6):
        show.update(1 / 60)
        lowest = max([lowest] + [f.y for f in show.flyers])
    assert lowest > small.bottom + 200  # they fall to the new floor
    assert lowest <= large.bottom
