"""The player-facing words of a ruleset: its summary and its options' choices."""

from __future__ import annotations

from game import i18n
from game.i18n import localized
from game.rules import Option, Ruleset
from game.rules.ruleset import OptionValue


def choice_label(option: Option, choice: OptionValue) -> str:
    labels = option.choice_labels.get(str(choice))
    return localized(labels) if labels else str(choice)


def summary_text(ruleset: Ruleset) -> str:
    return (ruleset.text.get(i18n.language()) or ruleset.text["en"])["summary"]
