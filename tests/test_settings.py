"""Settings persist, and a broken settings file is set aside with a notice, never a crash."""

import json
import os
import time
from dataclasses import asdict
from pathlib import Path

import pytest

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


def test_a_broken_settings_file_that_cannot_be_moved_is_not_said_set_aside(
    tmp_path, monkeypatch, caplog
):
    # a read-only folder: "set aside as settings.json" was said of a file left in place,
    # on the screen and then in the log
    from game.notices import settings_read_notices

    path = tmp_path / "settings.json"
    path.write_text("{ this is not json", encoding="utf-8")

    def read_only(self, target):
        raise PermissionError(30, "Read-only file system")

    monkeypatch.setattr(Path, "replace", read_only)
    store = SettingsStore(path)
    store.load()
    assert path.exists()
    (said,) = settings_read_notices(store.notice, store.unread, path.name)
    assert str(said) == (
        "The settings file settings.json is damaged: the defaults are used until it is"
        " mended or removed."
    )
    assert "left where it is: " in caplog.text and "set aside as" not in caplog.text


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
    from game.app import App
    from game.clock import ManualClock

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_bytes(b"\xff\xfe\x00garbage")
    app = App(size=(800, 600), clock=ManualClock())
    try:
        assert any("set aside" in str(n) for n in app.notices)
    finally:
        app.close()


@pytest.mark.parametrize(
    "text",
    [
        '{"volume": Infinity, "animation_speed": 1e400}',
        '{"volume": NaN}',
        '{"volume": 1' + "0" * 400 + "}",  # an integer too large for a float
    ],
)
def test_numbers_no_setting_can_hold_fall_back_to_defaults(tmp_path, text):
    # each crashed the game at every start (OverflowError), or kept a NaN volume
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    loaded = SettingsStore(path).load()
    assert loaded.volume == Settings().volume and loaded.animation_speed == 1.0


def test_a_file_nested_past_reading_is_set_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[" * 100_000, encoding="utf-8")  # RecursionError at every start
    store = SettingsStore(path)
    assert store.load().volume == Settings().volume
    assert store.notice and not path.exists()


def test_a_byte_order_mark_is_no_damage(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b'\xef\xbb\xbf{"language": "ru", "volume": 0.1}')
    store = SettingsStore(path)
    assert store.load() == Settings(language="ru", volume=0.1)
    assert store.notice is None and path.exists()


def test_settings_saved_as_utf_16_are_read(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes('{"language": "ru", "volume": 0.1}'.encode("utf-16"))
    store = SettingsStore(path)
    assert store.load() == Settings(language="ru", volume=0.1) and store.notice is None


def test_settings_that_cannot_be_kept_are_said_once_and_the_game_runs(tmp_path, monkeypatch):
    from game.app import App
    from game.clock import ManualClock

    blocker = tmp_path / "home"
    blocker.write_text("a file where the folder would go", encoding="utf-8")
    monkeypatch.setenv("PIRAMIDA_HOME", str(blocker))
    app = App(size=(800, 600), clock=ManualClock())  # it crashed: the folder cannot be made
    try:
        said = [n for n in app.notices if "settings cannot be saved" in str(n)]
        assert len(said) == 1
        app.settings.volume = 0.3
        app.apply_settings()  # in effect for the session, and not said again
        assert app.sounds.volume == 0.3
        assert len([n for n in app.notices if "settings cannot be saved" in str(n)]) == 1
    finally:
        app.close()


def test_a_settings_save_that_fails_is_said(tmp_path):
    folder = tmp_path / "config"
    folder.mkdir()
    store = SettingsStore(folder / "settings.json")
    store.load()
    (folder / f"settings.json.{os.getpid()}.tmp").mkdir()  # the write cannot happen
    store.save(Settings(volume=0.2))
    assert store.problem
    store.problem = None
    store.save(Settings(volume=0.3))
    assert store.problem is None  # said once a session


def test_a_settings_file_that_cannot_be_read_is_never_written_over(tmp_path, monkeypatch):
    # its notice said the settings last until the game closes; a change replaced the file
    from pathlib import Path

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "ru", "volume": 0.3}), encoding="utf-8")
    real_open = Path.open

    def not_permitted(self, mode="r", *args, **kwargs):
        if self == path and mode == "rb":  # as the game reads it; the test reads text
            raise PermissionError(13, "Permission denied")
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", not_permitted)
    store = SettingsStore(path)
    assert store.load() == Settings() and store.problem == "Permission denied"
    assert store.problem_reading  # said as not read, where "cannot be saved" was said
    store.save(Settings(volume=0.9))
    assert json.loads(path.read_text(encoding="utf-8"))["volume"] == 0.3


