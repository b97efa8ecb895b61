"""Checkpoints: a stored game comes up from its latest good checkpoint and the actions
after it, giving the state the whole log folds to; a checkpoint that is stale (an
undo, a resume up to an earlier action, other rules) or corrupt is ignored and the
log is folded instead; a 100,000-action game comes up quickly."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench import big_games
from companion import files, games
from companion.core.model import ActionBase, GameSetup
from companion.core.session import Session
from companion.store import Store, UnrestorableGameError
from companion.store import checkpoints as stored_states
from tests.waiting import slowness

EVERY = 10  # checkpoints this often in the tests that play through the journal


@pytest.fixture
def every(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(stored_states, "EVERY", EVERY)
    return EVERY


def played(store: Store, game: str, count: int, seed: int = 3) -> tuple[int, list[ActionBase]]:
    """A game whose `count` actions went through the journal, as at the table."""
    setup = big_games.setup(game, seed)
    session_id = store.create_session(setup)
    session = store.load_session(session_id)
    actions = big_games.actions(game, count, seed)
    for action in actions:
        session.apply(action)
    return session_id, actions


def folded(setup: GameSetup, actions: list[ActionBase]) -> Session[Any]:
    return Session(games.get(setup.game), setup, actions)


def lengths(store: Store, session_id: int) -> list[int]:
    rows = store.db.rows(
        "SELECT length FROM checkpoints WHERE session_id = ? ORDER BY length", (session_id,)
    )
    return [r[0] for r in rows]


def test_a_game_comes_up_from_its_checkpoint_and_reads_the_log_only_when_needed(
    tmp_path: Path, every: int
) -> None:
    store = Store(tmp_path / "c.db")
    session_id, actions = played(store, "balmy-balloonists", 37)
    assert lengths(store, session_id) == [10, 20, 30]  # the latest KEEP, each with its action
    spoil_first_action(store, session_id)
    resumed = store.load_session(session_id)
    expected = folded(resumed.setup, actions)
    assert resumed.state == expected.state and len(resumed) == 37
    assert resumed.last == actions[-1] and resumed.log[30:] == tuple(actions[30:])
    with pytest.raises(UnrestorableGameError, match=r"action 1: unknown action type \"spoilt\""):
        list(resumed.log)  # now the stored actions are read


def test_the_states_before_the_last_actions_need_no_stored_action(
    tmp_path: Path, every: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The screens look at the state before the last action, an undo at the one before
    it: a resume starts TAIL actions or more before the end where a checkpoint allows
    (here not at 40, the last action, but at 30)."""
    monkeypatch.setattr(stored_states, "TAIL", 5)
    store = Store(tmp_path / "c.db")
    session_id, actions = played(store, "wyscig-balonow", 40)
    spoil_first_action(store, session_id)
    resumed = store.load_session(session_id)
    expected = folded(resumed.setup, actions)
    assert resumed.state_at(39) == expected.state_at(39)
    for length in range(39, 29, -1):
        resumed.undo()
        assert resumed.state == expected.state_at(length)


def spoil_first_action(store: Store, session_id: int) -> None:
    """A fold of the whole log would stop at action 1 now: what reads it says so."""
    store.conn.execute(
        'UPDATE actions SET action = \'{"type": "spoilt"}\' WHERE session_id = ? AND seq = 1',
        (session_id,),
    )


def test_undo_and_redo_reach_into_the_stored_actions(tmp_path: Path, every: int) -> None:
    store = Store(tmp_path / "c.db")
    session_id, actions = played(store, "ballonrennen", 26)
    resumed = store.load_session(session_id)
    expected = folded(resumed.setup, actions)
    for length in range(25, 14, -1):  # across the checkpoint at 20, into the stored ones
        resumed.undo()
        assert resumed.state == expected.state_at(length)
    resumed.redo()
    assert resumed.state == expected.state_at(16)
    again = store.load_session(session_id)  # what the table left in the store
    assert again.state == expected.state_at(16) and list(again.log) == actions[:16]


def test_a_checkpoint_past_an_undo_is_stale(tmp_path: Path, every: int) -> None:
    store = Store(tmp_path / "c.db")
    session_id, actions = played(store, "wyscig-balonow", 25)
    session = store.load_session(session_id)
    for _ in range(8):  # below the checkpoint at 20, which now folds undone actions
        session.undo()
    penalty = session.rules.parse_action({"type": "penalty", "count": 2})
    for _ in range(2):  # not up to 20 again, which would replace it
        session.apply(penalty)
    effective = [*actions[:17], penalty, penalty]
    resumed = store.load_session(session_id)
    assert resumed.state == folded(resumed.setup, effective).state
    assert list(resumed.log) == effective


