"""The questions asked before a game is left, case by case, as a mutation round found
some untested: Play over a game the menu cannot resume, and the lives an arcade
Give up leaves, counted in Russian's three forms."""

import pytest

from game import i18n
from game.scenes.leaving_words import give_up_question, play_question


@pytest.mark.parametrize(
    ("wish", "said"),
    [
        (
            False,
            "Press “Play” again for a new game: your unfinished game of this patience then"
            " counts as a loss.",
        ),
        (
            True,
            "Press “Play” again for a new game: your unfinished fortune of this patience"
            " then counts as a loss, and its wish will not come true.",
        ),
    ],
    ids=["game", "fortune"],
)
def test_play_over_a_game_continue_cannot_resume_promises_no_continue(wish, said):
    # "“Continue” resumes it" promised of a game the menu's Continue does not offer
    assert play_question(resumes=False, wish=wish) == said


def test_play_over_a_fortune_continue_resumes_says_both():
    assert play_question(resumes=True, wish=True) == (
        "Press “Play” again for a new game: the unfinished fortune of this patience then"
        " counts as a loss, and its wish will not come true. “Continue” resumes it."
    )


@pytest.mark.parametrize(
    ("lives", "by_key", "said"),
    [
        (2, True, "Нажмите G ещё раз, чтобы сдаться: это стоит жизни (в запасе 1 жизнь)."),
        (3, True, "Нажмите G ещё раз, чтобы сдаться: это стоит жизни (в запасе 2 жизни)."),
        (6, True, "Нажмите G ещё раз, чтобы сдаться: это стоит жизни (в запасе 5 жизней)."),
        (
            3,
            False,
            "Нажмите «Сдаться» ещё раз: уровень будет проигран, и вы потеряете жизнь"
            " (в запасе 2 жизни).",
        ),
        (
            1,
            True,
            "Нажмите G ещё раз, чтобы сдаться: это последняя жизнь, и прохождение окончится.",
        ),
    ],
    ids=["one-left", "two-left", "five-left", "button", "last"],
)
def test_an_arcade_give_up_counts_the_lives_left_in_russian(english, lives, by_key, said):
    i18n.set_language("ru")
    assert give_up_question(by_key, wish=False, lives=lives) == said
