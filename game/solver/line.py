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

from game.rules import Engine, State, parse_move


def shortened(engine: Engine, start: State, line: list[str]) -> list[str]:
    """`line` (spec notation) from `start`, cut where one move, or none, reaches a
    later position of it: never longer, and ending where it ended."""
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
