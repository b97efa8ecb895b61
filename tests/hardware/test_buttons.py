from __future__ import annotations

import dataclasses
import queue
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory
from gpiozero.pins.pi import PiPin

from companion.config import ButtonsConfig
from companion.core.hourglass import FakeClock
from hardware.buttons import ButtonReader
from hardware.dice import Roll
from hardware.errors import DeviceError
from hardware.events import EventQueue, HardwareEvent, Kind, Source, drain
from tests.hardware.hwhelp import next_event, pending, press, release, tap
from tests.waiting import wait_until

QUICK = ButtonsConfig(hold_time=0.05, lockout_s=0.3)


@pytest.fixture
def reader(factory: MockFactory, events: EventQueue, clock: FakeClock) -> Iterator[ButtonReader]:
    with ButtonReader(QUICK, events, pin_factory=factory, clock=clock) as buttons:
        yield buttons


def test_pause_reports_at_once(
    reader: ButtonReader, factory: MockFactory, events: EventQueue, clock: FakeClock
) -> None:
    source = Source.PAUSE
    press(factory, reader.pins[source])
    # MockFactory runs the callback inside drive_low(): the event is already queued.
    [event] = pending(events)
    assert (event.source, event.kind, event.time) == (source, "pressed", clock.now)
    release(factory, reader.pins[source])
    assert pending(events) == []


@pytest.mark.parametrize("source", [Source.GO, Source.UNDO])
def test_a_tap_of_go_or_undo_is_reported_when_it_ends(
    reader: ButtonReader, factory: MockFactory, events: EventQueue, source: Source
) -> None:
    press(factory, reader.pins[source])
    assert pending(events) == []  # it might still become a long press
    release(factory, reader.pins[source])
    [event] = pending(events)
    assert (event.source, event.kind) == (source, "pressed")


@pytest.mark.parametrize("source", [Source.GO, Source.UNDO])
def test_a_long_press_of_go_or_undo_is_held_and_no_tap(
    reader: ButtonReader, factory: MockFactory, events: EventQueue, source: Source
) -> None:
    """GO held opens the menu and ends no turn; UNDO held redoes and undoes nothing."""
    press(factory, reader.pins[source])
    held = next_event(events)  # from gpiozero's hold thread after hold_time
    assert (held.source, held.kind) == (source, "held")
    release(factory, reader.pins[source])
    assert pending(events) == []


def test_a_short_tap_never_becomes_held(
    reader: ButtonReader, factory: MockFactory, events: EventQueue
) -> None:
    tap(factory, QUICK.go)
    assert next_event(events).kind == "pressed"
    with pytest.raises(queue.Empty):  # the hold thread had its chance: three hold times
        events.get(timeout=QUICK.hold_time * 3)


def test_a_bouncing_go_ends_one_turn(
    reader: ButtonReader, factory: MockFactory, events: EventQueue, clock: FakeClock
) -> None:
    for _ in range(5):  # a contact chattering for 20 ms
        tap(factory, QUICK.go)
        clock.advance(0.004)
    assert [e.kind for e in pending(events)] == ["pressed"]
    assert reader.channels[Source.GO].bounces == 4


def test_go_is_accepted_again_after_the_lockout(
    reader: ButtonReader, factory: MockFactory, events: EventQueue, clock: FakeClock
) -> None:
    tap(factory, QUICK.go)
    clock.advance(QUICK.lockout_s - 0.01)
    tap(factory, QUICK.go)
    clock.advance(0.02)
    tap(factory, QUICK.go)
    assert [e.kind for e in pending(events)] == ["pressed", "pressed"]


def test_the_bounce_at_the_end_of_a_long_press_is_no_tap(
    reader: ButtonReader, factory: MockFactory, events: EventQueue, clock: FakeClock
) -> None:
    press(factory, QUICK.go)
    assert next_event(events).kind == "held"
    release(factory, QUICK.go)
    clock.advance(0.003)
    tap(factory, QUICK.go)  # the contact springs back once
    assert pending(events) == []


def test_a_bouncing_undo_undoes_once(
    reader: ButtonReader, factory: MockFactory, events: EventQueue, clock: FakeClock
) -> None:
    for _ in range(3):
        tap(factory, QUICK.undo)
        clock.advance(0.002)
    assert len(pending(events)) == 1


def test_pull_down_wiring(factory: MockFactory, events: EventQueue) -> None:
    config = ButtonsConfig(pull_up=False, hold_time=0.05)
    with ButtonReader(config, events, pin_factory=factory):
        factory.pin(config.pause).drive_high()
        assert [e.source for e in pending(events)] == ["pause"]


def test_a_pin_in_use_is_one_sentence(
    reader: ButtonReader, factory: MockFactory, events: EventQueue
) -> None:
    with pytest.raises(DeviceError) as caught:
        ButtonReader(QUICK, events, pin_factory=factory)
    assert str(caught.value) == ("The GO button cannot use GPIO 17: another device already uses it")


def test_close_frees_the_pins(factory: MockFactory, events: EventQueue) -> None:
    ButtonReader(QUICK, events, pin_factory=factory).close()
    with ButtonReader(QUICK, events, pin_factory=factory) as again:
        assert len(again.buttons) == 3


def test_describe_says_where_each_button_is(reader: ButtonReader) -> None:
    assert reader.describe()[0] == "GO on GPIO 17, wired to GND (internal pull-up): released"


def test_events_are_frozen_and_drained_in_order(events: EventQueue) -> None:
    first = HardwareEvent(Source.DICE, Kind.ROLL, Roll(1, (1, 2)), time=1.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.kind = "held"  # type: ignore[misc]
    with pytest.raises(TypeError):
        first.payload["seq"] = 2  # type: ignore[index]
    assert first.to_json() == {"event": "roll", "seq": 1, "values": [1, 2]}
    for n in range(5):
        events.put(HardwareEvent(Source.GO, Kind.PRESSED, time=float(n)))
    assert [e.time for e in drain(events, limit=3)] == [0, 1, 2]
    assert [e.time for e in drain(events)] == [3, 4]


def test_a_tap_whose_release_callback_comes_late_is_no_hold(
    reader: ButtonReader, factory: MockFactory, events: EventQueue
) -> None:
    """Under load the hold thread can wake before the release's callback has run: the
    pin reads released by then, so it is no hold, and the late callback is the tap."""
    pin = factory.pin(QUICK.go)
    press(factory, QUICK.go)
    pin._change_state(True)  # the contact opened; gpiozero's callback is still to come
    channel = reader.channels[Source.GO]
    wait_until(lambda: channel.hold_calls, "gpiozero's hold thread", 30)
    assert pending(events) == []  # not held
    pin._call_when_changed()  # the callback, late, with the edge's own time
    assert [e.kind for e in pending(events)] == ["pressed"]


def test_a_hold_whose_edges_arrive_together_is_a_hold(
    reader: ButtonReader, factory: MockFactory, events: EventQueue
) -> None:
    """A press held longer than hold_time whose two callbacks run one after the other
    (the hold thread never had the pin down to itself): held, by the edges' times."""
    pin = factory.pin(QUICK.go)
    now = factory.ticks()
    # Each edge as a pin driver reports it: the level, and the time it changed.
    pin._change_state(False)
    PiPin._call_when_changed(pin, now - 1.0, False)  # pressed a second ago
    pin._change_state(True)
    PiPin._call_when_changed(pin, now - 0.5, True)  # released half a second ago
    assert [e.kind for e in pending(events)] == ["held"]
