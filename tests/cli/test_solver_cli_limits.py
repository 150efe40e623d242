"""`solve` and `stats`: the limits of their options and what their text says, details
a mutation round found no test watching."""

from __future__ import annotations

from tests.cli.conftest import Cli, assert_refused


def test_stats_takes_up_to_256_processes(cli: Cli, tmp_path) -> None:
    base = ["stats", "pyramid36", "--deals", "0..0", "--csv", str(tmp_path / "s.csv")]
    assert cli(*base, "--jobs", "256").rc == 0
    assert_refused(cli(*base, "--jobs", "257"), "--jobs is a number of processes from 1 to 256")


def test_a_range_missing_a_bound_is_refused_in_words(cli: Cli) -> None:
    # an empty side passed as digits: int("") ended in a traceback
    for deals in ("5..", "..5", ".."):
        assert_refused(cli("stats", "pyramid36", "--deals", deals), "--deals is written A..B")
    assert_refused(cli("solve", "pyramid52", "--deal", "1", "--beams-after", ""), "--beams-after")


def test_solve_of_a_won_deal_ends_on_its_solution(cli: Cli) -> None:
    # a won deal's text went on to a "best reachable" line, as a lost deal's does
    lines = cli("solve", "pyramid52", "--deal", "8").out.splitlines()
    assert lines[:2] == ["Pyramid 52 (pyramid52, passes=1), deal 8, after 0 moves", "outcome: won"]
    assert len(lines) == 4 and lines[3].startswith("solution (")


def test_stats_shortens_a_csv_name_long_before_it_passes_a_file_name_s_length(
    cli: Cli, tmp_path, monkeypatch
) -> None:
    # a span of 243 characters made a name of 275, past the 255 a file name may have
    monkeypatch.chdir(tmp_path)
    first = "1" + "0" * 120
    result = cli("stats", "pyramid36", "--deals", f"{first}..{first}", "--jobs", "1")
    assert result.rc == 0, result.err[:200]
    (csv,) = tmp_path.glob("stats-*.csv")
    assert len(csv.name) < 120


def test_stats_goal_pyramid_is_refused_for_a_building_game(cli: Cli, tmp_path) -> None:
    csv = tmp_path / "s.csv"
    result = cli("stats", "egyptian", "--deals", "0..0", "--goal", "pyramid", "--csv", str(csv))
    assert_refused(result, "--goal pyramid is for the pyramid games")


def test_stats_json_draws_no_progress_bar_even_at_a_terminal(
    cli: Cli, tmp_path, monkeypatch
) -> None:
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    base = ["stats", "pyramid36", "--deals", "0..3", "--jobs", "1", "--csv", str(tmp_path / "s")]
    assert cli(*base).err != ""  # the bar, where a person watches
    quiet = cli(*base, "--json")
    assert quiet.rc == 0 and quiet.err == ""
