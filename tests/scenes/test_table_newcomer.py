"""What a first-time player meets at the table: marks that do not mislead, and words
where a click does something unexpected."""

import pygame
import pytest

from game.rules import Game
from game.ui import theme
from tests.scenes.test_table import centre, open_table, wait_for_analysis


def ring_colour(app, scene, pile: str) -> tuple[int, int, int]:
    """The colour just outside the left edge of a pile's top card (where a mark is
    drawn), near its top corner: a refused place's ring is broken along its sides."""
    rect = scene.view.top_rect(pile)
    width = scene.view._mark_width("refused", rect)
    y = rect.top + max(4, rect.width // 12) + 2  # past the ring's rounded corner
    return tuple(app.surface.get_at((rect.left - 1 - width // 2, y)))[:3]


def test_a_held_card_over_a_pile_it_cannot_go_on_is_not_marked_green(app, driver):
    game = Game("egyptian", deal=0)  # t1 9D goes on t6 TH, not on f1 (which needs 3S)
    scene = open_table(app, driver, game)
    driver.hold_over(centre(scene, "t1"), centre(scene, "f1"))
    assert scene.drag is not None and scene.drag.over == "f1"
    assert ring_colour(app, scene, "f1") == theme.WARN
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre(scene, "f1"), button=1, touch=False)
    )
    driver.settle(0.5)
    assert game.moves == []


def test_a_held_card_over_a_pile_that_takes_it_is_marked_green(app, driver):
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.hold_over(centre(scene, "t1"), centre(scene, "t6"))
    assert scene.drag is not None and scene.drag.over == "t6"
    assert ring_colour(app, scene, "t6") == theme.TARGET


def test_a_stock_card_picked_up_instead_of_turned_says_so_until_the_next_move(app, driver):
    game = Game("pyramid52", deal=0)  # the stock's 8C pairs with p7.2's 5
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "st"))
    assert scene.selected == "st" and game.moves == []
    assert scene.status == (
        "8♣ picked up: choose a card that pairs with it, or the stock again to move it"
        " onto the reserve."
    )
    driver.click(centre(scene, "st"))
    driver.settle(0.5)
    assert [str(m) for m in game.moves] == ["st>w"]
    assert scene.status == ""  # it spoke of the card picked up, now on the reserve


def test_a_covered_pyramid_card_is_named_by_its_face(app, driver, english):
    from game import i18n

    game = Game("pyramid52", deal=0)
    scene = open_table(app, driver, game)
    # the deal's verdict said first: come between a click and its words, it took the line
    wait_for_analysis(scene, driver)
    card = i18n.card_name(game.pile("p1.1")[-1])
    driver.click(centre(scene, "p1.1"))
    assert scene.status == f"{card} is covered: first remove both cards lying on it."
    i18n.set_language("ru")
    driver.click(centre(scene, "p3.2"))
    card = i18n.card_name(game.pile("p3.2")[-1])
    assert scene.status == f"Карта {card} закрыта: сначала уберите обе карты, что лежат на ней."


def test_a_click_on_a_card_that_cannot_move_says_why(app, driver):
    game = Game("egyptian", deal=0)
    game.play("t1>t6")  # t6: TH under 9D
    scene = open_table(app, driver, game)
    under = scene.view.rects("t6", 2)[0]
    driver.click((under.centerx, under.top + 4))
    assert scene.selected is None
    assert scene.status == "Only the top card of a pile or of the waste can move."
    driver.click(centre(scene, "f1"))
    assert scene.selected is None
    assert scene.status == "A card on a foundation stays there."


def test_the_demo_button_stays_lit_while_the_solver_plays(app, driver):
    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    button = scene.buttons["demo"]
    edge = (button.rect.centerx, button.rect.top)
    assert tuple(app.surface.get_at(edge))[:3] != theme.GOLD
    driver.click_twice(button.rect.center)
    driver.settle(6.0)  # its words are gone by now (on a busy machine it may still wait)
    waiting = "Demo: the solver is still looking for its line…"
    assert scene.demo and scene.status in ("", waiting)
    assert tuple(app.surface.get_at(edge))[:3] == theme.GOLD
    driver.click(centre(scene, "p7.1"))  # the player takes over
    driver.frames(2)
    assert not scene.demo
    assert tuple(app.surface.get_at(edge))[:3] != theme.GOLD


def test_a_pyramid_card_with_no_partner_free_is_refused_at_once_not_picked_up(app, driver):
    # picked up, it waited for a partner there was none of: the next click (or Enter)
    # was refused and dropped it
    from game import i18n
    from game.rules.moves import PAIR

    game = Game("pyramid52", deal=8)
    scene = open_table(app, driver, game)
    paired = {n for m in game.legal_moves if m.kind == PAIR for n in (m.a, m.b)}
    free = [n for n in scene.view.piles if game.movable(n)]
    lonely = next(n for n in free if n.startswith("p") and n not in paired)
    heard = []
    app.sounds.play = heard.append
    driver.click(centre(scene, lonely))
    code = game.pile(lonely)[-1]
    card = i18n.card_name(code)
    assert scene.selected is None and heard == ["refused"]
    # and which rank it needs: a newcomer could not even try a pair to learn the sum
    rank = next(r for r, v in game.rules.values.items() if v + game.rules.values[code[0]] == 13)
    said = f"No free card pairs with {card} now: only {i18n.rank_word(rank)} makes 13 with it."
    assert scene.status == said
    partner = next(m for m in game.legal_moves if m.kind == PAIR and m.a.startswith("p"))
    driver.click(centre(scene, partner.a))  # a card that pairs is picked up, as ever
    assert scene.selected == partner.a


