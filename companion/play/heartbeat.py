"""A running glass's heartbeat: its seconds left a few times a second, in a small file
beside the database, so that an app killed mid-turn comes back with the sand it had.

Each beat (ten a second) overwrites the same few bytes in place (one `pwrite`, no
sync): when a process dies the kernel still holds the page and the next run reads it,
and the page reaches the SD card only when the kernel writes it back on its own
(every half minute or so), a cost the card does not notice. After a power cut the file may be
older than the database, or torn: each record carries its checksum and a number, and
the reader takes the database's record when the file's is not newer and whole.

The file is opened without following a link and without blocking (`open_own`): a
link in its place made every beat overwrite the file it named, and a FIFO held the
app's start for ever. Anything but a regular file is left alone, said once in the
log, and the glass is kept by the database only. The driver's thread writes, the main
thread closes (the folder was removed, the game left the table): a lock keeps a beat
from writing to a descriptor number that a close gave back and another file took.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.safefile import NotARegularFile, open_own

log = logging.getLogger(__name__)

FILE_NAME = "hourglass.beat"
SIZE = 256  # one record, padded: always the same bytes of the same page


class Heartbeat:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._lock = threading.Lock()
        self._said = False  # why the file cannot be used is logged once, not per beat

    def write(self, session_id: int, glass: Mapping[str, Any]) -> None:
        text = json.dumps({"session": session_id, **glass}, separators=(",", ":"))
        record = f"{zlib.crc32(text.encode()):08x} {text}\n".encode()
        if len(record) > SIZE:
            raise ValueError(f"a heartbeat of {len(record)} bytes does not fit in {SIZE}")
        with self._lock:
            try:
                if self._fd is None:
                    self._fd = open_own(self.path, write=True)
                os.pwrite(self._fd, record.ljust(SIZE, b" "), 0)
            except (OSError, NotARegularFile) as error:
                self._refused(error)

    def read(self, session_id: int) -> dict[str, Any]:
        """The last whole record of `session_id`, else {} (none, another game's, torn,
        or no regular file there)."""
        try:
            fd = open_own(self.path, write=False)
        except FileNotFoundError:
            return {}
        except (OSError, NotARegularFile) as error:
            self._refused(error)
            return {}
        try:
            crc, _, text = os.pread(fd, SIZE, 0).decode("utf-8").strip().partition(" ")
            if f"{zlib.crc32(text.encode()):08x}" != crc:
                return {}
            record = json.loads(text)
        except (OSError, UnicodeDecodeError, ValueError):
            return {}
        finally:
            os.close(fd)
        if not isinstance(record, dict) or record.pop("session", None) != session_id:
            return {}
        return record

    def _refused(self, error: Exception) -> None:
        if not self._said:
            self._said = True
            reason = error.strerror if isinstance(error, OSError) else str(error)
            log.warning(
                "the heartbeat %s cannot be used (%s): the glass is kept in the database only",
                self.path,
                reason,
            )

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
