"""The log file as README promises it and a mutation round found untested: it rolls
over at 1 MB keeping five old ones, takes the game's INFO lines (not its DEBUG ones)
with their time, level and logger, and takes nothing once removed."""

import logging

import pytest

from game.logfile import install_log_file, remove_log_file


@pytest.fixture
def log_file(tmp_path):
    """The log file installed over a root logger at WARNING (logging's own default),
    and the root as it was afterwards."""
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.WARNING)
    path = tmp_path / "piramida.log"
    handler = install_log_file(path)
    assert handler is not None
    yield path, handler
    remove_log_file(handler)
    root.setLevel(level)


def test_the_log_rolls_over_at_a_megabyte_and_keeps_five_old_ones(log_file):
    path, _handler = log_file
    log = logging.getLogger("game.kiosk")
    line = "x" * 1000
    for _ in range(7 * 1000):  # 7 MB of lines
        log.warning(line)
    kept = sorted(p.name for p in path.parent.iterdir())
    assert kept == ["piramida.log"] + [f"piramida.log.{n}" for n in range(1, 6)]
    assert all(900_000 < p.stat().st_size <= 1_000_000 for p in path.parent.glob("*.log.*"))


def test_the_game_s_info_lines_are_kept_with_their_time_level_and_logger(log_file):
    path, handler = log_file
    logging.getLogger("game.kiosk").info("the kiosk starts")
    logging.getLogger().setLevel(logging.DEBUG)  # a debugging run's root lets all through
    logging.getLogger("game.kiosk").debug("a detail for debugging")
    handler.flush()
    (line,) = path.read_text(encoding="utf-8").splitlines()
    day, _time, rest = line.split(" ", 2)
    assert len(day) == 10 and day[4] == "-"  # 2026-12-07
    assert rest == "INFO game.kiosk: the kiosk starts"


def test_a_log_file_removed_takes_no_more_lines(tmp_path):
    path = tmp_path / "piramida.log"
    handler = install_log_file(path)
    assert handler is not None
    logging.getLogger("game.test").warning("kept")
    remove_log_file(handler)
    logging.getLogger("game.test").warning("after the end")
    assert "after the end" not in path.read_text(encoding="utf-8")
    assert handler not in logging.getLogger().handlers
