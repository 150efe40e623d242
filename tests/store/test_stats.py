"""Statistics per ruleset: counts, streaks, points, time; a reset keeps every game."""

from game.rules import Game
from game.store import DAILY, GameFacts, Statistics
from tests.store.helpers import random_game, won_fortune, won_game


def test_no_games_no_figures(records):
    stats = records.statistics("egyptian")
    assert stats == Statistics() and stats.win_rate is None


def test_counts_streaks_points_and_time(records):
    plan = [True, True, False, True, True, True, False, True]
    points = []
    for n, win in enumerate(plan):
        game = won_game() if win else random_game("pyramid52", n, 4)
        records.save_game(game, GameFacts(seconds=10.0 * (n + 1), assisted=n == 3))
        points.append(game.score.remaining_points)
    records.save_game(random_game("pyramid52", 50, 3, end=False), GameFacts())  # in play
    records.save_game(random_game("pyramid36", 50, 3), GameFacts())  # another ruleset
    stats = records.statistics("pyramid52")
    assert (stats.played, stats.won) == (8, 6)
    assert stats.win_rate == 6 / 8
    assert (stats.current_streak, stats.best_streak) == (1, 3)
    assert stats.best_points == 0
    assert stats.average_points == sum(points) / 8
    assert stats.average_seconds == sum(10.0 * (n + 1) for n in range(8)) / 8


def test_a_reset_starts_afresh_and_keeps_the_games(records):
    for n in range(3):
        records.save_game(random_game("pyramid36", n, 4), GameFacts())
    assert records.statistics("pyramid36").played == 3
    assert records.reset_statistics("pyramid36")
    assert records.statistics("pyramid36") == Statistics()
    assert len(records.history("pyramid36")) == 3
    records.save_game(random_game("pyramid36", 9, 4), GameFacts())
    assert records.statistics("pyramid36").played == 1


def test_a_game_in_play_at_a_reset_counts_once_it_ends(records):
    # counted by id, a game begun before the reset was left out for good
    game = random_game("pyramid36", 1, 4, end=False)
    facts = GameFacts()
    records.save_game(game, facts)
    records.save_game(random_game("pyramid36", 2, 4), GameFacts())  # ended before the reset
    assert records.reset_statistics("pyramid36")
    game.play("resign")
    records.save_game(game, facts)
    assert records.statistics("pyramid36").played == 1


def test_a_reset_made_by_an_older_version_still_counts_by_id(records):
    for n in range(2):
        records.save_game(random_game("pyramid36", n, 4), GameFacts())
    records.conn.execute(
        "INSERT INTO stats_resets (ruleset, after_game, reset_at) VALUES ('pyramid36', 1, NULL)"
    )
    assert records.statistics("pyramid36").played == 1  # the game after it


def test_a_game_left_for_another_of_its_table_counts_as_not_won(records):
    # New deal (or Menu) in a game going badly kept it "in play" for ever, out of the
    # statistics: the streak and the win rate were kept by leaving every such game
    def save(game):
        facts = GameFacts()
        records.save_game(game, facts)
        return facts.record_id

    save(won_game())
    left = save(random_game("pyramid52", 3, 4, end=False))
    save(won_game())  # a later game ended: the one left is still Continue's, may go on
    assert records.unfinished().id == left
    assert records.statistics("pyramid52").played == 2
    restarted = random_game("pyramid52", 4, 3, end=False)
    restarted.restart()  # moves made and all taken back: in play too
    later = save(restarted)
    assert records.unfinished().id == later  # Continue can no longer reach the one left
    assert records.statistics("pyramid52").played == 3
    save(random_game("pyramid52", 5, 2, end=False))
    stats = records.statistics("pyramid52")
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (4, 2, 0, 1)
    assert records.games.get(left).outcome is None  # its record is as it was
    # a game left for another table (other options, another ruleset) may be taken up again
    other_options = Game("pyramid36", {"passes": 3}, deal=4)
    other_options.play("st>w")
    save(random_game("pyramid36", 3, 4, end=False))
    save(other_options)
    save(random_game("pyramid52", 6, 2, end=False))
    assert records.statistics("pyramid36").played == 0


def test_left_in_play_names_the_free_games_of_a_table_that_play_gives_up(records):
    # the menu asks by left_in_play and gives up by give_up_left: the same games
    assert not records.left_in_play("pyramid52", {"passes": 1})
    records.save_game(random_game("pyramid52", 3, 4, end=False), GameFacts())
    records.save_game(random_game("pyramid36", 3, 4, end=False), GameFacts())  # Continue's now
    daily, daily_facts = random_game("pyramid52", 5, 4, end=False), GameFacts(mode=DAILY)
    records.save_game(daily, daily_facts)  # played once, and kept apart
    assert records.left_in_play("pyramid52", {"passes": 1})
    assert not records.left_in_play("pyramid52", {"passes": 3})  # another table
    assert records.statistics("pyramid52").played == 0  # no later game of its table in play
    records.give_up_left("pyramid52", {"passes": 1})
    assert not records.left_in_play("pyramid52", {"passes": 1})
    assert records.statistics("pyramid52").played == 1  # given up: a loss
    assert records.games.get(daily_facts.record_id).outcome is None  # the daily game goes on


def test_a_game_given_up_for_a_new_one_counts_as_lost_and_enters_no_table(records):
    # New deal and Play, asked and pressed again, said "counts as a loss": it now does,
    # for good, where the game came back to Continue once the new one ended
    game, facts = won_game(), GameFacts()
    game.undo()  # one pair from the win: the score would top an empty table
    records.save_game(game, facts)
    records.give_up(game, facts)
    row = records.games.get(facts.record_id)
    assert row.outcome == "resigned" and records.unfinished() is None
    assert records.statistics("pyramid52").played == 1
    assert records.table_for(game, facts) is None and records.enter_missed_scores(None, "X") == []
    other = random_game("pyramid52", 3, 4, end=False)
    records.save_game(other, GameFacts())
    records.give_up_left("pyramid52", {"passes": 1})
    assert records.unfinished() is None and records.statistics("pyramid52").played == 2


def test_wishes_come_true_count_only_the_fortunes_whose_wish_counted(records):
    # the wins alone did not tell a fortune-teller how often the wish came true: a demo's
    # win, a deal played again, and the same patience played without a wish count too
    fortune = GameFacts(fortune=True)
    records.save_game(won_fortune(), fortune)
    records.save_game(won_fortune(), GameFacts(fortune=True, fortune_replayed=True))
    records.save_game(won_fortune(), GameFacts(fortune=True, assisted=True))
    records.save_game(random_game("sbudetsya", 4, 6), GameFacts(fortune=True))
    records.save_game(won_fortune(), GameFacts())  # played as a patience, no wish made
    stats = records.statistics("sbudetsya")
    assert (stats.played, stats.won) == (5, 4)
    assert (stats.wishes, stats.wishes_come_true) == (2, 1)
