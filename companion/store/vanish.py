"""The database's files removed under the running store (issue 23.4).

Deleting `companion.db-wal`, or the whole data folder, while the app runs leaves
SQLite writing into files that no longer have a name: every tap is acknowledged, and
a kill takes the game with it. The store remembers which files it opened (device and
inode of the database and its WAL, a `stat` of each at opening) and compares them
with the files at their paths before each commit: two `stat` calls per write.

When they differ, the open connection still reads everything, so it is copied whole
into a new file beside the path (`VACUUM INTO`, then synced), put in place, and the
store goes on with it: every game, the one in play included, before the action is
acknowledged. What another program left at the path meanwhile is moved aside.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.errors import StoreError
from companion.core.messages import Message
from companion.store.errors import SQLITE_FULL, FilesRemovedError, primary
from companion.store.messages import M
from companion.store.setaside import move_aside

if TYPE_CHECKING:
    from companion.store.database import Db

FileId = tuple[int, int]  # st_dev, st_ino
COPY_MARK = "written-back"


class FilesVanished(Exception):
    """The files at the database's paths are not the ones it opened. Internal: the
    write is rolled back and done again once the games are written back."""


@dataclass(frozen=True)
class FileIds:
    path: Path
    database: FileId | None
    wal: FileId | None

    @classmethod
    def of(cls, path: Path) -> FileIds:
        return cls(path, file_id(path), file_id(wal_of(path)))

    def vanished(self) -> bool:
        if file_id(self.path) != self.database:
            return True
        return self.wal is not None and file_id(wal_of(self.path)) != self.wal


def file_id(path: Path) -> FileId | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def wal_of(path: Path) -> Path:
    return Path(f"{path}-wal")


def write_back(db: Db, what: str) -> Message:
    """Write every game the connection holds to a new database at `db.path` and go on
    with it; the sentence to show. `FilesRemovedError` when the copy cannot be made or
    put in place: nothing changed, the old connection is kept, the next write tries
    again."""
    folder = db.path.parent
    try:
        copy = _copy(db)
        _clear_the_way(db.path, db.files)
        os.replace(copy, db.path)
    except (OSError, sqlite3.Error, StoreError) as error:
        raise _unsaved(folder, what, error) from None
    # Closed only now: its last act removes the old `-wal` and `-shm` by their names,
    # which must not yet be the new file's.
    db.disconnect()
    db.lost = True  # until the new file is open: the next write opens it first
    with contextlib.suppress(OSError):
        # The old file's WAL index, should a reader beside us keep it: never the new one's.
        os.unlink(f"{db.path}-shm")
    _sync_folder(folder)
    db.reopen()
    return M("written_back", folder=str(folder), path=str(db.path))


def _unsaved(folder: Path, what: str, error: Exception) -> FilesRemovedError:
    reason = str(error)
    if isinstance(error, OSError) and error.strerror:
        reason = error.strerror
    elif isinstance(error, sqlite3.Error) and primary(error) == SQLITE_FULL:
        reason = os.strerror(errno.ENOSPC)  # the words the system uses, not SQLite's
    return FilesRemovedError(M(f"removed_{what}", folder=str(folder), reason=reason))


def _copy(db: Db) -> Path:
    db.path.parent.mkdir(parents=True, exist_ok=True)
    copy = db.path.with_name(f"{db.path.name}.{COPY_MARK}")
    for leftover in (copy, Path(f"{copy}-journal")):
        leftover.unlink(missing_ok=True)
    db.conn.execute("VACUUM INTO ?", (str(copy),))
    fd = os.open(copy, os.O_RDONLY)
    try:
        os.fsync(fd)  # an older SQLite leaves what VACUUM INTO wrote to the page cache
    finally:
        os.close(fd)
    return copy


def _clear_the_way(path: Path, opened: FileIds) -> None:
    """What is at the path now and not the file the store had open (another program's,
    or a WAL it made) is moved aside; our own old file is replaced (the copy holds it)."""
    at_path = file_id(path)
    if at_path is not None and at_path != opened.database:
        move_aside(path, "replaced")
    elif wal_of(path).exists() and file_id(wal_of(path)) != opened.wal:
        move_aside(path, "replaced", suffixes=("-wal",))


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
