"""The results screen driven by real clicks and keys: what it says and where it leads."""

import itertools

import pygame
import pytest

from game import i18n
from game.app import App
from game.clock import ManualClock
from game.rules import Game, Outcome
from game.scenes.base import ARRIVING_S
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.scenes.summary import GameSummary
from game.store.saved import BY_DEMO, BY_HELP_BEFORE, BY_HINT, GameFacts
from game.ui import theme
from game.ui.widgets import px
from tests.scenes.driver import Driver, texts_drawn

pytestmark = pytest.mark.usefixtures("english")


class WonSummary(GameSummary):
    """A won game without playing one out: only the outcome is pretended."""

    @property
    def outcome(self):
        return Outcome.WON

    @property
    def won(self):
        return True


def played(ruleset="egyptian", options=None, deal=11, resign=True, undo=1, **summary):
    game = Game(ruleset, options, deal=deal)
    for _ in range(3):
        game.play(next(iter(game.legal_moves)))
    for _ in range(undo):
        game.undo()
    if resign:
        game.play("resign")
    return GameSummary(game, 125.0, **summary)


def open_results(app, driver, summary) -> ResultsScene:
    """The results, up long enough to take keys (see ARRIVING_S)."""
    scene = ResultsScene(app, summary)
    app.switch(scene, fade=False)
    driver.settle(ARRIVING_S)
    return scene


def texts(scene) -> list[str]:
    return [line.text for line in scene.lines]


def click(driver, scene, key: str) -> None:
    driver.click(scene.pad.get(key).rect.center)


def test_a_resigned_game_says_so_with_its_figures(app, driver):
    scene = open_results(app, driver, played(hints=2, assisted=True))
    assert "You gave up" in texts(scene)
    game = scene.summary.game
    figures = {label: (value, note) for label, value, note in scene_figures(scene)}
    assert figures["Cards left"][0] == str(game.score.remaining_cards)
    assert figures["Points left"] == (
        str(game.score.remaining_points),
        "lower is better, 0 is a win",
    )
    # giving up is no move on the table: the count is the moves before it
    assert figures["Moves"][0] == str(len(game.moves) - 1)
    assert figures["Time"][0] == "2:05"
    assert figures["Undos"][0] == "1"
    assert figures["Hints used"] == ("2", "assisted")


@pytest.mark.parametrize(
    "by, beside",
    [
        ("hint", ("Hints used", "1")),
        ("demo", ("Moves", "2")),
        ("taken-back", ("Undos", "1")),
        ("before", ("", "")),  # help in another game: no figure of this one
        ("", ("Hints used", "1")),  # a game saved before the help was kept
    ],
)
def test_why_a_game_is_assisted_is_said_beside_the_figure_it_explains(by, beside):
    # "Hints used 0" beside "help was used on this deal before" read as a contradiction
    from game.scenes.results import figures

    summary = played(hints=1, assisted=True, assisted_by=by)  # 2 moves, 1 undo
    noted = [
        (label, value) for label, value, note in figures(summary) if note.startswith("assisted")
    ]
    assert noted == [beside]


@pytest.mark.parametrize(
    "summary, said",
    [
        (WonSummary(Game("sbudetsya", deal=3), 60.0, fortune=True), "Your wish will come true"),
        (played("sbudetsya", fortune=True), "Your wish will not come true this time"),
        # a verdict that does not count, said alone, left the win unsaid
        (
            WonSummary(Game("sbudetsya", deal=3), 60.0, fortune=True, fortune_replayed=True),
            "The patience came out!",
        ),
        (played("sbudetsya", fortune=True, assisted=True), "You gave up"),
        (played("pyramid52"), "You gave up"),
    ],
)
def test_the_line_above_the_initials_says_how_the_game_ended(summary, said):
    from game.scenes.after_game import outcome_line

    assert outcome_line(summary) == said


def scene_figures(scene):
    from game.scenes.results import figures

    return figures(scene.summary)


def test_a_won_game_and_an_unassisted_one(app, driver):
    summary = WonSummary(Game("pyramid52", deal=3), 61.0)
    scene = open_results(app, driver, summary)
    assert "The patience came out!" in texts(scene)
    assert dict((label, note) for label, _v, note in scene_figures(scene))["Hints used"] == ""


def test_no_moves_left_is_said(app, driver):
    class Stuck(GameSummary):
        outcome = Outcome.NO_MOVES

    scene = open_results(app, driver, Stuck(Game("pyramid36", deal=1), 10.0))
    assert "No moves left" in texts(scene)


