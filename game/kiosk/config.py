"""The kiosk's configuration file (TOML): what it offers, how it idles, how the operator leaves.

Everything is checked before the window opens. Every problem found is
reported, each naming the file, the key and what is wrong with it; a file with
any problem stops start-up, so a kiosk never runs half configured.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from game.i18n import alphabets
from game.rules import RulesError, get_ruleset, rulesets
from game.rules.ruleset import OptionValue
from game.settings import BY_LANGUAGE, CARD_LETTERS, LANGUAGES, Settings, SettingsStore
from game.small_files import TooLarge, read_small, text_of

FILE_NAME = "kiosk.toml"
EXAMPLE = Path(__file__).with_name("kiosk.example.toml")
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")
PIN_DIGITS = (4, 8)
# The most games the chooser shows as one column of rows a finger can hit, Play and
# Rules side by side, on a screen 800 pixels high
MAX_GAMES = 6

# The PIN of kiosk.example.toml and of README: anyone who has read them knows it
EXAMPLE_PIN = "2580"


class KioskConfigError(Exception):
    """The configuration cannot be used; `problems` are one line each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class OfferedGame:
    ruleset: str
    options: dict[str, OptionValue]


@dataclass(frozen=True)
class Operator:
    """How the operator leaves: hold `corner` for `hold_seconds`, then type `pin`."""

    pin: str
    corner: str = "top-left"
    hold_seconds: float = 5.0


@dataclass(frozen=True)
class Attract:
    """The show while nobody plays: how long each part lasts, and whether it makes sound."""

    demo_seconds: float = 150.0  # a demo game longer than this stops for the tables
    tables_seconds: float = 12.0
    invitation_seconds: float = 8.0
    sound: bool = False  # a public place: the show is silent unless asked otherwise


@dataclass(frozen=True)
class KioskConfig:
    path: Path
    games: tuple[OfferedGame, ...]
    operator: Operator
    attract: Attract = field(default_factory=Attract)
    idle_seconds: float = 60.0
    language: str = ""  # empty: the system's language
    volume: float = 0.5
    ask_initials: bool = True
    # a passer-by is dealt a deal that can be won: with any deal, most Pyramid 52 deals
    # and two Pyramid 36 deals in three opened on "No win possible" before a first move
    winnable_only: bool = True
    card_letters: str = BY_LANGUAGE
    large_corners: bool = False
    # four suits in four colours, told apart at a glance, by colour-blind eyes too (red
    # and black alone, a colour-blind passer-by told hearts from diamonds by shape)
    four_colour: bool = False
    # initials the tables show as "---" besides the game's own list, in capitals: a
    # word seen on the screen, entered before anyone listed it
    hide_initials: frozenset[str] = frozenset()

    def settings(self) -> Settings:
        """The game's settings on this kiosk: from the file, the rest defaults."""
        return Settings(
            language=self.language,
            volume=self.volume,
            muted=self.volume == 0,
            fullscreen=True,
            winnable_only=self.winnable_only,
            card_letters=self.card_letters,
            large_corners=self.large_corners,
            four_colour=self.four_colour,
        )


class KioskSettingsStore(SettingsStore):
    """The kiosk's settings are its configuration's; nothing a passer-by does is written."""

    def __init__(self, config: KioskConfig) -> None:  # no file of its own: no super()
        self.config = config
        self.path = config.path
        self.notice = None
        self.problem = None

    def load(self) -> Settings:
        return self.config.settings()

    def save(self, settings: Settings) -> None:
        pass

    def keep_window(self, size: list[int], maximised: bool = False) -> None:
        pass  # its path is the kiosk's configuration, the operator's


# -- reading ---------------------------------------------------------------------------


def default_path() -> Path:
    from game.userdirs import config_dir

    return config_dir(make=False) / FILE_NAME  # only read: no folder made for it


def load_config(path: Path, given: bool = True) -> KioskConfig:
    """Read and check the file; raises KioskConfigError naming every problem.

    `given` says the path came from the command line; otherwise the message for a
    missing file says where the game looked and how to make one.
    """
    try:
        raw = read_small(path)
    except TooLarge as e:
        raise KioskConfigError([f"{path}: {e}: not a kiosk configuration"]) from e
    except FileNotFoundError as e:
        if given:
            # run by a service or .xinitrc, a relative path is not from where the
            # operator stood: the whole path says where it was looked for
            whole = "" if path.is_absolute() else f" (looked for {path.absolute()})"
            raise KioskConfigError([f"{path}: no such file{whole}"]) from e
        raise KioskConfigError(
            [
                f"no kiosk configuration at {path}: copy {EXAMPLE.name} there"
                f" (from {EXAMPLE.parent}) and set its PIN, or give --kiosk-config FILE"
            ]
        ) from e
    except OSError as e:
        raise KioskConfigError([f"{path}: cannot read it: {e.strerror}"]) from e
    try:
        # with the mark Notepad and PowerShell put first, or in UTF-16, as replays are
        # read: refused, it pointed at line 1, column 1, which looks empty there
        text = text_of(raw)
    except UnicodeDecodeError as e:
        raise KioskConfigError([f"{path}: not UTF-8 text"]) from e
    return parse_config(text, path)


