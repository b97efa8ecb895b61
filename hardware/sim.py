"""The simulated twin that `companion run --simulate` wires in place of the hardware.

- Buttons: the real `ButtonReader` on gpiozero `MockFactory` pins, driven by keys:
  space = GO (hold it for the menu), u = UNDO, p = PAUSE, d = roll the dice, 1 to 8 =
  the seat buttons (hold one to pause). With no seat pins in the settings the
  simulation still has 8 seat buttons, on pins nothing else uses.
- Strip: a `RecordingStrip` the screen draws.
- Buzzer: the real gpiozero `Buzzer`/`TonalBuzzer` on a mock pin.
- Dice: a pseudo-terminal (`os.openpty`) fed by `DiceSimulator` and read by the real
  `DiceReader`, so the whole serial path runs.

`PtyDevice` and `DiceSimulator` are also what `companion dice-sim` and the tests use.
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import threading
import time
import tty
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.buttons import ButtonReader, ButtonSettings
from hardware.buzzer import BuzzerController, BuzzerSettings, create_buzzer
from hardware.dice import Ack, DiceReader
from hardware.events import EventQueue, Source
from hardware.pins import MAX_SEATS, SEAT_PINS
from hardware.strip import RecordingStrip

Clock = Callable[[], float]

SIM_DEVICE = "sim-dice"
SIM_VERSION = "1.0"
SETTLE_S = 0.2  # after a reader opens the port it flushes its input; let it finish

GARBAGE: tuple[bytes, ...] = (
    b"ROLL 7 1,2,9\n",  # a face out of range
    b"ROLL x 1,2\n",  # seq not a number
    b"ROLL 8 " + b",".join([b"1"] * 11) + b"\n",  # too many dice
    b"HELLO\n",  # missing fields
    b"BANANA 3\n",  # unknown
    b"roll 3 1,2\n",  # keywords are upper case
    b"ROLL 9 1,\xff,3\n",  # not ASCII
    b"STATUS battery\n",  # not key=value
    b"X" * 120 + b"\n",  # too long
    b"\x00\x01\x02\n",  # line noise
)


# --- keys -> mock pins ---------------------------------------------------------------

KEYS: dict[str, str] = {
    "space": Source.GO,
    "spacebar": Source.GO,
    " ": Source.GO,
    "u": Source.UNDO,
    "p": Source.PAUSE,
    "d": "dice",
    **{str(n): f"seat{n}" for n in range(1, MAX_SEATS + 1)},
}


def key_name(key: str | int) -> str:
    """Kivy gives key codes (32) or names ("spacebar"); both map to one name."""
    if isinstance(key, int):
        return "space" if key == 32 else (chr(key).lower() if 0 < key < 0x110000 else "")
    return key.lower()


class KeyDriver:
    """Drives the buttons' mock pins from key events. A held key repeats on most
    desktops; only the first "down" counts, so holding space is one long press."""

    def __init__(self, buttons: ButtonReader, factory: MockFactory) -> None:
        self._factory = factory
        self._pins = buttons.named_pins()
        self._pull_up = buttons.config.pull_up
        self._down: set[str] = set()

    def pin(self, source: str) -> Any:
        return self._factory.pin(self._pins[str(source)])

    def press(self, source: str) -> None:
        if source in self._down:
            return
        self._down.add(source)
        self._drive(source, active=True)

    def release(self, source: str) -> None:
        if source not in self._down:
            return
        self._down.discard(source)
        self._drive(source, active=False)

    def _drive(self, source: str, *, active: bool) -> None:
        # With the pull-up a pressed button pulls the pin to ground.
        pin = self.pin(source)
        if active == self._pull_up:
            pin.drive_low()
        else:
            pin.drive_high()

    def handle(self, key: str | int, down: bool) -> bool:
        """True if the key belongs to a button."""
        source = KEYS.get(key_name(key))
        if source is None or str(source) not in self._pins:
            return False
        if down:
            self.press(source)
        else:
            self.release(source)
        return True


def free_pins(buttons: ButtonSettings, taken: Sequence[int] = ()) -> tuple[int, ...]:
    """The simulated seat buttons' pins: the first `MAX_SEATS` of `SEAT_PINS` that
    neither the buttons nor `taken` (the buzzer's, a LED bar's) use."""
    used = {buttons.go, buttons.undo, buttons.pause, *taken}
    return tuple(pin for pin in SEAT_PINS if pin not in used)[:MAX_SEATS]


# --- a pty dice device ---------------------------------------------------------------


class PtyDevice:
    """A pseudo-terminal that plays a USB dice reader: write lines to `master`, the
    reader opens `path` (the slave's name, or `link`, a symlink to it, so a replug
    can appear at the same path). `close()` is pulling the cable."""

    def __init__(self, link: Path | str | None = None) -> None:
        self.master, slave = os.openpty()
        self.slave_name = os.ttyname(slave)
        tty.setraw(slave)  # no echo, no line editing: bytes pass as a serial line would
        os.close(slave)  # the pty stays while the master is open; the reader opens its own
        self.link = Path(link) if link is not None else None
        if self.link is not None:
            _point(self.link, self.slave_name)
        self.path = str(self.link) if self.link is not None else self.slave_name
        self.received = bytearray()  # what the host sent (ACKs)
        self._lock = threading.Lock()  # one write at a time
        self._reading = threading.Lock()  # one drain at a time
        self.closed = False

    def write(self, data: bytes) -> None:
        with self._lock:
            view = memoryview(data)
            while view:
                try:
                    written = os.write(self.master, view)
                except BlockingIOError:  # read_host has the master non-blocking a moment
                    select.select([], [self.master], [], 0.05)
                    continue
                view = view[written:]
        self.read_host()

    def send(self, line: str) -> None:
        self.write(line.encode("ascii") + b"\n")

    def read_host(self) -> bytes:
        """Drain what the host wrote (so ACKs never fill the pty buffer), never waiting:
        with no reader attached `select` says readable (EIO), and a reader that opens the
        port just then left a blocking read waiting for good (a test hung 600 s)."""
        data = b""
        with self._reading:
            while not self.closed:
                chunk = self._read_now()
                if not chunk:
                    break
                data += chunk
            self.received += data
        return data

    def _read_now(self) -> bytes:
        """What the host has written, b"" when nothing is there or nobody has the port
        open (EIO); the master stays blocking for writes."""
        try:
            os.set_blocking(self.master, False)
            try:
                return os.read(self.master, 4096)
            finally:
                os.set_blocking(self.master, True)
        except OSError:  # EAGAIN: nothing yet; EIO: no reader; EBADF: closed meanwhile
            return b""

    def acks(self) -> list[int]:
        self.read_host()
        return [int(line.split()[1]) for line in bytes(self.received).splitlines() if line]

    def reader_attached(self) -> bool:
        """Whether a program has the port open (Linux reports POLLHUP on the master
        while nobody holds the slave)."""
        poller = select.poll()
        poller.register(self.master, select.POLLHUP)
        return not any(event & select.POLLHUP for _, event in poller.poll(0))

    def wait_for_reader(self, stop: threading.Event, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not stop.is_set():
            if self.reader_attached():
                return True
            if deadline is not None and time.monotonic() >= deadline:
                return False
            stop.wait(0.02)  # the kernel offers no event for "the slave was opened"
        return False

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        os.close(self.master)

    def __enter__(self) -> PtyDevice:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _point(link: Path, target: str) -> None:
    """Make `link` a symlink to `target`, replacing any old one in one step."""
    temp = link.with_name(f".{link.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        temp.unlink()
    os.symlink(target, temp)
    os.replace(temp, link)


# --- what the simulated reader says --------------------------------------------------


def roll_lines(seq: int, values: Sequence[int | None]) -> list[bytes]:
    faces = ",".join("?" if v is None else str(v) for v in values)
    return [b"ROLLING\n", f"ROLL {seq} {faces}\n".encode("ascii")]


def script(
    rolls: int, rng: random.Random, *, garbage: bool = False, dice: int = 5, first_seq: int = 1
) -> Iterator[tuple[int, list[bytes]]]:
    """(seq, lines) for each roll: ROLLING, the ROLL, and with `garbage` a bad line
    before roughly every other roll. `rolls=0` goes on for ever."""
    seq = first_seq
    while rolls <= 0 or seq < first_seq + rolls:
        lines: list[bytes] = []
        if garbage and rng.random() < 0.5:
            lines.append(rng.choice(GARBAGE))
        values = [None if rng.random() < 0.05 else rng.randint(1, 6) for _ in range(dice)]
        lines.extend(roll_lines(seq, values))
        yield seq, lines
        seq += 1


class DiceSimulator:
    """Feeds a `PtyDevice` like a real reader: HELLO whenever a host opens the port,
    then rolls every `interval` seconds (or only on `roll()` when interval is None)."""

    def __init__(
        self,
        device: PtyDevice,
        *,
        rolls: int = 0,
        interval: float | None = 2.0,
        garbage: bool = False,
        seed: int | None = None,
        on_line: Callable[[bytes], None] | None = None,
    ) -> None:
        self.device = device
        self.interval = interval
        self.sent_rolls = 0
        self.last_seq: int | None = None  # the seq of the last roll sent
        self.done = threading.Event()
        self._script = script(rolls, random.Random(seed), garbage=garbage)
        self._on_line = on_line
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._run, name="dice-sim", daemon=True)

    def start(self) -> DiceSimulator:
        self._thread.start()
        return self

    def roll(self) -> None:
        """Roll now (the `d` key in the simulated app)."""
        self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(2.0)

    def _send(self, lines: Sequence[bytes]) -> None:
        for line in lines:
            self.device.write(line)
            if self._on_line is not None:
                self._on_line(line)

    def _run(self) -> None:
        try:
            self._serve()
        except OSError:
            pass  # the device was closed under us: that is an unplug, not an error
        finally:
            self.done.set()

    def _serve(self) -> None:
        attached = False
        for seq, lines in self._script:
            if not attached:
                if not self.device.wait_for_reader(self._stop):
                    return
                self._stop.wait(SETTLE_S)
                self._send([f"HELLO {SIM_DEVICE} {SIM_VERSION}\n".encode("ascii")])
                attached = True
            self._wake.wait(self.interval)
            self._wake.clear()
            if self._stop.is_set():
                return
            attached = self.device.reader_attached()
            if attached:
                self._send(lines)
                self.sent_rolls += 1
                self.last_seq = seq


# --- the whole simulated table -------------------------------------------------------


class Simulation:
    """Everything `--simulate` needs: the buttons and the buzzer as `buttons` and
    `buzzer` say (8 seat buttons on pins not in `taken` when `buttons` names none), a
    strip of `leds` LEDs on screen, a dice reader at `baudrate`; `close()` undoes it."""

    def __init__(
        self,
        events: EventQueue,
        *,
        buttons: ButtonSettings,
        buzzer: BuzzerSettings,
        leds: int = 10,
        baudrate: int = 115200,
        clock: Clock = time.monotonic,
        dice_interval: float | None = None,
        link: Path | str | None = None,
        dice_ack: Ack = Ack.KEPT,
        taken: Sequence[int] = (),
    ) -> None:
        # PWM pins for everything: the tonal buzzer and a gpio-bar need them, buttons
        # do not mind.
        self.factory = MockFactory(pin_class=MockPWMPin)
        seats = buttons.seats or free_pins(buttons, taken)
        self.buttons = ButtonReader(
            buttons, events, pin_factory=self.factory, clock=clock, seats=seats
        )
        self.keys = KeyDriver(self.buttons, self.factory)
        self.strip = RecordingStrip(leds)
        self.buzzer: BuzzerController = create_buzzer(buzzer, clock, pin_factory=self.factory)
        self.dice_device = PtyDevice(link)
        self.dice_sim = DiceSimulator(self.dice_device, interval=dice_interval).start()
        self.dice = DiceReader(
            self.dice_device.path, events, baudrate=baudrate, backoff=(0.05, 0.5), ack=dice_ack
        ).start()

    def handle_key(self, key: str | int, down: bool) -> bool:
        """Feed every key down/up here; True if it was one of ours."""
        if key_name(key) == "d":
            if down:
                self.dice_sim.roll()
            return True
        return self.keys.handle(key, down)

    @property
    def buzzing(self) -> bool:
        """Whether the simulated buzzer sounds now (its mock pin is driven)."""
        device = getattr(self.buzzer.sounder, "device", None)
        return bool(device is not None and device.value)

    def describe(self) -> list[str]:
        return [
            *self.buttons.describe(),
            self.strip.describe(),
            self.buzzer.sounder.describe(),
            f"dice reader simulated on {self.dice_device.path}",
        ]

    def close(self) -> None:
        self.dice.stop()
        self.dice_sim.stop()
        self.dice_device.close()
        self.buzzer.close()
        self.strip.close()
        self.buttons.close()
        self.factory.reset()

    def __enter__(self) -> Simulation:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
