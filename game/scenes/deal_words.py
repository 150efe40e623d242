"""What a table knows of its deal from other games, said as it is dealt: help had with
it before, the deal played before (in a daily, a fortune, an arcade level)."""

from __future__ import annotations

from game.i18n import _
from game.store.saved import BY_TOLD_BEFORE, BY_WATCHED_BEFORE


def deal_words(
    helped_before: str | None, practised: bool, fortune_void: bool, run: bool, fortune: bool
) -> str:
    """The words for a deal that had help in another game (`helped_before`, a BY_ kind),
    that was `practised` (a day's deal, or an arcade level's when `run`), or whose
    fortune is void (played before); none where it is new. `fortune`: the game is
    played as one (help had with its deal leaves no verdict either)."""
    # a fortune's news first: "assisted" alone left a wish that could not come true unsaid
    if helped_before == BY_TOLD_BEFORE and fortune:
        return _(
            "In another game of this deal, the solver said which move lost the win, or the"
            " best result: it tells no fortune this time, and this game is assisted."
        )
    if helped_before == BY_TOLD_BEFORE:
        return _(
            "In another game of this deal, the solver said which move lost the win, or the"
            " best result: this game is assisted."
        )
    if helped_before == BY_WATCHED_BEFORE and fortune:
        return _(
            "A replay of this deal was watched here: it tells no fortune this time, and"
            " this game is assisted."
        )
    if helped_before == BY_WATCHED_BEFORE:
        return _("A replay of this deal was watched here: this game is assisted.")
    if helped_before and fortune:
        return _(
            "This deal was played with the solver's help before: it tells no fortune this"
            " time, and this game is assisted."
        )
    if helped_before:
        return _("This deal was played with the solver's help before: this game is assisted.")
    if practised and fortune_void:
        # the fortune's news first: "stays out of its table" alone left a wish that
        # could not come true unsaid
        return _(
            "You have played this deal before: it tells no fortune this time, and this"
            " game stays out of its table."
        )
    if practised and run:
        return _(
            "You have played this level's deal in another game: this run stays out of"
            " the arcade table."
        )
    if practised:
        return _("You have played this deal before: this game stays out of its table.")
    if fortune_void:
        return _("You have played this deal before: it tells no fortune this time.")
    return ""
