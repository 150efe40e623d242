"""The demo's speed set on screen: a touch screen or a mouse alone had only + and −."""

from __future__ import annotations

import pygame
import pytest

from game.rules import Game
from game.scenes.table_demo import DEMO_PACES
from tests.scenes.test_table import open_table, wait_for_analysis


def demo_playing(app, driver, deal: int = 8, ruleset: str = "pyramid52"):
    scene = open_table(app, driver, Game(ruleset, deal=deal))
    wait_for_analysis(scene, driver)
    driver.click_twice(scene.buttons["demo"].rect.center)
    driver.frames(2)
    assert scene.demo
    return scene


def pace_button(scene, key: str):
    return next(b for b in scene.demo_pace_buttons if b.key == key)


def moves_in(scene, driver, seconds: float) -> int:
    before = len(scene.game.moves)
    driver.settle(seconds)
    return len(scene.game.moves) - before


def test_the_faster_button_speeds_the_demo_up_and_does_not_stop_it(app, driver):
    scene = demo_playing(app, driver)
    faster, slower = pace_button(scene, "demo-faster"), pace_button(scene, "demo-slower")
    # drawn beside its words, in the status panel, a fingertip's size
    assert scene.status_drawn is not None and scene.status_drawn.contains(faster.rect)
    assert faster.rect.height >= scene.hud.button_h
    assert faster.enabled and not slower.enabled  # it starts at the slowest
    at_first = moves_in(scene, driver, 4.0)
    driver.click(faster.rect.center)
    driver.frames(1)
    driver.click(faster.rect.center)
    driver.frames(1)
    assert scene.demo and DEMO_PACES[scene.demo_pace] == DEMO_PACES[-1]
    assert scene.status == f"Demo speed: ×{DEMO_PACES[-1]:g}"
    assert not faster.enabled and slower.enabled
    assert moves_in(scene, driver, 4.0) >= 2 * at_first > 0


def test_a_finger_on_slower_slows_the_demo_and_leaves_it_playing(app, driver):
    scene = demo_playing(app, driver)
    driver.key(pygame.K_PLUS)
    driver.frames(1)
    assert scene.demo_pace == 1
    driver.tap(pace_button(scene, "demo-slower").rect.center)
    driver.frames(1)
    assert scene.demo and scene.demo_pace == 0


def test_the_speed_is_said_once_the_demo_s_first_words_are_gone(app, driver):
    scene = demo_playing(app, driver)
    driver.key(pygame.K_PLUS)
    driver.settle(6.0)  # the words of its start and of its speed gone
    assert scene.demo and scene.status == ""
    assert scene.status_banner().text == "Demo: the solver plays at ×2."
    assert scene.status_drawn is not None  # still drawn, with its buttons


def test_a_press_on_the_demo_s_panel_but_off_its_buttons_leaves_it_playing(app, driver):
    scene = demo_playing(app, driver)
    slower = pace_button(scene, "demo-slower")  # at ×1, greyed: no speed to take off
    driver.tap(slower.rect.center)
    driver.frames(1)
    assert scene.demo and scene.demo_pace == 0
    panel = scene.status_drawn
    driver.click((panel.left + 4, panel.top + 4))  # its words
    driver.frames(1)
    assert scene.demo
    driver.click((scene.view.area.left + 2, scene.view.area.top + 2))  # the felt
    driver.frames(1)
    assert not scene.demo  # the player takes over


def test_the_speed_buttons_go_with_the_demo(app, driver):
    scene = demo_playing(app, driver)
    driver.key(pygame.K_d)  # stopped
    driver.settle(0.5)
    assert not scene.demo and scene.status_drawn is None
    faster = pace_button(scene, "demo-faster")
    played = list(scene.game.moves)
    driver.click(faster.rect.center)  # where it was: the felt, or a card, now
    driver.frames(2)
    assert not scene.demo and scene.demo_pace == 0
    assert scene.game.moves[: len(played)] == played


def test_the_speed_button_under_the_mouse_is_lit_as_the_bar_s_are(app, driver):
    scene = demo_playing(app, driver)
    faster = pace_button(scene, "demo-faster")

    def move_to(pos):
        event = pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0), touch=False
        )
        pygame.event.post(event)
        driver.frames(1)

    move_to(faster.rect.center)
    assert faster.hot
    move_to(scene.view.area.center)
    assert not faster.hot


