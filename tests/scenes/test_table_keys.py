"""The table played by keyboard alone."""

import random

import pygame
import pytest

from game.rules import Game, rulesets
from game.rules.moves import RESIGN, TABLEAU, pile_kind
from game.scenes.table import TableScene
from game.scenes.table_input import DIRECTIONS
from tests.scenes.test_table import (
    _after_the_losing_move,
    click_move,
    open_fortune,
    open_table,
    wait_for_analysis,
)
from tests.store.helpers import DEAL_8_WIN


def positions(game: Game, seed: int, count: int, moves_between: int):
    """`count` positions of one game reached by random legal moves, the deal first."""
    rng = random.Random(seed)
    yield
    for _ in range(count - 1):
        for _ in range(moves_between):
            legal = [m for m in game.legal_moves if m.kind != RESIGN]
            if not legal:
                return
            # piles built up where they can be: places then lie at uneven heights
            building = [m for m in legal if m.b and pile_kind(m.b) == TABLEAU]
            game.play(rng.choice(building or legal))
        yield


def arrow_steps(scene: TableScene, places: list[str]) -> dict[str, set[str]]:
    """Where each arrow key leads from each place, by the scene's own focus rules: the
    bar's buttons reached only where no place lies that way, Left and Right along it."""
    keys, steps, bar = scene.keys, {}, list(scene.buttons)
    for origin in places:
        steps[origin] = set()
        for key in DIRECTIONS:
            keys.focus = origin
            if origin in bar and key in (pygame.K_LEFT, pygame.K_RIGHT):
                scene._step_along_bar(1 if key == pygame.K_RIGHT else -1)
            else:
                keys.handle(key, 0, places, scene.focus_rect, beyond=bar)
            steps[origin].add(keys.focus)
    return steps


def reached(steps: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for place in steps[todo.pop()] - seen:
            seen.add(place)
            todo.append(place)
    return seen


GAMES = [(r.id, options) for r in rulesets().values() for options in r.combinations()]


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_every_place_is_reached_from_every_other_by_the_arrows(app, size):
    unreached = []
    for n, (ruleset, options) in enumerate(GAMES * 3):
        game = Game(ruleset, deal=n, options=options)
        scene = TableScene(app, game)
        scene.resize(size)
        for _ in positions(game, seed=n, count=8, moves_between=3):
            places = scene._focusable()
            steps = arrow_steps(scene, places)
            back = {p: {q for q in places if p in steps[q]} for p in places}
            # all reached from the first place, and the first from all: every one from every one
            missed = set(places) - (reached(steps, places[0]) & reached(back, places[0]))
            if missed:
                unreached.append((ruleset, options, [str(m) for m in game.moves], missed))
    assert unreached == []


def test_the_arrows_reach_the_middle_pile_of_the_bridge_between_taller_ones(app, driver):
    game = Game("devils-bridge", deal=3, options={"draw": 3})
    for move in ["t3>f5", "st>w", "t8>t4", "t3>t6"]:
        game.play(move)
    scene = open_table(app, driver, game)
    # t5's one card sits above the two of each neighbour, the arch's keystone
    assert [len(game.pile(n)) for n in ("t4", "t5", "t6")] == [2, 1, 2]
    scene.keys.focus, scene.keys.visible = "t4", True
    driver.key(pygame.K_RIGHT)
    assert scene.keys.focus == "t5"
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_LEFT)
    assert scene.keys.focus == "t5"


# what a Russian layout names the letter keys the table's shortcuts use
RUSSIAN = {"u": "г", "r": "к", "z": "я", "y": "н", "d": "в"}


def russian(driver, letter: str, mod: int = 0) -> None:
    """The key at `letter`'s place pressed with a Russian layout active."""
    place = getattr(pygame, f"KSCAN_{letter.upper()}")
    cyrillic = RUSSIAN[letter]
    driver.key(ord(cyrillic), mod, scancode=place, unicode="" if mod else cyrillic)


def test_the_letter_shortcuts_work_with_a_russian_layout(app, driver):
    game = Game("egyptian", deal=0)
    open_table(app, driver, game)
    driver.key(pygame.K_SPACE)
    assert len(game.moves) == 1
    russian(driver, "u")
    assert len(game.moves) == 0
    russian(driver, "r")
    assert len(game.moves) == 1
    russian(driver, "z", pygame.KMOD_LCTRL)
    assert len(game.moves) == 0
    russian(driver, "y", pygame.KMOD_LCTRL)
    assert len(game.moves) == 1


