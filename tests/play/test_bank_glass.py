"""A time bank's glass with a delay and an increment, without a screen: a turn's glass
is the delay and then the bank, the delay running down first; the bank the time
column shows when a turn ends is what the rules keep (and then the increment); the
glass runs out with the bank and the table tells the rules so; undo and redo give
every bank and every glass back exactly, and a restart the sand of a bank grown
past its start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.core.hourglass import FakeClock, Phase
from companion.play.table import GameInPlay
from companion.store import Store
from companion.ui.tables import adapter
from companion.ui.tables.any_game import view
from companion.ui.tables.any_game.text import clock as clock_text
from tests.tables.helpers import act, in_play

TABLE = adapter("any-game")


def played(folder: Path, **options: Any) -> GameInPlay[Any]:
    return in_play(folder, "any-game", ["Ola", "Jan"], title="Chess", clock="bank", **options)


def clock_of(play: GameInPlay[Any]) -> FakeClock:
    found = play.timer.clock
    assert isinstance(found, FakeClock)
    return found


def left(play: GameInPlay[Any]) -> float:
    glass = play.timer.view()
    assert glass is not None
    return glass.seconds_left


def column(play: GameInPlay[Any]) -> str:
    """The current player's time, as their line of the table shows it now."""
    return clock_text(view.bank_left(play.session.state, left(play)))


def end_turn(play: GameInPlay[Any]) -> None:
    """GO's end of the turn: the action the table sends, with its seconds."""
    send = TABLE.turn_end(play)
    act(play.session, send.type, **send.fields)


def banks(play: GameInPlay[Any]) -> list[int]:
    return [p["bank"] for p in play.session.summary().data["players"]]


def seconds_of(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_a_turns_glass_is_the_delay_then_the_bank(tmp_path: Path) -> None:
    play = played(tmp_path, bank_seconds=300, delay_seconds=10)
    glass = play.timer.glass
    assert glass is not None and glass.duration == 310  # the strip: delay and bank
    act(play.session, "start_timer")
    assert left(play) == 310 and column(play) == "5:00"
    clock_of(play).advance(6)
    assert (left(play), column(play)) == (304, "5:00")  # the delay runs down first
    clock_of(play).advance(4)
    assert (left(play), column(play)) == (300, "5:00")
    clock_of(play).advance(0.5)
    assert column(play) == "5:00"  # 299.5 s, rounded up
    clock_of(play).advance(1)
    assert column(play) == "4:59"


@pytest.mark.parametrize(("increment", "delay"), [(0, 0), (0, 7), (12, 0), (12, 7), (600, 600)])
@pytest.mark.parametrize("used", [0.0, 3.0, 6.9, 7.0, 7.4, 41.5, 299.99])
def test_the_bank_after_a_turn_is_what_the_column_showed_then_the_increment(
    tmp_path: Path, increment: int, delay: int, used: float
) -> None:
    play = played(tmp_path, bank_seconds=300, increment_seconds=increment, delay_seconds=delay)
    act(play.session, "start_timer")
    clock_of(play).advance(used)
    showed = seconds_of(column(play))
    end_turn(play)
    assert banks(play)[0] == min(36000, showed + increment)
    assert banks(play)[0] == 300 - max(0, int(used) - delay) + increment


def test_the_glass_runs_out_with_the_bank_after_the_delay(tmp_path: Path) -> None:
    """The table tells the rules the time ran out only once the delay and the whole
    bank ran down; the player is then out of time, at 0, and no increment follows."""
    play = played(tmp_path, bank_seconds=60, increment_seconds=5, delay_seconds=8)
    act(play.session, "start_timer")
    clock_of(play).advance(67.5)
    assert TABLE.expired(play) is None and column(play) == "0:01"
    clock_of(play).advance(0.5)
    assert TABLE.expired(play) is not None
    act(play.session, "timer_expired")
    assert column(play) == "0:00" and play.session.summary().data["players"][0]["out_of_time"]
    end_turn(play)
    assert banks(play) == [0, 60]
    assert play.session.state.turns_ended == 1
    act(play.session, "start_timer")  # Jan's turn
    clock_of(play).advance(1)
    end_turn(play)
    act(play.session, "start_timer")  # Ola's glass is the delay alone, and runs out with it
    assert left(play) == 8 and column(play) == "0:00"
    clock_of(play).advance(8)
    assert TABLE.expired(play) is not None


def test_undo_and_redo_give_every_bank_and_glass_back_exactly(tmp_path: Path) -> None:
    play = played(tmp_path, bank_seconds=120, increment_seconds=9, delay_seconds=4)
    seen: list[tuple[list[int], float | None]] = []

    def note() -> None:
        glass = play.timer.view()
        seen.append((banks(play), None if glass is None else glass.seconds_left))

    note()
    for used in (2.0, 30.0, 0.0, 125.0):
        act(play.session, "start_timer")
        clock_of(play).advance(used)
        end_turn(play)
        note()
    assert [b for b, _ in seen] == [
        [120, 120],
        [129, 120],  # within the delay: the whole increment on top
        [129, 103],
        [138, 103],
        [138, 0],  # the whole bank and more: 0, no increment
    ]
    for expected in reversed(seen[:-1]):
        play.session.undo()  # the end of the turn
        play.session.undo()  # its start
        assert banks(play) == expected[0]
    for banks_then, glass_then in seen[1:]:
        play.session.redo()
        play.session.redo()
        assert banks(play) == banks_then
        assert glass_then is not None and left(play) == glass_then
    glass = play.timer.glass
    assert glass is not None and glass.phase is Phase.IDLE and glass.sand == 4 + 138


def test_an_undone_end_of_turn_brings_its_glass_back_as_it_ran(tmp_path: Path) -> None:
    play = played(tmp_path, bank_seconds=120, increment_seconds=9, delay_seconds=4)
    act(play.session, "start_timer")
    clock_of(play).advance(10)
    shown = column(play)
    end_turn(play)
    play.session.undo()
    assert (left(play), column(play)) == (114, shown)
    end_turn(play)
    assert banks(play) == [120 - 6 + 9, 120]


def test_a_bank_grown_past_its_start_is_the_turns_whole_sand_after_a_restart(
    tmp_path: Path,
) -> None:
    play = played(tmp_path, bank_seconds=60, increment_seconds=30)
    for _ in range(4):
        act(play.session, "end_turn", seconds=0)
    assert banks(play) == [120, 120]
    act(play.session, "start_timer")
    assert left(play) == 120 and column(play) == "2:00"
    clock_of(play).advance(15)
    play.close()
    store = Store(tmp_path / "companion.db")
    again = GameInPlay(
        store=store,
        session_id=play.session_id,
        session=store.load_session(play.session_id),
        table=TABLE,
        clock=FakeClock(),
    )
    glass = again.timer.view()
    assert glass is not None and (glass.phase, glass.seconds_left) == (Phase.PAUSED, 105)
    assert column(again) == "1:45"
    again.close()
    store.close()