def test_the_speed_buttons_stay_put_while_the_demo_plays(app, driver):
    # the panel went from corner to corner as the cards moved and its words changed,
    # and a finger going for Faster found it gone
    scene = demo_playing(app, driver)
    feet = set()
    for step in range(40):
        if step == 5:
            driver.key(pygame.K_PLUS)  # its words change: "Demo speed: ×2"
        driver.frames(6)
        if scene.demo:
            feet.add(scene.status_drawn.midbottom)
    assert len(scene.game.moves) > 10 and len(feet) == 1, feet


def test_the_demo_s_panel_keeps_off_where_removed_cards_fly(app, driver):
    # in the pyramid games it stood top right, where each removed card flies and fades:
    # the flight crossed Faster in one frame of ten
    scene = demo_playing(app, driver)
    out = scene.view.layout.spots["out"].rect
    for _ in range(30):
        driver.frames(6)
        if scene.demo:
            assert not scene.status_drawn.colliderect(out)


def test_a_resized_window_places_the_demo_s_panel_afresh(app, driver):
    # it kept the old window's place and width, off-centre in the middle of the table
    from game.scenes.table_overlay import draw_banner

    driver.resize((1024, 600))
    scene = demo_playing(app, driver, ruleset="egyptian")
    driver.frames(10)
    assert scene.demo_panel is not None
    scene.resize((1280, 800))
    assert scene.demo_panel is None  # the old window's place is forgotten
    driver.resize((1280, 800))
    driver.frames(2)
    assert scene.demo
    fresh = draw_banner(
        pygame.Surface(app.size),
        scene.view.area,
        scene.status_banner(),
        small=True,
        avoid=scene.banner_keep_clear(),
        least=scene.hud.button_h,
    )
    assert scene.status_drawn == fresh


def test_a_resize_puts_out_the_button_the_mouse_had_lit(app, driver):
    # the button moved from under the pointer and stayed lit where nothing pointed at it;
    # a bar's button kept its tooltip as well
    scene = demo_playing(app, driver)
    faster = pace_button(scene, "demo-faster")
    driver.hover(faster.rect.center)
    assert faster.hot
    driver.resize((1024, 600))
    driver.frames(1)
    assert scene.demo and not faster.hot
    undo = scene.buttons["undo"]
    driver.hover(undo.rect.center)
    driver.settle(1.0)
    assert undo.hot and scene.tip_for == "undo"
    driver.resize((1280, 800))
    driver.frames(1)
    assert not undo.hot and scene.tip_for == ""
    driver.hover(undo.rect.center)  # the next move lights it again
    assert undo.hot


@pytest.mark.parametrize("held", [pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RALT])
def test_a_key_held_for_another_leaves_the_demo_playing(app, driver, held):
    # Shift pressed for "+" (the demo's speed) took the demo over, on either side
    scene = demo_playing(app, driver)
    driver.key(held, scancode=0)
    assert scene.demo
    driver.key(pygame.K_x)  # any other key takes it over
    assert not scene.demo


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_line_that_fits_only_where_removed_cards_fly_stands_there_not_on_a_card(
    app, driver, language
):
    # kept off the flights' end at any cost, the Russian words of a lost Pyramid 36
    # deal lay over the pyramid's top card at 1280x800, where the felt to its right
    # held them in three lines
    from game import i18n
    from game.i18n import _

    i18n.set_language(language)
    try:
        driver.resize((1280, 800))
        scene = open_table(app, driver, Game("pyramid36", deal=20261207))
        driver.settle(6.0)  # dealt, every card in its place
        words = "This deal cannot be won: play for the fewest points left ({points} at best)."
        scene.status = _(words, points="133 очка" if language == "ru" else "133 points")
        scene._invalidate()
        driver.frames(2)
        assert scene.status_drawn is not None
        cards = scene.view.card_rects_in_view()
        assert scene.status_drawn.collidelist(cards) == -1
    finally:
        i18n.set_language("en")


def piled_up(deal: int) -> Game:
    """An Egyptian game a careless player piled up: every card onto the longest pile
    that takes it, the stock run out. Its piles fill the felt to the bar at 1024x600."""
    game = Game("egyptian", deal=deal)
    for _ in range(400):
        onto = [m for m in game.legal_moves if m.kind == "move" and m.b.startswith("t")]
        onto = [m for m in onto if m.a == "w" or len(game.pile(m.a)) < len(game.pile(m.b)) + 1]
        best = max(onto, key=lambda m: (len(game.pile(m.b)), m.a != "w"), default=None)
        if best is None and "st>w" not in map(str, game.legal_moves):
            return game
        game.play(best or "st>w")
    return game


