"""The serial dice reader: a thread that reads the line protocol
(`hardware.dice_protocol`) and survives unplugs.

`DiceReader` runs one thread: open the port, read, split lines, parse, put
`HardwareEvent`s on the queue; after an unplug it reopens the same path with a growing
pause (0.1 s up to 3 s). Nothing it meets is raised into the app; `status()` says how
the link is.

An ACK is a promise that the roll was kept, so it is sent only once it was (`Ack`):
by default once the roll waits in the event queue, where nothing replaces it; for the
app, once the app took it (`DiceReader.taken`). A roll the queue refuses (a flood)
gets no ACK, so the reader may send it again, and is counted (`ReaderStatus.dropped`).
"""

from __future__ import annotations

import collections
import contextlib
import enum
import errno
import logging
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import serial

from hardware.dice_protocol import (
    MAX_LINE,
    PROBLEMS,
    BadLine,
    BadLineSeen,
    Connected,
    DiceMessage,
    DiceParseError,
    DiceProblem,
    Disconnected,
    Err,
    Hello,
    Roll,
    Rolling,
    Status,
    event_for,
    parse_line,
    preview,
)
from hardware.events import EventQueue, HardwareEvent, Kind, Source
from hardware.flood import FloodQueue

__all__ = [
    "PROBLEMS",
    "Ack",
    "BadLine",
    "BadLineSeen",
    "Connected",
    "DiceMessage",
    "DiceParseError",
    "DiceProblem",
    "DiceReader",
    "Disconnected",
    "Err",
    "Hello",
    "ReaderStatus",
    "Roll",
    "Rolling",
    "Status",
    "event_for",
    "parse_line",
    "preview",
    "start_reader",
]

log = logging.getLogger(__name__)

RECENT_SEQS = 16  # how far back a resent roll is still recognised
READ_TIMEOUT_S = 0.2  # how often the thread looks up to see whether it should stop
WRITE_TIMEOUT_S = 0.5  # a reader that stopped reading must not block us
BACKOFF_S = (0.1, 3.0)
LOUD_BAD_LINES = 20  # log the first bad lines as warnings, later ones quietly
MAX_WAITING = 4096  # rolls handed over and not yet answered (far more than a queue holds)


class Ack(enum.Enum):
    """When the host answers a roll with `ACK <seq>`: the promise that it was kept."""

    NEVER = "never"  # no ACK at all (`companion doctor`, `dice-listen --no-ack`)
    KEPT = "kept"  # once the roll waits in the event queue, where nothing replaces it
    TAKEN = "taken"  # once the program says it took it: `taken(roll)` (the app)


# --- the reader ----------------------------------------------------------------------


@dataclass(frozen=True)
class ReaderStatus:
    """How the link to the dice reader is, for the screen and `companion doctor`."""

    port: str
    connected: bool = False
    device: str | None = None  # from HELLO
    version: str | None = None
    problem: DiceProblem | None = None  # why it is not connected
    device_error: str | None = None  # the last ERR the reader sent
    bad_lines: int = 0
    rolls: int = 0
    repeats: int = 0  # rolls ignored because their seq was seen just before
    dropped: int = 0  # rolls the app could not take (a flood): never acknowledged
    connects: int = 0
    fields: Mapping[str, str] = field(default_factory=dict)  # the last STATUS

    @property
    def state(self) -> str:
        return "connected" if self.connected else "disconnected"

    @property
    def last_error(self) -> str | None:
        """The problem as an English sentence (logs, the command line)."""
        return None if self.problem is None else self.problem.text


