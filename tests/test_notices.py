"""What the menu's notices and the records command say of the records (game.notices),
word for word where a mistake would tell the player something untrue."""

from __future__ import annotations

from game.notices import Notice, record_notice, settings_problem
from game.small_files import UNREADABLE_FILE
from game.store import (
    IN_MEMORY,
    READ_FAILED,
    REMOVED,
    RULES_MISSING,
    SALVAGED,
    SAVE_FAILED,
    SET_ASIDE,
    Problem,
)


def test_a_salvaged_file_counts_its_games_and_its_entries_each_as_itself():
    said = record_notice(Problem(SALVAGED, "records.sqlite.damaged", (4, 1)))
    assert said == (
        "What of it could still be read was copied into the new one: 4 games and 1"
        " high-score entry."
    )


def test_records_skipped_for_a_reason_the_game_does_not_know_are_said_damaged():
    # the reader's own words (a row's JSON error) are no reason a player can act on: in
    # the menu, "the file is damaged"; on the command line, in full
    problem = Problem(READ_FAILED, "game 12: Expecting value: line 1 column 1 (char 0)")
    assert record_notice(problem) == (
        "Some records could not be read (the file is damaged): they are skipped and the"
        " rest are shown."
    )
    assert "game 12: Expecting value" in record_notice(problem, details=True)


def test_a_records_file_deleted_while_the_game_ran_is_said_so():
    # not a crash of the notices (the last branch takes only a file kept in memory)
    assert record_notice(Problem(REMOVED, "records.sqlite")) == (
        "The records file records.sqlite was deleted while the game was running: a new one"
        " was started."
    )


def test_an_unreadable_records_file_is_said_to_the_player_and_to_a_command_apart():
    # the window keeps this session's games in memory; a command keeps none and saves
    # nothing, so it says only that the file cannot be opened
    problem = Problem(IN_MEMORY, UNREADABLE_FILE)
    assert record_notice(problem).startswith("The records file may not be read: your past")
    assert record_notice(problem, details=True) == (
        f"The records file cannot be opened ({UNREADABLE_FILE})."
    )


def test_the_reasons_the_system_gives_in_english_are_said_in_the_player_s_words():
    # the system's and SQLite's own words, which are English whatever the language:
    # each one the game knows is said as the player's language says it
    assert settings_problem("Read-only file system", reading=False) == (
        "The settings cannot be saved (the disk is read-only): they last until the game is closed."
    )
    assert record_notice(Problem(SAVE_FAILED, "database is locked")) == (
        "A game could not be saved (another program is using the file); play goes on and"
        " saving will be retried."
    )
    assert settings_problem(UNREADABLE_FILE, reading=True).startswith(
        "The settings file cannot be read (no permission to read it): "
    )


def test_a_game_whose_rules_file_is_left_out_names_the_file():
    said = record_notice(Problem(RULES_MISSING, "egyptian"))
    assert said.startswith(
        "An unfinished game cannot be continued while its rules file (egyptian.toml) is left out."
    )


def test_only_a_failed_save_s_notice_is_one_taken_back_once_the_saves_are_made():
    # the App drops the notices keyed SAVE_FAILED when every save is made at last
    # (App._saves_made_said): a file set aside, or damaged, stays said
    problems = [Problem(SET_ASIDE, "records.sqlite.damaged"), Problem(SAVE_FAILED, "disk full")]
    assert [Notice.of_record_problem(p).key for p in problems] == ["", SAVE_FAILED]
