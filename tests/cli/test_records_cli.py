"""`piramida verify`, `history`, `scores` and `watch`: answers in one line, refusals with exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game.rules import Game
from game.store import ARCADE, DAILY, GameFacts, Records
from game.store.database import FILE_NAME
from tests.cli.conftest import REPO, Cli, assert_refused, run_subprocess, won_pyramid52
from tests.cli.test_cli import ReplayFile
from tests.store.helpers import ladder_run_games, random_game, won_game


def test_verify_confirms_an_honest_replay_in_one_line(cli: Cli, replay_file: ReplayFile) -> None:
    result = cli("verify", replay_file(won_game().to_replay(result=True)))
    assert result.rc == 0 and result.err == ""
    # it says the claim holds, not only what the game was
    assert result.out == (
        "confirmed: pyramid52 (passes=1), deal 8, won, 0 points (0 cards, 39 moves)\n"
        "the moves prove the score, not that it was found without help\n"
    )


def test_verify_says_what_the_file_claims_beyond_proof_help_first(
    cli: Cli, replay_file: ReplayFile
) -> None:
    # "confirmed" over a game won with a hint read as a clean win
    replay = won_game().to_replay(result=True)
    replay["meta"] = {"assisted": True, "assisted_by": "hint", "hints": 1, "seconds": 17.4}
    result = cli("verify", replay_file(replay))
    assert result.rc == 0
    assert result.out.splitlines() == [
        "confirmed: pyramid52 (passes=1), deal 8, won, 0 points (0 cards, 39 moves)",
        "the file says, not proven: help was used (a hint): no table takes it; 1 hint; 0:17",
    ]
    # the help the file names, not every kind of help: a game with no hint read as one
    replay["meta"] = {"assisted": True, "assisted_by": "taken-back", "hints": 0}
    assert cli("verify", replay_file(replay)).out.splitlines()[1:] == [
        "the file says, not proven: help was used (a move taken back after the solver said"
        " no win was possible): no table takes it"
    ]
    replay["meta"] = {"assisted": True}  # a file from before the help's kind was kept
    assert cli("verify", replay_file(replay)).out.splitlines()[1:] == [
        "the file says, not proven: help was used (a hint, the demo or the solver):"
        " no table takes it"
    ]
    # a day's deal's claim to its table: the file's word, as its start is (shown in
    # local time to the minute, as `history` shows it)
    from game.store.saved import local_minute

    replay["meta"] = {"mode": "daily", "started": "2026-12-06T23:59:00.657035+00:00"}
    assert cli("verify", replay_file(replay)).out.splitlines()[1] == (
        "the file says, not proven: played as the deal of the day,"
        f" started {local_minute('2026-12-06T23:59:00.657035+00:00')} (not its deal's day)"
    )
    assert "657035" not in cli("verify", replay_file(replay)).out
    # a day's game kept out of its table for its deal played before read as a clean one
    replay["meta"] = {"mode": "daily", "practised": True}
    assert cli("verify", replay_file(replay)).out.splitlines()[1] == (
        "the file says, not proven: played as the deal of the day; its deal played before,"
        " in another game: the day's table does not take it"
    )
    replay["meta"] = {"mode": "daily", "started": "2026-12-06T23:59:00.657035+00:00"}
    replay["meta"]["started"] = "\x1b[2J\x1b[7m"  # a file's text says nothing to the terminal
    assert "\x1b" not in cli("verify", replay_file(replay)).out
    replay["meta"] = {"seconds": 75, "hints": "lots"}  # what does not read is not said
    assert cli("verify", replay_file(replay)).out.splitlines()[1:] == [
        "the file says, not proven: 1:15",
        "the moves prove the score, not that it was found without help",
    ]
    # a hinted game's notes edited to say no help, or taken out: "confirmed" alone read
    # as a proof of a fair game
    for meta in ({"assisted": False, "hints": 0}, None, [1]):
        replay["meta"] = meta
        assert cli("verify", replay_file(replay)).out.splitlines()[1:][-1] == (
            "the moves prove the score, not that it was found without help"
        )


@pytest.mark.parametrize(
    ("deal", "meta", "said"),
    [
        (20261206, {"mode": "daily", "started": "2026-12-06T23:59:00+00:00"}, ""),
        # a player's day is a day either side of the start's in UTC
        (20261206, {"mode": "daily", "started": "2026-12-05T11:00:00+00:00"}, ""),
        (20261206, {"mode": "daily", "started": "2026-12-08T09:00:00+00:00"}, "not its"),
        (8, {"mode": "daily", "started": "2026-12-06T23:59:00+00:00"}, "not its"),
        (20261206, {"mode": "daily", "started": "sometime"}, ""),  # no time: not doubted
        (8, {"mode": "arcade"}, "played as an arcade level"),
        # a year past C's integers: a traceback after "confirmed", status 1
        (10**20, {"mode": "daily", "started": "2026-12-06T23:59:00+00:00"}, "not its"),
    ],
)
def test_verify_doubts_a_day_s_game_started_on_another_day(
    cli: Cli, replay_file: ReplayFile, deal, meta, said
) -> None:
    # a day's deal started two days after its day was said "played as the deal of the
    # day" all the same; an arcade level's file said nothing of the arcade
    replay = random_game("pyramid52", deal, 4, seed=2).to_replay(result=True)
    replay["meta"] = meta
    claimed = cli("verify", replay_file(replay)).out.splitlines()[1]
    assert claimed.startswith("the file says, not proven: played as")
    if said:
        assert said in claimed
    else:
        assert "not its" not in claimed


@pytest.mark.parametrize("seconds", ["1e400", "1E999", "1" * 401, "1e300"])
def test_verify_leaves_unsaid_a_clock_no_game_has(cli: Cli, replay_file: ReplayFile, seconds):
    # 1e400 reads as infinity: an OverflowError traceback after "confirmed"; 1e300 said a
    # clock of 300 digits
    text = (
        json.dumps(won_game().to_replay(result=True))[:-1] + f', "meta": {{"seconds": {seconds}}}}}'
    )
    result = cli("verify", replay_file(text))
    assert result.rc == 0 and result.err == ""
    assert result.out == (
        "confirmed: pyramid52 (passes=1), deal 8, won, 0 points (0 cards, 39 moves)\n"
        "the moves prove the score, not that it was found without help\n"
    )


def test_verify_confirms_a_given_deck_and_a_lost_game(cli: Cli, replay_file: ReplayFile) -> None:
    deck, moves = won_pyramid52()
    game = Game("pyramid52", deck=deck)
    for move in moves[:5]:
        game.play(move)
    game.play("resign")
    replay = game.to_replay(result=True)
    result = cli("verify", replay_file(replay))
    assert result.rc == 0
    assert result.out.startswith("confirmed: pyramid52 (passes=1), a given deck, resigned, ")
    # the table's count (5: a give-up is no move there) beside the file's (6, the spec's)
    assert replay["result"]["moves"] == 6  # type: ignore[index]
    assert result.out.splitlines()[0].endswith(" cards, 5 moves + resign)")


def test_every_kind_of_help_is_named_by_verify() -> None:
    from game.cli_records import HELP_SAID
    from game.store.saved import HELP_KINDS

    assert set(HELP_SAID) == {"", *HELP_KINDS}


def tampered(what: str) -> dict[str, object]:
    replay = won_game().to_replay(result=True)
    if what == "move":
        replay["moves"][2] = "p7.1+p7.4"  # type: ignore[index]
    elif what == "score":
        replay["result"]["remaining_points"] = 5  # type: ignore[index]
    elif what == "deal":
        replay["deal"] = 9
    elif what == "won":
        replay["result"]["won"] = 1  # type: ignore[index]
    elif what == "cards":
        replay["result"]["remaining_cards"] = False  # type: ignore[index]
    elif what == "extra":
        replay["result"]["time"] = 5  # type: ignore[index]
    return replay


@pytest.mark.parametrize(
    "what, says",
    [
        ("move", "move 3 'p7.1+p7.4'"),
        ("score", "claimed remaining_points 5 but the replay gives 0"),
        ("deal", "move 1 'p7.2+p7.5'"),
        # 1 == true and false == 0 in Python: a claim is the replay's figure in its own type
        ("won", "claimed won 1 but the replay gives true"),
        ("cards", "claimed remaining_cards false but the replay gives 0"),
        # a claim of more than the moves prove (a time) is no proof of it
        ("extra", "unknown key 'time' in 'result'"),
    ],
)
def test_verify_refutes_a_tampered_replay(
    cli: Cli, replay_file: ReplayFile, what: str, says: str
) -> None:
    assert_refused(cli("verify", replay_file(tampered(what))), says)


def test_verify_without_a_claim_or_with_a_broken_file(cli: Cli, replay_file: ReplayFile) -> None:
    assert_refused(cli("verify", replay_file(won_game().to_replay())), "no 'result'")
    not_an_object = won_game().to_replay() | {"result": 5}
    assert_refused(cli("verify", replay_file(not_an_object)), "'result' must be an object")
    assert_refused(cli("verify", replay_file("{")), "not a JSON replay")
    assert_refused(cli("verify", "/no/such/file.json"), "cannot read")


def test_verify_reads_standard_input_in_a_real_process() -> None:
    text = json.dumps(won_game().to_replay(result=True))
    result = run_subprocess("verify", "-", stdin=text)
    assert result.rc == 0 and result.out.startswith("confirmed: pyramid52 (passes=1), deal 8, won")


def test_history_lists_games_and_filters(cli: Cli, records) -> None:
    records.save_game(won_game(), GameFacts(seconds=75))
    records.save_game(random_game("egyptian", 4, 20, end=False), GameFacts(mode=DAILY))
    lines = cli("history").out.splitlines()
    assert len(lines) == 2
    assert "egyptian" in lines[0] and "in play" in lines[0] and "daily" in lines[0]
    assert "pyramid52" in lines[1] and " won " in lines[1] and "1:15" in lines[1]
    listed = json.loads(cli("history", "--ruleset", "pyramid52", "--json").out)
    assert [g["outcome"] for g in listed] == ["won"] and listed[0]["seconds"] == 75
    assert len(json.loads(cli("history", "--json", "--limit", "1").out)) == 1


def test_history_says_what_each_fortune_answered(cli: Cli, records) -> None:
    # an honest win and one of a deal replayed were listed alike: the verdict was in
    # the replay's meta alone
    from game.solver import solve

    won = Game("sbudetsya", deal=0)
    for move in solve(won).moves:
        won.play(move)
    assert won.won
    told = {
        "comes true": (won, GameFacts(fortune=True)),
        "does not come true": (random_game("sbudetsya", 4, 3), GameFacts(fortune=True)),
        "no verdict": (
            random_game("sbudetsya", 5, 3),
            GameFacts(fortune=True, fortune_replayed=True),
        ),
        "not told yet": (random_game("sbudetsya", 6, 3, end=False), GameFacts(fortune=True)),
    }
    for game, facts in told.values():
        records.save_game(game, facts)
    records.save_game(won_game(), GameFacts())
    listed = json.loads(cli("history", "--json").out)
    assert [g["wish"] for g in listed] == [None, *reversed(told)]
    lines = cli("history").out.splitlines()
    assert "wish:" not in lines[0]
    assert [line.split("wish: ")[1].split("  ")[0] for line in lines[1:]] == list(reversed(told))


def test_history_says_a_game_ended_stuck_was_stuck(cli: Cli, records) -> None:
    # ended from the game's own "no way on" offer, it was listed as given up, where its
    # results had said it was stuck
    given_up = random_game("devils-bridge", 4, 3)
    records.save_game(given_up, GameFacts())
    stuck = random_game("devils-bridge", 5, 3)
    records.save_game(stuck, GameFacts(stuck=True))
    lines = cli("history").out.splitlines()
    assert " stuck " in lines[0] and " resigned " in lines[1]
    listed = json.loads(cli("history", "--json").out)
    assert [(g["outcome"], g["stuck"]) for g in listed] == [
        ("resigned", True),
        ("resigned", False),
    ]


def test_history_hides_the_deal_of_an_arcade_level_in_play(cli: Cli, records) -> None:
    # its table hides it; listed, `solve --deal` gave the level's winning line, and the
    # win went into the tables as the player's own. Once over, it is shown
    level = random_game("pyramid36", 77, 3, end=False)
    facts = GameFacts(mode=ARCADE)
    records.save_game(level, facts)
    assert " 77 " not in cli("history").out and "hidden" in cli("history").out
    assert json.loads(cli("history", "--json").out)[0]["deal"] is None
    refused = cli("history", "--export", str(facts.record_id), "-")
    assert refused.rc == 2 and "arcade level in play" in refused.err and refused.out == ""
    level.play("resign")
    records.save_game(level, facts)
    assert json.loads(cli("history", "--json").out)[0]["deal"] == 77


def test_history_says_one_move_and_one_card(cli: Cli, records) -> None:
    game = Game("pyramid52", deal=0)
    game.play("st>w")
    records.save_game(game, GameFacts())
    line = cli("history").out.splitlines()[0]
    assert "  1 move " in line and " 52 cards" in line
    many = random_game("egyptian", 4, 20, end=False)
    records.save_game(many, GameFacts())
    assert f"{len(many.moves):>4} moves" in cli("history").out.splitlines()[0]


def test_history_exports_a_replay_that_verifies(cli: Cli, records, tmp_path) -> None:
    facts = GameFacts(seconds=12)
    records.save_game(won_game(), facts)
    target = tmp_path / "out.json"
    result = cli("history", "--export", str(facts.record_id), str(target))
    assert result.rc == 0 and result.out == ""
    exported = json.loads(target.read_text("utf-8"))
    assert exported["result"]["won"] and exported["meta"]["seconds"] == 12
    assert cli("verify", str(target)).rc == 0
    assert json.loads(cli("history", "--export", str(facts.record_id), "-").out) == exported


def _won_game_kept_with(records, where: str, value: object) -> int:
    """A won game saved, then its record's replay written over at `where` (a JSON
    path) with `value`, as a damaged record might hold it; its ID."""
    facts = GameFacts(seconds=12)
    records.save_game(won_game(), facts)
    records.conn.execute(
        "UPDATE games SET replay = json_set(replay, ?, ?) WHERE id = ?",
        (where, value, facts.record_id),
    )
    records.conn.commit()
    assert facts.record_id is not None
    return facts.record_id


def test_history_exports_a_game_that_no_longer_replays_with_a_word_why(
    cli: Cli, records, tmp_path
) -> None:
    # written in silence, the file was then refused by `replay` with no hint that the
    # records themselves held it so
    damaged = _won_game_kept_with(records, "$.moves[2]", "p1>f")
    target = tmp_path / "out.json"
    result = cli("history", "--export", str(damaged), str(target))
    assert result.rc == 0 and result.out == ""
    assert result.err.startswith(f"piramida: game {damaged} does not replay as kept (")
    assert "move 3 'p1>f'" in result.err and result.err.endswith("written as kept all the same\n")
    # nothing dropped: the kept moves, the bad one among them
    assert json.loads(target.read_text("utf-8"))["moves"][2] == "p1>f"
    assert cli("replay", str(target)).rc != 0
    # moves that replay, but to another result than the one kept: said too (verify
    # refused the file)
    claims = _won_game_kept_with(records, "$.result.remaining_points", 7)
    claimed = cli("history", "--export", str(claims), str(target))
    assert claimed.rc == 0 and "does not replay as kept (" in claimed.err
    assert "remaining_points" in claimed.err
    assert json.loads(target.read_text("utf-8"))["result"]["remaining_points"] == 7


def test_history_exports_a_table_entry_as_the_records_screen_saves_it(
    cli: Cli, records, tmp_path
) -> None:
    # the README's way to a table entry's proof (`scores --json` gives its game_id)
    # left out the initials that the Records screen's Save writes
    from game.store.proof import entry_proof

    game, facts = won_game(), GameFacts(seconds=12)
    records.save_game(game, facts)
    records.add_game_score(game, facts, "ЖУК")
    (entry,) = records.top(records.table_for(game, facts))
    target = tmp_path / "out.json"
    assert cli("history", "--export", str(entry.game_id), str(target)).rc == 0
    exported = json.loads(target.read_text("utf-8"))
    assert exported["meta"]["initials"] == "ЖУК"
    assert exported == entry_proof(entry, lambda: None)


@pytest.mark.parametrize("command", ["history", "scores"])
def test_records_that_cannot_be_read_are_said_so_not_listed_as_empty(cli: Cli, home, command):
    # "no games yet" with exit status 0 told a script the records were empty; and "this
    # session's games are kept until you quit" meant nothing to a command
    (home / "data" / FILE_NAME).mkdir(parents=True)  # a folder where the file should be
    assert_refused(cli(command), "the records file cannot be read (")
    (home / "data" / FILE_NAME).rmdir()
    (home / "data").rmdir()
    (home / "data").write_text("a file where the folder should be")
    assert_refused(
        cli(command), "the records file cannot be read (there is a file where a folder should be)"
    )


def test_records_of_a_newer_version_are_said_so_not_listed_as_empty(cli: Cli, records) -> None:
    records.conn.execute("PRAGMA user_version = 99")
    assert_refused(cli("scores"), f"{FILE_NAME} is from a newer Piramida: this version cannot")


def test_history_refuses_bad_input(cli: Cli, records) -> None:
    assert_refused(cli("history", "--export", "77", "x.json"), "no game 77")
    assert_refused(cli("history", "--export", "seven", "x.json"), "a game ID is a number")
    assert_refused(cli("history", "--export", "²", "x.json"), "a game ID is a number")
    assert_refused(cli("history", "--ruleset", "chess"), "unknown ruleset 'chess'")
    assert_refused(cli("history", "--limit", "0"), "--limit")
    # numbers past SQLite's integers ended in an OverflowError traceback
    assert_refused(cli("history", "--export", "9" * 25, "x.json"), f"no game {'9' * 25}")
    assert cli("history", "--limit", "9" * 25).out == "no games yet\n"
    records.save_game(won_game(), GameFacts())
    assert_refused(cli("history", "--export", "1", "/no/such/dir/x.json"), "cannot write")


def test_an_export_that_cannot_be_written_keeps_the_file_it_was_to_replace(
    cli: Cli, records, tmp_path, monkeypatch
) -> None:
    # written over in place, the export cut short by a full disk was removed, and the
    # player's earlier file with it
    import errno
    from pathlib import Path

    records.save_game(won_game(), GameFacts())
    kept = tmp_path / "mine.json"
    kept.write_text('{"my": "old replay"}', encoding="utf-8")
    real, room = Path.write_text, [False]

    def full(self, text, *args, **kwargs):
        if room[0]:
            return real(self, text, *args, **kwargs)
        real(self, "{", encoding="utf-8")  # what fitted
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    cut = cli("history", "--export", "1", str(kept))  # the disk's doing: status 1
    assert cut.rc == 1 and cut.err.endswith("mine.json: No space left on device\n")
    room[0] = True
    assert kept.read_text(encoding="utf-8") == '{"my": "old replay"}'
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    assert cli("history", "--export", "1", str(kept)).rc == 0
    assert json.loads(kept.read_text(encoding="utf-8"))["ruleset"] == "pyramid52"


def test_an_export_keeps_the_file_s_mode_its_links_and_goes_down_a_pipe(
    cli: Cli, records, tmp_path, monkeypatch
) -> None:
    # replaced, a file of mode 600 came out 644, a hard link kept the old text, and
    # `--export 1 /dev/stdout | …` said "No such file or directory" (pipe:[N])
    import os
    from pathlib import Path

    records.save_game(won_game(), GameFacts())
    private = tmp_path / "private.json"
    private.write_text("old", encoding="utf-8")
    private.chmod(0o600)
    assert cli("history", "--export", "1", str(private)).rc == 0
    assert private.stat().st_mode & 0o777 == 0o600 and "pyramid52" in private.read_text("utf-8")
    linked, other = tmp_path / "linked.json", tmp_path / "other.json"
    linked.write_text("old", encoding="utf-8")
    os.link(linked, other)
    assert cli("history", "--export", "1", str(linked)).rc == 0
    assert other.read_text("utf-8") == linked.read_text("utf-8") != "old"
    piped = run_subprocess("history", "--export", "1", "/dev/stdout")
    assert piped.rc == 0 and json.loads(piped.out)["ruleset"] == "pyramid52"
    # a folder the player may not write in: the file written over, as before
    shut = tmp_path / "shut.json"
    shut.write_text("old", encoding="utf-8")
    real = Path.write_text

    def no_new_file_here(self, *args, **kwargs):
        if self.name.endswith(".tmp"):
            raise PermissionError(13, "Permission denied")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", no_new_file_here)
    assert cli("history", "--export", "1", str(shut)).rc == 0
    assert "pyramid52" in shut.read_text("utf-8")


@pytest.mark.parametrize("command", ["history", "scores"])
def test_a_listing_in_a_home_it_may_not_write_in_lists_none(
    cli: Cli, tmp_path, monkeypatch, command
) -> None:
    # a home the player may not write in, no records in it: a command that only lists
    # tried to make the records' folder and said "the records file cannot be read
    # (permission denied)" with exit 2, of a file there never was
    from pathlib import Path

    home = tmp_path / "shut"
    home.mkdir()
    shut = tmp_path / "no-entry"  # a folder it may not look into (below)
    shut.mkdir()
    monkeypatch.setenv("PIRAMIDA_HOME", str(home))
    real = Path.mkdir

    def refused_in_home(self, *args, **kwargs):
        # root may write anywhere: the refusal stands in
        if self.is_relative_to(home) or self.is_relative_to(shut):
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", refused_in_home)
    result = cli(command)
    assert result.rc == 0 and result.err == ""
    assert result.out == ("no games yet\n" if command == "history" else "no high scores yet\n")
    assert list(home.iterdir()) == []
    # a home it may not look into may hold records: not "no games yet", but said
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: p != home and real_access(p, mode))
    assert_refused(cli(command), "the records file cannot be read")
    # nor inside a folder it may not look into, where asking whether the home is there
    # raises: that was "cannot write …: Permission denied", status 1
    monkeypatch.setenv("PIRAMIDA_HOME", str(shut / "home"))
    real_stat = Path.stat

    def unseen(self, *args, **kwargs):
        if self != shut and self.is_relative_to(shut):
            raise PermissionError(13, "Permission denied", str(self))
        return real_stat(self, *args, **kwargs)

    monkeypatch.setattr(Path, "stat", unseen)
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != shut and real_access(p, mode))
    assert_refused(cli(command), "the records file cannot be read")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
def test_an_export_a_full_disk_cuts_short_ends_with_status_1(cli: Cli, records) -> None:
    # status 2, the status of bad input, where README (and standard output) says 1
    records.save_game(won_game(), GameFacts())
    result = cli("history", "--export", "1", "/dev/full")
    assert result.rc == 1 and result.out == ""
    assert result.err == "piramida: cannot write /dev/full: No space left on device\n"
    # a path that cannot be written to is still the command's bad input
    assert cli("history", "--export", "1", "/no/such/dir/x.json").rc == 2


def test_scores_prints_the_tables(cli: Cli, records, tmp_path) -> None:
    assert cli("scores").out == "no high scores yet\n"
    game, facts = won_game(), GameFacts(seconds=65)
    records.save_game(game, facts)
    records.add_game_score(game, facts, "ЖУК")
    out = cli("scores", "--ruleset", "pyramid52").out.splitlines()
    assert out[0] == "pyramid52 (passes=1), free table"
    assert out[1].split()[:4] == ["1.", "ЖУК", "0", "points"] and "1:05" in out[1]
    (table,) = json.loads(cli("scores", "--json").out)
    (entry,) = table["entries"]
    assert entry["initials"] == "ЖУК" and entry["game_id"] == facts.record_id
    assert entry["levels"] is None and entry["deal"] == 8  # levels are the arcade's
    # the entry's game by its id: the table gave none, and history lists every game
    path = tmp_path / "entry.json"
    assert cli("history", "--export", str(entry["game_id"]), str(path)).rc == 0
    assert cli("verify", str(path)).rc == 0
    assert cli("scores", "--ruleset", "arcade").out == "no high scores yet\n"
    assert_refused(cli("scores", "--ruleset", "chess"), "unknown ruleset")


def test_a_day_s_table_is_dated_by_its_deal_s_day_as_the_records_screen_dates_it(
    cli: Cli, records
) -> None:
    # a day's deal begun at 23:59 and ended past midnight: 2026-12-05 on the screen,
    # 2026-12-06 here (an older day's deal, entered today, tells the two dates apart)
    game = Game("pyramid52", deal=20200105)
    while not any("+" in str(m) or "." in str(m) for m in game.legal_moves):
        game.play("st>w")
    game.play(next(m for m in game.legal_moves if "+" in str(m) or "." in str(m)))
    game.play("resign")
    facts = GameFacts(mode=DAILY, seconds=65)
    records.save_game(game, facts)
    assert records.add_game_score(game, facts, "ABC")
    line = cli("scores", "--ruleset", "pyramid52").out.splitlines()[1]
    assert line.endswith("deal 20200105  2020-01-05"), line


def test_watch_refuses_a_replay_it_cannot_lay_out_before_any_window(
    cli: Cli, replay_file: ReplayFile, monkeypatch
) -> None:
    import game.cli

    shown: list[list[dict[str, object]]] = []
    monkeypatch.setattr(game.cli, "start_watch", lambda args, replays: shown.append(replays) or 0)
    assert_refused(cli("watch", replay_file({"ruleset": "chess", "deal": 1})), "unknown ruleset")
    assert_refused(cli("watch", replay_file({"ruleset": "pyramid52", "deal": 1, "moves": [5]})))
    assert shown == []
    # a move that cannot be played: shown up to it, where the table stops and says why
    # (a file edited by hand was not shown at all)
    assert cli("watch", replay_file(tampered("move"))).rc == 0
    assert shown == [[tampered("move")]]


def test_the_records_commands_load_no_pygame() -> None:
    code = (
        "import sys; from game.cli import main; main(['verify', '/dev/null']);"
        "print('pygame' in sys.modules)"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert proc.stdout.strip() == "False", proc.stderr


def test_replay_ignores_result_and_meta_as_the_spec_says(cli: Cli, replay_file: ReplayFile) -> None:
    honest = json.loads(cli("replay", replay_file(won_game().to_replay()), "--json").out)
    odd = won_game().to_replay() | {"result": 5, "meta": "written by another tool"}
    result = cli("replay", replay_file(odd), "--json")
    assert result.rc == 0 and json.loads(result.out) == honest
    # and a JSON number written 1.0 is the number 1
    written = won_game().to_replay() | {"options": {"passes": 1.0}}
    assert json.loads(cli("replay", replay_file(written), "--json").out) == honest


def test_a_damaged_records_file_is_said_once_in_words_and_left_for_the_game(
    cli: Cli, home, monkeypatch
) -> None:
    # it said "records.sqlite3 is damaged (...)" raw, then "records: set_aside: ..."; and
    # a command that only reads set the file aside, so the game never told the player
    from tests.store.test_database import _saved_games, scribble_over_the_page_of

    (home / "data").mkdir(parents=True)
    path = home / "data" / FILE_NAME
    records = _saved_games(path, 30)
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.close()
    scribble_over_the_page_of(path, b'"deal":5,')
    damaged = path.read_bytes()
    result = cli("history")
    assert result.rc == 0 and 0 < len(result.out.splitlines()) < 30
    (line,) = result.err.splitlines()
    assert line == (
        f"piramida: The records file {FILE_NAME} is damaged: what still reads is shown,"
        " and the game sets the file aside when it next starts."
    )
    assert [p.name for p in (home / "data").iterdir() if p.is_file()] == [FILE_NAME]
    assert path.read_bytes() == damaged
    # nothing of it reads: not "no games yet" with exit status 0, which told a script
    # the player had none
    path.write_bytes(b"no database at all " * 100)
    for command in (("history",), ("history", "--json"), ("scores",)):
        assert_refused(cli(*command), f"{FILE_NAME} is damaged and nothing of it reads")
    damaged = path.read_bytes()
    monkeypatch.setenv("PIRAMIDA_HOME", str(home))
    from game.store import SET_ASIDE

    game_start = Records.open()  # as the game opens it
    assert [p.kind for p in game_start.problems] == [SET_ASIDE]
    game_start.close()


def test_damaged_rows_are_passed_over_and_said_not_a_traceback(cli: Cli, records) -> None:
    # the same deal won twice: the table shows its better entry, XYZ's, while it reads
    for initials, seconds in (("ABC", 60), ("XYZ", 50)):
        game, facts = won_game(), GameFacts(seconds=seconds)
        records.save_game(game, facts)
        records.add_game_score(game, facts, initials)
    records.conn.execute("UPDATE scores SET seconds = 'x' WHERE initials = 'XYZ'")
    result = run_subprocess("scores")  # as a user runs it: the log's lines reach stderr
    assert result.rc == 0 and "ABC" in result.out and "XYZ" not in result.out
    # a ValueError traceback before; then a raw log line as well as the words
    assert result.err.count("score 2 is damaged") == 1
    assert result.err.startswith("piramida: Some records could not be read")
    records.conn.execute("UPDATE games SET replay = '{bad' WHERE id = 1")
    assert_refused(cli("history", "--export", "1", "-"), "game 1 is damaged")
    records.conn.execute("UPDATE scores SET seconds = 'x'")
    assert cli("scores").out == "no high scores yet\n"  # not a table's heading alone
    records.conn.execute("DROP TABLE scores")
    # a file without a table of ours is a damaged file (every save failed): said, and
    # left for the game to set aside
    result = cli("scores", "--json")
    assert result.rc == 0 and json.loads(result.out) == []
    assert f"The records file {FILE_NAME} is damaged" in result.err


@pytest.mark.parametrize("options", ["[1]", '"s"', "5", "null", "x", "[" * 100_000])
def test_a_table_whose_options_are_damaged_is_passed_over_and_said(cli: Cli, records, options):
    # a row's options edited by hand into JSON that is no object: a traceback
    game, facts = won_game(), GameFacts(seconds=60)
    records.save_game(game, facts)
    records.add_game_score(game, facts, "ABC")
    records.conn.execute("UPDATE scores SET options = ?", (options,))
    for args, nothing in ((("scores",), "no high scores yet\n"), (("scores", "--json"), "[]\n")):
        result = run_subprocess(*args)
        assert result.rc == 0 and "Traceback" not in result.err, result.err
        assert result.out == nothing
        assert "table of pyramid52 is damaged: its options" in result.err


def test_scores_are_printed_when_the_arcade_file_is_broken(cli: Cli, records, monkeypatch) -> None:
    from game import ladder
    from game.rules import LevelError

    def broken(*_args: object) -> None:
        raise LevelError("arcade.toml: level 5: unknown ruleset 'pyramid52'")

    monkeypatch.setattr(ladder, "load_ladder", broken)
    game, facts = won_game(), GameFacts(seconds=65)
    records.save_game(game, facts)
    records.add_game_score(game, facts, "ABC")
    result = cli("scores", "--ruleset", "pyramid52")
    assert result.rc == 0 and "ABC" in result.out and "arcade.toml: level 5" in result.err


def test_an_arcade_run_is_exported_as_one_proof_and_verified(
    cli: Cli, arcade_entry, tmp_path
) -> None:
    # each game of a run could be exported, never the run: its score proved nothing
    path = tmp_path / "run.json"
    assert cli("scores", "--export-run", "1", str(path)).rc == 0
    run = json.loads(path.read_text(encoding="utf-8"))
    assert run["ladder"] == "arcade" and len(run["games"]) == 4
    assert run["meta"]["initials"] == "ARC"
    result = cli("verify", str(path))
    assert result.rc == 0, result
    assert result.out == (
        f"confirmed: arcade run (arcade), 1 level cleared, {arcade_entry['points']} points"
        f" ({run['result']['remaining_cards']} cards, {arcade_entry['moves']} moves) in 4 games\n"
        "the file says, not proven: 0:36\n"  # its four games' time, 9 s each
        "the moves prove the score, not that it was found without help\n"
    )


@pytest.mark.parametrize("command", [("replay", "--json"), ("solve", "--json", "--replay")])
def test_a_run_file_given_for_one_game_says_what_reads_it(
    cli: Cli, arcade_entry, tmp_path, command
) -> None:
    # it was "unknown key 'ladder' in the replay", of the file the game had just exported
    path = tmp_path / "run.json"
    cli("scores", "--export-run", "1", str(path))
    assert_refused(
        cli(*command, str(path)),
        f"{path} is an arcade run of 4 games, not one game's replay: `piramida verify {path}`",
    )


@pytest.mark.parametrize("extra", [{"games": []}, {"ladder": "arcade"}])
def test_a_replay_with_a_run_s_key_is_refused_for_that_key(
    cli: Cli, replay_file: ReplayFile, extra
) -> None:
    # taken for an arcade run: "is an arcade run of 0 games … `piramida verify`", and
    # verify then blamed the ladder, or the replay's own "ruleset"
    replay = {"ruleset": "pyramid52", "deal": 0, "moves": [], **extra}
    (key,) = extra
    path = replay_file(replay)
    for command in (("replay", "--json"), ("verify",)):
        assert_refused(cli(*command, path), f"unknown key '{key}' in the replay")


@pytest.mark.parametrize(
    "stray", [{"ruleset": "pyramid52"}, {"deal": 5}, {"deck": "AS 2S"}, {"moves": []}]
)
def test_a_run_file_with_a_stray_game_key_is_refused_for_that_key(
    cli: Cli, arcade_entry, tmp_path, stray
) -> None:
    # taken for one game's replay, it was refused for its own "ladder"
    path = tmp_path / "run.json"
    cli("scores", "--export-run", "1", str(path))
    run = json.loads(path.read_text("utf-8"))
    path.write_text(json.dumps({**run, **stray}), encoding="utf-8")
    (key,) = stray
    assert_refused(cli("verify", str(path)), f"unknown key '{key}' in an arcade run")


def test_watch_plays_a_run_file_s_games_one_after_another(
    cli: Cli, arcade_entry, tmp_path, monkeypatch
) -> None:
    # the file "Export run" saved was refused, where the records play the run's games
    import game.cli

    shown: list[list[dict[str, object]]] = []
    monkeypatch.setattr(game.cli, "start_watch", lambda args, replays: shown.append(replays) or 0)
    path = tmp_path / "run.json"
    cli("scores", "--export-run", "1", str(path))
    assert cli("watch", str(path)).rc == 0
    run = json.loads(path.read_text(encoding="utf-8"))
    assert shown == [run["games"]]
    run["games"][1]["moves"].insert(0, "t1>t2")  # a game of it that stops at once
    path.write_text(json.dumps(run), encoding="utf-8")
    assert cli("watch", str(path)).rc == 0  # its games shown, the second up to its move
    assert shown[-1] == run["games"]
    run["games"][1]["ruleset"] = "chess"  # one that cannot be laid out: none shown
    path.write_text(json.dumps(run), encoding="utf-8")
    assert_refused(cli("watch", str(path)), "game 2: unknown ruleset 'chess'")


def _deck_for_deal(run: dict) -> None:
    first = run["games"][0]
    dealt = Game(first["ruleset"], first.get("options", {}), deal=first.pop("deal"))
    first["deck"] = " ".join(dealt.deck)


@pytest.mark.parametrize(
    "tamper, says",
    [
        (lambda run: run["result"].update(remaining_points=1), "claimed remaining_points 1"),
        (
            lambda run: run["games"].pop(),  # "the run is not over" alone: why?
            "the run is not over: after 3 games it stands at level 2 with 1 life left"
            " (is a game missing?)",
        ),
        (lambda run: run.update(games=[]), "the run holds no game"),  # not the ladder's id
        (lambda run: run["games"].append(run["games"][0]), "game 5 was played after the run"),
        (lambda run: run.update(ladder="other"), 'the run is of the ladder "other"'),
        (lambda run: run["games"][1]["moves"].insert(0, "t1>t2"), "game 2: move 1 't1>t2'"),
        (lambda run: run.update(extra=1), "unknown key 'extra' in an arcade run"),
        # the same cards, given as a deck: one stacked by hand was confirmed so
        (_deck_for_deal, "game 1 is on a given deck: a run's games are numbered deals"),
    ],
)
def test_a_tampered_run_is_refuted(cli: Cli, arcade_entry, tmp_path, tamper, says) -> None:
    path = tmp_path / "run.json"
    cli("scores", "--export-run", "1", str(path))
    run = json.loads(path.read_text(encoding="utf-8"))
    tamper(run)
    path.write_text(json.dumps(run), encoding="utf-8")
    assert_refused(cli("verify", str(path)), says)


def test_a_place_the_arcade_table_lacks_is_refused(cli: Cli, arcade_entry, tmp_path) -> None:
    assert_refused(
        cli("scores", "--export-run", "2", str(tmp_path / "x.json")),
        "no place 2 in the arcade table: it holds 1",
    )
    assert_refused(cli("scores", "--export-run", "first", "-"), "not 'first'")


def test_scores_counts_a_run_s_levels_in_words(cli: Cli, records) -> None:
    # "1 levels" for a run that cleared one
    from game.ladder import load_ladder

    ladder = load_ladder()
    run_id = records.start_run(ladder)
    # times whose sum a float writes 230.60800000000003, where `history` said each whole
    times = (99.254, 85.995, 12.089, 33.27)
    for game, seconds in zip(ladder_run_games(), times, strict=True):
        records.save_game(game, GameFacts(mode=ARCADE, arcade_run=run_id, seconds=seconds))
    assert records.add_run_score(ladder, records.run(ladder, run_id), "ONE") == 1
    out = cli("scores", "--ruleset", "arcade").out.splitlines()
    assert out[0] == "arcade table (ladder arcade)"  # it read "arcade, arcade table"
    line = next(x for x in out if "ONE" in x)
    assert " 1 level " in line and "levels" not in line
    # as wide as "2 levels": the points of every row stand in one column
    assert line.index(" points") == line.index("level ") + len("levels  ") + 4
    (table,) = json.loads(cli("scores", "--ruleset", "arcade", "--json").out)
    assert table["entries"][0]["levels"] == 1 and table["entries"][0]["deal"] is None
    assert table["entries"][0]["seconds"] == 230.608


def test_scores_counts_one_move_in_words(cli: Cli, records) -> None:
    # "1 moves", where `history` said "1 move"
    from tests.store.helpers import DEAL_8_WIN

    game = Game("pyramid52", deal=8)
    game.play(DEAL_8_WIN[0])
    game.play("resign")
    facts = GameFacts(seconds=12)
    records.save_game(game, facts)
    assert records.add_game_score(game, facts, "ONE") == 1
    (line,) = [x for x in cli("scores").out.splitlines() if "ONE" in x]
    assert " 1 move " in line and "moves" not in line and " points " in line


def test_watch_takes_the_window_s_options_after_the_command(
    cli: Cli, records, tmp_path, monkeypatch
) -> None:
    # `watch FILE --size 1280x800` was refused: "unrecognized arguments"
    import game.main

    shown: list[object] = []
    monkeypatch.setattr(
        game.main, "run_watch", lambda replays, size=None, fullscreen=None: shown.append(size) or 0
    )
    records.save_game(won_game(), GameFacts())
    path = tmp_path / "won.json"
    assert cli("history", "--export", "1", str(path)).rc == 0
    assert cli("watch", str(path), "--size", "1000x700").rc == 0
    assert cli("watch", "--size", "900x700", str(path)).rc == 0
    assert shown == [(1000, 700), (900, 700)]


def test_history_export_takes_no_listing_options(cli: Cli, records) -> None:
    # --ruleset egyptian wrote game 2, a pyramid52 game, without a word
    facts = GameFacts()
    records.save_game(won_game(), facts)
    for extra in (("--ruleset", "egyptian"), ("--json",), ("--limit", "3")):
        assert_refused(cli("history", *extra, "--export", str(facts.record_id), "-"), extra[0])
