"""A power cut that loses what was never synced, as SQLite's own crash tests model it.

A SIGKILL leaves the kernel's page cache behind, so a missing fsync goes unseen by a
test that kills a process. `CrashVFS` is a SQLite VFS (through `apsw`) whose files keep
every write in memory until SQLite syncs that file; only a sync puts the bytes on the
real disk. `power_cut()` throws the unsynced bytes away and ignores every later write,
as a machine without power would; what the disk holds afterwards is read back with
the ordinary `sqlite3` module.

`connect` opens such a database with the few `sqlite3.Connection` methods the store
uses (`execute`, `executemany`, `in_transaction`, `close`), and SQLite's errors as
`sqlite3` errors with their result codes, so `Store(path, connect=vfs.connect)` runs
its own SQL and pragmas on it unchanged.
"""

from __future__ import annotations

import contextlib
import itertools
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import apsw

_names = itertools.count(1)
CHUNK = 64 * 1024


class CrashVFS(apsw.VFS):
    def __init__(self) -> None:
        self.vfs_name = f"crash-{next(_names)}"
        self.files: list[VolatileFile] = []
        self.powered = True
        self.syncs = 0
        super().__init__(self.vfs_name, "")

    def xOpen(self, name: Any, flags: list[int]) -> VolatileFile:
        opened = VolatileFile(self, name, flags)
        self.files.append(opened)
        return opened

    def power_cut(self) -> None:
        self.powered = False
        for opened in self.files:
            opened.forget()

    def connect(self, path: str, *, timeout: float = 5.0, **_: Any) -> ApswConnection:
        return ApswConnection(apsw.Connection(path, vfs=self.vfs_name), timeout)


class VolatileFile(apsw.VFSFile):
    """The file as the running program sees it (`data`), and as the disk holds it (the
    real file, written only by `xSync`)."""

    def __init__(self, vfs: CrashVFS, name: Any, flags: list[int]) -> None:
        super().__init__("", name, flags)  # the default VFS's file: the disk
        self.vfs = vfs
        size = super().xFileSize()
        self.data = bytearray(super().xRead(size, 0) if size else b"")

    def xRead(self, amount: int, offset: int) -> bytes:
        return bytes(self.data[offset : offset + amount])  # short at the end: SQLite pads

    def xWrite(self, data: Any, offset: int) -> None:
        if not self.vfs.powered:
            return
        if len(self.data) < offset:
            self.data.extend(bytes(offset - len(self.data)))
        self.data[offset : offset + len(data)] = bytes(data)

    def xTruncate(self, newsize: int) -> None:
        if self.vfs.powered:
            del self.data[newsize:]

    def xFileSize(self) -> int:
        return len(self.data)

    def xSync(self, flags: int) -> None:
        if not self.vfs.powered:
            return
        self.vfs.syncs += 1
        super().xTruncate(len(self.data))
        for offset in range(0, len(self.data), CHUNK):  # the unix VFS writes <= 128 KiB
            super().xWrite(bytes(self.data[offset : offset + CHUNK]), offset)
        super().xSync(flags)

    def forget(self) -> None:
        self.data = bytearray()


class ApswConnection:
    """What the store uses of `sqlite3.Connection`, on an apsw connection."""

    def __init__(self, conn: apsw.Connection, timeout: float) -> None:
        self.conn = conn
        conn.set_busy_timeout(int(timeout * 1000))

    @property
    def in_transaction(self) -> bool:
        return not self.conn.get_autocommit()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        with _as_sqlite3():
            return Cursor(self.conn.execute(sql, tuple(params)))

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with _as_sqlite3():
            self.conn.executemany(sql, [tuple(row) for row in rows])

    def close(self) -> None:
        with _as_sqlite3():
            self.conn.close()


class Cursor:
    def __init__(self, cursor: apsw.Cursor) -> None:
        self.cursor = cursor

    def fetchone(self) -> Any:
        with _as_sqlite3():
            return self.cursor.fetchone()

    def fetchall(self) -> list[Any]:
        with _as_sqlite3():
            return list(self.cursor.fetchall())

    def __iter__(self) -> Iterator[Any]:
        with _as_sqlite3():
            yield from self.cursor


@contextlib.contextmanager
def _as_sqlite3() -> Iterator[None]:
    try:
        yield
    except apsw.Error as error:
        translated = sqlite3.OperationalError(str(error))
        translated.sqlite_errorcode = getattr(error, "extendedresult", 1)  # type: ignore[attr-defined]
        raise translated from error
