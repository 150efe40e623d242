"""A bar button's tooltip keeps a margin from the window's edges."""

import pytest

from game import i18n
from game.rules import Game
from tests.scenes.test_table import open_table


@pytest.mark.parametrize("size", [(1105, 690), (800, 600)])
def test_a_tooltip_by_the_window_s_edge_keeps_off_it(app, driver, size):
    # «Клавиша: N дважды» over New deal, the bar's first button, lay flush against the
    # window's left edge, its frame on the window's border (a Russian player, 1366x768)
    driver.resize(size)
    game = Game("egyptian", deal=3)
    game.play("st>w")  # a game begun: New deal asks first, and its tip says "twice"
    i18n.set_language("ru")
    try:
        scene = open_table(app, driver, game)
        for button in ("new", "menu"):
            scene.keys.focus, scene.keys.visible = button, True
            scene._invalidate()
            driver.frames(2)
            assert scene.tip_for == button and scene.tip_drawn is not None
            window = app.surface.get_rect()
            assert scene.tip_drawn.left > window.left, (button, scene.tip_drawn)
            assert scene.tip_drawn.right < window.right, (button, scene.tip_drawn)
    finally:
        i18n.set_language("en")
