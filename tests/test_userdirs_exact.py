"""The player's folders and the game's own data folders, as a mutation round found
them untested: each folder's place, a folder only looked for is not made, a path
"surely missing" only where that can be known, and a data folder that is a file."""

import os
from pathlib import Path

import platformdirs
import pytest

from game import paths, userdirs


def test_piramida_home_holds_each_folder_under_its_own_name(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    found = {
        "config": userdirs.config_dir(),
        "data": userdirs.data_dir(),
        "state": userdirs.state_dir(),
        "replays": userdirs.replays_dir(),
    }
    assert found == {name: tmp_path / name for name in found}
    assert all(folder.is_dir() for folder in found.values())


def test_a_folder_only_looked_for_is_not_made(tmp_path, monkeypatch):
    # the records ask whether the data folder is there before reading: asking made it
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    assert userdirs.data_dir(make=False) == tmp_path / "data"
    assert userdirs.config_dir(make=False) == tmp_path / "config"
    assert list(tmp_path.iterdir()) == []


def test_each_folder_is_the_platform_s_own_without_piramida_home(tmp_path, monkeypatch):
    monkeypatch.delenv("PIRAMIDA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("CONFIG", "DATA", "STATE"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    assert userdirs.config_dir() == tmp_path / "config" / "piramida"
    assert userdirs.data_dir() == tmp_path / "data" / "piramida"
    assert userdirs.state_dir() == tmp_path / "state" / "piramida"
    # exported replays in a folder of the game's own among the player's documents
    replays = userdirs.replays_dir()
    assert replays == Path(platformdirs.user_documents_dir()) / "Piramida"


def test_a_path_is_surely_missing_only_where_its_folder_can_be_looked_into(tmp_path, monkeypatch):
    there = tmp_path / "there"
    there.write_text("", encoding="utf-8")
    assert userdirs.surely_missing(tmp_path / "a" / "b")
    assert not userdirs.surely_missing(there)
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode: False if Path(p) == tmp_path else real_access(p, mode)
    )
    # a folder that cannot be searched (told so: root searches any folder, whatever its mode)
    assert not userdirs.surely_missing(tmp_path / "hidden")


def test_a_parent_that_cannot_be_looked_into_is_no_proof(tmp_path, monkeypatch):
    def refused(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "exists", refused)
    assert not userdirs.surely_missing(tmp_path / "data" / "records.sqlite")


@pytest.mark.parametrize("name", ["LEVELS_DIR", "FONTS_DIR", "LOCALE_DIR"])
def test_each_data_folder_missing_or_a_file_is_named(tmp_path, monkeypatch, name):
    assert paths.missing_data() is None
    monkeypatch.setattr(paths, name, tmp_path / "gone")
    assert paths.missing_data() == tmp_path / "gone"
    a_file = tmp_path / "a_file"
    a_file.write_text("", encoding="utf-8")
    monkeypatch.setattr(paths, name, a_file)
    assert paths.missing_data() == a_file


def test_a_damaged_file_outside_the_source_is_named_whole():
    outside = Path("/opt/elsewhere/ru.toml")
    assert paths.mend(outside) == paths.HOW_TO_MEND.replace("FILE", str(outside))
    inside = paths.LOCALE_DIR / "ru.toml"
    assert paths.mend(inside).endswith("(`git checkout -- assets/locale/ru.toml` in a clone)")


def test_an_empty_piramida_home_is_no_home(tmp_path, monkeypatch):
    # `PIRAMIDA_HOME=` left empty put the player's files under the folder the game
    # happened to be started from
    monkeypatch.setenv("PIRAMIDA_HOME", "")
    for name in ("CONFIG", "DATA", "STATE"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    started_in = tmp_path / "started_in"
    started_in.mkdir()
    monkeypatch.chdir(started_in)
    assert userdirs.config_dir() == tmp_path / "config" / "piramida"
    assert userdirs.state_dir() == tmp_path / "state" / "piramida"
    assert list(started_in.iterdir()) == []
