"""A power cut that loses what was never synced, file contents and folder names alike.

A SIGKILL leaves the kernel's page cache behind, so a missing fsync goes unseen by a
test that kills a process. Here the real file system plays the page cache: every
write lands in it at once and every program sees it. Beside it, `Disk` keeps what a
power cut would leave of the folder `root`: each file's bytes as of its last sync,
and each folder's names (a new file, a rename, a removal) as of that folder's last
sync, the strict reading of POSIX that SQLite's own crash tests take.

Syncs are recorded where they happen: SQLite's through `CrashVFS`, a SQLite VFS (via
`apsw`) over the default one (each `xSync`, and the folder sync SQLite makes when it
first syncs a new journal or WAL); the program's own through `Disk.fsync`, which a
test puts in place of `os.fsync` (a file's or a folder's descriptor). `power_cut()`
ignores every later write; `reboot()` puts the folder back as the cut left it, to be
opened with the ordinary `sqlite3` module.

`connect` opens a database on the VFS with the few `sqlite3.Connection` methods the
store uses (`execute`, `executemany`, `in_transaction`, `close`), and SQLite's errors
as `sqlite3` errors with their result codes, so `Store(path, connect=vfs.connect)`
runs its own SQL and pragmas on it unchanged.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import sqlite3
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import apsw

_names = itertools.count(1)
_REAL_FSYNC = os.fsync
# SQLite syncs the folder of a journal or WAL it opened to create, at its first sync.
_FOLDER_SYNCED_FOR = apsw.SQLITE_OPEN_WAL | apsw.SQLITE_OPEN_MAIN_JOURNAL


class Disk:
    """What survives a power cut under `root`: everything there now counts as synced
    (`settle`: the kernel wrote it back long ago), and from then on only what is
    synced again."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.device = os.stat(root).st_dev
        self.powered = True
        self.contents: dict[int, bytes] = {}  # a file's inode: its bytes at its last sync
        # A folder's inode: its names then, each with its inode and whether a folder.
        self.names: dict[int, dict[str, tuple[int, bool]]] = {}
        self.on_sync: Callable[[], object] = lambda: None  # after each sync recorded
        self.settle()

    def settle(self) -> None:
        """Time passes with the power on: all that is there now is on the card."""
        for folder, _, files in os.walk(self.root):
            self.folder_synced(Path(folder))
            for name in files:
                self._file_synced(Path(folder) / name)

    def fsync(self, fd: int) -> None:
        """`os.fsync`, recorded: a file's bytes, or a folder's names, are now on the card."""
        _REAL_FSYNC(fd)
        if not self.powered:
            return
        info = os.fstat(fd)
        if info.st_dev != self.device:
            return
        if stat.S_ISDIR(info.st_mode):
            self._names_synced(fd)
        else:
            self.contents[info.st_ino] = _whole(fd, info.st_size)
        self.on_sync()

    def file_synced(self, fd: int) -> None:
        info = os.fstat(fd)
        self.contents[info.st_ino] = _whole(fd, info.st_size)
        self.on_sync()

    def folder_synced(self, folder: Path) -> None:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            self._names_synced(fd)
        finally:
            os.close(fd)
        self.on_sync()

    def forget(self, inode: int) -> None:
        """A file made anew under a number an old one had: nothing of it synced yet."""
        self.contents.pop(inode, None)

    def power_cut(self) -> None:
        self.powered = False

    def image(self) -> dict[Path, bytes | None]:
        """The tree a reboot finds: each path under `root`, its bytes (None: a folder)."""
        found: dict[Path, bytes | None] = {}
        self._image(os.stat(self.root).st_ino, Path(), found)
        return found

    def file(self, path: Path) -> bytes | None:
        """What a reboot finds at `path` (under `root`): its bytes, None for no file."""
        found = self.image().get(path.relative_to(self.root))
        return found if isinstance(found, bytes) else None

    def inode(self, path: Path) -> int | None:
        """The file a reboot finds at `path` (under `root`), by its inode; None: none."""
        folder, entry = os.stat(self.root).st_ino, None
        for name in path.relative_to(self.root).parts:
            entry = self.names.get(folder, {}).get(name)
            if entry is None:
                return None
            folder = entry[0]
        return entry[0] if entry is not None else None

    def reboot(self) -> None:
        """Put `root` back as the power cut left it (the programs on it are closed)."""
        image = self.image()
        for entry in list(self.root.iterdir()):
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
        write_image(image, self.root)
        self.powered = True
        self.contents.clear()
        self.names.clear()
        self.settle()

    def _image(self, folder: int, at: Path, found: dict[Path, bytes | None]) -> None:
        for name, (inode, is_folder) in self.names.get(folder, {}).items():
            if is_folder:
                found[at / name] = None
                self._image(inode, at / name, found)
            else:
                found[at / name] = self.contents.get(inode, b"")

    def _names_synced(self, fd: int) -> None:
        names = {}
        with os.scandir(fd) as entries:
            for entry in entries:
                info = entry.stat(follow_symlinks=False)
                names[entry.name] = (info.st_ino, stat.S_ISDIR(info.st_mode))
        self.names[os.fstat(fd).st_ino] = names

    def _file_synced(self, path: Path) -> None:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        try:
            self.file_synced(fd)
        finally:
            os.close(fd)


