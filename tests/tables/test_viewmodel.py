"""The view-model without a window: GO's lock-out comes from the settings, and a roll
from the dice reader counts only for a game that has dice."""

from __future__ import annotations

from pathlib import Path

from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.store import Store
from companion.ui.tables import adapter
from companion.ui.viewmodel import GameModel


def model(folder: Path, game: str, clock: FakeClock, **kwargs: float) -> GameModel:
    store = Store(folder / "companion.db")
    names = ("Ola", "Jan", "Ewa")
    options = {"wind_deck": "table"} if game == "ballonrennen" else {}
    setup = GameSetup(
        game=game, seed=5, players=tuple(PlayerSpec(name=n) for n in names), options=options
    )
    session_id = store.create_session(setup)
    return GameModel(
        store=store,
        session_id=session_id,
        session=store.load_session(session_id),
        adapter=adapter(game),
        clock=clock,
        **kwargs,
    )


def test_go_keeps_the_lock_out_it_is_given(tmp_path: Path) -> None:
    clock = FakeClock()
    table = model(tmp_path, "wyscig-balonow", clock, lockout_s=1.0)
    assert table.go() == "start_timer"
    clock.advance(0.9)
    assert table.go() == "ignored"  # a bouncing finger, within the settings' lock-out
    clock.advance(0.2)
    assert table.go() == "end_turn"


def test_a_roll_counts_for_a_game_with_dice_only(tmp_path: Path) -> None:
    clock = FakeClock()
    wyscig = model(tmp_path, "wyscig-balonow", clock)
    wyscig.rolling_now()
    assert wyscig.rolling
    assert wyscig.roll((1, 2, 3, 4, 5)) and list(wyscig.dice) == [1, 2, 3, 4, 5]
    assert not wyscig.roll((1, 2, None, 4, 5))  # one die unread: tapped in instead
    race = model(tmp_path / "race", "ballonrennen", clock)
    race.rolling_now()
    assert not race.rolling
    assert not race.roll((1, 2, 3, 4, 5)) and race.error is None  # no dice in this game
