"""Daily deal numbers, and the arcade ladder: its file, how a run climbs, its table."""

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ladder import Ladder, Level, LevelResult, load_ladder, progress
from game.rules import Game, LevelError, rulesets
from game.store import GameFacts
from game.store.daily import daily_deal, days_in_a_row, deal_date
from game.store.saved import ARCADE
from tests.store.helpers import random_game, won_game


def test_the_spec_example_and_stability():
    assert daily_deal(date(2026, 11, 30)) == 20261130
    assert daily_deal(date(2027, 1, 5)) == 20270105
    assert (
        Game("pyramid52", deal=daily_deal(date(2026, 11, 30))).deck[:3]
        == (Game("pyramid52", deal=20261130).deck[:3])
    )


@given(st.dates())
def test_a_date_and_its_deal_number_go_both_ways(day):
    assert deal_date(daily_deal(day)) == day
    assert len(str(daily_deal(day))) == len(f"{day.year}") + 4


def test_days_in_a_row_run_back_from_today_or_from_yesterday_while_today_waits():
    today = date(2027, 3, 1)  # past February's end, and a year's
    days = [20270301, 20270228, 20270227, 20270225]
    assert days_in_a_row(days, today) == 3
    assert days_in_a_row(days[1:], today) == 2  # today not played yet: the row stands
    assert days_in_a_row(days[2:], today) == 0  # yesterday missed: no row
    assert days_in_a_row([20261231, 20270101], date(2027, 1, 1)) == 2
    assert days_in_a_row([], today) == 0


def test_the_days_in_a_row_count_games_played_to_their_end_of_that_table(records):
    from game.store import DAILY

    today = date(2026, 12, 6)
    for day in (4, 5, 6):
        game = random_game("pyramid36", daily_deal(date(2026, 12, day)), 3, end=day != 6)
        records.save_game(game, GameFacts(mode=DAILY))
    other = random_game("pyramid52", daily_deal(date(2026, 12, 3)), 3)
    records.save_game(other, GameFacts(mode=DAILY))  # another table's day
    free = random_game("pyramid36", daily_deal(date(2026, 12, 3)), 3)
    records.save_game(free, GameFacts())  # the day's number played as a free game
    options = Game("pyramid36", deal=0).options
    # the 6th is in play: the row stands at the 5th
    assert records.days_in_a_row("pyramid36", options, today) == 2
    assert records.days_in_a_row("pyramid36", {**options, "passes": 3}, today) == 0


def test_a_day_s_game_given_up_at_its_deal_is_no_day_played(records):
    from game.store import DAILY

    today = date(2026, 12, 6)
    for day in (4, 5):
        game = random_game("pyramid36", daily_deal(date(2026, 12, day)), 3)
        records.save_game(game, GameFacts(mode=DAILY))
    given_up = Game("pyramid36", deal=daily_deal(today))
    given_up.play("resign")  # its results say it stays out of the table
    records.save_game(given_up, GameFacts(mode=DAILY))
    options = given_up.options
    assert records.days_in_a_row("pyramid36", options, today) == 2  # it stands at the 5th


def test_the_days_in_a_row_run_past_a_year(records):
    from game.store import DAILY

    today = date(2026, 12, 6)
    for back in range(400):
        deal = daily_deal(today - timedelta(days=back))
        records.save_game(random_game("pyramid36", deal, 2), GameFacts(mode=DAILY))
    options = Game("pyramid36", deal=0).options
    assert records.days_in_a_row("pyramid36", options, today) == 400  # it stood at 367


def test_the_arcade_file_names_real_rulesets_with_real_options():
    ladder = load_ladder()
    assert ladder.lives == 3 and len(ladder.levels) >= len(rulesets())
    assert {level.ruleset for level in ladder.levels} == set(rulesets())
    first = ladder.levels[0]
    assert (first.ruleset, first.options["piles"]) == ("nechego", 10)


@pytest.mark.parametrize(
    "text, says",
    [
        ('kind = "ladder"\nlives = 3\nname = {en = "x"}\n', "at least one [[level]]"),
        ('kind = "ladder"\nlives = 0\nname = {en = "x"}\n', "lives"),
        (
            'kind = "ladder"\nlives = 1\nname = {en = "x"}\n[[level]]\nruleset = "chess"\n',
            "unknown ruleset 'chess'",
        ),
        (
            'kind = "ladder"\nlives = 1\nname = {en = "x"}\n[[level]]\nruleset = "pyramid52"\n'
            "options = { passes = 7 }\n",
            "level 1",
        ),
    ],
)
def test_a_broken_ladder_file_says_what_is_wrong(tmp_path, text, says):
    path = tmp_path / "ladder.toml"
    path.write_text(text)
    with pytest.raises(LevelError) as e:
        load_ladder(path)
    assert says in str(e.value)


