"""LED strip backends: they only write frames.

A frame is a tuple of `(r, g, b)` colours, 0..255, LED 0 first; what to show is the
app's business (`companion.play.lights`).

Backends (`create_strip(settings)`): `NullStrip`, `RecordingStrip` (tests and the
on-screen strip), `GpioBarStrip` (discrete LEDs through gpiozero's `LEDBarGraph`),
`Apa102Strip` and `Ws2812Strip` over SPI; the last two import their optional library
only when constructed. Each backend writes a frame only when it differs from the
last one written, and a failing write is logged, never raised into the app.
"""

from __future__ import annotations

import collections
import importlib
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from hardware.errors import DeviceError, pin_problem

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]
Frame = tuple[RGB, ...]

OFF: RGB = (0, 0, 0)
GREEN: RGB = (0, 255, 0)
AMBER: RGB = (255, 150, 0)
RED: RGB = (255, 0, 0)
WHITE: RGB = (255, 255, 255)
LEVELS = 8  # brightness steps of a discrete LED (the hourglass's partly lit LED)


# --- backends ------------------------------------------------------------------------


class Strip:
    """A strip that writes frames; subclasses implement `_write`."""

    kind = "none"

    def __init__(self, count: int) -> None:
        self.count = count
        self.writes = 0  # frames actually written (unchanged frames are skipped)
        self.last_error: str | None = None
        self._last: Frame | None = None
        self._show_lock = threading.Lock()  # the glass driver's thread and the screen's

    def show(self, frame: Frame) -> bool:
        """Write `frame` if it differs from the last one; True if it was written."""
        frame = fit(frame, self.count)
        with self._show_lock:
            if frame == self._last:
                return False
            try:
                self._write(frame)
            except Exception as error:  # a loose SPI cable must not stop the game
                self._report(error)
                return False
            self._last = frame
            self.writes += 1
            self.last_error = None
            return True

    def _report(self, error: Exception) -> None:
        message = f"The {self.kind} strip stopped answering: {error}"
        if message != self.last_error:
            log.warning("%s", message)
        self.last_error = message

    def _write(self, frame: Frame) -> None:
        raise NotImplementedError

    @property
    def last_frame(self) -> Frame | None:
        return self._last

    def describe(self) -> str:
        return f"{self.kind} strip with {self.count} LEDs"

    def close(self) -> None:
        """Leave the LEDs dark."""

    def __enter__(self) -> Strip:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def fit(frame: Sequence[RGB], count: int) -> Frame:
    """Exactly `count` colours: extra ones dropped, missing ones dark."""
    if len(frame) == count:
        return tuple(frame)
    return tuple(frame[:count]) + (OFF,) * max(0, count - len(frame))


class NullStrip(Strip):
    """No strip configured: frames go nowhere (the screen still shows the hourglass)."""

    kind = "none"

    def __init__(self, count: int = 0) -> None:
        super().__init__(count)

    def _write(self, frame: Frame) -> None:
        pass

    def describe(self) -> str:
        return "no LED strip configured (the screen shows the hourglass)"


class RecordingStrip(Strip):
    """Keeps the frames it is given: the tests read them, the screen draws `latest`.

    `show()` may be called from any thread; `listeners` are called with each new
    frame on the thread that wrote it.
    """

    kind = "on-screen"

    def __init__(self, count: int = 10, keep: int = 1000) -> None:
        super().__init__(count)
        self.frames: collections.deque[Frame] = collections.deque(maxlen=keep)
        self.listeners: list[Callable[[Frame], None]] = []
        self._lock = threading.Lock()

    def _write(self, frame: Frame) -> None:
        with self._lock:
            self.frames.append(frame)
        for listener in list(self.listeners):
            listener(frame)

    @property
    def latest(self) -> Frame:
        with self._lock:
            return self.frames[-1] if self.frames else (OFF,) * self.count

    def describe(self) -> str:
        return f"on-screen strip with {self.count} LEDs"


