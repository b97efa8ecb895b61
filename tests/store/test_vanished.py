"""Files removed under a running store. Deleting `companion.db-wal`, or the whole data
folder, while the app ran: it kept acknowledging taps, and after a kill the game was
gone. Deleting the database file alone: the copy written back was put in front of
the old `-wal`, which SQLite applied to it, and the file was malformed (the next
start moved it aside with every game). Now the store notices (the files it opened
are no longer the files at their paths) before it acknowledges the next action,
writes every game back to a new database at once, without the old `-wal` and
`-shm`, and says so; when it cannot, the action is refused with a sentence and the
game is kept in memory until it can."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.core.messages import Message
from companion.core.session import Session
from companion.store import DataFolderLock, FilesRemovedError, M, Store
from tests.conftest import ROOT
from tests.reliability.crash_vfs import CrashVFS
from tests.store.conftest import RULES, SETUP, fill, python_child

PENALTY = {"type": "penalty", "count": 1}
REMOVED = ["wal", "database", "folder"]

VANISH = """
import os, shutil, sys
from pathlib import Path
from companion.store import Store
from tests.store.conftest import RULES, SETUP
path, what = Path(sys.argv[1]), sys.argv[2]
store = Store(path)
store.create_session(SETUP)  # an earlier game without actions
for _ in range(3):  # and three played: a copy lays their pages out anew
    earlier_id = store.create_session(SETUP)
    earlier = store.load_session(earlier_id)
    for _ in range(30):
        earlier.apply(RULES.parse_action({"type": "penalty", "count": 1}))
        store.record_summary(earlier_id, earlier.summary().data, False)
session = store.load_session(store.create_session(SETUP))
def tap():
    session.apply(RULES.parse_action({"type": "penalty", "count": 1}))
for _ in range(3):
    tap()
if what == "wal":
    os.unlink(f"{path}-wal")
elif what == "database":
    os.unlink(path)
else:
    shutil.rmtree(path.parent)
tap()
news = store.take_news()
print(news.key if news else "no news", flush=True)
print(news, flush=True)
os._exit(0)  # killed: nothing closed
"""


def tap(session: Session) -> None:
    session.apply(RULES.parse_action(PENALTY))


def written_back_message(path: Path) -> Message:
    return M("written_back", folder=str(path.parent), path=str(path))


def written_back(folder: Path, path: Path) -> str:
    return (
        f"The database's files in {folder} were removed while the companion was running: "
        f"every game was written again to {path}. Nothing was lost."
    )


@pytest.mark.parametrize("removed", REMOVED)
def test_removed_files_are_written_back_before_the_next_action_is_acknowledged(
    tmp_path: Path, removed: str
) -> None:
    path = tmp_path / "data" / "companion.db"
    done = subprocess.run(
        python_child(VANISH, str(path), removed), capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["store.written_back", written_back(path.parent, path)]
    store = Store(path)
    assert store.notice is None
    games = sorted(row.id for row in store.sessions())
    assert [len(store.load_session(game).log) for game in games] == [0, 30, 30, 30, 4]
    assert store.conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert sorted(p.name for p in path.parent.iterdir()) == [
        "companion.acked",
        "companion.db",
        "companion.db-shm",
        "companion.db-wal",
    ]  # nothing moved aside, no copy left


def test_play_goes_on_after_the_write_back(tmp_path: Path) -> None:
    path = tmp_path / "data" / "companion.db"
    store = Store(path)
    session_id = store.create_session(SETUP)
    session = store.load_session(session_id)
    tap(session)
    shutil.rmtree(path.parent)
    tap(session)
    assert store.take_news() is not None
    assert store.take_news() is None  # said once
    tap(session)
    session.undo()
    tap(session)
    beside = Store(path)  # another program reads the new file
    assert beside.load_session(session_id, journal=False).log == session.log
    beside.close()
    assert store.take_news() is None  # a reader beside it is no removal


def test_a_long_game_with_a_reader_beside_it_raises_no_false_alarm(tmp_path: Path) -> None:
    path = tmp_path / "companion.db"
    store = Store(path)
    session_id = store.create_session(SETUP)
    session = store.load_session(session_id)
    for number in range(400):  # past many checkpoints of the WAL
        tap(session)
        store.record_summary(session_id, session.summary().data, False)
        if number % 50 == 0:
            Store(path).close()
    assert store.take_news() is None
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == ["companion.acked", "companion.db", "companion.db-shm", "companion.db-wal"]


def test_when_they_cannot_be_written_back_the_action_is_refused_and_the_game_kept(
    small_disk: Path,
) -> None:
    path = small_disk / "data" / "companion.db"
    store = Store(path)
    session_id = store.create_session(SETUP)
    session = store.load_session(session_id)
    for _ in range(3):
        tap(session)
    shutil.rmtree(path.parent)
    ballast = fill(small_disk)  # no room for a new file
    before = (session.state, session.log)
    for _ in range(2):  # each tap tries again
        with pytest.raises(FilesRemovedError) as refused:
            tap(session)
        assert (session.state, session.log) == before
    assert str(refused.value) == (
        f"The database's files in {path.parent} were removed while the companion was running, "
        "and they cannot be written again (No space left on device): this action was not saved"
    )
    assert store.take_news() is None

    ballast.unlink()
    tap(session)
    assert store.take_news() == written_back_message(path)
    again = Store(path)
    assert len(again.load_session(session_id, journal=False).log) == 4


def remove(path: Path, what: str) -> None:
    """What a player's `rm` takes: the WAL, the database file alone, or the folder."""
    if what == "wal":
        os.unlink(f"{path}-wal")
    elif what == "database":
        os.unlink(path)
    else:
        shutil.rmtree(path.parent)


