"""The dice reader's line protocol as a pure state machine: bytes in, events and the
bytes to answer out. No port, no thread, no queue: `DiceReader` (hardware/dice.py)
is the transport that feeds it, as pyserial's `serial.threaded.ReaderThread` feeds a
`Protocol`.

`DiceProtocol` does four things:

- framing: bytes into lines; a line longer than 80 bytes is one bad line, and never
  more than one line's worth of it is held;
- parsing (`parse_line`) into events for the app's queue;
- de-duplication: a reader that saw no ACK sends the same roll again (same seq, same
  values), and that one is not taken twice;
- the ACK policy (`Ack`): an ACK is the promise that the roll was kept, so it is
  written only once it was.

De-duplication across a reopen: pyserial's `open()` flushes the input, so a reader
that restarted while it was unplugged may count from 1 again with its HELLO lost.
The rolls kept before the reopen are therefore only *carried*: after a reopen a roll
is a repeat of one of them only while the reader is still resending (same seq and
values, seqs rising); the first fresh roll ends that, and the carried rolls are
forgotten. A roll is a repeat only when its values match too: a different roll
under a remembered seq is a new one.
"""

from __future__ import annotations

import enum
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from hardware.dice_protocol import (
    MAX_LINE,
    BadLine,
    BadLineSeen,
    DiceParseError,
    Err,
    Hello,
    Roll,
    Status,
    event_for,
    parse_line,
    preview,
)
from hardware.events import HardwareEvent, Kind, Source

log = logging.getLogger("hardware.dice")

RECENT_SEQS = 16  # how far back a resent roll is still recognised
LOUD_BAD_LINES = 20  # log the first bad lines as warnings, later ones quietly
MAX_WAITING = 4096  # rolls handed over and not yet answered (far more than a queue holds)

Clock = Callable[[], float]


class Ack(enum.Enum):
    """When the host answers a roll with `ACK <seq>`: the promise that it was kept."""

    NEVER = "never"  # no ACK at all (`companion doctor`, `dice-listen --no-ack`)
    KEPT = "kept"  # once the roll waits in the event queue, where nothing replaces it
    TAKEN = "taken"  # once the program says it kept it: `ack(roll)` (the app)


@dataclass(frozen=True)
class Heard:
    """What the reader said so far: its name, its last words, and the counts."""

    device: str | None = None  # from HELLO
    version: str | None = None
    device_error: str | None = None  # the last ERR the reader sent
    bad_lines: int = 0
    rolls: int = 0  # rolls handed over to the app
    repeats: int = 0  # rolls ignored: the reader sent them again
    dropped: int = 0  # rolls the app's queue refused (a flood): never acknowledged
    unsaved: int = 0  # rolls the app could not keep (the store refused): never acknowledged
    fields: Mapping[str, str] = field(default_factory=dict)  # the last STATUS


@dataclass(frozen=True)
class Received:
    """What one piece of bytes gave: events for the app's queue, in order (each roll
    among them to be answered with `DiceProtocol.handed`), and bytes to write now
    (the ACKs of rolls kept before and sent again)."""

    events: tuple[HardwareEvent, ...]
    send: bytes = b""


def ack_line(seq: int) -> bytes:
    return b"ACK %d\n" % seq


