"""The settings file's edges a mutation round found untested: the system's language
where LC_ALL says nothing, a new player's defaults, files that are JSON but no object,
and the window's size kept at the close over a file that changed or cannot be read."""

import json
import locale
import math
from pathlib import Path

import pytest

from game.settings import Settings, SettingsStore

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@pytest.fixture
def no_locale_variables(monkeypatch):
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_lc_messages_names_the_language_over_lang(no_locale_variables):
    # POSIX: the messages' language is LC_ALL's, else LC_MESSAGES', else LANG's
    no_locale_variables.setenv("LC_MESSAGES", "ru_RU.UTF-8")
    no_locale_variables.setenv("LANG", "en_GB.UTF-8")
    assert Settings().language == "ru"


def test_an_empty_lc_all_is_passed_over(no_locale_variables):
    # `LC_ALL=` set empty, as many shells' profiles leave it, says nothing: LANG speaks
    no_locale_variables.setenv("LC_ALL", "")
    no_locale_variables.setenv("LANG", "ru_RU.UTF-8")
    assert Settings().language == "ru"


@pytest.mark.parametrize(("code", "spoken"), [("ru_RU", "ru"), ("en_US", "en"), (None, "en")])
def test_with_no_locale_variable_the_system_s_locale_speaks(no_locale_variables, code, spoken):
    no_locale_variables.setattr(locale, "getlocale", lambda *a: (code, "UTF-8"))
    assert Settings().language == spoken


def test_a_locale_variable_in_capitals_is_read_alike(no_locale_variables):
    no_locale_variables.setenv("LANG", "RU_RU.UTF-8")
    assert Settings().language == "ru"


def test_a_new_player_s_settings(tmp_path):
    # no file yet: what the game starts with (the volume's 0.8 is -4 dB, see
    # audio.sounds.gain_for), written whole at the first change
    loaded = SettingsStore(tmp_path / "settings.json").load()
    assert {k: v for k, v in vars(loaded).items() if k != "language"} == {
        "volume": 0.8,
        "muted": False,
        "animation_speed": 1.0,
        "four_colour": False,
        "fullscreen": False,
        "card_back": "classic",
        "card_letters": "language",
        "large_corners": False,
        "winnable_only": False,
        "show_verdict": True,
        "show_playable": True,
        "window": [],
        "maximised": False,
    }


@pytest.mark.parametrize("volume", [math.nan, math.inf, -math.inf])
def test_a_volume_that_is_no_number_is_the_default(volume):
    assert Settings(volume=volume).volume == 0.8


def test_the_deck_is_the_suits_the_back_the_letters_and_the_corners():
    deck = Settings(language="en", four_colour=True, card_back="green", large_corners=False).deck
    assert deck == (True, "green", "latin", False)
    deck = Settings(language="ru", four_colour=False, large_corners=True).deck
    assert deck == (False, "classic", "russian", True)


@pytest.mark.parametrize("text", ["[]", '["volume", 0.2]', '"settings"', "3", "null", "true"])
def test_a_file_of_json_that_is_no_object_is_set_aside(tmp_path, text):
    # read as settings, a list had no .get: the game ended at every start
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert store.notice is not None and store.notice.startswith("settings.json.broken-")
    assert (tmp_path / store.notice).read_text(encoding="utf-8") == text
    assert not path.exists()


def test_a_file_made_a_list_since_it_was_read_is_saved_over(tmp_path):
    # another program's write: the save merged a list into the settings, TypeError
    path = tmp_path / "settings.json"
    store = SettingsStore(path)
    settings = store.load()
    path.write_text("[1, 2]", encoding="utf-8")
    settings.four_colour = True
    store.save(settings)
    assert store.problem is None
    assert SettingsStore(path).load() == settings


def unreadable(monkeypatch, path: Path) -> None:
    """`path` refuses to be read as the game reads it (permissions)."""
    real_open = Path.open

    def not_permitted(self, mode="r", *args, **kwargs):
        if self == path and mode == "rb":
            raise PermissionError(13, "Permission denied")
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", not_permitted)


def test_a_file_that_cannot_be_read_keeps_no_window_size_and_the_close_goes_on(
    tmp_path, monkeypatch
):
    # its notice says the settings last until the game closes: the close then tried
    # to read the file it had let go, and ended in a TypeError
    path = tmp_path / "settings.json"
    text = json.dumps({"volume": 0.3})
    path.write_text(text, encoding="utf-8")
    unreadable(monkeypatch, path)
    store = SettingsStore(path)
    settings = store.load()
    store.keep_window_left(settings, (1000, 700), (800, 600), True)
    store.keep_window([1000, 700], True)
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("text", ["{ being edited", "[1, 2]"])
def test_the_window_s_size_is_not_kept_over_a_file_that_went_bad_since(tmp_path, text):
    # a file the player is editing by hand, broken mid-edit, or one another program
    # made a list: the size is only a convenience, the file is theirs
    path = tmp_path / "settings.json"
    store = SettingsStore(path)
    settings = store.load()
    path.write_text(text, encoding="utf-8")
    store.keep_window_left(settings, (1000, 700), (800, 600), False)
    assert path.read_text(encoding="utf-8") == text


def test_a_window_left_as_it_opened_leaves_the_file_as_it_is(tmp_path):
    # nothing of the window changed: the player's file, laid out by hand, is not
    # written again at every close (nor made, for a player who changed nothing)
    path = tmp_path / "settings.json"
    text = '{"volume": 0.5,\n  "window": [1000, 700]}\n'
    path.write_text(text, encoding="utf-8")
    store = SettingsStore(path)
    settings = store.load()
    store.keep_window_left(settings, (1280, 800), (1280, 800), False)
    assert path.read_text(encoding="utf-8") == text
    fresh = tmp_path / "new" / "settings.json"
    store = SettingsStore(fresh)
    store.keep_window_left(store.load(), (1280, 800), (1280, 800), False)
    assert not fresh.exists()


def test_a_window_resized_is_kept_at_its_size_and_the_other_settings_stay(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 0.5, "four_colour": True}), encoding="utf-8")
    store = SettingsStore(path)
    settings = store.load()
    store.keep_window_left(settings, (1000, 700), (1280, 800), False)
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "volume": 0.5,
        "four_colour": True,
        "window": [1000, 700],
    }
    assert settings.window == [1000, 700]


@pytest.mark.parametrize("size", [(300, 200), (8000, 700)])
def test_a_window_left_at_a_size_the_settings_refuse_is_not_kept(tmp_path, size):
    # kept, the next start read it back as "could not be read" and said so
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"window": [1000, 700]}), encoding="utf-8")
    store = SettingsStore(path)
    settings = store.load()
    store.keep_window_left(settings, size, (1280, 800), False)
    assert json.loads(path.read_text(encoding="utf-8"))["window"] == [1000, 700]
    again = SettingsStore(path)
    assert again.load().window == [1000, 700] and again.unread == ()


@pytest.mark.parametrize("speed", [3.0, -3, 0.25])
def test_an_animation_speed_the_game_has_not_is_the_normal_pace(tmp_path, speed):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"animation_speed": speed}), encoding="utf-8")
    store = SettingsStore(path)
    assert store.load().animation_speed == 1.0
    assert store.unread == ("animation_speed",)


def test_three_numbers_are_no_window_size():
    assert Settings.from_dict({"window": [800, 600, 700]}).window == []
