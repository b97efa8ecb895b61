"""The serial dice reader: its line protocol and a reader thread that survives unplugs.

Protocol (ASCII, one message per line ending in `\\n` or `\\r\\n`, at most 80 bytes
before the line ending; see hardware/WIRING.md):

    HELLO <device> <version>      the reader started
    ROLLING                       the dice are moving
    ROLL <seq> <v>,<v>,...        1 to 10 dice, each 1..6 or ? (unreadable)
    STATUS <key>=<value> ...      anything the reader wants to report
    ERR <text>                    the reader's own trouble, for the players

The host may answer `ACK <seq>` to a roll; a reader that resends a roll it saw no ACK
for reuses the seq, and a repeated seq is ignored. Blank lines are keep-alives.
Anything else is a bad line: counted, logged, reported as a `bad_line` event, never
a crash.

`parse_line()` is pure and raises only `DiceParseError`. `DiceReader` runs one
thread: open the port, read, split lines, parse, put `HardwareEvent`s on the queue;
after an unplug it reopens the same path with a growing pause (0.1 s up to 3 s).
Nothing it meets is raised into the app; `status()` says how the link is.

A problem is plain data (`DiceProblem`: a key of `PROBLEMS` and its values) with an
English sentence for logs and the command line; the app translates the same keys.
"""

from __future__ import annotations

import collections
import contextlib
import enum
import errno
import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import serial

from hardware.errors import DeviceError
from hardware.events import EventQueue, HardwareEvent, Kind, Source

log = logging.getLogger(__name__)

MAX_LINE = 80  # bytes before the line ending
MAX_DICE = 10
FACES = range(1, 7)
MAX_SEQ_DIGITS = 10
RECENT_SEQS = 16  # how far back a resent roll is still recognised
READ_TIMEOUT_S = 0.2  # how often the thread looks up to see whether it should stop
WRITE_TIMEOUT_S = 0.5  # a reader that stopped reading must not block us
BACKOFF_S = (0.1, 3.0)
LOUD_BAD_LINES = 20  # log the first bad lines as warnings, later ones quietly

PROBLEMS: Mapping[str, str] = {
    "too_long": "The dice reader sent a line of {length} bytes; at most 80 are allowed",
    "not_ascii": "The dice reader sent a line that is not plain ASCII text: {line}",
    "unknown": "The dice reader sent a message this program does not know: {line}",
    "malformed": "The dice reader sent a {command} line that is not well formed: {line}",
    "out_of_range": "The dice reader sent a roll that is not possible: {line} ({detail})",
    "empty": "The dice reader sent an empty line",
    "no_device": "The dice reader at {port} is not plugged in",
    "no_access": (
        "The companion may not open the dice reader at {port}: add the user to the dialout group"
    ),
    "busy": "Another program is using the dice reader at {port}",
    "cannot_open": "The dice reader at {port} cannot be opened: {detail}",
    "unplugged": "The dice reader at {port} was unplugged",
    "failed": "The dice reader at {port} stopped answering: {detail}",
}


@dataclass(frozen=True)
class DiceProblem:
    """One of `PROBLEMS` with its values; `text` is the English sentence."""

    key: str
    params: Mapping[str, str | int] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return PROBLEMS[self.key].format_map(_Blank(self.params))

    def __str__(self) -> str:
        return self.text


