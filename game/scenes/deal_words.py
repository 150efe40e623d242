"""What a table knows of its deal from other games, said as it is dealt: help had with
it before, the deal played before (in a daily, a fortune, an arcade level)."""

from __future__ import annotations

from game.i18n import _
from game.store.saved import BY_HELP_BEFORE, BY_TOLD_BEFORE, BY_WATCHED_BEFORE


def deal_words(
    helped_before: str | None,
    practised: bool,
    fortune_void: bool,
    run: bool,
    fortune: bool,
    elsewhere: str = "",
    played_in: str = "",
) -> str:
    """The words for a deal that had help in another game (`helped_before`, a BY_ kind),
    that was `practised` (a day's deal, or an arcade level's when `run`), or whose
    fortune is void (played before); none where it is new. `fortune`: the game is
    played as one (help had with its deal leaves no verdict either). `elsewhere`: the
    patience, not this one, whose game had the solver's help (at the first deal of the
    old rules, "played with the solver's help before" read as a mistake); `played_in`,
    the patience, not this one, where it was played (От нечего делать's deal of the day
    is Сбудется's: "You have played this deal before" read as a mistake there too)."""
    if elsewhere and helped_before in (BY_TOLD_BEFORE, BY_HELP_BEFORE):
        if helped_before == BY_TOLD_BEFORE:
            what = _(
                "In a game of this deal in {patience}, which lays it out alike, the solver"
                " said which move lost the win, or the best result",
                patience=elsewhere,
            )
        else:
            what = _(
                "This deal was played with the solver's help in {patience}, which lays it"
                " out alike",
                patience=elsewhere,
            )
        if fortune:
            return _("{what}: it tells no fortune this time, and this game is assisted.", what=what)
        return _("{what}: this game is assisted.", what=what)
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
    if played_in and (practised or fortune_void) and not run:
        where = _(
            "You have played this deal in {patience}, which lays it out alike",
            patience=played_in,
        )
        if practised and fortune_void:
            return _(
                "{where}: it tells no fortune this time, and this game stays out of its table.",
                where=where,
            )
        if practised:
            return _("{where}: this game stays out of its table.", where=where)
        return _("{where}: it tells no fortune this time.", where=where)
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
