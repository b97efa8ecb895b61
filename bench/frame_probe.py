"""A press to the frame that shows it, beside a bare Kivy window's own (issue 32.8):
`python -m bench.frame_probe MODE`, in a process of its own, prints one JSON object.

A software renderer's frame costs what the machine makes it cost, so a press to its
redrawn frame is a figure only beside the same press in a Kivy hello-world, measured
in the same run. Modes:

- `touch`: a finger taps the +1 / -1 of a player's mail in the Wyścig table's
  correction dialog (as `bench.touch_probe`), from the release's own time to the
  first frame drawn after the adjustment was stored and told to the listeners;
- `key`: the simulated GO key (space), from its release (GO acts on release) through
  the mock pin, the devices' queue and the router to the first frame drawn after the
  action was stored. A press that ends the game opens another screen (its score or
  results), built for it: that is a screen's first frame, not the table's label
  changed, and is counted apart (`switch_max_ms`, `switches`);
- `bare_touch` / `bare_key`: the same touch and the same key in a hello-world whose
  label changes on the release: Kivy's own press to frame.

Touches and keys come as a touchscreen's and SDL's do: made on a thread of their own
and taken by the main loop at its next frame (`bench.touch_probe`'s provider). A
press whose frame does not come within LOST_S is counted lost.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from bench.app_probe import _p99, after_start, emit, hello, keep_playing, make_app
from bench.touch_probe import DOWN_S, LOST_S, SUBJECT, TOKEN, _kivy_classes, when_settled

PRESSES = int(os.environ.get("FRAME_PRESSES", "100"))  # fewer for a quick look
TAP_GAP_S = (0.03, 0.12)  # between one tap's frame and the next touch
KEY_GAP_S = (0.35, 0.45)  # past GO's lock-out (0.3 s), at any phase of the frame
SPACE = 32


class Frames:
    """Press after press from a thread of its own; each one's time from its release
    to the first frame drawn after `changed()` (the main thread) said it showed."""

    def __init__(
        self, app: Any, gap: tuple[float, float], elsewhere: Callable[[], bool] = lambda: False
    ) -> None:
        finger_class, fingers_class = _kivy_classes()
        self.finger_class = finger_class
        self.feed = fingers_class()
        self.app = app
        self.gap = gap
        self.samples: list[float] = []
        self.elsewhere = elsewhere  # the press opened another screen
        self.switches: list[float] = []
        self.lost = 0
        self._released = 0.0
        self._changed = False
        self._drawn = threading.Event()

    def start(self, press: Callable[[int], None], between: Callable[[], None]) -> None:
        from kivy.base import EventLoop
        from kivy.core.window import Window

        EventLoop.add_input_provider(self.feed)
        Window.bind(on_flip=self._flipped)
        threading.Thread(target=self._drive, args=(press, between), daemon=True).start()

    def changed(self, *_: Any) -> None:
        """The press has changed what the screen shows (the main thread)."""
        self._changed = True

    def tap(self, at: tuple[float, float]) -> None:
        finger = self.finger_class(*at)
        self.feed.events.append(("begin", finger))
        time.sleep(DOWN_S)
        finger.update_time_end()
        self._released = finger.time_end
        self.feed.events.append(("end", finger))

    def key(self, code: int) -> None:
        from kivy.core.window import Window

        self.feed.events.append(("call", lambda: Window.dispatch("on_key_down", code, 0, None, [])))
        time.sleep(DOWN_S)
        self._released = time.time()
        self.feed.events.append(("call", lambda: Window.dispatch("on_key_up", code, 0)))

    def _flipped(self, *_: Any) -> None:
        if self._changed and self._released:
            taken = (time.time() - self._released) * 1000
            (self.switches if self.elsewhere() else self.samples).append(taken)
            self._changed, self._released = False, 0.0
            self._drawn.set()

    def _drive(self, press: Callable[[int], None], between: Callable[[], None]) -> None:
        from kivy.clock import Clock

        for n in range(PRESSES):
            self._drawn.clear()
            self._changed = False  # what `between` changed is not this press's
            press(n)
            if not self._drawn.wait(LOST_S):
                self.lost += 1
                self._changed, self._released = False, 0.0
            done = threading.Event()
            Clock.schedule_once(lambda _dt, done=done: _then_set(between, done), 0)
            done.wait(LOST_S)
            time.sleep(random.uniform(*self.gap))
        Clock.schedule_once(self._report, 0)

    def _report(self, _dt: float) -> None:
        samples = self.samples
        emit(
            p50_ms=statistics.median(samples) if samples else float("inf"),
            p99_ms=_p99(samples) if len(samples) > 1 else float("inf"),
            n=len(samples),
            lost=self.lost,
            switch_max_ms=max(self.switches, default=float("inf")),
            switches=len(self.switches),
        )
        self.app.stop()


def _then_set(work: Callable[[], None], done: threading.Event) -> None:
    """`work` on the main thread, then the driver's thread goes on."""
    work()
    done.set()


