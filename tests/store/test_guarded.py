"""The records file, guarded (game.store.guarded): a failed read is said as a read, not
as a save lost; and a file salvaged at the start stays salvaged for the session, though
the file is opened again since."""

from game.store import READ_FAILED, SALVAGED, SAVE_FAILED, GameFacts, Records
from game.store.database import FILE_NAME
from tests.store.helpers import random_game


def test_a_read_that_fails_is_said_as_a_read_not_a_save(records):
    # "could not save" for a list that could not be read: the player thought games lost
    records.conn.execute("ALTER TABLE games RENAME TO gone")
    assert records.game(1) is None  # the game goes on
    assert [p.kind for p in records.problems] == [READ_FAILED]
    assert SAVE_FAILED not in {p.kind for p in records.problems}


def test_a_file_salvaged_at_the_start_stays_salvaged_when_opened_again(tmp_path):
    # what was lost with the damage (a place's initials) is not the player's doing,
    # after the file was removed and made anew as the game ran, too
    path = tmp_path / FILE_NAME
    records = Records.open(path)
    for deal in range(30):
        records.save_game(random_game("pyramid36", deal=deal, moves=4), GameFacts())
    records.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    records.close()
    data = bytearray(path.read_bytes())
    hit = data.index(b'"deal":5,') // 4096 * 4096  # a page of games scribbled over
    data[hit + 10 : hit + 4096] = b"\xa5" * (4096 - 10)
    path.write_bytes(bytes(data))
    salvaged = Records.open(path)
    assert SALVAGED in [p.kind for p in salvaged.problems] and salvaged.salvaged
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    assert salvaged.save_game(random_game("pyramid52", deal=99, moves=3), GameFacts())
    assert salvaged.path == path and salvaged.salvaged
    salvaged.close()
