"""The attract loop: invitation, a demo the solver wins, the high scores, the next game; a touch
anywhere starts a fresh game (through the chooser when several are offered)."""

import itertools
import time
from dataclasses import replace

import pygame
import pytest

from game.kiosk.attract import DemoTableScene
from game.kiosk.chooser import ChooserScene
from game.kiosk.high_scores import HighScoresScene
from game.kiosk.invitation import InvitationScene
from game.rules import Game, get_ruleset
from game.scenes.deal_finder import DealFinderScene
from game.scenes.rules import RulesScene
from game.scenes.table import TableScene
from game.store import FREE, GameFacts, TableKey
from game.ui import theme
from tests.scenes.driver import Driver, texts_drawn
from tests.store.helpers import DEAL_8_WIN


def wait_for(driver, kind, seconds: float = 60.0):
    """Step frames until the scene is of this kind; real time too, for the solver's answers."""
    end = time.monotonic() + seconds
    while not isinstance(driver.app.scene, kind):
        assert time.monotonic() < end, f"still {type(driver.app.scene).__name__}"
        driver.frames(10)
        time.sleep(0.002)
    return driver.app.scene


def wait_for_demo(driver, seconds: float = 60.0):
    """The demo, once the solver has answered the invitation's search in real time: the
    frames, stepped faster, would run the invitation's patience out first (and with no
    winnable deal known, the tables come instead of the demo)."""
    loop = driver.app.kiosk.attract
    end = time.monotonic() + seconds
    while not loop.deal_ready():
        assert time.monotonic() < end, "no answer from the solver"
        time.sleep(0.01)
    return wait_for(driver, DemoTableScene, seconds)


def test_the_loop_goes_round_every_game_offered(kiosk, driver):
    loop = kiosk.kiosk.attract
    assert isinstance(kiosk.scene, InvitationScene)
    shown = []
    for _ in range(3):
        demo = wait_for_demo(driver)
        assert demo.demo and not demo.recorded
        shown.append(demo.game.ruleset.id)
        tables = wait_for(driver, HighScoresScene)
        assert tables.offered.ruleset == shown[-1]
        wait_for(driver, InvitationScene)
    assert shown == ["pyramid36", "pyramid52", "nechego"]
    assert loop.rounds == 3
    assert kiosk.records.history() == []  # the show records nothing


def test_after_a_passer_by_the_show_goes_on_to_the_next_game(kiosk, driver):
    # it came back to the game whose demo the touch cut short: with a passer-by every
    # minute or two, one game of four showed in nine looks of eleven
    loop = kiosk.kiosk.attract
    shown = []
    for _ in range(2):
        shown.append(wait_for_demo(driver).game.ruleset.id)
        driver.tap((900, 300))  # the chooser
        driver.settle(0.5)
        assert isinstance(kiosk.scene, ChooserScene)
        kiosk.kiosk.to_attract()  # walked away
        wait_for(driver, InvitationScene)
    assert shown == ["pyramid36", "pyramid52"]
    assert loop.rounds == 0
    # a touch on the invitation, before this game was shown, keeps it for the next look
    driver.tap((900, 300))
    driver.settle(0.5)
    kiosk.kiosk.to_attract()
    assert wait_for_demo(driver).game.ruleset.id == "nechego"


def test_the_demo_plays_a_winnable_deal_to_the_end_with_its_animations(kiosk, driver):
    demo = wait_for_demo(driver)
    game = demo.game
    moved = False
    end = time.monotonic() + 60
    while isinstance(kiosk.scene, DemoTableScene) and time.monotonic() < end:
        driver.frames(5)
        moved = moved or bool(demo.animator.tweens and game.moves)
        time.sleep(0.001)
    assert moved  # the moves flew, they did not jump
    assert game.won and kiosk.kiosk.attract.demos_won == 1


@pytest.mark.parametrize("stage", [InvitationScene, DemoTableScene, HighScoresScene])
def test_a_touch_anywhere_in_the_loop_opens_the_chooser(kiosk, driver, stage):
    wait_for(driver, stage)
    driver.tap((900, 300))
    driver.settle(0.5)
    assert isinstance(kiosk.scene, ChooserScene)


