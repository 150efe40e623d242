"""The table when input and the game cross: the Finish cascade, a card held while the
position changes, a tap that slips, keys that must not reach past what the buttons allow."""

import pygame
import pytest

from game.rules import Game
from game.rules.moves import PAIR, REDEAL_MOVE, parse_move
from game.scenes.table import TableScene
from game.scenes.table_analysis import Answer
from game.scenes.table_pointer import TOUCH_SLACK_PX
from game.store import ARCADE, DAILY, GameFacts
from tests.scenes.test_table import centre, click_move, open_finishing, open_table
from tests.scenes.test_table_analysis import ScriptedWorker
from tests.store.helpers import DEAL_8_WIN

pytestmark = pytest.mark.usefixtures("english")

# Egyptian with a sorted two-deck pack: every card can go home from the deal on
SORTED = [rank + suit for rank in "A23456789TJQK" for suit in "SSHHDDCC"]


def finishing_table(app, driver):
    scene = open_finishing(app, driver, Game("egyptian", deck=SORTED))
    assert scene.finishing and scene.buttons["finish"].enabled
    return scene


def test_the_finish_button_is_lit_only_when_it_can_end_the_game(app, driver):
    # the note said "press Finish" of a button that looked like all the others
    scene = open_table(app, driver, Game("egyptian", deal=0))
    assert not scene.buttons["finish"].enabled and not scene.buttons["finish"].selected
    scene = finishing_table(app, driver)
    assert scene.buttons["finish"].selected


@pytest.mark.parametrize("ruleset", ["pyramid52", "pyramid36"])
def test_a_pyramid_game_offers_no_finish_that_never_works(app, driver, ruleset):
    # its Finish stayed grey through every game, beside "F: finish" in the rules' keys:
    # cards leave the pyramid in pairs, and there is no home to send them to
    from game.scenes.rules import keys_text

    scene = open_table(app, driver, Game(ruleset, deal=8))
    assert "finish" not in scene.buttons
    assert "Finish" not in [b.label for b in scene.hud.buttons]
    driver.key(pygame.K_f)  # the key presses nothing
    assert scene.game.moves == [] and scene.autoplay == []
    assert "F: finish" not in keys_text(pairs_cards=True)
    assert "F: finish" in keys_text(pairs_cards=False)
    assert "finish" in open_table(app, driver, Game("sbudetsya", deal=8)).buttons


def test_the_demo_playing_is_not_told_to_press_finish(app, driver):
    """Every card can go home, and the demo is playing: the table does not ask the
    player to press Finish while the solver's moves go on."""
    scene = finishing_table(app, driver)
    scene._say("")
    driver.key(pygame.K_d)  # a given deck enters no table: the demo is not asked
    assert scene.demo
    import time

    end = time.monotonic() + 20
    while not scene.game.moves and time.monotonic() < end:
        driver.frames(5)
    assert scene.game.moves and scene.demo
    assert "Finish" not in scene.status


def hold(driver, start, to):
    """Press the mouse on `start` and move it to `to`, the button still down."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
    driver.frames(1)
    for i in range(1, 5):
        pos = (start[0] + (to[0] - start[0]) * i // 4, start[1] + (to[1] - start[1]) * i // 4)
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False
            )
        )
        driver.frames(1)


def release(driver, pos):
    """Move the held mouse to `pos` and let go there."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    )
    driver.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    driver.frames(1)


def test_restart_stops_the_finish_cascade(app, driver):
    scene = finishing_table(app, driver)
    driver.click(scene.buttons["finish"].rect.center)
    driver.settle(0.5)
    assert scene.game.moves
    driver.click(scene.buttons["restart"].rect.center)
    driver.settle(2.0)
    assert scene.game.moves == [] and scene.game.can_redo  # Restart keeps the redo
    assert scene.autoplay == [] and scene.buttons["finish"].enabled


def test_a_move_of_the_player_stops_the_cascade_and_nothing_is_refused(app, driver):
    scene = finishing_table(app, driver)
    refused = []
    app.sounds.play = lambda name: refused.append(name) if name == "refused" else None
    driver.click(scene.buttons["finish"].rect.center)
    driver.settle(0.4)
    driver.key(pygame.K_SPACE)  # the player turns the stock
    assert str(scene.game.moves[-1]) == "st>w" and scene.autoplay == []
    driver.settle(5.0)
    assert refused == []
    assert scene.buttons["finish"].enabled == bool(scene.finishing)
    driver.click(scene.buttons["finish"].rect.center)  # Finish again plays it out
    driver.settle(30.0)
    assert scene.game.won


def test_a_card_held_when_an_undo_changes_the_position_is_let_go(app, driver):
    scene = open_table(app, driver, Game("egyptian", deal=0))
    driver.drag(centre(scene, "t1"), centre(scene, "t6"))  # 9D onto TH
    driver.settle(0.5)
    assert [str(m) for m in scene.game.moves] == ["t1>t6"]
    start = centre(scene, "t6")
    hold(driver, start, (start[0], start[1] + 60))
    assert scene.drag is not None and scene.drag.card == "9D"
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.game.moves == [] and scene.drag is None
    release(driver, centre(scene, "t5"))
    driver.settle(0.5)
    assert scene.game.moves == [] and scene.status == ""  # nothing moved, nothing refused


def test_a_card_pressed_while_the_cascade_runs_moves_nothing_else(app, driver):
    scene = finishing_table(app, driver)
    driver.click(scene.buttons["finish"].rect.center)
    start = centre(scene, "t4")
    hold(driver, start, (start[0] - 40, start[1] - 60))
    driver.settle(0.6)  # the cascade plays on, the pressed card among its moves
    release(driver, centre(scene, "t1"))
    assert scene.drag is None and scene.press is None
    assert "t4>t1" not in [str(m) for m in scene.game.moves]
    driver.settle(30.0)
    assert scene.game.won


def slipping_tap(app, driver, pos, dx, dy):
    """A finger that lands on `pos` and lifts `dx`, `dy` pixels further."""
    w, h = app.size
    app.clock.advance(0.5)
    for kind, (x, y) in (
        (pygame.FINGERDOWN, pos),
        (pygame.FINGERMOTION, (pos[0] + dx, pos[1] + dy)),
        (pygame.FINGERUP, (pos[0] + dx, pos[1] + dy)),
    ):
        pygame.event.post(
            pygame.event.Event(
                kind, x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0
            )
        )
        driver.frames(1)


