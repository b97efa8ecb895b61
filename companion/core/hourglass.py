"""The sand timer as a model on an injected monotonic clock.

No threads and no sleeps: the app calls `poll()` from its frame clock, tests advance
a fake clock. `poll()` reports each warning threshold and the expiry exactly once.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Clock = Callable[[], float]


class Phase(enum.StrEnum):
    IDLE = "idle"
    RUNNING = "running"
    PAUSED = "paused"
    EXPIRED = "expired"


class Signal(enum.StrEnum):
    WARNING = "warning"
    EXPIRED = "expired"


@dataclass(frozen=True)
class HourglassEvent:
    signal: Signal
    seconds_left: float  # the threshold for a warning, 0 for expiry


@dataclass(frozen=True)
class HourglassView:
    """What the screen, the strip and the buzzer need, frozen at one instant."""

    phase: Phase
    duration: float
    seconds_left: float
    warning_band: float  # the largest warning threshold, 0 when there is none

    @property
    def fraction_left(self) -> float:
        return 0.0 if self.duration <= 0 else max(0.0, min(1.0, self.seconds_left / self.duration))

    @property
    def in_warning(self) -> bool:
        return (
            self.phase in (Phase.RUNNING, Phase.PAUSED) and self.seconds_left <= self.warning_band
        )


class Hourglass:
    def __init__(
        self,
        duration: float,
        clock: Clock = time.monotonic,
        warnings: Sequence[float] = (10.0, 5.0),
    ) -> None:
        if duration <= 0:
            raise ValueError("an hourglass needs a positive duration")
        self.duration = float(duration)
        self.warnings = tuple(sorted((w for w in warnings if 0 < w < duration), reverse=True))
        self._clock = clock
        self._phase = Phase.IDLE
        # The sand a start begins with: all of it, or less when this turn has less (a
        # player's time bank: the glass is the whole bank, a turn starts with what is
        # left of it), or more (a bank that increments made larger than it started:
        # the strip stays full until the sand is below the glass).
        self.sand = self.duration
        self._left_at_mark = self.duration  # seconds left when `_mark` was taken
        self._mark = 0.0
        self._pending = list(self.warnings)

    @property
    def phase(self) -> Phase:
        # Time can run out between two polls; the phase says so at once, while poll()
        # still reports the expiry event exactly once.
        if self._phase is Phase.RUNNING and self.seconds_left() <= 0:
            return Phase.EXPIRED
        return self._phase

    def seconds_left(self) -> float:
        if self._phase is Phase.RUNNING:
            return max(0.0, self._left_at_mark - (self._clock() - self._mark))
        if self._phase is Phase.EXPIRED:
            return 0.0
        return self._left_at_mark

    def fraction_left(self) -> float:
        return min(1.0, self.seconds_left() / self.duration)

    def view(self) -> HourglassView:
        band = self.warnings[0] if self.warnings else 0.0
        return HourglassView(self.phase, self.duration, self.seconds_left(), band)

    def start(self) -> None:
        """Turn the glass with its sand on top (all of it, unless `reset` gave less);
        with none left it has run out at once."""
        self._left_at_mark = self.sand
        self._mark = self._clock()
        self._pending = [w for w in self.warnings if w < self.sand]
        self._phase = Phase.RUNNING

    def used(self) -> float:
        """The seconds this run has taken so far, pauses not counted (0 while idle)."""
        if self._phase is Phase.IDLE:
            return 0.0
        return max(0.0, self.sand - self.seconds_left())

    def pause(self) -> None:
        if self._phase is Phase.RUNNING and self.seconds_left() > 0:
            self._left_at_mark = self.seconds_left()
            self._phase = Phase.PAUSED

    def resume(self) -> None:
        if self._phase is Phase.PAUSED:
            self._mark = self._clock()
            self._phase = Phase.RUNNING

    def toggle_pause(self) -> None:
        if self.phase is Phase.RUNNING:
            self.pause()
        else:
            self.resume()

    def flip(self) -> None:
        """Turn the real glass over mid-run: the sand that ran down is now on top."""
        left = self.duration - self.seconds_left()
        self._left_at_mark = left
        self._mark = self._clock()
        self._pending = [w for w in self.warnings if w < left]
        self._phase = Phase.RUNNING if left > 0 else Phase.EXPIRED

    def reset(self, sand: float | None = None) -> None:
        """Idle again, for a start with `sand` seconds (None: all of it; 0 for a turn
        with no time left; more than the duration for a bank grown by increments)."""
        self.sand = self.duration if sand is None else max(0.0, sand)
        self._phase = Phase.IDLE
        self._left_at_mark = self.sand
        self._pending = [w for w in self.warnings if w < self.sand]

    def restore_paused(self, seconds_left: float) -> None:
        """After a restart the glass that was running comes back paused (with at most
        the sand its turn started with, or the whole glass)."""
        self._left_at_mark = max(0.0, min(max(self.duration, self.sand), seconds_left))
        self._pending = [w for w in self.warnings if w < self._left_at_mark]
        self._phase = Phase.PAUSED if self._left_at_mark > 0 else Phase.EXPIRED

    def restore_running(self, seconds_left: float) -> None:
        """A turn brought back by an undo: its glass runs on from the sand it had."""
        self.restore_paused(seconds_left)
        self.resume()

    def due_in(self) -> float | None:
        """Seconds until `poll()` has news (the next warning or the end); None when the
        glass is not running."""
        if self._phase is not Phase.RUNNING:
            return None
        left = self.seconds_left()
        return max(0.0, left - self._pending[0]) if self._pending else left

    def poll(self) -> list[HourglassEvent]:
        """Warnings crossed and the expiry since the last poll, each reported once."""
        if self._phase is not Phase.RUNNING:
            return []
        left = self.seconds_left()
        events: list[HourglassEvent] = []
        while self._pending and left <= self._pending[0]:
            events.append(HourglassEvent(Signal.WARNING, self._pending.pop(0)))
        if left <= 0:
            self._phase = Phase.EXPIRED
            events.append(HourglassEvent(Signal.EXPIRED, 0.0))
        return events


class FakeClock:
    """A monotonic clock that moves only when told to (tests, benchmarks, replays)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