def test_a_touch_as_the_show_passes_to_its_next_screen_opens_the_chooser(kiosk, driver):
    # the screen being left takes no event: a tap as the invitation gave way to the
    # demo was lost, and the demo played on
    wait_for(driver, InvitationScene)
    end = time.monotonic() + 60
    while not kiosk.switching:
        assert time.monotonic() < end, "the invitation never gave way"
        driver.frames(1)
        time.sleep(0.002)
    assert getattr(kiosk.scene, "attract", False)
    driver.tap((900, 300))
    driver.settle(0.5)
    assert isinstance(kiosk.scene, ChooserScene)


def test_escape_in_the_loop_starts_nothing(kiosk, driver):
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    assert isinstance(kiosk.scene, InvitationScene)


def test_with_one_game_offered_a_touch_deals_it_at_once(make_kiosk):
    kiosk = make_kiosk(
        text='winnable_only = false\n[operator]\npin = "2580"\n'
        '[[games]]\nruleset = "nechego"\noptions = {piles = 10}\n'
    )
    driver = Driver(kiosk)
    driver.tap((640, 400))
    driver.settle(1.0)
    assert isinstance(kiosk.scene, TableScene) and not isinstance(kiosk.scene, DemoTableScene)
    assert kiosk.scene.game.ruleset.id == "nechego" and kiosk.scene.game.options["piles"] == 10
    assert kiosk.scene.recorded


def test_the_chooser_deals_the_game_touched_with_its_options(kiosk, driver):
    driver.tap((640, 400))
    driver.settle(0.5)
    chooser = kiosk.scene
    driver.tap(chooser.cards[2].center)
    driver.settle(1.0)
    table = kiosk.scene
    assert isinstance(table, TableScene)
    assert table.game.ruleset.id == "nechego" and table.game.options["cards"] == 32


def test_the_chooser_names_only_the_options_a_passer_by_needs(make_kiosk):
    # every option, defaults and all («Карты на стопки: из талона»), read as jargon
    from game.ui.labels import summary_text
    from tests.kiosk.conftest import CONFIG

    kiosk = make_kiosk(text=CONFIG + '[[games]]\nruleset = "pyramid52"\noptions = { passes = 3 }\n')
    kiosk.switch(lambda: ChooserScene(kiosk, kiosk.kiosk), fade=False)
    scene = kiosk.scene
    said = [scene._texts(i)[1] for i in range(len(scene.games))]
    summaries = [summary_text(get_ruleset(g.ruleset)) for g in scene.games]
    # what counts cards, piles and passes, at a glance, said briefly; how cards move
    # only when it is not the default («Карты на стопки: из талона» was the jargon)
    assert said[0] == f"One pass\n{summaries[0]}"
    assert said[1] == f"One pass\n{summaries[1]}"
    assert said[3] == f"Three passes\n{summaries[3]}"
    nechego = "32 cards · 8 piles · one pass"
    assert said[2] == f"{nechego}\n{summaries[2]}"


SIX_GAMES = """
[[games]]
ruleset = "sbudetsya"
[[games]]
ruleset = "pyramid52"
options = { passes = 3 }
[[games]]
ruleset = "egyptian"
options = { base = "K" }
"""


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_six_games_on_the_chooser_keep_their_options_whole(make_kiosk, size, language):
    # a card too full kept its text up to its first colon, the options' own: both
    # Pyramids 52 read "Passes through the stock."
    from game import i18n
    from game.render.preview import draw_ruleset_card
    from tests.kiosk.conftest import CONFIG

    games = CONFIG + SIX_GAMES
    kiosk = make_kiosk(f'language = "{language}"\n', text=games, size=size)
    try:
        kiosk.switch(lambda: ChooserScene(kiosk, kiosk.kiosk), fade=False)
        scene = kiosk.scene
        assert len(scene.games) == 6
        scratch = kiosk.surface.copy()
        for i, offered in enumerate(scene.games):
            texts = scene._texts(i)
            options = texts[1].split("\n")[0]
            _name, lines, _size = draw_ruleset_card(
                scratch,
                scene.cards[i],
                offered.ruleset,
                texts,
                (False, False),
                scene.scale * 1.5,
                summary_size=scene.summary_size,
            )
            assert options and " ".join(lines).startswith(options), (offered.ruleset, lines)
    finally:
        i18n.set_language("en")


def test_the_chooser_shows_rules_and_comes_back(kiosk, driver):
    driver.tap((640, 400))
    driver.settle(0.5)
    driver.tap(kiosk.scene.pad.get("rules:1").rect.center)
    driver.settle(0.5)
    assert isinstance(kiosk.scene, RulesScene) and kiosk.scene.ruleset.id == "pyramid52"
    driver.key(pygame.K_ESCAPE)
    driver.settle(0.5)
    assert isinstance(kiosk.scene, ChooserScene)


