"""The kiosk's chooser on a screen standing up, as a passer-by sees it after a touch."""

import itertools

import pytest

from game.kiosk.chooser import ChooserScene
from tests.scenes.driver import Driver


@pytest.mark.parametrize("size", [(1080, 1920), (768, 1366), (600, 1024)])
def test_back_stands_off_the_first_game_s_panel_as_the_panels_stand_apart(make_kiosk, size):
    # the panels round each game reach out past their cards: the first came within 13 px
    # of Back's foot at 1080x1920 (6 px at 600x1024), nearer than the panels to each other
    kiosk = make_kiosk(size=size)
    kiosk.switch(lambda: ChooserScene(kiosk, kiosk.kiosk), fade=False)
    Driver(kiosk).frames(1)
    scene = kiosk.scene
    back, groups = scene.pad.get("back").rect, scene.groups
    assert len(groups) == len(scene.cards) > 1
    apart = min(b.top - a.bottom for a, b in itertools.pairwise(groups))
    assert groups[0].top - back.bottom >= apart
    assert kiosk.surface.get_rect().contains(groups[-1])
