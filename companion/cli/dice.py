"""`companion dice-listen DEVICE` and `companion dice-sim`.

The hardware modules are imported inside the commands, so `companion` starts quickly
whichever command runs. Ctrl-C (or SIGTERM) ends both quietly with exit code 0:
stopping them is how they are meant to end.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import queue
import re
import signal
import struct
import sys
import termios
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from companion.cli.args import count_arg, positive_int, seconds
from companion.cli.output import error, json_text, say

if TYPE_CHECKING:
    from hardware.events import HardwareEvent

EXIT_OK = 0
EXIT_ERROR = 2
LISTEN_QUEUE = 1024  # events waiting for a slow stdout; beyond that they are dropped
OUR_LINK = re.compile(r"^/dev/pts/\d+$")  # where a dice-sim link points: a pty's slave


def register(sub: Any) -> None:
    listen = sub.add_parser(
        "dice-listen",
        help="print what a dice reader says, across unplugs, until Ctrl-C",
        description="Print one line per event of the dice reader at DEVICE; keeps going "
        "when it is unplugged and plugged in again. Ctrl-C ends it. When the output is "
        "read more slowly than the reader talks, events are dropped and counted.",
    )
    listen.add_argument("device", metavar="DEVICE", help="the reader's serial port, e.g. /dev/dice")
    listen.add_argument("--json", action="store_true", help="one JSON object per line")
    listen.add_argument(
        "--baudrate",
        type=positive_int,
        default=115200,
        metavar="N",
        help="the serial speed in bits per second (default: 115200)",
    )
    listen.add_argument("--no-ack", action="store_true", help="do not answer rolls with ACK")
    listen.set_defaults(func=cmd_dice_listen)
    _register_sim(sub)


def _register_sim(sub: Any) -> None:
    sim = sub.add_parser(
        "dice-sim",
        help="a simulated dice reader on a pseudo-terminal",
        description="Create a pseudo-terminal, print its path, and speak the dice-reader "
        "protocol on it: HELLO when a program opens it, then rolls.",
    )
    sim.add_argument(
        "--rolls",
        type=count_arg,
        default=10,
        metavar="N",
        help="how many rolls to send (default: 10; 0: until Ctrl-C)",
    )
    sim.add_argument(
        "--interval",
        type=seconds,
        default=2.0,
        metavar="S",
        help="seconds between two rolls, 0 to 3600 (default: 2)",
    )
    sim.add_argument("--garbage", action="store_true", help="mix in lines a reader must reject")
    sim.add_argument(
        "--link",
        type=Path,
        metavar="PATH",
        help="also make PATH a symlink to it, so running again is a replug at the same path "
        "(only a link dice-sim made is ever replaced)",
    )
    sim.add_argument("--seed", type=int, help="the same seed gives the same rolls")
    sim.set_defaults(func=cmd_dice_sim)


@contextlib.contextmanager
def until_interrupted() -> Iterator[threading.Event]:
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


def emit(line: str) -> None:
    say(line, flush=True)  # flushed at once: another program may be reading the pipe


def quiet_broken_pipe() -> int:
    # The reader of our output went away (`| head`); stop writing without a traceback,
    # including the final flush at exit.
    with contextlib.suppress(OSError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_OK


# --- dice-listen ---------------------------------------------------------------------


def refused_device(device: str) -> bool:
    """A DEVICE that is no device path, said in one line: a pyserial URL (`spy://`,
    `socket://`) would open files and sockets, not a reader."""
    from companion.config import port_refusal

    refused = port_refusal("DEVICE", device)
    if refused is not None:
        error(str(refused))
    return refused is not None


def cmd_dice_listen(args: argparse.Namespace) -> int:
    from hardware.dice import Ack, DiceReader, Roll
    from hardware.flood import FloodQueue

    if refused_device(args.device):
        return EXIT_ERROR
    # Bounded: with a stdout nobody reads, printing blocks and the events wait here;
    # a flood of them is dropped and counted instead of filling the memory. A roll is
    # acknowledged once printed; one dropped is not (the reader may send it again).
    events = FloodQueue(maxsize=LISTEN_QUEUE)
    show = as_json if args.json else as_text
    ack = Ack.NEVER if args.no_ack else Ack.TAKEN
    reader = DiceReader(args.device, events, baudrate=args.baudrate, ack=ack)
    rolls_dropped = 0
    with until_interrupted() as stopping:
        reader.start()
        try:
            while not stopping.is_set():
                try:
                    first = events.get(timeout=0.2)
                except queue.Empty:
                    continue
                drained = events.drain()
                for event in (first, *drained.events):
                    emit(show(event))
                    if isinstance(event.data, Roll) and ack is Ack.TAKEN:
                        reader.taken(event.data)
                if drained.dropped:
                    emit(dropped_line(drained.dropped, as_json=args.json))
                now_dropped = reader.status().dropped
                if now_dropped > rolls_dropped and ack is Ack.TAKEN:
                    emit(unacknowledged_line(now_dropped - rolls_dropped, as_json=args.json))
                rolls_dropped = now_dropped
        except BrokenPipeError:
            return quiet_broken_pipe()
        finally:
            reader.stop()
    return EXIT_OK


def dropped_line(count: int, *, as_json: bool) -> str:
    if as_json:
        return json_text({"event": "dropped", "count": count})
    noun = "event" if count == 1 else "events"
    return f"dropped {count} {noun}: the output was not read as fast as the reader talked"


def unacknowledged_line(count: int, *, as_json: bool) -> str:
    if as_json:
        return json_text({"event": "rolls_not_acknowledged", "count": count})
    noun = "roll was" if count == 1 else "rolls were"
    return f"{count} {noun} dropped and not acknowledged: the reader may send them again"


def as_json(event: HardwareEvent) -> str:
    return json_text(event.to_json())


def as_text(event: HardwareEvent) -> str:
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
    return text() if text is not None else json_text(event.to_json())


# --- dice-sim ------------------------------------------------------------------------


def cmd_dice_sim(args: argparse.Namespace) -> int:
    from hardware.sim import DiceSimulator, PtyDevice

    if args.link is not None and not replaceable(args.link):
        error(
            f"{args.link} already exists and is not a link dice-sim made: choose another "
            "--link path (dice-sim replaces only its own links to a pseudo-terminal)"
        )
        return EXIT_ERROR
    try:
        device = PtyDevice(args.link)
    except OSError as problem:
        error(f"the simulated dice reader cannot be created: {problem.strerror or problem}")
        return EXIT_ERROR
    simulator = DiceSimulator(
        device,
        rolls=args.rolls,
        interval=args.interval,
        garbage=args.garbage,
        seed=args.seed,
        on_line=show_sent,
    )
    try:
        with until_interrupted() as stopping:
            emit(device.path)  # the first line is the path, for scripts
            simulator.start()
            while not stopping.is_set() and not simulator.done.wait(0.2):
                pass
            if not stopping.is_set():
                wait_until_read(device, stopping, simulator.last_seq)
            simulator.stop()
    except BrokenPipeError:
        return quiet_broken_pipe()
    finally:
        device.close()  # the cable is pulled
        unlink_own(args.link, device.slave_name)
    return EXIT_OK


def replaceable(link: Path) -> bool:
    """Nothing there, or a symlink to a pseudo-terminal (one a dice-sim made, perhaps
    one that was killed): never a file, a folder or someone else's link."""
    if not os.path.lexists(link):
        return True
    if not link.is_symlink():
        return False
    return bool(OUR_LINK.match(os.readlink(link)))


