"""An ACK is a promise that the roll was kept (issue 23.3): two rolls in one write at a
person's pace both reach the app and each is acknowledged once the app took it; a roll
the app has not taken yet is not acknowledged; under a flood the rolls the queue
refuses get no ACK, are counted, and a resend of one of them gets through. On real
pseudo-terminals, with the app's bounded queue."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.dice import Ack, DiceReader, Roll
from hardware.events import HardwareEvent, Kind
from hardware.flood import FloodQueue
from hardware.sim import PtyDevice
from tests.hardware.hwhelp import kind, next_event, wait_until
from tests.waiting import limit

FAST = (0.01, 0.1)
PAIRS = 20
PACE_S = 0.2  # between two writes of two rolls each: 10 rolls a second, faster than a person
FRAME_S = 1 / 60


@pytest.fixture
def device(tmp_path: Path) -> Iterator[PtyDevice]:
    with PtyDevice(tmp_path / "dice") as pty:
        yield pty


def reader_on(device: PtyDevice, events: FloodQueue, ack: Ack = Ack.TAKEN) -> DiceReader:
    reader = DiceReader(device.path, events, ack=ack, backoff=FAST).start()
    assert next_event(events).kind == Kind.CONNECTED
    return reader


def roll_of(event: HardwareEvent) -> Roll:
    assert isinstance(event.data, Roll)
    return event.data


class App:
    """What the app's frame clock does with the queue: an event that arrives wakes it,
    it takes every waiting event in one go in the frame after, and answers each roll
    once it handled it."""

    def __init__(self, events: FloodQueue, reader: DiceReader) -> None:
        self.events, self.reader = events, reader
        self.taken: list[int] = []
        self._stop = threading.Event()
        self._wake = threading.Event()
        events.on_put = self._wake.set
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> App:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(limit(5))

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(0.5)
            self._wake.clear()
            self._stop.wait(FRAME_S)  # the frame after the event arrived
            for event in self.events.drain().events:
                if event.kind == Kind.ROLL:
                    self.taken.append(roll_of(event).seq)
                    self.reader.taken(roll_of(event))


def test_two_rolls_in_one_write_at_a_persons_pace_each_reach_the_app_and_are_acknowledged(
    device: PtyDevice,
) -> None:
    events = FloodQueue()  # the app's queue, as `Devices` makes it
    reader = reader_on(device, events)
    pace = threading.Event()
    try:
        with App(events, reader) as app:
            for pair in range(PAIRS):
                first = 2 * pair + 1
                device.write(b"ROLL %d 1,2,3,4,5\nROLL %d 6,5,4,3,2\n" % (first, first + 1))
                pace.wait(PACE_S)
            everything = list(range(1, 2 * PAIRS + 1))
            wait_until(lambda: device.acks() == everything)
            assert app.taken == everything  # none replaced by the next, none lost
    finally:
        reader.stop()
    assert (reader.status().rolls, reader.status().dropped) == (2 * PAIRS, 0)


def test_a_roll_is_acknowledged_once_the_app_took_it_and_not_before(device: PtyDevice) -> None:
    events = FloodQueue()
    reader = reader_on(device, events)
    try:
        device.write(b"ROLL 7 1,2,3,4,5\nROLL 7 1,2,3,4,5\nSTATUS sync=1\n")  # a resend
        roll = roll_of(next_event(events, kind(Kind.ROLL)))
        next_event(events, kind(Kind.STATUS))  # everything before it was read
        assert device.acks() == []  # waiting for the app: no promise yet
        assert reader.status().repeats == 1 and events.empty()  # the resend is no new roll
        reader.taken(roll)
        wait_until(lambda: device.acks() == [7])
        device.write(b"ROLL 7 1,2,3,4,5\n")  # its ACK was lost: acknowledged again
        wait_until(lambda: device.acks() == [7, 7])
        assert events.empty()
    finally:
        reader.stop()


def test_a_roll_the_app_could_not_take_is_not_acknowledged_and_its_resend_is_new(
    device: PtyDevice,
) -> None:
    events = FloodQueue()
    reader = reader_on(device, events)
    try:
        device.write(b"ROLL 3 6,6,6,6,6\n")
        reader.lost(roll_of(next_event(events, kind(Kind.ROLL))))
        device.write(b"ROLL 3 6,6,6,6,6\n")  # the reader saw no ACK and sends it again
        again = roll_of(next_event(events, kind(Kind.ROLL)))
        reader.taken(again)
        wait_until(lambda: device.acks() == [3])
        assert (reader.status().unsaved, reader.status().dropped) == (1, 0)
    finally:
        reader.stop()


@pytest.mark.parametrize("ack", [Ack.TAKEN, Ack.KEPT])
def test_under_a_flood_refused_rolls_get_no_ack_and_are_counted(
    device: PtyDevice, ack: Ack
) -> None:
    events = FloodQueue(maxsize=8)
    reader = reader_on(device, events, ack)
    try:
        device.write(b"".join(b"ROLL %d 1,1,1,1,1\n" % seq for seq in range(1, 101)))
        wait_until(lambda: reader.status().rolls + reader.status().dropped == 100)
        kept = [roll_of(e) for e in events.drain().events]
        assert [r.seq for r in kept] == list(range(1, 9))
        for roll in kept:
            reader.taken(roll)  # with Ack.KEPT the ACK went out when the queue kept it
        wait_until(lambda: device.acks() == list(range(1, 9)))
        assert reader.status().dropped == 92
        device.write(b"ROLL 100 1,1,1,1,1\n")  # the last one refused, sent again
        assert roll_of(next_event(events, kind(Kind.ROLL))).seq == 100
    finally:
        reader.stop()
