"""A touch that began before a view appeared never acts on it.

A dialog can open by itself between the moment a finger touched the glass and the
frame that handles the touch (a device's event handled first in the same frame, a
screen switched by the game): the tap was aimed at what was there before, so the new
view lets it pass without a press, a drag or a dismissal. The moment a view appears is
kept when it is opened (a `Sheet`) or entered (an `AppScreen`), on the clock the
input providers stamp touches with (`time.time()`), and compared with the touch's
own start (`touch.time_start`), not with the frame that handles it.
"""

from __future__ import annotations

import time
from typing import Any

# A touch this much older than the view is not one that was still on its way: the
# wall clock was set back meanwhile (a Pi has no clock of its own; NTP steps it), and
# a view must never stop answering because of that.
ON_ITS_WAY_S = 5.0


def began_before(touch: Any, moment: float) -> bool:
    """The touch began before `moment` (by the touch's own start time)."""
    ahead = moment - float(touch.time_start)
    return 0.0 < ahead <= ON_ITS_WAY_S


class FreshTouches:
    """For a view over the window (a `Sheet`, an `AppScreen`): touches that began before
    `shown_now()` are swallowed, neither pressing nor dragging nor closing anything in it.
    Put it first among the bases, so that it sees a touch before the view's widgets do."""

    shown_at = 0.0  # when the view last appeared, by `time.time()`

    def shown_now(self, *_: object) -> None:
        self.shown_at = time.time()

    def on_touch_down(self, touch: Any) -> bool:
        if began_before(touch, self.shown_at):
            return True
        return bool(super().on_touch_down(touch))  # type: ignore[misc]

    def on_touch_move(self, touch: Any) -> bool:
        if began_before(touch, self.shown_at):
            return True
        return bool(super().on_touch_move(touch))  # type: ignore[misc]

    def on_touch_up(self, touch: Any) -> bool:
        if began_before(touch, self.shown_at):
            return True
        return bool(super().on_touch_up(touch))  # type: ignore[misc]
