"""The top bar's figures stay as the score's words change their plural form."""

import re

import pytest

from game import i18n
from game.rules import Game
from tests.scenes.test_table import open_table


@pytest.mark.parametrize("size", [(1105, 690), (1366, 768)])
def test_the_figures_stay_as_the_score_s_words_change_form(app, driver, size):
    # a Russian newcomer at 1366x768: «Проход 1 из 1» came after the first pair and went
    # after the second, as «Осталось: 36 карт · 380 очков» became «34 карты · 342 очка»
    # and then «33 карты · 323 очка», the score's width with them
    driver.resize(size)
    app.settings.language = "ru"
    app.apply_settings()
    try:
        game = Game("pyramid36", deal=612906029)
        scene = open_table(app, driver, game)
        labels, forms = set(), set()
        for _ in range(8):
            pairs = sorted((m for m in game.legal_moves if m.kind != "turn"), key=str)
            scene._play(pairs[0] if pairs else game.stock_move)
            driver.settle(1.0)
            figures = scene._current_figures()
            if len(str(figures.moves)) > 1:
                break  # "Ходов: 10" is a wider figure, not a word's form
            # (the verdict's word changes as the solver answers: its room is kept anyway)
            shown = scene.hud.stats_shown.removesuffix(figures.verdict)
            labels.add(re.sub(r"\d+", "#", shown))
            forms.add(i18n.n_("{n} card", "{n} cards", figures.cards).split()[-1])
        assert len(forms) > 1, forms  # the words did change their form
        assert len(labels) == 1, labels
    finally:
        i18n.set_language("en")