def test_the_rules_read_from_the_chooser_deal_their_game_at_a_touch(kiosk, driver):
    # a passer-by who had read them went Back, then found Play
    from game.ui import theme

    driver.tap((640, 400))
    driver.settle(0.5)
    driver.tap(kiosk.scene.pad.get("rules:2").rect.center)
    driver.settle(0.5)
    rules = kiosk.scene
    assert isinstance(rules, RulesScene) and [b.key for b in rules.buttons] == ["play", "back"]
    play = rules.buttons[0]
    assert play.rect.height >= theme.FINGER and play.rect.right < rules.back_button.rect.left
    driver.tap(play.rect.center)
    driver.settle(1.0)
    table = kiosk.scene
    assert isinstance(table, TableScene)
    assert table.game.ruleset.id == "nechego" and table.game.options["cards"] == 32
    # the rules read over a game go back to it, with nothing to deal
    driver.click(table.buttons["rules"].rect.center)
    driver.settle(0.5)
    assert [b.key for b in kiosk.scene.buttons] == ["back"]


def test_the_chooser_s_back_returns_to_the_show(kiosk, driver):
    driver.tap((640, 400))
    driver.settle(0.5)
    driver.tap(kiosk.scene.pad.get("back").rect.center)
    driver.settle(0.5)
    assert isinstance(kiosk.scene, InvitationScene)


def test_winnable_only_deals_through_the_deal_finder(make_kiosk):
    kiosk = make_kiosk("winnable_only = true\n")
    driver = Driver(kiosk)
    driver.tap((640, 400))
    driver.settle(0.5)
    driver.tap(kiosk.scene.cards[0].center)
    driver.frames(20)
    assert isinstance(kiosk.scene, DealFinderScene | TableScene)
    table = wait_for(driver, TableScene, 30)
    assert table.game.ruleset.id == "pyramid36"


def show_a_won_game_in_the_high_scores(kiosk, driver, initials):
    """Pyramid 52's table with one won game in it, as the attract loop shows it."""
    game = Game("pyramid52", deal=8)
    for move in DEAL_8_WIN:
        game.play(move)
    facts = GameFacts(seconds=95.0)
    kiosk.records.save_game(game, facts)
    kiosk.records.add_game_score(game, facts, initials)
    loop = kiosk.kiosk.attract
    loop.turn = 1  # pyramid52
    loop.show_tables()
    return game, wait_for(driver, HighScoresScene)


def test_the_high_scores_show_the_table_of_the_game_just_shown(kiosk, driver):
    game, tables = show_a_won_game_in_the_high_scores(kiosk, driver, "ЁЖИ")
    assert [e.initials for e in tables.entries] == ["ЁЖИ"]
    key = TableKey.of(FREE, "pyramid52", game.options)
    assert tables.entries == kiosk.records.scores.top(key)
    driver.frames(3)  # drawn, with Cyrillic initials, without a fault
    # its foot says what the figures are: "Points 0" read as a score of nothing
    note = tables.note_drawn
    assert note.width and kiosk.surface.get_rect().contains(note)
    assert note.top > tables.live.top - 200 and note.bottom <= tables.live.top


# in either alphabet, as the game's list, with digits for letters or the alphabets mixed
@pytest.mark.parametrize("listed", ["kot", "кот", "K0T", "КOТ"])
def test_initials_the_operator_lists_are_hidden_in_a_table_that_holds_them(make_kiosk, listed):
    # a word seen on the public screen could only be taken off with SQLite: listed in
    # the configuration, it shows as "---", in the tables and in the results' best
    from game.kiosk.policy import NO_INITIALS
    from game.scenes.results_records import best_figures

    kiosk = make_kiosk(f'hide_initials = ["{listed}"]\n')
    driver = Driver(kiosk)
    game, tables = show_a_won_game_in_the_high_scores(kiosk, driver, "KOT")
    assert [e.initials for e in tables.entries] == [NO_INITIALS]
    driver.frames(3)
    key = TableKey.of(FREE, "pyramid52", game.options)
    (best,) = best_figures(kiosk.records.top(key))
    assert best[2].startswith(NO_INITIALS + " · ")
    assert kiosk.records.scores.top(key)[0].initials == "KOT"  # kept as entered


