"""The LED hourglass: frames as a pure function, and backends that only write frames.

A frame is a tuple of `(r, g, b)` colours, 0..255, LED 0 first. `frame()` decides what
to show from the hourglass view, the current player's colour and the winners, at the
instant `now` (the injected monotonic time; blinking and the winner animation depend
on it and on nothing else), so the screen, the strip and the tests agree.

Backends (`create_strip(config)`): `NullStrip`, `RecordingStrip` (tests and the
on-screen strip), `GpioBarStrip` (discrete LEDs through gpiozero's `LEDBarGraph`),
`Apa102Strip` and `Ws2812Strip` over SPI; the last two import their optional library
only when constructed. Each backend writes a frame only when it differs from the
last one written, and a failing write is logged, never raised into the app.
"""

from __future__ import annotations

import collections
import importlib
import logging
import math
import threading
from collections.abc import Callable, Sequence
from typing import Any

from companion.config import StripConfig
from companion.core.errors import HardwareError
from companion.core.hourglass import HourglassView, Phase
from hardware.pins import pin_problem

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]
Frame = tuple[RGB, ...]

OFF: RGB = (0, 0, 0)
GREEN: RGB = (0, 255, 0)
AMBER: RGB = (255, 150, 0)
RED: RGB = (255, 0, 0)

PAUSED_LEVEL = 0.25  # a paused glass keeps its picture, dimmed
BLINK_PERIOD_S = 1.0  # time is up: red half a second, dark half a second
# Brightness steps of the partly lit LED, and colour steps through the warning band:
# each visible change redraws the screen too, so a few steps a second keep the Pi
# cool while the sand still drains smoothly to the eye.
LEVELS = 8
COLOUR_STEPS = 40
WINNER_PERIOD_S = 2.0  # one wave crest runs the length of the strip in this time


# --- colours -------------------------------------------------------------------------


def hex_to_rgb(text: str) -> RGB:
    """`"#0072B2"` -> `(0, 114, 178)`; the seat and balloon colours are written so."""
    digits = text.strip().removeprefix("#")
    if len(digits) != 6:
        raise ValueError(f"{text!r} is not a colour like #0072B2")
    value = int(digits, 16)
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


def scale(colour: RGB, level: float) -> RGB:
    level = max(0.0, min(1.0, level))
    r, g, b = colour
    return round(r * level), round(g * level), round(b * level)


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """`a` at t=0, `b` at t=1."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def sand_colour(view: HourglassView) -> RGB:
    """Green until the warning band, then through amber to red as the sand runs out."""
    band = view.warning_band
    if band <= 0 or view.seconds_left >= band:
        return GREEN
    t = max(0.0, view.seconds_left / band)  # 1 at the band's start, 0 when time is up
    t = round(t * COLOUR_STEPS) / COLOUR_STEPS
    if t >= 0.5:
        return blend(AMBER, GREEN, (t - 0.5) * 2)
    return blend(RED, AMBER, t * 2)


# --- frames --------------------------------------------------------------------------


def frame(
    count: int,
    now: float,
    *,
    view: HourglassView | None = None,
    player: RGB | None = None,
    winners: Sequence[RGB] = (),
) -> Frame:
    """What the strip shows at `now`: the winners' animation once the game is over,
    the hourglass while one runs, otherwise the current player's colour (or dark)."""
    if winners:
        return winner_frame(count, now, winners)
    if view is None or view.phase is Phase.IDLE:
        return player_frame(count, player)
    return hourglass_frame(count, now, view)


def hourglass_frame(count: int, now: float, view: HourglassView) -> Frame:
    if view.phase is Phase.EXPIRED or (view.phase is Phase.RUNNING and view.seconds_left <= 0):
        on = (now % BLINK_PERIOD_S) < BLINK_PERIOD_S / 2
        return (RED if on else OFF,) * count
    sand = sand_frame(count, view.fraction_left, sand_colour(view))
    if view.phase is Phase.PAUSED:
        return tuple(scale(colour, PAUSED_LEVEL) for colour in sand)
    return sand


def sand_frame(count: int, fraction: float, colour: RGB) -> Frame:
    """LED 0 is the bottom of the glass: the far end goes dark first, and the last lit
    LED glows in proportion to the sand left in it (like `LEDBarGraph(pwm=True)`)."""
    lit = max(0.0, min(1.0, fraction)) * count
    out = []
    for index in range(count):
        level = max(0.0, min(1.0, lit - index))
        out.append(scale(colour, math.ceil(level * LEVELS) / LEVELS))
    return tuple(out)


def player_frame(count: int, colour: RGB | None) -> Frame:
    return ((colour or OFF),) * count


def winner_frame(count: int, now: float, winners: Sequence[RGB]) -> Frame:
    """Stripes of the winners' colours (several on a tie) with a bright wave running
    along them, so the table sees who won from across the room."""
    stripe = max(1, count // (2 * len(winners)))
    phase = (now % WINNER_PERIOD_S) / WINNER_PERIOD_S
    out = []
    for index in range(count):
        colour = winners[(index // stripe) % len(winners)]
        wave = 0.5 + 0.5 * math.cos(2 * math.pi * (index / max(count, 1) - phase))
        out.append(scale(colour, 0.25 + 0.75 * wave))
    return tuple(out)


# --- backends ------------------------------------------------------------------------


class Strip:
    """A strip that writes frames; subclasses implement `_write`."""

    kind = "none"

    def __init__(self, count: int) -> None:
        self.count = count
        self.writes = 0  # frames actually written (unchanged frames are skipped)
        self.last_error: str | None = None
        self._last: Frame | None = None

    def show(self, frame: Frame) -> bool:
        """Write `frame` if it differs from the last one; True if it was written."""
        frame = fit(frame, self.count)
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
    does (`[1, 1, 0.5, 0, 0]`), and blinking and dimming still work.
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
            raise HardwareError(pin_problem("The LED bar", pins_text, error)) from None

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
        raise HardwareError(
            f"The {strip} strip needs the {extra} extra: pip install 'balloon-companion[{extra}]'"
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
            raise HardwareError(f"The APA102 strip cannot be opened on SPI: {error}") from None

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
            raise HardwareError(f"The WS2812 strip cannot be opened on SPI: {error}") from None

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


def create_strip(config: StripConfig, *, pin_factory: Any = None) -> Strip:
    """The backend the config names. Raises `HardwareError` with one sentence."""
    if config.type == "gpio-bar":
        return GpioBarStrip(config.pins, config.brightness, pin_factory=pin_factory)
    if config.type == "apa102":
        return Apa102Strip(config.led_count, config.brightness, config.order)
    if config.type == "ws2812":
        return Ws2812Strip(config.led_count, config.brightness, config.order)
    return NullStrip()


class StripController:
    """Renders the next frame from the app's state; call `update()` every clock tick."""

    def __init__(self, strip: Strip, clock: Callable[[], float]) -> None:
        self.strip = strip
        self._clock = clock

    def update(
        self,
        view: HourglassView | None,
        *,
        player: RGB | None = None,
        winners: Sequence[RGB] = (),
    ) -> bool:
        picture = frame(self.strip.count, self._clock(), view=view, player=player, winners=winners)
        return self.strip.show(picture)
