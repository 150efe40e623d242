"""The operator's way out: hold the corner, then the PIN on the pad, by touch alone."""

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.app import App
from game.kiosk.operator import CornerHold
from game.kiosk.pin_pad import REST_S, TRIES, PinPadScene
from game.kiosk.policy import OPERATOR_EXIT
from game.rules import Game
from game.scenes.table import TableScene
from game.ui import theme
from game.ui.keypad import key_size
from tests.kiosk.conftest import finger
from tests.scenes.driver import Driver

CORNER = (10, 10)  # inside the top-left corner of a 1280x800 screen


def hold(kiosk, driver, seconds: float, pos=CORNER) -> None:
    pygame.event.post(finger(pygame.FINGERDOWN, pos, kiosk.size))
    driver.frames(1)
    driver.settle(seconds)


def release(kiosk, driver, pos=CORNER) -> None:
    pygame.event.post(finger(pygame.FINGERUP, pos, kiosk.size))
    driver.frames(1)


def open_pad(kiosk, driver) -> PinPadScene:
    hold(kiosk, driver, 5.2)
    release(kiosk, driver)
    driver.settle(0.5)
    assert isinstance(kiosk.scene, PinPadScene)
    return kiosk.scene


def tap_keys(kiosk, driver, pad: PinPadScene, keys: str) -> None:
    """Tap the pad's keys on the screen: digits, then OK."""
    for key in keys:
        driver.tap(pad.pad.get(f"digit:{key}").rect.center)
    driver.tap(pad.pad.get("ok").rect.center)


def test_the_corner_is_a_square_a_fingertip_fits(kiosk):
    for corner, where in [
        ("top-left", "topleft"),
        ("top-right", "topright"),
        ("bottom-left", "bottomleft"),
        ("bottom-right", "bottomright"),
    ]:
        area = CornerHold(corner, 5).area((1920, 1080))
        assert area.width == area.height >= 48
        assert getattr(area, where) == getattr(pygame.Rect(0, 0, 1920, 1080), where)


def test_holding_the_corner_opens_the_pin_pad_and_the_press_starts_no_game(kiosk, driver):
    hold(kiosk, driver, 4.5)
    assert getattr(kiosk.scene, "attract", False)  # not yet, and the press started no game
    driver.settle(0.8)
    assert isinstance(kiosk.scene, PinPadScene)


def test_a_short_press_or_one_that_slides_away_opens_nothing(kiosk, driver):
    hold(kiosk, driver, 2)
    release(kiosk, driver)
    driver.settle(4)
    assert not isinstance(kiosk.scene, PinPadScene)
    hold(kiosk, driver, 1)
    pygame.event.post(finger(pygame.FINGERMOTION, (400, 300), kiosk.size))
    driver.settle(5)
    assert not isinstance(kiosk.scene, PinPadScene)


def test_another_corner_opens_nothing(kiosk, driver):
    hold(kiosk, driver, 6, pos=(1270, 790))
    assert not isinstance(kiosk.scene, PinPadScene)


def test_a_mouse_held_in_the_corner_works_too(kiosk, driver):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=CORNER, button=1))
    driver.settle(5.5)
    assert isinstance(kiosk.scene, PinPadScene)


class Screen:
    """What a real display would show: each update copies its rects from the window's
    surface, as the screen would take them."""

    def __init__(self, kiosk, monkeypatch) -> None:
        self.surface = kiosk.surface
        self.shown = kiosk.surface.copy()
        real = pygame.display.update

        def update(rects=None):
            if rects is None:
                rects = [self.surface.get_rect()]
            elif isinstance(rects, pygame.Rect):
                rects = [rects]
            for rect in rects:
                self.shown.blit(self.surface, rect, rect)
            real(rects)

        monkeypatch.setattr(pygame.display, "update", update)

    def gold_in(self, area: pygame.Rect, surface=None) -> int:
        picture = self.shown if surface is None else surface
        return sum(
            picture.get_at((x, y))[:3] == theme.GOLD
            for x in range(area.left, area.right)
            for y in range(area.top, area.bottom)
        )


