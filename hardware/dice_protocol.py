"""The dice reader's line protocol: its messages, and `parse_line()`.

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

`parse_line()` is pure and raises only `DiceParseError`. A problem is plain data
(`DiceProblem`: a key of `PROBLEMS` and its values) with an English sentence for logs
and the command line; the app translates the same keys.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hardware.errors import DeviceError
from hardware.events import HardwareEvent, Kind, Source

MAX_LINE = 80  # bytes before the line ending
MAX_DICE = 10
FACES = range(1, 7)
MAX_SEQ_DIGITS = 10

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
