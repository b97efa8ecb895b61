"""The time a game has spent at the table: the seconds it was on screen and not
paused, summed over every time it was played (another game between, a quit, a
restart), on the injected monotonic clock.

Each action is stored with the game's seconds at the table when it was taken
(`StoreJournal.table_time`), so a turn's time is the difference between its end and
the end of the turn before (`companion.stats.turn_times`): what the wall clock did
in between (the Pi has no clock of its own until the network sets it) and the time
the game spent off the table never count.
"""

from __future__ import annotations

from collections.abc import Callable

Clock = Callable[[], float]


class TableTime:
    def __init__(self, clock: Clock, seconds: float = 0.0) -> None:
        self.clock = clock
        self._seconds = max(0.0, seconds)  # counted up to `_since`
        self._since: float | None = None  # when it began to count; None while it stands

    @property
    def running(self) -> bool:
        return self._since is not None

    def seconds(self) -> float:
        """The seconds at the table so far."""
        if self._since is None:
            return self._seconds
        return self._seconds + max(0.0, self.clock() - self._since)

    def run(self, running: bool) -> None:
        """Count from now on (the game is on screen and not paused), or stop counting."""
        if running == self.running:
            return
        if running:
            self._since = self.clock()
        else:
            self._seconds = self.seconds()
            self._since = None
