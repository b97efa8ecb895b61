from __future__ import annotations

import itertools
import sys
import types
from collections.abc import Iterator
from typing import ClassVar

import pytest
from gpiozero import LEDBarGraph
from gpiozero.pins.mock import MockFactory
from hypothesis import given
from hypothesis import strategies as st

from companion.config import StripConfig
from companion.core.errors import HardwareError
from companion.core.hourglass import FakeClock, Hourglass, HourglassView, Phase
from hardware import strip
from hardware.strip import (
    AMBER,
    GREEN,
    OFF,
    RED,
    GpioBarStrip,
    NullStrip,
    RecordingStrip,
    StripController,
    frame,
    hex_to_rgb,
)

BLUE = hex_to_rgb("#0072B2")
PINK = hex_to_rgb("#CC79A7")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def glass(clock: FakeClock) -> Hourglass:
    return Hourglass(60, clock, warnings=(10, 5))


def lit(picture: tuple[tuple[int, int, int], ...]) -> int:
    return sum(1 for colour in picture if colour != OFF)


# --- the pure frame function, phase by phase --------------------------------------------


def test_idle_shows_the_current_players_colour(glass: Hourglass, clock: FakeClock) -> None:
    assert frame(10, clock(), view=glass.view(), player=BLUE) == (BLUE,) * 10
    assert frame(10, clock(), view=glass.view()) == (OFF,) * 10  # nobody's turn: dark
    assert frame(10, clock(), player=PINK) == (PINK,) * 10  # no hourglass at all


def test_a_fresh_glass_is_full_and_green(glass: Hourglass, clock: FakeClock) -> None:
    glass.start()
    assert frame(10, clock(), view=glass.view(), player=BLUE) == (GREEN,) * 10


def test_the_sand_drains_from_the_far_end(glass: Hourglass, clock: FakeClock) -> None:
    glass.start()
    counts = []
    for _ in range(12):
        clock.advance(4.5)
        picture = frame(10, clock(), view=glass.view())
        counts.append(lit(picture))
        if lit(picture):
            assert picture[0] != OFF  # LED 0 is the bottom: it empties last
            assert all(c == OFF for c in picture[lit(picture) :])  # dark from the top down
    assert counts == sorted(counts, reverse=True)
    assert counts[0] == 10 and counts[-1] == 1  # 6 s of 60 left: one LED


def test_the_last_lit_led_shows_the_sand_left_in_it(clock: FakeClock) -> None:
    view = HourglassView(Phase.RUNNING, 50.0, 25.0, 0.0)  # half the sand, no warnings
    assert frame(5, clock(), view=view) == (GREEN, GREEN, (0, 128, 0), OFF, OFF)


def test_the_colour_runs_green_amber_red_through_the_warning_band(
    glass: Hourglass, clock: FakeClock
) -> None:
    glass.start()
    clock.advance(49)  # 11 s left: before the band
    assert frame(60, clock(), view=glass.view())[0] == GREEN
    clock.advance(6)  # 5 s left: the middle of the 10 s band
    assert frame(60, clock(), view=glass.view())[0] == AMBER
    clock.advance(4.9)  # 0.1 s left: the last grain, nearly pure red
    red, green, blue = strip.sand_colour(glass.view())
    assert red == 255 and green < 10 and blue == 0


def test_the_colour_changes_smoothly(clock: FakeClock) -> None:
    greens = [
        strip.sand_colour(HourglassView(Phase.RUNNING, 60, left / 10, 10))[1]
        for left in range(100, -1, -1)
    ]
    assert greens == sorted(greens, reverse=True)  # green fades steadily to none
    assert max(a - b for a, b in itertools.pairwise(greens)) <= 8


def test_paused_is_the_same_picture_dimmed(glass: Hourglass, clock: FakeClock) -> None:
    glass.start()
    clock.advance(30)
    running = frame(10, clock(), view=glass.view())
    glass.pause()
    clock.advance(100)  # a paused glass does not drain
    paused = frame(10, clock(), view=glass.view())
    assert paused == tuple(strip.scale(c, strip.PAUSED_LEVEL) for c in running)
    assert lit(paused) == lit(running) == 5


