"""`piramida solve` and `piramida stats`."""

import json
import os

import pytest

from game.rules import Game
from tests.cli.conftest import assert_refused


def test_solve_json_gives_the_spec_object(cli):
    result = cli("solve", "pyramid52", "--deal", "8", "--json")
    assert result.rc == 0
    data = json.loads(result.out)
    # the keys, then whether the best score is proven and the limit that stopped
    assert list(data)[:5] == ["outcome", "moves", "nodes", "seconds", "best_remaining_points"]
    assert set(data) - {"outcome", "moves", "nodes", "seconds", "best_remaining_points"} == {
        "best_proven",
        "best_moves",
        "limit",
    }
    assert data["outcome"] == "won" and data["best_remaining_points"] == 0 and data["moves"]
    assert data["best_proven"] is True and data["limit"] is None


def test_solve_json_says_when_its_figures_are_not_proven_and_which_limit_stopped(cli):
    cut = json.loads(cli("solve", "pyramid52", "--deal", "1", "--nodes", "3000", "--json").out)
    assert cut["outcome"] == "lost" and cut["best_proven"] is False
    assert cut["limit"] == "best score: node limit 3000" and cut["nodes"] <= 3000 * 2
    unknown = json.loads(cli("solve", "egyptian", "--deal", "1", "--nodes", "100", "--json").out)
    assert unknown["outcome"] == "unknown" and unknown["limit"] == "node limit 100"
    assert unknown["nodes"] == 100  # the limit's positions, not one more
    assert unknown["best_proven"] is False


def test_a_line_that_clears_the_pyramid_is_not_said_to_leave_the_best_score(cli):
    # deal 2 is won whole (0 points); the pyramid cleared first left 38 in stock and reserve
    data = json.loads(cli("solve", "pyramid36", "--deal", "2", "--goal", "pyramid", "--json").out)
    assert data["outcome"] == "won"
    assert data["best_remaining_points"] == 0 or data["best_proven"] is False


def test_solve_a_lost_deal_reports_its_best_score_and_the_line_to_it(cli):
    data = json.loads(cli("solve", "pyramid52", "--deal", "0", "--json").out)
    assert data["outcome"] == "lost" and data["moves"] == [] and data["best_remaining_points"] > 0
    game = Game("pyramid52", deal=0)
    for move in data["best_moves"]:
        game.play(move)
    assert game.score.remaining_points == data["best_remaining_points"]


def test_solve_from_a_replay_solves_the_position_it_reaches(cli, replay_file):
    path = replay_file({"ruleset": "pyramid52", "deal": 8, "moves": ["p7.2+p7.5"]})
    data = json.loads(cli("solve", "--replay", path, "--json").out)
    assert data["outcome"] == "won" and "p7.2+p7.5" not in data["moves"]


def test_solve_readable_output(cli):
    out = cli("solve", "pyramid36", "--deal", "1").out
    assert "outcome: lost" in out and "best reachable" in out
    # its options named, as `replay` and `stats` name them: they change the answer
    assert out.startswith("Pyramid 36 (pyramid36, passes=1), deal 1, after 0 moves\n")


def test_solve_of_a_replay_names_its_options_and_counts_one_move_as_one(cli, replay_file):
    game = {"ruleset": "nechego", "deal": 1, "options": {"cards": 32, "piles": 10}}
    path = replay_file({**game, "moves": ["st>w"]})
    first = cli("solve", "--replay", path, "--seconds", "1").out.splitlines()[0]
    assert first.startswith("Nothing Better to Do (nechego, cards=32, piles=10")
    assert first.endswith("deal 1, after 1 move")


def test_solve_bad_input_is_one_line(cli, replay_file):
    assert_refused(cli("solve", "pyramid52"), "RULESET --deal N")
    assert_refused(cli("solve", "nope", "--deal", "1"), "unknown ruleset")
    assert_refused(cli("solve", "egyptian", "--deal", "1", "--goal", "pyramid"), "pyramid games")
    path = replay_file({"ruleset": "pyramid52", "deal": 8, "moves": ["p1.1"]})
    assert_refused(cli("solve", "--replay", path), "move 1")
    # no ruleset was given: "not both" named one
    path = replay_file({"ruleset": "pyramid52", "deal": 8, "moves": []})
    refused = cli("solve", "--replay", path, "--option", "passes=3")
    assert_refused(refused, "--deal and --option do not go with --replay")
    assert_refused(cli("solve", "pyramid52", "--replay", path), "not both")


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
    # a range that starts with a dash is the option's value, refused in words
    assert_refused(cli("stats", "pyramid36", "--deals", "-3..2"), "deal numbers from 0")
    # the whole range was listed up front: 17 s and 3 GB, then a MemoryError
    assert_refused(cli("stats", "pyramid36", "--deals", "0..1000000000000"), "at most 1,000,000")
    # a bound past Python's 4300 digits ended in a traceback with exit status 1
    refused = cli("stats", "pyramid36", "--deals", "0.." + "9" * 4301)
    assert_refused(refused, "--deals: a number of 4301 digits is longer than this program reads")
    refused = cli("stats", "pyramid36", "--deals", "x" * 5000 + "..1")
    assert_refused(refused, "--deals is written A..B")
    assert "digits is longer" not in refused.err and len(refused.err) < 200


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
def test_stats_names_the_csv_a_full_disk_cut_short(cli):
    # "cannot write the output", of a run whose table had printed
    result = cli("stats", "pyramid36", "--deals", "0..1", "--jobs", "1", "--csv", "/dev/full")
    assert result.rc == 1
    assert result.err == "piramida: cannot write /dev/full: No space left on device\n"
    assert "won " in result.out and "per-deal outcomes" not in result.out