def test_a_hint_s_words_leave_the_hinted_card_and_its_place_in_sight(app, driver):
    # at 1024x600 among long piles, where every place hid a card, "Hint: K♣ to a
    # foundation" lay over the K♣ and its ring
    driver.resize((1024, 600))
    game = piled_up(2)
    scene = open_table(app, driver, game)
    home = next(m for m in game.legal_moves if m.kind == "move" and m.b.startswith("f"))
    scene.hint = home
    scene.status = (
        "The solver has not settled this position; the best line it found leaves 702 "
        "points. Hint: K♣ to a foundation."
    )
    scene._invalidate()
    driver.frames(2)
    drawn = scene.status_drawn
    assert drawn is not None and drawn.collidelist(scene.view.card_rects_in_view()) != -1
    assert drawn.collidelist([scene.view.top_rect(home.a), scene.view.top_rect(home.b)]) == -1


def test_the_demo_s_first_words_are_drawn_beside_its_buttons(app, driver):
    # how to take over is said as it starts: the speed alone hid it from the panel
    scene = demo_playing(app, driver)
    assert scene.status.startswith("Demo: the solver plays. Click or tap the table")
    assert scene.status_banner().text == scene.status
    assert scene.status_banner().buttons == scene.demo_pace_buttons
    # none of them gold: Enter takes the game over, it presses neither
    assert not any(button.selected for button in scene.demo_pace_buttons)


def test_a_finger_sliding_over_a_speed_button_does_not_light_it(app, driver):
    # a finger's motion is no mouse hovering: the button lit stayed lit under no pointer
    scene = demo_playing(app, driver)
    slower, faster = pace_button(scene, "demo-slower"), pace_button(scene, "demo-faster")
    driver.finger(pygame.FINGERDOWN, slower.rect.center)  # greyed at x1: nothing done
    driver.finger(pygame.FINGERMOTION, faster.rect.center)
    assert scene.demo and not faster.hot and not slower.hot
    driver.finger(pygame.FINGERUP, faster.rect.center)


def test_a_demo_with_nothing_to_show_says_so_and_does_not_start(app, driver):
    # proven lost, no move lowering the points: the demo would stand still
    from tests.scenes.test_table_analysis import _nothing_better_said

    scene, game, _worker, _best = _nothing_better_said(app, driver)
    scene._close_banner()
    played = len(game.moves)
    driver.key(pygame.K_d)
    driver.settle(1.0)
    assert not scene.demo and len(game.moves) == played
    assert not scene.assisted  # nothing shown: not the demo's help
    assert scene.status.startswith("No win is possible now, and no move lowers the points")


def test_a_demo_with_nothing_to_show_tells_a_hidden_verdict_and_marks_it_told(app, driver):
    # its words are the verdict the player chose not to see: told, the game is the
    # demo's help (as a hint's words are a hint's), not a free look at the verdict
    from tests.scenes.test_table_analysis import _nothing_better_said

    app.settings.show_verdict = False
    scene, _game, _worker, _best = _nothing_better_said(app, driver)
    scene._close_banner()
    assert not scene.assisted
    driver.key(pygame.K_d)  # first asked: it takes the game out of the high-score tables
    assert scene.status.startswith("Press D again") and not scene.assisted
    driver.pause()
    driver.key(pygame.K_d)
    driver.settle(0.5)
    assert scene.status.startswith("No win is possible now")
    assert scene.assisted and scene.facts.assisted_by == "demo" and scene.facts.verdict_shown


def test_a_game_the_demo_played_is_the_demo_s_help(app, driver):
    # the solver's play is no player's: the game is marked helped, by the demo
    scene = demo_playing(app, driver)
    assert scene.assisted and scene.facts.assisted_by == "demo"


def test_enter_while_the_demo_plays_takes_the_game_over(app, driver):
    # Enter is "any other key" unless the Demo button has the keyboard's focus
    scene = demo_playing(app, driver)
    assert scene.keys.focus != "demo"
    driver.key(pygame.K_RETURN)
    driver.frames(1)
    assert not scene.demo


def test_a_finger_short_of_a_bar_button_under_the_demo_s_panel_presses_the_button(app, driver):
    # the panel keeps a finger short of its own buttons from stopping the demo, but the
    # slack of the bar's buttons below it goes to them: there Demo stops the demo
    from game.scenes.table_pointer import TOUCH_SLACK_PX

    scene = demo_playing(app, driver)
    demo = scene.buttons["demo"].rect
    point = (demo.centerx, demo.top - TOUCH_SLACK_PX // 2)
    # the panel as drawn on a crowded table: down to the bar, over the button's slack
    scene.status_drawn = pygame.Rect(demo.left - 50, point[1] - 40, demo.width + 100, 41)
    driver.tap(point)
    assert not scene.demo
