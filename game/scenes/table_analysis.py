"""What the solver knows about the positions of the game on the table.

After every action the position is sent to the solver's worker process; its
answers are kept by position, so a hint for a position already analysed comes
at once, and a player who follows a known line keeps its answer move by move.
A position the solver left undecided is asked about again, with more time, while
the player thinks over it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from game.i18n import _
from game.rules import Game
from game.solver.beam import BEAMS_AFTER
from game.solver.worker import ANALYSE, SolverWorker
from game.store.saved import LinePosition, VerdictFlip

Position = tuple[str, ...]


@dataclass(frozen=True)
class Answer:
    """What the solver answered for a position: the worker's reply, read once, where
    the scenes had read its keys by name (a name mistyped was a silent default)."""

    outcome: str  # "won", "lost" or "unknown" (the search's limit came first)
    line: tuple[str, ...] = ()  # a win's moves, else the way to the best score found
    best_remaining_points: int | None = None  # the fewest points left that line reaches
    best_exact: bool = True  # that best proven; not, where its search ran out of time
    carried: bool = False  # an undecided answer carried along its line (see known())
    limit: str = ""  # which limit an undecided search reached ("time limit 10 s")

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    @property
    def lost(self) -> bool:
        return self.outcome == "lost"

    @property
    def decided(self) -> bool:
        return self.outcome in ("won", "lost")

    @classmethod
    def of_reply(cls, reply: Mapping[str, Any]) -> Answer:
        """The worker's reply (see game.solver.worker.handle) as an answer."""
        return cls(
            outcome=str(reply["outcome"]),
            line=tuple(reply.get("line") or ()),
            best_remaining_points=reply.get("best_remaining_points"),
            best_exact=bool(reply.get("best_exact", True)),
            limit=str(reply.get("limit") or ""),
        )


UNANSWERED = Answer("unknown")  # what a hint goes by before the solver has answered
ANALYSE_SECONDS = 10.0
# An undecided position is searched on while it stays on the table (the worker would
# idle), with beams from BEAMS_AFTER positions on (solver/beam.py says what they
# win). Its positions are bounded too, as the worker's memory grows with them until
# the search ends (130 to 230 MB at five million; the dives alone, without beams,
# took up to 400 MB at six million).
LONGER_SECONDS = 60.0
LONGER_NODES = 6_000_000
# Its dives are drawn afresh: drawn as the first search drew them, they went over the
# same lines again. On the 18 egyptian deals of 0..199 undecided at 10 s, both ways
# won the same 7, the dives' 3 of them sooner (in 1.0 s, 8.1 s and 13.1 s where 40.5 s,
# 27.5 s and 31.2 s), the two running side by side.
LONGER_DIVE_SEED = 1_000_003
# A replay playing asks of each position it passes with this much time, one question at
# a time, and no more once one is left undecided, until it stops: a fresh 10 s question
# at each move, cancelled by the next 0.7 s later, held a core through a whole Egyptian
# replay and never answered. The pyramid games' positions are decided within it.
PASSING_SECONDS = 1.0


class Answers(dict[Position, Answer]):
    """The answers by position, knowing the lengths of the positions they hold and
    changing `version` with every change: a game of thousands of moves (the building
    games' cards go from pile to pile for ever) looked each of its earlier positions up,
    cut from the current one, every frame (3 s an Undo at 1,000 moves, 27 s at 2,000)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.version = 0
        self.lengths: dict[int, int] = {}  # how many positions of each length
        for where in self:
            self.lengths[len(where)] = self.lengths.get(len(where), 0) + 1

    def __setitem__(self, where: Position, answer: Answer) -> None:
        if where not in self:
            self.lengths[len(where)] = self.lengths.get(len(where), 0) + 1
        super().__setitem__(where, answer)
        self.version += 1

    def __delitem__(self, where: Position) -> None:
        super().__delitem__(where)
        self.lengths[len(where)] -= 1
        self.version += 1

    def clear(self) -> None:
        super().clear()
        self.lengths.clear()
        self.version += 1

    def at(self, where: Position, length: int) -> Answer | None:
        """The answer for the first `length` moves of `where`, cut only when some
        answer has a position that long."""
        if not self.lengths.get(length):
            return None
        return self.get(where[:length])


@dataclass(frozen=True)
class KeptAnswers:
    """A table's answers, kept as it is left (TableScene.exit) for the next table of
    the same deal: continued from the menu, an Egyptian deal said "Checking…" for half
    a minute again where it had said "Can be won"."""

    deal: tuple[object, ...]
    answers: Answers


def deal_of(game: Game) -> tuple[object, ...]:
    """What makes two games' positions the same ones: rules, options and cards."""
    return (game.ruleset.id, tuple(sorted(game.options.items())), game.deck)


