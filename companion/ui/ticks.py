"""When the table looks at the glass again: only when something it shows changes by
itself (the seconds label, with which the strip on screen steps, a warning, the
end), never while the glass is idle, paused or out of sand. The view-model ticks,
and plans its next tick here on Kivy's clock; Kivy's loop sleeps until then.

Time up: the LED strip flashes (every other LED white, the two halves swapping) to
call the table, the strip on screen shows the same pattern standing, beside its
"0 s" and "time is up". Had the screen flashed too, each redraw for another reason
(a redo, a language switch) would have caught one half or the other by the clock's
chance, and the picture would change under the players' eyes.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from kivy.clock import Clock as KivyClock
from kivy.clock import ClockBase, ClockEvent

from companion.core.hourglass import HourglassView, Phase
from companion.play.lights import StripController, until_step
from companion.play.timer import TurnTimer
from hardware.strip import Frame

SCREEN_STEP_S = 1.0  # the screen's strip moves in these steps, with the seconds label


class ScreenTicks:
    def __init__(
        self,
        timer: TurnTimer,
        lights: StripController,
        clock: Callable[[], float],
        tick: Callable[[], None],
        *,
        enabled: bool,
    ) -> None:
        self.timer = timer
        self.lights = lights
        self.clock = clock
        self.tick = tick
        # False: the app ticks every frame instead (a test's fake clock jumps when
        # the test says, not when a timer of Kivy's would look).
        self.enabled = enabled
        self._next: ClockEvent | None = None

    @property
    def ticking(self) -> bool:
        """A tick is planned: something shown will change by itself."""
        return self._next is not None

    def next_change_in(self) -> float | None:
        """Seconds until something the screen shows changes by itself (the seconds
        label, the on-screen strip, a warning, the end); None while nothing does."""
        view = self.timer.view()
        if view is None:
            return None
        delays = [self.timer.due_in()]
        if view.phase is Phase.RUNNING:
            delays.append(until_step(view.seconds_left, SCREEN_STEP_S))
        found = [d for d in delays if d is not None]
        return max(0.0, min(found)) if found else None

    def picture(self, view: HourglassView | None) -> Frame:
        """The strip as the screen draws it: the sand in whole seconds, in the frame
        that changes the seconds label (each redraw costs a full frame: on llvmpipe
        27 ms of CPU, and half-second steps made the running glass cost 8 % instead
        of 4.5 %; the strip itself drains in its own finer steps)."""
        if view is not None and view.phase is Phase.RUNNING:
            steps = math.ceil(view.seconds_left / SCREEN_STEP_S)
            view = dataclasses.replace(view, seconds_left=max(0.0, steps * SCREEN_STEP_S))
        return self.lights.picture(self.clock(), view, blink=False)

    def plan(self) -> None:
        """The next tick, when something shown changes; none while nothing does."""
        if self._next is not None:
            self._next.cancel()
            self._next = None
        delay = self.next_change_in() if self.enabled else None
        if delay is not None:
            timeout = kivy_timeout(KivyClock, delay)
            self._next = KivyClock.schedule_once(lambda _dt: self.tick(), timeout)

    def stop(self) -> None:
        self.enabled = False
        self.plan()


def kivy_timeout(frames: ClockBase, delay: float) -> float:
    """`delay` from now, in the terms of Kivy's clock (`frames`), which counts a
    timeout from the start of the frame that scheduled it and fires an event up to its
    resolution (5.6 ms here) early. (Taken as it was, each tick came a few ms early and
    planned the next for the rest: dozens of ticks in the glass's last milliseconds;
    and the last, planned for 0 s, waited for Kivy's next frame slot: the end was drawn
    12-16 ms late one time in three.)"""
    frame_age = max(0.0, frames.time() - frames.get_time())
    return float(delay + frame_age + frames.get_resolution())