def write_image(image: dict[Path, bytes | None], where: Path) -> None:
    """A disk's image (`Disk.image`) as files under `where`."""
    for relative, data in sorted(image.items()):
        if data is None:
            (where / relative).mkdir()
        else:
            (where / relative).write_bytes(data)


def _whole(fd: int, size: int) -> bytes:
    if not size:
        return b""
    try:
        return os.pread(fd, size, 0)
    except OSError:  # opened to write only: the same file, opened again to read
        again = os.open(f"/proc/self/fd/{fd}", os.O_RDONLY)
        try:
            return os.pread(again, size, 0)
        finally:
            os.close(again)


class CrashVFS(apsw.VFS):
    """SQLite's files on `disk`: their syncs are recorded; after `power_cut()` their
    writes go nowhere."""

    def __init__(self, root: Path) -> None:
        self.vfs_name = f"crash-{next(_names)}"
        self.disk = Disk(root)
        self.syncs = 0
        super().__init__(self.vfs_name, "")

    def xOpen(self, name: Any, flags: list[int]) -> VolatileFile:
        return VolatileFile(self, name, flags)

    def power_cut(self) -> None:
        self.disk.power_cut()

    def reboot(self) -> None:
        self.disk.reboot()

    def connect(self, path: str, *, timeout: float = 5.0, **_: Any) -> ApswConnection:
        return ApswConnection(apsw.Connection(path, vfs=self.vfs_name), timeout)


class VolatileFile(apsw.VFSFile):
    """A file of SQLite's: reads and writes go to the real file (the page cache); its
    syncs are recorded on the disk."""

    def __init__(self, vfs: CrashVFS, name: Any, flags: list[int]) -> None:
        path = name.filename() if isinstance(name, apsw.URIFilename) else name
        existed = path is not None and os.path.exists(path)
        super().__init__("", name, flags)  # the default VFS's file
        self.vfs = vfs
        self.fd: int | None = None  # the same file, for the disk to read at a sync
        self.folder = Path(path).parent if path else None
        creates_journal = flags[0] & _FOLDER_SYNCED_FOR and flags[0] & apsw.SQLITE_OPEN_CREATE
        self.folder_synced = not creates_journal
        if path is not None:
            self.fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
            if not existed:
                vfs.disk.forget(os.fstat(self.fd).st_ino)

    @property
    def powered(self) -> bool:
        return self.vfs.disk.powered

    def xWrite(self, data: Any, offset: int) -> None:
        if self.powered:
            super().xWrite(data, offset)

    def xTruncate(self, newsize: int) -> None:
        if self.powered:
            super().xTruncate(newsize)

    def xSync(self, flags: int) -> None:
        if not self.powered:
            return
        self.vfs.syncs += 1
        super().xSync(flags)
        if self.fd is not None:
            self.vfs.disk.file_synced(self.fd)
        if not self.folder_synced and self.folder is not None:
            self.folder_synced = True
            self.vfs.disk.folder_synced(self.folder)

    def xClose(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        super().xClose()


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
