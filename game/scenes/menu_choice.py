"""What the player chose in the menu, kept on the app for the session, and at the
game's start what the records say was played last."""

from __future__ import annotations

from collections.abc import Mapping
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
    """At the game's start, the patience and options of the game played last (not an
    arcade run's, whose patience the ladder chose), as the records have it."""
    row = app.records.latest_played()
    ruleset = rulesets.get(row.ruleset) if row else None
    if row is None or ruleset is None:
        return None
    try:
        return MenuChoice(ruleset.id, {ruleset.id: ruleset.choose(row.options)})
    except RulesError:  # options this version no longer has
        return MenuChoice(ruleset.id)
