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


def test_a_fade_shades_the_pictures_it_has_without_drawing_them_again(app, driver, monkeypatch):
    # each frame of a fade drew the whole scene again under the shade: at 4K a menu's
    # fade ran at 20 frames a second. The scene left is drawn once, the one come in
    # once more, and each again only where it changes
    old, new = MenuScene(app), MenuScene(app)
    app.switch(old, fade=False)
    driver.frames(3)
    drawn: list[MenuScene] = []
    for scene in (old, new):
        monkeypatch.setattr(
            scene,
            "draw",
            lambda surface, alpha, s=scene, d=scene.draw: drawn.append(s) or d(surface, alpha),
        )
    app.switch(lambda: new)
    frames = 0
    while app.scene is old:
        driver.frames(1)
        frames += 1
    assert drawn.count(old) == 1 and drawn.count(new) == 1 and app._fade > 0.5
    new.redraw = True  # a change under the shade is drawn
    driver.frames(1)
    assert drawn.count(new) == 2 and app._fade > 0
    while app._fade > 0:
        driver.frames(1)
        frames += 1
    assert frames > 8
    assert drawn.count(old) == 1 and drawn.count(new) == 3  # and whole at the end


def test_with_animation_off_a_scene_comes_in_at_the_next_frame_unshaded(app, driver):
    # "Animation: Off" stopped the cards, yet every change of screen still faded
    # through dark for a third of a second
    app.settings.animation_speed = 0.0
    old, new = MenuScene(app), MenuScene(app)
    app.switch(old, fade=False)
    driver.frames(3)
    app.switch(lambda: new)
    driver.frames(1)
    assert app.scene is new and app._fade == 0
    driver.frames(1)
    assert app._fade == 0 and app.surface.get_at((5, 5)) == new_picture(app, driver)


def new_picture(app, driver):
    """The colour at (5, 5) of the scene now in, drawn whole."""
    app.scene.redraw = True
    driver.frames(1)
    return app.surface.get_at((5, 5))
