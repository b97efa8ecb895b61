"""What a player feels (issue 9): a GO press to the stored action and the LED frame,
the same press to the screen, the hourglass's expiry on screen, the buzzer's and the
strip's timing while the screen stalls (issue 15), dice lines, start-up,
CPU at rest and with the sand running, memory after a game, and a touch to its action
with the other core busy (issue 25). Each figure stands
beside a baseline measured in the same run (gpiozero alone, pyserial alone, a Kivy
hello-world alone).

The window figures come from `bench.app_probe` and `bench.touch_probe` in processes of
their own.
"""

from __future__ import annotations

import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from bench import hardware_bench
from companion.config import ButtonsConfig
from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.store import Store
from companion.ui.viewmodel import open_table
from hardware.buttons import ButtonReader
from hardware.dice import parse_line
from hardware.events import Kind, Source, drain
from hardware.sim import PtyDevice
from hardware.strip import RecordingStrip

ROOT = Path(__file__).resolve().parent.parent
PRESSES = 1000
FRAME_MS = 1000 / 60  # one frame at the app's maxfps
LINES = 20_000
FRAMES = "bench.frame_probe"

Figures = dict[str, dict[str, Any]]


def _p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def _figure(
    value: float, unit: str, target: float | None, samples: int | None = None
) -> dict[str, Any]:
    """One figure; `samples`: how many measurements it stands on (none: it measured
    nothing, and `make bench` fails)."""
    figure = {"value": round(value, 3), "unit": unit, "target": target}
    return figure if samples is None else {**figure, "samples": samples}


# -- a GO press to the state, stored, and the LED frame written -----------------------------


def new_model(store: Store, setup: GameSetup, clock: FakeClock, strip: RecordingStrip) -> Any:
    session_id = store.create_session(setup)
    return open_table(store, session_id, store.load_session(session_id), clock=clock, strip=strip)


def button_to_state(folder: Path) -> tuple[float, float]:
    factory = MockFactory()
    events: queue.Queue[Any] = queue.Queue()
    clock = FakeClock()
    store = Store(folder / "press.db")
    strip = RecordingStrip(60)
    written: list[int] = [0]  # frames written (the strip keeps only its last 1,000)
    strip.listeners.append(lambda _frame: written.__setitem__(0, written[0] + 1))
    setup = GameSetup(game="wyscig-balonow", seed=1, players=[PlayerSpec(name=n) for n in "ABC"])
    model = new_model(store, setup, clock, strip)
    config = ButtonsConfig(go=17, undo=27, pause=22, lockout_s=0.0)
    ours: list[float] = []
    bare: list[float] = []
    with ButtonReader(config, events, pin_factory=factory, clock=clock):
        go = factory.pin(17)
        other = factory.pin(5)  # a bare gpiozero Button: its callback alone
        stamps: list[float] = []
        bare_button = Button(5, pin_factory=factory)
        bare_button.when_released = lambda: stamps.append(time.perf_counter())
        for _ in range(PRESSES):
            clock.advance(1.0)  # past the table's lock-out: a new press
            if model.rules.needs_obstacle(model.state):
                model.act("place_obstacle")
            if model.state.over:
                model.close()
                model = new_model(store, setup, clock, strip)
            go.drive_low()
            frames_before = written[0]
            log_before = len(model.session.log)
            start = time.perf_counter()
            go.drive_high()  # GO reports the tap on release
            for event in drain(events):  # what the app's frame does with it
                if event.source == Source.GO and event.kind == Kind.PRESSED:
                    model.go()
            model.tick()
            ours.append((time.perf_counter() - start) * 1000)
            assert len(model.session.log) == log_before + 1, model.error
            assert written[0] > frames_before
            other.drive_low()
            start = time.perf_counter()
            other.drive_high()
            bare.append((stamps[-1] - start) * 1000)
    model.close()
    store.close()
    return _p99(ours), _p99(bare)


# -- dice lines: parsing throughput beside a bare pyserial readline loop -------------------


def dice_throughput() -> tuple[float, float]:
    lines = [b"ROLL %d 1,2,3,4,5\n" % i for i in range(LINES)]
    blob = b"".join(lines)
    return _read_rate(blob, parse=True), _read_rate(blob, parse=False)


def _read_rate(blob: bytes, *, parse: bool) -> float:
    import serial

    count = blob.count(b"\n")
    with PtyDevice() as device:
        port = serial.Serial(device.slave_name, 115200, timeout=2)
        done = threading.Event()
        result: list[float] = []

        def reader() -> None:
            seen = 0
            start = time.perf_counter()
            while seen < count:
                line = port.readline()
                if not line:
                    break
                if parse:
                    parse_line(line)
                seen += 1
            result.append(seen / (time.perf_counter() - start))
            done.set()

        thread = threading.Thread(target=reader, daemon=True)
        thread.start()
        device.write(blob)
        done.wait(60)
        port.close()
    return result[0] if result else 0.0


# -- the window ----------------------------------------------------------------------------


def probe(mode: str, timeout: float = 180, module: str = "bench.app_probe") -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as data:
        result = subprocess.run(
            [sys.executable, "-m", module, mode],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, "COMPANION_DATA_DIR": data, "COMPANION_CONFIG_DIR": data},
        )
    for line in reversed(result.stdout.splitlines()):
        if line.startswith("{"):
            found: dict[str, Any] = json.loads(line)
            return found
    raise RuntimeError(f"app_probe {mode} printed no figure: {result.stderr[-800:]}")