def test_a_card_whose_finger_lift_was_lost_goes_back_at_the_next_touch(app, driver):
    # it floated over the table, and the next tap's lift dropped it as the old drag's:
    # a tap on the stock played the pair it hung over
    scene = open_table(app, driver, Game("pyramid52", deal=1))  # p7.5 6D, p7.6 7C: 13
    w, h = app.size
    start, over = centre(scene, "p7.5"), centre(scene, "p7.6")
    half = ((start[0] + over[0]) // 2, (start[1] + over[1]) // 2)
    moves = ((pygame.FINGERMOTION, half), (pygame.FINGERMOTION, over))
    for kind, (x, y) in ((pygame.FINGERDOWN, start), *moves):
        pygame.event.post(
            pygame.event.Event(
                kind, x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0
            )
        )
        driver.frames(1)
    assert scene.drag is not None and scene.drag.over == "p7.6"  # its lift never comes
    driver.tap(centre(scene, "st"))
    driver.settle(0.5)
    assert scene.drag is None
    assert all(m.kind != PAIR for m in scene.game.moves), scene.game.moves
    assert [str(m) for m in scene.game.moves] in (["st>w"], [])  # the stock's own tap


def test_a_card_held_as_the_window_loses_its_focus_goes_back(app, driver):
    # the release went to the window that took the focus; the next press there came as
    # a release alone, and it dropped the card held on the pair it hung over
    scene = open_table(app, driver, Game("pyramid52", deal=1))  # p7.5 6D, p7.6 7C: 13
    over = centre(scene, "p7.6")
    hold(driver, centre(scene, "p7.5"), over)
    assert scene.drag is not None and scene.drag.over == "p7.6"
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.frames(1)
    assert scene.drag is None
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=over, button=1, touch=False))
    driver.settle(0.5)
    assert scene.game.moves == []


@pytest.mark.parametrize("slip", [8, 20])
def test_a_tap_that_slips_selects_its_card_and_pairs_nothing(app, driver, slip):
    scene = open_table(app, driver, Game("pyramid52", deal=1))  # p7.5 6D, p7.6 7C: 13
    slipping_tap(app, driver, centre(scene, "p7.5"), slip, 0)
    assert scene.game.moves == [] and scene.selected == "p7.5"
    slipping_tap(app, driver, centre(scene, "p7.6"), -slip, 0)  # the second card of the pair
    assert [str(m) for m in scene.game.moves] == ["p7.5+p7.6"]


@pytest.mark.parametrize("slip", [8, 13, 20, 30])
def test_a_tap_on_the_stock_that_slips_still_turns_it(app, driver, slip):
    # a slip past the drag's start (12 px for a finger) turned nothing and said nothing:
    # no card is dragged from the stock, and the press was dropped with the drag
    scene = open_table(app, driver, Game("egyptian", deal=42))
    assert slip < scene.view.layout.card[0] // 2
    slipping_tap(app, driver, centre(scene, "st"), slip, 0)
    assert [str(m) for m in scene.game.moves] == ["st>w"]


def test_a_finger_dragged_away_from_the_stock_turns_nothing(app, driver):
    scene = open_table(app, driver, Game("egyptian", deal=42))
    start, far = centre(scene, "st"), centre(scene, "t1")
    slipping_tap(app, driver, start, far[0] - start[0], far[1] - start[1])
    assert scene.game.moves == [] and scene.press is None and scene.drag is None


def test_a_slipping_tap_on_a_covered_card_says_why_it_stays(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=1))
    slipping_tap(app, driver, centre(scene, "p1.1"), 20, 0)
    assert scene.game.moves == [] and scene.selected is None
    assert scene.status != ""


def test_a_mouse_press_that_wobbles_on_a_building_card_selects_it(app, driver):
    scene = open_table(app, driver, Game("egyptian", deal=0))
    start = centre(scene, "t4")
    hold(driver, start, (start[0], start[1] - 12))
    release(driver, (start[0], start[1] - 12))
    assert scene.game.moves == [] and scene.selected == "t4" and scene.status == ""


def test_a_real_drag_onto_a_neighbour_still_pairs(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=1))
    driver.drag(centre(scene, "p7.5"), centre(scene, "p7.6"))
    assert [str(m) for m in scene.game.moves] == ["p7.5+p7.6"]


def flick(app, driver, start, end, finger: bool) -> None:
    """A press on `start` let go on `end` with no motion reported between: a quick
    flick, whose motion events SDL may leave out."""
    w, h = app.size
    app.clock.advance(0.5)
    for kind, (x, y) in ((pygame.MOUSEBUTTONDOWN, start), (pygame.MOUSEBUTTONUP, end)):
        if finger:
            kind = pygame.FINGERDOWN if kind == pygame.MOUSEBUTTONDOWN else pygame.FINGERUP
            fields = dict(x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0)
        else:
            fields = dict(pos=(x, y), button=1, touch=False)
        pygame.event.post(pygame.event.Event(kind, **fields))
        driver.frames(1)


@pytest.mark.parametrize("finger", [False, True])
def test_a_flick_with_no_motion_reported_drops_where_it_is_let_go(app, driver, finger):
    # a fast swipe was taken for a tap where it began: the card stayed picked up
    scene = open_table(app, driver, Game("pyramid52", deal=1))
    flick(app, driver, centre(scene, "p7.5"), centre(scene, "p7.6"), finger)
    assert [str(m) for m in scene.game.moves] == ["p7.5+p7.6"]
    assert scene.selected is None and scene.drag is None and scene.press is None


@pytest.mark.parametrize("finger", [False, True])
def test_a_flick_off_the_stock_turns_nothing(app, driver, finger):
    scene = open_table(app, driver, Game("egyptian", deal=42))
    flick(app, driver, centre(scene, "st"), centre(scene, "t1"), finger)
    assert scene.game.moves == [] and scene.press is None and scene.drag is None


def test_a_quick_second_tap_on_the_stock_turns_it_again(app, driver):
    # deal 16: 9S on the stock, KC under it. The second tap removed the King shown
    # for 80 ms, where the first had turned the stock
    scene = open_table(app, driver, Game("pyramid52", deal=16))
    driver.double_click(centre(scene, "st"))
    driver.settle(1.0)
    assert [str(m) for m in scene.game.moves] == ["st>w", "st>w"]


def test_quick_taps_on_a_king_on_the_reserve_then_one_on_the_stock_remove_both(app, driver):
    # deal 22 after seven turns: KC on the reserve, KH on the stock, a finger's width
    # apart. The second tap, counted a double, turned the stock where it aimed at KH
    game = Game("pyramid52", deal=22)
    for _ in range(7):
        game.play(game.stock_move)
    assert game.pile("w")[-1] == "KC" and game.pile("st")[-1] == "KH"
    scene = open_table(app, driver, game)
    reserve, stock = scene.view.top_rect("w"), scene.view.top_rect("st")
    w, h = app.size
    app.clock.advance(0.5)
    for pos in ((reserve.left + 8, reserve.centery), (stock.right - 8, reserve.centery)):
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            fields = dict(x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1)
            pygame.event.post(pygame.event.Event(kind, pressure=1.0, **fields))
        driver.frames(6)
    driver.settle(1.0)
    assert [str(m) for m in game.moves][7:] == ["w", "st"]


def test_a_quick_second_tap_after_the_stock_s_last_card_spends_no_pass(app, driver):
    # it turned the reserve back over onto the stock: a pass gone, unasked
    game = Game("pyramid52", {"passes": 3}, deal=0)
    while len(game.pile("st")) > 1:
        game.play("st>w")
    scene = open_table(app, driver, game)
    turned = len(game.moves)
    driver.double_click(centre(scene, "st"))
    driver.settle(1.0)
    assert [str(m) for m in game.moves][turned:] == ["st>w"] and game.passes_left == 2