def test_a_fortune_gives_its_verdict(app, driver):
    scene = open_results(app, driver, played("sbudetsya", fortune=True))
    assert "Your wish will not come true this time" in texts(scene)
    assert not any("does not count" in t for t in texts(scene))
    won = open_results(app, driver, WonSummary(Game("sbudetsya", deal=2), 5.0, fortune=True))
    assert "Your wish will come true" in texts(won)


def test_a_replayed_fortune_says_its_verdict_does_not_count(app, driver):
    summary = played("sbudetsya", fortune=True, fortune_replayed=True)
    scene = open_results(app, driver, summary)
    said = " ".join(texts(scene))
    assert "No verdict on your wish" in said and "were seen before they came" in said
    assert "does not count" not in said  # said once, by the heading: not twice over
    assert "will not come true" not in said


def test_a_fortune_voided_by_undo_says_so_not_that_the_deal_was_seen(app, driver):
    # "This deal's cards were seen before they came" read as the deal played before, of
    # a player who had only put a stock card back
    facts = GameFacts(fortune=True, fortune_replayed=True, seen_by_undo=True)
    summary = played("sbudetsya", fortune=True, fortune_replayed=True, facts=facts)
    said = " ".join(texts(open_results(app, driver, summary)))
    assert "Undo put a card you had seen back on the stock." in said
    assert "were seen before they came" not in said


@pytest.mark.parametrize(
    ("by", "why"),
    [
        # one hint was called "the solver helped", read as a demo never asked for
        (BY_HINT, "A hint was taken while it was laid out."),
        (BY_DEMO, "The demo played this deal."),
        (BY_HELP_BEFORE, "This deal had the solver's help before."),
        (
            "told-before",
            "In another game of this deal, the solver said which move lost the win, or the"
            " best result.",
        ),
        ("", "The solver helped play this deal."),  # a game saved without why
    ],
)
def test_a_fortune_laid_out_with_help_says_which_and_that_its_verdict_does_not_count(
    app, driver, by, why
):
    # the demo won it: "Your wish will come true" stood in gold, "assisted" far below
    summary = WonSummary(
        Game("sbudetsya", deal=2), 5.0, fortune=True, assisted=True, assisted_by=by
    )
    scene = open_results(app, driver, summary)
    said = texts(scene)
    assert "No verdict on your wish this time" in said and why in said
    assert not any("does not count" in line or "will come true" in line for line in said)


def test_a_won_game_s_points_carry_no_note_on_how_they_count(app, driver):
    # "0 · lower is better, 0 is a win" under "The patience came out!" was noise
    won = open_results(app, driver, WonSummary(Game("sbudetsya", deal=2), 5.0))
    (note,) = [n for label, _value, n in scene_figures(won) if label == "Points left"]
    assert note == ""
    lost = open_results(app, driver, played())
    (note,) = [n for label, _value, n in scene_figures(lost) if label == "Points left"]
    assert note == "lower is better, 0 is a win"


def test_no_verdict_for_an_ordinary_game(app, driver):
    scene = open_results(app, driver, played("egyptian"))
    assert not any("wish" in t for t in texts(scene))


def test_same_deal_again_deals_the_same_cards_with_the_same_options(app, driver):
    summary = played("nechego", {"piles": 9, "cards": 32}, deal=4321, fortune=False)
    scene = open_results(app, driver, summary)
    click(driver, scene, "same")
    again = scene.started
    assert again.ruleset.id == "nechego" and again.deal_number == 4321
    assert again.options == summary.game.options and again.moves == []
    table = pytest.importorskip("game.scenes.table")
    driver.settle(0.6)
    assert isinstance(app.scene, table.TableScene) and app.scene.game is again
    assert not app.scene.fortune_replayed


def test_same_deal_of_a_fortune_is_marked_replayed(app, driver):
    scene = open_results(app, driver, played("sbudetsya", deal=77, fortune=True))
    click(driver, scene, "same")
    assert scene.started.deal_number == 77
    table = pytest.importorskip("game.scenes.table")
    driver.settle(0.6)
    assert isinstance(app.scene, table.TableScene)
    assert app.scene.fortune_replayed


def test_same_deal_of_a_given_deck_deals_that_deck(app, driver):
    deck = Game("pyramid36", deal=5).deck
    game = Game("pyramid36", deck=deck)
    scene = open_results(app, driver, GameSummary(game, 1.0))
    click(driver, scene, "same")
    assert scene.started.deal_number is None and scene.started.deck == deck


