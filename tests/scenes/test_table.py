"""The table scene driven by real events at the places the layout draws cards."""

import time
from dataclasses import replace

import pygame
import pytest

from game import hints
from game.rules import Game, Move, rulesets
from game.rules.moves import parse_move
from game.scenes.base import ARRIVING_S
from game.scenes.table import TableScene
from game.scenes.table_analysis import Answer
from game.store import GameFacts
from game.store.saved import BY_SEEN_STOCK, BY_WATCHED_BEFORE, DAILY, to_saved_replay
from tests.scenes.test_table_analysis import ScriptedWorker
from tests.store.helpers import DEAL_8_WIN


def open_table(app, driver, game: Game) -> TableScene:
    scene = TableScene(app, game)
    app.switch(scene, fade=False)
    driver.settle(1.0)
    return scene


def open_finishing(app, driver, game: Game) -> TableScene:
    """A table as if every stock card had been seen (as on a later pass), where Finish
    is offered (TablePlay._finish_offered): for what Finish does, not when."""
    scene = TableScene(app, game)
    scene._stock_unseen = lambda: False  # type: ignore[method-assign]
    app.switch(scene, fade=False)
    driver.settle(1.0)
    return scene


def open_fortune(app, driver, deal: int) -> TableScene:
    """Сбудется's table with its wish made: the wish counts."""
    scene = open_table(app, driver, Game("sbudetsya", deal=deal))
    scene._wish_made()
    driver.settle(1.0)
    return scene


def open_table_with(app, driver, game: Game, facts) -> TableScene:
    """A saved game, as Continue opens it."""
    scene = TableScene(app, game, facts=facts)
    app.switch(scene, fade=False)
    driver.settle(1.0)
    return scene


def centre(scene: TableScene, pile: str) -> tuple[int, int]:
    return scene.view.top_rect(pile).center


# a deal the solver leaves undecided after a minute (docs/winnability.md): a test of the
# search's limits needs one that no search of a second wins by luck
UNDECIDED_EGYPTIAN = 28


def help_for_the_next_game(app, game: Game, facts: GameFacts) -> str | None:
    """`game` given up and kept: the help its deal's next game has had before."""
    game.play("resign")
    app.game_changed(game, facts)
    return app.records.deal_help_before(Game(game.ruleset.id, game.options, deal=game.deal_number))


def a_day_s_game_made_worse(app, driver, move: str, seen_stock: bool) -> TableScene:
    """Pyramid 52's deal 8 as a day's game (marked for a stock card seen, if so), the
    solver's answers scripted: lost with 50 points at best, then 60 after `move`."""
    scene = open_table_with(app, driver, Game("pyramid52", deal=8), GameFacts(mode=DAILY))
    if seen_stock:
        scene.facts.mark_assisted(BY_SEEN_STOCK)
    scene.analysis.worker = ScriptedWorker()  # the answers are the test's
    scene.analysis.results[()] = Answer("lost", ("p7.2+p7.5",), best_remaining_points=50)
    scene._analysis_arrived()
    click_move(driver, scene, move)
    driver.settle(0.5)
    worse = Answer("lost", ("p7.2+p7.5",), best_remaining_points=60)
    scene.analysis.results[scene.analysis.position()] = worse
    scene._analysis_arrived()
    return scene


def continued(app, driver) -> TableScene:
    """The game left in play, as Continue opens it."""
    resumed, facts = app.records.resume(app.records.unfinished())
    app.records.hold(facts.record_id)
    return open_table_with(app, driver, resumed, facts)


def click_move(driver, scene: TableScene, text: str) -> None:
    """Play a move the way a player does: click the cards (or the stock)."""
    move = parse_move(text)
    if move.kind == "move":
        assert (move.a, move.b) == ("st", "w")
        driver.click(centre(scene, "st"))
        if scene.selected == "st":  # a face-up stock card that pairs is picked up first
            driver.click(centre(scene, "st"))
    elif move.kind == "single":
        driver.click(centre(scene, move.a))
    else:
        first, second = (move.b, move.a) if move.b == "w" or move.a == "st" else (move.a, move.b)
        if {move.a, move.b} == {"st", "w"}:
            first, second = "w", "st"
        driver.click(centre(scene, first))
        driver.click(centre(scene, second))
    driver.settle(0.3)


