import pytest

from companion.core.hourglass import FakeClock, Hourglass, Phase, Signal


def glass(duration=30.0, warnings=(10.0, 5.0)):
    clock = FakeClock()
    return clock, Hourglass(duration, clock, warnings)


def test_runs_down_and_reports_each_warning_and_the_expiry_once():
    clock, hourglass = glass()
    assert hourglass.phase is Phase.IDLE and hourglass.fraction_left() == 1.0
    hourglass.start()
    clock.advance(19.9)
    assert hourglass.poll() == []
    clock.advance(0.2)
    assert [(e.signal, e.seconds_left) for e in hourglass.poll()] == [(Signal.WARNING, 10.0)]
    assert hourglass.view().in_warning
    clock.advance(100)
    signals = [(e.signal, e.seconds_left) for e in hourglass.poll()]
    assert signals == [(Signal.WARNING, 5.0), (Signal.EXPIRED, 0.0)]
    assert hourglass.poll() == []
    assert hourglass.phase is Phase.EXPIRED and hourglass.seconds_left() == 0


def test_phase_shows_expiry_before_the_next_poll():
    clock, hourglass = glass()
    hourglass.start()
    clock.advance(31)
    assert hourglass.phase is Phase.EXPIRED
    assert hourglass.view().fraction_left == 0
    assert Signal.EXPIRED in [e.signal for e in hourglass.poll()]


def test_pause_stops_the_sand_and_resume_goes_on():
    clock, hourglass = glass()
    hourglass.start()
    clock.advance(12)
    hourglass.pause()
    clock.advance(500)
    assert hourglass.phase is Phase.PAUSED
    assert hourglass.seconds_left() == pytest.approx(18)
    assert hourglass.poll() == []
    hourglass.resume()
    clock.advance(3)
    assert hourglass.seconds_left() == pytest.approx(15)


def test_toggle_pause():
    _, hourglass = glass()
    hourglass.start()
    hourglass.toggle_pause()
    assert hourglass.phase is Phase.PAUSED
    hourglass.toggle_pause()
    assert hourglass.phase is Phase.RUNNING


def test_flip_turns_the_run_sand_on_top():
    clock, hourglass = glass()
    hourglass.start()
    clock.advance(25)
    hourglass.flip()
    assert hourglass.seconds_left() == pytest.approx(25)
    clock.advance(16)
    assert [e.seconds_left for e in hourglass.poll()] == [10.0]


def test_restart_restores_a_running_glass_paused():
    _, hourglass = glass()
    hourglass.restore_paused(7.5)
    assert hourglass.phase is Phase.PAUSED and hourglass.seconds_left() == 7.5
    assert hourglass.warnings == (10.0, 5.0)
    _, empty = glass()
    empty.restore_paused(0)
    assert empty.phase is Phase.EXPIRED


def test_an_undo_restores_a_running_glass_running_with_the_warnings_still_to_come():
    clock, hourglass = glass()
    hourglass.restore_running(7.5)
    assert hourglass.phase is Phase.RUNNING and hourglass.seconds_left() == 7.5
    clock.advance(3)
    assert [e.seconds_left for e in hourglass.poll()] == [5.0]
    _, empty = glass()
    empty.restore_running(0)
    assert empty.phase is Phase.EXPIRED


def test_start_again_refills_and_rearms_the_warnings():
    clock, hourglass = glass(10, (3,))
    hourglass.start()
    clock.advance(8)
    assert len(hourglass.poll()) == 1
    hourglass.start()
    clock.advance(8)
    assert len(hourglass.poll()) == 1


def test_warnings_outside_the_duration_are_dropped_and_zero_duration_refused():
    _, hourglass = glass(8, (10, 5))
    assert hourglass.warnings == (5,)
    with pytest.raises(ValueError):
        Hourglass(0, FakeClock())


def test_due_in_says_when_the_next_warning_or_the_end_comes() -> None:
    clock = FakeClock()
    glass = Hourglass(30, clock, (10.0, 5.0))
    assert glass.due_in() is None
    glass.start()
    clock.advance(4)
    assert glass.due_in() == 16.0
    clock.advance(16)
    glass.poll()
    assert glass.due_in() == 5.0
    clock.advance(5)
    glass.poll()
    assert glass.due_in() == 5.0  # the end
    glass.pause()
    assert glass.due_in() is None


def test_a_turn_may_start_with_less_sand_and_counts_what_it_used():
    """A time bank: the glass is the whole bank, a turn starts with what is left of
    it; the seconds used leave the pauses out."""
    clock, hourglass = glass(duration=100.0, warnings=(10.0, 5.0))
    hourglass.reset(8.0)
    assert hourglass.phase is Phase.IDLE and hourglass.seconds_left() == 8.0
    assert hourglass.used() == 0.0
    hourglass.start()
    assert hourglass.view().fraction_left == pytest.approx(0.08)  # of the whole bank
    clock.advance(2)
    hourglass.pause()
    clock.advance(50)  # paused: not used
    hourglass.resume()
    clock.advance(1.5)
    assert hourglass.used() == pytest.approx(3.5)
    clock.advance(10)
    signals = [e.signal for e in hourglass.poll()]
    assert signals == [Signal.WARNING, Signal.EXPIRED]  # 10 s was behind it already
    assert hourglass.used() == 8.0
    hourglass.reset()
    assert hourglass.sand == 100.0 and hourglass.seconds_left() == 100.0


def test_a_turn_with_no_sand_left_runs_out_at_its_start():
    _clock, hourglass = glass()
    hourglass.reset(0)
    hourglass.start()
    assert hourglass.phase is Phase.EXPIRED
    assert [e.signal for e in hourglass.poll()] == [Signal.EXPIRED]
    assert hourglass.used() == 0.0


def test_a_turn_may_start_with_more_sand_than_the_glass():
    """A bank that Fischer increments made larger than it started: the turn has all
    of it, the strip stays full until the sand is below the glass, and a restart or an
    undo brings back what it had."""
    clock, hourglass = glass(duration=100.0, warnings=(10.0,))
    hourglass.reset(130.0)
    assert hourglass.seconds_left() == 130.0 and hourglass.view().fraction_left == 1.0
    hourglass.start()
    clock.advance(20)
    assert hourglass.seconds_left() == 110.0 and hourglass.fraction_left() == 1.0
    clock.advance(30)
    assert hourglass.view().fraction_left == pytest.approx(0.8)
    assert hourglass.used() == 50.0
    hourglass.restore_paused(125.0)
    assert hourglass.seconds_left() == 125.0
    hourglass.restore_running(200.0)  # never more than the turn's sand
    assert hourglass.seconds_left() == 130.0
    clock.advance(130)
    assert [e.signal for e in hourglass.poll()] == [Signal.WARNING, Signal.EXPIRED]