def test_a_desktop_shows_the_initials_as_entered(tmp_path):
    from game.store import Records

    records = Records.open(tmp_path / "records.sqlite3")
    game = Game("pyramid52", deal=8)
    for move in DEAL_8_WIN:
        game.play(move)
    facts = GameFacts(seconds=95.0)
    records.save_game(game, facts)
    records.add_game_score(game, facts, "BUM")
    assert [e.initials for e in records.top(records.table_for(game, facts))] == ["BUM"]


def test_the_high_scores_show_the_places_still_open(kiosk, driver):
    # one entry left the rest of the panel empty, at 4K half the screen: the places
    # nobody holds yet are numbered, as an arcade's table numbers them
    from game.store.scores import TOP

    _game, tables = show_a_won_game_in_the_high_scores(kiosk, driver, "ABC")
    driver.frames(3)
    places = tables.places_drawn
    assert len(places) == TOP
    assert all(a.bottom <= b.top for a, b in itertools.pairwise(places))
    assert places[-1].bottom <= tables.note_drawn.top
    open_place = kiosk.surface.subsurface(places[1])  # place 2: drawn, not felt
    assert (
        len(
            {
                open_place.get_at((x, y))[:3]
                for x in range(places[1].width)
                for y in range(places[1].height)
            }
        )
        > 2
    )


@pytest.mark.parametrize("size", [(1280, 800), (2160, 3840), (3840, 2160)])
def test_the_high_scores_foot_says_what_the_figures_are_whole(make_kiosk, size):
    # standing up at 4K, the note was one line cut short: "... cards left on th..."
    from game.ui.labels import figures_note

    kiosk = make_kiosk()
    kiosk.surface = pygame.display.set_mode(size)
    kiosk._resized()
    driver = Driver(kiosk)
    _game, tables = show_a_won_game_in_the_high_scores(kiosk, driver, "ABC")
    driver.frames(3)
    assert " ".join(tables.note_lines) == figures_note()
    assert len(tables.note_lines) == 1 or " " in tables.note_lines[-1]  # no word alone
    assert kiosk.surface.get_rect().contains(tables.note_drawn)
    assert tables.note_drawn.bottom <= tables.live.top


@pytest.mark.parametrize("size", [(1080, 1920), (1920, 1080)])
def test_the_invitation_is_one_size_in_the_demo_and_the_high_scores(make_kiosk, size):
    # sized by each band's height, it was half as large again in the demo's band (its
    # button bar, two rows standing up) and a quarter smaller there lying down
    from game.kiosk.show import draw_ribbon

    kiosk = make_kiosk()
    kiosk.surface = pygame.display.set_mode(size)
    kiosk._resized()
    driver = Driver(kiosk)
    demo_band = wait_for_demo(driver).hud.bottom.copy()
    kiosk.kiosk.attract.show_tables()
    tables_band = wait_for(driver, HighScoresScene).live.copy()
    assert demo_band.height != tables_band.height
    heights = [
        draw_ribbon(pygame.Surface(size), band, 0.0, "Demo: the solver plays").height
        for band in (demo_band, tables_band)
    ]
    assert heights[0] == heights[1]
    assert demo_band.contains(draw_ribbon(pygame.Surface(size), demo_band, 0.0))


def test_a_solver_that_dies_during_the_deal_search_is_asked_again_once(kiosk, driver):
    # the game's demo gave way to its tables at once, where a new worker finds a deal
    loop = kiosk.kiosk.attract
    assert isinstance(kiosk.scene, InvitationScene) and loop.request is not None
    process = kiosk.solver._process
    process.kill()
    process.join(5)
    assert not loop.deal_ready() and kiosk.solver.running  # asked of a new worker
    assert wait_for_demo(driver).game.ruleset.id == "pyramid36"


def test_a_solver_that_dies_twice_during_the_deal_search_does_not_hold_the_invitation(
    kiosk, driver
):
    # the invitation waited its 8 s and then 20 s more for an answer that could not come
    loop = kiosk.kiosk.attract
    for _ in range(2):
        process = kiosk.solver._process
        process.kill()
        process.join(5)
        ready = loop.deal_ready()
    assert ready and loop.deal is None
    driver.settle(kiosk.kiosk.config.attract.invitation_seconds + 1.0)
    # in time, the tables: no deal of this game is known to be winnable yet
    assert isinstance(kiosk.scene, HighScoresScene)


