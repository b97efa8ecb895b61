"""A bounded event queue: a flood from a device keeps memory flat.

A dice reader gone wrong (or a hostile one) can send thousands of lines a second;
an unbounded `queue.Queue` then grows until the Pi runs out of memory, and the
backlog outlasts the flood. `FloodQueue` is a `queue.Queue` whose `put` never blocks
the device's thread and never holds more than `maxsize` events:

- a newer dice event of a kind where only the latest matters ("rolling", a status,
  a bad line: its payload carries the running count) replaces an older one still
  waiting, which moves to the back of the line;
- any other event that finds the queue full is dropped. A roll is never replaced:
  each one kept reaches the app, and one that finds the queue full is refused,
  which `offer()` tells the dice reader (it then sends no ACK for it).

Either way the loss is counted: `drain()` returns the events and how many were
dropped since the last drain, for the status line to say so.

`on_put`, when set, is called (on the device's thread, outside the queue's lock)
after each event that is kept: the screen's thread sleeps until something arrives
instead of looking 60 times a second.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass

from hardware.events import HardwareEvent, Kind, Source

DEFAULT_MAXSIZE = 256

# Dice events where a newer one makes an unread older one worthless. Not a roll: each
# is a move at the table, and the reader is promised it was kept (its ACK).
LATEST_ONLY = frozenset({Kind.ROLLING, Kind.STATUS, Kind.BAD_LINE})


@dataclass(frozen=True)
class Drained:
    events: list[HardwareEvent]
    dropped: int  # events lost (replaced or refused) since the previous drain


class FloodQueue(queue.Queue[HardwareEvent]):
    """Thread-safe; `put` never blocks; at most `maxsize` events wait."""

    def __init__(self, maxsize: int = DEFAULT_MAXSIZE) -> None:
        if maxsize < 1:
            raise ValueError("a flood queue holds at least one event")
        super().__init__()  # unbounded underneath: the bound is ours, and never blocks
        self.limit = maxsize
        self.dropped = 0  # in all, since the queue was made
        self._dropped_since_drain = 0
        self.on_put: Callable[[], object] | None = None

    def put(self, item: HardwareEvent, block: bool = True, timeout: float | None = None) -> None:
        self.offer(item)

    def offer(self, item: HardwareEvent) -> bool:
        """Put `item` without waiting; False when it was refused (the queue is full),
        True when it waits for the app (until `drain()`), where nothing replaces it
        unless its kind is one of `LATEST_ONLY`."""
        with self.mutex:
            if self._replace_older(item):
                self._count_drop()
            elif len(self.queue) >= self.limit:
                self._count_drop()
                return False
            else:
                self.unfinished_tasks += 1
            self.queue.append(item)
            self.not_empty.notify()
        if self.on_put is not None:
            self.on_put()
        return True

    def put_nowait(self, item: HardwareEvent) -> None:
        self.put(item, block=False)

    def drain(self, limit: int | None = None) -> Drained:
        """Every event waiting now (at most `limit`), oldest first, and the count of
        those lost since the last drain."""
        with self.mutex:
            count = len(self.queue) if limit is None else min(limit, len(self.queue))
            events = [self.queue.popleft() for _ in range(count)]
            self.unfinished_tasks -= count
            if self.unfinished_tasks == 0:
                self.all_tasks_done.notify_all()
            dropped, self._dropped_since_drain = self._dropped_since_drain, 0
            return Drained(events, dropped)

    def _replace_older(self, item: HardwareEvent) -> bool:
        if item.source != Source.DICE or item.kind not in LATEST_ONLY:
            return False
        for index, waiting in enumerate(self.queue):
            if waiting.source == item.source and waiting.kind == item.kind:
                del self.queue[index]
                return True
        return False

    def _count_drop(self) -> None:
        self.dropped += 1
        self._dropped_since_drain += 1

    def __repr__(self) -> str:
        return f"FloodQueue(maxsize={self.limit}, waiting={self.qsize()}, dropped={self.dropped})"
