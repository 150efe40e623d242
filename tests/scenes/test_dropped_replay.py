"""A replay file dropped onto the window plays back: a friend's proof of a score, sent
to a player with no terminal to run `piramida watch` in, could not be opened at all."""

import json

import pygame
import pytest

from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from game.scenes.watch import WatchScene
from tests.store.helpers import random_game, won_game

pytestmark = pytest.mark.usefixtures("english")


def drop(app, driver, path) -> None:
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    driver.settle(1.0)


def test_a_replay_dropped_on_a_table_plays_back_and_the_game_waits(app, driver, tmp_path):
    game = random_game("pyramid52", 3, 4, seed=1, end=False)
    app.switch(TableScene(app, game), fade=False)
    driver.settle(0.5)
    sent = tmp_path / "реплей от друга.json"
    sent.write_text(json.dumps(won_game().to_replay(result=True)), "utf-8")
    drop(app, driver, sent)
    assert isinstance(app.scene, WatchScene)
    assert app.scene.game.deal_number == 8
    assert app.records.unfinished() is not None  # the game left is kept, to continue
    app.scene.back()
    driver.settle(1.0)
    assert isinstance(app.scene, MenuScene)


@pytest.mark.parametrize(
    "text", ["{", '{"version": 1, "ruleset": "pyramid52"}', "", "not a replay at all"]
)
def test_a_file_that_is_no_replay_is_said_in_the_menu(app, driver, tmp_path, text):
    sent = tmp_path / "picture.json"
    sent.write_text(text, "utf-8")
    drop(app, driver, sent)
    assert isinstance(app.scene, MenuScene)
    assert str(app.notices[0]).startswith("The file “picture.json” cannot be shown")


def test_a_folder_a_file_gone_or_a_pipe_is_said_too(app, driver, tmp_path):
    import os

    drop(app, driver, tmp_path)
    assert "cannot be shown" in str(app.notices[0])
    drop(app, driver, tmp_path / "gone.json")
    # a pipe's reading waited for a writer, the window frozen
    os.mkfifo(tmp_path / "pipe")
    drop(app, driver, tmp_path / "pipe")
    assert len([n for n in app.notices if "cannot be shown" in str(n)]) == 3


@pytest.mark.parametrize("name", ["/tmp/\udcff.json", "/tmp/a\0b.json"])
def test_a_file_whose_name_text_cannot_draw_is_said_all_the_same(app, driver, name):
    # an undecodable byte (a lone surrogate) or a NUL in the name made the font raise at
    # the menu's next drawing, and the window closed
    drop(app, driver, name)
    driver.settle(0.5)
    assert isinstance(app.scene, MenuScene)
    said = str(app.notices[0])
    assert "cannot be shown" in said and "\0" not in said
    said.encode("utf-8")  # no lone surrogate left


def test_a_file_dropped_on_the_initials_keeps_the_place_under_the_letters_shown(
    app, driver, tmp_path
):
    # the drop left the initials at once: the letters typed were lost, and the place
    # entered at the next start under the last ones, or never
    from game.scenes.initials import InitialsScene
    from tests.scenes.test_records_flow import win

    win(app, driver)
    initials = app.scene
    assert isinstance(initials, InitialsScene)
    for key in (pygame.K_x, pygame.K_y, pygame.K_z):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=chr(key)))
        driver.frames(1)
    sent = tmp_path / "replay.json"
    sent.write_text(json.dumps(won_game().to_replay(result=True)), "utf-8")
    drop(app, driver, sent)
    assert isinstance(app.scene, WatchScene)
    (key,) = app.records.tables()
    assert [e.initials for e in app.records.top(key)] == ["XYZ"]


def test_a_file_that_is_no_replay_dropped_on_a_table_is_said_there(app, driver, tmp_path):
    # the player was taken off the table to the menu to read it
    game = random_game("pyramid52", 3, 4, seed=1, end=False)
    table = TableScene(app, game)
    app.switch(table, fade=False)
    driver.settle(0.5)
    sent = tmp_path / "photo.jpg"
    sent.write_bytes(b"\xff\xd8\xff\xe0")
    drop(app, driver, sent)
    assert app.scene is table and not app.notices
    assert table.status.startswith("The file “photo.jpg” cannot be shown")


def test_of_files_dropped_together_the_replay_among_them_plays(app, driver, tmp_path):
    # a friend's replay and a picture dropped at once: the last, the picture, was said
    picture = tmp_path / "photo.jpg"
    picture.write_bytes(b"\xff\xd8\xff\xe0")
    sent = tmp_path / "replay.json"
    sent.write_text(json.dumps(won_game().to_replay(result=True)), "utf-8")
    for event in (
        pygame.event.Event(pygame.DROPBEGIN),
        pygame.event.Event(pygame.DROPFILE, file=str(picture)),
        pygame.event.Event(pygame.DROPFILE, file=str(sent)),
        pygame.event.Event(pygame.DROPCOMPLETE),
    ):
        pygame.event.post(event)
    driver.settle(1.0)
    assert isinstance(app.scene, WatchScene) and app.scene.game.deal_number == 8
    assert not app.notices
