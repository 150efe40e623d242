"""The field a deal number is typed into: the digits with a caret, or, empty, the word
that no number means a random deal."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.render.preview import fit_text
from game.ui import theme
from game.ui.widgets import draw_field_box, draw_text, fitting_size, px

DEAL_DIGITS = 10  # the most digits the field takes


def digits_width(text_size: int, scale: float) -> int:
    """How wide the field must be to show its most digits with its insets and caret."""
    return theme.font(text_size, bold=True).size("0" * DEAL_DIGITS)[0] + px(24, scale, 15)


LEAST_HINT = 11  # the least size a line in the field shrinks to (Russian's was 9 px)


def _smaller_sizes(text_size: int) -> list[int]:
    """The sizes a line beside the digits may take, largest first, where room is short."""
    sizes = (text_size, text_size * 7 // 8, text_size * 3 // 4)
    return [n for n in sizes if n >= min(text_size, LEAST_HINT)]


def draw_deal_field(
    surface: pygame.Surface,
    field: pygame.Rect,
    text: str,
    text_size: int,
    scale: float,
    full_said: bool = False,
) -> None:
    """The field at `field` with `text` typed (digits) in it, at the screen's `scale`;
    `full_said` while a digit typed past its last was just refused."""
    # a digit too many was told by a sound alone, unseen with the sound off
    draw_field_box(surface, field, 4, warn=full_said)
    inset = px(10, scale, 6)
    where = (field.x + inset, field.centery)
    if text:
        room = field.width - 2 * inset - px(4, scale, 3)  # the caret too
        # ten digits in a narrow field (Russian at 800x600)
        size = fitting_size(text, max(11, int(field.height * 0.42)), room, 9, True)
        shown = draw_text(surface, text, size, where, theme.INK, "midleft", True)
        caret_h = field.height // 2
        caret = pygame.Rect(shown.right + 2, field.y + field.height // 4, px(2, scale, 2), caret_h)
        pygame.draw.rect(surface, theme.GOLD, caret)
        if full_said:
            told = _("no more digits")
            room = field.right - inset - caret.right - px(8, scale, 4)
            fits = [n for n in _smaller_sizes(text_size) if theme.font(n).size(told)[0] <= room]
            if fits:
                right = (field.right - inset, field.centery)
                draw_text(surface, told, fits[0], right, theme.WARN, "midright")
        return
    # the part in brackets tells a keyboard player digits may be typed: a smaller size
    # keeps it before it is left out (the Russian is longer)
    room = field.width - 2 * inset
    hint, size = fit_text(_("random"), text_size, room), text_size
    # the word itself smaller before it is cut ("случайн…" beside От нечего делать's
    # four rows of options, Russian at 800x600)
    for smaller in range(text_size, min(text_size, LEAST_HINT) - 1, -1):
        if theme.font(smaller).size(_("random"))[0] <= room:
            hint, size = _("random"), smaller
            break
    for smaller in _smaller_sizes(text_size):
        if theme.font(smaller).size(_("random (type a number)"))[0] <= room:
            hint, size = _("random (type a number)"), smaller
            break
    draw_text(surface, hint, size, where, theme.INK_DIM, "midleft")
