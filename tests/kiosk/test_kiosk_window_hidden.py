"""A kiosk's window said hidden or minimised goes on drawing its show: the window
manager may say so of a window still on the screen, and nothing (no window manager)
may say it is shown again."""

import pygame

from game.clock import STEP


def test_a_kiosk_said_hidden_still_draws_its_show(kiosk, monkeypatch):
    for _ in range(3):
        kiosk.clock.advance(STEP)
        kiosk.frame()
    shown = []
    real = pygame.display.update
    monkeypatch.setattr(
        pygame.display, "update", lambda *rects: (shown.append(rects), real(*rects))[1]
    )
    kiosk.handle_event(pygame.event.Event(pygame.WINDOWMINIMIZED))
    kiosk.scene.redraw = True
    kiosk.clock.advance(STEP)
    kiosk.frame()
    assert shown and kiosk.frame_rate() >= 60
