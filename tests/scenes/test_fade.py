"""The fade between scenes: a scene that repaints only what changed is whole once it is over."""

from game.rules import Game
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene


def test_a_table_entered_through_a_fade_is_not_left_dark(app, driver):
    app.settings.animation_speed = 0.0  # nothing moves: the table repaints nothing by itself
    app.switch(MenuScene(app), fade=False)
    driver.frames(3)
    app.switch(lambda: TableScene(app, Game("pyramid52", deal=8)))
    driver.settle(1.0)
    scene = app.scene
    assert isinstance(scene, TableScene)
    where = scene.view.top_rect("p7.4").center
    seen = app.surface.get_at(where)
    scene._invalidate()  # a whole repaint, for comparison
    driver.frames(1)
    assert seen == app.surface.get_at(where)
    assert max(seen.r, seen.g, seen.b) > 150  # a card face, not the shade
