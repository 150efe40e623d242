"""A game in progress as a replay with its facts, and back: what autosave writes.

The replay (the spec's format) carries the position and the undo history;
`meta` carries what no replay can prove: time played, undos, hints, how the
game was played (free, daily, arcade), and the undone moves still open to redo.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from game.rules import Game, IllegalMove, run_replay

FREE = "free"
DAILY = "daily"
ARCADE = "arcade"
MODES = (FREE, DAILY, ARCADE)
# why a game is assisted: the first help it had (kept with the game, said on its results)
BY_HINT = "hint"
BY_DEMO = "demo"
BY_TAKING_BACK = "taken-back"  # a move taken back past the solver's "no win possible"
BY_HELP_BEFORE = "before"  # this deal had the solver's help in another game
BY_SEEN_STOCK = "seen-stock"  # a card put back on the stock after it was seen
# another game of this deal was told "No win possible" after a move: dealt again, the
# deal is played past that turn, as a Restart would take it back
BY_TOLD_BEFORE = "told-before"
# an arcade level's deal played in another game while the level waited (its number
# read from the records file: the game shows it nowhere): the run is then played on a
# deal learnt
BY_PRACTISED = "practised"
# a replay of this deal was watched here before it was played (game.store.watched)
BY_WATCHED_BEFORE = "watched-before"
HELP_KINDS = (
    BY_HINT,
    BY_DEMO,
    BY_TAKING_BACK,
    BY_HELP_BEFORE,
    BY_SEEN_STOCK,
    BY_TOLD_BEFORE,
    BY_PRACTISED,
    BY_WATCHED_BEFORE,
)
# help that tells nothing of the solver's, which the solver's then outranks: a card
# seen before it came, a level's deal played in another game. A game had the solver's
# help (what a later game of its deal then has too) when its help is another
NOT_THE_SOLVERS = (BY_SEEN_STOCK, BY_PRACTISED)


# The largest deal number, or count, a saved game and a table entry can keep (an
# SQLite integer)
LARGEST_KEPT_DEAL = LARGEST_COUNT = 2**63 - 1


def wish_counts(fortune: bool, seen_before: bool, assisted: bool) -> bool:
    """Whether a fortune's verdict counts: a wish made, its cards not seen before they
    came, and no help had (a hint, the demo). One rule for the table, the results and
    the records, each of which wrote it out on its own."""
    return fortune and not seen_before and not assisted


def now_iso() -> str:
    # microseconds: a statistics reset and a game ended in the same second stay in order
    return datetime.now(UTC).isoformat(timespec="microseconds")


def local_day(stamp: str) -> date | None:
    """The day, where the game runs, of a time stored by now_iso() (in UTC): a score
    set at 01:00 in Moscow was set that day, not the day before. None if the stamp does
    not read."""
    moment = _local_moment(stamp)
    return moment.date() if moment else None


def local_date(stamp: str) -> str:
    """That day as the command line writes it, 2026-12-02; a stamp that does not read
    is shown as it is."""
    moment = _local_moment(stamp)
    return moment.strftime("%Y-%m-%d") if moment else stamp[:10]


def local_minute(stamp: str) -> str:
    """The same, to the minute: "2026-12-02 01:05"."""
    moment = _local_moment(stamp)
    return moment.strftime("%Y-%m-%d %H:%M") if moment else stamp[:16].replace("T", " ")


def _local_moment(stamp: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone()


@dataclass(frozen=True)
class VerdictFlip:
    """Where the top bar's verdict turned on a game's line of moves: it said the deal
    could be won after `won_at` moves and could not after `lost_at`. Kept with the game
    so that a move taken back past it is known for what it is after Continue too (the
    solver's answers themselves are not kept). `line` is a digest of the first `lost_at`
    moves: the flip holds only while the game's line still begins with them."""

    won_at: int
    lost_at: int
    line: str

    @staticmethod
    def digest(moves: Sequence[str]) -> str:
        return hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16]

    @classmethod
    def of(cls, won_at: int, moves: Sequence[str]) -> VerdictFlip:
        """The flip from `won_at` moves to the end of `moves`, where it was lost."""
        return cls(won_at, len(moves), cls.digest(moves))

    def applies(self, position: Sequence[str]) -> bool:
        """Whether `position` (a line of moves) has passed this flip's loss."""
        return LinePosition(self.lost_at, self.line).applies(position)

    def to_json(self) -> dict[str, object]:
        return {"won": self.won_at, "lost": self.lost_at, "line": self.line}

    @classmethod
    def from_json(cls, data: object) -> VerdictFlip | None:
        """The flip a save holds; None when it holds none or a damaged one (then the
        game goes on without it, as a game saved before flips were kept)."""
        if not isinstance(data, dict):
            return None
        won, lost, line = data.get("won"), data.get("lost"), data.get("line")
        if not (is_count(won) and is_count(lost) and isinstance(line, str)):
            return None
        if not won < lost:
            return None
        return cls(won, lost, line)


