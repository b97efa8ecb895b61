"""The UI suite once more at 1280x720, in a process of its own (an open offscreen
window keeps its first size): every test but those marked `one_size`, whose outcome
the window's size cannot change (tests/ui/conftest.py skips them there)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waiting import limit

ROOT = Path(__file__).resolve().parents[2]
# The UI suite once more: only a limit against a hang, which each inner test's own
# limit (pytest-timeout's) catches first. Far above the suite's time on a busy machine.
SUITE_S = 3600
INNER = [sys.executable, "-m", "pytest", "tests/ui", "-q", "-p", "no:cacheprovider", "-x"]


@pytest.mark.longest  # started first (tests/ui/conftest.py)
@pytest.mark.skipif("COMPANION_UI_SIZE" in os.environ, reason="already the run at one chosen size")
@pytest.mark.timeout(SUITE_S + 60)  # times the slowness factor too (tests/conftest.py)
def test_suite_at_1280x720() -> None:
    """The inner run's tests keep their own limits, times the same slowness factor
    (the environment passes it on)."""
    result = subprocess.run(
        [*INNER, "-n", os.environ.get("TEST_UI_JOBS", "4"), "--dist", "worksteal"],
        cwd=ROOT,
        env={**os.environ, "COMPANION_UI_SIZE": "1280x720"},
        capture_output=True,
        text=True,
        timeout=limit(SUITE_S),
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


@pytest.mark.one_size
def test_the_longest_test_starts_first(request: pytest.FixtureRequest) -> None:
    """Queued last, the run at 1280x720 would start when the other workers are nearly
    done and keep the group waiting for it alone (tests/ui/conftest.py)."""
    items = request.session.items
    longest = [item for item in items if item.get_closest_marker("longest")]
    if not longest:
        pytest.skip("the run at 1280x720 is not in this run")
    assert [item.nodeid for item in items[: len(longest)]] == [i.nodeid for i in longest]
