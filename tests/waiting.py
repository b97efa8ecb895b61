"""Waiting in tests: for the thing a test needs (a line, a window, a stored action, a
frame drawn), never for a time. Each wait has one generous limit, only so that a
broken build fails instead of hanging, and every limit is multiplied by one factor,
`COMPANION_TEST_SLOWNESS` (default 1), for a machine slower still than a Pi 4 or a
desktop with both cores busy, which pass with 1."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def slowness() -> float:
    text = os.environ.get("COMPANION_TEST_SLOWNESS", "1")
    try:
        factor = float(text)
    except ValueError:
        raise ValueError(f"COMPANION_TEST_SLOWNESS={text!r} is not a number") from None
    if not factor >= 1:
        raise ValueError(f"COMPANION_TEST_SLOWNESS={text!r}: 1 or more")
    return factor


def limit(seconds: float) -> float:
    """A wait's limit on this machine: `seconds` times the slowness factor."""
    return seconds * slowness()


def wait_until(
    condition: Callable[[], T],
    what: str,
    seconds: float = 60.0,
    *,
    between: Callable[[], object] = lambda: time.sleep(0.02),
) -> T:
    """`condition()`'s first true value; `between()` runs while it is false (a frame
    stepped, or a short pause while another process works). Fails after
    `limit(seconds)` with "timed out waiting for WHAT"."""
    deadline = time.monotonic() + limit(seconds)
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        between()
