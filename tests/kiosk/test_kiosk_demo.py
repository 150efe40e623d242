"""The kiosk's demo (the attract loop's show, game.scenes.table_demo): a passer-by has no
speed to set, so the show draws no speed buttons."""

from tests.kiosk.test_attract import wait_for_demo


def test_the_show_s_demo_has_no_speed_buttons(kiosk, driver):
    demo = wait_for_demo(driver)
    driver.frames(5)
    assert demo.demo and demo.status_banner().buttons == []
