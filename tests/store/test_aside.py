"""A damaged records file set aside (game.store.aside): kept whole under its dated name,
its log and the log's index with it, and the new file alone at its name."""

from game.store.aside import set_aside, set_aside_lone_log


def test_a_file_set_aside_takes_its_log_and_index_with_it(tmp_path):
    # the damaged file's index (-shm) left at the name, the new file was opened beside
    # an index of another file's log
    path = tmp_path / "records.sqlite3"
    for suffix, text in (("", b"damaged"), ("-wal", b"log"), ("-shm", b"index")):
        (tmp_path / (path.name + suffix)).write_bytes(text)
    fresh = tmp_path / "fresh"
    fresh.write_bytes(b"fresh")
    aside = set_aside(path, fresh, "records.sqlite3.broken-20261202-010500")
    assert aside.read_bytes() == b"damaged" and path.read_bytes() == b"fresh"
    assert (tmp_path / (aside.name + "-wal")).read_bytes() == b"log"
    assert (tmp_path / (aside.name + "-shm")).read_bytes() == b"index"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "records.sqlite3",
        "records.sqlite3.broken-20261202-010500",
        "records.sqlite3.broken-20261202-010500-shm",
        "records.sqlite3.broken-20261202-010500-wal",
    ]


def test_a_lone_log_goes_aside_with_its_index(tmp_path):
    path = tmp_path / "records.sqlite3"
    (tmp_path / (path.name + "-wal")).write_bytes(b"log")
    (tmp_path / (path.name + "-shm")).write_bytes(b"index")
    log = set_aside_lone_log(path)
    assert log.read_bytes() == b"log" and log.name.endswith("-wal")
    assert log.with_name(log.name[: -len("-wal")] + "-shm").read_bytes() == b"index"
    assert not any(p.name.startswith("records.sqlite3-") for p in tmp_path.iterdir())
