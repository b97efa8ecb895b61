"""Opening the database: WAL with `synchronous=FULL`, the integrity check, migrations,
and moving a damaged file aside (only a damaged one). `Db` is the open connection
with every SQLite error turned into a sentence.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from companion.core.errors import StoreError
from companion.core.messages import Message
from companion.store.errors import (
    Corrupt,
    NewerDatabaseError,
    NotAFileError,
    ReadOnlyDatabaseError,
    diagnose,
    from_os_error,
    is_corrupt,
    translate,
)
from companion.store.messages import M
from companion.store.schema import MIGRATIONS

BUSY_TIMEOUT_S = 5.0  # how long a locked database is waited for before saying so

Connect = Callable[..., Any]  # sqlite3.connect, or a stand-in with the same signature
Row = tuple[Any, ...]


class Db:
    """An open database. Reads and transactions raise `StoreError`s, never
    `sqlite3` errors; a failed transaction is rolled back before the error leaves."""

    def __init__(self, conn: sqlite3.Connection, path: Path, timeout: float) -> None:
        self.conn = conn
        self.path = path
        self.timeout = timeout

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with self.errors():
            return list(self.conn.execute(sql, params).fetchall())

    def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        with self.errors():
            row: Row | None = self.conn.execute(sql, params).fetchone()
            return row

    def each(self, sql: str, params: Sequence[Any] = ()) -> Iterator[Row]:
        """Rows one at a time, for results too long to hold (every action ever)."""
        with self.errors():
            yield from self.conn.execute(sql, params)

    @contextlib.contextmanager
    def transaction(
        self, full: Message | None = None, *, synced: bool = True
    ) -> Iterator[sqlite3.Connection]:
        """`BEGIN IMMEDIATE` ... `COMMIT`; on any error `ROLLBACK`. `full` is the
        sentence for a full disk (what was not saved).

        `synced=False` is for what can be derived again or is kept elsewhere too (the
        summary, the glass, which the heartbeat also keeps): its commit does not wait
        for the card (`synchronous=NORMAL`; WAL stays consistent), and the next synced
        commit, the next action's, carries it to the card with its own. Each press
        then waits for one sync, not three: the press's tail was their sum."""
        with self.errors(full):
            if not synced:
                self.conn.execute("PRAGMA synchronous=NORMAL")
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self.conn
                    self.conn.execute("COMMIT")
                except BaseException:
                    rollback(self.conn)
                    raise
            finally:
                if not synced:
                    self.conn.execute("PRAGMA synchronous=FULL")

    @contextlib.contextmanager
    def errors(self, full: Message | None = None) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as error:
            sentence = full if full is not None else M("disk_full_change")
            raise translate(error, self.path, full=sentence, timeout=self.timeout) from None

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()


def rollback(conn: sqlite3.Connection) -> None:
    # SQLite may already have rolled back (a full disk does): ROLLBACK would then fail.
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


def open_database(
    path: Path, *, timeout: float = BUSY_TIMEOUT_S, connect: Connect | None = None
) -> tuple[Db, Message | None]:
    """The database at `path`, migrated, and the notice to show when a damaged file
    had to be moved aside (else None)."""
    _make_folder(path)
    _check_file(path)
    try:
        return _open(path, timeout, connect), None
    except Corrupt as damage:
        moved = _move_aside(path)
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
    opener = connect if connect is not None else sqlite3.connect
    full = M("disk_full_open", path=str(path))
    try:
        conn = opener(str(path), timeout=timeout, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as error:
        raise translate(error, path, full=full, timeout=timeout) from None
    db = Db(conn, path, timeout)
    try:
        _prepare(conn, path)
    except sqlite3.Error as error:
        db.close()
        if is_corrupt(error):
            raise Corrupt(str(error)) from None
        raise translate(error, path, full=full, timeout=timeout) from None
    except BaseException:
        db.close()
        raise
    return db


def _prepare(conn: sqlite3.Connection, path: Path) -> None:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")  # a commit is on the disk when it returns
    conn.execute("PRAGMA foreign_keys=ON")
    check = conn.execute("PRAGMA quick_check").fetchone()
    if check is None or check[0] != "ok":
        raise Corrupt(f"integrity check: {check[0] if check else 'no answer'}")
    migrate(conn, path)


def migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Bring the schema up to date in one exclusive transaction that reads the version
    again inside it, so two programs starting at once migrate once."""
    if _schema_version(conn, path) == len(MIGRATIONS):
        return  # the usual case takes no write lock: a reader beside the app stays one
    conn.execute("BEGIN EXCLUSIVE")
    try:
        version = _schema_version(conn, path)
        for number in range(version, len(MIGRATIONS)):
            for statement in MIGRATIONS[number].split(";"):
                if statement.strip():
                    conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        conn.execute("COMMIT")
    except BaseException:
        rollback(conn)
        raise


def _schema_version(conn: sqlite3.Connection, path: Path) -> int:
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > len(MIGRATIONS):
        raise NewerDatabaseError(M("newer", path=str(path), found=version, known=len(MIGRATIONS)))
    return version


def _move_aside(path: Path) -> Path:
    stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
    moved = path.with_name(f"{path.name}.broken-{stamp}")
    counter = 1
    while moved.exists():
        counter += 1
        moved = path.with_name(f"{path.name}.broken-{stamp}-{counter}")
    for suffix in ("", "-wal", "-shm"):
        source = Path(str(path) + suffix)
        try:
            os.rename(source, Path(str(moved) + suffix))
        except FileNotFoundError:
            continue
        except OSError as error:
            raise from_os_error(error, path, folder=True) from None
    return moved
