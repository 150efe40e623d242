"""What taking moves back costs, in the player's words: the questions Undo and Restart
ask before they cost a game its place in the tables (or a fortune its verdict), and
what is said once they did."""

from __future__ import annotations

from game.i18n import _
from game.store.saved import BY_SEEN_STOCK


def taking_back_question(
    cost: str, restart: bool, over: bool, run: bool = False, worse: bool = False
) -> str:
    """What taking back costs (`cost`: BY_SEEN_STOCK or BY_TAKING_BACK), asked of a game
    in play, or of one at its end, which would lose its result (a seen stock card costs
    a day's or an arcade game only, whose end stands: never asked at its end); `run`: an
    arcade game, whose run it costs its table. A take-back costs for what the solver
    said of the moves it takes back, and says so: that they lost the win, or (`worse`)
    that they made a lost deal's best score worse ("No win is possible from here" of a
    deal lost from its start did not say why an Undo cost anything)."""
    if cost == BY_SEEN_STOCK and run:
        if restart:
            return _(
                "A card of the stock has been seen: start the deal over and this arcade run"
                " is marked assisted (no place in its table), or play on."
            )
        return _(
            "This puts a card you have seen back on the stock: take it back and this"
            " arcade run is marked assisted (no place in its table), or play on."
        )
    if cost == BY_SEEN_STOCK:
        if restart:
            return _(
                "A card of the stock has been seen: start the deal over and the game is"
                " marked assisted (no high score), or play on."
            )
        # what the player learnt is the card the move showed, hidden again by the Undo
        return _(
            "This puts a card you have seen back on the stock: take it back and the game"
            " is marked assisted (no high score), or play on."
        )
    # the solver's words the moves taken back were played past, then what it costs
    if worse and restart:
        why = _("The solver has said that one of your moves made the best possible result worse")
    elif worse:
        why = _("The solver has said that this move made the best possible result worse")
    elif restart:
        why = _("The solver has said that no win is possible from here")
    else:
        why = _("The solver has said that no win is possible after this move")
    if run:  # a level's help keeps its whole run out of the arcade's table
        return _run_taking_back(why, restart, over)
    # at the end, what is given up for it too: the result, never seen again
    if over and restart:
        return _(
            "{why}: start the deal over, this result dropped, and the game is marked"
            " assisted (no high score), or keep this result.",
            why=why,
        )
    if over:
        return _(
            "{why}: take it back, this result dropped, and the game is marked assisted"
            " (no high score), or keep this result.",
            why=why,
        )
    if restart:
        return _(
            "{why}: start the deal over and the game is marked assisted (no high score),"
            " or play on.",
            why=why,
        )
    return _(
        "{why}: take it back and the game is marked assisted (no high score), or play on.",
        why=why,
    )


def _run_taking_back(why: str, restart: bool, over: bool) -> str:
    """taking_back_question's words past the solver's, for an arcade game: it is the
    run that leaves its table ("no high score" was said of the game alone)."""
    if over and restart:
        return _(
            "{why}: start the deal over, this result dropped, and this arcade run is"
            " marked assisted (no place in its table), or keep this result.",
            why=why,
        )
    if over:
        return _(
            "{why}: take it back, this result dropped, and this arcade run is marked"
            " assisted (no place in its table), or keep this result.",
            why=why,
        )
    if restart:
        return _(
            "{why}: start the deal over and this arcade run is marked assisted (no place"
            " in its table), or play on.",
            why=why,
        )
    return _(
        "{why}: take it back and this arcade run is marked assisted (no place in its"
        " table), or play on.",
        why=why,
    )


def undo_question(table: bool, by_key: str = "") -> str:
    """What an Undo that puts a seen card back on the stock costs a fortune, asked
    before it: the wish's verdict, and with it the game's place in the tables; asked
    of the key `by_key` names (U, Ctrl+Z: after Ctrl+Z it said to press "Undo"), or
    of the button."""
    press = by_key or _("“Undo”")
    if table:
        return _(
            "Press {press} again: it puts a card you have seen back on the stock, so your"
            " wish will get no verdict, and this game will not enter the high-score tables.",
            press=press,
        )
    return _(
        "Press {press} again: it puts a card you have seen back on the stock, so your"
        " wish gets no verdict.",
        press=press,
    )


def seen_stock_said(table: bool) -> str:
    """Said once an Undo put a seen card back on a fortune's stock."""
    if table:
        return _(
            "Your wish gets no verdict now, and this game will not enter the tables: the"
            " stock's card has been seen."
        )
    return _("Your wish gets no verdict now: the stock's card has been seen.")


def restart_question(table: bool, by_key: bool = False) -> str:
    """What Restart costs a fortune, asked before it: its verdict, and with the stock
    seen, the game's place in the tables; asked of the key (F5) or the button."""
    press = "F5" if by_key else _("“Restart”")
    if table:
        return _(
            "Press {press} again: the deal played again gives your wish no verdict, and"
            " with a card of its stock seen, this game will not enter the high-score tables.",
            press=press,
        )
    return _("Press {press} again: the deal played again gives your wish no verdict.", press=press)


def taken_back_said(by: str, worse: bool = False) -> str:
    """Said once a move was taken back at the cost of the tables (`by`: why), naming the
    solver's word the question named (`worse`: a best score made worse, not a win lost:
    "after the solver said it could not be won" followed a question about points)."""
    if by == BY_SEEN_STOCK:
        return _("A card of the stock you had seen is hidden again: this game is assisted.")
    if worse:
        return _(
            "Move taken back after the solver said it made the best result worse: this game"
            " is assisted."
        )
    return _("Move taken back after the solver said no win was possible: this game is assisted.")


def started_over_said(by: str, worse: bool = False) -> str:
    """Said once Restart started over at the cost of the tables (`by`: why; `worse`: as
    taken_back_said has it)."""
    if by == BY_SEEN_STOCK:
        return _("Started over with a card of the stock seen: this game is assisted.")
    if worse:
        return _(
            "Started over after the solver said a move made the best result worse: this game"
            " is assisted."
        )
    return _("Started over after the solver said no win was possible: this game is assisted.")
