"""The level files: all seven load, and a broken file is refused naming file, key and problem."""

import re
import shutil
from pathlib import Path

import pytest

from game.paths import LEVELS_DIR
from game.rules import (
    LevelError,
    RulesError,
    get_ruleset,
    level_problems,
    load_ruleset,
    rulesets,
)
from tests.spec import RULESET_IDS


def test_the_seven_rulesets_load_in_menu_order():
    assert list(rulesets()) == list(RULESET_IDS)


@pytest.mark.parametrize(
    "rid, options",
    [
        ("egyptian", {"base": ["first", "K", "A"], "draw": [1, 3]}),
        ("egyptian-old", {}),
        ("devils-bridge", {"draw": [1, 3]}),
        ("sbudetsya", {"passes": [1, 2], "to_piles": ["waste", "none"]}),
        (
            "nechego",
            {
                "cards": [36, 32],
                "piles": [8, 9, 10],
                "passes": [1, 2],
                "to_piles": ["waste", "none"],
            },
        ),
        ("pyramid36", {"passes": [1, 3]}),
        ("pyramid52", {"passes": [1, 3]}),
    ],
)
def test_each_ruleset_has_exactly_the_options_of_its_row_default_first(rid, options):
    ruleset = get_ruleset(rid)
    assert {o.key: list(o.choices) for o in ruleset.options} == options


def test_options_change_the_rules():
    r = get_ruleset("nechego").rules({"cards": 32, "piles": 10, "to_piles": "none"})
    assert r.deck.name == "32" and r.piles == 10 and r.pile_takes == frozenset()
    assert get_ruleset("egyptian").rules({"draw": 3}).draw == 3
    assert get_ruleset("pyramid36").rules().pair_sum == 19
    assert get_ruleset("pyramid52").rules().pair_sum == 13


def test_only_the_fortune_is_played_as_one():
    # "Сбудется — не сбудется" is played as a fortune: a wish made before the deal
    assert [r.id for r in rulesets().values() if r.tells_fortune] == ["sbudetsya"]


def test_every_ruleset_has_names_and_rules_in_both_languages():
    for ruleset in rulesets().values():
        for lang in ("en", "ru"):
            assert ruleset.name[lang] and len(ruleset.text[lang]["rules"]) > 300


def test_option_values_are_checked_by_type():
    passes = get_ruleset("pyramid52").option("passes")
    assert passes.check(3) == 3
    # a JSON number written 3.0 is the number 3, and an int once checked
    assert passes.check(3.0) == 3 and type(passes.check(3.0)) is int
    for bad in ("1", True, 2, 2.5, 3.5):
        with pytest.raises(RulesError):
            passes.check(bad)
    # 3.5 is a number: "must be a number" said of it read as nonsense
    with pytest.raises(RulesError, match=r"cannot be 3\.5; choose one of 1, 3"):
        passes.check(3.5)
    with pytest.raises(RulesError, match="must be a number, one of 1, 3"):
        passes.check("3")
    assert passes.parse("3") == 3
    with pytest.raises(RulesError, match="choose one of 1, 3"):
        passes.parse("x")


def test_options_on_the_command_line_are_read_in_any_case_and_once_each():
    egyptian = get_ruleset("egyptian")
    # `--option base=k` was refused, "choose one of first, K, A"
    assert egyptian.parse_options(["base=k"]) == {"base": "K", "draw": 1}
    assert egyptian.parse_options([" base = FIRST "]) == {"base": "first", "draw": 1}
    with pytest.raises(RulesError, match="the option 'draw' is given twice"):
        egyptian.parse_options(["draw=1", "draw=3"])


def _broken(tmp_path: Path, rid: str, old: str, new: str) -> Path:
    path = tmp_path / f"{rid}.toml"
    text = (LEVELS_DIR / f"{rid}.toml").read_text("utf-8")
    assert re.search(old, text, flags=re.M), old
    path.write_text(re.sub(old, new, text, count=1, flags=re.M), "utf-8")
    return path


