"""A session's action log: appended one committed transaction at a time, undone by a
mark (kept for the record), read back, and folded into a `Session` again.

The effective log is every action not marked undone, in order of `seq`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from companion import games
from companion.core.errors import CompanionError, StoreError
from companion.core.messages import Param
from companion.core.model import ActionBase, GameSetup
from companion.core.rules import Rules
from companion.core.session import Journal, Session
from companion.files import action_type
from companion.store.database import Db
from companion.store.errors import UnrestorableGameError
from companion.store.messages import M
from companion.store.schema import now

_EFFECTIVE = "SELECT seq FROM actions WHERE session_id = ? AND undone_at IS NULL ORDER BY seq"


def append(
    db: Db,
    session_id: int,
    action: ActionBase,
    also: Callable[[sqlite3.Connection, int], None] | None = None,
    table_s: float | None = None,
) -> int:
    """One action in one transaction; `also` (given the connection and the action's
    seq) writes what belongs with it in the same transaction (a checkpoint); `table_s`:
    the seconds the game had been at the table (on screen, not paused). Its seq."""
    stamp = now()

    def store(conn: sqlite3.Connection) -> int:
        seq = conn.execute(
            "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE session_id = ?", (session_id,)
        ).fetchone()[0]
        conn.execute(
            "INSERT INTO actions(session_id, seq, action, at) VALUES (?, ?, ?, ?)",
            (session_id, seq, _dump(action), action.at),
        )
        if table_s is not None:
            conn.execute(
                "INSERT INTO table_times(session_id, seq, ms) VALUES (?, ?, ?)",
                (session_id, seq, round(table_s * 1000)),
            )
        conn.execute("UPDATE sessions SET updated = ? WHERE id = ?", (stamp, session_id))
        if also is not None:
            also(conn, seq)
        return int(seq)

    return db.write(store, "action")


def highest_seq(db: Db, session_id: int) -> int | None:
    """The seq of the game's last stored action (0: none yet); None for no such game."""
    found = db.one(
        "SELECT (SELECT 1 FROM sessions WHERE id = ?),"
        " (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE session_id = ?)",
        (session_id, session_id),
    )
    if found is None or found[0] is None:
        return None
    return int(found[1])


def insert_all(conn: sqlite3.Connection, session_id: int, actions: Sequence[ActionBase]) -> None:
    """A whole log at once, inside the caller's transaction (an import)."""
    conn.executemany(
        "INSERT INTO actions(session_id, seq, action, at) VALUES (?, ?, ?, ?)",
        ((session_id, seq, _dump(a), a.at) for seq, a in enumerate(actions, start=1)),
    )


def mark_undone(db: Db, session_id: int, index: int) -> None:
    """Mark the effective log's entry `index` (from 0) as undone."""
    stamp = now()

    def mark(conn: sqlite3.Connection) -> None:
        found = conn.execute(_EFFECTIVE + " LIMIT 1 OFFSET ?", (session_id, index)).fetchone()
        if found is not None:
            conn.execute(
                "UPDATE actions SET undone_at = ? WHERE session_id = ? AND seq = ?",
                (stamp, session_id, found[0]),
            )
        conn.execute("UPDATE sessions SET updated = ? WHERE id = ?", (stamp, session_id))

    db.write(mark, "action")


def mark_undone_after(db: Db, session_id: int, keep: int) -> int:
    """Mark every effective action after the first `keep` as undone; how many were."""
    stamp = now()

    def mark(conn: sqlite3.Connection) -> int:
        seqs = [r[0] for r in conn.execute(_EFFECTIVE, (session_id,)).fetchall()[keep:]]
        conn.executemany(
            "UPDATE actions SET undone_at = ? WHERE session_id = ? AND seq = ?",
            [(stamp, session_id, seq) for seq in seqs],
        )
        conn.execute("UPDATE sessions SET updated = ? WHERE id = ?", (stamp, session_id))
        return len(seqs)

    return db.write(mark)


def raw(db: Db, session_id: int, *, include_undone: bool = False) -> list[dict[str, Any]]:
    query = "SELECT action, at, undone_at FROM actions WHERE session_id = ?"
    if not include_undone:
        query += " AND undone_at IS NULL"
    result = []
    for action, at, undone_at in db.rows(query + " ORDER BY seq", (session_id,)):
        data = _load(action, at)
        if include_undone and undone_at:
            data["undone_at"] = undone_at
        result.append(data)
    return result


def table_seconds(db: Db, session_id: int) -> list[float | None]:
    """The effective log's seconds at the table, in order (None where not recorded)."""
    query = (
        "SELECT t.ms FROM actions a LEFT JOIN table_times t"
        " ON t.session_id = a.session_id AND t.seq = a.seq"
        " WHERE a.session_id = ? AND a.undone_at IS NULL ORDER BY a.seq"
    )
    return [_seconds(value) for (value,) in db.rows(query, (session_id,))]


def last_table_seconds(db: Db, session_id: int) -> float | None:
    """The most seconds at the table any of the session's actions recorded."""
    found = db.one("SELECT MAX(ms) FROM table_times WHERE session_id = ?", (session_id,))
    return None if found is None else _seconds(found[0])


def _seconds(ms: Any) -> float | None:
    return ms / 1000 if isinstance(ms, int) else None


def every(db: Db, game: str | None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every effective action of every session (for statistics)."""
    query = (
        "SELECT a.session_id, a.action, a.at FROM actions a JOIN sessions s"
        " ON s.id = a.session_id WHERE a.undone_at IS NULL"
    )
    params: tuple[Any, ...] = ()
    if game is not None:
        query += " AND s.game = ?"
        params = (game,)
    for session_id, action, at in db.each(query + " ORDER BY a.session_id, a.seq", params):
        yield session_id, _load(action, at)


def restore(
    session_id: int,
    setup: GameSetup,
    stored: Sequence[Any],
    journal: Journal | None,
) -> Session:
    """Fold a stored log into a session that records into `journal` from then on.
    The first action that does not replay raises `UnrestorableGameError`."""
    rules = games.get(setup.game)
    try:
        session = Session(rules, setup)
    except CompanionError as error:  # options written by another version of the rules
        raise StoreError(M("bad_log", id=session_id, reason=error.message)) from None
    parsed = rules.parse_actions(stored)  # None: one is not well formed
    for number, entry in enumerate(stored, start=1):
        try:
            session.apply(parsed[number - 1] if parsed is not None else rules.parse_action(entry))
        except Exception as error:  # any failure of a stored action is the same news
            raise _unrestorable(session_id, rules, number, entry, error) from None
    session.journal = journal  # only now: replaying must not write the log again
    return session


def parse_each(rules: Rules[Any], session_id: int, stored: Sequence[Any]) -> list[ActionBase]:
    """The stored actions one by one; the first that is not well formed raises
    `UnrestorableGameError`, which names it."""
    parsed = []
    for number, entry in enumerate(stored, start=1):
        try:
            parsed.append(rules.parse_action(entry))
        except Exception as error:
            raise _unrestorable(session_id, rules, number, entry, error) from None
    return parsed


def _unrestorable(
    session_id: int, rules: Rules[Any], number: int, entry: Any, error: Exception
) -> UnrestorableGameError:
    reason: Param = (
        error.message if isinstance(error, CompanionError) else str(error) or type(error).__name__
    )
    return UnrestorableGameError(session_id, rules.name, number, action_type(entry), reason)


def _dump(action: ActionBase) -> str:
    return json.dumps(action.to_json(), ensure_ascii=False)


def _load(action: str, at: str | None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(action)
    if at is not None:
        data.setdefault("at", at)
    return data
