"""Sessions (one row per game), their seated players, their summary and results.

Each function takes an open `Db`; the write helpers run inside the caller's
transaction, so creating a game and importing a whole one share them.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from companion.core.model import GameSetup, PlayerSpec
from companion.store import setups as _setups
from companion.store.database import Db
from companion.store.errors import GameBegunError, NoSuchGameError
from companion.store.messages import M

MAX_ID = 2**63 - 1  # SQLite's largest integer: a bigger number names no game

_COLUMNS = "id, game, seed, players, options, created, updated, finished, summary, extra, abandoned"


@dataclass(frozen=True)
class SessionRow:
    id: int
    game: str
    setup: GameSetup
    created: str
    updated: str
    finished: str | None
    summary: dict[str, Any] | None
    extra: dict[str, Any]
    abandoned: str | None = None  # when the players gave it up (it is kept)

    @property
    def playable(self) -> bool:
        """Neither finished nor abandoned: a game to resume."""
        return self.finished is None and self.abandoned is None


def insert(conn: sqlite3.Connection, setup: GameSetup, stamp: str) -> int:
    """A new session with its players seated; inside the caller's transaction."""
    created = conn.execute(
        "INSERT INTO sessions(game, seed, players, options, created, updated)"
        " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
        (
            setup.game,
            setup.seed,
            json.dumps([p.to_json() for p in setup.players], ensure_ascii=False),
            json.dumps(setup.options, ensure_ascii=False),
            stamp,
            stamp,
        ),
    ).fetchall()
    session_id = int(created[0][0])
    seat_players(conn, session_id, setup, stamp)
    _setups.keep(conn, setup.game, setup.options, stamp)
    return session_id


def seat_players(conn: sqlite3.Connection, session_id: int, setup: GameSetup, stamp: str) -> None:
    """The session's players in their seats (and in the known players)."""
    for seat, player in enumerate(setup.players):
        player_id = conn.execute(
            "INSERT INTO players(name, created, last_played) VALUES (?, ?, ?)"
            " ON CONFLICT(name) DO UPDATE SET last_played = excluded.last_played RETURNING id",
            (player.name, stamp, stamp),
        ).fetchall()[0][0]
        conn.execute(
            "INSERT INTO session_players(session_id, seat, player_id) VALUES (?, ?, ?)",
            (session_id, seat, player_id),
        )


def row(db: Db, session_id: int) -> SessionRow:
    found = None
    if 0 <= session_id <= MAX_ID:
        found = db.one(f"SELECT {_COLUMNS} FROM sessions WHERE id = ?", (session_id,))
    if found is None:
        raise NoSuchGameError(M("no_game", id=session_id))
    return _session_row(found)


def listing(db: Db, finished: bool | None) -> list[SessionRow]:
    """Every game, the finished ones, or (False) the ones still to play: neither
    finished nor abandoned. The most recently played first."""
    query = f"SELECT {_COLUMNS} FROM sessions"
    if finished is True:
        query += " WHERE finished IS NOT NULL"
    elif finished is False:
        query += " WHERE finished IS NULL AND abandoned IS NULL"
    return [_session_row(r) for r in db.rows(query + " ORDER BY updated DESC, id DESC")]


def abandon(db: Db, session_id: int, stamp: str) -> None:
    """Mark an unfinished game as given up; a finished one stays finished."""

    def mark(conn: sqlite3.Connection) -> None:
        found = conn.execute("SELECT finished FROM sessions WHERE id = ?", (session_id,))
        row_found = found.fetchone()
        if row_found is None:
            raise NoSuchGameError(M("no_game", id=session_id))
        if row_found[0] is None:
            conn.execute(
                "UPDATE sessions SET abandoned = COALESCE(abandoned, ?) WHERE id = ?",
                (stamp, session_id),
            )

    db.write(mark)


def take_back(db: Db, session_id: int) -> None:
    """An abandoned game given back to the players: unfinished again, its log and its
    last played time as they were. A game that was not abandoned stays as it is."""

    def unmark(conn: sqlite3.Connection) -> None:
        found = conn.execute("SELECT id FROM sessions WHERE id = ?", (session_id,))
        if found.fetchone() is None:
            raise NoSuchGameError(M("no_game", id=session_id))
        conn.execute("UPDATE sessions SET abandoned = NULL WHERE id = ?", (session_id,))

    db.write(unmark)