@pytest.mark.parametrize("on_table", [False, True])
def test_a_held_corner_shows_a_ring_that_fills_and_leaves_no_trace(
    kiosk, driver, monkeypatch, on_table
):
    # the operator held a corner five seconds with nothing to say it was taking the press
    if on_table:  # a table repaints only what changes: the ring must not stay in it
        kiosk.switch(lambda: TableScene(kiosk, Game("pyramid52", deal=8)))
        driver.settle(1.0)
        assert isinstance(kiosk.scene, TableScene)
    screen = Screen(kiosk, monkeypatch)
    corner = kiosk.kiosk.corner.area(kiosk.size)
    area = pygame.Rect(0, 0, corner.width * 4, corner.height * 4)
    hold(kiosk, driver, 0.5)
    assert screen.gold_in(area) == 0  # a brief touch shows nothing
    driver.settle(1.5)
    early = screen.gold_in(area)
    driver.settle(2)
    later = screen.gold_in(area)
    assert 0 < early < later
    assert screen.gold_in(corner) == 0  # beside the finger, not under it
    assert screen.gold_in(area, kiosk.surface) == 0  # the scene's own picture has no ring
    release(kiosk, driver)
    driver.frames(2)
    assert screen.gold_in(area) == 0
    assert not isinstance(kiosk.scene, PinPadScene)
    # the screen shows the scene's picture again where the ring was
    scene_picture = kiosk.surface.subsurface(area)
    assert pygame.image.tobytes(screen.shown.subsurface(area), "RGB") == pygame.image.tobytes(
        scene_picture, "RGB"
    )


def test_the_ring_alone_does_not_repaint_the_scene(kiosk, driver, monkeypatch):
    # the chooser, painted whole, was painted every frame for the ring: 18 ms at 4K
    from game.kiosk.chooser import ChooserScene

    kiosk.switch(lambda: ChooserScene(kiosk, kiosk.kiosk), fade=False)
    driver.settle(1.0)
    scene = kiosk.scene
    screen = Screen(kiosk, monkeypatch)
    painted = []
    real = scene.draw
    monkeypatch.setattr(scene, "draw", lambda *a: painted.append(1) or real(*a))
    hold(kiosk, driver, 3.0)
    corner = kiosk.kiosk.corner.area(kiosk.size)
    assert screen.gold_in(pygame.Rect(0, 0, corner.width * 4, corner.height * 4)) > 0
    assert len(painted) <= 2  # the press itself may light something; not each frame


def test_a_wrong_pin_stays_on_the_pad_and_says_so(kiosk, driver):
    pad = open_pad(kiosk, driver)
    tap_keys(kiosk, driver, pad, "1234")
    driver.settle(0.3)
    assert kiosk.scene is pad and kiosk.running
    assert pad.entry == "" and pad.message == "Wrong PIN."


def test_the_right_pin_closes_the_kiosk_with_the_operator_s_status(kiosk, driver):
    pad = open_pad(kiosk, driver)
    tap_keys(kiosk, driver, pad, "2580")
    assert not kiosk.running
    assert kiosk.kiosk.exit_status == OPERATOR_EXIT


def test_the_pad_takes_a_keyboard_too_and_deletes(kiosk, driver):
    pad = open_pad(kiosk, driver)
    for key in (pygame.K_2, pygame.K_5, pygame.K_9, pygame.K_BACKSPACE, pygame.K_8, pygame.K_0):
        driver.key(key)
    assert pad.entry == "2580"
    driver.key(pygame.K_RETURN)
    assert not kiosk.running


def rested_pad(make_kiosk):
    """A kiosk idle longer than the pad's rest, its PIN pad resting after TRIES wrong PINs."""
    kiosk = make_kiosk("idle_seconds = 120\n")
    driver = Driver(kiosk)
    pad = open_pad(kiosk, driver)
    for _ in range(TRIES):
        tap_keys(kiosk, driver, pad, "1111")
    assert pad.resting > 0
    return kiosk, driver, pad


def test_too_many_wrong_pins_rest_the_pad(make_kiosk):

    kiosk, driver, pad = rested_pad(make_kiosk)
    tap_keys(kiosk, driver, pad, "2580")  # even the right one waits
    assert kiosk.running and kiosk.scene is pad
    driver.settle(REST_S + 0.5)
    assert pad.resting == 0
    tap_keys(kiosk, driver, pad, "2580")
    assert not kiosk.running


