"""The seat buttons in the real window (issue 33.2): the simulated keys 1-8 press the
seat buttons' mock pins; the seat whose turn it is ends it as GO does, another seat's
press records nothing and blinks its stretch of the strip laid round the table, a held
seat button pauses, and the status line names the seat keys."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import Config, from_dict
from companion.play.paint import hex_to_rgb
from companion.play.stretches import SEAT_BLINK_S, stretches
from hardware.events import HardwareEvent, Kind, Seat, Source
from hardware.strip import OFF
from tests.ui.harness import Harness

NAMES = ["Ola", "Jan", "Ewa"]
AROUND: Config = from_dict({"strip": {"around_table": True}})


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path, new_game=("wyscig-balonow", NAMES), settings=AROUND)
    harness.pass_secret()
    yield harness
    harness.close()


def turn(ui: Harness) -> int:
    """The seat (0 first, round the table) whose turn it is."""
    seat = ui.app.model.play.seat_of_turn()
    assert seat is not None
    return int(seat)


def test_the_seat_keys_end_their_own_turn_only(ui: Harness) -> None:
    assert "1-8 seats" in ui.app.status_text(ui.app.status)
    screen, play = ui.screen, ui.app.model.play
    first = turn(ui)  # the rules chose who starts
    other = (first + 1) % len(NAMES)
    ui.key(str(other + 1), settle=False)  # another seat's button, in the first's turn
    assert ui.log_types() == []
    said = f"{play.player_at(other)}'s button: it is {play.player_at(first)}'s turn"
    assert screen.message_text == said
    strip = ui.devices.sim.strip  # type: ignore[union-attr]
    stretch = stretches(len(strip.frames[-1]), len(NAMES))[other]
    colour = hex_to_rgb(ui.app.model.seat(play.player_at(other))[1])
    seen = set()
    for _ in range(6):  # its stretch blinks: dark, then its colour
        ui.advance(0.05)
        seen.add(tuple(tuple(strip.frames[-1][i]) for i in stretch))
    assert (OFF,) * len(stretch) in seen and (colour,) * len(stretch) in seen
    ui.shot("seat-out-of-turn", every_language=False)
    ui.advance(SEAT_BLINK_S)
    after = {tuple(strip.frames[-1][i]) for i in stretch}
    assert after != {OFF} and after != {colour}  # and is over: the seat's bank, dimmed
    ui.clock.advance(1.0)
    ui.key(str(first + 1))  # the seat's own button: what GO does now, the glass starts
    assert ui.log_types() == ["start_timer"]
    assert ui.app.model.act("dice", values=[1, 2, 3, 4, 5])
    ui.key(str(first + 1))
    assert ui.log_types() == ["start_timer", "dice", "end_turn"]
    now = turn(ui)
    assert now != first
    ui.key(str(first + 1))  # the first seat again, now out of turn: nothing more
    assert ui.log_types() == ["start_timer", "dice", "end_turn"]
    ui.key(str(now + 1))  # the next seat's turn: its button turns the hourglass
    assert ui.log_types()[-1] == "start_timer"


def test_a_held_seat_button_pauses_and_a_seat_nobody_has_does_nothing(ui: Harness) -> None:
    ui.key(str(turn(ui) + 1))
    assert ui.screen.phase == "running"
    ui.devices.events.put(HardwareEvent(Source.SEAT, Kind.HELD, Seat(2)))  # seat 3 holds
    ui.step(3)
    assert ui.screen.phase == "paused"
    ui.key("7")  # seat 7: nobody sits there
    assert ui.log_types() == ["start_timer"] and ui.screen.phase == "paused"
