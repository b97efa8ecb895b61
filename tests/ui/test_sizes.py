"""The whole UI suite once more at 1280x720, in a process of its own (an open
offscreen window keeps its first size)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif("COMPANION_UI_SIZE" in os.environ, reason="already the run at one chosen size")
@pytest.mark.timeout(630)  # the whole suite runs in here: longer than one test's 120 s
def test_suite_at_1280x720() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/ui", "-q", "-p", "no:cacheprovider", "-x"],
        cwd=ROOT,
        env={**os.environ, "COMPANION_UI_SIZE": "1280x720"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
