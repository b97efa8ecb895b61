"""A touch that began before a view appeared never acts on it.

A dialog can open by itself between the moment a finger touched the glass and the
frame that handles the touch (a device's event handled first in the same frame, a
screen switched by the game): the tap was aimed at what was there before, so the new
view lets it pass without a press, a drag or a dismissal. The moment a view appears is
kept when it is opened (a `Sheet`) or entered (an `AppScreen`), on the clock the
input providers stamp touches with (`time.time()`), and compared with the touch's
own start (`touch.time_start`), not with the frame that handles it.

Nor does a touch that began in a view's first half second (`SETTLE_S`): a view that
opened by itself (a question when the sand ran out) may be under a finger already on
its way to what was there before, as a tap 0.32 s after the time-up question opened
answered it instead of the die face it was aimed at (issue 31.1).
"""

from __future__ import annotations

import time

from kivy.input.motionevent import MotionEvent

# A touch this much older than the view is not one that was still on its way: the
# wall clock was set back meanwhile (a Pi has no clock of its own; NTP steps it), and
# a view must never stop answering because of that.
ON_ITS_WAY_S = 5.0
# A view takes no tap in its first half second: longer than a tap's way from the eye's
# decision to the glass, shorter than anyone reads a question in.
SETTLE_S = 0.5


def too_soon(touch: MotionEvent, shown_at: float) -> bool:
    """The touch began before the view appeared at `shown_at`, or in its first
    `SETTLE_S` (by the touch's own start time)."""
    ahead = shown_at + SETTLE_S - float(touch.time_start)
    return 0.0 < ahead <= ON_ITS_WAY_S + SETTLE_S


def settled_in() -> float:
    """Seconds until every view shown so far takes taps (0: they do now)."""
    return max(0.0, FreshTouches.last_shown + SETTLE_S - time.time())


class FreshTouches:
    """For a view over the window (a `Sheet`, an `AppScreen`): touches that began before
    `shown_now()`, or in the `SETTLE_S` after it, are swallowed, neither pressing nor
    dragging nor closing anything in it.
    Put it first among the bases, so that it sees a touch before the view's widgets do."""

    shown_at = 0.0  # when the view last appeared, by `time.time()`
    last_shown = 0.0  # when any view last appeared (set on the class)

    def shown_now(self, *_: object) -> None:
        self.shown_at = FreshTouches.last_shown = time.time()

    def on_touch_down(self, touch: MotionEvent) -> bool:
        if too_soon(touch, self.shown_at):
            return True
        return bool(super().on_touch_down(touch))  # type: ignore[misc]

    def on_touch_move(self, touch: MotionEvent) -> bool:
        if too_soon(touch, self.shown_at):
            return True
        return bool(super().on_touch_move(touch))  # type: ignore[misc]

    def on_touch_up(self, touch: MotionEvent) -> bool:
        if too_soon(touch, self.shown_at):
            return True
        return bool(super().on_touch_up(touch))  # type: ignore[misc]