@dataclass(frozen=True)
class LinePosition:
    """A position on a game's line: its first `length` moves, `line` their digest.
    Kept with the game where the top bar last said it could be won, and where it first
    said it could not, as a turn to lost is (VerdictFlip): the answers are not kept.
    After Continue, a loss first answered had no won position to turn from (quit
    while "Checking…" after each move, and no turn was ever kept for the deal's next
    game), and an Undo of a game lost from its deal was taken for one past the turn."""

    length: int
    line: str

    @classmethod
    def of(cls, moves: Sequence[str]) -> LinePosition:
        return cls(len(moves), VerdictFlip.digest(moves))

    def applies(self, position: Sequence[str]) -> bool:
        """Whether `position` (a line of moves) passed through this one."""
        long_enough = len(position) >= self.length
        return long_enough and VerdictFlip.digest(position[: self.length]) == self.line

    def to_json(self) -> dict[str, object]:
        return {"length": self.length, "line": self.line}

    @classmethod
    def from_json(cls, data: object) -> LinePosition | None:
        """The position a save holds; None when it holds none or a damaged one."""
        if not isinstance(data, dict):
            return None
        length, line = data.get("length"), data.get("line")
        return cls(length, line) if is_count(length) and isinstance(line, str) else None


@dataclass
class GameFacts:
    """The facts of one game at the table that its moves cannot tell."""

    mode: str = FREE
    seconds: float = 0.0
    hints: int = 0
    assisted: bool = False  # a hint, the demo or the solver played a part
    assisted_by: str = ""  # the first help (BY_...); empty in games saved before it was kept
    fortune: bool = False  # played as a fortune: a wish was made
    # its cards seen before they came (the deal played before, a Restart, a card put back
    # on the stock by Undo): the verdict does not count
    fortune_replayed: bool = False
    # seen so by a stock card put back (its results said of an Undo "this deal's cards
    # were seen", read as the deal played before)
    seen_by_undo: bool = False
    # given up by the game, not by a player's Give up: by a kiosk for a passer-by who
    # walked away, or for a new game of its table the player chose (Records.give_up_left)
    abandoned: bool = False
    # given up where no sequence of moves led anywhere: what the results said, kept for
    # the replay, whose own search may stop sooner than the table's did
    stuck: bool = False
    # the table said whether the deal could be won (Settings may hide it): from then on,
    # a move taken back past its word costs the tables as it does any player's
    verdict_shown: bool = False
    # shown first mid-game and not yet answered: a loss then answered counts as seen
    # from the deal (see TableFacts._peeked_loss_kept), after Continue too
    verdict_peeked: bool = False
    arcade_run: int | None = None
    record_id: int | None = None  # the game's row, once it has been saved
    started_at: str = field(default_factory=now_iso)
    # where the top bar's verdict turned from won to lost on this game's line, if it did
    flip: VerdictFlip | None = None
    won_position: LinePosition | None = None  # where it last said the deal could be won
    lost_position: LinePosition | None = None  # and where it first said it could not
    worse_position: LinePosition | None = None  # the first move said to make the best worse
    # the best score a proven loss was last said with: a move made before Continue, its
    # answer not yet come, is said to make the best worse (and its Undo costs) after it
    best_said: int | None = None
    # the fewest points the solver proved reachable from the deal (0: it could be won),
    # for the results of a game continued: the answers themselves are not kept
    deal_best: int | None = None
    # a day's deal found played before at its deal (see Records.practised): kept, as the
    # table said it, whatever the clocks of the games since say (one played under a
    # clock set days ahead was not "begun before" the daily, which took place 1)
    practised: bool = False

    @property
    def wish_counts(self) -> bool:
        return wish_counts(self.fortune, self.fortune_replayed, self.assisted)

    @property
    def solver_helped(self) -> bool:
        """Whether the game had the solver's help (a hint, the demo, a verdict taken
        back past, or such help had on its deal before), not only NOT_THE_SOLVERS."""
        return self.assisted and self.assisted_by not in NOT_THE_SOLVERS

    @property
    def played_once(self) -> bool:
        """A daily or arcade game: its deal is played once, to its end, with its stock
        unseen (no new deal in its place, its end not taken back)."""
        return self.mode in (DAILY, ARCADE)

    def mark_assisted(self, by: str) -> None:
        """The game had help (`by`, one of HELP_KINDS); the first help is the one said,
        but the solver's over one of NOT_THE_SOLVERS: the solver's help stays with the
        deal (Records.deal_assisted_before), and after a seen stock card it was forgotten. And
        the demo's over a hint's: a game the demo played on after one hint was said to
        have had "a hint" alone, in its results, its replay and `verify`."""
        outranks = (self.assisted_by in NOT_THE_SOLVERS and by not in NOT_THE_SOLVERS) or (
            self.assisted_by == BY_HINT and by == BY_DEMO
        )
        if not self.assisted or outranks:
            self.assisted, self.assisted_by = True, by