def test_a_resume_up_to_an_earlier_action_makes_later_checkpoints_stale(
    tmp_path: Path, every: int
) -> None:
    store = Store(tmp_path / "c.db")
    session_id, actions = played(store, "balmy-balloonists", 34)
    store.keep_first(session_id, 15)
    resumed = store.load_session(session_id)
    assert resumed.state == folded(resumed.setup, actions[:15]).state and len(resumed) == 15


def _spoil_text(text: str) -> str:
    return text.replace('"fuel":', '"fuel":1', 1)  # still JSON, another state


def _rehash(row: dict[str, Any], state: str) -> tuple[str, str, str]:
    """`state` in the row, with the digest the store would give it: only the check of
    the state itself can refuse it."""
    keys = (row["session_id"], row["length"], row["last_seq"], row["rules"])
    return state, stored_states.digest(*keys, state), row["rules"]


def _text_digest(row: dict[str, Any]) -> tuple[str, str, str]:
    """A checkpoint of an earlier release: its digest was of the state's text alone."""
    return row["state"], hashlib.sha256(row["state"].encode()).hexdigest(), row["rules"]


Corruption = Callable[[dict[str, Any]], tuple[str, str, str]]
CORRUPTIONS: dict[str, tuple[Corruption, str]] = {
    "changed text": (
        lambda row: (_spoil_text(row["state"]), row["digest"], row["rules"]),
        "it is not the log's own",
    ),
    "not a state": (lambda row: _rehash(row, '{"seed": 1}'), "it is not a valid state"),
    "not JSON": (lambda row: _rehash(row, row["state"][:-9]), "it is not a valid state"),
    "other rules": (
        lambda row: (row["state"], row["digest"], "an older version"),
        "it was folded by other rules",
    ),
    "an earlier release's digest": (_text_digest, "it is not the log's own"),
}
COLUMNS = ("session_id", "length", "last_seq", "rules", "digest", "state")


def checkpoint_rows(path: Path) -> list[dict[str, Any]]:
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM checkpoints").fetchall()
    finally:
        conn.close()
    return [dict(zip(COLUMNS, row, strict=True)) for row in rows]


def change_checkpoint(path: Path, **values: Any) -> None:
    conn = sqlite3.connect(path)
    sets = ", ".join(f"{key} = ?" for key in values)
    conn.execute(f"UPDATE checkpoints SET {sets}", tuple(values.values()))
    conn.commit()
    conn.close()


def ignored_because(records: list[logging.LogRecord], session_id: int) -> list[str]:
    prefix = f"game {session_id}: its checkpoint at "
    return [r.getMessage() for r in records if r.getMessage().startswith(prefix)]


@pytest.mark.parametrize("corruption", CORRUPTIONS)
def test_a_corrupt_checkpoint_is_ignored_and_a_good_one_kept(
    tmp_path: Path, corruption: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "c.db"
    setup = big_games.setup("balmy-balloonists", 4)
    actions = big_games.actions("balmy-balloonists", stored_states.EVERY + 5, 4)
    store = Store(path)
    session_id = store.import_session(folded(setup, actions))  # checkpoint at the end
    store.close()
    [row] = checkpoint_rows(path)
    spoil, why = CORRUPTIONS[corruption]
    state, digest, rules = spoil(row)
    change_checkpoint(path, state=state, digest=digest, rules=rules)
    store = Store(path)
    with caplog.at_level(logging.INFO, logger="companion.store.checkpoints"):
        resumed = store.load_session(session_id)
    assert resumed.state == folded(setup, actions).state
    [said] = ignored_because(caplog.records, session_id)
    assert f"at {row['length']} actions is ignored: {why}" in said
    # The fold kept a good checkpoint again: the next resume reads it, not the log.
    [kept] = checkpoint_rows(path)
    assert (kept["state"], kept["rules"], kept["digest"]) == (
        row["state"],
        row["rules"],
        row["digest"],
    )


GAMES = st.sampled_from(games.game_ids())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES, st.integers(0, 2**31 - 1), st.integers(1, 300), st.floats(0, 1))
def test_a_checkpoint_gives_the_state_the_fold_gives(
    tmp_path_factory: pytest.TempPathFactory, game: str, seed: int, count: int, where: float
) -> None:
    """Property over generated games of each game: a checkpoint anywhere in the log,
    and the actions after it, give the fold's state, summary and log; undoing into
    the stored actions gives the fold's earlier states."""
    setup = big_games.setup(game, seed, players=2 + seed % 3)
    actions = big_games.actions(game, count, seed, players=2 + seed % 3)
    expected = folded(setup, actions)
    cut = max(1, round(count * where))
    store = Store(tmp_path_factory.mktemp("db") / "c.db")
    session_id = store.import_session(expected)
    state = expected.state_at(cut)

    def replace(conn: sqlite3.Connection) -> None:
        conn.execute("DELETE FROM checkpoints")
        stored_states.write(conn, session_id, cut, cut, state)

    store.db.write(replace)
    resumed = store.load_session(session_id, journal=False)
    assert resumed.state == expected.state
    assert resumed.summary().data == expected.summary().data
    assert resumed.last == actions[-1]
    for length in range(count - 1, max(cut - 3, 0) - 1, -1):
        resumed.undo()
        assert resumed.state == expected.state_at(length)
    assert list(resumed.log) == actions[: max(cut - 3, 0)]
    store.close()


