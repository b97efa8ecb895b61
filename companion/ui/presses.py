"""Buttons by how they are pressed: `Tap` (feedback at once), `HoldTap` (fires after
a hold: abandon, quit, shut down), `StepTap` (+/-: a tap 1, a hold `big`) and
`HoldArea` (true while a finger is on it: the secret balloon).

A tap and a hold are told apart by the touch's own times (`down_for`): when the input
provider read the press and the release. A frame that comes late, on a loaded Pi or
with the other core busy, handles a release after the hold's timer has run out, or
press and release together; neither turns a tap into a hold, nor a hold into a tap.
"""

from __future__ import annotations

import time

from kivy.clock import Clock, ClockEvent
from kivy.input.motionevent import MotionEvent
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label

from companion.ui import theme


class Tap(ButtonBehavior, Label):
    """A flat button; it darkens on touch down at once (the tap's feedback)."""

    bg = ColorProperty(theme.rgba(theme.PANEL_HIGH))
    fg = ColorProperty(theme.rgba(theme.TEXT))
    radius = NumericProperty(10)
    enabled = BooleanProperty(True)

    def on_touch_down(self, touch: MotionEvent) -> bool:
        if not self.enabled and self.collide_point(*touch.pos):
            return True
        return bool(super().on_touch_down(touch))


def down_for(touch: MotionEvent) -> float:
    """How long a touch is (or was) down by its own times: when the input provider read
    the press and the release, not when a frame got round to them. A frame that comes
    late under load must not make a tap a hold, nor a hold a tap."""
    end = touch.time_end if touch.time_end >= 0 else time.time()  # Kivy's: time.time()
    return float(end - touch.time_start)


def released(touch: MotionEvent) -> bool:
    """The provider has read the touch's release (a frame may not have handled it yet)."""
    return bool(touch.time_end >= 0)


class HoldTap(Tap):
    """A button that fires `on_hold` only after being held `hold_s` seconds; the fill
    shows how long is left (quit, in kiosk mode). It fires while the finger is still
    down; how long it was down is the touch's own time (`down_for`)."""

    hold_s = NumericProperty(1.5)
    progress = NumericProperty(0.0)
    __events__ = ("on_hold", "on_short")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._event: ClockEvent | None = None

    def on_press(self) -> None:
        self._stop()
        self._event = Clock.schedule_interval(self._step, 1 / 30)

    def on_release(self) -> None:
        touch = self.last_touch
        waiting = self._event is not None
        self._stop()
        if waiting and touch is not None and down_for(touch) >= self.hold_s:
            self.dispatch("on_hold")  # held long enough, the frames in between late
        elif waiting:
            self.dispatch("on_short")  # let go too soon: the screen says to hold

    def _step(self, _dt: float) -> None:
        touch = self.last_touch
        if touch is None or released(touch):
            return  # the release, read already, decides (`on_release`)
        self.progress = min(1.0, down_for(touch) / self.hold_s)
        if self.progress >= 1.0:
            self._stop()
            self.dispatch("on_hold")

    def _stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None
        self.progress = 0.0

    def on_hold(self) -> None:
        pass

    def on_short(self) -> None:
        """Released before `hold_s`: nothing happened, and a screen may say so."""


class StepTap(Tap):
    """A +/- counter button: a tap steps by 1, a long press by `big` (once), as soon as
    it has been down `hold_s` by the touch's own times (`down_for`)."""

    sign = NumericProperty(1)
    big = NumericProperty(5)
    hold_s = NumericProperty(0.6)
    __events__ = ("on_step",)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._held: ClockEvent | None = None
        self._fired = False

    def on_press(self) -> None:
        self._fired = False
        self._later(self.hold_s)

    def on_release(self) -> None:
        if self._held is not None:
            self._held.cancel()
            self._held = None
        if self._fired:
            return
        touch = self.last_touch
        long = touch is not None and down_for(touch) >= self.hold_s  # frames came late
        self.dispatch("on_step", int(self.sign * (self.big if long else 1)))

    def _later(self, seconds: float) -> None:
        self._held = Clock.schedule_once(self._hold, max(0.0, seconds))

    def _hold(self, _dt: float) -> None:
        self._held = None
        touch = self.last_touch
        if touch is None or released(touch):
            return  # the release, read already, decides (`on_release`)
        left = self.hold_s - down_for(touch)
        if left > 0:
            self._later(left)
            return
        self._fired = True
        self.dispatch("on_step", int(self.sign * self.big))

    def on_step(self, delta: int) -> None:
        """The step to apply: +-1 on a tap, +-big on a long press."""


class HoldArea(ButtonBehavior, Label):
    """True in `holding` only while a finger stays on it (the secret balloon)."""

    holding = BooleanProperty(False)

    def on_press(self) -> None:
        self.holding = True

    def on_release(self) -> None:
        self.holding = False
