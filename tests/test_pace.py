"""Kivy's loop, paced: it sleeps until the next scheduled event, ten times a second at
most when nothing moves, at Kivy's full rate after input or while a frame has work,
and a device's event ends the sleep at once. The clock is a stand-in with Kivy's
attributes, so no window and no real time are involved."""

from __future__ import annotations

import math

import pytest

from companion.ui.pace import AWAKE_S, IDLE_FPS, Pace
from companion.ui.ticks import kivy_timeout

FULL = 60.0
NONE = math.inf  # Kivy's answer when nothing is scheduled (the largest float)


class KivyClock:
    def __init__(self) -> None:
        self.now = 100.0
        self._last_tick = 100.0
        self._max_fps = FULL
        self.next_event = NONE

    def time(self) -> float:
        return self.now

    def get_min_timeout(self) -> float:
        return self.next_event

    def _check_ready(self, fps: float, min_sleep: float, undershoot: float) -> tuple[bool, float]:
        return False, 1 / fps - undershoot  # Kivy's own: a frame at its full rate


@pytest.fixture
def paced() -> tuple[Pace, KivyClock]:
    clock = KivyClock()
    pace = Pace(clock)
    pace.install()
    return pace, clock


def sleep_asked(clock: KivyClock) -> float:
    done, sleeptime = clock._check_ready(FULL, 0.001, 0.0008)
    return 0.0 if done else sleeptime + 0.0008


def test_nothing_moving_the_loop_wakes_ten_times_a_second(paced: tuple[Pace, KivyClock]) -> None:
    _, clock = paced
    assert sleep_asked(clock) == pytest.approx(1 / IDLE_FPS)


def test_input_or_work_for_every_frame_brings_the_full_rate(
    paced: tuple[Pace, KivyClock],
) -> None:
    pace, clock = paced
    pace.stir()
    assert sleep_asked(clock) == pytest.approx(1 / FULL)
    clock.now += AWAKE_S + 0.01
    clock._last_tick = clock.now
    assert sleep_asked(clock) == pytest.approx(1 / IDLE_FPS)
    clock.next_event = 0.0  # a trigger or an animation: every frame
    assert sleep_asked(clock) == pytest.approx(1 / FULL)


def test_a_scheduled_event_is_met_on_time_and_a_device_wakes_it_at_once(
    paced: tuple[Pace, KivyClock],
) -> None:
    pace, clock = paced
    clock.next_event = clock.now + 0.03  # the glass's next visible step
    assert sleep_asked(clock) == pytest.approx(0.03)
    pace.wake()  # from a device's thread, while the loop sleeps
    assert sleep_asked(clock) == 0.0
    assert sleep_asked(clock) == pytest.approx(0.03)  # once


def test_uninstalled_the_clock_waits_as_kivy_does(paced: tuple[Pace, KivyClock]) -> None:
    pace, clock = paced
    pace.uninstall()
    assert sleep_asked(clock) == pytest.approx(1 / FULL)


class Frames:
    """Kivy's clock as a planned tick sees it: 10 ms into a frame."""

    def __init__(self) -> None:
        self.frame = 50.0
        self.now = 50.010

    def time(self) -> float:
        return self.now

    def get_time(self) -> float:
        return self.frame

    def get_resolution(self) -> float:
        return 0.0056


def fires_at(frames: Frames, timeout: float) -> float:
    """Kivy's rule: an event fires at the first frame at least its timeout after the
    frame that scheduled it, less the clock's resolution."""
    return frames.get_time() + timeout - frames.get_resolution()


@pytest.mark.parametrize("delay", [0.0, 0.0004, 0.5])
def test_a_planned_tick_comes_when_the_change_is_due_not_before(delay: float) -> None:
    frames = Frames()
    timeout = kivy_timeout(frames, delay)
    assert fires_at(frames, timeout) == pytest.approx(frames.now + delay)
    assert timeout > 0  # 0 is Kivy's "at the next frame": its full rate's slot, not now
    # the loop sleeps until Kivy's nominal time: a resolution after the change at most
    assert frames.get_time() + timeout - (frames.now + delay) <= frames.get_resolution() + 1e-9