def reseat(db: Db, session_id: int, setup: GameSetup, extra: dict[str, Any], stamp: str) -> None:
    """The players of a game with no action yet seated again (who starts: the seat
    order rotated), with `extra` kept; `GameBegunError` once an action is stored."""

    def save(conn: sqlite3.Connection) -> None:
        found = conn.execute("SELECT extra FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if found is None:
            raise NoSuchGameError(M("no_game", id=session_id))
        taken = conn.execute(
            "SELECT COUNT(*) FROM actions WHERE session_id = ?", (session_id,)
        ).fetchone()
        if taken[0]:
            raise GameBegunError(M("game_begun"))
        players = json.dumps([p.to_json() for p in setup.players], ensure_ascii=False)
        kept = {**json.loads(found[0]), **extra}
        conn.execute(
            "UPDATE sessions SET players = ?, options = ?, summary = NULL, extra = ? WHERE id = ?",
            (players, json.dumps(setup.options, ensure_ascii=False), json.dumps(kept), session_id),
        )
        conn.execute("DELETE FROM session_players WHERE session_id = ?", (session_id,))
        seat_players(conn, session_id, setup, stamp)

    db.write(save)


def save_extra(db: Db, session_id: int, values: dict[str, Any], *, synced: bool = True) -> None:
    def save(conn: sqlite3.Connection) -> None:
        found = conn.execute("SELECT extra FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if found is None:
            raise NoSuchGameError(M("no_game", id=session_id))
        current = json.loads(found[0])
        current.update(values)
        conn.execute(
            "UPDATE sessions SET extra = ? WHERE id = ?", (json.dumps(current), session_id)
        )

    db.write(save, synced=synced)


def write_summary(
    conn: sqlite3.Connection, session_id: int, summary: dict[str, Any], finished: str | None
) -> None:
    """Keep the latest summary; `finished` (a time) marks a decided game, with results."""
    conn.execute("DELETE FROM results WHERE session_id = ?", (session_id,))
    conn.execute(
        "UPDATE sessions SET summary = ?, finished = CASE WHEN ? IS NULL THEN NULL"
        " ELSE COALESCE(finished, ?) END WHERE id = ?",
        (json.dumps(summary, ensure_ascii=False), finished, finished, session_id),
    )
    if finished is None:
        return
    winners = summary.get("winners", [])
    conn.executemany(
        "INSERT INTO results(session_id, seat, name, score, rank, winner)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [
            (session_id, seat, p["name"], p.get("score"), p.get("rank"), int(p["name"] in winners))
            for seat, p in enumerate(summary["players"])
        ],
    )


def results(db: Db, session_id: int) -> list[dict[str, Any]]:
    rows = db.rows(
        "SELECT name, score, rank, winner FROM results WHERE session_id = ? ORDER BY seat",
        (session_id,),
    )
    return [{"name": n, "score": s, "rank": r, "winner": bool(w)} for n, s, r, w in rows]


def _session_row(found: Sequence[Any]) -> SessionRow:
    session_id, game, seed, players, options = found[:5]
    created, updated, finished, summary, extra, abandoned = found[5:]
    return SessionRow(
        id=session_id,
        game=game,
        setup=_setup(game, seed, json.loads(players), json.loads(options)),
        created=created,
        updated=updated,
        finished=finished,
        summary=json.loads(summary) if summary else None,
        extra=json.loads(extra),
        abandoned=abandoned,
    )


def _setup(game: str, seed: int, players: list[Any], options: dict[str, Any]) -> GameSetup:
    entries = [_player(p) for p in players]
    try:
        return GameSetup.model_validate(
            {"game": game, "seed": seed, "players": entries, "options": options}
        )
    except ValidationError:
        # Written by an older version with looser rules (a name it let through): the
        # row is still ours and is listed as it was stored; replaying it says what fails.
        specs = tuple(PlayerSpec.model_construct(**entry) for entry in entries)
        return GameSetup.model_construct(game=game, seed=seed, players=specs, options=options)


def _player(entry: Any) -> dict[str, Any]:
    return {"name": entry} if isinstance(entry, str) else dict(entry)
