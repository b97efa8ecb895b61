"""The hardware commands: `companion dice-listen`, `companion dice-sim`, `companion doctor`.

`register(subparsers)` adds them to the main parser; each `func(args)` returns an exit
code. Imports of the hardware modules happen inside the commands, so `companion`
starts quickly whichever command runs. Ctrl-C ends the long-running commands quietly
with exit code 0: stopping them is how they are meant to end.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import queue
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from companion.cli import count_arg

if TYPE_CHECKING:
    from companion.config import Config
    from hardware.events import HardwareEvent

EXIT_OK = 0
EXIT_PROBLEMS = 1
DOCTOR_WAIT_S = 3.0  # how long the doctor listens for the dice reader to say something


def register(subparsers: Any) -> None:
    """Add dice-listen, dice-sim and doctor to `companion`'s subcommands."""
    listen = subparsers.add_parser(
        "dice-listen",
        help="print what a dice reader says, across unplugs, until Ctrl-C",
        description="Print one line per event of the dice reader at DEVICE; keeps going "
        "when it is unplugged and plugged in again. Ctrl-C ends it.",
    )
    listen.add_argument("device", metavar="DEVICE", help="its port, e.g. /dev/dice")
    listen.add_argument("--json", action="store_true", help="one JSON object per line")
    listen.add_argument("--baudrate", type=_positive_int, default=115200, metavar="N")
    listen.add_argument("--no-ack", action="store_true", help="do not answer rolls with ACK")
    listen.set_defaults(func=cmd_dice_listen)

    sim = subparsers.add_parser(
        "dice-sim",
        help="a simulated dice reader on a pseudo-terminal",
        description="Create a pseudo-terminal, print its path, and speak the dice-reader "
        "protocol on it: HELLO when a program opens it, then rolls.",
    )
    sim.add_argument("--rolls", type=count_arg, default=10, metavar="N", help="0: until Ctrl-C")
    sim.add_argument("--interval", type=_seconds, default=2.0, metavar="S")
    sim.add_argument("--garbage", action="store_true", help="mix in lines a reader must reject")
    sim.add_argument(
        "--link",
        type=Path,
        metavar="PATH",
        help="also make PATH a symlink to it, so running again is a replug at the same path",
    )
    sim.add_argument("--seed", type=int, help="the same seed gives the same rolls")
    sim.set_defaults(func=cmd_dice_sim)

    doctor = subparsers.add_parser(
        "doctor",
        help="check each configured device and say what to fix",
        description="Open every configured device once and report, in plain sentences, "
        "what is connected, what answered and what to fix.",
    )
    doctor.add_argument("--simulate", action="store_true", help="check the simulated devices")
    doctor.add_argument("--config", type=Path, metavar="FILE", help="the settings file (TOML)")
    doctor.set_defaults(func=cmd_doctor)


def _positive_int(text: str) -> int:
    value = count_arg(text)
    if value == 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0 to 3600")
    return value


# --- stopping quietly ----------------------------------------------------------------


@contextlib.contextmanager
def _until_interrupted() -> Iterator[threading.Event]:
    """An event set by Ctrl-C or SIGTERM instead of a KeyboardInterrupt traceback."""
    stopping = threading.Event()

    def handler(signum: int, frame: FrameType | None) -> None:
        stopping.set()

    saved: dict[signal.Signals, Any] = {}
    try:
        for signum in (signal.SIGINT, signal.SIGTERM):
            saved[signum] = signal.signal(signum, handler)
    except ValueError:  # not the main thread: fall back to catching KeyboardInterrupt
        pass
    try:
        yield stopping
    except KeyboardInterrupt:
        stopping.set()
    finally:
        for signum, previous in saved.items():
            signal.signal(signum, previous)


def _emit(line: str) -> None:
    print(line, flush=True)  # flushed at once: another program may be reading the pipe


