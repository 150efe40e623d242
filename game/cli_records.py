"""The records commands: verify a replay, list past games, export one, print the tables, watch.

`verify` is quick (no pygame, no database). The others read the records file
of the user data folder (`PIRAMIDA_HOME` moves it). Bad input ends with exit
status 2 and one line on standard error, as everywhere in `piramida`.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import json
import logging
import os
import stat
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import clock_text
from game.small_files import resolved

if TYPE_CHECKING:
    from game.rules import Game
    from game.store import GameRow, Problem, Records


def register(sub: Any) -> None:
    from game.cli import window_options

    p = sub.add_parser(
        "verify", help="re-run a replay (or an arcade run) and confirm or refute its claimed result"
    )
    p.add_argument(
        "file", help="replay or run file (JSON) with a 'result', or - for standard input"
    )
    p.set_defaults(handler=cmd_verify)

    p = sub.add_parser("history", help="list past games, or export one as a replay file")
    p.add_argument("--ruleset", help="only games of this ruleset")
    p.add_argument("--json", action="store_true", help="print one JSON list")
    p.add_argument("--limit", type=int, help="at most this many games, the newest first")
    p.add_argument(
        "--export", nargs=2, metavar=("ID", "FILE"), help="write game ID as a replay file"
    )
    p.set_defaults(handler=_store_log_quiet(cmd_history))

    p = sub.add_parser("scores", help="print the high-score tables")
    p.add_argument("--ruleset", help="only the tables of this ruleset ('arcade' for the ladder)")
    p.add_argument("--json", action="store_true", help="print one JSON list")
    p.add_argument(
        "--export-run",
        nargs=2,
        metavar=("PLACE", "FILE"),
        help="write the arcade table's entry at PLACE as a run file, its proof",
    )
    p.set_defaults(handler=_store_log_quiet(cmd_scores))

    p = sub.add_parser("watch", help="play a replay back on the table, with pause and step")
    window_options(p, after_command=True)  # as `play` takes them
    p.add_argument("file", help="replay file (JSON), or - for standard input")
    p.set_defaults(handler=cmd_watch)


def cmd_verify(args: argparse.Namespace) -> int:
    from game.replay_file import read_replay_file
    from game.store.proof import is_run, verify

    data = read_replay_file(args.file)
    if is_run(data):
        return verify_run_file(data)
    print(f"confirmed: {outcome_text(verify(data))}")
    _say_claimed([data.get("meta")], data.get("deal"))
    return 0


# What made a game assisted, by its file's meta.assisted_by (game.store.saved's BY_...);
# a file without it (or older) is said the general way
HELP_SAID = {
    "": "help was used (a hint, the demo or the solver)",
    "hint": "help was used (a hint)",
    "demo": "help was used (the demo played)",
    "taken-back": "help was used (a move taken back after the solver said no win was possible)",
    "before": "help was used (the solver helped on this deal in another game)",
    "seen-stock": "help was used (a stock card put back after it was seen)",
    "told-before": (
        "help was used (in another game of this deal, the solver said after which move it"
        " could no longer be won)"
    ),
    "practised": "help was used (the arcade level's deal played in another game while it waited)",
    "watched-before": "help was used (a replay of this deal was watched before it was played)",
}


UNAIDED_UNPROVEN = "the moves prove the score, not that it was found without help"

# A figure of a file's meta past this is no game's (a year of seconds): not said
MOST_SAID = 366 * 24 * 3600


def _say_claimed(metas: list[object], deal: object = None) -> None:
    """What the file says that its moves cannot prove, on a line of its own, help first:
    "confirmed" above a game won with hints read as a clean win. `deal`: one game's."""
    from game.store.saved import ARCADE, DAILY, is_count, local_minute

    facts = [m for m in metas if isinstance(m, dict)]
    said = []
    helped = [m for m in facts if m.get("assisted") is True]
    if helped:
        by = helped[0].get("assisted_by")
        help_said = HELP_SAID.get(by, HELP_SAID[""]) if isinstance(by, str) else HELP_SAID[""]
        said.append(f"{help_said}: no table takes it")
    # a day's deal's claim to its table (its number is the date it names, its start
    # the file's word): a competitor read "confirmed" as the day's table proven
    if len(facts) == 1 and facts[0].get("mode") == DAILY:
        from game.cli import one_line

        started = facts[0].get("started")
        # a file's text: bounded, and its control characters shown, not obeyed
        shown = isinstance(started, str) and len(started) <= 40
        when = one_line(local_minute(started)) if shown else ""  # as history shows it
        off = " (not its deal's day)" if shown and not _on_its_day(started, deal) else ""
        said.append("played as the deal of the day" + (f", started {when}{off}" if when else ""))
        if facts[0].get("practised") is True:  # it read as a clean day's game
            said.append("its deal played before, in another game: the day's table does not take it")
    elif len(facts) == 1 and facts[0].get("mode") == ARCADE:
        said.append("played as an arcade level")
    hints = sum(h for m in facts if is_count(h := m.get("hints")))
    if 0 < hints <= MOST_SAID:
        said.append(_counted_words(hints, "hint"))
    seconds = [s for m in facts if isinstance(s := m.get("seconds"), (int, float))]
    # 1e400 reads as infinity, and a clock of 300 digits says nothing: left unsaid
    if seconds and all(0 <= s <= MOST_SAID for s in seconds):
        said.append(clock_text(float(sum(seconds))))
    if said:
        print(f"the file says, not proven: {'; '.join(said)}")
    if not helped:
        # a file's "no help" is a line of text anyone may write: "confirmed" alone read
        # as a proof of a fair score, of a hinted game whose notes were edited, of a run
        # played from the solver's lines
        print(UNAIDED_UNPROVEN)