def test_a_building_card_with_nowhere_to_go_is_refused_at_once_not_picked_up(app, driver):
    # picked up, nothing lit up where it could go and nothing was said: a newcomer
    # waited for something to happen
    from game import i18n
    from game.rules.moves import MOVE

    game = Game("egyptian", deal=379061091)
    scene = open_table(app, driver, game)
    going = {m.a for m in game.legal_moves if m.kind == MOVE}
    piles = [n for n in scene.view.piles if n.startswith("t") and game.pile(n)]
    stuck = next(n for n in piles if n not in going)
    heard = []
    app.sounds.play = heard.append
    driver.click(centre(scene, stuck))
    card = i18n.card_name(game.pile(stuck)[-1])
    assert scene.selected is None and heard == ["refused"]
    assert scene.status == f"{card} has nowhere to go now."
    mover = next(m.a for m in game.legal_moves if m.kind == MOVE and m.a.startswith("t"))
    driver.click(centre(scene, mover))  # a card that can go somewhere is picked up
    assert scene.selected == mover


@pytest.mark.parametrize(
    "ruleset, deal, source",
    [("egyptian", 0, "t1"), ("sbudetsya", 11, "w"), ("pyramid52", 5, "p7.1")],
)
def test_a_dragged_card_s_place_is_not_marked_as_in_hand(app, driver, ruleset, deal, source):
    # the place a card is dragged from shows the card under it, or the felt: washed gold
    # as the card in hand, it looked picked up while another card was in the hand
    game = Game(ruleset, deal=deal)
    if source == "w":
        game.play("st>w")
        game.play("st>w")
    scene = open_table(app, driver, game)
    driver.hold_over(centre(scene, source), (centre(scene, source)[0] + 150, 40))
    assert scene.drag is not None and scene.drag.pile == source
    assert source not in scene._marks()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(700, 40), button=1, touch=False)
    )
    driver.settle(0.5)
    scene.selected = source  # picked up by a click instead: washed as in hand
    assert scene._marks()[source] == "selected"


def test_a_card_dragged_when_the_window_is_made_too_small_goes_back(app, driver):
    # let go while the window was too small to point at (its events are not passed
    # on), the card floated over the table, its marks shown, once the window grew again
    game = Game("egyptian", deal=0)
    scene = open_table(app, driver, game)
    driver.hold_over(centre(scene, "t1"), centre(scene, "t6"))
    assert scene.drag is not None
    driver.resize((400, 300))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(200, 150), button=1, touch=False)
    )
    driver.frames(2)
    driver.resize((1280, 800))
    driver.settle(0.5)
    assert scene.drag is None and scene.selected is None
    assert game.moves == [] and "t6" not in scene._marks()


def around(app, scene, pile: str) -> bytes:
    """The pixels of a pile's top card and the ring a mark draws round it."""
    rect = scene.view.top_rect(pile)
    reach = scene.view.ring_reach()
    area = rect.inflate(2 * reach, 2 * reach).clip(app.surface.get_rect())
    return pygame.image.tobytes(app.surface.subsurface(area), "RGB")


def test_playable_cards_hidden_in_settings_wear_no_ring_yet_still_play(app, driver):
    # a player who wants to find the moves alone: the rings go, the moves stay
    game = Game("pyramid52", deal=1)
    scene = open_table(app, driver, game)
    driver.settle(3.0)  # the deal's cards all down
    pair = next(m for m in game.legal_moves if m.kind == "pair")
    ringed = around(app, scene, pair.a)
    app.settings.show_playable = False
    scene.repaint()  # as the table is drawn again, back from Settings
    driver.frames(2)
    assert pair.a not in scene._marks() and around(app, scene, pair.a) != ringed
    app.settings.show_playable = True
    scene.repaint()
    driver.frames(2)
    assert scene._marks()[pair.a] == "playable" and around(app, scene, pair.a) == ringed
    app.settings.show_playable = False
    scene.repaint()  # as the table is drawn again, back from Settings
    driver.frames(2)
    driver.click(centre(scene, pair.a))
    assert scene.selected == pair.a and scene._marks()[pair.a] == "selected"
    driver.click(centre(scene, pair.b))
    driver.settle(1.0)
    assert game.moves[-1] == pair and not scene._marks()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "{card} has nowhere to go now. No card can be moved onto a pile in this game."),
        ("ru", "Карту {card} сейчас некуда положить. В этой игре на стопки карты не кладут."),
    ],
)
def test_a_tap_on_a_card_a_strict_game_keeps_off_the_piles_names_the_rule(
    app, driver, language, said
):
    # a finger's tap on the waste in a strict game said only "has nowhere to go", as of
    # any card blocked; a drag named the rule, and a tapping player never learnt it
    from game import i18n
    from game.rules.moves import MOVE

    game = Game("nechego", {"to_piles": "none"}, deal=3)
    loose = Game("nechego", deal=3)  # the same cards under the usual rules
    while not any(m.kind == MOVE and m.a == "w" and m.b.startswith("t") for m in loose.legal_moves):
        assert not any(m.kind == MOVE and m.a == "w" for m in game.legal_moves)
        game.play("st>w")
        loose.play("st>w")
    i18n.set_language(language)
    scene = open_table(app, driver, game)
    driver.click(centre(scene, "w"))
    card = i18n.card_name(game.pile("w")[-1])
    assert scene.selected is None and scene.status == said.format(card=card)
    usual = open_table(app, driver, loose)  # where a pile takes it, it is picked up
    driver.click(centre(usual, "w"))
    assert usual.selected == "w"
