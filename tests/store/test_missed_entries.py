"""A place in a table earned by a game, or an arcade run, closed between its end and its
initials (killed during the win's celebration, or on the initials scene) is entered
when the game is next started."""

import pytest

from game.ladder import Ladder, Level
from game.rules import Game
from game.store import DAILY, GameFacts
from game.store.saved import ARCADE
from tests.store.helpers import DEAL_8_WIN, random_game, won_entry_with_its_table_lost, won_game

LADDER = Ladder("test", {"en": "Test"}, 1, (Level("pyramid52", {"passes": 1}),) * 2)


def test_the_last_finished_game_gets_the_place_it_missed_once(records):
    game, facts = won_game(), GameFacts(mode=DAILY, seconds=30.0)
    records.save_game(game, facts)
    (missed,) = records.enter_missed_scores(LADDER, "ЖУК")
    assert (missed.ruleset, missed.deal, missed.place, missed.initials) == (
        "pyramid52",
        8,
        1,
        "ЖУК",
    )
    (key,) = records.scores.tables()
    entry = records.scores.best(key)
    assert key.board == DAILY and entry.game_id == facts.record_id and entry.initials == "ЖУК"
    assert records.enter_missed_scores(LADDER, "ЖУК") == []  # never twice
    assert len(records.scores.top(key)) == 1


def test_a_missed_place_is_dated_by_its_game_s_end_not_by_the_next_start(records):
    # a game closed before its initials, entered at the next start days later, stood
    # in the tables under that later day
    game, facts = won_game(), GameFacts(seconds=30.0)
    records.save_game(game, facts)
    ended = "2026-11-30T21:15:00.000000+00:00"
    records.conn.execute("UPDATE games SET finished_at = ?", (ended,))
    records.enter_missed_scores(LADDER, "ЖУК")
    (key,) = records.scores.tables()
    assert records.scores.best(key).created_at == ended


def test_a_game_entered_in_its_table_or_kept_out_of_them_misses_nothing(records):
    game, facts = won_game(), GameFacts(seconds=30.0)
    records.save_game(game, facts)
    records.add_game_score(game, facts, "ABC")
    assert records.enter_missed_scores(LADDER, "XYZ") == []
    assisted = GameFacts(seconds=20.0, hints=1, assisted=True)
    records.save_game(won_game(), assisted)
    assert records.enter_missed_scores(LADDER, "XYZ") == []
    (key,) = records.scores.tables()
    assert [e.initials for e in records.scores.top(key)] == ["ABC"]


def test_a_game_still_in_play_is_no_missed_entry(records):
    records.save_game(random_game("pyramid52", 3, 4, end=False), GameFacts())
    assert records.enter_missed_scores(LADDER, "XYZ") == []
    assert records.scores.tables() == []


def given_up_after_three_pairs() -> Game:
    game = Game("pyramid52", deal=8)
    for move in [*DEAL_8_WIN[:3], "resign"]:
        game.play(move)
    return game


def test_a_game_given_up_gets_the_place_it_missed(records):
    # killed on the initials scene after a Give up: every game given up was taken for
    # one a kiosk gave up for a passer-by, and lost its place
    records.save_game(given_up_after_three_pairs(), GameFacts(seconds=9.0))
    (missed,) = records.enter_missed_scores(LADDER, "XYZ")
    assert (missed.ruleset, missed.deal, missed.place) == ("pyramid52", 8, 1)


def test_a_game_a_kiosk_gave_up_for_a_passer_by_stays_out(records):
    game, facts = given_up_after_three_pairs(), GameFacts(seconds=9.0, abandoned=True)
    records.save_game(game, facts)
    assert records.enter_missed_scores(LADDER, "XYZ") == []
    assert records.scores.tables() == []
    assert records.table_for(*records.resume(records.games.get(facts.record_id))) is None


def test_only_the_game_that_ended_last_is_looked_at(records):
    """The check runs as the game starts, before anything is played: only the last game
    can have been closed before its initials. An earlier one without an entry had no
    place (a place, once taken, is never lost to a later game's check)."""
    first, facts = won_game(), GameFacts(seconds=10.0)
    records.save_game(first, facts)
    later, later_facts = random_game("pyramid36", 2, 1000, end=False), GameFacts(seconds=5.0)
    assert later.outcome == "no_moves"
    records.save_game(later, later_facts)
    (missed,) = records.enter_missed_scores(LADDER, "XYZ")
    assert missed.ruleset == "pyramid36"
    assert {k.ruleset for k in records.scores.tables()} == {"pyramid36"}


