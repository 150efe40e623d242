"""A deal whose replay was watched here is help had with it, as the demo's line is: a
friend's replay of the day's deal, watched and then played move for move, took place 1
in the day's table with no mark."""

import json

import pygame
import pytest

from game.rules import Game
from game.scenes.menu import MenuScene
from game.scenes.records import RecordsScene
from game.scenes.table import TableScene
from game.scenes.watch import WatchScene
from game.store import DAILY, FREE, GameFacts
from game.store.daily import today_deal
from game.store.saved import BY_WATCHED_BEFORE
from game.store.watched import MOST_KEPT, WATCHED_KEY, deal_watched, note_watched
from tests.store.helpers import random_game

pytestmark = pytest.mark.usefixtures("english")


def friend_s_daily() -> dict:
    """A friend's exported replay of today's Pyramid 52 deal: a few moves, then given up."""
    replay = random_game("pyramid52", today_deal(), 6, seed=3).to_replay(result=True)
    replay["meta"] = {"mode": DAILY}
    return replay


def watch(app, driver, replay: dict, steps: int) -> WatchScene:
    scene = WatchScene(app, [replay], back=lambda: MenuScene(app))
    app.switch(scene, fade=False)
    driver.frames(1)
    driver.key(pygame.K_SPACE)  # paused: the moves shown are the steps'
    for _ in range(steps):
        driver.key(pygame.K_RIGHT)
    assert len(scene.game.moves) == steps
    return scene


def open_table(app, driver, game: Game, mode: str) -> TableScene:
    scene = TableScene(app, game, facts=GameFacts(mode=mode))
    app.switch(scene, fade=False)
    driver.settle(0.5)
    return scene


def test_a_day_s_deal_watched_then_played_is_assisted_and_stays_out(app, driver):
    today = Game("pyramid52", deal=today_deal())
    assert app.records.deal_help_before(today) is None
    watch(app, driver, friend_s_daily(), steps=0)  # the deal shown, no move of its line
    assert app.records.deal_help_before(today) is None
    watch(app, driver, friend_s_daily(), steps=2)
    assert app.records.deal_help_before(today) == BY_WATCHED_BEFORE
    # the menu and the records say so before it is dealt
    assert app.records.daily_seen("pyramid52", {"passes": 1}, today_deal())
    records = RecordsScene(app, "pyramid52", {"passes": 1}, DAILY)
    assert "seen in another game or a replay" in records.today_text()
    # dealt, the table says why it is assisted; its end enters no table
    scene = open_table(app, driver, Game("pyramid52", deal=today_deal()), DAILY)
    assert scene.facts.assisted and scene.facts.assisted_by == BY_WATCHED_BEFORE
    said = scene.banner.text if scene.banner else scene.status
    assert "A replay of this deal was watched here: this game is assisted." in said
    scene.game.play("resign")
    assert app.records.table_for(scene.game, scene.facts) is None


def test_a_free_deal_watched_is_assisted_as_is_one_laid_out_alike(app, driver):
    # От нечего делать with its defaults lays a number out as Сбудется does
    replay = random_game("sbudetsya", 41, 5, seed=1).to_replay(result=True)
    watch(app, driver, replay, steps=1)
    scene = open_table(app, driver, Game("nechego", deal=41), FREE)
    assert scene.facts.assisted_by == BY_WATCHED_BEFORE
    assert app.records.deal_help_before(Game("nechego", deal=42)) is None
    assert app.records.deal_help_before(Game("pyramid52", deal=41)) is None


def test_a_given_deck_watched_is_known_by_its_cards_however_spelt(app, driver):
    # a file's "10h" never matched the rules' "TH": a deck watched went unnoticed
    dealt = Game("pyramid52", deal=5)
    spelt = " ".join(card.lower().replace("t", "10") for card in dealt.deck)
    replay = {"version": 1, "ruleset": "pyramid52", "deck": spelt, "moves": ["st>w"]}
    watch(app, driver, replay, steps=1)
    given = Game("pyramid52", deck=dealt.deck)
    assert app.records.deal_watched(given)
    assert app.records.deal_watched(dealt)  # the same cards in the same places
    assert not app.records.deal_watched(Game("pyramid52", deal=6))