def test_d_with_a_russian_layout_starts_the_demo_and_stops_it(app, driver):
    scene = open_table(app, driver, Game("egyptian", deal=0))
    russian(driver, "d")
    assert not scene.demo and "Press D again" in scene.status  # it asks first, of the key
    driver.pause()
    russian(driver, "d")
    assert scene.demo
    russian(driver, "d")  # the demo's own key, not the player taking over and D again
    assert not scene.demo


def test_a_latin_layout_keeps_its_own_letters(app, driver):
    game = Game("egyptian", deal=0)
    open_table(app, driver, game)
    driver.key(pygame.K_SPACE)
    # German: the key marked Z sits where a US keyboard has Y
    driver.key(pygame.K_z, pygame.KMOD_LCTRL, scancode=pygame.KSCAN_Y)
    assert len(game.moves) == 0


def test_the_rules_and_new_deal_keys_work_before_the_wish(app, driver):
    from game.scenes.rules import RulesScene

    scene = open_table(app, driver, Game("sbudetsya", deal=11))
    assert scene.wish_pending
    driver.key(pygame.K_SPACE)  # no stock to turn before the deal
    driver.key(pygame.K_h)  # nor a hint: its button is off
    assert scene.game.moves == [] and scene.hints_used == 0
    driver.key(pygame.K_F1)
    driver.settle(0.6)
    assert isinstance(app.scene, RulesScene)
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    assert app.scene is scene and scene.wish_pending
    driver.key(pygame.K_n)
    driver.settle(0.6)
    assert isinstance(app.scene, TableScene) and app.scene is not scene


def edge_colour(app, button) -> tuple[int, int, int]:
    return tuple(app.surface.get_at((button.rect.centerx, button.rect.top + 1)))[:3]


def test_the_take_back_banner_answers_the_keys(app, driver):
    from game.ui import theme

    scene, game = _after_the_losing_move(app, driver)
    scene.keys.focus, scene.keys.visible = "p7.2", True
    driver.key(pygame.K_u)
    take_back, play_on = scene.banner.buttons
    driver.key(pygame.K_RETURN)  # shows where the focus is; presses nothing, plays no card
    assert take_back.focused and len(game.moves) == 1 and scene.selected is None
    assert edge_colour(app, take_back) == theme.FOCUS
    driver.key(pygame.K_RIGHT)
    assert play_on.focused and not take_back.focused
    assert edge_colour(app, play_on) == theme.FOCUS != edge_colour(app, take_back)
    driver.key(pygame.K_RETURN)
    assert scene.banner is None and len(game.moves) == 1 and not scene.assisted
    driver.key(pygame.K_u)
    driver.key(pygame.K_ESCAPE)  # Play on, not the menu
    assert app.scene is scene and scene.banner is None and len(game.moves) == 1
    driver.key(pygame.K_u)
    take_back, play_on = scene.banner.buttons
    for _ in range(3):  # shown, moved on, round again
        driver.key(pygame.K_TAB)
    assert take_back.focused
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert play_on.focused
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert game.moves == [] and scene.assisted


def test_esc_closes_the_stuck_banner_and_its_button_takes_the_focus(app, driver, monkeypatch):
    monkeypatch.setattr(Game, "stuck_search", lambda *args: iter([True]))
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.key(pygame.K_ESCAPE)
    assert app.scene is scene and scene.banner is None and not game.over
    driver.key(pygame.K_SPACE)  # a move: still stuck, the banner is back
    assert scene.banner is not None
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert game.over


def test_the_end_of_a_replay_answers_the_arrows_and_enter(app, driver):
    from game.scenes.menu import MenuScene
    from game.scenes.watch import WatchScene

    replay = {"ruleset": "pyramid52", "deal": 8, "moves": [DEAL_8_WIN[0]]}
    watch = WatchScene(app, [replay])
    app.switch(watch, fade=False)
    driver.settle(4.0)
    assert watch.banner is not None and [b.key for b in watch.banner.buttons] == ["again", "leave"]
    driver.key(pygame.K_RIGHT)  # shows the focus on Watch again
    driver.key(pygame.K_RIGHT)
    assert watch.banner.buttons[1].focused
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    assert isinstance(app.scene, MenuScene)