def parse_config(text: str, path: Path) -> KioskConfig:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise KioskConfigError([f"{path}: not valid TOML: {e}{_toml_advice(text, str(e))}"]) from e
    check = _Checker(path)
    config = check.config(data)
    if check.problems or config is None:
        raise KioskConfigError(check.problems)
    return config


def _toml_advice(text: str, error: str) -> str:
    """What to write instead, for the mistakes an operator makes that TOML itself
    refuses before the kiosk reads a key: a PIN that starts with 0 left unquoted
    (its comment kept after it), a game written [games] where each is [[games]]."""
    at = re.search(r"at line (\d+)", error)
    lines = text.splitlines()
    line = lines[int(at.group(1)) - 1] if at and 0 < int(at.group(1)) <= len(lines) else ""
    if line.strip() in ("[games]", "[[games]]"):
        return ": each game offered is a table of its own, written [[games]] (two brackets)"
    key, equals, value = line.partition("=")
    digits = value.split("#", 1)[0].strip().replace("_", "")
    if key.strip() in ("pin", "operator.pin") and equals and digits.isdigit():
        return f': write the PIN in quotes: pin = "{digits}"'
    return ""


# -- checking --------------------------------------------------------------------------

TOP_KEYS = (
    "games",
    "operator",
    "attract",
    "idle_seconds",
    "language",
    "volume",
    "ask_initials",
    "winnable_only",
    "card_letters",
    "large_corners",
    "four_colour",
    "hide_initials",
)
INITIALS_PLACES = 3  # the initials' length, as the wheel makes them