LADDER = Ladder("test", {"en": "Test"}, 2, (Level("pyramid52", {"passes": 1}),) * 3)


def result(won, points=5):
    return LevelResult(won, 0 if won else points, 0 if won else 2, 10.0, 7)


def test_a_win_climbs_a_loss_costs_a_life_and_points_add_up():
    state = progress(LADDER, [result(True), result(False, 9), result(True)])
    assert (state.level, state.lives, state.points, state.games) == (2, 1, 9, 3)
    assert not state.over(LADDER)
    assert progress(LADDER, [result(False), result(False)]).over(LADDER)
    done = progress(LADDER, [result(True)] * 3 + [result(False, 50)])
    assert done.over(LADDER) and done.points == 0 and done.games == 3  # nothing counts after


def run_of_four(records) -> int:
    """A run of LADDER whose four games are saved: won, lost, won, lost (its end)."""
    run_id = records.start_run(LADDER)
    games = [
        won_game(),
        random_game("pyramid52", 4, 10),
        won_game(),
        random_game("pyramid52", 6, 9),
    ]
    for n, game in enumerate(games):
        records.save_game(game, GameFacts(mode=ARCADE, arcade_run=run_id, seconds=n + 1.0))
    return run_id


def test_a_finished_run_enters_the_arcade_table_after_its_games_are_verified(records):
    run_id = run_of_four(records)
    run = records.run(LADDER, run_id)
    assert run.state.over(LADDER) and run.state.level == 2 and run.state.lives == 0
    assert records.open_run(LADDER) is None
    assert records.run_position(LADDER, run) == 1
    assert records.add_run_score(LADDER, run, "RUN") == 1
    (entry,) = records.scores.top(records.arcade_key(LADDER))
    assert entry.figures.levels == 2 and entry.figures.seconds == 10.0
    assert len(entry.replay["games"]) == 4


def test_a_run_entry_its_games_do_not_prove_is_left_out_and_said(records, monkeypatch, tmp_path):
    # a row put in by hand stood first in the arcade table (the one a kiosk shows):
    # 99 levels of a ladder of 3 and no game in its proof; and one of a ladder that
    # does not exist had a table of its own
    import json

    from game.store import Records
    from game.store.database import FILE_NAME

    run_id = records.start_run(LADDER)
    for game in (won_game(), random_game("pyramid52", 4, 10), random_game("pyramid52", 6, 9)):
        records.save_game(game, GameFacts(mode=ARCADE, arcade_run=run_id, seconds=3.0))
    assert records.add_run_score(LADDER, records.run(LADDER, run_id), "RUN") == 1
    key = records.arcade_key(LADDER)
    for ladder_id, games in (("test", []), ("test", [won_game().to_replay()]), ("classic", [])):
        records.conn.execute(
            """INSERT INTO scores (board, ruleset, options, initials, levels, remaining_cards,
            remaining_points, seconds, moves, replay, created_at)
            VALUES ('arcade', ?, '{}', 'GOD', 99, 0, 0, 1.0, 1, ?, '2026-12-05')""",
            (ladder_id, json.dumps({"ladder": ladder_id, "games": games})),
        )
    said: list[str] = []
    records.scores.on_damaged = said.append
    assert [e.initials for e in records.scores.top(key)] == ["RUN"]
    assert said[0] == "score 2 is damaged: its replay does not prove it (the run holds no game)"
    assert said[1].startswith("score 3 is damaged: its replay does not prove it (game 1: ")
    said.clear()
    assert records.scores.top(records.arcade_key(Ladder("classic", {}, 1, LADDER.levels))) == []
    assert said == ["score 4 is damaged: it is a run of a ladder this game has not ('classic')"]
    # the honest run's figures edited: one level more
    records.conn.execute("UPDATE scores SET levels = levels + 1 WHERE initials = 'RUN'")
    assert records.scores.top(key) == []
    records.conn.execute("UPDATE scores SET levels = levels - 1 WHERE initials = 'RUN'")
    # another session, whose ladder is the game's own: read from its file
    monkeypatch.setattr("game.store.scores.load_ladder", lambda: LADDER)
    again = Records.open(tmp_path / FILE_NAME)
    try:
        assert [e.initials for e in again.scores.top(key)] == ["RUN"]
    finally:
        again.close()


