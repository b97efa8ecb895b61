"""A seat's button at the table, without a window (issue 33.2): a tap at the seat whose
turn it is does what GO does (with GO's lock-out), held it pauses; out of turn it
records nothing and, with the strip laid round the table, that seat's stretch blinks
in its colour."""

from __future__ import annotations

from pathlib import Path

from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.play.lights import AroundTable
from companion.play.paint import hex_to_rgb
from companion.play.stretches import SEAT_BLINK_S, stretches
from companion.store import Store
from companion.ui.seats import seat_press
from companion.ui.viewmodel import GameModel, open_table
from hardware.strip import OFF, RecordingStrip
from tests.tables.helpers import EN

NAMES = ("Ola", "Jan", "Ewa")


def table(
    folder: Path, clock: FakeClock, strip: RecordingStrip, around: AroundTable | None = None
) -> GameModel:
    store = Store(folder / "companion.db")
    setup = GameSetup(
        game="wyscig-balonow", seed=5, players=tuple(PlayerSpec(name=n) for n in NAMES)
    )
    session_id = store.create_session(setup)
    session = store.load_session(session_id)
    return open_table(
        store, session_id, session, clock=clock, strip=strip, lockout_s=0.3, around=around
    )


def test_the_seat_whose_turn_it_is_does_what_go_does(tmp_path: Path) -> None:
    clock = FakeClock()
    model = table(tmp_path, clock, RecordingStrip(30))
    assert seat_press(model, 0, held=False) == "start_timer"  # Ola's turn: GO's meaning
    clock.advance(0.1)
    assert seat_press(model, 0, held=False) == "ignored"  # GO's lock-out
    clock.advance(0.3)
    assert seat_press(model, 0, held=False) == "end_turn"
    assert model.summary["current"] == "Jan"
    clock.advance(0.5)
    assert seat_press(model, 1, held=False) == "start_timer"  # now Jan's button is GO
    model.close()


def test_out_of_turn_nothing_is_recorded_and_the_seats_stretch_blinks(tmp_path: Path) -> None:
    clock = FakeClock()
    strip = RecordingStrip(30)
    model = table(tmp_path, clock, strip, around=AroundTable(3))
    before = list(model.session.log)
    stretch = stretches(30, 3)[2]
    assert stretch == range(20, 30)
    shown = model.driver.step()
    assert seat_press(model, 2, held=False) == "out_of_turn"  # Ewa's button; Ola's turn
    assert list(model.session.log) == before and not model.can_undo
    assert EN(model.notice) == "Ewa's button: it is Ola's turn"
    ewa = hex_to_rgb(model.seat("Ewa")[1])
    seen = set()
    for _ in range(6):
        clock.advance(0.05)
        frame = model.driver.step()
        seen.add(tuple(frame[i] for i in stretch))
    assert (OFF,) * 10 in seen and (ewa,) * 10 in seen  # dark, then the seat's colour
    clock.advance(SEAT_BLINK_S)
    frame = model.driver.step()
    assert [frame[i] for i in stretch] == [shown[i] for i in stretch]  # over: as it was
    model.close()


def test_a_held_seat_button_pauses_and_resumes_and_an_empty_seat_does_nothing(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    model = table(tmp_path, clock, RecordingStrip(30))
    seat_press(model, 0, held=False)  # the hourglass runs
    assert seat_press(model, 2, held=True) == "pause"  # anyone at the table may pause
    assert model.phase == "paused"
    assert seat_press(model, 1, held=True) == "pause" and model.phase == "running"
    assert seat_press(model, 5, held=False) == "no_seat"  # a button where nobody sits
    assert [a.type for a in model.session.log] == ["start_timer"]
    model.close()
