"""Hardware latency: a button press and a dice roll, each beside the bare library path.

- press: a mock pin driven low -> our `HardwareEvent` on the queue, against gpiozero's
  own `when_pressed` callback putting a timestamp on a queue (under MockFactory both
  run synchronously inside `drive_low()`). A GO tap, reported on release, is
  measured the same way against `when_released`.
- roll: a `ROLL` line written to a pty master -> the parsed roll event taken off the
  queue by another thread, against a bare pyserial `readline()` loop on a second pty.
  The two are measured alternately so both see the same machine load.

Each figure is the median over ROUNDS rounds of TRIES tries. Targets (issue 5): p99
under 5 ms for both, and our overhead within 2x of the bare path.
"""

from __future__ import annotations

import os
import queue
import statistics
import threading
import time
from collections.abc import Callable
from typing import Any

import serial
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from companion.config import ButtonsConfig
from hardware.buttons import ButtonReader
from hardware.dice import DiceReader
from hardware.events import HardwareEvent
from hardware.sim import PtyDevice

TRIES = 1000
ROUNDS = 3
WARM_UP = 50
P99_TARGET_US = 5000.0
OVERHEAD_TARGET = 2.0

Figures = dict[str, dict[str, Any]]


def percentiles(samples: list[float]) -> tuple[float, float]:
    """(p50, p99) of `samples`."""
    return statistics.median(samples), statistics.quantiles(samples, n=100)[98]


def _timed(action: Callable[[], object], reset: Callable[[], object], tries: int) -> list[float]:
    """Microseconds per call of `action` (`reset` runs between calls, untimed)."""
    samples = []
    for index in range(tries + WARM_UP):
        start = time.perf_counter()
        action()
        elapsed = (time.perf_counter() - start) * 1e6
        reset()
        if index >= WARM_UP:
            samples.append(elapsed)
    return samples


# --- buttons -----------------------------------------------------------------------------


def button_samples(tries: int = TRIES) -> dict[str, list[float]]:
    factory = MockFactory()
    events: queue.Queue[HardwareEvent] = queue.Queue()
    # No lock-out: a benchmark presses far faster than any finger.
    config = ButtonsConfig(go=17, undo=27, pause=22, lockout_s=0.0)
    bare_events: queue.Queue[float] = queue.Queue()
    try:
        with ButtonReader(config, events, pin_factory=factory):
            bare = Button(5, pin_factory=factory)
            bare.when_pressed = lambda: bare_events.put(time.perf_counter())
            pause, go, other = factory.pin(22), factory.pin(17), factory.pin(5)
            out = {
                # press -> event: PAUSE reports at once (GO and UNDO on release)
                "press": _timed(_press(pause, events), _release(pause, events), tries),
                "press_bare": _timed(
                    _press(other, bare_events), _release(other, bare_events), tries
                ),
            }
            # a GO tap is reported on release: time the release, with the press untimed
            bare.when_pressed = None
            bare.when_released = lambda: bare_events.put(time.perf_counter())
            go.drive_low()
            other.drive_low()
            out["tap"] = _timed(_press(go, events, up=True), _down(go), tries)
            out["tap_bare"] = _timed(_press(other, bare_events, up=True), _down(other), tries)
            bare.close()
    finally:
        factory.reset()
    return out


def _press(pin: Any, events: queue.Queue[Any], *, up: bool = False) -> Callable[[], object]:
    def once() -> object:
        # The callback runs inside drive_low()/drive_high() under MockFactory, so the
        # event is already queued when it returns.
        if up:
            pin.drive_high()
        else:
            pin.drive_low()
        return events.get_nowait()

    return once


def _release(pin: Any, events: queue.Queue[Any]) -> Callable[[], object]:
    def once() -> object:
        pin.drive_high()
        _drop(events)
        return None

    return once


def _down(pin: Any) -> Callable[[], object]:
    def once() -> object:
        pin.drive_low()
        return None

    return once


def _drop(events: queue.Queue[Any]) -> None:
    while True:
        try:
            events.get_nowait()
        except queue.Empty:
            return


