"""Any board game with a time bank, killed with SIGKILL mid-turn in a real X server:
started again, the current player's bank is back as it was at the kill, paused; GO
runs it on, and the turn's end takes off the bank only the time the turn ran (not
the time the app was down, not the pause)."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from companion.core.model import GameSetup, PlayerSpec
from companion.store import Store
from tests.e2e.test_kill_glass import started_at
from tests.e2e.test_run_resume import (
    App,
    actions,
    app_env,
    display,
    pytestmark,
    sessions,
    wait_for,
)
from tests.waiting import limit

__all__ = ["display", "pytestmark"]  # the X server fixture and its skip, shared

BANK_S = 600
KILL_AFTER_S = 1.5
DEAD_S = 2.0
# The app's clock and the test's part under load; never by the time the app was down.
TOLERANCE_S = min(limit(0.3), DEAD_S / 2)


def stored_game(db: Path) -> None:
    """An any-game with a 10-minute bank each, waiting at its table."""
    store = Store(db)
    setup = GameSetup(
        game="any-game",
        seed=5,
        players=(PlayerSpec(name="Ola"), PlayerSpec(name="Jan")),
        options={"title": "Chess", "clock": "bank", "bank_seconds": BANK_S},
    )
    store.create_session(setup)
    store.close()


def action_before_last(db: Path) -> dict[str, object]:
    """The end of the turn: the last action is the next player's clock it started."""
    with sqlite3.connect(db) as conn:
        row = conn.execute(
            "SELECT action FROM actions WHERE undone_at IS NULL ORDER BY seq DESC LIMIT 1 OFFSET 1"
        ).fetchone()
    found: dict[str, object] = json.loads(row[0])
    return found


def test_a_bank_killed_mid_turn_comes_back_as_it_was(display: str, tmp_path: Path) -> None:
    env, data = app_env(tmp_path)
    db = data / "companion.db"
    data.mkdir(parents=True)
    stored_game(db)
    app = App(display, env)
    assert app.screen == "any_game"  # the unfinished game opens at its table
    app.key("space")
    wait_for(lambda: actions(db) == ["start_timer"], "GO to start Ola's clock")
    start = started_at(db)
    time.sleep(max(0.0, start + KILL_AFTER_S - time.time()))
    killed = time.time()
    app.kill()
    time.sleep(DEAD_S)  # the app is down: not Ola's time

    again = App(display, env)
    assert again.screen == "any_game"
    back = sessions(db)[0][1]["hourglass"]
    used_before = killed - start
    assert back["phase"] == "paused"
    assert abs(back["seconds_left"] - (BANK_S - used_before)) <= TOLERANCE_S, back
    again.key("space")  # GO: the paused bank runs on
    wait_for(lambda: sessions(db)[0][1]["hourglass"]["phase"] == "running", "GO to resume")
    resumed = time.time()
    again.key("space")  # GO: Ola's turn ends with the seconds it ran, Jan's clock runs
    ended = time.time()  # (a chess clock, issue 31.9)
    wait_for(
        lambda: actions(db) == ["start_timer", "end_turn", "start_timer"], "GO to end the turn"
    )
    seconds = action_before_last(db)["seconds"]
    ran = used_before + (ended - resumed)
    assert isinstance(seconds, int) and abs(seconds - ran) <= 1.0 + TOLERANCE_S, (seconds, ran)
    assert seconds < ran + DEAD_S - 1  # the time the app was down is not counted
    again.kill()