@pytest.mark.parametrize("removed", REMOVED)
def test_the_written_back_games_survive_a_power_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, removed: str
) -> None:
    """On the crash VFS, which keeps of a file only what was synced and of a folder
    only the names it had when it was synced: the copy, its name and its folder's
    name reached the card before the action was acknowledged."""
    root = tmp_path / "disk"
    root.mkdir()
    path = root / "data" / "c.db"
    vfs = CrashVFS(root)
    monkeypatch.setattr(os, "fsync", vfs.disk.fsync)  # the store's own syncs, recorded
    store = Store(path, connect=vfs.connect)
    session_id = store.create_session(SETUP)
    session = store.load_session(session_id)
    for _ in range(3):
        tap(session)
    remove(path, removed)
    vfs.disk.settle()  # the removal happened a while ago: it is on the card
    tap(session)
    assert store.take_news() == written_back_message(path)
    vfs.power_cut()
    store.close()
    vfs.reboot()
    Path(f"{path}-shm").unlink(missing_ok=True)  # a reboot starts without it
    after = Store(path)
    assert after.load_session(session_id, journal=False).log == session.log


HOLD = """
import sys
from pathlib import Path
from companion.store import DataFolderLock
with DataFolderLock(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.readline()
"""


def test_a_start_finishes_a_killed_write_back_only_where_no_other_program_holds_the_folder(
    tmp_path: Path,
) -> None:
    """A whole copy (`written-back`) beside an older file: what a kill left between the
    copy and its rename. The start that holds the folder (the app's, or any when no
    program holds it) puts the copy in place; a reader beside a running app (`export`)
    leaves it to the app, whose own write-back it may be."""
    path = tmp_path / "companion.db"
    store = Store(path)
    session_id = store.create_session(SETUP)
    session = store.load_session(session_id)
    for _ in range(3):
        tap(session)
    store.close()
    older = path.read_bytes()
    store = Store(path)
    session = store.load_session(session_id)
    for _ in range(2):
        tap(session)
    store.close()
    copy = path.with_name(f"{path.name}.written-back")
    os.replace(path, copy)
    path.write_bytes(older)
    holder = subprocess.Popen(
        python_child(HOLD, str(tmp_path)), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True, cwd=ROOT,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        beside = Store(path)
        assert copy.exists()  # it reads the older file, and says it is older
        assert beside.notice is not None and "up to number 3, but up to number 5" in beside.notice
        assert len(beside.load_session(session_id, journal=False).log) == 3
        beside.close()
    finally:
        holder.communicate("done\n")
    with DataFolderLock(tmp_path):  # the app's start
        store = Store(path)
        assert store.notice == str(written_back_message(path))
        assert not copy.exists()
        assert len(store.load_session(session_id, journal=False).log) == 5
        store.close()
    [replaced] = [p for p in tmp_path.iterdir() if ".replaced-" in p.name]
    assert replaced.read_bytes() == older  # kept, never applied to the copy
