"""The bounded event queue: `put` never blocks, at most `maxsize` events wait, a newer
status replaces an unread older one, a roll is never replaced (one that finds the
queue full is refused, and `offer` says so), and every loss is counted. A flood of
100,000 ROLL lines through a real pty and the real reader keeps memory flat."""

from __future__ import annotations

import threading
import tracemalloc

import pytest

from hardware.dice import DiceReader, Roll, Status
from hardware.events import HardwareEvent, Kind, Source
from hardware.flood import FloodQueue
from hardware.sim import PtyDevice
from tests.hardware.hwhelp import next_event, wait_until
from tests.waiting import limit

FLOOD = 100_000
FAST = (0.01, 0.1)


def roll(seq: int) -> HardwareEvent:
    return HardwareEvent(Source.DICE, Kind.ROLL, Roll(seq, (1, 2, 3, 4, 5)))


def status(battery: int) -> HardwareEvent:
    return HardwareEvent(Source.DICE, Kind.STATUS, Status((("battery", str(battery)),)))


def press(source: str = Source.GO) -> HardwareEvent:
    return HardwareEvent(source, Kind.PRESSED)


def test_a_newer_status_replaces_an_unread_older_one_and_is_counted() -> None:
    events = FloodQueue(maxsize=8)
    events.put(press())
    for battery in range(1, 1001):
        events.put(status(battery))
    events.put(press(Source.UNDO))
    drained = events.drain()
    assert [(e.kind, e.payload.get("fields")) for e in drained.events] == [
        (Kind.PRESSED, None), (Kind.STATUS, {"battery": "1000"}), (Kind.PRESSED, None)]  # fmt: skip
    assert drained.dropped == 999
    assert events.drain().dropped == 0  # counted once, since the last drain
    assert events.dropped == 999


def test_a_roll_is_never_replaced_and_one_that_finds_the_queue_full_is_refused() -> None:
    events = FloodQueue(maxsize=8)
    kept = [events.offer(roll(seq)) for seq in range(1, 21)]
    assert kept == [True] * 8 + [False] * 12  # the reader sends no ACK for these
    drained = events.drain()
    assert [e.payload["seq"] for e in drained.events] == list(range(1, 9))
    assert drained.dropped == 12


def test_a_full_queue_drops_new_events_without_blocking() -> None:
    events = FloodQueue(maxsize=3)
    for _ in range(10):
        events.put(press(), block=True, timeout=None)  # returns at once: never waits
    assert events.qsize() == 3
    drained = events.drain(limit=2)
    assert len(drained.events) == 2 and drained.dropped == 7
    assert len(events.drain().events) == 1
    assert events.empty()


def test_each_event_kept_calls_on_put_and_a_refused_one_does_not() -> None:
    """The screen's thread sleeps until `on_put` wakes it: a kept event must wake it."""
    events = FloodQueue(maxsize=2)
    woken: list[int] = []
    events.on_put = lambda: woken.append(events.qsize())
    events.put(press())
    events.put(status(1))
    events.put(status(2))  # replaces the waiting status: kept, so it wakes too
    events.put(roll(1))  # the queue is full: refused, nothing to wake for
    assert woken == [1, 2, 2]


def test_get_and_drain_share_one_queue() -> None:
    events = FloodQueue(maxsize=4)
    events.put(press())
    assert events.get(timeout=limit(10)).kind == Kind.PRESSED
    events.put(press(Source.PAUSE))
    assert [e.source for e in events.drain().events] == [Source.PAUSE]


def test_many_threads_put_at_once_and_every_event_is_delivered_or_counted() -> None:
    events = FloodQueue(maxsize=50)
    buttons = [s for s in Source if s != Source.DICE]
    start = threading.Barrier(len(buttons) + 1)  # every button and the dice reader

    def produce(source: str) -> None:
        start.wait()
        for _ in range(5000):
            events.put(press(source))

    threads = [threading.Thread(target=produce, args=(s,)) for s in buttons]
    threads.append(threading.Thread(target=produce_rolls, args=(events, start)))
    for thread in threads:
        thread.start()
    delivered, dropped = 0, 0
    while any(t.is_alive() for t in threads) or not events.empty():
        drained = events.drain()
        delivered += len(drained.events)
        dropped += drained.dropped
    for thread in threads:
        thread.join()
    assert delivered + dropped == len(threads) * 5000


def produce_rolls(events: FloodQueue, start: threading.Barrier) -> None:
    start.wait()
    for seq in range(5000):
        events.put(roll(seq))


@pytest.mark.timeout(300)
def test_a_flood_of_rolls_from_a_real_reader_keeps_memory_flat(pty_dice: PtyDevice) -> None:
    events = FloodQueue(maxsize=64)
    tracemalloc.start()
    try:
        with DiceReader(pty_dice.path, events, ack=False, backoff=FAST) as reader:
            assert next_event(events).kind == Kind.CONNECTED
            tracemalloc.reset_peak()
            for start in range(0, FLOOD, 1000):  # nobody takes events meanwhile
                pty_dice.write(rolls(start + 1, start + 1001))
            wait_until(lambda: reader.status().rolls + reader.status().dropped == FLOOD, limit(60))
            _, peak = tracemalloc.get_traced_memory()
            kept = [e.payload["seq"] for e in events.drain().events]
            assert kept == list(range(1, 65))  # the first rolls wait; none was replaced
            assert (reader.status().rolls, reader.status().dropped) == (64, FLOOD - 64)
    finally:
        tracemalloc.stop()
    assert peak < 4 * 1024 * 1024, f"{peak / 1e6:.1f} MB while the flood lasted"
    assert events.dropped == FLOOD - 64


def rolls(first: int, end: int) -> bytes:
    return b"".join(b"ROLL %d 1,2,3,4,5\n" % seq for seq in range(first, end))