def show_sent(line: bytes) -> None:
    emit("sent " + repr(line.rstrip(b"\r\n"))[2:-1])  # b'...' without the b''


def wait_until_read(
    device: Any, stopping: threading.Event, last_seq: int | None, timeout: float = 2.0
) -> None:
    """Keep the device plugged in until the reader has the last lines: until it
    acknowledges the last roll, or (a reader that sends no ACK) until its input queue
    has stayed empty for a while. Closing the master any sooner discards what the
    reader has not read yet."""
    ack = b"ACK %d" % last_seq if last_seq is not None else None
    try:
        fd: int | None = os.open(device.slave_name, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        fd = None
    deadline = time.monotonic() + timeout
    quiet_since: float | None = None
    try:
        while time.monotonic() < deadline and not stopping.is_set():
            device.read_host()
            if ack is not None and ack in bytes(device.received).split(b"\n"):
                return
            now = time.monotonic()
            if _waiting(fd):
                quiet_since = None
            elif quiet_since is None:
                quiet_since = now
            elif now - quiet_since >= 0.3:  # longer than the kernel takes to pass data on
                return
            stopping.wait(0.02)
    finally:
        if fd is not None:
            os.close(fd)


def _waiting(fd: int | None) -> int:
    if fd is None:
        return 1
    waiting: int = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0" * 4))[0]
    return waiting


def unlink_own(link: Path | None, target: str) -> None:
    # Remove the symlink only if it still points at us (a newer dice-sim may own it).
    if link is None:
        return
    with contextlib.suppress(OSError):
        if link.is_symlink() and os.readlink(link) == target:
            link.unlink()