@pytest.mark.parametrize("as_json", [False, True])
def test_a_csv_cut_short_is_removed_and_the_summary_still_said(cli, tmp_path, monkeypatch, as_json):
    # a 4 KB file ending mid-row ("201,lost,187") was left, and the summary of hours of
    # solving was never printed
    import csv
    import errno

    real_writer = csv.writer

    class FillingDisk:
        def __init__(self, f):
            self.writer, self.rows = real_writer(f), 0

        def writerow(self, row):
            self.rows += 1
            if self.rows > 2:
                raise OSError(errno.ENOSPC, "No space left on device")
            return self.writer.writerow(row)

    monkeypatch.setattr(csv, "writer", FillingDisk)
    path = tmp_path / "s.csv"
    args = ["stats", "pyramid36", "--deals", "0..3", "--jobs", "1", "--csv", str(path)]
    result = cli(*args, *(["--json"] if as_json else []))
    assert result.rc == 1
    assert result.err == f"piramida: cannot write {path}: No space left on device\n"
    assert not path.exists()
    if as_json:
        said = json.loads(result.out)
        assert said["csv"] is None and said["won"] + said["lost"] + said["unknown"] == 4
    else:
        assert "of 4" in result.out and "per-deal outcomes" not in result.out


def test_stats_names_its_csv_of_long_deal_numbers_within_a_file_name_s_length(
    cli, tmp_path, monkeypatch
):
    # "File name too long", in a line of 8.6 KB
    monkeypatch.chdir(tmp_path)
    first = "1" + "0" * 300
    result = cli("stats", "pyramid36", "--deals", f"{first}..{first}", "--jobs", "1", "--json")
    assert result.rc == 0, result.err[:200]
    (csv,) = tmp_path.glob("stats-*.csv")
    assert len(csv.name) < 120 and csv.name.startswith("stats-pyramid36-passes1-all-100000")
    assert json.loads(result.out)["csv"] == csv.name


def test_stats_text_writes_options_as_the_other_commands_do(cli, tmp_path):
    base = ["stats", "pyramid36", "--deals", "0..1", "--csv", str(tmp_path / "s.csv")]
    first = cli(*base, "--option", "passes=3", "--jobs", "1").out.splitlines()[0]
    assert "passes=3" in first and "{" not in first


def test_stats_starts_no_more_processes_than_deals(cli, tmp_path, monkeypatch):
    from game.solver import stats

    started = []
    real = stats.ProcessPoolExecutor

    def pool(max_workers, **kw):
        started.append(max_workers)
        return real(max_workers=max_workers, **kw)

    monkeypatch.setattr(stats, "ProcessPoolExecutor", pool)
    csv_path = tmp_path / "s.csv"
    result = cli("stats", "pyramid36", "--deals", "0..2", "--jobs", "200", "--csv", str(csv_path))
    assert result.rc == 0 and started == [3]
    assert len(csv_path.read_text().splitlines()) == 4


def test_solve_says_when_a_lost_deal_s_best_score_is_not_proven(cli):
    out = cli("solve", "pyramid52", "--deal", "1", "--nodes", "3000").out
    assert "outcome: lost (best score: node limit 3000)" in out
    assert "best found so far:" in out and "line to it" in out


def test_solve_a_replay_of_a_game_given_up(cli, replay_file):
    path = replay_file({"ruleset": "pyramid52", "deal": 8, "moves": ["resign"]})
    result = cli("solve", "--replay", path, "--json")
    assert result.rc == 0
    data = json.loads(result.out)
    assert data["outcome"] == "lost" and data["moves"] == []
    assert data["best_remaining_points"] == 364  # the whole deck: nothing is legal now
    # a give-up counted apart, as `verify` counts it: "after 1 move" read as a move made
    first = cli("solve", "--replay", path).out.splitlines()[0]
    assert first.endswith("deal 8, after 0 moves + resign"), first


