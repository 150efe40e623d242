"""The command line: `piramida replay`, `deal` and `rulesets`, as the contract describes them.

Most cases call `game.cli.main(argv)` in-process (fast); a few run `python -m game`
as a real subprocess, to check the exit status, the streams and the imports as a
script sees them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import pytest

from game.cli import build_parser
from game.rules import DECKS, Game
from tests.cli.conftest import (
    REPO,
    Cli,
    Result,
    assert_refused,
    long_random_replay,
    run_subprocess,
    won_pyramid52,
)
from tests.spec import RULESET_IDS

ReplayFile = Callable[[object], str]

POSITION_KEYS = {
    "ruleset",
    "options",
    "deal",
    "moves",
    "won",
    "over",
    "remaining_cards",
    "remaining_points",
    "piles",
    "legal",
}
# The contract's table: every ruleset's options, default first.
RULESET_OPTIONS: dict[str, dict[str, list[object]]] = {
    "egyptian": {"base": ["first", "K", "A"], "draw": [1, 3]},
    "egyptian-old": {},
    "devils-bridge": {"draw": [1, 3]},
    "sbudetsya": {"passes": [1, 2], "to_piles": ["waste", "none"]},
    "nechego": {
        "cards": [36, 32],
        "piles": [8, 9, 10],
        "passes": [1, 2],
        "to_piles": ["waste", "none"],
    },
    "pyramid36": {"passes": [1, 3]},
    "pyramid52": {"passes": [1, 3]},
}
DEAL0_52 = DECKS["52"].shuffled(0)
PYRAMID52_VALUES = {r: i for i, r in enumerate("A23456789TJQK", 1)}
PYRAMID52_POSITIONS = [f"p{r}.{c}" for r in range(1, 8) for c in range(1, r + 1)]


# --- an independent model of pyramid52 with one pass, to check `replay --json` ---------


def pyramid52_expected(deck: list[str], moves: list[str], deal: int | None) -> dict[str, object]:
    """What `replay --json` must print for these pyramid52 moves (no resign, one pass)."""
    table: dict[str, str | None] = dict(zip(PYRAMID52_POSITIONS, deck[:28], strict=True))
    stock = list(reversed(deck[28:]))  # bottom to top: the last card is turned next
    waste: list[str] = []

    def take(name: str) -> str:
        if name == "st":
            return stock.pop()
        if name == "w":
            return waste.pop()
        card = table[name]
        assert card is not None
        table[name] = None
        return card

    for move in moves:
        if move == "st>w":
            waste.append(stock.pop())
        else:
            for name in move.split("+"):
                take(name)

    def free(name: str) -> bool:
        row, col = map(int, name[1:].split("."))
        return row == 7 or (
            table[f"p{row + 1}.{col}"] is None and table[f"p{row + 1}.{col + 1}"] is None
        )

    playable = [p for p in PYRAMID52_POSITIONS if table[p] is not None and free(p)]
    tops = {p: table[p] for p in playable}
    if stock:
        playable.append("st")
        tops["st"] = stock[-1]
    if waste:
        playable.append("w")
        tops["w"] = waste[-1]
    value = {name: PYRAMID52_VALUES[card[0]] for name, card in tops.items() if card}
    legal = [p for p in playable if value[p] == 13]
    legal += [f"{a}+{b}" for a, b in combinations(playable, 2) if value[a] + value[b] == 13]
    if stock:
        legal.append("st>w")
    left = [c for c in table.values() if c] + stock + waste
    won = not left
    return {
        "ruleset": "pyramid52",
        "options": {"passes": 1},
        "deal": deal,
        "moves": len(moves),
        "won": won,
        "over": won or not legal,
        "remaining_cards": len(left),
        "remaining_points": sum(PYRAMID52_VALUES[c[0]] for c in left),
        "piles": {"st": stock, "w": waste, **table},
        "legal": legal,
    }


def same_position(got: dict[str, object], expected: dict[str, object]) -> None:
    """Equal, with `legal` compared as a set (the contract allows any order)."""
    assert set(got) == POSITION_KEYS
    legal = got["legal"]
    assert isinstance(legal, list) and len(legal) == len(set(legal))
    assert {**got, "legal": sorted(legal)} == {
        **expected,
        "legal": sorted(expected["legal"]),  # type: ignore[call-overload]
    }


# --- replay --json --------------------------------------------------------------------------


def test_model_agrees_at_the_deal(cli: Cli, replay_file: ReplayFile) -> None:
    path = replay_file({"ruleset": "pyramid52", "deal": 0, "moves": []})
    same_position(cli("replay", path, "--json").json(), pyramid52_expected(DEAL0_52, [], 0))


def test_replay_json_small_honest_replay(cli: Cli, replay_file: ReplayFile) -> None:
    # Deal 0: p7.1 is JS, p7.2 is 5D; the stock turns 8C, then AD, then shows TH.
    moves = ["st>w", "p7.2+w", "st>w"]
    path = replay_file({"version": 1, "ruleset": "pyramid52", "deal": 0, "moves": moves})
    got = cli("replay", path, "--json").json()
    expected = pyramid52_expected(DEAL0_52, moves, 0)
    same_position(got, expected)
    # The figures, spelled out once by hand.
    assert got["moves"] == 3
    assert got["won"] is False and got["over"] is False
    assert got["remaining_cards"] == 50
    assert got["remaining_points"] == sum(PYRAMID52_VALUES[c[0]] for c in DEAL0_52) - 5 - 8
    assert got["piles"]["p7.2"] is None and got["piles"]["p7.1"] == "JS"
    assert got["piles"]["w"] == ["AD"]
    assert got["piles"]["st"][-1] == "TH" and len(got["piles"]["st"]) == 22
    assert list(got["piles"]) == ["st", "w", *PYRAMID52_POSITIONS]


def test_replay_json_is_one_json_object_on_stdout(cli: Cli, replay_file: ReplayFile) -> None:
    result = cli("replay", replay_file({"ruleset": "pyramid52", "deal": 0}), "--json")
    assert result.rc == 0 and result.err == ""
    assert result.out.endswith("\n") and result.out.count("\n") == 1
    assert isinstance(json.loads(result.out), dict)


def test_replay_json_options_include_defaults_as_numbers(cli: Cli, replay_file: ReplayFile) -> None:
    got = cli(
        "replay", replay_file({"ruleset": "nechego", "options": {"piles": 9}, "deal": 3}), "--json"
    ).json()
    assert got["options"] == {"cards": 36, "piles": 9, "passes": 1, "to_piles": "waste"}
    for key in ("cards", "piles", "passes"):
        assert type(got["options"][key]) is int
    assert set(got["piles"]) == {"st", "w"} | {f"f{i}" for i in range(1, 5)} | {
        f"t{i}" for i in range(1, 10)
    }
    assert got["deal"] == 3 and got["moves"] == 0


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_replay_json_defaults_for_every_ruleset(
    cli: Cli, replay_file: ReplayFile, ruleset: str
) -> None:
    got = cli("replay", replay_file({"ruleset": ruleset, "deal": 1}), "--json").json()
    assert set(got) == POSITION_KEYS
    assert got["ruleset"] == ruleset
    assert got["options"] == {k: v[0] for k, v in RULESET_OPTIONS[ruleset].items()}
    assert got["won"] is False and got["over"] is False and got["legal"]
    assert "out" not in got["piles"]
    for name, pile in got["piles"].items():
        if name.startswith("p"):
            assert pile is None or isinstance(pile, str)
        else:
            assert isinstance(pile, list)


def test_replay_reads_standard_input(cli: Cli, replay_file: ReplayFile) -> None:
    replay = {"ruleset": "pyramid52", "deal": 0, "moves": ["st>w", "p7.2+w"]}
    from_stdin = cli("replay", "-", "--json", stdin=json.dumps(replay))
    from_file = cli("replay", replay_file(replay), "--json")
    assert from_stdin.rc == 0 and from_stdin.out == from_file.out


def test_replay_by_deck_gives_deal_null(cli: Cli, replay_file: ReplayFile) -> None:
    deck = DEAL0_52
    moves = ["st>w", "p7.2+w"]
    got = cli(
        "replay",
        replay_file({"ruleset": "pyramid52", "deck": " ".join(deck), "moves": moves}),
        "--json",
    ).json()
    assert got["deal"] is None
    same_position(got, pyramid52_expected(deck, moves, None))


def test_deck_input_forms(cli: Cli, replay_file: ReplayFile) -> None:
    """Cards are read case-insensitively, with `10` for `T` and suit symbols."""
    symbols = dict(zip("SHDC", "♠♥♦♣", strict=True))
    written = []
    for i, card in enumerate(DEAL0_52):
        rank, suit = card[0], card[1]
        text = ("10" if rank == "T" else rank) + (symbols[suit] if i % 3 == 0 else suit)
        written.append(text.lower() if i % 2 else text)
    got = cli(
        "replay", replay_file({"ruleset": "pyramid52", "deck": "  ".join(written)}), "--json"
    ).json()
    same_position(got, pyramid52_expected(DEAL0_52, [], None))


def test_resign_counts_as_a_move_and_ends_the_game(cli: Cli, replay_file: ReplayFile) -> None:
    path = replay_file({"ruleset": "pyramid52", "deal": 0, "moves": ["st>w", "resign"]})
    got = cli("replay", path, "--json").json()
    assert got["moves"] == 2
    assert got["over"] is True and got["won"] is False
    assert got["legal"] == []
    assert got["remaining_cards"] == 52
    assert got["remaining_points"] == 4 * sum(PYRAMID52_VALUES.values())


def test_resign_is_refused_once_the_game_is_over(cli: Cli, replay_file: ReplayFile) -> None:
    path = replay_file({"ruleset": "pyramid52", "deal": 0, "moves": ["resign", "resign"]})
    assert_refused(cli("replay", path, "--json"), "move 2 'resign': ")


def test_won_game(cli: Cli, replay_file: ReplayFile) -> None:
    deck, moves = won_pyramid52()
    path = replay_file({"ruleset": "pyramid52", "deck": " ".join(deck), "moves": moves})
    got = cli("replay", path, "--json").json()
    assert got["won"] is True and got["over"] is True
    assert got["moves"] == len(moves) == 16 + 24
    assert got["remaining_cards"] == 0 and got["remaining_points"] == 0
    assert got["legal"] == []
    assert got["piles"]["st"] == [] and got["piles"]["w"] == []
    assert all(got["piles"][p] is None for p in PYRAMID52_POSITIONS)
    same_position(got, pyramid52_expected(deck, moves, None))


def test_won_game_refuses_a_further_move(cli: Cli, replay_file: ReplayFile) -> None:
    deck, moves = won_pyramid52()
    path = replay_file(
        {"ruleset": "pyramid52", "deck": " ".join(deck), "moves": [*moves, "resign"]}
    )
    assert_refused(cli("replay", path, "--json"), f"move {len(moves) + 1} 'resign': ")


def test_replay_ignores_result_and_meta(cli: Cli, replay_file: ReplayFile) -> None:
    base = {"ruleset": "pyramid52", "deal": 0, "moves": ["st>w"]}
    plain = cli("replay", replay_file(base), "--json")
    extra = cli(
        "replay",
        replay_file(
            {
                **base,
                "result": {"won": True, "remaining_cards": 0, "remaining_points": 0, "moves": 1},
                "meta": {"initials": "ABC", "seconds": 12},
            }
        ),
        "--json",
    )
    assert extra.rc == 0 and extra.out == plain.out


def test_a_deal_written_as_a_whole_decimal_is_that_deal(cli: Cli, replay_file: ReplayFile) -> None:
    """JSON makes no difference between 17 and 17.0 (nor between 3 and 3.0 for options)."""
    whole = cli("replay", replay_file({"ruleset": "pyramid52", "deal": 17}), "--json")
    decimal = cli("replay", replay_file({"ruleset": "pyramid52", "deal": 17.0}), "--json")
    assert decimal.rc == 0 and decimal.json() == whole.json() and whole.json()["deal"] == 17


def test_replay_accepts_a_move_list_from_to_replay(cli: Cli, replay_file: ReplayFile) -> None:
    game = Game("egyptian", {"draw": 3}, deal=42)
    for _ in range(5):
        game.play(next(iter(game.legal_moves)))
    got = cli("replay", replay_file(game.to_replay(result=True)), "--json").json()
    assert got["options"] == {"base": "first", "draw": 3}
    assert got["moves"] == 5
    assert got["remaining_cards"] == game.score.remaining_cards
    assert sorted(got["legal"]) == sorted(str(m) for m in game.legal_moves)
    assert got["piles"]["st"] == list(game.pile("st"))


# --- the readable summary --------------------------------------------------------------------


def test_replay_summary(cli: Cli, replay_file: ReplayFile) -> None:
    path = replay_file({"ruleset": "pyramid52", "deal": 0, "moves": ["st>w", "p7.2+w"]})
    result = cli("replay", path)
    assert result.rc == 0 and result.err == ""
    with pytest.raises(json.JSONDecodeError):
        json.loads(result.out)
    text = result.out
    points = sum(PYRAMID52_VALUES[c[0]] for c in DEAL0_52) - 13
    assert "pyramid52" in text
    assert re.search(r"\bdeal 0\b", text)
    assert re.search(r"\bmoves\b\D{0,3}\b2\b", text)
    assert re.search(r"\b50 cards\b", text)
    assert re.search(rf"\b{points} points\b", text)


def test_replay_summary_counts_a_resign_apart(cli: Cli, replay_file: ReplayFile) -> None:
    # "moves: 3", where the results, `history` and `verify` said 2 moves
    moves = ["st>w", "p7.2+w", "resign"]
    path = replay_file({"ruleset": "pyramid52", "deal": 0, "moves": moves})
    assert "moves: 2 + resign\n" in cli("replay", path).out


def test_replay_summary_of_a_deck_and_a_win(cli: Cli, replay_file: ReplayFile) -> None:
    deck, moves = won_pyramid52()
    path = replay_file({"ruleset": "pyramid52", "deck": " ".join(deck), "moves": moves})
    text = cli("replay", path).out
    assert "pyramid52" in text and "won" in text
    assert re.search(r"\b0 cards\b", text) and re.search(r"\b0 points\b", text)
    assert re.search(rf"\bmoves\b\D{{0,3}}\b{len(moves)}\b", text)


# --- bad input: exit status 2, nothing on stdout, one line on stderr --------------------------

GOOD = {"ruleset": "pyramid52", "deal": 1}
FULL_52 = " ".join(DEAL0_52)

BAD_REPLAYS: list[tuple[str, object, tuple[str, ...]]] = [
    ("not json", "nope, not JSON", ("JSON",)),
    ("truncated json", '{"ruleset": "pyramid52", "deal": 1', ("JSON",)),
    ("empty file", "", ("is empty: not a replay file",)),
    ("json list", "[1, 2]", ("object",)),
    ("json string", '"pyramid52"', ("object",)),
    ("json number", "17", ("object",)),
    ("unknown ruleset", {"ruleset": "klondike", "deal": 1}, ("klondike",)),
    ("ruleset not a string", {"ruleset": 52, "deal": 1}, ("ruleset",)),
    ("no ruleset", {"deal": 1}, ("ruleset",)),
    ("unknown option", {**GOOD, "options": {"draw": 3}}, ("draw",)),
    ("numeric option as string", {**GOOD, "options": {"passes": "1"}}, ("passes", "number")),
    ("numeric option as boolean", {**GOOD, "options": {"passes": True}}, ("passes", "number")),
    ("numeric option not whole", {**GOOD, "options": {"passes": 1.5}}, ("passes",)),
    ("option not a choice", {**GOOD, "options": {"passes": 2}}, ("passes", "2")),
    (
        "word option not a choice",
        {"ruleset": "egyptian", "deal": 1, "options": {"base": "Q"}},
        ("base", "Q"),
    ),
    (
        "word option as a number",
        {"ruleset": "sbudetsya", "deal": 1, "options": {"to_piles": 1}},
        ("to_piles",),
    ),
    ("options not an object", {**GOOD, "options": [1]}, ("options",)),
    ("bad card", {"ruleset": "pyramid52", "deck": FULL_52.replace("QD", "XX")}, ("XX",)),
    ("eleven of hearts", {"ruleset": "pyramid52", "deck": FULL_52.replace("QD", "11H")}, ("11H",)),
    ("deck too short", {"ruleset": "pyramid52", "deck": FULL_52[:-3]}, ("52", "51")),
    ("deck too long", {"ruleset": "pyramid52", "deck": FULL_52 + " AS"}, ("52", "53")),
    (
        "card twice",
        {"ruleset": "pyramid52", "deck": FULL_52.replace("KC", "AS")},
        ("AS",),
    ),
    ("52 cards for a 36 deck", {"ruleset": "pyramid36", "deck": FULL_52}, ("a 36-card deck",)),
    (
        "36 cards for nechego with 32",
        {"ruleset": "nechego", "options": {"cards": 32}, "deck": " ".join(DECKS["36"].shuffled(0))},
        ("32",),
    ),
    ("deck not a string", {"ruleset": "pyramid52", "deck": DEAL0_52}, ("deck",)),
    ("both deal and deck", {**GOOD, "deck": FULL_52}, ("deal", "deck")),
    ("neither deal nor deck", {"ruleset": "pyramid52"}, ("deal", "deck")),
    # as `replay --json` writes a deck's deal: not called "both"
    (
        "deal null beside a deck",
        {"ruleset": "pyramid52", "deal": None, "deck": FULL_52},
        ("'deal' is null: a replay that gives a 'deck' leaves 'deal' out",),
    ),
    ("negative deal", {"ruleset": "pyramid52", "deal": -1}, ("deal", "-1")),
    # the file's values as JSON writes them, not as Python does ('17', True, None)
    ("deal as a string", {"ruleset": "pyramid52", "deal": "17"}, ('got "17"',)),
    ("deal as a float", {"ruleset": "pyramid52", "deal": 1.5}, ("deal",)),
    ("deal as a boolean", {"ruleset": "pyramid52", "deal": True}, ("deal", "got true")),
    ("deal null", {"ruleset": "pyramid52", "deal": None}, ("deal", "got null")),
    ("version true", {**GOOD, "version": True}, ("replay version true is not",)),
    (
        "option as a boolean",
        {"ruleset": "nechego", "deal": 1, "options": {"to_piles": True}},
        ("option 'to_piles' cannot be true;",),
    ),
    ("unknown top-level key", {**GOOD, "seed": 5}, ("seed",)),
    ("version 2", {**GOOD, "version": 2}, ("version",)),
    ("moves not a list", {**GOOD, "moves": "st>w"}, ("moves",)),
    # quoted as any move is (the spec's "move 14 't3>f2': …")
    ("moves with a number", {**GOOD, "moves": ["st>w", 3]}, ("move 2 '3': ",)),
    (
        "moves with a null",
        {**GOOD, "moves": [None]},
        ("move 1 'null': a move is written as a string",),
    ),
    (
        "deal with a fraction",
        {**GOOD, "deal": 17.5},
        ("'deal' must be a whole number:",),
    ),
    ("unreadable move", {**GOOD, "moves": ["x>>y"]}, ("move 1 'x>>y': ",)),
    ("empty move", {**GOOD, "moves": ["st>w", ""]}, ("move 2 '': ",)),
    ("no such pile", {**GOOD, "moves": ["t1>f1"]}, ("move 1 't1>f1': ",)),
    ("line break in a move", {**GOOD, "moves": ["st>w\nw>st"]}, ("move 1 ",)),
    ("line break in a ruleset", {"ruleset": "pyramid\n52", "deal": 1}, ("unknown ruleset",)),
    ("line break in a key", {**GOOD, "a\u2028b\nc": 1}, ("unknown key",)),
    ("nested too deep", "[" * 100_000 + "]" * 100_000, ("JSON",)),
    ("huge number", '{"ruleset": "pyramid52", "deal": 1' + "0" * 5000 + "}", ("5001 digits",)),
    # Python's reader takes these, JSON has not: a replay holding them is no JSON file
    ("NaN in meta", '{"ruleset": "pyramid52", "deal": 1, "meta": {"seconds": NaN}}', ("NaN",)),
    (
        "Infinity in result",
        '{"ruleset": "pyramid52", "deal": 1, "result": {"moves": Infinity}}',
        ("Infinity",),
    ),
    ("deal NaN", '{"ruleset": "pyramid52", "deal": NaN}', ("not a JSON replay",)),
    # past 2**53 a float is not the number written: 1e30 played deal 1000000000000000019884624838656
    ("deal 1e30", '{"ruleset": "pyramid52", "deal": 1e30}', ("'deal' must be",)),
    ("deal 2**53 + 1", '{"ruleset": "pyramid52", "deal": 9007199254740993.0}', ("'deal' must",)),
    # "got Infinity", a word the file never wrote
    (
        "deal 1e400",
        '{"ruleset": "pyramid52", "deal": 1e400}',
        ("'deal' must be a whole number:",),
    ),
    # an escape sequence reached the terminal as it was written
    ("escape sequence in a move", {**GOOD, "moves": ["\x1b[2Jst>w"]}, ("move 1 ", "\\x1b[2J")),
    # a right-to-left mark turned the rest of the terminal's line backwards
    ("right-to-left mark", {**GOOD, "ruleset": "pyra\u202emid52"}, ("pyra\\u202emid52",)),
    ("a key written twice", '{"ruleset": "pyramid52", "deal": 1, "deal": 2}', ("'deal'", "twice")),
]


@pytest.mark.parametrize(
    ("content", "fragments"),
    [pytest.param(c, f, id=name) for name, c, f in BAD_REPLAYS],
)
def test_bad_replay_file(
    cli: Cli, replay_file: ReplayFile, content: object, fragments: tuple[str, ...]
) -> None:
    path = replay_file(content)
    assert_refused(cli("replay", path, "--json"), *fragments)
    assert_refused(cli("replay", path), *fragments)


@pytest.mark.parametrize(
    ("content", "fragments"),
    [pytest.param(c, f, id=name) for name, c, f in BAD_REPLAYS[:12]],
)
def test_bad_replay_on_standard_input(
    cli: Cli, content: object, fragments: tuple[str, ...]
) -> None:
    text = content if isinstance(content, str) else json.dumps(content)
    assert_refused(cli("replay", "-", "--json", stdin=text), *fragments)


@pytest.mark.parametrize(
    ("content", "said"),
    [
        # said "not a JSON replay: Expecting value at line 1 column 1"
        ("\ufeff \n", " is empty: not a replay file"),
        ('{"ruleset": "pyramid52", "deal": 1,', ": not a JSON replay: Expecting property name"),
        ("[1]", ": a replay is a JSON object"),
        # cut short: "Unterminated string starting at at line 1 column 11"
        (
            '{"ruleset": "pyra',
            ": not a JSON replay: Unterminated string starting at line 1 column 13",
        ),
    ],
)
def test_a_replay_not_json_is_refused_naming_its_file(
    cli: Cli, replay_file: ReplayFile, content: str, said: str
) -> None:
    # a file not found or not text was named; a file not JSON was not
    path = replay_file(content)
    line = assert_refused(cli("replay", path, "--json"))
    assert line.startswith(f"piramida: {path}{said}"), line
    line = assert_refused(cli("replay", "-", stdin=content))
    assert line.startswith(f"piramida: standard input{said}"), line


def test_illegal_pair_says_which_move_and_why(cli: Cli, replay_file: ReplayFile) -> None:
    # Deal 0: p7.1 is JS and p7.3 is JC.
    assert (DEAL0_52[21], DEAL0_52[23]) == ("JS", "JC")
    path = replay_file({"ruleset": "pyramid52", "deal": 0, "moves": ["st>w", "p7.1+p7.3"]})
    line = assert_refused(cli("replay", path, "--json"))
    assert line == "move 2 'p7.1+p7.3': JS and JC make 22, not 13"


def test_illegal_move_keeps_its_text_as_written(cli: Cli, replay_file: ReplayFile) -> None:
    path = replay_file({"ruleset": "pyramid52", "deal": 0, "moves": ["ST>W", "P7.3+P7.1"]})
    line = assert_refused(cli("replay", path, "--json"))
    assert line == "move 2 'P7.3+P7.1': JS and JC make 22, not 13"


def test_illegal_building_move(cli: Cli, replay_file: ReplayFile) -> None:
    # Egyptian deal 0: f1 holds 2S, t1 holds 9D.
    path = replay_file({"ruleset": "egyptian", "deal": 0, "moves": ["t1>f1"]})
    line = assert_refused(cli("replay", path, "--json"))
    assert line == "move 1 't1>f1': 9D cannot go on f1, which needs 3S"


def test_illegal_move_shape(cli: Cli, replay_file: ReplayFile) -> None:
    """Whatever the move and the reason: `move N 'text': reason`."""
    cases = [
        ("pyramid52", ["st>w", "st>w", "w>st"]),
        ("pyramid52", ["p1.1"]),
        ("egyptian", ["st>w", "f1>t1"]),
        ("sbudetsya", ["t1>t2"]),
        ("devils-bridge", ["w>t1"]),
    ]
    for ruleset, moves in cases:
        path = replay_file({"ruleset": ruleset, "deal": 0, "moves": moves})
        line = assert_refused(cli("replay", path, "--json"))
        n = len(moves)
        assert re.fullmatch(rf"move {n} '{re.escape(moves[-1])}': \S.*", line), line


def test_missing_file(cli: Cli, tmp_path: Path) -> None:
    missing = tmp_path / "no-such-replay.json"
    assert_refused(cli("replay", str(missing), "--json"), "no-such-replay.json")


def test_directory_instead_of_a_file(cli: Cli, tmp_path: Path) -> None:
    assert_refused(cli("replay", str(tmp_path), "--json"))


def test_file_not_utf8(cli: Cli, replay_file: ReplayFile) -> None:
    path = replay_file('{"ruleset": "pyramid52", "deal": 1, "meta": {"n": "é"}}'.encode("latin-1"))
    assert_refused(cli("replay", path, "--json"), "UTF-8")


def test_a_file_too_large_for_a_replay_is_refused_unread(cli: Cli, replay_file: ReplayFile) -> None:
    # `verify /dev/zero` filled the memory and ended in a MemoryError traceback
    from game.replay_file import LARGEST_REPLAY

    path = replay_file(b" " * (LARGEST_REPLAY + 1))
    assert_refused(cli("verify", path), "not a replay file")
    assert_refused(cli("replay", "-", stdin=b" " * (LARGEST_REPLAY + 1)), "not a replay file")


def test_a_byte_order_mark_before_the_json_is_passed_over(
    cli: Cli, replay_file: ReplayFile
) -> None:
    # some editors write one first; it said "decode using utf-8-sig"
    text = json.dumps({"ruleset": "pyramid52", "deal": 8, "moves": ["p7.2+p7.5"]})
    path = replay_file(b"\xef\xbb\xbf" + text.encode())
    assert cli("replay", path, "--json").json()["moves"] == 1


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_a_replay_saved_as_utf_16_is_read(cli: Cli, replay_file: ReplayFile, encoding) -> None:
    # Notepad's "Unicode" and PowerShell's `>` write UTF-16, with its mark: refused
    text = json.dumps({"ruleset": "pyramid52", "deal": 8, "moves": ["p7.2+p7.5"]})
    data = text.encode(encoding)
    path = replay_file(data if encoding == "utf-16" else b"\xfe\xff" + data)
    assert cli("replay", path, "--json").json()["moves"] == 1


def test_standard_input_not_utf8(cli: Cli) -> None:
    data = '{"ruleset": "pyramid52", "deal": 1, "meta": {"n": "é"}}'.encode("latin-1")
    assert_refused(cli("replay", "-", "--json", stdin=data), "UTF-8")


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["frobnicate"], id="unknown command"),
        pytest.param(["replay"], id="replay without a file"),
        pytest.param(["replay", "a.json", "--yaml"], id="unknown flag"),
        pytest.param(["deal"], id="deal without a ruleset"),
        pytest.param(["deal", "klondike", "--deal", "1"], id="deal unknown ruleset"),
        pytest.param(["deal", "pyramid52", "--option", "draw=3"], id="deal unknown option"),
        pytest.param(["deal", "pyramid52", "--option", "passes=2"], id="deal bad value"),
        pytest.param(["deal", "pyramid52", "--option", "passes"], id="deal option without ="),
        pytest.param(["deal", "pyramid52", "--deal", "-1"], id="deal negative"),
        pytest.param(["deal", "pyramid52", "--deal", "seven"], id="deal not a number"),
        pytest.param(["rulesets", "--yaml"], id="rulesets unknown flag"),
    ],
)
def test_bad_command_line(cli: Cli, argv: list[str]) -> None:
    assert_refused(cli(*argv))


def test_deal_option_messages(cli: Cli) -> None:
    assert_refused(cli("deal", "pyramid52", "--option", "draw=3"), "draw")
    assert_refused(cli("deal", "pyramid52", "--option", "passes=2"), "passes", "2")
    assert_refused(cli("deal", "pyramid52", "--deal", "-1"), "deal")
    assert_refused(cli("frobnicate"), "frobnicate")


def test_a_deal_too_large_to_keep_is_refused_before_the_window(cli: Cli) -> None:
    # the records keep a deal in an SQLite integer: the game crashed on its first frame
    huge = str(2**63)
    assert_refused(cli("play", "pyramid52", "--deal", huge), "9223372036854775807")
    shown = cli("deal", "pyramid52", "--deal", huge)  # its layout can still be looked at
    assert shown.rc == 0 and huge in shown.out


# --- the same, as a real subprocess ---------------------------------------------------------


def test_subprocess_replay_json(replay_file: ReplayFile) -> None:
    moves = ["st>w", "p7.2+w"]
    path = replay_file({"ruleset": "pyramid52", "deal": 0, "moves": moves})
    result = run_subprocess("replay", path, "--json")
    assert result.rc == 0 and result.err == ""
    same_position(json.loads(result.out), pyramid52_expected(DEAL0_52, moves, 0))


def test_subprocess_replay_stdin() -> None:
    deck, moves = won_pyramid52()
    replay = {"ruleset": "pyramid52", "deck": " ".join(deck), "moves": moves}
    got = run_subprocess("replay", "-", "--json", stdin=json.dumps(replay)).json()
    assert got["won"] is True and got["deal"] is None


@pytest.mark.parametrize(
    ("argv", "stdin", "expected"),
    [
        pytest.param(["replay", "-", "--json"], "not json", "JSON", id="not json"),
        pytest.param(
            ["replay", "-", "--json"],
            json.dumps({"ruleset": "pyramid52", "deal": 0, "moves": ["st>w", "p7.1+p7.3"]}),
            "move 2 'p7.1+p7.3': JS and JC make 22, not 13",
            id="illegal move",
        ),
        pytest.param(
            ["replay", "-", "--json"], b'{"ruleset": "\xff"}', "UTF-8", id="not utf-8 stdin"
        ),
        pytest.param(
            ["replay", "-", "--json"], "[" * 100_000 + "]" * 100_000, "JSON", id="deep nesting"
        ),
        pytest.param(["replay", "/no/such/file.json", "--json"], None, "file.json", id="missing"),
        pytest.param(["frobnicate"], None, "frobnicate", id="unknown command"),
        pytest.param(["deal", "pyramid52", "--deal", "-5"], None, "deal", id="negative deal"),
    ],
)
def test_subprocess_bad_input(argv: list[str], stdin: str | bytes | None, expected: str) -> None:
    assert_refused(run_subprocess(*argv, stdin=stdin), expected)


def test_replay_does_not_import_pygame(replay_file: ReplayFile) -> None:
    path = replay_file({"ruleset": "egyptian", "deal": 5, "moves": ["st>w"]})
    result = run_subprocess("replay", path, "--json", python_flags=("-X", "importtime"))
    assert result.rc == 0
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.err.splitlines()}
    assert "game.cli" in imported
    assert not {m for m in imported if m.split(".")[0] == "pygame"}


def test_rules_commands_leave_pygame_unloaded(replay_file: ReplayFile) -> None:
    path = replay_file({"ruleset": "pyramid52", "deal": 5, "moves": ["st>w"]})
    script = (
        "import contextlib, io, sys, game.cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    game.cli.main(['replay', {path!r}, '--json'])\n"
        "    game.cli.main(['deal', 'egyptian', '--deal', '3', '--json'])\n"
        "    game.cli.main(['rulesets', '--json'])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_replay_of_300_moves_is_quick(replay_file: ReplayFile) -> None:
    replay = long_random_replay("egyptian", 300)
    path = replay_file(replay)
    run_subprocess("replay", path, "--json")  # warm the file cache and the bytecode
    start = time.perf_counter()
    result = run_subprocess("replay", path, "--json")
    elapsed = time.perf_counter() - start
    assert result.json()["moves"] == 300
    assert elapsed < 2.0, f"replay --json of 300 moves took {elapsed:.2f} s"


# --- deal -----------------------------------------------------------------------------------


def test_deal_json_pyramid(cli: Cli, replay_file: ReplayFile) -> None:
    got = cli("deal", "pyramid52", "--deal", "0", "--json").json()
    same_position(got, pyramid52_expected(DEAL0_52, [], 0))
    replayed = cli("replay", replay_file({"ruleset": "pyramid52", "deal": 0}), "--json").json()
    assert got == replayed


@pytest.mark.parametrize(
    ("ruleset", "options", "deck"),
    [
        ("pyramid36", {"passes": 3}, "36"),
        ("egyptian", {"base": "first", "draw": 3}, "2x52"),
        ("sbudetsya", {"passes": 2, "to_piles": "none"}, "36"),
        ("nechego", {"cards": 32, "piles": 10, "passes": 1, "to_piles": "waste"}, "32"),
    ],
)
def test_deal_json_matches_the_numbered_shuffle(
    cli: Cli, replay_file: ReplayFile, ruleset: str, options: dict[str, object], deck: str
) -> None:
    argv = ["deal", ruleset, "--deal", "12345", "--json"]
    for key, value in options.items():
        argv += ["--option", f"{key}={value}"]
    got = cli(*argv).json()
    assert set(got) == POSITION_KEYS
    assert got["deal"] == 12345 and got["moves"] == 0
    assert got["options"] == options
    cards = DECKS[deck].shuffled(12345)
    piles = got["piles"]
    if ruleset.startswith("pyramid"):
        rows = 6 if deck == "36" else 7
        names = [f"p{r}.{c}" for r in range(1, rows + 1) for c in range(1, r + 1)]
        assert [piles[n] for n in names] == cards[: len(names)]
        assert piles["st"] == list(reversed(cards[len(names) :]))
    else:
        n = sum(1 for name in piles if name.startswith("t"))
        assert piles["f1"] == [cards[0]]
        assert [piles[f"t{i}"] for i in range(1, n + 1)] == [[c] for c in cards[1 : n + 1]]
        assert piles["st"] == list(reversed(cards[n + 1 :]))
    assert piles["w"] == []
    path = replay_file({"ruleset": ruleset, "options": options, "deal": 12345})
    assert cli("replay", path, "--json").json() == got


def test_deal_egyptian_base_king(cli: Cli) -> None:
    got = cli("deal", "egyptian", "--deal", "7", "--option", "base=K", "--json").json()
    cards = DECKS["2x52"].shuffled(7)
    first_king = next(c for c in cards if c[0] == "K")
    assert got["piles"]["f1"] == [first_king]
    rest = list(cards)
    rest.remove(first_king)
    assert [got["piles"][f"t{i}"] for i in range(1, 9)] == [[c] for c in rest[:8]]


def test_deal_without_number_reproduces(cli: Cli) -> None:
    first = cli("deal", "pyramid52")
    assert first.rc == 0 and first.err == ""
    match = re.search(r"\bdeal (\d+)\b", first.out)
    assert match, first.out
    again = cli("deal", "pyramid52", "--deal", match[1])
    assert again.out == first.out
    cards = DECKS["52"].shuffled(int(match[1]))
    assert cards[0] in first.out and cards[27] in first.out


def test_deal_json_without_number_reproduces(cli: Cli) -> None:
    first = cli("deal", "egyptian", "--json").json()
    assert isinstance(first["deal"], int) and first["deal"] >= 0
    again = cli("deal", "egyptian", "--deal", str(first["deal"]), "--json").json()
    assert again == first


def test_deal_text_layout(cli: Cli) -> None:
    text = cli("deal", "pyramid52", "--deal", "0").out
    assert "deal 0" in text
    assert all(card in text for card in DEAL0_52[:28])
    assert "24" in text  # the stock's size


def test_subprocess_deal_json() -> None:
    got = run_subprocess("deal", "pyramid52", "--deal", "0", "--json").json()
    same_position(got, pyramid52_expected(DEAL0_52, [], 0))


# --- rulesets -------------------------------------------------------------------------------


def test_rulesets_text(cli: Cli) -> None:
    result = cli("rulesets")
    assert result.rc == 0 and result.err == ""
    for ruleset_id, options in RULESET_OPTIONS.items():
        assert re.search(rf"^{re.escape(ruleset_id)}\b", result.out, re.M), ruleset_id
        for key in options:
            assert key in result.out
    assert result.out.index("egyptian ") < result.out.index("pyramid52")


def test_rulesets_json(cli: Cli) -> None:
    got = cli("rulesets", "--json").json()
    by_id = {entry["id"]: entry for entry in got}
    assert list(by_id) == list(RULESET_IDS)
    for ruleset_id, entry in by_id.items():
        assert entry["options"] == RULESET_OPTIONS[ruleset_id]
        assert entry["name"]["en"] and entry["name"]["ru"]


def test_subprocess_rulesets_json() -> None:
    got = run_subprocess("rulesets", "--json").json()
    assert [entry["id"] for entry in got] == list(RULESET_IDS)


def test_no_command_starts_the_game_at_the_menu(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.main

    started: list[object] = []
    monkeypatch.setattr(
        game.main, "run", lambda game=None, size=None, fullscreen=None: started.append(game) or 0
    )
    result: Result = cli()
    assert result.rc == 0 and started == [None]


def test_play_opens_a_table_with_the_chosen_deal(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.main

    started: list[object] = []
    monkeypatch.setattr(
        game.main,
        "run",
        lambda game=None, size=None, fullscreen=None: started.append((game, size, fullscreen)) or 0,
    )
    result: Result = cli(
        "--size", "1024x768", "play", "nechego", "--deal", "5", "--option", "piles=9"
    )
    assert result.rc == 0
    ((played, size, fullscreen),) = started
    assert played.ruleset.id == "nechego" and played.deal_number == 5
    assert played.options["piles"] == 9 and size == (1024, 768) and fullscreen is None


def test_window_options_may_follow_play(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.main

    started: list[object] = []
    monkeypatch.setattr(
        game.main,
        "run",
        lambda game=None, size=None, fullscreen=None: started.append((size, fullscreen)) or 0,
    )
    assert cli("play", "pyramid52", "--deal", "8", "--size", "1200x900").rc == 0
    assert cli("play", "pyramid52", "--fullscreen").rc == 0
    # given before the command and not after it, they stand
    assert cli("--size", "1024x768", "--fullscreen", "play", "pyramid52").rc == 0
    assert started == [((1200, 900), None), (None, True), ((1024, 768), True)]
    assert_refused(cli("play", "pyramid52", "--size", "big"), "WIDTHxHEIGHT")


def test_a_window_may_be_asked_for_standing_up(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    # a standing kiosk's 768x1024, tried in a window, was refused: "from 800x600"
    import game.main

    started: list[object] = []
    monkeypatch.setattr(
        game.main,
        "run",
        lambda game=None, size=None, fullscreen=None: started.append(size) or 0,
    )
    assert cli("play", "pyramid36", "--size", "768x1024").rc == 0
    assert cli("play", "pyramid36", "--size", "600x800").rc == 0
    assert started == [(768, 1024), (600, 800)]
    # standing or lying, a side under 600 stays too small
    assert_refused(cli("play", "pyramid36", "--size", "599x800"), "600x800 standing up")
    assert_refused(cli("play", "pyramid36", "--size", "700x700"), "not '700x700'")


def test_a_bad_window_size_is_refused_in_one_line(cli: Cli) -> None:
    result: Result = cli("--size", "big", "play", "pyramid52")
    assert_refused(result, "WIDTHxHEIGHT")
    assert_refused(cli("--size", "1280x²", "play", "pyramid52"), "WIDTHxHEIGHT")
    # SDL shrank it and Python printed a warning with a source path
    assert_refused(cli("--size", "99999x99999", "play", "pyramid52"), "to 7680x7680")
    # argparse took it for an option: "expected one argument"
    assert_refused(cli("--size", "-100x100", "play", "pyramid52"), "not '-100x100'")


@pytest.mark.parametrize("args", [("rulesets",), ("deal", "egyptian", "--deal", "3")])
def test_a_closed_output_pipe_ends_the_command_quietly(args: tuple[str, ...]) -> None:
    """`piramida ... | head` with the reader gone: no traceback and no "Exception
    ignored" as Python ends, and the shell's status for a closed pipe."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", *args],
        cwd=REPO,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # long before the command has started and written a line
    try:
        _out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 141, err
    assert err == b""


