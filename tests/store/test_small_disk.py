"""A small disk does not fill with the store's own WAL: on a 600 KiB file system the
WAL once reached 560 KiB after 22 actions, never checkpointed, and every tap was
refused from then on, also after a restart. Play goes on as long as the database
itself fits: the WAL is checkpointed and kept small, a write that fails for room is
tried again after a checkpoint, and a start checkpoints what a killed app left."""

from __future__ import annotations

import subprocess
from pathlib import Path

from companion.core.session import Session
from companion.store import Store
from companion.store.database import WAL_SIZE_LIMIT
from tests.conftest import ROOT
from tests.store.conftest import RULES, SETUP, python_child

PENALTY = {"type": "penalty", "count": 1}


def play(store: Store, session_id: int, session: Session, count: int) -> None:
    """Taps as the app records them: the action, its summary, the glass (unsynced)."""
    for number in range(count):
        session.apply(RULES.parse_action(PENALTY))
        store.record_summary(session_id, session.summary(), session.decided)
        store.save_extra(session_id, synced=False, hourglass={"n": number})


def wal_size(path: Path) -> int:
    wal = Path(f"{path}-wal")
    return wal.stat().st_size if wal.exists() else 0


def test_three_hundred_taps_on_a_600_kib_disk(tiny_disk: Path) -> None:
    path = tiny_disk / "companion.db"
    store = Store(path)
    session_id = store.create_session(SETUP)
    session = store.load_session(session_id)
    biggest = 0
    for _ in range(30):
        play(store, session_id, session, 10)
        biggest = max(biggest, wal_size(path))
    assert len(store.raw_actions(session_id)) == len(session.log) == 300
    assert biggest <= 2 * WAL_SIZE_LIMIT
    store.close()
    assert len(Store(path).load_session(session_id).log) == 300


# An app of before: its WAL never checkpointed, killed once the disk was full.
STUCK = """
import os, sqlite3, sys
from companion.store import Store
from tests.store.conftest import SETUP
store = Store(sys.argv[1])
session_id = store.create_session(SETUP)
store.close()
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA wal_autocheckpoint = 0")
conn.execute("PRAGMA journal_size_limit = -1")
try:
    for n in range(10_000):
        extra = '{"note": "%s"}' % ("x" * 3000 + str(n))
        conn.execute("UPDATE sessions SET extra = ? WHERE id = ?", (extra, session_id))
except sqlite3.Error as error:
    print(n, error, flush=True)
os._exit(0)  # killed: nothing closed, nothing checkpointed
"""


def test_a_start_frees_the_wal_a_killed_app_left_on_a_full_disk(tiny_disk: Path) -> None:
    path = tiny_disk / "companion.db"
    done = subprocess.run(
        python_child(STUCK, str(path)), capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert "full" in done.stdout, done.stdout + done.stderr
    assert wal_size(path) > 400 * 1024  # the WAL took the disk
    store = Store(path)
    assert wal_size(path) <= WAL_SIZE_LIMIT
    [row] = store.sessions()
    session = store.load_session(row.id)
    play(store, row.id, session, 50)
    assert len(store.raw_actions(row.id)) == 50
