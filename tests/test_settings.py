"""Settings persist, and a broken settings file is set aside with a notice, never a crash."""

import json

from game.settings import Settings, SettingsStore


def test_settings_round_trip(tmp_path):
    store = SettingsStore(tmp_path / "settings.json")
    store.save(Settings(language="ru", volume=0.3, four_colour=True, card_back="blue"))
    loaded = store.load()
    assert (loaded.language, loaded.volume, loaded.four_colour, loaded.card_back) == (
        "ru",
        0.3,
        True,
        "blue",
    )
    assert store.notice is None


def test_a_broken_settings_file_is_set_aside_and_defaults_are_used(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{ this is not json", encoding="utf-8")
    store = SettingsStore(path)
    loaded = store.load()
    assert loaded == Settings(language=loaded.language)
    assert not path.exists()
    aside = list(tmp_path.glob("settings.json.broken-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{ this is not json"
    assert store.notice == aside[0].name


def test_wrong_values_fall_back_to_defaults_one_by_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps({"volume": "loud", "four_colour": True, "card_back": "purple", "x": 1}),
        encoding="utf-8",
    )
    loaded = SettingsStore(path).load()
    assert loaded.volume == Settings().volume and loaded.four_colour is True
    assert loaded.card_back == "classic"


def test_the_app_starts_with_a_broken_settings_file_and_says_so(tmp_path, monkeypatch):
    from game.app import App, ManualClock

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_bytes(b"\xff\xfe\x00garbage")
    app = App(size=(800, 600), clock=ManualClock())
    try:
        assert any("set aside" in n for n in app.notices)
    finally:
        app.close()
