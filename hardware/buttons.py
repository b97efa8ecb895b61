"""The big buttons: gpiozero `Button`s turned into `HardwareEvent`s on a queue.

GO has two meanings: a tap starts the hourglass or ends the turn, a long press opens
the menu; UNDO too: a tap undoes, a long press redoes. A press can only be known to
be a tap when it ends, so GO and UNDO report `pressed` on release (unless held) and
`held` once `hold_time` has passed; a long press therefore never ends a turn on its
way to the menu, nor undoes on its way to a redo. PAUSE has no long meaning and
reports `pressed` at once. A seat button (up to `MAX_SEATS`, one per seat, pins in
seat order) is held like GO: a tap ends its seat's turn, a long press pauses; its
events carry the `Seat`.

A tap and a hold are told apart by the edges' own times, as gpiozero reports them
(`active_time` and `inactive_time` count from the edge, not from the callback): under
load the hold thread may wake before the release's callback has run, or after it.
The hold thread's `held` counts only while the pin still reads pressed, and a release
more than `hold_time` after its press is a hold, whichever thread came late.

gpiozero's own debouncing differs by pin factory (lgpio: "stable for N µs", MockPin:
nothing), so every button also has a lock-out: a second tap within `lockout_s` of
the last accepted one is a bouncing contact, not a second turn, and is dropped.

Callbacks run on lgpio's thread and gpiozero's hold thread (synchronously inside
`drive_low()` under MockFactory); they only touch this module's state under a lock
and put an event on the queue.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from gpiozero import Button
from gpiozero.exc import GPIOZeroError

from hardware.errors import DeviceError, pin_problem
from hardware.events import EventData, EventQueue, HardwareEvent, Kind, Seat, Source
from hardware.pins import MAX_SEATS

log = logging.getLogger(__name__)

Clock = Callable[[], float]

# A glitch filter under lgpio (the level must be stable this long); short enough
# never to swallow a real tap.
BOUNCE_TIME_S = 0.005
# The buttons with a long meaning: GO held opens the menu, UNDO held redoes.
HOLDABLE = (Source.GO, Source.UNDO, Source.SEAT)


class ButtonSettings(Protocol):
    """What the buttons read: BCM pin numbers, the wiring and the timings (the app's
    settings section `buttons` has these values; a test may pass any such object)."""

    @property
    def go(self) -> int: ...
    @property
    def undo(self) -> int: ...
    @property
    def pause(self) -> int: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def pull_up(self) -> bool: ...
    @property
    def hold_time(self) -> float: ...
    @property
    def lockout_s(self) -> float: ...


class _Channel:
    """One button's tap / hold / lock-out logic, independent of gpiozero."""

    def __init__(
        self,
        source: Source,
        events: EventQueue,
        lockout_s: float,
        clock: Clock,
        *,
        holdable: bool,
        data: EventData | None = None,
    ) -> None:
        self.source = source
        self.data = data  # what each of its events carries (a seat button's `Seat`)
        self.holdable = holdable
        self.bounces = 0  # taps dropped by the lock-out
        self._events = events
        self._lockout = lockout_s
        self._clock = clock
        self._lock = threading.Lock()
        self._down = False
        self._held = False
        self._pressed_at = 0.0
        self._last_accept: float | None = None
        self.hold_calls = 0  # gpiozero's hold thread's calls, counted or not

    def pressed(self, since: float = 0.0) -> None:
        """The pin went down `since` seconds ago (gpiozero's `active_time`)."""
        with self._lock:
            if not self.holdable:
                self._tap()
                return
            self._down = True
            self._held = False
            self._pressed_at = self._clock() - since

    def released(self, since: float = 0.0, hold_time: float | None = None) -> None:
        """The pin went up `since` seconds ago (gpiozero's `inactive_time`)."""
        with self._lock:
            if not (self.holdable and self._down):
                return
            self._down = False
            down_for = self._clock() - since - self._pressed_at
            if not self._held and hold_time is not None and down_for >= hold_time:
                self._held = True  # a hold whose thread came late: still a hold
                self._emit(Kind.HELD, self._clock())
            if self._held:
                # The contact can bounce as the long press ends; that is not a tap.
                self._last_accept = self._clock()
            else:
                self._tap()

    def held(self, still_down: bool = True) -> None:
        """gpiozero's hold thread: `hold_time` after the press, unless released."""
        with self._lock:
            self.hold_calls += 1
            if not (self.holdable and self._down and still_down) or self._held:
                return  # released already: its late callback will say so
            self._held = True
            self._emit(Kind.HELD, self._clock())

    def _tap(self) -> None:
        now = self._clock()
        if self._last_accept is not None and now - self._last_accept < self._lockout:
            self.bounces += 1
            log.debug("%s: dropped a tap %.3f s after the last one", self.source, now)
            return
        self._last_accept = now
        self._emit(Kind.PRESSED, now)

    def _emit(self, kind: Kind, now: float) -> None:
        self._events.put(HardwareEvent(self.source, kind, self.data, time=now))


