"""The turn timer without a screen: the rules' glass (Wyścig balonów) and the app's
own glass (Ballonrennen's turn timer) kept in step with the session, saved and
brought back paused."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import pytest

from companion.core.hourglass import FakeClock, Phase, Signal
from companion.core.session import Session
from companion.games import ballonrennen as br
from companion.play.timer import TurnTimer, sound
from companion.ui.tables import adapter
from hardware.buzzer import EXPIRY_HZ, WARNING_HZ, BuzzerController, RecordingSounder
from tests.tables.helpers import act, session


class Memory:
    """What the store keeps of the glass, and the heartbeat, in memory."""

    def __init__(self) -> None:
        self.glass: dict[str, Any] = {}
        self.beats: list[dict[str, Any]] = []

    def save_glass(self, glass: Mapping[str, Any]) -> None:
        self.glass = dict(glass)

    def beat(self, glass: Mapping[str, Any]) -> None:
        self.beats.append(dict(glass))

    def saved_glass(self) -> Mapping[str, Any]:
        newest = max([self.glass, *self.beats], key=lambda r: r.get("n", -1))
        return newest


def timer(game: Session, clock: FakeClock, memory: Memory, **app_options: Any) -> TurnTimer:
    made = TurnTimer(
        game,
        adapter(game.setup.game),
        app_options=app_options,
        clock=clock,
        warnings=(10.0,),
        memory=memory,
    )
    game.add_listener(made.changed)
    return made


def end_ballonrennen_turn(game: Session) -> None:
    action = br.RULES.altitude_action(game.state, 1, 0, 1)
    assert action is not None
    game.apply(action)
    act(game, "wind_card", card="calm")
    act(game, "end_turn")


def test_the_rules_glass_starts_with_start_timer_and_stops_with_the_turn() -> None:
    clock, memory = FakeClock(), Memory()
    game = session("wyscig-balonow", ["Ola", "Jan", "Ewa"], timer_seconds=30)
    glass = timer(game, clock, memory)
    assert glass.timed and glass.view().phase is Phase.IDLE  # type: ignore[union-attr]
    act(game, "start_timer")
    clock.advance(21)
    assert [e.signal for e in glass.poll()] == [Signal.WARNING]
    glass.keep()  # the main thread keeps the news in the store
    assert memory.glass == {"seconds_left": 9.0, "phase": "running", "turn": None, "n": 2}
    act(game, "dice", values=[1, 2, 3, 4, 5])
    act(game, "end_turn")
    assert glass.view().phase is Phase.IDLE  # type: ignore[union-attr]
    clock.advance(5)  # a while before the undo: not the turn's time
    game.undo()  # the turn comes back as it ended: its sand running on
    assert glass.view().phase is Phase.RUNNING  # type: ignore[union-attr]
    assert glass.view().seconds_left == 9.0  # type: ignore[union-attr]
    glass.toggle_pause()
    act(game, "end_turn")
    game.undo()  # ended while paused: back paused
    assert glass.view().phase is Phase.PAUSED  # type: ignore[union-attr]
    assert glass.view().seconds_left == 9.0  # type: ignore[union-attr]


def test_the_apps_glass_starts_on_go_and_belongs_to_its_turn() -> None:
    clock, memory = FakeClock(), Memory()
    game = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    glass = timer(game, clock, memory, turn_timer_seconds=30)
    assert glass.app_glass_idle()
    glass.start_app_glass()
    clock.advance(12)
    glass.poll()
    end_ballonrennen_turn(game)
    assert glass.app_glass_idle()  # the next turn waits for its GO
    clock.advance(5)  # Jan has not started his glass: no sand runs
    game.undo()
    assert not glass.app_glass_idle()
    assert glass.view().phase is Phase.RUNNING  # type: ignore[union-attr]
    assert glass.view().seconds_left == 18.0  # type: ignore[union-attr]


def test_a_running_glass_comes_back_paused_after_a_restart() -> None:
    clock, memory = FakeClock(), Memory()
    game = session("wyscig-balonow", ["Ola", "Jan", "Ewa"], timer_seconds=30)
    first = timer(game, clock, memory)
    act(game, "start_timer")
    clock.advance(7.5)
    first.close()
    again = timer(game, FakeClock(), memory)
    assert again.view().phase is Phase.PAUSED  # type: ignore[union-attr]
    assert again.view().seconds_left == 22.5  # type: ignore[union-attr]


def test_a_killed_app_gets_back_the_sand_of_its_last_heartbeat() -> None:
    clock, memory = FakeClock(), Memory()
    game = session("wyscig-balonow", ["Ola", "Jan", "Ewa"], timer_seconds=30)
    first = timer(game, clock, memory)
    act(game, "start_timer")  # the store: 30 s left
    for _ in range(76):  # 7.6 s of heartbeats, 10 a second (no frame kept the store)
        clock.advance(0.1)
        first.beat()
    assert memory.glass["seconds_left"] == 30.0
    clock.advance(0.1)  # and the app is killed: no close(), no last save
    again = timer(game, FakeClock(), memory)
    assert again.view().phase is Phase.PAUSED  # type: ignore[union-attr]
    assert again.view().seconds_left == pytest.approx(22.4)  # type: ignore[union-attr]
    assert memory.glass["phase"] == "paused"  # and the store says so at once


def test_a_beat_only_while_the_glass_runs_and_at_most_ten_a_second() -> None:
    clock, memory = FakeClock(), Memory()
    game = session("wyscig-balonow", ["Ola", "Jan", "Ewa"], timer_seconds=30)
    glass = timer(game, clock, memory)
    glass.beat()
    act(game, "start_timer")
    for _ in range(25):  # the driver looks every 40 ms for a second
        clock.advance(0.04)
        glass.beat()
    lefts = [b["seconds_left"] for b in memory.beats]
    assert 8 <= len(lefts) <= 10
    assert all(a - b >= 0.1 - 1e-9 for a, b in itertools.pairwise(lefts))
    glass.toggle_pause()
    clock.advance(1)
    glass.beat()
    assert len(memory.beats) == len(lefts)


def test_no_timer_no_glass() -> None:
    game = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    glass = timer(game, FakeClock(), Memory())
    assert glass.glass is None and not glass.timed and glass.poll() == []
    assert not glass.toggle_pause()


def test_the_glass_sounds_a_beep_per_warning_and_a_tone_at_the_end() -> None:
    clock = FakeClock()
    sounder = RecordingSounder()
    buzzer = BuzzerController(sounder, clock)
    game = session("wyscig-balonow", ["Ola", "Jan", "Ewa"], timer_seconds=12)
    glass = timer(game, clock, Memory())
    act(game, "start_timer")
    clock.advance(13)  # a stalled frame: the warning and the end at once
    sound(buzzer, glass.poll())
    assert [b.hz for b in buzzer.pending] == [WARNING_HZ, EXPIRY_HZ]
    assert sounder.playing == WARNING_HZ


def reach_goal_with_the_glass_running(game: Session, glass: TurnTimer, clock: FakeClock) -> None:
    """Ola takes off, turns over a card, drops the mail and reaches the goal with 18 s
    of her glass left: the race is over."""
    glass.start_app_glass()
    act(game, "release", sandbags=1)
    act(game, "wind_card", card="calm")
    act(game, "drop_mail")
    clock.advance(12)
    glass.poll()
    act(game, "reach_goal")
    assert game.summary().data["over"]


def test_the_end_of_the_race_ends_the_apps_glass_and_its_undo_brings_it_back() -> None:
    clock, memory = FakeClock(), Memory()
    game = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    glass = timer(game, clock, memory, turn_timer_seconds=30)
    reach_goal_with_the_glass_running(game, glass, clock)
    assert glass.view().phase is Phase.IDLE  # type: ignore[union-attr]
    clock.advance(40)  # the results on screen: no sand runs for the race that is over
    game.undo()
    # The turn as it was: the card turned over, the glass running with its 18 s.
    assert not glass.app_glass_idle()
    assert glass.view().phase is Phase.RUNNING  # type: ignore[union-attr]
    assert glass.view().seconds_left == 18.0  # type: ignore[union-attr]
    clock.advance(3)
    assert glass.view().seconds_left == 15.0  # type: ignore[union-attr]


def test_an_undone_turn_gets_its_own_sand_after_the_next_glass_started() -> None:
    clock, memory = FakeClock(), Memory()
    game = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    glass = timer(game, clock, memory, turn_timer_seconds=30)
    glass.start_app_glass()
    clock.advance(12)
    end_ballonrennen_turn(game)
    glass.start_app_glass()  # Jan's GO: his own glass
    clock.advance(5)
    game.undo()  # Ola's end of turn: her glass again, not Jan's
    assert glass.view().phase is Phase.RUNNING  # type: ignore[union-attr]
    assert glass.view().seconds_left == 18.0  # type: ignore[union-attr]
    act(game, "end_turn")  # ended again: Jan's turn is a new one, its glass waits for GO
    assert glass.app_glass_idle()


def test_a_paused_or_run_out_glass_comes_back_so_after_an_undo() -> None:
    clock, memory = FakeClock(), Memory()
    game = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    glass = timer(game, clock, memory, turn_timer_seconds=30)
    glass.start_app_glass()
    clock.advance(10)
    glass.toggle_pause()
    end_ballonrennen_turn(game)
    game.undo()
    assert glass.view().phase is Phase.PAUSED  # type: ignore[union-attr]
    assert glass.view().seconds_left == 20.0  # type: ignore[union-attr]
    glass.toggle_pause()
    clock.advance(25)
    glass.poll()
    act(game, "end_turn")
    game.undo()
    assert glass.view().phase is Phase.EXPIRED  # type: ignore[union-attr]


class BankTurns:
    """A table whose turns start with what is left of each player's time bank (the
    rules' glass of Wyścig balonów, whose 30 s are the whole bank)."""

    def __init__(self, banks: Mapping[str, float]) -> None:
        self.table = adapter("wyscig-balonow")
        self.banks = banks

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)

    def turn_seconds(self, game: Session, app_options: Mapping[str, Any]) -> float | None:
        return self.banks[game.summary().data["current"]]


