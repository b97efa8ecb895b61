"""A stored log that cannot be replayed (two apps once stored `start_timer` twice for
one turn) says which game and which action, loads up to the last good action, and
can be resumed from there with the bad tail kept, marked undone."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.store import Store, UnrestorableGameError
from tests.conftest import run_companion
from tests.store.conftest import RULES, SETUP


def broken_game(store: Store) -> int:
    """What two apps on one database wrote: each turned the hourglass for the turn."""
    session_id = store.create_session(SETUP)
    for raw in ({"type": "start_timer"}, {"type": "mail"}, {"type": "start_timer"},
                {"type": "end_turn"}):  # fmt: skip
        store.append_action(session_id, RULES.parse_action(raw))
    return session_id


def test_the_error_names_the_game_and_the_action(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.db")
    session_id = broken_game(store)
    with pytest.raises(UnrestorableGameError) as caught:
        store.load_session(session_id)
    error = caught.value
    assert str(error) == (
        f"Game {session_id} (Wyścig balonów) cannot be restored: action 3 (start_timer): "
        "The hourglass was already turned this turn"
    )
    assert (error.session_id, error.number, error.action_type, error.good) == (
        session_id, 3, "start_timer", 2)  # fmt: skip


def test_it_loads_up_to_the_last_good_action(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.db")
    session_id = broken_game(store)
    session = store.load_session(session_id, journal=False, upto=2)
    assert [a.to_json()["type"] for a in session.log] == ["start_timer", "mail"]


def test_resuming_up_to_the_last_good_action_keeps_the_rest_for_the_record(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "c.db")
    session_id = broken_game(store)
    try:
        store.load_session(session_id)
    except UnrestorableGameError as error:
        assert store.keep_first(session_id, error.good) == 2
    session = store.load_session(session_id)
    assert [a.to_json()["type"] for a in session.log] == ["start_timer", "mail"]
    session.apply(RULES.parse_action({"type": "end_turn"}))  # the game goes on
    store.close()

    again = Store(tmp_path / "c.db")
    assert [a.to_json()["type"] for a in again.load_session(session_id).log] == [
        "start_timer", "mail", "end_turn"]  # fmt: skip
    everything = again.raw_actions(session_id, include_undone=True)
    assert [(a["type"], "undone_at" in a) for a in everything] == [
        ("start_timer", False), ("mail", False), ("start_timer", True), ("end_turn", True),
        ("end_turn", False)]  # fmt: skip


def test_export_of_such_a_game_is_one_error_line(_isolated_data: Path) -> None:
    store = Store()
    session_id = broken_game(store)
    store.close()
    done = run_companion("export", str(session_id))
    assert done.returncode == 2
    assert done.stderr == (
        f"error: Game {session_id} (Wyścig balonów) cannot be restored: action 3 "
        "(start_timer): The hourglass was already turned this turn\n"
    )


def test_a_game_an_older_version_stored_is_still_listed_and_restored(tmp_path: Path) -> None:
    """Names are stricter now (no control characters); a game stored before is ours all
    the same: History lists it and Resume restores it as it was."""
    store = Store(tmp_path / "c.db")
    store.conn.execute(
        "INSERT INTO sessions(id, game, seed, players, options, created, updated)"
        " VALUES (7, 'wyscig-balonow', 1, '[\"Ann\\u0007\", \"Jan\"]', '{}', 't', 't')"
    )
    assert [row.setup.names for row in store.sessions()] == [["Ann\a", "Jan"]]
    assert store.load_session(7, journal=False).setup.names == ["Ann\a", "Jan"]
