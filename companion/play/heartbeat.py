"""A running glass's heartbeat: its seconds left a few times a second, in a small file
beside the database, so that an app killed mid-turn comes back with the sand it had.

Each beat (ten a second) overwrites the same few bytes in place (one `pwrite`, no
sync): when a process dies the kernel still holds the page and the next run reads it,
and the page reaches the SD card only when the kernel writes it back on its own
(every half minute or so), a cost the card does not notice. After a power cut the file may be
older than the database, or torn: each record carries its checksum and a number, and
the reader takes the database's record when the file's is not newer and whole.
"""

from __future__ import annotations

import json
import logging
import os
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

FILE_NAME = "hourglass.beat"
SIZE = 256  # one record, padded: always the same bytes of the same page


class Heartbeat:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def write(self, session_id: int, glass: Mapping[str, Any]) -> None:
        text = json.dumps({"session": session_id, **glass}, separators=(",", ":"))
        record = f"{zlib.crc32(text.encode()):08x} {text}\n".encode()
        if len(record) > SIZE:
            raise ValueError(f"a heartbeat of {len(record)} bytes does not fit in {SIZE}")
        if self._fd is None:
            flags = os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC
            self._fd = os.open(self.path, flags, 0o640)
        os.pwrite(self._fd, record.ljust(SIZE, b" "), 0)

    def read(self, session_id: int) -> dict[str, Any]:
        """The last whole record of `session_id`, else {} (none, another game's, torn)."""
        try:
            with open(self.path, "rb") as file:
                crc, _, text = file.read(SIZE).decode("utf-8").strip().partition(" ")
            if f"{zlib.crc32(text.encode()):08x}" != crc:
                return {}
            record = json.loads(text)
        except (OSError, UnicodeDecodeError, ValueError):
            return {}
        if not isinstance(record, dict) or record.pop("session", None) != session_id:
            return {}
        return record

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
