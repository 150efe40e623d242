"""Where a finished game leads: the initials first when it entered a table, then the results."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _, clock_text, n_
from game.scenes.summary import GameSummary
from game.store import ARCADE, DAILY

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene


def after_game(app: App, summary: GameSummary) -> Scene:
    from game.scenes.arcade import after_level
    from game.scenes.initials import InitialsScene
    from game.scenes.results import ResultsScene
    from game.ui.labels import points

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

        # the run's score, as the table ranks it: the initials were asked for a place
        # with the levels and points that earned it nowhere on the screen
        state = status.run.state
        subtitle = _(
            "{levels} cleared, {points} left: place {n} in the arcade table. Your initials?",
            levels=n_("{n} level", "{n} levels", state.level),
            points=points(state.points),
            n=place,
        )
        heading = _heading(place, best=place == 1)  # the run's total, won level or not
        # how the run ended: "You gave up" of its last game read against the run's
        # "A new high score!"
        run_end = status.news()
        return InitialsScene(
            app, heading, subtitle, records.initials, enter_run, run_end, game_id=facts.record_id
        )
    place = records.entry_position(game, facts)
    if place is None:
        return ResultsScene(app, summary)

    def enter_game(initials: str) -> Scene:
        records.set_initials(initials)
        records.add_game_score(game, facts, initials)
        return ResultsScene(app, summary)

    table = _("the deal of the day table") if facts.mode == DAILY else _("the table")
    # the score being entered, as the table ranks it: a win by its time, a loss by the
    # points it left ("Place 1" alone did not say for what); a win said once, by the
    # line over it ("Came out in 1:14" under "The patience came out!"), and a dash, not a
    # second colon, after its time ("In 1:14: place 1")
    score = (
        _("In {time}", time=clock_text(summary.seconds))
        if game.won
        else _("{points} left", points=points(game.score.remaining_points))
    )
    subtitle = _(
        "{score} — place {n} in {table}. Your initials?", score=score, n=place, table=table
    )
    told = outcome_line(summary)
    if not game.won:
        # how it ended is the news, not the table: a gold "You are in the high-score
        # table!" under "Your wish will not come true" celebrated a lost fortune
        return InitialsScene(
            app,
            told,
            subtitle,
            records.initials,
            enter_game,
            celebrate=False,
            game_id=facts.record_id,
        )
    heading = _heading(place, best=place == 1)
    if summary.wish_counts:
        # the answer to the wish is the news, the table's place beside it: under a big
        # "A new high score!" the wish come true was the smallest line of the screen,
        # where a wish that will not come true stands as the title
        return InitialsScene(
            app, told, subtitle, records.initials, enter_game, heading, game_id=facts.record_id
        )
    return InitialsScene(
        app, heading, subtitle, records.initials, enter_game, told, game_id=facts.record_id
    )


def outcome_line(summary: GameSummary) -> str:
    """How the game ended, said above the initials: a fortune's verdict (when it counts),
    or the results' headline. Asked first, the initials hid it: a wish that will not
    come true was greeted "A new high score!" before it was told."""
    from game.scenes.results import headline, verdict

    if summary.wish_counts:
        return verdict(summary)
    return headline(summary)  # a void verdict said alone left a win unsaid


def _heading(place: int, best: bool) -> str:
    """ "A new high score!" for the best place only: it crowned a lost game's tenth, and
    a lost game that was first in an empty table."""
    return _("A new high score!") if best else _("You are in the high-score table!")
