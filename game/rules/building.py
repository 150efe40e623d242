"""The building family: Egyptian Pyramid, its old rules, Devil's Bridge, Sbudetsya, Nechego.

Cards build onto foundations in suit and onto tableau piles one rank down in any
suit; what each pile accepts and how gaps fill come from the ruleset's data.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import RANKS, SUITS, Card
from .engine import Engine, State
from .errors import Refusal
from .events import DEAL, DECK, MOVE, REDEAL, REFILL, RESIGN, TURN, Event
from .moves import MOVE as MOVE_KIND
from .moves import REDEAL_MOVE, STOCK_TURN, Move
from .moves import RESIGN as RESIGN_KIND
from .ruleset import Rules

ST, W = 0, 1


class BuildingEngine(Engine):
    """Piles: `st`, `w`, foundations `f1..fF`, tableau `t1..tN` (in that index order)."""

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        deck = rules.deck
        self.nf, self.nt = rules.foundations, rules.piles
        self.foundations = range(2, 2 + self.nf)
        self.tableau = range(2 + self.nf, 2 + self.nf + self.nt)
        self._name_piles(
            ["st", "w"]
            + [f"f{i + 1}" for i in range(self.nf)]
            + [f"t{i + 1}" for i in range(self.nt)]
        )
        self.aces_and_kings = rules.foundation == "aces-up-kings-down"
        self.run = deck.run_length
        self.copies = deck.copies  # each card's, and so each suit's base cards
        cards = set(deck.unshuffled())
        # The card that goes on a pile topped by a card of rank r: one rank down, any suit.
        self.wanted_rank = {r: deck.down(r) for r in deck.cycle}
        self.lowest_rank = deck.cycle[0]  # the one whose rank below is the highest (K on A)
        # The next card on a foundation topped by this card.
        if self.aces_and_kings:
            self.next_up = {c: _step(c, +1) for c in cards if c[0] != "K"}
            self.next_down = {c: _step(c, -1) for c in cards if c[0] != "A"}
        else:
            self.next_up = {c: deck.up(c[0]) + c[1] for c in cards}
        self.limit = rules.pile_limit
        self.waste_to_pile = "waste" in rules.pile_takes
        self.pile_to_pile = "piles" in rules.pile_takes
        self.waste_to_gap = "waste" in rules.gap_takes
        self.pile_to_gap = "piles" in rules.gap_takes
        self.gaps_from_stock = rules.gap_fill == "stock"
        self.moves = [[Move(MOVE_KIND, a, b) for b in self.pile_names] for a in self.pile_names]
        # Devil's Bridge: the first half of the foundations build aces up, the rest kings down.
        half = self.nf // 2 if self.aces_and_kings else self.nf
        self.ace_foundations = self.foundations[:half]
        self.king_foundations = self.foundations[half:]
        self.foundation_slice = slice(self.foundations.start, self.foundations.stop)
        self._last_needs: tuple[object, dict[Card, list[int]]] = (None, {})

    # -- deal ----------------------------------------------------------------------

    def deal(self, deck: Sequence[Card]) -> tuple[State, tuple[Event, ...]]:
        cards = list(deck)
        events = []
        base = self.rules.base
        if self.aces_and_kings:
            pass
        elif base == "first":
            events.append(Event(DEAL, DECK, "f1", (cards.pop(0),)))
        else:
            first = next(i for i, c in enumerate(cards) if c[0] == base)
            events.append(Event(DEAL, DECK, "f1", (cards.pop(first),)))
        for i in range(self.nt):
            events.append(Event(DEAL, DECK, f"t{i + 1}", (cards.pop(0),)))
        # The stock lists bottom to top: the next card of the deck is its last.
        events.extend(Event(DEAL, DECK, "st", (c,)) for c in reversed(cards))
        return self.fold(events), tuple(events)

    # -- legal moves ---------------------------------------------------------------

    def foundation_needs(self, piles: tuple[tuple[Card, ...], ...]) -> dict[Card, list[int]]:
        """Which foundations take which card now (not to be changed by the caller).

        It depends on the foundations alone, which most moves leave as they were:
        the last answer is kept with the foundations it was for, and a position
        whose foundations are the same (the same pile objects, mostly) gets it."""
        homes = piles[self.foundation_slice]
        last_homes, last_needs = self._last_needs  # one read: safe if threads share us
        if homes == last_homes:
            return last_needs
        needs = self._list_needs(piles)
        self._last_needs = (homes, needs)
        return needs

    def _list_needs(self, piles: tuple[tuple[Card, ...], ...]) -> dict[Card, list[int]]:
        needs: dict[Card, list[int]] = {}
        if self.aces_and_kings:
            for group, step, start in (
                (self.ace_foundations, self.next_up, "A"),
                (self.king_foundations, self.next_down, "K"),
            ):
                empty, started = [], set()
                for i in group:
                    f = piles[i]
                    if f:
                        started.add(f[0][1])
                        nxt = step.get(f[-1])
                        if nxt:
                            needs.setdefault(nxt, []).append(i)
                    else:
                        empty.append(i)
                if empty:
                    for s in SUITS:
                        if s not in started:
                            needs.setdefault(start + s, []).extend(empty)
            return needs
        empty = []
        run, next_up = self.run, self.next_up
        for i in self.foundations:
            f = piles[i]
            if f:
                if len(f) < run:
                    needs.setdefault(next_up[f[-1]], []).append(i)
            else:
                empty.append(i)
        if empty:
            base_rank = self.base_rank(piles)
            for s in SUITS:
                needs.setdefault(base_rank + s, []).extend(empty)
        return needs

    def base_rank(self, piles: tuple[tuple[Card, ...], ...]) -> str:
        """The base rank: the bottom card of any started foundation (f1 from the deal)."""
        for i in self.foundations:
            if piles[i]:
                return piles[i][0][0]
        raise ValueError("no foundation has its base card")

    def pile_targets(
        self, piles: tuple[tuple[Card, ...], ...]
    ) -> tuple[dict[str, list[int]], list[int]]:
        """The piles that take a card now: by the rank they take (a pile not yet at
        its limit takes one rank below its top card), and the gaps."""
        wants: dict[str, list[int]] = {}
        gaps = []
        limit, wanted_rank = self.limit, self.wanted_rank
        for j in self.tableau:
            p = piles[j]
            if p:
                if len(p) < limit:
                    wants.setdefault(wanted_rank[p[-1][0]], []).append(j)
            else:
                gaps.append(j)
        return wants, gaps

    def _generate(self, state: State) -> tuple[Move, ...]:
        piles = state.piles
        needs = self.foundation_needs(piles)
        wants, gaps = self.pile_targets(piles)
        table = self.moves
        found: list[Move] = []
        add = found.append
        waste = piles[W]
        if waste:
            card = waste[-1]
            row = table[W]
            for i in needs.get(card, ()):
                add(row[i])
            if self.waste_to_pile:
                for j in wants.get(card[0], ()):
                    add(row[j])
            if self.waste_to_gap:
                for j in gaps:
                    add(row[j])
        for t in self.tableau:
            p = piles[t]
            if not p:
                continue
            card = p[-1]
            row = table[t]
            for i in needs.get(card, ()):
                add(row[i])
            if self.pile_to_pile:
                for j in wants.get(card[0], ()):
                    if j != t:
                        add(row[j])
            if self.pile_to_gap:
                for j in gaps:
                    add(row[j])
        if piles[ST]:
            add(STOCK_TURN)
        elif waste and state.passes_used < self.rules.passes:
            add(REDEAL_MOVE)
        return tuple(found)

    # -- making a move ---------------------------------------------------------------

    def play(self, state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
        if move.kind == RESIGN_KIND:
            return State(state.piles, state.passes_used, True), (Event(RESIGN),)
        events: list[Event] = []
        return self._after(state, move, events), tuple(events)

    def successor(self, state: State, move: Move) -> State:
        """The position after a move, as `play` gives it, without its events: the
        solver's hot path, which makes millions of moves and reads none of them."""
        return self._after(state, move, None)

    def _after(self, state: State, move: Move, events: list[Event] | None) -> State:
        piles = list(state.piles)
        passes_used = state.passes_used
        a, b = self.index[move.a], self.index[move.b]
        if a == ST:
            stock = piles[ST]
            n = min(self.rules.draw, len(stock))
            turned = stock[-n:][::-1]
            piles[ST] = stock[:-n]
            piles[W] = piles[W] + turned
            if events is not None:
                events.extend(Event(TURN, "st", "w", (c,)) for c in turned)
        elif b == ST:
            waste = piles[W]
            piles[ST] = waste[::-1]
            piles[W] = ()
            passes_used += 1
            if events is not None:
                events.append(Event(REDEAL, "w", "st", waste))
            if self.gaps_from_stock:
                for j in self.tableau:
                    if not piles[j] and piles[ST]:
                        self._refill(piles, events, ST, j)
        else:
            src = piles[a]
            card = src[-1]
            piles[a] = src[:-1]
            piles[b] = piles[b] + (card,)
            if events is not None:
                events.append(Event(MOVE, move.a, move.b, (card,)))
            if self.gaps_from_stock and not piles[a] and a != W and piles[ST]:
                self._refill(piles, events, ST, a)
        if not self.gaps_from_stock:
            for j in self.tableau:
                if not piles[j] and piles[W]:
                    self._refill(piles, events, W, j)
        return State(tuple(piles), passes_used, state.resigned)

    def _refill(
        self, piles: list[tuple[Card, ...]], events: list[Event] | None, src: int, dst: int
    ) -> None:
        card = piles[src][-1]
        piles[src] = piles[src][:-1]
        piles[dst] = (card,)
        if events is not None:
            events.append(Event(REFILL, self.pile_names[src], self.pile_names[dst], (card,)))

    def movable(self, state: State, index: int) -> bool:
        return bool(state.piles[index]) and (index == W or index in self.tableau)

    def waits_for(self, state: State, index: int) -> str | None:
        """The rank an empty foundation takes: the base rank, or A / K in Devil's Bridge,
        followed by the suits still free once a suit has all its foundations ("KSC")."""
        if index not in self.foundations or state.piles[index]:
            return None
        if not self.aces_and_kings:
            # each suit's base cards start a foundation each: the suits whose have all
            # started one take none more (the four said over Сбудется's empty places
            # after its 8♥ had started one: the only 8♥)
            started = [state.piles[i][0][1] for i in self.foundations if state.piles[i]]
            free = "".join(s for s in SUITS if started.count(s) < self.copies)
            rank = self.base_rank(state.piles)
            return rank + free if len(free) < len(SUITS) else rank
        group, start = (
            (self.ace_foundations, "A")
            if index in self.ace_foundations
            else (self.king_foundations, "K")
        )
        taken = {state.piles[i][0][1] for i in group if state.piles[i]}
        return start + "".join(s for s in SUITS if s not in taken) if taken else start

    # -- outcome -------------------------------------------------------------------

    def is_won(self, state: State) -> bool:
        piles = state.piles
        return not piles[ST] and not piles[W] and not any(piles[t] for t in self.tableau)

    def remaining(self, state: State) -> tuple[Card, ...]:
        piles = state.piles
        return piles[ST] + piles[W] + tuple(c for t in self.tableau for c in piles[t])

    # -- refusals ------------------------------------------------------------------

    def refusal(self, state: State, move: Move) -> Refusal:
        if self.is_over(state):
            return Refusal("game_over")
        for name in (move.a, move.b):
            if name and name not in self.index:
                return Refusal("no_pile", {"pile": name})
        if move.kind != MOVE_KIND:
            return Refusal("bad_move", {"text": str(move)})
        piles = state.piles
        a, b = self.index[move.a], self.index[move.b]
        if a == ST:
            return Refusal("stock_turns_only") if b != W else Refusal("stock_empty")
        if b == ST:
            if a != W:
                # "only when the waste is turned over" promised a turn: one pass never
                # has one, and the last of more has none left
                if self.rules.passes == 1:
                    return Refusal("onto_stock_never")
                left = state.passes_used < self.rules.passes
                return Refusal("onto_stock" if left else "onto_stock_no_pass")
            # first: with no pass left, "not empty yet" promised a w>st to come; and
            # "no passes are left" read oddly of a game's first move, of a game of one
            if self.rules.passes == 1:
                return Refusal("onto_stock_never")
            if state.passes_used >= self.rules.passes:
                return Refusal("no_passes")
            return Refusal("stock_not_empty" if piles[ST] else "waste_empty")
        if a in self.foundations:
            return Refusal("from_foundation")
        if not piles[a]:
            return Refusal("empty", {"pile": move.a})
        card = piles[a][-1]
        if b == W:
            return Refusal("onto_waste", {"pile": move.b})
        if a == b:
            return Refusal("same_pile", {"card": card, "pile": move.b})
        if b in self.foundations:
            return self._foundation_refusal(piles, card, b)
        return self._pile_refusal(piles, card, a, b)

    def _foundation_refusal(
        self, piles: tuple[tuple[Card, ...], ...], card: Card, b: int
    ) -> Refusal:
        name = self.pile_names[b]
        target = piles[b]
        if not target:
            if not self.aces_and_kings:
                base = self.base_rank(piles)
                return Refusal("foundation_base", {"card": card, "pile": name, "rank": base})
            start = "A" if b in self.ace_foundations else "K"
            if card[0] == start:
                return Refusal(
                    "foundation_suit_taken",
                    {"card": card, "pile": name, "rank": start, "suit": card[1]},
                )
            return Refusal("foundation_start", {"card": card, "pile": name, "rank": start})
        step = self.next_down if b in self.king_foundations else self.next_up
        needed = step.get(target[-1])
        if needed is None or (not self.aces_and_kings and len(target) >= self.run):
            return Refusal("foundation_full", {"pile": name})
        return Refusal("needs", {"card": card, "pile": name, "needed": needed})

    def _pile_refusal(
        self, piles: tuple[tuple[Card, ...], ...], card: Card, a: int, b: int
    ) -> Refusal:
        name = self.pile_names[b]
        source = "waste" if a == W else "piles"
        takes = self.rules.gap_takes if not piles[b] else self.rules.pile_takes
        if not piles[b] and not self.gaps_from_stock:
            return Refusal("gap_by_game")
        if source not in takes:
            if not takes:
                return Refusal("piles_take_nothing")
            if source == "piles":
                return Refusal("pile_to_pile")
            return Refusal("pile_takes_waste_only", {"pile": name})
        if len(piles[b]) >= self.limit:
            return Refusal("pile_full", {"pile": name, "limit": self.limit})
        top = piles[b][-1][0]
        # "one rank down" from an Ace to a King read as a slip: the round is said
        key = "pile_needs_round" if top == self.lowest_rank else "pile_needs"
        return Refusal(key, {"card": card, "pile": name, "rank": self.wanted_rank[top]})


def _step(card: Card, by: int) -> Card:
    return RANKS[RANKS.index(card[0]) + by] + card[1]
