"""The game in play without a window: the session, its recorder, turn timer, strip
controller and glass driver put together by `GameInPlay` (no Kivy), following the
session until it is closed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from companion.core.hourglass import FakeClock, Phase
from companion.core.model import GameSetup, PlayerSpec
from companion.play.table import GameInPlay
from companion.store import Store
from companion.ui.tables import adapter
from hardware.strip import RecordingStrip
from tests.tables.helpers import act, in_play
from tests.waiting import limit

ROOT = Path(__file__).resolve().parents[2]


def test_a_game_in_play_is_put_together_without_kivy() -> None:
    code = (
        "import sys, tempfile, pathlib\n"
        "from tests.tables.helpers import in_play\n"
        "play = in_play(pathlib.Path(tempfile.mkdtemp()), 'wyscig-balonow', ['Ola', 'Jan'])\n"
        "play.close()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'kivy'))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=limit(60)
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_its_parts_follow_the_session_until_it_is_closed(tmp_path: Path) -> None:
    play = in_play(tmp_path, "wyscig-balonow", ["Ola", "Jan"], timer_seconds=20)
    store = Store(tmp_path / "companion.db")
    glass = play.timer.glass
    assert glass is not None and glass.phase is Phase.IDLE
    act(play.session, "start_timer")  # the rules' glass starts with the turn's start
    assert glass.phase is Phase.RUNNING
    assert store.session_row(play.session_id).summary == play.session.summary().data
    assert play.toggle_pause() and glass.phase is Phase.PAUSED
    play.close()
    act(play.session, "mail")  # no longer followed
    assert store.session_row(play.session_id).summary != play.session.summary().data
    assert store.session_row(play.session_id).extra["hourglass"]["phase"] == "paused"
    store.close()


def test_the_apps_glass_drives_the_strip_in_the_current_seats_colour(tmp_path: Path) -> None:
    store = Store(tmp_path / "companion.db")
    setup = GameSetup(
        game="ballonrennen",
        seed=3,
        players=(PlayerSpec(name="Ola"), PlayerSpec(name="Jan")),
        options={"wind_deck": "table"},
    )
    session_id = store.create_session(setup)
    strip, clock = RecordingStrip(10), FakeClock()
    play = GameInPlay(
        store=store,
        session_id=session_id,
        session=store.load_session(session_id),
        table=adapter("ballonrennen"),
        clock=clock,
        strip=strip,
        app_options={"turn_timer_seconds": 30},
    )
    assert play.seats == {"Ola": ("red", "#D62828"), "Jan": ("yellow", "#F0E442")}
    play.driver.step()
    assert set(strip.latest) == {(0xD6, 0x28, 0x28)}  # Ola's turn: her balloon's red
    play.start_glass()
    clock.advance(15)
    play.driver.step()
    assert len([led for led in strip.latest if led != (0, 0, 0)]) == 5  # half the sand
    play.close()
    store.close()
