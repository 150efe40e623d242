"""The table's animations follow every event of an action, even a card that only passes through."""

import pygame
import pytest

from game.render.animation import CHAIN_GAP, DEAL_S, DEAL_STAGGER, MOVE_S, Tween, invert, tweens_for
from game.render.table_view import TableView
from game.rules import Game


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


def test_a_card_turned_to_the_waste_and_straight_into_a_gap_flies_both_legs():
    # Egyptian Pyramid, old rules: a gap is refilled from the waste at once, so the card
    # turned here lands on the waste and leaves it within one action (the waste ends empty)
    game = Game("egyptian-old", deal=517293)
    for move in ("t7>f2", "t4>t3"):
        game.play(move)
    view = TableView(game, pygame.Rect(0, 40, 800, 520), False, "classic")
    before = view.counts()
    action = game.play("st>w")
    assert [e.kind for e in action.events] == ["turn", "refill"] and not game.pile("w")
    tweens = tweens_for(action.events, before, view.counts(), view.rects, view.face_up, 0.0, 1.0)
    waste = view.rects("w", 1)[0]
    gap = view.rects("t4", 1)[0]
    assert [(t.card, t.end) for t in tweens] == [("JD", waste), ("JD", gap)]


# -- one card's flight ---------------------------------------------------------------

CARD = pygame.Rect(0, 0, 50, 70)


def test_a_flight_leaves_fast_lands_softly_and_lifts_the_card_on_its_way():
    # the card slows as it lands (ease out) and rises a little mid-way, leaving the table
    flight = Tween("AS", CARD, CARD.move(200, 0), 1.0, 1.0, "t1", 0)
    assert flight.rect_at(1.0) == CARD
    assert flight.rect_at(1.25).x > 200 * 0.25 + 40  # most of the way in the first quarter
    middle = flight.rect_at(1.5)
    assert middle.y < CARD.y  # lifted off the line between its places
    assert flight.rect_at(2.0) == CARD.move(200, 0)


def test_a_card_waiting_for_its_turn_or_landed_stays_on_its_place():
    # a deal's later cards wait on the deck till their turn; a frame drawn between the
    # last update and the landing shows the card on its place, not past it
    flight = Tween("AS", CARD, CARD.move(200, 100), 1.0, 0.5, "t1", 0)
    assert flight.rect_at(0.2) == CARD
    assert flight.rect_at(1.9) == CARD.move(200, 100)


def test_a_card_turning_over_shows_its_back_until_half_way_and_turns_on_its_edge():
    flight = Tween("AS", CARD, CARD.move(200, 0), 0.0, 1.0, "t1", 0, False, True)
    assert [flight.face_up_at(t) for t in (0.0, 0.3, 0.6, 1.0)] == [False, False, True, True]
    # its width: whole, narrowing to an edge half way, whole again on landing
    assert [flight.flip_scale(t) for t in (0.0, 0.25, 0.5, 0.75, 1.0)] == [1, 0.5, 0, 0.5, 1]


def test_a_removed_card_fades_as_it_leaves_and_a_moved_one_stays_whole():
    removed = Tween("AS", CARD, CARD.move(200, 0), 0.0, 1.0, "out", 0, fade=True)
    alphas = [removed.alpha_at(t / 10) for t in range(11)]
    assert alphas[0] == 255 and alphas == sorted(alphas, reverse=True)
    assert 0 < alphas[-1] < 64  # all but gone as it lands
    moved = Tween("AS", CARD, CARD.move(200, 0), 0.0, 1.0, "t2", 0)
    assert {moved.alpha_at(t / 10) for t in range(11)} == {255}


# -- an action's flights ---------------------------------------------------------------


def dealt(speed: float):
    game = Game("egyptian", deal=4)
    view = TableView(game, pygame.Rect(0, 40, 1280, 680), False, "classic")
    counts = view.counts()
    deck = view.place_rect("st")
    zero = dict.fromkeys(counts, 0)
    return deck, tweens_for(
        game.deal_events, zero, counts, view.rects, view.face_up, 0.0, speed, deck
    )