def test_cancelling_and_opening_the_pad_again_does_not_end_its_rest(make_kiosk):

    kiosk, driver, pad = rested_pad(make_kiosk)
    driver.tap(pad.pad.get("cancel").rect.center)  # Cancel stays at hand during the rest
    driver.settle(1.0)
    again = open_pad(kiosk, driver)
    assert again is not pad and again.resting > REST_S - 10
    tap_keys(kiosk, driver, again, "2580")  # the right PIN still waits for the rest
    assert kiosk.running
    driver.settle(REST_S)
    tap_keys(kiosk, driver, again, "2580")
    assert not kiosk.running


def test_cancel_returns_to_the_game_in_play(kiosk, driver):
    game = Game("pyramid52", deal=8)
    kiosk.switch(lambda: TableScene(kiosk, game))
    driver.settle(1)
    table = kiosk.scene
    for pile in ("p7.2", "p7.5"):
        driver.click(table.view.top_rect(pile).center)
    pad = open_pad(kiosk, driver)
    driver.tap(pad.pad.get("cancel").rect.center)
    driver.settle(0.5)
    assert kiosk.scene is table and not game.over and len(game.moves) == 1


def test_the_operator_s_exit_ends_the_game_in_play_and_records_it(kiosk, driver):
    game = Game("pyramid52", deal=8)
    kiosk.switch(lambda: TableScene(kiosk, game))
    driver.settle(1)
    for pile in ("p7.2", "p7.5"):
        driver.click(kiosk.scene.view.top_rect(pile).center)
    pad = open_pad(kiosk, driver)
    tap_keys(kiosk, driver, pad, "2580")
    assert game.outcome == "resigned"
    (row,) = kiosk.records.history()
    assert row.outcome == "resigned"


def test_a_pad_left_alone_goes_back_to_the_show(kiosk, driver):
    open_pad(kiosk, driver)
    driver.settle(31)
    assert getattr(kiosk.scene, "attract", False)


def test_a_signal_to_stop_ends_the_kiosk_cleanly(kiosk, driver):
    kiosk.kiosk.stop()  # what SIGTERM from the service manager does
    assert not kiosk.running and kiosk.kiosk.exit_status == 0


def test_each_rest_after_wrong_pins_is_twice_as_long_up_to_an_hour():
    # a fixed 30 s rest let a 4-digit PIN be found by trying in about a day
    from game.kiosk.pin_pad import LONGEST_REST_S, PinLock

    lock = PinLock()
    rests = []
    for _ in range(10):
        for _ in range(TRIES):
            lock.wrong_pin()
        rests.append(lock.resting)
        lock.tick(lock.resting)
    assert rests[:4] == [REST_S, 2 * REST_S, 4 * REST_S, 8 * REST_S]
    assert rests[-1] == LONGEST_REST_S


def test_rests_after_wrong_pins_are_forgiven_after_a_quiet_day_and_never_overflow():
    from game.kiosk.pin_pad import FORGIVEN_S, LONGEST_REST_S, PinLock

    lock = PinLock()
    lock.rests = 5000  # weeks of tries: 2**5000 overflowed a float
    for _ in range(TRIES):
        lock.wrong_pin()
    assert lock.resting == LONGEST_REST_S
    lock.tick(FORGIVEN_S)
    for _ in range(TRIES):
        lock.wrong_pin()
    assert lock.resting == REST_S


def test_the_pad_s_words_stay_inside_its_panel_in_russian(make_kiosk):
    # "Слишком много неверных попыток: подождите 30 с." ran past both of its edges
    from game import i18n

    kiosk = make_kiosk('idle_seconds = 120\nlanguage = "ru"\n')
    driver = Driver(kiosk)
    try:
        for size in ((1920, 1080), (1080, 1920), (1024, 768)):
            kiosk.surface = pygame.display.set_mode(size)
            kiosk._resized()
            pad = (
                open_pad(kiosk, driver) if not isinstance(kiosk.scene, PinPadScene) else kiosk.scene
            )
            driver.frames(1)
            assert pad.box.contains(pad.line_drawn), size
            for _ in range(TRIES):
                tap_keys(kiosk, driver, pad, "1111")
            driver.frames(1)
            assert pad.resting > 0
            assert pad.box.inflate(-16, 0).contains(pad.line_drawn), size
            driver.settle(REST_S + 0.5)
    finally:
        i18n.set_language("en")


