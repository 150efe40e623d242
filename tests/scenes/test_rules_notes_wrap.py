"""The notes beside the rules' picture, wrapped as a player reads them."""

import pytest

from game import i18n
from game.scenes.base import Scene
from game.scenes.rules import RulesScene


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def wrapped_notes(scene: RulesScene) -> list[list[str]]:
    """Each note line as drawn: its parts, one per screen line (the pair chips, drawn
    as little cards, are left out)."""
    drawn, notes = list(scene.notes.drawn), []
    for line in scene.notes.texts():
        parts: list[str] = []
        while drawn and " ".join([*parts, drawn[0]]) in line:
            parts.append(drawn.pop(0))
            if " ".join(parts) == line:
                break
        if parts:
            assert " ".join(parts) == line, (line, parts)
            notes.append(parts)
    assert not drawn, drawn
    return notes


@pytest.mark.parametrize("ruleset_id", ["pyramid36", "pyramid52", "nechego", "sbudetsya"])
def test_a_note_wrapped_leaves_no_word_alone_under_it(app, driver, ruleset_id):
    # standing, the notes beside the picture are narrow: "Проходы по колоде: один,"
    # over "три" alone, "…: один," over "два", as if the choice were left behind
    driver.resize((600, 1024))
    app.settings.language = "ru"
    app.apply_settings()
    scene = RulesScene(app, ruleset_id, None, back=lambda: Scene(app))
    app.switch(scene, fade=False)
    driver.frames(1)
    notes = wrapped_notes(scene)
    assert any(len(parts) > 1 for parts in notes)  # some did wrap
    for parts in notes:
        if len(parts) > 1:
            assert len(parts[-1].split()) > 1, parts  # "по\u00a0умолчанию)" is two
