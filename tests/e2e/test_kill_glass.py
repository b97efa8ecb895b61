"""A kill loses no sand: `companion run` in a real X server, GO starts the hourglass,
the app is killed with SIGKILL mid-glass (before the store's next write), stays dead
for a while, and comes back with the glass paused at what was left at the kill."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import time
from pathlib import Path

from tests.e2e.test_run_resume import (
    App,
    app_env,
    display,
    glass_started,
    pytestmark,
    sessions,
    wait_for,
)
from tests.waiting import limit

__all__ = ["display", "pytestmark"]  # the X server fixture and its skip, shared

KILL_AFTER_S = 1.2  # into the glass: the store last heard of it at its start
DEAD_S = 1.5  # the app is down this long; the glass must not lose that sand
# The app's clock and the test's part under load; never by the time the app was down.
TOLERANCE_S = min(limit(0.25), DEAD_S / 2)


def started_at(db: Path) -> float:
    """When the glass started: the stored `start_timer` action's time (UTC)."""
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT action FROM actions ORDER BY seq LIMIT 1").fetchone()
    stamp = json.loads(row[0])["at"].replace("Z", "+00:00")
    return dt.datetime.fromisoformat(stamp).timestamp()


def test_a_glass_killed_mid_run_comes_back_with_the_sand_it_had(
    display: str, tmp_path: Path
) -> None:
    env, data = app_env(tmp_path)
    db = data / "companion.db"
    app = glass_started(display, env, db)
    glass = wait_for(lambda: sessions(db)[0][1].get("hourglass"), "the glass in the store")
    duration = glass["seconds_left"]
    start = started_at(db)
    time.sleep(max(0.0, start + KILL_AFTER_S - time.time()))  # the moment to kill
    killed = time.time()
    app.kill()
    left_at_kill = duration - (killed - start)
    assert sessions(db)[0][1]["hourglass"]["seconds_left"] == duration  # no save since
    time.sleep(DEAD_S)  # the app is down

    again = App(display, env)
    assert again.screen == "wyscig"
    back = sessions(db)[0][1]["hourglass"]
    assert back["phase"] == "paused"
    assert abs(back["seconds_left"] - left_at_kill) <= TOLERANCE_S, (back, left_at_kill)
    again.kill()
