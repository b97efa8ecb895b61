"""The seat buttons (issue 33.2): one per seat on gpiozero's MockFactory pins, in seat
order; a tap reported when it ends, a long press held, the lock-out per button, and
each event names its seat."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from companion import config as settings
from companion.config import ButtonsConfig
from companion.core.errors import ConfigError
from companion.core.hourglass import FakeClock
from hardware.buttons import ButtonReader
from hardware.errors import DeviceError
from hardware.events import EventQueue, Seat, Source
from hardware.sim import KeyDriver, free_pins
from tests.hardware.hwhelp import next_event, pending, tap

SEATS = (4, 23, 24, 25, 5, 6, 13, 26)
QUICK = ButtonsConfig(hold_time=0.05, lockout_s=0.3, seats=SEATS)


@pytest.fixture
def reader(factory: MockFactory, events: EventQueue, clock: FakeClock) -> Iterator[ButtonReader]:
    with ButtonReader(QUICK, events, pin_factory=factory, clock=clock) as buttons:
        yield buttons


def test_each_seat_button_names_its_seat_in_seat_order(
    reader: ButtonReader, factory: MockFactory, events: EventQueue, clock: FakeClock
) -> None:
    for pin in SEATS:
        tap(factory, pin)
        clock.advance(0.01)  # each button has its own lock-out: no waiting between seats
    got = pending(events)
    assert [(e.source, e.kind) for e in got] == [(Source.SEAT, "pressed")] * 8
    assert [e.data for e in got] == [Seat(i) for i in range(8)]
    assert got[2].to_json() == {"event": "pressed", "seat": 2}


def test_a_seat_tap_is_reported_when_it_ends_and_a_hold_is_held(
    reader: ButtonReader, factory: MockFactory, events: EventQueue
) -> None:
    pin = factory.pin(SEATS[3])
    pin.drive_low()
    held = next_event(events)  # gpiozero's hold thread, after hold_time
    assert (held.source, held.kind, held.data) == (Source.SEAT, "held", Seat(3))
    pin.drive_high()
    assert pending(events) == []  # a long press is no tap as well


def test_a_bouncing_seat_button_ends_one_turn(
    reader: ButtonReader, factory: MockFactory, events: EventQueue, clock: FakeClock
) -> None:
    for _ in range(4):
        tap(factory, SEATS[0])
        clock.advance(0.003)
    assert [e.kind for e in pending(events)] == ["pressed"]
    assert reader.seat_channels[0].bounces == 3


def test_doctor_lines_name_each_seat(reader: ButtonReader, factory: MockFactory) -> None:
    factory.pin(SEATS[1]).drive_low()
    lines = reader.describe()
    assert lines[3] == "Seat 1 on GPIO 4, wired to GND (internal pull-up): released"
    assert lines[4] == "Seat 2 on GPIO 23, wired to GND (internal pull-up): pressed now"
    assert len(lines) == 11


def test_a_seat_pin_in_use_is_one_sentence(factory: MockFactory, events: EventQueue) -> None:
    # Something else has GPIO 6 already.
    with Button(SEATS[5], pin_factory=factory), pytest.raises(DeviceError) as caught:
        ButtonReader(QUICK, events, pin_factory=factory)
    assert str(caught.value) == (
        "The button of seat 6 cannot use GPIO 6: another device already uses it"
    )


def test_the_settings_refuse_a_seat_on_a_used_pin_and_a_ninth_seat() -> None:
    with pytest.raises(ConfigError) as twice:
        settings.from_dict({"buttons": {"seats": [4, 22]}})
    assert str(twice.value) == "buttons.seats[1]: GPIO 22 is already used by buttons.pause"
    with pytest.raises(ConfigError) as nine:
        settings.from_dict({"buttons": {"seats": [4, 5, 6, 12, 13, 16, 19, 20, 21]}})
    assert "more than 8" in str(nine.value)


def test_the_keys_1_to_8_drive_the_simulated_seats(
    factory: MockFactory, events: EventQueue, clock: FakeClock
) -> None:
    seats = free_pins(ButtonsConfig(), taken=(18,))
    assert len(seats) == 8 and not {17, 27, 22, 18} & set(seats)
    with ButtonReader(ButtonsConfig(), events, pin_factory=factory, clock=clock, seats=seats) as b:
        keys = KeyDriver(b, factory)
        for key in "18":
            assert keys.handle(key, True) and keys.handle(key, False)
        assert not keys.handle("9", True)
    assert [e.data for e in pending(events)] == [Seat(0), Seat(7)]


def test_the_seat_pins_the_docs_name_are_the_ones_offered_and_fit_an_spi_strip() -> None:
    """hardware/WIRING.md, its diagram and docs/raspberry-pi.md name the eight pins
    that the Settings screen and the simulation offer first (`SEAT_PINS`), which sit
    beside GO, UNDO, PAUSE, the buzzer and an addressable strip without a clash."""
    from hardware.pins import SEAT_PINS
    from tests.conftest import ROOT

    assert SEAT_PINS[:8] == SEATS
    wiring = (ROOT / "hardware" / "WIRING.md").read_text(encoding="utf-8")
    for index, pin in enumerate(SEATS):
        assert f"| `buttons.seats[{index}]` | {pin} |" in wiring
    listed = "seats = [4, 23, 24, 25, 5, 6, 13, 26]"
    assert listed in (ROOT / "hardware" / "wiring.svg").read_text(encoding="utf-8")
    assert listed in (ROOT / "docs" / "raspberry-pi.md").read_text(encoding="utf-8")
    for strip in ("apa102", "ws2812"):
        settings.from_dict({"strip": {"type": strip}, "buttons": {"seats": list(SEATS)}})
