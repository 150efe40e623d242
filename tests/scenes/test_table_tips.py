"""The table's tooltips (game.scenes.table_tips): which button names its keys, and when."""

import pygame

from game.rules import Game
from tests.scenes.test_table import open_table


def test_after_a_key_the_tooltip_waits_for_another_rest(app, driver):
    # a press hides the tip (it lay over what the press changed); it comes back only
    # after the mouse rests on the button again, not at the next frame
    scene = open_table(app, driver, Game("egyptian", deal=3))
    driver.hover(scene.buttons["hint"].rect.center)
    driver.frames(60)
    assert scene.tip_for == "hint"
    driver.key(pygame.K_LSHIFT)  # a key that does nothing on the table
    driver.frames(5)
    assert scene.tip_for == ""
    driver.frames(60)
    assert scene.tip_for == "hint"


class Cards:
    """The little of a table that _clear_of_the_cards reads: its cards, no badges."""

    def __init__(self, *rects: pygame.Rect) -> None:
        self.view = self
        self.badges_drawn: list[pygame.Rect] = []
        self.status_drawn = None
        self.rects = list(rects)

    def card_rects_in_view(self) -> list[pygame.Rect]:
        return self.rects


def clear_of(box: pygame.Rect, bounds: pygame.Rect, *cards: pygame.Rect) -> pygame.Rect:
    from game.scenes.table_tips import TableTips

    return TableTips._clear_of_the_cards(Cards(*cards), box, bounds)  # type: ignore[arg-type]


def test_a_tooltip_over_a_card_by_the_window_s_right_moves_left_off_it():
    # over Menu, the bar's last button, the way right is out of the window
    bounds = pygame.Rect(0, 0, 1000, 100)
    card = pygame.Rect(850, 40, 150, 50)
    moved = clear_of(pygame.Rect(880, 50, 100, 30), bounds, card)
    assert not moved.colliderect(card) and bounds.contains(moved)


def test_a_tooltip_with_no_clear_place_in_the_window_stays_in_it():
    # the one place clear of the cards lies past the window's edge: the tip stays put
    bounds = pygame.Rect(0, 0, 1000, 100)
    box = pygame.Rect(10, 50, 100, 30)
    moved = clear_of(box, bounds, pygame.Rect(50, 40, 400, 50))
    assert moved == box


def test_new_deal_s_tooltip_says_n_once_the_game_is_over(app, driver):
    # N asks first only in a game in play: at a game's end its first press deals
    scene = open_table(app, driver, Game("egyptian", deal=3))
    scene.game.play("st>w")
    assert scene.tip_text(scene.buttons["new"]) == "Key: N twice"
    scene.game.play("resign")
    assert scene.game.over
    assert scene.tip_text(scene.buttons["new"]) == "Key: N"


def test_a_tooltip_s_words_grow_with_the_buttons(app, driver):
    # at the bar's text size or near it, not a fixed small print under a large button
    scene = open_table(app, driver, Game("egyptian", deal=3))
    scene.keys.focus, scene.keys.visible = "hint", True
    scene._invalidate()
    driver.frames(2)
    button = scene.buttons["hint"].rect
    assert scene.tip_drawn is not None
    assert scene.tip_drawn.height >= button.height // 2, (scene.tip_drawn, button)


def test_a_tooltip_keeps_off_a_pile_s_count():
    # over the stock in its corner, "Key: N" hid its count
    from game.scenes.table_tips import TableTips

    table = Cards()
    count = pygame.Rect(40, 50, 30, 20)
    table.badges_drawn = [count]
    bounds = pygame.Rect(0, 0, 1000, 100)
    moved = TableTips._clear_of_the_cards(table, pygame.Rect(10, 45, 100, 30), bounds)  # type: ignore[arg-type]
    assert not moved.colliderect(count) and bounds.contains(moved)
