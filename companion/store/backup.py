"""A copy of the games taken while the app runs, and a copy put back in their place.

`take(live, target)` copies with SQLite's backup API from a read-only connection: one
snapshot of the database as the last committed action left it, the WAL's part
included, while the app goes on writing (a file copy of a WAL database may miss what
the WAL holds, or catch a page halfway). The copy is made beside the target, turned
into one file (no WAL), checked (`integrity_check`, the companion's tables and
`application_id`), synced and only then given the target's name: a stick pulled out
halfway leaves no half backup under that name.

`restore(source, live)` runs only with the data folder's lock (`DataFolderLock`: the
app is not running). The backup is read without writing to it, and must be a
companion database of a schema this version knows (an older one is migrated, in the
copy); the copy is made beside the database, then the database in use and its `-wal`
are moved aside under a timestamped name (never deleted) and the copy takes the name,
with no `-wal` or `-shm` left beside it to be read into it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import pwd
import sqlite3
import stat
from dataclasses import dataclass
from pathlib import Path

from companion.core.errors import StoreError
from companion.store.database import BUSY_TIMEOUT_S
from companion.store.errors import (
    SQLITE_AUTH,
    SQLITE_BUSY,
    SQLITE_CANTOPEN,
    SQLITE_FULL,
    SQLITE_IOERR,
    SQLITE_LOCKED,
    SQLITE_PERM,
    SQLITE_READONLY,
    from_os_error,
    is_corrupt,
    primary,
    translate,
)
from companion.store.identity import HEADER, Seen
from companion.store.messages import M
from companion.store.opening import migrate
from companion.store.schema import MIGRATIONS
from companion.store.setaside import move_aside

ASIDE_MARK = "before-restore"  # companion.db.before-restore-<time>
_FILES = ("", "-wal", "-shm", "-journal")
_UNWRITABLE = (SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH)


@dataclass(frozen=True)
class Holds:
    """What a database holds: its games, and how many of them are still to finish."""

    games: int
    unfinished: int


@dataclass(frozen=True)
class Restored:
    holds: Holds
    version: int  # the backup's schema version; an older one was migrated
    moved: Path | None  # where the database before it went; None when there was none


def check_owner(folder: Path) -> None:
    """Root working in a folder that is another user's would leave files of its own
    there (a read-only connection makes the `-wal` and `-shm`; a restore, the
    database), which that user's app could not write: it is refused with the user."""
    try:
        owner = folder.stat().st_uid
    except OSError:
        return
    if os.geteuid() == 0 and owner != 0:
        try:
            name = pwd.getpwuid(owner).pw_name
        except KeyError:
            name = str(owner)
        raise StoreError(M("run_as_owner", folder=str(folder), user=name))


# --- backup -------------------------------------------------------------------------


def take(live: Path, target: Path, *, timeout: float = BUSY_TIMEOUT_S) -> Holds:
    """Back the database at `live` up into `target` (replaced when it is a file);
    what the copy holds. `StoreError` with a sentence when it cannot be made."""
    _not_the_database(live, target, "backup_is_live")
    if not live.is_file():
        raise StoreError(M("nothing_to_back_up", path=str(live)))
    _check_target(target)
    temp = target.with_name(f".{target.name}.{os.getpid()}.part")
    _discard(temp)
    try:
        source = _read_only(live, timeout)
        try:
            holds = _copy(source, temp, target, live, timeout)
        finally:
            source.close()
        _sync(temp)
        os.replace(temp, target)
    except OSError as error:
        _discard(temp)
        raise _target_error(error, target) from None
    except BaseException:
        _discard(temp)
        raise
    _sync_folder(target.parent)
    return holds


def _check_target(target: Path) -> None:
    if not target.parent.is_dir():
        raise StoreError(M("backup_no_folder", folder=str(target.parent)))
    with contextlib.suppress(FileNotFoundError):
        if not stat.S_ISREG(target.stat().st_mode):
            raise StoreError(M("backup_not_a_file", path=str(target)))


def _read_only(live: Path, timeout: float) -> sqlite3.Connection:
    """A connection that never writes the database (nor checkpoints its WAL)."""
    try:
        conn = sqlite3.connect(f"{live.absolute().as_uri()}?mode=ro", uri=True, timeout=timeout)
        Seen.read(conn)  # the first read: a lock or damage is said here
    except sqlite3.Error as error:
        raise _source_error(error, live, timeout) from None
    return conn


