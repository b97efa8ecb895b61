"""An import is one transaction: a failure part-way (here a trigger that aborts the
10,000th action of 20,000) leaves nothing behind, neither a game nor its players."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion import files
from companion.core.errors import StoreError
from companion.store import Store

ACTIONS = 20_000


def long_game() -> dict[str, object]:
    return {
        "format": 1,
        "game": "wyscig-balonow",
        "seed": 3,
        "players": ["Ola", "Jan"],
        "actions": [{"type": "penalty", "count": 1}] * ACTIONS,
    }


def counts(path: Path) -> tuple[int, int, int]:
    conn = sqlite3.connect(path)
    try:
        return tuple(  # type: ignore[return-value]
            conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("sessions", "actions", "players")
        )
    finally:
        conn.close()


def test_an_import_that_fails_part_way_stores_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    session = files.replay(long_game())
    store = Store(path)
    store.conn.execute(
        "CREATE TRIGGER fail_midway BEFORE INSERT ON actions WHEN NEW.seq = 10000"
        " BEGIN SELECT RAISE(ABORT, 'the power went out'); END"
    )
    with pytest.raises(StoreError):
        store.import_session(session)
    assert not store.conn.in_transaction
    assert counts(path) == (0, 0, 0)

    store.conn.execute("DROP TRIGGER fail_midway")
    session_id = store.import_session(session)
    assert counts(path) == (1, ACTIONS, 2)
    assert store.load_session(session_id, journal=False).state == session.state
