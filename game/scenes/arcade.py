"""The arcade ladder at the table: start or continue a run, deal its level, say where it stands."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from game.i18n import _, clock_text, localized, n_
from game.ladder import Ladder, load_ladder
from game.notices import Notice, file_problem
from game.rules import Game, LevelError, RulesError, get_ruleset, random_deal
from game.scenes.help_words import help_words
from game.store import ARCADE, GameFacts
from game.store.arcade import Run
from game.ui.labels import points, telling_options

if TYPE_CHECKING:
    from game.app import App
from game.scenes.base import Scene

log = logging.getLogger(__name__)
ARCADE_NOTICE = "arcade"  # the notices' key of the arcade's refusal


@dataclass(frozen=True)
class ArcadeStatus:
    """A run as the results scene tells it, after one of its games."""

    ladder: Ladder
    run: Run
    won: bool  # the game just played

    @property
    def over(self) -> bool:
        return self.run.state.over(self.ladder)

    def news(self) -> str:
        """What the game just played did to the run, or how the run ended."""
        state, total = self.run.state, len(self.ladder.levels)
        if state.level >= total:
            return _("Every level cleared!")
        if self.over:
            return _("No lives left: the run is over.")
        if self.won:
            return _("Level {n} of {total} cleared.", n=state.level, total=total)
        return _("You lost a life: {lives} left.", lives=n_("{n} life", "{n} lives", state.lives))

    def so_far(self) -> str:
        """Where a run in play stands (an ended run's figures say it in full)."""
        state = self.run.state
        levels = n_("{n} level", "{n} levels", state.level)
        left = points(state.points)
        return _("Run so far: {levels} cleared, {points} left.", levels=levels, points=left)

    def played_level(self) -> str:
        """The level of the game just played, by name (see level_name): a win has
        already climbed past it."""
        level = self.run.state.level - (1 if self.won else 0)
        return level_name(self.ladder, min(max(level, 0), len(self.ladder.levels) - 1))

    def heading(self) -> str:
        """Above the ended run's headline: the ladder and how many games the run had."""
        games = n_("{n} game", "{n} games", self.run.state.games)
        return f"{localized(self.ladder.name)} · {games}"

    def figures(self) -> list[tuple[str, str, str]]:
        """The ended run's figures, as (label, value, note): at its end they are the
        news, where the last game's figures under the run's end read as the run's."""
        state, games = self.run.state, self.run.games
        cleared = _("{n} of {count}", n=state.level, count=len(self.ladder.levels))
        return [
            (_("Levels cleared"), cleared, ""),
            (_("Cards left"), str(state.cards), ""),
            (_("Points left"), str(state.points), _("all games added up; lower is better")),
            (_("Moves"), str(state.moves), ""),
            (_("Time"), clock_text(state.seconds), ""),
            (_("Undos"), str(sum(g.undos for g in games)), ""),
            (_("Hints used"), str(sum(g.hints for g in games)), ""),
        ]

    def _helped_where(self) -> str:
        """The level whose game had the run's first help, by its number and patience:
        named by the game's own record, where the ladder's file no longer has that
        patience at that level (edited since)."""
        level, game = self.run.helped_level, self.run.helped_game
        if level is None or game is None:
            return ""
        played = (game.ruleset, game.options)
        levels = self.ladder.levels
        if level < len(levels) and (levels[level].ruleset, levels[level].options) == played:
            name = level_name(self.ladder, level)
        else:
            try:
                name = localized(get_ruleset(game.ruleset).name)
            except RulesError:  # a patience this version no longer has
                name = game.ruleset
        return _("Help came on level {n}: {name}.", n=level + 1, name=name)

    def table_note(self) -> str:
        """At the end of a run that had help or won no level, why it enters no table:
        said where the run ends, not only under the level that had the help."""
        if self.over and self.run.assisted:
            # its help named: "a hint or the demo" stood beside "Hints used 0" where a
            # seen stock card, or the level's deal played in another game, was the help;
            # and its level: under the last game's line, "A hint was taken while it was
            # laid out" blamed that game for a hint taken on a level won before it
            where = self._helped_where()
            why = help_words(self.run.helped_by).void
            if where:  # "had help" said twice, in a breath
                said = (where, why, _("So the run stays out of the table."))
            else:
                said = ("", why, _("This run had help: it stays out of the table."))
            return " ".join(part for part in said if part)
        if self.over and self.run.state.level == 0:  # see Records.run_position
            return _("No level was won in this run: it stays out of the table.")
        return ""


def level_line(ladder: Ladder, run: Run) -> str:
    """The line a level's table opens with, in two: wrapped as one, a narrow banner
    broke it inside the patience's name ("…level / 1 of 9: Nothing Better / to Do")."""
    state = run.state
    return _(
        "{ladder} · level {n} of {total}:\n{name} · {lives}",
        ladder=localized(ladder.name),
        n=state.level + 1,
        total=len(ladder.levels),
        name=level_name(ladder, min(state.level, len(ladder.levels) - 1)),
        lives=n_("{n} life", "{n} lives", state.lives),
    )


def arcade_rules(ladder: Ladder) -> str:
    """The run's rules, in paragraphs, for the Rules screen of a level: a run began at
    the Arcade button's press, and what a life, the table and help meant was said in a
    banner for 10 s, or nowhere once a hint's question covered it."""
    # a name may hold a comma ("Egyptian Pyramid, old rules"): 9 levels read as 10
    names = "; ".join(level_name(ladder, i) for i in range(len(ladder.levels)))
    return "\n\n".join(
        (
            _(
                "Arcade. A run climbs {levels}, the easiest first: {names}. It starts with"
                " {lives}.",
                levels=n_("{n} level", "{n} levels", len(ladder.levels)),
                names=names,
                lives=n_("{n} life", "{n} lives", ladder.lives),
            ),
            _(
                "Lives. A level won leads to the next. A game not won costs a life, and the"
                " level is dealt again, with another deal (New deal is off). The run is over"
                " when the lives run out or the last level is won."
            ),
            _(
                "Score. The points left in all the run's games add up. The arcade table ranks"
                " runs by the most levels won, then by the fewest points and cards left; a"
                " run that wins no level stays out of it."
            ),
            _(
                "Help. A hint, the demo, or an undo or restart that puts a card you had seen"
                " back on the stock keeps the whole run out of the table; the game asks"
                " before each. A level's deal played in another game while it waits keeps"
                " it out too."
                " A level's deal number is shown once its game is over."
            ),
        )
    )


def run_rules() -> str:
    """The ladder file's arcade_rules; none where the file cannot be read now (a level
    dealt before it broke: the patience's own rules still read)."""
    try:
        return arcade_rules(load_ladder())
    except LevelError:
        return ""


def level_name(ladder: Ladder, index: int) -> str:
    """A level's patience, with the options that tell it from the ladder's other
    levels of that patience, or that are not its defaults: "Nothing Better to Do
    (9 piles)" after "(10 piles)", where the name alone made the next level look
    like the same one again."""
    level = ladder.levels[index]
    ruleset = get_ruleset(level.ruleset)
    others = [o.options for o in ladder.levels if o.ruleset == level.ruleset and o != level]
    telling = telling_options(ruleset, level.options, others)
    name = localized(ruleset.name)
    return f"{name} ({', '.join(telling)})" if telling else name


def run_place(ladder: Ladder, run: Run) -> str:
    """The run's level and lives for the top bar, where they stay in sight during
    the game (the opening line fades)."""
    state = run.state
    return _(
        "Level {n} of {total} · {lives}",
        n=min(state.level + 1, len(ladder.levels)),
        total=len(ladder.levels),
        lives=n_("{n} life", "{n} lives", state.lives),
    )


def short_run_place(ladder: Ladder, run: Run) -> str:
    """run_place in short, for a narrow bar: in Russian at 800x600 the level and the
    lives gave way whole, and a last life was played unsaid."""
    state = run.state
    return _(
        "L{n}/{total} · ♥{lives}",
        n=min(state.level + 1, len(ladder.levels)),
        total=len(ladder.levels),
        lives=state.lives,
    )


def arcade_problem(error: LevelError) -> str:
    """What the player reads when the arcade's file cannot be used."""
    return _("The arcade cannot be played: {reason}", reason=file_problem(str(error)))


def refuse_arcade(app: App, error: LevelError) -> None:
    """Say why the arcade cannot be played, first among the menu's notices (the menu
    shows one at a time: behind the others a press seemed to do nothing) and once."""
    log.warning("the arcade cannot be played: %s", error)
    app.notices[:] = [n for n in app.notices if n.key != ARCADE_NOTICE]
    app.notices.insert(0, Notice(partial(arcade_problem, error), key=ARCADE_NOTICE))


def continue_or_start(app: App) -> None:
    """The open run's game (or its next level), or a new run from the first level."""
    ladder = load_ladder()
    run = app.records.open_run(ladder)
    if run is None:
        run_id = app.records.start_run(ladder)
        run = app.records.run(ladder, run_id) if run_id is not None else None
        app.take_record_problems()
        if run is None:
            return  # the records cannot hold a run: the notice says why
    if app.records.run_open_elsewhere(run.id):
        app.notices.insert(0, Notice(lambda: _("The arcade run is open in another window.")))
        return
    app.switch(lambda: level_table(app, ladder, run))


def level_table(app: App, ladder: Ladder, run: Run) -> Scene:
    from game.scenes.table import TableScene

    row = app.records.unfinished(arcade_run=run.id)
    resumed = app.records.resume(row) if row is not None else None
    if resumed is not None:
        game, facts = resumed
    else:
        level = ladder.levels[run.state.level]
        game = Game(level.ruleset, level.options, deal=random_deal())
        facts = GameFacts(mode=ARCADE, arcade_run=run.id)
    scene = TableScene(app, game, facts=facts)
    line, seconds = level_line(ladder, run), 6.0
    if not run.games and run.state.level == 0:
        # a run's rules, said as it starts: a reroll of a bad deal by Give up cost its
        # points, learnt only on the results after it
        line += "\n" + _("A game not won costs a life, and its points count in the run.")
        seconds = 10.0  # a line more to read
    if run.assisted:  # said as the level opens: the top bar has no room for it (800x600)
        line += "\n" + _("This run had help: it stays out of the arcade table.")
    scene.announce(line, seconds)
    scene.run_place = run_place(ladder, run)
    scene.short_run_place = short_run_place(ladder, run)
    scene.run_lives = run.state.lives
    scene.run_assisted = run.assisted
    return scene


def after_level(app: App, facts: GameFacts, won: bool) -> ArcadeStatus | None:
    """Where the run stands once a game of it ended; None if the records lost the run
    or the arcade's file can no longer be read (said in the notices)."""
    if facts.arcade_run is None:
        return None
    try:
        ladder = load_ladder()
    except LevelError as e:  # broken since the run began: the game is kept, not the run
        refuse_arcade(app, e)
        return None
    run = app.records.run(ladder, facts.arcade_run)
    return ArcadeStatus(ladder, run, won) if run is not None else None
