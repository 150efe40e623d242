"""The end of a game: how it went, the figures, its place in the records, and where next.

A fortune game adds the verdict on the wish; when the same deal was dealt
again after a verdict, the screen says plainly that this verdict does not count.
A recorded game shows its table position, the personal best, a chart of the
last games' remaining points, and can be exported as a replay that proves it.
An arcade game says where the run stands and leads to the next level.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.i18n import _, clock_text, localized
from game.render.preview import fit_path, fit_text, framed_box
from game.rules import Game, LevelError, Outcome
from game.scenes.base import Scene
from game.scenes.help_words import help_words
from game.scenes.menu import MenuScene
from game.scenes.pad_scene import PadScene
from game.scenes.replay_files import game_subject, run_saved_at, saved_at, write_replay_file
from game.scenes.results_chart import draw_points_chart
from game.scenes.results_records import record_figures
from game.scenes.summary import GameSummary
from game.screen import takes_fingers
from game.store import ARCADE, DAILY
from game.store.saved import (
    BY_DEMO,
    BY_HELP_BEFORE,
    BY_PRACTISED,
    BY_SEEN_STOCK,
    BY_TAKING_BACK,
    BY_TOLD_BEFORE,
    BY_WATCHED_BEFORE,
    exported,
    to_saved_replay,
)
from game.ui import theme
from game.ui.labels import points, telling_options
from game.ui.widgets import (
    Button,
    balanced_wrap,
    draw_text,
    fitting_size,
    layout_row,
    px,
    row_label_size,
    row_width,
)

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.arcade import ArcadeStatus

log = logging.getLogger(__name__)
CHART_GAMES = 30


Colour = tuple[int, int, int]


HeadingPart = tuple[str, int, Colour, bool]  # a text, its size, colour and boldness


class HeadingLine(NamedTuple):
    text: str
    size: int
    colour: Colour
    bold: bool
    y: int  # from the top of the heading


def headline(summary: GameSummary) -> str:
    outcome = summary.outcome
    if outcome == Outcome.WON:
        return _("The patience came out!")
    if outcome == Outcome.RESIGNED:
        if summary.stuck:
            return _("The game was stuck")
        # ended where its banner offered it: "You gave up" blamed the player for the best
        return _("The best score was reached") if summary.best_reached else _("You gave up")
    if outcome == Outcome.NO_MOVES:
        return _("No moves left")
    return _("The game is over")


def verdict(summary: GameSummary) -> str:
    """The fortune's answer; empty when the game was not played as a fortune. A verdict
    that does not count is not given: "Your wish will come true" said above "the
    verdict does not count" told a fortune the demo had laid out."""
    if not summary.fortune:
        return ""
    if void_verdict(summary):
        return _("No verdict on your wish this time")
    if summary.won:
        return _("Your wish will come true")
    return _("Your wish will not come true this time")


def void_verdict(summary: GameSummary) -> str:
    """Why the fortune's verdict does not count, or empty: a card put back on the stock
    by Undo, its cards seen before they came (the deal played before, or started over),
    or the solver's help (a hint, the demo) to lay it out."""
    if summary.fortune_replayed and summary.facts is not None and summary.facts.seen_by_undo:
        return _("Undo put a card you had seen back on the stock.")
    if summary.fortune_replayed:
        return _("This deal's cards were seen before they came.")
    if summary.fortune and summary.assisted:
        return help_words(summary.assisted_by).void
    return ""


def figures(summary: GameSummary) -> list[tuple[str, str, str]]:
    """The figures as (label, value, a note in small letters)."""
    game = summary.game
    score = game.score
    # why the game is assisted, beside the figure it explains ("Hints used 0" beside
    # "help was used on this deal before" read as a contradiction)
    why: dict[str, str] = {}
    if summary.assisted:
        why[ASSISTED_BESIDE.get(summary.assisted_by, "hints")] = assisted_note(summary)
    rows = [
        (_("Cards left"), str(score.remaining_cards), ""),
        (_("Points left"), str(score.remaining_points), points_note(summary)),
        (_("Moves"), str(game.moves_made), why.get("moves", "")),
        (_("Time"), clock_text(summary.seconds), ""),
        (_("Undos"), str(game.undo_count), why.get("undos", "")),
        (_("Hints used"), str(summary.hints), why.get("hints", "")),
    ]
    if "" in why:  # help had on this deal in another game: none of this game's figures
        rows.append(("", "", why[""]))
    return rows


