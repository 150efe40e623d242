"""The records: high-score tables (by ruleset and options, of the deal of the day, of the
arcade), statistics with a reset that asks first, and on every entry a Watch button and
a Save button that writes its replay (or arcade run) as a file that proves its score."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, localized
from game.ladder import load_ladder
from game.render.preview import fill_translucent, fit_path, fit_text
from game.rules import LevelError, RulesError, rulesets
from game.rules.ruleset import OptionValue
from game.scenes.arcade import arcade_problem
from game.scenes.base import Scene
from game.scenes.pad_scene import PadScene
from game.scenes.records_columns import column_xs, row_values, table_columns
from game.scenes.records_words import (
    STATS,
    empty_note,
    keys_said,
    options_said,
    statistics_rows,
    tab_label,
    today_said,
)
from game.scenes.replay_files import game_subject, run_saved_at, saved_at, write_replay_file
from game.scenes.results_chart import draw_points_chart
from game.store import ARCADE, DAILY, FREE, ScoreEntry, Statistics, TableKey
from game.store.daily import today_deal
from game.store.saved import canonical_options
from game.store.scores import TOP
from game.ui import theme
from game.ui.labels import figures_note
from game.ui.pages import Pages
from game.ui.widgets import Button, draw_text, fitting_size, layout_row, px, split_at_joints, wrap

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from game.app import App

CHART_GAMES = 30
CHART_TALLEST = 300  # the statistics chart's most height, at a UI scale of 1
TABS = (FREE, DAILY, ARCADE, STATS)
OPTIONS_LEAST = 11  # the options' least text size under the patience's name
ROW_LEAST = theme.SMALLEST_BUTTON + 6  # a row whose Watch and Save take a finger, 3 px apart


class RecordsScene(PadScene):
    def __init__(
        self,
        app: App,
        ruleset_id: str,
        options: dict[str, OptionValue],
        tab: str = FREE,
        back: Callable[[], Scene] | None = None,
        marked_run: int | None = None,
    ) -> None:
        super().__init__(app)
        # the arcade run whose entry is marked: the one the results just said the place
        # of (row 1, gold as ever, read as the player's where theirs was row 2)
        self.marked_run = marked_run
        self.rulesets = rulesets()
        self.ruleset = self.rulesets[ruleset_id]
        self.options = self.ruleset.choose(options)
        self.tab = tab if tab in TABS else FREE
        self._back = back
        self.confirming = False
        self.problem = ""  # why the replay last asked for cannot be shown, or saved
        self.saved_path = ""  # the file the last Save wrote, said at the panel's foot
        self.saved_at: Callable[[str], str] = str  # how it is said (a run's, a game's)
        self.pad.focus_key = "tab:" + self.tab
        self.entries: list[ScoreEntry] = []
        self.table_right = 0  # where the rows' Watch and Save begin (see column_xs)
        self.stats = Statistics()
        self.today = today_deal()  # the day the foot's "Today's deal" is of
        self.chart: list[int] = []
        self.chart_drawn: pygame.Rect | None = None  # where the chart was, if it was
        self.note_drawn: pygame.Rect | None = None  # the table's note on its figures
        self.keys_drawn: pygame.Rect | None = None  # the keys' line, where it fit
        self.options_said = ""  # the line under the patience's name: which games are counted
        self.marked_drawn: pygame.Rect | None = None  # the marked run's row, if drawn
        self.area = self.header = pygame.Rect(0, 0, 0, 0)
        self.row_h = self.heads_h = 0
        self.options_room = 0  # the width between the ruleset's arrows
        self.options_lines: list[str] = []  # the line, or two, under the ruleset's name
        self.pages = Pages(TOP)  # where the window is too low for all the rows
        self.wheel = 0.0  # the mouse wheel's turn, towards a page's

    # -- what is shown -----------------------------------------------------------------

    def table_key(self) -> TableKey:
        if self.tab == ARCADE:
            return self.app.records.arcade_key(load_ladder())
        return TableKey.of(self.tab, self.ruleset.id, self.options)

    def show_tab(self, tab: str) -> None:
        self.tab, self.confirming, self.pages.first = tab, False, None
        self.problem = self.saved_path = ""
        self.layout()

    def step_ruleset(self, step: int) -> None:
        ids = list(self.rulesets)
        self.ruleset = self.rulesets[ids[(ids.index(self.ruleset.id) + step) % len(ids)]]
        self.problem = self.saved_path = ""  # it was about the other ruleset's replay
        choice = self.app.last_choice
        remembered = choice.options.get(self.ruleset.id, {}) if choice else {}
        self.options = self.ruleset.choose(remembered)
        self.confirming, self.pages.first = False, None
        self.layout()

    def option_sets(self) -> list[dict[str, OptionValue]]:
        """The option sets of this ruleset with a table on this tab, and the one shown,
        in the order of the ruleset's choices (its defaults first)."""
        shown = {canonical_options(self.options): self.options}
        for key in self.app.records.tables(self.ruleset.id):
            if key.board != self.tab:
                continue
            try:
                chosen = self.ruleset.choose(json.loads(key.options))
            except (ValueError, RulesError):  # an option this version no longer has
                continue
            shown.setdefault(canonical_options(chosen), chosen)
        ruleset = self.ruleset
        return sorted(
            shown.values(),
            key=lambda chosen: [o.choices.index(chosen[o.key]) for o in ruleset.options],
        )

    def step_options(self) -> None:
        """The next option set that has a table: a table of other options could be
        reached only by choosing them in the menu first."""
        sets = self.option_sets()
        self.options = sets[(sets.index(self.options) + 1) % len(sets)]
        self.problem = self.saved_path = ""  # it was about the other options' replay
        self.pages.first = None
        self.layout()

    def ask_reset(self) -> None:
        self.confirming = True
        # the keyboard's focus goes with the question, on its safe answer: left where
        # it was (a button gone) it fell back to Back, at the top of the screen
        self.pad.focus_key = "cancel"
        self.layout()

    def reset(self) -> None:
        self.app.records.reset_statistics(self.ruleset.id)
        self.app.take_record_problems()
        self._answered()

    def cancel(self) -> None:
        self._answered()

    def _answered(self) -> None:
        self.confirming = False
        self.layout()
        asked_again = self.pad.get("ask-reset")
        # after a reset there is nothing left to reset: the focus goes to its tab
        self.pad.focus_key = "ask-reset" if asked_again and asked_again.enabled else "tab:stats"

    def watch(self, entry: ScoreEntry) -> None:
        from game.scenes.watch import WatchScene
        from game.store.proof import checked_replays

        try:
            replays = checked_replays(entry.replay)
        except RulesError as e:  # stored by an older version, or damaged: said, not shown
            # the rules say why in English whatever the language: the why goes to the log
            log.warning("replay of a table entry cannot be shown: %s", e)
            self.problem = _(
                "This replay cannot be shown: it is damaged or was made by another version."
            )
            self.layout()  # the foot's lines make room for it
            return
        self.problem = self.saved_path = ""
        app = self.app
        ruleset_id, options, tab = self.ruleset.id, dict(self.options), self.tab
        back, focus, first = self._back, self.pad.focus_key, self.pages.first
        marked = self.marked_run  # the run the results placed: still marked on return

        def again() -> Scene:
            scene = RecordsScene(app, ruleset_id, options, tab, back, marked)
            scene.pad.focus_key = focus  # on Watch, as left: it came back on the tabs
            scene.pages.first = first  # on its page: it came back on the first
            return scene

        app.switch(lambda: WatchScene(app, replays, back=again))

    def save(self, entry: ScoreEntry) -> None:
        """Write the entry's replay (an arcade run's file, on that tab) where exported
        replays go, as the results' Export does, and say where it went."""
        self._write(entry)
        self.layout()  # the foot's lines make room for what it says

    def _write(self, entry: ScoreEntry) -> None:
        from game.store.proof import entry_proof, is_run

        self.problem = self.saved_path = ""
        run = isinstance(entry.replay, dict) and is_run(entry.replay)
        try:
            proof = entry_proof(entry, load_ladder)
        except LevelError as e:  # the arcade's file: this version's ladder cannot be read
            self.problem = arcade_problem(e)
            return
        except RulesError as e:  # damaged, or a run of a ladder that has changed since
            log.warning("a table entry cannot be saved: %s", e)
            self.problem = _(
                "This replay cannot be saved: it is damaged or was made by another version."
            )
            return
        subject = f"{proof['ladder']}-run" if run else game_subject(self.ruleset.id, entry.deal)
        self.saved_path, self.problem = write_replay_file(subject, proof)
        self.saved_at = run_saved_at if run else saved_at

    @property
    def saved_to(self) -> str:
        """What the last Save said, in full: where its file went."""
        return self.saved_at(self.saved_path) if self.saved_path else ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """PgUp and PgDn, and the wheel, turn a table's pages."""
        turns = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
        if event.type == pygame.KEYDOWN and event.key in turns and self.tab != STATS:
            self.turn(turns[event.key])
            return True
        if event.type == pygame.MOUSEWHEEL and self.tab != STATS:
            # a touchpad sends a page's swipe as many small steps: they add up to one turn
            self.wheel += getattr(event, "precise_y", event.y)
            if abs(self.wheel) >= 1:
                self.turn(-1 if self.wheel > 0 else 1)
                self.wheel = 0.0
            return True
        return super().handle_event(event)

    def back(self) -> None:
        if self.confirming:
            self.cancel()
            return
        self.go_back_to(self._back)

    # -- layout ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if today_deal() != self.today:  # past midnight: the foot says the new day's deal
            self.today = today_deal()
            self.redraw = True

    def layout(self) -> None:
        w, h = self.size
        s = self.scale = theme.ui_scale(self.size)
        m = px(28, s, 12)
        bh = max(px(42, s), theme.SMALLEST_BUTTON)
        gap = px(10, s, 8)  # 6 at 800x600: a finger on ▶'s top edge pressed Back
        self.title_size, self.text_size = px(36, s, 24), px(17, s, 13)
        title_h = theme.font(self.title_size, serif=True).get_linesize()
        self.header = pygame.Rect(m, m, w - 2 * m, title_h)
        buttons = [Button(_("Back"), self.back, key="back")]
        if self.tab in (FREE, DAILY) and len(self.option_sets()) > 1:
            # left of Back: the tables of this ruleset's other options
            buttons.insert(0, Button(_("Other options"), self.step_options, key="options"))
        layout_row(buttons, self.header, bh, gap, align="right")
        # below the title and Back, which stands taller than the title at 800x600
        y = max(self.header.bottom, *(b.rect.bottom for b in buttons)) + gap
        # the ruleset, turned with arrows; the arcade has one table for every ruleset
        self.ruleset_row, self.options_lines = pygame.Rect(m, y, w - 2 * m, bh), []
        if self.tab != ARCADE:
            prev = Button("◀", partial(self.step_ruleset, -1), key="prev")
            nxt = Button("▶", partial(self.step_ruleset, 1), key="next")
            prev.rect = pygame.Rect(m, y, bh * 3 // 2, bh)
            nxt.rect = pygame.Rect(w - m - bh * 3 // 2, y, bh * 3 // 2, bh)
            buttons += [prev, nxt]
            # the options' line in two where one, at its least size, is cut (standing
            # up, "…Cards onto pi…": the option that keeps the tables apart)
            self.options_said = options_said(self.tab, self.ruleset, self.options)
            self.options_room = self.ruleset_row.width - 3 * bh - px(24, s, 12)  # the arrows'
            font = theme.font(OPTIONS_LEAST)  # two lines where one is cut at its least size
            self.options_lines = split_at_joints(self.options_said, font, self.options_room)[:2]
            name_h = theme.font(px(20, s, 14), bold=True).get_linesize()
            lines_h = len(self.options_lines) * font.get_linesize()
            self.ruleset_row.height = max(bh, name_h + lines_h)
        y += self.ruleset_row.height + gap
        tabs = [
            Button(
                tab_label(t),
                partial(self.show_tab, t),
                key="tab:" + t,
                selected=t == self.tab,
                group="tab",
                chosen_by_arrows=True,  # as the menu's and the settings' rows of choices
            )
            for t in TABS
        ]
        layout_row(tabs, pygame.Rect(m, y, w - 2 * m, bh), bh, gap)
        buttons += tabs
        y += bh + 2 * gap
        self.area = pygame.Rect(m, y, w - 2 * m, h - m - y)
        line = theme.font(self.text_size).get_linesize()
        self.row_h = line + px(10, s, 6)
        if self.tab == STATS:
            self.stats = self.app.records.statistics(self.ruleset.id)
            self.chart = self.app.records.recent_points(self.ruleset.id, CHART_GAMES)
            buttons += self._stats_buttons(bh, gap)
        else:
            try:
                self.entries = self.app.records.top(self.table_key())
            except LevelError as e:  # the arcade's file is broken: its table cannot be named
                self.entries, self.problem = [], arcade_problem(e)
            self._lay_rows(line)
            buttons += self._page_buttons() + self._entry_buttons()
        self.pad.set(buttons)
        self.redraw = True

    def _lay_rows(self, line: int) -> None:
        """The rows' height, and how many a page shows. A row's Watch and Save take a
        finger (at 1024x600 they were 25 px high, ten rows squeezed into the panel);
        where the whole table does not fit so, it shows a page at a time, turned by
        arrows in the heads' row. Under the rows, the foot's lines (`_foot_lines`)."""
        room = self.area.height - 2 * px(14, self.scale, 8) - self._foot_lines() * line
        if TOP * ROW_LEAST + line <= room:  # every row, under heads a line high
            self.heads_h, per = line, TOP
            # up to twice a line: at 4K rows of a sixth of the panel read as a list no more
            self.row_h = max(ROW_LEAST, min((room - line) // TOP, 2 * line))
        else:  # the heads' row holds the arrows: as high as a row
            per = max(1, room // ROW_LEAST - 1)
            self.row_h = self.heads_h = max(ROW_LEAST, min(room // (per + 1), 2 * line))
        marked = [i for i, e in enumerate(self.entries) if e.arcade_run == self.marked_run]
        marked = marked if self.marked_run is not None else []
        wanted = marked[0] if marked else 0
        # the page of the row the keyboard's ring is on, else of the marked run's row in
        # sight: a window made lower turned them away (the ring fell back to Back, whose
        # Enter left the records)
        kind, _colon, index = self.pad.focus_key.partition(":")
        if kind in ("watch", "save") and index.isdigit():
            self.pages.first, wanted = None, int(index)
        elif marked and self.pages.first is not None and wanted in self.pages.shown():
            self.pages.first = None
        self.pages.fit(per, len(self.entries), wanted)  # shown first: the marked run's page

    def _foot_lines(self) -> int:
        """The lines under the rows: the note on the figures, a problem (which may take
        three) or where a file went, and on the day's table, today's deal."""
        problem = wrap(
            self.problem, theme.font(self.text_size), self.area.width - 2 * px(16, self.scale, 8)
        )
        return 1 + min(3, max(1, len(problem))) + (self.tab == DAILY)

    def turn(self, step: int) -> None:
        """The next page (`step` 1) or the one before (-1); the focus on a row stays on
        the page's row at its place."""
        before, after = self.pages.first or 0, self.pages.turned(step)
        if after is None:
            return
        self.pages.first = after
        kind, _colon, index = self.pad.focus_key.partition(":")
        if kind in ("watch", "save"):
            row = min(int(index) - before + after, len(self.entries) - 1)
            self.pad.focus_key = f"{kind}:{row}"
        elif kind in ("page-up", "page-down") and self.pages.turned(step) is None:
            # the arrow turned off at the last (or first) page: the ring goes to the other,
            # where it went to the nearest button, a row's Save, and the next Enter wrote
            # its replay
            self.pad.focus_key = "page-down" if kind == "page-up" else "page-up"
        self.problem = self.saved_path = ""  # it was about a row turned away
        self.layout()

    def _first_row_y(self) -> int:
        return self.area.y + px(14, self.scale, 8) + self.heads_h  # below the column heads

    def _row_y(self, i: int) -> int:
        return self._first_row_y() + (i - (self.pages.first or 0)) * self.row_h

    def _page_buttons(self) -> list[Button]:
        """▲ and ▼ in the heads' row, over the rows' Watch and Save."""
        if not self.pages.paged:
            return []
        up = Button("▲", partial(self.turn, -1), key="page-up")
        down = Button("▼", partial(self.turn, 1), key="page-down")
        up.enabled = self.pages.turned(-1) is not None
        down.enabled = self.pages.turned(1) is not None
        y = self.area.y + px(14, self.scale, 8)
        for b, rect in zip((up, down), self._pair_rects(y, self.heads_h), strict=True):
            b.rect = rect
        return [up, down]

    def _entry_buttons(self) -> list[Button]:
        """Watch and Save on every row of the page, at its right end."""
        buttons = []
        for i in self.pages.shown():
            entry = self.entries[i]
            pair = ((_("Watch"), self.watch, "watch"), (_("Save"), self.save, "save"))
            rects = self._pair_rects(self._row_y(i), self.row_h)
            for (word, action, key), rect in zip(pair, rects, strict=True):  # Tab's order
                b = Button(word, partial(action, entry), key=f"{key}:{i}")
                b.rect = rect
                buttons.append(b)
        return buttons

    def _pair_rects(self, y: int, height: int) -> list[pygame.Rect]:
        """Where a row's Watch and Save stand (or the heads' ▲ and ▼), the row at `y`."""
        s = self.scale
        # wide enough for its word a little below the rows' size (at 0.42 of its height,
        # as other buttons, it read 15 px beside rows of 23 at 1920x1080)
        font = theme.font(self.watch_size(), bold=True)
        label = max(font.size(word)[0] for word in (_("Watch"), _("Save")))
        width = max(px(110, s, 80), label + 2 * px(12, s, 6))
        # apart by a share of the row: 4 px between buttons 110 high read as one column
        apart = max(2, height // 12)
        right = self.area.right - px(10, s, 6)
        self.table_right = right - 2 * width - 2 * px(8, s, 4)
        return [
            pygame.Rect(
                right - (2 - n) * width - (1 - n) * px(8, s, 4),
                y + apart,
                width,
                height - 2 * apart,
            )
            for n in range(2)
        ]

    def _stats_buttons(self, bh: int, gap: int) -> list[Button]:
        inset = px(16, self.scale, 8)
        row = self.area.inflate(-2 * inset, 0)
        row.y, row.height = self.area.bottom - bh - inset, bh
        if self.confirming:
            buttons = [
                Button(_("Reset"), self.reset, key="reset"),
                Button(_("Cancel"), self.cancel, key="cancel", selected=True),
            ]
        else:
            buttons = [Button(_("Reset statistics"), self.ask_reset, key="ask-reset")]
            buttons[0].enabled = self.stats.played > 0
        layout_row(buttons, row, bh, gap, align="right")
        return buttons

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        s = self.scale
        surface.blit(theme.felt(self.size), (0, 0))
        title = draw_text(
            surface, _("Records"), self.title_size, self.header.topleft, theme.GOLD, serif=True
        )
        self.keys_drawn = self._draw_keys(surface, title) if self.names_keys() else None
        self._draw_ruleset(surface)
        fill_translucent(surface, self.area, theme.PANEL, 210, px(12, s, 6))
        if self.tab == STATS:
            self._draw_stats(surface)
        else:
            self._draw_table(surface)
        for b in self.pad.buttons:
            if b.key.startswith(("watch:", "save:")):
                b.draw(surface, self.watch_size())  # fitted to its button by draw()
            else:
                b.draw(surface, max(11, int(b.rect.height * 0.42)))
        self.pad.draw_focus(surface, s)
        return [surface.get_rect()]

    def _draw_keys(self, surface: pygame.Surface, title: pygame.Rect) -> pygame.Rect | None:
        """The screen's keys, between the title and the first button right of it, where
        they fit: whole, else only the paging and Esc; else none."""
        size, gap = px(15, self.scale, 12), px(16, self.scale, 10)
        right = min(b.rect.left for b in self.pad.buttons if b.rect.top < title.bottom)
        for said in keys_said(self.pages.paged and self.tab != STATS):
            if theme.font(size).size(said)[0] <= right - title.right - 2 * gap:
                where = (title.right + gap, title.centery)
                return draw_text(surface, said, size, where, theme.INK_DIM, "midleft")
        return None

    def watch_size(self) -> int:
        """The size of the Watch and Save buttons' words: a little below the rows' text."""
        return max(11, self.text_size * 5 // 6)

    def _draw_ruleset(self, surface: pygame.Surface) -> None:
        r = self.ruleset_row
        if self.tab == ARCADE:
            try:
                name = localized(load_ladder().name)
            except LevelError:
                name = _("Arcade")  # what is wrong is said under the table
            line = _("{name}: every patience, easiest first", name=name)
            draw_text(surface, line, px(20, self.scale, 14), r.center, theme.INK, "center", True)
            return
        room = self.options_room
        name = fit_text(localized(self.ruleset.name), px(20, self.scale, 14), room, True)
        top = draw_text(
            surface, name, px(20, self.scale, 14), (r.centerx, r.y), theme.INK, "midtop", True
        )
        lines = self.options_lines
        # smaller before cut: standing up, «Карты на стопки: нель…»; two lines at the least
        one = len(lines) == 1
        size = fitting_size(lines[0], px(14, self.scale, 11), room, OPTIONS_LEAST) if one else 11
        for line in lines:
            shown = fit_text(line, size, room)
            top = draw_text(surface, shown, size, (r.centerx, top.bottom), theme.INK_DIM, "midtop")

    def _draw_table(self, surface: pygame.Surface) -> None:
        s, area, size = self.scale, self.area, self.text_size
        y = area.y + px(14, s, 8)
        columns = table_columns(self.tab)
        rows = [row_values(self.tab, i, e) for i, e in enumerate(self.entries)]
        room = pygame.Rect(area.x, area.y, self.table_right - area.x, area.height)
        xs = column_xs(columns, rows, area.width, room, self.text_size)
        for (heading, _share, anchor), x in zip(columns, xs, strict=True):
            where = (x, y + self.heads_h // 2)
            draw_text(surface, heading, px(14, s, 11), where, theme.INK_DIM, anchor)
        inset = px(16, s, 8)
        foot = area.bottom - inset
        if self.tab == DAILY:  # today's line takes the panel's foot, a problem stands above it
            foot = min(foot, self._draw_today(surface).top - px(6, s, 3))
        self.note_drawn = self.marked_drawn = None
        if self.entries:
            # the heads say "Points" and "Cards" where they mean what is left
            note = figures_note(runs=self.tab == ARCADE)
            note = fit_text(note, px(14, s, 11), area.width - 2 * inset)
            where = (area.centerx, foot)
            self.note_drawn = draw_text(
                surface, note, px(14, s, 11), where, theme.INK_DIM, "midbottom"
            )
            foot = self.note_drawn.top - px(6, s, 3)
        if self.problem:  # at the panel's foot, whatever the table holds
            font = theme.font(size)
            lines = wrap(self.problem, font, area.width - 2 * inset)[:3]
            y = foot - len(lines) * font.get_linesize()
            for line in lines:
                draw_text(surface, line, size, (area.x + inset, y), theme.WARN)
                y += font.get_linesize()
        elif self.saved_path:  # one line, the path cut at its start: the file's name shows
            said = fit_path(self.saved_at, self.saved_path, size, area.width - 2 * inset)
            draw_text(surface, said, size, (area.x + inset, foot), theme.INK, "bottomleft")
        if not self.entries:
            draw_text(surface, empty_note(self.tab), size, area.center, theme.INK_DIM, "center")
            return
        for i in self.pages.shown():
            e, y = self.entries[i], self._row_y(i)
            if self.marked_run is not None and e.arcade_run == self.marked_run:
                band = pygame.Rect(area.x + inset // 2, y, area.width - inset, self.row_h)
                fill_translucent(surface, band, theme.BUTTON_HOVER, 200, px(6, s, 3))
                self.marked_drawn = band
            values = rows[i]
            colour = theme.GOLD if i == 0 else theme.INK
            for (_head, _share, anchor), x, value in zip(columns, xs, values, strict=True):
                where = (x, y + self.row_h // 2)
                draw_text(surface, value, size, where, colour, anchor, bold=i == 0)

    def _draw_today(self, surface: pygame.Surface) -> pygame.Rect:
        text = self.today_text()
        where = (self.area.centerx, self.area.bottom - px(12, self.scale, 8))
        # smaller rather than cut at both ends: in Russian at 800x600 the days in a row
        # ran off the panel
        size = fitting_size(text, self.text_size, self.area.width - 2 * px(10, self.scale, 6))
        return draw_text(surface, text, size, where, theme.INK_DIM, "midbottom")

    def today_text(self) -> str:
        return today_said(self.app.records, self.ruleset.id, self.options, self.today)

    def _draw_stats(self, surface: pygame.Surface) -> None:
        s, area, size = self.scale, self.area, self.text_size
        middle = area.x + int(area.width * 0.5)
        y = area.y + px(18, s, 10)
        for label, value in statistics_rows(self.stats, self.ruleset.tells_fortune):
            centre = y + self.row_h // 2
            draw_text(
                surface, label, size, (middle - px(12, s, 6), centre), theme.INK_DIM, "midright"
            )
            draw_text(
                surface, value, size, (middle + px(12, s, 6), centre), theme.INK, "midleft", True
            )
            y += self.row_h
        inset = px(16, s, 8)
        bottom = min(b.rect.top for b in self.pad.buttons if b.key in ("reset", "ask-reset"))
        if self.confirming:
            # the question takes the chart's place, whole, however narrow the window
            question = _(
                "Reset the statistics of {name}? The games and tables are kept.",
                name=localized(self.ruleset.name),
            )
            font = theme.font(size)
            lines = wrap(question, font, area.width - 2 * inset)
            y = bottom - inset - len(lines) * font.get_linesize()
            for line in lines:
                draw_text(surface, line, size, (area.x + inset, y), theme.WARN)
                y += font.get_linesize()
            return
        chart = pygame.Rect(area.x + inset, y + inset, area.width - 2 * inset, 0)
        # down to the buttons, up to a height where bars still read as a row (at 160 px
        # a band of empty panel lay under it at 1280x800)
        chart.height = min(px(CHART_TALLEST, s), bottom - inset - chart.y)
        self.chart_drawn = None
        if chart.height >= px(50, s, 36):
            draw_points_chart(surface, chart, self.chart, s)
            self.chart_drawn = chart