def test_the_focus_leaves_a_pair_removed_by_key_for_a_playable_card(app, driver):
    game = Game("pyramid52", deal=17)
    scene = open_table(app, driver, game)
    for key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RETURN):
        driver.key(key)
    assert [str(m) for m in game.moves] == ["p7.1+p7.2"]
    assert scene.keys.focus == "p7.3"  # the nearest card still playable
    driver.key(pygame.K_RETURN)  # and Enter picks it up, where it did nothing
    assert scene.selected == "p7.3"


def test_with_a_pyramid_card_picked_up_the_arrows_step_to_its_partners(app, driver):
    # they stopped on every free card, and Enter on one that did not pair refused the
    # move and dropped the card picked up
    scene = open_table(app, driver, Game("pyramid52", deal=8))  # JS pairs with p7.7's 2S
    scene.keys.focus, scene.keys.visible = "p7.1", True
    driver.key(pygame.K_RETURN)
    assert scene.selected == "p7.1"
    # not the stock, whose 4D does not pair: Enter there refused and dropped the card
    assert set(scene._focusable()) == {"p7.1", "p7.7"}
    driver.key(pygame.K_RIGHT)
    assert scene.keys.focus == "p7.7"  # past 3H, 10C and the others that do not pair
    driver.key(pygame.K_RETURN)
    assert [str(m) for m in scene.game.moves] == ["p7.1+p7.7"]