def points_note(summary: GameSummary) -> str:
    """How the points left read, for a game that has some (under "The patience came
    out!" it was noise): with the best the solver proved from the deal, where known."""
    if summary.won:
        return ""
    if summary.deal_best == 0:
        return _("lower is better; this deal could be won")
    if summary.deal_best is not None:
        return _("lower is better; {points} at best", points=points(summary.deal_best))
    return _("lower is better, 0 is a win")


# the figure beside which the results say why a game is assisted: the demo's moves, a
# move taken back among the undos, hints (and a game saved without why) by the hints,
# and help had on the deal in another game on a line of its own ("")
ASSISTED_BESIDE = {
    BY_DEMO: "moves",
    BY_TAKING_BACK: "undos",
    BY_SEEN_STOCK: "undos",
    BY_HELP_BEFORE: "",
    BY_TOLD_BEFORE: "",
    BY_PRACTISED: "",
    BY_WATCHED_BEFORE: "",
}


def assisted_note(summary: GameSummary) -> str:
    """Why the game counts as assisted, in a few words: its first help."""
    return help_words(summary.assisted_by).note


class ResultsScene(PadScene):
    """The results of a finished game, with Export, Same deal again, New deal and Menu."""

    def __init__(self, app: App, summary: GameSummary, arcade: ArcadeStatus | None = None) -> None:
        super().__init__(app)
        self.summary = summary
        self.arcade = arcade
        self.records = record_figures(app, summary)
        # the player's own games, game by game: a kiosk's are strangers' ("your progress")
        self.shows_progress = summary.facts is not None and app.kiosk is None
        self.chart: list[int] = []
        self.chart_caption = ""
        if self.shows_progress and arcade is not None:
            # the run's games, whatever their patience: the chart of the last level's
            # patience alone said "after a few games" at the end of an eleven-game run
            self.chart = [g.remaining_points for g in arcade.run.games][-CHART_GAMES:]
            self.chart_caption = _("Points left in this run, game by game")
        elif self.shows_progress:
            game = summary.game
            self.chart = app.records.recent_points(game.ruleset.id, CHART_GAMES, game.options)
        self.arcade_place = self._arcade_place()
        self.exported_to = ""  # what the export said, in full
        self.exported_path = ""  # the file it wrote, if it did
        self.saved_at = saved_at  # how it says where: a game's replay, or a run's
        # the keyboard's focus starts on the button marked as the one to press: a run's
        # results have no New deal, and the focus fell on Export, which Enter pressed
        self.main_key = "new" if self.arcade is None else "next"
        self.pad.focus_key = self.main_key
        self.started: Game | None = None  # the game a button handed to the table
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[HeadingLine] = []

    def _arcade_place(self) -> int | None:
        """The ended run's place in the arcade table, once entered; None otherwise (the
        results said the run was over and nothing of where it stood)."""
        arcade = self.arcade
        if arcade is None or not arcade.over:
            return None
        top = self.app.records.top(self.app.records.arcade_key(arcade.ladder))
        return next((i for i, e in enumerate(top, 1) if e.arcade_run == arcade.run.id), None)

    # -- where to go next -------------------------------------------------------------

    def same_deal(self) -> None:
        game = self.summary.game
        if game.deal_number is not None:
            again = Game(game.ruleset, game.options, deal=game.deal_number)
        else:
            again = Game(game.ruleset, game.options, deck=game.deck)
        # a fortune dealt again can no longer give an honest verdict
        self._play(again, self.summary.fortune or self.summary.fortune_replayed)

    def new_deal(self) -> None:
        from game.scenes.deal_finder import start_random_deal

        game = self.summary.game
        self.started = start_random_deal(self.app, game.ruleset, dict(game.options))

    def export(self) -> None:
        """Write the game as a replay file with its claim, and say where it went; at the
        end of an arcade run, the run's file (its games in order, its result), which
        proves the run's score as a game's replay proves the game's."""
        from game.rules import ReplayError
        from game.store import GameFacts
        from game.store.proof import run_proof

        game = self.summary.game
        facts = self.summary.facts or GameFacts(seconds=self.summary.seconds)
        subject = game_subject(game.ruleset.id, game.deal_number)
        replay = to_saved_replay(game, facts)
        # under the initials its table place holds, as History's export and the Records'
        # Save write it: the proof named no one
        held = facts.record_id is not None and self.app.records.entry_initials(facts.record_id)
        if held:
            replay["meta"]["initials"] = held
        proof = exported(replay)
        saved = saved_at
        arcade = self.arcade
        if arcade is not None and arcade.over:
            meta = {"seconds": arcade.run.state.seconds, "started": arcade.run.started_at}
            # under the initials the run's place holds, as the Records' Save and
            # `scores --export-run` write it: the run's file named no one
            run_held = self.app.records.run_entry_initials(arcade.run.id)
            if run_held:
                meta["initials"] = run_held
            try:
                proof = run_proof(arcade.ladder, [g.replay for g in arcade.run.games], meta)
                subject = f"{arcade.ladder.id}-run"
                saved = run_saved_at
            except ReplayError as e:  # our own run failed its proof: a bug, logged
                log.error("the run's proof failed, the last game is exported: %s", e)
        self.exported_path, problem = write_replay_file(subject, proof)
        if self.exported_path:
            self.saved_at = saved
        self.exported_to = saved(self.exported_path) if self.exported_path else problem
        if self.exported_path and self.pad.focus_key == "export":
            # Export turns off once done: the ring goes back to the screen's default, where
            # it went to its neighbour and the next Enter dealt the same deal again unasked
            self.pad.focus_key = self.main_key
        self.layout()

    def next_level(self) -> None:
        from game.scenes.arcade import continue_or_start, refuse_arcade

        try:
            continue_or_start(self.app)
        except LevelError as e:
            refuse_arcade(self.app, e)
            self.app.switch(lambda: MenuScene(self.app))

    def show_arcade_table(self) -> None:
        from game.scenes.records import RecordsScene

        app, game = self.app, self.summary.game
        options = dict(game.options)
        run = self.arcade.run.id if self.arcade is not None else None
        app.switch(
            lambda: RecordsScene(
                app, game.ruleset.id, options, ARCADE, back=lambda: MenuScene(app), marked_run=run
            )
        )

    def _play(self, game: Game, fortune_replayed: bool) -> None:
        self.started = game
        app = self.app

        def table() -> Scene:
            from game.scenes.table import TableScene

            return TableScene(app, game, fortune_replayed=fortune_replayed)

        app.switch(table)

    def back(self) -> None:
        app = self.app
        app.switch(lambda: MenuScene(app))

    # -- scene -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.arriving_press(event):
                return True  # the table's press, or its key repeated: not this screen's yet
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.pad.show_focus:
                main = self.pad.get(self.main_key)
                if main is not None:
                    main.action()
                return True
        return self.pad_event(event)

    # -- layout ----------------------------------------------------------------------

    def layout(self) -> None:
        w, h = self.size
        # a little larger than elsewhere in small windows: there is room, and it is the news
        s = self.scale = max(theme.ui_scale(self.size), min(0.85, w / 1000))
        m = px(28, s, 12)
        pad = px(28, s, 14)
        self.button_h = px(50, s, 34)
        if takes_fingers((w, h)):
            # a finger's on a screen of the least size the game asks for and above, as
            # the menu's: standing up at 600x1024 the scale by the width made them 38 px
            self.button_h = max(self.button_h, theme.SMALLEST_BUTTON)
        if self.app.kiosk is not None:  # a finger's height for a passer-by's "play again"
            self.button_h = max(self.button_h, theme.FINGER)
        button_gap = px(14, s, 8)
        buttons = self._buttons()
        if self.app.kiosk is not None:
            # a kiosk writes no files for passers-by
            buttons = [b for b in buttons if b.key != "export"]
        # wider where the window has room and the buttons' words need it (the Russian
        # row was shrunk to two thirds of the English's size in a panel of 760)
        needed = row_width(buttons, self.button_h, button_gap) + 2 * pad
        width = min(w - 2 * m, max(px(760, s), needed))
        inner_w = width - 2 * pad
        # standing up, a row too wide shrank its words: two rows, where height is to spare
        rows_of_buttons = [buttons]
        if needed > width and h > w and len(buttons) > 1:
            half = (len(buttons) + 1) // 2
            rows_of_buttons = [buttons[:half], buttons[half:]]
        buttons_h = len(rows_of_buttons) * (self.button_h + button_gap) - button_gap
        self.lines, text_h = self._heading_lines(inner_w)
        self.row_h = theme.font(px(20, s, 13)).get_linesize() + px(6, s, 3)
        gaps = px(18, s, 10)
        rows = len(self.all_figures())
        # the export's line kept free before it is said: the panel grew by it, and its
        # buttons moved under the finger that had just pressed Export
        exports = self.exported_to or any(b.key == "export" for b in buttons)
        self.note_h = theme.font(px(14, s, 11)).get_linesize() if exports else 0
        fixed = pad + text_h + gaps * 2 + rows * self.row_h + gaps + buttons_h + pad
        fixed += self.note_h
        room = h - 2 * m - fixed - gaps
        self.chart_h = min(px(130, s), room) if self.shows_progress else 0
        if self.chart_h < px(50, s, 36):
            self.chart_h = 0
        height = fixed + (self.chart_h + gaps if self.chart_h else 0)
        self.box = pygame.Rect(0, 0, width, min(h - 2 * m, height))
        self.box.center = (w // 2, h // 2)
        self.figures_top = self.box.y + pad + text_h + gaps * 2
        chart_top = self.figures_top + rows * self.row_h + gaps // 2
        self.chart_rect = pygame.Rect(self.box.x + pad, chart_top, inner_w, self.chart_h)
        top = self.box.bottom - pad - buttons_h
        for row_buttons in rows_of_buttons:
            row = pygame.Rect(self.box.x + pad, top, inner_w, self.button_h)
            layout_row(row_buttons, row, self.button_h, button_gap)
            top += self.button_h + button_gap
        self.pad.set(buttons)
        self.redraw = True

    def all_figures(self) -> list[tuple[str, str, str]]:
        if self.arcade is not None and self.arcade.over:
            return self.arcade.figures()  # the run's end is the news, not its last game
        return figures(self.summary) + self.records

    def _buttons(self) -> list[Button]:
        run_over = self.arcade is not None and self.arcade.over
        export = Button(
            _("Export run") if run_over else _("Export replay"), self.export, key="export"
        )
        export.enabled = not self.exported_path  # a failed export may be tried again
        # a kiosk has no menu: the button leads to its choice of patiences
        menu = Button(
            _("Games") if self.app.kiosk is not None else _("Menu"), self.back, key="menu"
        )
        arcade = self.arcade
        if arcade is None:
            return [
                export,
                Button(_("Same deal again"), self.same_deal, key="same"),
                Button(_("New deal"), self.new_deal, key="new", selected=True),
                menu,
            ]
        if arcade.over:
            tables = Button(_("Arcade table"), self.show_arcade_table, key="table")
            again = Button(_("New run"), self.next_level, key="next", selected=True)
            return [export, tables, again, menu]
        label = _("Next level") if arcade.won else _("Try again")
        return [export, Button(label, self.next_level, key="next", selected=True), menu]

    def _heading_lines(self, width: int) -> tuple[list[HeadingLine], int]:
        """The lines above the figures, long ones wrapped, and their height."""
        s, summary = self.scale, self.summary
        game = summary.game
        deal = (
            _("Deal {n}", n=game.deal_number) if game.deal_number is not None else _("Given deck")
        )
        if summary.facts is not None and summary.facts.mode == DAILY:
            # the number alone read as any deal's; as the top bar says it ("Deal of the
            # day · Deal 20261205" said "deal" twice)
            deal = _("Deal of the day {n}", n=game.deal_number)
        arcade = self.arcade
        # an arcade game by its level's name: "Pyramid 52" was level 5 and level 9 alike
        name = arcade.played_level() if arcade is not None else localized(game.ruleset.name)
        if arcade is None:  # its options where not the default: its table is theirs
            name = " · ".join([name, *telling_options(game.ruleset, game.options)])
        # a kiosk's passer-by is shown no deal's number at the table either
        what = name if self.app.kiosk is not None else f"{name} · {deal}"
        if arcade is not None and arcade.over:
            return self._wrapped(self._run_end_parts(arcade, what), width)
        won_colour = theme.GOLD if summary.won else theme.INK
        parts: list[HeadingPart] = [
            (what, px(18, s, 12), theme.INK_DIM, False),
            (headline(summary), px(44, s, 24), won_colour, True),
        ]
        void = void_verdict(summary)
        if summary.fortune:
            # a verdict that does not count is not given in gold
            colour = theme.INK_DIM if void else won_colour
            parts.append((verdict(summary), px(26, s, 16), colour, True))
        if void:
            parts.append((void, px(17, s, 12), theme.WARN, False))
        if arcade is not None:
            parts.append((arcade.news(), px(24, s, 15), theme.GOLD, True))
            parts.append((arcade.so_far(), px(17, s, 12), theme.INK, False))
        return self._wrapped(parts, width)

    def _run_end_parts(self, arcade: ArcadeStatus, what: str) -> list[HeadingPart]:
        """An ended run's heading: the run's end as the headline, its last game below
        ("You gave up" over "the run is over" read as the run's outcome)."""
        s = self.scale
        cleared_all = arcade.run.state.level >= len(arcade.ladder.levels)
        last = _("Last game: {what} · {outcome}", what=what, outcome=headline(self.summary))
        parts: list[HeadingPart] = [
            (arcade.heading(), px(18, s, 12), theme.INK_DIM, False),
            (arcade.news(), px(36, s, 20), theme.GOLD if cleared_all else theme.INK, True),
            (last, px(17, s, 12), theme.INK_DIM, False),
        ]
        if self.arcade_place is not None:
            place = _("Place {n} in the arcade table.", n=self.arcade_place)
            parts.append((place, px(20, s, 13), theme.GOLD, True))
        if note := arcade.table_note():
            parts.append((note, px(17, s, 12), theme.WARN, False))
        return parts

    def _wrapped(self, parts: list[HeadingPart], width: int) -> tuple[list[HeadingLine], int]:
        s = self.scale
        lines: list[HeadingLine] = []
        y = 0
        for text, size, colour, bold in parts:
            font = theme.font(size, bold=bold)
            # evened out: «…прохождение / окончено.» left a word behind
            for line in balanced_wrap(text, font, width):
                lines.append(HeadingLine(line, size, colour, bold, y))
                y += font.get_linesize()
            y += px(6, s, 3)  # a little air between the parts
        return lines, y

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        s, box = self.scale, self.box
        surface.blit(theme.felt(self.size), (0, 0))
        framed_box(surface, box, theme.PANEL, 215, px(16, s, 8), px(1, s))
        top = box.y + px(28, s, 14)
        for line in self.lines:
            where = (box.centerx, top + line.y)
            draw_text(surface, line.text, line.size, where, line.colour, "midtop", bold=line.bold)
        rule_y = self.figures_top - px(18, s, 10)
        inset = px(60, s, 30)
        ends = (box.x + inset, rule_y), (box.right - inset, rule_y)
        pygame.draw.line(surface, theme.BUTTON_EDGE, *ends, px(1, s))
        self._draw_figures(surface)
        if self.chart_h:
            draw_points_chart(surface, self.chart_rect, self.chart, s, self.chart_caption)
        if self.exported_to:
            size = px(14, s, 11)
            where = (box.centerx, self.pad.buttons[0].rect.top - px(6, s, 3))
            room = box.width - px(40, s, 20)
            if self.exported_path:
                text = fit_path(self.saved_at, self.exported_path, size, room)
            else:
                text = fit_text(self.exported_to, size, room)
            draw_text(surface, text, size, where, theme.INK_DIM, "midbottom")
        buttons = self.pad.buttons
        height = max((b.rect.height for b in buttons), default=0)
        size = row_label_size(buttons, max(11, int(height * 0.42)))
        for b in buttons:
            b.draw(surface, size)
        self.pad.draw_focus(surface, s)
        return [surface.get_rect()]

    def _draw_figures(self, surface: pygame.Surface) -> None:
        """Label right-aligned left of the middle, value and note left-aligned right of it."""
        s = self.scale
        size, note_size = px(20, s, 13), px(15, s, 11)
        gap, note_gap = px(10, s, 6), px(12, s, 8)
        rows = self.all_figures()
        right = self.box.right - px(28, s, 14)  # the panel's inner edge
        middle = self._figures_middle(rows, (size, note_size), (gap, note_gap), right)
        y = self.figures_top
        warning = assisted_note(self.summary) if self.summary.assisted else None
        for label, value, note in rows:
            centre = y + self.row_h // 2
            draw_text(surface, label, size, (middle - gap, centre), theme.INK_DIM, "midright")
            shown = draw_text(
                surface, value, size, (middle + gap, centre), theme.INK, "midleft", True
            )
            if note:
                colour = theme.WARN if note == warning else theme.INK_DIM
                # a note with no figure of its own starts where the figures do
                x = shown.right + note_gap if value else middle + gap
                # a long note (Russian ones are) in a smaller size, cut short only as a last resort
                fitted = fitting_size(note, note_size, right - x, least=px(11, s, 10))
                text = fit_text(note, fitted, right - x)
                draw_text(surface, text, fitted, (x, centre), colour, "midleft")
            y += self.row_h

    def _figures_middle(
        self,
        rows: list[tuple[str, str, str]],
        sizes: tuple[int, int],
        gaps: tuple[int, int],
        right: int,
    ) -> int:
        """Where labels end and values begin: a little left of the panel's middle, further
        left when a value and its note would run past the panel, but never into a label."""
        (size, note_size), (gap, note_gap) = sizes, gaps
        label_font, value_font = theme.font(size), theme.font(size, bold=True)
        note_font = theme.font(note_size)
        widest_tail = max(
            gap + value_font.size(value)[0] + (note_gap + note_font.size(note)[0] if note else 0)
            for _label, value, note in rows
        )
        widest_label = max(label_font.size(label)[0] for label, _value, _note in rows)
        left = self.box.x + px(28, self.scale, 14) + widest_label + gap
        middle = self.box.x + int(self.box.width * 0.46)
        return max(left, min(middle, right - widest_tail))
