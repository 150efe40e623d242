"""The `piramida` command: play, and the quick rules tools (replay, deal, rulesets).

The rules commands load no pygame, so scripts can call them thousands of times.
Bad input ends with exit status 2 and one line on standard error, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import logging
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from game import paths
from game.cli_records import options_text
from game.replay_file import read_replay_file
from game.rules import (
    Game,
    ReplayMoveError,
    RulesError,
    get_ruleset,
    level_problems,
    random_deal,
    rulesets,
)
from game.rules.moves import FOUNDATION, TABLEAU, pile_kind
from game.rules.replay import position_json, run_replay
from game.screen import EXIT_NO_SCREEN, NoScreenError
from game.store.saved import LARGEST_KEPT_DEAL

EXIT_BAD_INPUT = 2
# the shell's status for a command whose output pipe was closed (128 + SIGPIPE)
EXIT_CLOSED_OUTPUT = 141
EXIT_UNWRITTEN = 1  # the output could not be written (a full disk): not the input's fault


class UsageError(Exception):
    """Bad input from the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def window_options(parser: argparse.ArgumentParser, after_command: bool = False) -> None:
    # after a command, an option left out must not hide the one given before it
    left_out = {"default": argparse.SUPPRESS} if after_command else {}
    parser.add_argument("--fullscreen", action="store_true", help="play in full screen", **left_out)
    parser.add_argument(
        "--size",
        metavar="WxH",
        help=(
            "window size for this run (default: the size the window was last left,"
            " else 1280x800; either made to fit the screen)"
        ),
        **left_out,
    )


