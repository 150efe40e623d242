"""The places entered as the game starts, as a mutation round found them untested: under
the initials the start gives (a kiosk's no one's), and under the wheel's first letters
for a player who never typed initials."""

import pygame
import pytest

from game.app import App
from game.clock import ManualClock
from game.store import GameFacts, Records
from game.store.database import FILE_NAME
from game.store.scores import NO_INITIALS
from tests.store.helpers import won_game


@pytest.fixture
def start(tmp_path, monkeypatch):
    """A win closed before its initials, after `initials` were last typed (None: never);
    then the game started again."""
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    path = tmp_path / "data" / FILE_NAME
    path.parent.mkdir(parents=True)
    apps = []

    def started(initials: str | None) -> App:
        records = Records.open(path)
        records.save_game(won_game(), GameFacts(seconds=30.0))
        if initials is not None:
            records.set_initials(initials)
        records.close()
        apps.append(App(size=(800, 600), clock=ManualClock()))
        return apps[-1]

    yield started
    for app in apps:
        app.close()
    pygame.display.quit()


def test_a_kiosk_s_missed_place_goes_under_no_one_not_the_last_passer_by(start):
    app = start("ABC")
    (missed,) = app.enter_missed_scores(NO_INITIALS)
    assert missed.initials == NO_INITIALS


def test_a_player_who_never_typed_initials_gets_the_wheel_s_first_letters(start):
    app = start(None)
    (missed,) = app.enter_missed_scores()
    assert missed.initials == "AAA"
    (key,) = app.records.scores.tables()
    assert app.records.scores.best(key).initials == "AAA"
