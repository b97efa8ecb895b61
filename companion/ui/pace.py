"""How often Kivy's main loop wakes.

Kivy's default clock wakes the loop `maxfps` times a second whatever happens: an
empty window at 60 costs 2 % of this machine's CPU, more than the whole idle table
may. The companion's screen changes seldom: a tap, a device's event, the next step of
a running glass. `Pace` takes over the clock's wait between two frames (its
`_check_ready` and `usleep`, which the default clock's `idle()` calls):

- it sleeps until Kivy's next scheduled event (the glass's next visible step is one,
  planned by the view-model), and at most 1/IDLE_FPS, so a planned change is drawn on
  time and a tap is seen within a tenth of a second;
- at Kivy's own rate (`maxfps`) while a finger is down, for a second after any input,
  and while something has work for every frame (an animation, a scroll, a trigger);
- a device's event (`wake()`, from any thread) ends the wait at once: a press on the
  big button reaches the screen as fast as before.
"""

from __future__ import annotations

import threading

from kivy.base import EventLoop
from kivy.clock import Clock, ClockBase

IDLE_FPS = 10  # the loop's rate when nothing moves and nobody touches
AWAKE_S = 1.0  # Kivy's full rate for this long after the last input


class Pace:
    def __init__(self, clock: ClockBase = Clock) -> None:
        self.clock = clock
        self._woken = threading.Event()
        self._awake_until = 0.0
        self.installed = False

    def install(self) -> None:
        """Take over the clock's wait (the default clock's; another clock keeps its own)."""
        if self.installed or not hasattr(self.clock, "_check_ready"):
            return
        self.clock._check_ready = self._ready
        self.clock.usleep = self._sleep
        self.installed = True

    def uninstall(self) -> None:
        if self.installed:
            del self.clock._check_ready
            del self.clock.usleep
            self.installed = False

    def wake(self) -> None:
        """Draw the next frame now (thread-safe: a device's thread calls it)."""
        self._woken.set()

    def stir(self, *_: object) -> None:
        """Input came: Kivy's full rate for a while (a second tap, a drag, a hold)."""
        self._awake_until = self.clock.time() + AWAKE_S

    def fps(self, now: float) -> float:
        """The rate the loop keeps now, when no scheduled event comes sooner."""
        full = float(self.clock._max_fps)
        if now < self._awake_until or EventLoop.touches:
            return full
        return min(full, IDLE_FPS)

    def _ready(self, fps: float, min_sleep: float, undershoot: float) -> tuple[bool, float]:
        """The default clock's question before each sleep: is the next frame due, and
        if not, how long to sleep."""
        if self._woken.is_set():
            self._woken.clear()
            return True, 0.0
        now = self.clock.time()
        last = self.clock._last_tick
        due = self.clock.get_min_timeout()  # 0: work for every frame; else a time
        if due == 0:
            sleeptime = 1 / fps - (now - last)
        else:
            sleeptime = min(1 / self.fps(now) - (now - last), due - now)
        return sleeptime - undershoot <= min_sleep, sleeptime - undershoot

    def _sleep(self, microseconds: float) -> None:
        self._woken.wait(microseconds / 1_000_000)
