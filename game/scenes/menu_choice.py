"""What the player chose in the menu, kept on the app for the session, and at the
game's start what the records say was played last."""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.rules import RulesError, Ruleset
from game.rules.ruleset import OptionValue

if TYPE_CHECKING:
    from game.app import App


@dataclass
class MenuChoice:
    """What the player last chose, kept on the app for the session."""

    ruleset_id: str
    options: dict[str, dict[str, OptionValue]] = field(default_factory=dict)
    # the deal number typed, kept while the player looks at the rules or the settings;
    # cleared once a game is started with it
    deal_text: str = ""


def last_played(app: App, rulesets: Mapping[str, Ruleset]) -> MenuChoice | None:
    """At the game's start, the patience of the game played last (not an arcade run's,
    whose patience the ladder chose), and the options each patience was last played
    with, as the records have them (only the last game's were: Pyramid 52's three
    passes came back as one after a game of another patience)."""
    row = app.records.latest_played()
    ruleset = rulesets.get(row.ruleset) if row else None
    if row is None or ruleset is None:
        return None
    chosen: dict[str, dict[str, OptionValue]] = {}
    for ruleset_id, options in app.records.latest_options().items():
        if ruleset_id in rulesets:
            with suppress(RulesError):  # options this version no longer has: its defaults
                chosen[ruleset_id] = rulesets[ruleset_id].choose(options)
    return MenuChoice(ruleset.id, chosen)