def test_a_broken_level_file_is_said_in_the_program_s_own_lines(tmp_path):
    # "egyptian.toml: not valid TOML: ... (left out)" came bare, before the refusal
    import shutil

    from tests.cli.conftest import REPO

    for part in ("game", "levels", "assets"):
        shutil.copytree(REPO / part, tmp_path / part)
    level = tmp_path / "levels" / "egyptian.toml"
    level.write_text(level.read_text("utf-8").replace("[rules]", "[rules", 1), "utf-8")
    env = dict(os.environ, PYTHONPATH=str(tmp_path), PIRAMIDA_HOME=str(tmp_path / "home"))

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        """The copy with the broken file, as a user runs it."""
        command = [sys.executable, "-m", "game", *args]
        return subprocess.run(
            command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
        )

    # one line, as every refusal: each broken file's line came first on every call
    proc = run("deal", "egyptian", "--deal", "1")
    (line,) = proc.stderr.splitlines()
    assert proc.returncode == 2
    assert line.startswith("piramida: the level file of 'egyptian' is broken: egyptian.toml: ")
    # a command of another ruleset hears nothing of it
    proc = run("deal", "pyramid52", "--deal", "1")
    assert proc.returncode == 0 and proc.stderr == ""
    # the command that lists them says what it left out
    proc = run("rulesets")
    (line,) = proc.stderr.splitlines()
    assert proc.returncode == 0 and "egyptian " not in proc.stdout
    assert line.startswith("piramida: egyptian.toml: ") and line.endswith("(left out)")
    # a ruleset whose file is named otherwise: its id unread, the broken file named
    level.rename(level.with_name("my-egyptian.toml"))
    proc = run("deal", "egyptian", "--deal", "1")
    (line,) = proc.stderr.splitlines()
    assert proc.returncode == 2 and line.endswith("; my-egyptian.toml is broken)"), line