def test_an_arcade_run_that_ended_without_its_entry_gets_it_once(records):
    run_id = records.start_run(LADDER)
    records.save_game(won_game(), GameFacts(mode=ARCADE, arcade_run=run_id, seconds=3.0))
    assert records.enter_missed_scores(LADDER, "RUN") == []  # the run goes on
    records.save_game(
        random_game("pyramid52", 4, 6), GameFacts(mode=ARCADE, arcade_run=run_id, seconds=4.0)
    )
    ended = "2026-11-30T21:15:00.000000+00:00"  # the run's last game's end
    records.conn.execute("UPDATE games SET finished_at = '2026-11-30T21:00:00' WHERE id = 1")
    records.conn.execute("UPDATE games SET finished_at = ? WHERE id = 2", (ended,))
    (missed,) = records.enter_missed_scores(LADDER, "RUN")
    assert missed.ruleset is None and missed.place == 1
    (entry,) = records.scores.top(records.arcade_key(LADDER))
    assert entry.arcade_run == run_id and entry.figures.levels == 1
    assert entry.created_at == ended
    assert records.enter_missed_scores(LADDER, "RUN") == []
    assert records.enter_missed_scores(None, "RUN") == []  # no ladder file: no run looked at


def test_a_game_given_up_before_the_update_stays_out(tmp_path):
    # rows saved before games given up were told apart: a kiosk's last abandoned game,
    # read as a player's, entered its table under "---" at the first start after it
    from game.store import Records
    from game.store.database import connect
    from game.store.schema import MIGRATIONS, migrate

    path = tmp_path / "records.sqlite3"
    records = Records.open(path)
    entered, facts = given_up_after_three_pairs(), GameFacts(seconds=9.0)
    records.save_game(entered, facts)
    records.add_game_score(entered, facts, "ABC")
    records.save_game(given_up_after_three_pairs(), GameFacts(seconds=8.0))
    no_facts = GameFacts(seconds=7.0)
    records.save_game(given_up_after_three_pairs(), no_facts)
    records.close()
    old = connect(path)
    old.execute("PRAGMA user_version = 3")  # as an older version left it
    # a replay with no facts at all (restore() reads none as none): marked all the same
    old.execute(
        "UPDATE games SET replay = json_remove(replay, '$.meta') WHERE id = ?",
        (no_facts.record_id,),
    )
    old.commit()
    assert migrate(old, MIGRATIONS) == 3
    old.close()
    again = Records.open(path)
    assert again.enter_missed_scores(LADDER, "---") == []
    (key,) = again.scores.tables()
    assert [e.initials for e in again.scores.top(key)] == ["ABC"]
    latest, kept_out, first = again.history()
    assert again.resume(latest)[1].abandoned and again.resume(kept_out)[1].abandoned
    assert not again.resume(first)[1].abandoned
    again.close()


def test_a_place_lost_with_a_damaged_file_is_not_said_to_be_missed(tmp_path):
    # the scores lost with a damaged file were entered again "under AAA: the game was
    # closed before its initials were entered", of a player who had entered XYZ

    from game.notices import missed_entry_notice
    from game.store import SALVAGED
    from game.store.database import FILE_NAME

    records = won_entry_with_its_table_lost(tmp_path / FILE_NAME)
    assert SALVAGED in [p.kind for p in records.problems]
    records.problems.clear()  # told as the window opens, before the places are entered
    (missed,) = records.enter_missed_scores(LADDER, "AAA")
    words = missed_entry_notice(missed)
    assert "closed before" not in words
    # and as no one's: whose it was went with the tables, and a kiosk's every place went
    # under the last passer-by's initials
    assert words == (
        "Place 1 in the table for Pyramid 52 (deal 8) was entered again under ---: it was"
        " lost with the damaged part of the records file."
    )
    records.close()