def _on_its_day(started: str, deal: object) -> bool:
    """Whether a day's game started on the day its deal names, as far as a file says:
    the day where it was started, which may be a day from the start's in UTC (the
    world's clocks are 26 hours apart). A start that is no time is not doubted."""
    from datetime import datetime, timedelta

    from game.store.daily import deal_date

    day = deal_date(deal) if isinstance(deal, int) and not isinstance(deal, bool) else None
    try:
        moment = datetime.fromisoformat(started)
    except ValueError:
        return True
    return day is not None and abs(moment.date() - day) <= timedelta(days=1)


def verify_run_file(run: Mapping[str, Any]) -> int:
    """`piramida verify` of an arcade run's file (see game.store.proof)."""
    from game.ladder import load_ladder
    from game.rules import ReplayError
    from game.store.proof import verify_run

    ladder = load_ladder()
    if run.get("ladder") != ladder.id:
        said = json.dumps(run.get("ladder"), ensure_ascii=False)[:40]
        raise ReplayError(f"the run is of the ladder {said}; this version's is '{ladder.id}'")
    state = verify_run(ladder, run)
    print(
        f"confirmed: arcade run ({ladder.id}), {_counted_words(state.level, 'level')} cleared,"
        f" {state.points} points ({state.cards} cards, {state.moves} moves)"
        f" in {_counted_words(state.games, 'game')}"
    )
    games = run.get("games")
    metas = [g.get("meta") for g in games if isinstance(g, dict)] if isinstance(games, list) else []
    _say_claimed(metas)
    return 0


