"""Durability beyond the page cache: the store runs on a SQLite VFS that loses every
write not synced when the power goes (`crash_vfs`). Every action whose `apply` (or
`undo`) returned before the cut is on the disk afterwards. A store that committed
without syncing (`synchronous=NORMAL` in WAL mode, or fsync skipped) fails this."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

import pytest

from companion.core.errors import StoreError
from companion.store import Store
from tests.reliability.crash_vfs import CrashVFS
from tests.store.conftest import RULES, SETUP

PENALTY = {"type": "penalty", "count": 1}


def power_cut(vfs: CrashVFS, store: Store, path: Path) -> None:
    """The power goes; the files are as the cut left them, the WAL index gone with
    the memory it lived in."""
    vfs.power_cut()
    with contextlib.suppress(StoreError):
        store.close()  # whatever it still writes goes nowhere
    vfs.reboot()
    Path(f"{path}-shm").unlink(missing_ok=True)


def on_disk(tmp_path: Path) -> tuple[CrashVFS, Path]:
    """A crash VFS over a folder of its own, and the database's path in it."""
    folder = tmp_path / "disk"
    folder.mkdir()
    return CrashVFS(folder), folder / "c.db"


@pytest.mark.parametrize("cut_after", [1, 2, 9, 40])
def test_every_acknowledged_action_survives_a_power_cut(tmp_path: Path, cut_after: int) -> None:
    vfs, path = on_disk(tmp_path)
    store = Store(path, connect=vfs.connect)
    session_id = store.create_session(SETUP)
    session = store.load_session(session_id)
    for step in range(1, cut_after + 1):
        session.apply(RULES.parse_action(PENALTY))
        if step % 4 == 0:
            session.undo()
    acknowledged = [a.to_json() for a in session.log]
    assert vfs.syncs > 0
    power_cut(vfs, store, path)

    after = Store(path)  # the ordinary sqlite3 module, on what reached the disk
    restored = after.load_session(session_id, journal=False)
    assert [a.to_json() for a in restored.log] == acknowledged
    assert restored.state == session.state


def test_the_crash_vfs_loses_what_was_not_synced(tmp_path: Path) -> None:
    """The harness itself: with syncing off, a committed row is gone after the cut."""
    vfs, path = on_disk(tmp_path)
    conn = vfs.connect(str(path))
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE t(x)")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("INSERT INTO t VALUES (1)")  # committed (autocommit), never synced
    assert conn.execute("SELECT count(*) FROM t").fetchone() == (1,)
    vfs.power_cut()
    conn.close()
    vfs.reboot()
    Path(f"{path}-shm").unlink(missing_ok=True)
    reopened = sqlite3.connect(path)
    assert reopened.execute("SELECT count(*) FROM t").fetchone() == (0,)
    reopened.close()


def test_the_disk_keeps_only_synced_bytes_and_synced_names(tmp_path: Path) -> None:
    """The harness itself, for the program's own files: bytes without an fsync of the
    file, and a name without an fsync of its folder, are gone after the cut."""
    vfs, _ = on_disk(tmp_path)
    folder = vfs.disk.root
    (folder / "old").write_bytes(b"settled")
    vfs.disk.settle()
    for name, data in (("synced", b"kept"), ("unsynced", b"lost"), ("renamed", b"moved")):
        fd = os.open(folder / name, os.O_WRONLY | os.O_CREAT)
        os.write(fd, data)
        if name != "unsynced":
            vfs.disk.fsync(fd)
        os.close(fd)
    dir_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    vfs.disk.fsync(dir_fd)  # the three names, and "old"
    os.replace(folder / "renamed", folder / "elsewhere")  # its folder not synced again
    (folder / "old").unlink()
    synced = os.open(folder / "synced", os.O_RDONLY)
    vfs.disk.fsync(synced)  # a file's sync: its folder's names stay as they were synced
    os.close(synced)
    vfs.power_cut()
    os.close(dir_fd)
    vfs.reboot()
    found = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert found == {"old": b"settled", "synced": b"kept", "unsynced": b"", "renamed": b"moved"}
