"""`piramida solve` and `piramida stats` (game/cli_solver.py): the limits each is
given, the figures their text says, and their refusals (details a mutation round found
no test watching)."""

from __future__ import annotations

import json
import re
import time

import pytest

from game.solver import SolveResult, Verdict
from tests.cli.conftest import Cli, assert_refused


def _solve_asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """Each call of the solver `solve` makes, as (node limit, seconds, goal), answered
    at once: unknown, a node limit reached."""
    import game.solver

    asked = []

    def recording(game, node_limit, seconds, goal, **kw):
        asked.append((node_limit, seconds, goal))
        return SolveResult(Verdict.UNKNOWN, limit="node limit 1")

    monkeypatch.setattr(game.solver, "solve", recording)
    return asked


def test_solve_is_given_a_minute_and_twenty_million_positions_by_default(
    cli: Cli, monkeypatch
) -> None:
    # README: "Given a minute, as `solve` is by default"; --help: "time limit (default 60)"
    asked = _solve_asked(monkeypatch)
    assert cli("solve", "pyramid52", "--deal", "8", "--json").rc == 0
    assert cli("solve", "pyramid52", "--deal", "8", "--goal", "pyramid", "--json").rc == 0
    assert cli("solve", "pyramid52", "--deal", "8", "--seconds", "2", "--nodes", "7").rc == 0
    assert asked == [(20_000_000, 60.0, "all"), (20_000_000, 60.0, "pyramid"), (7, 2.0, "all")]


def _stats_asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """What `stats` gives its run: (first, last, jobs, goal, seconds, nodes); no deal."""
    from game.solver import stats

    asked = []

    def run(ruleset, options, first, last, jobs, goal, seconds, nodes, progress=True):
        asked.append((first, last, jobs, goal, seconds, nodes))
        return iter([(first, "won", 10, 0.01)])

    monkeypatch.setattr(stats, "run", run)
    return asked


def test_stats_gives_each_deal_ten_seconds_and_twenty_million_positions_by_default(
    cli: Cli, tmp_path, monkeypatch
) -> None:
    # --help: "time limit per deal" 10 s, as the winnability table's rows are run
    asked = _stats_asked(monkeypatch)
    base = ["stats", "pyramid36", "--deals", "4..4", "--csv", str(tmp_path / "s.csv")]
    assert cli(*base).rc == 0
    assert cli(*base, "--goal", "pyramid", "--seconds", "3", "--nodes", "9", "--jobs", "1").rc == 0
    assert asked == [(4, 4, 1, "all", 10.0, 20_000_000), (4, 4, 1, "pyramid", 3.0, 9)]


def test_a_time_limit_that_is_no_number_is_refused(cli: Cli, tmp_path) -> None:
    # nan passes no comparison: a search given it is never stopped by its clock
    assert_refused(cli("solve", "pyramid52", "--deal", "1", "--seconds", "nan"), "--seconds")
    base = ["stats", "pyramid36", "--deals", "0..1", "--csv", str(tmp_path / "s.csv")]
    assert_refused(cli(*base, "--seconds", "nan"), "--seconds")


def test_solve_of_a_replay_takes_no_deal_number_beside_it(cli: Cli, replay_file) -> None:
    # the file gives the deal: a --deal beside it was dropped without a word
    path = replay_file({"ruleset": "pyramid52", "deal": 8, "moves": []})
    refused = cli("solve", "--replay", path, "--deal", "3")
    assert_refused(refused, "--deal and --option do not go with --replay")


def test_solve_s_text_gives_the_figures_of_its_json(cli: Cli) -> None:
    # a lost deal: positions, best score and the line to it, each as `--json` gives them
    data = json.loads(cli("solve", "pyramid52", "--deal", "0", "--json").out)
    started = time.perf_counter()
    out = cli("solve", "pyramid52", "--deal", "0").out
    took = time.perf_counter() - started
    lines = out.splitlines()
    nodes, seconds = re.fullmatch(r"nodes: (\d+), time: (\d+\.\d{3}) s", lines[2]).groups()
    assert int(nodes) == data["nodes"]
    assert float(seconds) <= took + 0.001  # seconds, not milliseconds
    assert lines[3] == f"best reachable: {data['best_remaining_points']} points left"
    count, line = re.fullmatch(r"line to it \((\d+) moves\): (.*)", lines[4]).groups()
    assert int(count) == len(data["best_moves"]) == len(line.split()) > 0


def test_solve_s_text_counts_the_moves_of_its_solution(cli: Cli) -> None:
    out = cli("solve", "pyramid52", "--deal", "8").out
    count, line = re.fullmatch(r"solution \((\d+) moves\): (.*)", out.splitlines()[3]).groups()
    assert int(count) == len(line.split())


