"""The hardware the running app uses, built from the settings: the event queue, the
buttons, the strip, the buzzer and the dice reader, real or simulated, and the speaker
of the spoken calls (espeak-ng) when the settings turn them on.

This is where the settings file meets the devices: each section goes to the device
it configures, and a device's own `DeviceError` becomes the app's `HardwareError`.
A device that cannot be opened is left out, with its sentence kept for the status
line; the game goes on without it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from companion.config import Config
from companion.core.errors import CompanionError, HardwareError
from hardware.buzzer import BuzzerController, NullSounder, create_buzzer
from hardware.errors import DeviceError
from hardware.events import HardwareEvent
from hardware.flood import FloodQueue
from hardware.strip import NullStrip, RecordingStrip, Strip, create_strip

if TYPE_CHECKING:
    from hardware.buttons import ButtonReader
    from hardware.dice import DiceReader
    from hardware.sim import Simulation
    from hardware.speech import Speaker

log = logging.getLogger(__name__)

Clock = Callable[[], float]
T = TypeVar("T")

SIMULATED_LEDS = 10  # the on-screen strip when the settings name no strip


def build(make: Callable[[], T]) -> T:
    """A device from `make`; its `DeviceError` is raised as the app's `HardwareError`."""
    try:
        return make()
    except DeviceError as error:
        raise HardwareError(error.text) from None


class Devices:
    """The devices of `config`, opened at once or, with `open_now=False`, when `open()`
    is called: the app opens them after the home screen's first frame (gpiozero, its
    pin factory, the serial port and the simulation's pty cost start-up 40 ms here,
    more on a Pi), or before a game's table, which drives the strip and the buzzer."""

    def __init__(
        self,
        config: Config,
        *,
        simulate: bool,
        clock: Clock = time.monotonic,
        open_now: bool = True,
    ) -> None:
        self.config = config
        self.simulate = simulate
        self.clock = clock
        self.opened = False
        # Bounded: a device gone wrong cannot fill the memory, and what is lost is
        # counted for the status line.
        self.events = FloodQueue()
        self.dropped = 0  # events lost to a flood since the start
        self.problems: dict[str, str] = {}
        self.sim: Simulation | None = None
        self.buttons: ButtonReader | None = None
        self.strip: Strip = NullStrip()
        self.buzzer = BuzzerController(NullSounder(), clock)
        self.dice: DiceReader | None = None
        self.speaker: Speaker | None = None  # the spoken calls, when the settings want them
        if open_now:
            self.open()

    def open(self) -> None:
        """Open the devices (once; a second call does nothing)."""
        if self.opened:
            return
        self.opened = True
        if self.simulate:
            self._simulate(self.clock)
        else:
            self._real(self.clock)
        if self.config.speech.calls:
            from hardware.speech import Speaker

            self.speaker = Speaker()  # real time: a call goes stale as players hear it

    def _simulate(self, clock: Clock) -> None:
        from hardware.dice import Ack
        from hardware.sim import Simulation  # mock pins and a pty: not on a real table

        config = self.config
        self.sim = Simulation(
            self.events,
            buttons=config.buttons,
            buzzer=config.buzzer,
            leds=config.strip.count if config.strip.type != "none" else SIMULATED_LEDS,
            baudrate=config.serial.baudrate,
            clock=clock,
            dice_ack=Ack.TAKEN,
            taken=[pin for _, pin in config.pins_claimed()],
        )
        self.buttons = self.sim.buttons
        self.strip = self.sim.strip
        self.buzzer = self.sim.buzzer
        self.dice = self.sim.dice

    def _real(self, clock: Clock) -> None:
        from hardware.buttons import ButtonReader  # gpiozero: after the first frame
        from hardware.dice import Ack, start_reader

        config = self.config
        self.buttons = self._try("buttons", lambda: ButtonReader(config.buttons, self.events))
        strip = self._try("strip", lambda: create_strip(config.strip))
        self.strip = strip if strip is not None else NullStrip()
        buzzer = self._try("buzzer", lambda: create_buzzer(config.buzzer, clock))
        if buzzer is not None:
            self.buzzer = buzzer
        port, baudrate = config.serial.port, config.serial.baudrate
        # A roll is acknowledged once the app took it (`HardwareRouter`), not before.
        self.dice = self._try(
            "dice", lambda: start_reader(port, self.events, baudrate=baudrate, ack=Ack.TAKEN)
        )

    def _try(self, name: str, make: Callable[[], T]) -> T | None:
        try:
            return build(make)
        except CompanionError as error:
            self.problems[name] = str(error)
            log.warning("%s", error)
        except Exception as error:  # a device must never keep the app from starting
            self.problems[name] = f"{type(error).__name__}: {error}"
            log.exception("%s could not be opened", name)
        return None

    # -- the app's side ----------------------------------------------------------------
    def drain(self, limit: int = 1000) -> list[HardwareEvent]:
        """The events waiting now (at most `limit`, so one frame never stalls)."""
        drained = self.events.drain(limit)
        self.dropped += drained.dropped
        return drained.events

    def handle_key(self, key: str | int, down: bool) -> bool:
        """The simulated buttons' keys; False for every other key (or no simulation)."""
        return self.sim is not None and self.sim.handle_key(key, down)

    @property
    def on_screen_strip(self) -> bool:
        return isinstance(self.strip, RecordingStrip)

    def close(self) -> None:
        if self.speaker is not None:
            self.speaker.close()
        if self.sim is not None:
            self.sim.close()
            return
        devices: list[Any] = [self.dice, self.buttons, self.strip, self.buzzer]
        for device in devices:
            if device is None:
                continue
            try:
                device.close()
            except Exception:
                log.exception("closing a device failed")
