"""Command-line and replay-file behaviours the contract and README promise, pinned: a
key outside the replay's list, a claimed figure missing or different, the largest deal
kept, an export's facts, `scores --json`'s and `solve --json`'s types, the first place
of the arcade table, and `stats`' counts, interval and limits."""

from __future__ import annotations

import json
import math

import pytest

from game.rules import DECKS, Game
from game.store import GameFacts
from tests.cli.conftest import Cli, assert_refused
from tests.cli.test_cli import ReplayFile
from tests.store.helpers import won_game

# --- the replay file: "Any other key is refused." ---------------------------------------


@pytest.mark.parametrize("key", ["comment", "Moves", "results", "deal_number", "x"])
def test_replay_refuses_every_key_outside_the_contract_s_list(
    cli: Cli, replay_file: ReplayFile, key: str
) -> None:
    # spec, Replay file: `meta` (optional) ... "Any other key is refused." A key the
    # program does not know may be a misspelt one ("Moves") whose moves would then go
    # unplayed, so no name outside version/ruleset/options/deal/deck/moves/result/meta
    # may be let through, whatever it is
    path = replay_file({"ruleset": "pyramid52", "deal": 0, "moves": [], key: 1})
    for command in (("replay", "--json"), ("replay",), ("verify",)):
        assert_refused(cli(*command, path), f"unknown key '{key}'")


# --- verify: the claim is the spec's four figures, each checked ---------------------------


@pytest.mark.parametrize("figure", ["won", "remaining_cards", "remaining_points", "moves"])
def test_verify_refuses_a_claim_that_leaves_a_figure_out(
    cli: Cli, replay_file: ReplayFile, figure: str
) -> None:
    # spec: `result` is "the claimed outcome, {won, remaining_cards, remaining_points,
    # moves}" and "`piramida verify` checks it": a claim without one of them proves
    # nothing of it, and "confirmed" would read as a proof of the figure left out
    replay = won_game().to_replay(result=True)
    del replay["result"][figure]
    assert_refused(cli("verify", replay_file(replay)), f"'result' lacks '{figure}'")


@pytest.mark.parametrize("delta", [1, -1])
def test_verify_refutes_a_claimed_move_count_the_moves_do_not_make(
    cli: Cli, replay_file: ReplayFile, delta: int
) -> None:
    # spec: the claim's `moves` is one of its figures, counted as `replay --json` counts
    # them; a file claiming a shorter game than it played (a speed table's figure) must
    # be refuted, exit status 2 and one line (README: bad input)
    replay = won_game().to_replay(result=True)
    played = replay["result"]["moves"]
    replay["result"]["moves"] = played + delta
    assert_refused(
        cli("verify", replay_file(replay)),
        f"claimed moves {played + delta} but the replay gives {played}",
    )


# --- play: the records keep deals up to 2**63 - 1 -----------------------------------------


