"""The buzzer: `warn()` a short beep (a warning threshold of the hourglass), `expire()`
a long tone (time is up).

Sounds are scheduled against the injected monotonic clock and switched on and off by
`tick()`, which the app's glass driver calls on its own thread when `due_in()` says
(and the hardware test page from the screen's), so the tests step a `FakeClock`; a
lock keeps the two callers apart. The output is an active buzzer (gpiozero `Buzzer`:
on/off) or a passive piezo (gpiozero `TonalBuzzer`: a PWM tone); `mute` silences both.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from hardware.errors import DeviceError, pin_problem

log = logging.getLogger(__name__)

Clock = Callable[[], float]

WARNING_S = 0.12
WARNING_HZ = 1760.0  # A6: a piezo is loudest high up
EXPIRY_S = 1.0
EXPIRY_HZ = 880.0  # A5
GAP_S = 0.08  # silence between two sounds due at the same moment, so both are heard


@dataclass(frozen=True)
class Beep:
    start: float
    duration: float
    hz: float

    @property
    def end(self) -> float:
        return self.start + self.duration


Sound = Literal["warning", "expiry"]
SOUNDS: dict[Sound, tuple[float, float]] = {  # (duration, frequency)
    "warning": (WARNING_S, WARNING_HZ),
    "expiry": (EXPIRY_S, EXPIRY_HZ),
}


def plan(sounds: Iterable[Sound], start: float) -> list[Beep]:
    """Beeps for `sounds`, one after the other from `start` (a stalled frame can
    deliver a warning and the expiry together; both must still be heard)."""
    beeps: list[Beep] = []
    at = start
    for sound in sounds:
        duration, hz = SOUNDS[sound]
        beeps.append(Beep(at, duration, hz))
        at += duration + GAP_S
    return beeps


class Sounder(Protocol):
    def play(self, hz: float) -> None: ...
    def stop(self) -> None: ...
    def close(self) -> None: ...
    def describe(self) -> str: ...


class NullSounder:
    def play(self, hz: float) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass

    def describe(self) -> str:
        return "no buzzer"


class RecordingSounder:
    """Remembers what it was told: `("play", hz)` and `("stop", None)` (for tests)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, float | None]] = []
        self.playing: float | None = None

    def play(self, hz: float) -> None:
        self.calls.append(("play", hz))
        self.playing = hz

    def stop(self) -> None:
        self.calls.append(("stop", None))
        self.playing = None

    def close(self) -> None:
        self.playing = None

    def describe(self) -> str:
        return "simulated buzzer"


class GpioBuzzer:
    """An active buzzer (it makes its own tone): on while a beep lasts."""

    def __init__(self, pin: int, pin_factory: Any = None) -> None:
        from gpiozero import Buzzer

        self.pin = pin
        self.device = _open(lambda: Buzzer(pin, pin_factory=pin_factory), pin)

    def play(self, hz: float) -> None:
        self.device.on()

    def stop(self) -> None:
        self.device.off()

    def close(self) -> None:
        self.device.close()

    def describe(self) -> str:
        return f"active buzzer on GPIO {self.pin}"


class GpioTonalBuzzer:
    """A passive piezo driven with a PWM square wave at the beep's frequency."""

    def __init__(self, pin: int, pin_factory: Any = None) -> None:
        from gpiozero import TonalBuzzer
        from gpiozero.tones import Tone

        self.pin = pin
        # A5 ± one octave covers both sounds (880 and 1760 Hz).
        self.device = _open(
            lambda: TonalBuzzer(pin, mid_tone=Tone("A5"), octaves=1, pin_factory=pin_factory),
            pin,
        )

    def play(self, hz: float) -> None:
        self.device.play(hz)

    def stop(self) -> None:
        self.device.stop()

    def close(self) -> None:
        self.device.close()

    def describe(self) -> str:
        return f"passive piezo (PWM tones) on GPIO {self.pin}"


def _open(make: Callable[[], Any], pin: int) -> Any:
    from gpiozero.exc import GPIOZeroError

    try:
        return make()
    except (GPIOZeroError, OSError) as error:
        raise DeviceError("buzzer", pin_problem("The buzzer", f"GPIO {pin}", error)) from None


class BuzzerController:
    """Plays warnings and expiries at the right moments of `clock`."""

    def __init__(self, sounder: Sounder, clock: Clock, *, mute: bool = False) -> None:
        self.sounder = sounder
        self._clock = clock
        self._mute = mute
        self._queue: list[Beep] = []
        self._playing: float | None = None
        self._lock = threading.RLock()

    @property
    def mute(self) -> bool:
        return self._mute

    @mute.setter
    def mute(self, value: bool) -> None:
        with self._lock:
            self._mute = value
            if value:
                self._queue.clear()
                self._switch(None)

    @property
    def pending(self) -> tuple[Beep, ...]:
        with self._lock:
            return tuple(self._queue)

    def due_in(self) -> float | None:
        """Seconds until the output must switch (a beep starts or ends); None when
        nothing is due."""
        with self._lock:
            if not self._queue:
                return None
            first = self._queue[0]
            now = self._clock()
            return max(0.0, (first.start if first.start > now else first.end) - now)

    def warn(self) -> None:
        """A short beep, after any sound still due."""
        self.play(["warning"])

    def expire(self) -> None:
        """The long tone of time up, after any sound still due."""
        self.play(["expiry"])

    def play(self, sounds: Iterable[Sound]) -> None:
        """Schedule `sounds` one after the other, after any still due."""
        sounds = list(sounds)
        with self._lock:
            if self._mute or not sounds:
                return
            now = self._clock()
            start = max(now, self._queue[-1].end + GAP_S) if self._queue else now
            self._queue.extend(plan(sounds, start))
            self.tick()

    def tick(self) -> None:
        """Switch the output to what the schedule says for now."""
        with self._lock:
            now = self._clock()
            while self._queue and self._queue[0].end <= now:
                self._queue.pop(0)
            due = self._queue[0] if self._queue and self._queue[0].start <= now else None
            self._switch(due.hz if due is not None else None)

    def _switch(self, hz: float | None) -> None:
        if hz == self._playing:
            return
        try:
            if hz is None:
                self.sounder.stop()
            else:
                self.sounder.play(hz)
        except Exception as error:  # a buzzer fault must never stop the game
            log.warning("The buzzer stopped answering: %s", error)
        self._playing = hz

    def close(self) -> None:
        with self._lock:
            self._queue.clear()
            self._switch(None)
            self.sounder.close()


class BuzzerSettings(Protocol):
    """What the buzzer is made from (the app's settings section `buzzer` has these)."""

    @property
    def pin(self) -> int: ...
    @property
    def mute(self) -> bool: ...
    @property
    def tonal(self) -> bool: ...  # a passive piezo (PWM tones) instead of an active buzzer


def create_buzzer(
    config: BuzzerSettings, clock: Clock, *, pin_factory: Any = None
) -> BuzzerController:
    """The buzzer `config` names. Raises `DeviceError` with one sentence."""
    sounder: Sounder
    if config.tonal:
        sounder = GpioTonalBuzzer(config.pin, pin_factory)
    else:
        sounder = GpioBuzzer(config.pin, pin_factory)
    return BuzzerController(sounder, clock, mute=config.mute)
