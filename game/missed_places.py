"""Places in the tables entered as the game starts: the last game's or arcade run's,
missed because it was closed before its initials were entered, and a salvaged records
file's, made again from the games it kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import i18n
from game.ladder import Ladder, load_ladder
from game.notices import missed_entry_notices
from game.rules import LevelError
from game.store.score_keeping import MissedEntry
from game.ui.note_screen import show_note

if TYPE_CHECKING:
    from game.app import App


def enter_missed_places(app: App, initials: str | None = None) -> list[MissedEntry]:
    """Enter them under `initials`, by default those last used (a salvaged file's as no
    one's: see enter_missed_scores), and say them in the menu's notices."""
    from game.scenes.initials import clean_initials

    records = app.records
    try:
        ladder: Ladder | None = load_ladder()
    except LevelError:
        ladder = None  # the arcade says so when it is opened
    if records.tables_to_mend:  # some seconds of a kiosk's file; once (a kiosk asks often)
        show_note(app.surface, i18n._("Mending the high-score tables…"))
    if initials is None:
        initials = clean_initials(records.initials)
    entries = records.enter_missed_scores(ladder, initials)
    app.notices.extend(missed_entry_notices(entries))
    app.take_record_problems()
    return entries
