"""One small record kept in a file of our own beside the database, overwritten in place:
the running glass's heartbeat (`companion.play.heartbeat`), the last acknowledged
action (`companion.store.acked`).

A write is one `pwrite` of the same few bytes of the same page, padded, with no sync:
nothing waits for the card. When a process dies the kernel still holds the page; after
a power cut the file may be older than the database, or torn: each record carries its
checksum, and a torn one reads as none.

The file is opened without following a link and without blocking (`open_own`): a link
in its place would have each write overwrite the file it names, and a FIFO would hold
the caller for ever. Anything but a regular file is left alone, and said once
(`refused`). The writer may be another thread than the one that closes the file: a
lock keeps a write from a descriptor number that a close gave back to another file.
"""

from __future__ import annotations

import json
import os
import threading
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.safefile import NotARegularFile, open_own


class InPlaceRecord:
    """The record in the file at `path`, at most `size` bytes; `refused(reason)` is
    called once when the file cannot be used."""

    def __init__(self, path: Path, size: int, refused: Callable[[str], object]) -> None:
        self.path = path
        self.size = size
        self._refused = refused
        self._fd: int | None = None
        self._lock = threading.Lock()
        self._said = False

    def write(self, record: Mapping[str, Any]) -> None:
        """Overwrite the record; never raises for the file (said once instead)."""
        text = json.dumps(record, separators=(",", ":"))
        data = f"{zlib.crc32(text.encode()):08x} {text}\n".encode()
        if len(data) > self.size:
            raise ValueError(f"a record of {len(data)} bytes does not fit in {self.size}")
        with self._lock:
            try:
                if self._fd is None:
                    self._fd = open_own(self.path, write=True)
                os.pwrite(self._fd, data.ljust(self.size, b" "), 0)
            except (OSError, NotARegularFile) as error:
                self._say(error)

    def read(self) -> dict[str, Any] | None:
        """The record if it is whole, else None (none, torn, no regular file there)."""
        try:
            fd = open_own(self.path, write=False)
        except FileNotFoundError:
            return None
        except (OSError, NotARegularFile) as error:
            self._say(error)
            return None
        try:
            crc, _, text = os.pread(fd, self.size, 0).decode("utf-8").strip().partition(" ")
            if f"{zlib.crc32(text.encode()):08x}" != crc:
                return None
            record = json.loads(text)
        except (OSError, UnicodeDecodeError, ValueError):
            return None
        finally:
            os.close(fd)
        return record if isinstance(record, dict) else None

    def close(self) -> None:
        """Let go of the file: the next write opens whatever is at the path then (the
        folder may have been removed and made again)."""
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None

    def _say(self, error: Exception) -> None:
        if not self._said:
            self._said = True
            reason = error.strerror if isinstance(error, OSError) else None
            self._refused(reason or str(error))
