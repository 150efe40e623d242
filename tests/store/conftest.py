import pytest

from game.store import Records
from game.store.database import FILE_NAME


@pytest.fixture
def records(tmp_path):
    opened = Records.open(tmp_path / FILE_NAME)
    yield opened
    opened.close()
