"""Only corruption is corruption: a lock, a full disk, a read-only file, folder or file
system and a missing permission each get their own sentence naming the path, and the
database is never moved aside for them. Two programs starting at once on an old
schema migrate it once."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.store import (
    MIGRATIONS,
    DatabaseBusyError,
    DatabasePermissionError,
    DiskFullError,
    NotAFileError,
    ReadOnlyDatabaseError,
    Store,
)
from tests.conftest import ROOT, run_companion
from tests.store.conftest import (
    NOBODY,
    SETUP,
    files_in,
    fill,
    python_child,
    remount_read_only,
    without_rights,
)
from tests.waiting import limit


def stored_game(path: Path) -> int:
    store = Store(path)
    session_id = store.create_session(SETUP)
    store.close()
    return session_id


def moved_aside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".broken-" in p.name)


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    """A folder every user may enter (pytest's own tmp folders are root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="companion-rights-"))
    folder.chmod(0o755)
    yield folder
    folder.chmod(0o755)  # a test may have taken its owner's write bit
    shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def held_game(path: Path) -> Iterator[None]:
    """A stored game in a database that another program holds locked until the block ends."""
    stored_game(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.close()


def test_a_held_lock_is_waited_for_then_named_and_nothing_moves(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    with held_game(path):
        started = time.monotonic()
        with pytest.raises(DatabaseBusyError) as caught:
            Store(path, timeout=0.3)
        assert time.monotonic() - started >= 0.3  # it waited before giving up
    assert str(caught.value) == (
        f"The database {path} is busy: another program has held it for 0.3 s. "
        "Close that program and try again"
    )
    assert moved_aside(tmp_path) == []
    assert len(Store(path).sessions()) == 1


def test_stats_beside_a_held_lock_is_one_error_line(_isolated_data: Path) -> None:
    path = _isolated_data / "companion.db"
    with held_game(path):
        done = run_companion("stats")
    assert done.returncode == 2
    assert done.stderr == (
        f"error: The database {path} is busy: another program has held it for 5 s. "
        "Close that program and try again\n"
    )
    assert moved_aside(_isolated_data) == []


def test_a_full_disk_is_a_sentence_and_nothing_moves(small_disk: Path) -> None:
    """No room for SQLite's WAL index: the games are opened to read only, said, and
    a change is refused with a sentence; nothing moves, nothing is written."""
    path = small_disk / "companion.db"
    stored_game(path)
    before = files_in(small_disk)
    ballast = fill(small_disk)
    store = Store(path)
    assert store.notice == (
        f"The disk that holds {path} is full: the games can be read, but nothing new can "
        "be saved until some space is freed"
    )
    assert len(store.sessions()) == 1
    with pytest.raises(DiskFullError) as caught:
        store.add_player("Zoe")
    assert str(caught.value) == "The disk is full: this change was not saved"
    store.close()
    assert moved_aside(small_disk) == []
    ballast.unlink()
    assert files_in(small_disk)["companion.db"] == before["companion.db"]
    assert len(Store(path).sessions()) == 1


def test_a_read_only_command_on_a_full_disk_moves_nothing(small_disk: Path) -> None:
    data = small_disk / "data"
    stored_game(data / "companion.db")
    fill(small_disk)
    done = run_companion("stats", env={"COMPANION_DATA_DIR": str(data)})
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith(f"note: The disk that holds {data / 'companion.db'} is full")
    assert moved_aside(data) == []


def test_a_new_database_on_a_full_disk(small_disk: Path) -> None:
    fill(small_disk)
    with pytest.raises(DiskFullError):
        Store(small_disk / "new.db")
    assert moved_aside(small_disk) == []


def test_a_read_only_file_system(small_disk: Path) -> None:
    path = small_disk / "companion.db"
    stored_game(path)
    remount_read_only(small_disk)
    with pytest.raises(ReadOnlyDatabaseError) as caught:
        Store(path)
    assert str(caught.value) == (
        f"The database {path} is on a read-only file system: mount it writable, or set "
        "COMPANION_DATA_DIR to a writable folder"
    )
    assert moved_aside(small_disk) == []


# Each mode refuses its owner too: the refusal holds for the user who made the files
# (a developer's run) as for another user (root's run, whose child gives up root).
RIGHTS = {
    "read-only file": (0o777, 0o444),
    "folder that cannot be written": (0o555, 0o666),
    "file the user may not open": (0o777, 0o000),
}
OWNERS = ["the user's own", "another user's"]


def _refusal(case: str, folder: Path, path: Path) -> str:
    return {
        "read-only file": f"ReadOnlyDatabaseError: The database {path} is read-only: make it "
        "writable (chmod u+w), or copy it to a folder where it can be written",
        "folder that cannot be written": f"ReadOnlyDatabaseError: The folder {folder} cannot "
        f"be written, so the database {path} cannot be used: make the folder writable, or "
        "set COMPANION_DATA_DIR to another one",
        "file the user may not open": f"{DatabasePermissionError.__name__}: The companion may "
        f"not use {path} (permission denied): give the user that runs it read and write "
        "access to it and to its folder",
    }[case]


@pytest.mark.parametrize("owner", OWNERS)
@pytest.mark.parametrize("case", list(RIGHTS))
def test_a_file_or_folder_without_rights_is_named_not_moved(
    shared_folder: Path, case: str, owner: str
) -> None:
    """As root the store opens in a child that has given up root (without_rights): as
    the files' owner, or as another user; as a user, as their owner."""
    root = os.geteuid() == 0
    if owner == "another user's" and not root:
        pytest.skip("needs root: only root can make a file that another user owns")
    path = shared_folder / "companion.db"
    stored_game(path)
    if owner == "the user's own" and root:
        for owned in (shared_folder, path):
            os.chown(owned, NOBODY, NOBODY)
    folder_mode, file_mode = RIGHTS[case]
    path.chmod(file_mode)
    shared_folder.chmod(folder_mode)
    outcome = without_rights(lambda: Store(path))
    assert outcome == _refusal(case, shared_folder, path)
    shared_folder.chmod(0o755)
    assert moved_aside(shared_folder) == []
    assert sorted(p.name for p in shared_folder.iterdir()) == ["companion.db"]


@pytest.mark.timeout(20)
@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_a_pipe_in_its_place_is_named_not_opened(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "companion.db"
    if kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    with pytest.raises(NotAFileError) as caught:
        Store(path)
    assert str(caught.value).startswith(f"The database {path} is not a regular file")
    assert moved_aside(tmp_path) == []


def test_a_damaged_page_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    stored_game(path)
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) >= 3 * page
    data[2 * page : 3 * page] = b"\xa5" * page  # a table's page: garbage
    path.write_bytes(bytes(data))
    store = Store(path)
    assert store.notice is not None and "moved to" in store.notice
    assert store.notice_message is not None and store.notice_message.key == "store.moved_aside"
    assert len(moved_aside(tmp_path)) == 1
    assert store.sessions() == []


OLD_SCHEMA_OPEN = """
import sys
from companion.store import Store
sys.stdin.readline()  # the start signal: every child opens at the same moment
store = Store(sys.argv[1])
print(store.notice or "no notice", flush=True)
"""


def old_schema(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0].split(";"):
        if statement.strip():
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.close()


@pytest.mark.timeout(240)
def test_programs_starting_together_on_an_old_schema_migrate_it_once(tmp_path: Path) -> None:
    for attempt in range(12):
        folder = tmp_path / str(attempt)
        folder.mkdir()
        path = folder / "c.db"
        old_schema(path)
        children = [
            subprocess.Popen(
                python_child(OLD_SCHEMA_OPEN, str(path)),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                cwd=ROOT,
            )
            for _ in range(3)
        ]
        for child in children:  # all started and importing; now release them together
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        outcomes = [child.communicate(timeout=limit(60)) for child in children]
        for child, (out, err) in zip(children, outcomes, strict=True):
            assert child.returncode == 0, (attempt, err)
            assert out == "no notice\n", (attempt, out)
        assert moved_aside(folder) == [], attempt
        conn = sqlite3.connect(path)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert conn.execute("SELECT count(*) FROM dice_rolls").fetchone()[0] == 0
        conn.close()


def test_an_old_file_another_program_writes_to_is_waited_for(tmp_path: Path) -> None:
    """The change of an old (rollback-mode) file to WAL reads its header, then asks for
    the write lock: with another program's write lock taken meanwhile, SQLite refused
    at once, without its busy handler, and the open failed (what made one of three
    programs starting together on an old schema fail now and then). It waits now."""
    path = tmp_path / "c.db"
    old_schema(path)
    writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO players(name, created) VALUES ('Ola', 'then')")
    done = threading.Timer(0.3, lambda: writer.execute("COMMIT"))
    done.start()
    try:
        store = Store(path, timeout=limit(10))
    finally:
        done.join()
        writer.close()
    assert store.notice is None
    assert store.players() == ["Ola"]  # what the other program wrote, migrated
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_an_old_file_held_longer_than_the_timeout_is_named(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    old_schema(path)
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    started = time.monotonic()
    with pytest.raises(DatabaseBusyError):
        Store(path, timeout=0.3)
    assert time.monotonic() - started >= 0.3  # it waited, as it says
    writer.close()
    assert moved_aside(tmp_path) == []
