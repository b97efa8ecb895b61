"""Touch to action in the running app (issue 25): `python -m bench.touch_probe`, in a
process of its own, prints one JSON object. `bench.app_bench` runs it with a CPU hog
on the other core.

A finger taps the -/+ of a player's mail in the table's correction dialog, +1 then -1,
TOUCHES times. The touches come as a touchscreen's do: an input provider's thread
makes each event with its own time (`time_start`, the release's `time_end`) and the
main loop takes them at its next frame. Each tap's figure is the time from the
release (the tap acts on release) to the action stored and handed to the session's
listeners; a tap with no action within LOST_S is lost, one whose action is not the
tapped +1 / -1 (a hold's 5, a sign the other way, an action nobody tapped) misread.
"""

from __future__ import annotations

import itertools
import random
import statistics
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from bench.app_probe import _p99, after_start, emit, make_app

TOUCHES = 1000
DOWN_S = 0.07  # a tap: far below the counter's hold (0.6 s)
GAP_S = (0.03, 0.12)  # between one tap's action and the next touch
LOST_S = 2.0
SUBJECT = "Ola"
TOKEN = "mail"


def when_settled(then: Callable[[float], None]) -> None:
    """`then` once every view shown takes taps: a dialog swallows a touch that began
    in its first half second, by design (`companion.ui.fresh`); a probe's first tap
    there was counted lost."""
    from kivy.clock import Clock

    from companion.ui.fresh import settled_in

    left = settled_in()
    if left > 0:
        Clock.schedule_once(lambda _dt: when_settled(then), left + 0.05)
    else:
        then(0.0)


def _kivy_classes() -> tuple[Any, Any]:
    """Kivy's input classes, imported once the app has configured Kivy."""
    from kivy.input.motionevent import MotionEvent
    from kivy.input.provider import MotionEventProvider

    ids = itertools.count(1)

    class Finger(MotionEvent):
        """One touch, at (sx, sy) of the window (0..1), made on the provider's thread."""

        def __init__(self, sx: float, sy: float) -> None:
            super().__init__("bench", next(ids), {"sx": sx, "sy": sy}, is_touch=True)

        def depack(self, args: dict[str, float]) -> None:
            self.sx, self.sy = args["sx"], args["sy"]
            self.profile = ["pos"]
            super().depack(args)

    class Fingers(MotionEventProvider):
        """Events put by the driver's thread, handed to the main loop at its frame (as
        SDL's are: a key too, put as ("call", a function that dispatches it))."""

        def __init__(self) -> None:
            super().__init__("bench", None)
            self.events: deque[tuple[str, Any]] = deque()

        def update(self, dispatch_fn: Any) -> None:
            while self.events:
                kind, event = self.events.popleft()
                if kind == "call":
                    event()
                else:
                    dispatch_fn(kind, event)

    return Finger, Fingers


def touch() -> None:
    from kivy.base import EventLoop
    from kivy.clock import Clock
    from kivy.core.window import Window

    app = make_app(new_game=True)
    finger_class, fingers_class = _kivy_classes()
    fingers = fingers_class()
    lags: list[float] = []
    counts = {"lost": 0, "misread": 0}
    expected: dict[str, float] = {}  # the tap on its way: its delta and release time
    arrived = threading.Event()

    def stored(session: Any, _change: Any) -> None:  # the main thread
        now = time.time()
        action = session.log[-1] if len(session.log) else None
        delta, released = expected.pop("delta", None), expected.pop("released", 0.0)
        if delta is None or getattr(action, "delta", None) != delta:
            counts["misread"] += 1
        else:
            lags.append((now - released) * 1000)
        arrived.set()

    def place(widget: Any) -> tuple[float, float]:
        x, y = widget.to_window(*widget.center)
        return x / (Window.width - 1), y / (Window.height - 1)

    def drive(plus: tuple[float, float], minus: tuple[float, float]) -> None:
        for n in range(TOUCHES):  # the provider's thread: a finger down, then up
            delta, (sx, sy) = (1, plus) if n % 2 == 0 else (-1, minus)
            arrived.clear()
            finger = finger_class(sx, sy)
            fingers.events.append(("begin", finger))
            time.sleep(DOWN_S)
            finger.update_time_end()
            expected.update(delta=delta, released=finger.time_end)
            fingers.events.append(("end", finger))
            if not arrived.wait(LOST_S):
                counts["lost"] += 1
                expected.clear()
            time.sleep(random.uniform(*GAP_S))
        Clock.schedule_once(report, 0)

    def report(_dt: float) -> None:
        emit(
            p50_ms=statistics.median(lags) if lags else -1.0,
            p99_ms=_p99(lags) if len(lags) > 1 else -1.0,
            max_ms=max(lags, default=-1.0),
            n=TOUCHES,
            lost=counts["lost"],
            misread=counts["misread"],
        )
        app.stop()

    def begin(_dt: float) -> None:
        app.root.current_screen.open_correction(SUBJECT)
        Clock.schedule_once(lambda _dt: when_settled(aim), 0.5)  # laid out, then settled

    def aim(_dt: float) -> None:
        dialog = next(w for w in Window.children if getattr(w, "subject", "") == SUBJECT)
        row = dialog._counts[TOKEN]
        steps = {w.sign: w for w in row.walk(restrict=True) if hasattr(w, "big")}
        EventLoop.add_input_provider(fingers)
        app.model.session.add_listener(stored)
        aims = (place(steps[1]), place(steps[-1]))
        threading.Thread(target=drive, args=aims, daemon=True).start()

    after_start(app, begin, 1.0)
    app.run()


if __name__ == "__main__":
    touch()  # the one mode (its argument, "touch", names it for bench.app_bench)