def test_time_up_blinks_red_on_the_injected_clock(glass: Hourglass) -> None:
    clock = FakeClock(0.0)
    glass = Hourglass(60, clock)
    glass.start()
    clock.advance(61)  # 61.0: the first half of a second
    assert glass.phase is Phase.EXPIRED
    assert frame(8, clock(), view=glass.view()) == (RED,) * 8
    clock.advance(0.5)
    assert frame(8, clock(), view=glass.view()) == (OFF,) * 8
    clock.advance(0.5)
    assert frame(8, clock(), view=glass.view()) == (RED,) * 8


def test_the_winner_animation_moves_in_the_winners_colours(clock: FakeClock) -> None:
    one = frame(20, clock(), winners=[BLUE])
    clock.advance(0.5)
    later = frame(20, clock(), winners=[BLUE])
    assert one != later  # it moves
    assert frame(20, clock(), winners=[BLUE]) == later  # and depends only on the time
    for colour in one:  # every LED is blue at some brightness
        assert colour != OFF and colour[0] == 0 and colour[2] >= colour[1]


def test_a_tie_shows_every_winner(clock: FakeClock) -> None:
    picture = frame(20, clock(), winners=[BLUE, PINK], view=None, player=RED)
    reds = {colour[0] > 0 for colour in picture}  # pink has red in it, blue has none
    assert reds == {True, False}


views = st.builds(
    HourglassView,
    phase=st.sampled_from(list(Phase)),
    duration=st.floats(0, 3600),
    seconds_left=st.floats(-10, 4000),
    warning_band=st.floats(0, 60),
)


@given(view=views, count=st.integers(0, 120), now=st.floats(0, 1e7), winners=st.booleans())
def test_every_frame_has_one_valid_colour_per_led(
    view: HourglassView, count: int, now: float, winners: bool
) -> None:
    picture = frame(count, now, view=view, player=BLUE, winners=[PINK] if winners else [])
    assert len(picture) == count
    for colour in picture:
        assert len(colour) == 3 and all(isinstance(v, int) and 0 <= v <= 255 for v in colour)


def test_hex_colours() -> None:
    assert hex_to_rgb("#0072B2") == (0, 114, 178)
    with pytest.raises(ValueError, match="is not a colour"):
        hex_to_rgb("blue")


# --- backends --------------------------------------------------------------------------


def test_only_changed_frames_are_written(glass: Hourglass, clock: FakeClock) -> None:
    recording = RecordingStrip(10)
    controller = StripController(recording, clock)
    glass.start()
    assert controller.update(glass.view())
    assert not controller.update(glass.view())  # nothing changed
    clock.advance(0.01)  # less sand, but not enough to change a LED
    assert not controller.update(glass.view())
    clock.advance(30)
    assert controller.update(glass.view())
    assert recording.writes == len(recording.frames) == 2
    assert recording.latest == recording.last_frame


def test_the_recording_strip_tells_the_screen(clock: FakeClock) -> None:
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


def test_the_gpio_bar_blinks_dims_and_keeps_brightness(pwm_factory: MockFactory) -> None:
    with GpioBarStrip((5, 6, 13), brightness=0.5, pin_factory=pwm_factory) as dim:
        expired = HourglassView(Phase.EXPIRED, 60, 0, 10)
        dim.show(frame(3, 0.25, view=expired))
        assert states(pwm_factory, (5, 6, 13)) == [0.5, 0.5, 0.5]
        dim.show(frame(3, 0.75, view=expired))
        assert states(pwm_factory, (5, 6, 13)) == [0, 0, 0]
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
    with pytest.raises(HardwareError, match=r"^The LED bar cannot use GPIO 5, 6: no PWM there$"):
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
    with pytest.raises(HardwareError) as caught:
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
