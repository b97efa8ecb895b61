"""The glass driver on its own thread, with the clock injected: it sounds the warnings
and the end and draws the strip's frames without the screen's thread doing anything,
and the main thread's pause and resume reach it safely.

The driver's thread sleeps through `Steps`: each sleep hands the asked delay to the
test, which moves the fake clock by it and lets the thread go on. The test is the
scheduler, so nothing here waits on real time."""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Iterator

import pytest

from companion.core.hourglass import FakeClock, Hourglass, Phase
from companion.play.driver import FRAME_S, GlassDriver
from companion.play.lights import StripController, hourglass_frame
from companion.play.timer import TurnTimer
from companion.ui.tables import adapter
from hardware.buzzer import EXPIRY_HZ, WARNING_HZ, BuzzerController, RecordingSounder
from hardware.strip import Frame, RecordingStrip
from tests.play.test_timer import Memory
from tests.tables.helpers import act, session
from tests.waiting import limit

GUARD_S = limit(20)  # a test that waits longer than this for the thread has failed


class Steps:
    """The driver thread's sleep, run by the test: after each pass the thread asks to
    sleep some delay and waits; `run()` moves the clock by that delay and lets it go,
    pass after pass. Between runs the thread is asleep, so the main thread may act."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self._asked: queue.Queue[float] = queue.Queue()
        self._go = threading.Semaphore(0)
        self._pending: float | None = None  # asked for, not granted yet

    def wait(self, delay: float) -> None:
        self._asked.put(delay)
        self._go.acquire()

    def asked(self) -> float:
        if self._pending is None:
            self._pending = self._asked.get(timeout=GUARD_S)
        return self._pending

    def go(self, delay: float) -> None:
        self._pending = None
        self.clock.advance(delay)
        self._go.release()

    def run(self, seconds: float) -> None:
        """Let the thread run `seconds` of fake time, pass by pass."""
        end = self.clock() + seconds
        while self.clock() < end:
            self.go(min(self.asked(), end - self.clock()))
        self.asked()  # the pass at `end` is done too


class Sounds(RecordingSounder):
    """Each tone with the clock's time when it started."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__()
        self.clock = clock
        self.started: list[tuple[float, float]] = []

    def play(self, hz: float) -> None:
        super().play(hz)
        self.started.append((hz, self.clock()))


class Strip(RecordingStrip):
    """Keeps when it was handed each frame (a frame equal to the last is not written)."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__(10)
        self.clock = clock
        self.handed: list[float] = []

    def show(self, frame: tuple[tuple[int, int, int], ...]) -> bool:
        self.handed.append(self.clock())
        return super().show(frame)


class Table:
    def __init__(self, seconds: int) -> None:
        self.clock = FakeClock()
        self.game = session("wyscig-balonow", ["Ola", "Jan", "Ewa"], timer_seconds=seconds)
        self.timer = TurnTimer(
            self.game,
            adapter("wyscig-balonow"),
            app_options={},
            clock=self.clock,
            warnings=(2.0,),
            memory=Memory(),
        )
        self.game.add_listener(self.timer.changed)
        self.strip = Strip(self.clock)
        seats = {"Ola": "#E69F00", "Jan": "#56B4E9", "Ewa": "#CC79A7"}
        self.lights = StripController(self.strip, seats)
        self.lights.follow(self.game)
        self.sounds = Sounds(self.clock)
        self.buzzer = BuzzerController(self.sounds, self.clock)
        self.driver = GlassDriver(self.timer, self.lights, self.buzzer, self.clock)
        self.steps = Steps(self.clock)


@pytest.fixture
def table() -> Iterator[Table]:
    made = Table(seconds=5)
    yield made
    made.driver._stopping.set()
    made.steps.go(0)  # a thread asleep in Steps wakes and sees it is to stop
    made.driver.close()


def test_the_thread_sounds_the_warning_and_the_end_on_time(table: Table) -> None:
    act(table.game, "start_timer")
    started = table.clock()
    table.driver.start(wait=table.steps.wait)
    table.steps.run(6.0)
    tones = [(hz, round(at - started, 9)) for hz, at in table.sounds.started]
    assert tones == [(WARNING_HZ, 3.0), (EXPIRY_HZ, 5.0)]
    assert table.timer.view().phase is Phase.EXPIRED  # type: ignore[union-attr]


def test_the_thread_hands_the_strip_each_step_of_the_sand_as_it_comes(table: Table) -> None:
    """Every picture the sand makes reaches the strip, in order, and the thread sleeps
    between the steps: far fewer passes than a frame every 20 ms."""
    act(table.game, "start_timer")
    table.driver.start(wait=table.steps.wait)
    table.steps.run(4.0)
    twin_clock = FakeClock()
    twin = Hourglass(5, twin_clock, (2.0,))
    twin.start()
    started = twin_clock()
    changes: list[tuple[int, Frame]] = []
    for ms in range(4001):  # the picture at every millisecond of the 4 s
        twin_clock.advance(started + ms / 1000 - twin_clock())
        picture = hourglass_frame(10, twin_clock(), twin.view())
        if not changes or picture != changes[-1][1]:
            changes.append((ms, picture))
    # Two steps a millisecond apart (an LED's and a colour's) reach it as one.
    kept = [(ms, p) for (ms, p), (after, _) in itertools.pairwise(changes) if after - ms > 2]
    expected = [p for _, p in kept] + [changes[-1][1]]
    assert list(table.strip.frames) == expected
    assert len(expected) > 40  # 10 LEDs of 8 levels drained for 4 s of 5
    assert len(table.strip.handed) < 4.0 / FRAME_S / 2


def test_a_pause_from_the_main_thread_stops_the_sound_until_resumed(table: Table) -> None:
    act(table.game, "start_timer")
    started = table.clock()
    table.driver.start(wait=table.steps.wait)
    table.steps.run(1.0)
    assert table.timer.toggle_pause()  # the main thread, while the driver sleeps
    table.steps.run(10.0)
    assert table.sounds.started == []
    paused = table.strip.latest
    assert table.timer.toggle_pause()
    table.steps.run(5.0)
    assert [(hz, round(at - started, 9)) for hz, at in table.sounds.started] == [
        (WARNING_HZ, 13.0),
        (EXPIRY_HZ, 15.0),
    ]
    assert paused != table.strip.latest


def test_an_idle_glass_lets_the_thread_sleep(table: Table) -> None:
    table.driver.start(wait=table.steps.wait)
    assert table.steps.asked() == 0.5  # nothing moves: a look twice a second
    current = table.game.summary().data["current"]
    assert table.strip.latest == (table.lights._seats[current],) * 10