def test_a_double_click_on_a_king_on_the_stock_removes_it_alone(app, driver):
    # deal 5: KC on the stock, JH under it, which the second click left alone
    scene = open_table(app, driver, Game("pyramid52", deal=5))
    driver.double_click(centre(scene, "st"))
    driver.settle(1.0)
    assert [str(m) for m in scene.game.moves] == ["st"]
    assert scene.game.pile("st")[-1] == "JH" and scene.selected is None


@pytest.mark.parametrize("mode", [DAILY, ARCADE])
def test_n_deals_no_new_game_where_the_new_deal_button_is_off(app, driver, mode):
    scene = TableScene(app, Game("pyramid52", deal=20261130), facts=GameFacts(mode=mode))
    app.switch(scene, fade=False)
    driver.settle(1.0)
    click_move(driver, scene, "st>w")
    assert not scene.buttons["new"].enabled
    driver.key(pygame.K_n)
    driver.settle(1.0)
    assert app.scene is scene
    # and says why: the key did nothing, with no sign
    assert scene.status == "This deal is played to its end: there is no new deal in its place."


def test_finish_off_says_when_it_plays_by_its_key_and_its_button(app, driver):
    # a game proved winnable, empty piles to use, and Finish grey: a player took it for
    # a fault, with nothing said by the key or the click
    scene = open_table(app, driver, Game("egyptian", deal=3))
    finish = scene.buttons["finish"]
    assert not finish.enabled
    said = "Finish plays the cards out once every card left can go home in order."
    driver.key(pygame.K_f)
    assert scene.status == said
    scene.status = ""
    driver.click(finish.rect.center)
    assert scene.status == said and scene.game.moves == []


@pytest.mark.parametrize("ruleset", ["pyramid36", "pyramid52"])
def test_f_in_a_pyramid_game_which_has_no_finish_says_nothing_of_it(app, driver, ruleset):
    scene = open_table(app, driver, Game(ruleset, deal=3))
    scene.analysis.worker = ScriptedWorker()  # no verdict comes in to fill the line
    said = scene.status
    driver.key(pygame.K_f)
    assert scene.status == said and scene.banner is None


def test_a_grey_button_with_nothing_to_say_is_a_press_on_the_felt(app, driver):
    # a click there said nothing and kept the card picked up, where it let it go
    scene = open_table(app, driver, Game("egyptian", deal=3))
    pile = next(p for p in ("t1", "t2", "t3", "t4") if scene.game.pile(p))
    scene.selected = pile
    assert not scene.buttons["redo"].enabled
    driver.click(scene.buttons["redo"].rect.center)
    assert scene.selected is None and scene.status == ""


def test_a_grey_button_before_the_wish_asks_for_the_wish(app, driver):
    # it said nothing, where it asked for the wish before; Finish spoke of cards going
    # home over a table not dealt yet
    scene = open_table(app, driver, Game("sbudetsya", deal=11))
    asked: list[bool] = []
    scene._wish_first = lambda: asked.append(True)  # type: ignore[method-assign]
    driver.click(scene.buttons["finish"].rect.center)
    assert asked == [True] and "Finish" not in scene.status


def test_finish_held_back_for_a_wish_says_so(app, driver):
    # every card could go home, and Finish waited for the stock's unseen cards: it said
    # it would play once every card could go home, which they could
    scene = open_table(app, driver, Game("sbudetsya", deal=0))
    scene.banner.buttons[0].action()  # the wish made
    driver.settle(1.0)
    scene.finishing = [next(iter(scene.game.legal_moves))]  # as if every card could go
    assert scene._wish_counts() and scene._finish_offered() is None
    driver.key(pygame.K_f)
    assert scene.status.startswith("Finish waits for the stock's last cards")


def test_the_fortune_shows_no_card_and_gives_no_hint_before_the_wish(app, driver):
    scene = open_table(app, driver, Game("sbudetsya", deal=11))
    assert scene.wish_pending and not scene.view.show_waits  # no base rank given away
    enabled = {name for name, b in scene.buttons.items() if b.enabled}
    assert enabled == {"new", "rules", "menu"}
    driver.frames(1)
    assert scene.hud.stats_shown == ""  # no stock, moves or cards left to count yet
    driver.click(scene.buttons["hint"].rect.center)
    driver.settle(1.5)
    assert scene.hints_used == 0 and not scene.assisted
    dealt = {(n, i) for n in scene.view.piles if n != "st" for i in range(len(scene.game.pile(n)))}
    drawn = app.surface.copy()
    scene._wish_made()
    scene.animator.finish()
    scene._invalidate()
    driver.frames(1)
    after = app.surface
    # the piles' places were bare before the wish and hold their cards after it
    changed = sum(
        drawn.get_at(scene.view.top_rect(n).center) != after.get_at(scene.view.top_rect(n).center)
        for n, _i in dealt
    )
    assert changed >= len({n for n, _i in dealt}) - 1
    assert scene.buttons["hint"].enabled and scene.buttons["demo"].enabled
    assert scene.view.show_waits
    assert "Stock" in scene.hud.stats_shown


def _a_pair_with_the_reserve(app, driver):
    """Pyramid 52 deal 8 at a position where a pyramid card pairs with the reserve's top:
    the game, its table, that pair."""
    game = Game("pyramid52", deal=8)
    for move in DEAL_8_WIN[:7]:
        game.play(move)
    scene = open_table(app, driver, game)
    return game, scene, next(m for m in game.legal_moves if m.kind == "pair" and m.b == "w")


def test_a_hint_to_pair_with_the_reserve_marks_both_cards(app, driver):
    _game, scene, with_reserve = _a_pair_with_the_reserve(app, driver)
    scene.hint = with_reserve
    marks = scene._marks()
    assert marks[with_reserve.a] == "hint" and marks["w"] == "hint"
    scene.hint = parse_move("st>w")
    assert scene._marks().get("w") != "hint"  # a stock turn marks the stock alone


def test_a_card_picked_up_while_a_hint_shows_is_marked_in_hand_with_its_targets(app, driver):
    # the hint's marks were laid over the card in hand and its targets: Enter on the
    # hinted card changed nothing on screen, and its place to go was not marked as one
    _game, scene, hint = _a_pair_with_the_reserve(app, driver)
    scene.hint = hint
    scene.keys.focus, scene.keys.visible = hint.a, True
    driver.key(pygame.K_RETURN)
    assert scene.selected == hint.a and scene.hint == hint
    marks = scene._marks()
    assert marks[hint.a] == "selected" and marks["w"] == "target"
    driver.key(pygame.K_RETURN)  # put back: the hint shows again
    assert scene.selected is None and scene._marks()[hint.a] == "hint"


def test_a_right_click_on_a_button_presses_nothing(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key(pygame.K_SPACE)  # a stock turn
    assert len(scene.game.moves) == 1
    pos = scene.buttons["undo"].rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=3, touch=False))
    driver.frames(1)
    assert len(scene.game.moves) == 1