@pytest.mark.parametrize("profile_lost", [True, False])
def test_a_salvaged_file_s_tables_are_made_again_from_its_games(
    tmp_path, monkeypatch, profile_lost
):
    # three pages of the file written over: its four games kept, but its tables lost
    # whole, and only the last game's place came back, under "AAA", of a player who had
    # entered FOR; a won deal 8 at 0 points was gone from the table
    import sqlite3

    import pygame

    from game.app import App
    from game.clock import ManualClock
    from game.store import Records
    from game.store.database import FILE_NAME
    from game.store.scores import NO_INITIALS

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    path = tmp_path / "data" / FILE_NAME
    path.parent.mkdir(parents=True)
    records = Records.open(path)
    kept = [(won_game(), 30.0)] + [(random_game("pyramid52", n, 20, seed=n), 60.0) for n in (3, 4)]
    kept.append((random_game("pyramid36", 5, 15, seed=5), 40.0))
    for game, seconds in kept:
        facts = GameFacts(seconds=seconds)
        records.save_game(game, facts)
        records.add_game_score(game, facts, "FOR")
    assisted = random_game("pyramid52", 9, 20, seed=9)
    records.save_game(assisted, GameFacts(hints=1, assisted=True))
    records.set_initials("FOR")
    records.close()
    with sqlite3.connect(path) as conn:  # the tables (and the profile) lost with the damage
        conn.execute("DROP TABLE scores")
        if profile_lost:
            conn.execute("DROP TABLE profile")
    conn.close()
    app = App(size=(800, 600), clock=ManualClock())
    shown: list[str] = []
    monkeypatch.setattr("game.missed_places.show_note", lambda _surface, text: shown.append(text))
    try:
        app.enter_missed_scores()
        assert shown == ["Mending the high-score tables…"]  # a black window read as a hang
        tables = app.records.tables()
        entries = [e for key in tables for e in app.records.top(key)]
        assert len(entries) == 4  # every game's place, none of the assisted game's
        # no one's, the last initials typed kept or not: they were a kiosk's last
        # passer-by's, and every place went under them
        assert {e.initials for e in entries} == {NO_INITIALS}
        assert any(e.deal == 8 and e.figures.remaining_points == 0 for e in entries)
        said = [str(n) for n in app.notices if "entered again" in str(n)]
        assert said == [
            "4 places in the high-score tables were entered again from the games the damaged"
            " records file kept, under ---: whose they were was lost with its tables."
        ]
        app.enter_missed_scores()  # a kiosk's return to its show: once a session
        assert len([n for n in app.notices if "entered again" in str(n)]) == 1
        assert len(shown) == 1  # the screen too: it flashed at each return
    finally:
        app.close()
        pygame.display.quit()


def salvaged_records(tmp_path, fill):
    """Records whose tables were lost with damage after `fill(records)` played into it:
    the file reopened salvaged, its games kept."""
    import sqlite3

    from game.store import Records
    from game.store.database import FILE_NAME

    path = tmp_path / FILE_NAME
    records = Records.open(path)
    fill(records)
    records.close()
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE scores")
    conn.close()
    again = Records.open(path)
    assert again.salvaged
    return again


def played(records, game, mode=None, initials="ABC", **facts):
    kept = GameFacts(mode=mode or "free", seconds=facts.pop("seconds", 30.0), **facts)
    records.save_game(game, kept)
    records.add_game_score(game, kept, initials)
    return kept


def test_a_salvaged_game_is_judged_as_the_records_stood_when_it_began(tmp_path):
    # a daily at place 1, its number played as a free game after; a win, then the same
    # deal again with a hint; a win whose replay was watched after: each lost its place
    from game.store.daily import today_deal
    from game.store.scores import TableKey

    day = today_deal()

    def fill(records):
        daily = random_game("pyramid52", day, 30, seed=1)
        played(records, daily, DAILY)
        played(records, random_game("pyramid52", day, 5, seed=2))
        played(records, won_game())
        played(records, won_game(), hints=1, assisted=True)
        played(records, random_game("pyramid36", 11, 30, seed=3))
        records.note_watched(random_game("pyramid36", 11, 3, seed=4))

    records = salvaged_records(tmp_path, fill)
    missed = records.enter_missed_scores(None, "ABC")
    daily_key = TableKey.of(DAILY, "pyramid52", {"passes": 1})
    assert [e.deal for e in records.top(daily_key)] == [day]
    free = [e.deal for e in records.top(TableKey.of("free", "pyramid52", {"passes": 1}))]
    assert free[0] == 8 and day in free
    assert [e.deal for e in records.top(TableKey.of("free", "pyramid36", {"passes": 1}))] == [11]
    assert len(missed) == 4
    records.close()