def test_new_deal_keeps_ruleset_and_options(app, driver):
    summary = played("devils-bridge", {"draw": 3}, deal=5, fortune=False)
    scene = open_results(app, driver, summary)
    click(driver, scene, "new")
    game = scene.started
    assert game.ruleset.id == "devils-bridge" and game.options == {"draw": 3}
    assert 0 <= game.deal_number < 10**9


def test_enter_deals_anew_and_escape_goes_to_the_menu(app, driver):
    scene = open_results(app, driver, played("pyramid52", deal=9))
    driver.key(pygame.K_RETURN)
    assert scene.started is not None and scene.started.ruleset.id == "pyramid52"
    driver.settle(0.6)
    scene = open_results(app, driver, played("pyramid52", deal=9))
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.6)
    assert isinstance(app.scene, MenuScene)


def test_a_key_pressed_as_the_results_open_is_the_table_s_not_theirs(app, driver):
    # Enter, Enter on Give up and a third by a quick hand half a second later dealt a new
    # game from results the player never saw
    scene = ResultsScene(app, played("pyramid52", deal=9))
    app.switch(scene, fade=False)
    driver.frames(1)
    for key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        driver.key(key)
    assert scene.started is None and app.scene is scene
    driver.settle(ARRIVING_S)
    driver.key(pygame.K_RETURN)
    assert scene.started is not None


def test_results_made_before_they_show_wait_from_their_showing(app, driver):
    # the initials' OK makes the results as it is pressed, a fade before they show
    scene = ResultsScene(app, played("pyramid52", deal=9))
    app.clock.advance(1.0)
    app.switch(scene, fade=False)
    driver.frames(1)
    driver.key(pygame.K_RETURN)
    assert scene.started is None and app.scene is scene


def test_the_results_name_the_options_that_make_the_game_s_table(app, driver):
    # with the base an Ace and three cards turned, nothing said so: "High-score table
    # 1 of 1" did not say which table
    scene = open_results(app, driver, played("egyptian", {"base": "A", "draw": 3}, deal=9))
    assert texts(scene)[0] == "Egyptian Pyramid · base: Ace · three cards at a time · Deal 9"
    plain = open_results(app, driver, played("egyptian", deal=9))
    assert texts(plain)[0] == "Egyptian Pyramid · Deal 9"


def test_menu_button_goes_to_the_menu(app, driver):
    scene = open_results(app, driver, played())
    click(driver, scene, "menu")
    driver.settle(0.6)
    assert isinstance(app.scene, MenuScene)


def test_arrows_move_the_focus_and_enter_runs_it(app, driver):
    scene = open_results(app, driver, played("egyptian", deal=31))
    driver.key(pygame.K_LEFT)  # shows the ring on "New deal"
    assert scene.pad.focus_key == "new"
    driver.key(pygame.K_LEFT)
    assert scene.pad.focus_key == "same"
    driver.key(pygame.K_RETURN)
    assert scene.started.deal_number == 31
    driver.settle(0.6)
    scene = open_results(app, driver, played())
    # the last press was a key's: the ring shows at once, where the focus is
    assert scene.pad.show_focus and scene.pad.focus_key == "new"
    driver.key(pygame.K_TAB)
    assert scene.pad.focus_key == "menu"
    driver.key(pygame.K_TAB)
    assert scene.pad.focus_key == "export"  # round again
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.pad.focus_key == "menu"


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (3840, 2160)])
def test_everything_fits_the_window(tmp_path, monkeypatch, size):
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    try:
        for language in ("en", "ru"):
            i18n.set_language(language)
            summary = played("sbudetsya", fortune=True, fortune_replayed=True, assisted=True)
            scene = open_results(app, Driver(app), summary)
            window = pygame.Rect((0, 0), size)
            assert window.contains(scene.box)
            rects = [b.rect for b in scene.pad.buttons]
            assert all(scene.box.contains(r) for r in rects)
            assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))
            # the figures end above the buttons
            bottom = scene.figures_top + scene.row_h * len(scene_figures(scene))
            assert bottom <= min(r.top for r in rects)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_buttons_keep_their_size_in_russian_where_the_window_has_room(
    tmp_path, monkeypatch, size
):
    # in a panel of 760 the Russian row was shrunk: its words two thirds the English size
    from game.ui.widgets import row_width

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    try:
        i18n.set_language("ru")
        scene = open_results(app, Driver(app), played(resign=False))
        buttons = scene.pad.buttons
        drawn = buttons[-1].rect.right - buttons[0].rect.left
        assert drawn >= row_width(buttons, scene.button_h, 0)  # no button shrunk
        assert pygame.Rect((0, 0), size).contains(scene.box)
    finally:
        i18n.set_language("en")
        pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_standing_up_the_buttons_take_two_rows_rather_than_shrink(tmp_path, monkeypatch, language):
    # at 1080x1920 the Russian row was shrunk to fit: «Этот расклад ещё раз» filled its button
    from game.ui.widgets import row_width

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=(1080, 1920), clock=ManualClock())
    try:
        i18n.set_language(language)
        scene = open_results(app, Driver(app), played(resign=False))
        for b in scene.pad.buttons:
            assert b.rect.width >= row_width([b], scene.button_h, 0), b.label  # not shrunk
            assert scene.box.contains(b.rect)
        assert pygame.Rect(0, 0, 1080, 1920).contains(scene.box)
    finally:
        i18n.set_language("en")
        pygame.display.quit()


