"""`piramida solve` and `piramida stats`."""

import json

from tests.cli.conftest import assert_refused


def test_solve_json_gives_the_spec_object(cli):
    result = cli("solve", "pyramid52", "--deal", "8", "--json")
    assert result.rc == 0
    data = json.loads(result.out)
    assert set(data) == {"outcome", "moves", "nodes", "seconds", "best_remaining_points"}
    assert data["outcome"] == "won" and data["best_remaining_points"] == 0 and data["moves"]


def test_solve_a_lost_deal_reports_its_best_score(cli):
    data = json.loads(cli("solve", "pyramid52", "--deal", "0", "--json").out)
    assert data["outcome"] == "lost" and data["moves"] == [] and data["best_remaining_points"] > 0


def test_solve_from_a_replay_solves_the_position_it_reaches(cli, replay_file):
    path = replay_file({"ruleset": "pyramid52", "deal": 8, "moves": ["p7.2+p7.5"]})
    data = json.loads(cli("solve", "--replay", path, "--json").out)
    assert data["outcome"] == "won" and "p7.2+p7.5" not in data["moves"]


def test_solve_readable_output(cli):
    out = cli("solve", "pyramid36", "--deal", "1").out
    assert "outcome: lost" in out and "best reachable" in out


def test_solve_bad_input_is_one_line(cli, replay_file):
    assert_refused(cli("solve", "pyramid52"), "RULESET --deal N")
    assert_refused(cli("solve", "nope", "--deal", "1"), "unknown ruleset")
    assert_refused(cli("solve", "egyptian", "--deal", "1", "--goal", "pyramid"), "pyramid games")
    path = replay_file({"ruleset": "pyramid52", "deal": 8, "moves": ["p1.1"]})
    assert_refused(cli("solve", "--replay", path), "move 1")


def test_stats_counts_and_writes_a_csv(cli, tmp_path):
    csv_path = tmp_path / "out.csv"
    result = cli(
        "stats", "pyramid36", "--deals", "0..19", "--jobs", "2", "--json", "--csv", str(csv_path)
    )
    data = json.loads(result.out)
    assert data["won"] + data["lost"] + data["unknown"] == 20
    low, high = data["interval_95"]
    assert low <= data["win_rate"] <= high
    lines = csv_path.read_text().splitlines()
    assert lines[0] == "deal,outcome,nodes,seconds" and len(lines) == 21


def test_stats_bad_range_is_refused(cli):
    assert_refused(cli("stats", "pyramid36", "--deals", "9..3"), "A..B")
