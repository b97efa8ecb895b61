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
import logging
import os
import sqlite3
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.errors import StoreError
from companion.core.messages import Message
from companion.store.errors import SQLITE_FULL, FilesRemovedError, from_os_error, primary
from companion.store.lock import held_elsewhere
from companion.store.messages import M
from companion.store.setaside import move_aside

if TYPE_CHECKING:
    from companion.store.database import Db

log = logging.getLogger(__name__)

FileId = tuple[int, int]  # st_dev, st_ino
PART_MARK = "writing-back"  # the copy while it is written: never taken for a database
COPY_MARK = "written-back"  # the copy, whole and synced, before it takes the path


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
    again.

    The steps, each safe to be killed after: the copy is written under a name of its
    own and synced, then named as whole (`COPY_MARK`: a start finds it and finishes,
    `finish_write_back`); the old `-wal` and `-shm` leave the path (SQLite applies
    whatever WAL lies beside a file: the old one, put in front of the copy, made it
    malformed, and the next start moved it aside with every game); the copy takes
    the path, and the folder is synced before the action is acknowledged."""
    folder = db.path.parent
    try:
        copy = _copy(db)
        _clear_the_way(db.path, db.files)
        os.replace(copy, db.path)
        sync_folder(folder)
    except (OSError, sqlite3.Error, StoreError) as error:
        raise _unsaved(folder, what, error) from None
    # Its file is no longer at the path: SQLite sees it moved, and the close neither
    # checkpoints nor removes a `-wal` or `-shm` by name.
    db.disconnect()
    db.lost = True  # until the new file is open: the next write opens it first
    db.reopen()
    return M("written_back", folder=str(folder), path=str(db.path))


def finish_write_back(path: Path) -> Message | None:
    """A write-back killed after its copy was whole: the copy (every game the app held)
    takes the path, what was there moved aside; the sentence to show, else None.
    Left alone while another program holds the folder: its own write-back is running."""
    copy, part = _named(path, COPY_MARK), _named(path, PART_MARK)
    if not (os.path.lexists(copy) or os.path.lexists(part)) or held_elsewhere(path.parent):
        return None  # the usual start: one `lstat` each, no lock asked for
    for leftover in (part, Path(f"{part}-journal")):
        with contextlib.suppress(OSError):
            os.unlink(leftover)  # a copy a kill left unfinished: never a database
    if not _regular(copy):
        return None
    if _regular(path) or _regular(wal_of(path)):
        move_aside(path, "replaced")  # older than the copy: kept, never applied to it
    with contextlib.suppress(OSError):
        os.unlink(f"{path}-shm")
    try:
        os.replace(copy, path)
        sync_folder(path.parent)
    except OSError as error:
        raise from_os_error(error, path, folder=True) from None
    return M("written_back", folder=str(path.parent), path=str(path))


def _unsaved(folder: Path, what: str, error: Exception) -> FilesRemovedError:
    reason = str(error)
    if isinstance(error, OSError) and error.strerror:
        reason = error.strerror
    elif isinstance(error, sqlite3.Error) and primary(error) == SQLITE_FULL:
        reason = os.strerror(errno.ENOSPC)  # the words the system uses, not SQLite's
    return FilesRemovedError(M(f"removed_{what}", folder=str(folder), reason=reason))


def _copy(db: Db) -> Path:
    """The connection's every game in a new file beside the path, on the card, under
    `COPY_MARK`."""
    _make_folders(db.path.parent)
    part = _named(db.path, PART_MARK)
    for leftover in (part, Path(f"{part}-journal")):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(leftover)
    # Not synced by SQLite (some versions do, some do not): the one sync below is
    # what makes the copy whole on the card, whatever the version.
    db.conn.execute("PRAGMA synchronous=OFF")
    try:
        db.conn.execute("VACUUM INTO ?", (str(part),))
    finally:
        db.conn.execute("PRAGMA synchronous=FULL")
    fd = os.open(part, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    copy = _named(db.path, COPY_MARK)
    os.replace(part, copy)  # whole: from here a start finishes the write-back
    return copy


def _make_folders(folder: Path) -> None:
    """The folder and any missing above it, each made known to its parent on the card
    (a folder made and not synced into its parent can be gone after a power cut, and
    every game with it)."""
    missing = []
    while not folder.is_dir():
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        with contextlib.suppress(FileExistsError):
            os.mkdir(made)
        sync_folder(made.parent)


def _clear_the_way(path: Path, opened: FileIds) -> None:
    """What is at the path now and not the file the store had open (another program's,
    or a WAL it made) is moved aside; our own old file is replaced (the copy holds it),
    and our own old `-wal` removed: the copy holds it too, and beside the copy it would
    be taken for the copy's. The `-shm` indexes the old WAL: it goes."""
    at_path = file_id(path)
    wal = file_id(wal_of(path))
    if at_path is not None and at_path != opened.database:
        move_aside(path, "replaced")
    elif wal is not None and wal == opened.wal:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(wal_of(path))
    elif wal is not None:
        move_aside(path, "replaced", suffixes=("-wal",))
    with contextlib.suppress(FileNotFoundError):
        os.unlink(f"{path}-shm")


def _named(path: Path, mark: str) -> Path:
    return path.with_name(f"{path.name}.{mark}")


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def sync_folder(folder: Path) -> None:
    """The folder's names (a new file, a rename, a removal) on the card. A file system
    that cannot sync a folder is said in the log: there is no more to do."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as error:
        log.warning("could not sync the folder %s: %s", folder, error.strerror or error)