def _counted_words(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _store_log_quiet(
    command: Callable[[argparse.Namespace], int],
) -> Callable[[argparse.Namespace], int]:
    """A records command: the store's warnings are the problems say_problems() puts
    in the game's words, so its log lines (a second, raw, copy of each) stay quiet."""

    @functools.wraps(command)
    def quietly(args: argparse.Namespace) -> int:
        store_log = logging.getLogger("game.store")
        level = store_log.level
        store_log.setLevel(logging.ERROR)
        try:
            return command(args)
        finally:
            store_log.setLevel(level)

    return quietly


def open_records() -> Records:
    """The records, each problem met on the way said once, as the game says it."""
    from game.cli import UsageError
    from game.store import DAMAGED_LEFT, IN_MEMORY, NEWER, Records

    records = Records.open(to_write=False)
    if records.path is None:
        # nothing of the file was read: "no high scores yet" with exit status 0 told a
        # script the tables were empty
        unread = [
            p
            for p in records.problems
            if p.kind in (IN_MEMORY, NEWER) or (p.kind == DAMAGED_LEFT and not any(p.numbers))
        ]
        if unread:
            raise UsageError(_unread_words(unread[0]))
    say_problems(records)
    return records


def _unread_words(problem: Problem) -> str:
    from game.notices import system_reason
    from game.store import DAMAGED_LEFT, NEWER

    if problem.kind == NEWER:
        return f"{problem.detail} is from a newer Piramida: this version cannot read it"
    if problem.kind == DAMAGED_LEFT:
        return (
            f"the records file {problem.detail} is damaged and nothing of it reads"
            " (the game sets it aside when it next starts)"
        )
    return f"the records file cannot be read ({system_reason(problem.detail)})"


def say_problems(records: Records) -> None:
    """What went wrong since last said (the file set aside, a damaged row passed over),
    each kind once, on standard error: the output itself stays what was read."""
    from game.cli import one_line
    from game.notices import record_notice

    for problem in records.problems:
        print(f"piramida: {one_line(record_notice(problem, details=True))}", file=sys.stderr)
    records.problems.clear()


def _check_ruleset(ruleset: str | None, allow: tuple[str, ...] = ()) -> None:
    from game.rules import get_ruleset

    if ruleset is not None and ruleset not in allow:
        get_ruleset(ruleset)  # an unknown id raises RulesError: exit 2, one line


def cmd_history(args: argparse.Namespace) -> int:
    from game.cli import UsageError

    if args.export:
        others = [
            f"--{k}" for k in ("ruleset", "json", "limit") if getattr(args, k) not in (None, False)
        ]
        if others:  # left unsaid, --ruleset egyptian wrote a pyramid52 game
            raise UsageError(f"--export writes one game by its ID: it takes no {', '.join(others)}")
        return export(*args.export)
    _check_ruleset(args.ruleset)
    if args.limit is not None and args.limit < 1:
        raise UsageError("--limit takes a number of games, 1 or more")
    records = open_records()
    rows = records.history(args.ruleset, args.limit)
    say_problems(records)
    if args.json:
        print(json.dumps([row_json(r) for r in rows]))
        return 0
    if not rows:
        print("no games yet")
    for row in rows:
        print(row_line(row))
    return 0


def export(game_id: str, path: str) -> int:
    from game.cli import UsageError
    from game.store.saved import exported, replay_text

    if not (game_id.isascii() and game_id.isdigit()):  # '²' is a digit to isdigit alone
        raise UsageError(f"a game ID is a number from 'piramida history', not '{game_id}'")
    records = open_records()
    row = records.game(int(game_id))
    if records.problems:  # the row is there but damaged: said in the one line
        raise UsageError(f"cannot export: {records.problems[0].detail}")
    if row is None:
        raise UsageError(f"no game {game_id} in the records (see 'piramida history')")
    if row.deal_hidden:
        raise UsageError(f"game {game_id} is an arcade level in play: it is exported once it ends")
    replay = exported(row.replay)
    _warn_unless_it_replays(game_id, replay)
    initials = records.entry_initials(row.id)
    if initials is not None and isinstance(replay.get("meta"), dict):
        # as the Records screen's Save writes a table's entry: under its initials
        replay["meta"] = {**replay["meta"], "initials": initials}
    return _write(path, replay_text(replay))


def _warn_unless_it_replays(game_id: str, replay: dict[str, object]) -> None:
    """A game whose kept moves no longer replay, or no longer make the result it claims
    (a damaged record), is still written as kept, nothing dropped, but said so on
    standard error: the file went out in silence, and `replay` and `verify` then
    refused it with no hint why."""
    from game.cli import one_line
    from game.rules import RulesError, check_claim, run_replay

    try:
        game = run_replay(replay)
        if "result" in replay:
            check_claim(game, replay["result"])
    except RulesError as e:
        print(
            f"piramida: game {game_id} does not replay as kept ({one_line(str(e))});"
            " written as kept all the same",
            file=sys.stderr,
        )


def export_run(place: str, path: str) -> int:
    """The arcade table's entry at `place` as a run file: the proof of its score (see
    game.store.proof), checked before it is written."""
    from game.cli import UsageError
    from game.ladder import load_ladder
    from game.rules import RulesError
    from game.store.proof import entry_proof
    from game.store.saved import replay_text

    if not (place.isascii() and place.isdigit()) or int(place) < 1:
        raise UsageError(f"a place is a number from 'piramida scores', 1 or more, not '{place}'")
    ladder = load_ladder()
    records = open_records()
    entries = records.top(records.arcade_key(ladder))
    if records.problems:  # the table is there but damaged: said in the one line
        raise UsageError(f"cannot export: {records.problems[0].detail}")
    if int(place) > len(entries):
        raise UsageError(f"no place {place} in the arcade table: it holds {len(entries)}")
    try:
        run = entry_proof(entries[int(place) - 1], lambda: ladder)
    except RulesError as e:  # the ladder has changed since, or the entry is damaged
        raise UsageError(f"cannot export place {place}: {e}") from e
    return _write(path, replay_text(run))


def _write(path: str, text: str) -> int:
    """A file written for the player (`-`: standard output). A file there is replaced
    whole or not at all, its mode kept: written over in place, one cut short by a full
    disk was removed, the player's earlier file with it. Written to in place where it
    cannot be replaced: a device or a pipe (`/dev/stdout`), a file of several links, a
    file in a folder the player may not write to."""
    from game.cli import UsageError

    if path == "-":
        sys.stdout.write(text)
        return 0
    try:
        found = os.stat(path) if os.path.lexists(path) else None
        target = resolved(Path(path))  # a link's file replaced, not the link
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror}") from e
    if found is not None and (not stat.S_ISREG(found.st_mode) or found.st_nlink > 1):
        return _write_in_place(path, text)
    aside = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        aside.write_text(text, encoding="utf-8")
        if found is not None:
            os.chmod(aside, stat.S_IMODE(found.st_mode))
        aside.replace(target)
    except PermissionError:
        return _write_in_place(path, text)  # a folder not the player's to write in
    except OSError as e:
        raise unwritten(path, e) from e
    finally:
        with contextlib.suppress(OSError):
            aside.unlink(missing_ok=True)
    return 0