def test_the_chooser_standing_up_puts_its_buttons_under_each_game(make_kiosk):
    from game.kiosk.chooser import ChooserScene

    kiosk = make_kiosk()
    kiosk.surface = pygame.display.set_mode((1080, 1920))  # a screen standing up
    kiosk._resized()
    kiosk.switch(lambda: ChooserScene(kiosk, kiosk.kiosk), fade=False)
    scene = kiosk.scene
    for i, card in enumerate(scene.cards):
        play, rules = scene.pad.get(f"play:{i}"), scene.pad.get(f"rules:{i}")
        assert play.rect.top > card.bottom and rules.rect.top > card.bottom
        assert min(play.rect.height, rules.rect.height) >= 60  # a finger's size
        assert play.rect.width > card.width // 3
    # and they read as its own: on a panel with the card, further from the next game's
    # panel than from their card (they stood as near the next game as their own)
    groups = scene.groups
    assert len(groups) == len(scene.cards)
    for i, group in enumerate(groups):
        own = (scene.cards[i], scene.pad.get(f"play:{i}").rect, scene.pad.get(f"rules:{i}").rect)
        assert all(group.contains(r) for r in own)
        if i + 1 < len(groups):
            between = groups[i + 1].top - group.bottom
            assert between > scene.pad.get(f"play:{i}").rect.top - scene.cards[i].bottom


def test_with_six_games_the_chooser_s_buttons_stay_a_fingertip_high(make_kiosk):
    # Rules under Play in rows a sixth of the screen high came out 45 px at 1920x1080
    from tests.kiosk.conftest import CONFIG

    more = "".join(
        f'[[games]]\nruleset = "{r}"\n' for r in ("sbudetsya", "egyptian", "devils-bridge")
    )
    kiosk = make_kiosk(text=CONFIG + more)
    kiosk.surface = pygame.display.set_mode((1920, 1080))
    kiosk._resized()
    kiosk.switch(lambda: ChooserScene(kiosk, kiosk.kiosk), fade=False)
    buttons = [b for b in kiosk.scene.pad.buttons if b.key.startswith(("play:", "rules:"))]
    assert len(buttons) == 12 and all(b.rect.height >= 60 for b in buttons)


@pytest.mark.parametrize("games", [3, 4, 6])
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1366, 768)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_chooser_s_buttons_keep_their_words_full_size(make_kiosk, language, size, games):
    # Play and Rules stood side by side as pills 70 px wide, «Правила» 6 px high (three
    # games at 800x600), 10 px of 19 (four)
    from game import i18n
    from game.ui.widgets import px
    from tests.kiosk.conftest import CONFIG

    more = ("egyptian", "devils-bridge", "sbudetsya")[: games - 3]
    text = CONFIG + "".join(f'[[games]]\nruleset = "{r}"\n' for r in more)
    kiosk = make_kiosk(text=text, size=size)
    try:
        i18n.set_language(language)
        kiosk.switch(lambda: ChooserScene(kiosk, kiosk.kiosk), fade=False)
        scene = kiosk.scene
        assert len(scene.games) == games
        scale = theme.ui_scale(size)
        for i in range(games):
            for key in (f"play:{i}", f"rules:{i}"):
                button = scene.pad.get(key)
                assert button.rect.height >= 60, key
                drawn = max(16, min(px(30, scale), int(button.rect.height * 0.4)))
                assert button.fitting_size(drawn) == drawn, (key, button.rect)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("width", [600, 1006, 1500])
