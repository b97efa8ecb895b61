"""`Db`: the open database, with every SQLite error turned into a sentence.

Each write is one transaction (`Db.write`), all of it or nothing, and it never keeps
the screen waiting: a lock another program holds refuses the write within
`WRITE_WAIT_S`. A write that finds no room is tried once more after a checkpoint
has emptied the WAL, and one that finds the database's files removed from under it
writes every game back to a new file first (`companion.store.vanish`).

The WAL is bounded by the room on the card: after each write it may grow to a
quarter of the free space (and its own size) before it is checkpointed, and never
past `WAL_AUTOCHECKPOINT_PAGES`. With 400 KiB free, the usual bound let it reach 360
KiB before its first checkpoint and the card filled after a hundred taps.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

from companion.core.messages import Message
from companion.store.acked import Acknowledged
from companion.store.errors import DiskFullError, translate
from companion.store.messages import M
from companion.store.vanish import FileIds, FilesVanished, write_back

BUSY_TIMEOUT_S = 5.0  # opening: how long a locked database is waited for before saying so
# A write waits this long for a lock and is then refused: a tap's answer is due at once.
WRITE_WAIT_S = 0.04
# The WAL is checkpointed every WAL_AUTOCHECKPOINT_PAGES pages (400 KiB; SQLite's
# default is 4 MiB) and cut back to WAL_SIZE_LIMIT bytes: on a small card the WAL alone
# once filled the disk (issue 23.6). The cost: about one tap in twenty waits for the
# checkpoint's two syncs and the WAL's new header (three syncs instead of one).
WAL_AUTOCHECKPOINT_PAGES = 100
WAL_SIZE_LIMIT = 256 * 1024
WAL_SHARE = 4  # of the room it has, the WAL takes at most a quarter
MIN_WAL_PAGES = 4  # a checkpoint every write or two, on a card all but full

Connect = Callable[..., Any]  # sqlite3.connect, or a stand-in with the same signature
Row = tuple[Any, ...]
What = Literal["action", "change"]  # what a refused write did not save
T = TypeVar("T")


class Db:
    """An open database. Reads and writes raise `StoreError`s, never `sqlite3` errors;
    a failed write is rolled back before the error leaves."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path,
        timeout: float,
        reconnect: Callable[[], sqlite3.Connection],
    ) -> None:
        self.conn = conn
        self.path = path
        self.timeout = timeout
        self.reconnect = reconnect
        self.files = FileIds.of(path)
        self.acked = Acknowledged(path)  # the last acknowledged action, beside the file
        self.lost = False  # closed by a write-back that could not open the new file
        # Opened to read only: the card had no room for SQLite's WAL index. The next
        # write opens it to write first, and refuses when there is still no room.
        self.read_only = False
        # The sentence for the players when the store wrote its games back, until read.
        self.news: Message | None = None
        self._page_bytes = _page_size(conn)
        self._wal_pages: int | None = None
        self.bound_wal()

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

    def write(
        self,
        body: Callable[[sqlite3.Connection], T],
        what: What = "change",
        *,
        synced: bool = True,
    ) -> T:
        """`body(conn)` in one transaction (`BEGIN IMMEDIATE` ... `COMMIT`); what it
        returns. `what` names what a refusal did not save.

        `synced=False` is for what can be derived again or is kept elsewhere too (the
        summary, the glass, which the heartbeat also keeps): its commit does not wait
        for the card (`synchronous=NORMAL`; WAL stays consistent), and the next synced
        commit, the next action's, carries it to the card with its own. Each press
        then waits for one sync, not three: the press's tail was their sum."""
        if self.lost:
            self.reopen()
        if self.read_only:
            self._writable(what)
        try:
            result = self._attempt(body, what, synced, watch=True)
        except FilesVanished:
            self.news = write_back(self, what)
            result = self._attempt(body, what, synced, watch=False)
        except DiskFullError:
            if not self.checkpoint():
                raise
            result = self._attempt(body, what, synced, watch=False)
        self.bound_wal()
        return result

    def bound_wal(self) -> None:
        """The WAL's bound for the room on the card now (`wal_pages`), when it changed."""
        pages = wal_pages(self.path, self._page_bytes)
        if pages == self._wal_pages:
            return
        with contextlib.suppress(sqlite3.Error):
            self.conn.execute(f"PRAGMA wal_autocheckpoint={pages}")
            limit = min(WAL_SIZE_LIMIT, pages * self._page_bytes)
            self.conn.execute(f"PRAGMA journal_size_limit={limit}")
            self._wal_pages = pages

    def _writable(self, what: What) -> None:
        try:
            conn = self.reconnect()
        except DiskFullError:
            raise DiskFullError(M(f"disk_full_{what}")) from None
        self.disconnect()
        self.conn, self.read_only, self._wal_pages = conn, False, None
        self.files = FileIds.of(self.path)
        self.bound_wal()

    def _attempt(
        self, body: Callable[[sqlite3.Connection], T], what: What, synced: bool, watch: bool
    ) -> T:
        with self.errors(what):
            if not synced:
                self.conn.execute("PRAGMA synchronous=NORMAL")
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                try:
                    result = body(self.conn)
                    if watch and self.files.vanished():  # checked before it is acknowledged
                        raise FilesVanished
                    self.conn.execute("COMMIT")
                except BaseException:
                    rollback(self.conn)
                    raise
            finally:
                if not synced:
                    self.conn.execute("PRAGMA synchronous=FULL")
        return result

    def checkpoint(self) -> bool:
        """Copy the WAL into the file and empty it; False when a reader kept it."""
        with contextlib.suppress(sqlite3.Error):
            row = self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            return row is not None and row[0] == 0
        return False

    @contextlib.contextmanager
    def errors(self, what: What | None = None) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as error:
            full = M(f"disk_full_{what or 'change'}")
            busy = M(f"busy_{what or 'read'}", path=str(self.path))
            raise translate(error, self.path, full=full, busy=busy, timeout=WRITE_WAIT_S) from None

    def reopen(self) -> None:
        """A new connection to the file now at the path (after a write-back)."""
        self.conn = self.reconnect()
        self.files = FileIds.of(self.path)
        self.acked.close()  # the folder may be new: the next mark opens the file there
        self.lost = self.read_only = False
        self._wal_pages = None
        self.bound_wal()

    def disconnect(self) -> None:
        """Close the connection (a write-back opens the new file next)."""
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()

    def close(self) -> None:
        self.disconnect()
        self.acked.close()


def _page_size(conn: sqlite3.Connection) -> int:
    try:
        return int(conn.execute("PRAGMA page_size").fetchone()[0])
    except sqlite3.Error:
        return 4096  # SQLite's default: only the WAL's bound is reckoned with it


def wal_pages(path: Path, page_size: int) -> int:
    """How many pages the WAL of `path` may hold before it is checkpointed: a quarter
    of the room it has (the free space, and its own), at most
    `WAL_AUTOCHECKPOINT_PAGES`, at least `MIN_WAL_PAGES`."""
    try:
        space = os.statvfs(path.parent)
    except OSError:
        return WAL_AUTOCHECKPOINT_PAGES
    try:
        wal = os.stat(f"{path}-wal").st_size
    except OSError:
        wal = 0
    room = space.f_bavail * space.f_frsize + wal
    return max(MIN_WAL_PAGES, min(WAL_AUTOCHECKPOINT_PAGES, room // WAL_SHARE // page_size))


def rollback(conn: sqlite3.Connection) -> None:
    # SQLite may already have rolled back (a full disk does): ROLLBACK would then fail.
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