def test_a_chart_of_two_games_keeps_its_bars_and_diamonds_slim():
    # with two games a win's diamond grew to half the panel and covered its figures
    from game.scenes.results_chart import draw_points_chart
    from game.ui import theme

    surface = pygame.Surface((600, 200))
    surface.fill((0, 0, 0))
    draw_points_chart(surface, pygame.Rect(0, 0, 600, 200), [0, 120], 1.0)
    gold_rows = [
        sum(1 for x in range(600) if tuple(surface.get_at((x, y)))[:3] == theme.GOLD)
        for y in range(200)
    ]
    assert 0 < max(gold_rows) <= 2 * (200 // 4)  # the diamond's and the bar's widths


def test_a_chart_s_baseline_grows_with_the_screen_as_its_frame_does():
    # at 4K the baseline was 1 px beside a 3 px frame
    from game.scenes.results_chart import draw_points_chart
    from game.ui import theme

    surface = pygame.Surface((1800, 600))
    surface.fill((0, 0, 0))
    draw_points_chart(surface, pygame.Rect(0, 0, 1800, 600), [90, 120, 60], 3.0)
    x = 32  # inside the plot, left of its first bar: the baseline alone crosses here
    inside = range(20, 580)  # clear of the frame's top and bottom
    edge = [y for y in inside if tuple(surface.get_at((x, y)))[:3] == theme.BUTTON_EDGE]
    assert len(edge) >= 3, edge


def chart_words(monkeypatch, points: list[int], size: tuple[int, int]) -> list[str]:
    """The words a points chart of `size` writes."""
    from game.scenes import results_chart

    drawn = texts_drawn(monkeypatch, results_chart)
    results_chart.draw_points_chart(pygame.Surface(size), pygame.Rect((0, 0), size), points, 1.0)
    return drawn


@pytest.mark.parametrize("points, legend", [([0, 120], True), ([90, 120], False)])
def test_a_chart_with_a_win_says_what_its_diamond_is(monkeypatch, points, legend):
    # a win has no bar, only a diamond on the baseline, which players took for a glitch
    assert ("a win" in chart_words(monkeypatch, points, (600, 200))) == legend


def test_a_chart_s_scale_is_not_called_the_highest(monkeypatch):
    # "Highest: 364" over a game given up, on a screen where lower is better, read as a best
    words = chart_words(monkeypatch, [65, 65, 364], (600, 200))
    assert "Most left: 364 points" in words and not any("Highest" in w for w in words)


def test_a_deal_kept_out_by_its_better_game_says_so(app):
    from game.scenes.results_records import record_figures
    from game.scenes.summary import GameSummary
    from game.store import GameFacts
    from tests.store.helpers import won_game

    first, slow = GameFacts(seconds=50), GameFacts(seconds=90)
    game = won_game()
    app.records.save_game(game, first)
    app.records.add_game_score(game, first, "AAA")
    again = won_game()
    app.records.save_game(again, slow)
    rows = record_figures(app, GameSummary(again, 90, facts=slow))
    assert rows[0][1] == "—" and rows[0][2] == "this deal is already listed with a better game"


@pytest.mark.parametrize("left_out", ["assisted", "assisted daily", "no card cleared", "practised"])
def test_a_game_left_out_of_its_table_still_shows_the_best_to_beat(app, left_out):
    # an assisted game's results dropped the "Best" line every other game's showed
    from game.scenes.results_records import record_figures
    from game.scenes.summary import GameSummary
    from game.store import DAILY, FREE, GameFacts
    from game.store.saved import BY_HINT
    from tests.store.helpers import won_game

    daily = left_out in ("practised", "assisted daily")
    best = GameFacts(seconds=50, mode=DAILY) if daily else GameFacts(seconds=50)
    app.records.save_game(won_game(), best)
    app.records.add_game_score(won_game(), best, "ABC")
    if left_out.startswith("assisted"):
        game, facts = won_game(), GameFacts(seconds=70, mode=DAILY if daily else FREE)
        facts.mark_assisted(BY_HINT)
    elif left_out == "no card cleared":
        game, facts = Game("pyramid52", deal=8), GameFacts(seconds=3)
        game.play("resign")
    else:  # the day's deal, played again: it stays out of the day's table
        game, facts = won_game(), GameFacts(seconds=70, mode=DAILY)
    app.records.save_game(game, facts)
    rows = record_figures(app, GameSummary(game, facts.seconds, facts=facts))
    # the row names the table whose best stands under it
    assert rows[0][:2] == ("Deal of the day" if daily else "High-score table", "—")
    assert rows[1] == ("Best", "0", "ABC · 0:50")


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_long_note_stays_inside_the_panel(tmp_path, monkeypatch, size):
    # the Russian "this deal is already listed with a better game" ran past the panel's edge
    from game.store import GameFacts
    from tests.store.helpers import won_game

    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    try:
        i18n.set_language("ru")
        first, again = GameFacts(seconds=50), GameFacts(seconds=90)
        app.records.save_game(won_game(), first)
        app.records.add_game_score(won_game(), first, "AAA")
        game = won_game()
        app.records.save_game(game, again)
        scene = open_results(app, Driver(app), GameSummary(game, 90, facts=again))
        surface = pygame.display.get_surface()
        scene.draw(surface, 1.0)
        rows = len(scene.all_figures())
        top, bottom = scene.figures_top, scene.figures_top + rows * scene.row_h
        beyond = [
            (x, y)
            for x in range(scene.box.right + 1, size[0])
            for y in range(top, bottom)
            if surface.get_at((x, y))[0] > 120  # text's light ink on the dark felt
        ]
        assert beyond == []
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size, edge", [((1280, 800), 1), ((3840, 2160), 3)])
def test_the_panels_edge_is_as_thin_to_the_eye_at_every_size(tmp_path, monkeypatch, size, edge):
    # at 4K the panel's 1-px edge and the rule above the figures all but vanished
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path))
    app = App(size=size, clock=ManualClock())
    try:
        scene = open_results(app, Driver(app), played())
        surface = pygame.display.get_surface()
        scene.draw(surface, 1.0)
        y = scene.box.centery
        drawn = [x for x in range(scene.box.x, scene.box.x + 10) if _is_edge(surface, x, y)]
        assert drawn == list(range(scene.box.x, scene.box.x + edge))
        rule_y = scene.figures_top - px(18, scene.scale, 10)
        x = scene.box.centerx
        rule = [y for y in range(rule_y - 6, rule_y + 7) if _is_edge(surface, x, y)]
        assert len(rule) == edge
    finally:
        pygame.display.quit()


