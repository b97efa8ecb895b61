"""The dice reader on real pseudo-terminals: an unplug is closing the master side, a
replug is a new pty behind the same symlink (as udev's /dev/dice would be)."""

from __future__ import annotations

import os
import queue
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.dice import DiceReader, ReaderStatus
from hardware.events import EventQueue, HardwareEvent
from hardware.sim import GARBAGE, PtyDevice, roll_lines
from tests.hardware.hwhelp import kind, next_event, pending, wait_until
from tests.waiting import limit

FAST = (0.01, 0.1)  # reconnect backoff for tests: first retry 10 ms, never above 100 ms


@pytest.fixture
def link(tmp_path: Path) -> Path:
    return tmp_path / "dice"


@pytest.fixture
def device(link: Path) -> Iterator[PtyDevice]:
    with PtyDevice(link) as pty:
        yield pty


@pytest.fixture
def reader(link: Path, events: EventQueue, device: PtyDevice) -> Iterator[DiceReader]:
    with DiceReader(str(link), events, backoff=FAST) as dice:
        # Lines written before the port is open are flushed by the open itself.
        assert next_event(events).kind == "connected"
        yield dice


def rolls(events: EventQueue, count: int) -> list[HardwareEvent]:
    return [next_event(events, kind("roll")) for _ in range(count)]


def test_a_session_becomes_events(
    reader: DiceReader, device: PtyDevice, events: EventQueue
) -> None:
    device.write(
        b"HELLO dicebox 1.2\r\nROLLING\r\nROLL 1 3,?,6\r\nSTATUS battery=81\nERR lid open\n"
    )
    got = [next_event(events).to_json() for _ in range(5)]
    assert got == [
        {"event": "hello", "device": "dicebox", "version": "1.2"},
        {"event": "rolling"},
        {"event": "roll", "seq": 1, "values": [3, None, 6]},
        {"event": "status", "fields": {"battery": "81"}},
        {"event": "error", "text": "lid open"},
    ]
    status = reader.status()
    assert (status.connected, status.device, status.version) == (True, "dicebox", "1.2")
    assert status.fields == {"battery": "81"} and status.device_error == "lid open"
    assert status.rolls == 1 and status.state == "connected"


def test_each_roll_is_acknowledged_and_a_repeat_ignored(
    reader: DiceReader, device: PtyDevice, events: EventQueue
) -> None:
    device.write(b"ROLL 5 1,2\nROLL 5 1,2\nROLL 6 3,4\n")
    assert [e.payload["seq"] for e in rolls(events, 2)] == [5, 6]
    device.write(b"STATUS sync=1\n")  # a marker: everything before it has been read
    next_event(events, kind("status"))
    assert device.acks() == [5, 6]  # the resend in the same breath: one roll, one ACK
    device.write(b"ROLL 5 1,2\nSTATUS sync=2\n")  # sent again later: its ACK was lost
    next_event(events, kind("status"))
    assert pending(events) == []
    assert device.acks() == [5, 6, 5]  # the repeat is acknowledged again
    assert reader.status().repeats == 2


def test_hello_starts_the_count_again(
    reader: DiceReader, device: PtyDevice, events: EventQueue
) -> None:
    device.write(b"ROLL 1 1\nHELLO dicebox 1.2\nROLL 1 2\n")
    assert [e.payload["values"] for e in rolls(events, 2)] == [(1,), (2,)]


def test_bad_lines_are_counted_and_reported(
    reader: DiceReader, device: PtyDevice, events: EventQueue
) -> None:
    device.write(b"BANANA\nROLL 1 9\n\n\r\nROLL 2 1,\xff\nROLL 3 4\n")
    bad = [next_event(events, kind("bad_line")).payload for _ in range(3)]
    assert [(b["reason"], b["count"]) for b in bad] == [
        ("unknown", 1),
        ("out_of_range", 2),
        ("not_ascii", 3),
    ]
    assert bad[2]["line"] == r"ROLL 2 1,\xff"
    assert next_event(events, kind("roll")).payload["seq"] == 3
    assert reader.status().bad_lines == 3  # blank lines are keep-alives, not bad


