"""What both families share: the state value, the event fold and the engine interface."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .errors import Refusal
from .events import DEAL, REDEAL, RESIGN, Event
from .moves import Move
from .ruleset import Rules


class State:
    """One position: every pile bottom to top, the pass number, whether resigned.

    States are immutable values; an engine returns a new one for each move and
    unchanged piles are shared. The legal moves of a state are cached on it.
    """

    __slots__ = ("_legal", "_legal_set", "passes_used", "piles", "resigned")

    def __init__(
        self, piles: tuple[tuple[Card, ...], ...], passes_used: int = 1, resigned: bool = False
    ) -> None:
        self.piles = piles
        self.passes_used = passes_used
        self.resigned = resigned
        self._legal: tuple[Move, ...] | None = None
        self._legal_set: frozenset[Move] | None = None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and self.piles == other.piles
            and self.passes_used == other.passes_used
            and self.resigned == other.resigned
        )

    def __hash__(self) -> int:
        return hash((self.piles, self.passes_used, self.resigned))

    def __repr__(self) -> str:
        return (
            f"State(piles={self.piles!r}, passes_used={self.passes_used}, resigned={self.resigned})"
        )


class Engine:
    """The rules of one family for one `Rules` value.

    `play` trusts its move (the caller checked it against `legal`); `refusal`
    says why a move is not legal (a `Refusal`: a key and its figures, which
    game.i18n puts in words); `apply` folds one event.
    """

    pile_names: tuple[str, ...]
    index: dict[str, int]

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.values = {c: rules.values[c[0]] for c in rules.deck.unshuffled()}

    # -- to be given by each family --------------------------------------------------

    def deal(self, deck: Sequence[Card]) -> tuple[State, tuple[Event, ...]]:
        raise NotImplementedError

    def _generate(self, state: State) -> tuple[Move, ...]:
        raise NotImplementedError

    def play(self, state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
        raise NotImplementedError

    def refusal(self, state: State, move: Move) -> Refusal:
        raise NotImplementedError

    def is_won(self, state: State) -> bool:
        raise NotImplementedError

    def remaining(self, state: State) -> tuple[Card, ...]:
        """The cards that still count against the player."""
        raise NotImplementedError

    def movable(self, state: State, index: int) -> bool:
        """Whether the top card of this pile may be played at all (whatever its targets)."""
        raise NotImplementedError

    def waits_for(self, state: State, index: int) -> str | None:
        """What an empty pile waits for, when the rules fix it (a foundation's rank)."""
        return None

    # -- shared --------------------------------------------------------------------

    def _name_piles(self, names: Sequence[str]) -> None:
        self.pile_names = tuple(names)
        self.index = {name: i for i, name in enumerate(self.pile_names)}

    def legal(self, state: State) -> tuple[Move, ...]:
        """Every legal move once (resign is not listed); empty once the game is over."""
        moves = state._legal
        if moves is None:
            over = state.resigned or self.is_won(state)
            moves = () if over else self._generate(state)
            state._legal = moves
        return moves

    def legal_set(self, state: State) -> frozenset[Move]:
        found = state._legal_set
        if found is None:
            found = state._legal_set = frozenset(self.legal(state))
        return found

    def is_over(self, state: State) -> bool:
        return not self.legal(state)

    def empty_table(self) -> State:
        return State(tuple(() for _ in self.pile_names))

    def apply(self, state: State, event: Event) -> State:
        """Fold one event into a state (trusted: the event came from `deal` or `play`)."""
        index = self.index
        piles = list(state.piles)
        if event.kind == RESIGN:
            return State(state.piles, state.passes_used, True)
        if event.kind == REDEAL:
            src, dst = index[event.src], index[event.dst]
            piles[dst] = piles[src][::-1]
            piles[src] = ()
            return State(tuple(piles), state.passes_used + 1, state.resigned)
        dst = index[event.dst]
        (card,) = event.cards
        if event.kind != DEAL:
            src = index[event.src]
            if not piles[src] or piles[src][-1] != card:
                raise ValueError(f"event {event} does not fit: {event.src} holds {piles[src]}")
            piles[src] = piles[src][:-1]
        piles[dst] = piles[dst] + (card,)
        return State(tuple(piles), state.passes_used, state.resigned)

    def fold(self, events: Sequence[Event], state: State | None = None) -> State:
        for event in events:
            state = self.apply(state if state is not None else self.empty_table(), event)
        return state if state is not None else self.empty_table()
