"""The store knows its own file. Another database's `-wal` copied beside
`companion.db` once made the store look empty ("There are no games in the database
yet"), the integrity check passed, and the companion's tables were created inside
the stranger. Now the file carries the companion's `application_id`, and the tables
of its schema version: a stranger's WAL is moved aside (the games stay), a
stranger's database with its WAL, and it is said; a database of an earlier version
(our tables, no id yet) opens and gets the id."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

from companion.store import MIGRATIONS, Store
from companion.store.identity import APPLICATION_ID
from tests.conftest import ROOT
from tests.store.conftest import RULES, SETUP, python_child

NOTES = 60


def stored_game(path: Path, actions: int = 2) -> int:
    store = Store(path)
    session_id = store.create_session(SETUP)
    session = store.load_session(session_id)
    for _ in range(actions):
        session.apply(RULES.parse_action({"type": "penalty", "count": 1}))
    store.close()
    return session_id


def strangers_database(path: Path) -> sqlite3.Connection:
    """Another program's database in WAL mode, all of it still in its WAL."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, text TEXT)")
    for number in range(NOTES):
        conn.execute("INSERT INTO notes(text) VALUES (?)", (f"note {number}",))
    return conn


def aside(folder: Path, mark: str) -> list[Path]:
    return sorted(p for p in folder.iterdir() if mark in p.name)


def application_id(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA application_id").fetchone()[0])
    finally:
        conn.close()


def test_a_strangers_wal_beside_the_database_is_moved_aside_and_the_games_stay(
    tmp_path: Path,
) -> None:
    path = tmp_path / "companion.db"
    session_id = stored_game(path)
    stranger = strangers_database(tmp_path / "other.db")
    shutil.copy(tmp_path / "other.db-wal", f"{path}-wal")
    stranger.close()
    wal = Path(f"{path}-wal").read_bytes()

    store = Store(path)
    [moved] = aside(tmp_path, ".foreign-")
    assert store.notice == (
        f"The file {path}-wal beside the database {path} belonged to another database: "
        f"it was moved to {moved}. Nothing was deleted."
    )
    assert [row.id for row in store.sessions()] == [session_id]
    assert len(store.load_session(session_id).log) == 2
    assert moved.read_bytes() == wal
    assert application_id(path) == APPLICATION_ID


def test_a_strangers_database_is_moved_aside_with_its_wal_never_migrated_into(
    tmp_path: Path,
) -> None:
    path = tmp_path / "companion.db"
    strangers_database(path).close()  # closed: its WAL checkpointed into the file
    strangers_database(tmp_path / "x.db")  # and a WAL of its own beside it
    shutil.copy(tmp_path / "x.db-wal", f"{path}-wal")

    store = Store(path)
    [database, wal] = aside(tmp_path, ".foreign-")
    assert wal == Path(f"{database}-wal")
    assert store.notice == (
        f"The file {path} is not a companion database: it was moved to {database} and a new "
        "one was started. Nothing was deleted."
    )
    assert store.sessions() == []
    conn = sqlite3.connect(database)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_schema WHERE type='table'")}
    conn.close()
    assert tables == {"notes"}  # nothing of ours was created in it


def test_another_programs_id_is_not_ours_even_with_our_tables(tmp_path: Path) -> None:
    path = tmp_path / "companion.db"
    stored_game(path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 1234")
    conn.commit()
    conn.close()
    store = Store(path)
    assert store.notice is not None and "is not a companion database" in store.notice
    assert store.sessions() == []
    database = aside(tmp_path, ".foreign-")[0]  # with its WAL, if it had one
    conn = sqlite3.connect(database)
    assert conn.execute("SELECT count(*) FROM sessions").fetchone() == (1,)  # all kept
    conn.close()


def earlier_version(path: Path, version: int) -> None:
    """The schema an earlier release wrote: its migrations, no application id."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    for migration in MIGRATIONS[:version]:
        conn.executescript(migration)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.execute(
        "INSERT INTO sessions(game, seed, players, options, created, updated)"
        " VALUES ('wyscig-balonow', 5, '[\"Ola\", \"Jan\"]', '{}', 't', 't')"
    )
    conn.close()


def test_databases_of_earlier_versions_open_and_get_the_id(tmp_path: Path) -> None:
    for version in range(1, len(MIGRATIONS) + 1):
        path = tmp_path / f"v{version}.db"
        earlier_version(path, version)
        assert application_id(path) == 0
        store = Store(path)
        assert store.notice is None, version
        assert len(store.sessions()) == 1, version
        store.close()
        assert application_id(path) == APPLICATION_ID, version
    assert aside(tmp_path, ".foreign-") == []


def test_a_new_database_carries_the_id(tmp_path: Path) -> None:
    Store(tmp_path / "c.db").close()
    assert application_id(tmp_path / "c.db") == APPLICATION_ID


KILLED = """
import os, sys
from companion.store import Store
from tests.store.conftest import RULES, SETUP
store = Store(sys.argv[1])
session = store.load_session(store.create_session(SETUP))
for _ in range(5):
    session.apply(RULES.parse_action({"type": "penalty", "count": 1}))
os._exit(0)  # killed: its WAL stays beside the file
"""


def test_our_own_wal_left_by_a_killed_app_is_ours(tmp_path: Path) -> None:
    path = tmp_path / "companion.db"
    subprocess.run(python_child(KILLED, str(path)), cwd=ROOT, check=True)
    assert Path(f"{path}-wal").stat().st_size > 0
    store = Store(path)
    assert store.notice is None
    [row] = store.sessions()
    assert len(store.load_session(row.id).log) == 5
    assert aside(tmp_path, ".foreign-") == []