def test_an_endless_line_is_one_bad_line_and_never_fills_memory(
    reader: DiceReader, device: PtyDevice, events: EventQueue
) -> None:
    for _ in range(50):  # 10 kB with no line ending, in pieces
        device.write(b"Z" * 200)
    device.write(b"tail of the same line\nROLL 1 6\n")
    assert next_event(events, kind("roll")).payload["values"] == (6,)
    assert reader.status().bad_lines == 1


def test_unplug_and_replug_at_the_same_path(
    reader: DiceReader, device: PtyDevice, events: EventQueue, link: Path
) -> None:
    device.write(b"HELLO dicebox 1.2\nROLL 7 2,2\n")
    assert next_event(events, kind("roll")).payload["seq"] == 7
    device.close()  # the cable is pulled
    gone = next_event(events)
    assert gone.to_json() == {
        "event": "disconnected",
        "port": str(link),
        "error": f"The dice reader at {link} was unplugged",
    }
    assert reader.status().connected is False
    with PtyDevice(link) as again:  # plugged in again: a new pty behind the same name
        assert next_event(events).kind == "connected"
        # The reader resends the roll it never saw acknowledged, then rolls on.
        again.write(b"ROLL 7 2,2\nROLL 8 5,5\n")
        assert next_event(events, kind("roll")).payload["seq"] == 8
        status = reader.status()
        assert (status.connected, status.connects, status.rolls) == (True, 2, 2)


def plug_in(link: Path, device: PtyDevice) -> None:
    """Put `device` behind `link` in one step, as udev does for a replugged reader."""
    temp = link.with_name(link.name + ".new")
    temp.symlink_to(device.slave_name)
    os.replace(temp, link)


@pytest.mark.parametrize("before", [0, 5, 16])
def test_a_reader_that_restarted_with_its_hello_lost_has_its_rolls_taken(
    reader: DiceReader, device: PtyDevice, events: EventQueue, link: Path, before: int
) -> None:
    """Issue 30.3: the reader restarts while unplugged and counts from 1 again; its
    HELLO goes out before the port is opened again, and pyserial's open flushes it."""
    old = [(seq, (1, 2, 3, 4, 5)) for seq in range(1, before + 1)]
    device.write(b"HELLO dicebox 1.2\n" + b"".join(roll_lines(s, v)[1] for s, v in old))
    assert [e.payload["seq"] for e in rolls(events, before)] == list(range(1, before + 1))
    device.write(b"STATUS sync=1\n")
    next_event(events, kind("status"))
    device.close()  # unplugged
    next_event(events, kind("disconnected"))
    # udev removes the link with the device: left, it could name the new pty before it
    # is plugged in (the kernel reuses /dev/pts numbers) and the HELLO would be heard.
    link.unlink()
    with PtyDevice() as again:
        again.write(b"HELLO dicebox 1.2\n")  # said before anyone has the port open
        plug_in(link, again)
        assert next_event(events).kind == "connected"
        fresh = [(seq, (6, 6, 5, 5, seq % 6 + 1)) for seq in range(1, 11)]
        again.write(b"".join(roll_lines(seq, values)[1] for seq, values in fresh))
        seen = [next_event(events) for _ in fresh]
        got = [(e.payload["seq"], e.payload["values"]) for e in seen if e.kind == "roll"]
        assert got == fresh  # 10 of 10 taken, and nothing else heard: the HELLO was lost
        wait_until(lambda: again.acks() == list(range(1, 11)))
    assert [e.kind for e in pending(events)] in ([], ["disconnected"])  # unplugged at the end
    status = reader.status()
    assert (status.rolls, status.repeats) == (before + 10, 0)