def test_the_focus_moves_on_from_a_pair_just_removed_to_its_neighbour(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))  # p7.2 + p7.5 make 13
    scene.keys.focus, scene.keys.visible = "p7.2", True
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RIGHT)  # the arrows step among its partners alone
    assert scene.keys.focus == "p7.5"
    driver.key(pygame.K_RETURN)
    assert [str(m) for m in scene.game.moves] == ["p7.2+p7.5"]
    # on to the next card that can be played (p7.6 has no partner: the keys pass it by)
    assert scene.keys.focus == "p7.7" and "p7.6" not in scene._playable()
    driver.key(pygame.K_LEFT)
    assert scene.keys.focus == "p7.3"


def test_one_enter_does_not_end_a_stuck_game(app, driver, monkeypatch):
    # Enter meant for the focused card ended the game under the banner unseen
    monkeypatch.setattr(Game, "stuck_search", lambda *args: iter([True]))
    scene = open_table(app, driver, Game("egyptian", deal=0))
    assert scene.banner is not None and scene.banner.buttons[0].key == "end"
    scene.keys.focus, scene.keys.visible = "t1", True
    driver.key(pygame.K_RETURN)  # shows the focus on the banner's button; no card is picked up
    assert not scene.game.over and scene.selected is None and scene.banner.buttons[0].focused
    driver.key(pygame.K_RETURN)  # the button seen focused: Enter presses it, as a click does
    assert scene.game.over


def test_the_stuck_banner_s_button_ends_the_game_at_a_click(app, driver, monkeypatch):
    monkeypatch.setattr(Game, "stuck_search", lambda *args: iter([True]))
    scene = open_table(app, driver, Game("egyptian", deal=0))
    driver.click(scene.banner.buttons[0].rect.center)
    assert scene.game.over
    driver.settle(1.5)
    from game.scenes.results import ResultsScene, headline

    # the game's own end, not the player's: "You gave up" said otherwise
    assert isinstance(app.scene, ResultsScene) and app.scene.summary.stuck
    assert headline(app.scene.summary) == "The game was stuck"
    # and kept so with the game, for its replay to say it too
    row = app.records.games.get(scene.facts.record_id)
    assert row.replay["meta"]["stuck"] is True


@pytest.mark.parametrize("press", ["button", "key"])
def test_give_up_ends_a_game_known_stuck_at_the_first_press(app, driver, monkeypatch, press):
    # "Press “Give up” again" stood beside the banner's "End the game": twice asked
    monkeypatch.setattr(Game, "stuck_search", lambda *args: iter([True]))
    scene = open_table(app, driver, Game("egyptian", deal=0))
    assert scene.stuck and scene.banner.buttons[0].key == "end"
    if press == "button":
        driver.click(scene.buttons["resign"].rect.center)
    else:
        driver.key(pygame.K_g)
    assert scene.game.over and "again" not in scene.status
    driver.settle(1.5)
    from game.scenes.results import ResultsScene

    assert isinstance(app.scene, ResultsScene) and app.scene.summary.stuck


def test_give_up_asks_twice_again_once_the_stuck_banner_is_closed(app, driver, monkeypatch):
    # closed, the banner offers nothing: a stray press ended a game Undo could save
    monkeypatch.setattr(Game, "stuck_search", lambda *args: iter([True]))
    scene = open_table(app, driver, Game("egyptian", deal=0))
    driver.key(pygame.K_ESCAPE)  # the banner closed, the game still stuck
    assert scene.stuck and scene.banner is None
    driver.click(scene.buttons["resign"].rect.center)
    assert not scene.game.over and "again" in scene.status


def test_a_stuck_game_is_heard_as_a_lost_one_once(app, driver, monkeypatch):
    # "No moves left" rang the loss; stuck, the building games' usual end, was silent
    from game.rules import run_replay
    from tests.rules.test_analysis import stuck_game

    replay = stuck_game().to_replay()
    last = replay["moves"].pop()
    scene = open_table(app, driver, run_replay(replay))
    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play_next", heard.append)
    scene._play(parse_move(last))
    driver.frames(120)  # found a slice a frame (see the test below)
    assert scene.stuck is True and heard == ["lose"]
    driver.key(pygame.K_ESCAPE)  # the banner closed
    shuttle = next(m for m in scene.game.legal_moves if m.kind == "move" and m.a != "st")
    scene._play(shuttle)
    driver.frames(120)
    assert scene.stuck is True and scene.banner is not None and heard == ["lose"]
    # opened again where it was left (Continue), it rang at each opening
    again = open_table(app, driver, scene.game)
    monkeypatch.setattr(app.sounds, "play_next", heard.append)
    driver.frames(120)
    assert again.stuck is True and again.banner is not None and heard == ["lose"]


def test_a_stuck_end_found_after_the_move_is_said_a_few_frames_later(app, driver):
    # the search within the move gave up on a few long piles' many arrangements, and the
    # game said nothing: it now searches on, a slice a frame
    from game.rules import run_replay
    from tests.rules.test_analysis import stuck_game

    replay = stuck_game().to_replay()
    last = replay["moves"].pop()
    scene = open_table(app, driver, run_replay(replay))
    assert not scene.stuck and scene.banner is None
    scene._play(parse_move(last))
    assert scene.stuck is None and scene.banner is None  # not known yet: searching on
    driver.frames(120)  # some 80 slices: 1.3 s
    assert scene.stuck is True and scene.stuck_search is None
    assert scene.banner.text == "No sequence of moves leads anywhere now: the game is stuck."
    # the top bar said "Undecided" beside it: a stuck game is a proven loss
    assert scene._current_figures().verdict == "No win possible"
    driver.click(scene.banner.buttons[0].rect.center)
    driver.settle(1.5)
    from game.scenes.initials import InitialsScene

    # the first game in its table: asked for initials, under how it ended
    assert isinstance(app.scene, InitialsScene) and app.scene.title == "The game was stuck"


def test_the_search_for_a_stuck_end_goes_on_for_a_share_of_each_frame(app, driver):
    # a slice a frame, a stuck Egyptian end proven in 1,000 slices was said 17 s after
    # its move: quick slices now go on within the frame, up to its share of time
    scene = open_table(app, driver, Game("egyptian", deal=0))
    asked = []

    def search():
        for _slice in range(50):
            asked.append(1)
            yield None
        yield True

    scene.stuck, scene.stuck_search, scene.stuck_slices_left = None, search(), 1600
    scene._search_stuck_on()
    assert scene.stuck is True and len(asked) == 50  # in one frame
    assert scene.banner is not None
    # and no further than the cap
    asked.clear()
    scene.banner = None
    scene.stuck, scene.stuck_search, scene.stuck_slices_left = None, search(), 10
    scene._search_stuck_on()
    assert scene.stuck is None and len(asked) == 10 and scene.banner is None