def test_limits_and_processes_out_of_range_are_refused(cli, tmp_path):
    assert_refused(cli("solve", "pyramid52", "--deal", "1", "--seconds", "0"), "--seconds")
    assert_refused(cli("solve", "pyramid52", "--deal", "1", "--nodes", "-3"), "--nodes")
    base = ["stats", "pyramid36", "--deals", "0..1", "--csv", str(tmp_path / "s.csv")]
    assert_refused(cli(*base, "--jobs", "0"), "--jobs")
    assert_refused(cli(*base, "--jobs", "99999999999999999999"), "--jobs")  # was OverflowError
    assert_refused(cli(*base, "--seconds", "-5"), "--seconds")
    assert_refused(cli("stats", "pyramid36", "--deals", "²..3"), "A..B")
    twice = ["--option", "passes=1", "--option", "passes=3"]
    assert_refused(cli("solve", "pyramid52", "--deal", "1", *twice), "given twice")


def test_stats_checks_its_csv_can_be_written_before_it_solves(cli, tmp_path, monkeypatch):
    import game.solver.stats

    started = []
    monkeypatch.setattr(game.solver.stats, "run", lambda *a, **k: started.append(a) or [])
    result = cli("stats", "pyramid36", "--deals", "0..1", "--csv", str(tmp_path))  # a folder
    assert_refused(result, "cannot write the CSV file")
    assert started == []


def test_stats_makes_its_csv_s_missing_folders(cli, tmp_path):
    # README: a file in no such folder is bad input, but `stats` makes its CSV's
    # folders rather than refuse a run before its hours of solving
    path = tmp_path / "runs" / "today" / "s.csv"
    result = cli("stats", "pyramid36", "--deals", "0..1", "--jobs", "1", "--csv", str(path))
    assert result.rc == 0, result.err
    assert path.read_text().splitlines()[0] == "deal,outcome,nodes,seconds"


def test_ctrl_c_keeps_the_deals_done(cli, tmp_path, monkeypatch):
    import game.solver.stats

    def interrupted(*args, **kwargs):
        yield (0, "won", 10, 0.01)
        yield (1, "lost", 20, 0.02)
        raise KeyboardInterrupt

    monkeypatch.setattr(game.solver.stats, "run", interrupted)
    path = tmp_path / "part.csv"
    result = cli("stats", "pyramid36", "--deals", "0..9", "--csv", str(path))
    assert result.rc == 130
    assert "stopped after 2 of 10 deals" in result.err and result.err[-1] == "\n"
    assert path.read_text().splitlines() == [
        "deal,outcome,nodes,seconds",
        "0,won,10,0.0100",
        "1,lost,20,0.0200",
    ]


def test_solve_lets_beams_in_as_the_game_s_longer_search_does(cli, monkeypatch):
    from game.solver.beam import BEAMS_AFTER, Beam

    walked = []
    run = Beam.run
    monkeypatch.setattr(Beam, "run", lambda beam: walked.append(beam) or run(beam))
    # deal 12 is left undecided by the 10 s search: its first positions decide nothing
    base = ["solve", "egyptian", "--deal", "12", "--nodes", "60000", "--json"]
    assert json.loads(cli(*base, "--beams-after", "0").out)["outcome"] == "unknown"
    assert walked, "beams let in from the first position walked none"
    walked.clear()
    assert cli(*base, "--beams-after", "never").rc == 0
    assert not walked
    assert cli(*base).rc == 0  # by default from the game's position: past these 60,000
    assert not walked and BEAMS_AFTER > 60_000


def test_solve_passes_its_beams_option_to_the_solver(cli, monkeypatch):
    from game.solver.beam import BEAMS_AFTER
    from tests.solver.test_worker import solver_asked_with

    asked = solver_asked_with(monkeypatch, "beams_after")
    base = ["solve", "egyptian", "--deal", "0", "--nodes", "1000", "--json"]
    for given in ([], ["--beams-after", "2500"], ["--beams-after", "never"]):
        assert cli(*base, *given).rc == 0
    assert asked == [BEAMS_AFTER, 2500, None]
    assert_refused(cli(*base, "--beams-after", "soon"), "--beams-after")
    assert_refused(cli(*base, "--beams-after", "-1"), "--beams-after")


def test_stats_runs_one_process_a_core_it_may_use(monkeypatch):
    # pinned to one core (taskset, a container's share), the machine's two cores gave
    # two processes, each running its wall-clock limits at half speed
    import os

    from game import cli_solver

    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {3}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert cli_solver.cores_usable() == 1
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    assert cli_solver.cores_usable() == 8  # where no affinity can be read