def _copy(
    source: sqlite3.Connection, temp: Path, target: Path, live: Path, timeout: float
) -> Holds:
    """The snapshot into `temp` as one file (no WAL), checked."""
    try:
        dest = sqlite3.connect(temp, isolation_level=None)
    except sqlite3.Error as error:
        raise _written_error(error, target) from None
    try:
        try:
            source.backup(dest)  # every page in one step: one read transaction
        except sqlite3.Error as error:
            if primary(error) in (SQLITE_BUSY, SQLITE_LOCKED) or is_corrupt(error):
                raise _source_error(error, live, timeout) from None
            raise
        dest.execute("PRAGMA journal_mode=DELETE")
        return checked(dest, target)
    except sqlite3.Error as error:
        raise _written_error(error, target) from None
    finally:
        dest.close()


def checked(conn: sqlite3.Connection, path: Path) -> Holds:
    """What the copy at `path` holds, once SQLite found it whole and it is ours."""
    found = conn.execute("PRAGMA integrity_check").fetchone()
    if found is None or found[0] != "ok":
        reason = found[0] if found else "no answer"
        raise StoreError(M("backup_bad", path=str(path), reason=str(reason)))
    seen = Seen.read(conn)
    if not seen.ours or seen.version < 1:
        raise StoreError(M("backup_bad", path=str(path), reason="not a companion database"))
    return holds(conn)


def holds(conn: sqlite3.Connection) -> Holds:
    columns = {str(row[1]) for row in conn.execute("PRAGMA table_info(sessions)")}
    given_up = " AND abandoned IS NULL" if "abandoned" in columns else ""
    games, unfinished = conn.execute(
        f"SELECT count(*), count(CASE WHEN finished IS NULL{given_up} THEN 1 END) FROM sessions"
    ).fetchone()
    return Holds(games=int(games), unfinished=int(unfinished))


def _source_error(error: sqlite3.Error, live: Path, timeout: float) -> StoreError:
    if is_corrupt(error):
        return StoreError(M("backup_source_damaged", path=str(live), reason=str(error)))
    return translate(error, live, timeout=timeout)


def _written_error(error: sqlite3.Error, target: Path) -> StoreError:
    code = primary(error)
    if code == SQLITE_FULL:
        return StoreError(M("backup_full", path=str(target)))
    if code in _UNWRITABLE:
        return StoreError(M("backup_read_only", path=str(target)))
    return StoreError(M("backup_failed", path=str(target), reason=str(error)))


def _target_error(error: OSError, target: Path) -> StoreError:
    if error.errno == errno.ENOSPC:
        return StoreError(M("backup_full", path=str(target)))
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return StoreError(M("backup_read_only", path=str(target)))
    reason = error.strerror or type(error).__name__
    return StoreError(M("backup_failed", path=str(target), reason=reason))


# --- restore ------------------------------------------------------------------------


def restore(source: Path, live: Path) -> Restored:
    """Put the backup at `source` in the place of the database at `live` (the caller
    holds the data folder's lock); the one there before is moved aside."""
    _not_the_database(live, source, "restore_is_live")
    version = _check_backup(source)
    temp = live.with_name(f".{live.name}.restoring")
    try:
        live.parent.mkdir(parents=True, exist_ok=True)  # a new card: the app never ran
    except OSError as error:
        raise from_os_error(error, live, folder=True) from None
    _discard(temp)
    try:
        found = _copy_in(source, temp, live)
        _sync(temp)
        moved = _set_aside(live)
        _put_in_place(temp, live, moved)
    except OSError as error:
        _discard(temp)
        raise from_os_error(error, live, folder=True) from None
    except BaseException:
        _discard(temp)
        raise
    return Restored(holds=found, version=version, moved=moved)


def _check_backup(source: Path) -> int:
    """The backup's schema version, once it is a whole companion database this version
    can open; else the sentence why not. Nothing is written beside it."""
    try:
        info = source.stat()
        with open(source, "rb") as file:
            header = file.read(len(HEADER))
    except FileNotFoundError:
        raise StoreError(M("no_backup", path=str(source))) from None
    except IsADirectoryError:
        raise StoreError(M("backup_not_a_file", path=str(source))) from None
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise StoreError(M("backup_unreadable", path=str(source), reason=reason)) from None
    if not stat.S_ISREG(info.st_mode):
        raise StoreError(M("backup_not_a_file", path=str(source)))
    if header != HEADER:
        raise StoreError(M("not_a_backup", path=str(source)))
    conn = _open_backup(source)
    try:
        return _judge(conn, source)
    finally:
        conn.close()