def _quiet_broken_pipe() -> int:
    # The reader of our output went away (`| head`); stop writing without a traceback,
    # including the final flush at exit.
    with contextlib.suppress(OSError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_OK


# --- dice-listen ---------------------------------------------------------------------


def cmd_dice_listen(args: argparse.Namespace) -> int:
    from hardware.dice import DiceReader

    events: queue.Queue[HardwareEvent] = queue.Queue()
    show = _as_json if args.json else _as_text
    reader = DiceReader(args.device, events, baudrate=args.baudrate, ack=not args.no_ack)
    with _until_interrupted() as stopping:
        reader.start()
        try:
            while not stopping.is_set():
                try:
                    event = events.get(timeout=0.2)
                except queue.Empty:
                    continue
                _emit(show(event))
        except BrokenPipeError:
            return _quiet_broken_pipe()
        finally:
            reader.stop()
    return EXIT_OK


def _as_json(event: HardwareEvent) -> str:
    return json.dumps(event.to_json(), ensure_ascii=True)


def _as_text(event: HardwareEvent) -> str:
    p = event.payload
    kind = str(event.kind)
    if kind == "roll":
        faces = " ".join("?" if v is None else str(v) for v in p["values"])
        return f"roll {p['seq']}: {faces}"
    texts: dict[str, Callable[[], str]] = {
        "connected": lambda: f"connected to {p['port']}",
        "disconnected": lambda: f"disconnected: {p['error']}",
        "hello": lambda: f"hello from {p['device']} version {p['version']}",
        "rolling": lambda: "rolling...",
        "status": lambda: "status: " + " ".join(f"{k}={v}" for k, v in p["fields"].items()),
        "error": lambda: f"the reader reports a problem: {p['text']}",
        "bad_line": lambda: f"bad line #{p['count']} ({p['reason']}): {p['line']}",
    }
    text = texts.get(kind)
    return text() if text is not None else json.dumps(event.to_json())


# --- dice-sim ------------------------------------------------------------------------


def cmd_dice_sim(args: argparse.Namespace) -> int:
    from hardware.sim import DiceSimulator, PtyDevice

    try:
        device = PtyDevice(args.link)
    except OSError as error:
        _error(f"the simulated dice reader cannot be created: {error.strerror or error}")
        return 2
    simulator = DiceSimulator(
        device,
        rolls=args.rolls,
        interval=args.interval,
        garbage=args.garbage,
        seed=args.seed,
        on_line=_show_sent,
    )
    try:
        with _until_interrupted() as stopping:
            _emit(device.path)  # the first line is the path, for scripts
            simulator.start()
            while not stopping.is_set() and not simulator.done.wait(0.2):
                pass
            if not stopping.is_set():
                _wait_until_read(device, stopping, simulator.last_seq)
            simulator.stop()
    except BrokenPipeError:
        return _quiet_broken_pipe()
    finally:
        device.close()  # the cable is pulled
        _unlink_own(args.link, device.slave_name)
    return EXIT_OK


def _show_sent(line: bytes) -> None:
    _emit("sent " + repr(line.rstrip(b"\r\n"))[2:-1])  # b'...' without the b''


def _wait_until_read(
    device: Any, stopping: threading.Event, last_seq: int | None, timeout: float = 2.0
) -> None:
    """Keep the device plugged in until the reader has the last lines: until it
    acknowledges the last roll, or (a reader that sends no ACK) until its input queue
    has stayed empty for a while. Closing the master any sooner discards what the
    reader has not read yet."""
    import fcntl
    import struct
    import termios

    ack = b"ACK %d" % last_seq if last_seq is not None else None
    try:
        fd = os.open(device.slave_name, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        fd = None
    deadline = time.monotonic() + timeout
    quiet_since: float | None = None
    try:
        while time.monotonic() < deadline and not stopping.is_set():
            device.read_host()
            if ack is not None and ack in bytes(device.received).split(b"\n"):
                return
            waiting = 1
            if fd is not None:
                waiting = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0" * 4))[0]
            now = time.monotonic()
            if waiting:
                quiet_since = None
            elif quiet_since is None:
                quiet_since = now
            elif now - quiet_since >= 0.3:  # longer than the kernel takes to pass data on
                return
            stopping.wait(0.02)
    finally:
        if fd is not None:
            os.close(fd)


def _unlink_own(link: Path | None, target: str) -> None:
    # Leave the symlink only if it still points at us (a newer dice-sim may own it).
    if link is None:
        return
    with contextlib.suppress(OSError):
        if os.readlink(link) == target:
            link.unlink()


def _error(sentence: str) -> None:
    print(f"error: {sentence}", file=sys.stderr, flush=True)


# --- doctor --------------------------------------------------------------------------


class _Report:
    def __init__(self) -> None:
        self.problems = 0

    def ok(self, device: str, *sentences: str) -> None:
        self._print("ok ", device, sentences)

    def fix(self, device: str, *sentences: str) -> None:
        self.problems += 1
        self._print("FIX", device, sentences)

    def _print(self, mark: str, device: str, sentences: tuple[str, ...]) -> None:
        first, *rest = sentences
        _emit(f"[{mark}] {device}: {first}")
        for sentence in rest:
            _emit(f"      {' ' * len(device)}  {sentence}")


def cmd_doctor(args: argparse.Namespace) -> int:
    report = _Report()
    config = _check_config(report, args.config)
    factory: Any = None
    if args.simulate:
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        factory = MockFactory(pin_class=MockPWMPin)
        _emit("Checking the simulated devices (no hardware is touched).")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # gpiozero's pin-factory fallbacks: we say it better
        _check_buttons(report, config, factory)
        _check_strip(report, config, factory, simulate=args.simulate)
        _check_buzzer(report, config, factory)
    _check_dice(report, config, simulate=args.simulate)
    if not args.simulate:
        _check_pi(report, args.config)
    if report.problems:
        noun = "problem" if report.problems == 1 else "problems"
        _emit(f"{report.problems} {noun} to fix; see the lines marked FIX.")
        return EXIT_PROBLEMS
    _emit("Every configured device answered.")
    return EXIT_OK


def _check_config(report: _Report, path: Path | None) -> Config:
    from companion import config as settings
    from companion.core.errors import ConfigError

    file = path if path is not None else _default_config()
    try:
        loaded = settings.load(file)
    except ConfigError as error:
        problems = getattr(error, "problems", [error])
        report.fix(
            "Settings",
            *[str(problem) for problem in problems],
            f"Fix {file}; the defaults are used for the rest of this check.",
        )
        return settings.Config()
    if file.exists():
        report.ok("Settings", f"read from {file}.")
    else:
        report.ok("Settings", f"{file} does not exist, so the defaults are used.")
    return loaded


def _default_config() -> Path:
    """/etc/companion/config.toml on a Pi set up by deploy/install.sh, else the user's."""
    from companion import config as settings

    pi_checks = _pi_checks()
    if pi_checks is None:
        return settings.default_path()
    found: Path = pi_checks.config_file(Path("/"), None)
    return found


def _pi_checks() -> Any:
    try:
        return importlib.import_module("companion.pi_checks")
    except ModuleNotFoundError:
        return None


def _check_pi(report: _Report, config_path: Path | None) -> None:
    """On a Pi set up by deploy/install.sh: the service, groups, SPI, display and disk."""
    pi_checks = _pi_checks()
    if pi_checks is None or not pi_checks.installed():
        return
    _report_pi_checks(report, pi_checks.run_all(config_path=config_path))


def _report_pi_checks(report: _Report, checks: list[Any]) -> None:
    for check in checks:
        if check.name == "config":
            continue  # the settings were reported first
        name = f"Raspberry Pi {check.name}"
        if check.ok:
            report.ok(name, f"{check.detail}.")
        else:
            report.fix(name, f"{check.detail}.", *([f"Fix: {check.fix}"] if check.fix else []))


def _hint(error: Exception, hint: str) -> list[str]:
    # No GPIO at all is not a wrong pin number: the sentence already says what to do.
    return [] if "no GPIO library" in str(error) else [hint]


def _check_buttons(report: _Report, config: Config, factory: Any) -> None:
    from hardware.buttons import ButtonReader
    from hardware.errors import DeviceError

    try:
        with ButtonReader(config.buttons, queue.Queue(), pin_factory=factory) as buttons:
            report.ok("Buttons", *[f"{line}." for line in buttons.describe()])
    except DeviceError as error:
        report.fix("Buttons", f"{error}.", *_hint(error, "Check buttons.go, .undo and .pause."))


def _check_strip(report: _Report, config: Config, factory: Any, *, simulate: bool) -> None:
    from hardware import strip as strips
    from hardware.errors import DeviceError

    if config.strip.type == "none" and not simulate:
        report.ok("LED strip", "none configured; the screen shows the hourglass.")
        return
    try:
        if simulate and config.strip.type != "gpio-bar":
            backend: strips.Strip = strips.RecordingStrip(config.strip.count)
        else:
            backend = strips.create_strip(config.strip, pin_factory=factory)
    except DeviceError as error:
        report.fix("LED strip", f"{error}.", "See hardware/WIRING.md for the strip settings.")
        return
    with backend:
        backend.show((strips.GREEN,) * backend.count)
        backend.show((strips.OFF,) * backend.count)
        if backend.last_error:
            report.fix("LED strip", f"{backend.last_error}.")
        else:
            report.ok("LED strip", f"{backend.describe()}: a test frame was written.")


def _check_buzzer(report: _Report, config: Config, factory: Any) -> None:
    from hardware.buzzer import create_buzzer
    from hardware.errors import DeviceError

    try:
        buzzer = create_buzzer(config.buzzer, time.monotonic, pin_factory=factory)
    except DeviceError as error:
        report.fix("Buzzer", f"{error}.", *_hint(error, "Check buzzer.pin."))
        return
    muted = " (muted in the settings)" if config.buzzer.mute else ""
    report.ok("Buzzer", f"{buzzer.sounder.describe()}{muted}.")
    buzzer.close()


def _check_dice(report: _Report, config: Config, *, simulate: bool) -> None:
    from hardware.sim import DiceSimulator, PtyDevice

    if simulate:
        with PtyDevice() as device:
            simulator = DiceSimulator(device, interval=None).start()
            try:
                _listen_to_dice(report, device.path, config.serial.baudrate)
            finally:
                simulator.stop()
        return
    if not config.serial.port:
        report.ok("Dice reader", "none configured (serial.port is empty).")
        return
    _listen_to_dice(report, config.serial.port, config.serial.baudrate)


def _listen_to_dice(report: _Report, port: str, baudrate: int) -> None:
    from hardware.dice import DiceReader

    events: queue.Queue[HardwareEvent] = queue.Queue()
    with DiceReader(port, events, baudrate=baudrate, ack=False) as reader:
        heard = _first_words(events, DOCTOR_WAIT_S)
        status = reader.status()
    if not status.connects:
        report.fix(
            "Dice reader",
            f"{status.last_error}.",
            "Check the USB cable; `ls /dev/serial/by-id/` lists the serial devices, "
            "and serial.port in the settings names the one to use.",
        )
    elif status.bad_lines and status.device is None:
        report.fix(
            "Dice reader",
            f"connected at {port}, but it sent {status.bad_lines} line(s) this program "
            "cannot read.",
            f"Check the baud rate (serial.baudrate = {baudrate}) and hardware/WIRING.md.",
        )
    elif heard is not None:
        report.ok("Dice reader", f"connected at {port}; it answered: {heard}.")
    else:
        report.ok(
            "Dice reader",
            f"connected at {port}, but it said nothing within {DOCTOR_WAIT_S:g} s.",
            "A reader says HELLO when it starts: plug it in again or roll the dice to test it.",
        )


def _first_words(events: queue.Queue[HardwareEvent], timeout: float) -> str | None:
    """What the reader said first (HELLO, STATUS, a roll...), or None: waits until it
    speaks, fails to open, or `timeout` passes."""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            event = events.get(timeout=left)
        except queue.Empty:
            return None
        if event.kind == "disconnected":
            return None
        if event.kind == "hello":
            return f"HELLO {event.payload['device']} {event.payload['version']}"
        if event.kind in ("status", "roll", "rolling", "error"):
            return _as_text(event)
    return None
