"""The SQLite store: logs, undo marks, finished games, migrations, broken files,
and a power cut (SIGKILL) at random moments."""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from companion import files
from companion.core.errors import StoreError
from companion.core.model import GameSetup, PlayerSpec
from companion.games import get
from companion.store import MIGRATIONS, Store
from tests.conftest import ROOT, run_companion

RULES = get("wyscig-balonow")
SETUP = GameSetup(
    game=RULES.id, seed=5, players=[PlayerSpec(name=n) for n in ("Ola", "Jan", "Ewa")]
)


def new_session(store: Store):
    session_id = store.create_session(SETUP)
    return session_id, store.load_session(session_id)


def test_actions_survive_a_reopen_and_undo_is_kept_for_the_record(tmp_path):
    store = Store(tmp_path / "c.db")
    session_id, session = new_session(store)
    for raw in ({"type": "start_timer"}, {"type": "mail"}, {"type": "penalty", "count": 2}):
        session.apply(RULES.parse_action(raw))
    session.undo()
    store.close()

    again = Store(tmp_path / "c.db")
    restored = again.load_session(session_id)
    assert restored.state == session.state
    assert [a["type"] for a in again.raw_actions(session_id)] == ["start_timer", "mail"]
    everything = again.raw_actions(session_id, include_undone=True)
    assert [a["type"] for a in everything] == ["start_timer", "mail", "penalty"]
    assert "undone_at" in everything[2]


def test_players_are_remembered_across_games(tmp_path):
    store = Store(tmp_path / "c.db")
    store.create_session(SETUP)
    store.add_player("Zoe")
    assert set(store.players()) == {"Ola", "Jan", "Ewa", "Zoe"}


def test_unfinished_and_finished_games(tmp_path):
    store = Store(tmp_path / "c.db")
    session_id, session = new_session(store)
    assert store.unfinished().id == session_id
    for raw in ({"type": "landed"}, {"type": "end_turn"}):
        session.apply(RULES.parse_action(raw))
    store.record_summary(session_id, session.summary().data, session.decided)
    assert store.unfinished().id == session_id  # over, but the score is still to count
    held = session.state.colours_held
    session.apply(
        RULES.parse_action({"type": "score", "distances": {c: i for i, c in enumerate(held)}})
    )
    store.record_summary(session_id, session.summary().data, session.decided)
    assert store.unfinished() is None
    results = store.results(session_id)
    assert [r["rank"] for r in results] == [p["rank"] for p in session.summary().data["players"]]
    assert sum(r["winner"] for r in results) >= 1


def test_schema_version_is_recorded_and_a_newer_database_is_refused(tmp_path):
    path = tmp_path / "c.db"
    Store(path).close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    conn.close()
    with pytest.raises(StoreError, match="newer version"):
        Store(path)


def test_a_broken_database_is_moved_aside_never_deleted(tmp_path):
    path = tmp_path / "c.db"
    path.write_bytes(b"this is not sqlite" * 100)
    store = Store(path)
    assert store.notice is not None and "moved to" in store.notice
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("c.db.broken-")]
    assert len(moved) == 1 and moved[0].read_bytes() == b"this is not sqlite" * 100
    assert store.sessions() == []


def test_export_and_import_round_trip(tmp_path):
    game = {
        "format": 1,
        "game": "wyscig-balonow",
        "seed": 9,
        "players": ["Ola", "Jan"],
        "options": {"timer_seconds": 20},
        "actions": [
            {"type": "start_timer"},
            {"type": "mail", "at": "2026-11-30T20:00:00.000Z"},
            {"type": "end_turn"},
        ],
    }
    path = tmp_path / "in.json"
    path.write_text(json.dumps(game))
    imported = run_companion("import", str(path))
    assert imported.returncode == 0, imported.stderr
    exported = run_companion("export")
    assert exported.returncode == 0
    assert json.loads(exported.stdout) == game
    assert (
        run_companion("export", "99").stderr.strip() == "error: There is no game 99 in the database"
    )


def test_export_prefers_the_unfinished_game(tmp_path):
    store = Store()
    first, _ = new_session(store)
    finished_setup = SETUP.model_copy(update={"seed": 6})
    second = store.import_session(
        files.replay(
            {
                "format": 1,
                "game": "wyscig-balonow",
                "seed": 6,
                "players": ["Ola", "Jan", "Ewa"],
                "options": {"balloon_cards": {"Ola": ["red"], "Jan": ["blue"], "Ewa": ["pink"]}},
                "actions": [
                    {"type": "landed"},
                    {"type": "end_turn"},
                    {"type": "score", "distances": {"red": 1, "blue": 2, "pink": 3}},
                ],
            }
        )
    )
    store.close()
    assert finished_setup.seed == 6 and second != first
    assert json.loads(run_companion("export").stdout)["seed"] == 5


CHILD = textwrap.dedent(
    """
    import sys
    from companion.core.model import GameSetup, PlayerSpec
    from companion.games import get
    from companion.store import Store
    rules = get("wyscig-balonow")
    store = Store(sys.argv[1])
    setup = GameSetup(game=rules.id, seed=1, players=[PlayerSpec(name=n) for n in ("A", "B", "C")])
    session_id = store.create_session(setup)
    session = store.load_session(session_id)
    count = 0
    while True:
        session.apply(rules.parse_action({"type": "penalty", "count": 1}))
        count += 1
        print("apply", count, flush=True)
        if count % 7 == 0:
            session.undo()
            count -= 1
            print("undo", count, flush=True)
    """
)


@pytest.mark.parametrize("kill_after", random.Random(20261130).sample(range(3, 120), 6))
def test_sigkill_loses_no_applied_action(tmp_path, kill_after):
    db = tmp_path / "c.db"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ},
    )
    assert child.stdout is not None
    acknowledged, last = 0, "undo"
    for lines, line in enumerate(child.stdout, start=1):
        last, number = line.split()
        acknowledged = int(number)
        if lines >= kill_after:
            break
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    store = Store(db)
    session_row = store.sessions()[0]
    session = store.load_session(session_row.id)
    # Every acknowledged step is there; only the one in flight may or may not be.
    in_flight = -1 if last == "apply" and acknowledged % 7 == 0 else 1
    assert len(session.log) in (acknowledged, acknowledged + in_flight)
    penalties = sum(p.penalty for p in session.state.players)
    assert penalties == len(session.log)
