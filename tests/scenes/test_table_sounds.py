"""What the table lets the player hear: each kind of move its own sound, the end after
the move that made it."""

import pygame

from game.audio import SOUND_NAMES
from game.rules import Game
from tests.scenes.test_table import click_move, open_table
from tests.store.helpers import DEAL_8_WIN


def listen(app, monkeypatch) -> list[str]:
    """The sounds the table asks for, in order; a sound queued to follow is marked '+'."""
    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", lambda name: heard.append(name) or True)
    monkeypatch.setattr(app.sounds, "play_next", lambda name: heard.append("+" + name))
    return heard


def test_undo_has_a_sound_of_its_own_not_the_pick_up(app, driver, monkeypatch):
    # an undo played the tick of a card taken up
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    heard = listen(app, monkeypatch)
    click_move(driver, scene, DEAL_8_WIN[0])
    driver.key(pygame.K_u)
    driver.settle(0.3)
    assert heard[-1] == "undo" and "pick" not in heard[1:]
    assert scene.game.moves == []


def test_the_win_follows_the_winning_pair_rather_than_covering_it(app, driver, monkeypatch):
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    for text in DEAL_8_WIN[:-1]:
        click_move(driver, scene, text)
    heard = listen(app, monkeypatch)
    click_move(driver, scene, DEAL_8_WIN[-1])
    assert scene.game.won
    assert heard[-2:] == ["pair", "+win"]


def test_a_deal_is_heard_with_the_animations_off_too(app, driver, monkeypatch):
    # at speed 0 the deal was silent, while every move still sounded
    from game.scenes.table import TableScene

    app.settings.animation_speed = 0.0
    heard = listen(app, monkeypatch)
    app.switch(TableScene(app, Game("pyramid52", deal=8)), fade=False)
    driver.settle(0.5)
    assert heard[:1] == ["deal"]


def test_a_finish_cascade_rings_its_bells_up_the_scale_in_turn(app, driver, monkeypatch):
    # one bell a hundred times over, a card every 0.28 s, was a chore to hear
    from game.audio import CASCADE_BELLS
    from tests.scenes.test_table_input_edges import finishing_table

    scene = finishing_table(app, driver)
    heard = listen(app, monkeypatch)
    driver.click(scene.buttons["finish"].rect.center)
    driver.settle(3.0)
    bells = [name for name in heard if name.startswith("home")]
    assert len(bells) >= 6
    # from home's own, whatever the cascade's length (it began where its count fell)
    assert bells == [CASCADE_BELLS[i % len(CASCADE_BELLS)] for i in range(len(bells))]


def test_with_the_animations_off_the_bells_rung_still_go_up_the_scale(app, driver, monkeypatch):
    # a bell asked at once after another is not rung (SAME_SOUND_GAP_S), and the count
    # went on regardless: 77 of 104 dropped, the scale came out at random
    from game.audio import CASCADE_BELLS
    from tests.scenes.test_table_input_edges import finishing_table

    scene = finishing_table(app, driver)
    app.settings.animation_speed = 0.0
    asked: list[str] = []

    def play(name: str) -> bool:  # every third bell asked is rung: the others too soon
        asked.append(name)
        return len(asked) % 3 == 0

    monkeypatch.setattr(app.sounds, "play", play)
    driver.click(scene.buttons["finish"].rect.center)
    driver.settle(3.0)
    rung = [name for i, name in enumerate(asked, 1) if i % 3 == 0 and name.startswith("home")]
    assert len(rung) >= 6
    assert rung == [CASCADE_BELLS[i % len(CASCADE_BELLS)] for i in range(len(rung))]