def test_a_salvaged_free_table_is_made_again_whole_past_a_deal_won_often(tmp_path):
    # 35 wins of deal 8 filled the candidates: the table came back with 2 entries of 10
    from game.store.scores import TableKey

    def fill(records):
        for _ in range(35):
            played(records, won_game())
        for deal in range(20, 34):  # more deals than the table holds: some pushed out
            played(records, random_game("pyramid52", deal, 40, seed=deal))

    records = salvaged_records(tmp_path, fill)
    missed = records.enter_missed_scores(None, "ABC")
    table = records.top(TableKey.of("free", "pyramid52", {"passes": 1}))
    assert len(table) == 10 and table[0].deal == 8
    assert len(missed) == 10  # the places held, not each one entered on the way
    records.close()


def test_a_salvaged_file_s_arcade_table_is_made_again_from_every_run(tmp_path):
    def fill(records):
        for seconds in (3.0, 5.0):
            run_id = records.start_run(LADDER)
            for game in (won_game(), random_game("pyramid52", 4, 6)):
                facts = GameFacts(mode=ARCADE, arcade_run=run_id, seconds=seconds)
                records.save_game(game, facts)
            records.add_run_score(LADDER, records.run(LADDER, run_id), "RUN")

    records = salvaged_records(tmp_path, fill)
    records.enter_missed_scores(LADDER, "ABC")
    assert len(records.top(records.arcade_key(LADDER))) == 2
    records.close()


def test_a_watch_after_a_game_ended_keeps_no_place_from_it_but_one_in_play_had_it(records):
    # a second window watched deal 8 while this one's win asked its initials: the win
    # entered no table, unsaid
    game, facts = won_game(), GameFacts(seconds=30.0)
    records.save_game(game, facts)
    records.note_watched(won_game())
    assert records.table_for(game, facts) is not None
    assert records.deal_help_before(Game("pyramid52", deal=8)) == "watched-before"
    # a game left in play, its deal's line watched, then continued: it had that help
    waiting = random_game("pyramid52", 30, 3, seed=1, end=False)
    waited = GameFacts(seconds=20.0)
    records.save_game(waiting, waited)
    records.note_watched(Game("pyramid52", deal=30))
    assert records.deal_help_before(waiting, waited.record_id) == "watched-before"


def test_a_salvaged_day_s_game_practised_while_it_waited_stays_out(tmp_path):
    # its number played as a free game while the daily waited, then the daily ended:
    # refused a place then, it got place 1 when the tables were made again
    from game.store.daily import today_deal
    from game.store.scores import TableKey

    day = today_deal()

    def fill(records):
        daily, facts = random_game("pyramid52", day, 10, seed=1, end=False), GameFacts(mode=DAILY)
        records.save_game(daily, facts)
        played(records, random_game("pyramid52", day, 5, seed=2))
        daily.play("resign")
        records.save_game(daily, facts)
        assert records.table_for(daily, facts) is None  # practised: kept out

    records = salvaged_records(tmp_path, fill)
    records.enter_missed_scores(None, "ABC")
    assert records.top(TableKey.of(DAILY, "pyramid52", {"passes": 1})) == []
    records.close()


def test_a_day_s_game_keeps_the_place_its_initials_were_asked_for(records):
    # as its initials were asked, another window played its number as a free game:
    # after OK, "played before: it stays out", and the day's table empty
    from game.store.daily import today_deal
    from game.store.scores import TableKey

    day = today_deal()
    daily, facts = random_game("pyramid52", day, 30, seed=1), GameFacts(mode=DAILY)
    records.save_game(daily, facts)
    assert records.entry_position(daily, facts) == 1
    records.save_game(random_game("pyramid52", day, 5, seed=2), GameFacts())  # the other
    assert records.add_game_score(daily, facts, "DAY") == 1
    assert [e.initials for e in records.top(TableKey.of(DAILY, "pyramid52", {"passes": 1}))] == [
        "DAY"
    ]


def test_a_deal_watched_again_is_watched_since_its_first_watch(records):
    # the list kept the latest watch's time: a game ended between two watches of its
    # deal had the first's help, which the second's time wiped
    game = random_game("pyramid52", 8, 3, seed=1, end=False)
    facts = GameFacts()
    records.note_watched(Game("pyramid52", deal=8))
    records.save_game(game, facts)
    game.play("resign")
    records.save_game(game, facts)
    records.note_watched(Game("pyramid52", deal=8))
    assert records.deal_help_before(game, facts.record_id) == "watched-before"


