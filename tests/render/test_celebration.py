"""The win's bouncing cards."""

import copy

import pygame
import pytest

from game.render.celebration import Celebration


def test_a_window_resized_during_the_win_gives_the_cards_its_whole_felt():
    # kept to the old felt, the cards bounced on a floor in the middle of a window grown
    # full screen, through the win's banner
    small, large = pygame.Rect(0, 40, 1100, 600), pygame.Rect(0, 40, 2560, 1340)
    cards = [(f"{r}S", pygame.Rect(100 + 60 * i, 60, 50, 70)) for i, r in enumerate("A23456789")]
    show = Celebration(cards, small, seed=3)
    for _ in range(30):
        show.update(1 / 60)
    flying = len(show.flyers)
    assert flying and show.queue
    show.resize(large)
    lowest = 0.0
    for _ in range(60 * 6):
        show.update(1 / 60)
        lowest = max([lowest] + [f.y for f in show.flyers])
    assert lowest > small.bottom + 200  # they fall to the new floor
    assert lowest <= large.bottom


# -- the show itself ------------------------------------------------------------------

FELT = pygame.Rect(0, 40, 1280, 720)
CARD = (50, 70)


def forty_cards() -> list[tuple[str, pygame.Rect]]:
    ranks = "A23456789TJQK"
    names = [r + s for s in "SHDC" for r in ranks][:40]
    return [
        (name, pygame.Rect(100 + 20 * i, 60 + (i % 3) * 90, *CARD)) for i, name in enumerate(names)
    ]


def test_the_cards_leave_one_after_another_from_where_they_lay_leaping_either_way():
    cards = forty_cards()
    show = Celebration(cards, FELT, seed=5)
    show.update(1 / 60)
    assert len(show.flyers) == 1  # one card at a time, at a steady pace
    for _ in range(29):
        show.update(1 / 60)
    assert 4 <= len(show.flyers) <= 7  # half a second: one every 0.09 s
    show = Celebration(cards, FELT, seed=5)
    first_drawn, first_vy = {}, {}
    while show.queue:
        show.update(1e-3)  # so short a step that a card just launched has hardly moved
        for card, rect in show.positions(CARD):
            first_drawn.setdefault(card, rect)
        for f in show.flyers:
            first_vy.setdefault(f.card, f.vy)
    for card, rect in cards:  # off its place on the table
        assert abs(first_drawn[card].x - rect.x) <= 1 and abs(first_drawn[card].y - rect.y) <= 1
    assert sum(vy < 0 for vy in first_vy.values()) >= 30  # most leap up off the table
    sideways = [f.vx for f in show.flyers]
    assert any(vx > 0 for vx in sideways) and any(vx < 0 for vx in sideways)


def test_a_card_bounces_on_the_felt_s_floor_losing_height_each_time():
    show = Celebration([("AS", pygame.Rect(600, 300, *CARD))], FELT, seed=1)
    bounces = []
    ys = []
    while show.flyers or show.queue:
        before = [f.vy for f in show.flyers]
        show.update(1 / 120)
        after = [f.vy for f in show.flyers]
        if before and after and before[0] > 0 > after[0]:
            bounces.append(show.flyers[0].y)
        ys += [f.y for f in show.flyers]
    assert bounces and all(y == FELT.bottom - 1 for y in bounces)
    assert max(ys) <= FELT.bottom - 1


def test_the_show_lasts_till_the_last_card_is_off_the_felt_and_drops_none_in_sight():
    show = Celebration(forty_cards(), FELT, seed=7)
    launched_all = False
    w = CARD[0]
    while not show.done:
        flying = list(show.flyers)
        show.update(1 / 60)
        gone = [f for f in flying if f not in show.flyers]
        for f in gone:  # it left only once wholly past the felt's side
            assert f.x + w <= FELT.left or f.x >= FELT.right, (f.card, f.x)
        if not show.queue and not launched_all:
            launched_all = True
            assert show.flyers and not show.done  # the last ones still fly
    assert launched_all and not show.flyers


def test_a_resized_show_goes_on_as_the_same_show_on_the_new_felt():
    # every card in flight where it was, as fast and under as strong a pull, in
    # proportion to the new felt
    small, large = pygame.Rect(0, 40, 1000, 600), pygame.Rect(20, 60, 2500, 1200)
    sx, sy = large.width / small.width, large.height / small.height
    kept = Celebration(forty_cards(), small, seed=4)
    for _ in range(40):
        kept.update(1 / 60)
    resized = copy.deepcopy(kept)
    resized.resize(large)
    flying = {f.card for f in kept.flyers}
    for _ in range(60):
        kept.update(1 / 60)
        resized.update(1 / 60)
    where = {f.card: (f.x, f.y) for f in kept.flyers}
    both = [f for f in resized.flyers if f.card in where and f.card in flying]
    assert len(both) >= 3
    for f in both:
        x, y = where[f.card]
        assert f.x == pytest.approx(large.x + (x - small.x) * sx, abs=3), f.card
        assert f.y == pytest.approx(large.y + (y - small.y) * sy, abs=3), f.card


def test_the_show_of_forty_cards_is_over_within_eight_seconds():
    # every card leaves sideways at a quarter of the felt's width a second or more: the
    # results wait for no card creeping across the felt
    for seed in range(10):
        show = Celebration(forty_cards(), FELT, seed=seed)
        for _ in range(60 * 8):
            show.update(1 / 60)
        assert show.done, seed


def test_the_cards_not_launched_yet_when_the_window_is_resized_leave_from_the_new_felt():
    small, large = pygame.Rect(0, 40, 1000, 600), pygame.Rect(20, 60, 2500, 1200)
    cards = forty_cards()
    show = Celebration(cards, small, seed=4)
    for _ in range(20):
        show.update(1 / 60)
    show.resize(large)
    waiting = {card for card, _ in show.queue}
    assert len(waiting) > 20
    first_drawn = {}
    while show.queue:
        show.update(1e-3)
        for card, rect in show.positions(CARD):
            first_drawn.setdefault(card, rect)
    sx, sy = large.width / small.width, large.height / small.height
    for card, rect in cards:
        if card in waiting:
            x, foot = large.x + (rect.x - small.x) * sx, large.y + (rect.bottom - small.y) * sy
            drawn = first_drawn[card]
            assert abs(drawn.x - x) <= 3 and abs(drawn.bottom - foot) <= 3, card


def test_a_card_still_to_leave_after_a_resize_leaves_from_its_foot_on_the_new_felt():
    # kept at its old size, a card waiting to leave a felt doubled in size leapt from
    # some 70 px above its place: its foot stood where its old foot was, not mapped
    small, large = pygame.Rect(0, 0, 1000, 600), pygame.Rect(0, 0, 2000, 1200)
    cards = forty_cards()
    show = Celebration(cards, small, seed=4)
    show.resize(large)
    big = (CARD[0] * 2, CARD[1] * 2)  # the cards laid out again, twice as large
    show.update(0.0)  # the first card leaves
    ((card, rect),) = show.positions(big)
    old = dict(cards)[card]
    assert abs(rect.bottom - old.bottom * 2) <= 2 and abs(rect.top - old.top * 2) <= 2