def test_every_argument_of_every_command_is_explained_in_its_help() -> None:
    # `ruleset` and `--option` said nothing of what they take
    import argparse

    from game.cli import build_parser

    parser = build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    silent = [
        f"{name} {action.dest}"
        for name, command in commands.choices.items()
        for action in command._actions
        if not isinstance(action, argparse._HelpAction) and not action.help
    ]
    assert silent == []


def test_the_help_of_size_says_a_size_left_out_is_the_one_kept() -> None:
    # the window opens at the size it was last left when --size is left out;
    # the help once said 1280x800 whatever the player had made of it
    text = " ".join(build_parser().format_help().split())
    assert "the size the window was last left, else 1280x800" in text
    assert "for this run" in text


def test_an_output_that_cannot_be_written_is_said_in_one_line() -> None:
    # a full disk: a traceback, and another as Python flushed the output at its end
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "game", "deal", "pyramid52", "--deal", "3", "--json"],
            cwd=REPO,
            env=dict(os.environ, PYTHONPATH=str(REPO)),
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    assert proc.returncode == 1
    assert proc.stderr.decode() == ("piramida: cannot write the output: No space left on device\n")


def test_an_output_without_cyrillic_gets_escapes_not_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "game", "rulesets", "--json"],
        cwd=REPO,
        env=dict(os.environ, PYTHONPATH=str(REPO), PYTHONIOENCODING="ascii"),
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == b""
    listed = json.loads(proc.stdout.decode("ascii"))  # the escapes read as the letters
    assert any(r["name"]["ru"] == "Египетская пирамида" for r in listed)