def test_the_deal_flies_each_card_face_down_from_the_deck_one_after_another():
    deck, tweens = dealt(1.0)
    # the stock is dealt where it already lies: none of its cards flies
    assert tweens and all(t.pile != "st" for t in tweens)
    assert all(t.start == deck and not t.face_up_from for t in tweens)
    assert [t.begin for t in tweens] == pytest.approx(
        [i * DEAL_STAGGER for i in range(len(tweens))]
    )
    assert {t.duration for t in tweens} == {DEAL_S}


def test_the_deal_at_double_speed_takes_half_the_time():
    _, normal = dealt(1.0)
    _, fast = dealt(2.0)
    assert [t.begin for t in fast] == pytest.approx([t.begin / 2 for t in normal])
    assert [t.duration for t in fast] == pytest.approx([t.duration / 2 for t in normal])


def turned_and_refilled():
    """Egyptian Pyramid, old rules: st>w turns a card that refills the gap at t4 at once."""
    game = Game("egyptian-old", deal=517293)
    for move in ("t7>f2", "t4>t3"):
        game.play(move)
    view = TableView(game, pygame.Rect(0, 40, 800, 520), False, "classic")
    return game, view


def test_the_engine_s_refill_leaves_a_little_after_the_player_s_card_at_any_speed():
    for speed in (1.0, 2.0):
        game, view = turned_and_refilled()
        before = view.counts()
        action = game.play("st>w")
        turn, refill = tweens_for(
            action.events, before, view.counts(), view.rects, view.face_up, 5.0, speed
        )
        assert turn.begin == 5.0 and turn.duration == pytest.approx(MOVE_S / speed)
        assert refill.begin == pytest.approx(5.0 + CHAIN_GAP / speed)


def test_an_undone_refill_flies_back_the_way_it_came():
    # the gap's card goes back to the waste, then the waste's card back onto the stock
    game, view = turned_and_refilled()
    stock, waste, gap = view.rects("st", 1)[0], view.rects("w", 1)[0], view.rects("t4", 1)[0]
    game.play("st>w")
    before = view.counts()
    action = game.undo()
    back = tweens_for(invert(action.events), before, view.counts(), view.rects, view.face_up, 0.0)
    assert [(t.card, t.start, t.end, t.pile) for t in back] == [
        ("JD", gap, waste, "w"),
        ("JD", waste, stock, "st"),
    ]
    assert back[-1].face_up_from and not back[-1].face_up_to  # turned face down on the stock


def test_an_undone_turn_of_the_reserve_lands_each_card_on_its_own_place_again():
    # Pyramid 52 with three passes: the reserve turned over into the stock, taken back
    game = Game("pyramid52", {"passes": 3}, deal=1)
    while game.pile("st"):
        game.play("st>w")
    view = TableView(game, pygame.Rect(0, 40, 1280, 680), False, "classic")
    game.play("w>st")
    before = view.counts()
    action = game.undo()
    after = view.counts()
    back = tweens_for(invert(action.events), before, after, view.rects, view.face_up, 0.0)
    assert len(back) == after["w"]
    for t in back:
        assert game.pile("w")[t.index] == t.card, t
        assert t.end == view.rects("w", after["w"])[t.index]
    # they leave the stock face down, but for its top card, which Pyramid shows: the
    # reserve's first card, back at the bottom of it
    assert [t.index for t in back if t.face_up_from] == [0]


def test_three_cards_turned_at_once_land_each_on_its_own_place_in_the_waste_s_fan():
    game = Game("egyptian", {"draw": 3}, deal=4)
    view = TableView(game, pygame.Rect(0, 40, 1280, 680), False, "classic")
    before = view.counts()
    action = game.play("st>w")
    after = view.counts()
    tweens = tweens_for(action.events, before, after, view.rects, view.face_up, 0.0)
    assert len(tweens) == 3
    fan = view.rects("w", after["w"])
    assert [(t.card, t.end) for t in tweens] == [
        (card, fan[i]) for i, card in enumerate(game.pile("w"))
    ]
    assert len({t.end.x for t in tweens}) == 3  # three places, side by side


def test_giving_up_flies_no_card():
    # a replay of a game given up steps into its last move, the resignation, as into any
    game = Game("egyptian", deal=4)
    view = TableView(game, pygame.Rect(0, 40, 1280, 680), False, "classic")
    before = view.counts()
    action = game.resign()
    assert tweens_for(action.events, before, view.counts(), view.rects, view.face_up, 0.0) == []