@pytest.mark.parametrize(
    "rid, old, new, message",
    [
        (
            "egyptian",
            r"^piles = 8",
            "piles = 'eight'",
            "egyptian.toml: rules.piles: must be an integer",
        ),
        ("egyptian", r"^piles = 8", "piles = 0", "rules.piles: must be an integer from 1 to 12"),
        ("egyptian", r"^deck = .*", 'deck = "53"', "rules.deck: must be one of"),
        ("egyptian", r"^pile_limit = 16\n", "", "rules.pile_limit: missing"),
        ("egyptian", r"^draw = 1", "draw = 1\nwobble = 2", "rules.wobble: unknown rule field"),
        ("egyptian", r"^foundations = 8", "foundations = 4", "do not hold a 2x52 deck"),
        ("egyptian", r"^gap_fill = .*", 'gap_fill = "sky"', "rules.gap_fill: must be one of"),
        (
            "egyptian",
            r"^pile_takes = .*",
            'pile_takes = ["air"]',
            "rules.pile_takes: must be a list",
        ),
        ("egyptian", r"^choices = \[1, 3\]", "choices = []", "options.draw.choices"),
        (
            "egyptian",
            r'^sets = "draw"',
            'sets = "drawing"',
            "options.draw.sets: unknown rule field",
        ),
        (
            "egyptian",
            r"^choices = \[1, 3\]",
            "choices = [1, 4]",
            "options.draw.sets: must be an integer from 1 to 3",
        ),
        ("egyptian", r"^K = 13\n", "", "values: no value for rank K"),
        ("egyptian", r"^A = 1", "A = -1", "values.A: must be an integer from 0 to 1000"),
        # a sum of such values is past what the records keep: the deal stopped the game
        ("egyptian", r"^K = 13", "K = 9223372036854775807", "values.K: must be an integer from 0"),
        ("egyptian", r"^family = .*", 'family = "solitaire"', "family: must be one of"),
        ("egyptian", r"^id = .*", 'id = "egypt"', "id: must match the file name"),
        ("egyptian", r"^rules = \"\"\"", 'rulez = """', "text.en.rulez: unknown key"),
        ("egyptian", r"^ru = \"Египетская пирамида\"\n", "", "name.ru: must be a non-empty string"),
        ("egyptian", r"^layout = .*", 'layout = "circle"', "table.layout: must be one of"),
        ("egyptian", r'^waste = "below"', 'waste = "left"', "table.waste: must be 'below' or"),
        # a source twice would list each of its moves twice
        (
            "egyptian",
            r"^pile_takes = .*",
            'pile_takes = ["waste", "waste"]',
            "rules.pile_takes: must be a list",
        ),
        (
            "egyptian",
            r"^gap_takes = .*",
            'gap_takes = ["piles", "piles"]',
            "rules.gap_takes: must be a list",
        ),
        (
            "devils-bridge",
            r"^foundations = 8",
            "foundations = 4",
            "aces-up-kings-down needs 8 foundations",
        ),
        # 36 cards in eight rows leave no stock
        ("pyramid36", r"^rows = 6", "rows = 8", "8 rows leave no stock from a 36-card deck"),
        ("pyramid52", r"^rows = 7", "rows = 10", "rules.rows: must be an integer from 2 to 9"),
        (
            "pyramid52",
            r"^rows = 7",
            "rows = 7\npiles = 8",
            "rules.piles: 'piles' has no meaning in the pyramid family",
        ),
        ("pyramid52", r"^\[rules\]", "[rules", "not valid TOML"),
        (
            "nechego",
            r'^32 = \{ deck = "32" \}',
            "32 = { deck = 32 }",
            "options.cards.sets.32.deck: must be one of",
        ),
        (
            "sbudetsya",
            r"^none = \{ pile_takes",
            "nothing = { pile_takes",
            "options.to_piles.sets.none: missing",
        ),
        (
            "sbudetsya",
            r"^none = \{ pile_takes",
            'all = { pile_takes = ["piles"] }\nnone = { pile_takes',
            "options.to_piles.sets.all: not one of the choices",
        ),
    ],
)
def test_a_broken_level_file_is_refused_naming_file_key_and_problem(
    tmp_path, rid, old, new, message
):
    path = _broken(tmp_path, rid, old, new)
    with pytest.raises(LevelError) as err:
        load_ruleset(path)
    assert message in str(err.value)
    assert str(err.value).startswith(f"{rid}.toml: ")


def test_a_level_file_may_make_a_card_worth_no_points(tmp_path):
    # the values run from 0, as the refusal of -1 says
    ruleset = load_ruleset(_broken(tmp_path, "egyptian", r"^A = 1", "A = 0"))
    assert ruleset.rules().values["A"] == 0


def test_an_unreadable_level_file_is_refused(tmp_path):
    path = tmp_path / "egyptian.toml"
    path.write_bytes(b"\xff\xfe not utf-8")
    with pytest.raises(LevelError, match="egyptian.toml: cannot be read"):
        load_ruleset(path)


