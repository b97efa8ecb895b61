"""Fixtures for the hardware tests: gpiozero's MockFactory (restored after each test),
an event queue, and waiting on it with a timeout instead of sleeping."""

from __future__ import annotations

import queue
from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.core.hourglass import FakeClock
from hardware.events import EventQueue


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


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
