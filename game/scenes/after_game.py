"""Where a finished game leads: the initials first when it entered a table, then the results."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.scenes.summary import GameSummary
from game.store import ARCADE, DAILY

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene


def after_game(app: App, summary: GameSummary) -> Scene:
    from game.scenes.arcade import after_level
    from game.scenes.initials import InitialsScene
    from game.scenes.results import ResultsScene

    records, facts, game = app.records, summary.facts, summary.game
    if facts is None:
        return ResultsScene(app, summary)
    if facts.mode == ARCADE:
        status = after_level(app, facts, game.won)
        place = records.run_position(status.ladder, status.run) if status else None
        if status is None or place is None:
            return ResultsScene(app, summary, arcade=status)

        def enter_run(initials: str) -> Scene:
            records.set_initials(initials)
            records.add_run_score(status.ladder, status.run, initials)
            return ResultsScene(app, summary, arcade=status)

        subtitle = _("Place {n} in the arcade table: your initials?", n=place)
        return InitialsScene(app, _heading(place), subtitle, records.initials, enter_run)
    place = records.entry_position(game, facts)
    if place is None:
        return ResultsScene(app, summary)

    def enter_game(initials: str) -> Scene:
        records.set_initials(initials)
        records.add_game_score(game, facts, initials)
        return ResultsScene(app, summary)

    table = _("the deal of the day table") if facts.mode == DAILY else _("the table")
    subtitle = _("Place {n} in {table}: your initials?", n=place, table=table)
    return InitialsScene(app, _heading(place), subtitle, records.initials, enter_game)


def _heading(place: int) -> str:
    """ "A new high score!" for the first place only: it crowned a lost game's tenth."""
    return _("A new high score!") if place == 1 else _("You are in the high-score table!")