class Analysis:
    def __init__(
        self,
        worker: SolverWorker,
        game: Game,
        remembered: VerdictFlip | None = None,
        won_before: LinePosition | None = None,
        lost_before: LinePosition | None = None,
    ) -> None:
        self.worker = worker
        self.game = game
        # the flip a saved game brought along: its answers were not kept (see lost_since)
        self.remembered = remembered
        # and the last position it was said to be winnable at, a flip's start (see flip)
        self.won_before = won_before
        self.lost_before = lost_before  # and the first it was said lost at (see lost_since)
        self._results = Answers()
        self.pending: dict[int, Position] = {}
        self.asked_again: set[Position] = set()  # after the worker died with them
        self.asked_longer: set[Position] = set()  # undecided, asked with more time
        # the position, built again only when the game changes (asked many times a frame)
        self._position: tuple[int, object, Position] = (0, None, ())
        # known()'s last answer, until the position or the answers change
        self._known: tuple[Position, int, Answer | None] | None = None
        # lost_on_the_way()'s last answer, as known()'s
        self._lost_before: tuple[Position, int, bool] | None = None
        self.held = False  # no question asked meanwhile: see holding()
        self.searches_longer = True  # an undecided position searched on (see _ask_longer)
        self.passing = False  # positions only passing by: see pass_by()
        self.passing_asked: set[int] = set()  # the questions asked so
        self.passing_undecided = False  # one of them left undecided: none asked since

    @property
    def results(self) -> Answers:
        return self._results

    @results.setter
    def results(self, answers: dict[Position, Answer]) -> None:
        self._results = answers if isinstance(answers, Answers) else Answers(answers)

    def position(self) -> Position:
        count, last = self.game.action_count, self.game.last_action
        cached_count, cached_last, where = self._position
        if count != cached_count or last is not cached_last:
            where = tuple(str(m) for m in self.game.moves)
            self._position = (count, last, where)
        return where

    @contextmanager
    def holding(self) -> Iterator[None]:
        """No question asked while many moves are played at once, the last position
        asked about after: a replay's End asked about each of 2,000 positions, each
        question with its whole line, and they piled up in the pipe past a gigabyte."""
        self.held = True
        try:
            yield
        finally:
            self.held = False
        self.ask()

    def ask(self) -> None:
        """Ask about the current position, unless it is known or the game is over (an
        undecided answer carried along a line is asked again: see known())."""
        if self.held:
            return
        if self.game.over:
            self.stop()
            return
        known = self.known()
        if known is not None and not known.carried:
            return
        where = self.position()
        if where in self.pending.values():
            return
        if self.passing and (self.pending or self.passing_undecided):
            return  # one at a time, left to its end (see PASSING_SECONDS)
        seconds = PASSING_SECONDS if self.passing else ANALYSE_SECONDS
        rid = self.worker.submit(ANALYSE, replay=self.game.to_replay(), seconds=seconds)
        self.pending = {rid: where}  # a newer question cancels the older ones
        if self.passing:
            self.passing_asked.add(rid)

    def pass_by(self, passing: bool) -> None:
        """Whether the positions are only passing by (a replay playing): see
        PASSING_SECONDS. Stopped, the position it stands at is asked as any."""
        if passing == self.passing:
            return
        self.passing, self.passing_undecided = passing, False
        if not passing and self.passing_asked & set(self.pending):
            # its brief question is asked again in full: its answer, if undecided, was
            # not kept, and the stopped replay's top bar stayed without a verdict
            self.pending = {}
            self.worker.cancel()
        self.passing_asked &= set(self.pending)  # those cancelled will not come
        if not passing:
            self.ask()

    def poll(self) -> bool:
        """Take the worker's answers; True when one arrived."""
        if self.pending and not self.worker.running:
            # The worker died with the question (killed, out of memory): it starts again
            # when asked, and "Checking…" would otherwise stay up until the next move.
            # Once a position: a position that kills it is not asked about for ever.
            where = next(iter(self.pending.values()))
            self.pending = {}
            if where not in self.asked_again:
                self.asked_again.add(where)
                self.ask()
        arrived = False
        for reply in self.worker.poll():
            rid = reply.get("id", -1)
            where = self.pending.pop(rid, None)
            if where is None or "outcome" not in reply:
                continue
            answer = Answer.of_reply(reply)
            passing = rid in self.passing_asked
            self.passing_asked.discard(rid)
            if passing and not answer.decided:
                # not kept: the position, stopped at, is asked with the whole time
                self.passing_undecided = True
                continue
            self.results[where] = answer
            arrived = True
            self._ask_longer(where)
        return arrived

    def _ask_longer(self, where: Position) -> None:
        """Search an undecided position on with more time, once, while it is on the
        table (a move asks about the next one, which cancels this)."""
        if not self.searches_longer:
            return
        if self.results[where].decided or where in self.asked_longer:
            return
        if where != self.position() or self.game.over:
            return
        self.asked_longer.add(where)
        rid = self.worker.submit(
            ANALYSE,
            replay=self.game.to_replay(),
            seconds=LONGER_SECONDS,
            nodes=LONGER_NODES,
            beams_after=BEAMS_AFTER,
            dive_seed=LONGER_DIVE_SEED,
        )
        self.pending = {rid: where}

    def stop(self) -> None:
        """The game is over: a search still working on it stops (a minute's search on
        an undecided position would hold a core through the results)."""
        if self.pending:
            self.pending = {}
            self.worker.cancel()

    def pause(self) -> None:
        """Stop searching while nobody looks: the table left for the menu or the rules,
        the window minimised (a minute's search on an undecided position held a core
        there, 95% of it). What was being searched is searched again by resume()."""
        if self.pending:
            self.asked_longer.difference_update(self.pending.values())
            self.pending = {}
            self.worker.cancel()

    def kept(self) -> KeptAnswers:
        """The answers to keep as the table is left."""
        return KeptAnswers(deal_of(self.game), self._results)

    def take(self, kept: KeptAnswers | None) -> None:
        """The answers a table left, if it was of this deal and nothing is known yet."""
        if kept is not None and not self._results and kept.deal == deal_of(self.game):
            self._results = kept.answers

    def resume(self) -> None:
        """Search again what pause() stopped: the position, and an undecided one longer."""
        self.ask()
        where = self.position()
        if not self.pending and self.results.get(where) is not None:
            self._ask_longer(where)

    @property
    def waiting(self) -> bool:
        return self.position() in self.pending.values()

    def known(self, where: Position | None = None) -> Answer | None:
        """The answer for a position: asked about it, or along a line known before it.

        Along a won or lost answer's line the answer holds, proven. Along the best line
        of an undecided search it is only the best guess so far: it is "carried", kept
        for the demo to play on with, while the position is asked about again (the
        search from a position further on may decide it).

        What it carries along a line it records, as if asked: flip() and lost_since()
        then read those answers too."""
        where = self.position() if where is None else where
        results = self._results
        cached = self._known
        if cached is not None and cached[1] == results.version and cached[0] == where:
            return cached[2]
        found = results.get(where)
        if found is None and where:
            # back to the last position with an answer, then on along its line move by
            # move (a loop: a long game played faster than the answers come would
            # overflow the stack of a recursion, one frame a move)
            start = self._last_answered_before(where)
            found = results.get(where[:start])
            for i in range(start, len(where)):
                found = _carried(found, where[i])
                if found is None:
                    break
                results[where[: i + 1]] = found
        self._known = (where, results.version, found)
        return found

    def lost_on_the_way(self) -> bool:
        """Whether the last position before this one with an answer was proven lost: then
        this one is lost too, whatever the moves since (none can win back a lost deal),
        though its best score and line are still to come."""
        where = self.position()
        cached = self._lost_before
        if cached is not None and cached[:2] == (where, self._results.version):
            return cached[2]
        results = self._results
        lost = bool(where) and _is_lost(results.get(where[: self._last_answered_before(where)]))
        self._lost_before = (where, results.version, lost)
        return lost

    def _last_answered_before(self, where: Position) -> int:
        """The length of the longest position before `where` on its line with an answer
        (0, the deal, if none has one: its answer is looked up all the same)."""
        start = len(where) - 1
        while start > 0 and self._results.at(where, start) is None:
            start -= 1
        return start

    def answers_along(self, where: Position) -> list[Answer | None]:
        """known() for every position on the way to `where`, from the deal (index 0)
        to `where` itself, in one pass along it."""
        answers: list[Answer | None] = []
        found: Answer | None = None
        for end in range(len(where) + 1):
            got = self._results.at(where, end)
            if got is None and end:
                got = _carried(found, where[end - 1])
            answers.append(got)
            found = got
        return answers

    def lost_since(self, back_to: Position) -> bool:
        """Whether the top bar said the deal could no longer be won at some position
        since `back_to`, an earlier position on the current line not known to be lost:
        taking moves back to there would be using the solver's verdict to find the
        winning line (see TableScene._taking_back). A position still unanswered counts
        as one that may be won: its answer, "Can be won", came a moment after the undo,
        and the player had come back from "No win possible" unasked."""
        now = self.position()
        lost = self.lost_before  # said lost before Continue: so is every position after
        if lost is not None and lost.applies(back_to):
            return False  # nothing to find by going back there
        flip = self.remembered
        if flip is not None and len(back_to) <= flip.won_at and flip.applies(now):
            return True  # a winnable position before a lost one: winnable too
        along = self.answers_along(now)
        won = self.won_before  # said winnable before Continue: so is any position before
        before_won = won is not None and len(back_to) <= won.length and won.applies(now)
        if won is not None and before_won and any(map(_is_lost, along[won.length + 1 :])):
            return True
        on_the_line = now[: len(back_to)] == back_to
        before = along[: len(back_to) + 1] if on_the_line else self.answers_along(back_to)
        # lost there too (or at a position before it, from which it was reached):
        # nothing to find by going back
        if any(map(_is_lost, before)):
            return False
        return any(map(_is_lost, along[len(back_to) + 1 :]))

    def flip(self) -> VerdictFlip | None:
        """Where on the current line the answers turned from won to lost: the last
        position answered won before the first answered lost after it; None if they have
        not turned. The answers are those kept in `results`: the solver's, and those
        known() carried along a won or lost line (proven too)."""
        where = self.position()
        lost_at = None
        for end in range(len(where), -1, -1):
            answer = self._results.at(where, end)
            if answer is None:
                continue
            if answer.lost:
                lost_at = end
            elif answer.won:
                if lost_at is None:
                    return None  # won since its last loss: no flip behind the position
                return VerdictFlip.of(end, where[:lost_at])
        # answers lost since Continue, the won one before it lost with the session
        remembered = self.remembered
        if lost_at is not None and remembered is not None and remembered.applies(where):
            return remembered
        won = self.won_before  # the won answer before Continue, its position kept
        if lost_at is not None and won is not None and won.length < lost_at and won.applies(where):
            return VerdictFlip.of(won.length, where[:lost_at])
        return None

    def verdict(self, settled_only: bool = False) -> str:
        """A few words for the top bar: can the deal still be won from here? With
        `settled_only`, only an answer: nothing while the solver works or gave up."""
        if self.game.over:
            return ""
        known = self.known()
        if known is None or (known.carried and self.waiting):
            if self.lost_on_the_way():
                return _("No win possible")  # said all along, not "Checking…" each move
            return _("Checking…") if self.waiting and not settled_only else ""
        if known.won:
            return _("Can be won")
        if known.lost:
            return _("No win possible")
        if settled_only:
            return ""
        return _("Still checking…") if self.waiting else _("Undecided")


def verdict_words() -> tuple[str, ...]:
    """Every word `TableAnalysis.verdict` may say, in the language of the moment: the
    top bar keeps room for the longest, so its figures stay put as the words change."""
    return (
        _("Checking…"),
        _("Can be won"),
        _("No win possible"),
        _("Still checking…"),
        _("Undecided"),
    )


def _carried(answer: Answer | None, move: str) -> Answer | None:
    """An answer carried one move along its line: the answer of the position `move`
    leads to, if its line goes that way (None if not)."""
    if not (answer and answer.line and answer.line[0] == move):
        return None
    return replace(answer, line=answer.line[1:], carried=not answer.decided)


def _is_lost(answer: Answer | None) -> bool:
    return answer is not None and answer.lost
