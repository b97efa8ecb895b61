"""A whole Ballonrennen race in the real app under Xvfb: started from the command line,
played with real clicks and the keyboard's simulated buttons to the results, then
back with `u` (the UNDO button) and forward again with `u` held (redo), killed with
SIGKILL in the middle of a turn, started again at the same place, and exported."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import time
from pathlib import Path

from tests.conftest import run_companion
from tests.e2e.test_run_resume import (
    LOCKOUT_S,
    App,
    actions,
    app_env,
    display,
    pytestmark,
    wait_for,
)
from tests.waiting import limit

__all__ = ["display", "pytestmark"]

# Where the table's buttons are in the 800x480 window (x, y from the top left).
RUNG_1 = (276, 298)  # the altitude ladder: altitude 1 for one sandbag
CALM = (516, 276)  # the table's deck: the Calm card
MAIL = (385, 251)  # the move's events: Mail dropped
GOAL = (385, 361)  # Reached the goal


def hold(app: App, key: str, seconds: float) -> None:
    """A key held `seconds` (its length is the point), after the buttons' lock-out."""
    time.sleep(LOCKOUT_S)
    run = {"env": app.env, "check": True, "timeout": limit(30)}
    subprocess.run(["xdotool", "windowfocus", "--sync", app.window, "keydown", key], **run)
    time.sleep(seconds)
    subprocess.run(["xdotool", "keyup", key], **run)


def finished(db: Path) -> bool:
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT finished FROM sessions").fetchone()
    return row is not None and row[0] is not None


def test_a_race_to_the_results_back_with_undo_and_resumed_after_a_kill(
    display: str, tmp_path: Path
) -> None:
    env, data = app_env(tmp_path)
    db = data / "companion.db"
    app = App(display, env, "--new", "ballonrennen", "--players", "Anna,Ben")
    assert app.screen == "ballonrennen"
    app.click(RUNG_1)
    wait_for(lambda: actions(db) == ["release"], "the altitude tapped")
    app.click(CALM)
    wait_for(lambda: actions(db) == ["release", "wind_card"], "the Calm card")
    app.click(MAIL)
    played = ["release", "wind_card", "drop_mail"]
    wait_for(lambda: actions(db) == played, "the mail dropped")
    app.click(GOAL)
    wait_for(lambda: finished(db), "the goal: the race is over, the results shown")
    app.key("u")  # from the results, UNDO: back to the table, the game not over
    wait_for(lambda: actions(db) == played and not finished(db), "UNDO on the results")
    hold(app, "u", 1.6)  # UNDO held: redo, the race is over again
    wait_for(lambda: finished(db) and actions(db)[-1] == "reach_goal", "UNDO held: redo")
    app.key("u")
    wait_for(lambda: actions(db) == played, "UNDO again")
    app.kill()  # in the middle of Anna's turn

    again = App(display, env)
    assert again.screen == "ballonrennen"  # the same game, at the same place
    again.click(GOAL)
    wait_for(lambda: finished(db), "the goal after the restart")
    again.kill()
    exported = run_companion("export", env={"COMPANION_DATA_DIR": str(data)})
    assert exported.returncode == 0, exported.stderr
    assert [a["type"] for a in json.loads(exported.stdout)["actions"]] == [*played, "reach_goal"]