def test_a_whole_pyramid_game_is_won_by_clicks_alone(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    for n, text in enumerate(DEAL_8_WIN, 1):
        click_move(driver, scene, text)
        assert len(scene.game.moves) == n, f"move {n} {text} was not played"
    assert scene.game.won
    assert [str(m) for m in scene.game.moves] == DEAL_8_WIN


def test_a_winning_game_ends_in_the_results_scene(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    for text in DEAL_8_WIN:
        click_move(driver, scene, text)
    driver.settle(8.0)
    from game.scenes.initials import InitialsScene
    from game.scenes.results import ResultsScene

    # the first win of a fresh player enters the table: initials first, then the results
    assert isinstance(app.scene, InitialsScene)
    driver.settle(ARRIVING_S)  # a key as it opens is the table's (see ARRIVING_S)
    driver.key(pygame.K_RETURN)
    driver.settle(0.6)
    assert isinstance(app.scene, ResultsScene)


def test_egyptian_cards_move_by_drag_and_drop(app, driver):
    game = Game("egyptian", deal=0)  # t1 9D goes on t6 TH; t2 2D goes to a foundation
    scene = open_table(app, driver, game)
    driver.drag(centre(scene, "t1"), centre(scene, "t6"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["t1>t6"]
    assert game.pile("t6")[-1] == "9D"
    driver.drag(centre(scene, "t2"), centre(scene, "f3"))
    driver.settle(0.5)
    assert str(game.moves[-1]) == "t2>f3" and game.pile("f3") == ("2D",)


@pytest.mark.parametrize(("deal", "second"), [(0, "st>w"), (12, "st+w")])
def test_the_pyramid_s_stock_card_dragged_onto_the_reserve_is_drawn_or_paired(
    app, driver, deal, second
):
    # dragged to draw, it went back from the empty reserve with no word, and onto a
    # reserve card it was refused as a pair ("6D and 7S make 13, not 19"); the two
    # that make a pair are paired, as before
    game = Game("pyramid52", deal=deal)
    scene = open_table(app, driver, game)
    # near it is not on it: dragged off the stock away from the reserve, nothing is drawn
    st, w = centre(scene, "st"), centre(scene, "w")
    card_w, card_h = scene.view.layout.card
    away = (st[0] + (st[0] - w[0]) // 4, st[1] + card_h)
    for end in ((st[0], st[1] + card_h), (st[0] + card_w // 2, st[1] + card_h), away):
        driver.drag(st, end)
        driver.settle(0.5)
        assert game.moves == [], end
    driver.drag(centre(scene, "st"), centre(scene, "w"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["st>w"]
    driver.drag(centre(scene, "st"), centre(scene, "w"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["st>w", second]


# deal 2: 6C on the stock pairs with p7.2, not with TS on the reserve; deal 12: 4C
# and 9C pair
@pytest.mark.parametrize(("deal", "second"), [(2, "st>w"), (12, "st+w")])
def test_the_pyramid_s_stock_card_clicked_onto_the_reserve_goes_as_dragged_there(
    app, driver, deal, second
):
    # picked up by a click, then the reserve clicked: refused as a pair ("A♣ and 4♣
    # make 5, not 13"), where dragged there it was drawn
    game = Game("pyramid52", deal=deal)
    scene = open_table(app, driver, game)
    click_move(driver, scene, "st>w")
    driver.settle(0.5)
    driver.click(centre(scene, "st"))
    assert scene.selected == "st"  # a stock card that pairs is picked up first
    driver.click(centre(scene, "w"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["st>w", second]
    assert scene.selected is None


def a_long_pile_the_waste_goes_on() -> tuple[Game, str]:
    """An Egyptian game (seeded random play) where the waste's card goes on a pile of
    five cards or more."""
    import random

    rng, game = random.Random(0), Game("egyptian", deal=0)
    while True:
        onto = [m for m in game.legal_moves if m.kind == "move" and m.b[0] == "t" and m.a != "st"]
        for m in onto:
            if m.a == "w" and len(game.pile(m.b)) >= 5:
                return game, m.b
        built = [m for m in onto if game.pile(m.b)]
        game.play(rng.choice(built if built and rng.random() < 0.7 else list(game.legal_moves)))


def test_a_card_dropped_on_the_first_cards_of_a_long_pile_goes_on_it(app, driver):
    game, pile = a_long_pile_the_waste_goes_on()
    scene = open_table(app, driver, game)
    bottom = scene.view.rects(pile, len(game.pile(pile)))[0]
    driver.drag(centre(scene, "w"), (bottom.centerx, bottom.top + 4))
    driver.settle(0.5)
    # the card flew back unexplained: only its top card's place took it
    assert str(game.moves[-1]) == f"w>{pile}"


def test_an_illegal_drop_flies_back_and_says_why(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.drag(centre(scene, "t1"), centre(scene, "f1"))
    assert game.moves == []
    # cards as their faces show them, places by their top cards, as the table shows
    # them (the command line keeps the codes)
    assert scene.status == "9♦ cannot go on the 2♠ foundation, which needs 3♠."
    assert scene.animator.busy  # the card is flying home
    driver.settle(0.5)
    assert game.pile("t1") == ("9D",)


def test_a_drop_on_the_stock_says_why_and_a_drop_on_the_felt_clears_a_refusal(app, driver):
    # a drop on the stock flew back unexplained, and the refusal of the drop before
    # stayed up as if it were its answer
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.drag(centre(scene, "t1"), centre(scene, "f1"))
    assert scene.status.startswith("9♦ cannot go") and scene.refused_pile == "f1"
    driver.settle(0.5)
    driver.drag(centre(scene, "t1"), centre(scene, "st"))
    assert game.moves == [] and "stock" in scene.status and scene.refused_pile == "st"
    driver.settle(0.5)
    felt = scene.view.area.center
    driver.drag(centre(scene, "t1"), (felt[0], felt[1] + scene.view.layout.card[1]))
    assert game.moves == [] and scene.status == "" and scene.refused_pile is None


def test_a_refusal_goes_with_the_move_played_after_it(app, driver):
    # "9♦ cannot go…" stayed up after a good move, as if it were that move's answer
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.drag(centre(scene, "t1"), centre(scene, "f1"))
    assert scene.status.startswith("9♦ cannot go")
    driver.click(centre(scene, "st"))
    assert len(game.moves) == 1 and scene.status == ""


def test_a_question_a_move_has_made_void_goes_with_it(app, driver):
    # "Press Hint again…" stayed up after a move, where a press only asked again
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    driver.key(pygame.K_h)
    assert "Press H again" in scene.status  # the key pressed, as G asks "Press G again"
    click_move(driver, scene, DEAL_8_WIN[0])
    assert scene.status == ""


def test_the_demo_s_words_go_when_the_player_takes_over(app, driver):
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    driver.key_twice(pygame.K_d)
    assert scene.demo and scene.status.startswith("Demo: the solver plays.")
    driver.key(pygame.K_d)  # D again: the player takes over
    driver.frames(1)
    assert not scene.demo and scene.status == ""


def test_a_demo_waiting_for_the_solver_says_so_until_its_line_comes(app, driver, monkeypatch):
    # an undecided Egyptian deal: the demo stood still 8 s and more, with no word once
    # its first had gone
    scene = open_table(app, driver, Game("egyptian", deal=3))
    with monkeypatch.context() as waiting:
        waiting.setattr(scene.analysis, "known", lambda: None)
        waiting.setattr(scene.analysis, "ask", lambda: None)
        driver.key_twice(pygame.K_d)
        assert scene.demo
        driver.settle(6.0)  # the demo's first words gone
        assert scene.status == "Demo: the solver is still looking for its line…"
        assert scene.game.moves == []
    end = time.monotonic() + 30  # the solver answers
    while not scene.game.moves and time.monotonic() < end:
        driver.frames(5)
    assert scene.game.moves and scene.status != "Demo: the solver is still looking for its line…"


def test_the_demo_s_speed_words_go_with_it(app, driver):
    # "Demo speed: ×2" stayed up to 2 s after the player took over
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key_twice(pygame.K_d)
    driver.key(pygame.K_PLUS)
    assert scene.status == "Demo speed: ×2"
    driver.key(pygame.K_d)
    driver.frames(1)
    assert not scene.demo and scene.status == ""


def test_the_waste_s_card_let_go_on_the_stock_never_turns_the_waste_over(app, driver):
    # the stock lies a few pixels from the waste: a card let go a little short of
    # where it lay turned the whole waste over, a pass used up
    game = Game("nechego", {"passes": 2}, deal=0)
    while game.pile("st"):
        game.play("st>w")
    scene = open_table(app, driver, game)
    played = list(game.moves)
    driver.drag(centre(scene, "w"), centre(scene, "st"))
    driver.settle(0.5)
    assert game.moves == played and game.passes_left == 1 and scene.refused_pile is None


def test_a_click_on_the_empty_stock_says_why_in_the_game_s_language(app, driver):
    from game import i18n

    game = Game("egyptian", deal=0)
    while game.pile("st"):
        game.play("st>w")
    scene = open_table(app, driver, game)
    i18n.set_language("ru")
    driver.click(centre(scene, "st"))
    assert scene.status == "Колода пуста."  # was the rules' English


@pytest.mark.parametrize(("ruleset", "below"), [("pyramid52", True), ("egyptian", False)])
def test_the_stock_count_stays_off_a_face_up_stock_card(app, driver, ruleset, below):
    from game.ui import theme

    scene = open_table(app, driver, Game(ruleset, deal=0))
    stock = scene.view.top_rect("st")
    screen = app.surface
    # the count's dark pill: under a face-up card (a count on its face reads as its
    # index), clear of the rings a chosen card has; on a face-down one's back
    under = (stock.centerx, stock.bottom + stock.width // 6)
    inside = (stock.centerx, stock.bottom - stock.width // 12)
    assert tuple(screen.get_at(under if below else inside))[:3] == theme.PANEL
    if below:
        assert tuple(screen.get_at(inside))[:3] != theme.PANEL  # the card's face


def test_double_click_sends_a_card_to_a_foundation(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.double_click(centre(scene, "t2"))
    assert str(game.moves[-1]).startswith("t2>f")


def test_a_double_click_refused_says_why_as_a_drag_does(app, driver):
    # "No foundation takes 7♠ now", where a drag onto the spades' foundation said why
    game = Game("egyptian", deal=0)  # f1 holds 2♠ alone, t3's top is 7♠
    scene = open_table(app, driver, game)
    driver.double_click(centre(scene, "t3"))
    assert not game.moves
    assert scene.status == "7♠ cannot go on the 2♠ foundation, which needs 3♠."
    assert scene.refused_pile == "f1"  # marked, as a drag's refusal marks it


def test_click_a_card_then_a_target(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "t4"))
    assert scene.selected == "t4"
    driver.click(centre(scene, "t5"))
    assert [str(m) for m in game.moves] == ["t4>t5"]


def test_touch_taps_play_like_clicks(app, driver):
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    driver.tap(centre(scene, "p7.2"))
    driver.tap(centre(scene, "p7.5"))
    assert [str(m) for m in game.moves] == ["p7.2+p7.5"]


def test_clicking_the_stock_turns_it_and_undo_redo_buttons_work(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "st"))
    assert [str(m) for m in game.moves] == ["st>w"]
    driver.click(scene.buttons["undo"].rect.center)
    assert game.moves == [] and game.can_redo
    driver.click(scene.buttons["redo"].rect.center)
    assert [str(m) for m in game.moves] == ["st>w"]
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert game.moves == []
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert len(game.moves) == 1


def _keyboard_move(driver, scene: TableScene, text: str) -> None:
    move = parse_move(text)
    if move.kind == "move" and move.a == "st":
        driver.key(pygame.K_SPACE)
        return
    for target in (move.a, move.b) if move.b else (move.a,):
        for _ in range(80):
            if scene.keys.focus == target:
                break
            driver.key(pygame.K_TAB)
        assert scene.keys.focus == target
        driver.key(pygame.K_RETURN)


@pytest.mark.parametrize("ruleset", list(rulesets()))
def test_keyboard_alone_plays_a_few_moves_of_every_ruleset(app, driver, ruleset):
    game = Game(ruleset, deal=3)
    scene = open_table(app, driver, game)
    if scene.wish_pending:
        driver.key(pygame.K_RETURN)  # "I have made my wish"
        driver.settle(1.0)
    played = 0
    for _ in range(4):
        moves = [m for m in game.legal_moves if m.kind != "single"]
        if not moves:
            break
        move = next((m for m in moves if m.a != "st"), moves[0])
        before = len(game.moves)
        _keyboard_move(driver, scene, str(move))
        driver.settle(0.4)
        assert len(game.moves) == before + 1, f"{move} was not played"
        assert game.moves[-1] == move
        played += 1
    assert played >= 1


@pytest.mark.parametrize("ruleset", list(rulesets()))
def test_resizing_mid_game_keeps_every_card_on_screen(app, driver, ruleset):
    game = Game(ruleset, deal=5)
    for _ in range(30):  # a game under way, piles of different lengths
        moves = list(game.legal_moves)
        if not moves:
            break
        pile_moves = [m for m in moves if m.kind == "move" and m.b.startswith("t")]
        game.play((pile_moves or moves)[0])
    scene = open_table(app, driver, game)
    for size in ((800, 600), (3840, 2160), (1024, 768), (1920, 1080), (1280, 800)):
        driver.resize(size)
        window = pygame.Rect(0, 0, *size)
        for name in scene.view.piles:
            rects = scene.view.rects(name, len(game.pile(name))) or [
                scene.view.layout.spots[name].rect
            ]
            for r in rects:
                assert window.contains(r), f"{name} at {r} is off a {size} window"
                assert not r.colliderect(scene.hud.top) and not r.colliderect(scene.hud.bottom)
        for b in scene.hud.buttons:
            assert window.contains(b.rect)


def test_a_pile_of_sixteen_stays_on_screen_at_800x600(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.resize((800, 600))
    rects = scene.view.rects("t1", 16)
    assert rects[-1].bottom <= scene.view.area.bottom
    assert rects[-1].top > rects[0].top


def test_the_resign_button_ends_the_game_at_a_second_press_and_shows_results(app, driver):
    # one tap gave the game up (an arcade life) where G asked twice
    from game.scenes.base import SECOND_PRESS_S
    from game.scenes.results import ResultsScene

    game = Game("pyramid36", deal=2)
    scene = open_table(app, driver, game)
    scene.hints_used = 1  # an assisted game: no table, straight to results
    scene.facts.mark_assisted("hint")
    driver.click(scene.buttons["resign"].rect.center)
    assert not game.over and scene.status == "Press “Give up” again to end the game."
    driver.settle(SECOND_PRESS_S + 0.5)
    driver.click(scene.buttons["resign"].rect.center)
    assert not game.over  # the first press had lapsed: this one asks again
    driver.key(pygame.K_F5)  # a restart between: the question was about another position
    driver.click(scene.buttons["resign"].rect.center)
    assert not game.over
    driver.pause()
    driver.key(pygame.K_g)  # G and the button ask the same question
    assert game.outcome == "resigned"
    driver.settle(1.0)
    assert isinstance(app.scene, ResultsScene)


def test_sbudetsya_asks_for_a_wish_before_the_deal(app, driver):
    game = Game("sbudetsya", deal=1)
    scene = open_table(app, driver, game)
    assert scene.wish_pending and scene.banner is not None
    driver.click(centre(scene, "st"))
    assert game.moves == []  # nothing plays before the wish
    # nothing is shown dealt: the stock's badge counts the whole deck (it said 27 of 36)
    driver.frames(1)
    assert len(game.pile("st")) + scene.view.undealt == 36
    wish = scene.banner.buttons[0]
    driver.click(wish.rect.center)
    assert not scene.wish_pending
    driver.frames(1)
    assert scene.view.undealt == 0


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (2560, 1440)])
def test_the_wish_is_asked_over_the_middle_of_the_empty_table(app, driver, size):
    # kept off the places of cards not yet dealt, the wish went to a corner (1280x800)
    # or off centre (800x600): before the deal only the stock is on the table
    driver.resize(size)
    scene = open_table(app, driver, Game("sbudetsya", deal=3))
    assert scene.wish_pending
    driver.frames(2)
    panel, area = scene.banner_drawn, scene.view.area
    assert area.contains(panel) and panel.contains(scene.banner.buttons[0].rect)
    assert abs(panel.centerx - area.centerx) <= 1 and abs(panel.centery - area.centery) <= 1
    assert panel.collidelist([scene.view.top_rect("st"), scene.view.top_rect("w")]) == -1
    scene.banner.buttons[0].action()  # the wish made: the cards dealt keep their places
    driver.settle(1.0)
    assert scene.banner is None


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_wish_s_button_is_no_smaller_than_the_bar_s(app, driver, size):
    # at 800x600 it was 27 px high, the smallest button on the screen, and the only live one
    driver.resize(size)
    scene = open_table(app, driver, Game("sbudetsya", deal=3))
    driver.frames(2)
    wish = scene.banner.buttons[0].rect
    assert wish.height >= max(b.rect.height for b in scene.buttons.values())


def test_a_message_between_the_cards_takes_the_width_the_felt_there_has(app):
    # a short hint wrapped in two lines of a narrow panel, in a strip that held it in one
    from game.scenes.table_overlay import Banner, draw_banner
    from game.ui import theme

    surface = pygame.Surface((800, 600))
    area = pygame.Rect(0, 30, 800, 520)
    cards = [pygame.Rect(0, 30, 800, 360), pygame.Rect(560, 390, 100, 140)]  # a pyramid, a card
    words = "This deal can still be won. Hint: remove K♠."
    panel = draw_banner(surface, area, Banner(words), small=True, avoid=cards)
    assert panel.collidelist(cards) == -1 and area.contains(panel)
    assert panel.collidelist([r.inflate(8, 8) for r in cards]) == -1  # not touching them
    size = max(12, int(18 * theme.ui_scale((800, 600))))
    one_line = theme.font(size).get_linesize() + size
    assert panel.height == one_line and panel.bottom > 390  # in the strip, in one line
    assert panel.width > theme.font(size).size(words)[0]


def test_a_banners_last_line_is_no_word_left_alone():
    # at 4K a banner's message broke before its last word: "... cards" over "left."
    from game.scenes.table_overlay import Banner, draw_banner
    from game.ui import theme
    from game.ui.widgets import wrap

    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(0, 0, 1280, 800)
    size = 22  # the banner's text size at 1280x800
    font = theme.font(size, bold=True)
    sentence = "No more moves: the stock is spent and every card in reach is stuck"
    words = sentence.split()
    text = words[0]
    for word in words[1:] * 3:
        text += " " + word
        lines = wrap(text, font, 760 - 2 * size)  # the widest panel's room
        if len(lines) == 2 and " " not in lines[-1]:
            break
    panel = draw_banner(surface, area, Banner(text))
    line_h = font.get_linesize()

    def ink_width(top):
        # the text's light ink, within the panel's gold edge
        xs = [
            x
            for x in range(panel.x + size // 2, panel.right - size // 2)
            for y in range(panel.y + top, panel.y + top + line_h)
            if max(surface.get_at((x, y))[:3]) > 160
        ]
        return max(xs) - min(xs)

    first, last = ink_width(size // 2 + 2), ink_width(size // 2 + line_h + 2)
    assert last > first * 0.6


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (3840, 2160)])
def test_the_legend_of_values_is_as_large_as_its_place_holds(app, driver, size):
    # 11 px beside cards of 150 at 800x600, in a grey that hid it
    from game.scenes.table_overlay import LEGEND_LEAST

    driver.resize(size)
    for ruleset in ("pyramid36", "pyramid52"):
        scene = open_table(app, driver, Game(ruleset, deal=8))
        place, drawn = scene.view.layout.legend, scene.legend_drawn
        assert place.contains(drawn)
        lines = 3  # the sum, the values, "A King goes alone"
        assert drawn.height / lines > LEGEND_LEAST + 2, (ruleset, drawn)


@pytest.mark.parametrize("size", [(640, 480), (700, 700), (800, 600), (1366, 768)])
def test_the_legend_of_values_keeps_clear_of_the_pyramid(app, driver, size):
    # in a squarish window the pyramid reached into the legend's place: a card hid
    # "A = 11", the one value of Pyramid 36 a newcomer cannot guess
    driver.resize(size)
    for ruleset in ("pyramid36", "pyramid52"):
        scene = open_table(app, driver, Game(ruleset, deal=8))
        places = [spot.rect for name, spot in scene.view.layout.spots.items() if name[0] == "p"]
        assert scene.legend_drawn.collidelist(places) == -1, (ruleset, size)
        assert scene.view.layout.legend.contains(scene.legend_drawn)


def test_a_banner_keeps_off_the_legend_of_values(app, driver):
    # the take-back question once stood on "Pairs make 13": the legend's lines (not its
    # whole place, which would outweigh cards) are among what a banner keeps off
    driver.resize((1280, 800))
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    legend = scene.legend_drawn
    assert legend and scene.view.layout.legend.contains(legend)
    assert legend.width < scene.view.layout.legend.width or legend.height < (
        scene.view.layout.legend.height
    )
    assert legend in scene.banner_keep_clear()
    building = open_table(app, driver, Game("egyptian", deal=0))
    assert building.legend_drawn is None  # no legend in the building games


def test_a_banner_keeps_off_the_stock_s_count(app, driver):
    # at 4K the words on a lost deal of Pyramid 36 stood beside the stock and hid half
    # of the count hanging below it
    driver.resize((3840, 2160))
    scene = open_table(app, driver, Game("pyramid36", deal=8))
    wait_for_analysis(scene, driver)
    driver.frames(2)
    assert scene.status.startswith("This deal cannot be won")
    assert scene.view.badges_drawn and scene.status_drawn is not None
    assert scene.status_drawn.collidelist(scene.view.badges_drawn) == -1


def test_a_won_pyramid_shows_no_legend_under_the_win_s_words(app, driver):
    # "The patience came out!" took the middle band and cut off the legend's first letters
    from game.rules.moves import parse_move
    from tests.store.helpers import DEAL_8_WIN

    driver.resize((1036, 648))
    game = Game("pyramid52", deal=8)
    for text in DEAL_8_WIN[:-1]:
        game.play(parse_move(text))
    scene = open_table(app, driver, game)
    assert scene.legend_drawn is not None  # one pair left: still read
    click_move(driver, scene, DEAL_8_WIN[-1])
    driver.frames(60)
    assert scene.game.won and scene.legend_drawn is None


def test_a_new_input_during_an_animation_finishes_it_at_once(app, driver):
    app.settings.animation_speed = 0.5  # slow
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "st"))
    assert scene.animator.busy
    driver.click(centre(scene, "st"))
    assert len(game.moves) == 2
    assert len(scene.animator.tweens) <= 1  # only the newest card flies


def test_hint_marks_a_move_and_counts(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.key_twice(pygame.K_h)
    driver.frames(70)  # an undecided position: after a second, a likely move
    assert scene.hint is not None and scene.hint in game.legal_moves
    assert scene.hints_used == 1 and scene.assisted


def test_a_hint_before_the_solver_answers_says_it_is_looking_then_still_thinks(app, driver):
    # "The solver has not solved this position" read as a verdict, a second after H
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    # a worker with no answers scripted: it never answers
    scene.analysis.worker, scene.analysis.results = ScriptedWorker(), {}
    driver.key_twice(pygame.K_h)
    assert scene.status == "Looking for a hint…"
    driver.frames(70)
    assert scene.hint == hints.suggest(game)
    assert scene.status.startswith("The solver is still thinking; meanwhile, a likely move.")


def test_the_solver_rests_while_nobody_looks_at_the_table(app, driver):
    # back at the menu, or with the window minimised, the minute-long search on an
    # undecided position went on at 95% of a core
    from game.scenes.rules import RulesScene

    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    worker = scene.analysis.worker = ScriptedWorker()
    scene.analysis.results, scene.analysis.pending = {}, {}
    scene.analysis.ask()
    assert scene.analysis.waiting and len(worker.asked) == 1
    app.handle_event(pygame.event.Event(pygame.WINDOWMINIMIZED))
    driver.frames(2)
    assert worker.cancelled == 1 and not scene.analysis.waiting
    app.handle_event(pygame.event.Event(pygame.WINDOWRESTORED))
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.frames(2)
    assert scene.analysis.waiting and len(worker.asked) == 2
    # another window has the focus: the cards are hidden, and the search rests too (it
    # went on at a core's full use for most of a minute)
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.frames(2)
    assert scene._covered() and worker.cancelled == 2 and not scene.analysis.waiting
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.frames(2)
    assert scene.analysis.waiting and len(worker.asked) == 3
    app.switch(RulesScene(app, game.ruleset.id, game.options, back=lambda: scene), fade=False)
    driver.frames(2)
    assert worker.cancelled == 3 and not scene.analysis.waiting
    app.switch(scene, fade=False)
    driver.frames(2)
    assert scene.analysis.waiting and len(worker.asked) == 4


def test_the_demo_stands_still_while_the_table_is_covered(app, driver):
    # behind another window the demo played on unseen (14 moves to 21), and its next
    # step asked the solver anew, a core's full use, while the cards were hidden
    game = Game("pyramid52", deal=8)
    scene = open_table_with(app, driver, game, GameFacts(assisted=True, assisted_by="demo"))
    scene.analysis.results[scene.analysis.position()] = Answer("won", tuple(DEAL_8_WIN))
    scene.demo = True
    driver.settle(2.0)
    played = len(game.moves)
    assert played > 0
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.settle(3.0)
    assert scene._covered() and len(game.moves) == played and scene.demo
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.settle(2.0)
    assert len(game.moves) > played  # on again where it stood


@pytest.mark.parametrize("away", [pygame.WINDOWMINIMIZED, pygame.WINDOWFOCUSLOST])
def test_finish_waits_while_the_table_is_away(app, driver, away):
    # minimised, the cascade rang 98 bells over 31 s and won the game unseen
    game = Game("nechego", deal=0)
    scene = open_finishing(app, driver, game)
    driver.key(pygame.K_f)
    driver.settle(1.0)
    played = len(game.moves)
    assert played > 0 and scene.autoplay
    app.handle_event(pygame.event.Event(away))
    driver.settle(3.0)
    assert len(game.moves) == played and scene.autoplay
    app.handle_event(pygame.event.Event(pygame.WINDOWRESTORED))
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.settle(1.0)
    assert len(game.moves) > played  # on again where it stood


def test_the_same_hint_asked_again_in_the_same_position_counts_once(app, driver):
    # the results said "Hints used 2" for one hint shown twice
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    # the lines are the test's: the real solver found another and raced them in
    scene.analysis.worker = ScriptedWorker()
    where = scene.analysis.position()
    scene.analysis.results[where] = Answer("won", tuple(DEAL_8_WIN))
    driver.key_twice(pygame.K_h)
    driver.key(pygame.K_h)
    driver.key(pygame.K_h)
    assert str(scene.hint) == DEAL_8_WIN[0] and scene.hints_used == 1
    click_move(driver, scene, DEAL_8_WIN[0])
    scene.analysis.results[scene.analysis.position()] = Answer("won", tuple(DEAL_8_WIN[1:]))
    driver.key(pygame.K_h)  # another position: another hint
    assert str(scene.hint) == DEAL_8_WIN[1] and scene.hints_used == 2


def test_the_first_press_of_hint_or_demo_asks_as_help_costs_the_table(app, driver):
    # a stray H took a day's deal out of its table, unasked and for good
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    driver.key(pygame.K_h)
    assert scene.hint is None and scene.hints_used == 0 and not scene.assisted
    assert "high-score tables" in scene.status
    click_move(driver, scene, DEAL_8_WIN[0])  # a move between: the question lapses
    driver.key(pygame.K_h)
    assert scene.hints_used == 0 and not scene.assisted
    driver.click(scene.buttons["demo"].rect.center)  # another help: asks on its own
    assert not scene.demo and not scene.assisted and "Press “Demo” again" in scene.status
    driver.key(pygame.K_h)  # the question in sight is the Demo's: H asks its own again
    assert scene.hints_used == 0 and "Press H again" in scene.status
    driver.pause()
    driver.key(pygame.K_h)
    driver.frames(70)
    assert scene.hints_used == 1 and scene.assisted and scene.hint is not None
    first = scene.hint
    driver.key(pygame.K_h)  # once assisted, help costs nothing more: no question
    driver.frames(70)
    # the same hint again is not counted again (a likely move, then the solver's, is)
    assert scene.hints_used == (1 if scene.hint == first else 2)
    driver.key(pygame.K_d)
    assert scene.demo
    driver.key(pygame.K_d)  # stopping the demo is never asked
    assert not scene.demo


def test_the_clock_runs_only_while_the_window_has_focus(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "st"))
    driver.frames(60)
    running = scene.seconds
    assert running >= 0.9
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.frames(120)
    assert scene.seconds == pytest.approx(running, abs=0.05)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.frames(60)
    assert scene.seconds > running + 0.9


def test_the_clock_counts_a_stall_with_the_cards_open(app, driver):
    # the process stopped (Ctrl+Z) with its cards on the screen: the loop let the time
    # go, and 116 s of study were kept as 24 s
    game = Game("pyramid52", deal=1)
    scene = open_table(app, driver, game)
    running = scene.seconds
    app.clock.advance(100.0)
    app.frame()
    assert scene.seconds == pytest.approx(running + 100.0, abs=0.05)
    # and not while the window is inactive, its cards hidden
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.frames(2)
    paused = scene.seconds
    app.clock.advance(100.0)
    app.frame()
    assert scene.seconds == pytest.approx(paused, abs=0.05)


def test_stuck_position_offers_to_end_the_game(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    assert scene.banner is None
    # find a position of a real game where the analysis says stuck: none at the start
    assert scene.stuck is False


def test_moves_by_engine_refill_are_animated_as_one_undo_step(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.double_click(centre(scene, "t2"))
    assert [e.kind for e in game.actions[-1].events] == ["move", "refill"]
    assert len(scene.animator.tweens) == 2
    driver.click(scene.buttons["undo"].rect.center)
    assert game.pile("t2") == ("2D",)


def test_escape_goes_back_to_the_menu(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=1))
    driver.key(pygame.K_ESCAPE)
    driver.settle(1.0)
    from game.scenes.menu import MenuScene

    assert isinstance(app.scene, MenuScene)
    assert scene is not app.scene


def test_move_equality_for_pairs_ignores_order():
    assert parse_move("p7.5+p7.2") == Move("pair", "p7.2", "p7.5")


def wait_for_analysis(scene, driver, seconds=20.0):
    # a frame every 50 ms of real time, each 1/60 s of the game's: where the solver's
    # process is slow to start (the cores shared), 0.01 s apart the game's clock ran
    # past a 6 s message before the answer came
    end = time.monotonic() + seconds
    while scene.analysis.known() is None and time.monotonic() < end:
        driver.frames(1)
        time.sleep(0.05)
    assert scene.analysis.known() is not None, "the solver did not answer"


def test_the_hud_says_whether_the_deal_can_still_be_won(app, driver):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    wait_for_analysis(scene, driver)
    assert scene.analysis.verdict() == "Can be won"
    lost = open_table(app, driver, Game("pyramid52", deal=0))
    wait_for_analysis(lost, driver)
    assert lost.analysis.verdict() == "No win possible"
    # at the deal the loss is the game's aim (most Pyramid 52 deals), not a verdict
    assert lost.status.startswith("This deal cannot be won: play for the fewest points left (")


def test_a_hint_shows_the_next_move_of_a_winning_line_at_once_when_known(app, driver):
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    driver.key(pygame.K_h)  # the first press asks: the game would enter no table
    driver.pause()
    start = time.perf_counter()
    driver.key(pygame.K_h)
    assert time.perf_counter() - start < 0.1
    line = scene.analysis.known().line
    assert scene.hint == parse_move(line[0]) and "can still be won" in scene.status
    assert scene.hints_used == 1 and scene.assisted


def test_a_hint_asked_before_the_answer_comes_when_it_arrives(app, driver):
    game = Game("pyramid36", deal=1)  # lost: the hint leads to the best score
    scene = open_table(app, driver, game)
    scene.analysis.results.clear()
    driver.key_twice(pygame.K_h)
    if scene.hint is None:
        assert scene.hint_pending
        wait_for_analysis(scene, driver)
        driver.frames(2)
    assert scene.hint is not None and scene.hint in game.legal_moves
    # said by the hint, or (on a loaded machine, the answer first) by the verdict's news
    assert "best possible" in scene.status.lower()


def test_the_demo_plays_the_deal_through_with_the_solver(app, driver):
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    driver.click_twice(scene.buttons["demo"].rect.center)
    assert scene.demo and scene.assisted
    end = time.monotonic() + 60
    while not game.won and time.monotonic() < end:
        driver.frames(10)
    assert game.won


def test_plus_and_minus_set_the_demo_s_speed_and_do_not_stop_it(app, driver):
    # an Egyptian deal's demo took over three minutes, at one speed
    def moves_in(seconds: float) -> int:
        before = len(game.moves)
        driver.settle(seconds)
        return len(game.moves) - before

    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    driver.key_twice(pygame.K_d)
    assert scene.demo
    at_first = moves_in(4.0)
    driver.key(pygame.K_LSHIFT)  # "+" typed: Shift first, which took the demo over
    driver.key(pygame.K_EQUALS, mod=pygame.KMOD_SHIFT)
    driver.key(pygame.K_KP_PLUS)
    assert scene.demo and scene.status == "Demo speed: ×4"
    assert moves_in(4.0) >= 2 * at_first > 0
    driver.key(pygame.K_MINUS)
    assert scene.demo and scene.status == "Demo speed: ×2"
    driver.key(pygame.K_a)  # any other key: the player takes over
    assert not scene.demo


def test_the_keyboard_focus_is_not_shown_while_the_solver_plays(app, driver, monkeypatch):
    # the ring stayed on a card the demo was not playing, as if it were its next move
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    focused: list[object] = []
    real = scene.view.render_static

    def recording(size, hidden, marks, focus):  # type: ignore[no-untyped-def]
        focused.append(focus)
        return real(size, hidden, marks, focus)

    monkeypatch.setattr(scene.view, "render_static", recording)
    driver.key(pygame.K_RIGHT)
    driver.frames(1)
    assert scene.keys.visible and focused[-1] is not None
    driver.key_twice(pygame.K_d)
    assert scene.demo
    scene._invalidate()
    driver.frames(1)
    assert focused[-1] is None


def test_a_click_on_the_bare_felt_takes_the_focus_ring_away(app, driver):
    # the ring stayed drawn on its card until something else drew the table again
    from game.ui import theme

    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key(pygame.K_TAB)
    driver.frames(2)
    ring = scene.view.top_rect(scene.keys.focus).inflate(16, 16)

    def ringed() -> bool:
        area = app.surface.subsurface(ring)
        return any(
            tuple(area.get_at((x, y)))[:3] == tuple(theme.FOCUS)
            for x in range(area.get_width())
            for y in range(area.get_height())
        )

    assert ringed()
    felt = (scene.view.area.right - 5, scene.view.area.centery)
    driver.click(felt)
    driver.frames(2)
    assert not ringed()


def test_touching_the_table_stops_the_demo(app, driver):
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    driver.key_twice(pygame.K_d)
    assert scene.demo
    assert scene.status == (
        "Demo: the solver plays. Click or tap the table, or press any key, to take"
        " over; + and − set its speed."
    )
    driver.click(centre(scene, "p7.1"))
    assert not scene.demo


def test_any_key_but_its_speed_takes_over_from_the_demo_as_its_words_say(app, driver):
    # the words named D alone, where a keyboard player may press any key
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key_twice(pygame.K_d)
    driver.key(pygame.K_PLUS)
    assert scene.demo  # + sets its speed
    driver.key(pygame.K_TAB)
    assert not scene.demo
    # Esc takes over and stays at the table: it went straight on to the menu
    driver.key(pygame.K_d)  # (help had, the demo is asked once)
    assert scene.demo
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    assert not scene.demo and app.scene is scene
    driver.key(pygame.K_ESCAPE)  # and Esc, the demo stopped, goes back as ever
    driver.settle(1.0)
    assert app.scene is not scene


def test_winnable_deals_only_finds_a_deal_the_solver_proved(app, driver):
    from game.scenes.deal_finder import DealFinderScene, start_random_deal
    from game.solver import solve

    app.settings.winnable_only = True
    start_random_deal(app, Game("pyramid36", deal=0).ruleset, {"passes": 1})
    driver.frames(20)
    end = time.monotonic() + 30
    while not isinstance(app.scene, TableScene) and time.monotonic() < end:
        assert isinstance(app.scene, DealFinderScene) or app.scene is None
        driver.frames(5)
        time.sleep(0.01)
    assert isinstance(app.scene, TableScene)
    deal = app.scene.game.deal_number
    assert solve(Game("pyramid36", deal=deal)).outcome == "won"


def test_a_fortune_is_dealt_at_random_even_with_winnable_deals_only(app, driver):
    # drawn among proven wins (strict rules: 9 deals in 10 cannot come out), the wish's
    # answer was half given before a card was laid
    from game.scenes.deal_finder import start_random_deal

    app.settings.winnable_only = True
    strict = {"passes": 1, "to_piles": "none"}
    game = start_random_deal(app, Game("sbudetsya", deal=0).ruleset, strict)
    driver.frames(2)
    assert game is not None and isinstance(app.scene, TableScene) and app.scene.game is game
    assert app.scene.wish_pending


class SilentSolver:
    """A solver worker that never answers: hung (`running`) or dead."""

    def __init__(self, running):
        self.running = running
        self.asked = []

    def submit(self, kind, **payload):
        self.asked.append(payload)
        return len(self.asked)

    def poll(self):
        return []

    def close(self):
        pass


@pytest.mark.parametrize("running, wait", [(False, 0.5), (True, 46.0)])
def test_the_deal_finder_gives_a_random_deal_when_the_solver_dies_or_hangs(
    app, driver, running, wait
):
    from game.scenes.deal_finder import DealFinderScene, start_random_deal

    app.solver.close()
    app.solver = SilentSolver(running)
    app.settings.winnable_only = True
    start_random_deal(app, Game("pyramid36", deal=0).ruleset, {"passes": 1})
    driver.settle(1.0 if running else 0.2)
    if running:
        assert isinstance(app.scene, DealFinderScene)
    driver.settle(wait)
    assert isinstance(app.scene, TableScene)
    assert app.scene.status == "No winnable deal was found quickly: here is a random one."
    if running:
        assert {"tries": 0}.items() <= app.solver.asked[1].items()  # its search called off


def test_a_hint_asked_for_and_then_moved_away_from_is_not_given(app, driver):
    game = Game("egyptian", deal=1)  # the solver takes its whole 10 s here
    scene = open_table(app, driver, game)
    scene.analysis.results.clear()
    driver.key_twice(pygame.K_h)
    assert scene.hint_pending and scene.status == "Looking for a hint…"
    driver.key(pygame.K_SPACE)  # the player turns the stock instead of waiting
    assert len(game.moves) == 1
    driver.frames(90)  # past the second a hint waits for the solver
    assert scene.hint is None and scene.hints_used == 0 and not scene.assisted
    assert scene.status != "Looking for a hint…"


def test_h_pressed_again_while_a_hint_is_on_its_way_does_not_ask_again(app, driver):
    # a press asked the help question anew over "Looking for a hint…"
    game = Game("egyptian", deal=1)  # the solver takes its whole 10 s here
    scene = open_table(app, driver, game)
    scene.analysis.results.clear()
    driver.key_twice(pygame.K_h)
    assert scene.hint_pending
    driver.frames(36)  # 0.6 s
    driver.key(pygame.K_h)
    assert scene.status == "Looking for a hint…"  # not asked again
    driver.frames(36)  # 1.2 s from the first: a likely move is shown
    assert not scene.hint_pending and scene.hint is not None


def no_moves_left() -> Game:
    """A game over with cards left: the deck's bottom row is four Twos and three Threes
    and its last stock card a Three; with the stock turned through, no pair and no
    King is free."""
    ends = ["2S", "2H", "2D", "2C", "3S", "3H", "3D"]
    rest = [c for c in Game("pyramid52", deal=0).deck if c not in (*ends, "3C")]
    game = Game("pyramid52", deck=rest[:21] + ends + rest[21:] + ["3C"])
    for _ in range(24):
        game.play("st>w")
    assert game.over and not game.won
    return game


def test_leaving_a_game_that_is_over_shows_its_result_first(app, driver):
    from game.scenes.initials import InitialsScene
    from game.scenes.results import ResultsScene

    open_table(app, driver, no_moves_left())
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    assert isinstance(app.scene, ResultsScene | InitialsScene)


def test_the_demo_does_not_start_on_a_game_that_is_over(app, driver):
    game = no_moves_left()
    scene = open_table(app, driver, game)
    assert "No moves left." in scene.banner.text
    assert not scene.buttons["demo"].enabled  # it looked ready and did nothing
    driver.key(pygame.K_d)
    driver.click(scene.buttons["demo"].rect.center)
    assert not scene.demo and not scene.assisted


def test_hint_and_demo_on_a_proven_loss_where_no_move_lowers_the_points_say_so(app, driver):
    # the hint showed a move (any move keeps the points), the Demo then said it had
    # none to show, and its first press marked the game helped for nothing
    game = Game("egyptian", deal=1)
    scene = open_table(app, driver, game)
    where = scene.analysis.position()
    scene.analysis.results[where] = Answer("lost", (), best_remaining_points=42)
    said = "No win is possible now, and no move lowers the points left: 42 points is the best."
    driver.key(pygame.K_h)  # nothing is asked: it costs nothing
    assert scene.status == said
    assert scene.hint is None and scene.hints_used == 0
    driver.key(pygame.K_d)
    assert scene.status == said and not scene.demo
    assert not scene.assisted and game.moves == []


def test_at_the_end_of_a_best_line_found_not_proven_the_hint_claims_nothing(app, driver):
    # the search for the best score ran out of time: the end of its line proves no best
    game = Game("egyptian", deal=1)
    scene = open_table(app, driver, game)
    where = scene.analysis.position()
    known = Answer("lost", (), best_remaining_points=42, best_exact=False)
    scene.analysis.results[where] = known
    driver.key_twice(pygame.K_h)
    assert "This deal cannot be won; best found: 42 points left." in scene.status
    assert scene.hint in game.legal_moves and scene.hints_used == 1


@pytest.mark.parametrize("exact", [True, False])
def test_a_lost_deal_s_hint_says_the_deal_cannot_be_won_until_a_move_is_made(app, driver, exact):
    # at the deal "No win is possible now" read as if a move had spoilt it
    game = Game("pyramid52", deal=3)
    scene = open_table(app, driver, game)

    def lost_here():
        line = [str(next(iter(game.legal_moves)))]
        known = Answer("lost", tuple(line), best_remaining_points=65, best_exact=exact)
        scene.analysis.results[scene.analysis.position()] = known

    lost_here()
    best = "best possible" if exact else "best found"
    driver.key_twice(pygame.K_h)
    assert f"This deal cannot be won; {best}: 65 points left." in scene.status
    game.play(scene.hint)
    lost_here()
    driver.key(pygame.K_h)
    assert f"No win is possible now; {best}: 65 points left." in scene.status


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Hint: put 5♣ from the stock on the reserve."),
        ("ru", "Подсказка: переложить 5♣ из колоды в резерв."),
    ],
)
def test_a_pyramid_s_hint_to_the_reserve_names_the_stock_s_card(app, driver, language, said):
    # "turn the stock" was said of a card lying face up, which the move puts on the reserve
    from game import i18n
    from game.rules.moves import STOCK_TURN

    game = Game("pyramid52", deal=3)
    scene = open_table(app, driver, game)
    card = i18n.card_name(game.pile("st")[-1])
    scene.analysis.results[scene.analysis.position()] = Answer(
        "won", (str(STOCK_TURN),), best_remaining_points=0
    )
    try:
        i18n.set_language(language)
        driver.key_twice(pygame.K_h)
        assert said.replace("5♣", i18n.card_name(game.pile("st")[-1])) in scene.status, card
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("language", "draw", "said"),
    [
        ("en", 3, "Hint: turn 3 cards from the stock."),
        ("ru", 3, "Подсказка: открыть 3 карты из колоды."),
        ("ru", 1, "Подсказка: открыть карту из колоды."),
    ],
)
def test_a_hint_to_turn_three_cards_says_three(app, driver, language, draw, said):
    # "открыть карту из колоды" was said of a turn that took the stock from 95 to 92
    from game import i18n
    from game.rules.moves import STOCK_TURN

    game = Game("egyptian", deal=3, options={"draw": draw})
    scene = open_table(app, driver, game)
    scene.analysis.results[scene.analysis.position()] = Answer(
        "won", (str(STOCK_TURN),), best_remaining_points=0
    )
    try:
        i18n.set_language(language)
        driver.key_twice(pygame.K_h)
        assert said in scene.status
    finally:
        i18n.set_language("en")


def test_a_hint_on_an_unsettled_position_follows_the_best_line_found(app, driver):
    # the Demo played the solver's best line where the hint gave a one-move guess
    game = Game("egyptian", deal=1)
    scene = open_table(app, driver, game)
    where = scene.analysis.position()
    line = ["st>w", "t8>f1"]  # not the likely move: that sends the 7♠ home first
    assert str(hints.suggest(game)) != line[0]
    known = Answer("unknown", tuple(line), best_remaining_points=230)
    scene.analysis.results[where] = known
    driver.key_twice(pygame.K_h)
    assert str(scene.hint) == "st>w" and scene.hints_used == 1
    assert "the best line it found leaves 230 points" in scene.status
    # with no line (the position is the best it saw), the likely move
    scene.analysis.results[where] = replace(known, line=())
    driver.key(pygame.K_h)
    assert scene.hint == hints.suggest(game) and "a likely move" in scene.status


def test_an_assisted_game_is_marked_in_the_top_bar(app, driver):
    # once the message had gone, nothing on the table said the game had no table
    game = Game("egyptian", deal=1)
    scene = open_table(app, driver, game)
    assert scene._current_figures().mark == ""
    where = scene.analysis.position()
    line = [str(next(iter(game.legal_moves)))]
    scene.analysis.results[where] = Answer("lost", tuple(line), best_remaining_points=42)
    driver.key_twice(pygame.K_h)
    driver.frames(2)
    assert scene._current_figures().mark == "assisted" and scene.facts.assisted_by == "hint"


@pytest.mark.parametrize("assisted", [True, False])
def test_a_long_name_gives_way_before_the_moves_in_the_top_bar(app, driver, assisted):
    # in Russian at 800x600, «Египетская пирамида, старинные правила» left the moves out
    # of the bar: with "assisted" beside it, and without, where the deal stayed instead
    from game import i18n

    app.settings.language = "ru"
    app.apply_settings()
    try:
        scene = open_table(app, driver, Game("egyptian-old", deal=3))
        if assisted:
            scene.facts.mark_assisted("hint")
        driver.resize((800, 600))
        driver.frames(2)
        hud = scene.hud
        assert "Ходов: 0" in hud.stats_shown, hud.stats_shown
        assert hud.stats_drawn.left >= hud.names_right
        assert scene._current_figures().short_title == "Египетская (стар.)"
    finally:
        i18n.set_language("en")


def test_an_undecided_deal_left_on_the_table_is_searched_on(app, driver, monkeypatch):
    """The real worker, with short limits: Egyptian deal 28 is undecided at both (deal 1,
    won by the longer search's fresh dives in about a second, now and then was not)."""
    from game.scenes import table_analysis

    monkeypatch.setattr(table_analysis, "ANALYSE_SECONDS", 0.2)
    monkeypatch.setattr(table_analysis, "LONGER_SECONDS", 0.4)
    scene = open_table(app, driver, Game("egyptian", deal=UNDECIDED_EGYPTIAN))
    wait_for_analysis(scene, driver)
    assert scene.analysis.known().limit.startswith("time limit 0.2")
    assert scene._current_figures().verdict == "Still checking…"
    end = time.monotonic() + 20
    while scene.analysis.waiting and time.monotonic() < end:
        driver.frames(1)
        time.sleep(0.01)
    assert scene.analysis.known().limit.startswith("time limit 0.4")
    assert scene._current_figures().verdict == "Undecided"


def test_giving_up_stops_the_search_still_working(app, driver, monkeypatch):
    from game.scenes import table_analysis

    monkeypatch.setattr(table_analysis, "ANALYSE_SECONDS", 0.2)
    scene = open_table(app, driver, Game("egyptian", deal=UNDECIDED_EGYPTIAN))
    wait_for_analysis(scene, driver)
    assert scene.analysis.waiting  # the minute more, just begun
    scene._resign()
    end, replies = time.monotonic() + 10, []
    while not replies and time.monotonic() < end:
        replies = app.solver.poll()
        time.sleep(0.02)
    assert replies and replies[0]["limit"] == "cancelled"


def test_the_solver_killed_while_checking_is_started_again(app, driver):
    scene = open_table(app, driver, Game("egyptian", deal=1))  # 10 s of checking
    assert scene.analysis.verdict() == "Checking…"
    process = scene.analysis.worker._process
    process.kill()
    process.join(5)
    driver.frames(2)
    assert scene.analysis.worker.running and scene.analysis.worker._process is not process
    assert scene.analysis.verdict() == "Checking…"


def _after_the_losing_move(app, driver):
    """Pyramid 52 deal 8, known winnable, after p7.1+p7.7, which the solver answers lost."""
    return _after_a_move(app, driver, 8, "won", "p7.1+p7.7")


def _after_a_move(app, driver, deal: int, dealt: str, move: str):
    """Pyramid 52's `deal`, which the solver answers `dealt` (won or lost), after `move`
    and the solver's answer to it."""
    game = Game("pyramid52", deal=deal)
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    assert scene.analysis.known().outcome == dealt
    click_move(driver, scene, move)
    wait_for_analysis(scene, driver)
    return scene, game


def test_a_player_who_hides_the_verdict_is_told_nothing_and_undoes_freely(app, driver):
    # a purist: "No win possible" at the deal, each losing move named, and its Undo
    # costing the table, with no way to play it out from the cards alone
    from game.scenes.table_analysis import verdict_words

    app.settings.show_verdict = False
    scene, game = _after_the_losing_move(app, driver)
    assert scene.analysis.known().outcome == "lost"
    assert "no way to win" not in scene.status
    driver.frames(2)
    assert not any(scene.hud.stats_shown.endswith(word) for word in verdict_words() if word)
    driver.key(pygame.K_u)
    assert game.moves == [] and scene.banner is None and not scene.assisted
    # helped (a hint), the game is assisted, and the verdict said from then on
    click_move(driver, scene, "p7.1+p7.7")
    wait_for_analysis(scene, driver)
    driver.key(pygame.K_h)  # asked first
    assert not scene.assisted
    driver.settle(1.1)  # a quick double press counts as one
    driver.key(pygame.K_h)
    assert scene.assisted and "No win is possible now" in scene.status
    scene._analysis_arrived()
    assert scene.status.startswith("There is no way to win from here")


def test_a_verdict_peeked_at_mid_game_is_kept_for_the_next_game_of_the_deal(app, driver):
    # Hidden, the losing move, then Shown and Continue: "No win possible" read, the game
    # given up, and Same deal again played knowing it, unmarked
    app.settings.show_verdict = False
    _after_the_losing_move(app, driver)
    app.settings.show_verdict = True
    resumed, facts = app.records.resume(app.records.unfinished())
    app.records.hold(facts.record_id)
    again = TableScene(app, resumed, facts=facts)
    app.switch(again, fade=False)
    driver.settle(1.0)
    wait_for_analysis(again, driver)
    driver.frames(2)
    assert again.facts.flip is not None
    assert help_for_the_next_game(app, resumed, again.facts) == "told-before"


def test_a_verdict_peeked_at_and_left_while_checking_is_kept_after_continue(app, driver):
    # the peek lived on the table alone: left while "Checking…", the game said "No win
    # possible" mid-game after Continue, and kept no turn for the deal's next game
    app.settings.show_verdict = False
    game = Game("pyramid52", deal=8)  # can be won; p7.1+p7.7 loses it
    scene = open_table(app, driver, game)
    scene.analysis.worker = ScriptedWorker()  # no answer comes for the move
    scene.analysis.results[()] = Answer("won", ("p7.2+p7.5",))
    click_move(driver, scene, "p7.1+p7.7")
    app.settings.show_verdict = True  # Settings: Shown, back at the table
    driver.frames(2)
    assert scene.facts.verdict_peeked
    driver.key(pygame.K_ESCAPE)
    driver.settle(1.0)
    again = continued(app, driver)
    wait_for_analysis(again, driver)  # the real solver: lost
    driver.frames(2)
    assert again.analysis.known().lost and not again.facts.verdict_peeked
    assert help_for_the_next_game(app, again.game, again.facts) == "told-before"


def test_a_verdict_peeked_at_and_seen_winnable_counts_later_turns_as_made(app, driver):
    app.settings.show_verdict = False
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    scene.analysis.worker = ScriptedWorker()
    scene.analysis.results[()] = Answer("won", tuple(DEAL_8_WIN))
    click_move(driver, scene, DEAL_8_WIN[0])  # on the deal's winning line: winnable
    app.settings.show_verdict = True
    driver.frames(2)
    assert scene.facts.verdict_shown
    assert not scene.facts.verdict_peeked  # from here a turn is one made, as any game's
    assert "verdict_peeked" not in to_saved_replay(scene.game, scene.facts)["meta"]


def test_a_hidden_verdict_is_said_only_once_this_game_asks_the_solver(app, driver):
    # a day's game's Undo of a stock turn made it assisted, and the top bar then said
    # "No win possible": no help of the solver's, and nothing it had said. A replay of
    # the deal watched before showed it too, to a player who had chosen not to be told
    app.settings.show_verdict = False
    scene = open_table(app, driver, Game("pyramid52", deal=1))
    scene.facts.mark_assisted(BY_SEEN_STOCK)
    assert scene.verdict_kept()
    scene.facts.mark_assisted(BY_WATCHED_BEFORE)
    assert scene.facts.assisted_by == BY_WATCHED_BEFORE and scene.verdict_kept()
    scene._solver_asked("demo")
    assert not scene.verdict_kept() and scene.facts.verdict_shown


def test_a_replay_watched_hidden_leaves_the_next_game_s_verdict_hidden(app, driver):
    from game.scenes.table_analysis import verdict_words

    app.settings.show_verdict = False
    app.records.note_watched(Game("pyramid52", deal=8))
    scene, _game = _after_the_losing_move(app, driver)
    assert scene.facts.assisted_by == BY_WATCHED_BEFORE
    driver.frames(2)
    assert not any(scene.hud.stats_shown.endswith(word) for word in verdict_words() if word)
    assert "no way to win" not in scene.status


@pytest.mark.parametrize("peeked", [False, True])
def test_a_verdict_seen_in_a_game_a_seen_stock_card_marked_is_kept_for_the_deal(
    app, driver, peeked
):
    # a day's game marked for a stock card put back: its Undo free, the verdict shown (or
    # peeked at through Settings) was a bench to try moves on, and nothing of it was kept:
    # the day's number played as a free game took place 1 in the table, unmarked
    app.settings.show_verdict = not peeked
    game = Game("pyramid52", deal=8)
    scene = open_table_with(app, driver, game, GameFacts(mode=DAILY))
    scene.facts.mark_assisted(BY_SEEN_STOCK)
    wait_for_analysis(scene, driver)
    click_move(driver, scene, "p7.1+p7.7")
    wait_for_analysis(scene, driver)
    if peeked:
        app.settings.show_verdict = True
        driver.frames(2)
        scene._analysis_arrived()
    assert scene.facts.flip is not None
    assert help_for_the_next_game(app, game, scene.facts) == "told-before"


def test_a_verdict_hidden_is_no_help_to_the_next_game_of_the_deal(app, driver):
    # the move after which the deal could no longer be won was kept all the same: dealt
    # again, the game was assisted "by the solver's verdict seen in another game"
    app.settings.show_verdict = False
    scene, game = _after_the_losing_move(app, driver)
    assert scene.facts.flip is None and not scene.facts.verdict_shown
    assert help_for_the_next_game(app, game, scene.facts) is None


def test_a_verdict_once_shown_stays_seen_when_it_is_hidden_again(app, driver):
    # Said, read, Hidden again: the Undo past the losing move was free, move by move
    scene, game = _after_the_losing_move(app, driver)
    assert scene.facts.verdict_shown
    app.settings.show_verdict = False
    driver.frames(2)
    driver.key(pygame.K_u)
    assert len(game.moves) == 1 and scene.banner is not None  # asked, as before
    _resumed, facts = app.records.resume(app.records.unfinished())
    assert facts.verdict_shown  # kept with the game, for Continue


@pytest.mark.parametrize("deal", [0, 1])
def test_finish_pressed_says_the_same_of_every_deal_where_the_verdict_is_hidden(app, driver, deal):
    # where every card could go home it said "the wish's answer comes with them", where
    # not, the usual words: one key press told a game already won
    app.settings.show_verdict = False
    scene = open_table(app, driver, Game("nechego", deal=deal))
    driver.settle(0.5)
    driver.key(pygame.K_f)
    assert scene.status == "Finish waits for the stock's last cards to be seen."


def test_the_first_hint_asks_where_the_verdict_is_hidden_even_at_the_best(app, driver):
    # "No win is possible now" said at the first press, unasked and for nothing
    app.settings.show_verdict = False
    scene, _game = lost_at_40_told(app, driver)
    scene._analysis_arrived()
    assert "No win" not in scene.status
    driver.key(pygame.K_h)
    assert "No win" not in scene.status and not scene.assisted  # asked first
    driver.key_twice(pygame.K_h)
    assert scene.status.startswith("No win is possible now") and scene.assisted


def test_a_move_taken_back_once_the_solver_calls_it_lost_makes_the_game_assisted(app, driver):
    # trying moves and taking back those after which the top bar says "No win possible"
    # found the winning line by the solver, and the game still entered the tables
    scene, game = _after_the_losing_move(app, driver)
    assert scene.analysis.known().outcome == "lost" and not scene.assisted
    assert scene.status.startswith("There is no way to win from here")
    driver.key(pygame.K_u)  # first a banner says what it would mean
    assert len(game.moves) == 1 and not scene.assisted
    assert scene.banner.text.startswith("The solver has said that no win is possible after")
    # and the notice of the loss goes: pushed beside the banner, it stood on the cards
    assert scene.status == ""
    driver.key(pygame.K_u)  # a quick second press is the same press
    assert len(game.moves) == 1
    driver.click(scene.banner.buttons[1].rect.center)  # Play on
    assert scene.banner is None and len(game.moves) == 1 and not scene.assisted
    driver.key(pygame.K_u)
    driver.frames(70)  # the banner has been up a second: Undo again takes the move back
    driver.key(pygame.K_u)
    assert game.moves == [] and scene.assisted
    assert "this game is assisted" in scene.status


def test_restart_at_a_lost_game_s_end_offers_to_keep_its_result(app, driver):
    # "…or play on" stood over a game with no moves left: a threat to its result
    scene, game = _after_the_losing_move(app, driver)
    while not game.over:
        scene._play(next(iter(game.legal_moves)))
        driver.settle(0.3)
    assert game.outcome == "no_moves"
    end = scene.banner.text
    driver.click(scene.buttons["restart"].rect.center)
    # and says why, as in play (at the end it said only what it cost)
    assert scene.banner.text == (
        "The solver has said that no win is possible from here: start the deal over, this"
        " result dropped, and the game is marked assisted (no high score), or keep this result."
        " “Restart” again: start over."
    )
    keep = scene.banner.buttons[1]
    assert keep.label == "Keep the result"
    driver.click(keep.rect.center)
    assert scene.banner.text == end and game.over and not scene.assisted


def test_the_take_back_banner_goes_with_its_position(app, driver):
    scene, game = _after_the_losing_move(app, driver)
    driver.click(scene.buttons["undo"].rect.center)
    assert scene.banner is not None
    click_move(driver, scene, "st>w")  # played on: the question is gone
    assert scene.banner is None and scene.takeback_warned_at is None
    driver.frames(70)
    driver.key(pygame.K_u)  # the stock turn goes back freely
    driver.key(pygame.K_u)  # and this one asks again
    assert len(game.moves) == 1 and scene.banner is not None and not scene.assisted
    driver.click(scene.banner.buttons[0].rect.center)  # Take back
    assert game.moves == [] and scene.assisted
    assert "after the solver said no win was possible" in scene.status


def test_a_move_taken_back_to_a_position_not_yet_answered_asks_too(app, driver):
    # played faster than the answers came, the positions before "No win possible" had
    # none: the undo went unasked, and "Can be won" came a moment later
    scene, game = _after_the_losing_move(app, driver)
    del scene.analysis.results[()]  # the deal's answer had not come yet
    assert scene.analysis.known(()) is None
    driver.key(pygame.K_u)
    assert len(game.moves) == 1
    assert scene.banner.text.startswith("The solver has said that no win is possible after")
    driver.click(scene.banner.buttons[0].rect.center)  # Take back
    assert game.moves == [] and scene.assisted


def test_no_take_back_question_below_a_position_known_lost(app, driver):
    # lost at the deal, an unanswered move, then a lost one: going back finds nothing
    # the top bar had not said, and the question marked such games assisted
    game = Game("pyramid52", deal=1)
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    assert scene.analysis.known().outcome == "lost"
    game.play("st>w")
    game.play("st>w")
    where = scene.analysis.position()
    scene.analysis.results[where] = Answer("lost", (), best_remaining_points=9)
    scene._after_change()
    driver.key(pygame.K_u)
    assert len(game.moves) == 1 and scene.banner is None and not scene.assisted


def lost_at_40_told(app, driver):
    """A table of Pyramid 52 deal 1 whose scripted solver has just said, at the deal, that
    it cannot be won, 40 points at best (its _analysis_arrived not yet called)."""
    from game.scenes.table_analysis import Answer
    from tests.scenes.test_table_analysis import ScriptedWorker

    game = Game("pyramid52", deal=1)
    scene = open_table(app, driver, game)
    scene.analysis.worker = ScriptedWorker()
    scene.analysis.results[()] = Answer("lost", (), best_remaining_points=40)
    return scene, game


def test_taking_back_a_move_said_to_make_the_best_worse_asks_first(app, driver):
    # on a lost deal, play, read "best now 266", take back, try another: the solver's
    # best line found move by move, and the game took place 1 unassisted
    scene, game = lost_at_40_told(app, driver)
    scene._analysis_arrived()  # the loss said at the deal: no move to take back
    game.play("st>w")
    scene.analysis.results[scene.analysis.position()] = Answer("lost", (), best_remaining_points=40)
    scene._after_change()
    scene._analysis_arrived()  # as good as before: nothing said
    assert scene.worse_said_at is None
    game.play("st>w")
    scene.analysis.results[scene.analysis.position()] = Answer("lost", (), best_remaining_points=60)
    scene._after_change()
    scene._analysis_arrived()
    assert "60 points" in scene.status and scene.worse_said_at == 2
    driver.key(pygame.K_u)
    assert len(game.moves) == 2 and scene.banner is not None  # asked, not taken back
    # and says why: "No win is possible from here" of a deal lost from its start did not
    assert scene.banner.text.startswith(
        "The solver has said that this move made the best possible result worse:"
    )
    driver.click(scene.banner.buttons[0].rect.center)  # Take back
    assert len(game.moves) == 1 and scene.assisted
    assert scene.facts.assisted_by == "taken-back"
    # said as asked: it read "after the solver said the patience cannot come out"
    assert "after the solver said it made the best result worse" in scene.status


def test_the_best_reached_said_is_no_worse_best_and_its_undo_is_free(app, driver):
    # "No move can lower the points now: 40 is the best" said nothing worse, yet the
    # Undo after it asked and marked the game assisted
    game = Game("pyramid52", deal=1)
    scene = open_table(app, driver, game)
    scene.analysis.worker = ScriptedWorker()
    move = str(next(iter(game.legal_moves)))
    scene.analysis.results[()] = Answer("lost", (move,), best_remaining_points=40)
    scene._analysis_arrived()
    game.play(move)
    scene.analysis.results[scene.analysis.position()] = Answer("lost", (), best_remaining_points=40)
    scene._after_change()
    scene._analysis_arrived()
    assert scene.banner is not None and scene.worse_said_at is None  # the best reached
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_u)
    assert game.moves == [] and not scene.assisted


def test_the_verdict_s_turn_is_kept_with_the_game_for_continue(app, driver):
    # after Continue the solver's earlier answers were gone, and a move taken back past
    # "No win possible" went unasked: the turn is saved with the game
    scene, game = _after_the_losing_move(app, driver)
    assert scene.facts.flip is not None and scene.facts.flip.won_at == 0
    resumed, facts = app.records.resume(app.records.unfinished())
    assert facts.flip == scene.facts.flip and resumed.moves == game.moves
    scene = open_table_with(app, driver, resumed, facts)
    assert scene.analysis.known() is None or not scene.analysis.known().won
    driver.key(pygame.K_u)
    assert len(resumed.moves) == 1 and scene.banner is not None
    driver.click(scene.banner.buttons[0].rect.center)  # Take back
    assert resumed.moves == [] and scene.assisted
    assert scene.facts.assisted_by == "taken-back"


def test_the_same_deal_dealt_again_after_its_verdict_turned_is_assisted(app, driver):
    # give up once "No win possible" came after a move, deal the same deal again, and
    # avoid that move: the won game took the free table's first place, unassisted (a
    # Restart past the turn asks, and costs the place); step by step, the solver's line
    from game.scenes.initials import InitialsScene
    from game.scenes.results import ResultsScene

    scene, _game = _after_the_losing_move(app, driver)
    assert scene.facts.flip is not None and not scene.assisted
    driver.key_twice(pygame.K_g)
    driver.settle(1.0)
    if isinstance(app.scene, InitialsScene):
        driver.key(pygame.K_RETURN)
        driver.settle(1.0)
    results = app.scene
    assert isinstance(results, ResultsScene)
    results.same_deal()
    driver.settle(1.0)
    again = app.scene
    assert isinstance(again, TableScene) and again.game.deal_number == 8 and not again.game.moves
    assert again.assisted and again.facts.assisted_by == "told-before"
    assert again.status == (
        "In another game of this deal, the solver said which move lost the win, or the"
        " best result: this game is assisted."
    )


def test_a_deal_lost_from_the_start_may_be_dealt_again_unassisted(app, driver):
    # the verdict never turned: nothing was learnt that the cards did not show
    scene, _game = _after_a_move(app, driver, 1, "lost", "st>w")
    assert scene.facts.flip is None
    driver.key_twice(pygame.K_g)
    driver.settle(1.0)
    again = open_table(app, driver, Game("pyramid52", deal=1))
    assert not again.assisted


def test_a_kept_turn_holds_only_on_its_own_line(app, driver):
    scene, _game = _after_the_losing_move(app, driver)
    flip = scene.facts.flip
    assert flip.applies(["p7.1+p7.7"]) and flip.applies(["p7.1+p7.7", "st>w"])
    assert not flip.applies(["st>w"]) and not flip.applies([])


def test_restart_past_the_solver_s_verdict_asks_as_undo_does(app, driver):
    # Restart took every move back unasked, and Redo then led anywhere along the line:
    # the verdict's use by a way round, with the game still entering the tables
    scene, game = _after_the_losing_move(app, driver)
    driver.key(pygame.K_F5)
    assert len(game.moves) == 1 and not scene.assisted
    assert scene.banner.text.startswith(
        "The solver has said that no win is possible from here: start the deal over"
    )
    driver.key(pygame.K_u)  # another press's question: Undo asks its own
    assert len(game.moves) == 1 and "after this move: take it back" in scene.banner.text
    driver.key(pygame.K_F5)
    driver.frames(70)
    driver.key(pygame.K_F5)  # the banner up a second: Restart again starts over
    driver.settle(2.0)
    assert game.moves == [] and scene.assisted
    assert scene.facts.assisted_by == "taken-back"


def test_restart_starts_over_unasked_while_the_deal_stays_winnable(app, driver):
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    click_move(driver, scene, "st>w")
    wait_for_analysis(scene, driver)
    assert scene.analysis.known().outcome == "won"
    driver.key(pygame.K_F5)
    driver.settle(2.0)
    assert game.moves == [] and not scene.assisted and scene.banner is None


def test_taking_back_a_move_in_a_deal_lost_from_the_start_is_no_help(app, driver):
    game = Game("pyramid52", deal=1)  # no win from the deal on
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    assert scene.analysis.known().outcome == "lost"
    click_move(driver, scene, "st>w")
    wait_for_analysis(scene, driver)
    driver.key(pygame.K_u)
    assert game.moves == [] and not scene.assisted


def test_a_fortune_keeps_the_solver_s_verdict_for_the_end_of_its_play(app, driver):
    # "No win possible" in the top bar answered the wish before a card was played
    game = Game("sbudetsya", {"to_piles": "none"}, deal=1)
    scene = open_table(app, driver, game)
    assert scene.wish_pending
    scene._wish_made()
    wait_for_analysis(scene, driver)
    driver.frames(2)
    assert scene.analysis.known().outcome == "lost"  # known, and not said
    assert scene._current_figures().verdict == "" and scene.status == ""
    driver.key_twice(pygame.K_h)  # help voids the fortune: the verdict is said
    driver.frames(2)
    assert scene._current_figures().verdict == "No win possible"
    ordinary = open_table(app, driver, Game("nechego", {"to_piles": "none"}, deal=1))
    wait_for_analysis(ordinary, driver)
    driver.frames(2)
    assert ordinary._current_figures().verdict == "No win possible"


def test_new_deal_asks_before_it_leaves_a_game_in_play(app, driver):
    # the game left counts as played and not won: N ended a streak unasked
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key(pygame.K_n)  # no move made: nothing to lose, a new deal at once
    driver.settle(0.6)
    assert app.scene is not scene
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    click_move(driver, scene, DEAL_8_WIN[0])
    driver.key(pygame.K_n)
    driver.settle(0.6)
    assert app.scene is scene and "counts as a loss" in scene.status
    driver.key(pygame.K_n)
    driver.settle(0.6)
    assert app.scene is not scene
    # as it said: given up for good, and no place in a table for a game left so
    left = app.records.game(scene.facts.record_id)
    assert left.outcome == "resigned" and app.records.statistics("pyramid52").played == 1
    assert app.records.unfinished() is None and app.records.scores.tables() == []


def test_new_deal_after_no_moves_left_shows_the_result_first(app, driver):
    from game.scenes.initials import InitialsScene
    from game.scenes.results import ResultsScene

    game = Game("pyramid52", deal=0)
    scene = open_table(app, driver, game)
    while game.pile("st") or not game.over:
        if not game.legal_moves or game.over:
            break
        game.play("st>w" if game.pile("st") else next(iter(game.legal_moves)))
    scene._after_change()
    assert game.over and not game.won
    driver.key(pygame.K_n)  # it dealt at once: the ended game's place was never offered
    driver.settle(1.0)
    assert isinstance(app.scene, InitialsScene | ResultsScene)  # its place, its result


def test_the_clock_runs_from_the_deal_and_after_a_restart(app, driver):
    # it waited for the first move: the open cards could be studied for free, and again
    # after a Restart, while time ranks the wins
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)  # the deal has flown
    start = scene.seconds
    driver.frames(120)
    assert scene.seconds >= start + 1.9
    click_move(driver, scene, DEAL_8_WIN[0])
    scene._restart()
    driver.settle(2.0)  # the deal flies again
    before = scene.seconds
    driver.frames(120)
    assert game.moves == [] and scene.seconds >= before + 1.9


def test_no_way_to_win_is_said_of_its_position_only(app, driver):
    scene, _game = _after_the_losing_move(app, driver)
    driver.frames(2)
    assert scene.status.startswith("There is no way to win from here")
    scene.game.undo()  # back where it can be won: the line stayed up for 5 s
    scene._after_change()
    assert scene.status == ""


def test_the_empty_waste_says_what_it_is_in_the_language_of_the_moment(app, driver):
    # in the old rules the empty waste lies among the piles, and looked like a gap
    from game import i18n

    # and a gap that only the waste fills: it looked like any gap, and refused every card
    gaps = {f"t{n}": "From the waste" for n in range(1, 9)}
    scene = open_table(app, driver, Game("egyptian-old", deal=5))
    assert scene.view.empty_names == {"w": "Waste", "st": "Stock", **gaps}
    i18n.set_language("ru")
    try:
        scene.enter()  # back from the settings, the language changed there
        gaps = dict.fromkeys(gaps, "Из талона")
        assert scene.view.empty_names == {"w": "Талон", "st": "Колода", **gaps}
    finally:
        i18n.set_language("en")
    egyptian = open_table(app, driver, Game("egyptian", deal=5))  # gaps take cards there
    assert egyptian.view.empty_names == {"w": "Waste", "st": "Stock"}
    pyramid = open_table(app, driver, Game("pyramid36", deal=5))
    assert pyramid.view.empty_names == {"w": "Reserve", "st": "Stock"}


@pytest.mark.parametrize(("options", "named"), [({"passes": 1}, True), ({"passes": 3}, False)])
def test_the_stock_run_out_is_named_unless_the_reserve_can_turn_over(
    app, driver, monkeypatch, options, named
):
    # a bare box beside the named reserve; where it turns over, its arrow says so
    game = Game("pyramid36", options, deal=5)
    while game.pile("st"):
        game.play("st>w")
    scene = open_table(app, driver, game)
    names: list[str] = []
    real = scene.view.art.named_slot

    def recording(name):  # type: ignore[no-untyped-def]
        names.append(name)
        return real(name)

    monkeypatch.setattr(scene.view.art, "named_slot", recording)
    scene._invalidate()
    driver.frames(1)
    assert ("Stock" in names) == named


def test_what_voids_a_wish_asks_first_and_says_so(app, driver):
    # the questions spoke of high-score tables only, and Restart voided the wish unasked
    game = Game("sbudetsya", deal=3)
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "st"))  # before the wish: nothing is dealt, and it shows
    assert not game.moves and scene.banner.buttons[0].focused
    scene._wish_made()
    driver.settle(1.0)
    driver.key(pygame.K_h)
    assert scene.status == (
        "Press H again for a hint: your wish then gets no verdict, and this game no"
        " place in the high-score tables."
    )
    assert scene.verdict_kept()  # the solver's verdict waits for the end of the play
    click_move(driver, scene, "st>w")
    driver.key(pygame.K_F5)
    assert game.moves and not scene.fortune_replayed
    assert "gives your wish no verdict" in scene.status
    driver.pause()
    driver.key(pygame.K_F5)
    assert not game.moves and scene.fortune_replayed
    assert scene.status == "Started over: the deal played again tells no fortune."
    assert not scene.verdict_kept()  # no wish to keep it for: the top bar says it
    driver.key(pygame.K_d)  # the verdict void, the table still at stake: asked all the same
    assert not scene.demo and "high-score tables" in scene.status


def test_every_restart_of_a_fortune_says_it_started_over(app, driver):
    # the second said "You have played this deal before", as of another day's game
    game = Game("sbudetsya", deal=3)
    scene = open_table(app, driver, game)
    scene._wish_made()
    driver.settle(1.0)
    for _restart in range(2):
        click_move(driver, scene, "st>w")
        driver.key(pygame.K_F5)
        if game.moves:  # the wish counted: asked first
            driver.pause()
            driver.key(pygame.K_F5)
        assert not game.moves
        assert scene.status == "Started over: the deal played again tells no fortune."


def test_a_save_failing_at_a_hint_is_said_once_the_hint_s_words_are_read(app, driver, monkeypatch):
    # the hint's words covered it at once, and the failures after it were never said
    import sqlite3

    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    driver.key(pygame.K_SPACE)

    def failing(*args):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(app.records.games, "save", failing)
    driver.key_twice(pygame.K_h)
    driver.settle(0.5)
    assert scene.status and not scene.status.startswith("A game could not be saved")
    driver.settle(12.0)
    assert scene.status.startswith("A game could not be saved (the disk is full)")


def test_giving_up_a_wish_that_counts_says_it_will_not_come_true(app, driver):
    # every other press that ends a wish said so; Give up, which answers it, did not
    from game.scenes.base import SECOND_PRESS_S

    game = Game("sbudetsya", deal=3)
    scene = open_table(app, driver, game)
    scene._wish_made()
    driver.settle(1.0)
    driver.key(pygame.K_g)
    assert scene.status == "Press G again to give up: your wish will not come true."
    driver.settle(SECOND_PRESS_S + 1)  # the question lapsed: the next press asks again
    driver.click(scene.buttons["resign"].rect.center)
    assert scene.status == (
        "Press “Give up” again: the patience will not come out, and your wish will not come true."
    )
    assert not game.over
    click_move(driver, scene, "st>w")
    driver.key(pygame.K_n)  # leaving it for another deal answers the wish too
    assert scene.status.endswith("counts as a loss, and your wish will not come true.")
    driver.key(pygame.K_F5)
    driver.pause()
    driver.key(pygame.K_F5)  # played again: the wish no longer counts, nor is it said
    assert scene.fortune_replayed
    driver.settle(SECOND_PRESS_S + 1)
    driver.key(pygame.K_g)
    assert scene.status == "Press G again to give up."


def a_fortune_with_a_card_turned(app, driver) -> TableScene:
    """Сбудется, deal 3, its wish made and a card turned from the stock."""
    scene = open_table(app, driver, Game("sbudetsya", deal=3))
    scene._wish_made()
    driver.settle(1.0)
    click_move(driver, scene, "st>w")
    return scene


def test_a_long_question_waits_for_its_reading_and_a_short_one_six_seconds(app, driver):
    # a five-line question went after 6 s, before it was read, and the press meant to
    # answer it asked again
    from game.scenes.base import SECOND_PRESS_S, question_s

    scene = a_fortune_with_a_card_turned(app, driver)
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    question = scene.status
    assert len(question.split()) == 20 and question_s(question) == pytest.approx(20 / 3 + 2)
    driver.settle(8.0)
    assert scene.status == question  # still in sight, still waiting
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.game.moves == []  # the second press answered it
    assert question_s("Press G again to give up.") == SECOND_PRESS_S


def test_undo_of_a_card_turned_from_the_stock_asks_before_it_voids_the_wish(app, driver):
    # every move taken back one by one, and the deal won with its stock seen: the verdict
    # stood, where Restart, which does the same at one press, asked first
    scene = a_fortune_with_a_card_turned(app, driver)
    game = scene.game
    driver.drag(centre(scene, "w"), centre(scene, "t4"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["st>w", "w>t4"]
    driver.key(pygame.K_u)  # a card back from a pile to the waste shows nothing new
    assert [str(m) for m in game.moves] == ["st>w"] and scene._wish_counts()
    driver.key(pygame.K_u)
    assert [str(m) for m in game.moves] == ["st>w"] and not scene.fortune_replayed
    assert scene.status == (
        "Press U again: it puts a card you have seen back on the stock, so your"
        " wish gets no verdict."
    )
    for _ in range(4):  # a quick hand's presses, 0.3 s apart: undoing fast is a habit
        driver.frames(18)
        driver.key(pygame.K_u)
        assert [str(m) for m in game.moves] == ["st>w"] and scene._wish_counts()
    assert scene._current_figures().mark == ""
    driver.frames(60)
    driver.key(pygame.K_u)  # the question read, a second later
    assert game.moves == [] and scene.fortune_replayed and not scene.verdict_kept()
    assert scene.facts.seen_by_undo  # the results' reason, not "the deal played before"
    # said for as long as the game is on the table, where its notice went in 5 s
    assert scene._current_figures().mark == "no fortune"
    driver.key(pygame.K_y)
    driver.key(pygame.K_u)  # no wish left to ask about
    assert game.moves == []
    row = app.records.game(scene.facts.record_id)
    assert row.fortune_replayed and row.replay["meta"]["seen_by_undo"]  # kept with the game


# Сбудется deal 1 played to its end, lost, its last move not from the stock
FORTUNE_1_LOST = (  # noqa: SIM905
    "st>w w>f2 st>w w>f1 st>w w>t8 st>w st>w st>w w>t1 st>w w>t2 st>w st>w st>w w>t8 w>t8 "
    "st>w st>w w>t1 st>w st>w st>w st>w st>w w>f2 st>w st>w w>f3 t7>f3 t7>f2 w>t7 t2>f2 "
    "t2>f2 t2>f1 t5>f1 t2>f1 t2>f2 w>t2 w>t2 w>f2 t2>f2 w>t2 w>t2 t8>f1 t8>f1 st>w w>f3 "
    "t4>f3 w>t4 w>t1 w>t2"
).split()


def test_a_fortune_s_end_stands(app, driver):
    # "No moves left", saved as "does not come true"; eleven Undos went by without a word,
    # the solver's line played from there, and the same wish came true in place 1. Asked
    # first instead, the Undo still left the answer "no verdict", the game in play
    game = Game("sbudetsya", deal=1)
    for text in FORTUNE_1_LOST[:-1]:
        game.play(parse_move(text))
    scene = open_table(app, driver, game)
    assert scene._wish_counts() and scene.buttons["undo"].enabled
    driver.drag(centre(scene, "w"), centre(scene, "t2"))
    driver.settle(1.0)
    assert game.over and not game.won
    assert not scene.buttons["undo"].enabled and not scene.buttons["restart"].enabled
    for key, mod in ((pygame.K_u, 0), (pygame.K_z, pygame.KMOD_CTRL), (pygame.K_F5, 0)):
        for _ in range(2):
            driver.key(key, mod)
            driver.pause()
    assert game.over and len(game.moves) == len(FORTUNE_1_LOST)
    assert scene.status == "This game's end stands: it cannot be taken back."
    assert app.records.game(scene.facts.record_id).wish == "does not come true"
    # a fortune that no longer counts is a patience like any other: its end reopens
    scene.fortune_replayed = True
    scene._update_buttons()
    assert scene.buttons["undo"].enabled


def test_undo_s_question_names_the_key_that_asked_or_the_button(app, driver):
    # after Ctrl+Z it said to press "Undo", as Restart's names F5 or its button
    from game.scenes.base import question_s

    scene = a_fortune_with_a_card_turned(app, driver)
    game = scene.game
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.status.startswith("Press Ctrl+Z again: it puts a card you have seen back")
    driver.settle(question_s(scene.status) + 1)
    driver.click(scene.buttons["undo"].rect.center)
    assert scene.status.startswith("Press “Undo” again: it puts a card you have seen back")
    assert [str(m) for m in game.moves] == ["st>w"] and scene._wish_counts()


def test_the_cards_are_hidden_while_the_window_is_away(app, driver):
    """The clock stops while the window is away; the cards go from sight with it, so
    that a game's time (which ranks it) is the time its cards were seen."""
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.frames(30)
    scene._say("Some words of the table's", 60.0)
    card = scene.view.top_rect("t1")
    shown = pygame.transform.average_color(app.surface, card)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.frames(5)
    hidden = pygame.transform.average_color(app.surface, card)
    assert scene.covered
    assert sum(shown[:3]) > 600 and sum(hidden[:3]) < 400  # a white card, then the felt
    assert scene.banner is None  # the cover is no question to answer
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.frames(5)
    assert not scene.covered
    assert scene.status == "Some words of the table's"  # the table's own words are kept
    assert pygame.transform.average_color(app.surface, card) == shown


def test_a_game_over_and_the_kiosk_keep_the_cards_in_sight(app, driver):
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    app.active = False
    assert scene._covered()
    app.kiosk = object()  # a kiosk's screen is its show: never covered
    assert not scene._covered()
    app.kiosk = None
    game.play("resign")
    assert not scene._covered()  # nothing left to time


def test_a_game_finish_can_play_out_is_not_said_to_have_every_card_ready(app, driver):
    # "Every card can go to a foundation now" with 24 cards still in the stock
    game = Game("nechego", {"piles": 10}, deal=0)
    scene = open_finishing(app, driver, game)
    driver.drag(centre(scene, "t4"), centre(scene, "f2"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["t4>f2"] and len(game.pile("st")) == 24
    assert scene.status == "The game can be played out from here: press “Finish”."


def test_the_finish_note_goes_when_finish_does(app, driver):
    # a stock turn greyed Finish out, and the note to press it stayed up for seconds
    game = Game("nechego", deal=0)
    scene = open_finishing(app, driver, game)
    assert scene.status == "The game can be played out from here: press “Finish”."
    driver.key(pygame.K_SPACE)
    assert game.finishing_moves() is None and not scene.buttons["finish"].enabled
    assert scene.status == ""


def test_tab_visits_the_stock_waste_and_piles_before_the_foundations(app, driver):
    # from the waste to the first pile took nine presses, through every foundation;
    # and it stopped on every place, where only t4, t5, t7 and t8 can move a card
    game = Game("egyptian", deal=3)
    scene = open_table(app, driver, game)
    visited = []
    for _ in range(5):
        driver.key(pygame.K_TAB)
        visited.append(scene.keys.focus)
    assert visited == ["st", "t4", "t5", "t7", "t8"]
    scene._play(parse_move("t8>f1"))  # a card home, then the stock turned till the
    while not any(m.a == "w" for m in game.legal_moves):  # waste's card can move
        scene._play(parse_move("st>w"))
    driver.settle(0.5)
    moving = {m.a for m in game.legal_moves if m.b and m.a != "st"}
    assert "w" in moving and "f1" not in moving
    places = [p for p in scene._focusable() if p not in scene.buttons]
    assert places[:2] == ["st", "w"] and set(places[2:]) == moving - {"w"}


def test_with_a_card_picked_up_the_keys_step_between_the_places_it_can_go(app, driver):
    # the nearest pile that way was often one that could not take it: Enter there
    # refused the move and dropped the card
    game = Game("egyptian", deal=3)
    scene = open_table(app, driver, game)
    for _ in range(5):
        driver.key(pygame.K_TAB)
    assert scene.keys.focus == "t8"
    driver.key(pygame.K_RETURN)
    assert scene.selected == "t8"
    visited = set()
    for _ in range(3):
        driver.key(pygame.K_TAB)
        visited.add(scene.keys.focus)
    assert visited == {"t7", "t8", "f1"}  # t8's card goes on t7 or home, nowhere else
    driver.key(pygame.K_LEFT)
    assert scene.keys.focus == "t7"
    driver.key(pygame.K_RETURN)
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["t8>t7"] and scene.selected is None


def test_a_hint_takes_a_keyboard_player_s_focus_to_its_card(app, driver):
    # the hinted cards were outlined, and the focus stayed where it was
    game = Game("egyptian", deal=3)
    scene = open_table(app, driver, game)
    scene.analysis.results[scene.analysis.position()] = Answer("won", ("t8>t7",))
    driver.key(pygame.K_TAB)  # the keyboard in use: its focus shows
    assert scene.keys.focus == "st"
    driver.key_twice(pygame.K_h)
    assert scene.hint == parse_move("t8>t7") and scene.keys.focus == "t8"
    driver.key(pygame.K_RETURN)
    assert scene.selected == "t8"


def test_the_focus_ring_of_a_card_at_the_felt_s_edge_shows_all_its_sides(app, driver, monkeypatch):
    # round a marked card (picked up, a target) the ring goes wider, and the top bar or
    # the button bar was drawn over one of its sides
    from game.ui import theme

    scene = open_table(app, driver, Game("egyptian", deal=17))
    area = scene.view.area
    for edge in ("top", "bottom"):
        tops = {n: scene.view.top_rect(n) for n in scene._focusable() if n in scene.view.piles}
        name = (min if edge == "top" else max)(tops, key=lambda n: getattr(tops[n], edge))
        rect = tops[name]
        monkeypatch.setattr(scene, "_marks", lambda name=name: {name: "selected"})
        scene.keys.focus, scene.keys.visible = name, True
        scene._invalidate()
        driver.frames(2)
        between = range(area.top, rect.top) if edge == "top" else range(rect.bottom, area.bottom)
        column = {tuple(app.surface.get_at((rect.centerx, y)))[:3] for y in between}
        assert tuple(theme.FOCUS) in column, (name, edge)


def test_a_table_button_under_the_mouse_names_its_keys(app, driver):
    # the keys were listed on the Rules screen only: a player who never opened it
    # never learnt that H gives a hint
    scene = open_table(app, driver, Game("egyptian", deal=3))
    hint = scene.buttons["hint"].rect
    above = pygame.Rect(hint.left, hint.top - hint.height, hint.width, hint.height)
    before = pygame.transform.average_color(app.surface, above)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=hint.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    driver.frames(20)
    assert scene.tip_for == ""  # not at once: a mouse passing by shows nothing
    driver.frames(30)
    assert scene.tip_for == "hint"
    assert pygame.transform.average_color(app.surface, above) != before
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=scene.view.area.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    driver.frames(2)
    assert scene.tip_for == ""
    assert pygame.transform.average_color(app.surface, above) == before


def test_the_tooltips_name_the_keys_the_table_answers():
    from game.scenes.table_controls import key_tip

    assert key_tip("hint") == "Key: H"
    assert key_tip("undo") == "Keys: U, Ctrl+Z"
    assert key_tip("restart") == "Key: F5"
    assert key_tip("resign") == "Key: G twice"
    assert key_tip("menu") == "Key: Esc"


def test_a_card_that_can_go_nowhere_leaves_the_keys_every_place(app, driver):
    # picked up by Enter, it left the arrows and Tab nowhere to go, and nothing said
    # why; the keys no longer stop on it, and Enter where a click left the focus on it
    # refuses it at once
    game = Game("egyptian", deal=3)
    scene = open_table(app, driver, game)
    assert "t1" not in scene._focusable() and not scene._targets("t1")
    driver.key(pygame.K_TAB)
    scene.keys.focus = "t1"  # as a click on it leaves the focus
    driver.key(pygame.K_RETURN)  # refused at once, with the reason, not picked up
    assert scene.selected is None and scene.status.endswith("has nowhere to go now.")
    driver.key(pygame.K_TAB)
    assert scene.keys.focus in scene._focusable() and game.moves == []


def test_new_deal_s_tooltip_says_n_twice_once_it_asks_first(app, driver):
    # it said "Key: N" where, a move made, N only asked, as G twice gives up
    scene = open_table(app, driver, Game("egyptian", deal=3))
    new = scene.buttons["new"]
    assert scene.tip_text(new) == "Key: N"
    click_move(driver, scene, "st>w")
    assert scene.tip_text(new) == "Key: N twice"


def test_a_tap_on_a_table_button_leaves_no_tooltip(app, driver):
    # a finger's wiggle lit the button, and its tooltip stayed over the felt
    scene = open_table(app, driver, Game("egyptian", deal=3))
    w, h = app.size
    x, y = scene.buttons["hint"].rect.center
    for kind in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
        pygame.event.post(
            pygame.event.Event(
                kind, x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0
            )
        )
        driver.frames(1)
    driver.frames(60)
    assert scene.tip_for == ""


@pytest.mark.parametrize("size", [(800, 600), (1105, 690), (1366, 768)])
def test_a_tooltip_keeps_off_the_words_the_first_press_put_up(app, driver, size):
    # "Key: H" lay on "it takes this game out of the high-score tables", the warning
    # the first press of Hint had put up over the Hint button
    driver.resize(size)
    scene = open_table(app, driver, Game("egyptian", deal=3))
    driver.key(pygame.K_h)
    assert "again" in scene.status
    hint = scene.buttons["hint"].rect.center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=hint, rel=(1, 1), buttons=(0, 0, 0), touch=False)
    )
    driver.settle(2.0)
    assert scene.tip_for == "hint" and scene.tip_drawn is not None
    assert scene.status_drawn is not None
    assert not scene.tip_drawn.colliderect(scene.status_drawn)


def test_the_hint_s_words_go_once_its_move_is_played(app, driver):
    # "Hint: 6♥ to a foundation" stood on after the move was made
    game = Game("egyptian", deal=3)
    scene = open_table(app, driver, game)
    scene.analysis.results[scene.analysis.position()] = Answer("won", ("t8>t7",))
    driver.key_twice(pygame.K_h)
    assert "Hint:" in scene.status
    driver.drag(centre(scene, "t8"), centre(scene, "t7"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["t8>t7"] and "Hint:" not in scene.status


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_top_bar_keeps_a_gap_between_the_figures_and_the_score(app, driver, language):
    # at some widths "Checking…" ran into "Left: 35 cards" with a pixel between, and
    # with half a letter's gap "Не сойдётся Осталось: 70 карт" read as one phrase
    from game import i18n

    app.settings.language = language
    app.apply_settings()
    try:
        for ruleset in ("egyptian", "nechego", "pyramid52"):
            scene = open_table(app, driver, Game(ruleset, deal=3))
            for width in range(800, 1300, 9):
                driver.resize((width, 600))
                driver.frames(1)
                hud = scene.hud
                if hud.stats_shown:
                    assert hud.stats_drawn.right + hud.text_size <= hud.score_left, (
                        ruleset,
                        width,
                    )
                    assert hud.stats_drawn.left >= hud.names_right + hud.text_size
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize(
    "size", [(800, 600), (900, 600), (1024, 768), (1366, 768), (1920, 1080), (1080, 1920)]
)
@pytest.mark.parametrize("ruleset, daily", [("pyramid52", False), ("egyptian-old", True)])
def test_the_figures_stay_put_as_the_verdict_comes_and_changes(
    app, driver, language, size, ruleset, daily
):
    # centred with the verdict, the whole line slid sideways when "Checking…" became
    # "Can be won", and on a kiosk (which shows no "Checking…") when the answer came;
    # on a narrow bar a longer word also pushed a figure out, and standing up the
    # day's deal came and went with the word
    from game import i18n
    from game.scenes.table_analysis import verdict_words
    from game.store import DAILY, GameFacts

    app.settings.language = language
    app.apply_settings()
    try:
        game = Game(ruleset, deal=20261130 if daily else 3)
        facts = GameFacts(mode=DAILY) if daily else None
        scene = TableScene(app, game, facts=facts)
        app.switch(scene, fade=False)
        driver.resize(size)
        driver.settle(0.5)
        starts, figures = set(), set()
        for word in ("", *verdict_words()):
            scene.analysis.verdict = lambda settled_only=False, word=word: word
            driver.frames(2)
            shown = scene.hud.stats_shown
            assert shown.endswith(word), word
            starts.add(scene.hud.stats_drawn.left)
            figures.add(shown.removesuffix(word).strip())
        assert len(starts) == 1, starts
        assert len(figures) == 1, figures
    finally:
        i18n.set_language("en")


def test_the_deal_finder_names_its_patience_and_its_words_stay_put(app, driver, monkeypatch):
    # it named no patience, its words swayed as the dots came and went (centred with
    # them), and its note was 11 px at 800x600
    from game.scenes import deal_finder

    drawn: list[tuple[str, int, pygame.Rect]] = []
    real = deal_finder.draw_text

    def recording(surface, text, size, *args, **kwargs):
        rect = real(surface, text, size, *args, **kwargs)
        drawn.append((text, size, rect))
        return rect

    monkeypatch.setattr(deal_finder, "draw_text", recording)
    driver.resize((800, 600))
    ruleset = Game("pyramid36", deal=0).ruleset
    finder = deal_finder.DealFinderScene(app, ruleset, {"passes": 1})
    surface = pygame.Surface((800, 600))
    places = []
    for dots in (0.0, 3.5):
        drawn.clear()
        finder.dots = dots
        finder.draw(surface, 1.0)
        texts = {text: rect for text, _size, rect in drawn}
        assert "Pyramid 36" in texts
        places.append(texts["Looking for a deal that can be won"])
        assert min(size for _text, size, _rect in drawn) >= 13
    assert places[0] == places[1]


def open_daily(app, driver, game: Game) -> TableScene:
    """A game as the day's deal: played once, its stock unseen."""
    from game.store import DAILY
    from game.store.saved import GameFacts

    fortune = bool(game.ruleset.table.get("fortune"))
    scene = TableScene(app, game, facts=GameFacts(mode=DAILY, fortune=fortune))
    app.switch(scene, fade=False)
    driver.settle(1.0)
    return scene


def test_in_the_day_s_deal_the_whole_stock_seen_then_played_again_enters_no_table(app, driver):
    # turn every card, Restart, play the best line knowing them: it went into the day's
    # table as a game played blind, in a deal lost from the deal, where the solver's
    # verdict never turns and so never asks
    from game.scenes.initials import InitialsScene
    from game.scenes.results import ResultsScene

    game = Game("pyramid52", deal=1)
    scene = open_daily(app, driver, game)
    while game.pile("st"):
        game.play("st>w")
    scene._after_change()
    driver.key(pygame.K_F5)
    assert len(game.moves) == 24 and not scene.assisted
    assert scene.banner.text == (
        "A card of the stock has been seen: start the deal over and the game is marked"
        " assisted (no high score), or play on. F5 again: start over."
    )
    driver.click(scene.banner.buttons[0].rect.center)  # Take back
    driver.settle(0.3)
    assert game.moves == [] and scene.assisted and scene.facts.assisted_by == "seen-stock"
    driver.key_twice(pygame.K_g)
    driver.settle(1.0)
    assert not isinstance(app.scene, InitialsScene)  # no place offered
    results = app.scene
    assert isinstance(results, ResultsScene)
    rows = {label: note for label, _value, note in results.all_figures()}
    assert rows["Undos"] == "assisted: a seen stock card taken back"
    assert app.records.history()[0].assisted


def test_undo_of_a_pair_with_the_stock_s_top_card_asks_in_the_day_s_deal(app, driver):
    # the pair showed the card under it, and Undo hid it again with nothing said
    game = Game("pyramid52", deal=0)
    scene = open_daily(app, driver, game)
    click_move(driver, scene, "p7.2+st")
    driver.key(pygame.K_u)
    assert len(game.moves) == 1 and scene.banner.text.startswith(
        "This puts a card you have seen back on the stock"
    )
    driver.click(scene.banner.buttons[1].rect.center)  # Play on
    assert len(game.moves) == 1 and not scene.assisted


def test_a_free_game_s_undo_of_a_stock_turn_asks_nothing(app, driver):
    # a free deal may be played again and again (the free table keeps it at its best):
    # asked at nearly every undo, a casual player met the question in almost every game
    game = Game("pyramid52", deal=1)
    scene = open_table(app, driver, game)
    click_move(driver, scene, "st>w")
    driver.key(pygame.K_u)
    assert game.moves == [] and scene.banner is None and not scene.assisted


def test_an_undo_on_a_later_pass_puts_back_nothing_unseen_and_asks_nothing(app, driver):
    game = Game("pyramid52", deal=1, options={"passes": 3})
    while game.pile("st"):
        game.play("st>w")
    game.play("w>st")  # the second pass: every card of the stock was seen on the first
    game.play("st>w")
    scene = open_daily(app, driver, game)
    driver.key(pygame.K_u)
    assert len(game.moves) == 25 and scene.banner is None and not scene.assisted


def test_an_arcade_level_s_question_says_it_costs_the_run(app, driver):
    # one level's help keeps the whole run out of the arcade table: "the game" undersaid it
    from game.store import ARCADE
    from game.store.saved import GameFacts

    game = Game("pyramid52", deal=1)
    scene = TableScene(app, game, facts=GameFacts(mode=ARCADE, arcade_run=1))
    app.switch(scene, fade=False)
    driver.settle(1.0)
    click_move(driver, scene, "st>w")
    driver.key(pygame.K_u)
    assert scene.banner.text == (
        "This puts a card you have seen back on the stock: take it back and this arcade"
        " run is marked assisted (no place in its table), or play on. U again: take back."
    )


def test_an_arcade_level_s_hint_question_says_it_costs_the_run(app, driver):
    # "it takes this game out of the tables" undersaid it: the whole run goes out
    from game.store import ARCADE
    from game.store.saved import GameFacts

    scene = TableScene(app, Game("pyramid52", deal=1), facts=GameFacts(mode=ARCADE, arcade_run=1))
    app.switch(scene, fade=False)
    driver.settle(1.0)
    driver.key(pygame.K_h)
    assert scene.status == "Press H again for a hint: it keeps this arcade run out of its table."
    assert scene.hints_used == 0


def test_a_level_of_a_run_already_helped_asks_nothing(app, driver):
    # a hint on level 1 kept the run out of its table, yet level 2 still warned that a
    # hint or a take-back would cost it that place
    from game.store import ARCADE
    from game.store.saved import GameFacts

    game = Game("pyramid52", deal=1)
    scene = TableScene(app, game, facts=GameFacts(mode=ARCADE, arcade_run=1))
    scene.run_assisted = True  # as level_table sets it for such a run
    app.switch(scene, fade=False)
    driver.settle(1.0)
    click_move(driver, scene, "st>w")
    driver.key(pygame.K_u)  # a seen stock card put back: nothing more to lose
    assert scene.banner is None and game.moves == []
    driver.key(pygame.K_h)  # a hint at once, unasked
    assert scene.hints_used == 1 or scene.hint_pending


def test_a_day_s_fortune_started_over_says_it_left_the_tables_too(app, driver):
    # the question said both costs; once started over, only "played before" was said
    game = Game("sbudetsya", deal=3)
    scene = open_daily(app, driver, game)
    scene._wish_made()
    driver.settle(1.0)
    click_move(driver, scene, "st>w")
    driver.key(pygame.K_F5)
    assert "will not enter the high-score tables" in scene.status
    driver.pause()
    driver.key(pygame.K_F5)
    assert game.moves == [] and scene.facts.assisted_by == "seen-stock"
    assert scene.status == (
        "Your wish gets no verdict now, and this game will not enter the tables: the"
        " stock's card has been seen."
    )
    assert scene.banner is None


@pytest.mark.parametrize("key", [pygame.K_F5, pygame.K_u], ids=["restart", "undo"])
def test_voiding_a_day_s_wish_charges_no_verdict_the_wish_kept_unsaid(app, driver, key):
    # the stock card seen was marked first, the wish stopped counting, and its unsaid
    # turn to lost was then charged as "taken back past the verdict": the deal's next
    # game was marked as helped by the solver, and the results blamed a take-back
    game = Game("sbudetsya", deal=3)
    scene = open_daily(app, driver, game)
    scene._wish_made()
    driver.settle(1.0)
    scene.analysis.worker = ScriptedWorker()
    scene.analysis.results[()] = Answer("won", ())
    scene._analysis_arrived()
    click_move(driver, scene, "st>w")
    scene.analysis.results[("st>w",)] = Answer("lost", (), best_remaining_points=42)
    scene._analysis_arrived()
    assert scene.verdict_kept() and scene.facts.flip is None
    driver.key(key)
    driver.settle(1.1)  # Undo's question is paused a second
    driver.key(key)
    assert game.moves == [] and scene.facts.assisted_by == BY_SEEN_STOCK
    assert help_for_the_next_game(app, game, scene.facts) is None


def test_a_lost_deal_s_loss_is_said_again_only_when_a_move_makes_it_worse(app, driver):
    # "There is no way to win from here" came back after every move of a lost deal
    game = Game("pyramid52", deal=0)  # 65 points at best
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    assert scene.status.startswith("This deal cannot be won")
    click_move(driver, scene, "st>w")  # off the solver's line, and still 65 at best
    wait_for_analysis(scene, driver)
    assert scene.status == ""
    click_move(driver, scene, "st>w")  # 91 at best now
    wait_for_analysis(scene, driver)
    # that the move did it: "Best possible: 91" read as the news before it said again
    assert scene.status == (
        "That move made the best result worse: 91 points left at best, 65 points before it."
    )


def test_a_double_click_pairs_a_pyramid_card_with_its_only_partner(app, driver):
    # it picked the card up and put it down again, and nothing was said
    game = Game("pyramid52", deal=8)  # 2S at p7.7 pairs with JS and with JC
    scene = open_table(app, driver, game)
    driver.double_click(centre(scene, "p7.7"))
    assert game.moves == [] and scene.selected == "p7.7"
    assert scene.status == "2♠ pairs with more than one card: click the one to pair it with."
    driver.click(centre(scene, "p7.7"))  # put down by a click, as ever
    assert scene.selected is None
    driver.double_click(centre(scene, "p7.2"))  # its one partner: p7.5
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["p7.2+p7.5"]


def test_a_paused_table_takes_no_click_or_key(app, driver):
    # with the cards hidden and the clock stopped, a click on the hidden stock (a
    # window with no focus can get one) turned it, unseen and off the clock; the click
    # or key now brings the player back, where no focus event came to say so
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    for press in (lambda: driver.click(centre(scene, "st")), lambda: driver.key(pygame.K_SPACE)):
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
        driver.frames(5)
        assert scene.covered
        press()
        assert game.moves == [] and app.active
        driver.frames(2)
        assert not scene.covered
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.click(centre(scene, "st"))  # the focus back, in the same frame: it plays
    assert [str(m) for m in game.moves] == ["st>w"]


def test_the_clock_stops_behind_make_the_window_larger(app, driver):
    scene = open_table(app, driver, Game("egyptian", deal=0))
    driver.resize((300, 200))
    before = scene.seconds
    driver.frames(120)
    assert app.too_small and scene.seconds == before
    driver.resize((800, 600))
    driver.frames(60)
    assert scene.seconds > before


def test_an_uncovered_window_is_shown_whole(app, driver, monkeypatch):
    # after a minimise and a restore the table showed only what changed next (the top
    # bar's clock): the rest of the window stayed black
    open_table(app, driver, Game("egyptian", deal=0))
    driver.frames(5)
    shown = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: shown.append(rects))
    for event in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
        shown.clear()
        pygame.event.post(pygame.event.Event(event))
        driver.frames(1)
        assert shown and shown[0] == [app.surface.get_rect()], event


def test_after_an_undo_a_move_that_makes_the_best_worse_is_said(app, driver):
    # the best said last stayed the worst ever said: back at 65 by Undo after a move to
    # 169, a move to 130 went unsaid
    game = Game("pyramid52", deal=0)
    line = "p7.2+st st>w p7.4+st p7.7+st st>w p7.3+st st>w p6.3+st p7.6+st st>w st>w p6.2+st"
    for move in (*line.split(), "st", "p7.5+st", "st", "p6.4+w", "st>w", "st>w", "st>w"):
        game.play(move)  # deal 0's best line: 65 at best still
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    for move, best in (("p6.6+st", 169), (None, 65), ("p5.2+p5.3", 130)):
        if move is None:
            scene._undo()  # past a move said to make the best worse: asked first
            assert scene.banner is not None
            driver.pause()
            driver.click(scene.banner.buttons[0].rect.center)  # Take back
        else:
            scene._play(parse_move(move))
        driver.settle(0.3)
        wait_for_analysis(scene, driver)
        driver.frames(2)
        assert scene.analysis.known().best_remaining_points == best
    assert scene.status == (
        "That move made the best result worse: 130 points left at best, 65 points before it."
    )


def test_a_loss_kept_unsaid_is_said_once_it_may_be(app, driver, monkeypatch):
    # kept silent while a fortune's wish counted (or the demo played), it counted as
    # said, and went unsaid for good once the wish was void
    game = Game("pyramid52", deal=0)  # 65 points at best
    with monkeypatch.context() as fortune:
        fortune.setattr(TableScene, "verdict_kept", lambda self: True)
        scene = open_table(app, driver, game)
        wait_for_analysis(scene, driver)
        assert "cannot be won" not in scene.status
    click_move(driver, scene, "st>w")  # off the solver's line, and still 65 at best
    wait_for_analysis(scene, driver)
    assert scene.status == "There is no way to win from here. Best possible: 65 points left."


def test_an_undo_with_nothing_to_take_back_does_not_have_the_loss_said_again(app, driver):
    game = Game("pyramid52", deal=0)  # 65 points at best
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    scene._undo()
    click_move(driver, scene, "st>w")  # still 65 at best
    wait_for_analysis(scene, driver)
    assert scene.status == ""


def test_the_stock_s_count_stays_under_it_while_its_top_card_flies(app, driver):
    # during an Undo's flight back to the stock the count jumped onto the card's back
    # and seemed to vanish from under it
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    view, size = scene.view, app.surface.get_size()
    stock = view.top_rect("st")
    below = pygame.Rect(stock.left, stock.bottom + 4, stock.width, stock.height // 3)
    n = len(scene.game.pile("st"))
    still = view.render_static(size, set(), {}, None).subsurface(below).copy()
    flying = view.render_static(size, {("st", n - 1)}, {}, None).subsurface(below).copy()
    assert pygame.image.tobytes(still, "RGB") == pygame.image.tobytes(flying, "RGB")


def test_finish_keeps_a_wish_s_verdict_for_the_last_cards(app, driver):
    # deal 0 can be played out from the deal, 27 cards still face down in the stock:
    # "press Finish" told at once that the wish would come true
    game = Game("sbudetsya", deal=0)
    assert game.finishing_moves() is not None and len(game.pile("st")) == 27
    scene = open_table(app, driver, game)
    scene._wish_made()
    driver.settle(1.0)
    assert scene._finish_offered() is None and not scene.buttons["finish"].enabled
    assert "Finish" not in scene.status
    driver.key(pygame.K_f)
    assert game.moves == []  # nor by its key
    line = [str(m) for m in Game("sbudetsya", deal=0).finishing_moves()]
    while game.pile("st"):
        move = parse_move(line.pop(0))
        for pile in (move.a,) if move.a == "st" else (move.a, move.b):
            driver.click(centre(scene, pile))  # a card, then where it goes
        driver.settle(0.5)
    assert scene._finish_offered() and scene.buttons["finish"].enabled  # every card seen
    driver.key_twice(pygame.K_F5)  # played again: no wish counts, the stock is full again
    driver.settle(1.0)
    assert scene.fortune_replayed and scene._finish_offered() is None


def test_finish_waits_for_the_stock_where_the_verdict_is_hidden(app, driver):
    # offered at the deal, Finish told the player who hid the verdict that it was won
    app.settings.show_verdict = False
    game = Game("nechego", deal=0)
    assert game.finishing_moves() is not None and game.pile("st")
    scene = open_table(app, driver, game)
    driver.settle(1.0)
    assert scene._finish_offered() is None and not scene.buttons["finish"].enabled


def test_the_demo_at_the_end_of_a_lost_deal_s_best_line_offers_the_end(app, driver):
    # it stopped with a note for 6 s, missed while watching, and the player was left to
    # find Give up; play by hand has the end offered there
    game = Game("pyramid52", deal=3)
    scene = open_table(app, driver, game)
    first = str(next(iter(game.legal_moves)))
    where = scene.analysis.position()
    scene.analysis.results[where] = Answer("lost", (first,), best_remaining_points=65)
    driver.key_twice(pygame.K_d)
    for _ in range(200):
        driver.frames(1)
        if game.moves:
            break
    assert [str(m) for m in game.moves] == [first]
    end = Answer("lost", (), best_remaining_points=65)
    scene.analysis.results[scene.analysis.position()] = end
    driver.settle(3.0)
    assert not scene.demo and scene.banner is not None
    assert [b.key for b in scene.banner.buttons] == ["end"]
    assert "65 points is the best" in scene.banner.text
    driver.click(scene.banner.buttons[0].rect.center)
    driver.settle(1.0)
    assert game.over


def test_finish_is_not_offered_through_stock_cards_nobody_has_seen(app, driver):
    # offered at the deal, one click won a game of two passes for a first place in 34 s:
    # 192 of 200 deals with 32 cards and 10 piles can be played out so, unseen
    options = {"cards": 32, "piles": 10, "passes": 2}
    deal = next(d for d in range(20) if Game("nechego", options, deal=d).finishing_moves())
    game = Game("nechego", options, deal=deal)
    scene = open_table(app, driver, game)
    assert scene.finishing and not scene.buttons["finish"].enabled
    assert "Finish" not in scene.status
    driver.key(pygame.K_f)
    assert game.moves == []
    while game.pile("st"):
        scene._play(parse_move("st>w"))
    scene._play(parse_move("w>st"))  # the second pass: every card was seen on the first
    driver.settle(0.5)
    assert scene._finish_offered() == scene.finishing


def test_a_fortune_s_finish_is_offered_on_its_second_pass(app, driver):
    # every stock card was seen on the first pass: nothing is left to give away
    game = Game("sbudetsya", {"passes": 2}, deal=1)
    scene = open_table(app, driver, game)
    scene._wish_made()
    driver.settle(1.0)
    first_pass = (
        "st>w w>f2 st>w w>f1"
        + " st>w" * 15
        + (
            " w>f2 st>w st>w w>f3 t7>f3 t7>f2 st>w w>f1 t5>f1 t5>f1 st>w st>w w>f4 st>w w>f3"
            " t4>f3 t1>f3 t6>f3 t5>f3 w>st"
        )
    )
    for move in first_pass.split():
        game.play(move)
    scene._after_change()
    assert not game.on_first_pass and game.pile("st") and game.finishing_moves()
    assert scene._wish_counts() and scene.buttons["finish"].enabled


def test_a_save_that_fails_is_said_on_the_table_at_once(app, driver, monkeypatch):
    # said only in the menu, once the player had left the table (a full disk); and when
    # the clock's save between moves failed first, not at all
    import sqlite3

    from game.scenes.table import CLOCK_SAVED_EVERY_S

    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    driver.key(pygame.K_SPACE)  # saved: the clock's saves keep it from now on
    real_save, failing = app.records.games.save, [True]

    def save(*args):
        if failing[0]:
            raise sqlite3.OperationalError("database or disk is full")
        return real_save(*args)

    monkeypatch.setattr(app.records.games, "save", save)
    driver.settle(CLOCK_SAVED_EVERY_S + 1)  # the clock's save fails, no move made
    said = "A game could not be saved (the disk is full)"
    assert scene.status.startswith(said)
    assert any("could not be saved" in str(n) for n in app.notices)  # and in the menu
    driver.settle(9.0)
    driver.key(pygame.K_SPACE)  # failing still: said once is enough
    assert not scene.status.startswith(said)
    failing[0] = False
    driver.key(pygame.K_SPACE)
    failing[0] = True  # it fails again after it worked: said again
    driver.key(pygame.K_SPACE)
    assert scene.status.startswith(said)


def test_a_game_ended_while_saves_fail_is_saved_with_its_place_once_they_work(app, driver):
    # given up on a full disk: "saving will be tried again", yet an ended game has no
    # move left to be saved by; it stayed "in play" for good, and its place was lost
    from game.app import RETRY_WRITES_S
    from game.scenes.initials import InitialsScene

    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    for move in DEAL_8_WIN[:6]:
        click_move(driver, scene, move)
    app.records.conn.execute("PRAGMA query_only = 1")  # every write refused from here
    for move in DEAL_8_WIN[6:]:
        click_move(driver, scene, move)
    driver.settle(8.0)
    assert isinstance(app.scene, InitialsScene)
    driver.settle(ARRIVING_S)
    driver.key(pygame.K_RETURN)
    driver.settle(1.0)
    (row,) = app.records.history()
    assert row.outcome is None and app.records.tables() == []  # nothing of the end kept
    app.records.conn.execute("PRAGMA query_only = 0")  # room again
    driver.settle(RETRY_WRITES_S + 1)
    (row,) = app.records.history()
    assert row.outcome == "won" and row.moves == len(DEAL_8_WIN)
    (key,) = app.records.tables()
    assert [e.game_id for e in app.records.top(key)] == [row.id]


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_tooltip_keeps_off_the_stock_in_its_corner(app, driver, size):
    # "Key: N" over New deal lay on the stock's count, bottom left in Egyptian Pyramid
    driver.resize(size)
    scene = open_table(app, driver, Game("egyptian", deal=3))
    stock = scene.view.top_rect("st")
    tipped = 0
    for button in ("new", "hint", "demo", "resign", "rules", "menu"):
        scene.keys.focus, scene.keys.visible = button, True
        scene._invalidate()
        driver.frames(2)
        assert scene.tip_for == button and scene.tip_drawn is not None
        assert not scene.tip_drawn.colliderect(stock), button
        assert scene.tip_drawn.collidelist(scene.view.badges_drawn) == -1, button
        assert scene.tip_drawn.bottom <= scene.hud.bottom.top  # still above the bar
        tipped += 1
    assert tipped == 6


def test_a_press_near_demo_stops_the_demo_whichever_way_it_is_read(app, driver):
    # "on Demo" was judged 12 px round the button, a press's own slack 14 px for a
    # finger and none for the mouse: a tap 13 px off stopped the demo and pressed
    # Demo, which started it again; a click 5 px off, on the felt, did not stop it
    game = Game("egyptian", deal=5)
    scene = open_table_with(app, driver, game, GameFacts(assisted=True, assisted_by="demo"))
    driver.resize((1280, 800))
    demo = scene.buttons["demo"].rect
    for off, press in ((5, driver.click), (11, driver.click), (13, driver.tap)):
        scene.demo = True
        driver.frames(2)
        press((demo.centerx, demo.top - off))
        driver.frames(2)
        assert not scene.demo, (off, press)


def test_the_top_bar_carries_the_options_the_game_is_played_with(app, driver):
    scene = open_table(app, driver, Game("devils-bridge", {"draw": 3}, deal=3))
    assert scene._current_figures().options == ("three cards at a time",)
    plain = open_table(app, driver, Game("devils-bridge", deal=3))
    assert plain._current_figures().options == ()


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_a_two_option_egyptian_game_is_named_whole_in_russian(app, driver, size):
    # «базовая карта — король» and «из колоды по три» did not both fit: the bar named
    # the base and dropped the three cards a turn, which change play the most
    from game import i18n

    i18n.set_language("ru")
    driver.resize(size)
    scene = open_table(app, driver, Game("egyptian", {"base": "K", "draw": 3}, deal=7))
    driver.frames(2)
    assert scene.hud.title_shown == "Египетская пирамида · база — король · по три карты"
    assert scene.hud.deal_shown == "Расклад\xa0№\xa07"


def test_a_strict_game_says_so_on_the_russian_bar_beside_a_long_deal_number(app, driver):
    # «строго: на стопки ничего» gave way to a random deal's nine digits at 1366x768,
    # and nothing on the table said why a card would not go onto a pile
    from game import i18n

    i18n.set_language("ru")
    driver.resize((1366, 768))
    options = {"cards": 32, "piles": 10, "passes": 2, "to_piles": "none"}
    scene = open_table(app, driver, Game("nechego", options, deal=194174207))
    driver.frames(2)
    assert scene.hud.title_shown == "От нечего делать · строгие правила"
    assert scene.hud.deal_shown == "Расклад\xa0№\xa0194174207"


def test_the_top_bar_names_what_options_fit_and_keeps_the_deal(app, driver):
    # a game of two options named neither where one fitted, and the deal gave way to them
    driver.resize((800, 600))
    game = Game("nechego", {"cards": 32, "to_piles": "none"}, deal=3)
    scene = open_table(app, driver, game)
    driver.frames(2)
    # the strict rule, which nothing on the table shows, before the 32 cards, which are
    # there to count
    assert scene.hud.title_shown == "Nothing Better to Do · strict: nothing onto piles"
    assert scene.hud.deal_shown == "Deal 3"


def test_a_turn_a_fortune_s_wish_kept_unsaid_is_no_help_to_the_deal_s_next_game(app, driver):
    # the turn to "No win possible" was kept while the wish kept the verdict unsaid; a
    # Restart voided the wish and showed "Can be won", and the next game of the deal
    # was marked as told where it was lost
    scene = open_fortune(app, driver, 5)
    results = scene.analysis.results
    results[scene.analysis.position()] = Answer("won", ())
    move = next(iter(scene.game.legal_moves))
    scene._play(move)
    driver.settle(0.5)
    results[scene.analysis.position()] = Answer("lost", (), best_remaining_points=42)
    scene._analysis_arrived()
    assert scene.verdict_kept() and scene.facts.flip is None
    scene.game.play("resign")
    app.game_changed(scene.game, scene.facts)
    assert app.records.deal_help_before(Game("sbudetsya", deal=5)) is None


def test_a_free_undo_past_a_worse_best_in_a_seen_stock_game_is_kept_for_the_deal(app, driver):
    # a day's game out of the tables for a stock card put back took back a move the game
    # said made the best score worse, freely: the day's number, played after as a free
    # game, took place 1 in the table
    # (and the move was never noted as one that made it worse: the game was assisted)
    scene = a_day_s_game_made_worse(app, driver, "p7.1+p7.7", seen_stock=True)
    game = scene.game
    assert "60 points left at best, 50 points before it" in scene.status
    assert scene.worse_said_at == 1  # "this move made the best score worse"
    driver.key(pygame.K_u)
    assert game.moves == [] and scene.banner is None  # free, as before
    assert scene.facts.assisted_by == "taken-back"
    assert help_for_the_next_game(app, game, scene.facts) == "before"


def test_a_loss_first_answered_after_continue_is_kept_for_the_next_game_of_the_deal(app, driver):
    # "Can be won" at the deal, a move, and the window closed while "Checking…": after
    # Continue, "No win possible", yet nothing was kept; quit after every move, and the
    # deal's next game was played knowing where it was lost, unmarked
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    assert scene.facts.won_position is not None and scene.facts.won_position.length == 0
    game.play("p7.1+p7.7")
    app.game_changed(game, scene.facts)  # saved as the move is made, before any answer
    again = continued(app, driver)
    resumed = again.game
    wait_for_analysis(again, driver)
    driver.frames(2)
    assert again.analysis.known().lost and again.facts.flip is not None
    assert (again.facts.flip.won_at, again.facts.flip.lost_at) == (0, 1)
    assert help_for_the_next_game(app, resumed, again.facts) == "told-before"


def test_a_verdict_peeked_at_on_a_deal_lost_from_the_start_keeps_no_turn(app, driver):
    # Hidden, moves, then Shown: "No win possible" was kept as a turn from the deal, and
    # the next game of a deal that could never be won was marked as told where it was lost
    app.settings.show_verdict = False
    scene, game = _after_a_move(app, driver, 0, "lost", "p7.2+st")
    assert game.moves
    app.settings.show_verdict = True
    driver.frames(2)
    assert scene.facts.verdict_shown and scene.facts.flip is None
    assert help_for_the_next_game(app, game, scene.facts) is None


def test_a_game_saved_hinted_and_hidden_before_the_verdict_s_word_was_kept_still_says_it(
    app, driver
):
    # a save of the version before kept no "verdict_shown": after Continue, the verdict
    # stayed hidden from a game told it by its hint
    app.settings.show_verdict = False
    facts = GameFacts(assisted=True, assisted_by="hint", hints=1)
    scene = open_table_with(app, driver, Game("pyramid52", deal=8), facts)
    assert not scene.facts.verdict_shown and not scene.verdict_kept()
    # and one older still, which kept no word of the help's kind either
    facts = GameFacts(assisted=True, hints=2)
    scene = open_table_with(app, driver, Game("pyramid52", deal=8), facts)
    assert not scene.facts.verdict_shown and not scene.verdict_kept()


def test_a_winnable_position_undone_to_is_kept_for_a_loss_answered_after_continue(app, driver):
    # the position kept as winnable was updated only as an answer arrived: a winnable
    # move, Undo (the deal's answer kept, none arriving), the losing move, the window
    # closed while "Checking…": after Continue no turn was kept, the next game unmarked
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    click_move(driver, scene, DEAL_8_WIN[0])
    wait_for_analysis(scene, driver)
    assert scene.facts.won_position.length == 1
    driver.key(pygame.K_u)
    assert game.moves == [] and scene.facts.won_position.length == 0
    game.play("p7.1+p7.7")
    app.game_changed(game, scene.facts)  # saved as the move is made, before any answer
    again = continued(app, driver)
    wait_for_analysis(again, driver)
    driver.frames(2)
    assert again.analysis.known().lost and again.facts.flip is not None


def test_a_turn_said_from_answers_kept_after_a_restart_is_kept_for_the_deal(app, driver):
    # the wish kept the turn unsaid; a Restart voided it, the same move played again,
    # and "No win possible" came from the answers kept: no turn was ever kept
    scene = open_fortune(app, driver, 5)
    scene.analysis.worker = ScriptedWorker()
    results = scene.analysis.results
    results[()] = Answer("won", ())
    move = next(iter(scene.game.legal_moves))
    scene._play(move)
    driver.settle(0.5)
    results[scene.analysis.position()] = Answer("lost", (), best_remaining_points=42)
    scene._analysis_arrived()
    assert scene.facts.flip is None  # the wish keeps it unsaid
    driver.key(pygame.K_F5)  # asked: it voids the wish
    driver.settle(1.1)
    driver.key(pygame.K_F5)
    driver.settle(0.5)
    assert scene.game.moves == [] and scene.facts.fortune_replayed
    scene._play(move)
    driver.settle(0.5)
    assert not scene.verdict_kept() and scene.facts.flip is not None


@pytest.mark.parametrize("answer", ["key", "button"])
def test_take_back_of_a_seen_stock_card_past_a_worse_best_marks_alike_by_key_or_button(
    app, driver, answer
):
    # the banner's button skipped what the key's second press did: the deal's next game
    # was left unmarked
    scene = a_day_s_game_made_worse(app, driver, "st>w", seen_stock=False)
    game = scene.game
    assert scene.worse_said_at == 1
    driver.key(pygame.K_u)
    assert scene.banner is not None and game.moves  # asked: a stock card seen
    if answer == "key":
        driver.settle(1.1)
        driver.key(pygame.K_u)
    else:
        driver.frames(2)
        driver.click(next(b for b in scene.banner.buttons if b.key == "take-back").rect.center)
    driver.settle(0.5)
    assert game.moves == [] and scene.facts.assisted_by == "taken-back"


@pytest.mark.parametrize("seen_stock", [False, True])
def test_after_continue_an_undo_in_a_game_lost_from_its_deal_is_free(app, driver, seen_stock):
    # the answers were lost with the session, and an unanswered position counted as one
    # that might be won: the first Undo asked "no win is possible after this move" (and a
    # day's game out of the tables for a stock card seen was marked "taken back" unsaid)
    facts = GameFacts(mode=DAILY) if seen_stock else GameFacts()
    game = Game("pyramid52", deal=0)
    scene = open_table_with(app, driver, game, facts)
    if seen_stock:
        scene.facts.mark_assisted(BY_SEEN_STOCK)
    wait_for_analysis(scene, driver)
    assert scene.analysis.known().lost
    game.play("p7.2+st")
    app.game_changed(game, scene.facts)
    again = continued(app, driver)
    resumed = again.game
    wait_for_analysis(again, driver)
    assert again.analysis.known().lost  # and the deal's own answer is not known
    driver.key(pygame.K_u)
    assert resumed.moves == [] and again.banner is None
    assert again.facts.assisted_by == ("seen-stock" if seen_stock else "")
    assert help_for_the_next_game(app, resumed, again.facts) is None


def test_after_continue_taking_back_a_move_said_to_make_the_best_worse_still_costs(app, driver):
    # the move's word was not kept with the game, and a deal lost from its deal is kept
    # lost all along: after Continue its Undo was free and unmarked
    game = Game("pyramid52", deal=0)
    scene = open_table(app, driver, game)
    wait_for_analysis(scene, driver)
    for move in ("p7.2+st", "st>w", "p7.6+st", "p7.7+st", "st>w", "p7.1+st"):
        click_move(driver, scene, move)
        wait_for_analysis(scene, driver)
    assert scene.worse_said_at is not None
    app.game_changed(game, scene.facts)
    again = continued(app, driver)
    resumed = again.game
    wait_for_analysis(again, driver)
    driver.key(pygame.K_u)
    assert again.banner is not None and len(resumed.moves) == 6  # asked first
    driver.settle(1.1)
    driver.key(pygame.K_u)
    assert len(resumed.moves) == 5 and again.facts.assisted_by == "taken-back"


def test_a_move_left_before_its_answer_is_said_to_make_the_best_worse_after_continue(app, driver):
    # the best said was not kept with the game: the answer after Continue was said as
    # the loss at first ("best 60"), and a player who remembered "40" took the move back
    # for free, the solver's best line found a move and a quit at a time
    scene, game = lost_at_40_told(app, driver)
    scene._analysis_arrived()
    game.play("st>w")
    scene._after_change()  # and the window closed before its answer came
    app.game_changed(game, scene.facts)
    again = continued(app, driver)
    again.analysis.worker = ScriptedWorker()
    again.analysis.results[again.analysis.position()] = Answer(
        "lost", ("st>w",), best_remaining_points=60
    )
    again._analysis_arrived()
    assert again.status.startswith("That move made the best result worse")
    assert "60 points" in again.status and "40 points" in again.status
    assert again.worse_said_at == 1
    driver.key(pygame.K_u)
    assert again.banner is not None and len(again.game.moves) == 1  # asked, not taken back
    # the first answer after Continue settles it: a later one is compared with it alone
    assert again.best_said_before is None and again.facts.best_said == 60


def test_a_free_undo_past_a_worse_best_in_a_level_of_a_helped_run_is_kept_for_the_deal(app, driver):
    # the same Undo in a seen-stock game was marked; in a level whose run a hint had
    # taken out of the table already, it left the deal's next game unmarked
    from game.store import ARCADE

    scene = open_table_with(app, driver, Game("pyramid52", deal=8), GameFacts(mode=ARCADE))
    scene.run_assisted = True  # as level_table sets it for a run helped on a level before
    scene.analysis.worker = ScriptedWorker()
    scene.analysis.results[()] = Answer("lost", ("p7.2+p7.5",), best_remaining_points=50)
    scene._analysis_arrived()
    click_move(driver, scene, "p7.1+p7.7")
    lost = Answer("lost", ("p7.2+p7.5",), best_remaining_points=60)
    scene.analysis.results[("p7.1+p7.7",)] = lost
    scene._analysis_arrived()
    assert scene.worse_said_at == 1
    driver.key(pygame.K_u)
    assert scene.game.moves == [] and scene.banner is None  # free: the run is out already
    assert scene.facts.assisted_by == "taken-back"
    assert help_for_the_next_game(app, scene.game, scene.facts) == "before"


@pytest.mark.parametrize("size", [(1024, 600), (800, 600), (1280, 720)])
def test_the_bar_s_buttons_take_a_finger_on_a_small_screen(app, driver, size):
    # 33 px high at 1024x600, a 7-inch tablet's screen
    driver.resize(size)
    scene = open_table(app, driver, Game("egyptian", deal=8))
    assert min(b.rect.height for b in scene.hud.buttons) >= 40
    assert scene.hud.bottom.contains(scene.hud.buttons[-1].rect)


def test_an_arcade_level_s_deal_played_in_another_window_meanwhile_marks_it(app, driver):
    # practised was asked only as the level's table opened: its number, read from the
    # records file, played in a second window while the level waited, left the run clean
    from game.ladder import load_ladder
    from game.store import ARCADE

    run = app.records.start_run(load_ladder())
    game = Game("pyramid52", deal=8)
    scene = open_table_with(app, driver, game, GameFacts(mode=ARCADE, arcade_run=run))
    assert not scene.facts.assisted and scene.facts.record_id is not None
    elsewhere = Game("pyramid52", deal=8)
    elsewhere.play("st>w")
    app.records.save_game(elsewhere, GameFacts())  # the other window's free game
    click_move(driver, scene, "p7.1+p7.7")
    driver.key_twice(pygame.K_g)
    driver.settle(1.0)
    assert scene.facts.assisted_by == "practised"
