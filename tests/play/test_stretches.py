"""The strip laid round the table (issue 33.3): one stretch per seat in seat order,
each the player's bank in their colour, the current seat's glass (a bank's delay
first) pulsing, out players dark, out of time and time up patterns, a press out of
turn blinking its seat; and a bank's delay shown running down first on the single
strip too (issue 33.1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.core.hourglass import FakeClock, Phase
from companion.core.model import GameSetup, PlayerSpec
from companion.play import stretches as st
from companion.play.driver import FRAME_S
from companion.play.lights import DELAY, AroundTable, hex_to_rgb
from companion.play.table import GameInPlay
from companion.store import Store
from companion.ui.tables import adapter
from companion.ui.tables.any_game.text import seat_hex
from hardware.strip import GREEN, OFF, RecordingStrip
from tests.tables.helpers import act

NAMES = ["Ola", "Jan", "Kasia"]
COLOURS = [hex_to_rgb(seat_hex(i)[1]) for i in range(8)]


def table(
    folder: Path,
    names: list[str] = NAMES,
    *,
    around: AroundTable | None = None,
    leds: int = 60,
    **options: Any,
) -> GameInPlay[Any]:
    store = Store(folder / "companion.db")
    setup = GameSetup(
        game="any-game",
        seed=7,
        players=tuple(PlayerSpec(name=n) for n in names),
        options={"title": "Chess", **options},
    )
    session_id = store.create_session(setup)
    return GameInPlay(
        store=store,
        session_id=session_id,
        session=store.load_session(session_id),
        table=adapter("any-game"),
        clock=FakeClock(),
        strip=RecordingStrip(leds),
        around=around,
    )


def clock_of(play: GameInPlay[Any]) -> FakeClock:
    found = play.timer.clock
    assert isinstance(found, FakeClock)
    return found


def part(picture: tuple[Any, ...], parts: tuple[range, ...], seat: int) -> tuple[Any, ...]:
    return picture[parts[seat].start : parts[seat].stop]


def still(play: GameInPlay[Any]) -> tuple[Any, ...]:
    """The screen's picture (no pulse, no blinking)."""
    return play.lights.picture(clock_of(play)(), play.timer.view(), blink=False)


# --- the stretches -----------------------------------------------------------------


def test_the_strip_is_split_evenly_or_as_the_settings_say() -> None:
    starts = [0, 8, 16, 24, 32, 39, 46, 53, 60]  # the first four take one more
    assert st.stretches(60, 8) == tuple(map(range, starts, starts[1:]))
    assert st.stretches(60, 3) == (range(0, 20), range(20, 40), range(40, 60))
    assert st.stretches(60, 3, (10, 25, 15)) == (range(0, 10), range(10, 35), range(35, 50))
    assert st.stretches(20, 2, (15, 15)) == (range(0, 15), range(15, 20))  # cut at the end
    assert st.stretches(60, 3, (10, 20)) == st.stretches(60, 3)  # too few given: evenly


def test_each_seat_shows_its_players_bank_in_their_colour(tmp_path: Path) -> None:
    around = AroundTable(3)
    play = table(tmp_path, around=around, clock="bank", bank_seconds=600)
    parts = st.stretches(60, 3)
    act(play.session, "start_timer")
    clock_of(play).advance(300)  # Ola uses half her bank
    act(play.session, "end_turn", seconds=300)
    picture = still(play)
    ola, jan, kasia = (part(picture, parts, s) for s in range(3))
    # Ola's bank is half full, dimmed in her colour; Kasia's full and dimmed.
    dim = [tuple(round(c * st.OTHER_LEVEL) for c in COLOURS[i]) for i in range(3)]
    assert ola[:10] == (dim[0],) * 10 and ola[10:] == (OFF,) * 10
    assert kasia == (dim[2],) * 20
    assert jan == (COLOURS[1],) * 20  # Jan's turn: his full bank, bright


def test_the_current_seat_pulses_on_the_strip_only(tmp_path: Path) -> None:
    play = table(tmp_path, around=AroundTable(3), clock="bank", bank_seconds=600)
    parts = st.stretches(60, 3)
    pictures = set()
    for _ in range(8):
        clock_of(play).advance(0.1)
        pictures.add(part(play.driver.step(), parts, 0))
        assert part(play.driver.step(), parts, 1) == part(still(play), parts, 1)
    assert len(pictures) > 2  # Ola's stretch breathes
    assert part(still(play), parts, 0) == (COLOURS[0],) * 20  # the screen's stands still
    due = play.lights.changes_in(clock_of(play)(), play.timer.view())
    assert due is not None and due <= st.PULSE_PERIOD_S / (2 * st.PULSE_STEPS) + 0.01


def test_out_players_are_dark_and_late_ones_a_pattern(tmp_path: Path) -> None:
    play = table(tmp_path, around=AroundTable(3), clock="bank", bank_seconds=60)
    parts = st.stretches(60, 3)
    act(play.session, "eliminate", player="Kasia")
    act(play.session, "start_timer")
    clock_of(play).advance(61)
    play.driver.step()
    act(play.session, "timer_expired")
    act(play.session, "end_turn", seconds=60)
    picture = still(play)
    assert part(picture, parts, 2) == (OFF,) * 20
    late = part(picture, parts, 0)
    assert late == st.late_frame(20) and set(late[::2]) == {(128, 128, 128)}


