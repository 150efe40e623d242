"""The replay contract's edges that mutation testing found unguarded: move notation
outside the spec's table, the `legal` list written in that notation, a ruleset that
is no string, and `solve --replay` given a deal besides its file."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.cli.conftest import Cli, assert_refused

ReplayFile = Callable[[object], str]

# The spec's "Moves" table: `X>Y`, `A+B` (A and B each `p<r>.<c>`, `st` or `w`), `A`
# (`p7.3`, `st`, `w`) and `resign`; the piles `st`, `w`, `f1`.., `t1`.., `p<r>.<c>`.
_PILE = r"(?:st|w|f[1-9]\d*|t[1-9]\d*|p[1-9]\d*\.[1-9]\d*)"
NOTATION = re.compile(rf"{_PILE}>{_PILE}|{_PILE}\+{_PILE}|{_PILE}")

# pyramid52 deal 17: after "st>w", p7.3 (3H) and p7.4 (TH) make 13, a legal pair
DEAL17 = {"ruleset": "pyramid52", "deal": 17}


def test_deal_17_pair_is_legal_as_the_spec_writes_it(cli: Cli, replay_file: ReplayFile) -> None:
    # the ground the refusals below stand on: the same pair, written right, is played
    result = cli("replay", replay_file({**DEAL17, "moves": ["st>w", "p7.3+p7.4"]}), "--json")
    assert result.rc == 0 and result.json()["moves"] == 2


@pytest.mark.parametrize(
    "text",
    [
        "p7.3,p7.4",  # a pair is `A+B`, not `A,B`
        "p7.3&p7.4",
        "p73+p7.4",  # a pyramid place is `p<r>.<c>`: the dot is not optional
        "p7+p7.4",
        "p7.3+p7.4+st",
        "resignnow",  # `resign` is one word, not a prefix
        "resign!",
        "st>w>st",
    ],
)
def test_notation_outside_the_spec_s_table_is_refused_naming_the_move(
    cli: Cli, replay_file: ReplayFile, text: str
) -> None:
    # spec, `replay --json`: "An illegal or unreadable move: nothing is printed on
    # standard output, the exit status is 2, and standard error says, in one line,
    # which move (1-based index and its text) and why"
    path = replay_file({**DEAL17, "moves": ["st>w", text]})
    line = assert_refused(cli("replay", path, "--json"), f"move 2 '{text}': ")
    assert "is not a move" in line, line


def _legal(cli: Cli, replay_file: ReplayFile, replay: dict[str, object]) -> list[str]:
    result = cli("replay", replay_file(replay), "--json")
    assert result.rc == 0, result
    legal: list[str] = result.json()["legal"]
    return legal


@pytest.mark.parametrize(
    ("replay", "kinds"),
    [
        # deal 7: a King alone (p7.2), pairs with the stock's top, the stock turned
        ({"ruleset": "pyramid52", "deal": 7}, {"single", "pair", "move"}),
        # deal 5: the stock's top is a King, removed alone (`st`)
        ({"ruleset": "pyramid52", "deal": 5}, {"single", "pair", "move"}),
        ({"ruleset": "egyptian", "deal": 0}, {"move"}),
    ],
)
def test_every_legal_move_is_written_in_the_spec_s_notation_and_is_played_so(
    cli: Cli, replay_file: ReplayFile, replay: dict[str, object], kinds: set[str]
) -> None:
    # spec: "`legal`: the legal moves in the final position, as above" (the Moves
    # table's notation: `X>Y`, `A+B`, `A`; a pair's two names in canonical order)
    legal = _legal(cli, replay_file, replay)
    seen = {"pair" if "+" in m else "move" if ">" in m else "single" for m in legal}
    assert kinds <= seen, legal  # the position shows every kind it is chosen for
    for move in legal:
        assert NOTATION.fullmatch(move), repr(move)
        after = cli("replay", replay_file({**replay, "moves": [move]}), "--json")
        assert after.rc == 0 and after.json()["moves"] == 1, (move, after)


@pytest.mark.parametrize("ruleset", [["pyramid52"], {"id": "pyramid52"}, 52, None])
def test_a_ruleset_that_is_no_string_is_refused_in_one_line(
    cli: Cli, replay_file: ReplayFile, ruleset: object
) -> None:
    # spec: "A bad file (not JSON, unknown ruleset or option, ...): exit status 2, one
    # clear line on standard error naming the problem, no traceback."
    path = replay_file({"ruleset": ruleset, "deal": 1})
    assert_refused(cli("replay", path, "--json"), "ruleset")


def test_solve_refuses_a_deal_given_besides_a_replay(cli: Cli, replay_file: ReplayFile) -> None:
    # README: `piramida solve --replay FILE [--json]`: the file gives the deal; a
    # `--deal` beside it was ignored in silence
    path = replay_file({"ruleset": "pyramid52", "deal": 8, "moves": []})
    refused = cli("solve", "--replay", path, "--deal", "1")
    assert_refused(refused, "--deal and --option do not go with --replay")


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("options", None, "'options' must be an object"),
        ("options", [], "'options' must be an object"),
        ("moves", None, "'moves' must be a list"),
        ("moves", "", "'moves' must be a list"),
        ("moves", 0, "'moves' must be a list"),
        ("version", None, "replay version null is not supported"),
        ("version", 0, "replay version 0 is not supported"),
        ("version", False, "replay version false is not supported"),
    ],
)
def test_a_key_written_empty_is_no_key_left_out(
    cli: Cli, replay_file: ReplayFile, key: str, value: object, said: str
) -> None:
    # spec, "Replay file": "`options` may be omitted (defaults)", "`version` may be
    # omitted (1)": a key left out takes its default, a key given with null, false, 0
    # or an empty value of the wrong type is a bad file, as `"deal": null` is
    path = replay_file({"ruleset": "pyramid52", "deal": 1, key: value})
    assert_refused(cli("replay", path, "--json"), said)