def test_the_high_scores_figures_keep_clear_of_each_other(width):
    # on a screen standing up the date ran into the time: "0:2026-12-02"
    from game.kiosk.high_scores import columns, fitting_row_size
    from game.ui import theme

    pygame.font.init()
    rows = [["10", "ЖУК", "1285", "104", "1:02:28", "2026-12-02"]]
    size = fitting_row_size(rows, width, 40)
    font = theme.font(size, bold=True)
    spans = []
    for (_head, share, anchor), value in zip(columns(), rows[0], strict=True):
        edge = int(width * share)
        w = font.size(value)[0]
        spans.append((edge - w, edge) if anchor == "midright" else (edge, edge + w))
    for (_a, right), (left, _b) in itertools.pairwise(spans[1:]):
        assert right < left, (size, spans)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_invitation_band_keeps_its_words_on_a_narrow_screen(language):
    # standing up, the Russian words ran off both sides: "…снитесь экрана, чтобы сыгра…"
    from game import i18n
    from game.kiosk.show import draw_ribbon

    pygame.font.init()
    i18n.set_language(language)
    try:
        screen = pygame.Surface((1080, 1920))
        band = pygame.Rect(0, 1760, 1080, 160)
        words = draw_ribbon(screen, band, 0.0, "Demo: the solver plays")
        assert band.contains(words)
        # the note said that the table plays itself: with no room beside the words, it
        # was left out; the band standing up is high enough to hold it above them
        bare = pygame.Surface((1080, 1920))
        draw_ribbon(bare, band, 0.0)
        above = pygame.Rect(band.x, band.y, band.width, words.top - band.y)
        assert (
            screen.subsurface(above).get_view("2").raw != bare.subsurface(above).get_view("2").raw
        )
    finally:
        i18n.set_language("en")


def test_every_russian_summary_is_whole_on_the_chooser_standing_up(make_kiosk):
    # "…чем больше стопок, те…": two sizes smaller than the kiosk's large text was not
    # enough, where it is for the menu's
    from game import i18n
    from game.render.preview import draw_ruleset_card
    from tests.kiosk.conftest import CONFIG

    games = CONFIG + '[[games]]\nruleset = "sbudetsya"\n'
    kiosk = make_kiosk('language = "ru"\n', text=games, size=(1080, 1920))
    try:
        kiosk.switch(lambda: ChooserScene(kiosk, kiosk.kiosk), fade=False)
        scene = kiosk.scene
        scratch = kiosk.surface.copy()
        for i, offered in enumerate(scene.games):
            ruleset = get_ruleset(offered.ruleset)
            summary = scene._texts(i)[1]
            texts = (i18n.localized(ruleset.name), summary)
            _name, lines, _size = draw_ruleset_card(
                scratch, scene.cards[i], ruleset.id, texts, (False, False), scene.scale * 1.5
            )
            assert not lines[-1].endswith("…"), (ruleset.id, lines)
    finally:
        i18n.set_language("en")


def test_the_invitation_never_breaks_a_game_s_name(make_kiosk):
    # "От нечего / делать" went on two lines under the call to play
    from game import i18n
    from game.kiosk.invitation import names_line
    from game.ui import theme
    from game.ui.widgets import wrap

    pygame.font.init()
    i18n.set_language("ru")
    try:
        ids = ["pyramid36", "sbudetsya", "nechego"]
        names = [i18n.localized(get_ruleset(r).name) for r in ids]
        for room in (300, 500, 700):
            lines = wrap(names_line(ids), theme.font(28), room)
            shown = [line.replace("\u00a0", " ").rstrip(" ·") for line in lines]
            for line in shown:
                assert all(part in names for part in line.split(" · ")), (room, lines)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1080, 1920), (800, 600)])
def test_the_invitation_names_all_six_games_whole(make_kiosk, size):
    # standing up it kept two lines: «…Египетская пирам…», and Devil's Bridge unsaid
    from game import i18n
    from tests.kiosk.conftest import CONFIG

    kiosk = make_kiosk('language = "ru"\n', text=CONFIG + SIX_GAMES, size=size)
    try:
        kiosk.switch(lambda: InvitationScene(kiosk, kiosk.kiosk.attract), fade=False)
        Driver(kiosk).frames(2)
        shown = " ".join(kiosk.scene.names_shown).replace("\u00a0", " ")
        assert "…" not in shown
        for offered in kiosk.kiosk.config.games:
            assert i18n.localized(get_ruleset(offered.ruleset).name) in shown
    finally:
        i18n.set_language("en")


def test_the_invitation_s_pyramid_shows_only_cards_every_pack_has():
    # a 2 and a 4 stood over three games of 36 cards, whose pack has neither
    from game.kiosk.invitation import PYRAMID_CARDS
    from game.rules import rulesets

    packs = []
    for ruleset in rulesets().values():
        cards = [o.choices for o in ruleset.options if o.key == "cards"]
        for choice in cards[0] if cards else [None]:
            options = {"cards": choice} if choice is not None else {}
            packs.append(set(Game(ruleset.id, options, deal=0).deck))
    assert len(packs) == len(rulesets()) + 1  # the 32-card pack too
    assert all(set(PYRAMID_CARDS) <= pack for pack in packs)