def with_the_other_core_busy(modes: list[str], module: str) -> dict[str, dict[str, Any]]:
    """Each of `modes` of `module` while a busy loop keeps the other core busy; the
    loop is started here and ended by its PID."""
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        return {mode: probe(mode, timeout=900, module=module) for mode in modes}
    finally:
        hog.kill()
        hog.wait()


def press_to_frame() -> Figures:
    """A touch and the GO key to their redrawn frame, as ratios to a bare Kivy
    window's own (`bench.frame_probe`), all four with the other core busy."""
    found = with_the_other_core_busy(["bare_touch", "touch", "bare_key", "key"], FRAMES)
    figures: Figures = {}
    for press in ("touch", "key"):
        ours, bare = found[press], found[f"bare_{press}"]
        samples = min(ours["n"], bare["n"])
        figures[f"{press}_to_frame_ratio_p99"] = _figure(
            ours["p99_ms"] / bare["p99_ms"], "x", 1.5, samples=samples
        )
        figures[f"{press}_to_frame_p99_ms"] = _figure(ours["p99_ms"], "ms", None, ours["n"])
        figures[f"{press}_to_frame_p50_ms"] = _figure(ours["p50_ms"], "ms", None, ours["n"])
        figures[f"{press}_bare_kivy_p99_ms"] = _figure(bare["p99_ms"], "ms", None, bare["n"])
        figures[f"{press}_frames_lost"] = _figure(ours["lost"] + bare["lost"], "n", 0)
    ends = found["key"]
    figures["key_to_new_screen_ratio_max"] = _figure(
        ends["switch_max_ms"] / found["bare_key"]["p99_ms"], "x", None, ends["switches"]
    )
    figures["key_to_new_screen_max_ms"] = _figure(
        ends["switch_max_ms"], "ms", None, ends["switches"]
    )
    return figures


def run() -> Figures:
    with tempfile.TemporaryDirectory() as folder:
        state_p99, raw_p99 = button_to_state(Path(folder))
    parsed, raw = dice_throughput()
    # a ROLL line on the pty to the event taken off the queue by the main thread
    line_to_event = _p99(hardware_bench.dice_samples(PRESSES)["roll"]) / 1000
    cold = [probe("cold")["seconds"] for _ in range(3)]
    bare = [probe("bare")["seconds"] for _ in range(3)]
    screen = probe("screen")
    expiry = probe("expiry")
    glass = probe("buzzer")
    spoken = probe("buzzer_calls")
    bare_glass = probe("bare_buzzer")
    memory = probe("rss")
    bare_rss = float(probe("bare_rss")["mb"])
    for screen_name, mb in memory["screens"]:  # the figure is one; the way there is here
        print(f"    rss after {screen_name:10} {mb:6.1f} MB", flush=True)
    touch = with_the_other_core_busy(["touch"], "bench.touch_probe")["touch"]
    return {
        **press_to_frame(),
        "touch_to_action_p99_ms": _figure(
            touch["p99_ms"], "ms", round(FRAME_MS + 10, 1), touch["n"] - touch["lost"]
        ),
        "touch_to_action_p50_ms": _figure(touch["p50_ms"], "ms", None),
        "touch_to_action_max_ms": _figure(touch["max_ms"], "ms", None),
        "touches_lost_of_1000": _figure(touch["lost"], "taps", 0),
        "touches_misread_of_1000": _figure(touch["misread"], "taps", 0),
        "button_to_state_p99_ms": _figure(state_p99, "ms", 5),
        "button_raw_gpiozero_p99_ms": _figure(raw_p99, "ms", None),
        "button_to_screen_p99_ms": _figure(screen["p99_ms"], "ms", 33, screen["n"]),
        "button_to_screen_p50_ms": _figure(screen["p50_ms"], "ms", None),
        "hourglass_expiry_error_ms_p95": _figure(expiry["p95_ms"], "ms", 20, len(expiry["all"])),
        "hourglass_expiry_error_ms_max": _figure(expiry["max_ms"], "ms", None),
        "buzzer_expiry_error_ms_max": _figure(glass["max_ms"], "ms", 5, glass["glasses"]),
        "buzzer_expiry_error_ms_mean": _figure(glass["mean_ms"], "ms", None, glass["glasses"]),
        "buzzer_expiry_error_with_calls_ms_max": _figure(
            spoken["max_ms"], "ms", 5, spoken["glasses"]
        ),
        "buzzer_bare_thread_error_ms_max": _figure(bare_glass["max_ms"], "ms", None),
        "strip_frame_interval_p99_ms": _figure(glass["strip_p99_ms"], "ms", 50),
        "dice_line_to_event_p99_ms": _figure(line_to_event, "ms", 10),
        "dice_parse_lines_per_s": {
            **_figure(parsed, "lines/s", round(raw / 2)),
            "better": "higher",
        },
        "dice_raw_pyserial_lines_per_s": _figure(raw, "lines/s", None),
        "cold_start_s": _figure(
            statistics.median(cold), "s", round(1.5 * statistics.median(bare), 3)
        ),
        "cold_start_bare_kivy_s": _figure(statistics.median(bare), "s", None),
        "idle_cpu_percent": _figure(probe("idle")["percent"], "%", 1),
        "idle_cpu_bare_kivy_percent": _figure(probe("bare_idle")["percent"], "%", None),
        "timer_cpu_percent": _figure(probe("timer")["percent"], "%", 8),
        "rss_mb": _figure(memory["mb"], "MB", round(bare_rss + 40, 1)),
        "rss_peak_mb": _figure(memory["peak_mb"], "MB", round(bare_rss + 40, 1)),
        "rss_bare_kivy_mb": _figure(bare_rss, "MB", None),
    }
