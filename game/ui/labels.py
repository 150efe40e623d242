"""The player-facing words of a ruleset: its summary, its options' choices, the
pyramid games' card values, the names of the table's parts, and what the figures of
its score tables are."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game import i18n
from game.i18n import _, localized
from game.rules import RANKS, Game, Option, Rules, Ruleset
from game.rules.moves import TABLEAU, pile_kind
from game.rules.ruleset import OptionValue


def choice_label(option: Option, choice: OptionValue) -> str:
    labels = option.choice_labels.get(str(choice))
    return localized(labels) if labels else str(choice)


def option_line(option: Option, choice: OptionValue) -> str:
    """An option and a choice of it, named together ("Stock turns: one card")."""
    return f"{localized(option.label)}: {choice_label(option, choice)}"


def option_lines(ruleset: Ruleset, chosen: Mapping[str, OptionValue]) -> list[str]:
    """Each option of the game and its chosen value ("Stock turns: one card")."""
    return [option_line(o, chosen[o.key]) for o in ruleset.options]


def option_choice_lines(ruleset: Ruleset) -> list[str]:
    """Each option of the ruleset with every choice it offers, the default first
    ("Stock turns: one card, three cards"): for rules read before a game is chosen."""
    return [
        f"{localized(o.label)}: {', '.join(choice_label(o, c) for c in o.choices)}"
        for o in ruleset.options
    ]


def options_line(ruleset: Ruleset, chosen: Mapping[str, OptionValue]) -> str:
    """The options on one line, each as option_lines says it, apart by a dot (after a
    comma the next option's capital read as a mistake)."""
    return " · ".join(option_lines(ruleset, chosen))


def telling_options(
    ruleset: Ruleset,
    chosen: Mapping[str, OptionValue],
    others: Iterable[Mapping[str, OptionValue]] = (),
    counts: bool = False,
) -> list[str]:
    """The options worth naming beside a game's name where it is offered among others
    (the arcade's levels, a kiosk's games), each said briefly ("three passes"): those
    not at their default, and those that tell it from `others`, games of the same
    patience offered beside it; with `counts`, the options that count something
    (cards, piles, passes) as well, read at a glance. A passer-by read every option,
    "Cards onto piles: from the waste" and all, as jargon; the rest is in the rules."""
    others = list(others)
    return [
        brief(o, chosen[o.key])
        for o in ruleset.options
        if (counts and o.numeric)
        or chosen[o.key] != o.default
        or any(other[o.key] != chosen[o.key] for other in others)
    ]


# What an option sets that the table itself shows: its cards and its piles
LAID_OUT = frozenset({"deck", "piles"})


def bar_options(ruleset: Ruleset, chosen: Mapping[str, OptionValue]) -> tuple[str, ...]:
    """The options not at their default, briefly, for a table's top bar ("three cards
    at a time"): which game, and which table of scores, it is played for showed nowhere
    on the table. Not the passes, which the bar counts ("Pass 1 of 2"). Those the layout
    shows come last, to give way first on a narrow bar: "strict: nothing onto piles",
    which changes play the most and shows nowhere, gave way to "32 cards · 10 piles"."""
    shown = [
        o
        for o in ruleset.options
        if chosen[o.key] != o.default and any(set(e) != {"passes"} for e in o.effects.values())
    ]
    shown.sort(key=lambda o: all(set(e) <= LAID_OUT for e in o.effects.values()))
    return tuple(brief(o, chosen[o.key]) for o in shown)


def brief(option: Option, choice: OptionValue) -> str:
    """A choice said alone ("three passes"), or, where the level file gives no brief
    form, with its option's name ("Passes through the stock: three")."""
    said = option.briefs.get(str(choice))
    return localized(said) if said else option_line(option, choice)


def value_legend(rules: Rules) -> tuple[list[tuple[str, int]], str]:
    """The pyramid games' ranks whose value is not printed on them, and a line for the
    ranks that count their face ("6–10 count their face")."""
    face_ranks = [r for r in "23456789T" if rules.values.get(r) == (10 if r == "T" else int(r))]
    special = sorted(
        ((r, v) for r, v in rules.values.items() if r not in face_ranks),
        key=lambda rv: RANKS.index(rv[0]),
    )
    if not face_ranks:
        return special, ""
    low, high = (i18n.rank_sign(r) for r in (face_ranks[0], face_ranks[-1]))
    return special, _("{low}–{high} at face value", low=low, high=high)


def value_text(rank: str, value: int) -> str:
    """A pyramid game's card value in words, in the faces' letters: "J = 12"."""
    return f"{i18n.rank_sign(rank)} = {value}"


def alone_words(rules: Rules) -> list[str]:
    """What the legend says of the ranks removed alone: the King by name, any other a
    level file makes worth the pair sum by its letter (the legend said only a King's,
    whatever the file's values)."""
    return [
        _("A King goes alone") if rank == "K" else _("{rank} goes alone", rank=i18n.rank_sign(rank))
        for rank in rules.alone_ranks
    ]


def points(n: int) -> str:
    """'1 point', '12 points': a count of points in the player's language."""
    return i18n.n_("{n} point", "{n} points", n)


def setting_name(key: str) -> str:
    """A setting by its name in Settings (`key`: its name in the settings file); the
    window's, which have no row, by what they keep; any other as the file names it."""
    names = {
        "language": _("Language"),
        "volume": _("Volume"),
        "muted": _("Mute"),
        "animation_speed": _("Animation"),
        "four_colour": _("Four-colour suits"),
        "card_letters": _("Card letters"),
        "large_corners": _("Large card corners"),
        "card_back": _("Card back"),
        "fullscreen": _("Full screen"),
        "show_verdict": _("Can it still be won?"),
        "show_playable": _("Playable cards"),
        "winnable_only": _("Winnable deals only"),
        # no rows of their own: kept as the window is left
        "window": _("Window size"),
        "maximised": _("Maximised window"),
    }
    return names.get(key, key)


def summary_text(ruleset: Ruleset) -> str:
    return (ruleset.text.get(i18n.language()) or ruleset.text["en"])["summary"]


def area_name(area: str, pairs_cards: bool) -> str:
    """What a part of the table is called: "st", "w", or a kind of pile (f, t, p)."""
    if area == "f":
        return _("Foundations")
    if area == "t":
        return _("Piles")
    if area == "st":
        return _("Stock")
    if area == "w":
        return _("Reserve") if pairs_cards else _("Waste")
    return _("Pyramid")


def empty_place_names(game: Game, piles: Iterable[str]) -> dict[str, str]:
    """The words an empty place of the table shows, by pile: the waste (the reserve)
    and the stock say what they are, in the language of the moment (in the old rules
    the waste lies among the piles, and empty it looked like a gap; the stock run out
    was a bare box beside a named waste). A gap that only the waste fills says so: it
    looked like any gap, and refused every card."""
    pairs, rules = game.pairs_cards, game.rules
    names = {"w": area_name("w", pairs), "st": area_name("st", pairs)}
    if rules.gap_fill == "waste" and not rules.gap_takes:
        gaps = (name for name in piles if pile_kind(name) == TABLEAU)
        names.update(dict.fromkeys(gaps, _("From the waste")))
    return names


def figures_note(runs: bool = False) -> str:
    """What a score table's figures are, for its foot: its heads say "Points" and
    "Cards" where they mean what is left; the arcade's (`runs`) add up a run's games
    and rank by levels first."""
    if runs:
        return _("Most levels first, then the fewest points and cards left in all the run's games.")
    return _("Points and cards left on the table: the fewest first; 0 points is a win.")