def test_the_faces_letters_are_the_language_s_until_a_style_is_chosen():
    # Russian words over "A = 1, K = 13" and "убрать K♣": the packs a Russian player
    # knows print Т К Д В
    assert Settings(language="ru").letters == "russian"
    assert Settings(language="en").letters == "latin"
    assert Settings(language="ru").deck[2] == "russian"  # the faces as drawn
    assert Settings(language="ru", card_letters="latin").letters == "latin"
    assert Settings(language="en", card_letters="russian").letters == "russian"
    assert Settings(language="ru", card_letters="greek").letters == "russian"


def test_settings_of_the_wrong_type_are_said_to_be_back_to_their_defaults(tmp_path):
    # a file edited by hand lost its values unsaid, and stayed as it was
    path = tmp_path / "settings.json"
    path.write_text(
        '{"language": 5, "volume": "loud", "muted": true, "animation_speed": -3, "zzz": 1}',
        encoding="utf-8",
    )
    store = SettingsStore(path)
    loaded = store.load()
    assert loaded.muted and loaded.volume == Settings().volume
    assert store.unread == ("language", "volume", "animation_speed")  # not a future key
    good = tmp_path / "good.json"
    SettingsStore(good).save(Settings(language="ru", volume=0.3, animation_speed=2.0))
    store = SettingsStore(good)
    store.load()
    assert store.unread == ()  # the game's own file, read back whole


def test_the_menu_says_which_settings_went_back_to_their_defaults(tmp_path, monkeypatch):
    from game.app import App
    from game.clock import ManualClock

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    SettingsStore().path.write_text('{"volume": "loud"}', encoding="utf-8")
    app = App(size=(800, 600), clock=ManualClock())
    try:
        said = [str(n) for n in app.notices]
        assert (
            "settings.json: “Volume” (volume) could not be read and went back to its default."
            in said
        )
    finally:
        app.close()


def test_settings_gone_back_to_their_defaults_are_named_as_settings_names_them(
    tmp_path, monkeypatch
):
    # «не удалось прочитать volume, four_colour»: the file's English keys alone, in a
    # Russian sentence (the window's too, which has no row)
    from game import i18n
    from game.app import App
    from game.clock import ManualClock

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    SettingsStore().path.write_text(
        '{"language": "ru", "animation_speed": "fast", "four_colour": 3, "window": "big"}',
        encoding="utf-8",
    )
    app = App(size=(800, 600), clock=ManualClock())
    try:
        said = [str(n) for n in app.notices]
        assert (
            "settings.json: не удалось прочитать «Анимация» (animation_speed),"
            " «Четырёхцветные масти» (four_colour), «Размер окна» (window) — взяты значения"
            " по умолчанию."
        ) in said
    finally:
        app.close()
        i18n.set_language("en")


