from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import BuzzerConfig
from companion.core.hourglass import FakeClock, Hourglass
from companion.play.timer import sound
from hardware.buzzer import (
    EXPIRY_HZ,
    EXPIRY_S,
    GAP_S,
    WARNING_HZ,
    WARNING_S,
    Beep,
    BuzzerController,
    RecordingSounder,
    create_buzzer,
    plan,
)
from hardware.errors import DeviceError

FRAME_S = 1 / 64  # the app polls and ticks once per frame (a power of 2: exact sums)


def run_turn(
    glass: Hourglass, clock: FakeClock, buzzer: BuzzerController, seconds: float
) -> list[tuple[float, float | None]]:
    """Play `seconds` of a turn frame by frame; return (time, tone) at every change."""
    changes: list[tuple[float, float | None]] = []
    playing: float | None = None
    start = clock()
    while clock() - start < seconds:
        clock.advance(FRAME_S)
        sound(buzzer, glass.poll())
        buzzer.tick()
        now_playing = buzzer.sounder.playing  # type: ignore[attr-defined]
        if now_playing != playing:
            changes.append((clock() - start, now_playing))
            playing = now_playing
    return changes


def test_a_short_beep_at_each_warning_and_a_long_tone_at_expiry() -> None:
    clock = FakeClock()
    glass = Hourglass(30, clock, warnings=(10, 5))
    buzzer = BuzzerController(RecordingSounder(), clock)
    glass.start()
    changes = run_turn(glass, clock, buzzer, 32)
    expected = [
        (20.0, WARNING_HZ),
        (20.0 + WARNING_S, None),
        (25.0, WARNING_HZ),
        (25.0 + WARNING_S, None),
        (30.0, EXPIRY_HZ),
        (30.0 + EXPIRY_S, None),
    ]
    assert [tone for _, tone in changes] == [tone for _, tone in expected]
    for (at, _), (due, _) in zip(changes, expected, strict=True):
        assert due <= at < due + FRAME_S  # on the first frame at or after its moment


def test_muted_means_silent() -> None:
    clock = FakeClock()
    glass = Hourglass(12, clock, warnings=(10, 5))
    buzzer = BuzzerController(RecordingSounder(), clock, mute=True)
    glass.start()
    assert run_turn(glass, clock, buzzer, 14) == []


def test_muting_stops_a_sound_at_once() -> None:
    clock = FakeClock()
    sounder = RecordingSounder()
    buzzer = BuzzerController(sounder, clock)
    buzzer.expire()
    assert sounder.playing == EXPIRY_HZ
    buzzer.mute = True
    assert sounder.playing is None and buzzer.pending == ()
    clock.advance(0.1)
    buzzer.tick()
    assert sounder.calls == [("play", EXPIRY_HZ), ("stop", None)]


def test_sounds_due_together_are_played_one_after_the_other() -> None:
    assert plan(["warning", "expiry"], 100.0) == [
        Beep(100.0, WARNING_S, WARNING_HZ),
        Beep(100.0 + WARNING_S + GAP_S, EXPIRY_S, EXPIRY_HZ),
    ]


def test_a_new_sound_waits_for_the_one_playing() -> None:
    clock = FakeClock()
    buzzer = BuzzerController(RecordingSounder(), clock)
    buzzer.expire()
    clock.advance(0.5)
    buzzer.warn()
    assert buzzer.pending[1].start == pytest.approx(clock() - 0.5 + EXPIRY_S + GAP_S)


def test_an_active_buzzer_on_a_mock_pin(factory: MockFactory) -> None:
    clock = FakeClock()
    buzzer = create_buzzer(BuzzerConfig(pin=18), clock, pin_factory=factory)
    pin = factory.pin(18)
    buzzer.warn()
    assert pin.state is True
    clock.advance(WARNING_S / 2)
    buzzer.tick()
    assert pin.state is True
    clock.advance(WARNING_S)
    buzzer.tick()
    assert pin.state is False
    buzzer.close()


def test_a_passive_piezo_plays_tones_by_pwm(pwm_factory: MockFactory) -> None:
    clock = FakeClock()
    buzzer = create_buzzer(BuzzerConfig(pin=12, tonal=True), clock, pin_factory=pwm_factory)
    pin = pwm_factory.pin(12)
    buzzer.warn()
    assert pin.frequency == pytest.approx(WARNING_HZ) and pin.state == 0.5
    clock.advance(1)
    buzzer.tick()
    assert pin.frequency is None
    buzzer.expire()
    assert pin.frequency == pytest.approx(EXPIRY_HZ)
    buzzer.close()


def test_a_pin_in_use_is_one_sentence(factory: MockFactory) -> None:
    clock = FakeClock()
    first = create_buzzer(BuzzerConfig(pin=18), clock, pin_factory=factory)
    with pytest.raises(DeviceError, match=r"^The buzzer cannot use GPIO 18: "):
        create_buzzer(BuzzerConfig(pin=18), clock, pin_factory=factory)
    first.close()


def test_a_failing_buzzer_never_stops_the_game() -> None:
    class Broken(RecordingSounder):
        def play(self, hz: float) -> None:
            raise OSError(5, "Input/output error")

    clock = FakeClock()
    buzzer = BuzzerController(Broken(), clock)
    buzzer.warn()
    clock.advance(1)
    buzzer.tick()  # nothing raised
