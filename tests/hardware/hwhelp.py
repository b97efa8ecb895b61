"""Helpers for the hardware tests: wait on the event queue, or for a state another
thread reaches, with a timeout instead of sleeping, and take what is queued now."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

from gpiozero.pins.mock import MockFactory

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


def wait_until(condition: Callable[[], bool], timeout: float = TIMEOUT_S) -> None:
    """For a state another thread reaches (the reader's counts, an ACK on the pty):
    look again every few milliseconds until it holds; fails after `timeout`."""
    pause = threading.Event()
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not reached within {timeout} s")
        pause.wait(0.005)


def kind(name: str) -> Callable[[HardwareEvent], bool]:
    return lambda event: event.kind == name


def pending(events: EventQueue) -> list[HardwareEvent]:
    out = []
    while True:
        try:
            out.append(events.get_nowait())
        except queue.Empty:
            return out


def press(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_low()  # pull-up wiring: pressed = pulled to ground


def release(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_high()


def tap(factory: MockFactory, pin: int) -> None:
    press(factory, pin)
    release(factory, pin)