def test_a_settings_file_too_large_to_be_settings_is_set_aside_unread(tmp_path):
    # read whole: one pointed at /dev/zero filled the memory at every start
    path = tmp_path / "settings.json"
    path.symlink_to("/dev/zero")
    store = SettingsStore(path)
    assert store.load() == Settings(language=store.load().language)
    assert store.notice is not None and store.notice.startswith("settings.json.broken-")
    big = tmp_path / "big" / "settings.json"
    big.parent.mkdir()
    big.write_text(json.dumps({"volume": 0.2, "pad": " " * (2 << 20)}), encoding="utf-8")
    assert SettingsStore(big).load().volume == Settings().volume
    assert not big.exists()


def test_a_read_only_settings_file_is_not_written_over(tmp_path):
    # a rename over it ignored its mode: new values, and the file writable again
    path = tmp_path / "settings.json"
    store = SettingsStore(path)
    store.save(Settings(volume=0.8))
    path.chmod(0o444)
    store.save(Settings(volume=0.1))
    assert json.loads(path.read_text(encoding="utf-8"))["volume"] == 0.8
    assert path.stat().st_mode & 0o777 == 0o444
    assert store.problem == "the file is read-only"


@pytest.mark.parametrize(
    ("window", "kept"),
    [
        ([1100, 650], [1100, 650]),
        ([1, 2], []),  # no window of the game's
        ([800, "600"], []),
        ([True, 600], []),  # JSON's true is no number of pixels
        ([800, 600, 1], []),
        ([16384, 600], []),  # past any screen: a window of gigabytes
        ("800x600", []),
    ],
)
def test_the_window_s_size_kept_is_read_only_when_it_is_one(window, kept):
    assert Settings.from_dict({"window": window}).window == kept


def test_a_setting_changed_in_one_window_is_not_put_back_by_another(tmp_path):
    # each window wrote its whole settings: four-colour suits turned off in one came
    # back on at the other's next change of its own
    path = tmp_path / "settings.json"
    SettingsStore(path).save(Settings(four_colour=True, animation_speed=1.0))
    first, second = SettingsStore(path), SettingsStore(path)
    a, b = first.load(), second.load()
    b.four_colour = False
    second.save(b)
    a.animation_speed = 0.5
    first.save(a)
    kept = SettingsStore(path).load()
    assert (kept.four_colour, kept.animation_speed) == (False, 0.5)
    a.animation_speed = 2.0  # the first window's own change, again, still goes in
    first.save(a)
    assert SettingsStore(path).load() == Settings(four_colour=False, animation_speed=2.0)


def test_a_save_over_a_broken_or_missing_file_writes_the_settings_whole(tmp_path):
    path = tmp_path / "settings.json"
    store = SettingsStore(path)
    settings = store.load()
    settings.volume = 0.3
    store.save(settings)
    assert SettingsStore(path).load() == settings
    path.write_text("{not json", encoding="utf-8")
    store.save(settings)
    assert json.loads(path.read_text(encoding="utf-8")) == asdict(settings)


def test_two_windows_with_no_file_at_their_start_keep_each_other_s_change(tmp_path):
    # a new player has no file until a first change: each window then took every
    # setting as its own change, and the last save put the other's back
    path = tmp_path / "settings.json"
    first, second = SettingsStore(path), SettingsStore(path)
    a, b = first.load(), second.load()
    a.four_colour = not a.four_colour
    first.save(a)
    b.volume = 0.25
    second.save(b)
    kept = SettingsStore(path).load()
    assert (kept.four_colour, kept.volume) == (a.four_colour, 0.25)


def test_a_value_the_file_held_that_could_not_be_read_is_written_over_at_the_next_save(
    tmp_path,
):
    # left in the file for good, its notice came at every start
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "de", "volume": 0.5}), encoding="utf-8")
    store = SettingsStore(path)
    settings = store.load()
    assert store.unread == ("language",)
    settings.volume = 0.4
    store.save(settings)
    again = SettingsStore(path)
    assert again.load() == settings and again.unread == ()


