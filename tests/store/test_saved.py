"""The saved game (game.store.saved): every fact of a game in play comes back with
Continue, and the files and dates made from it read as the player was told."""

import json

from game.store.saved import (
    ARCADE,
    BY_DEMO,
    BY_HINT,
    BY_PRACTISED,
    BY_SEEN_STOCK,
    DAILY,
    FREE,
    GameFacts,
    LinePosition,
    VerdictFlip,
    local_date,
    local_day,
    local_minute,
    replay_text,
    restore,
    to_saved_replay,
)
from tests.store.helpers import random_game


def _continued(game, facts):
    """The game and facts Continue finds, from the saved file's text."""
    return restore(json.loads(replay_text(to_saved_replay(game, facts))))


def test_every_fact_of_a_game_in_play_comes_back_with_continue():
    game = random_game("pyramid52", deal=8, moves=6, end=False)
    moves = [str(m) for m in game.moves]
    game.undo()
    game.undo()
    facts = GameFacts(
        mode=ARCADE,
        seconds=81.5,
        hints=2,
        assisted=True,
        assisted_by=BY_DEMO,
        fortune=True,
        fortune_replayed=True,
        seen_by_undo=True,
        abandoned=True,
        stuck=True,
        verdict_shown=True,
        verdict_peeked=True,
        arcade_run=3,
        started_at="2026-12-02T01:05:00.000000+00:00",
        flip=VerdictFlip.of(1, moves[:3]),
        won_position=LinePosition.of(moves[:1]),
        lost_position=LinePosition.of(moves[:3]),
        worse_position=LinePosition.of(moves[:2]),
        best_said=12,
        deal_best=0,  # could be won: a 0 is a fact, not "none"
        practised=True,
    )
    resumed, kept = _continued(game, facts)
    assert kept == facts
    assert [str(m) for m in resumed.moves] == moves[:4]
    assert resumed.undo_count == 2
    resumed.redo()
    resumed.redo()
    assert [str(m) for m in resumed.moves] == moves  # both moves taken back can be redone


def test_a_game_without_facts_comes_back_without_them():
    game = random_game("pyramid52", deal=8, moves=3, end=False)
    facts = GameFacts(started_at="2026-12-02T01:05:00.000000+00:00")
    _resumed, kept = _continued(game, facts)
    assert kept == facts


def test_a_redo_list_that_no_longer_plays_keeps_what_it_can_and_the_position():
    game = random_game("pyramid52", deal=8, moves=5, end=False)
    moves = [str(m) for m in game.moves]
    game.undo()
    game.undo()
    replay = json.loads(replay_text(to_saved_replay(game, GameFacts())))
    replay["meta"]["redo"][1] = "p1.1+p1.1"  # its second move damaged
    resumed, _facts = restore(replay)
    assert [str(m) for m in resumed.moves] == moves[:3]  # at its position still
    assert resumed.redo() and not resumed.can_redo  # the first redo kept, alone
    assert [str(m) for m in resumed.moves] == moves[:4]


def test_a_seen_stock_card_s_help_is_not_replaced_by_a_deal_practised():
    facts = GameFacts()
    facts.mark_assisted(BY_SEEN_STOCK)
    facts.mark_assisted(BY_PRACTISED)  # neither is the solver's: the first is said
    assert facts.assisted_by == BY_SEEN_STOCK


def test_a_stamp_that_does_not_read_is_shown_as_it_is_not_as_today():
    assert local_day("not a time") is None
    assert local_date("2026-12-02 and then some") == "2026-12-02"
    assert local_minute("2026-12-02T01:05:99 garbage") == "2026-12-02 01:05"


def test_two_exports_in_one_second_are_two_files_neither_replaced(tmp_path, monkeypatch):
    # two runs saved within a second had one file between them: the first was lost
    from game.store import saved

    monkeypatch.setattr(saved.time, "strftime", lambda _format: "20261202-010500")
    first = saved.write_export(tmp_path, "arcade-run", {"run": 1})
    second = saved.write_export(tmp_path, "arcade-run", {"run": 2})
    assert first.name == "piramida-arcade-run-20261202-010500.json"
    assert second.name == "piramida-arcade-run-20261202-010500-2.json"
    assert json.loads(first.read_text(encoding="utf-8")) == {"run": 1}
    assert json.loads(second.read_text(encoding="utf-8")) == {"run": 2}


def test_help_that_tells_nothing_of_the_solver_s_is_not_the_solver_s_help():
    for by, solvers in ((BY_SEEN_STOCK, False), (BY_PRACTISED, False), (BY_HINT, True)):
        facts = GameFacts()
        facts.mark_assisted(by)
        assert facts.solver_helped is solvers, by


def test_daily_and_arcade_games_are_played_once_and_free_ones_not():
    assert GameFacts(mode=DAILY).played_once and GameFacts(mode=ARCADE).played_once
    assert not GameFacts(mode=FREE).played_once


def test_a_replay_file_keeps_its_letters_as_text():
    # JSON, UTF-8: initials and names read as they are in any editor, not as \\u escapes
    text = replay_text({"meta": {"initials": "ЖУК"}})
    assert '"initials": "ЖУК"' in text and "\\u" not in text
