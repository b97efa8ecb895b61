import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.sim import PtyDevice
from tests.kivy_home import make_own
from tests.waiting import limit, slowness

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    if "kivy" not in sys.modules:  # tests/ui/conftest.py made one and imported it first
        make_own()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test's own time limit (pytest-timeout's, the default or a test's mark)
    times the slowness factor (tests/waiting.py)."""
    factor = slowness()
    if factor == 1:
        return
    default = float(config.getini("timeout") or 0)
    for item in items:
        mark = item.get_closest_marker("timeout")
        seconds = float(mark.args[0]) if mark is not None and mark.args else default
        if seconds:
            item.add_marker(pytest.mark.timeout(seconds * factor), append=False)


@pytest.fixture(autouse=True)
def _isolated_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own database folder; nothing touches the user's data."""
    data = tmp_path / "data"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(data))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    return data


@pytest.fixture
def pty_dice(tmp_path: Path) -> Iterator[PtyDevice]:
    """A simulated dice reader on a real pseudo-terminal, at `tmp_path / "dice"`."""
    with PtyDevice(tmp_path / "dice") as pty:
        yield pty


def run_companion(*args: str, env: dict[str, str] | None = None, timeout: float = 60):
    import subprocess

    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=limit(timeout),
        env={**os.environ, **(env or {})},
        cwd=ROOT,
    )
