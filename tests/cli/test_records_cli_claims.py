"""`verify`'s words on what a file claims, and a run file read from standard input:
details a mutation round found no test watching."""

from __future__ import annotations

import json

from tests.cli.conftest import Cli, assert_refused
from tests.cli.test_cli import ReplayFile
from tests.store.helpers import won_game

UNPROVEN = "the moves prove the score, not that it was found without help"


def _claimed(cli: Cli, replay_file: ReplayFile, meta: object) -> list[str]:
    replay = won_game().to_replay(result=True)
    replay["meta"] = meta
    result = cli("verify", replay_file(replay))
    assert result.rc == 0, result
    return result.out.splitlines()[1:]


def test_only_a_json_true_says_help_was_used(cli: Cli, replay_file: ReplayFile) -> None:
    # "assisted": "false" is no word of help the game writes
    for assisted in ("false", 1, "yes"):
        assert _claimed(cli, replay_file, {"assisted": assisted}) == [UNPROVEN]


def test_a_start_longer_than_a_time_is_not_echoed(cli: Cli, replay_file: ReplayFile) -> None:
    said = _claimed(cli, replay_file, {"mode": "daily", "started": "x" * 41})
    assert said == ["the file says, not proven: played as the deal of the day", UNPROVEN]
    said = _claimed(cli, replay_file, {"mode": "daily", "started": "y" * 40})
    assert (
        said[0]
        == "the file says, not proven: played as the deal of the day, started yyyyyyyyyyyyyyyy"
    )


def test_a_hint_count_no_game_has_is_not_said(cli: Cli, replay_file: ReplayFile) -> None:
    from game.cli_records import MOST_SAID

    assert _claimed(cli, replay_file, {"hints": MOST_SAID}) == [
        f"the file says, not proven: {MOST_SAID} hints",
        UNPROVEN,
    ]
    assert _claimed(cli, replay_file, {"hints": MOST_SAID + 1}) == [UNPROVEN]


def test_a_run_s_clock_is_left_unsaid_when_one_game_s_is_no_game_s(
    cli: Cli, arcade_entry, tmp_path
) -> None:
    path = tmp_path / "run.json"
    assert cli("scores", "--export-run", "1", str(path)).rc == 0
    run = json.loads(path.read_text(encoding="utf-8"))
    run["games"][0]["meta"]["seconds"] = 10**9  # the others' 9 s stay
    path.write_text(json.dumps(run), encoding="utf-8")
    result = cli("verify", str(path))
    assert result.rc == 0, result
    assert result.out.splitlines()[1:] == [UNPROVEN]


def test_a_run_file_on_standard_input_is_named_so(cli: Cli, arcade_entry, tmp_path) -> None:
    path = tmp_path / "run.json"
    assert cli("scores", "--export-run", "1", str(path)).rc == 0
    assert_refused(
        cli("replay", "-", stdin=path.read_text(encoding="utf-8")),
        "standard input is an arcade run of 4 games, not one game's replay:"
        " `piramida verify -` checks it",
    )


def test_an_export_written_in_place_and_cut_short_is_not_left(
    cli: Cli, records, tmp_path, monkeypatch
) -> None:
    # a file of two links is written over in place: a full disk left it cut short
    import errno
    import os

    import game.cli_records
    from game.store import GameFacts

    records.save_game(won_game(), GameFacts())
    linked, other = tmp_path / "linked.json", tmp_path / "other.json"
    linked.write_text("old", encoding="utf-8")
    os.link(linked, other)

    class DiskFills:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def fileno(self):
            return self.f.fileno()

        def write(self, text):
            self.f.write(text[:10])
            self.f.flush()
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(
        game.cli_records,
        "open",
        lambda *a, **k: DiskFills(open(*a, **k)),  # noqa: SIM115 (closed by DiskFills)
        raising=False,
    )
    result = cli("history", "--export", "1", str(linked))
    assert result.rc == 1
    assert result.err == f"piramida: cannot write {linked}: No space left on device\n"
    assert not linked.exists()


def test_verify_names_a_ruleset_without_options_bare(cli: Cli, replay_file: ReplayFile) -> None:
    # "egyptian-old ()": the brackets hold options, and it has none
    from game.rules import Game

    replay = Game("egyptian-old", deal=0).to_replay(result=True)
    out = cli("verify", replay_file(replay)).out
    assert out.startswith("confirmed: egyptian-old, deal 0, in play, "), out


def test_history_flags_a_game_s_mode_only_when_it_is_not_a_free_game(cli: Cli, records) -> None:
    from game.store import DAILY, GameFacts

    records.save_game(won_game(), GameFacts())
    records.save_game(won_game(), GameFacts(mode=DAILY))
    daily, free = cli("history").out.splitlines()
    assert " daily " in daily + " " and "free" not in free


def test_an_export_to_standard_output_writes_no_file_named_dash(
    cli: Cli, records, tmp_path, monkeypatch
) -> None:
    from game.store import GameFacts

    records.save_game(won_game(), GameFacts())
    monkeypatch.chdir(tmp_path)
    result = cli("history", "--export", "1", "-")
    assert result.rc == 0 and json.loads(result.out)["ruleset"] == "pyramid52"
    assert not (tmp_path / "-").exists()