def canonical_options(options: Mapping[str, object]) -> str:
    """Options as the key of a high-score table: the same choice gives the same text."""
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"))


def redo_moves(game: Game) -> list[str]:
    """The undone moves a redo would play again, in order."""
    return [str(a.move) for a in game.undone]


def cut_seconds(seconds: float, digits: int) -> float:
    """Seconds kept to `digits` places, cut rather than rounded, as a clock shows whole
    seconds: 67.9996 s kept as 68.0 read 1:08 in the records where the results said
    1:07. (The tiny addition keeps 67.999, stored as 67.99899..., from losing a place.)"""
    scale = 10**digits
    return math.floor(seconds * scale + 1e-6) / scale


def to_saved_replay(game: Game, facts: GameFacts) -> dict[str, Any]:
    """The replay with its `result` claim and its facts under `meta`."""
    replay = game.to_replay(result=True)
    meta: dict[str, Any] = {
        "mode": facts.mode,
        "started": facts.started_at,
        "seconds": cut_seconds(facts.seconds, 2),
        "undos": game.undo_count,
        "hints": facts.hints,
        "assisted": facts.assisted,
    }
    if facts.assisted_by:
        meta["assisted_by"] = facts.assisted_by
    if facts.flip is not None:
        meta["flip"] = facts.flip.to_json()
    if facts.won_position is not None:
        meta["won"] = facts.won_position.to_json()
    if facts.lost_position is not None:
        meta["lost"] = facts.lost_position.to_json()
    if facts.worse_position is not None:
        meta["worse"] = facts.worse_position.to_json()
    if facts.best_said is not None:
        meta["best_said"] = facts.best_said
    if facts.deal_best is not None:
        meta["deal_best"] = facts.deal_best
    if facts.fortune:
        meta["fortune"] = True
        meta["fortune_replayed"] = facts.fortune_replayed
        if facts.seen_by_undo:
            meta["seen_by_undo"] = True
    if facts.arcade_run is not None:
        meta["arcade_run"] = facts.arcade_run
    if facts.abandoned:
        meta["abandoned"] = True
    if facts.stuck:
        meta["stuck"] = True
    if facts.verdict_shown:
        meta["verdict_shown"] = True
    if facts.verdict_peeked:
        meta["verdict_peeked"] = True
    if facts.practised:
        meta["practised"] = True
    redo = redo_moves(game)
    if redo:
        meta["redo"] = redo
    replay["meta"] = meta
    return replay


