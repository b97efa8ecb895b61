"""What every device hands to the app: a frozen `HardwareEvent` on a thread-safe queue.

Devices call back on their own threads (lgpio's, gpiozero's hold thread, the serial
reader); they only build an event and `put` it. The app drains the queue on its main
thread with `drain()`.

A button's event carries no data, but a seat button's carries its `Seat` (which of
the table's seat buttons, in seat order). A dice reader's carries one frozen message per
kind (`hardware.dice`'s `Hello`, `Roll`, `Disconnected`, ...), so the app reads
`roll.values`, not a dict.
"""

from __future__ import annotations

import enum
import queue
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol


class Source(enum.StrEnum):
    GO = "go"
    UNDO = "undo"
    PAUSE = "pause"
    SEAT = "seat"  # one of the seat buttons: the event's data is its `Seat`
    DICE = "dice"


class Kind(enum.StrEnum):
    # buttons
    PRESSED = "pressed"
    HELD = "held"
    # the dice reader: one per protocol message, plus the link's own news
    HELLO = "hello"
    ROLLING = "rolling"
    ROLL = "roll"
    STATUS = "status"
    ERROR = "error"
    BAD_LINE = "bad_line"
    CONNECTED = "connected"
    DISCONNECTED = "disconnected"


class EventData(Protocol):
    """An event's typed message; its fields as JSON for `dice-listen --json`."""

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Seat:
    """Which seat button: `index` counts from 0 in seat order (the first player's
    button is 0), as the settings list the pins."""

    index: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.index}


_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class HardwareEvent:
    """One thing a device reported. `time` is `time.monotonic()` when it happened.

    `source` and `kind` are `Source`/`Kind` members, which compare equal to their
    plain strings ("go", "pressed"). `data` is the message (None for a button).
    """

    source: str
    kind: str
    data: EventData | None = None
    time: float = field(default_factory=time.monotonic)

    @property
    def payload(self) -> Mapping[str, Any]:
        """The message's fields, read-only and JSON-friendly (what the CLI prints)."""
        return _EMPTY if self.data is None else MappingProxyType(self.data.to_json())

    def to_json(self) -> dict[str, Any]:
        """`{"event": kind, **fields}` (what `companion dice-listen --json` prints)."""
        return {"event": str(self.kind), **_plain(self.payload)}


def _plain(payload: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in payload.items():
        if isinstance(value, Mapping):
            out[key] = dict(value)
        elif isinstance(value, tuple):
            out[key] = list(value)
        else:
            out[key] = value
    return out


EventQueue = queue.Queue[HardwareEvent]


def drain(events: EventQueue, limit: int = 1000) -> list[HardwareEvent]:
    """Every event waiting now (at most `limit`, so one frame never stalls), oldest first."""
    out: list[HardwareEvent] = []
    while len(out) < limit:
        try:
            out.append(events.get_nowait())
        except queue.Empty:
            break
    return out