def _window_place(widget: Any) -> tuple[float, float]:
    from kivy.core.window import Window

    x, y = widget.to_window(*widget.center)
    return x / (Window.width - 1), y / (Window.height - 1)


def bare(kind: str) -> None:
    """The hello-world: its label counts the releases of a touch or of the space key."""
    from kivy.core.window import Window

    app = hello()
    frames = Frames(app, TAP_GAP_S if kind == "touch" else KEY_GAP_S)

    def count(*_: Any) -> None:
        label = app.root
        label.text = str(len(frames.samples) + frames.lost + 1)
        frames.changed()

    def begin(_dt: float) -> None:
        if kind == "touch":
            app.root.bind(on_touch_up=count)
            centre = _window_place(app.root)
            frames.start(lambda _n: frames.tap(centre), lambda: None)
        else:
            Window.bind(on_key_up=count)
            frames.start(lambda _n: frames.key(SPACE), lambda: None)

    after_start(app, begin, 1.0)
    app.run()


def touch() -> None:
    """A tap on the correction dialog's +1 / -1 of a player's mail, in turn."""
    from kivy.clock import Clock
    from kivy.core.window import Window

    app = make_app(new_game=True)
    frames = Frames(app, TAP_GAP_S)

    def begin(_dt: float) -> None:
        app.root.current_screen.open_correction(SUBJECT)
        Clock.schedule_once(lambda _dt: when_settled(aim), 0.5)  # laid out, then settled

    def aim(_dt: float) -> None:
        dialog = next(w for w in Window.children if getattr(w, "subject", "") == SUBJECT)
        steps = {w.sign: w for w in dialog._counts[TOKEN].walk(restrict=True) if hasattr(w, "big")}
        plus, minus = _window_place(steps[1]), _window_place(steps[-1])
        app.model.session.add_listener(frames.changed)
        frames.start(lambda n: frames.tap(minus if n % 2 else plus), lambda: None)

    after_start(app, begin, 1.0)
    app.run()


def key() -> None:
    """The GO key at the Wyścig table: the glass started, the turn ended, again."""
    app = make_app(new_game=True)
    frames = Frames(app, KEY_GAP_S, lambda: app.manager.current != app.model.adapter.screen)

    def between() -> None:
        if keep_playing(app):  # a new game: its session is heard from now
            app.model.session.add_listener(frames.changed)

    def begin(_dt: float) -> None:
        app.model.session.add_listener(frames.changed)
        frames.start(lambda _n: frames.key(SPACE), between)

    after_start(app, begin, 1.0)
    app.run()


MODES = {
    "touch": touch,
    "key": key,
    "bare_touch": lambda: bare("touch"),
    "bare_key": lambda: bare("key"),
}

if __name__ == "__main__":
    MODES[sys.argv[1]]()