def restore(replay: Mapping[str, Any], record_id: int | None = None) -> tuple[Game, GameFacts]:
    """The game a saved replay holds, at its position, with undo and redo as they were.

    Raises ReplayError when the moves themselves do not replay; facts that do
    not read are left at their defaults, the position is what matters.
    """
    game = run_replay(replay)
    meta = replay.get("meta")
    meta = meta if isinstance(meta, dict) else {}
    redo = meta.get("redo", [])
    if isinstance(redo, list) and all(isinstance(m, str) for m in redo):
        played = 0
        try:
            for move in redo:
                game.play(move)
                played += 1
        except IllegalMove:
            pass
        for _ in range(played):
            game.undo()
    undos = meta.get("undos")
    game.undo_count = undos if is_count(undos) else 0
    mode = meta.get("mode")
    run = meta.get("arcade_run")
    facts = GameFacts(
        mode=mode if mode in MODES else FREE,
        seconds=played_seconds(replay),
        hints=meta["hints"] if is_count(meta.get("hints")) else 0,
        assisted=meta.get("assisted") is True,
        assisted_by=assisted_by_of(replay),
        flip=VerdictFlip.from_json(meta.get("flip")),
        won_position=LinePosition.from_json(meta.get("won")),
        lost_position=LinePosition.from_json(meta.get("lost")),
        worse_position=LinePosition.from_json(meta.get("worse")),
        best_said=meta["best_said"] if is_count(meta.get("best_said")) else None,
        deal_best=meta["deal_best"] if is_count(meta.get("deal_best")) else None,
        fortune=meta.get("fortune") is True,
        fortune_replayed=meta.get("fortune_replayed") is True,
        seen_by_undo=meta.get("seen_by_undo") is True,
        abandoned=meta.get("abandoned") is True,
        practised=meta.get("practised") is True,
        stuck=meta.get("stuck") is True,
        verdict_shown=meta.get("verdict_shown") is True,
        verdict_peeked=meta.get("verdict_peeked") is True,
        arcade_run=run if is_count(run) else None,
        record_id=record_id,
        started_at=str(meta.get("started") or now_iso()),
    )
    return game, facts


def assisted_by_of(replay: Mapping[str, Any]) -> str:
    """The first help a saved game had, as its replay keeps it (a BY_ kind); empty where
    it had none, or was saved before the kind was kept."""
    meta = replay.get("meta")
    by = meta.get("assisted_by") if isinstance(meta, dict) else None
    return by if by in HELP_KINDS else ""


def played_seconds(replay: Mapping[str, Any]) -> float:
    """The seconds the game was played, as its replay's facts say; 0 when they do not."""
    meta = replay.get("meta")
    seconds = meta.get("seconds") if isinstance(meta, dict) else None
    return float(seconds) if _number(seconds) else 0.0


def is_count(value: object) -> bool:
    """Whether a file's value is a whole number of something: 0 or more, not a bool,
    and small enough for the records' database (a larger one closed the game at its
    next save)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= LARGEST_COUNT


def _number(value: object) -> bool:
    """A count of time or points as JSON may carry it: not negative, and of a size a
    clock can show (JSON as Python reads it takes Infinity, NaN and a whole number of
    400 digits, which no float holds: each closed the game)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value < 1e12


def exported(replay: Mapping[str, Any]) -> dict[str, Any]:
    """A saved replay as a file for others: the proof and its facts, without the redo list."""
    out = dict(replay)
    if isinstance(out.get("meta"), dict):
        out["meta"] = {k: v for k, v in out["meta"].items() if k != "redo"}
    return out


def write_export(folder: Path, subject: str, proof: Mapping[str, Any]) -> Path:
    """Write a replay or run file for others into `folder`, named by what it holds
    (`pyramid52-8`, `arcade-run`) and the time; returns its path. A file of that name
    is never replaced (two runs saved within a second had one file between them): the
    name takes a number. OSError if it cannot be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        number = f"-{n}" if n > 1 else ""
        path = folder / f"piramida-{subject}-{stamp}{number}.json"
        try:
            f = path.open("x", encoding="utf-8")
        except FileExistsError:
            continue
        try:
            with f:
                f.write(replay_text(proof))
        except OSError:
            # a full disk left a file cut short under a name like any other's
            path.unlink(missing_ok=True)
            raise
        return path
    raise FileExistsError(f"{folder}: no free name for piramida-{subject}-{stamp}")


def replay_text(replay: Mapping[str, Any]) -> str:
    """The replay file's text: JSON, UTF-8, one key per line at the top level."""
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in replay.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"
