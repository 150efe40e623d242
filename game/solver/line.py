"""A line of moves made shorter, to the same position: what the demo plays and the
hints show.

The dives that win the Egyptian games wander: a won line of 1,193 moves held 542
moves in a row between piles that sent nothing home, and the demo, at its pace,
showed the same few cards going back and forth for seven minutes. A line keeps
each position it passes through; from each, the move that reaches the furthest
position of the line is played instead of the line's own (a position met again
later, a card taken the long way round).
"""

from __future__ import annotations

from game.rules import Engine, Move, State, parse_move


def shortened(engine: Engine, start: State, line: list[str]) -> list[str]:
    """`line` (spec notation) from `start`, cut where one move, or none, reaches a
    later position of it, and rid of a card's trips away and back (see
    without_returns), until neither cuts more: never longer, ending where it ended."""
    while True:
        cut = _reaching_furthest(engine, start, without_returns(engine, start, line))
        if cut == line:
            return cut
        line = cut


def without_returns(engine: Engine, start: State, line: list[str]) -> list[str]:
    """`line` without a card's trip from one pile through others and back to it,
    where the line plays as well without the trip's moves and is then where it was
    after them. Between them other moves went on (Devil's Bridge deal 1's won line
    of 658 moves sent cards away and back again and again), so no position is met
    twice for _reaching_furthest to cut, and the demo showed every trip: it is 534
    moves now, some 0.1 s taken to cut it."""
    moves = [parse_move(text) for text in line]
    positions = [start]
    for move in moves:
        positions.append(engine.play(positions[-1], move)[0])
    i = 0
    while i < len(moves):
        trip = _trip(engine, moves, positions, i)
        if trip:
            played = [positions[i]]  # the moves between, played without the trip
            for k in range(i + 1, trip[-1]):
                if k in trip:
                    continue
                if moves[k] not in engine.legal_set(played[-1]):
                    break
                played.append(engine.play(played[-1], moves[k])[0])
            else:
                if played[-1] == positions[trip[-1] + 1]:
                    positions[i : trip[-1] + 2] = played
                    for k in reversed(trip):
                        del moves[k]
                    continue  # the move now at i may start a trip too
        i += 1
    return [str(move) for move in moves]


def _trip(engine: Engine, moves: list[Move], positions: list[State], i: int) -> list[int]:
    """The moves of the card that moves i moves, from pile to pile, up to the one
    that brings it back to the pile it left; empty where it goes elsewhere first (a
    foundation) or never comes back."""
    move = moves[i]
    if not (move.a.startswith("t") and move.b.startswith("t")):
        return []
    card, home, at = _top(engine, positions[i], move.a), move.a, move.b
    trip = [i]
    for k in range(i + 1, len(moves)):
        later = moves[k]
        if later.a != at or _top(engine, positions[k], at) != card:
            continue  # another card's move (or one put on it, then moved off)
        if not later.b.startswith("t"):
            return []
        trip.append(k)
        if later.b == home:
            return trip
        at = later.b
    return []


def _top(engine: Engine, state: State, pile: str) -> str:
    cards = state.piles[engine.index[pile]]
    return cards[-1] if cards else ""


def _reaching_furthest(engine: Engine, start: State, line: list[str]) -> list[str]:
    """`line` cut where one move, or none, reaches a later position of it."""
    positions = [start]
    for text in line:
        positions.append(engine.play(positions[-1], parse_move(text))[0])
    furthest = {position: i for i, position in enumerate(positions)}  # the last time met
    kept: list[str] = []
    i = furthest[start]
    while i < len(line):
        here = positions[i]
        reach, move = i + 1, line[i]
        for other in engine.legal(here):
            j = furthest.get(engine.play(here, other)[0], -1)
            if j > reach:
                reach, move = j, str(other)
        kept.append(move)
        i = furthest[positions[reach]]
    return kept
