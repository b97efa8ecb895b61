"""A turn's time is time at the table: it counts only while the game's table is on
screen and its glass is not paused, across another game, a quit and a restart, on
the injected clock (issue 24.8)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.play.table import GameInPlay
from companion.play.tabletime import TableTime
from companion.stats import turn_times
from companion.store import Store
from companion.ui.tables import adapter
from tests.tables.helpers import act


def new_game(store: Store, game: str, names: list[str], **options: Any) -> int:
    players = tuple(PlayerSpec(name=n) for n in names)
    return store.create_session(GameSetup(game=game, seed=7, players=players, options=options))


def at_table(store: Store, session_id: int, clock: FakeClock) -> GameInPlay[Any]:
    """The game opened as the app opens it, and its table shown."""
    session = store.load_session(session_id)
    play: GameInPlay[Any] = GameInPlay(
        store=store,
        session_id=session_id,
        session=session,
        table=adapter(session.setup.game),
        clock=clock,
    )
    play.shown("table", at_table=True)
    return play


def test_the_clock_counts_only_while_it_runs() -> None:
    clock = FakeClock()
    time = TableTime(clock, 7.0)
    clock.advance(5)
    assert time.seconds() == 7.0 and not time.running
    time.run(True)
    time.run(True)  # already counting: the start stays where it was
    clock.advance(3)
    assert time.seconds() == 10.0
    time.run(False)
    clock.advance(100)
    assert time.seconds() == 10.0


def test_a_turn_counts_its_time_on_screen_and_not_paused_only(tmp_path: Path) -> None:
    path = tmp_path / "companion.db"
    clock = FakeClock()
    store = Store(path)
    race = new_game(store, "wyscig-balonow", ["Ola", "Jan"], timer_seconds=600)
    other = new_game(store, "ballonrennen", ["Ewa", "Ida"], wind_deck="table")

    play = at_table(store, race, clock)
    first = play.session.summary().data["current"]
    clock.advance(5)
    act(play.session, "start_timer")
    clock.advance(3)
    assert play.toggle_pause()
    clock.advance(50)  # paused: not counted
    assert play.toggle_pause()
    clock.advance(2)
    play.shown("home", at_table=False)  # 10 s at the table so far
    clock.advance(30)  # on the home screen
    play.close()

    elsewhere = at_table(store, other, clock)  # another game in between
    clock.advance(200)
    act(elsewhere.session, "release", sandbags=1)
    elsewhere.close()

    play = at_table(store, race, clock)  # back: the running glass comes back paused
    clock.advance(7)  # paused: not counted
    assert play.toggle_pause()
    clock.advance(4)
    play.shown("settings", at_table=False)  # a screen of the menu's: not the table
    clock.advance(60)
    play.shown("table", at_table=True)
    play.close()  # Quit
    store.close()
    clock.advance(3600)  # the app is not running

    store = Store(path)  # a restart
    play = at_table(store, race, clock)
    assert play.timer.paused
    assert play.toggle_pause()
    clock.advance(6)
    act(play.session, "end_turn")
    play.close()

    # 5 + 3 + 2 + 4 + 6: nothing of the pause, home, the other game, the settings,
    # the night the app was off.
    assert turn_times(store, race) == {first: [pytest.approx(20.0)]}
    assert store.journal(race).table_seconds() == [pytest.approx(5.0), pytest.approx(20.0)]
    store.close()


def test_a_stop_with_no_goodbye_goes_on_from_the_last_action(tmp_path: Path) -> None:
    """A killed app never kept its time at the table: the latest action did."""
    clock = FakeClock()
    store = Store(tmp_path / "companion.db")
    race = new_game(store, "wyscig-balonow", ["Ola", "Jan"], timer_seconds=0)
    play = at_table(store, race, clock)
    clock.advance(12)
    act(play.session, "mail")
    clock.advance(40)  # then the power goes: no close, nothing more kept
    again = at_table(store, race, clock)
    assert again.table_time.seconds() == pytest.approx(12.0)
    clock.advance(3)
    act(again.session, "end_turn")
    assert list(turn_times(store, race).values()) == [[pytest.approx(15.0)]]
    again.close()
    store.close()


def test_each_turn_runs_from_the_end_of_the_last(tmp_path: Path) -> None:
    clock = FakeClock()
    store = Store(tmp_path / "companion.db")
    race = new_game(store, "wyscig-balonow", ["Ola", "Jan"], timer_seconds=0)
    play = at_table(store, race, clock)
    names = [play.session.summary().data["current"]]
    for seconds in (8, 30):
        clock.advance(seconds)
        act(play.session, "end_turn")
        names.append(play.session.summary().data["current"])
    play.shown("home", at_table=False)
    clock.advance(500)
    play.shown("table", at_table=True)
    clock.advance(4)
    act(play.session, "mail")
    act(play.session, "end_turn")
    play.close()
    expected: dict[str, list[float]] = {}
    for name, seconds in zip(names, (8.0, 30.0, 4.0), strict=True):
        expected.setdefault(name, []).append(seconds)
    assert turn_times(store, race) == expected
    store.close()