def test_a_turn_starts_with_the_current_players_bank_and_counts_what_it_used() -> None:
    clock, memory = FakeClock(), Memory()
    game = session("wyscig-balonow", ["Ola", "Jan"], timer_seconds=30)
    first = game.summary().data["current"]
    other = next(n for n in ("Ola", "Jan") if n != first)
    made = TurnTimer(
        game,
        BankTurns({first: 12.0, other: 0.0}),
        app_options={},
        clock=clock,
        warnings=(10.0,),
        memory=memory,
    )
    game.add_listener(made.changed)
    assert made.view().seconds_left == 12.0  # type: ignore[union-attr]
    act(game, "start_timer")
    clock.advance(1.5)
    made.toggle_pause()
    clock.advance(40)  # a pause is not the player's time
    made.toggle_pause()
    clock.advance(1.0)
    assert made.used_seconds() == pytest.approx(2.5)
    assert made.view().fraction_left == pytest.approx(9.5 / 30)  # type: ignore[union-attr]
    act(game, "dice", values=[1, 2, 3, 4, 5])
    act(game, "end_turn")
    view = made.view()
    assert view is not None and (view.phase, view.seconds_left) == (Phase.IDLE, 0.0)
    runs = made.run
    act(game, "start_timer")  # no time left: the glass has run out at once
    assert made.ran_out() and made.run == runs + 1
    assert [e.signal for e in made.poll()] == [Signal.EXPIRED]
    game.undo()
    game.undo()  # the first turn again: its glass as it was when it ended, running on
    view = made.view()
    assert view is not None and view.phase is Phase.RUNNING
    assert view.seconds_left == pytest.approx(9.5)
    assert made.used_seconds() == pytest.approx(2.5)


def test_a_killed_app_brings_back_the_turns_own_sand() -> None:
    clock, memory = FakeClock(), Memory()
    game = session("wyscig-balonow", ["Ola", "Jan"], timer_seconds=30)
    banks = {name: 20.0 for name in ("Ola", "Jan")}
    first = TurnTimer(
        game, BankTurns(banks), app_options={}, clock=clock, warnings=(), memory=memory
    )
    game.add_listener(first.changed)
    act(game, "start_timer")
    for _ in range(40):  # 4 s of heartbeats, then killed
        clock.advance(0.1)
        first.beat()
    again = TurnTimer(
        game, BankTurns(banks), app_options={}, clock=FakeClock(), warnings=(), memory=memory
    )
    view = again.view()
    assert view is not None and view.phase is Phase.PAUSED
    assert view.seconds_left == pytest.approx(16.0)
    assert again.used_seconds() == pytest.approx(4.0)