def test_a_run_that_won_no_level_enters_no_table(records):
    # every deal given up after a turn of the stock, or after one pair, took the
    # arcade's first place as "a new high score" with no level won
    def given_up(deal, moves):
        game = Game("pyramid52", deal=deal)
        for move in [*moves, "resign"]:
            game.play(move)
        return game

    # two lives: a run of two games given up, the last after deal 8's first pair; and
    # the same after a level won
    for won_first in ([], [won_game()]):
        run_id = records.start_run(LADDER)
        for game in (*won_first, given_up(3, ["st>w"]), given_up(8, ["st>w", "p7.2+p7.5"])):
            records.save_game(game, GameFacts(mode=ARCADE, arcade_run=run_id, seconds=2.0))
        run = records.run(LADDER, run_id)
        assert run.state.over(LADDER) and run.state.games == 2 + len(won_first)
        assert (records.run_position(LADDER, run) is None) == (not won_first)


def test_an_assisted_or_unfinished_run_does_not_enter(records):
    run_id = records.start_run(LADDER)
    records.save_game(won_game(), GameFacts(mode=ARCADE, arcade_run=run_id))
    run = records.run(LADDER, run_id)
    assert records.open_run(LADDER).id == run_id
    assert records.run_position(LADDER, run) is None
    for deal in (3, 4):
        records.save_game(
            random_game("pyramid52", deal, 5),
            GameFacts(mode=ARCADE, arcade_run=run_id, hints=1, assisted=True),
        )
    run = records.run(LADDER, run_id)
    assert run.state.over(LADDER) and run.assisted
    assert records.add_run_score(LADDER, run, "AID") is None


def test_a_run_s_levels_keep_their_order_when_the_clock_is_set_back(records):
    # ordered by the clock, a run whose board's clock was set back between two levels
    # (no clock battery, a time server's correction) read its loss before its win
    run_id = records.start_run(LADDER)
    for n, game in enumerate([won_game(), random_game("pyramid52", 4, 10)]):
        records.save_game(game, GameFacts(mode=ARCADE, arcade_run=run_id, seconds=n + 1.0))
    records.conn.execute(
        "UPDATE games SET finished_at = ? WHERE id = (SELECT max(id) FROM games)",
        ("2000-01-01T00:00:00.000000+00:00",),
    )
    run = records.run(LADDER, run_id)
    assert [g.won for g in run.games] == [True, False]
    assert run.state.level == 1


def test_a_run_over_by_its_lives_counts_no_later_game():
    # README (Arcade): "A run ends when the last level is cleared or the last life is
    # lost": a game found after its last life (another window's, a mended file's) is
    # none of the run's, its points no part of the run's score
    from game.ladder import Ladder, Level, LevelResult, progress

    ladder = Ladder("test", {"en": "Test"}, 2, (Level("pyramid52", {"passes": 1}),) * 3)
    lost = [LevelResult(False, points, 2, 10.0, 7) for points in (9, 9, 50)]
    state = progress(ladder, lost)
    assert (state.lives, state.points, state.games) == (0, 18, 2)
    assert state.over(ladder)


def test_a_run_s_game_found_after_its_end_is_none_of_its_games(records):
    # another window's game of the run, ended after the run's last life (or a mended
    # file's): counted, its hint made the run "assisted" and its moves a fifth game of
    # the run's entry, and the run lost its place
    run_id = run_of_four(records)
    later = GameFacts(mode=ARCADE, arcade_run=run_id, seconds=5.0, hints=1)
    later.mark_assisted("hint")
    records.save_game(random_game("pyramid52", 7, 9), later)
    run = records.run(LADDER, run_id)
    assert run.state.over(LADDER) and len(run.games) == 4
    assert not run.assisted and run.helped_game is None
    assert records.add_run_score(LADDER, run, "RUN") == 1
    (entry,) = records.scores.top(records.arcade_key(LADDER))
    assert len(entry.replay["games"]) == 4


