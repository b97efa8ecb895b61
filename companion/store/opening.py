"""Opening the database: only the companion's own file (`identity`), WAL with
`synchronous=FULL` and a bounded WAL, the integrity check, migrations, and moving a
damaged file aside (only a damaged one)."""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import sqlite3
import stat
import time
from pathlib import Path

from companion.core.errors import StoreError
from companion.core.messages import Message
from companion.store.database import (
    BUSY_TIMEOUT_S,
    WAL_AUTOCHECKPOINT_PAGES,
    WAL_SIZE_LIMIT,
    WRITE_WAIT_S,
    Connect,
    Db,
    rollback,
)
from companion.store.errors import (
    SQLITE_BUSY,
    SQLITE_FULL,
    Corrupt,
    DiskFullError,
    NewerDatabaseError,
    NotAFileError,
    ReadOnlyDatabaseError,
    diagnose,
    from_os_error,
    is_corrupt,
    primary,
    translate,
)
from companion.store.identity import APPLICATION_ID, Seen, not_ours, recognise
from companion.store.messages import M
from companion.store.schema import MIGRATIONS
from companion.store.setaside import move_aside
from companion.store.vanish import finish_write_back

log = logging.getLogger(__name__)


class NotOurs(Exception):
    """The open file turned out to be a stranger's. Internal to opening."""


def open_database(
    path: Path, *, timeout: float = BUSY_TIMEOUT_S, connect: Connect | None = None
) -> tuple[Db, Message | None]:
    """The database at `path`, migrated, and the notice to show when a file had to be
    moved aside (damaged, or not the companion's), else None."""
    _make_folder(path)
    finished = finish_write_back(path)
    _check_file(path)
    notice = recognise(path, timeout) or finished
    try:
        return _open(path, timeout, connect), notice
    except DiskFullError:
        reading = _open_to_read(path, timeout, connect)
        if reading is None:
            raise
        return reading, M("full_read_only", path=str(path))
    except NotOurs:
        notice = not_ours(path)
    except Corrupt as damage:
        moved = move_aside(path, "broken")
        notice = M("moved_aside", path=str(path), reason=str(damage), moved=str(moved))
    return _open(path, timeout, connect), notice