def test_a_salvaged_deal_s_place_is_its_first_win_where_later_ones_had_help_before(tmp_path):
    # a win, a game of its deal with a hint, then faster wins, kept out for that hint:
    # the first win's place was lost where only two of the deal's games were tried
    from game.store.scores import TableKey

    def fill(records):
        played(records, won_game(), seconds=90.0)
        played(records, won_game(), hints=1, assisted=True)
        for seconds in (20.0, 30.0, 40.0):
            played(records, won_game(), seconds=seconds)

    records = salvaged_records(tmp_path, fill)
    records.enter_missed_scores(None, "ABC")
    (entry,) = records.top(TableKey.of("free", "pyramid52", {"passes": 1}))
    assert entry.deal == 8 and entry.figures.seconds == 90.0
    records.close()


def test_a_salvaged_table_is_made_again_whole_past_its_best_deal_kept_out(tmp_path):
    # the best deal's win stays out (the solver's hint came in an earlier game of it):
    # the candidates were the best ten deals alone, and the table came back with nine
    from game.store.scores import TableKey

    def fill(records):
        for deal in range(20, 34):
            played(records, random_game("pyramid52", deal, 40, seed=deal))
        played(records, random_game("pyramid52", 8, 5), hints=1, assisted=True, assisted_by="hint")
        played(records, won_game())  # the last game: no missed place of its own either

    records = salvaged_records(tmp_path, fill)
    records.enter_missed_scores(None, "ABC")
    table = records.top(TableKey.of("free", "pyramid52", {"passes": 1}))
    assert len(table) == 10 and 8 not in [entry.deal for entry in table]
    records.close()


def test_one_place_salvaged_is_said_as_itself_and_several_in_one_notice():
    # the menu's notices: a salvaged file's one place named, with its table; two or
    # more said once, counted (one each filled the notices); a game closed before its
    # initials said beside them, each in its own
    from game.notices import missed_entry_notices
    from game.store.score_keeping import MissedEntry

    salvaged = [MissedEntry("pyramid52", 8, n, "---", salvaged=True) for n in (1, 2, 3)]
    missed = [MissedEntry("pyramid52", 4, 2, "ЖУК"), MissedEntry(None, None, 3, "ЖУК")]

    def said(entries):
        return [str(notice) for notice in missed_entry_notices(entries)]

    assert said(salvaged[:1]) == [
        "Place 1 in the table for Pyramid 52 (deal 8) was entered again under ---: it was"
        " lost with the damaged part of the records file."
    ]
    assert said(salvaged[:2] + missed) == [
        "2 places in the high-score tables were entered again from the games the damaged"
        " records file kept, under ---: whose they were was lost with its tables.",
        "Place 2 in the table for Pyramid 52, deal 4, was recorded under ЖУК: the game was"
        " closed before its initials were entered.",
        "Place 3 in the arcade table was recorded under ЖУК: the last run was closed before"
        " its initials were entered.",
    ]
    assert said(salvaged)[0].startswith("3 places in the high-score tables were entered again")
    assert len(said(missed)) == 2
    assert said([MissedEntry(None, None, 4, "---", salvaged=True)]) == [
        "Place 4 in the arcade table was entered again under ---: it was lost with the"
        " damaged part of the records file."
    ]


def test_a_broken_arcade_file_leaves_the_other_places_missed_entered_and_said(
    tmp_path, monkeypatch
):
    # arcade.toml broken: the arcade says so when it is opened, and the start goes on;
    # the place a free game missed is still entered and said in the menu's notices
    import pygame

    from game.app import App
    from game.clock import ManualClock
    from game.rules import LevelError
    from game.store import Records
    from game.store.database import FILE_NAME

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    path = tmp_path / "data" / FILE_NAME
    path.parent.mkdir(parents=True)
    records = Records.open(path)
    records.save_game(won_game(), GameFacts(seconds=30.0))  # closed before its initials
    records.set_initials("ABC")
    records.close()

    def broken_ladder():
        raise LevelError("arcade.toml: kind must be 'ladder'")

    monkeypatch.setattr("game.missed_places.load_ladder", broken_ladder)
    app = App(size=(800, 600), clock=ManualClock())
    try:
        (missed,) = app.enter_missed_scores()
        assert (missed.ruleset, missed.place, missed.initials) == ("pyramid52", 1, "ABC")
        assert (
            "Place 1 in the table for Pyramid 52, deal 8, was recorded under ABC: the game was"
            " closed before its initials were entered."
        ) in [str(n) for n in app.notices]
    finally:
        app.close()
        pygame.display.quit()
