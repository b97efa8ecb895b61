"""The last acknowledged action, kept beside the database: a database that comes back
with fewer actions than were acknowledged says so (issue 30.7).

An older copy of the database's files put back (a `-wal` of an hour ago, a backup) is
a whole database: SQLite's integrity check says `ok`, and 300 of 400 actions were gone
without a word. After each stored action the store writes its game and its seq into
`companion.acked` beside the database (`InPlaceRecord`: one `pwrite` of one record,
no sync, so no tap waits for it; never through a link, never waiting on a FIFO). A
start that finds fewer actions of that game says so: a `note:`, and a sentence on
the table.

Unsynced, the mark can be older than the database after a power cut, or torn (its
checksum then fails): it then says less than was acknowledged, never more, and so
never raises a false alarm. The seq of a game's actions only grows (an undo marks an
action, it never removes one), so the stored actions up to the mark's seq are there
unless the files went back in time.
"""

from __future__ import annotations

import logging
from pathlib import Path

from companion.core.messages import Message
from companion.inplace import InPlaceRecord
from companion.store.messages import M

log = logging.getLogger(__name__)

FILE_NAME = "companion.acked"
SIZE = 64  # {"session": n, "seq": n} with its checksum, padded


class Acknowledged:
    """The mark beside the database at `path`."""

    def __init__(self, path: Path) -> None:
        self.path = path.parent / FILE_NAME
        self._record = InPlaceRecord(self.path, SIZE, self._refused)

    def mark(self, session_id: int, seq: int) -> None:
        """Action `seq` of game `session_id` is stored; never raises for the file."""
        self._record.write({"session": session_id, "seq": seq})

    def last(self) -> tuple[int, int] | None:
        """The game and seq of the last action marked, None when no whole mark is there."""
        record = self._record.read()
        if record is None:
            return None
        session_id, seq = record.get("session"), record.get("seq")
        if type(session_id) is not int or type(seq) is not int:
            return None
        return session_id, seq

    def close(self) -> None:
        self._record.close()

    def _refused(self, reason: str) -> None:
        log.warning(
            "the mark of the last acknowledged action %s cannot be used (%s): a database "
            "that comes back older goes unnoticed",
            self.path,
            reason,
        )


def fewer(path: Path, last: tuple[int, int] | None, stored: int | None) -> Message | None:
    """The sentence when the database at `path` holds fewer actions of the marked game
    (`stored`: its highest seq, None for no such game) than were acknowledged."""
    if last is None:
        return None
    session_id, acknowledged = last
    if stored is None:
        return M("game_missing", path=str(path), id=session_id, acknowledged=acknowledged)
    if stored < acknowledged:
        return M(
            "rolled_back", path=str(path), id=session_id, stored=stored, acknowledged=acknowledged
        )
    return None
