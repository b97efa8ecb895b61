"""The hardware test page: light the strip with a test pattern, beep, press each
button and see which events arrive, and watch the dice reader's lines live.

While it is shown the page owns the strip (the game's hourglass frame waits) and
sees every hardware event first (`companion.ui.routing.HardwareRouter`); button events stop
here, so GO held does not open the menu and nothing reaches a game.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from kivy.clock import Clock, ClockEvent
from kivy.factory import Factory
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
)

from companion.core.messages import Message
from companion.ui.context import running_app
from companion.ui.screen import AppScreen
from companion.ui.screens.text import S
from companion.ui.status import dice_message
from hardware.dice import BadLineSeen, Connected, Disconnected, Err, Hello, Roll, Rolling, Status
from hardware.events import HardwareEvent, Kind, Seat, Source
from hardware.strip import OFF, RGB

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp

BUTTONS = (Source.GO, Source.UNDO, Source.PAUSE)
DICE_LINES = 10
BUTTON_LINES = 5
STEP_S = 0.1  # one pattern step; the whole pattern takes a few seconds
SCREEN_LEDS = 10  # drawn when no strip is configured
SOLID: tuple[RGB, ...] = ((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255))
SOLID_STEPS = 6  # steps each solid colour stays


def rainbow(index: int, count: int) -> RGB:
    """A hue wheel spread over the strip: every LED a different colour."""
    hue = (index / max(1, count)) * 6
    sector, part = int(hue) % 6, hue - int(hue)
    rise, fall = int(255 * part), int(255 * (1 - part))
    return (
        (255, rise, 0),
        (fall, 255, 0),
        (0, 255, rise),
        (0, fall, 255),
        (rise, 0, 255),
        (255, 0, fall),
    )[sector]


def test_pattern(step: int, count: int) -> tuple[RGB, ...] | None:
    """Red, green, blue and white on every LED (a dead colour channel shows), then a
    rainbow with a white LED running along it (a dead LED shows); None when done."""
    solid = len(SOLID) * SOLID_STEPS
    if step < solid:
        return (SOLID[step // SOLID_STEPS],) * count
    chase = step - solid
    if chase >= count:
        return None
    return tuple((255, 255, 255) if i == chase else rainbow(i, count) for i in range(count))


def clock_time() -> Message:
    """Now, as the time of day in the language's own form."""
    return S("clock", when=dt.datetime.now())


def dice_line(data: object, now: Message, tr: Callable[[Message], str]) -> Message | None:
    """A dice reader's event (its typed message) as the line it stands for."""
    match data:
        case Roll(seq=seq, values=values):
            faces = ",".join("?" if v is None else str(v) for v in values)
            return S("ev_roll", time=now, seq=seq, values=faces)
        case Status():
            fields = " ".join(f"{k}={v}" for k, v in data.fields)
            return S("ev_status", time=now, fields=fields)
        case Hello(device=device, version=version):
            return S("ev_hello", time=now, device=device, version=version)
        case Rolling():
            return S("ev_rolling", time=now)
        case Err(text=text):
            return S("ev_error", time=now, text=text)
        case BadLineSeen(reason=reason, line=line):
            return S("ev_bad_line", time=now, reason=reason, line=line)
        case Connected(port=port):
            return S("ev_connected", time=now, port=port)
        case Disconnected(problem=problem):
            return S("ev_disconnected", time=now, error=tr(dice_message(problem)))
    return None


