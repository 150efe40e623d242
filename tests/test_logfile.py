"""The log file on a full disk: said once on the terminal, not a traceback a line."""

import errno
import logging

from game.logfile import install_log_file, remove_log_file


class FullDisk:
    """A file whose writes fail as a full disk's do (so does its seek, for the rollover)."""

    fail = True

    def _refuse(self, *args):
        if self.fail:
            raise OSError(errno.ENOSPC, "No space left on device")
        return 0

    write = seek = tell = flush = _refuse

    def close(self):
        pass


def test_a_log_file_that_cannot_be_written_says_so_once(tmp_path, capsys):
    handler = install_log_file(tmp_path / "piramida.log")
    log = logging.getLogger("game.test")
    disk = FullDisk()
    real = handler.stream
    handler.stream = disk
    try:
        for n in range(3):
            log.warning("line %d", n)
        disk.fail = False  # written again: a later failure is said again
        log.warning("written")
        disk.fail = True
        log.warning("failing again")
    finally:
        handler.stream = real
        remove_log_file(handler)
    errors = capsys.readouterr().err
    assert "Traceback" not in errors and "Logging error" not in errors
    said = "piramida: the log file cannot be written (No space left on device)"
    assert errors.count(said) == 2


def test_the_log_is_in_the_state_folder(tmp_path, monkeypatch):
    # README: "logs/piramida.log in the state folder" (~/.local/state/piramida), and
    # under PIRAMIDA_HOME's state/ where that is set
    from game.logfile import log_path

    monkeypatch.delenv("PIRAMIDA_HOME", raising=False)
    for name in ("CONFIG", "DATA", "STATE"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    assert log_path() == tmp_path / "state" / "piramida" / "logs" / "piramida.log"
    monkeypatch.setenv("PIRAMIDA_HOME", str(tmp_path / "home"))
    assert log_path() == tmp_path / "home" / "state" / "logs" / "piramida.log"