def unwritten(path: str, e: OSError) -> Exception:
    """A write that failed, as the command says it: by the disk (full, or failing), an
    output that could not be written, status 1, as standard output's is (README); by
    the path (no such folder, no permission), bad input, status 2. A full disk ended
    with status 2 for a file, 1 for standard output."""
    from game.cli import UsageError

    if e.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO):
        return OSError(e.errno, e.strerror, path)
    return UsageError(f"cannot write {path}: {e.strerror}")


def _write_in_place(path: str, text: str) -> int:
    """The file at `path` written over, as a device or a pipe is."""
    from game.cli import UsageError

    try:
        f = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed below, or removed)
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror}") from e
    try:
        with f:
            regular = stat.S_ISREG(os.fstat(f.fileno()).st_mode)
            f.write(text)
    except OSError as e:
        if regular:  # cut short (a full disk): not left to pass for whole; a device stays
            with contextlib.suppress(OSError):
                os.unlink(path)
        raise unwritten(path, e) from e
    return 0


def row_json(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "ruleset": row.ruleset,
        "options": row.options,
        "deal": None if row.deal_hidden else row.deal,
        "mode": row.mode,
        "started": row.started_at,
        "finished": row.finished_at,
        "seconds": row.seconds,
        "moves": row.moves,
        "undos": row.undos,
        "hints": row.hints,
        "assisted": row.assisted,
        "outcome": row.outcome,
        "stuck": row.stuck,
        "remaining_cards": row.remaining_cards,
        "remaining_points": row.remaining_points,
        "wish": row.wish,
    }


def options_text(options: Mapping[str, object]) -> str:
    """Options as the command line writes them: `draw=3, base=K`."""
    return ", ".join(f"{k}={v}" for k, v in options.items())


def outcome_text(game: Game) -> str:
    """One line for `piramida verify`: ruleset, deal, outcome, score."""
    options = options_text(game.options)
    ruleset = f"{game.ruleset.id} ({options})" if options else game.ruleset.id
    deal = f"deal {game.deal_number}" if game.deal_number is not None else "a given deck"
    outcome = {"won": "won", "no_moves": "no moves left", "resigned": "resigned"}.get(
        str(game.outcome), "in play"
    )
    score = game.score
    # the table counts a give-up as no move, the file's count (the spec's) as one: both
    # show, so "5 moves" on the table and "moves": 6 in the file read as one game
    moves = moves_text(game)
    return (
        f"{ruleset}, {deal}, {outcome}, {score.remaining_points} points"
        f" ({score.remaining_cards} cards, {moves})"
    )


def moves_text(game: Game) -> str:
    """A game's moves as the commands count them: "5 moves", "5 moves + resign"."""
    moves = _counted_words(game.moves_made, "move")
    return moves + " + resign" if game.state.resigned else moves


