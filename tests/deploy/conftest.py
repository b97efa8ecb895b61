from pathlib import Path

import pytest

from tests.deploy.fakeroot import FakePi, snapshot_source


@pytest.fixture(scope="session")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return snapshot_source(tmp_path_factory.mktemp("source"))


@pytest.fixture
def pi(tmp_path: Path, source: Path) -> FakePi:
    return FakePi(tmp_path, source)
