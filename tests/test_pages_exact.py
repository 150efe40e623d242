"""ui/pages.py exactly: which rows a page shows and where its arrows turn to."""

from game.ui.pages import Pages


def fitted(per: int, count: int, wanted: int = 0, first: int | None = None) -> Pages:
    pages = Pages(per)
    pages.first = first
    pages.fit(per, count, wanted)
    return pages


def test_a_table_that_fits_is_one_page_and_turns_nowhere():
    pages = fitted(10, 10)
    assert not pages.paged and pages.shown() == range(10)
    assert pages.turned(1) is None and pages.turned(-1) is None


def test_one_row_more_than_a_page_makes_two_pages():
    pages = fitted(10, 11)
    assert pages.paged and pages.shown() == range(10) and pages.turned(1) == 10
    pages.first = 10
    assert pages.shown() == range(10, 11) and pages.turned(1) is None and pages.turned(-1) == 0


def test_a_wanted_row_opens_on_its_page_at_the_page_s_start():
    pages = fitted(4, 10, wanted=9)
    assert pages.first == 8 and pages.shown() == range(8, 10)
    assert pages.turned(1) is None and pages.turned(-1) == 4
    assert fitted(4, 10, wanted=5).shown() == range(4, 8)


def test_a_page_chosen_stays_whatever_row_is_wanted():
    assert fitted(4, 10, wanted=9, first=4).shown() == range(4, 8)
    assert fitted(4, 10, wanted=0, first=4).shown() == range(4, 8)


def test_fewer_rows_a_page_keep_the_first_row_shown_in_sight():
    # the window made lower: row 8, at the top of its page of 4, is on the page of 3
    assert fitted(3, 10, first=8).shown() == range(6, 9)


def test_a_page_past_the_rows_left_is_the_last_page():
    assert fitted(4, 5, first=8).shown() == range(4, 5)
    assert fitted(4, 8, first=8).shown() == range(4, 8)
    assert fitted(4, 0, first=8).shown() == range(0)


def test_the_last_full_page_turns_on_to_nothing():
    pages = fitted(4, 8, first=4)
    assert pages.turned(1) is None and pages.turned(-1) == 0 and pages.turned(-2) is None


def test_no_rows_a_page_is_one_row_a_page():
    pages = fitted(0, 3)
    assert pages.per == 1 and pages.shown() == range(1) and pages.turned(1) == 1