@pytest.mark.parametrize("encoding", ["cp1251", "cp1252"])
def test_json_is_read_as_utf_8_whatever_the_output_s_encoding(encoding) -> None:
    # a pipe on Windows takes the system's code page: the Cyrillic came out in cp1251,
    # and on cp1252 the name's dash as the byte 0x97, neither of them UTF-8
    proc = subprocess.run(
        [sys.executable, "-m", "game", "rulesets", "--json"],
        cwd=REPO,
        env=dict(os.environ, PYTHONPATH=str(REPO), PYTHONIOENCODING=encoding),
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == 0
    listed = json.loads(proc.stdout.decode("utf-8"))
    assert any(r["name"]["ru"] == "Сбудется — не сбудется" for r in listed)


@pytest.mark.parametrize("deal", ["٣", "３", "3x", "1e3"])
def test_a_deal_number_is_written_in_plain_digits(cli: Cli, deal: str) -> None:
    # int() took '٣' (an Arabic-Indic three) for deal 3, where the rest of the command
    # line and the replay file take 0-9 alone
    for command in (("deal", "pyramid52"), ("solve", "pyramid52")):
        assert_refused(cli(*command, "--deal", deal), "digits 0-9")


def test_a_deal_number_too_long_to_read_says_so_in_a_short_line(cli: Cli) -> None:
    # "invalid deal_arg value: '9999…'": a Python function's name, the 5,000 digits echoed
    refused = cli("deal", "pyramid52", "--deal", "9" * 5000)
    assert_refused(refused, "a number of 5000 digits is longer than this program reads")
    assert "deal_arg" not in refused.err and len(refused.err) < 200
    # 5000 letters are no number of 5000 digits, and are not echoed whole
    refused = cli("deal", "pyramid52", "--deal", "x" * 5000)
    assert_refused(refused, "a deal number is written in digits 0-9, not 'xxxx")
    assert len(refused.err) < 200


@pytest.mark.parametrize(
    "command", [["rulesets"], ["deal", "pyramid52", "--deal", "1"], [], ["--kiosk"]]
)
@pytest.mark.parametrize("folder", ["LEVELS_DIR", "LOCALE_DIR"])
def test_an_install_that_left_its_data_behind_says_so_with_status_5(
    monkeypatch, tmp_path, capsys, command, folder
):
    # a plain `pip install .` copies the package alone: `rulesets` said "no level file"
    # with status 2, a kiosk "cannot write …/ru.toml" with status 1, restarted for ever
    from game import cli, paths
    from game.logfile import log_path

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(paths, folder, tmp_path / "gone")
    assert cli.main(command) == 5
    said = capsys.readouterr().err
    assert said.startswith("piramida: the game's files are missing from ") and "gone" in said
    assert "pip install -e ." in said
    # the window's or the kiosk's, started with no terminal: in its log file too
    logged = log_path().read_text("utf-8") if log_path().exists() else ""
    assert ("files are missing" in logged) == (command in ([], ["--kiosk"]))
