"""Is the file the companion's own database?

A companion database says so in its header (`PRAGMA application_id`, set when it is
created) and holds the tables of its schema version. A database of an earlier
release has no id yet but has our tables: it is ours and gets the id when it is
migrated. Anything else is a stranger, and the store never migrates into it.

SQLite applies whatever WAL lies beside the file if its frames are whole, also
another database's: a copied `-wal` would make the file read as the stranger it
came from. So the file is looked at through a read-only connection first (one that
can never copy a WAL into the file), and a stranger's WAL beside a file whose own
header is ours is moved aside alone, keeping the games.
"""

from __future__ import annotations

import functools
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.messages import Message
from companion.store.errors import SQLITE_BUSY, SQLITE_LOCKED, primary, translate
from companion.store.messages import M
from companion.store.schema import MIGRATIONS
from companion.store.setaside import move_aside

APPLICATION_ID = 0x436F6D70  # "Comp" in the file's header, offset 68
_SEEN = (
    "SELECT (SELECT application_id FROM pragma_application_id),"
    " (SELECT user_version FROM pragma_user_version),"
    " (SELECT group_concat(name, char(10)) FROM sqlite_schema WHERE type = 'table')"
)
HEADER = b"SQLite format 3\x00"
_ID_AT = slice(68, 72)
_VERSION_AT = slice(60, 64)


@dataclass(frozen=True)
class Seen:
    """What a database says of itself."""

    application_id: int
    version: int
    tables: frozenset[str]

    @classmethod
    def read(cls, conn: Any) -> Seen:
        # One statement, one snapshot: read in three, a migration committing between
        # them gave an old list of tables with the new version (not ours: moved aside).
        found, version, tables = conn.execute(_SEEN).fetchone()
        names = str(tables).split("\n") if tables else []
        return cls(application_id=int(found), version=int(version), tables=frozenset(names))

    @property
    def ours(self) -> bool:
        if not self.tables and self.version == 0:  # a new, empty file
            return self.application_id in (0, APPLICATION_ID)
        if self.application_id not in (0, APPLICATION_ID) or self.version < 1:
            return False
        if self.version > len(MIGRATIONS):
            return True  # perhaps a newer companion's: opening refuses it, moves nothing
        # An earlier release's file has no id yet, but our tables.
        return expected_tables(self.version) <= self.tables


@functools.cache
def expected_tables(version: int) -> frozenset[str]:
    """The tables the first `version` migrations create."""
    conn = sqlite3.connect(":memory:")
    try:
        for migration in MIGRATIONS[:version]:
            conn.executescript(migration)
        rows = conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'").fetchall()
    finally:
        conn.close()
    return frozenset(str(row[0]) for row in rows)


def recognise(path: Path, timeout: float) -> Message | None:
    """Move a stranger at `path` aside and say so; None when the file is ours, new, or
    SQLite cannot tell (then opening says why)."""
    seen = look(path, timeout)
    if seen is None or seen.ours:
        return None
    wal = Path(f"{path}-wal")
    if wal.exists() and header_is_ours(path):
        moved = move_aside(path, "foreign", suffixes=("-wal",))
        again = look(path, timeout)
        if again is None or again.ours:
            return M("foreign_wal", wal=str(wal), path=str(path), moved=f"{moved}-wal")
    return not_ours(path)


def not_ours(path: Path) -> Message:
    moved = move_aside(path, "foreign")
    return M("not_ours", path=str(path), moved=str(moved))


def look(path: Path, timeout: float) -> Seen | None:
    """What the file holds, read without changing it; None for no file, an empty one,
    or one SQLite cannot read (opening it says why). A lock is said at once."""
    try:
        if path.stat().st_size == 0 and not Path(f"{path}-wal").exists():
            return None
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=timeout)
    except (OSError, sqlite3.Error):
        return None
    try:
        return Seen.read(conn)
    except sqlite3.Error as error:
        if primary(error) in (SQLITE_BUSY, SQLITE_LOCKED):
            raise translate(error, path, timeout=timeout) from None
        return None
    finally:
        conn.close()


def header_is_ours(path: Path) -> bool:
    """The file's own first page (without any WAL) names the companion, or is an earlier
    release's (no id, a version we know)."""
    try:
        with open(path, "rb") as file:
            header = file.read(100)
    except OSError:
        return False
    if len(header) < 100 or not header.startswith(HEADER):
        return False
    found = int.from_bytes(header[_ID_AT], "big")
    version = int.from_bytes(header[_VERSION_AT], "big")
    return found == APPLICATION_ID or (found == 0 and 1 <= version <= len(MIGRATIONS))