def test_the_days_in_a_row_run_past_a_year_while_today_waits(records):
    # today not played yet: the row, counted from yesterday, filled the year read
    # exactly and stood at 366 (the year read was not widened)
    from game.store import DAILY

    today = date(2026, 12, 6)
    for back in range(1, 401):
        deal = daily_deal(today - timedelta(days=back))
        records.save_game(random_game("pyramid36", deal, 2), GameFacts(mode=DAILY))
    options = Game("pyramid36", deal=0).options
    assert records.days_in_a_row("pyramid36", options, today) == 400


def test_the_arcade_goes_on_with_the_latest_run(records):
    # a run over, then a new one begun: Continue offered none (the oldest run was read
    # as the latest), and the finished run stood for the last one
    first = records.start_run(LADDER)
    for n, game in enumerate([random_game("pyramid52", d, 9) for d in (4, 5, 6)]):
        records.save_game(game, GameFacts(mode=ARCADE, arcade_run=first, seconds=n + 1.0))
    assert records.run(LADDER, first).state.over(LADDER)
    second = records.start_run(LADDER)
    records.save_game(won_game(), GameFacts(mode=ARCADE, arcade_run=second, seconds=9.0))
    assert records.open_run(LADDER).id == second
    assert records.arcade.latest(LADDER).id == second
    assert records.arcade.ids(LADDER, 5) == [first, second]


# --- held by the mutation round of game/ladder.py -----------------------------------


def test_a_run_adds_up_its_games_cards_seconds_and_moves():
    # the arcade table's entry shows a run's cards left, time and moves: each its own
    results = [
        LevelResult(True, 0, 0, 31.5, 40),
        LevelResult(False, 9, 4, 12.25, 17),
        LevelResult(True, 0, 0, 20.0, 33),
    ]
    state = progress(LADDER, results)
    assert (state.points, state.cards, state.seconds, state.moves) == (9, 4, 63.75, 90)
    assert (state.level, state.lives, state.games) == (2, 1, 3)


def broken_ladder(tmp_path, text):
    path = tmp_path / "ladder.toml"
    path.write_text(text)
    with pytest.raises(LevelError) as e:
        load_ladder(path)
    return str(e.value)


@pytest.mark.parametrize(
    "text, says",
    [
        (
            'kind = "rules"\nlives = 3\nname = {en = "x"}\n[[level]]\nruleset = "pyramid52"\n',
            "kind",
        ),
        (
            'kind = "ladder"\nlives = true\nname = {en = "x"}\n[[level]]\nruleset = "pyramid52"\n',
            "lives",
        ),
        ('kind = "ladder"\nlives = 3\nname = "x"\n[[level]]\nruleset = "pyramid52"\n', "name"),
        ('kind = "ladder"\nlives = 3\nname = {en = 5}\n[[level]]\nruleset = "pyramid52"\n', "name"),
        ('kind = "ladder"\nlives = 3\nname = {en = "x"}\nlevel = []\n', "at least one [[level]]"),
        (
            'kind = "ladder"\nlives = 3\nname = {en = "x"}\n[[level]]\nruleset = "pyramid52"\n'
            "options = 5\n",
            "level 1: options must be a table",
        ),
        (
            'kind = "ladder"\nlives = 3\nname = {en = "x"}\n[[level]]\nruleset = 52\n',
            "level 1: needs a ruleset id",
        ),
        (
            'kind = "ladder"\nlives = 3\nname = {en = "x"}\n[[level]]\n',
            "level 1: needs a ruleset id",
        ),
    ],
)
def test_a_ladder_file_broken_otherwise_says_what_is_wrong_too(tmp_path, text, says):
    # each a LevelError naming the problem, which the arcade shows: never a crash, nor a
    # ladder of no level, a life of `true` or a name of letters
    assert says in broken_ladder(tmp_path, text)


def test_a_ladder_file_s_levels_get_their_options_defaults_and_its_name_its_id(tmp_path):
    path = tmp_path / "short.toml"
    path.write_text(
        'kind = "ladder"\nlives = 2\nname = {en = "Short", ru = "Короткая"}\n'
        '[[level]]\nruleset = "pyramid52"\noptions = { passes = 3 }\n'
        '[[level]]\nruleset = "egyptian"\n'
    )
    ladder = load_ladder(path)
    assert ladder.id == "short"  # no id in the file: its name, the table's key
    assert ladder.lives == 2 and ladder.name == {"en": "Short", "ru": "Короткая"}
    first, second = ladder.levels
    assert first.ruleset == "pyramid52"
    assert first.options == Game("pyramid52", {"passes": 3}, deal=0).options
    assert second.options == Game("egyptian", deal=0).options  # every option, by default
