"""A full disk refuses the action with a sentence and changes nothing: the session's
state and log stay as they were, the database holds every acknowledged action, and
play goes on once there is room again. Through `Session` and `StoreJournal`, as the
app records a tap."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import StoreError
from companion.core.session import Session
from companion.store import DiskFullError, Store
from tests.store.conftest import RULES, SETUP, fill

PENALTY = {"type": "penalty", "count": 1}


def play_until_full(store: Store, session: Session) -> DiskFullError:
    for _ in range(100_000):
        try:
            session.apply(RULES.parse_action(PENALTY))
        except DiskFullError as error:
            return error
    raise AssertionError("the database never filled up")


def check_refused(store: Store, session_id: int, session: Session, error: StoreError) -> None:
    assert str(error) == "The disk is full: this action was not saved"
    assert isinstance(error, StoreError)
    assert not store.conn.in_transaction  # rolled back, ready for the next try
    stored = [a["type"] for a in store.raw_actions(session_id)]
    assert len(stored) == len(session.log)
    assert sum(p.penalty for p in session.state.players) == len(session.log)


def test_a_database_at_its_size_limit_refuses_the_action_and_keeps_the_game(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "c.db")
    session_id = store.create_session(SETUP)
    session = store.load_session(session_id)
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {pages}")  # no room to grow: "full"
    error = play_until_full(store, session)
    before = (session.state, session.log)
    check_refused(store, session_id, session, error)
    assert (session.state, session.log) == before

    store.conn.execute(f"PRAGMA max_page_count = {pages + 1000}")  # room again
    session.apply(RULES.parse_action(PENALTY))
    assert len(store.raw_actions(session_id)) == len(session.log) == len(before[1]) + 1
    store.close()
    restored = Store(tmp_path / "c.db").load_session(session_id)
    assert restored.state == session.state


def test_a_really_full_disk_refuses_the_action_and_play_resumes_when_freed(
    small_disk: Path,
) -> None:
    path = small_disk / "companion.db"
    store = Store(path)
    session_id = store.create_session(SETUP)
    session = store.load_session(session_id)
    for _ in range(3):
        session.apply(RULES.parse_action(PENALTY))
    ballast = fill(small_disk)
    error = play_until_full(store, session)
    before = (session.state, session.log)
    check_refused(store, session_id, session, error)
    assert (session.state, session.log) == before
    with pytest.raises(DiskFullError):  # still full: refused again, still no harm
        session.apply(RULES.parse_action(PENALTY))
    assert (session.state, session.log) == before

    ballast.unlink()
    session.apply(RULES.parse_action(PENALTY))
    store.close()
    again = Store(path)
    assert again.load_session(session_id).log == session.log
