"""The menu's deal of the day exactly, from a mutation round: Continue names a day's
game as the day's, and the day's fortune is dealt as a fortune."""

import pytest

from game.rules import Game, get_ruleset
from game.scenes.menu_records import MenuRecords
from game.store import DAILY, FREE, GameFacts
from game.store.daily import today_deal

pytestmark = pytest.mark.usefixtures("english")


@pytest.mark.parametrize("mode", [DAILY, FREE])
def test_continue_names_a_day_s_game_left_in_play_as_the_day_s(app, mode):
    # left in play, the day's game and a free game of today's number read alike on
    # Continue: which of them it continues decides whether the day's table is at stake
    game = Game("pyramid36", deal=today_deal())
    game.play(game.stock_move)
    app.records.save_game(game, GameFacts(mode=mode))
    text = MenuRecords(app).continue_text()
    assert text.startswith("Unfinished: ")
    assert ("(deal of the day)" in text) is (mode == DAILY)
    assert f"Deal {today_deal()}" in text


def test_the_day_s_fortune_is_dealt_as_a_fortune(app, driver):
    # Сбудется's day told no fortune, and its wish was never asked
    from game.scenes.table import TableScene

    MenuRecords(app).play_daily(get_ruleset("sbudetsya"), {})
    driver.settle(1.0)
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.facts.mode == DAILY and table.facts.fortune
    assert table.game.deal_number == today_deal()
