"""A game: a deal plus a log of player actions, with undo and redo.

The log of actions (each a move and the events it caused) is the truth; undo and
redo move a cursor along it, and a new move after an undo drops the undone actions.
States are a cache: one every CHECKPOINT_EVERY actions, and the run from the last of
those to the cursor, so a state past an undo is folded again from a checkpoint.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from enum import StrEnum
from typing import NamedTuple

from .analysis import STUCK_SEARCH_LIMIT, STUCK_SLICE, finishing_moves, is_stuck, stuck_search
from .building import BuildingEngine
from .cards import RANKS, Card
from .engine import Engine, State
from .errors import IllegalMove, Refusal, RulesError, quoted
from .events import Event
from .moves import (
    FOUNDATION,
    MOVE,
    REDEAL_MOVE,
    RESIGN,
    STOCK,
    STOCK_TURN,
    Move,
    pair,
    parse_move,
    pile_kind,
)
from .pyramid import PyramidEngine
from .ruleset import OptionValue, Rules, Ruleset, get_ruleset

ENGINES: Mapping[str, type[Engine]] = {"building": BuildingEngine, "pyramid": PyramidEngine}


def make_engine(rules: Rules) -> Engine:
    return ENGINES[rules.family](rules)


# One engine for each ruleset and options, shared by their games: an engine is the
# rules' tables (a pyramid's pairs of places, a building game's moves), the same for
# every game, and making them anew took half of a Pyramid playout's time. Its only
# cache is keyed by what the table holds. Kept whole while few (a ruleset read again
# from its file is another ruleset); a program making rulesets by the thousand starts over
_ENGINES: dict[tuple[int, tuple[tuple[str, OptionValue], ...]], tuple[Ruleset, Engine]] = {}
KEPT_ENGINES = 256

# how often a game keeps a whole state of its history (Game.state)
CHECKPOINT_EVERY = 64

# How much a foundation's refusal says of why a card cannot go home (home_refusal), the
# least first: the suit's place taken by a foundation of its own (Devil's Bridge's
# second Ace of a suit, 0); the card its own suit's foundation needs (1, ranked in
# home_refusal, as another suit's, 3); the rank an empty foundation begins with (2);
# any other, a full foundation's (4)
HOME_REFUSALS = {"foundation_suit_taken": 0, "foundation_base": 2, "foundation_start": 2}


def _engine_for(ruleset: Ruleset, options: Mapping[str, OptionValue]) -> Engine:
    key = (id(ruleset), tuple(sorted(options.items())))
    kept = _ENGINES.get(key)
    if kept is not None and kept[0] is ruleset:  # the same ruleset, not one at its address
        return kept[1]
    if len(_ENGINES) >= KEPT_ENGINES:
        _ENGINES.clear()
    engine = make_engine(ruleset.rules(dict(options)))
    _ENGINES[key] = (ruleset, engine)
    return engine


class Outcome(StrEnum):
    """How a game ended."""

    WON = "won"
    NO_MOVES = "no_moves"
    RESIGNED = "resigned"


class Score(NamedTuple):
    """What is left on the table: fewer is better, 0 points is a win."""

    remaining_cards: int
    remaining_points: int


class Action(NamedTuple):
    """One player action: the move and every event it caused (one undo step)."""

    move: Move
    events: tuple[Event, ...]

    @property
    def took_from_stock(self) -> bool:
        """Whether the action took cards off the stock (turned them, dealt one into a
        gap, paired its top card, which shows the next): taken back, they lie on the
        stock seen."""
        return any(pile_kind(e.src) == STOCK for e in self.events)


class LegalMoves:
    """The legal moves of a position: iterate, count, test membership (`"st>w" in moves`)."""

    __slots__ = ("_engine", "_state")

    def __init__(self, engine: Engine, state: State) -> None:
        self._engine = engine
        self._state = state

    def __iter__(self) -> Iterator[Move]:
        return iter(self._engine.legal(self._state))

    def __len__(self) -> int:
        return len(self._engine.legal(self._state))

    def count(self) -> int:
        return len(self)

    def __bool__(self) -> bool:
        return bool(self._engine.legal(self._state))

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except IllegalMove:
                return False
        return move in self._engine.legal_set(self._state)

    def __repr__(self) -> str:
        return f"<LegalMoves {' '.join(str(m) for m in self)}>"


class Game:
    """A deal of one ruleset with its options, and the player's actions on it.

    >>> g = Game("pyramid52", deal=0)
    >>> g.play("st>w").move
    Move(kind='move', a='st', b='w')
    >>> g.undo() is not None and g.moves
    []
    """

    def __init__(
        self,
        ruleset: Ruleset | str,
        options: Mapping[str, object] | None = None,
        *,
        deal: int | None = None,
        deck: Sequence[Card] | None = None,
    ) -> None:
        self.ruleset = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.options: dict[str, OptionValue] = self.ruleset.choose(options)
        self.engine = _engine_for(self.ruleset, self.options)
        self.rules = self.engine.rules
        if (deal is None) == (deck is None):
            raise RulesError("a game needs a deal number or a deck, not both")
        kind = self.rules.deck
        if deal is not None:
            self.deal_number: int | None = deal
            try:
                self.deck: tuple[Card, ...] = tuple(kind.shuffled(deal))
            except ValueError as e:  # not a deal number: the rules' error, as a bad deck's
                raise RulesError(str(e)) from e
        else:
            assert deck is not None
            try:
                kind.check(list(deck))
            except ValueError as e:
                raise RulesError(str(e)) from e
            self.deal_number = None
            self.deck = tuple(deck)
        start, self.deal_events = self.engine.deal(self.deck)
        self._actions: list[Action] = []
        self._cursor = 0
        # A state is kept only after every CHECKPOINT_EVERY actions, and for the run of
        # actions the cursor is in: a state of each of 222,000 moves (a 2 MB replay)
        # took 310 MB, and one further back is folded again from the checkpoint before
        # it, at most CHECKPOINT_EVERY - 1 moves, well under a millisecond
        self._checkpoints: list[State] = [start]
        self._run_start = 0
        self._run: list[State] = [start]  # the states after actions run_start, run_start+1, …
        self.undo_count = 0

    # -- position ------------------------------------------------------------------

    @property
    def state(self) -> State:
        cursor = self._cursor
        start = cursor - cursor % CHECKPOINT_EVERY
        if start != self._run_start:
            self._run_start = start
            self._run = [self._checkpoints[start // CHECKPOINT_EVERY]]
        run = self._run
        while len(run) <= cursor - start:  # folded again, after an undo past the run
            run.append(self.engine.play(run[-1], self._actions[start + len(run) - 1].move)[0])
        return run[cursor - start]

    @property
    def initial_state(self) -> State:
        return self._checkpoints[0]

    def recent_states(self, count: int) -> list[State]:
        """The positions of the last `count` moves, each before it, oldest first: folded
        again from the checkpoint before them (at most CHECKPOINT_EVERY - 1 moves more)."""
        cursor = self._cursor
        first = max(0, cursor - count)
        start = first - first % CHECKPOINT_EVERY
        state = self._checkpoints[start // CHECKPOINT_EVERY]
        states = []
        for index in range(start, cursor):
            if index >= first:
                states.append(state)
            state = self.engine.play(state, self._actions[index].move)[0]
        return states

    @property
    def pile_names(self) -> tuple[str, ...]:
        """Every pile of the table (`out` holds the removed cards of the pyramid games)."""
        return self.engine.pile_names

    def pile(self, name: str) -> tuple[Card, ...]:
        """A pile's cards, bottom to top."""
        return self.state.piles[self.engine.index[name]]

    def movable(self, name: str) -> bool:
        """Whether the top card of this pile may be played (a free card, a pile or waste top)."""
        return self.engine.movable(self.state, self.engine.index[name])

    @property
    def pairs_cards(self) -> bool:
        """Whether cards leave the table in pairs (see Ruleset.pairs_cards)."""
        return self.ruleset.pairs_cards

    def move_between(self, source: str, target: str) -> Move:
        """The move a card taken from `source` and dropped on `target` asks for: the
        pair of the two top cards in the pyramid games, a card moved in the others. The
        pyramid games' stock card let go on the reserve is a turn, unless the two make
        a pair: dropped there to draw, it was refused as a pair ("6D and 7S make 13,
        not 19"), or went back from an empty reserve."""
        if not self.pairs_cards:
            return Move(MOVE, source, target)
        move = pair(source, target)
        if (source, target) == ("st", "w") and move not in self.legal_moves:
            return STOCK_TURN
        return move

    @property
    def cards_per_turn(self) -> int:
        """How many cards a turn of the stock moves (fewer when the stock holds fewer)."""
        return min(self.rules.draw, len(self.pile("st"))) if not self.pairs_cards else 1

    @property
    def shows_stock_top(self) -> bool:
        """Whether the stock's top card is face up (the pyramid games); every other card
        on the table is, and the rest of the stock is not."""
        return self.pairs_cards

    def finishing_moves(self) -> list[Move] | None:
        """The moves that play every card left out to the foundations, when foundation
        moves and stock turns alone can; None otherwise (see analysis)."""
        return finishing_moves(self.engine, self.state)

    def is_stuck(self, limit: int = STUCK_SEARCH_LIMIT) -> bool | None:
        """Whether no sequence of moves leads anywhere now; None when the search of the
        pile-to-pile moves gave up after `limit` positions (see analysis)."""
        return is_stuck(self.engine, self.state, limit)

    def stuck_search(self, step: int = STUCK_SLICE) -> Iterator[bool | None]:
        """is_stuck in slices of `step` positions, each answered None until the last
        one, True or False (see analysis): for a caller that searches on between
        frames."""
        return stuck_search(self.engine, self.state, step)

    def waits_for(self, name: str) -> str | None:
        """The rank an empty foundation takes (`"7"`; `"A"` or `"K"` in Devil's Bridge),
        followed by the suits still free once a suit has all its foundations: `"KSC"`."""
        return self.engine.waits_for(self.state, self.engine.index[name])

    @property
    def passes_left(self) -> int:
        """Turns of the waste back into the stock still allowed."""
        return self.rules.passes - self.state.passes_used

    @property
    def pass_number(self) -> int:
        """The pass through the stock under way, from 1 (the state's `passes_used`
        counts the one under way too)."""
        return self.state.passes_used

    @property
    def on_first_pass(self) -> bool:
        """Whether the waste has not yet been turned back into the stock: each stock
        card turned was seen for the first time (an Undo of one knows what comes)."""
        return self.state.passes_used == self.initial_state.passes_used

    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self.engine, self.state)

    @property
    def stock_move(self) -> Move | None:
        """What a press on the stock plays: its turn, or, once it is empty, the waste
        turned over onto it where a pass is left; None when neither is legal."""
        legal = self.legal_moves
        return next((move for move in (STOCK_TURN, REDEAL_MOVE) if move in legal), None)

    @property
    def actions(self) -> list[Action]:
        """The actions played so far (undone ones excluded)."""
        return self._actions[: self._cursor]

    @property
    def action_count(self) -> int:
        """How many actions were played (undone ones excluded), without copying them."""
        return self._cursor

    @property
    def last_action(self) -> Action | None:
        """The last action played, None at the deal: with action_count it tells two
        positions of a game apart at once (a new move after an undo is a new Action)."""
        return self._actions[self._cursor - 1] if self._cursor else None

    @property
    def undone(self) -> list[Action]:
        """The undone actions a redo would play again, the next one first."""
        return self._actions[self._cursor :]

    @property
    def moves(self) -> list[Move]:
        return [a.move for a in self._actions[: self._cursor]]

    @property
    def moves_made(self) -> int:
        """The moves made on the table: giving up ends a game but is no move there (the
        replay's count, `len(moves)`, has it, as the spec says)."""
        return self._cursor - (1 if self.state.resigned else 0)

    @property
    def events(self) -> list[Event]:
        """Every event since the deal, the deal's own excluded, in order."""
        return [e for a in self._actions[: self._cursor] for e in a.events]

    # -- playing -------------------------------------------------------------------

    def play(self, move: Move | str) -> Action:
        """Play a move after checking it; raises IllegalMove saying why it is refused."""
        written = move
        move = parse_move(move)
        state = self.state
        engine = self.engine
        if move.kind == RESIGN:
            if engine.is_over(state):
                raise IllegalMove(str(move), self._refused(move, written))
        elif move not in engine.legal_set(state):
            raise IllegalMove(str(move), self._refused(move, written))
        new_state, events = engine.play(state, move)
        action = Action(move, events)
        cursor = self._cursor  # `state` above made the run reach it
        del self._actions[cursor:]
        del self._checkpoints[cursor // CHECKPOINT_EVERY + 1 :]
        del self._run[cursor - self._run_start + 1 :]
        self._actions.append(action)
        self._cursor = cursor = cursor + 1
        if cursor % CHECKPOINT_EVERY:
            self._run.append(new_state)
        else:
            self._checkpoints.append(new_state)
            self._run_start = cursor
            self._run = [new_state]
        return action

    def resign(self) -> Action:
        """End the game now, its score what remains (IllegalMove once it is over)."""
        return self.play(Move(RESIGN))

    def refusal(self, move: Move | str) -> str | None:
        """Why this move is illegal now, in words; None when it is legal."""
        reason = self.refusal_reason(move)
        return None if reason is None else str(reason)

    def home_refusal(self, pile: str) -> Refusal | None:
        """Why no foundation takes the top card of `pile` now (a double-click's "send it
        home"), None if one does: of the foundations' refusals, the one that tells most.
        "No foundation takes it" said less than a drag's refusal of one foundation."""
        cards = self.pile(pile)
        homes = [name for name in self.pile_names if pile_kind(name) == FOUNDATION]
        if not cards or not homes:
            return None
        refusals = [self.refusal_reason(Move(MOVE, pile, home)) for home in homes]
        if not all(refusals):
            return None
        rank, suit = cards[-1][0], cards[-1][1]

        def telling(refusal: Refusal | None) -> tuple[int, int]:
            assert refusal is not None
            if refusal.key == "needs":  # its own suit's foundation tells what comes first
                return (1 if str(refusal.params["needed"]).endswith(suit) else 3), 0
            # of empty foundations, the one begun nearest the card: a Queen's is the
            # King's in Devil's Bridge ("only an Ace begins it" was said of any card)
            start = str(refusal.params.get("rank", rank))
            return HOME_REFUSALS.get(refusal.key, 4), abs(RANKS.index(start) - RANKS.index(rank))

        return min(refusals, key=telling)

    def refusal_reason(self, move: Move | str) -> Refusal | None:
        """Why this move is illegal now, for a caller to put in its own words (the
        game's language); None when it is legal."""
        written = move
        try:
            move = parse_move(move)
        except IllegalMove as e:
            return e.refusal
        if move.kind == RESIGN:
            return self._refused(move, written) if self.over else None
        if move in self.engine.legal_set(self.state):
            return None
        return self._refused(move, written)

    def _refused(self, move: Move, written: Move | str) -> Refusal:
        """The engine's refusal of `move`, quoting a move that names no move of these
        rules as the player wrote it (a pair's names are kept in their canonical order,
        so "t1+st" would be quoted back as "st+t1")."""
        refusal = self.engine.refusal(self.state, move)
        if refusal.key == "bad_move" and isinstance(written, str):
            return Refusal("bad_move", {"text": quoted(written.strip())})
        return refusal

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._actions)

    def undo(self) -> Action | None:
        """Take back the last action with everything it caused; returns it, or None."""
        if not self._cursor:
            return None
        self._cursor -= 1
        self.undo_count += 1
        return self._actions[self._cursor]

    def redo(self) -> Action | None:
        if self._cursor == len(self._actions):
            return None
        self._cursor += 1
        return self._actions[self._cursor - 1]

    def restart(self) -> None:
        """Back to the deal; the undone actions stay for redo. It counts as one undo, as
        it is one press: counted move by move, one Restart after two undos read 19."""
        before = self.undo_count
        while self.undo():
            pass
        self.undo_count = min(self.undo_count, before + 1)

    # -- outcome -------------------------------------------------------------------

    @property
    def won(self) -> bool:
        return self.engine.is_won(self.state)

    @property
    def over(self) -> bool:
        return self.engine.is_over(self.state)

    @property
    def outcome(self) -> Outcome | None:
        state = self.state
        if self.engine.is_won(state):
            return Outcome.WON
        if state.resigned:
            return Outcome.RESIGNED
        if self.engine.is_over(state):
            return Outcome.NO_MOVES
        return None

    @property
    def cleared_a_card(self) -> bool:
        """Whether a card has left the table: fewer count against the game than at its
        deal (a building game deals one to a foundation, counted for it from the start).
        Without one, no score was made."""
        engine = self.engine
        return len(engine.remaining(self.state)) < len(engine.remaining(self.initial_state))

    @property
    def score(self) -> Score:
        cards = self.engine.remaining(self.state)
        values = self.engine.values
        return Score(len(cards), sum(values[c] for c in cards))

    # -- replays -------------------------------------------------------------------

    def to_replay(self, *, result: bool = False) -> dict[str, object]:
        """The game as the spec's replay object (a save and a proof at once)."""
        replay: dict[str, object] = {
            "version": 1,
            "ruleset": self.ruleset.id,
            "options": dict(self.options),
        }
        if self.deal_number is not None:
            replay["deal"] = self.deal_number
        else:
            replay["deck"] = " ".join(self.deck)
        replay["moves"] = [str(m) for m in self.moves]
        if result:
            score = self.score
            replay["result"] = {
                "won": self.won,
                "remaining_cards": score.remaining_cards,
                "remaining_points": score.remaining_points,
                "moves": len(self.moves),
            }
        return replay
