"""The hardware the running app uses, behind one object: the event queue, the
buttons, the strip, the buzzer and the dice reader, real or simulated.

A device that cannot be opened is left out with a sentence for the status line;
the game goes on without it. Everything here is the hardware layer's API; this
module only chooses and wires (`hardware.sim.Simulation` for --simulate).
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from typing import Any

from companion.config import Config
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.ui.strings import UI
from hardware.buttons import ButtonReader
from hardware.buzzer import BuzzerController, NullSounder, create_buzzer
from hardware.dice import DiceReader, start_reader
from hardware.events import EventQueue, HardwareEvent, drain
from hardware.strip import NullStrip, RecordingStrip, Strip, create_strip

log = logging.getLogger(__name__)

Clock = Callable[[], float]


class Devices:
    def __init__(self, config: Config, *, simulate: bool, clock: Clock = time.monotonic) -> None:
        self.config = config
        self.simulate = simulate
        self.events: EventQueue = queue.Queue()
        self.problems: dict[str, str] = {}
        self.sim: Any = None
        self.buttons: ButtonReader | None = None
        self.strip: Strip = NullStrip()
        self.buzzer = BuzzerController(NullSounder(), clock)
        self.dice: DiceReader | None = None
        if simulate:
            self._simulate(clock)
        else:
            self._real(clock)

    def _simulate(self, clock: Clock) -> None:
        from hardware.sim import Simulation

        self.sim = Simulation(self.config, self.events, clock=clock, dice_interval=None)
        self.buttons = self.sim.buttons
        self.strip = self.sim.strip
        self.buzzer = self.sim.buzzer
        self.dice = self.sim.dice

    def _real(self, clock: Clock) -> None:
        self.buttons = self._try("buttons", lambda: ButtonReader(self.config.buttons, self.events))
        strip = self._try("strip", lambda: create_strip(self.config.strip))
        self.strip = strip if strip is not None else NullStrip()
        buzzer = self._try("buzzer", lambda: create_buzzer(self.config.buzzer, clock))
        if buzzer is not None:
            self.buzzer = buzzer
        self.dice = self._try("dice", lambda: start_reader(self.config.serial, self.events))

    def _try(self, name: str, make: Callable[[], Any]) -> Any:
        try:
            return make()
        except CompanionError as error:
            self.problems[name] = str(error)
            log.warning("%s", error)
        except Exception as error:  # a device must never keep the app from starting
            self.problems[name] = f"{type(error).__name__}: {error}"
            log.exception("%s could not be opened", name)
        return None

    # -- the app's side ----------------------------------------------------------------
    def drain(self) -> list[HardwareEvent]:
        return drain(self.events)

    def handle_key(self, key: str | int, down: bool) -> bool:
        """The simulated buttons' keys; False for every other key (or no simulation)."""
        if self.sim is None:
            return False
        handled: bool = self.sim.handle_key(key, down)
        return handled

    @property
    def on_screen_strip(self) -> bool:
        return isinstance(self.strip, RecordingStrip)

    def status(self) -> list[Message]:
        """One short sentence per device for the status line."""
        return [self._buttons_status(), self._strip_status(), self._dice_status()]

    def _buttons_status(self) -> Message:
        if self.sim is not None:
            return UI("buttons_sim")
        return UI("buttons_ok") if self.buttons is not None else UI("buttons_off")

    def _strip_status(self) -> Message:
        if "strip" in self.problems or self.strip.last_error:
            return UI("strip_fail")
        if self.on_screen_strip:
            return UI("strip_screen")
        if isinstance(self.strip, NullStrip):
            return UI("strip_none")
        return UI("strip_ok", kind=self.strip.kind)

    def _dice_status(self) -> Message:
        if self.dice is None:
            return UI("dice_off") if "dice" in self.problems else UI("dice_none")
        return UI("dice_on") if self.dice.status().connected else UI("dice_off")

    def close(self) -> None:
        if self.sim is not None:
            self.sim.close()
            return
        for device in (self.dice, self.buttons, self.strip, self.buzzer):
            if device is None:
                continue
            try:
                device.close()
            except Exception:
                log.exception("closing a device failed")
