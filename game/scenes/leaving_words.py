"""What leaving a game in play costs, in the player's words: the questions Give up and
New deal (on the table) and Play (in the menu) ask before they end a game, and with it
a fortune's wish that still counts. Hint, Demo, Undo and Restart each said what they
did to the wish; the presses that answer it said nothing."""

from __future__ import annotations

from game.i18n import _, n_


def give_up_question(by_key: bool, wish: bool, lives: int | None = None) -> str:
    """What the first press of Give up asks: of its key (G) or of its button. `lives`:
    an arcade run's, where giving up costs one, and the last ends the run (said only
    after the second press, as the run's news, a score-chaser learnt it too late)."""
    if lives is not None:
        return _arcade_give_up_question(by_key, lives)
    if wish:
        if by_key:
            return _("Press G again to give up: your wish will not come true.")
        return _(
            "Press “Give up” again: the patience will not come out, and your wish"
            " will not come true."
        )
    return _("Press G again to give up.") if by_key else _("Press “Give up” again to end the game.")


def _arcade_give_up_question(by_key: bool, lives: int) -> str:
    if lives <= 1:
        if by_key:
            return _("Press G again to give up: this is your last life, and the run ends.")
        return _("Press “Give up” again: this is your last life, and the run ends.")
    left = n_("{n} life", "{n} lives", lives - 1)
    if by_key:
        return _("Press G again to give up: it costs a life ({left} left).", left=left)
    return _("Press “Give up” again: the level is lost, and a life ({left} left).", left=left)


def new_deal_question(wish: bool, by_key: bool = False) -> str:
    """What New deal asks of a game in play, which it gives up; asked of the key (N) or
    the button that asked, as Give up's question is."""
    press = "N" if by_key else _("“New deal”")
    if wish:
        return _(
            "Press {press} again: this game then counts as a loss, and your wish"
            " will not come true.",
            press=press,
        )
    return _("Press {press} again: this game then counts as a loss.", press=press)


def play_question(
    resumes: bool, wish: bool, left: bool = True, day: bool = False, by_key: bool = False
) -> str:
    """What the menu's Play asks where it would give up a game left in play (`left`;
    `resumes`: the menu's Continue offers that game), or today's deal of the day's place
    in its table (`day`: its number typed), or both; naming the press that asked (Enter
    on the list of patiences asks as Play does, where no Play is in sight)."""
    press = "Enter" if by_key else _("“Play”")
    if not left:
        return _(
            "Press {press} again to play today's deal of the day as a free game: it then"
            " stays out of the day's table. “Deal of the day” plays it for the table.",
            press=press,
        )
    asked = _left_question(resumes, wish, press)
    if day:  # asked of the game left alone, the day's table went unasked
        played_so = _("Played so, today's deal of the day stays out of its table.")
        return f"{asked} {played_so}"
    return asked


def _left_question(resumes: bool, wish: bool, press: str) -> str:
    if wish:
        if resumes:
            return _(
                "Press {press} again for a new game: the unfinished fortune of this"
                " patience then counts as a loss, and its wish will not come true."
                " “Continue” resumes it.",
                press=press,
            )
        return _(
            "Press {press} again for a new game: your unfinished fortune of this"
            " patience then counts as a loss, and its wish will not come true.",
            press=press,
        )
    if resumes:
        return _(
            "Press {press} again for a new game: the unfinished game of this patience"
            " then counts as a loss. “Continue” resumes it.",
            press=press,
        )
    return _(
        "Press {press} again for a new game: your unfinished game of this"
        " patience then counts as a loss.",
        press=press,
    )