def test_a_ruleset_of_no_options_is_said_to_have_none(cli: Cli, tmp_path, monkeypatch) -> None:
    # "(egyptian-old, )" read as an option missing
    out = cli("solve", "egyptian-old", "--deal", "0", "--nodes", "50").out
    assert out.startswith("Egyptian Pyramid, old rules (egyptian-old, no options), deal 0")
    _stats_asked(monkeypatch)
    base = ["stats", "egyptian-old", "--deals", "0..0", "--csv", str(tmp_path / "s.csv")]
    assert cli(*base).out.startswith("Egyptian Pyramid, old rules (egyptian-old), no options,")


def _stats_of(monkeypatch: pytest.MonkeyPatch, rows: list[tuple]) -> None:
    """`stats` made to find these rows, without solving."""
    from game.solver import stats

    monkeypatch.setattr(stats, "run", lambda *a, **k: iter(rows))


def test_stats_text_says_each_figure_of_the_run(cli: Cli, tmp_path, monkeypatch) -> None:
    # one won, two lost, three unknown; 10, 20, 30, 40, 50 and 150 ms a deal
    outcomes = ["won", "lost", "lost", "unknown", "unknown", "unknown"]
    times = [0.010, 0.020, 0.030, 0.040, 0.050, 0.150]
    rows = [(d, o, 9, t) for d, (o, t) in enumerate(zip(outcomes, times, strict=True))]
    _stats_of(monkeypatch, rows)
    path = tmp_path / "s.csv"
    args = ["stats", "pyramid36", "--deals", "0..5", "--seconds", "2.5", "--csv", str(path)]
    assert cli(*args).out.splitlines() == [
        "Pyramid 36 (pyramid36), passes=1, goal all, deals 0..5",
        "won 1, lost 2, unknown 3 of 6",
        "win rate 16.67% (95% interval 3.01% .. 56.35%)",
        "time per deal: mean 50.0 ms, median 35.0 ms, max 150.0 ms (limit 2.5 s)",
        f"per-deal outcomes: {path}",
    ]
    data = json.loads(cli(*args, "--json").out)
    assert data["seconds_limit"] == 2.5 and data["deals"] == "0..5"


def test_stats_names_two_long_ranges_apart(cli: Cli, tmp_path, monkeypatch) -> None:
    # a long range's CSV name is cut short: two ranges that start and end alike, cut
    # short to the same name, would write one file over the other
    monkeypatch.chdir(tmp_path)
    _stats_of(monkeypatch, [(0, "won", 1, 0.01)])
    first = "1" + "0" * 80
    for last in (first[:-1] + "1", first[:-1] + "2"):
        assert cli("stats", "pyramid36", "--deals", f"{first}..{last}", "--jobs", "1").rc == 0
    assert len(list(tmp_path.glob("stats-*.csv"))) == 2


def test_stats_leaves_an_earlier_csv_as_it_was_until_it_has_its_rows(
    cli: Cli, tmp_path, monkeypatch
) -> None:
    # the check that the file can be written writes nothing: a run that never ends
    # (killed, a crash) leaves the last run's outcomes in it
    from game.solver import stats

    def crashed(*a, **k):
        raise RuntimeError("crashed")

    monkeypatch.setattr(stats, "run", crashed)
    path = tmp_path / "s.csv"
    path.write_text("deal,outcome,nodes,seconds\n0,won,10,0.0100\n", encoding="utf-8")
    with pytest.raises(RuntimeError):
        cli("stats", "pyramid36", "--deals", "0..1", "--csv", str(path))
    assert path.read_text(encoding="utf-8") == "deal,outcome,nodes,seconds\n0,won,10,0.0100\n"


def test_solve_of_a_game_already_over_searches_nothing_and_its_score_is_the_best(
    cli: Cli, replay_file
) -> None:
    # a game given up: no move can change its score, which is then proven the best
    path = replay_file({"ruleset": "pyramid52", "deal": 8, "moves": ["resign"]})
    data = json.loads(cli("solve", "--replay", path, "--json").out)
    assert (data["nodes"], data["seconds"]) == (0, 0)
    assert data["best_proven"] is True and data["limit"] is None
    assert "best reachable: 364 points left" in cli("solve", "--replay", path).out


def test_solve_json_gives_its_time_to_the_ten_thousandth_of_a_second() -> None:
    # a Pyramid deal is decided in hundredths of a second: "seconds": 0.0 said nothing
    assert SolveResult(Verdict.LOST, seconds=0.0123456).to_json()["seconds"] == 0.0123
