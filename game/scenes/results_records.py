"""What the results say of a game's high-score table: its place there, or why it stays
out, and the table's best."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _, clock_text
from game.scenes.summary import GameSummary
from game.store import ARCADE, DAILY, FREE, ScoreEntry, TableKey
from game.store.daily import deal_date

if TYPE_CHECKING:
    from game.app import App


def record_figures(app: App, summary: GameSummary) -> list[tuple[str, str, str]]:
    """The game's place in its table and the best there, as figures; none if not recorded.
    A game left out of its table still shows the table's best: the score to beat. A day's
    deal ends with the days in a row its table's deal was played (see days_in_a_row)."""
    figures = _table_figures(app, summary)
    facts, game = summary.facts, summary.game
    day = deal_date(game.deal_number) if game.deal_number is not None else None
    if facts is None or facts.mode != DAILY or day is None or not game.over:
        return figures
    days = app.records.days_in_a_row(game.ruleset.id, game.options, day)
    return [*figures, (_("Days in a row"), str(days), "")] if days >= 2 else figures


def _table_figures(app: App, summary: GameSummary) -> list[tuple[str, str, str]]:
    facts, game = summary.facts, summary.game
    if facts is None or facts.mode == ARCADE:
        return []
    records = app.records
    board = DAILY if facts.mode == DAILY else FREE
    table = _("Deal of the day") if board == DAILY else _("High-score table")
    best = best_figures(records.top(TableKey.of(board, game.ruleset.id, game.options)))
    if facts.assisted:  # named as the table whose best stands under it
        return [(table, "—", _("assisted games are left out")), *best]
    if records.practised(game, facts):
        return [(_("Deal of the day"), "—", _("played before: it stays out")), *best]
    if game.deal_number is not None and not facts.abandoned and not game.cleared_a_card:
        # said, not only left out: the day's records then read "done" over an empty table
        # (and in the family's words: a building game's cards go home, and stay on it)
        if game.pairs_cards:
            return [(table, "—", _("no move cleared a card: it stays out")), *best]
        return [(table, "—", _("no card went home: it stays out")), *best]
    key = records.table_for(game, facts)
    if key is None:
        return []
    top = records.top(key)
    place = next((i for i, e in enumerate(top, 1) if e.game_id == facts.record_id), None)
    note = ""
    if place is None and any(e.deal == game.deal_number for e in top):
        note = _("this deal is already listed with a better game")  # a deal shows once, at its best
    rows = [(table, _("{n} of {count}", n=place, count=len(top)) if place else "—", note)]
    return rows + best_figures(top)


def best_figures(top: list[ScoreEntry]) -> list[tuple[str, str, str]]:
    """The table's first entry as a row of the figures; none for an empty table."""
    if not top:
        return []
    best = top[0]
    points = str(best.figures.remaining_points)
    return [(_("Best"), points, f"{best.initials} · {clock_text(best.figures.seconds)}")]
