"""An unfinished game the players give up is marked abandoned, never deleted: it is
no longer offered to resume, it is still in the database with every action (the
history lists it, `companion export ID` writes it), and a database of the schema
before the mark gets it by a migration of its own."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.store import MIGRATIONS, NoSuchGameError, Store
from tests.conftest import run_companion
from tests.store.conftest import RULES, SETUP


def played(store: Store, *kinds: str) -> int:
    session_id = store.create_session(SETUP)
    for kind in kinds:
        store.append_action(session_id, RULES.parse_action({"type": kind}))
    return session_id


def test_an_abandoned_game_is_kept_but_no_longer_resumed(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.db")
    older = played(store, "start_timer", "mail")
    newer = played(store, "start_timer")
    assert [r.id for r in store.sessions(finished=False)] == [newer, older]
    store.abandon(newer)
    assert [r.id for r in store.sessions(finished=False)] == [older]
    assert store.unfinished() is not None and store.unfinished().id == older  # type: ignore[union-attr]
    row = store.session_row(newer)
    assert row.abandoned is not None and row.abandoned.endswith("Z")
    assert not row.playable and store.session_row(older).playable
    assert [r.id for r in store.sessions()] == [newer, older]  # nothing deleted
    assert len(store.load_session(newer).log) == 1
    stamp = row.abandoned
    store.abandon(newer)  # once given up, the first time stands
    assert store.session_row(newer).abandoned == stamp


def test_a_finished_game_cannot_be_abandoned_and_an_unknown_one_is_named(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "c.db")
    session_id = played(store, "start_timer")
    store.record_summary(session_id, {"over": True, "players": [], "winners": []}, True)
    store.abandon(session_id)
    assert store.session_row(session_id).abandoned is None
    with pytest.raises(NoSuchGameError, match="no game 999"):
        store.abandon(999)


def test_export_still_writes_an_abandoned_game(_isolated_data: Path) -> None:
    store = Store()
    session_id = played(store, "start_timer", "mail")
    store.abandon(session_id)
    store.close()
    done = run_companion("export", str(session_id))
    assert done.returncode == 0, done.stderr
    assert [a["type"] for a in json.loads(done.stdout)["actions"]] == ["start_timer", "mail"]


def test_a_database_before_the_mark_gets_it_by_its_own_migration(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    conn = sqlite3.connect(path)
    for migration in MIGRATIONS[:2]:  # the schema the released app wrote
        conn.executescript(migration)
    conn.execute("PRAGMA user_version = 2")
    conn.execute(
        "INSERT INTO sessions(game, seed, players, options, created, updated)"
        " VALUES ('wyscig-balonow', 5, '[\"Ola\", \"Jan\"]', '{}', 't', 't')"
    )
    conn.commit()
    conn.close()
    store = Store(path)
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) == 6
    [row] = store.sessions(finished=False)
    assert row.abandoned is None and row.playable
    store.abandon(row.id)
    assert store.sessions(finished=False) == []


def test_an_abandoned_game_undone_is_unfinished_again_with_its_log(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.db")
    older = played(store, "start_timer", "mail")
    newer = played(store, "start_timer", "mail", "landed")
    before = store.session_row(newer)
    store.abandon(newer)
    assert [r.id for r in store.sessions(finished=False)] == [older]
    store.abandon(newer, undo=True)
    row = store.session_row(newer)
    assert row.playable and row.abandoned is None
    assert row.updated == before.updated  # when it was last played, as it was
    assert [r.id for r in store.sessions(finished=False)] == [newer, older]
    assert [a.type for a in store.load_session(newer).log] == ["start_timer", "mail", "landed"]
    store.abandon(older, undo=True)  # never abandoned: nothing changes
    assert store.session_row(older).playable
    with pytest.raises(NoSuchGameError, match="no game 999"):
        store.abandon(999, undo=True)