def _make_folder(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        if error.errno in (errno.EROFS, errno.ENOSPC, errno.EACCES, errno.EPERM):
            raise from_os_error(error, path, folder=True) from None
        reason = error.strerror or type(error).__name__
        raise StoreError(M("cannot_create", folder=str(path.parent), reason=reason)) from None


def _check_file(path: Path) -> None:
    # A folder, a FIFO or a device where the file belongs is nobody's database: it is
    # neither opened (a FIFO would hang) nor moved. A file that cannot be written is
    # refused now rather than at the first action.
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise from_os_error(error, path, folder=False) from None
    if not stat.S_ISREG(mode):
        raise NotAFileError(M("not_a_file", path=str(path)))
    if not os.access(path, os.R_OK | os.W_OK):
        # SQLite would open it read-only and fail at the first tap: say so now.
        raise diagnose(path) or ReadOnlyDatabaseError(M("read_only_file", path=str(path)))


def _open(path: Path, timeout: float, connect: Connect | None) -> Db:
    def reconnect() -> sqlite3.Connection:
        return _connect(path, timeout, connect)

    return Db(reconnect(), path, timeout, reconnect)


def _open_to_read(path: Path, timeout: float, connect: Connect | None) -> Db | None:
    """A card too full to open the database to write (SQLite needs room for its WAL
    index, the `-shm`, when no program has made one): the database opened to read
    only, so that the players still see their games (Home, History, `export`,
    `stats`). Only a file that holds everything itself (no WAL with frames beside it:
    a read-only open without the index cannot read a WAL), of this version's schema;
    else None, and the full card is said."""
    wal = Path(f"{path}-wal")
    if not _regular_file(path) or (wal.exists() and wal.stat().st_size > 0):
        return None
    uri = f"{path.absolute().as_uri()}?mode=ro&immutable=1"
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        seen = Seen.read(conn)
    except sqlite3.Error:
        return None
    if not seen.ours or seen.version != len(MIGRATIONS):
        _close(conn)
        return None
    db = Db(conn, path, timeout, lambda: _connect(path, timeout, connect))
    db.read_only = True
    return db


def _regular_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _connect(path: Path, timeout: float, connect: Connect | None) -> sqlite3.Connection:
    opener = connect if connect is not None else sqlite3.connect
    full = M("disk_full_open", path=str(path))
    try:
        conn = opener(str(path), timeout=timeout, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as error:
        raise translate(error, path, full=full, timeout=timeout) from None
    try:
        _prepare(conn, path, timeout)
    except sqlite3.Error as error:
        _close(conn)
        if is_corrupt(error):
            raise Corrupt(str(error)) from None
        raise translate(error, path, full=full, timeout=timeout) from None
    except BaseException:
        _close(conn)
        raise
    return conn


def _close(conn: sqlite3.Connection) -> None:
    with contextlib.suppress(sqlite3.Error):
        conn.close()


def _prepare(conn: sqlite3.Connection, path: Path, timeout: float) -> None:
    _to_wal(conn, timeout)
    conn.execute("PRAGMA synchronous=FULL")  # a commit is on the disk when it returns
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}")
    conn.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
    check = conn.execute("PRAGMA quick_check").fetchone()
    if check is None or check[0] != "ok":
        raise Corrupt(f"integrity check: {check[0] if check else 'no answer'}")
    if not Seen.read(conn).ours:  # what `recognise` could not read: never migrated into
        raise NotOurs
    migrate(conn, path)
    _shrink_wal(conn, path)
    conn.execute(f"PRAGMA busy_timeout={int(WRITE_WAIT_S * 1000)}")


RETRY_S = 0.005  # between two tries of a change to WAL that SQLite refused at once


def _to_wal(conn: sqlite3.Connection, timeout: float) -> None:
    """`journal_mode=WAL`, waited for up to `timeout` like any lock. A file of an early
    release is in rollback mode: its change reads the header, then asks for the write
    lock. When another program asked first, SQLite refuses at once, without its busy
    handler (waiting while holding a read lock could deadlock): of three programs
    starting together on an old file, one stopped with "busy ... for 5 s" after no
    wait at all. Tried again from the start, it holds nothing while it waits."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL").fetchall()
            return
        except sqlite3.OperationalError as error:
            if primary(error) != SQLITE_BUSY or time.monotonic() >= deadline:
                raise
        time.sleep(RETRY_S)


def _shrink_wal(conn: sqlite3.Connection, path: Path) -> None:
    # A WAL bigger than its limit was left by a kill or a full disk: copy it into the
    # file and empty it now, or the first tap may find no room (issue 23.6). When the
    # card has no room for the copy, the games are read from the WAL as they are: a
    # full card must not keep the players from their games (issue 30.5).
    try:
        size = os.stat(f"{path}-wal").st_size
    except OSError:
        return
    if size > WAL_SIZE_LIMIT:
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except sqlite3.Error as error:
            if primary(error) != SQLITE_FULL:
                raise
            log.warning("no room to checkpoint the WAL of %s: it is read as it is", path)


def migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Bring the schema up to date, and mark the file as the companion's, in one
    exclusive transaction that reads the version again inside it, so two programs
    starting at once migrate once."""
    if _schema_version(conn, path) == len(MIGRATIONS) and _marked(conn):
        return  # the usual case takes no write lock: a reader beside the app stays one
    conn.execute("BEGIN EXCLUSIVE")
    try:
        version = _schema_version(conn, path)
        for number in range(version, len(MIGRATIONS)):
            for statement in MIGRATIONS[number].split(";"):
                if statement.strip():
                    conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute("COMMIT")
    except BaseException:
        rollback(conn)
        raise


def _marked(conn: sqlite3.Connection) -> bool:
    return int(conn.execute("PRAGMA application_id").fetchone()[0]) == APPLICATION_ID


def _schema_version(conn: sqlite3.Connection, path: Path) -> int:
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > len(MIGRATIONS):
        raise NewerDatabaseError(M("newer", path=str(path), found=version, known=len(MIGRATIONS)))
    return version