class HardwareTestScreen(AppScreen):
    owns_strip: ClassVar[bool] = True  # the app's frame clock leaves the strip to this page
    frame = ListProperty([])
    buttons = DictProperty({})  # source -> the Message of its last event
    lit = DictProperty({})  # source -> whether an event of it arrived
    seats = NumericProperty(0)  # how many seat buttons there are
    seat_lit = DictProperty({})  # seat index -> its last event's kind ("pressed", "held")
    button_lines = ListProperty([])
    dice_lines = ListProperty([])
    dice_status = ObjectProperty(None, allownone=True)
    dice_counts = ObjectProperty(None, allownone=True)
    beeping = BooleanProperty(False)
    muted = BooleanProperty(False)
    testing = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._pattern: ClockEvent | None = None
        self._ticker: ClockEvent | None = None
        self._step = 0

    @property
    def app(self) -> CompanionApp:
        return running_app()

    def prepare(self) -> None:
        self.buttons = {str(s): S("button_waiting", button=str(s).upper()) for s in BUTTONS}
        self.lit = {}
        self.seat_lit = {}
        buttons = self.app.devices.buttons
        self.seats = len(buttons.seat_pins) if buttons is not None else 0
        self._seat_lamps()
        self.button_lines = []
        self.dice_lines = []
        self.frame = [OFF] * self._count()
        self._refresh()
        if self._ticker is None:
            self._ticker = Clock.schedule_interval(self._tick, 1 / 30)

    def on_leave(self, *_: object) -> None:
        self._stop_pattern()
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None

    def _seat_lamps(self) -> None:
        """One lamp per seat button, numbered in seat order; lit by its presses."""
        row = self.ids.seat_lamps
        if len(row.children) == self.seats:
            return
        row.clear_widgets()
        for index in range(self.seats):
            row.add_widget(Factory.SeatLamp(text=str(index + 1)))
        self._show_seats()

    def _show_seats(self, *_: object) -> None:
        lamps = list(reversed(self.ids.seat_lamps.children))  # Kivy keeps the last first
        for index, lamp in enumerate(lamps):
            lamp.state = self.seat_lit.get(index, "")

    # -- the strip -----------------------------------------------------------------
    def _count(self) -> int:
        count = int(self.app.devices.strip.count)
        return count if count > 0 else SCREEN_LEDS

    def strip_test(self) -> None:
        self._stop_pattern()
        self._step = 0
        self.testing = True
        self._show_step()
        self._pattern = Clock.schedule_interval(lambda _dt: self._show_step(), STEP_S)

    def _show_step(self) -> None:
        picture = test_pattern(self._step, self._count())
        self._step += 1
        if picture is None:
            self._stop_pattern()
            return
        self._draw(picture)

    def _draw(self, picture: tuple[RGB, ...]) -> None:
        self.app.devices.strip.show(picture)
        self.frame = list(picture)

    def _stop_pattern(self) -> None:
        if self._pattern is not None:
            self._pattern.cancel()
            self._pattern = None
        if self.testing:
            self.testing = False
            self._draw((OFF,) * self._count())

    # -- the buzzer ----------------------------------------------------------------
    def beep(self) -> None:
        buzzer = self.app.devices.buzzer
        buzzer.warn()
        self.beeping = bool(buzzer.pending)

    def _tick(self, _dt: float) -> None:
        if self.app is None or self.manager is None or self.manager.current != self.name:
            self.on_leave()  # the app stopped or another screen took over without leaving
            return
        buzzer = self.app.devices.buzzer
        buzzer.tick()  # no game model ticks it here: end the beep on time
        self.beeping = bool(buzzer.pending)
        self.muted = bool(buzzer.mute)
        self._refresh()

    # -- events --------------------------------------------------------------------
    def hardware_event(self, event: HardwareEvent) -> bool:
        """Show the event; True (kept from the app) for the buttons."""
        if event.source == Source.DICE:
            line = dice_line(event.data, clock_time(), self.app.tr)
            if line is not None:
                self.dice_lines = [*self.dice_lines, line][-DICE_LINES:]
            return False
        if event.kind not in (Kind.PRESSED, Kind.HELD):
            return True
        if isinstance(event.data, Seat):
            self._seat_event(event.data.index, event.kind)
            return True
        button = str(event.source).upper()
        pressed = event.kind == Kind.PRESSED
        message = S("button_pressed" if pressed else "button_held", button=button)
        self.buttons = {**self.buttons, str(event.source): message}
        self.lit = {**self.lit, str(event.source): True}
        line = S("ev_pressed" if pressed else "ev_held", time=clock_time(), button=button)
        self.button_lines = [*self.button_lines, line][-BUTTON_LINES:]
        return True

    def _seat_event(self, index: int, kind: str) -> None:
        self.seat_lit = {**self.seat_lit, index: str(kind)}
        self._show_seats()
        key = "ev_seat_pressed" if kind == Kind.PRESSED else "ev_seat_held"
        line = S(key, time=clock_time(), seat=index + 1)
        self.button_lines = [*self.button_lines, line][-BUTTON_LINES:]

    def lines_text(self, lines: list[Message], _lang: str = "") -> str:
        return "\n".join(self.app.tr(line) for line in lines)

    def button_text(self, source: str, _buttons: object = None, _lang: str = "") -> str:
        return str(self.app.tr(self.buttons.get(source)))

    def _refresh(self) -> None:
        dice = self.app.devices.dice
        if dice is None:
            self.dice_status, self.dice_counts = S("dice_none"), None
            return
        status = dice.status()
        if status.connected and status.device:
            self.dice_status = S(
                "dice_connected", port=status.port, device=status.device, version=status.version
            )
        elif status.connected:
            self.dice_status = S("dice_connected_plain", port=status.port)
        else:
            problem = status.problem
            error = self.app.tr(dice_message(problem)) if problem is not None else ""
            self.dice_status = S("dice_disconnected", port=status.port, error=error)
        self.dice_counts = S("dice_counts", rolls=status.rolls, bad=status.bad_lines)