def test_a_stuck_end_given_up_while_it_is_searched_says_it_was_stuck(app, driver):
    # given up in the second the search went on, it was "You gave up"
    from game.rules import run_replay
    from game.scenes.initials import InitialsScene
    from tests.rules.test_analysis import stuck_game

    replay = stuck_game().to_replay()
    last = replay["moves"].pop()
    scene = open_table(app, driver, run_replay(replay))
    scene._play(parse_move(last))
    assert scene.stuck is None
    driver.key_twice(pygame.K_g)  # giving up asks twice
    driver.settle(1.5)
    assert isinstance(app.scene, InitialsScene) and app.scene.title == "The game was stuck"


def test_a_drag_whose_release_was_lost_outside_the_window_ends_without_a_move(app, driver):
    scene = open_table(app, driver, Game("egyptian", deal=0))
    start = centre(scene, "t1")
    hold(driver, start, centre(scene, "t6"))  # 9D held over TH, where it could go
    assert scene.drag is not None
    # the button came up outside the window: the next motion has no button held
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=centre(scene, "t6"), rel=(0, 0), buttons=(0, 0, 0), touch=False
        )
    )
    driver.frames(1)
    assert scene.drag is None and scene.game.moves == []
    driver.settle(0.5)
    driver.click(centre(scene, "t1"))  # a later click is a click again
    assert scene.game.moves == [] and scene.selected == "t1"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_card_held_through_a_resize_drops_where_it_is_let_go(app, driver, size):
    """The window changes size under a held card: the card takes the new layout's
    size, and let go on the pile it could go to, it goes there."""
    scene = open_table(app, driver, Game("egyptian", deal=0))

    def corner(pile):  # held near a corner, the card's size tells most
        return scene.view.top_rect(pile).move(-4, -4).bottomright

    hold(driver, corner("t1"), corner("t6"))  # 9D held over TH
    driver.resize(size)
    assert scene.drag is not None
    assert scene.drag.rect.size == scene.view.top_rect("t1").size
    release(driver, corner("t6"))
    driver.settle(0.5)
    assert [str(m) for m in scene.game.moves] == ["t1>t6"] and scene.status == ""


def test_the_win_celebration_keeps_off_the_top_bar(app, driver):
    from tests.scenes.test_table import click_move

    scene = open_table(app, driver, Game("pyramid52", deal=8))
    for text in DEAL_8_WIN:
        click_move(driver, scene, text)
    assert scene.celebration is not None
    top = scene.hud.top
    before = pygame.image.tobytes(app.surface.subsurface(top), "RGB")
    for _ in range(60):
        driver.frames(1)
        if scene.celebration is None:
            break
        assert pygame.image.tobytes(app.surface.subsurface(top), "RGB") == before


def test_the_win_celebration_says_the_patience_came_out(app, driver, monkeypatch):
    # the cards bounced away and nothing said "won" until the results
    from tests.scenes.test_table import click_move

    scene = open_table(app, driver, Game("pyramid52", deal=8))
    drawn = []
    draw = scene._draw_celebration_words

    def recorded(surface, area):
        drawn.append(draw(surface, area))
        return drawn[-1]

    monkeypatch.setattr(scene, "_draw_celebration_words", recorded)
    for text in DEAL_8_WIN:
        click_move(driver, scene, text)
    driver.frames(10)
    assert scene.celebration is not None and len(drawn) >= 10
    assert all(scene.view.area.contains(band) for band in drawn)
    assert scene.celebration_words() == "The patience came out!"
    scene.fortune = True  # a fortune's win that counts says its answer instead
    assert scene.celebration_words() == "Your wish will come true"
    scene.facts.mark_assisted("hint")
    assert scene.celebration_words() == "The patience came out!"


def test_the_top_bar_says_which_pass_through_the_stock_is_under_way(app, driver):
    scene = open_table(app, driver, Game("pyramid36", {"passes": 3}, deal=2))
    assert scene._current_figures().passes == (1, 3)  # "Pass 1 of 3", not "Passes left 2"
    while scene.game.pile("st"):
        scene.game.play("st>w")
    scene.game.play("w>st")
    assert scene._current_figures().passes == (2, 3)


def test_a_tap_near_a_button_s_edge_presses_that_button_not_its_neighbour(app, driver):
    # buttons stand closer together than a finger's slack: the one under the finger wins
    game = Game("egyptian", deal=0)
    for move in ("st>w", "st>w", "st>w"):
        game.play(move)
    scene = open_table(app, driver, game)
    scene.buttons["undo"].action()
    driver.settle(0.5)
    assert len(game.moves) == 2
    redo = scene.buttons["redo"].rect
    driver.tap((redo.left + 4, redo.centery))
    driver.settle(0.5)
    assert len(game.moves) == 3  # redone, where the Undo next to it undid a second move
    # a disabled button under the finger is pressed by nobody (Redo is now disabled)
    driver.tap((redo.left + 4, redo.centery))
    driver.settle(0.5)
    assert len(game.moves) == 3


def test_a_tap_just_beside_a_button_still_presses_it():
    from game.ui.widgets import Button, button_at

    left = Button("a", lambda: None, pygame.Rect(0, 0, 100, 40))
    right = Button("b", lambda: None, pygame.Rect(106, 0, 100, 40))
    assert button_at([left, right], (102, 20), 14) is left  # nearer the left one
    assert button_at([left, right], (104, 20), 14) is right
    assert button_at([left, right], (50, 50), 14) is left  # below it, in the slack
    assert button_at([left, right], (50, 60), 14) is None
    right.enabled = False
    assert button_at([left, right], (110, 20), 14) is None  # on a disabled button


