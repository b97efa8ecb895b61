"""What can go wrong with the database, each as its own `StoreError`, and the one place
that tells SQLite's errors apart.

`sqlite3` raises `DatabaseError` for a lock or a full disk as well as for a damaged
file, so the class alone says little: the SQLite result code decides. Only a file
SQLite calls damaged is `Corrupt` (and may be moved aside); everything else is a
sentence naming the path and what to do, with nothing moved.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import tempfile
from pathlib import Path

from companion.core.errors import StoreError
from companion.core.messages import Message, Param
from companion.store.messages import M

# SQLite's primary result codes (https://sqlite.org/rescode.html).
SQLITE_PERM = 3
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_AUTH = 23
SQLITE_NOTADB = 26

MIN_FREE_BYTES = 64 * 1024  # below this a write that failed failed for want of space


class DatabaseBusyError(StoreError):
    """Another program held the database locked for longer than the busy timeout."""


class DiskFullError(StoreError):
    """The disk is full; the change was rolled back and can be tried again later."""


class ReadOnlyDatabaseError(StoreError):
    """The file, its folder or the whole file system cannot be written."""


class DatabasePermissionError(StoreError):
    """The user running the companion may not open the file or its folder."""


class DatabaseIOError(StoreError):
    """The disk failed to read or write (an I/O error, not a damaged file)."""


class NotAFileError(StoreError):
    """A folder, a pipe or a device where the database file belongs."""


class NewerDatabaseError(StoreError):
    """A schema written by a newer version of the companion."""


class NoSuchGameError(StoreError):
    """A game number that is not in the database."""


class GameBegunError(StoreError):
    """Who starts is chosen before the first turn; this game has actions."""


class UnrestorableGameError(StoreError):
    """A stored log whose action `number` (from 1) cannot be replayed; the actions
    before it (`good` of them) can."""

    def __init__(
        self, session_id: int, game: str, number: int, action_type: str, reason: Param
    ) -> None:
        # A reason that quotes the type (an unknown one) is the only echo of it.
        echoed = isinstance(reason, Message) and reason.key == "rules.unknown_type"
        key = "unrestorable_at" if echoed else "unrestorable"
        super().__init__(
            M(key, id=session_id, game=game, number=number, type=action_type, reason=reason)
        )
        self.session_id = session_id
        self.number = number
        self.action_type = action_type
        self.reason = reason

    @property
    def good(self) -> int:
        """How many actions from the start replay cleanly."""
        return self.number - 1


class FilesRemovedError(StoreError):
    """The database's files were removed under the running store and its games could
    not be written again yet; the change was not saved (the game is kept in memory)."""


class AlreadyRunningError(StoreError):
    """Another companion app holds the data folder."""


class Corrupt(Exception):
    """SQLite says the file is not a database or is damaged: the only reason to move
    a file aside. Internal to opening; never reaches a user."""


def is_corrupt(error: sqlite3.Error) -> bool:
    return primary(error) in (SQLITE_CORRUPT, SQLITE_NOTADB)


def translate(
    error: sqlite3.Error,
    path: Path,
    *,
    timeout: float,
    full: Message | None = None,
    busy: Message | None = None,
) -> StoreError:
    """A `StoreError` with a sentence for anything SQLite reports but damage: `full`
    for a full disk and `busy` for a lock (what was not saved), else a general one."""
    code = primary(error)
    if code in (SQLITE_BUSY, SQLITE_LOCKED):
        seconds = _seconds(timeout)
        return DatabaseBusyError(busy or M("busy", path=str(path), seconds=seconds))
    if code == SQLITE_FULL:
        return DiskFullError(full or M("disk_full_change"))
    if code in (SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH, SQLITE_IOERR):
        found = diagnose(path)
        if found is not None:
            return found
    if code == SQLITE_READONLY:
        return ReadOnlyDatabaseError(M("read_only_file", path=str(path)))
    return DatabaseIOError(M("io_error", path=str(path), reason=str(error)))


def diagnose(path: Path) -> StoreError | None:
    """Why the file or its folder cannot be used, asked of the operating system."""
    folder = path.parent
    space = _space(folder)
    if space is not None and space.f_flag & os.ST_RDONLY:
        return ReadOnlyDatabaseError(M("read_only_system", path=str(path)))
    if space is not None and space.f_bavail * space.f_frsize < MIN_FREE_BYTES:
        # Less room than a WAL index needs: what SQLite called an I/O error is a full disk.
        return DiskFullError(M("disk_full_open", path=str(path)))
    try:
        # An unnamed file: tells whether the folder takes new files (the WAL needs two).
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        return from_os_error(error, path, folder=True)
    if path.exists():
        try:
            os.close(os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK))
        except OSError as error:
            return from_os_error(error, path, folder=False)
    return None


def from_os_error(error: OSError, path: Path, *, folder: bool) -> StoreError:
    code = error.errno
    if code == errno.EROFS:
        return ReadOnlyDatabaseError(M("read_only_system", path=str(path)))
    if code == errno.ENOSPC:
        return DiskFullError(M("disk_full_open", path=str(path)))
    if code in (errno.EACCES, errno.EPERM):
        if folder:
            return ReadOnlyDatabaseError(
                M("read_only_folder", folder=str(path.parent), path=str(path))
            )
        if _readable(path):
            return ReadOnlyDatabaseError(M("read_only_file", path=str(path)))
        return DatabasePermissionError(M("permission", path=str(path)))
    reason = error.strerror or type(error).__name__
    return DatabaseIOError(M("io_error", path=str(path), reason=reason))


def _space(folder: Path) -> os.statvfs_result | None:
    try:
        return os.statvfs(folder)
    except OSError:
        return None


def _readable(path: Path) -> bool:
    try:
        os.close(os.open(path, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK))
    except OSError:
        return False
    return True


def primary(error: sqlite3.Error) -> int:
    """SQLite's primary result code of `error` (-1 when it has none)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else -1


def _seconds(timeout: float) -> int | float:
    return int(timeout) if float(timeout).is_integer() else round(timeout, 1)