def test_the_list_keeps_the_newest_deals_once_and_a_damaged_one_says_none(app):
    conn = app.records.conn
    for deal in range(MOST_KEPT + 5):
        note_watched(conn, Game("pyramid52", deal=deal))
    note_watched(conn, Game("pyramid52", deal=7))
    assert deal_watched(conn, Game("pyramid52", deal=MOST_KEPT + 4))
    assert deal_watched(conn, Game("pyramid52", deal=7))  # watched again: kept, once
    kept = json.loads(
        conn.execute("SELECT value FROM profile WHERE key = ?", (WATCHED_KEY,)).fetchone()[0]
    )
    assert len(kept) == MOST_KEPT and [e.get("deal") for e in kept].count(7) == 1
    assert kept[-1]["deal"] == 7  # the newest last
    assert not deal_watched(conn, Game("pyramid52", deal=3))  # the oldest dropped
    # edited by hand: not JSON, not a list, entries of another shape, options of
    # another version; each says nothing, and a new watch writes the list anew (one
    # that did not read was said as a game that could not be saved, and kept for good)
    for value in ("{", '"x"', '[1, {"deal": "8"}, {"ruleset": "x", "options": {}, "deal": 8}]'):
        conn.execute(
            "INSERT INTO profile (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (WATCHED_KEY, value),
        )
        assert not app.records.deal_watched(Game("pyramid52", deal=8))
        app.records.note_watched(Game("pyramid52", deal=8))
        assert app.records.deal_watched(Game("pyramid52", deal=8))
        assert not app.records.problems


@pytest.mark.parametrize("helped", [True, False])
def test_the_day_s_foot_says_a_day_s_game_kept_out_of_the_table(app, helped):
    # "Today's deal: done, 182 points left" under a table that had no such row
    game = Game("pyramid52", deal=today_deal())
    pairs = [m for m in game.legal_moves if "+" in str(m) or str(m).startswith("p")]
    game.play(pairs[0] if pairs else next(iter(game.legal_moves)))
    game.play("resign")
    facts = GameFacts(mode=DAILY, assisted=helped, hints=int(helped))
    app.records.save_game(game, facts)
    foot = RecordsScene(app, "pyramid52", {"passes": 1}, DAILY).today_text()
    assert foot.startswith("Today's deal: done,")
    assert foot.endswith("; it stays out of the table.") == (helped or not game.cleared_a_card)
    # its number played since as a free game: kept out then, not now
    if not helped and game.cleared_a_card:
        again = random_game("pyramid52", today_deal(), 4, seed=5)
        app.records.save_game(again, GameFacts())
        foot = RecordsScene(app, "pyramid52", {"passes": 1}, DAILY).today_text()
        assert not foot.endswith("; it stays out of the table.")


def test_the_day_s_foot_counts_the_days_in_a_row_its_deal_was_played(app):
    # nothing told a player coming back each day that the days added up
    from datetime import date, timedelta

    from game.store.daily import daily_deal

    def foot() -> str:
        return RecordsScene(app, "pyramid52", {"passes": 1}, DAILY).today_text()

    for back in (1, 2):
        day = daily_deal(date.today() - timedelta(days=back))
        app.records.save_game(random_game("pyramid52", day, 3), GameFacts(mode=DAILY))
    assert foot() == "Today's deal: not played yet. Days in a row: 2."
    app.records.save_game(random_game("pyramid52", today_deal(), 3), GameFacts(mode=DAILY))
    assert foot().endswith(" Days in a row: 3.")


def test_the_day_s_longest_foot_fits_its_panel_in_russian_at_800x600(app, driver):
    # «…в таблицу он не попадёт. Дней подряд: 2.» ran off both ends of the panel
    from datetime import date, timedelta

    from game import i18n
    from game.store.daily import daily_deal

    for back in (1, 2):
        day = daily_deal(date.today() - timedelta(days=back))
        app.records.save_game(random_game("pyramid52", day, 3), GameFacts(mode=DAILY))
    app.records.save_game(random_game("pyramid52", today_deal(), 3), GameFacts())
    driver.resize((800, 600))
    app.settings.language = "ru"
    app.apply_settings()
    try:
        scene = RecordsScene(app, "pyramid52", {"passes": 1}, DAILY)
        app.switch(scene, fade=False)
        driver.settle(0.5)
        assert "в таблицу он не попадёт" in scene.today_text()
        assert scene.today_text().endswith("Дней подряд: 2.")
        drawn = scene._draw_today(app.surface)
        assert scene.area.left <= drawn.left and drawn.right <= scene.area.right
    finally:
        i18n.set_language("en")


def test_a_replay_watched_keeps_a_hidden_verdict(app, driver):
    # the replay's top bar said "Can be won" and "No win possible" step by step
    app.settings.show_verdict = False
    scene = watch(app, driver, friend_s_daily(), steps=1)
    assert scene.verdict_kept()
    app.settings.show_verdict = True
    assert not scene.verdict_kept()
