"""SQLite storage: players, sessions with their action logs, finished games.

WAL with `synchronous=FULL` and one transaction per applied action, so pulling the
power between two taps loses nothing. Undone actions are kept (marked) for the
record; the effective log is every action not undone, in order.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from companion import games
from companion.core.errors import StoreError
from companion.core.messages import Catalog
from companion.core.model import ActionBase, GameSetup
from companion.core.session import Session

APP_NAME = "companion"
DB_NAME = "companion.db"

M = Catalog(
    "store",
    {
        "moved_aside": "The database {path} could not be opened ({reason}); it was moved to "
        "{moved} and a new one was started. Nothing was deleted.",
        "newer": "The database {path} was written by a newer version of the companion "
        "(schema {found}, this version knows {known}); update the companion",
        "cannot_create": "Cannot create the database in {folder}: {reason}",
        "no_game": "There is no game {id} in the database",
        "no_games": "There are no games in the database yet",
        "bad_log": "Game {id} cannot be restored: {reason}",
    },
)

# Each entry upgrades the schema by one version; never edit a released entry.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created TEXT NOT NULL,
        last_played TEXT
    );
    CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        seed INTEGER NOT NULL,
        players TEXT NOT NULL,
        options TEXT NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        finished TEXT,
        summary TEXT,
        extra TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE actions (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        at TEXT,
        undone_at TEXT,
        PRIMARY KEY (session_id, seq)
    );
    CREATE TABLE session_players (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        PRIMARY KEY (session_id, seat)
    );
    CREATE TABLE results (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        score INTEGER,
        rank INTEGER,
        winner INTEGER NOT NULL,
        PRIMARY KEY (session_id, seat)
    );
    CREATE INDEX actions_effective ON actions(session_id, undone_at, seq);
    """,
    """
    CREATE TABLE dice_rolls (
        id INTEGER PRIMARY KEY,
        reader TEXT NOT NULL,
        session_id INTEGER REFERENCES sessions(id) ON DELETE SET NULL,
        faces TEXT NOT NULL,
        at TEXT NOT NULL
    );
    CREATE INDEX dice_rolls_reader ON dice_rolls(reader);
    """,
)


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def default_path() -> Path:
    folder = os.environ.get("COMPANION_DATA_DIR") or platformdirs.user_data_dir(APP_NAME)
    return Path(folder) / DB_NAME


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


