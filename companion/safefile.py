"""Reading a file someone handed us, with limits: only a regular file, never more than
a given size, in bounded reads; and opening a small file of our own in the data
folder (`open_own`) that someone may have replaced.

A path may name a FIFO (reading it waits for ever), `/dev/zero` (endless), a folder,
or a sparse file of gigabytes. Each is refused at once with a sentence, before any
large read: the file is opened without blocking, checked with `fstat`, and read at
most `limit + 1` bytes, so a file that grows while it is read is refused too.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from companion.core.messages import Catalog, Message

M = Catalog("safefile")

MIB = 1024 * 1024
CHUNK = 64 * 1024


class NotARegularFile(Exception):
    """The path names a folder, a pipe, a device or a socket; `problem` says which."""

    def __init__(self, problem: Message) -> None:
        super().__init__(str(problem))
        self.problem = problem


class TooLarge(Exception):
    """The file holds more than `limit` bytes."""

    def __init__(self, limit: int) -> None:
        super().__init__(size_text(limit))
        self.limit = limit


def read_limited(path: Path, limit: int) -> bytes:
    """The whole content of the regular file at `path`, if it has at most `limit`
    bytes. `OSError` for a file that cannot be opened or read."""
    # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(_kind(info.st_mode))
        if info.st_size > limit:
            raise TooLarge(limit)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise TooLarge(limit)
        return b"".join(chunks)
    finally:
        os.close(fd)


def open_own(path: Path, *, write: bool) -> int:
    """A descriptor of the regular file at `path`, for reading, or for writing in place
    (`write`: created, mode 0640, if missing). Never through a link (the last part of
    the path: `ELOOP`, also for one that leads nowhere, so no file is created at its
    end) and never waiting (a FIFO would hold the caller until another program opened
    its other end). `NotARegularFile` for a FIFO, a folder, a device or a socket."""
    flags = os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
    flags |= os.O_WRONLY | os.O_CREAT if write else os.O_RDONLY
    fd = os.open(path, flags, 0o640)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(_kind(mode))
    except BaseException:
        os.close(fd)
        raise
    return fd


def size_text(limit: int) -> str:
    """1048576 -> "1 MiB"; other sizes in bytes."""
    if limit % MIB == 0:
        return f"{limit // MIB} MiB"
    return f"{limit} bytes"


def _kind(mode: int) -> Message:
    if stat.S_ISDIR(mode):
        return M("folder")
    if stat.S_ISFIFO(mode):
        return M("fifo")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return M("device")
    if stat.S_ISSOCK(mode):
        return M("socket")
    return M("other")


def write_atomically(file: Path, data: bytes) -> None:
    """`data` as `file`'s whole content, or the file as it was: a power cut mid-write
    leaves the old file or the new one, never half of each."""
    fd, temp = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            # mkstemp makes the file private; the kiosk service reads settings that a
            # desktop user saved, so it is made readable like any config file.
            os.fchmod(handle.fileno(), 0o644)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, file)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    fsync_dir(file.parent)


def fsync_dir(directory: Path) -> None:
    # The rename is only durable once the directory entry is on disk.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
