"""The attract loop's high scores as a passer-by reads them from a step back: the figures
as large as the panel has room for, on a screen standing up too."""

import itertools

import pygame
import pytest

import game.kiosk.high_scores as high_scores
from game.kiosk.high_scores import HighScoresScene
from game.rules import Game
from game.store import GameFacts
from tests.scenes.driver import Driver
from tests.store.helpers import DEAL_8_WIN


def drawn_texts(monkeypatch) -> list[tuple[str, int, pygame.Rect]]:
    """What the high scores draw from now on: each text, its size and where it went."""
    drawn: list[tuple[str, int, pygame.Rect]] = []
    real = high_scores.draw_text

    def recording(surface, text, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(surface, text, size, *args, **kwargs)
        drawn.append((text, size, rect))
        return rect

    monkeypatch.setattr(high_scores, "draw_text", recording)
    return drawn


def shown_with_a_win_in(kiosk, driver, seconds: float) -> HighScoresScene:
    """Pyramid 52's high scores, its deal 8 won in `seconds` (a faster win takes the
    slower one's place: a deal is in the table once)."""
    game = Game("pyramid52", deal=8)
    for move in DEAL_8_WIN:
        game.play(move)
    facts = GameFacts(seconds=seconds)
    kiosk.records.save_game(game, facts)
    assert kiosk.records.add_game_score(game, facts, "ЖЖЖ") == 1
    loop = kiosk.kiosk.attract
    loop.turn = 1  # pyramid52
    kiosk.switch(lambda: HighScoresScene(kiosk, loop, loop.offered), fade=False)
    driver.frames(2)
    assert isinstance(kiosk.scene, HighScoresScene)
    return kiosk.scene


@pytest.mark.parametrize("size", [(1080, 1920), (2160, 3840)])
def test_a_long_time_standing_up_does_not_shrink_the_table(make_kiosk, monkeypatch, size):
    # standing up, the columns at fixed shares of the panel left "10:10" too little room
    # beside the cards, and every figure of the table was drawn a sixth smaller for it
    # (at 1080x1920 34 px where 40 fit), the initials' column a third of the panel wide
    kiosk = make_kiosk(size=size)
    driver = Driver(kiosk)
    drawn = drawn_texts(monkeypatch)
    shown_with_a_win_in(kiosk, driver, 610.0)
    slow = list(drawn)
    drawn.clear()
    shown_with_a_win_in(kiosk, driver, 95.0)
    ((slow_size, time_drawn),) = [(s, rect) for text, s, rect in slow if text == "10:10"]
    (quick_size,) = [s for text, s, _rect in drawn if text == "1:35"]
    assert slow_size == quick_size
    # and the row's values still stand apart, within the screen
    cells = sorted(
        (rect for _text, s, rect in slow if s == slow_size and rect.centery == time_drawn.centery),
        key=lambda r: r.x,
    )
    assert len(cells) == 6
    gap = size[0] // 100
    assert all(a.right + gap <= b.left for a, b in itertools.pairwise(cells))
    assert all(kiosk.surface.get_rect().contains(cell) for cell in cells)
