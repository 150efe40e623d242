"""`tools/winnability.py`: a row run in parts is summed from the parts done, the table
says which rows are not finished yet, and how long the building games take to decide."""

import json

import pytest

from game.solver import stats
from tools import winnability


@pytest.fixture
def results(tmp_path, monkeypatch):
    monkeypatch.setattr(winnability, "ROOT", tmp_path)
    monkeypatch.setattr(winnability, "RESULTS", tmp_path / "docs" / "winnability")
    monkeypatch.setattr(winnability, "TABLE", tmp_path / "docs" / "winnability.md")
    monkeypatch.setattr(
        winnability, "PLAN", {"devils-bridge": ("devils-bridge", [], "all", 599, 10)}
    )
    return tmp_path / "docs" / "winnability"


def _part(results, first, last, outcomes):
    rows = [(first + i, o, 100 * (i + 1), 0.5) for i, o in enumerate(outcomes)]
    assert len(rows) == last - first + 1
    stats.write_csv(results / "devils-bridge" / f"{first}-{last}.csv", rows)
    summary = stats.summarise("devils-bridge", {"draw": 1}, "all", f"{first}..{last}", rows, 10)
    (results / "devils-bridge" / f"{first}-{last}.json").write_text(
        json.dumps(summary.to_json()), encoding="utf-8"
    )


def test_parts_done_are_summed_and_the_table_says_the_row_is_not_finished(results):
    _part(results, 0, 2, ["won", "won", "unknown"])
    _part(results, 3, 5, ["won", "lost", "won"])
    winnability.merge("devils-bridge")
    row = json.loads((results / "devils-bridge.json").read_text("utf-8"))
    assert (row["deals"], row["won"], row["lost"], row["unknown"]) == ("0..5", 4, 1, 1)
    assert row["csv"] == "docs/winnability/devils-bridge/"

    winnability.table()
    text = winnability.TABLE.read_text("utf-8")
    assert "| `devils-bridge` | draw=1 | all | 0..5 | 4 | 1 | 1 |" in text
    assert "`devils-bridge` (default options): deals 0..5 of 0..599 so far" in text


def test_a_part_missing_in_the_middle_is_not_passed_off_as_a_range(results):
    _part(results, 0, 2, ["won", "won", "won"])
    _part(results, 6, 8, ["won", "won", "won"])
    winnability.merge("devils-bridge")
    row = json.loads((results / "devils-bridge.json").read_text("utf-8"))
    assert row["deals"] == "6 deals in 2 parts"


def test_the_timing_table_gives_the_share_decided_within_each_time(results):
    # seconds per deal: a win at 0.05 s, a loss proven at 1.5 s, a win a little past
    # the 10 s limit (the clock is read every few hundred positions), and an unknown
    rows = [(0, "won", 10, 0.05), (1, "lost", 10, 1.5), (2, "won", 10, 10.003)]
    rows.append((3, "unknown", 10, 10.001))
    stats.write_csv(results / "devils-bridge" / "0-3.csv", rows)
    summary = stats.summarise("devils-bridge", {"draw": 1}, "all", "0..3", rows, 10)
    (results / "devils-bridge" / "0-3.json").write_text(
        json.dumps(summary.to_json()), encoding="utf-8"
    )
    winnability.merge("devils-bridge")

    winnability.table()
    text = winnability.TABLE.read_text("utf-8")
    # within 0.1 s, 1 s, 2 s, 5 s, 10 s: one deal, one, two, two, three of the four
    row = (
        "| `devils-bridge` | draw=1 | 0..3 | 10 | 25.00% | 25.00% | 50.00% | 50.00% | 75.00% | no |"
    )
    assert row in text


def test_the_timing_table_counts_from_the_files_a_row_has_and_leaves_out_the_pyramids(
    results, monkeypatch
):
    monkeypatch.setattr(
        winnability,
        "PLAN",
        {
            "nechego": ("nechego", [], "all", 3, 10),
            "pyramid36": ("pyramid36", [], "all", 3, 60),
            "devils-bridge": ("devils-bridge", [], "all", 599, 10),
        },
    )
    for name in ("nechego", "pyramid36"):  # one file each, every deal won at once
        rows = [(d, "won", 10, 0.01) for d in range(4)]
        stats.write_csv(results / f"{name}.csv", rows)
        summary = stats.summarise(name, {}, "all", "0..3", rows, 10)
        record = summary.to_json() | {"csv": f"docs/winnability/{name}.csv"}
        (results / f"{name}.json").write_text(json.dumps(record), encoding="utf-8")
    # a row in parts whose summary counts its first part only: the second was done
    # after it was summed up, and the shares count the deals of both
    _part(results, 0, 1, ["won", "won"])  # each deal in 0.5 s
    winnability.merge("devils-bridge")
    _part(results, 2, 3, ["unknown", "unknown"])

    winnability.table()
    text = winnability.TABLE.read_text("utf-8")
    timing = text.split("## How long the building games take to decide")[1].split("##")[0]
    every = " | ".join(["100.00%"] * 5)
    assert f"| `nechego` | — | 0..3 | 10 | {every} | yes |" in timing
    assert "pyramid36" not in timing
    half = " | ".join(["50.00%"] * 4)
    assert f"| `devils-bridge` | draw=1 | 0..1 | 10 | 0.00% | {half} | no |" in timing
