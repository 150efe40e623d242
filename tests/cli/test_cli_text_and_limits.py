"""What `deal`, `replay` and `rulesets` print as text, and where the command line's
limits fall: details a mutation round found no test watching."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from game.rules import Game, rulesets
from tests.cli.conftest import REPO, Cli, assert_refused


def test_a_usage_error_names_the_problem_and_points_at_the_command_s_help(cli: Cli) -> None:
    # `--deals --json`: the value forgotten, said as argparse says it, not "--deals is
    # written A..B, not '--json'"
    assert_refused(
        cli("stats", "pyramid52", "--deals", "--json"),
        "argument --deals: expected one argument (see 'piramida stats --help')",
    )


def test_a_random_deal_is_not_always_the_same(cli: Cli) -> None:
    deals = {cli("deal", "pyramid52", "--json").json()["deal"] for _ in range(3)}
    assert len(deals) > 1


def test_a_negative_deal_number_is_said_to_be_one(cli: Cli) -> None:
    # not "written in digits 0-9, not '-3'": it is a number, just not one of a deal
    assert_refused(cli("deal", "pyramid52", "--deal", "-3"), "a non-negative integer")


def test_a_deal_number_as_long_as_python_reads_is_taken(cli: Cli) -> None:
    import sys

    most = sys.get_int_max_str_digits()
    assert cli("deal", "pyramid52", "--deal", "1" * most, "--json").json()["deal"] == int(
        "1" * most
    )
    assert_refused(
        cli("deal", "pyramid52", "--deal", "1" * (most + 1)), f"{most + 1} digits is longer"
    )


def test_a_bad_value_is_echoed_whole_up_to_40_characters(cli: Cli) -> None:
    forty = "x" * 40
    assert_refused(cli("deal", "pyramid52", "--deal", forty), f"not '{forty}'")
    assert_refused(cli("deal", "pyramid52", "--deal", forty + "y"), f"not '{'x' * 39}…'")


def test_the_pyramid_is_drawn_as_a_pyramid_and_its_stock_s_top_shown(cli: Cli) -> None:
    game = Game("pyramid52", deal=0)
    out = cli("deal", "pyramid52", "--deal", "0").out
    rows = [
        " " * (2 * (7 - r)) + "  ".join(game.pile(f"p{r}.{c}")[-1] for c in range(1, r + 1))
        for r in range(1, 8)
    ]
    stock = game.pile("st")
    assert out.splitlines() == [
        "Pyramid 52, deal 0",
        *rows,
        f" st: {len(stock)} cards, top {stock[-1]}",
        "  w: -",
    ]


def test_a_building_game_shows_every_foundation_and_pile_and_hides_its_stock(cli: Cli) -> None:
    # Egyptian deals its first base card to f1: a foundation left out hid a card
    game = Game("egyptian", deal=0)
    out = cli("deal", "egyptian", "--deal", "0").out
    piles = [f"f{i}" for i in range(1, 9)] + [f"t{i}" for i in range(1, 9)]
    shown = [f"{name:>3}: {' '.join(game.pile(name)) or '-'}" for name in piles]
    assert game.pile("f1"), "the test needs a card on a foundation"
    assert out.splitlines() == [
        "Egyptian Pyramid, deal 0",
        *shown,
        f" st: {len(game.pile('st'))} cards",  # face down: no top card named
        "  w: -",
    ]


def test_rulesets_text_names_each_in_both_languages_with_its_defaults(cli: Cli) -> None:
    out = cli("rulesets").out
    for r in rulesets().values():
        assert re.search(
            rf"^{re.escape(r.id)} +{re.escape(r.name['en'])} / {r.name['ru']}$", out, re.M
        )
        for o in r.options:
            choices = " | ".join(str(c) for c in o.choices)
            assert f"   {o.key}: {choices}  (default {o.default})\n" in out


def test_a_replay_stuck_with_no_moves_left_says_so(cli: Cli, replay_file) -> None:
    # said "over (resigned)" of a game nobody gave up
    for deal in range(200):
        game = Game("pyramid52", deal=deal)
        while not game.over:
            game.play(sorted(game.legal_moves)[0])
        if game.outcome == "no_moves":
            break
    else:
        raise AssertionError("no deal of the first 200 ends with no moves left")
    out = cli("replay", replay_file(game.to_replay())).out
    assert "\nresult: over (no moves left)\n" in out


def _game_process(*args: str, stdout: int, **env: str) -> subprocess.CompletedProcess[bytes]:
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=REPO,
        env=dict(environ, PYTHONPATH=str(REPO), **env),
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        timeout=60,
    )


def test_a_closed_pipe_met_only_as_the_buffered_output_is_flushed_ends_quietly() -> None:
    # buffered (no PYTHONUNBUFFERED), `rulesets` fits the buffer: the pipe's closing
    # is met at the flush, which Python's own ending said as "Exception ignored", status 120
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = _game_process("rulesets", stdout=write_end)
    finally:
        os.close(write_end)
    assert (proc.returncode, proc.stderr) == (141, b"")


def test_rulesets_text_in_an_encoding_without_cyrillic_gets_escapes() -> None:
    proc = _game_process("rulesets", stdout=subprocess.PIPE, PYTHONIOENCODING="ascii")
    assert proc.returncode == 0 and proc.stderr == b""
    assert "\\u0415\\u0433\\u0438\\u043f" in proc.stdout.decode("ascii")  # Египетская


def test_a_delete_character_in_a_move_is_shown_escaped(cli: Cli, replay_file) -> None:
    path = replay_file({"ruleset": "pyramid52", "deal": 0, "moves": ["st>w\x7f"]})
    assert_refused(cli("replay", path), "\\x7f")


def test_a_kiosk_configuration_alone_starts_the_kiosk(cli: Cli, home, monkeypatch) -> None:
    # `piramida --kiosk-config FILE` opened the plain game, its configuration unread
    import game.main

    def no_window(*args, **kwargs):
        raise AssertionError("a window opened")

    monkeypatch.setattr(game.main, "run", no_window)
    monkeypatch.setattr(game.main, "run_kiosk", lambda config, size: 0)
    monkeypatch.setattr(game.main, "start_logging", lambda: None)
    assert cli("--kiosk-config", str(home / "no-such-kiosk.toml")).rc == 2


def test_a_file_that_cannot_be_read_is_said_in_words(cli: Cli, tmp_path) -> None:
    missing = tmp_path / "gone.json"
    result = cli("replay", str(missing))
    assert (result.rc, result.err) == (
        2,
        f"piramida: cannot read {missing}: No such file or directory\n",
    )


def test_a_replay_file_of_exactly_2_mb_is_read(cli: Cli, replay_file) -> None:
    from game.replay_file import LARGEST_REPLAY

    text = json.dumps({"ruleset": "pyramid52", "deal": 0, "moves": []})
    path = replay_file(text + " " * (LARGEST_REPLAY - len(text)))
    assert cli("replay", path, "--json").json()["deal"] == 0
    path = replay_file(text + " " * (LARGEST_REPLAY + 1 - len(text)))
    assert_refused(cli("replay", path), "is over 2 MB")
