"""The results scene's chart: remaining points of the last games, so progress is seen at a glance.

Drawn like the table: a felt panel, bars in the cards' ivory, the game just
played in gold, and each win (0 points) a small gold diamond on the baseline.
"""

from __future__ import annotations

import pygame

from game.i18n import _, n_
from game.render.preview import framed_box
from game.ui import labels, theme
from game.ui.widgets import draw_text, px

IVORY = (236, 230, 212)


def draw_points_chart(
    surface: pygame.Surface, rect: pygame.Rect, points: list[int], scale: float, caption: str = ""
) -> None:
    """Bars of `points`, oldest left; the last one is the game just played."""
    radius = max(4, round(8 * scale))
    framed_box(surface, rect, theme.FELT_DARK, 200, radius, px(1, scale))
    size = max(11, round(14 * scale))
    pad = max(6, round(10 * scale))
    title = caption or (
        n_("Points left in the last game", "Points left in the last {n} games", len(points))
        if len(points) >= 2
        else _("Points left, game by game")
    )
    head = draw_text(surface, title, size, (rect.x + pad, rect.y + pad // 2), theme.INK_DIM)
    if len(points) < 2:
        note = _("Your progress will show here after a few games.")
        draw_text(
            surface,
            note,
            size,
            (rect.centerx, rect.centery + head.height // 2),
            theme.INK_DIM,
            "center",
        )
        return
    top = max(points)
    # the scale of the bars: the highest one's points (a bare "286" said nothing); not
    # "Highest", which a screen where lower is better read as the best
    scale_text = _("Most left: {points}", points=labels.points(top))
    where = (rect.right - pad, rect.y + pad // 2)
    label = draw_text(surface, scale_text, size, where, theme.INK_DIM, "topright")
    # a win has no bar: its diamond, said once, needs no guessing (where it fits)
    words = _("a win")
    r, gap = max(4, label.height // 2), max(3, size // 2)  # as the chart's own diamonds
    if 0 in points and head.right + size + 2 * r + gap + theme.font(size).size(words)[0] < (
        label.left - size
    ):
        where = (label.left - size, label.top)
        legend = draw_text(surface, words, size, where, theme.INK_DIM, "topright")
        _diamond(surface, (legend.left - r - gap, legend.centery), r)
    plot = pygame.Rect(rect.x + pad, max(head.bottom, label.bottom) + pad // 2, 0, 0)
    plot.width = rect.right - pad - plot.x
    plot.height = rect.bottom - pad - plot.y
    if plot.height < 8 or plot.width < 2 * len(points):
        return
    # as thick as the frame round it (1 px at 4K beside a 3 px frame)
    pygame.draw.line(surface, theme.BUTTON_EDGE, plot.bottomleft, plot.bottomright, px(1, scale))
    slot = plot.width / len(points)
    # with few games a slot is wide: the bars (and a win's diamond) keep a bar's width
    bar_w = max(2, min(int(slot * 0.64), plot.height // 4))
    # each bar's points over it where they fit: with a few games, which bar was which
    # game's could only be guessed from the highest's
    font = theme.font(size)
    numbered = slot >= font.size(str(top))[0] + size and plot.height >= 4 * font.get_linesize()
    room = font.get_linesize() if numbered else 0
    for i, value in enumerate(points):
        x = plot.x + int(i * slot + (slot - bar_w) / 2)
        last = i == len(points) - 1
        if value == 0:
            _diamond(surface, (x + bar_w // 2, plot.bottom - bar_w // 2 - 1), bar_w // 2 + 1)
            continue
        height = max(2, round((plot.height - room) * value / top)) if top else 2
        bar = pygame.Rect(x, plot.bottom - height, bar_w, height)
        if numbered:
            ink = theme.GOLD if last else theme.INK_DIM
            draw_text(surface, str(value), size, (bar.centerx, bar.top - 1), ink, "midbottom")
        colour = theme.GOLD if last else IVORY
        pygame.draw.rect(
            surface,
            colour,
            bar,
            border_top_left_radius=max(1, bar_w // 4),
            border_top_right_radius=max(1, bar_w // 4),
        )
        if not last:
            pygame.draw.rect(
                surface,
                (170, 160, 140),
                bar,
                width=px(1, scale),
                border_top_left_radius=max(1, bar_w // 4),
                border_top_right_radius=max(1, bar_w // 4),
            )


def _diamond(surface: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """A win: the diamond suit's shape in gold."""
    x, y = centre
    r = max(3, r)
    shape = [(x, y - r), (x + int(r * 0.75), y), (x, y + r), (x - int(r * 0.75), y)]
    pygame.draw.polygon(surface, theme.GOLD, shape)