def test_a_keyboard_player_reaches_finish_restart_and_give_up(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.key(pygame.K_SPACE)
    driver.settle(0.3)
    assert len(game.moves) == 1
    driver.key(pygame.K_F5)  # restart: back to the deal
    driver.settle(0.3)
    assert game.moves == []
    driver.key(pygame.K_f)  # Finish is not offered here: nothing happens
    driver.settle(0.3)
    assert game.moves == []
    driver.key(pygame.K_g)  # give up cannot be undone: a second press is asked for
    driver.settle(0.3)
    assert not game.over and scene.status == "Press G again to give up."
    driver.key(pygame.K_SPACE)
    driver.key(pygame.K_g)  # another key came between: asked again
    driver.settle(0.5)
    assert not game.over
    driver.key(pygame.K_g)  # give up: the game ends, and its results show
    driver.settle(0.5)
    assert game.over and app.scene is not scene


def test_the_rules_screen_lists_the_table_s_keys(app, driver):
    from game import i18n
    from game.scenes.rules import RulesScene

    scene = RulesScene(app, "egyptian")
    app.switch(scene, fade=False)
    driver.settle(0.3)
    text = " ".join(line.full for line in scene.lines)
    assert "F5: restart" in text and "G twice: give up" in text and "Ctrl+Z" in text
    i18n.set_language("ru")
    scene._wrap()
    assert "F5 — заново" in " ".join(line.full for line in scene.lines)
    i18n.set_language("en")


def test_a_card_picked_up_by_key_shows_both_its_mark_and_the_focus(app, driver):
    from game.ui import theme

    game = Game("egyptian", deal=0)  # t1's 9D goes on t6's TH
    scene = open_table(app, driver, game)
    driver.key(pygame.K_TAB)
    scene.keys.focus = "t1"
    driver.key(pygame.K_RETURN)
    driver.settle(0.2)
    assert scene.selected == "t1" and scene.keys.focus == "t1"

    def colours_round(pile):
        ring = scene.view.top_rect(pile).inflate(30, 30)
        return {
            tuple(app.surface.get_at((x, y)))[:3]
            for x in range(ring.left, ring.right)
            for y in (ring.centery,)
        }

    around = colours_round("t1")
    assert theme.GOLD in around and theme.FOCUS in around  # picked up, and focused
    scene.keys.focus = "t6"
    scene._invalidate()
    driver.settle(0.2)
    assert theme.TARGET in colours_round("t6") and theme.FOCUS in colours_round("t6")


def test_a_face_up_stock_card_that_pairs_is_picked_up_first_then_paired(app, driver):
    game = Game("pyramid52", deal=0)  # the stock's 8C pairs with p7.2
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "st"))  # it turned the stock: a pair could only start at p7.2
    assert scene.selected == "st" and game.moves == []
    driver.click(centre(scene, "p7.2"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["p7.2+st"]


def test_a_stock_card_that_pairs_with_nothing_turns_at_one_click(app, driver):
    """Only a stock card that can pair is picked up: the turn itself, a move from the
    stock to the reserve, is no partner to wait for."""
    game = Game("pyramid52", deal=1)  # the stock's QS pairs with no free card
    scene = open_table(app, driver, game)
    assert not any(m.kind == PAIR and "st" in (m.a, m.b) for m in game.legal_moves)
    driver.click(centre(scene, "st"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["st>w"] and scene.selected is None


def test_the_reserve_picked_up_does_not_offer_the_stock_as_a_target(app, driver):
    """With passes left and the stock run out, turning the reserve over is a move from
    the reserve to the stock; it is no place to put the reserve's card."""
    game = Game("pyramid52", {"passes": 3}, deal=1)
    for _ in range(24):
        game.play("st>w")
    assert REDEAL_MOVE in game.legal_moves
    scene = open_table(app, driver, game)
    assert "st" not in scene._targets("w")


def test_the_stock_clicked_twice_turns(app, driver):
    game = Game("pyramid52", deal=0)
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "st"))
    driver.click(centre(scene, "st"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["st>w"] and scene.selected is None


def test_a_question_asked_under_a_banner_is_shown_beside_it(app, driver, monkeypatch):
    # N at a stuck game asked in a status line the stuck banner hid: a second N gave
    # the game up with no question seen
    import game.scenes.table as table_module

    monkeypatch.setattr(Game, "stuck_search", lambda *args: iter([True]))
    drawn: list[str] = []
    real = table_module.draw_banner

    def recording(surface, area, banner, *args, **kwargs):
        drawn.append(banner.text)
        return real(surface, area, banner, *args, **kwargs)

    monkeypatch.setattr(table_module, "draw_banner", recording)
    scene = open_table(app, driver, Game("egyptian", deal=0))
    click_move(driver, scene, "st>w")
    assert scene.banner is not None
    drawn.clear()
    driver.key(pygame.K_n)
    driver.frames(2)
    assert scene.banner is not None and "counts as a loss" in drawn[-1]
    assert any(text == scene.banner.text for text in drawn)


def test_a_stuck_game_s_proven_loss_is_not_said_again_beside_its_banner(app, driver, monkeypatch):
    # "the game is stuck" with its button, and beside it a second box: "No win is
    # possible from here; 405 points at best" (the points already left)
    monkeypatch.setattr(Game, "stuck_search", lambda *args: iter([True]))
    scene = open_table(app, driver, Game("egyptian", deal=0))
    click_move(driver, scene, "st>w")
    assert scene.stuck and scene.banner is not None
    where = scene.analysis.position()
    scene.analysis.results[where] = Answer("lost", (), best_remaining_points=700)
    scene._analysis_arrived()
    assert "No win" not in scene.status and "700" not in scene.status


def test_a_banner_finds_the_felt_between_rows_when_bottom_middle_and_top_are_taken():
    # standing up, "No moves left." lay on a pile's top card beside empty felt
    from game.scenes.table_overlay import _free_place

    bounds = pygame.Rect(0, 0, 1080, 1600)
    rows = [pygame.Rect(0, y, 1080, 200) for y in (0, 700, 1400)]
    place = _free_place(bounds, (900, 150), rows, 10)
    assert place is not None and place.collidelist(rows) == -1 and bounds.contains(place)
    assert place.top >= 900  # the lowest free felt first


def test_a_card_sent_home_is_heard_apart_from_one_put_on_a_pile(app, driver):
    # every card that landed played the same tap, home or not
    scene = open_table(app, driver, Game("nechego", deal=0))
    heard = []
    app.sounds.play = heard.append
    scene._play(parse_move("t4>f2"))
    driver.settle(0.5)
    click_move(driver, scene, "st>w")
    driver.settle(0.5)
    assert heard[:2] == ["home", "flip"]
    put = next(m for m in scene.game.legal_moves if m.kind == "move" and m.b.startswith("t"))
    scene._play(put)
    assert heard[-1] == "place"


def test_the_table_s_opening_line_is_not_replaced_by_the_finish_tip(app, driver):
    # an arcade level's name, and that its run had help (said only there), gave way at
    # the deal to "press Finish" where the deal could be played out at once
    scene = TableScene(app, Game("egyptian", deck=SORTED))
    scene._stock_unseen = lambda: False  # type: ignore[method-assign]  (see open_finishing)
    scene.announce("Level 3 of 9: Egyptian Pyramid. This run had help.")
    app.switch(scene, fade=False)
    driver.settle(1.0)
    assert scene.finishing and scene.buttons["finish"].selected  # lit: it says so itself
    assert scene.status == "Level 3 of 9: Egyptian Pyramid. This run had help."


def test_the_finish_tip_waits_for_the_opening_line_only_over_the_position_it_opened_on(app, driver):
    # held back for the line's whole six seconds, at positions reached after it too
    scene = TableScene(app, Game("egyptian", deck=SORTED))
    scene._stock_unseen = lambda: False  # type: ignore[method-assign]  (see open_finishing)
    scene.announce("Level 3 of 9: Egyptian Pyramid.")
    app.switch(scene, fade=False)
    driver.settle(1.0)
    home = next(m for m in scene.game.legal_moves if str(m).split(">")[-1].startswith("f"))
    scene._play(home)
    driver.settle(0.5)
    assert scene.finishing and "press “Finish”" in scene.status


def finger(app, kind, pos):
    w, h = app.size
    return pygame.event.Event(
        kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0
    )


def test_a_finger_presses_a_table_button_as_it_lifts_and_may_slide_off_instead(app, driver):
    # the bar acted at the finger's touch: a touch on the wrong button could not be
    # taken back by sliding off it, as on every other screen
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    game_moves = ["st>w", "st>w"]
    for move in game_moves:
        scene._play(parse_move(move))
    driver.settle(0.5)
    undo = scene.buttons["undo"].rect.center
    pygame.event.post(finger(app, pygame.FINGERDOWN, undo))
    driver.frames(1)
    assert len(game.moves) == 2 and scene.buttons["undo"].pressed  # shown held, not yet
    pygame.event.post(finger(app, pygame.FINGERMOTION, (undo[0], undo[1] - 200)))
    pygame.event.post(finger(app, pygame.FINGERUP, (undo[0], undo[1] - 200)))
    driver.frames(1)
    assert len(game.moves) == 2 and not scene.buttons["undo"].pressed  # slid off: nothing
    driver.tap(undo)  # a tap presses it
    assert len(game.moves) == 1
    driver.click(undo)  # and the mouse as ever
    assert game.moves == []


@pytest.mark.parametrize("size", [(1280, 800), (800, 1280)])
@pytest.mark.parametrize("ruleset", ["pyramid52", "pyramid36"])
def test_a_tap_on_a_card_s_edge_takes_that_card_not_its_neighbour(app, driver, size, ruleset):
    # a finger's slack reached over the neighbour's edge: a tap 1 px inside the 3♥ took
    # the J♠ to its left, and one on the Reserve's edge turned the stock
    driver.resize(size)
    game = Game(ruleset, deal=8)
    scene = open_table(app, driver, game)
    row = 7 if ruleset == "pyramid52" else 6
    left, right = scene.view.top_rect(f"p{row}.1"), scene.view.top_rect(f"p{row}.2")
    assert left.right < right.left + 2  # side by side, a gap or none between
    driver.tap((right.left + 1, right.centery))
    assert scene.selected == f"p{row}.2" and game.moves == []
    driver.key(pygame.K_ESCAPE)
    if right.left - left.right >= 4:  # in the gap, nearer the right one, under row 6
        driver.tap((right.left - 2, right.bottom - 4))
        assert scene.selected == f"p{row}.2"
        driver.key(pygame.K_ESCAPE)
    reserve, stock = scene.view.top_rect("w"), scene.view.top_rect("st")
    driver.tap((reserve.left - 2, reserve.centery))
    assert game.moves == [] and scene.selected is None
    driver.tap((reserve.left + 2, reserve.centery))
    assert game.moves == [] and stock.right < reserve.left


def test_a_tap_just_under_a_bottom_card_is_the_card_s_not_the_bar_s(app, driver):
    # 7 px under the 2♠ opened the Rules: the bar's buttons were asked before the cards
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    # points nearer a bottom card than a bar button, within a finger's slack of both
    slack = TOUCH_SLACK_PX
    under = [
        (x, y)
        for r in (scene.view.top_rect(f"p7.{c}") for c in range(1, 8))
        for x in range(r.left + 2, r.right - 2, 4)
        for y in range(r.bottom + 1, r.bottom + slack)
        if (b := scene.hud.button_at((x, y), slack)) and 0 < y - r.bottom < b.rect.top - y
    ]
    assert under  # the case: a card's slack and a button's meet there
    x, y = under[len(under) // 2]
    driver.tap((x, y))
    # the card's: picked up, or told it has no partner; no button pressed or asking
    assert app.scene is scene and not scene.asked_until
    assert scene.selected is not None or "pairs with" in scene.status


@pytest.mark.parametrize("dx", [-40, 0, 40])
@pytest.mark.parametrize("dy", [1, 6, 12])
def test_a_tap_just_under_a_card_freed_in_the_pyramid_takes_it(app, driver, dx, dy):
    # the places of the two removed cards under it, never drawn, took the tap: 33 taps
    # of 39 within a finger's slack of the 6♦ did nothing
    game = Game("pyramid52", deal=0)
    for move in ("st>w", "st>w", "p7.4+st", "st>w", "st>w", "p7.3+st", "st>w"):
        game.play(move)
    scene = open_table(app, driver, game)
    assert game.movable("p6.3")
    card = scene.view.top_rect("p6.3")
    driver.tap((card.centerx + dx, card.bottom + dy))
    assert scene.selected == "p6.3" or "pairs with" in scene.status


def test_a_double_click_on_a_question_s_button_only_asks(app, driver):
    # 20 ms apart, two clicks of Give up ended the game, and six Hs gave a hint, with
    # the question unread: a quick repeat is the first press again
    game = Game("devils-bridge", deal=3)
    scene = open_table(app, driver, game)
    driver.double_click(scene.buttons["resign"].rect.center)
    assert not game.over and scene.status == "Press “Give up” again to end the game."
    for _ in range(6):
        driver.key(pygame.K_h)
    assert scene.hints_used == 0 and not scene.assisted
    click_move(driver, scene, "st>w")
    driver.key(pygame.K_n)
    driver.key(pygame.K_n)
    assert scene.game is game and not game.over
    driver.pause()
    driver.key(pygame.K_n)  # pressed again, the question read: a new deal
    driver.settle(0.5)
    assert game.over


@pytest.mark.parametrize("thumb_on_a_card", [False, True])
def test_a_thumb_resting_on_the_felt_leaves_the_other_hand_free(app, driver, thumb_on_a_card):
    # a thumb on the glass's edge (SDL counting it down, jiggling a pixel) held the
    # pointer: every tap of the other hand was dropped for as long as it rested
    app.pointer.finger_down = lambda touch_id, finger_id: True
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    w, h = app.size
    thumb = centre(scene, "p7.4") if thumb_on_a_card else (w - 4, h // 2)
    driver.finger(pygame.FINGERDOWN, thumb, finger_id=7)
    for _ in range(3):
        driver.app.clock.advance(0.1)
        driver.finger(pygame.FINGERMOTION, (thumb[0] - 1, thumb[1]), finger_id=7)
    driver.tap(centre(scene, "p7.1"))
    driver.tap(centre(scene, "p7.7"))
    driver.settle(0.5)
    played = [str(m) for m in scene.game.moves]
    # a card held is still the thumb's: a palm landing was not let take it
    assert played == ([] if thumb_on_a_card else ["p7.1+p7.7"])


def test_a_thumb_landing_on_the_felt_keeps_the_card_picked_up(app, driver):
    # the thumb's landing dropped the card picked up: its pair tapped next was picked
    # up alone. A tap of the felt lets go of it, as it lifts
    app.pointer.finger_down = lambda touch_id, finger_id: True
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    w, h = app.size
    driver.tap(centre(scene, "p7.1"))
    assert scene.selected == "p7.1"
    driver.finger(pygame.FINGERDOWN, (w - 4, h // 2), finger_id=7)
    assert scene.selected == "p7.1"
    driver.tap(centre(scene, "p7.7"))
    driver.settle(0.5)
    assert [str(m) for m in scene.game.moves] == ["p7.1+p7.7"]
    driver.finger(pygame.FINGERUP, (w - 4, h // 2), finger_id=7)
    driver.tap(centre(scene, "p7.2"))
    assert scene.selected == "p7.2"
    driver.tap((w - 4, h // 2))  # a tap of the felt still lets go
    assert scene.selected is None


def test_a_tap_as_near_a_bottom_card_as_a_bar_button_is_the_card_s(app, driver):
    # halfway between a bottom-row card and the Rules below it, the tie opened the Rules
    scene = open_table(app, driver, Game("pyramid36", deal=123))
    card = scene.view.spot_at(centre(scene, "p6.1"), 0).rect
    button = next(b for b in scene.hud.buttons if b.rect.left <= card.centerx <= b.rect.right)
    gap = button.rect.top - card.bottom
    assert gap > 0
    pos = (card.centerx, card.bottom + gap // 2)
    assert scene.bar_button_at(pos, TOUCH_SLACK_PX) is None


def test_the_mouse_let_go_does_not_drop_the_card_a_finger_took(app, driver):
    # a finger landing while the mouse was held took the press over: the mouse's motion
    # then dragged the finger's card, and its release played it where it let go
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.mouse(pygame.MOUSEBUTTONDOWN, centre(scene, "st"), held=True)
    driver.finger(pygame.FINGERDOWN, centre(scene, "p7.7"), finger_id=3)
    assert scene.press is not None and scene.press.source == "touch"
    for frame in range(1, 9):
        start, end = centre(scene, "st"), centre(scene, "p7.1")
        between = (start[0] + (end[0] - start[0]) * frame // 8, start[1])
        driver.mouse(pygame.MOUSEMOTION, between, held=True)
    driver.mouse(pygame.MOUSEMOTION, centre(scene, "p7.1"), held=True)
    driver.mouse(pygame.MOUSEBUTTONUP, centre(scene, "p7.1"), held=False)
    driver.settle(0.5)
    assert scene.game.moves == []


def test_a_palm_on_the_touchpad_does_not_let_go_of_a_finger_s_card(app, driver):
    # a mouse moving with no button down was taken for a mouse whose release was lost,
    # and the card a finger was dragging flew back
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    start, end = centre(scene, "p7.7"), centre(scene, "p7.1")
    driver.finger(pygame.FINGERDOWN, start, finger_id=3)
    driver.finger(pygame.FINGERMOTION, ((start[0] + end[0]) // 2, start[1]), finger_id=3)
    assert scene.drag is not None
    driver.mouse(pygame.MOUSEMOTION, (5, 5), held=False)
    assert scene.drag is not None
    driver.finger(pygame.FINGERMOTION, end, finger_id=3)
    driver.finger(pygame.FINGERUP, end, finger_id=3)
    driver.settle(0.5)
    assert [str(m) for m in scene.game.moves] == ["p7.1+p7.7"]


def test_a_mouse_whose_release_was_lost_still_lets_go_of_its_own_card(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.mouse(pygame.MOUSEBUTTONDOWN, centre(scene, "p7.7"), held=True)
    driver.mouse(pygame.MOUSEMOTION, centre(scene, "p7.4"), held=True)
    assert scene.drag is not None
    driver.mouse(pygame.MOUSEMOTION, centre(scene, "p7.1"), held=False)  # let go outside
    assert scene.drag is None and scene.press is None and scene.game.moves == []


def test_a_press_on_a_banner_s_words_plays_no_card_under_them(app, driver):
    # the take-back banner lies over the pyramid's top: a press on its words picked up
    # the card under them, unseen ("7♠ is covered…" said of a card the player never saw)
    from tests.scenes.test_table import open_daily

    scene = open_daily(app, driver, Game("pyramid52", deal=8))
    click_move(driver, scene, "st>w")
    driver.key(pygame.K_u)
    driver.frames(2)
    assert scene.banner is not None and scene.banner_drawn is not None
    banner = scene.banner_drawn
    under = (banner.centerx, banner.top + 12)  # its words, well above its buttons
    assert scene.view.spot_at(under, 0) is not None  # a card lies there
    said = scene.status
    driver.tap(under)
    driver.click(under)
    assert scene.press is None and scene.selected is None and scene.status == said
    assert scene.banner is not None and [str(m) for m in scene.game.moves] == ["st>w"]


def test_a_press_on_the_wish_banner_s_words_asks_for_the_wish(app, driver):
    # the banner's words, no longer a way to the felt, did nothing at all, unheard
    scene = open_table(app, driver, Game("sbudetsya", deal=11))
    driver.frames(2)
    assert scene.wish_pending and scene.banner_drawn is not None
    driver.click((scene.banner_drawn.centerx, scene.banner_drawn.top + 8))
    assert scene.banner.buttons[0].focused


def test_the_mouse_let_go_does_not_let_go_of_a_button_a_finger_holds(app, driver):
    # a finger's press of a button acts as it lifts: the mouse's release let go of it,
    # and the finger's lift then pressed nothing
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    hint = scene.buttons["hint"]
    pressed = []
    hint.action = lambda: pressed.append(True)
    driver.finger(pygame.FINGERDOWN, hint.rect.center, finger_id=3)
    assert scene.held_button is hint
    driver.mouse(pygame.MOUSEMOTION, (5, 5), held=False)
    driver.mouse(pygame.MOUSEBUTTONUP, (5, 5), held=False)
    assert scene.held_button is hint and hint.pressed
    driver.finger(pygame.FINGERUP, hint.rect.center, finger_id=3)
    assert pressed == [True]


@pytest.mark.parametrize("source", ["touch", "mouse"])
def test_a_card_held_as_the_rules_open_is_let_go_there(app, driver, source):
    # let go on the rules' screen, it floated over the table back from them
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    card = centre(scene, "p7.1")
    away = (card[0] + 40, card[1] - 40)
    if source == "touch":
        driver.finger(pygame.FINGERDOWN, card)
        driver.finger(pygame.FINGERMOTION, away)
    else:
        driver.mouse(pygame.MOUSEBUTTONDOWN, card, held=True)
        driver.mouse(pygame.MOUSEMOTION, away, held=True)
    assert scene.drag is not None
    driver.key(pygame.K_F1)
    driver.settle(0.5)
    assert app.scene is not scene
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    assert app.scene is scene and scene.drag is None and scene.press is None
    assert scene.game.moves == []


def test_a_palm_s_click_on_the_touchpad_does_not_take_a_finger_s_card(app, driver):
    # a mouse click while a finger dragged a card let go of the card and played the
    # click (the stock turned under the finger's drag)
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    start, end = centre(scene, "p7.7"), centre(scene, "p7.1")
    driver.finger(pygame.FINGERDOWN, start, finger_id=3)
    driver.finger(pygame.FINGERMOTION, ((start[0] + end[0]) // 2, start[1]), finger_id=3)
    assert scene.drag is not None
    driver.mouse(pygame.MOUSEBUTTONDOWN, centre(scene, "st"), held=True)
    driver.mouse(pygame.MOUSEBUTTONUP, centre(scene, "st"), held=False)
    assert scene.drag is not None and scene.game.moves == []
    driver.finger(pygame.FINGERMOTION, end, finger_id=3)
    driver.finger(pygame.FINGERUP, end, finger_id=3)
    driver.settle(0.5)
    assert [str(m) for m in scene.game.moves] == ["p7.1+p7.7"]