def _is_edge(surface, x, y):
    return tuple(surface.get_at((x, y)))[:3] == theme.BUTTON_EDGE


def test_results_reached_by_a_key_show_the_focus_at_once(app, driver):
    from game.scenes.table import TableScene

    table = TableScene(app, Game("pyramid52", deal=8))
    app.switch(table, fade=False)
    driver.settle(1.0)
    driver.key_twice(pygame.K_g)  # given up by keys
    driver.settle(1.0)
    scene = app.scene
    assert isinstance(scene, ResultsScene) and scene.pad.show_focus
    assert scene.pad.focus_key == "new"
    driver.key(pygame.K_LEFT)  # the first arrow moves it: the ring was already there
    assert scene.pad.focus_key == "same"


@pytest.mark.parametrize(("games", "numbered"), [(2, True), (12, True), (60, False)])
def test_a_chart_of_a_few_games_says_each_bar_s_points(monkeypatch, games, numbered):
    # two bars far apart, one gold: which game was which could only be guessed
    points = [100 + 7 * i for i in range(games)]
    drawn = chart_words(monkeypatch, points, (700, 200))
    assert all(str(p) in drawn for p in points) == numbered


def test_enter_on_export_leaves_the_ring_on_the_default_not_on_a_neighbour(app, driver):
    # Export turns off once done, and the ring went to its neighbour, Same deal again:
    # a keyboard player's second Enter dealt the same deal unasked
    scene = open_results(app, driver, played("egyptian", deal=31))
    for _ in range(5):
        if scene.pad.show_focus and scene.pad.focus_key == "export":
            break
        driver.key(pygame.K_TAB)
    assert scene.pad.focus_key == "export" and scene.pad.show_focus
    driver.key(pygame.K_RETURN)
    assert scene.exported_path and not scene.pad.get("export").enabled
    assert scene.pad.focus_key == "new"  # the gold one, the screen's own Enter
