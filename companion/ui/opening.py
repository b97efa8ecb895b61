"""When the devices open: the first frame does not wait for gpiozero, the serial port
or the simulation, so they open once the home screen's first frame is drawn; a game's
table opens them at once, before it shows (its glass drives the strip and the
buzzer). The status line learns of them as they open. What follows (the "ready"
line) waits until the screen takes taps too: none in a view's first half second
(`companion.ui.fresh`), so a click at the instant "ready" is printed is recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kivy.clock import Clock
from kivy.core.window import Window

from companion.ui.fresh import settled_in

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp


class DeviceOpening:
    def __init__(self, app: CompanionApp, status: Callable[[], object]) -> None:
        self.app = app
        self.status = status  # the status line read again
        self._then: Callable[[], object] = lambda: None

    def now(self) -> None:
        """Open the devices now, if they are not yet."""
        if not self.app.devices.opened:
            self.app.devices.open()
            self.status()

    def after_first_frame(self, then: Callable[[], object]) -> None:
        """Open the devices once the first frame has been drawn; `then` follows once
        the views shown take taps."""
        self._then = then
        if self.app.devices.opened:
            self.status()
            self._when_settled()
        else:
            Window.bind(on_flip=self._first_frame_drawn)

    def stop(self) -> None:
        Window.unbind(on_flip=self._first_frame_drawn)
        Clock.unschedule(self._when_settled)

    def _first_frame_drawn(self, *_: object) -> None:
        Window.unbind(on_flip=self._first_frame_drawn)
        Clock.schedule_once(self._open_then, 0)

    def _open_then(self, _dt: float) -> None:
        self.now()
        self._when_settled()

    def _when_settled(self, *_: object) -> None:
        wait = settled_in()
        if wait > 0:  # Kivy's clock may fire a little early: asked again then
            Clock.schedule_once(self._when_settled, wait)
            return
        self._then()