# --- the dice reader -------------------------------------------------------------------------


class _BareLoop:
    """What a program with none of our code would do: readline() and hand it over."""

    def __init__(self, path: str) -> None:
        self.port = serial.Serial(path, 115200, timeout=None)
        self.lines: queue.Queue[bytes] = queue.Queue()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while not self._stopping.is_set():
                self.lines.put(self.port.readline())
        except (OSError, TypeError, ValueError):
            return  # the pty was closed: the benchmark is over

    def close(self) -> None:
        self._stopping.set()
        self.port.cancel_read()
        self._thread.join(2)
        self.port.close()


def dice_samples(tries: int = TRIES) -> dict[str, list[float]]:
    ours, bare = [], []
    events: queue.Queue[HardwareEvent] = queue.Queue()
    with PtyDevice() as device, PtyDevice() as bare_device:
        reader = DiceReader(device.path, events).start()
        loop = _BareLoop(bare_device.slave_name)
        try:
            if events.get(timeout=5).kind != "connected":
                raise RuntimeError(f"the dice reader did not connect: {reader.status()}")
            for index in range(tries + WARM_UP):
                line = b"ROLL %d 1,2,3,4,5\n" % index
                mine = _roundtrip(device.master, line, lambda: events.get(timeout=5))
                theirs = _roundtrip(bare_device.master, line, lambda: loop.lines.get(timeout=5))
                device.read_host()  # take the ACKs away, outside the timing
                if index >= WARM_UP:
                    ours.append(mine)
                    bare.append(theirs)
        finally:
            reader.stop()
            loop.close()
    return {"roll": ours, "roll_bare": bare}


def _roundtrip(master: int, line: bytes, wait: Callable[[], object]) -> float:
    start = time.perf_counter()
    os.write(master, line)
    wait()
    return (time.perf_counter() - start) * 1e6


# --- the figures ---------------------------------------------------------------------------


def _figures(name: str, ours: list[list[float]], bare: list[list[float]]) -> Figures:
    """p50/p99 of each round, then the median over the rounds: one busy moment on a
    shared machine should not decide the figure."""
    p50, p99 = _median_of_rounds(ours)
    b50, b99 = _median_of_rounds(bare)
    return {
        f"{name}_p50": _us(p50, P99_TARGET_US),
        f"{name}_p99": _us(p99, P99_TARGET_US),
        f"{name}_bare_p50": _us(b50, None),
        f"{name}_bare_p99": _us(b99, None),
        f"{name}_overhead_p50": {
            "value": round(p50 / b50, 2),
            "unit": "x",
            "target": OVERHEAD_TARGET,
        },
        f"{name}_overhead_p99": {
            "value": round(p99 / b99, 2),
            "unit": "x",
            "target": OVERHEAD_TARGET,
        },
    }


def _median_of_rounds(rounds: list[list[float]]) -> tuple[float, float]:
    figures = [percentiles(samples) for samples in rounds]
    return (
        statistics.median(p50 for p50, _ in figures),
        statistics.median(p99 for _, p99 in figures),
    )


def _us(value: float, target: float | None) -> dict[str, Any]:
    return {"value": round(value, 1), "unit": "us", "target": target}


def run(tries: int = TRIES, rounds: int = ROUNDS) -> Figures:
    samples: dict[str, list[list[float]]] = {}
    for _ in range(rounds):
        for name, values in (button_samples(tries) | dice_samples(tries)).items():
            samples.setdefault(name, []).append(values)
    figures: Figures = {}
    for name, figure in (("press", "button_press"), ("tap", "go_tap"), ("roll", "dice_roll")):
        figures |= _figures(figure, samples[name], samples[f"{name}_bare"])
    return figures


def table(figures: Figures) -> str:
    lines = [f"{'figure':28} {'value':>10} {'unit':4}  target"]
    for name, figure in figures.items():
        target = figure["target"]
        target_text = "-" if target is None else f"{target:g}"
        lines.append(f"{name:28} {figure['value']:>10} {figure['unit']:4}  {target_text}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(run()))
