"""The physical hourglass on its own time: the buzzer and the LED strip follow the turn
timer's glass on a thread of their own, so a slow frame on the screen (a texture
upload, a garbage collection) delays a label, never the buzzer or the sand.

`step()` is one pass: what the glass has to say is sounded, the buzzer switched to
what is due now, the strip's frame drawn (a pure function of the glass and the
instant, `companion.play.lights`), and a running glass's heartbeat left. The thread
runs a pass whenever one is due (the next warning or end, the buzzer's next switch,
the strip's next step while the sand runs, the next heartbeat, each frame of the
winners' wave or of a seat's blink) and whenever the main thread changes something
(`wake()`). The main thread may run a pass itself (the screen's tick does): the turn
timer's lock keeps the two apart, and each warning is heard once, whoever polls first.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable, Iterable
from typing import Protocol

from companion.core.hourglass import HourglassEvent, Phase
from companion.play.lights import StripController
from companion.play.timer import BEAT_EVERY_S, TurnTimer, sound
from hardware.buzzer import BuzzerController
from hardware.strip import Frame

log = logging.getLogger(__name__)

Clock = Callable[[], float]
Wait = Callable[[float], object]  # sleep up to this long, or less when woken

FRAME_S = 0.02  # the winners' wave: a frame every 20 ms
IDLE_S = 0.5  # otherwise a look now and then; a change wakes the thread at once
# The interpreter hands the GIL to a waiting thread after this long (5 ms by default):
# the buzzer's thread must not wait that long behind a busy screen.
SWITCH_INTERVAL_S = 0.001
# The thread's nice level, when the system lets the app lower it (the service's
# LimitNICE= does; elsewhere it stays as it is): the kernel then wakes it first.
NICE = -10


class GlassNews(Protocol):
    """Who hears the glass's news beside the buzzer (`companion.play.calls.Calls`):
    it must return at once, on whichever thread polls."""

    def glass(self, events: Iterable[HourglassEvent]) -> None: ...


class GlassDriver:
    def __init__(
        self,
        timer: TurnTimer,
        lights: StripController,
        buzzer: BuzzerController | None,
        clock: Clock,
        *,
        calls: GlassNews | None = None,
    ) -> None:
        self.timer = timer
        self.calls = calls
        self.lights = lights
        self.buzzer = buzzer
        self.clock = clock
        self.frame: Frame = ()
        self.passes = 0  # how many passes ran (tests and benchmarks count them)
        self._lent = False  # the hardware test page draws the strip itself
        self._woken = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    # -- one pass ------------------------------------------------------------------------
    def step(self) -> Frame:
        """Bring the buzzer and the strip up to now; returns the strip's frame."""
        with self.timer.lock:
            events = self.timer.poll()
            if events and self.buzzer is not None:
                sound(self.buzzer, events)
            if events and self.calls is not None:
                self.calls.glass(events)  # queued for the speech worker, after the buzzer
            if self.buzzer is not None:
                self.buzzer.tick()
            view = self.timer.view() if self.timer.timed else None
            if not self._lent:
                self.frame = self.lights.draw(self.clock(), view)
            self.passes += 1
        self.timer.beat()
        return self.frame

    def due_in(self) -> float:
        """Seconds until the next pass is due."""
        view = self.timer.view() if self.timer.timed else None
        delays = [IDLE_S]
        if self.lights.moving:
            delays.append(FRAME_S)
        if view is not None:  # the strip's next step, not a frame every 20 ms
            delays.append(self.lights.changes_in(self.clock(), view) or IDLE_S)
            if view.phase is Phase.RUNNING:
                delays.append(BEAT_EVERY_S)  # the heartbeat keeps the sand a killed app had
        for due in (self.timer.due_in(), self.buzzer.due_in() if self.buzzer else None):
            if due is not None:
                delays.append(due)
        return max(0.0, min(delays))

    @property
    def lent(self) -> bool:
        return self._lent

    def lend_strip(self, lent: bool) -> None:
        """While `lent`, the strip is someone else's (the hardware test page); the
        buzzer still follows the glass."""
        self._lent = lent

    # -- the thread ----------------------------------------------------------------------
    def start(self, wait: Wait | None = None) -> None:
        """Run passes on a thread of its own until `close()`; `wait` is how it sleeps
        (an `Event`'s wait: a `wake()` ends the sleep early)."""
        if self._thread is not None:
            return
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
        self._thread = threading.Thread(
            target=self._run, args=(wait or self._woken.wait,), name="hourglass", daemon=True
        )
        self._thread.start()

    def wake(self) -> None:
        """Something changed on the main thread: look again now."""
        self._woken.set()

    def close(self) -> None:
        self._stopping.set()
        self._woken.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self._thread = None

    def _run(self, wait: Wait) -> None:
        _hurry()
        while not self._stopping.is_set():
            self._woken.clear()  # a wake() from here on ends the next wait at once
            try:
                self.step()
                delay = self.due_in()
            except Exception:  # the glass must keep going; the log says what broke
                log.exception("the hourglass driver stumbled")
                delay = IDLE_S
            wait(delay)


def _hurry() -> None:
    """This thread first when the CPU is busy, where the system allows it."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
    except (OSError, AttributeError):  # not allowed (no LimitNICE) or not Linux
        log.debug("the hourglass thread keeps its priority")