def test_a_settings_file_that_is_a_link_is_written_through_and_keeps_its_mode(tmp_path):
    # the rename put a plain file in the link's place: the player's dotfiles copy it
    # named kept the old settings, and a file kept 600 came back 644
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    kept = dotfiles / "settings.json"
    kept.write_text('{"volume": 0.5}', encoding="utf-8")
    kept.chmod(0o600)
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir()
    path.symlink_to(kept)
    store = SettingsStore(path)
    store.load()
    store.save(Settings(volume=0.2, four_colour=True))
    assert path.is_symlink() and path.resolve() == kept.resolve()
    assert json.loads(kept.read_text(encoding="utf-8"))["four_colour"] is True
    assert kept.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in dotfiles.iterdir()) == ["settings.json"]  # no tmp left
    store.keep_window([1000, 700])
    assert path.is_symlink() and json.loads(kept.read_text(encoding="utf-8"))["window"] == [
        1000,
        700,
    ]


def test_a_settings_link_made_before_its_folder_is_written_through(tmp_path):
    # dotfiles linked before the game first ran: "cannot be saved (No such file or
    # directory)", where the settings were saved before links were followed
    kept = tmp_path / "dotfiles" / "piramida" / "settings.json"
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir()
    path.symlink_to(kept)
    store = SettingsStore(path)
    store.load()
    store.save(Settings(volume=0.2))
    assert store.problem is None and path.is_symlink()
    assert json.loads(kept.read_text(encoding="utf-8"))["volume"] == 0.2


def test_a_settings_file_linked_to_itself_is_left_as_it_is(tmp_path):
    path = tmp_path / "settings.json"
    path.symlink_to("settings.json")
    store = SettingsStore(path)
    store.load()
    store.save(Settings(volume=0.2))
    assert path.is_symlink() and store.problem is not None


@pytest.mark.parametrize(
    ("lc_all", "lang", "spoken"),
    [("ru_RU.UTF-8", "en_US.UTF-8", "ru"), ("en_GB.UTF-8", "ru_RU.UTF-8", "en")],
)
def test_the_system_s_language_is_the_one_lc_all_names_over_lang(monkeypatch, lc_all, lang, spoken):
    # README: the language "left out: the system's"; LC_ALL overrides LANG for every
    # program of the system, so a player who set it hears the game in it too
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", lc_all)
    monkeypatch.setenv("LANG", lang)
    assert Settings().language == spoken


def test_a_settings_file_without_a_language_it_knows_speaks_the_system_s(tmp_path, monkeypatch):
    # a language the game does not have ("de"), or none at all, is the system's: a
    # Russian desktop must not get an English game from a hand-edited file
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "de", "volume": 0.5}), encoding="utf-8")
    assert SettingsStore(path).load().language == "ru"
    assert SettingsStore(tmp_path / "none.json").load().language == "ru"


def test_a_volume_of_0_in_the_file_is_silence_read_back_as_0(tmp_path):
    # README's example: "volume = 0.5 # 0 (silent) to 1"; a volume set to 0 in
    # Settings must come back 0 at the next start, not a little sound
    path = tmp_path / "settings.json"
    SettingsStore(path).save(Settings(volume=0.0))
    store = SettingsStore(path)
    assert store.load().volume == 0.0 and store.unread == ()
    path.write_text('{"volume": 0}', encoding="utf-8")
    store = SettingsStore(path)
    assert store.load().volume == 0.0 and store.unread == ()


def test_a_volume_past_1_is_read_as_the_loudest_and_said(tmp_path):
    # the volume runs 0 to 1 ("each tenth 2 dB louder"): a file's 1.7 is the top of the
    # slider, never a value past it, and the menu says the file's value was not taken
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 1.7}', encoding="utf-8")
    store = SettingsStore(path)
    assert store.load().volume == 1.0
    assert store.unread == ("volume",)


