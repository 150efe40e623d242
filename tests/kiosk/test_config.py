"""The kiosk's configuration: every field checked, every problem named with its file and key."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.kiosk.config import (
    EXAMPLE,
    FILE_NAME,
    KioskConfigError,
    KioskSettingsStore,
    load_config,
    parse_config,
)
from game.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
PATH = Path("kiosk.toml")
MINIMAL = '[operator]\npin = "2580"\n[[games]]\nruleset = "pyramid36"\n'


def problems(text: str) -> list[str]:
    with pytest.raises(KioskConfigError) as caught:
        parse_config(text, PATH)
    return caught.value.problems


def one_problem(text: str) -> str:
    found = problems(text)
    assert len(found) == 1, found
    return found[0]


def test_the_example_file_is_a_valid_configuration():
    config = load_config(EXAMPLE)
    assert [g.ruleset for g in config.games] == ["pyramid36", "sbudetsya", "nechego"]
    assert config.games[2].options == {"cards": 36, "piles": 8, "passes": 1, "to_piles": "waste"}
    assert config.operator.pin == "2580" and config.operator.corner == "top-left"
    assert config.idle_seconds == 60 and config.language == "ru" and config.ask_initials
    assert config.winnable_only  # a passer-by is dealt a deal that can be won
    assert config.settings().card_letters == "russian"  # Т К Д В, as Russian packs print
    assert not config.settings().large_corners  # printed-pack faces, every suit shown
    assert not config.settings().four_colour


def test_a_kiosk_can_deal_four_colour_suits():
    # a colour-blind passer-by told hearts from diamonds by their shapes alone
    config = parse_config("four_colour = true\n" + MINIMAL, PATH)
    assert config.settings().four_colour


def test_a_minimal_file_takes_the_defaults():
    config = parse_config(MINIMAL, PATH)
    assert config.idle_seconds == 60.0
    assert config.volume == 0.5 and config.language == ""
    assert config.ask_initials
    assert config.winnable_only  # left out, a passer-by still gets a deal that can be won
    assert config.card_letters == "language" and not config.large_corners
    assert config.hide_initials == frozenset()
    assert config.operator.hold_seconds == 5.0
    assert config.attract.tables_seconds == 12.0 and not config.attract.sound
    assert config.attract.demo_seconds == 150.0 and config.attract.invitation_seconds == 8.0
    assert config.games[0].options == {"passes": 1}  # the ruleset's defaults, filled in
    # each default as its dataclass declares it, in one place
    from game.kiosk.config import Attract

    assert config.attract == Attract() and config.operator.corner == "top-left"


def test_the_operator_s_hidden_initials_are_read_in_capitals():
    config = parse_config('hide_initials = ["bum", "Жоп", "C0K"]\n' + MINIMAL, PATH)
    assert config.hide_initials == frozenset({"BUM", "ЖОП", "C0K"})


@pytest.mark.parametrize(
    ("line", "key", "words"),
    [
        ("idle_seconds = 5", "idle_seconds", "from 15 to 3600, not 5"),
        ('idle_seconds = "soon"', "idle_seconds", "not 'soon'"),
        ("idle_seconds = true", "idle_seconds", "not true"),
        ("volume = 1.5", "volume", "from 0 to 1, not 1.5"),
        ("volume = true", "volume", "from 0 to 1, not true"),  # 1 to Python, in range
        ('language = "fr"', "language", "one of ru, en; not 'fr'"),
        ('ask_initials = "yes"', "ask_initials", "true or false, not 'yes'"),
        ("winnable_only = 1", "winnable_only", "true or false, not 1"),
        ('card_letters = "greek"', "card_letters", "one of language, latin, russian; not 'greek'"),
        ('large_corners = "big"', "large_corners", "true or false, not 'big'"),
        ("four_colour = 1", "four_colour", "true or false, not 1"),
        ('hide_initials = "BUM"', "hide_initials", "a list of initials"),
        ('hide_initials = ["BU"]', "hide_initials[1]", "must be 3 letters of the wheel"),
        ('hide_initials = ["ok"]', "hide_initials[1]", "not 'ok'"),
        ("hide_initials = [123]", "hide_initials[1]", "not 123"),
        ('hide_initials = ["B-M"]', "hide_initials[1]", "or digits, not 'B-M'"),
        ('hide_initials = ["ЪЫЬ"]', "hide_initials[1]", "not 'ЪЫЬ'"),  # not on the wheel
        ('hide_initials = ["ßAB"]', "hide_initials[1]", "not 'ßAB'"),  # SSAB in capitals
        ('hide_initials = ["ÄÖÜ"]', "hide_initials[1]", "not 'ÄÖÜ'"),  # not on the wheel
        ("idle_secs = 60", "idle_secs", "unknown key"),
        ("attract = 3", "attract", "must be a table ([attract]), not 3"),
    ],
)
def test_a_bad_top_level_value_is_named(line, key, words):
    problem = one_problem(line + "\n" + MINIMAL)
    assert problem.startswith(f"kiosk.toml: {key}: ")
    assert words in problem


@pytest.mark.parametrize(
    ("operator", "key", "words"),
    [
        ("pin = 2580", "operator.pin", 'in quotes: pin = "2580"'),
        ('pin = "25a0"', "operator.pin", "4 to 8 digits in quotes, not '25a0'"),
        ('pin = "123"', "operator.pin", "4 to 8 digits long, not 3"),
        ('pin = "123456789"', "operator.pin", "4 to 8 digits long, not 9"),
        ('pin = "٢٥٨٠"', "operator.pin", "4 to 8 digits in quotes"),  # digits, but not 0-9
        ('pin = "2580"\ncorner = "middle"', "operator.corner", "top-left, top-right"),
        ('pin = "2580"\nhold_seconds = 1', "operator.hold_seconds", "from 2 to 30, not 1"),
        ('pin = "2580"\ncombo = 1', "operator.combo", "unknown key"),
    ],
)
def test_a_bad_operator_value_is_named(operator, key, words):
    text = f"[operator]\n{operator}\n[[games]]\nruleset = 'pyramid36'\n"
    problem = one_problem(text)
    assert problem.startswith(f"kiosk.toml: {key}: ")
    assert words in problem


def test_the_pin_is_required():
    problem = one_problem('[[games]]\nruleset = "pyramid36"\n')
    assert problem.startswith("kiosk.toml: operator.pin: missing")


@pytest.mark.parametrize(
    ("attract", "key", "words"),
    [
        ("demo_seconds = 5", "attract.demo_seconds", "from 20 to 1800"),
        ("tables_seconds = 0", "attract.tables_seconds", "from 3 to 120"),
        ("invitation_seconds = 500", "attract.invitation_seconds", "from 3 to 120"),
        ('sound = "loud"', "attract.sound", "true or false"),
        ("music = true", "attract.music", "unknown key"),
    ],
)
def test_a_bad_attract_value_is_named(attract, key, words):
    problem = one_problem(MINIMAL + f"[attract]\n{attract}\n")
    assert problem.startswith(f"kiosk.toml: {key}: ")
    assert words in problem


@pytest.mark.parametrize(
    ("games", "key", "words"),
    [
        ("", "games", "missing: offer at least one game"),
        ("games = []\n", "games", "one or more [[games]]"),
        ('[[games]]\nruleset = "pyramid99"\n', "games[1].ruleset", "unknown ruleset 'pyramid99'"),
        ("[[games]]\nruleset = 7\n", "games[1].ruleset", "missing or not a word"),
        ("[[games]]\noptions = {passes = 1}\n", "games[1].ruleset", "missing"),
        (
            '[[games]]\nruleset = "nechego"\noptions = {cards = 33}\n',
            "games[1].options",
            "option 'cards' cannot be 33; choose one of 36, 32",
        ),
        (
            '[[games]]\nruleset = "pyramid36"\noptions = {colour = 1}\n',
            "games[1].options",
            "pyramid36 has no option 'colour'",
        ),
        ('[[games]]\nruleset = "pyramid36"\noptions = 3\n', "games[1].options", "a table"),
        ('[[games]]\nruleset = "pyramid36"\nseed = 3\n', "games[1].seed", "unknown key"),
        (
            '[[games]]\nruleset = "pyramid36"\n[[games]]\nruleset = "pyramid36"\n'
            "options = {passes = 1}\n",
            "games[2]",
            "the same ruleset and options as an earlier game",
        ),
    ],
)
def test_a_bad_game_is_named(games, key, words):
    operator = '[operator]\npin = "2580"\n'
    # a plain key must come before the first [table]; an array of tables may come anywhere
    problem = one_problem(operator + games if games.startswith("[[") else games + operator)
    assert problem.startswith(f"kiosk.toml: {key}: ")
    assert words in problem


def test_every_problem_of_a_file_is_reported_at_once():
    found = problems(
        'idle_seconds = 1\nvolume = -1\n[operator]\npin = "12"\n'
        '[[games]]\nruleset = "nope"\n[attract]\nsound = 2\n'
    )
    keys = [p.split(": ")[1] for p in found]
    assert sorted(keys) == sorted(
        ["idle_seconds", "volume", "operator.pin", "games[1].ruleset", "attract.sound"]
    )


def test_a_file_that_is_not_toml_says_where():
    problem = one_problem('[operator]\npin = "2580\n')
    assert problem.startswith("kiosk.toml: not valid TOML: ") and "line 2" in problem


def test_a_missing_file_given_by_option_is_named(tmp_path):
    with pytest.raises(KioskConfigError) as caught:
        load_config(tmp_path / "nowhere.toml", given=True)
    assert caught.value.problems == [f"{tmp_path / 'nowhere.toml'}: no such file"]


def test_a_missing_file_named_from_where_the_kiosk_ran_says_where_that_was(tmp_path, monkeypatch):
    # a service's or an .xinitrc's working folder is not where the operator stood
    monkeypatch.chdir(tmp_path)
    with pytest.raises(KioskConfigError) as caught:
        load_config(Path("kiosk.toml"), given=True)
    assert caught.value.problems == [f"kiosk.toml: no such file (looked for {tmp_path}/kiosk.toml)"]


@pytest.mark.parametrize(
    ("text", "advice"),
    [
        # TOML refuses these before the kiosk reads a key: its own advice never came
        ('[operator]\npin = 0739\n[[games]]\nruleset = "pyramid36"\n', 'pin = "0739"'),
        # the quotes taken off the example's line, its comment left after the digits
        ('[operator]\npin = 0580   # 4 to 8 digits\n[[games]]\nruleset = "nechego"\n', '"0580"'),
        ('operator.pin = 05_80\n[[games]]\nruleset = "nechego"\n', 'pin = "0580"'),
        (
            '[operator]\npin = "7391"\n[games]\nruleset = "pyramid36"\n'
            '[[games]]\nruleset = "pyramid52"\n',
            "written [[games]] (two brackets)",
        ),
        (
            '[operator]\npin = "7391"\n[games]\nruleset = "pyramid36"\n'
            '[games]\nruleset = "pyramid52"\n',
            "written [[games]] (two brackets)",
        ),
    ],
)
def test_toml_s_own_refusals_get_the_kiosk_s_advice(text, advice):
    problem = one_problem(text)
    assert problem.startswith("kiosk.toml: not valid TOML: ") and problem.endswith(advice)


def test_every_wrong_option_of_a_game_is_said_at_once():
    # the first alone was said: the misspelt key came only at the next try
    text = '[operator]\npin = "7391"\n[[games]]\nruleset = "nechego"\n'
    text += 'options = { cards = "36", pile = 8 }\n'
    with pytest.raises(KioskConfigError) as caught:
        parse_config(text, Path("kiosk.toml"))
    assert len(caught.value.problems) == 2
    assert "cards" in caught.value.problems[0] and "pile" in caught.value.problems[1]


def test_a_missing_pin_is_not_given_the_example_s_pin():
    problem = one_problem('[[games]]\nruleset = "pyramid36"\n[operator]\n')
    assert "operator.pin" in problem and "2580" not in problem and 'pin = "NNNN"' in problem


def test_a_missing_default_file_says_how_to_make_one(tmp_path):
    with pytest.raises(KioskConfigError) as caught:
        load_config(tmp_path / FILE_NAME, given=False)
    (problem,) = caught.value.problems
    assert str(tmp_path / FILE_NAME) in problem
    assert "kiosk.example.toml" in problem and "--kiosk-config" in problem


def test_a_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_bytes(b'[operator]\npin = "\xff\xfe"\n')
    with pytest.raises(KioskConfigError) as caught:
        load_config(path)
    assert caught.value.problems == [f"{path}: not UTF-8 text"]


def test_a_file_saved_with_a_byte_order_mark_and_crlf_is_read(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_bytes(b"\xef\xbb\xbf" + MINIMAL.replace("\n", "\r\n").encode())
    assert load_config(path).operator.pin == "2580"


def test_a_file_saved_as_utf_16_is_read(tmp_path):
    # PowerShell 5's `>` and Notepad's "Unicode" write it
    path = tmp_path / "kiosk.toml"
    path.write_bytes(MINIMAL.encode("utf-16"))
    assert load_config(path).operator.pin == "2580"


def test_the_kiosk_settings_come_from_the_file_and_are_never_written(tmp_path):
    config = parse_config('language = "ru"\nvolume = 0\nwinnable_only = true\n' + MINIMAL, PATH)
    store = KioskSettingsStore(config)
    settings = store.load()
    assert (settings.language, settings.volume, settings.muted) == ("ru", 0.0, True)
    assert settings.winnable_only and settings.fullscreen
    store.save(Settings(language="en"))  # a passer-by's change: kept nowhere
    assert store.load().language == "ru"
    # nor the window's size as it was left, maximised or not (the kiosk's keep_window
    # took no `maximised`, which the window's keeping passes)
    store.keep_window_left(settings, (1000, 700), (1920, 1080), True)
    assert not list(tmp_path.iterdir())


# -- the command line ---------------------------------------------------------------------


def piramida(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(PIRAMIDA_HOME=str(home), PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )


def test_a_bad_file_stops_the_kiosk_before_any_window(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text('idle_seconds = 2\n[operator]\npin = 12\n[[games]]\nruleset = "x"\n')
    result = piramida("--kiosk", "--kiosk-config", str(path), home=tmp_path / "home")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 3, result.stderr
    assert all(line.startswith(f"piramida: {path}: ") for line in lines)
    assert "Traceback" not in result.stderr and "pygame" not in result.stdout
    # and in the log, as README says: a kiosk started by startx has no terminal to read
    log = (tmp_path / "home" / "state" / "logs" / "piramida.log").read_text("utf-8")
    assert all(line.removeprefix("piramida: ") in log for line in lines)


def test_without_a_file_the_kiosk_says_where_it_looked(tmp_path):
    result = piramida("--kiosk", home=tmp_path / "home")
    assert result.returncode == 2
    where = tmp_path / "home" / "config" / FILE_NAME
    assert result.stderr.startswith(f"piramida: no kiosk configuration at {where}")
    log = (tmp_path / "home" / "state" / "logs" / "piramida.log").read_text("utf-8")
    assert f"no kiosk configuration at {where}" in log


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--kiosk", "rulesets"], "takes no command"),
        (["--kiosk", "--fullscreen"], "always full screen"),
        (["--kiosk", "--size", "12x12"], "from 800x600"),
    ],
)
def test_the_kiosk_options_refuse_what_does_not_go_with_them(tmp_path, args, words):
    result = piramida(*args, home=tmp_path / "home")
    assert result.returncode == 2 and words in result.stderr
    assert result.stderr.count("\n") == 1


def test_more_games_than_the_chooser_can_show_for_a_finger_are_refused():
    from game.kiosk.config import MAX_GAMES

    games = [
        f'[[games]]\nruleset = "nechego"\noptions = {{ piles = {piles}, cards = {cards} }}\n'
        for piles in (8, 9, 10)
        for cards in (32, 36)
    ] + ['[[games]]\nruleset = "pyramid36"\n']
    operator = '[operator]\npin = "2580"\n'
    assert len(parse_config(operator + "".join(games[:MAX_GAMES]), PATH).games) == MAX_GAMES
    problem = one_problem(operator + "".join(games[: MAX_GAMES + 1]))
    assert problem.startswith("kiosk.toml: games: offers 7 games; at most 6 fit the chooser")


def test_a_file_far_larger_than_any_configuration_is_refused_unread(tmp_path):
    # read whole: --kiosk-config /dev/zero took 4.5 GB in four seconds
    path = tmp_path / "kiosk.toml"
    path.symlink_to("/dev/zero")
    with pytest.raises(KioskConfigError) as caught:
        load_config(path)
    assert caught.value.problems == [f"{path}: over 1024 KB: not a kiosk configuration"]


def test_readme_s_ways_to_start_the_kiosk_stop_where_a_restart_cannot_help():
    # its unit marked every operator's exit "failed", and a kiosk with its fonts
    # missing was started again every 2 s for good
    import re

    from game.cli import EXIT_BAD_INPUT
    from game.kiosk.policy import OPERATOR_EXIT
    from game.main import EXIT_FILES_MISSING

    readme = (ROOT / "README.md").read_text("utf-8")
    final = {EXIT_BAD_INPUT, OPERATOR_EXIT, EXIT_FILES_MISSING}
    loops = re.findall(r"case \\*\$\? in ([\d|]+)\)", readme)
    assert len(loops) == 2  # the .xinitrc's and the autostart entry's
    assert all({int(n) for n in loop.split("|")} == final for loop in loops)
    unit = dict(re.findall(r"^(\w+ExitStatus)=(.+)$", readme, re.MULTILINE))
    assert {int(n) for n in unit["RestartPreventExitStatus"].split()} == final
    assert unit["SuccessExitStatus"].split() == [str(OPERATOR_EXIT)]