class _Rolls:
    """Rolls, the newest last, at most `size` of them."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: dict[Roll, None] = {}

    def has(self, roll: Roll) -> bool:
        return roll in self.items

    def add(self, roll: Roll) -> None:
        self.items.pop(roll, None)
        self.items[roll] = None
        while len(self.items) > self.size:
            del self.items[next(iter(self.items))]

    def take(self, roll: Roll) -> bool:
        """Remove `roll`; False when it was not there (answered, or forgotten)."""
        return self.items.pop(roll, False) is None

    def clear(self) -> None:
        self.items.clear()


class DiceProtocol:
    """One reader's line protocol. Single-threaded: the transport's thread calls it.

    `data_received(bytes)` gives a `Received`; the transport offers each event to the
    app's queue and answers each roll with `handed(roll, kept)`, which gives the ACK
    to write (with `Ack.KEPT`). With `Ack.TAKEN` the app answers: `ack(roll)` gives
    the ACK, `lost(roll)` counts it and forgets it, so that its resend is taken.
    `connection_made()` at each (re)open. `heard` is safe to read from any thread.
    """

    def __init__(self, ack: Ack = Ack.KEPT, *, name: str = "", clock: Clock = time.monotonic):
        self.policy = ack
        self.name = name  # the port, for the log
        self.clock = clock
        self.heard = Heard()
        self._buffer = bytearray()
        self._skipping = False  # inside a line that was already too long
        self._offered: set[Roll] = set()  # given out in events, not yet `handed`
        self._waiting = _Rolls(MAX_WAITING)  # Ack.TAKEN: handed to the app, not answered
        self._kept = _Rolls(RECENT_SEQS)  # kept on this connection (ACKed, or Ack.NEVER)
        self._carried = _Rolls(RECENT_SEQS)  # kept before the last reopen
        self._carried_seq = -1  # the seq of the last resend matched among the carried

    # -- the transport's side --------------------------------------------------------

    def connection_made(self) -> None:
        """A new connection: what the reader sends now may be a resend of a roll kept
        before (its ACK lost with the cable), or, from a reader that restarted with
        its HELLO lost, a fresh roll under an old seq."""
        self._buffer.clear()
        self._skipping = False
        for roll in self._kept.items:
            self._carried.add(roll)
        self._kept.clear()
        self._carried_seq = -1
        self._offered.clear()  # what a failed hand-over left: never kept, never answered

    def data_received(self, data: bytes) -> Received:
        events: list[HardwareEvent] = []
        send = bytearray()
        self._buffer += data
        while (end := self._buffer.find(b"\n")) >= 0:
            line = bytes(self._buffer[: end + 1])
            del self._buffer[: end + 1]
            if self._skipping:
                self._skipping = False  # the end of the over-long line, already counted
                continue
            self._line(line, events, send)
        if len(self._buffer) > MAX_LINE + 1 and not self._skipping:  # +1: a pending "\r"
            raw = bytes(self._buffer)
            events.append(self._bad(DiceParseError(BadLine.TOO_LONG, raw, length=len(raw))))
            self._skipping = True
        if self._skipping:
            self._buffer.clear()  # never hold more than one line's worth of garbage
        return Received(tuple(events), bytes(send))

    def handed(self, roll: Roll, kept: bool) -> bytes:
        """The app's queue took the roll's event (`kept`) or refused it; the bytes to
        write (its ACK with `Ack.KEPT`)."""
        current = roll in self._offered
        self._offered.discard(roll)
        if not kept:
            self._count(dropped=self.heard.dropped + 1)
            self._warn_dropped(roll, "was not taken", self.heard.dropped)
            return b""
        self._count(rolls=self.heard.rolls + 1)
        if not current:
            return b""  # sent before the reader said HELLO again: it forgot it
        if self.policy is Ack.TAKEN:
            self._waiting.add(roll)
            return b""
        self._kept.add(roll)
        return ack_line(roll.seq) if self.policy is Ack.KEPT else b""

    # -- the app's side (`Ack.TAKEN`), on the transport's thread ---------------------

    def ack(self, roll: Roll) -> bytes:
        """The app kept `roll`: its ACK (nothing if it was answered already, or sent
        before the reader restarted)."""
        if not self._waiting.take(roll):
            return b""
        self._kept.add(roll)
        return ack_line(roll.seq)

    def lost(self, roll: Roll) -> None:
        """The app could not keep `roll`: no ACK, counted, and its resend is new."""
        if self._waiting.take(roll):
            self._count(unsaved=self.heard.unsaved + 1)
            self._warn_dropped(roll, "could not be kept", self.heard.unsaved)

    # -- lines -----------------------------------------------------------------------

    def _line(self, line: bytes, events: list[HardwareEvent], send: bytearray) -> None:
        try:
            message = parse_line(line)
        except DiceParseError as error:
            if error.reason is not BadLine.EMPTY:
                events.append(self._bad(error))
            return
        if isinstance(message, Roll):
            reply = self._repeat(message)
            if reply is None:
                self._offered.add(message)
                events.append(event_for(message, self.clock()))
            else:
                send += reply
            return
        if isinstance(message, Hello):
            self._forget()  # a restarted reader counts from the start again
            self._count(device=message.device, version=message.version)
        elif isinstance(message, Status):
            self._count(fields=message.as_dict())
        elif isinstance(message, Err):
            self._count(device_error=message.text)
        events.append(event_for(message, self.clock()))

    def _repeat(self, roll: Roll) -> bytes | None:
        """None for a fresh roll; for a repeat, what to answer (b"": nothing yet)."""
        if roll in self._offered or self._waiting.has(roll):
            answer = b""  # not kept yet: acknowledged when it is
        elif self._kept.has(roll):
            answer = self._ack_again(roll)
        elif self._carried.has(roll) and roll.seq > self._carried_seq:
            self._carried_seq = roll.seq  # a reader resends in order
            answer = self._ack_again(roll)
        else:
            self._carried.clear()  # a fresh roll: the reader is done resending
            return None
        self._count(repeats=self.heard.repeats + 1)
        log.debug("dice reader %s: roll %d repeated, ignored", self.name, roll.seq)
        return answer

    def _ack_again(self, roll: Roll) -> bytes:
        # It was kept: the reader sends it again because our ACK was lost.
        return b"" if self.policy is Ack.NEVER else ack_line(roll.seq)

    def _forget(self) -> None:
        self._offered.clear()
        self._waiting.clear()
        self._kept.clear()
        self._carried.clear()

    def _bad(self, error: DiceParseError) -> HardwareEvent:
        count = self.heard.bad_lines + 1
        self._count(bad_lines=count)
        if count <= LOUD_BAD_LINES or count % 1000 == 0:
            log.warning("dice reader %s: bad line #%d: %s", self.name, count, error)
        seen = BadLineSeen(error.reason.value, preview(error.raw), count)
        return HardwareEvent(Source.DICE, Kind.BAD_LINE, seen, time=self.clock())

    def _warn_dropped(self, roll: Roll, what: str, count: int) -> None:
        if count <= LOUD_BAD_LINES or count % 1000 == 0:
            log.warning(
                "dice reader %s: roll %d %s (%d so far), so not acknowledged: "
                "the reader may send it again",
                self.name,
                roll.seq,
                what,
                count,
            )

    def _count(self, **changes: object) -> None:
        self.heard = replace(self.heard, **changes)  # type: ignore[arg-type]