class ButtonReader:
    """GO, UNDO, PAUSE and the seat buttons on the pins of `config`, reporting to
    `events`. `seats` stands in for the settings' seat pins (the simulation gives
    every seat a key).

    `pin_factory=None` uses gpiozero's default (lgpio on a Pi); the simulator and the
    tests pass a `MockFactory`. Raises `DeviceError` (one sentence) if a pin cannot
    be used.
    """

    def __init__(
        self,
        config: ButtonSettings,
        events: EventQueue,
        *,
        pin_factory: Any = None,
        clock: Clock = time.monotonic,
        seats: tuple[int, ...] | None = None,
    ) -> None:
        self.config = config
        self.pins = {Source.GO: config.go, Source.UNDO: config.undo, Source.PAUSE: config.pause}
        self.seat_pins = tuple(config.seats if seats is None else seats)[:MAX_SEATS]
        self.channels = {
            source: _Channel(source, events, config.lockout_s, clock, holdable=source in HOLDABLE)
            for source in self.pins
        }
        self.seat_channels = [
            _Channel(Source.SEAT, events, config.lockout_s, clock, holdable=True, data=Seat(i))
            for i in range(len(self.seat_pins))
        ]
        self.buttons: dict[Source, Button] = {}
        self.seat_buttons: list[Button] = []
        what, pin = "", 0
        try:
            for source, pin in self.pins.items():
                what = f"The {source.upper()} button"
                self.buttons[source] = self._button(self.channels[source], pin, pin_factory)
            for index, pin in enumerate(self.seat_pins):
                what = f"The button of seat {index + 1}"
                channel = self.seat_channels[index]
                self.seat_buttons.append(self._button(channel, pin, pin_factory))
        except (GPIOZeroError, OSError) as error:
            self.close()
            raise DeviceError("buttons", pin_problem(what, f"GPIO {pin}", error)) from None

    def _button(self, channel: _Channel, pin: int, pin_factory: Any) -> Button:
        button = Button(
            pin,
            pull_up=self.config.pull_up,
            bounce_time=BOUNCE_TIME_S,
            hold_time=self.config.hold_time,
            pin_factory=pin_factory,
        )
        button.when_pressed = lambda: channel.pressed(button.active_time or 0.0)
        if channel.holdable:
            button.when_released = lambda: channel.released(
                button.inactive_time or 0.0, self.config.hold_time
            )
            button.when_held = lambda: channel.held(still_down=button.is_active)
        return button

    def named_pins(self) -> dict[str, int]:
        """Every button's pin by name: "go", "undo", "pause", "seat1" ... "seat8"."""
        named = {str(source): pin for source, pin in self.pins.items()}
        named.update({f"seat{i + 1}": pin for i, pin in enumerate(self.seat_pins)})
        return named

    def describe(self) -> list[str]:
        """One plain sentence per button, for `companion doctor`."""
        wiring = "to GND (internal pull-up)" if self.config.pull_up else "to 3.3 V (pull-down)"
        lines = []
        for source, button in self.buttons.items():
            state = "pressed now" if button.is_pressed else "released"
            lines.append(f"{source.upper()} on GPIO {self.pins[source]}, wired {wiring}: {state}")
        for index, button in enumerate(self.seat_buttons):
            state = "pressed now" if button.is_pressed else "released"
            pin = self.seat_pins[index]
            lines.append(f"Seat {index + 1} on GPIO {pin}, wired {wiring}: {state}")
        return lines

    def close(self) -> None:
        for button in [*self.buttons.values(), *self.seat_buttons]:
            button.close()
        self.buttons.clear()
        self.seat_buttons.clear()

    def __enter__(self) -> ButtonReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