def _open_backup(source: Path) -> sqlite3.Connection:
    # `immutable`: no lock, no `-shm` or `-wal` made beside it (on the stick). A backup
    # made here has no WAL; one that comes with its `-wal` is read with it.
    wal = Path(f"{source}-wal")
    plain = wal.exists() and wal.stat().st_size > 0
    query = "mode=ro" if plain else "mode=ro&immutable=1"
    try:
        return sqlite3.connect(f"{source.absolute().as_uri()}?{query}", uri=True)
    except sqlite3.Error as error:
        raise StoreError(M("backup_unreadable", path=str(source), reason=str(error))) from None


def _judge(conn: sqlite3.Connection, source: Path) -> int:
    try:
        seen = Seen.read(conn)
        if not seen.ours or seen.version < 1:
            raise StoreError(M("not_a_backup", path=str(source)))
        if seen.version > len(MIGRATIONS):
            raise StoreError(
                M("backup_newer", path=str(source), found=seen.version, known=len(MIGRATIONS))
            )
        found = conn.execute("PRAGMA integrity_check").fetchone()
    except sqlite3.Error as error:
        if is_corrupt(error):
            raise StoreError(M("backup_damaged", path=str(source), reason=str(error))) from None
        raise StoreError(M("backup_unreadable", path=str(source), reason=str(error))) from None
    if found is None or found[0] != "ok":
        reason = str(found[0]) if found else "no answer"
        raise StoreError(M("backup_damaged", path=str(source), reason=reason))
    return seen.version


def _copy_in(source: Path, temp: Path, live: Path) -> Holds:
    """The backup into `temp` beside the database, migrated when older, as one file."""
    backup = _open_backup(source)
    try:
        dest = sqlite3.connect(temp, isolation_level=None)
    except sqlite3.Error as error:
        backup.close()
        raise _restore_error(error, source, live) from None
    try:
        backup.backup(dest)
        dest.execute("PRAGMA journal_mode=DELETE")
        migrate(dest, temp)
        return holds(dest)
    except sqlite3.Error as error:
        raise _restore_error(error, source, live) from None
    finally:
        dest.close()
        backup.close()


def _restore_error(error: sqlite3.Error, source: Path, live: Path) -> StoreError:
    """The backup that cannot be read (a stick pulled out) is said as such; anything
    else is the data folder's (full, read-only...)."""
    if primary(error) == SQLITE_IOERR or is_corrupt(error):
        return StoreError(M("backup_unreadable", path=str(source), reason=str(error)))
    full = M("restore_full", folder=str(live.parent))
    return translate(error, live, timeout=BUSY_TIMEOUT_S, full=full)


def _set_aside(live: Path) -> Path | None:
    """The database in use and its `-wal` (one database, kept together) moved aside."""
    if not (live.exists() or Path(f"{live}-wal").exists()):
        with contextlib.suppress(OSError):
            os.unlink(f"{live}-shm")  # an index of a WAL that is not there
        return None
    return move_aside(live, ASIDE_MARK, suffixes=("", "-wal", "-journal"))


def _put_in_place(temp: Path, live: Path, moved: Path | None) -> None:
    try:
        os.replace(temp, live)
    except OSError:
        if moved is not None:  # the database before it goes back where it was
            for suffix in ("", "-wal"):
                with contextlib.suppress(OSError):
                    os.rename(f"{moved}{suffix}", f"{live}{suffix}")
        raise
    _sync_folder(live.parent)


# --- files --------------------------------------------------------------------------


def _not_the_database(live: Path, other: Path, key: str) -> None:
    """`other` is none of the database's own files (by name or, for a link, by file)."""
    names = {Path(f"{live}{suffix}").absolute() for suffix in _FILES}
    same = other.absolute() in names
    with contextlib.suppress(OSError):
        same = same or any(os.path.samefile(other, name) for name in names if name.exists())
    if same:
        raise StoreError(M(key, path=str(other)))


def _sync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_folder(folder: Path) -> None:
    # The rename itself on the card; a FAT stick's folder may not take an fsync.
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _discard(path: Path) -> None:
    """A copy that was not finished, with what SQLite left beside it."""
    for suffix in _FILES:
        with contextlib.suppress(OSError):
            os.unlink(f"{path}{suffix}")
