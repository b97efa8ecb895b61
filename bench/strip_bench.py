"""The strip laid round the table against the single glass (issue 33.3): the time to
draw one frame of 60 LEDs (8 seats' stretches: each player's bank, the current seat's
glass pulsing) beside the single glass's frame, and how often the glass driver draws
and writes while a bank runs, on a fake clock, each the way the app runs it.

The budget is the single strip's: the driver draws at most one frame every 20 ms
(`companion.play.driver.FRAME_S`, the winners' wave), and a frame is a small part of
that.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.play.driver import FRAME_S
from companion.play.lights import AroundTable
from companion.play.table import GameInPlay
from companion.store import Store
from companion.ui.tables import adapter
from hardware.strip import RecordingStrip

LEDS = 60
PLAYERS = 8
FRAMES = 3000
SECONDS = 30.0  # of a running bank, on the fake clock


def game(folder: Path, around: AroundTable | None) -> GameInPlay[Any]:
    store = Store(folder / "companion.db")
    setup = GameSetup(
        game="any-game",
        seed=7,
        players=tuple(PlayerSpec(name=f"P{i}") for i in range(PLAYERS)),
        options={"title": "Bench", "clock": "bank", "bank_seconds": 600, "delay_seconds": 5},
    )
    session_id = store.create_session(setup)
    play = GameInPlay(
        store=store,
        session_id=session_id,
        session=store.load_session(session_id),
        table=adapter("any-game"),
        clock=FakeClock(),
        strip=RecordingStrip(LEDS),
        around=around,
    )
    action = play.session.rules.parse_action({"type": "start_timer"})
    play.session.apply(action)
    return play


def frame_us(play: GameInPlay[Any]) -> tuple[float, float]:
    """p50 and p99 of one frame's drawing (the picture, not the write), in µs."""
    clock = play.timer.clock
    assert isinstance(clock, FakeClock)
    samples = []
    for _ in range(FRAMES):
        clock.advance(0.01)
        view = play.timer.view()
        start = time.perf_counter()
        play.lights.picture(clock(), view)
        samples.append((time.perf_counter() - start) * 1e6)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99)]


def passes_and_writes(play: GameInPlay[Any]) -> tuple[float, float]:
    """The driver's passes and the strip's writes a second, the driver woken when it
    asks (`due_in`), as its thread is."""
    clock = play.timer.clock
    assert isinstance(clock, FakeClock)
    strip = play.lights.strip
    assert strip is not None
    passes_before, writes_before = play.driver.passes, strip.writes
    end = clock() + SECONDS
    while clock() < end:
        play.driver.step()
        clock.advance(max(play.driver.due_in(), 0.001))
    return (
        (play.driver.passes - passes_before) / SECONDS,
        (strip.writes - writes_before) / SECONDS,
    )


def run() -> dict[str, dict[str, Any]]:
    figures: dict[str, dict[str, Any]] = {}
    budget = 1 / FRAME_S
    with TemporaryDirectory() as folder:
        for name, around in (("single", None), ("8_seats", AroundTable(PLAYERS))):
            play = game(Path(folder) / name, around)
            try:
                p50, p99 = frame_us(play)
                passes, writes = passes_and_writes(play)
            finally:
                play.close()
            figures[f"strip_frame_us_p50_{name}"] = {"value": round(p50, 1), "unit": "us"}
            figures[f"strip_frame_us_p99_{name}"] = {
                "value": round(p99, 1),
                "unit": "us",
                "target": FRAME_S * 1e6 / 10,  # a tenth of the driver's fastest frame
            }
            figures[f"strip_passes_per_s_{name}"] = {
                "value": round(passes, 1),
                "unit": "/s",
                "target": budget,
            }
            figures[f"strip_writes_per_s_{name}"] = {
                "value": round(writes, 1),
                "unit": "/s",
                "target": budget,
            }
    return figures


if __name__ == "__main__":
    for key, figure in run().items():
        print(f"{key:34} {figure['value']:>8} {figure['unit']}")
