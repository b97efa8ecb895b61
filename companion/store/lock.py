"""One app per data folder: an exclusive `flock` on a lock file in the folder, held for
the app's life.

Two apps on one database would both record the same turn and leave a log no replay
accepts. The kernel drops a `flock` when its process ends however it ends (SIGKILL
and power cuts included), so a stale lock file never keeps the app from starting.
Read-only commands (export, stats, replay) do not take the lock: SQLite's WAL lets
them read beside the running app.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from companion.core.messages import Message
from companion.store.errors import AlreadyRunningError, from_os_error
from companion.store.messages import M
from companion.store.schema import default_path

LOCK_NAME = "companion.lock"


class DataFolderLock:
    """`with DataFolderLock(folder):` the folder is this process's, or
    `AlreadyRunningError` says who has it."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_path().parent
        self.path = self.folder / LOCK_NAME
        self._fd: int | None = None

    def acquire(self) -> None:
        if self._fd is not None:
            return  # a second flock on a new descriptor would conflict with our own
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
        except OSError as error:
            raise from_os_error(error, self.path, folder=True) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_pid(fd)
            os.close(fd)
            raise AlreadyRunningError(_already(self.folder, holder)) from None
        except BaseException:
            os.close(fd)
            raise
        _write_pid(fd)
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
        os.close(fd)  # closing drops the flock

    @property
    def held(self) -> bool:
        return self._fd is not None

    def __enter__(self) -> DataFolderLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _already(folder: Path, pid: int | None) -> Message:
    if pid is None:
        return M("already_running", folder=str(folder))
    return M("already_running_pid", folder=str(folder), pid=pid)


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _write_pid(fd: int) -> None:
    # Only for the sentence another start shows; the lock itself is the flock.
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