def test_a_reader_not_yet_plugged_in_is_waited_for(link: Path, events: EventQueue) -> None:
    with DiceReader(str(link), events, backoff=FAST) as dice:
        waiting = next_event(events)
        assert waiting.kind == "disconnected"
        assert waiting.payload["error"] == f"The dice reader at {link} is not plugged in"
        assert dice.status().last_error == waiting.payload["error"]
        with PtyDevice(link) as device:
            assert next_event(events).kind == "connected"  # the retries were quiet
            device.write(b"ROLL 1 1,2,3\n")
            assert next_event(events).kind == "roll"


def test_a_port_in_use_by_another_program(
    reader: DiceReader, link: Path, events: EventQueue
) -> None:
    second: EventQueue = queue.Queue()
    with DiceReader(str(link), second, backoff=FAST) as other:
        event = next_event(second)
        assert event.payload["error"] == f"Another program is using the dice reader at {link}"
        assert other.status().connected is False
    assert reader.status().connected is True


def test_a_failure_inside_the_reader_never_reaches_the_app(link: Path, device: PtyDevice) -> None:
    class Flaky(queue.Queue[HardwareEvent]):
        failures = 1

        def put(
            self, item: HardwareEvent, block: bool = True, timeout: float | None = None
        ) -> None:
            if item.kind == "roll" and self.failures:
                self.failures -= 1
                raise RuntimeError("the app's queue broke once")
            super().put(item, block, timeout)

    events = Flaky()
    with DiceReader(str(link), events, backoff=FAST) as dice:
        assert next_event(events).kind == "connected"
        device.write(b"ROLL 1 1\n")  # this one hits the broken put
        assert next_event(events).kind == "disconnected"
        assert next_event(events).kind == "connected"  # the thread carried on
        device.write(b"ROLL 2 2\n")
        assert next_event(events, kind("roll")).payload["seq"] == 2
        assert dice.status().last_error is None


def test_stop_is_prompt_and_final(link: Path, events: EventQueue, device: PtyDevice) -> None:
    dice = DiceReader(str(link), events, backoff=FAST).start()
    next_event(events, kind("connected"))
    dice.stop(timeout=limit(2.0))
    assert not dice._thread.is_alive()
    assert dice.status() == ReaderStatus(str(link), connects=1)


def test_a_flood_of_10000_lines_loses_no_valid_roll(
    reader: DiceReader, device: PtyDevice, events: EventQueue
) -> None:
    rng = random.Random(5)
    lines: list[bytes] = []
    expected: list[tuple[int, tuple[int | None, ...]]] = []
    garbage = 0
    seq = 0
    while len(lines) < 10_000:
        if rng.random() < 0.3:
            lines.append(rng.choice(GARBAGE))
            garbage += 1
            continue
        seq += 1
        values = tuple(rng.choice([1, 2, 3, 4, 5, 6, None]) for _ in range(rng.randint(1, 10)))
        rolling, roll = roll_lines(seq, values)
        lines.append(roll if rng.random() < 0.7 else rolling + roll)
        expected.append((seq, values))
    blob = b"".join(lines)
    # Cut anywhere, as a USB-serial adapter does: lines arrive split across reads.
    cuts = sorted(rng.sample(range(1, len(blob)), 2000))
    for start, end in zip([0, *cuts], [*cuts, len(blob)], strict=True):
        device.write(blob[start:end])
    device.write(b"STATUS end=1\n")  # a marker: the garbage after the last roll is read too
    got = [(e.payload["seq"], e.payload["values"]) for e in rolls(events, len(expected))]
    assert got == expected
    next_event(events, kind("status"))
    assert reader.status().bad_lines == garbage
    assert reader.status().rolls == len(expected)


def test_the_pty_helper_sees_the_reader(device: PtyDevice, link: Path, events: EventQueue) -> None:
    assert not device.reader_attached()
    with DiceReader(str(link), events, backoff=FAST):
        next_event(events, kind("connected"))
        assert device.reader_attached()
    assert os.readlink(link) == device.slave_name
