"""Rulesets as data: each `levels/*.toml` file is read, validated and resolved here.

The two families (building and pyramid) are code; the seven rulesets are data.
A ruleset file describes its piles by capabilities; choosing options gives a
`Rules` value, the one thing the engines read.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any

from .cards import DECKS, RANKS, DeckKind
from .errors import LevelError, RulesError, json_text

OptionValue = int | str
LANGUAGES = ("ru", "en")  # a level's texts are written in each; the settings offer them so
FAMILIES = ("building", "pyramid")
SOURCES = ("waste", "piles")
LAYOUTS = ("pyramid-piles", "central-column", "pyramid-rows")
# A card's value at most: a score is their sum, and the records keep it as a SQLite
# integer (a sum past 2**63 stopped the game at the deal)
MAX_VALUE = 1000
ARCADE_FILE_NAME = "arcade.toml"  # the arcade's ladder, beside the rulesets (game.ladder)


@dataclass(frozen=True)
class Rules:
    """A ruleset with its options chosen: everything an engine needs to play."""

    ruleset_id: str
    family: str
    deck: DeckKind
    values: Mapping[str, int]
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    passes: int = 1
    # building family
    piles: int = 0
    foundations: int = 0
    foundation: str = ""
    base: str = ""
    pile_takes: frozenset[str] = frozenset()
    gap_takes: frozenset[str] = frozenset()
    gap_fill: str = ""
    pile_limit: int = 0
    draw: int = 1
    # pyramid family
    rows: int = 0
    pair_sum: int = 0

    @property
    def alone_ranks(self) -> tuple[str, ...]:
        """The ranks that leave the pyramid games' table alone: worth the pair sum by
        themselves (the King in both)."""
        if not self.pair_sum:
            return ()
        return tuple(rank for rank, value in self.values.items() if value == self.pair_sum)

    def partner_ranks(self, rank: str) -> tuple[str, ...]:
        """The ranks a card of `rank` pairs with in the pyramid games: worth the pair
        sum with it. Empty for a rank that goes alone, or where nothing pairs."""
        if not self.pair_sum or rank not in self.values:
            return ()
        needed = self.pair_sum - self.values[rank]
        if needed <= 0:
            return ()
        return tuple(r for r, value in self.values.items() if value == needed)


def _int_in(lo: int, hi: int) -> Callable[[object], str | None]:
    def check(v: object) -> str | None:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            return f"must be an integer from {lo} to {hi}, got {v!r}"
        return None

    return check


def _one_of(*allowed: str) -> Callable[[object], str | None]:
    def check(v: object) -> str | None:
        if v not in allowed:
            return f"must be one of {', '.join(repr(a) for a in allowed)}, got {v!r}"
        return None

    return check


def _sources(v: object) -> str | None:
    if not isinstance(v, list) or any(s not in SOURCES for s in v) or len(set(v)) != len(v):
        return f"must be a list drawn from {list(SOURCES)}, got {v!r}"
    return None


# Each field of [rules]: its check, and the families that use it.
RULE_FIELDS: Mapping[str, tuple[Callable[[object], str | None], tuple[str, ...]]] = {
    "deck": (_one_of(*DECKS), FAMILIES),
    "passes": (_int_in(1, 9), FAMILIES),
    "piles": (_int_in(1, 12), ("building",)),
    "foundations": (_int_in(1, 8), ("building",)),
    "foundation": (_one_of("base-rank", "aces-up-kings-down"), ("building",)),
    "base": (_one_of("first", "K", "A"), ("building",)),
    "pile_takes": (_sources, ("building",)),
    "gap_takes": (_sources, ("building",)),
    "gap_fill": (_one_of("stock", "waste"), ("building",)),
    "pile_limit": (_int_in(1, 104), ("building",)),
    "draw": (_int_in(1, 3), ("building",)),
    "rows": (_int_in(2, 9), ("pyramid",)),
    "pair_sum": (_int_in(2, 40), ("pyramid",)),
}
OPTIONAL_FIELDS = {"base"}  # needed only by base-rank foundations


@dataclass(frozen=True)
class Option:
    """A choice the player makes before the deal; the first choice is the default."""

    key: str
    choices: tuple[OptionValue, ...]
    label: Mapping[str, str]
    choice_labels: Mapping[str, Mapping[str, str]]
    effects: Mapping[OptionValue, Mapping[str, Any]]
    # each choice said alone, where a game is named among others ("three passes"):
    # "Passes through the stock: three" read as jargon beside a name
    briefs: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def default(self) -> OptionValue:
        return self.choices[0]

    @property
    def numeric(self) -> bool:
        return isinstance(self.choices[0], int)

    def parse(self, text: str) -> OptionValue:
        """The choice written as text on a command line (`3`, `K`)."""
        for c in self.choices:
            if str(c).lower() == text.strip().lower():
                return c
        raise RulesError(self._wrong(text))

    def check(self, value: object) -> OptionValue:
        """A value read from a replay: numbers must be numbers, words words. JSON writes
        some numbers as 3.0: a whole one is the number it is."""
        if self.numeric and isinstance(value, float):
            if not value.is_integer():
                raise RulesError(self._wrong(value))  # a number, just not one of the choices
            value = int(value)
        if self.numeric and (isinstance(value, bool) or not isinstance(value, int)):
            raise RulesError(f"option '{self.key}' must be a number, one of {self._list()}")
        if value not in self.choices:
            raise RulesError(self._wrong(value))
        assert isinstance(value, int | str)
        return value

    def _list(self) -> str:
        return ", ".join(str(c) for c in self.choices)

    def _wrong(self, value: object) -> str:
        return f"option '{self.key}' cannot be {json_text(value)}; choose one of {self._list()}"


@dataclass(frozen=True)
class Ruleset:
    """One ruleset file: names, texts, rules, options and table layout hints."""

    id: str
    family: str
    order: int
    seeds: tuple[str, ...]
    name: Mapping[str, str]
    text: Mapping[str, Mapping[str, str]]
    rules_table: Mapping[str, Any]
    values: Mapping[str, int]
    options: tuple[Option, ...]
    table: Mapping[str, Any]
    source: str
    short_name: Mapping[str, str]  # the name where room is short; the name if none given

    @property
    def pairs_cards(self) -> bool:
        """Whether cards leave the table in pairs (the pyramid games) rather than being
        built on piles and foundations."""
        return self.family == "pyramid"

    @property
    def tells_fortune(self) -> bool:
        """Whether the patience is played as a fortune: a wish made before the deal,
        told by the outcome (its level file's `table.fortune`)."""
        return bool(self.table.get("fortune", False))

    def option(self, key: str) -> Option:
        for o in self.options:
            if o.key == key:
                return o
        known = ", ".join(o.key for o in self.options) or "none"
        raise RulesError(f"{self.id} has no option '{key}' (its options: {known})")

    def defaults(self) -> dict[str, OptionValue]:
        return {o.key: o.default for o in self.options}

    def choose(self, given: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """Every option with its value: the given ones checked, the rest defaults."""
        chosen = self.defaults()
        for key, value in (given or {}).items():
            chosen[key] = self.option(key).check(value)
        return chosen

    def parse_options(self, pairs: list[str]) -> dict[str, OptionValue]:
        """Options written `key=value` on a command line."""
        chosen = self.defaults()
        given: set[str] = set()
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep:
                raise RulesError(f"an option is written key=value, not '{pair}'")
            key = key.strip()
            if key in given:
                raise RulesError(f"the option '{key}' is given twice")
            given.add(key)
            chosen[key] = self.option(key).parse(value)
        return chosen

    def rules(self, options: Mapping[str, object] | None = None) -> Rules:
        chosen = self.choose(options)
        return _resolve(self, chosen)

    def combinations(self) -> Iterator[dict[str, OptionValue]]:
        """Every combination of option values."""
        keys = [o.key for o in self.options]
        for values in product(*(o.choices for o in self.options)):
            yield dict(zip(keys, values, strict=True))


def _resolve(ruleset: Ruleset, chosen: Mapping[str, OptionValue]) -> Rules:
    fields = dict(ruleset.rules_table)
    for option in ruleset.options:
        fields.update(option.effects[chosen[option.key]])
    deck = DECKS[fields.pop("deck")]
    for key in ("pile_takes", "gap_takes"):
        if key in fields:
            fields[key] = frozenset(fields[key])
    rules = Rules(
        ruleset_id=ruleset.id,
        family=ruleset.family,
        deck=deck,
        values=ruleset.values,
        options=dict(chosen),
    )
    return replace(rules, **fields)


# --- loading and validation -------------------------------------------------------


class _Reader:
    """Reads one TOML file and names file and key in every complaint."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, key: str, problem: str) -> LevelError:
        return LevelError(f"{self.path.name}: {key}: {problem}")

    def table(self, data: Mapping[str, Any], key: str, required: bool = True) -> dict[str, Any]:
        value = data.get(key.rsplit(".", 1)[-1])
        if value is None and not required:
            return {}
        if not isinstance(value, dict):
            raise self.fail(key, "missing table" if value is None else "must be a table")
        return value

    def text(self, data: Mapping[str, Any], key: str) -> str:
        value = data.get(key.rsplit(".", 1)[-1])
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, "must be a non-empty string")
        return value.strip()

    def only(
        self, data: Mapping[str, Any], where: str, allowed: set[str] | tuple[str, ...]
    ) -> None:
        for key in data:
            if key not in allowed:
                raise self.fail(f"{where}{key}", f"unknown key (allowed: {', '.join(allowed)})")

    def languages(self, data: Mapping[str, Any], key: str) -> dict[str, str]:
        table = self.table(data, key)
        self.only(table, key + ".", LANGUAGES)
        return {lang: self.text(table, f"{key}.{lang}") for lang in LANGUAGES}


TOP_KEYS = (
    "id",
    "family",
    "order",
    "seeds",
    "name",
    "short_name",
    "text",
    "rules",
    "values",
    "options",
    "table",
)


def level_text(path: Path) -> str:
    """A level file's text; LevelError naming the file where it cannot be read, with
    the system's reason alone ("[Errno 2] ..." and the whole path reached a notice)."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as e:
        raise LevelError(f"{path.name}: cannot be read: {e.strerror or e}") from e
    except UnicodeDecodeError as e:
        raise LevelError(f"{path.name}: cannot be read: {e}") from e


def load_ruleset(path: Path) -> Ruleset:
    """Read and validate one level file; a broken file raises LevelError naming the key."""
    r = _Reader(path)
    try:
        data = tomllib.loads(level_text(path))
    except tomllib.TOMLDecodeError as e:
        raise LevelError(f"{path.name}: not valid TOML: {e}") from e
    r.only(data, "", TOP_KEYS)

    ruleset_id = r.text(data, "id")
    if ruleset_id != path.stem:
        raise r.fail("id", f"must match the file name '{path.stem}', got '{ruleset_id}'")
    family = data.get("family")
    if family not in FAMILIES:
        raise r.fail("family", f"must be one of {', '.join(FAMILIES)}, got {family!r}")
    order = data.get("order", 0)
    if isinstance(order, bool) or not isinstance(order, int):
        raise r.fail("order", f"must be an integer, got {order!r}")
    seeds = data.get("seeds", [])
    if not isinstance(seeds, list) or not all(isinstance(s, str) for s in seeds):
        raise r.fail("seeds", "must be a list of strings")

    name = r.languages(data, "name")
    # where room is short (the table's top bar): a long name's own shorter form
    short_name = r.languages(data, "short_name") if "short_name" in data else name
    text_table = r.table(data, "text")
    r.only(text_table, "text.", LANGUAGES)
    text: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        section = r.table(text_table, f"text.{lang}")
        r.only(section, f"text.{lang}.", ("summary", "rules"))
        text[lang] = {k: r.text(section, f"text.{lang}.{k}") for k in ("summary", "rules")}

    rules_table = _read_rules_table(r, data, family)
    values = _read_values(r, data)
    options = _read_options(r, data, family)
    table = _read_table_hints(r, data)

    ruleset = Ruleset(
        id=ruleset_id,
        family=family,
        order=order,
        seeds=tuple(seeds),
        name=name,
        text=text,
        rules_table=rules_table,
        values=values,
        options=options,
        table=table,
        source=path.name,
        short_name=short_name,
    )
    for combination in ruleset.combinations():
        _check_consistent(r, ruleset.rules(combination), combination)
    return ruleset


def _check_field(r: _Reader, where: str, key: str, value: object, family: str) -> None:
    if key not in RULE_FIELDS:
        raise r.fail(where, f"unknown rule field (known: {', '.join(RULE_FIELDS)})")
    check, families = RULE_FIELDS[key]
    if family not in families:
        raise r.fail(where, f"'{key}' has no meaning in the {family} family")
    problem = check(value)
    if problem:
        raise r.fail(where, problem)


def _read_rules_table(r: _Reader, data: Mapping[str, Any], family: str) -> dict[str, Any]:
    table = r.table(data, "rules")
    for key, value in table.items():
        _check_field(r, f"rules.{key}", key, value, family)
    for key, (_check, families) in RULE_FIELDS.items():
        if family in families and key not in table and key not in OPTIONAL_FIELDS:
            raise r.fail(f"rules.{key}", "missing")
    return table


def _read_values(r: _Reader, data: Mapping[str, Any]) -> dict[str, int]:
    table = r.table(data, "values")
    values: dict[str, int] = {}
    for key, value in table.items():
        if key not in RANKS:
            raise r.fail(f"values.{key}", f"not a rank (ranks: {' '.join(RANKS)})")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VALUE:
            problem = f"must be an integer from 0 to {MAX_VALUE}, got {value!r}"
            raise r.fail(f"values.{key}", problem)
        values[key] = value
    return values


def _read_options(r: _Reader, data: Mapping[str, Any], family: str) -> tuple[Option, ...]:
    options = []
    for key, spec in r.table(data, "options", required=False).items():
        where = f"options.{key}"
        if not isinstance(spec, dict):
            raise r.fail(where, "must be a table")
        r.only(spec, where + ".", ("choices", "sets", "label", "labels", "briefs"))
        choices = spec.get("choices")
        if (
            not isinstance(choices, list)
            or not choices
            or len(set(choices)) != len(choices)
            or not (
                all(isinstance(c, int) and not isinstance(c, bool) for c in choices)
                or all(isinstance(c, str) for c in choices)
            )
        ):
            raise r.fail(
                f"{where}.choices", "must be a non-empty list of distinct numbers or words"
            )
        effects = _read_effects(r, where, spec.get("sets"), choices, family)
        label = r.languages(spec, f"{where}.label")
        choice_labels = _choice_texts(r, spec, f"{where}.labels", choices)
        briefs = _choice_texts(r, spec, f"{where}.briefs", choices)
        options.append(Option(key, tuple(choices), label, choice_labels, effects, briefs))
    return tuple(options)


def _choice_texts(
    r: _Reader, spec: Mapping[str, Any], where: str, choices: list[OptionValue]
) -> dict[str, Mapping[str, str]]:
    """An optional table of texts by choice (`labels`, `briefs`), each by language."""
    table = r.table(spec, where, required=False)
    texts: dict[str, Mapping[str, str]] = {}
    for choice_key in table:
        if choice_key not in {str(c) for c in choices}:
            raise r.fail(f"{where}.{choice_key}", "not one of the choices")
        texts[choice_key] = r.languages(table, f"{where}.{choice_key}")
    return texts


def _read_effects(
    r: _Reader, where: str, sets: object, choices: list[OptionValue], family: str
) -> dict[OptionValue, dict[str, Any]]:
    """`sets = "draw"` puts the chosen value into that field; a table gives fields per choice."""
    if isinstance(sets, str):
        for c in choices:
            _check_field(r, f"{where}.sets", sets, c, family)
        return {c: {sets: c} for c in choices}
    if not isinstance(sets, dict):
        raise r.fail(f"{where}.sets", "must name a rule field or be a table of choices")
    effects: dict[OptionValue, dict[str, Any]] = {}
    for c in choices:
        fields = sets.get(str(c))
        if not isinstance(fields, dict):
            raise r.fail(f"{where}.sets.{c}", "missing table of rule fields for this choice")
        for key, value in fields.items():
            _check_field(r, f"{where}.sets.{c}.{key}", key, value, family)
        effects[c] = dict(fields)
    for extra in set(sets) - {str(c) for c in choices}:
        raise r.fail(f"{where}.sets.{extra}", "not one of the choices")
    return effects


def _read_table_hints(r: _Reader, data: Mapping[str, Any]) -> dict[str, Any]:
    table = r.table(data, "table")
    r.only(table, "table.", ("layout", "waste", "fortune"))
    layout = table.get("layout")
    if layout not in LAYOUTS:
        raise r.fail("table.layout", f"must be one of {', '.join(LAYOUTS)}, got {layout!r}")
    if table.get("waste", "below") not in ("below", "centre"):
        raise r.fail("table.waste", "must be 'below' or 'centre'")
    if not isinstance(table.get("fortune", False), bool):
        raise r.fail("table.fortune", "must be true or false")
    return table


def _check_consistent(r: _Reader, rules: Rules, options: Mapping[str, OptionValue]) -> None:
    """Checks across fields, for every combination of options."""
    where = f"rules (with options {dict(options)})" if options else "rules"
    deck = rules.deck
    for rk in deck.cycle:
        if rk not in rules.values:
            raise r.fail("values", f"no value for rank {rk} of the {deck.name} deck")
    if rules.family == "pyramid":
        pyramid = rules.rows * (rules.rows + 1) // 2
        if pyramid >= deck.size:  # a pyramid of the whole deck leaves no stock
            more = "leave no stock from" if pyramid == deck.size else "need more cards than"
            raise r.fail(where, f"{rules.rows} rows {more} a {deck.size}-card deck")
        return
    if rules.piles + 1 >= deck.size:
        raise r.fail(where, "more piles than the deck can fill")
    if rules.foundation == "base-rank":
        if not rules.base:
            raise r.fail(f"{where}: base", "base-rank foundations need a base")
        if rules.base != "first" and rules.base not in deck.cycle:
            raise r.fail(f"{where}: base", f"rank {rules.base} is not in a {deck.name} deck")
        if rules.foundations * deck.run_length != deck.size:
            raise r.fail(
                f"{where}: foundations",
                f"{rules.foundations} foundations of {deck.run_length} cards "
                f"do not hold a {deck.name} deck",
            )
    else:
        if rules.base:
            raise r.fail(f"{where}: base", "aces-up-kings-down foundations take no base")
        if rules.foundations != 8 or deck.name != "2x52":
            raise r.fail(where, "aces-up-kings-down needs 8 foundations and a 2x52 deck")


def _is_ladder(path: Path) -> bool:
    """A ladder file (`kind = "ladder"`, the arcade's order of levels) is no ruleset;
    nor is the arcade's, even broken: game.ladder says what is wrong with it (it was
    said twice, once as "A rules file was skipped")."""
    if path.name == ARCADE_FILE_NAME:
        return True
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")).get("kind") == "ladder"
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False  # load_ruleset says what is wrong with it


@cache
def _load_dir(directory: Path) -> tuple[dict[str, Ruleset], dict[str, str]]:
    """The folder's rulesets, and what is wrong with each file that holds none, by the
    file's name less its suffix: one broken file leaves the others playable. With none
    that loads, LevelError. Said where it matters, not here: the game lists them, and a
    command of a ruleset whose file is broken says so; the quick commands wrote every
    broken file's line on every call, five lines for one refusal."""
    found, problems = {}, {}
    for path in sorted(directory.glob("*.toml")):
        if _is_ladder(path):
            continue
        try:
            ruleset = load_ruleset(path)
        except LevelError as e:
            problems[path.stem] = str(e)
            continue
        found[ruleset.id] = ruleset
    if not found:
        raise LevelError(next(iter(problems.values()), f"no level file in {directory}"))
    ordered = dict(sorted(found.items(), key=lambda item: (item[1].order, item[0])))
    return ordered, problems


def _levels(directory: Path | None) -> Path:
    if directory is None:
        from ..paths import LEVELS_DIR

        return LEVELS_DIR
    return directory


def rulesets(directory: Path | None = None) -> dict[str, Ruleset]:
    """Every ruleset in the levels folder, in menu order, by id (a broken file left out:
    see level_problems)."""
    return _load_dir(_levels(directory))[0]


def level_problems(directory: Path | None = None) -> tuple[str, ...]:
    """What is wrong with each level file left out of rulesets(), one line each."""
    return tuple(_load_dir(_levels(directory))[1].values())


def get_ruleset(ruleset_id: str, directory: Path | None = None) -> Ruleset:
    known, problems = _load_dir(_levels(directory))
    if ruleset_id in known:
        return known[ruleset_id]
    if ruleset_id in problems:
        raise RulesError(f"the level file of '{ruleset_id}' is broken: {problems[ruleset_id]}")
    # a broken file named otherwise may have held it: its id cannot be read
    broken = "".join(f"; {stem}.toml is broken" for stem in problems)
    raise RulesError(f"unknown ruleset '{ruleset_id}' (known: {', '.join(known)}{broken})")
