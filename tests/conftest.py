import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _isolated_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own database folder; nothing touches the user's data."""
    data = tmp_path / "data"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(data))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    return data


def run_companion(*args: str, env: dict[str, str] | None = None, timeout: float = 60):
    import subprocess

    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        cwd=ROOT,
    )
