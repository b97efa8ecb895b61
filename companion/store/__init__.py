"""SQLite storage: players, sessions with their action logs, finished games, dice rolls.

WAL with `synchronous=FULL` and one transaction per applied action, so pulling the
power between two taps loses nothing. Undone actions are kept (marked) for the
record; the effective log is every action not undone, in order.

- `schema`: the migrations, the data folder, time stamps.
- `opening`: opening (moving a damaged file aside, and only a damaged one; a
  stranger's, recognised by `identity`), migrating; `setaside`: moving files aside.
- `database`: `Db`, the open database and its writes (one transaction each, a short
  wait for a lock, a checkpoint when the disk is full); `vanish`: its files removed
  under it, and every game written back; `errors`: SQLite's errors, as sentences.
- `sessions`, `actions`, `players`, `rolls`: the SQL of each table.
- `store`: `Store`, what the app and the commands hold; `lock`: one app (or one
  import) per folder.
"""

from companion.store.database import BUSY_TIMEOUT_S, WRITE_WAIT_S, Db
from companion.store.errors import (
    AlreadyRunningError,
    DatabaseBusyError,
    DatabaseIOError,
    DatabasePermissionError,
    DiskFullError,
    FilesRemovedError,
    GameBegunError,
    NewerDatabaseError,
    NoSuchGameError,
    NotAFileError,
    ReadOnlyDatabaseError,
    UnrestorableGameError,
)
from companion.store.lock import LOCK_NAME, DataFolderLock
from companion.store.messages import M
from companion.store.schema import APP_NAME, DB_NAME, MIGRATIONS, default_path, now
from companion.store.sessions import SessionRow
from companion.store.store import Store, StoreJournal

__all__ = [
    "APP_NAME",
    "BUSY_TIMEOUT_S",
    "DB_NAME",
    "LOCK_NAME",
    "MIGRATIONS",
    "WRITE_WAIT_S",
    "AlreadyRunningError",
    "DataFolderLock",
    "DatabaseBusyError",
    "DatabaseIOError",
    "DatabasePermissionError",
    "Db",
    "DiskFullError",
    "FilesRemovedError",
    "GameBegunError",
    "M",
    "NewerDatabaseError",
    "NoSuchGameError",
    "NotAFileError",
    "ReadOnlyDatabaseError",
    "SessionRow",
    "Store",
    "StoreJournal",
    "UnrestorableGameError",
    "default_path",
    "now",
]
