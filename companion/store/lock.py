"""One app per data folder: an exclusive `flock` on a lock file in the folder, held for
the app's life.

Two apps on one database would both record the same turn and leave a log no replay
accepts. `companion import` takes it too (role "import"): a long file holds SQLite's
write lock for many seconds, and the app must not start, or be running, meanwhile; so
does `companion restore` (role "restore"), which puts another file in the database's
place.
The kernel drops a `flock` when its process ends however it ends (SIGKILL and power
cuts included), so a stale lock file never keeps the app from starting. Read-only
commands (export, stats, replay) do not take the lock: SQLite's WAL lets them read
beside the running app.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import Literal

from companion.core.messages import Message
from companion.store.errors import AlreadyRunningError, from_os_error
from companion.store.messages import M
from companion.store.schema import default_path

LOCK_NAME = "companion.lock"
Role = Literal["app", "import", "restore"]
_HELD: set[Path] = set()  # the folders this process holds (a flock of ours would not see them)


class DataFolderLock:
    """`with DataFolderLock(folder):` the folder is this process's, or
    `AlreadyRunningError` says who has it."""

    def __init__(self, folder: Path | None = None, *, role: Role = "app") -> None:
        self.folder = Path(folder) if folder is not None else default_path().parent
        self.path = self.folder / LOCK_NAME
        self.role = role
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
            pid, role = _read_holder(fd)
            os.close(fd)
            raise AlreadyRunningError(_already(self.folder, pid, role, self.role)) from None
        except BaseException:
            os.close(fd)
            raise
        _write_holder(fd, self.role)
        self._fd = fd
        _HELD.add(self.folder.resolve())

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        _HELD.discard(self.folder.resolve())
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


def held_elsewhere(folder: Path) -> bool:
    """Another process holds the folder (an app, an import): what only the folder's
    holder may change is left alone. Asked with a shared lock, dropped at once."""
    if folder.resolve() in _HELD:
        return False
    try:
        fd = os.open(folder / LOCK_NAME, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return False  # nobody has ever held it
    except OSError:
        return True  # cannot tell: leave it to the holder
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops the shared lock
    return False


def _already(folder: Path, pid: int | None, holder: str, asking: Role) -> Message:
    if holder in ("import", "restore"):
        return M(f"{holder}_running", folder=str(folder))
    if asking == "import":
        return M("app_running", folder=str(folder))
    if asking == "restore":
        return M("restore_app_running", folder=str(folder))
    if pid is None:
        return M("already_running", folder=str(folder))
    return M("already_running_pid", folder=str(folder), pid=pid)


def _read_holder(fd: int) -> tuple[int | None, str]:
    """The holder's process id and role ("app" for a file of an earlier release)."""
    try:
        words = os.pread(fd, 64, 0).decode("ascii", "replace").split()
    except OSError:
        return None, "app"
    pid = int(words[0]) if words and words[0].isdigit() else None
    return pid, words[1] if len(words) > 1 else "app"


def _write_holder(fd: int, role: Role) -> None:
    # Only for the sentence another start shows; the lock itself is the flock.
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {role}\n".encode("ascii"), 0)