class Store:
    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.notice: str | None = None  # a sentence for the user when the file was moved aside
        self.conn = self._open()

    # -- opening -------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                M("cannot_create", folder=str(self.path.parent), reason=error.strerror)
            ) from None
        try:
            return self._connect()
        except sqlite3.DatabaseError as error:
            moved = self._move_aside()
            self.notice = str(
                M("moved_aside", path=str(self.path), reason=str(error), moved=str(moved))
            )
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            check = conn.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(
                    f"integrity check: {check[0] if check else 'no answer'}"
                )
            self._migrate(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def _migrate(self, conn: sqlite3.Connection) -> None:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > len(MIGRATIONS):
            raise StoreError(M("newer", path=str(self.path), found=version, known=len(MIGRATIONS)))
        for number in range(version, len(MIGRATIONS)):
            conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {number + 1}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    def _move_aside(self) -> Path:
        stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
        moved = self.path.with_name(f"{self.path.name}.broken-{stamp}")
        counter = 1
        while moved.exists():
            counter += 1
            moved = self.path.with_name(f"{self.path.name}.broken-{stamp}-{counter}")
        for suffix in ("", "-wal", "-shm"):
            source = Path(str(self.path) + suffix)
            if source.exists():
                source.rename(Path(str(moved) + suffix))
        return moved

    def close(self) -> None:
        self.conn.close()

    def _transaction(self) -> _Tx:
        return _Tx(self.conn)

    # -- players -------------------------------------------------------------
    def players(self) -> list[str]:
        """Known player names, the most recently seated first."""
        rows = self.conn.execute(
            "SELECT name FROM players ORDER BY last_played IS NULL, last_played DESC, name"
        )
        return [r[0] for r in rows]

    def add_player(self, name: str) -> None:
        with self._transaction():
            self.conn.execute(
                "INSERT OR IGNORE INTO players(name, created) VALUES (?, ?)", (name, now())
            )

    # -- sessions ------------------------------------------------------------
    def create_session(self, setup: GameSetup) -> int:
        stamp = now()
        with self._transaction():
            cursor = self.conn.execute(
                "INSERT INTO sessions(game, seed, players, options, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    setup.game,
                    setup.seed,
                    json.dumps([p.to_json() for p in setup.players], ensure_ascii=False),
                    json.dumps(setup.options, ensure_ascii=False),
                    stamp,
                    stamp,
                ),
            )
            session_id = int(cursor.lastrowid or 0)
            for seat, player in enumerate(setup.players):
                self.conn.execute(
                    "INSERT INTO players(name, created, last_played) VALUES (?, ?, ?)"
                    " ON CONFLICT(name) DO UPDATE SET last_played = excluded.last_played",
                    (player.name, stamp, stamp),
                )
                player_id = self.conn.execute(
                    "SELECT id FROM players WHERE name = ?", (player.name,)
                ).fetchone()[0]
                self.conn.execute(
                    "INSERT INTO session_players(session_id, seat, player_id) VALUES (?, ?, ?)",
                    (session_id, seat, player_id),
                )
        return session_id

    def journal(self, session_id: int) -> StoreJournal:
        return StoreJournal(self, session_id)

    def append_action(self, session_id: int, action: ActionBase) -> None:
        stamp = now()
        with self._transaction():
            seq = self.conn.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE session_id = ?", (session_id,)
            ).fetchone()[0]
            self.conn.execute(
                "INSERT INTO actions(session_id, seq, action, at) VALUES (?, ?, ?, ?)",
                (session_id, seq, json.dumps(action.to_json(), ensure_ascii=False), action.at),
            )
            self.conn.execute("UPDATE sessions SET updated = ? WHERE id = ?", (stamp, session_id))

    def mark_undone(self, session_id: int, index: int) -> None:
        """Mark the effective log's entry `index` (from 0) as undone."""
        stamp = now()
        with self._transaction():
            row = self.conn.execute(
                "SELECT seq FROM actions WHERE session_id = ? AND undone_at IS NULL"
                " ORDER BY seq LIMIT 1 OFFSET ?",
                (session_id, index),
            ).fetchone()
            if row is not None:
                self.conn.execute(
                    "UPDATE actions SET undone_at = ? WHERE session_id = ? AND seq = ?",
                    (stamp, session_id, row[0]),
                )
            self.conn.execute("UPDATE sessions SET updated = ? WHERE id = ?", (stamp, session_id))

    def raw_actions(self, session_id: int, *, include_undone: bool = False) -> list[dict[str, Any]]:
        query = "SELECT action, at, undone_at FROM actions WHERE session_id = ?"
        if not include_undone:
            query += " AND undone_at IS NULL"
        rows = self.conn.execute(query + " ORDER BY seq", (session_id,))
        result = []
        for action, at, undone_at in rows:
            data = json.loads(action)
            if at is not None:
                data.setdefault("at", at)
            if include_undone and undone_at:
                data["undone_at"] = undone_at
            result.append(data)
        return result

    def session_row(self, session_id: int) -> SessionRow:
        row = self.conn.execute(
            "SELECT id, game, seed, players, options, created, updated, finished, summary, extra"
            " FROM sessions WHERE id = ?",
            (session_id,),
        ).fetchone()
        if row is None:
            raise StoreError(M("no_game", id=session_id))
        return _session_row(row)

    def sessions(self, *, finished: bool | None = None) -> list[SessionRow]:
        query = (
            "SELECT id, game, seed, players, options, created, updated, finished, summary, extra"
            " FROM sessions"
        )
        if finished is True:
            query += " WHERE finished IS NOT NULL"
        elif finished is False:
            query += " WHERE finished IS NULL"
        rows = self.conn.execute(query + " ORDER BY updated DESC, id DESC")
        return [_session_row(r) for r in rows]

    def unfinished(self) -> SessionRow | None:
        rows = self.sessions(finished=False)
        return rows[0] if rows else None

    def latest(self) -> SessionRow | None:
        rows = self.sessions()
        return rows[0] if rows else None

    def load_session(self, session_id: int, *, journal: bool = True) -> Session:
        """Rebuild a session from its effective log; with `journal` it keeps recording."""
        row = self.session_row(session_id)
        rules = games.get(row.game)
        try:
            actions = [rules.parse_action(a) for a in self.raw_actions(session_id)]
            return Session(
                rules,
                row.setup,
                actions,
                journal=self.journal(session_id) if journal else None,
            )
        except Exception as error:  # a log written by another version of the rules
            raise StoreError(M("bad_log", id=session_id, reason=str(error))) from None

    def save_extra(self, session_id: int, **values: Any) -> None:
        """App-side facts of a session that are not actions (e.g. the hourglass)."""
        with self._transaction():
            current = json.loads(
                self.conn.execute(
                    "SELECT extra FROM sessions WHERE id = ?", (session_id,)
                ).fetchone()[0]
            )
            current.update(values)
            self.conn.execute(
                "UPDATE sessions SET extra = ? WHERE id = ?", (json.dumps(current), session_id)
            )

    def record_summary(self, session_id: int, summary: dict[str, Any], decided: bool) -> None:
        """Keep the latest summary; a decided game is finished, with its results."""
        with self._transaction():
            self.conn.execute("DELETE FROM results WHERE session_id = ?", (session_id,))
            finished = now() if decided else None
            self.conn.execute(
                "UPDATE sessions SET summary = ?, finished = CASE WHEN ? IS NULL THEN NULL"
                " ELSE COALESCE(finished, ?) END WHERE id = ?",
                (json.dumps(summary, ensure_ascii=False), finished, finished, session_id),
            )
            if decided:
                for seat, player in enumerate(summary["players"]):
                    self.conn.execute(
                        "INSERT INTO results(session_id, seat, name, score, rank, winner)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        (
                            session_id,
                            seat,
                            player["name"],
                            player.get("score"),
                            player.get("rank"),
                            int(player["name"] in summary.get("winners", [])),
                        ),
                    )

    def results(self, session_id: int) -> list[dict[str, Any]]:
        rows = self.conn.execute(
            "SELECT name, score, rank, winner FROM results WHERE session_id = ? ORDER BY seat",
            (session_id,),
        )
        return [{"name": n, "score": s, "rank": r, "winner": bool(w)} for n, s, r, w in rows]

    def import_session(self, session: Session) -> int:
        session_id = self.create_session(session.setup)
        for action in session.log:
            self.append_action(session_id, action)
        self.record_summary(session_id, session.summary(), session.decided)
        return session_id

    def record_roll(self, reader: str, faces: Sequence[int | None], session_id: int | None) -> None:
        """A roll as the dice reader saw it (None for a die it could not read)."""
        with self._transaction():
            self.conn.execute(
                "INSERT INTO dice_rolls(reader, session_id, faces, at) VALUES (?, ?, ?, ?)",
                (reader, session_id, json.dumps(list(faces)), now()),
            )

    def rolls(self) -> dict[str, list[list[int | None]]]:
        """Every recorded roll, by reader."""
        result: dict[str, list[list[int | None]]] = {}
        for reader, faces in self.conn.execute("SELECT reader, faces FROM dice_rolls ORDER BY id"):
            result.setdefault(reader, []).append(json.loads(faces))
        return result

    def iter_actions(self, game: str | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
        """Every effective action of every session (for statistics)."""
        query = (
            "SELECT a.session_id, a.action, a.at FROM actions a JOIN sessions s"
            " ON s.id = a.session_id WHERE a.undone_at IS NULL"
        )
        params: Sequence[Any] = ()
        if game is not None:
            query += " AND s.game = ?"
            params = (game,)
        for session_id, action, at in self.conn.execute(
            query + " ORDER BY a.session_id, a.seq", params
        ):
            data = json.loads(action)
            if at is not None:
                data.setdefault("at", at)
            yield session_id, data


class StoreJournal:
    """The `Journal` of one stored session: each call is one committed transaction."""

    def __init__(self, store: Store, session_id: int) -> None:
        self.store = store
        self.session_id = session_id

    def appended(self, index: int, action: ActionBase) -> None:
        self.store.append_action(self.session_id, action)

    def undone(self, index: int) -> None:
        self.store.mark_undone(self.session_id, index)


class _Tx:
    """`BEGIN IMMEDIATE` ... `COMMIT`, rolled back on any error."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: Any, *_: Any) -> None:
        self.conn.execute("COMMIT" if kind is None else "ROLLBACK")


def _session_row(row: Sequence[Any]) -> SessionRow:
    session_id, game, seed, players, options, created, updated, finished, summary, extra = row
    setup = GameSetup.model_validate(
        {
            "game": game,
            "seed": seed,
            "players": [_player(p) for p in json.loads(players)],
            "options": json.loads(options),
        }
    )
    return SessionRow(
        id=session_id,
        game=game,
        setup=setup,
        created=created,
        updated=updated,
        finished=finished,
        summary=json.loads(summary) if summary else None,
        extra=json.loads(extra),
    )


def _player(entry: Any) -> dict[str, Any]:
    return {"name": entry} if isinstance(entry, str) else dict(entry)