class GpioBarStrip(Strip):
    """Discrete LEDs on GPIO pins: one LED per pin, brightness by PWM.

    Each LED's level is the brightest channel of its colour times the configured
    brightness, so a draining hourglass lights the LEDs like `LEDBarGraph.value`
    does (`[1, 1, 0.5, 0, 0]`), and flashing and dimming still work.
    """

    kind = "gpio-bar"

    def __init__(self, pins: Sequence[int], brightness: float = 1.0, pin_factory: Any = None):
        super().__init__(len(pins))
        self.pins = tuple(pins)
        self.brightness = brightness
        from gpiozero import LEDBarGraph
        from gpiozero.exc import GPIOZeroError

        try:
            self.bar = LEDBarGraph(*self.pins, pwm=True, pin_factory=pin_factory)
        except (GPIOZeroError, OSError) as error:
            pins_text = "GPIO " + ", ".join(map(str, self.pins))
            raise DeviceError("strip", pin_problem("The LED bar", pins_text, error)) from None

    def levels(self, frame: Frame) -> tuple[float, ...]:
        # In steps of 1/LEVELS, so a half-full LED is exactly 0.5 as with LEDBarGraph.
        steps = (round(max(colour) / 255 * LEVELS) for colour in frame)
        return tuple(step / LEVELS * self.brightness for step in steps)

    def _write(self, frame: Frame) -> None:
        for led, level in zip(self.bar.leds, self.levels(frame), strict=True):
            if led.value != level:  # each write is a pin operation: skip unchanged LEDs
                led.value = level

    def describe(self) -> str:
        return f"LED bar of {self.count} LEDs on GPIO {', '.join(map(str, self.pins))}"

    def close(self) -> None:
        self.bar.close()


def _import_optional(module: str, extra: str, strip: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        raise DeviceError(
            "strip",
            f"The {strip} strip needs the {extra} extra: pip install 'balloon-companion[{extra}]'",
        ) from None


class Apa102Strip(Strip):
    """APA102 / SK9822 over SPI0 (MOSI GPIO 10, SCLK GPIO 11) with `apa102-pi`.

    `colour_order` is the strip's, as `apa102-pi` names it; the library reorders.
    """

    kind = "apa102"

    def __init__(self, count: int, brightness: float = 0.4, colour_order: str = "rgb") -> None:
        super().__init__(count)
        driver = _import_optional("apa102_pi.driver.apa102", "apa102", "APA102")
        # The 5-bit global brightness scales the LED current, not the PWM: smoother
        # at low levels than scaling the colours.
        level = 0 if brightness <= 0 else max(1, round(brightness * 31))
        try:
            self.device = driver.APA102(num_led=count, order=colour_order, global_brightness=level)
        except Exception as error:
            raise DeviceError(
                "strip", f"The APA102 strip cannot be opened on SPI: {error}"
            ) from None

    def _write(self, frame: Frame) -> None:
        for index, (r, g, b) in enumerate(frame):
            self.device.set_pixel(index, r, g, b)
        self.device.show()

    def close(self) -> None:
        try:
            self.device.cleanup()
        except Exception as error:
            log.warning("The APA102 strip did not close cleanly: %s", error)


class Ws2812Strip(Strip):
    """WS2812 ("NeoPixel") on SPI MOSI (GPIO 10) with `adafruit-circuitpython-neopixel-spi`;
    the only WS2812 route that works on both a Pi 4 and a Pi 5."""

    kind = "ws2812"

    def __init__(self, count: int, brightness: float = 0.4, colour_order: str = "grb") -> None:
        super().__init__(count)
        neopixel_spi = _import_optional("neopixel_spi", "ws2812", "WS2812")
        try:
            board = importlib.import_module("board")
            self.device = neopixel_spi.NeoPixel_SPI(
                board.SPI(),
                count,
                pixel_order=colour_order.upper(),
                brightness=brightness,
                auto_write=False,
            )
        except Exception as error:
            raise DeviceError(
                "strip", f"The WS2812 strip cannot be opened on SPI: {error}"
            ) from None

    def _write(self, frame: Frame) -> None:
        for index, colour in enumerate(frame):
            self.device[index] = colour
        self.device.show()

    def close(self) -> None:
        try:
            self.device.fill(OFF)
            self.device.show()
            self.device.deinit()
        except Exception as error:
            log.warning("The WS2812 strip did not close cleanly: %s", error)


class StripSettings(Protocol):
    """What a strip is made from (the app's settings section `strip` has these)."""

    @property
    def type(self) -> str: ...  # none, gpio-bar, apa102, ws2812
    @property
    def pins(self) -> Sequence[int]: ...  # gpio-bar: one LED per pin
    @property
    def led_count(self) -> int: ...
    @property
    def brightness(self) -> float: ...
    @property
    def order(self) -> str: ...  # the strip's colour order, as apa102-pi names it


def create_strip(settings: StripSettings, *, pin_factory: Any = None) -> Strip:
    """The backend `settings` names. Raises `DeviceError` with one sentence."""
    if settings.type == "gpio-bar":
        return GpioBarStrip(settings.pins, settings.brightness, pin_factory=pin_factory)
    if settings.type == "apa102":
        return Apa102Strip(settings.led_count, settings.brightness, settings.order)
    if settings.type == "ws2812":
        return Ws2812Strip(settings.led_count, settings.brightness, settings.order)
    return NullStrip()