class _Blank(dict[str, str | int]):
    """A missing value shows as its name: a sentence never fails to be written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


# --- messages ------------------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    device: str
    version: str

    def to_json(self) -> dict[str, Any]:
        return {"device": self.device, "version": self.version}


@dataclass(frozen=True)
class Rolling:
    def to_json(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class Roll:
    seq: int
    values: tuple[int | None, ...]  # None: that die could not be read ("?")

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "values": self.values}


@dataclass(frozen=True)
class Status:
    fields: tuple[tuple[str, str], ...]

    def as_dict(self) -> dict[str, str]:
        return dict(self.fields)

    def to_json(self) -> dict[str, Any]:
        return {"fields": self.as_dict()}


@dataclass(frozen=True)
class Err:
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text}


DiceMessage = Hello | Rolling | Roll | Status | Err


# --- what the link itself reports -----------------------------------------------------


@dataclass(frozen=True)
class Connected:
    port: str

    def to_json(self) -> dict[str, Any]:
        return {"port": self.port}


@dataclass(frozen=True)
class Disconnected:
    port: str
    problem: DiceProblem

    def to_json(self) -> dict[str, Any]:
        return {"port": self.port, "error": self.problem.text}


@dataclass(frozen=True)
class BadLineSeen:
    reason: str  # which rule of the protocol the line broke
    line: str  # the line, printable
    count: int  # bad lines since the reader started

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "line": self.line, "count": self.count}


class BadLine(enum.StrEnum):
    TOO_LONG = "too_long"
    NOT_ASCII = "not_ascii"
    UNKNOWN = "unknown"
    MALFORMED = "malformed"
    OUT_OF_RANGE = "out_of_range"
    EMPTY = "empty"


class DiceParseError(DeviceError):
    """A line that is not a protocol message; `reason` says which rule it broke."""

    def __init__(self, reason: BadLine, raw: bytes, **params: str | int) -> None:
        self.problem = DiceProblem(reason.value, {"line": preview(raw), **params})
        super().__init__("dice", self.problem.text)
        self.reason = reason
        self.raw = raw


def preview(raw: bytes, limit: int = 40) -> str:
    """A line as printable ASCII for logs and messages (escapes for the rest)."""
    text = raw.rstrip(b"\r\n").decode("ascii", "backslashreplace")
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- parsing -------------------------------------------------------------------------


def parse_line(raw: bytes) -> DiceMessage:
    """One protocol line (with or without its line ending) as a message.

    Raises `DiceParseError` and nothing else, whatever the bytes.
    """
    line = raw[:-1] if raw.endswith(b"\n") else raw
    line = line[:-1] if line.endswith(b"\r") else line
    if len(line) > MAX_LINE:
        raise DiceParseError(BadLine.TOO_LONG, raw, length=len(line))
    if any(not (0x20 <= byte <= 0x7E or byte == 0x09) for byte in line):
        raise DiceParseError(BadLine.NOT_ASCII, raw)
    text = line.decode("ascii")
    words = text.split()
    if not words:
        raise DiceParseError(BadLine.EMPTY, raw)
    parse = _PARSERS.get(words[0])
    if parse is None:
        raise DiceParseError(BadLine.UNKNOWN, raw)
    return parse(text, words, raw)


def _hello(text: str, words: list[str], raw: bytes) -> Hello:
    if len(words) != 3:
        raise DiceParseError(BadLine.MALFORMED, raw, command="HELLO")
    return Hello(words[1], words[2])


def _rolling(text: str, words: list[str], raw: bytes) -> Rolling:
    if len(words) != 1:
        raise DiceParseError(BadLine.MALFORMED, raw, command="ROLLING")
    return Rolling()


def _roll(text: str, words: list[str], raw: bytes) -> Roll:
    if len(words) < 3 or not _is_number(words[1]):
        raise DiceParseError(BadLine.MALFORMED, raw, command="ROLL")
    faces = "".join(words[2:]).split(",")  # "1, 5,6" is read like "1,5,6"
    if len(faces) > MAX_DICE:
        raise DiceParseError(
            BadLine.OUT_OF_RANGE, raw, detail=f"{len(faces)} dice, at most {MAX_DICE}"
        )
    return Roll(int(words[1]), tuple(_face(face, raw) for face in faces))


def _face(face: str, raw: bytes) -> int | None:
    if face == "?":
        return None
    if not _is_number(face):
        raise DiceParseError(BadLine.MALFORMED, raw, command="ROLL")
    value = int(face)
    if value not in FACES:
        raise DiceParseError(BadLine.OUT_OF_RANGE, raw, detail=f"a die shows {value}")
    return value


def _is_number(word: str) -> bool:
    # str.isdigit() also accepts "²"; int() also accepts "1_0" and "+1".
    return 0 < len(word) <= MAX_SEQ_DIGITS and all("0" <= c <= "9" for c in word)


def _status(text: str, words: list[str], raw: bytes) -> Status:
    pairs = []
    for word in words[1:]:
        key, equals, value = word.partition("=")
        if not key or not equals:
            raise DiceParseError(BadLine.MALFORMED, raw, command="STATUS")
        pairs.append((key, value))
    if not pairs:
        raise DiceParseError(BadLine.MALFORMED, raw, command="STATUS")
    return Status(tuple(pairs))


def _err(text: str, words: list[str], raw: bytes) -> Err:
    return Err(text.strip()[len("ERR") :].strip())


_PARSERS: Mapping[str, Callable[[str, list[str], bytes], DiceMessage]] = {
    "HELLO": _hello,
    "ROLLING": _rolling,
    "ROLL": _roll,
    "STATUS": _status,
    "ERR": _err,
}


_KINDS: Mapping[type, Kind] = {
    Hello: Kind.HELLO,
    Rolling: Kind.ROLLING,
    Roll: Kind.ROLL,
    Status: Kind.STATUS,
    Err: Kind.ERROR,
}


def event_for(message: DiceMessage, now: float | None = None) -> HardwareEvent:
    """The `HardwareEvent` that carries a message."""
    kind = _KINDS[type(message)]
    if now is None:
        return HardwareEvent(Source.DICE, kind, message)
    return HardwareEvent(Source.DICE, kind, message, time=now)


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
        ack: bool = True,
        backoff: tuple[float, float] = BACKOFF_S,
        exclusive: bool = True,
    ) -> None:
        self.port = port
        self.baudrate = baudrate
        self.ack = ack
        self.exclusive = exclusive
        self._events = events
        self._backoff = backoff
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._status = ReaderStatus(port)
        self._announced: bool | None = None  # the connection state the app was last told
        self._recent: collections.deque[int] = collections.deque(maxlen=RECENT_SEQS)
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
            self._update(device=message.device, version=message.version)
        elif isinstance(message, Status):
            self._update(fields=message.as_dict())
        elif isinstance(message, Err):
            self._update(device_error=message.text)
        self._events.put(event_for(message))

    def _roll(self, roll: Roll, port: Any) -> None:
        if self.ack:
            self._send_ack(roll.seq, port)  # even a repeat: the last ACK may have been lost
        if roll.seq in self._recent:
            with self._lock:
                self._status = replace(self._status, repeats=self._status.repeats + 1)
            log.debug("dice reader: roll %d repeated, ignored", roll.seq)
            return
        self._recent.append(roll.seq)
        with self._lock:
            self._status = replace(self._status, rolls=self._status.rolls + 1)
        self._events.put(event_for(roll))

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
