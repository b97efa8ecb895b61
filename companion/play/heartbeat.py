"""A running glass's heartbeat: its seconds left a few times a second, in a small file
beside the database, so that an app killed mid-turn comes back with the sand it had.

Each beat (ten a second) overwrites the same few bytes in place (`InPlaceRecord`:
one `pwrite`, no sync): when a process dies the kernel still holds the page and the
next run reads it, and the page reaches the SD card only when the kernel writes it
back on its own (every half minute or so), a cost the card does not notice. After a
power cut the file may be older than the database, or torn: each record carries its
checksum and a number, and the reader takes the database's record when the file's is
not newer and whole.

The file is opened without following a link and without blocking: a link in its place
made every beat overwrite the file it named, and a FIFO held the app's start for
ever. Anything but a regular file is left alone, said once in the log, and the glass
is kept by the database only. The driver's thread beats, the main thread closes (the
folder was removed, the game left the table): the record's lock keeps them apart.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.inplace import InPlaceRecord

log = logging.getLogger(__name__)

FILE_NAME = "hourglass.beat"
SIZE = 256  # one record, padded: always the same bytes of the same page


class Heartbeat:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._record = InPlaceRecord(path, SIZE, self._refused)

    def write(self, session_id: int, glass: Mapping[str, Any]) -> None:
        self._record.write({"session": session_id, **glass})

    def read(self, session_id: int) -> dict[str, Any]:
        """The last whole record of `session_id`, else {} (none, another game's, torn,
        or no regular file there)."""
        record = self._record.read()
        if record is None or record.pop("session", None) != session_id:
            return {}
        return record

    def close(self) -> None:
        self._record.close()

    def _refused(self, reason: str) -> None:
        log.warning(
            "the heartbeat %s cannot be used (%s): the glass is kept in the database only",
            self.path,
            reason,
        )
