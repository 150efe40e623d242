"""Why a game is assisted, in the player's words: its first help, named on the results
(beside the figure it explains), under a fortune it voided, and at an arcade run's end."""

from __future__ import annotations

from typing import NamedTuple

from game.i18n import _
from game.store.saved import (
    BY_DEMO,
    BY_HELP_BEFORE,
    BY_HINT,
    BY_PRACTISED,
    BY_SEEN_STOCK,
    BY_TAKING_BACK,
    BY_TOLD_BEFORE,
    BY_WATCHED_BEFORE,
)


class HelpWords(NamedTuple):
    note: str  # beside the figure it explains: why the game is assisted
    void: str  # under a fortune without a verdict: why it has none


def help_words(by: str) -> HelpWords:
    """What the results say of a game's first help (`by`, one of BY_...), named: "the
    solver helped" after one hint read as a demo the player never asked for."""
    if by == BY_HINT:  # the note says no more: the hints' count is beside it
        return HelpWords(_("assisted"), _("A hint was taken while it was laid out."))
    if by == BY_DEMO:
        return HelpWords(_("assisted: the demo played"), _("The demo played this deal."))
    if by == BY_TAKING_BACK:
        return HelpWords(
            _("assisted: a move taken back"),
            _("A move was taken back once the solver had said no win was possible."),
        )
    if by == BY_SEEN_STOCK:
        return HelpWords(
            _("assisted: a seen stock card taken back"),
            _("A card put back on the stock had been seen."),
        )
    if by == BY_HELP_BEFORE:
        return HelpWords(
            _("assisted: help was used on this deal before"),
            _("This deal had the solver's help before."),
        )
    if by == BY_PRACTISED:
        return HelpWords(
            _("assisted: the deal played in another game"),
            _("This level's deal was played in another game while it waited."),
        )
    if by == BY_TOLD_BEFORE:
        return HelpWords(
            _("assisted: the solver's verdict seen in another game"),
            _(
                "In another game of this deal, the solver said which move lost the win, or"
                " the best result."
            ),
        )
    if by == BY_WATCHED_BEFORE:
        return HelpWords(
            _("assisted: a replay of this deal was watched"),
            _("A replay of this deal was watched before it was played."),
        )
    # a game saved before its help was kept
    return HelpWords(_("assisted"), _("The solver helped play this deal."))
