"""The pyramid family: Pyramid 36 (pairs to 19) and Pyramid 52 (pairs to 13).

Pile order is the canonical order of pair names: positions row by row, then
`st`, then `w`; removed cards go to `out`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .engine import Engine, State
from .errors import Refusal
from .events import DEAL, DECK, REDEAL, REMOVE, RESIGN, TURN, Event
from .moves import MOVE as MOVE_KIND
from .moves import PAIR, REDEAL_MOVE, SINGLE, STOCK_TURN, Move
from .moves import RESIGN as RESIGN_KIND
from .ruleset import Rules


class PyramidEngine(Engine):
    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        rows = rules.rows
        positions = [f"p{r}.{c}" for r in range(1, rows + 1) for c in range(1, r + 1)]
        self._name_piles([*positions, "st", "w", "out"])
        self.np = len(positions)
        self.st, self.w, self.out = self.np, self.np + 1, self.np + 2
        self.positions = range(self.np)
        # A position is covered by the two positions below it; the bottom row by none.
        self.covered_by: list[tuple[int, ...]] = []
        for r in range(1, rows + 1):
            for c in range(1, r + 1):
                below = (f"p{r + 1}.{c}", f"p{r + 1}.{c + 1}") if r < rows else ()
                self.covered_by.append(tuple(self.index[n] for n in below))
        self.target = rules.pair_sum
        names = self.pile_names
        self.pairs = [[Move(PAIR, a, b) for b in names] for a in names]
        self.singles = [Move(SINGLE, a) for a in names]

    def deal(self, deck: Sequence[Card]) -> tuple[State, tuple[Event, ...]]:
        cards = list(deck)
        events = [Event(DEAL, DECK, self.pile_names[i], (cards[i],)) for i in self.positions]
        rest = cards[self.np :]
        events.extend(Event(DEAL, DECK, "st", (c,)) for c in reversed(rest))
        return self.fold(events), tuple(events)

    def playable(self, state: State) -> list[int]:
        """Free pyramid positions in reading order, then the stock and reserve tops."""
        piles = state.piles
        free = [
            i for i in self.positions if piles[i] and not any(piles[j] for j in self.covered_by[i])
        ]
        if piles[self.st]:
            free.append(self.st)
        if piles[self.w]:
            free.append(self.w)
        return free

    def _generate(self, state: State) -> tuple[Move, ...]:
        piles = state.piles
        values, target = self.values, self.target
        playable = self.playable(state)
        found: list[Move] = []
        worth = [values[piles[i][-1]] for i in playable]
        for k, i in enumerate(playable):
            v = worth[k]
            if v == target:
                found.append(self.singles[i])
                continue
            row = self.pairs[i]
            need = target - v
            for m in range(k + 1, len(playable)):
                if worth[m] == need:
                    found.append(row[playable[m]])
        if piles[self.st]:
            found.append(STOCK_TURN)
        elif piles[self.w] and state.passes_used < self.rules.passes:
            found.append(REDEAL_MOVE)
        return tuple(found)

    def play(self, state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
        kind = move.kind
        if kind == RESIGN_KIND:
            return State(state.piles, state.passes_used, True), (Event(RESIGN),)
        piles = list(state.piles)
        passes_used = state.passes_used
        events: list[Event] = []
        if kind == MOVE_KIND and move.a == "st":
            card = piles[self.st][-1]
            piles[self.st] = piles[self.st][:-1]
            piles[self.w] = piles[self.w] + (card,)
            events.append(Event(TURN, "st", "w", (card,)))
        elif kind == MOVE_KIND:
            waste = piles[self.w]
            piles[self.st] = waste[::-1]
            piles[self.w] = ()
            passes_used += 1
            events.append(Event(REDEAL, "w", "st", waste))
        else:
            names = (move.a, move.b) if kind == PAIR else (move.a,)
            out = piles[self.out]
            for name in names:
                i = self.index[name]
                card = piles[i][-1]
                piles[i] = piles[i][:-1]
                out = (*out, card)
                events.append(Event(REMOVE, name, "out", (card,)))
            piles[self.out] = out
        return State(tuple(piles), passes_used, state.resigned), tuple(events)

    def movable(self, state: State, index: int) -> bool:
        return index in self.playable(state)

    def is_won(self, state: State) -> bool:
        return len(state.piles[self.out]) == self.rules.deck.size

    def remaining(self, state: State) -> tuple[Card, ...]:
        return tuple(c for pile in state.piles[: self.out] for c in pile)

    def refusal(self, state: State, move: Move) -> Refusal:
        if self.is_over(state):
            return Refusal("game_over")
        for name in (move.a, move.b):
            if name and (name not in self.index or name == "out"):
                return Refusal("no_pile", {"pile": name})
        piles = state.piles
        if move.kind == MOVE_KIND:
            if (move.a, move.b) == ("st", "w"):
                return Refusal("stock_empty")
            if (move.a, move.b) == ("w", "st"):
                # first: with no pass left, "not empty yet" promised a w>st to come; and
                # "no passes are left" read oddly of a game's first move, of a game of one
                if self.rules.passes == 1:
                    return Refusal("onto_stock_never")
                if state.passes_used >= self.rules.passes:
                    return Refusal("no_passes_reserve")
                return Refusal("stock_not_empty" if piles[self.st] else "reserve_empty")
            return Refusal("bad_move", {"text": str(move)})
        names = (move.a, move.b) if move.kind == PAIR else (move.a,)
        if move.kind == PAIR and move.a == move.b:
            return Refusal("same_card")
        playable = self.playable(state)
        for name in names:
            i = self.index[name]
            if not piles[i]:
                if i < self.np:
                    return Refusal("removed", {"pile": name})
                return Refusal("reserve_empty" if i == self.w else "empty", {"pile": name})
            if i not in playable:  # only a pyramid card can be: the stock's is in play
                covering = sum(1 for j in self.covered_by[i] if piles[j])
                key = "covered_by_two" if covering == 2 else "covered_by_one"
                return Refusal(key, {"pile": name, "card": piles[i][-1]})
        cards = [piles[self.index[n]][-1] for n in names]
        if move.kind == SINGLE:
            return Refusal(
                "not_single",
                {"card": cards[0], "value": self.values[cards[0]], "target": self.target},
            )
        alone = [c for c in cards if self.values[c] == self.target]
        if alone:  # "KS and 7D make 20, not 13" is true but not the reason
            return Refusal("goes_alone", {"card": alone[0], "target": self.target})
        total = sum(self.values[c] for c in cards)
        return Refusal(
            "not_a_pair",
            {"card": cards[0], "other": cards[1], "total": total, "target": self.target},
        )
