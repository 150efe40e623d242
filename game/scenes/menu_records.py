"""The menu's way into the records: Continue, the deal of the day, the tables, the arcade."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _, clock_text, localized, n_
from game.ladder import load_ladder
from game.notices import Notice
from game.rules import Game, LevelError, RulesError, Ruleset, get_ruleset
from game.rules.ruleset import OptionValue
from game.scenes.deal_finder import open_table
from game.store import ARCADE, DAILY, FREE, GameFacts, GameRow
from game.store.daily import today_deal
from game.ui.labels import points

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene


class MenuRecords:
    def __init__(self, app: App) -> None:
        self.app = app
        self.latest: GameRow | None = None  # the game last left in play
        self.unfinished: GameRow | None = None  # the one Continue offers (see offer)
        self.refresh()

    def refresh(self) -> None:
        """Read again what the records say (a game may have been played since)."""
        self.latest = self.unfinished = self.app.records.unfinished()

    def offer(self, ruleset_id: str, options: dict[str, OptionValue]) -> None:
        """Continue offers the chosen patience's own game in play, of its options, where
        it has one, else the game last left in play: a game left for another patience
        could not be reached again, while Play asked about it."""
        here = None
        if self.latest is not None:
            here = self.app.records.unfinished(table=(ruleset_id, dict(options)))
        self.unfinished = here or self.latest

    # -- continue --------------------------------------------------------------------

    def continue_text(self) -> str:
        row = self.unfinished
        if row is None:
            return ""
        try:
            name = localized(get_ruleset(row.ruleset).name)
        except RulesError:  # a ruleset this version no longer has
            name = row.ruleset
        deal = _("Deal {n}", n=row.deal) if row.deal is not None else _("Given deck")
        if row.deal_hidden:  # named by its level (with its number, the solver was asked)
            deal = self.arcade_level()
        elif row.mode == DAILY:
            name = f"{name} ({_('deal of the day')})"
        return _(
            "Unfinished: {name} · {deal} · {moves} · {time}",
            name=name,
            deal=deal,
            moves=n_("{n} move", "{n} moves", row.moves),
            time=clock_text(row.seconds),
        )

    def resume(self) -> None:
        row = self.unfinished
        if row is None:
            return
        if row.mode == ARCADE:
            # as the Arcade button opens it: with its level and lives in the top bar
            # (opened as any game, a level that costs a life did not say it was one)
            self.play_arcade()
            return
        if not self.app.records.hold(row.id):
            self.app.notices.append(Notice(lambda: _("That game is open in another window.")))
            self.refresh()
            return
        resumed = self.app.records.resume(row)
        if resumed is None:
            self.app.records.release(row.id)
            self.app.notices.append(
                Notice(lambda: _("That game cannot be continued: its record is damaged."))
            )
            self.unfinished = None
            return
        game, facts = resumed
        open_table(self.app, game, _("Welcome back: the game continues where you left off."), facts)

    # -- the deal of the day -----------------------------------------------------------

    def daily_label(self, ruleset: Ruleset, options: dict[str, OptionValue]) -> str:
        row = self.app.records.daily(ruleset.id, options, today_deal())
        if row is None and self.app.records.daily_seen(ruleset.id, options, today_deal()):
            # its cards laid out in another game (От нечего делать's day is Сбудется's):
            # said only once it was dealt, the fortune was spent by then
            return _("Deal of the day: seen before")
        if row is None:
            return _("Deal of the day")
        if row.outcome is None:
            return _("Deal of the day: continue")
        # "✓ 17" alone read as a count of days
        left = points(row.remaining_points)
        return _("Deal of the day ✓ {points}", points=left)

    def play_daily(self, ruleset: Ruleset, options: dict[str, OptionValue]) -> None:
        """Today's deal: the first time a daily game, then its table (it is played once)."""
        row = self.app.records.daily(ruleset.id, options, today_deal())
        if row is not None and row.outcome is not None:
            self.show_records(ruleset.id, options, DAILY)
            return
        if row is not None:
            if not self.app.records.hold(row.id):
                self.app.notices.append(
                    Notice(lambda: _("Today's deal is open in another window."))
                )
                return
            resumed = self.app.records.resume(row)
            if resumed is None:
                self.app.records.release(row.id)
            else:
                open_table(
                    self.app,
                    resumed[0],
                    _("Today's deal continues where you left off."),
                    resumed[1],
                )
                return
        game = Game(ruleset, options, deal=today_deal())
        fortune = ruleset.tells_fortune
        open_table(self.app, game, facts=GameFacts(mode=DAILY, fortune=fortune))

    # -- other scenes ------------------------------------------------------------------

    def show_records(
        self, ruleset_id: str, options: dict[str, OptionValue], board: str = FREE
    ) -> None:
        app = self.app

        def records() -> Scene:
            from game.scenes.menu import MenuScene
            from game.scenes.records import RecordsScene

            return RecordsScene(app, ruleset_id, options, board, back=lambda: MenuScene(app))

        app.switch(records)

    def arcade_label(self) -> str:
        """Arcade, or the level its open run stands at: a run left between its levels
        (or closed there) was nowhere in the menu, where Continue offers only a game in
        play."""
        level = self._open_level()
        return _("Arcade: level {n}", n=level[0]) if level else _("Arcade")

    def arcade_level(self) -> str:
        """The open run's level, "Arcade: level 2 of 5" (or "Arcade" where the arcade's
        file cannot be read), where a game of it is named."""
        level = self._open_level()
        if level is None:
            return _("Arcade")
        return _("Arcade: level {n} of {total}", n=level[0], total=level[1])

    def _open_level(self) -> tuple[int, int] | None:
        """The level the open arcade run stands at, from 1, and of how many; None with
        no run open or the arcade's file broken (said when Arcade is pressed)."""
        try:
            ladder = load_ladder()
        except LevelError:
            return None
        run = self.app.records.open_run(ladder)
        if run is None or run.state.over(ladder):
            return None
        return run.state.level + 1, len(ladder.levels)

    def play_arcade(self) -> None:
        from game.scenes.arcade import continue_or_start, refuse_arcade

        try:
            continue_or_start(self.app)
        except LevelError as e:  # the arcade's file is broken (or names rules now gone)
            refuse_arcade(self.app, e)