def test_true_is_no_volume(tmp_path):
    # JSON's true is no number: the volume goes back to its default and the menu names
    # it, as for any other value of the wrong type (it read as 1.0, the loudest, unsaid)
    path = tmp_path / "settings.json"
    path.write_text('{"volume": true, "muted": true}', encoding="utf-8")
    store = SettingsStore(path)
    loaded = store.load()
    assert loaded.volume == Settings().volume and loaded.muted
    assert store.unread == ("volume",)


@pytest.mark.parametrize(
    ("window", "kept"),
    [
        ([360, 7680], [360, 7680]),  # the smallest the game draws, the largest --size takes
        ([359, 600], []),
        ([800, 7681], []),
    ],
)
def test_the_window_s_size_is_kept_from_its_smallest_to_its_largest(window, kept):
    # both ends are sizes a window of the game can be: an 8K screen's window left at
    # 7680 wide is kept, as --size 7680x4320 is taken
    assert Settings.from_dict({"window": window}).window == kept


def test_two_broken_settings_files_in_one_second_are_both_set_aside(tmp_path, monkeypatch):
    # README: a settings file that cannot be used is "set aside (never deleted)": the
    # name had the second in it and nothing more, so a second broken file in that
    # second (a sync tool writing it back) went over the first
    path = tmp_path / "settings.json"
    monkeypatch.setattr(time, "strftime", lambda form, *at: "20261207-050000")
    for text in ("{ first broken", "{ second broken"):
        path.write_text(text, encoding="utf-8")
        store = SettingsStore(path)
        assert store.load() == Settings()
        assert store.notice and (tmp_path / store.notice).read_text(encoding="utf-8") == text
    aside = sorted(p.read_text(encoding="utf-8") for p in tmp_path.glob("settings.json.broken-*"))
    assert aside == ["{ first broken", "{ second broken"]


def test_a_save_cut_short_leaves_the_settings_file_whole(tmp_path, monkeypatch):
    # "Written atomically: a crash mid-write leaves the old file whole": the file
    # itself is never written in place, so a write that stops halfway into it (a full
    # disk, a crash) cannot leave a cut file for the next start to set aside
    path = tmp_path / "settings.json"
    SettingsStore(path).save(Settings(volume=0.3, four_colour=True))
    real_write_text = Path.write_text

    def cut_short(self, data, *args, **kwargs):
        if self == path:
            real_write_text(self, data[: len(data) // 2], *args, **kwargs)
            raise OSError(28, "No space left on device")
        return real_write_text(self, data, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", cut_short)
    store = SettingsStore(path)
    settings = store.load()
    settings.volume = 0.6
    store.save(settings)
    monkeypatch.undo()
    again = SettingsStore(path)
    assert again.load() in (Settings(volume=0.3, four_colour=True), settings)
    assert again.notice is None and path.exists()
    # and no cut copy is left beside it, one more for every save that failed
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_the_settings_live_in_the_xdg_config_folder(tmp_path, monkeypatch):
    # README: settings in ~/.config/piramida, i.e. $XDG_CONFIG_HOME/piramida where it is
    # set (not the data folder, where the records are)
    monkeypatch.delenv("PIRAMIDA_HOME", raising=False)
    for name in ("CONFIG", "DATA", "STATE"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    assert SettingsStore().path == tmp_path / "config" / "piramida" / "settings.json"


def test_a_save_that_fails_leaves_no_cut_copy_behind(tmp_path, monkeypatch):
    # a full disk mid-write: the file stays whole, and the half-written copy (under a
    # name of the session's own) goes, not one more for every failed save
    path = tmp_path / "settings.json"
    store = SettingsStore(path)
    store.save(Settings(volume=0.3))
    real_write_text = Path.write_text

    def disk_full(self, data, *args, **kwargs):
        real_write_text(self, data[:10], *args, **kwargs)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", disk_full)
    store.save(Settings(volume=0.6))
    monkeypatch.undo()
    assert store.problem
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert SettingsStore(path).load().volume == 0.3
