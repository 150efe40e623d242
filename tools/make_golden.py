"""Write tests/rules/golden/deals.json: pinned deals and move counts (perft) per ruleset.

Run it only when a change to the deals or the rules is intended; the golden test
then shows the difference in review. Deal numbers must never change meaning.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.rules import Game, rulesets  # noqa: E402
from game.rules.engine import Engine, State  # noqa: E402

DEALS = (0, 1, 1_000_000)
DEPTH = 3
OUT = ROOT / "tests" / "rules" / "golden" / "deals.json"


def perft(engine: Engine, state: State, depth: int) -> int:
    """Positions reachable in exactly `depth` moves, counted with repetition."""
    if depth == 0:
        return 1
    return sum(perft(engine, engine.play(state, m)[0], depth - 1) for m in engine.legal(state))


def golden() -> dict[str, dict[str, object]]:
    table: dict[str, dict[str, object]] = {}
    for ruleset in rulesets().values():
        for options in ruleset.combinations():
            key = ruleset.id + "".join(f" {k}={v}" for k, v in options.items())
            deals = {}
            for number in DEALS:
                game = Game(ruleset, options, deal=number)
                counts = [perft(game.engine, game.state, d) for d in range(1, DEPTH + 1)]
                deals[str(number)] = {"deck": " ".join(game.deck), "perft": counts}
            table[key] = {"ruleset": ruleset.id, "options": options, "deals": deals}
    return table


def main() -> None:
    OUT.write_text(json.dumps(golden(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
