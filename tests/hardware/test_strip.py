from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from typing import ClassVar

import pytest
from gpiozero import LEDBarGraph
from gpiozero.pins.mock import MockFactory

from companion.config import StripConfig
from companion.core.hourglass import HourglassView, Phase
from companion.play.lights import frame
from hardware import strip
from hardware.errors import DeviceError
from hardware.strip import GREEN, OFF, RED, GpioBarStrip, NullStrip, RecordingStrip

BLUE = (0, 114, 178)
PINK = (204, 121, 167)


# --- backends --------------------------------------------------------------------------


def test_the_recording_strip_tells_the_screen() -> None:
    recording = RecordingStrip(4)
    seen: list[object] = []
    recording.listeners.append(seen.append)
    assert recording.latest == (OFF,) * 4
    recording.show((BLUE,) * 4)
    assert seen == [(BLUE,) * 4]


def test_a_frame_of_the_wrong_length_is_fitted() -> None:
    recording = RecordingStrip(3)
    recording.show((BLUE,) * 5)
    recording.show((PINK,))
    assert list(recording.frames) == [(BLUE,) * 3, (PINK, OFF, OFF)]


def test_no_strip_configured() -> None:
    null = strip.create_strip(StripConfig(type="none"))
    assert isinstance(null, NullStrip) and null.count == 0
    assert null.show((BLUE,) * 5) is True  # accepted and dropped: nothing to light
    assert null.show((PINK,)) is False  # fitted to no LEDs, it is the same empty frame
    assert null.describe() == "no LED strip configured (the screen shows the hourglass)"


@pytest.fixture
def bar(pwm_factory: MockFactory) -> Iterator[GpioBarStrip]:
    with GpioBarStrip((5, 6, 13, 19, 26), brightness=1.0, pin_factory=pwm_factory) as led_bar:
        assert isinstance(led_bar, GpioBarStrip)
        yield led_bar


def states(factory: MockFactory, pins: tuple[int, ...]) -> list[float]:
    return [float(factory.pin(pin).state) for pin in pins]


def test_the_gpio_bar_lights_like_ledbargraph(bar: GpioBarStrip, pwm_factory: MockFactory) -> None:
    half = HourglassView(Phase.RUNNING, 50.0, 25.0, 0.0)
    bar.show(frame(5, 0.0, view=half))
    assert states(pwm_factory, bar.pins) == [1, 1, 0.5, 0, 0]
    with LEDBarGraph(12, 16, 20, 21, 24, pwm=True, pin_factory=pwm_factory) as reference:
        reference.value = 0.5  # gpiozero's own bar graph at the same fraction
        assert states(pwm_factory, (12, 16, 20, 21, 24)) == states(pwm_factory, bar.pins)


def test_the_gpio_bar_flashes_dims_and_keeps_brightness(pwm_factory: MockFactory) -> None:
    with GpioBarStrip((5, 6, 13), brightness=0.5, pin_factory=pwm_factory) as dim:
        expired = HourglassView(Phase.EXPIRED, 60, 0, 10)
        dim.show(frame(3, 0.1, view=expired))  # time up: every other LED, swapping
        assert states(pwm_factory, (5, 6, 13)) == [0.5, 0, 0.5]
        dim.show(frame(3, 0.35, view=expired))
        assert states(pwm_factory, (5, 6, 13)) == [0, 0.5, 0]
        dim.show(frame(3, 0.0, view=HourglassView(Phase.PAUSED, 60, 60, 10)))
        assert states(pwm_factory, (5, 6, 13)) == [0.125, 0.125, 0.125]


def test_the_gpio_bar_writes_only_the_leds_that_change(
    bar: GpioBarStrip, pwm_factory: MockFactory
) -> None:
    bar.show((GREEN,) * 5)
    before = [len(pwm_factory.pin(pin).states) for pin in bar.pins]
    bar.show((GREEN,) * 4 + (OFF,))
    after = [len(pwm_factory.pin(pin).states) for pin in bar.pins]
    assert [b - a for a, b in zip(before, after, strict=True)] == [0, 0, 0, 0, 1]


def test_the_gpio_bar_from_the_config(pwm_factory: MockFactory) -> None:
    config = StripConfig(type="gpio-bar", pins=(5, 6, 13))
    with strip.create_strip(config, pin_factory=pwm_factory) as created:
        assert isinstance(created, GpioBarStrip) and created.count == config.count == 3
        assert created.describe() == "LED bar of 3 LEDs on GPIO 5, 6, 13"


def test_the_gpio_bar_on_a_pin_without_pwm_is_one_sentence(factory: MockFactory) -> None:
    with pytest.raises(DeviceError, match=r"^The LED bar cannot use GPIO 5, 6: no PWM there$"):
        GpioBarStrip((5, 6), pin_factory=factory)


# --- the SPI strips: optional libraries, imported only when configured -----------------------


@pytest.mark.parametrize(
    ("kind", "extra"), [("apa102", "apa102"), ("ws2812", "ws2812")], ids=["apa102", "ws2812"]
)
def test_a_missing_optional_library_is_one_sentence(
    kind: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("apa102_pi", "apa102_pi.driver", "apa102_pi.driver.apa102", "neopixel_spi"):
        monkeypatch.setitem(sys.modules, name, None)  # None in sys.modules: ImportError
    with pytest.raises(DeviceError) as caught:
        strip.create_strip(StripConfig(type=kind))  # type: ignore[arg-type]
    assert f"pip install 'balloon-companion[{extra}]'" in str(caught.value)


class FakeApa102:
    """Stands in for apa102-pi's driver: keeps what the backend gave it."""

    made: ClassVar[list[FakeApa102]] = []

    def __init__(self, num_led: int, order: str, global_brightness: int) -> None:
        self.options = (num_led, order, global_brightness)
        self.pixels: dict[int, tuple[int, int, int]] = {}
        self.shows = 0
        FakeApa102.made.append(self)

    def set_pixel(self, index: int, r: int, g: int, b: int) -> None:
        self.pixels[index] = (r, g, b)

    def show(self) -> None:
        self.shows += 1

    def cleanup(self) -> None:
        self.pixels.clear()


def test_the_apa102_backend_drives_apa102_pi(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("apa102_pi.driver.apa102")
    module.APA102 = FakeApa102  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "apa102_pi.driver.apa102", module)
    config = StripConfig(type="apa102", led_count=3, brightness=0.5, colour_order="bgr")
    with strip.create_strip(config) as created:
        device = FakeApa102.made[-1]
        assert device.options == (3, "bgr", 16)
        created.show((RED, GREEN, BLUE))
        created.show((RED, GREEN, BLUE))
        assert device.pixels == {0: RED, 1: GREEN, 2: BLUE} and device.shows == 1


def test_a_failing_strip_is_logged_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken(FakeApa102):
        def show(self) -> None:
            raise OSError(5, "Input/output error")

    module = types.ModuleType("apa102_pi.driver.apa102")
    module.APA102 = Broken  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "apa102_pi.driver.apa102", module)
    created = strip.create_strip(StripConfig(type="apa102", led_count=2))
    assert created.show((RED, RED)) is False
    assert created.last_error == "The apa102 strip stopped answering: [Errno 5] Input/output error"