# the ruleset and its options, as every command that deals a game takes them
RULESET_HELP = "a ruleset's id: pyramid52, egyptian, ... (`piramida rulesets` lists them)"
OPTION_HELP = "one of the ruleset's options, e.g. passes=3; given once per option"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="piramida", description="Old Russian pyramid patiences.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    window_options(parser)
    parser.add_argument(
        "--kiosk", action="store_true", help="run as a self-running touch-screen kiosk"
    )
    parser.add_argument(
        "--kiosk-config",
        metavar="FILE",
        help="the kiosk's configuration (default: kiosk.toml in the config folder)",
    )

    p = sub.add_parser("play", help="open the game straight onto a table")
    window_options(p, after_command=True)  # where a player writing `play ...` puts them
    p.add_argument("ruleset", help=RULESET_HELP)
    p.add_argument("--deal", type=deal_arg, help="deal number (default: a random one)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=OPTION_HELP)

    p = sub.add_parser("replay", help="re-run a replay file and describe where it ends")
    p.add_argument("file", help="replay file (JSON), or - for standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("rulesets", help="list the rulesets and their options")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser("deal", help="print the initial layout of a deal")
    p.add_argument("ruleset", help=RULESET_HELP)
    p.add_argument("--deal", type=deal_arg, help="deal number (default: a random one)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=OPTION_HELP)
    p.add_argument("--json", action="store_true", help="print one JSON object")

    for name, handler in COMMANDS.items():
        sub.choices[name].set_defaults(handler=handler)
    # Other command families register themselves; their modules import lightly,
    # so that the quick commands stay quick.
    for module in COMMAND_MODULES:
        importlib.import_module(module).register(sub)
    return parser


DASHED_VALUES = ("--deals", "--size")  # options whose values may start with a dash


def _dashed_values_joined(argv: Sequence[str]) -> list[str]:
    """`--deals -3..2` written as `--deals=-3..2` (and `--size -100x100` so): argparse
    takes a value that starts with a dash and is not a plain negative number for an
    option of its own, and would say "expected one argument" where the value itself
    deserves the message."""
    joined: list[str] = []
    for arg in argv:
        if joined and joined[-1] in DASHED_VALUES and arg[:1] == "-" and arg[1:2].isdigit():
            joined[-1] = f"{joined[-1]}={arg}"
        else:
            joined.append(arg)
    return joined


def main(argv: Sequence[str] | None = None) -> int:
    # the log's warnings (a level file left out) read as the program's other lines:
    # Python's last resort printed them bare
    logging.basicConfig(level=logging.WARNING, format="piramida: %(message)s")
    _escape_what_the_output_cannot_hold()
    parser = build_parser()
    try:
        args = parser.parse_args(_dashed_values_joined(sys.argv[1:] if argv is None else argv))
        missing = paths.missing_data()
        if missing is not None:
            said = f"the game's files are missing from {missing}: {paths.HOW_TO_INSTALL}"
            if args.command is None:  # a window or a kiosk, which an icon or an autostart
                _in_the_log_file(said)  # starts with no terminal to read
            print(f"piramida: {said}", file=sys.stderr)
            return paths.EXIT_FILES_MISSING
        if args.kiosk or args.kiosk_config:
            return start_kiosk(args)
        if args.command is None:
            return start_game(args, None)
        status = int(args.handler(args))
        sys.stdout.flush()  # here, where a closed pipe is caught, not as Python ends
        return status
    except (UsageError, RulesError) as e:
        # a replay's move is named first, as the spec writes it: "move 14 't3>f2': ..."
        prefix = "" if isinstance(e, ReplayMoveError) else "piramida: "
        print(f"{prefix}{one_line(str(e))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except NoScreenError as e:
        print(f"piramida: {e}", file=sys.stderr)
        return EXIT_NO_SCREEN
    except BrokenPipeError:
        # the reader stopped reading (`piramida history | head`): nothing more to say
        _quiet_stdout()
        return EXIT_CLOSED_OUTPUT
    except OSError as e:
        # the output could not be written (a full disk, a terminal gone): one line,
        # where a traceback came, and again as Python ended and flushed it
        _quiet_stdout()
        where = f"cannot write {e.filename}" if e.filename else "cannot write the output"
        print(f"piramida: {where}: {e.strerror or e}", file=sys.stderr)
        return EXIT_UNWRITTEN


def _in_the_log_file(said: str) -> None:
    """`said` written to the game's log file, as the window's problems are."""
    from game.logfile import install_log_file, remove_log_file

    handler = install_log_file()
    if handler is not None:  # else no file can be written: the terminal's line it is
        handler.handle(logging.LogRecord(__name__, logging.ERROR, __file__, 0, said, None, None))
        remove_log_file(handler)


def _escape_what_the_output_cannot_hold() -> None:
    """An output in an encoding without Cyrillic (a pipe on Windows,
    PYTHONIOENCODING=ascii) gets escapes where `rulesets` ended on a traceback:
    `\u0421` in JSON reads as the letter."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding not in ("utf8", "utf16", "utf32") and hasattr(stream, "reconfigure"):
            with contextlib.suppress(ValueError, io.UnsupportedOperation):
                stream.reconfigure(errors="backslashreplace")


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that the flush when Python ends
    does not fail on the closed pipe again and print a traceback after all."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass  # no file behind standard output (a test's capture): nothing to flush


# Control characters, the ones str.splitlines() breaks at, and the marks that turn
# the direction of text: a message quoting the user's text keeps them escaped (an
# escape sequence in a move reached the terminal; U+202E showed the line backwards).
_CONTROLS = [chr(i) for i in (*range(0x20), 0x7F, *range(0x80, 0xA0))] + [
    "\u2028",
    "\u2029",
    *(chr(i) for i in (0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))),
]
_CONTROL_ESCAPES = str.maketrans({c: repr(c)[1:-1] for c in _CONTROLS})


def one_line(message: str) -> str:
    """The message with its line breaks and other control characters escaped (`\\n`,
    `\\x1b`), so an error is one line and says nothing to the terminal."""
    return message.translate(_CONTROL_ESCAPES)


def window_size(args: argparse.Namespace) -> tuple[int, int] | None:
    """`--size WxH` as a size, None when left out; a bad one is a usage error."""
    from game.main import parse_size

    try:
        return parse_size(args.size) if args.size else None
    except ValueError as e:
        raise UsageError(str(e)) from e


def start_game(args: argparse.Namespace, game: Game | None) -> int:
    from game.main import run

    size = window_size(args)
    return run(game, size=size, fullscreen=True if args.fullscreen else None)


def start_kiosk(args: argparse.Namespace) -> int:
    """`piramida --kiosk [--kiosk-config FILE]`: the configuration is checked before any window."""
    from pathlib import Path

    from game.kiosk.config import KioskConfigError, default_path, load_config
    from game.main import run_kiosk, start_logging

    if args.command is not None:
        raise UsageError("--kiosk runs the whole screen by itself: it takes no command")
    if args.fullscreen:
        raise UsageError("--kiosk is always full screen: leave out --fullscreen")
    size = window_size(args)
    given = args.kiosk_config is not None
    try:
        config = load_config(Path(args.kiosk_config) if given else default_path(), given=given)
    except KioskConfigError as e:
        # the terminal and the log file: a kiosk started by `startx` or a desktop's
        # autostart has no terminal its operator reads
        start_logging()
        for problem in e.problems:  # every problem of the file, one line each
            logging.getLogger("game.kiosk").error("%s", one_line(problem))
        return EXIT_BAD_INPUT
    return run_kiosk(config, size=size)


def start_watch(args: argparse.Namespace, replays: list[dict[str, Any]]) -> int:
    """Open the window on replays played back, one after another (`piramida watch`)."""
    from game.main import run_watch

    size = window_size(args)
    return run_watch(replays, size=size, fullscreen=True if args.fullscreen else None)


def longer_than_read(text: str) -> str | None:
    """Why a number of these digits cannot be read (Python's limit on converting them,
    4300 digits), as a replay file's is said; None if it can."""
    plain, most = text.lstrip("-"), sys.get_int_max_str_digits()
    if not (plain.isascii() and plain.isdigit()):
        return None  # no number at all (5000 letters were "a number of 5000 digits")
    if most and len(plain) > most:
        return f"a number of {len(plain)} digits is longer than this program reads ({most})"
    return None


def shortened(text: str, most: int = 40) -> str:
    """A value given, as a message echoes it: a line of 5000 letters said once is enough."""
    return text if len(text) <= most else f"{text[: most - 1]}…"


def deal_arg(text: str) -> int:
    """`--deal`'s value: plain digits (int() takes '٣' too, where the rest of the
    command line and the replay file take 0-9 alone)."""
    if why := longer_than_read(text):  # int() failed, named "invalid deal_arg value"
        raise argparse.ArgumentTypeError(why)
    if text.startswith("-") and text[1:].isascii() and text[1:].isdigit():
        return int(text)  # a number, refused as negative by deal_number, which says why
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(
            f"a deal number is written in digits 0-9, not {shortened(text)!r}"
        )
    return int(text)


def deal_number(given: int | None) -> int:
    """`--deal N` as given, or a random deal when it is left out."""
    if given is None:
        return random_deal()
    if given < 0:
        raise UsageError("a deal number is a non-negative integer")
    return given


def cmd_play(args: argparse.Namespace) -> int:
    ruleset = get_ruleset(args.ruleset)
    options = ruleset.parse_options(args.option)
    number = deal_number(args.deal)
    if number > LARGEST_KEPT_DEAL:
        raise UsageError(
            f"the game keeps deals up to {LARGEST_KEPT_DEAL}"
            f" (`piramida deal` shows any deal's layout)"
        )
    return start_game(args, Game(ruleset, options, deal=number))


def read_game_replay(path: str) -> dict[str, Any]:
    """One game's replay from `path`; an arcade run's file is refused, saying what reads
    it (refused as a replay, it was "unknown key 'ladder'", of a file the game had just
    written as the run's replay)."""
    from game.store.proof import is_run

    data = read_replay_file(path)
    if is_run(data):
        name = "standard input" if path == "-" else path
        games = data.get("games")
        count = f" of {len(games)} games" if isinstance(games, list) else ""
        raise UsageError(
            f"{name} is an arcade run{count}, not one game's replay:"
            f" `piramida verify {path}` checks it"
        )
    return data


def cmd_replay(args: argparse.Namespace) -> int:
    game = run_replay(read_game_replay(args.file))
    if args.json:
        print(json.dumps(position_json(game)))
    else:
        print(describe(game))
    return 0


def describe(game: Game) -> str:
    score = game.score
    outcome = game.outcome
    options = options_text(game.options) or "no options"
    deal = f"deal {game.deal_number}" if game.deal_number is not None else "a given deck"
    state = {None: "in play", "won": "won", "no_moves": "over (no moves left)"}.get(
        outcome, "over (resigned)"
    )
    return (
        f"{game.ruleset.name['en']} ({game.ruleset.id}, {options}), {deal}\n"
        # as the results and `history` count them: a given-up game's "resign" is none
        f"moves: {game.moves_made}{' + resign' if game.state.resigned else ''}\n"
        f"result: {state}\n"
        f"remaining: {score.remaining_cards} cards, {score.remaining_points} points"
    )


def cmd_rulesets(args: argparse.Namespace) -> int:
    found = rulesets()
    # the one command that lists them says which files it left out, one line each
    for problem in level_problems():
        print(f"piramida: {one_line(problem)} (left out)", file=sys.stderr)
    if args.json:
        out = [
            {
                "id": r.id,
                "name": dict(r.name),
                "options": {o.key: list(o.choices) for o in r.options},
            }
            for r in found.values()
        ]
        # every --json output is ASCII, its letters escaped: a pipe on a Russian Windows
        # wrote them in cp1251, which a tool reading JSON (UTF-8) could not read
        print(json.dumps(out))
        return 0
    for r in found.values():
        print(f"{r.id:14} {r.name['en']} / {r.name['ru']}")
        for o in r.options:
            choices = " | ".join(str(c) for c in o.choices)
            print(f"{'':14}   {o.key}: {choices}  (default {o.default})")
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
    ruleset = get_ruleset(args.ruleset)
    options = ruleset.parse_options(args.option)
    number = deal_number(args.deal)
    game = Game(ruleset, options, deal=number)
    if args.json:
        print(json.dumps(position_json(game)))
    else:
        print(f"{ruleset.name['en']}, deal {number}")
        print(layout_text(game))
    return 0


def layout_text(game: Game) -> str:
    """A plain-text picture of the table."""
    lines = []
    if game.pairs_cards:
        rows = game.rules.rows
        for r in range(1, rows + 1):
            cards = [game.pile(f"p{r}.{c}") for c in range(1, r + 1)]
            text = "  ".join(c[-1] if c else "  " for c in cards)
            lines.append(" " * (2 * (rows - r)) + text)
    else:
        for name in (n for n in game.pile_names if pile_kind(n) in (FOUNDATION, TABLEAU)):
            lines.append(f"{name:>3}: {' '.join(game.pile(name)) or '-'}")
    stock, waste = game.pile("st"), game.pile("w")
    top = f", top {stock[-1]}" if stock and game.shows_stock_top else ""
    lines.append(f" st: {len(stock)} cards{top}")
    lines.append(f"  w: {' '.join(waste) or '-'}")
    return "\n".join(lines)


COMMANDS = {"play": cmd_play, "replay": cmd_replay, "rulesets": cmd_rulesets, "deal": cmd_deal}
COMMAND_MODULES: tuple[str, ...] = ("game.cli_records", "game.cli_solver")
