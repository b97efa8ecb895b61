"""The recorder keeps the store in step with the session: the summary after every
change, a decided game's results, the glass's seconds left and the screen."""

from __future__ import annotations

from pathlib import Path

from companion.core.model import GameSetup, PlayerSpec
from companion.play.recorder import Recorder
from companion.store import Store
from tests.tables.helpers import act


def stored_game(folder: Path) -> tuple[Store, int]:
    store = Store(folder / "companion.db")
    setup = GameSetup(
        game="wyscig-balonow", seed=3, players=tuple(PlayerSpec(name=n) for n in ("Ola", "Jan"))
    )
    return store, store.create_session(setup)


def test_every_change_is_recorded_and_leaving_stops_it(tmp_path: Path) -> None:
    store, session_id = stored_game(tmp_path)
    session = store.load_session(session_id)
    recorder = Recorder(store, session_id)
    recorder.follow(session)
    assert store.session_row(session_id).summary["round"] == 1
    act(session, "mail")
    assert store.session_row(session_id).summary == session.summary().data
    recorder.leave(session)
    act(session, "mail")
    assert store.session_row(session_id).summary != session.summary().data
    store.close()


def test_the_glass_and_the_screen_outlive_the_app(tmp_path: Path) -> None:
    store, session_id = stored_game(tmp_path)
    first = Recorder(store, session_id)
    assert first.saved_glass() == {}
    first.save_glass({"seconds_left": 12.5, "phase": "paused", "turn": None})
    first.where("home", 41.5)
    again = Recorder(store, session_id)  # a restarted app
    assert again.saved_glass() == {"seconds_left": 12.5, "phase": "paused", "turn": None}
    assert store.session_row(session_id).extra["screen"] == "home"
    assert again.table_seconds() == 41.5
    store.close()