def test_m_turns_the_sound_off_and_on_at_the_table_and_keeps_it(app, driver, monkeypatch):
    # only the menu's Settings could silence a sudden sound: Menu, Settings, Mute,
    # Back, Continue
    import json

    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key(pygame.K_m)
    assert app.settings.muted and app.sounds.muted
    assert json.loads(app.store.path.read_text(encoding="utf-8"))["muted"] is True
    assert "M turns it on again" in scene.status  # seen, where a sound cannot say it
    heard = listen(app, monkeypatch)
    driver.key(pygame.K_m)
    assert not app.settings.muted and not app.sounds.muted and scene.status == "Sound on."
    assert heard == ["place"]  # a sound to hear it is back
    assert json.loads(app.store.path.read_text(encoding="utf-8"))["muted"] is False
    assert scene.game.moves == []  # no move made by it
    driver.key(pygame.K_m, mod=pygame.KMOD_CTRL)  # Ctrl+M is not M
    assert not app.settings.muted


def test_m_at_a_table_with_no_sound_device_says_so(app, driver, monkeypatch):
    # "Sound on." and then silence: the player looked for the fault in the game
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    driver.key(pygame.K_m)
    monkeypatch.setattr(type(app.sounds), "available", property(lambda sounds: False))
    driver.key(pygame.K_m)
    assert not app.settings.muted and scene.status == "Sound on, but no sound device was found."


def test_m_says_why_the_sound_turned_on_is_not_heard(app, driver, monkeypatch):
    # "Sound on." at 0% volume, or over a confirming sound whose file was damaged: silence
    scene = open_table(app, driver, Game("pyramid52", deal=8))
    app.settings.volume = 0.0
    driver.key(pygame.K_m)
    driver.key(pygame.K_m)
    assert scene.status == "Sound on, but the volume is at 0: Settings turn it up."
    app.settings.volume = 0.5
    monkeypatch.setattr(type(app.sounds), "unloaded", property(lambda s: ("place.wav",)))
    driver.key(pygame.K_m)
    driver.key(pygame.K_m)
    assert scene.status == "Sound on, but some of its files could not be loaded."
    every = tuple(f"{name}.wav" for name in SOUND_NAMES)  # not "some" of them
    monkeypatch.setattr(type(app.sounds), "unloaded", property(lambda s: every))
    driver.key(pygame.K_m)
    driver.key(pygame.K_m)
    assert scene.status == "Sound on, but its files could not be loaded."


def test_sound_files_that_could_not_be_loaded_are_a_notice_at_the_start(monkeypatch, tmp_path):
    # only the log said so: the game played on with its win silent, the player none the
    # wiser
    from game.app import App
    from game.audio import Sounds
    from game.clock import ManualClock

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    monkeypatch.setattr(Sounds, "available", property(lambda s: True))
    monkeypatch.setattr(Sounds, "unloaded", property(lambda s: ("pair.wav", "win.wav")))
    app = App(size=(800, 600), clock=ManualClock())
    try:
        assert (
            "The sound files pair.wav, win.wav could not be loaded: those sounds stay silent."
            " Installing the game again brings them back."
        ) in [str(n) for n in app.notices]
    finally:
        app.close()


def test_m_stops_no_demo_and_takes_no_question_away(app, driver):
    from tests.scenes.test_table import wait_for_analysis

    scene = open_table(app, driver, Game("pyramid52", deal=8))
    wait_for_analysis(scene, driver)
    driver.key_twice(pygame.K_d)
    assert scene.demo
    driver.key(pygame.K_m)
    assert scene.demo and app.settings.muted
    driver.key(pygame.K_d)  # the player takes over
    driver.key(pygame.K_g)
    assert "again" in scene.status
    driver.key(pygame.K_m)
    driver.pause()
    driver.key(pygame.K_g)  # G's question was still up: the second G answers it
    assert scene.game.over


def test_a_tap_that_slipped_unreported_is_heard_once(app, driver, monkeypatch):
    # let go 10 px off with no motion between: the drag begun at the release ticked
    # a pick-up of its own before the tap's
    from tests.scenes.test_table import centre
    from tests.scenes.test_table_input_edges import flick

    scene = open_table(app, driver, Game("pyramid52", deal=1))
    heard = listen(app, monkeypatch)
    start = centre(scene, "p7.5")
    flick(app, driver, start, (start[0] + 10, start[1]), finger=False)
    assert scene.selected == "p7.5" and heard == ["pick"]
