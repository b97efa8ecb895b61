"""Fixtures for the hardware tests: gpiozero's MockFactory (restored after each test),
an event queue, and waiting on it with a timeout instead of sleeping."""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.events import EventQueue, HardwareEvent

TIMEOUT_S = 5.0


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    yield from _factory(MockFactory())


@pytest.fixture
def pwm_factory() -> Iterator[MockFactory]:
    yield from _factory(MockFactory(pin_class=MockPWMPin))


def _factory(mock: MockFactory) -> Iterator[MockFactory]:
    saved = Device.pin_factory
    Device.pin_factory = mock
    try:
        yield mock
    finally:
        mock.reset()
        Device.pin_factory = saved


@pytest.fixture
def events() -> EventQueue:
    return queue.Queue()


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
