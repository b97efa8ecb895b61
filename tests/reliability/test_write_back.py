"""The write-back (the database's files removed under the running store, issue 30.1),
interrupted at each of its steps: by a kill (the page cache kept) and by a power cut
(only what was synced kept). Wherever it stops, the next start opens a database that
is not malformed, with no old `-wal` applied to a new file; and from the moment the
copy is whole (named `written-back`, or at the path) it holds every game: the next
start finishes what the kill left.

Before the copy is whole the games are where the player's `rm` left them: in a file
with no name that only the killed process held. Nothing can bring those back (the
store cannot notice a removal before it writes again); the start must be clean, and
say what is missing where the mark of the last acknowledged action is left to tell
(not when the whole folder went, the mark with it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from companion.core.session import Session
from companion.store import Store
from companion.store.vanish import COPY_MARK, PART_MARK
from tests.conftest import ROOT
from tests.reliability.crash_vfs import CrashVFS, write_image
from tests.store.conftest import RULES, SETUP, python_child
from tests.waiting import limit

REMOVED = ["wal", "database", "folder"]
PENALTY = {"type": "penalty", "count": 1}
HISTORY = [0, 30, 30]  # the earlier games' actions: a copy lays their pages out anew
ACKED = 3  # the game in play's actions acknowledged before the removal

PLAY = """
import os, shutil, sys
from pathlib import Path
from companion.store import Store, setaside, vanish
from tests.reliability.test_write_back import ACKED, HISTORY, play, remove, tap
path, removed, kill_at = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
store = Store(path)
session = play(store)
remove(path, removed)
done = []

def step(name, call):
    def counted(*args, **kwargs):
        done.append(name)
        if len(done) == kill_at:
            os._exit(9)  # killed before this step
        return call(*args, **kwargs)
    return counted

class System:
    # The write-back's calls that change files, each a step.
    def __getattr__(self, name):
        found = getattr(os, name)
        return step(name, found) if name in ("replace", "unlink", "fsync", "mkdir") else found

class Connection:
    def __init__(self, conn):
        self.conn = conn
    def execute(self, sql, *args):
        call = self.conn.execute
        return step("vacuum", call)(sql, *args) if sql.startswith("VACUUM") else call(sql, *args)
    def __getattr__(self, name):
        return getattr(self.conn, name)

vanish.os = setaside.os = System()
store.db.conn = Connection(store.db.conn)
store.db.reopen = step("reopen", store.db.reopen)  # a kill between the rename and it: 30.1
attempt = store.db._attempt
def again(*args, watch):  # the write done again once the games are written back
    return (attempt if watch else step("commit", attempt))(*args, watch=watch)
store.db._attempt = again
tap(session)
print(" ".join(done), flush=True)
os._exit(0)  # killed once acknowledged: nothing closed
"""


def play(store: Store) -> Session:
    """The history and a game in play with `ACKED` actions, each acknowledged."""
    for count in HISTORY:
        earlier_id = store.create_session(SETUP)
        earlier = store.load_session(earlier_id)
        for _ in range(count):
            tap(earlier)
            store.record_summary(earlier_id, earlier.summary().data, False)
    session = store.load_session(store.create_session(SETUP))
    for _ in range(ACKED):
        tap(session)
    return session


def tap(session: Session[Any]) -> None:
    session.apply(RULES.parse_action(PENALTY))


def remove(path: Path, removed: str) -> None:
    if removed == "wal":
        os.unlink(f"{path}-wal")
    elif removed == "database":
        os.unlink(path)
    else:
        shutil.rmtree(path.parent)


def games(path: Path) -> tuple[list[int], str | None]:
    """The actions of each game at `path`, opened as the next start opens it, and what
    the start says."""
    store = Store(path)
    try:
        assert store.conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        rows = sorted(store.sessions(), key=id_of)
        return [len(store.load_session(row.id).log) for row in rows], store.notice
    finally:
        store.close()


def id_of(row: Any) -> int:
    return int(row.id)


def run(path: Path, removed: str, kill_at: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        python_child(PLAY, str(path), removed, str(kill_at)),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=limit(120),
        check=False,
    )


@pytest.mark.timeout(600)
@pytest.mark.parametrize("removed", REMOVED)
def test_a_kill_at_each_step_of_the_write_back(tmp_path: Path, removed: str) -> None:
    whole = run(tmp_path / "whole" / "data" / "companion.db", removed, 0)
    assert whole.returncode == 0, whole.stderr
    steps = whole.stdout.split()
    assert steps[-3:] == ["fsync", "reopen", "commit"], steps
    copied = steps.index("replace") + 1  # the first replace names the copy whole
    for kill_at in range(1, len(steps) + 2):  # before each step, and once acknowledged
        path = tmp_path / str(kill_at) / "data" / "companion.db"
        done = run(path, removed, kill_at)
        assert done.returncode == (9 if kill_at <= len(steps) else 0), done.stderr
        found, said = games(path)  # opens, never malformed: or this fails
        leftovers = [p.name for p in path.parent.iterdir() if COPY_MARK in p.name]
        assert leftovers == [], (kill_at, leftovers)
        assert not list(path.parent.glob(f"*{PART_MARK}*")), kill_at
        in_play = ACKED + (kill_at > len(steps))  # the fourth, once acknowledged
        if kill_at > copied:
            assert found == [*HISTORY, in_play], (kill_at, steps[kill_at - 1], found)
            assert said is None or "written again" in said, (kill_at, said)
        elif removed != "folder" and found != [*HISTORY, in_play]:
            assert said is not None and "were saved" in said, (kill_at, found, said)


@pytest.mark.parametrize("removed", REMOVED)
def test_a_power_cut_at_each_sync_of_the_write_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, removed: str
) -> None:
    """The crash VFS pictures the card after every sync (SQLite's and the store's own):
    each picture, rebooted, opens; once the copy is on the card under its name, it
    holds every game."""
    root = tmp_path / "disk"
    root.mkdir()
    path = root / "data" / "c.db"
    vfs = CrashVFS(root)
    monkeypatch.setattr(os, "fsync", vfs.disk.fsync)
    store = Store(path, connect=vfs.connect)
    session = play(store)
    remove(path, removed)
    vfs.disk.settle()  # the removal is long on the card
    copy = path.with_name(f"{path.name}.{COPY_MARK}")
    pictures: list[tuple[dict[Path, bytes | None], int | None, int | None]] = []
    vfs.disk.on_sync = lambda: pictures.append(
        (vfs.disk.image(), vfs.disk.inode(path), vfs.disk.inode(copy))
    )
    tap(session)
    vfs.disk.on_sync = lambda: None
    copied = os.stat(path).st_ino  # the copy's inode, through both its renames
    store.close()
    assert any(at_path == copied for _, at_path, _ in pictures)
    for number, (image, at_path, named) in enumerate(pictures):
        rebooted = tmp_path / f"reboot-{number}"
        rebooted.mkdir()
        write_image(image, rebooted)
        again = rebooted / path.relative_to(root)
        Path(f"{again}-shm").unlink(missing_ok=True)  # memory: gone with the power
        found, _ = games(again)
        if at_path == copied or named is not None:
            assert found[: len(HISTORY)] == HISTORY, (number, found)
            assert found[len(HISTORY)] in (ACKED, ACKED + 1), (number, found)