def test_time_up_is_no_players_colour(tmp_path: Path) -> None:
    play = table(
        tmp_path,
        names=[f"P{i}" for i in range(8)],
        around=AroundTable(8),
        clock="turn",
        timer_seconds=5,
    )
    parts = st.stretches(60, 8)
    act(play.session, "start_timer")
    clock_of(play).advance(6)
    lit = set()
    for _ in range(10):
        clock_of(play).advance(0.1)
        lit |= set(part(play.driver.step(), parts, 0))
    assert lit - {OFF}
    assert not any(colour in lit for colour in COLOURS[:7])  # never a seat's colour


def test_a_press_out_of_turn_blinks_that_seat(tmp_path: Path) -> None:
    play = table(tmp_path, around=AroundTable(3))
    parts = st.stretches(60, 3)
    before = part(play.driver.step(), parts, 2)
    play.lights.blink_seat(2, clock_of(play)())
    seen = set()
    for _ in range(5):
        clock_of(play).advance(0.05)
        seen.add(part(play.driver.step(), parts, 2))
    assert (OFF,) * 20 in seen and (COLOURS[2],) * 20 in seen
    clock_of(play).advance(st.SEAT_BLINK_S)
    assert part(play.driver.step(), parts, 2) == before


def test_who_starts_moves_the_players_round_their_seats(tmp_path: Path) -> None:
    """Jan sits at the second seat; with Jan listed first (he starts), his stretch is
    still the second."""
    play = table(tmp_path, names=["Jan", "Kasia", "Ola"], around=AroundTable(3, first=1))
    parts = st.stretches(60, 3)
    picture = still(play)
    assert part(picture, parts, 1) == (COLOURS[0],) * 20  # Jan, current, first listed
    assert AroundTable(3, first=1).player_at(1, 3) == 0
    assert AroundTable(3, first=1).player_at(0, 3) == 2


# --- a bank's delay, on the single strip and a seat's stretch ------------------------


@pytest.mark.parametrize("around", [None, AroundTable(2)])
def test_the_delay_runs_down_first_then_the_bank(tmp_path: Path, around: Any) -> None:
    play = table(
        tmp_path,
        names=["Ola", "Jan"],
        around=around,
        leds=20,
        clock="bank",
        bank_seconds=100,
        delay_seconds=10,
    )
    size = 20 if around is None else 10
    act(play.session, "start_timer")
    clock_of(play).advance(5)
    picture = still(play)[:size]
    assert picture[: size // 2] == (DELAY,) * (size // 2)  # half the delay is left
    assert picture[size // 2 :] == (OFF,) * (size // 2)
    clock_of(play).advance(5.0 + 50)
    view = play.timer.view()
    assert view is not None and view.phase is Phase.RUNNING
    picture = still(play)[:size]
    colour = GREEN if around is None else COLOURS[0]
    assert picture[: size // 2] == (colour,) * (size // 2)  # half the bank is left
    assert picture[size // 2 :] == (OFF,) * (size // 2)


# --- the budget of the single strip ----------------------------------------------------


def driven(play: GameInPlay[Any], seconds: float) -> tuple[int, int]:
    """The driver's passes and the strip's writes over `seconds` of a fake clock, the
    driver woken when it asks, as its thread is."""
    clock = clock_of(play)
    strip = play.lights.strip
    assert strip is not None
    passes, writes, end = play.driver.passes, strip.writes, clock() + seconds
    while clock() < end:
        play.driver.step()
        clock.advance(max(play.driver.due_in(), 0.001))
    return play.driver.passes - passes, strip.writes - writes


def test_eight_stretches_stay_within_the_single_strips_budget(tmp_path: Path) -> None:
    """A frame at most every 20 ms (the driver's fastest, the winners' wave), and the
    pulse and the sand as few passes as the single glass's heartbeat needs anyway."""
    names = [f"P{i}" for i in range(8)]
    options = {"clock": "bank", "bank_seconds": 600, "delay_seconds": 5}
    single = table(tmp_path / "a", names, **options)
    seats = table(tmp_path / "b", names, around=AroundTable(8), **options)
    counts = []
    for play in (single, seats):
        act(play.session, "start_timer")
        counts.append(driven(play, 30.0))
    (single_passes, _), (seat_passes, seat_writes) = counts
    assert seat_passes <= single_passes * 1.2 + 5
    assert seat_writes <= seat_passes <= 30.0 / FRAME_S
    assert seat_writes >= 30 * 5  # (it does pulse: several writes a second)


@pytest.mark.parametrize(
    ("settings", "laid"),
    [
        ({}, None),  # one glass
        ({"strip": {"around_table": True}}, AroundTable(4, first=1)),
        ({"strip": {"seat_leds": [5, 5, 5, 5]}}, AroundTable(4, (5, 5, 5, 5), first=1)),
        # A button per seat: each seat sees its own stretch (issue 33.3's "with seats
        # configured"), split evenly unless the settings give the LEDs.
        ({"buttons": {"seats": [4, 23, 24, 25]}}, AroundTable(4, first=1)),
        ({"buttons": {"seats": [4, 23]}}, AroundTable(4, first=1)),
    ],
)
def test_the_strip_lies_round_the_table_as_the_settings_say(
    settings: dict[str, Any], laid: AroundTable | None
) -> None:
    from companion.config import from_dict
    from companion.ui.seating import around

    assert around(from_dict(settings), 4, 1) == laid
