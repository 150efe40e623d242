"""Small files the player or an operator keeps (game.small_files): read up to their
largest size and no further, as text in the encodings editors save, and a link that
leads back to itself said as an OSError that file handling expects."""

import errno

import pytest

from game.small_files import LARGEST, TooLarge, read_small, resolved, text_of


def test_a_file_of_the_largest_size_is_read_and_one_byte_more_is_too_large(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"x" * 100)
    assert read_small(path, most=100) == b"x" * 100
    path.write_bytes(b"x" * 101)
    with pytest.raises(TooLarge):
        read_small(path, most=100)


def test_a_file_far_past_any_real_one_is_too_large_by_default(tmp_path):
    # settings are a few hundred bytes, a kiosk's file a few KB: those read whole
    path = tmp_path / "kiosk.toml"
    path.write_bytes(b"#" * (64 << 10))
    assert len(read_small(path)) == 64 << 10
    path.write_bytes(b"#" * (LARGEST + 1))
    with pytest.raises(TooLarge):
        read_small(path)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_file_saved_as_utf_16_of_either_order_reads_without_its_mark(encoding):
    mark = "\ufeff".encode(encoding)
    assert text_of(mark + '{"язык": "ru"}'.encode(encoding)) == '{"язык": "ru"}'


def test_a_utf_8_file_reads_without_the_mark_some_editors_put_first():
    assert text_of(b"\xef\xbb\xbf" + "[оператор]".encode()) == "[оператор]"


def test_a_link_that_leads_back_to_itself_is_an_os_error(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.symlink_to(path.name)
    with pytest.raises(OSError) as raised:
        resolved(path)
    assert raised.value.errno == errno.ELOOP


def test_a_link_is_followed_to_the_file_it_names(tmp_path):
    kept = tmp_path / "kept" / "settings.json"
    kept.parent.mkdir()
    kept.write_text("{}", encoding="utf-8")
    link = tmp_path / "settings.json"
    link.symlink_to(kept)
    assert resolved(link) == kept.resolve()