def corner_of_the_stock(kiosk, driver, ruleset: str):
    """A pyramid table at 800x600, whose stock lies under the operator's corner."""
    from tests.kiosk.test_policy import open_table

    scene = open_table(kiosk, driver, Game(ruleset, deal=3))
    corner = kiosk.kiosk.corner.area(kiosk.size)
    overlap = corner.clip(scene.view.top_rect("st").inflate(28, 28))
    assert overlap.width and overlap.height  # the case: the stock's touch area reaches it
    return scene, overlap.center


@pytest.mark.parametrize("ruleset", ["pyramid36", "pyramid52"])
def test_a_tap_on_the_stock_under_the_operator_s_corner_turns_it(make_kiosk, ruleset):
    # the corner kept every press that began in it: taps there turned nothing, and said
    # nothing, in the pyramid games that lay their stock in the top left
    from tests.kiosk.test_policy import sdl_touch

    kiosk = make_kiosk(size=(800, 600))
    driver = Driver(kiosk)
    scene, where = corner_of_the_stock(kiosk, driver, ruleset)
    sdl_touch(kiosk, where)
    driver.frames(3)
    assert [str(m) for m in scene.game.moves] == ["st>w"]
    assert not isinstance(kiosk.scene, PinPadScene)


def test_a_press_on_the_corner_that_shows_the_ring_is_the_operator_s_alone(make_kiosk):

    kiosk = make_kiosk(size=(800, 600))
    driver = Driver(kiosk)
    scene, where = corner_of_the_stock(kiosk, driver, "pyramid52")
    hold(kiosk, driver, 2, pos=where)  # the ring showed: the operator, who let go
    release(kiosk, driver, pos=where)
    driver.settle(1)
    assert scene.game.moves == [] and kiosk.scene is scene
    hold(kiosk, driver, 5.2, pos=where)
    release(kiosk, driver, pos=where)
    driver.settle(0.5)
    assert isinstance(kiosk.scene, PinPadScene) and scene.game.moves == []


@contextmanager
def russian_pad(make_kiosk, size: tuple[int, int]) -> Iterator[tuple[App, Driver, PinPadScene]]:
    """A kiosk in Russian, of `size`, its PIN pad open; English again afterwards."""
    from game import i18n

    kiosk = make_kiosk('idle_seconds = 120\nlanguage = "ru"\n')
    driver = Driver(kiosk)
    try:
        kiosk.surface = pygame.display.set_mode(size)
        kiosk._resized()
        yield kiosk, driver, open_pad(kiosk, driver)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 800), (480, 800)])
def test_the_pad_and_its_cancel_lie_on_a_low_screen_whole(make_kiosk, size):
    # at 800x480 Cancel lay 28 px below the screen's edge, 20 px of it to be pressed
    with russian_pad(make_kiosk, size) as (kiosk, _driver, pad):
        screen = kiosk.surface.get_rect()
        for b in pad.pad.buttons:
            assert screen.contains(b.rect) and pad.box.contains(b.rect), (b.key, b.rect)
            assert min(b.rect.size) >= 36, (b.key, b.rect)
        # Cancel, a passer-by's way back, a finger high where the keys are (48 px of 64),
        # and never at the keys' cost: on a low screen it gives way first (54 px keys
        # went down to 51 for it at 800x480)
        cancel, key = pad.pad.get("cancel").rect.height, pad.pad.get("ok").rect.height
        if key == key_size(size):
            assert cancel >= min(60, key) or pad.box.height >= kiosk.size[1] - 8
        else:
            assert cancel == key * 3 // 4


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 800), (600, 1024)])
def test_the_pad_says_a_long_rest_in_its_own_size_in_russian(make_kiosk, size):
    # the panel was as narrow as the keys: the lock-out shrank to 12 px to fit it
    from game.ui.widgets import px

    with russian_pad(make_kiosk, size) as (kiosk, driver, pad):
        kiosk.kiosk.pin_lock.rests = 16  # the longest rest: an hour
        for _ in range(TRIES):
            tap_keys(kiosk, driver, pad, "1111")
        driver.frames(2)
        assert pad.resting > 1000
        assert pad.line_size == px(20, theme.ui_scale(size), 14)
        assert pad.box.inflate(-16, 0).contains(pad.line_drawn)
        assert kiosk.surface.get_rect().contains(pad.box)
