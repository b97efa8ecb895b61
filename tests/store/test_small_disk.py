"""A small disk does not fill with the store's own WAL: on a 600 KiB file system the
WAL once reached 560 KiB after 22 actions, never checkpointed, and every tap was
refused from then on, also after a restart. Play goes on as long as the database
itself fits: the WAL is checkpointed and kept small, a write that fails for room is
tried again after a checkpoint, and a start checkpoints what a killed app left."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from companion.core.session import Session
from companion.store import DiskFullError, Store
from companion.store.database import WAL_SIZE_LIMIT
from tests.conftest import ROOT, run_companion
from tests.store.conftest import RULES, SETUP, fill, python_child

PENALTY = {"type": "penalty", "count": 1}


def play(store: Store, session_id: int, session: Session, count: int) -> None:
    """Taps as the app records them: the action, its summary, the glass (unsynced)."""
    for number in range(count):
        session.apply(RULES.parse_action(PENALTY))
        store.record_summary(session_id, session.summary().data, session.decided)
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


def leave_free(disk: Path, kib: int) -> Path:
    """Fill the disk but `kib` KiB (a card the rest of the system took)."""
    ballast = fill(disk)
    os.truncate(ballast, ballast.stat().st_size - kib * 1024)
    return ballast


@pytest.mark.parametrize("free_kib", [400, 300, 200])
def test_play_goes_on_with_little_room_left(small_disk: Path, free_kib: int) -> None:
    """With 400 KiB free the WAL reached 360 KiB before its first checkpoint, and the
    card filled after about a hundred taps. The WAL now takes at most a quarter of the
    room it has: two hundred taps fit (the database itself grows by some 130 KiB)."""
    path = small_disk / "companion.db"
    store = Store(path)
    session_id = store.create_session(SETUP)
    store.close()
    leave_free(small_disk, free_kib)
    store = Store(path)
    session = store.load_session(session_id)
    biggest = 0
    for _ in range(200):
        play(store, session_id, session, 1)
        biggest = max(biggest, wal_size(path))
    assert len(store.raw_actions(session_id)) == len(session.log) == 200
    assert biggest <= free_kib * 1024 // 2
    store.close()
    assert len(Store(path).load_session(session_id).log) == 200


# An app of before killed with a WAL past its limit: only the WAL holds its taps.
BIG_WAL = """
import os, sys
from companion.store import Store
from tests.store.conftest import RULES, SETUP
store = Store(sys.argv[1])
store.db.bound_wal = lambda: None
store.conn.execute("PRAGMA wal_autocheckpoint = 0")
session_id = store.create_session(SETUP)
session = store.load_session(session_id)
for n in range(int(sys.argv[2])):
    session.apply(RULES.parse_action({"type": "penalty", "count": 1}))
    store.record_summary(session_id, session.summary().data, False)
os._exit(0)  # killed: nothing closed, nothing checkpointed
"""


TAPS = 25  # with their summaries, a WAL of some 500 KiB without a checkpoint


def exported(data: Path) -> subprocess.CompletedProcess[str]:
    return run_companion("export", env={"COMPANION_DATA_DIR": str(data)})


@pytest.mark.parametrize("left", ["a killed app's big WAL", "a closed app's file alone"])
def test_a_full_card_never_keeps_the_players_from_their_games(small_disk: Path, left: str) -> None:
    """The card full: a start reads the games without writing (its checkpoint of a big
    WAL needed room, and opening a file alone needs room for SQLite's WAL index).
    Home and History (the app's store), `export` and `stats` read; a tap is refused
    with a sentence, and taken once there is room again."""
    data = small_disk / "data"
    path = data / "companion.db"
    if left == "a killed app's big WAL":
        subprocess.run(python_child(BIG_WAL, str(path), str(TAPS)), cwd=ROOT, check=True)
        assert wal_size(path) > WAL_SIZE_LIMIT
    else:
        store = Store(path)
        session = store.load_session(store.create_session(SETUP))
        for _ in range(TAPS):
            session.apply(RULES.parse_action(PENALTY))
        store.close()
        assert sorted(p.name for p in data.iterdir()) == ["companion.acked", "companion.db"]
    ballast = fill(small_disk)
    done = exported(data)
    assert done.returncode == 0, done.stderr
    if left == "a closed app's file alone":  # opened to read only: said
        assert done.stderr == (
            f"note: The disk that holds {path} is full: the games can be read, but nothing "
            "new can be saved until some space is freed\n"
        )
    assert len(json.loads(done.stdout)["actions"]) == TAPS
    stats = run_companion("stats", env={"COMPANION_DATA_DIR": str(data)})
    assert stats.returncode == 0, stats.stderr
    store = Store(path)  # the app's start: Home lists the game, History shows it
    [row] = store.sessions()
    session = store.load_session(row.id)
    assert len(session.log) == TAPS
    with pytest.raises(DiskFullError) as refused:
        session.apply(RULES.parse_action(PENALTY))
    assert str(refused.value) == "The disk is full: this action was not saved"
    ballast.unlink()
    session.apply(RULES.parse_action(PENALTY))
    store.close()
    assert len(Store(path).load_session(row.id).log) == TAPS + 1