def test_play_opens_the_largest_deal_the_records_keep(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    # README/the refusal's own words: "the game keeps deals up to 9223372036854775807":
    # that deal itself opens, the next is refused before any window
    import game.main

    started: list[Game] = []
    monkeypatch.setattr(
        game.main,
        "run",
        lambda game=None, size=None, fullscreen=None: started.append(game) or 0,
    )
    largest = 2**63 - 1
    assert cli("play", "pyramid52", "--deal", str(largest)).rc == 0
    assert [g.deal_number for g in started] == [largest]
    assert_refused(cli("play", "pyramid52", "--deal", str(largest + 1)), str(largest))
    assert len(started) == 1


# --- history --export: the proof and its facts, nothing of the save's own state --------------


def test_history_export_of_a_game_in_play_leaves_its_redo_list_out(
    cli: Cli, records, tmp_path
) -> None:
    # spec: `meta` holds "facts that no replay can prove (player initials, date, seconds
    # played, undos, hints used)"; the moves a player took back and could redo are the
    # save's state for the game's Redo, no fact of the game: the exported file, read by
    # others, must not carry them
    game = Game("pyramid52", deal=0)
    for move in ("st>w", "p7.2+w", "st>w"):
        game.play(move)
    game.undo()
    facts = GameFacts(seconds=5)
    records.save_game(game, facts)
    target = tmp_path / "out.json"
    assert cli("history", "--export", str(facts.record_id), str(target)).rc == 0
    exported = json.loads(target.read_text("utf-8"))
    assert exported["moves"] == ["st>w", "p7.2+w"]
    assert "redo" not in exported.get("meta", {})
    assert cli("replay", str(target), "--json").json()["moves"] == 2


# --- scores --json: options as the rest of the JSON writes them ---------------------------


def test_scores_json_gives_a_table_s_options_as_an_object_of_values(cli: Cli, records) -> None:
    # spec: options are an object whose numeric options are JSON numbers (the replay, and
    # `replay --json`, which gives them "with their values, defaults included"); a
    # table is kept "per ruleset + options" (README), and `history --json` gives a game's
    # options so: a script matching a table to its games compares the two objects
    game, facts = won_game(), GameFacts(seconds=65)
    records.save_game(game, facts)
    records.add_game_score(game, facts, "ABC")
    (table,) = json.loads(cli("scores", "--json").out)
    assert table["options"] == {"passes": 1}
    (row,) = json.loads(cli("history", "--json").out)
    assert table["options"] == row["options"]


# --- scores --export-run PLACE: places count from 1 -----------------------------------------


@pytest.mark.parametrize("place", ["0", "00"])
def test_export_run_refuses_place_zero(cli: Cli, arcade_entry, tmp_path, place: str) -> None:
    # README: "write the arcade table's entry at PLACE", the places `piramida scores`
    # numbers from 1; place 0 names no entry: refused in one line, status 2, no file
    # written (taken as an index it wrote the last place's run under a place it lacks)
    target = tmp_path / "run.json"
    assert_refused(cli("scores", "--export-run", place, str(target)), "1 or more")
    assert not target.exists()


# --- solve --json: the figures are JSON numbers ---------------------------------------------


def test_solve_json_figures_are_numbers_and_lists(cli: Cli) -> None:
    # README/issue: `solve --json`'s keys outcome, moves, nodes, seconds,
    # best_remaining_points: a script adds seconds up and compares nodes; a number
    # written as a string ("0.0123") reads as text to every JSON reader
    data = json.loads(cli("solve", "pyramid52", "--deal", "8", "--json").out)
    assert isinstance(data["outcome"], str)
    assert isinstance(data["moves"], list) and all(isinstance(m, str) for m in data["moves"])
    for key in ("nodes", "best_remaining_points"):
        assert type(data[key]) is int, (key, data[key])
    assert type(data["seconds"]) in (int, float) and data["seconds"] >= 0


# --- stats: counts, the 95% Wilson interval, the limits ----------------------------------


def _stats_of(monkeypatch: pytest.MonkeyPatch, outcomes: list[str]) -> None:
    """`stats` made to find these outcomes for its deals, in order, without solving."""
    from game.solver import stats

    def found(ruleset, options, first, last, jobs, goal, seconds, nodes, progress=True):
        assert last - first + 1 == len(outcomes)
        for deal, outcome in zip(range(first, last + 1), outcomes, strict=True):
            yield (deal, outcome, 10, 0.01)

    monkeypatch.setattr(stats, "run", found)


def _wilson95(won: int, total: int) -> tuple[float, float]:
    """The Wilson score interval at 95% (z = 1.96), written out from its formula."""
    z = 1.96
    p = won / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z / (1 + z * z / total) * math.sqrt(p * (1 - p) / total + z * z / (4 * total**2))
    return centre - half, centre + half


def test_stats_counts_each_outcome_once_and_gives_the_95_wilson_interval(
    cli: Cli, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # README: "win rates over a range of deals"; the text says "95% interval": won,
    # lost and unknown are the deals' outcomes counted apart (an unknown is no loss),
    # the interval the Wilson interval of won out of all the deals
    _stats_of(monkeypatch, ["won", "lost", "won", "unknown", "won"])
    csv = tmp_path / "s.csv"
    data = json.loads(cli("stats", "pyramid36", "--deals", "0..4", "--csv", str(csv), "--json").out)
    assert (data["won"], data["lost"], data["unknown"]) == (3, 1, 1)
    assert data["win_rate"] == 0.6 and data["unknown_share"] == 0.2
    low, high = _wilson95(3, 5)
    assert data["interval_95"] == [pytest.approx(low, abs=1e-5), pytest.approx(high, abs=1e-5)]
    assert [line.split(",")[1] for line in csv.read_text().splitlines()[1:]] == [
        "won",
        "lost",
        "won",
        "unknown",
        "won",
    ]


@pytest.mark.parametrize(("outcome", "interval"), [("lost", "0.00% .. "), ("won", ".. 100.00%")])
def test_stats_interval_stays_within_0_and_100_percent(
    cli: Cli, tmp_path, monkeypatch: pytest.MonkeyPatch, outcome: str, interval: str
) -> None:
    # a proportion's interval lies within 0..1: five deals all lost (or all won) read
    # "0.00%" (or "100.00%"), never "-0.00%" from a float's last bit, nor -0.0 in JSON
    _stats_of(monkeypatch, [outcome] * 5)
    base = ["stats", "pyramid36", "--deals", "0..4", "--csv", str(tmp_path / "s.csv")]
    text = cli(*base).out
    assert "-0.00%" not in text and interval in text, text
    low, high = json.loads(cli(*base, "--json").out)["interval_95"]
    assert 0 <= low <= high <= 1
    assert math.copysign(1, low) == 1  # +0.0, not -0.0


def test_stats_refuses_a_range_past_a_million_deals_before_solving(
    cli: Cli, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # its refusal says "--deals spans at most 1,000,000 deals in a run": 0..999999 is
    # that many and is run; 0..1000000 is one more and is refused before any deal is
    # solved and before the CSV is made
    from game.solver import stats

    ran: list[tuple[int, int]] = []

    def found(ruleset, options, first, last, *rest, **kw):
        ran.append((first, last))
        return iter(())

    monkeypatch.setattr(stats, "run", found)
    csv = tmp_path / "s.csv"
    assert_refused(
        cli("stats", "pyramid36", "--deals", "0..1000000", "--csv", str(csv)), "1,000,000"
    )
    assert ran == [] and not csv.exists()
    assert cli("stats", "pyramid36", "--deals", "0..999999", "--csv", str(csv)).rc == 0
    assert ran == [(0, 999999)]


def test_solve_and_stats_refuse_a_node_limit_of_zero(cli: Cli, tmp_path) -> None:
    # the refusal's own words: "--nodes is a node limit, at least 1": 0 would search
    # nothing and report the deal "unknown", as if the solver had tried it
    assert_refused(cli("solve", "pyramid52", "--deal", "1", "--nodes", "0"), "--nodes")
    base = ["stats", "pyramid36", "--deals", "0..1", "--csv", str(tmp_path / "s.csv")]
    assert_refused(cli(*base, "--nodes", "0"), "--nodes")


# --- history --json: each game's figures as its replay proves them -------------------------


def test_history_json_gives_each_game_s_figures_and_options_as_json_values(
    cli: Cli, records
) -> None:
    # README: `history --json` lists past games for scripts; each row carries the
    # figures its replay proves (remaining_cards, remaining_points, as `replay --json`
    # names them) and its options as the replay's object (spec: numeric options are JSON
    # numbers), so a row can be checked against `replay --json` of its export
    game = Game("pyramid52", deal=0)
    for move in ("st>w", "p7.2+w", "st>w"):
        game.play(move)
    facts = GameFacts(seconds=5)
    records.save_game(game, facts)
    (row,) = json.loads(cli("history", "--json").out)
    assert row["id"] == facts.record_id and row["ruleset"] == "pyramid52" and row["deal"] == 0
    assert row["options"] == {"passes": 1}
    assert row["remaining_cards"] == game.score.remaining_cards == 50
    assert row["remaining_points"] == game.score.remaining_points
    assert type(row["remaining_points"]) is int and type(row["remaining_cards"]) is int


# --- replay --json: `over` when no legal move is left -----------------------------------------


def _a_game_stuck(ruleset: str) -> Game:
    """A game of `ruleset` played (first legal move each time) to no move left, not won."""
    for deal in range(200):
        game = Game(ruleset, deal=deal)
        while not game.over:
            game.play(sorted(str(m) for m in game.legal_moves)[0])
        if game.outcome == "no_moves":
            return game
    raise AssertionError(f"no deal of {ruleset} ends with no move left")


@pytest.mark.parametrize("ruleset", ["pyramid52", "sbudetsya"])
def test_replay_json_says_over_once_no_legal_move_is_left(
    cli: Cli, replay_file: ReplayFile, ruleset: str
) -> None:
    # spec, `replay --json`: "`over`: won, resigned, or no legal move left" and "legal:
    # ... empty once the game is over": a lost game without a resign is over too
    game = _a_game_stuck(ruleset)
    got = cli("replay", replay_file(game.to_replay()), "--json").json()
    assert got["legal"] == [] and got["won"] is False
    assert got["over"] is True
    assert got["moves"] == len(game.moves) and "resign" not in game.to_replay()["moves"]


# --- the deck a replay gives is the deck of its ruleset *with its options* -------------------


def test_a_given_deck_is_checked_against_the_deck_the_options_choose(
    cli: Cli, replay_file: ReplayFile
) -> None:
    # spec: "`deck` must be exactly the ruleset's deck (right size, every card the right
    # number of times)", and nechego's `cards` option chooses 36 or 32: with cards=32 a
    # 32-card deck is the deck and is played, a 36-card deck is refused
    deck32 = " ".join(DECKS["32"].shuffled(3))
    replay = {"ruleset": "nechego", "options": {"cards": 32}, "deck": deck32, "moves": []}
    got = cli("replay", replay_file(replay), "--json").json()
    assert got["deal"] is None and got["options"]["cards"] == 32
    assert got["remaining_cards"] == 32 - len(got["piles"]["f1"])
    deck36 = " ".join(DECKS["36"].shuffled(3))
    assert_refused(cli("replay", replay_file({**replay, "deck": deck36}), "--json"), "32")


# --- a replay file is read up to 2 MB ---------------------------------------------------------


def test_a_replay_file_over_2_mb_is_refused_saying_so(cli: Cli, replay_file: ReplayFile) -> None:
    # the refusal's words, "is over 2 MB: not a replay file": a file past 2 MB is no
    # replay (re-played, some 400 MB per 2 MB of moves), refused before it is parsed,
    # whatever its content; one byte under the limit is read as JSON
    two_mb = 2 * 2**20
    big = replay_file(b" " * (two_mb + 1))
    assert_refused(cli("verify", big), "is over 2 MB: not a replay file")
    assert_refused(cli("replay", "-", stdin=b" " * (two_mb + 1)), "is over 2 MB")
    under = replay_file(b" " * (two_mb - 1))
    assert_refused(cli("replay", under), "is empty")