# (length, last_seq) moved: together (the log's check alone let these through) or apart.
SHIFTS = [(-3, -3), (-1, -1), (1, 1), (2, 2), (-1, 0), (0, -1), (1, 0), (0, 2)]


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    GAMES, st.integers(0, 2**31 - 1), st.integers(8, 200), st.floats(0, 1), st.sampled_from(SHIFTS)
)
def test_a_checkpoint_whose_place_in_the_log_was_shifted_is_not_trusted(
    tmp_path_factory: pytest.TempPathFactory,
    caplog: pytest.LogCaptureFixture,
    game: str,
    seed: int,
    count: int,
    where: float,
    shift: tuple[int, int],
) -> None:
    """Property over generated games of each game: a checkpoint whose `length` or
    `last_seq` changed says a state of another place in the log (once trusted 36
    times in 40): it is ignored, the log is folded, and the log says why."""
    setup = big_games.setup(game, seed, players=2 + seed % 3)
    actions = big_games.actions(game, count, seed, players=2 + seed % 3)
    expected = folded(setup, actions)
    cut = min(max(round(count * where), 4), count - 4)
    path = tmp_path_factory.mktemp("db") / "c.db"
    store = Store(path)
    session_id = store.import_session(expected)

    def replace(conn: sqlite3.Connection) -> None:
        conn.execute("DELETE FROM checkpoints")
        stored_states.write(conn, session_id, cut, cut, expected.state_at(cut))

    store.db.write(replace)
    store.close()
    [row] = checkpoint_rows(path)
    change_checkpoint(path, length=row["length"] + shift[0], last_seq=row["last_seq"] + shift[1])
    caplog.clear()
    store = Store(path)
    with caplog.at_level(logging.INFO, logger="companion.store.checkpoints"):
        resumed = store.load_session(session_id, journal=False)
    assert resumed.state == expected.state
    assert list(resumed.log) == actions
    [said] = ignored_because(caplog.records, session_id)
    assert "it is not the log's own" in said
    store.close()


def test_a_checkpoint_moved_to_another_game_is_not_trusted(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Two games of the same rules and length: one's checkpoint under the other's
    number fits its log, and was taken for its state."""
    path = tmp_path / "c.db"
    store = Store(path)
    games_played = []
    for seed in (5, 6):
        setup = big_games.setup("ballonrennen", seed)
        actions = big_games.actions("ballonrennen", 40, seed)
        games_played.append((store.import_session(folded(setup, actions)), folded(setup, actions)))
    (first, _), (second, expected) = games_played

    def move(conn: sqlite3.Connection) -> None:
        conn.execute("DELETE FROM checkpoints")
        stored_states.write(conn, first, 30, 30, games_played[0][1].state_at(30))
        conn.execute("UPDATE checkpoints SET session_id = ?", (second,))

    store.db.write(move)
    assert games_played[0][1].state_at(30) != expected.state_at(30)
    with caplog.at_level(logging.INFO, logger="companion.store.checkpoints"):
        resumed = store.load_session(second, journal=False)
    assert resumed.state == expected.state
    [said] = ignored_because(caplog.records, second)
    assert "it is not the log's own" in said
    store.close()


def long_wyscig(count: int) -> dict[str, Any]:
    """A Wyścig balonów file of `count` actions (the last turn's penalties and dice)."""
    setup = big_games.setup("wyscig-balonow", 1)
    raw = [
        {"type": "penalty", "count": 1} if n % 2 else {"type": "dice", "values": [1, 2, 3, 4, 6]}
        for n in range(count)
    ]
    return {**files.to_json(setup, []), "actions": raw}


def test_a_100000_action_game_comes_up_quickly(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    store = Store(path)
    session_id = store.import_session(files.replay(long_wyscig(100_000)))
    store.close()
    started = time.process_time()
    store = Store(path)
    session = store.load_session(session_id)
    session.prompts()
    session.state_at(len(session) - 1)  # what the table shows of the last action
    elapsed = time.process_time() - started
    assert len(session) == 100_000
    assert elapsed < 0.5 * slowness(), f"{elapsed:.2f} s CPU to come up"