def test_a_level_file_missing_says_why_in_plain_words(tmp_path):
    # "[Errno 2] No such file or directory: '/home/…/levels/arcade.toml'" reached a notice
    from game.ladder import load_ladder

    for load, name in ((load_ruleset, "egyptian.toml"), (load_ladder, "arcade.toml")):
        with pytest.raises(LevelError) as e:
            load(tmp_path / name)
        assert str(e.value) == f"{name}: cannot be read: No such file or directory"


def test_a_levels_folder_loads_from_anywhere(tmp_path):
    shutil.copy(LEVELS_DIR / "pyramid52.toml", tmp_path)
    assert list(rulesets(tmp_path)) == ["pyramid52"]


def test_a_broken_level_file_is_left_out_and_the_others_load(tmp_path):
    for name in ("pyramid52.toml", "pyramid36.toml"):
        shutil.copy(LEVELS_DIR / name, tmp_path)
    (tmp_path / "zzz.toml").write_text('id = "zzz"\n', encoding="utf-8")  # no family
    assert list(rulesets(tmp_path)) == ["pyramid36", "pyramid52"]  # it stopped the game
    (problem,) = level_problems(tmp_path)
    assert problem.startswith("zzz.toml: ") and "family" in problem


def test_a_broken_arcade_ladder_is_not_called_a_rules_file(tmp_path):
    # said twice: "The arcade cannot be played" and "A rules file was skipped"
    shutil.copy(LEVELS_DIR / "pyramid52.toml", tmp_path)
    (tmp_path / "arcade.toml").write_text('kind = "ladder\n', encoding="utf-8")
    assert list(rulesets(tmp_path)) == ["pyramid52"] and level_problems(tmp_path) == ()


def test_a_levels_folder_where_nothing_loads_is_refused(tmp_path):
    (tmp_path / "zzz.toml").write_text('id = "zzz"\n', encoding="utf-8")
    with pytest.raises(LevelError, match="zzz.toml: "):
        rulesets(tmp_path)


def test_the_shipped_levels_all_load():
    assert level_problems() == ()


def test_every_rules_text_says_how_a_game_that_does_not_come_out_is_scored():
    # the five building games said how to win, and nothing of the points their top bar
    # showed
    from game.rules import rulesets

    # in the order the tables rank them: points first, then cards (it said "by the
    # cards and their points", and three Aces left beat two Kings)
    for ruleset in rulesets().values():
        en, ru = ruleset.text["en"]["rules"], ruleset.text["ru"]["rules"]
        assert "scored by the points" in en and "at equal points, the fewer cards" in en
        assert "по сумме очков" in ru and "при равных очках — чем меньше карт" in ru


def test_the_russian_rules_name_an_option_as_an_option():
    # «по желанию — дважды» read as "twice, as you wish" in a patience of wishes
    for ruleset in rulesets().values():
        rules = ruleset.text["ru"]["rules"]
        assert "по желанию" not in rules, ruleset.id
    said = {r.id for r in rulesets().values() if "(на выбор — " in r.text["ru"]["rules"]}
    assert {"sbudetsya", "nechego", "pyramid36", "pyramid52", "egyptian"} <= said


def test_the_russian_rules_offer_three_cards_a_turn_where_the_option_is():
    # «открывает следующую карту» was said of a turn of three; then «(или три, если так
    # выбрано)» of patiences with no such choice
    for ruleset in rulesets().values():
        three = "или три, если так выбрано" in ruleset.text["ru"]["rules"]
        assert three == any(option.key == "draw" for option in ruleset.options), ruleset.id


def test_the_fortune_s_rules_say_that_piles_wrap_and_what_voids_the_wish():
    # an Ace goes on a Six there, as the spec's "one rank down (cyclic)" has it, and the
    # text said only "one rank higher"; Restart voids a wish and went unsaid
    from game.rules import get_ruleset

    for ruleset_id in ("sbudetsya", "nechego"):
        text = get_ruleset(ruleset_id).text
        assert "an Ace may go on" in text["en"]["rules"], ruleset_id
        assert "туза можно класть на" in text["ru"]["rules"], ruleset_id
    wish = get_ruleset("sbudetsya").text
    assert "starting the deal over" in wish["en"]["rules"]
    assert "расклад начали заново" in wish["ru"]["rules"]