def row_line(row: GameRow) -> str:
    from game.store.saved import local_minute

    outcome = {"won": "won", "no_moves": "no moves", "resigned": "resigned"}.get(
        row.outcome or "", "in play"
    )
    if row.stuck and row.outcome == "resigned":
        outcome = "stuck"  # as its results said: "resigned" read as the player's choice
    flags = [f for f, on in ((row.mode, row.mode != "free"), ("assisted", row.assisted)) if on]
    if row.wish is not None:  # a fortune's answer: an honest win and one replayed differ
        flags.append(f"wish: {row.wish}")
    deal = str(row.deal) if row.deal is not None else "deck"
    if row.deal_hidden:
        deal = "hidden"
    return (
        f"{row.id:>5}  {local_minute(row.started_at)}  {row.ruleset:<13} {deal:>10}  "
        f"{outcome:<9} {row.remaining_points:>4} {_counted(row.remaining_points, 'pt')} "
        f"{row.remaining_cards:>3} "
        f"{_counted(row.remaining_cards, 'card')} {row.moves:>4} {_counted(row.moves, 'move')} "
        f"{clock_text(row.seconds):>7}  {' '.join(flags)}  "
        f"({options_text(row.options) or 'no options'})"
    ).rstrip()


def _counted(count: int, noun: str) -> str:
    """The noun for a count in a column: "1 move ", "2 moves" (the columns stay put)."""
    return f"{noun} " if count == 1 else f"{noun}s"


def cmd_scores(args: argparse.Namespace) -> int:
    from game.cli import one_line
    from game.ladder import load_ladder
    from game.rules import LevelError

    if args.export_run:
        return export_run(*args.export_run)

    try:
        arcade: tuple[str, ...] = (load_ladder().id,)
    except LevelError as broken:  # the other tables are still there to print
        print(f"piramida: {one_line(str(broken))}", file=sys.stderr)
        arcade = ()
    _check_ruleset(args.ruleset, allow=arcade)
    from game.store.saved import cut_seconds

    records = open_records()
    # a table whose every entry is damaged is left out with them
    keys = records.tables(ruleset=args.ruleset)
    tables = [(key, entries) for key in keys if (entries := records.top(key))]
    say_problems(records)
    if args.json:
        out = [
            {
                "board": key.board,
                "ruleset": key.ruleset,
                "options": json.loads(key.options),
                "entries": [
                    {
                        "initials": e.initials,
                        # levels only count on the arcade's board, as a deal only off it
                        "levels": e.figures.levels if key.board == "arcade" else None,
                        "remaining_points": e.figures.remaining_points,
                        "remaining_cards": e.figures.remaining_cards,
                        "seconds": cut_seconds(e.figures.seconds, 3),  # as `history` writes it
                        "moves": e.figures.moves,
                        "deal": e.deal,
                        "date": e.created_at,
                        # the game `history --export` writes (an arcade entry: none,
                        # `scores --export-run` writes its run)
                        "game_id": e.game_id,
                    }
                    for e in entries
                ],
            }
            for key, entries in tables
        ]
        print(json.dumps(out))
        return 0
    if not tables:
        print("no high scores yet")
    from game.store.daily import deal_date
    from game.store.saved import DAILY, local_date

    for n, (key, entries) in enumerate(tables):
        if n:
            print()
        options = options_text(json.loads(key.options))
        if key.board == "arcade":  # its "ruleset" is the ladder's id ("arcade, arcade table")
            print(f"arcade table (ladder {key.ruleset})")
        else:
            print(f"{key.ruleset}{f' ({options})' if options else ''}, {key.board} table")
        for place, e in enumerate(entries, 1):
            f = e.figures
            # a column as wide for "1 level" as for "2 levels": the rows' figures line up
            counted = _counted(f.levels, "level")
            levels = f"{f.levels:>2} {counted}  " if key.board == "arcade" else ""
            deal = f"  deal {e.deal}" if e.deal is not None else ""
            # a day's table dates its entries by their deal's day, as the Records screen
            # does: one finished past midnight had two dates
            day = deal_date(e.deal) if key.board == DAILY and e.deal is not None else None
            print(
                f"{place:>3}. {e.initials:<3}  {levels}"
                f"{f.remaining_points:>4} {_counted(f.remaining_points, 'point')} "
                f"{f.remaining_cards:>3} {_counted(f.remaining_cards, 'card')}  "
                f"{clock_text(f.seconds):>7}  {f.moves:>4} {_counted(f.moves, 'move')}"
                f"{deal}  {day.isoformat() if day else local_date(e.created_at)}"
            )
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    from game.cli import start_watch
    from game.replay_file import read_replay_file
    from game.store.proof import checked_replays

    # one game's replay, or an arcade run's file (its games one after another, as the
    # records show it), every move checked here, before any window opens
    replays = checked_replays(read_replay_file(args.file))
    return start_watch(args, replays)