class DiceReader:
    """Reads the dice reader at `port` (a path like /dev/dice, or a pyserial URL) on
    one thread and puts `HardwareEvent`s on `events`. Call `start()`, then `stop()`.
    """

    def __init__(
        self,
        port: str,
        events: EventQueue,
        *,
        baudrate: int = 115200,
        ack: Ack | bool = Ack.KEPT,
        backoff: tuple[float, float] = BACKOFF_S,
        exclusive: bool = True,
    ) -> None:
        self.port = port
        self.baudrate = baudrate
        self.ack = ack if isinstance(ack, Ack) else (Ack.KEPT if ack else Ack.NEVER)
        self.exclusive = exclusive
        self._events = events
        self._backoff = backoff
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._status = ReaderStatus(port)
        self._announced: bool | None = None  # the connection state the app was last told
        # The seqs of the rolls handed over lately (acknowledged, or never to be), and
        # with Ack.TAKEN those the app has not answered yet; both on the thread only.
        self._recent: collections.deque[int] = collections.deque(maxlen=RECENT_SEQS)
        self._waiting: dict[int, Roll] = {}
        self._answers: collections.deque[tuple[Roll, bool]] = collections.deque()
        self._serial: Any = None
        self._thread = threading.Thread(target=self._run, name=f"dice-reader {port}", daemon=True)

    # -- public -------------------------------------------------------------------

    def start(self) -> DiceReader:
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        port = self._serial
        if port is not None and hasattr(port, "cancel_read"):
            with contextlib.suppress(Exception):
                port.cancel_read()  # wake a blocked read at once
        if self._thread.is_alive():
            self._thread.join(timeout)

    close = stop

    def status(self) -> ReaderStatus:
        with self._lock:
            return self._status

    def taken(self, roll: Roll) -> None:
        """With `Ack.TAKEN`: the program took `roll` (from any thread); the reader's
        thread sends its ACK at once."""
        self._answer(roll, kept=True)

    def lost(self, roll: Roll) -> None:
        """With `Ack.TAKEN`: the program could not take `roll`: no ACK, it is counted as
        dropped, and the reader's resend of it is taken as a new roll."""
        self._answer(roll, kept=False)

    def _answer(self, roll: Roll, *, kept: bool) -> None:
        self._answers.append((roll, kept))
        port = self._serial
        if port is not None and hasattr(port, "cancel_read"):
            with contextlib.suppress(Exception):
                port.cancel_read()  # the thread waits in read(): wake it to answer

    def __enter__(self) -> DiceReader:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the thread ----------------------------------------------------------------

    def _run(self) -> None:
        delay = self._backoff[0]
        while not self._stop.is_set():
            try:
                connected = self._cycle()
            except Exception as error:  # the last guard: log it, and keep reading
                log.exception("dice reader: unexpected failure")
                self._lost(DiceProblem("failed", {"port": self.port, "detail": str(error)}))
                connected = False
            if connected:
                delay = self._backoff[0]
                continue
            self._stop.wait(delay)
            delay = min(delay * 2, self._backoff[1])
        self._update(connected=False)

    def _cycle(self) -> bool:
        """Open the port and read until it fails; False if it could not be opened."""
        port = self._open()
        if port is None:
            return False
        self._serial = port
        try:
            self._connected()
            self._read(port)
        finally:
            self._serial = None
            _close_quietly(port)
        return True

    def _open(self) -> Any:
        try:
            return serial.serial_for_url(
                self.port,
                baudrate=self.baudrate,
                timeout=READ_TIMEOUT_S,
                write_timeout=WRITE_TIMEOUT_S,
                exclusive=self.exclusive,
            )
        except (OSError, ValueError) as error:
            self._lost(_open_problem(self.port, error))
            return None

    def _read(self, port: Any) -> None:
        buffer = bytearray()
        skipping = False  # inside a line that was already too long
        while not self._stop.is_set():
            self._send_answers(port)
            try:
                chunk = port.read(port.in_waiting or 1)
            except (OSError, ValueError, TypeError) as error:
                # An unplugged device: read() raises SerialException ("returned no
                # data"), in_waiting a plain OSError (EIO); a closed port, TypeError.
                if not self._stop.is_set():
                    self._lost(DiceProblem("unplugged", {"port": self.port}))
                    log.info("dice reader %s: %s", self.port, error)
                return
            if chunk:
                buffer += chunk
                skipping = self._split(buffer, skipping, port)

    def _split(self, buffer: bytearray, skipping: bool, port: Any) -> bool:
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                break
            line = bytes(buffer[: end + 1])
            del buffer[: end + 1]
            if skipping:
                skipping = False  # the end of the over-long line, already counted
                continue
            self._line(line, port)
        if len(buffer) > MAX_LINE + 1 and not skipping:  # +1: a pending "\r"
            self._bad(DiceParseError(BadLine.TOO_LONG, bytes(buffer), length=len(buffer)))
            skipping = True
        if skipping:
            buffer.clear()  # never hold more than one line's worth of garbage
        return skipping

    def _line(self, line: bytes, port: Any) -> None:
        try:
            message = parse_line(line)
        except DiceParseError as error:
            if error.reason is not BadLine.EMPTY:
                self._bad(error)
            return
        if isinstance(message, Roll):
            self._roll(message, port)
            return
        if isinstance(message, Hello):
            self._recent.clear()  # a restarted reader counts from the start again
            self._waiting.clear()  # and has forgotten what it sent before
            self._update(device=message.device, version=message.version)
        elif isinstance(message, Status):
            self._update(fields=message.as_dict())
        elif isinstance(message, Err):
            self._update(device_error=message.text)
        self._events.put(event_for(message))

    def _roll(self, roll: Roll, port: Any) -> None:
        if roll.seq in self._recent or roll.seq in self._waiting:
            self._repeat(roll, port)
            return
        if not self._hand_over(roll):
            self._dropped(roll)  # no ACK: the reader may send it again
            return
        with self._lock:
            self._status = replace(self._status, rolls=self._status.rolls + 1)
        if self.ack is Ack.TAKEN:
            self._waiting[roll.seq] = roll
            if len(self._waiting) > MAX_WAITING:  # never answered: never acknowledged
                del self._waiting[next(iter(self._waiting))]
            return
        self._recent.append(roll.seq)
        if self.ack is Ack.KEPT:
            self._send_ack(roll.seq, port)

    def _hand_over(self, roll: Roll) -> bool:
        """Put the roll's event on the queue; False when the queue refused it."""
        event = event_for(roll)
        if isinstance(self._events, FloodQueue):
            return self._events.offer(event)
        self._events.put(event)  # a plain queue keeps everything
        return True

    def _repeat(self, roll: Roll, port: Any) -> None:
        with self._lock:
            self._status = replace(self._status, repeats=self._status.repeats + 1)
        log.debug("dice reader: roll %d repeated, ignored", roll.seq)
        if roll.seq in self._recent and self.ack is not Ack.NEVER:
            self._send_ack(roll.seq, port)  # it was kept: the last ACK may have been lost
        # A roll still waiting for the app is acknowledged when the app takes it.

    def _send_answers(self, port: Any) -> None:
        """The app's answers (`taken`, `lost`): an ACK for each roll it took."""
        while self._answers:
            roll, kept = self._answers.popleft()
            if self._waiting.get(roll.seq) is not roll:
                continue  # answered already, or sent before the reader restarted
            del self._waiting[roll.seq]
            if kept:
                self._recent.append(roll.seq)
                self._send_ack(roll.seq, port)
            else:
                self._dropped(roll)

    def _dropped(self, roll: Roll) -> None:
        with self._lock:
            count = self._status.dropped + 1
            self._status = replace(self._status, dropped=count)
        if count <= LOUD_BAD_LINES or count % 1000 == 0:
            log.warning(
                "dice reader %s: roll %d was not taken (%d so far), so not acknowledged: "
                "the reader may send it again",
                self.port,
                roll.seq,
                count,
            )

    def _send_ack(self, seq: int, port: Any) -> None:
        try:
            port.write(b"ACK %d\n" % seq)
        except (OSError, ValueError) as error:
            # A full or vanished port: the next read tells us which; never fatal.
            log.info("dice reader %s: could not send ACK %d: %s", self.port, seq, error)

    def _bad(self, error: DiceParseError) -> None:
        with self._lock:
            count = self._status.bad_lines + 1
            self._status = replace(self._status, bad_lines=count)
        if count <= LOUD_BAD_LINES or count % 1000 == 0:
            log.warning("dice reader %s: bad line #%d: %s", self.port, count, error)
        seen = BadLineSeen(error.reason.value, preview(error.raw), count)
        self._events.put(HardwareEvent(Source.DICE, Kind.BAD_LINE, seen))

    # -- connection state ------------------------------------------------------------

    def _connected(self) -> None:
        with self._lock:
            self._status = replace(
                self._status,
                connected=True,
                problem=None,
                connects=self._status.connects + 1,
            )
        self._announced = True
        log.info("dice reader connected at %s", self.port)
        self._events.put(HardwareEvent(Source.DICE, Kind.CONNECTED, Connected(self.port)))

    def _lost(self, problem: DiceProblem) -> None:
        with self._lock:
            self._status = replace(self._status, connected=False, problem=problem)
        if self._announced is False:
            return  # the app already knows; retries stay quiet
        self._announced = False
        log.warning("%s", problem.text)
        lost = Disconnected(self.port, problem)
        self._events.put(HardwareEvent(Source.DICE, Kind.DISCONNECTED, lost))

    def _update(self, **changes: Any) -> None:
        with self._lock:
            self._status = replace(self._status, **changes)


def _open_problem(port: str, error: Exception) -> DiceProblem:
    code = getattr(error, "errno", None)
    if code in (errno.ENOENT, errno.ENXIO, errno.ENODEV):
        return DiceProblem("no_device", {"port": port})
    if code in (errno.EACCES, errno.EPERM):
        return DiceProblem("no_access", {"port": port})
    if code in (errno.EBUSY, errno.EAGAIN) or "lock" in str(error).lower():
        return DiceProblem("busy", {"port": port})
    detail = getattr(error, "strerror", None) or str(error)
    return DiceProblem("cannot_open", {"port": port, "detail": detail})


def _close_quietly(port: Any) -> None:
    with contextlib.suppress(Exception):
        port.close()


def start_reader(port: str, events: EventQueue, **options: Any) -> DiceReader | None:
    """A dice reader at `port`, already started; None when no port is given."""
    if not port:
        return None
    return DiceReader(port, events, **options).start()