class _Checker:
    """Reads the parsed file, collecting a message for every problem instead of stopping."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[str] = []

    def fail(self, where: str, problem: str) -> None:
        self.problems.append(f"{self.path}: {where}: {problem}")

    def only(self, data: Mapping[str, Any], known: tuple[str, ...], prefix: str = "") -> None:
        for key in data:
            if key not in known:
                self.fail(f"{prefix}{key}", f"unknown key (known here: {', '.join(known)})")

    def table(self, data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            self.fail(key, f"must be a table ([{key}]), not {_shown(value)}")
            return {}
        return value

    def number(
        self, data: Mapping[str, Any], key: str, lo: float, hi: float, default: float, where: str
    ) -> float:
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
            self.fail(where, f"must be a number from {_num(lo)} to {_num(hi)}, not {_shown(value)}")
            return default
        return float(value)

    def flag(self, data: Mapping[str, Any], key: str, default: bool, where: str) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.fail(where, f"must be true or false, not {_shown(value)}")
            return default
        return value

    def choice(
        self, data: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str, where: str
    ) -> str:
        value = data.get(key, default)
        if value not in allowed:
            self.fail(where, f"must be one of {', '.join(allowed)}; not {_shown(value)}")
            return default
        return str(value)

    # -- the sections --------------------------------------------------------------------

    def config(self, data: Mapping[str, Any]) -> KioskConfig | None:
        self.only(data, TOP_KEYS)
        games = self.games(data.get("games"))
        operator = self.operator(self.table(data, "operator"))
        attract = self.attract(self.table(data, "attract"))
        idle = self.number(
            data, "idle_seconds", 15, 3600, _default(KioskConfig, "idle_seconds"), "idle_seconds"
        )
        language = data.get("language", "")  # left out: the system's language
        if "language" in data and language not in LANGUAGES:
            self.fail("language", f"must be one of {', '.join(LANGUAGES)}; not {_shown(language)}")
            language = ""
        volume = self.number(data, "volume", 0, 1, _default(KioskConfig, "volume"), "volume")
        ask = self.flag(data, "ask_initials", _default(KioskConfig, "ask_initials"), "ask_initials")
        winnable = self.flag(
            data, "winnable_only", _default(KioskConfig, "winnable_only"), "winnable_only"
        )
        letters = self.choice(data, "card_letters", CARD_LETTERS, BY_LANGUAGE, "card_letters")
        large = self.flag(
            data, "large_corners", _default(KioskConfig, "large_corners"), "large_corners"
        )
        four = self.flag(data, "four_colour", _default(KioskConfig, "four_colour"), "four_colour")
        hidden = self.initials(data.get("hide_initials", []))
        if operator is None:
            return None
        return KioskConfig(
            self.path,
            games,
            operator,
            attract,
            idle,
            language,
            volume,
            ask,
            winnable,
            letters,
            large,
            four,
            hidden,
        )

    def initials(self, value: object) -> frozenset[str]:
        """`hide_initials`: a list of initials, each of three letters or digits."""
        where = "hide_initials"
        if not isinstance(value, list):
            self.fail(where, f'must be a list of initials, as ["ABC", "XYZ"]; not {_shown(value)}')
            return frozenset()
        found: set[str] = set()
        signs = set(alphabets() + string.digits)  # the wheel's, in either language
        for i, word in enumerate(value, 1):
            # as the wheel makes them: "ßAB" in capitals is four letters, "ÄÖÜ" none of its
            capitals = word.upper() if isinstance(word, str) else ""
            if len(capitals) != INITIALS_PLACES or not set(capitals) <= signs:
                self.fail(
                    f"{where}[{i}]",
                    f"must be {INITIALS_PLACES} letters of the wheel (A-Z, А-Я but Ъ Ы Ь)"
                    f" or digits, not {_shown(word)}",
                )
                continue
            found.add(capitals)
        return frozenset(found)

    def games(self, value: object) -> tuple[OfferedGame, ...]:
        if value is None:
            example = '[[games]] ruleset = "pyramid36"'
            self.fail("games", f"missing: offer at least one game, e.g. {example}")
            return ()
        if not isinstance(value, list) or not value:
            self.fail("games", "must be one or more [[games]] tables, each with a ruleset")
            return ()
        if len(value) > MAX_GAMES:
            self.fail(
                "games",
                f"offers {len(value)} games; at most {MAX_GAMES} fit the chooser as buttons"
                " a finger can hit on a screen 800 pixels high",
            )
            return ()
        found: list[OfferedGame] = []
        for i, entry in enumerate(value, 1):
            where = f"games[{i}]"
            if not isinstance(entry, dict):
                self.fail(where, f"must be a table with a ruleset, not {_shown(entry)}")
                continue
            self.only(entry, ("ruleset", "options"), f"{where}.")
            game = self.game(entry, where)
            if game is None:
                continue
            if game in found:
                self.fail(where, "offers the same ruleset and options as an earlier game")
                continue
            found.append(game)
        return tuple(found)

    def game(self, entry: Mapping[str, Any], where: str) -> OfferedGame | None:
        ruleset_id = entry.get("ruleset")
        if not isinstance(ruleset_id, str):
            known = ", ".join(rulesets())
            self.fail(f"{where}.ruleset", f"missing or not a word; one of {known}")
            return None
        try:
            ruleset = get_ruleset(ruleset_id)
        except RulesError as e:
            self.fail(f"{where}.ruleset", str(e))
            return None
        options = entry.get("options", {})
        if not isinstance(options, dict):
            self.fail(f"{where}.options", f"must be a table, not {_shown(options)}")
            return None
        chosen = ruleset.defaults()
        problems = len(self.problems)
        for key, value in options.items():  # each problem said, not the first alone
            try:
                chosen[key] = ruleset.option(key).check(value)
            except RulesError as e:
                self.fail(f"{where}.options", str(e))
        return OfferedGame(ruleset.id, chosen) if len(self.problems) == problems else None

    def operator(self, data: Mapping[str, Any]) -> Operator | None:
        self.only(data, ("pin", "corner", "hold_seconds"), "operator.")
        corner = self.choice(
            data, "corner", CORNERS, _default(Operator, "corner"), "operator.corner"
        )
        hold = self.number(
            data, "hold_seconds", 2, 30, _default(Operator, "hold_seconds"), "operator.hold_seconds"
        )
        pin = data.get("pin")
        lo, hi = PIN_DIGITS
        if pin is None:
            # not the example's own PIN, which anyone may read: a shape to fill in
            example = 'pin = "' + "N" * lo + '"'
            self.fail(
                "operator.pin",
                f"missing: the operator's PIN, {lo} to {hi} digits in quotes, your own: {example}",
            )
            return None
        if isinstance(pin, int) and not isinstance(pin, bool):
            # a number would silently lose leading zeros: the PIN is text
            self.fail("operator.pin", f'write the PIN in quotes: pin = "{pin}"')
            return None
        if not isinstance(pin, str) or not pin.isascii() or not pin.isdigit():
            self.fail("operator.pin", f"must be {lo} to {hi} digits in quotes, not {_shown(pin)}")
            return None
        if not lo <= len(pin) <= hi:
            self.fail("operator.pin", f"must be {lo} to {hi} digits long, not {len(pin)}")
            return None
        return Operator(pin, corner, hold)

    def attract(self, data: Mapping[str, Any]) -> Attract:
        keys = ("demo_seconds", "tables_seconds", "invitation_seconds", "sound")
        self.only(data, keys, "attract.")
        return Attract(
            self.number(
                data,
                "demo_seconds",
                20,
                1800,
                _default(Attract, "demo_seconds"),
                "attract.demo_seconds",
            ),
            self.number(
                data,
                "tables_seconds",
                3,
                120,
                _default(Attract, "tables_seconds"),
                "attract.tables_seconds",
            ),
            self.number(
                data,
                "invitation_seconds",
                3,
                120,
                _default(Attract, "invitation_seconds"),
                "attract.invitation_seconds",
            ),
            self.flag(data, "sound", _default(Attract, "sound"), "attract.sound"),
        )


def _default(kind: type, name: str) -> Any:
    """A setting's default, as its dataclass declares it: written again beside each
    check, a default changed in one place stayed behind in the other."""
    return next(f.default for f in fields(kind) if f.name == name)


def _num(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _shown(value: object) -> str:
    """A value as the file wrote it, short."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."