def test_with_a_card_picked_up_every_arrow_moves_the_focus(app):
    # with A♠ picked up, its foundation lay up and to the side, in no arrow's way: Up
    # did nothing, and only Left found it
    dead = []
    for n, (ruleset, options) in enumerate(GAMES * 2):
        game = Game(ruleset, deal=n, options=options)
        scene = TableScene(app, game)
        scene.resize((1366, 768))
        scene.wish_pending = False  # a fortune's arrows are its wish banner's till then
        for _ in positions(game, seed=n, count=6, moves_between=4):
            for source in {m.a for m in game.legal_moves if m.a and m.a != "st"}:
                scene.selected = source
                places = scene._focusable()
                if not scene._targets(source) or len(places) < 2:
                    continue  # a card that can go nowhere: the focus goes as ever
                for place in places:
                    for key in DIRECTIONS:
                        scene.keys.focus = place
                        scene._key(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
                        if scene.keys.focus == place:
                            dead.append((ruleset, n, [str(m) for m in game.moves], source, key))
                scene.selected = None
    assert dead == []


def focus_pixels(app, rect: pygame.Rect) -> int:
    from game.ui import theme

    area = rect.clip(app.surface.get_rect())
    return sum(
        1
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
        if tuple(app.surface.get_at((x, y)))[:3] == tuple(theme.FOCUS)[:3]
    )


def tab_to(driver, scene, name: str) -> None:
    for _ in range(60):
        if scene.keys.focus == name:
            return
        driver.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reached {name}")


def test_tab_reaches_the_bar_s_buttons_names_their_keys_and_enter_presses_them(app, driver):
    # a keyboard player had no way to the bar, and its keys showed only under the mouse
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    driver.key(pygame.K_SPACE)  # a move: Undo may be pressed
    places = scene._focusable()
    assert "redo" not in places and "finish" not in places  # none that does nothing now
    assert places[-3:] == ["resign", "rules", "menu"]  # after every card, in the bar's order
    tab_to(driver, scene, "undo")
    driver.settle(0.1)
    undo = scene.buttons["undo"].rect
    # a ring round the button, not only its edge (a lit button's edge is gold)
    around = focus_pixels(app, undo.inflate(undo.height // 4, undo.height // 4))
    assert around - focus_pixels(app, undo) > undo.width
    assert scene.tip_for == "undo" and scene.tip_drawn is not None  # "Keys: U, Ctrl+Z"
    driver.key(pygame.K_RETURN)
    assert game.moves == [] and game.can_redo
    # Undo can be pressed no more: the focus stays on it, and Enter does nothing (moved
    # on to Redo, the next Enter redid the move, and the one after gave a hint)
    assert scene.keys.focus == "undo" and not scene.buttons["undo"].enabled
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    assert game.moves == [] and game.can_redo and scene.hints_used == 0
    driver.key(pygame.K_RIGHT)  # on along the bar, to a button that can be pressed
    assert scene.keys.focus == "redo"
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_UP)  # and back up to the cards
    assert scene.keys.focus in scene.view.piles
    driver.click((5, app.surface.get_height() // 2))  # the mouse: no ring left on the bar
    driver.settle(0.1)
    bar = scene.hud.bottom
    assert focus_pixels(app, bar) == 0


def test_enter_on_a_bar_button_whose_focus_the_mouse_hid_shows_it_first(app, driver):
    # Tab to Menu, a click on the felt, Enter: the menu, from a ring no longer seen
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    tab_to(driver, scene, "menu")
    driver.click((5, app.surface.get_height() // 2))
    assert scene.bar_focus() is None
    driver.key(pygame.K_RETURN)
    assert app.scene is scene and scene.bar_focus() is scene.buttons["menu"]
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert app.scene is not scene


def test_left_and_right_go_along_the_bar_in_its_order_on_two_rows_too(app, driver):
    # standing up the bar has two rows: Left from the second row's first button went
    # to the stock across the table, Right from the first row's last to nothing
    driver.resize((1080, 1920))
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key(pygame.K_SPACE)
    pressable = [k for k, b in scene.buttons.items() if b.enabled]
    assert len({b.rect.top for b in scene.buttons.values()}) == 2  # two rows
    tab_to(driver, scene, pressable[0])
    seen = [scene.keys.focus]
    for _ in pressable[1:]:
        driver.key(pygame.K_RIGHT)
        seen.append(scene.keys.focus)
    assert seen == pressable
    driver.key(pygame.K_RIGHT)  # the last stays
    assert scene.keys.focus == pressable[-1]
    for _ in pressable[1:]:
        driver.key(pygame.K_LEFT)
    assert scene.keys.focus == pressable[0]


def test_a_banner_with_buttons_takes_the_focus_s_ring_from_the_bar(app, driver, monkeypatch):
    monkeypatch.setattr(Game, "stuck_search", lambda *args: iter([True]))
    scene = open_table(app, driver, Game("egyptian", deal=0))
    assert scene.banner is not None and scene.banner.buttons
    scene.keys.focus, scene.keys.visible = "rules", True
    scene._invalidate()
    driver.frames(2)
    assert scene.bar_focus() is None and not scene.buttons["rules"].focused
    assert scene.tip_for == ""  # nor its tooltip


def test_enter_on_the_demo_button_stops_the_demo_it_started(app, driver):
    # the key stopped the demo, then the same Enter pressed Demo and started it again
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    wait_for_analysis(scene, driver)
    tab_to(driver, scene, "demo")
    driver.key_twice(pygame.K_RETURN)  # asked first: the game then leaves the tables
    assert scene.demo
    driver.settle(1.0)
    driver.key(pygame.K_RETURN)
    driver.settle(0.2)
    assert not scene.demo


def test_the_demo_hides_the_bar_s_focus_and_its_tooltip(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    tab_to(driver, scene, "demo")
    driver.frames(2)
    assert scene.tip_for == "demo"
    scene.demo = True  # as the demo's second press turns it on
    driver.frames(2)
    assert scene.bar_focus() is None and scene.tip_for == ""


def test_give_up_from_the_focused_button_asks_again_as_a_click_does(app, driver):
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    tab_to(driver, scene, "resign")
    driver.key(pygame.K_RETURN)
    assert not game.over and "again" in scene.status
    driver.pause()
    driver.key(pygame.K_RETURN)
    assert game.over


def test_help_asked_for_by_key_is_asked_again_of_the_key_and_by_button_of_the_button(app, driver):
    # H asked "Press “Hint” again", the button's name, where G asks "Press G again"
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key(pygame.K_h)
    assert scene.status.startswith("Press H again for a hint:")
    driver.key(pygame.K_d)
    assert scene.status.startswith("Press D again to let the solver play:")
    driver.click(scene.buttons["hint"].rect.center)
    assert scene.status.startswith("Press “Hint” again for a hint:")
    driver.click(scene.buttons["demo"].rect.center)
    assert scene.status.startswith("Press “Demo” again to let the solver play:")


def test_the_focus_left_by_a_card_removed_stays_among_the_cards(app, driver):
    # a King removed low in the pyramid sent the focus to the bar's nearest button
    # (Rules, Give up): the next Enter, meant for a card, pressed it
    for size, deal, king in (((1366, 768), 1, "p7.7"), ((800, 600), 12, "p7.6")):
        game = Game("pyramid52", deal=deal)
        scene = open_table(app, driver, game)
        driver.resize(size)
        scene.keys.focus, scene.keys.visible = king, True
        driver.key(pygame.K_RETURN)
        assert [str(m) for m in game.moves] == [king]
        assert scene.keys.focus in scene.view.piles


def _first_deal_with(ruleset, wanted):
    for deal in range(200):
        game = Game(ruleset, deal=deal)
        move = next((m for m in game.legal_moves if wanted(game, m)), None)
        if move is not None:
            return game, move
    raise AssertionError("no such deal")


def _pyramid_card_of(partners: int):
    """A wanted() for _first_deal_with: a pair whose pyramid card has `partners` free
    partners (2 meaning two or more)."""

    def wanted(game, move):
        free = [x for x in game.legal_moves if x.kind == "pair" and move.a in (x.a, x.b)]
        return move.kind == "pair" and move.a.startswith("p") and min(len(free), 2) == partners

    return wanted


def _shift_enter_heard(app, driver, monkeypatch, partners: int):
    """Shift+Enter on a pyramid card of so many partners; the game, the move, the scene
    and the sounds asked for."""
    game, move = _first_deal_with("pyramid52", _pyramid_card_of(partners))
    scene = open_table(app, driver, game)
    played = []
    monkeypatch.setattr(app.sounds, "play", lambda name, *a, **k: played.append(name))
    scene.keys.focus, scene.keys.visible = move.a, True
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    return game, move, scene, played


def test_shift_enter_sends_the_focused_card_home(app, driver):
    # a double-click's move had no key: three or four presses a card sent home
    game, home = _first_deal_with(
        "egyptian", lambda g, m: m.kind == "move" and m.a.startswith("t") and m.b.startswith("f")
    )
    scene = open_table(app, driver, game)
    scene.keys.focus, scene.keys.visible = home.a, True
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    assert [m.a for m in game.moves] == [home.a] and game.moves[0].b.startswith("f")
    assert scene.selected is None


def test_shift_enter_pairs_a_pyramid_card_with_its_only_partner(app, driver, monkeypatch):
    game, only, _scene, _played = _shift_enter_heard(app, driver, monkeypatch, partners=1)
    assert [str(m) for m in game.moves] == [str(only)]


def test_shift_enter_pairs_the_stock_s_card_with_its_only_partner(app, driver):
    # it turned the stock, throwing the card past its partner, as a double-click there did
    def stock_pairs_once(g, m):
        with_stock = [x for x in g.legal_moves if x.kind == "pair" and "st" in (x.a, x.b)]
        return m in with_stock and len(with_stock) == 1

    game, only = _first_deal_with("pyramid52", stock_pairs_once)
    scene = open_table(app, driver, game)
    scene.keys.focus, scene.keys.visible = "st", True
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    assert [str(m) for m in game.moves] == [str(only)]


def test_shift_enter_on_a_foundation_says_its_card_stays_there(app, driver):
    # "No foundation takes 6♠ now", of a card on a foundation already
    game, _move = _first_deal_with("egyptian", lambda g, m: bool(g.pile("f1")))
    scene = open_table(app, driver, game)
    scene.keys.focus, scene.keys.visible = "f1", True
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    assert not game.moves and scene.status == "A card on a foundation stays there."


def test_shift_enter_on_a_card_of_several_partners_picks_it_up_with_its_sound(
    app, driver, monkeypatch
):
    game, move, scene, played = _shift_enter_heard(app, driver, monkeypatch, partners=2)
    assert not game.moves and scene.selected == move.a and played == ["pick"]


def test_shift_enter_pairing_at_once_sounds_as_a_pair_alone(app, driver, monkeypatch):
    game, _move, _scene, played = _shift_enter_heard(app, driver, monkeypatch, partners=1)
    assert game.moves and "pick" not in played


def test_new_deal_and_restart_ask_again_of_the_key_or_the_button_that_asked(app, driver):
    # N and F5 asked "Press “New deal” again", "Press “Restart” again", where G, H and D
    # name their key
    from game.scenes.base import question_s

    scene = open_fortune(app, driver, 23)
    click_move(driver, scene, "st>w")
    driver.key(pygame.K_n)
    assert scene.status.startswith("Press N again: this game then counts as a loss")
    driver.settle(question_s(scene.status) + 1)  # the question lapses
    driver.click(scene.buttons["new"].rect.center)
    assert scene.status.startswith("Press “New deal” again:")
    driver.settle(question_s(scene.status) + 1)
    driver.key(pygame.K_F5)
    assert scene.status.startswith("Press F5 again: the deal played again gives your wish")
    driver.settle(question_s(scene.status) + 1)
    driver.click(scene.buttons["restart"].rect.center)
    assert scene.status.startswith("Press “Restart” again:")


@pytest.mark.parametrize("ruleset", ["egyptian-old", "devils-bridge", "egyptian"])
def test_right_from_a_stock_in_the_corner_goes_to_the_piles_not_the_bar(app, driver, ruleset):
    # the stock bottom left, nothing in line with it: Right went along the bar below
    # (Hint, Demo, Give up) where the piles lie up and to the side
    scene = open_table(app, driver, Game(ruleset, deal=1234))
    scene.keys.focus, scene.keys.visible = "st", True
    for _ in range(3):
        driver.key(pygame.K_RIGHT)
        assert scene.keys.focus not in scene.buttons
    # past the cards, an arrow still reaches the bar
    while scene.keys.focus not in scene.buttons:
        before = scene.keys.focus
        driver.key(pygame.K_DOWN)
        assert scene.keys.focus != before


def test_shift_enter_on_a_bar_button_presses_nothing(app, driver):
    # "send this card home" on the focused Hint asked Hint's question, which in a
    # fortune costs the wish its verdict
    scene = open_fortune(app, driver, 3)
    scene.keys.focus, scene.keys.visible = "hint", True
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    assert scene.status == "" and scene.asked_until == {} and scene.hints_used == 0
    driver.key(pygame.K_RETURN)  # Enter alone is the button's press
    assert "hint" in scene.asked_until


@pytest.mark.parametrize("asked_by", [pygame.K_n, pygame.K_g])
def test_esc_over_a_question_takes_the_question_away_and_stays(app, driver, asked_by):
    # G's question was dropped by any other key before Esc could take it away, and Esc
    # then left the table
    from game.scenes.menu import MenuScene

    scene = open_table(app, driver, Game("pyramid52", deal=8))
    click_move(driver, scene, DEAL_8_WIN[0])
    driver.key(asked_by)
    assert scene.asked_until and scene.status
    driver.key(pygame.K_ESCAPE)
    driver.frames(1)
    assert app.scene is scene and scene.asked_until == {} and scene.status == ""
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    assert isinstance(app.scene, MenuScene)


def test_the_wish_s_button_shows_the_focus_to_a_keyboard_player(app, driver):
    # Enter made the wish, and nothing on the banner said so
    app.keyboard_led = True
    scene = open_table(app, driver, Game("sbudetsya", deal=3))
    assert scene.wish_pending and scene.banner.buttons[0].focused
    driver.key(pygame.K_RETURN)
    assert not scene.wish_pending
    app.keyboard_led = False
    mouse = open_table(app, driver, Game("sbudetsya", deal=4))
    assert not mouse.banner.buttons[0].focused  # a mouse player's banner stays plain
    app.keyboard_led = True
    keys = open_table(app, driver, Game("sbudetsya", deal=5))
    assert keys.banner.buttons[0].focused
    driver.click(keys.hud.top.center)  # the mouse since: the ring shown for the keys goes
    assert not keys.banner.buttons[0].focused


def test_a_card_s_ring_goes_while_a_banner_s_buttons_take_the_keys(app, driver, monkeypatch):
    # rings on a card and on the banner's Take back at once, and Enter pressed the button
    from game.scenes.table_overlay import Banner
    from game.ui.widgets import Button

    scene = open_table(app, driver, Game("egyptian", deal=3))
    scene.keys.focus, scene.keys.visible = "t1", True
    drawn: list[str | None] = []
    real = scene.view.render_static

    def render_static(size, hidden, marks, focus):
        drawn.append(focus)
        return real(size, hidden, marks, focus)

    monkeypatch.setattr(scene.view, "render_static", render_static)
    scene._invalidate()
    driver.frames(2)
    assert drawn[-1] == "t1"
    scene.banner = Banner("A question", [Button("Yes", lambda: None, key="yes")], enter=False)
    scene._invalidate()
    driver.frames(2)
    assert drawn[-1] is None
    scene.banner = None  # the card's focus is back once the banner goes
    scene._invalidate()
    driver.frames(2)
    assert drawn[-1] == "t1" and scene.keys.focus == "t1"


@pytest.mark.parametrize("ruleset", ["egyptian", "egyptian-old", "devils-bridge"])
def test_left_and_right_go_along_the_foundations(app, driver, ruleset):
    # Right from f1 went down to the pile under f2 (as far along, and first in Tab
    # order): by the table's own places, each a stop as with a card in hand
    scene = open_table(app, driver, Game(ruleset, deal=3))
    places, keys, bar = list(scene.view.piles), scene.keys, list(scene.buttons)
    keys.focus, keys.visible = "f1", True
    keys.handle(pygame.K_RIGHT, 0, places, scene.focus_rect, beyond=bar)
    assert keys.focus == "f2"
    keys.handle(pygame.K_LEFT, 0, places, scene.focus_rect, beyond=bar)
    assert keys.focus == "f1"


@pytest.mark.parametrize(
    ("ruleset", "deal"), [("egyptian", 0), ("egyptian-old", 0), ("devils-bridge", 1)]
)
def test_a_base_card_in_hand_has_one_empty_foundation_for_a_stop(app, driver, ruleset, deal):
    # each empty foundation that took it was a stop of its own: six for a base card,
    # one as good as another
    game = Game(ruleset, deal=deal)
    scene = open_table(app, driver, game)
    scene.keys.focus, scene.keys.visible = "t2", True
    driver.key(pygame.K_RETURN)  # picked up: it may go to any empty foundation of its kind
    homes = {m.b for m in game.legal_moves if m.a == "t2" and m.b.startswith("f")}
    assert len(homes) >= 4
    stops = [n for n in scene._focusable() if n.startswith("f")]
    assert len(stops) == 1 and stops[0] in homes
    scene.keys.focus = stops[0]
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert str(game.moves[-1]) == f"t2>{stops[0]}"


@pytest.mark.parametrize("ruleset", ["egyptian", "devils-bridge", "sbudetsya", "nechego"])
def test_keys_in_the_building_games_visit_only_cards_that_can_move(app, driver, ruleset):
    # every pile was a stop, the empty foundations among them: a round of Tabs in
    # Egyptian Pyramid took 27 presses, and Enter on a card with nowhere to go refused
    scene = open_table(app, driver, Game(ruleset, deal=3))
    if scene.wish_pending:
        scene._wish_made()
        driver.settle(1.0)
    starts = {m.a for m in scene.game.legal_moves if m.kind != RESIGN}
    places = [n for n in scene._focusable() if n not in scene.buttons]
    assert places[0] == "st" and set(places[1:]) <= starts
    assert not any(n.startswith("f") for n in places)
    moving = {m.a for m in scene.game.legal_moves if m.a not in ("st", "w") and m.b}
    assert moving <= set(places)  # every card that can go somewhere is a stop


def test_shift_tab_from_no_focus_goes_to_the_last_place(app, driver):
    # it went to the first, the stock, as Tab does
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    assert scene.keys.focus is None
    driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.keys.focus == scene._focusable()[-1]
    scene.keys.focus = None
    driver.key(pygame.K_TAB)
    assert scene.keys.focus == scene._focusable()[0]


@pytest.mark.parametrize("ruleset", ["sbudetsya", "nechego"])
def test_up_from_the_stock_and_down_again_comes_back_to_the_stock(app, driver, ruleset):
    # the waste lay a pixel or two nearer across the place above's centre, and won
    scene = open_table(app, driver, Game(ruleset, deal=3))
    if scene.wish_pending:
        scene._wish_made()
        driver.settle(1.0)
    scene.keys.focus, scene.keys.visible = "st", True
    driver.key(pygame.K_UP)
    assert scene.keys.focus != "st"
    driver.key(pygame.K_DOWN)
    assert scene.keys.focus == "st"


def test_enter_on_an_empty_place_says_it_is_empty(app, driver):
    # nothing was said, nor heard: a keyboard player could not tell the key was taken
    scene = open_table(app, driver, Game("egyptian", deal=3))
    assert not scene.game.pile("w")
    scene.keys.focus, scene.keys.visible = "w", True
    driver.key(pygame.K_RETURN)
    assert scene.status == "Nothing to pick up here: the place is empty."
    assert scene.selected is None and scene.game.moves == []


@pytest.mark.parametrize("key", [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN])
@pytest.mark.parametrize("ruleset", ["devils-bridge", "nechego", "pyramid52"])
def test_the_first_arrow_puts_the_focus_on_a_card_that_can_be_played(app, driver, key, ruleset):
    # it went to the stock whatever the arrow, and Shift+Enter there turned the stock,
    # where a card beside it was free to go home
    game = Game(ruleset, deal=next(d for d in range(200) if _has_a_card_to_play(ruleset, d)))
    scene = open_table(app, driver, game)
    if scene.wish_pending:
        scene._wish_made()
        driver.settle(1.0)
    driver.key(key)
    focus = scene.keys.focus
    assert focus != "st" and focus in scene._playable(), focus
    # with a card to play, its place is one the playable ring marks
    assert scene._marks().get(focus) == "playable"


def _has_a_card_to_play(ruleset, deal) -> bool:
    """Whether the deal opens with a card that can be played, the stock's turns aside."""
    game = Game(ruleset, deal=deal)
    return any(m.kind != "move" or "st" not in (m.a, m.b) for m in game.legal_moves)


@pytest.mark.parametrize(("ruleset", "deal"), [("nechego", 1), ("nechego", 4)])
def test_with_no_card_to_play_the_first_arrow_goes_to_the_stock(app, driver, ruleset, deal):
    assert not _has_a_card_to_play(ruleset, deal)
    scene = open_table(app, driver, Game(ruleset, deal=deal))
    driver.key(pygame.K_RIGHT)
    assert scene.keys.focus == "st"


@pytest.mark.parametrize("ruleset", ["pyramid52", "pyramid36"])
def test_the_keys_visit_only_the_pyramid_cards_that_can_be_played(app, driver, ruleset):
    # README: the keyboard's focus goes only to the cards that can be played now; it
    # stopped on every free card, one with no partner among them (J♣ after a pair), and
    # Enter there only refused
    skipped = 0
    for deal in range(6):
        game = Game(ruleset, deal=deal)
        scene = TableScene(app, game)
        scene.resize((1280, 800))
        playable = {n for n in scene._playable() if n in scene.view.piles}
        places = {n for n in scene._focusable() if n in scene.view.piles}
        assert places == playable | {"st"}, deal
        skipped += sum(1 for n in scene.view.piles if game.movable(n) and n not in playable)
    assert skipped  # free cards with no partner were there to be skipped


@pytest.mark.parametrize(("passes", "stops"), [(1, False), (2, True)])
def test_the_stock_is_a_stop_while_it_can_turn_or_be_turned_over(app, driver, passes, stops):
    # emptied for good, it stayed a stop where Enter only said "The stock is empty."
    game = Game("nechego", {"passes": passes}, deal=3)
    scene = open_table(app, driver, game)
    while game.pile("st"):
        game.play("st>w")
    scene._invalidate()
    driver.frames(1)
    assert ("st" in scene._focusable()) == stops


def test_a_waste_card_put_down_by_the_keys_leaves_the_focus_on_the_waste_s_next(app, driver):
    # the focus went to the place nearest the pile it was put on, often the stock, where
    # the waste's next card could be played
    game = Game("egyptian", deal=0)
    for _ in range(12):
        game.play("st>w")
    scene = open_table(app, driver, game)
    scene.keys.focus, scene.keys.visible = "w", True
    driver.key(pygame.K_RETURN)  # the waste's card picked up, then put on t6
    scene.keys.focus = "t6"
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert [str(m) for m in game.moves][-1] == "w>t6"
    assert "t6" not in scene._focusable() and scene.keys.focus == "w"


def test_only_down_reaches_the_bar_from_the_table():
    # Right from the top row's last card went across the table to Rules, lying further
    # right at the foot of the window; Left from the stock to New deal
    from game.scenes.table_input import KeyboardFocus

    rects = {
        "t9": pygame.Rect(1000, 100, 90, 120),
        "st": pygame.Rect(300, 600, 90, 120),
        "new": pygame.Rect(20, 750, 120, 45),
        "rules": pygame.Rect(1100, 750, 100, 45),
    }
    places, bar = list(rects), ["new", "rules"]
    keys = KeyboardFocus()
    for origin, key, goal in [
        ("t9", pygame.K_RIGHT, "t9"),
        ("st", pygame.K_LEFT, "st"),
        ("st", pygame.K_DOWN, "new"),
        ("rules", pygame.K_UP, "t9"),
    ]:
        keys.focus = origin
        keys.handle(key, 0, places, rects.__getitem__, beyond=bar)
        assert keys.focus == goal, (origin, pygame.key.name(key))
