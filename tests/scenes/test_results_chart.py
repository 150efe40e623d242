"""The results' chart as a player reads it: which bar is the game just played, how
tall each bar stands, the figures over them, a win's diamond and the chart's words."""

import pygame
import pytest

from game.scenes import results_chart
from game.scenes.results_chart import IVORY, draw_points_chart
from game.ui import theme

pytestmark = pytest.mark.usefixtures("english")

OUTLINE = (170, 160, 140)  # an earlier game's bar's edge
BAR_INKS = (IVORY, theme.GOLD, OUTLINE)


def chart(monkeypatch, points: list[int], size=(700, 240)):
    """The chart of `points` drawn on black, with its words kept apart: (surface, the
    words as (text, rect, colour)); the words are written on another surface, so the
    chart's own surface holds only its shapes."""
    words = []
    real = results_chart.draw_text
    aside = pygame.Surface(size)

    def recording(_surface, text, size, where, colour, *rest):
        rect = real(aside, text, size, where, colour, *rest)
        words.append((text, rect, colour))
        return rect

    monkeypatch.setattr(results_chart, "draw_text", recording)
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    draw_points_chart(surface, pygame.Rect((0, 0), size), points, 1.0)
    return surface, words


def bars(surface: pygame.Surface, below: int) -> list[dict]:
    """The bars (and a win's diamonds) under row `below`, left to right: each one's
    columns, height, and the inks it is painted in."""
    w, h = surface.get_size()
    found: list[dict] = []
    for x in range(w):
        inks = [tuple(surface.get_at((x, y)))[:3] for y in range(below, h)]
        inks = [ink for ink in inks if ink in BAR_INKS]
        if not inks:
            continue
        if found and found[-1]["right"] == x - 1:
            bar = found[-1]
        else:
            bar = {"left": x, "height": 0, "inks": set()}
            found.append(bar)
        bar["right"] = x
        bar["height"] = max(bar["height"], len(inks))
        bar["inks"] |= set(inks)
    return found


def header_bottom(words) -> int:
    return max(rect.bottom for _text, rect, _colour in words[:2])


def test_the_game_just_played_is_the_gold_bar_at_the_right_and_heights_follow_points(
    monkeypatch,
):
    surface, words = chart(monkeypatch, [30, 60, 120])
    found = bars(surface, header_bottom(words))
    assert len(found) == 3
    first, second, last = found
    assert theme.GOLD in last["inks"] and OUTLINE not in last["inks"]
    for earlier in (first, second):  # ivory, edged so that they stand apart
        assert IVORY in earlier["inks"] and OUTLINE in earlier["inks"]
        assert theme.GOLD not in earlier["inks"]
    # a bar's height is its points' share of the highest's
    assert abs(second["height"] - 2 * first["height"]) <= 2
    assert abs(last["height"] - 2 * second["height"]) <= 2


def test_each_bar_s_figure_stands_just_over_it_and_under_the_heading(monkeypatch):
    surface, words = chart(monkeypatch, [30, 60, 120])
    found = bars(surface, header_bottom(words))
    figures = {text: (rect, colour) for text, rect, colour in words}
    for bar, points in zip(found, ("30", "60", "120"), strict=True):
        rect, colour = figures[points]
        top = surface.get_height() - 10 - bar["height"]  # the bar's top row
        assert bar["left"] <= rect.centerx <= bar["right"]
        assert top - 3 <= rect.bottom <= top, (points, rect, top)
        assert rect.top >= header_bottom(words)  # the highest's clear of the heading
        assert colour == (theme.GOLD if points == "120" else theme.INK_DIM)


def test_a_win_is_a_diamond_with_no_bar_and_no_figure_and_its_legend_has_one(monkeypatch):
    surface, words = chart(monkeypatch, [0, 120, 60])
    assert "0" not in [text for text, _rect, _colour in words]
    found = bars(surface, header_bottom(words))
    win = found[0]
    assert win["inks"] == {theme.GOLD}  # no ivory bar under the diamond
    assert win["height"] < found[2]["height"]
    legend = next(rect for text, rect, _colour in words if text == "a win")
    # the legend's own diamond just left of its words
    beside = [
        (x, y)
        for x in range(max(0, legend.left - 3 * legend.height), legend.left)
        for y in range(legend.top, legend.bottom)
        if tuple(surface.get_at((x, y)))[:3] == theme.GOLD
    ]
    assert beside


def test_a_chart_of_sixty_games_draws_sixty_bars_apart(monkeypatch):
    surface, words = chart(monkeypatch, [10 + i for i in range(60)])
    assert len(bars(surface, header_bottom(words))) == 60


def test_the_scale_is_the_highest_bar_s_points_wherever_it_stands(monkeypatch):
    _surface, words = chart(monkeypatch, [364, 65, 90])
    assert "Most left: 364 points" in [text for text, _rect, _colour in words]


def test_the_heading_counts_the_games_and_one_game_is_only_a_note(monkeypatch):
    _surface, words = chart(monkeypatch, [50, 60])
    assert words[0][0] == "Points left in the last 2 games"
    _surface, words = chart(monkeypatch, [50])
    texts = [text for text, _rect, _colour in words]
    assert texts == [
        "Points left, game by game",
        "Your progress will show here after a few games.",
    ]
