"""Helpers for the hardware tests: wait on the event queue with a timeout instead of
sleeping, and take what is queued now."""

from __future__ import annotations

import queue
from collections.abc import Callable

from hardware.events import EventQueue, HardwareEvent
from tests.waiting import limit

TIMEOUT_S = limit(10.0)


def next_event(
    events: EventQueue,
    match: Callable[[HardwareEvent], bool] = lambda _: True,
    timeout: float = TIMEOUT_S,
) -> HardwareEvent:
    """The next event that matches, skipping the others; fails after `timeout`."""
    while True:
        try:
            event = events.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no matching event within {timeout} s") from None
        if match(event):
            return event


def kind(name: str) -> Callable[[HardwareEvent], bool]:
    return lambda event: event.kind == name


def pending(events: EventQueue) -> list[HardwareEvent]:
    out = []
    while True:
        try:
            out.append(events.get_nowait())
        except queue.Empty:
            return out
