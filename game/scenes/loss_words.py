"""What the table says of a deal the solver proved lost: the aim of the game at its deal,
the news when a move made the best worse, the verdict after."""

from __future__ import annotations

from game.i18n import _
from game.scenes.table_analysis import Answer
from game.ui.labels import points


def lost_words(known: Answer, at_deal: bool, before: int | None = None) -> str:
    """What a proven loss (`known`) means to the player. Said at the deal (`at_deal`:
    most Pyramid 52 deals cannot be won), it is the aim of the game, not a verdict on
    the play; to one who watches a replay, the verdict (told to play for the fewest
    points, a watcher has no move to make). After a move that made the best worse than
    `before`, that the move did: "Best possible: 104" read as the news before it said
    again, and taking the move back then cost the tables, as said."""
    left = points(known.best_remaining_points)
    exact = known.best_exact
    if before is not None and exact:
        return _(
            "That move made the best result worse: {points} left at best, {before} before it.",
            points=left,
            before=points(before),
        )
    if at_deal:
        if exact:
            return _(
                "This deal cannot be won: play for the fewest points left ({points} at best).",
                points=left,
            )
        return _(
            "This deal cannot be won: play for the fewest points left"
            " ({points} is the best found).",
            points=left,
        )
    if exact:
        return _("There is no way to win from here. Best possible: {points} left.", points=left)
    return _("There is no way to win from here. Best found: {points} left.", points=left)
