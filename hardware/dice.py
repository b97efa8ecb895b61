"""The serial dice reader: a thread that carries bytes between the port and the line
protocol (`hardware.dice_link.DiceProtocol`), and survives unplugs.

`DiceReader` is the transport, as pyserial's `serial.threaded.ReaderThread` is for a
`Protocol`: it opens the port (a device path, never a pyserial URL: `spy://` and the
like open files and sockets), reads, hands the bytes to the protocol, puts the
events it gives on the queue and writes the ACKs it asks for; after an unplug it
reopens the same path with a growing pause (0.1 s up to 3 s). Nothing it meets is
raised into the app; `status()` says how the link is.

An ACK is a promise that the roll was kept, so it is sent only once it was (`Ack`):
by default once the roll waits in the event queue, where nothing replaces it; for the
app, once the app kept it (`DiceReader.taken`). A roll the queue refuses (a flood)
gets no ACK, so the reader may send it again, and is counted (`ReaderStatus.dropped`);
so is one the app could not keep (`DiceReader.lost`, `ReaderStatus.unsaved`).
"""

from __future__ import annotations

import collections
import contextlib
import errno
import logging
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

import serial

from hardware.dice_link import Ack, DiceProtocol, Heard
from hardware.dice_protocol import (
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
    "DiceProtocol",
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

READ_TIMEOUT_S = 0.2  # how often the thread looks up to see whether it should stop
WRITE_TIMEOUT_S = 0.5  # a reader that stopped reading must not block us
BACKOFF_S = (0.1, 3.0)


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
    repeats: int = 0  # rolls ignored because the reader sent them again
    dropped: int = 0  # rolls the app's queue refused (a flood): never acknowledged
    unsaved: int = 0  # rolls the app could not keep (the store refused): never acknowledged
    connects: int = 0
    fields: Mapping[str, str] = field(default_factory=dict)  # the last STATUS

    @property
    def state(self) -> str:
        return "connected" if self.connected else "disconnected"

    @property
    def last_error(self) -> str | None:
        """The problem as an English sentence (logs, the command line)."""
        return None if self.problem is None else self.problem.text


HEARD = tuple(f.name for f in fields(Heard))


class DiceReader:
    """Reads the dice reader at `port` (a device path like /dev/dice) on one thread
    and puts `HardwareEvent`s on `events`. Call `start()`, then `stop()`."""

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
        self.protocol = DiceProtocol(self.ack, name=port)
        self._events = events
        self._backoff = backoff
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._link = ReaderStatus(port)  # the connection's part of the status
        self._announced: bool | None = None  # the connection state the app was last told
        # The app's answers (`taken`, `lost`), for the thread to give the protocol.
        self._answers: collections.deque[tuple[Roll, bool]] = collections.deque()
        self._serial: Any = None
        self._thread = threading.Thread(target=self._run, name=f"dice-reader {port}", daemon=True)

    # -- public -------------------------------------------------------------------

    def start(self) -> DiceReader:
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        self._wake()
        if self._thread.is_alive():
            self._thread.join(timeout)

    close = stop

    def status(self) -> ReaderStatus:
        with self._lock:
            link = self._link
        heard = self.protocol.heard  # replaced whole by the thread: always consistent
        return replace(link, **{name: getattr(heard, name) for name in HEARD})

    def taken(self, roll: Roll) -> None:
        """With `Ack.TAKEN`: the program kept `roll` (from any thread); the reader's
        thread sends its ACK at once."""
        self._answer(roll, kept=True)

    def lost(self, roll: Roll) -> None:
        """With `Ack.TAKEN`: the program could not keep `roll`: no ACK, it is counted as
        unsaved, and the reader's resend of it is taken as a new roll."""
        self._answer(roll, kept=False)

    def _answer(self, roll: Roll, *, kept: bool) -> None:
        self._answers.append((roll, kept))
        self._wake()  # the thread waits in read(): wake it to answer

    def _wake(self) -> None:
        port = self._serial
        if port is not None and hasattr(port, "cancel_read"):
            with contextlib.suppress(Exception):
                port.cancel_read()

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
            self.protocol.connection_made()
            self._connected()
            self._read(port)
        finally:
            self._serial = None
            _close_quietly(port)
        return True

    def _open(self) -> Any:
        try:
            # A path only: serial_for_url would follow `spy://...?file=` and the like.
            return serial.Serial(
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
                self._received(chunk, port)

    def _received(self, chunk: bytes, port: Any) -> None:
        received = self.protocol.data_received(chunk)
        if received.send:
            self._write(port, received.send)  # the ACKs of rolls kept before
        for event in received.events:  # each ACK before the next event: in stream order
            if not isinstance(event.data, Roll):
                self._events.put(event)
            elif ack := self._hand_over(event, event.data):
                self._write(port, ack)

    def _hand_over(self, event: HardwareEvent, roll: Roll) -> bytes:
        """Put the roll's event on the queue; the ACK the protocol then asks for."""
        try:
            if isinstance(self._events, FloodQueue):
                kept = self._events.offer(event)
            else:
                self._events.put(event)  # a plain queue keeps everything
                kept = True
        except BaseException:
            self.protocol.handed(roll, kept=False)  # no ACK: the reader sends it again
            raise
        return self.protocol.handed(roll, kept)

    def _send_answers(self, port: Any) -> None:
        """The app's answers (`taken`, `lost`): an ACK for each roll it kept."""
        reply = bytearray()
        while self._answers:
            roll, kept = self._answers.popleft()
            if kept:
                reply += self.protocol.ack(roll)
            else:
                self.protocol.lost(roll)
        if reply:
            self._write(port, bytes(reply))

    def _write(self, port: Any, data: bytes) -> None:
        try:
            port.write(data)
        except (OSError, ValueError) as error:
            # A full or vanished port: the next read tells us which; never fatal.
            log.info("dice reader %s: could not send %r: %s", self.port, data, error)

    # -- connection state ------------------------------------------------------------

    def _connected(self) -> None:
        with self._lock:
            self._link = replace(
                self._link, connected=True, problem=None, connects=self._link.connects + 1
            )
        self._announced = True
        log.info("dice reader connected at %s", self.port)
        self._events.put(HardwareEvent(Source.DICE, Kind.CONNECTED, Connected(self.port)))

    def _lost(self, problem: DiceProblem) -> None:
        with self._lock:
            self._link = replace(self._link, connected=False, problem=problem)
        if self._announced is False:
            return  # the app already knows; retries stay quiet
        self._announced = False
        log.warning("%s", problem.text)
        lost = Disconnected(self.port, problem)
        self._events.put(HardwareEvent(Source.DICE, Kind.DISCONNECTED, lost))

    def _update(self, **changes: Any) -> None:
        with self._lock:
            self._link = replace(self._link, **changes)


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
