"""The way of a press from the devices to the screen, on Kivy's main thread.

`FrameClock` drains the devices' queue (each event to the `HardwareRouter`) in the
frame after an event arrives (the queue's `on_put` wakes it; nothing looks 60 times a
second) and, once a second, refreshes the status line. The game in play ticks itself
when something it shows changes (`companion.ui.ticks`); the buzzer and the
strip follow the glass on their own thread. With a test's fake clock, which jumps
when the test says, it drains and ticks every frame instead.

`HardwareRouter` decides who gets an event: the hardware test page first, the dice
to the game in play, GO held to the menu, a press of a big button to `press`. A press
goes one way, from the devices and from the screen's own buttons alike: to the game
in play's view-model while its table shows (no widget on the way), else to the
screen's `button(source)` (the score's GO counts what was typed there). The view-model
says where the game is after it (`GameModel.place`), and the navigator follows: the
screen decides nothing again on the way back. A seat button's press goes to the game
at its table (`seats.seat_press`), like the dice.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from kivy.clock import Clock, ClockEvent
from kivy.core.window import Window
from kivy.graphics.opengl import glFlush

from companion.core.errors import StoreError
from companion.ui.pace import Pace
from companion.ui.screen import AppScreen
from companion.ui.seats import seat_press
from companion.ui.status import device_status
from hardware.dice import Roll
from hardware.events import HardwareEvent, Kind, Seat, Source

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp

log = logging.getLogger(__name__)

FRAME_S = 0  # the next frame: a button press reaches the table within one frame
STATUS_EVERY_S = 1.0
ESCAPE = 27


class HardwareRouter:
    def __init__(self, app: CompanionApp) -> None:
        self.app = app

    def handle(self, event: HardwareEvent) -> None:
        """One event from the queue. A roll is acknowledged only once it was kept
        (`Rolled.kept`): stored with the game, or shown as not taken for its moment
        (before the hourglass, after its time: `TableAdapter.turn_roll`), since a
        resend would meet the same; with no game to take it, once it was recorded
        for the statistics. A roll the store refused (locked, full, its files gone)
        or whose handling failed gets no ACK and is counted: the reader sends it
        again, and its resend is taken."""
        roll = event.data if isinstance(event.data, Roll) else None
        if roll is None:
            self._route(event)
            return
        dice = self.app.devices.dice
        try:
            kept = self._route(event)
            if kept is None:  # no game took it: the statistics are where it is kept
                kept = self._record_roll(roll)
            elif kept:
                self._record_roll(roll)  # the game has it: the statistics may miss it
        except BaseException:
            if dice is not None:
                dice.lost(roll)  # no ACK: the reader may send it again
            raise
        if dice is None:
            return
        if kept:
            dice.taken(roll)  # only now: the ACK promises the roll was kept
        else:
            dice.lost(roll)

    def _route(self, event: HardwareEvent) -> bool | None:
        """Whether the game kept a roll (None: no game took it)."""
        screen: AppScreen | None = self.app.manager.current_screen
        # A screen that shows the devices themselves (the hardware test) sees every
        # event first and may keep it from the game.
        if screen is not None and screen.hardware_event(event):
            return None
        if event.source == Source.DICE:
            return self._dice(event)
        if isinstance(event.data, Seat):
            self._seat(event.data.index, held=event.kind == Kind.HELD)
        elif event.kind == Kind.HELD and event.source == Source.GO:
            self.app.open_menu()
        elif self._menu_open():
            return None  # the buttons wait while the menu is open
        elif event.kind == Kind.PRESSED:
            self.press(str(event.source))
        elif event.kind == Kind.HELD and event.source == Source.UNDO:
            self.press("redo")  # UNDO held: do again what it took back
        return None

    def press(self, source: str) -> None:
        """A big button pressed, on the devices or on the screen: "go", "undo",
        "redo" (UNDO held) or "pause"."""
        app = self.app
        model = app.model
        if model is not None and app.manager.current == model.adapter.screen:
            does = {"go": model.go, "undo": model.undo, "redo": model.redo}
            does.get(source, model.toggle_pause)()
            return
        screen: AppScreen | None = app.manager.current_screen
        if screen is not None:
            screen.button(source)

    def _seat(self, index: int, *, held: bool) -> None:
        """A seat's button counts at the game's table only (not over the menu)."""
        app = self.app
        model = app.model
        if model is None or app.manager.current != model.adapter.screen or self._menu_open():
            return
        if seat_press(model, index, held=held) == "move_on":
            app.show(app.screen_for_model())

    def _menu_open(self) -> bool:
        menu = self.app.menu
        return menu is not None and menu.parent is not None  # the buttons wait

    def _record_roll(self, roll: Roll) -> bool:
        """Every roll the reader sends, for the fairness statistics; False when the
        store refused it."""
        app = self.app
        dice = app.devices.dice
        reader = (dice.status().device or dice.port) if dice is not None else "dice"
        session_id = app.model.session_id if app.model is not None else None
        try:
            app.store.rolls.record(reader, list(roll.values), session_id)
        except StoreError as error:
            log.warning("could not record a roll: %s", error)
            return False
        return True

    def _dice(self, event: HardwareEvent) -> bool | None:
        app = self.app
        if event.kind in (Kind.CONNECTED, Kind.DISCONNECTED):
            app.change(status=device_status(app.devices))
            return None
        model = app.model
        if model is None or app.manager.current != model.adapter.screen:
            return None
        if event.kind == Kind.ROLLING:
            model.rolling_now()
        elif isinstance(event.data, Roll):
            return model.roll(event.data.values).kept
        return None

    # -- the keyboard: the simulated buttons --------------------------------------------
    def listen(self) -> None:
        Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)

    def stop(self) -> None:
        Window.unbind(on_key_down=self._key_down, on_key_up=self._key_up)

    def _key_down(self, _window: object, key: int, _scancode: int, *_: object) -> bool:
        if key == ESCAPE:
            return True  # Escape never leaves the app
        return self.app.devices.handle_key(key, True)

    def _key_up(self, _window: object, key: int, *_: object) -> bool:
        return self.app.devices.handle_key(key, False)


def flushed(*_: object) -> None:
    """After each frame: software GL (llvmpipe) rasterises a frame only when something
    forces it, and the next frame that rewrites a label's texture (the "0 s" of time
    up) then waits for it; flushed, it rasterises at once on its own threads. A GPU's
    driver flushes at the swap anyway."""
    glFlush()


class FrameClock:
    def __init__(self, app: CompanionApp, router: HardwareRouter) -> None:
        self.app = app
        self.router = router
        self.pace = Pace()
        self._events: list[ClockEvent] = []

    def start(self) -> None:
        app = self.app
        drain = Clock.create_trigger(self._drain, FRAME_S)  # thread-safe, as Kivy says
        self._events = [drain, Clock.schedule_interval(self.check_status, STATUS_EVERY_S)]
        if app.glass_thread:  # real time: the loop sleeps until something is due
            self.pace.install()
            Window.bind(on_motion=self.pace.stir, on_key_down=self.pace.stir, on_flip=flushed)
        else:  # a fake clock: what it shows may change at any frame
            self._events.append(Clock.schedule_interval(self._frame, FRAME_S))

        def arrived() -> None:  # on a device's thread
            drain()
            self.pace.wake()

        app.devices.events.on_put = arrived
        drain()  # what came before the start

    def stop(self) -> None:
        self.app.devices.events.on_put = None
        Window.unbind(on_motion=self.pace.stir, on_key_down=self.pace.stir, on_flip=flushed)
        self.pace.uninstall()
        for event in self._events:
            event.cancel()
        self._events = []

    def lend_strip(self) -> None:
        """The screen shown now may draw the strip itself (the hardware test page)."""
        app = self.app
        screen: AppScreen | None = app.manager.current_screen
        if app.model is not None:
            app.model.driver.lend_strip(screen is not None and screen.owns_strip)

    def _drain(self, _dt: float = 0.0) -> None:
        for event in self.app.devices.drain():
            try:
                self.router.handle(event)
            except Exception:  # one bad event must not stop the frame clock
                log.exception("handling %s failed", event)

    def _frame(self, _dt: float) -> None:
        self._drain()
        model = self.app.model
        if model is not None and not model.driver.lent:
            model.tick()

    def check_status(self, _dt: float = 0.0) -> None:
        """The devices' state on the status line (once a second, and when asked)."""
        app = self.app
        fresh = device_status(app.devices)
        if fresh != list(app.status):
            app.change(status=fresh)