def test_with_no_winnable_deal_in_time_the_demo_plays_the_last_found_or_gives_way(kiosk, driver):
    # a random deal was played instead: it opened on "No win possible" and lost, in view
    loop = kiosk.kiosk.attract
    loop.request, loop.deal = None, None  # the search answered nothing in time
    loop.show_demo()
    driver.settle(0.5)
    assert isinstance(kiosk.scene, HighScoresScene)  # none found yet: the tables instead
    loop.winnable[loop.offered_at] = 8  # found in an earlier round
    loop.show_demo()
    driver.settle(0.5)
    assert isinstance(kiosk.scene, DemoTableScene) and kiosk.scene.game.deal_number == 8


@pytest.mark.parametrize("size", [(1080, 1920), (768, 1024)])
def test_the_high_scores_title_keeps_a_margin_standing_up(make_kiosk, size):
    # «Лучшие результаты» ran to within 28 px of both edges of a screen standing up
    kiosk = make_kiosk('language = "ru"\n', size=size)
    driver = Driver(kiosk)
    kiosk.kiosk.attract.show_tables()
    title = wait_for(driver, HighScoresScene).title_drawn
    margin = int(28 * theme.ui_scale(size))
    assert title.width > 0
    assert title.left >= 2 * margin and title.right <= size[0] - 2 * margin


def test_the_invitation_s_pulse_is_drawn_thirty_times_a_second_not_sixty(kiosk, driver):
    # a slow glow drawn every frame kept a kiosk's show at 5% of a core, for days
    from game.kiosk.show import PULSE_FPS

    scene = wait_for(driver, InvitationScene)
    draws = []
    draw = scene.draw
    scene.draw = lambda surface, alpha: draws.append(1) or draw(surface, alpha)
    driver.frames(60)  # one second
    assert PULSE_FPS - 2 <= len(draws) <= PULSE_FPS + 1


def test_a_demo_past_its_time_plays_on_to_a_win_a_few_moves_away(kiosk, driver):
    # an Egyptian deal's 228 moves took some 180 s: its demo gave way to the tables at
    # 150 s, the stock out and the win a few cards away, every round
    from game.kiosk.attract import DEMO_PACE_S, ENDING_GRACE_S

    demo = wait_for_demo(driver)
    limit = kiosk.kiosk.config.attract.demo_seconds
    end = time.monotonic() + 30
    while demo.analysis.known() is None:
        assert time.monotonic() < end, "no answer from the solver"
        driver.frames(1)
        time.sleep(0.01)
    known = demo.analysis.known()
    moves = ENDING_GRACE_S / DEMO_PACE_S  # as many as its grace plays
    assert known.won and len(known.line) < moves
    demo.shown = limit + 1
    driver.frames(2)
    assert kiosk.scene is demo and not demo.leaving  # a win this close plays on
    demo.shown = limit + ENDING_GRACE_S + 1
    assert not demo._ending(limit)  # for a while only
    demo.shown = limit + 1
    longer = known.line * int(moves // len(known.line) + 1)
    demo.analysis.results[demo.analysis.position()] = replace(known, line=longer)
    driver.frames(2)
    assert demo.leaving  # not a win this far


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_empty_table_s_words_are_whole_on_a_standing_screen(make_kiosk, monkeypatch, language):
    # standing up, the Russian lost «место!» to an ellipsis under a panel of empty height
    from game.kiosk import high_scores

    kiosk = make_kiosk(extra=f'language = "{language}"', size=(1080, 1920))
    drawn = texts_drawn(monkeypatch, high_scores)
    kiosk.kiosk.attract.show_tables()
    Driver(kiosk).frames(30)
    assert isinstance(kiosk.scene, HighScoresScene)
    said = " ".join(drawn)
    assert "…" not in said
    last = {"en": "be the first!", "ru": "займите первое место!"}[language]
    assert last in " ".join(said.split())


def test_the_deal_finder_s_cancel_is_a_finger_s_height_on_a_kiosk(make_kiosk):
    # 40 px at 1024x600, where every other button a passer-by presses is 60
    kiosk = make_kiosk("winnable_only = true\n", size=(1024, 600))
    finder = DealFinderScene(kiosk, Game("pyramid36", deal=0).ruleset, {"passes": 1})
    finder.draw(pygame.Surface((1024, 600)), 1.0)
    assert finder.cancel_button.rect.height >= theme.FINGER
