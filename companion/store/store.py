"""`Store`: the one object the app and the commands hold. Each method is one read or one
committed transaction; the SQL lives in the modules beside this one.

Every failure is a `StoreError` with a sentence (a full disk, a lock, a read-only
file...), never an `sqlite3` error, and a failed write leaves nothing half-written.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from companion.core.messages import Message
from companion.core.model import ActionBase, GameSetup
from companion.core.session import Session
from companion.store import actions as _actions
from companion.store import players as _players
from companion.store import rolls as _rolls
from companion.store import sessions as _sessions
from companion.store.database import BUSY_TIMEOUT_S, Connect, open_database
from companion.store.schema import default_path, now
from companion.store.sessions import SessionRow


class Store:
    def __init__(
        self,
        path: Path | None = None,
        *,
        timeout: float = BUSY_TIMEOUT_S,
        connect: Connect | None = None,
    ) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.db, notice = open_database(self.path, timeout=timeout, connect=connect)
        self.conn = self.db.conn
        # When a damaged file was moved aside: the sentence (English) and its Message (for
        # the screen, in the player's language); else None.
        self.notice_message: Message | None = notice
        self.notice: str | None = str(notice) if notice is not None else None

    def close(self) -> None:
        self.db.close()

    # -- players -------------------------------------------------------------
    def players(self) -> list[str]:
        """Known player names, the most recently seated first."""
        return _players.names(self.db)

    def add_player(self, name: str) -> None:
        _players.add(self.db, name)

    # -- sessions ------------------------------------------------------------
    def create_session(self, setup: GameSetup) -> int:
        with self.db.transaction() as conn:
            return _sessions.insert(conn, setup, now())

    def session_row(self, session_id: int) -> SessionRow:
        """The stored game; `NoSuchGameError` for a number the database does not hold."""
        return _sessions.row(self.db, session_id)

    def sessions(self, *, finished: bool | None = None) -> list[SessionRow]:
        return _sessions.listing(self.db, finished)

    def unfinished(self) -> SessionRow | None:
        """The most recently played game still to finish (not abandoned), if any."""
        rows = self.sessions(finished=False)
        return rows[0] if rows else None

    def option_texts(self, game: str, key: str, most: int = 12) -> list[str]:
        """The texts an option had in the games of `game` (the titles played), the
        latest first."""
        return _sessions.option_texts(self.db, game, key, most)

    def last_options(self, game: str, key: str, text: str) -> dict[str, Any] | None:
        """The options of the last game of `game` whose option `key` was `text` (the
        choices a group made for a title last time), or None."""
        return _sessions.last_options(self.db, game, key, text)

    def abandon(self, session_id: int) -> None:
        """The players give an unfinished game up: it stays in the database and in the
        history (marked abandoned), its log exportable; it is no longer resumed."""
        _sessions.abandon(self.db, session_id, now())

    def latest(self) -> SessionRow | None:
        rows = self.sessions()
        return rows[0] if rows else None

    def save_extra(self, session_id: int, *, synced: bool = True, **values: Any) -> None:
        """App-side facts of a session that are not actions (e.g. the hourglass);
        `synced=False` for a fact the next action's commit may carry to the card."""
        _sessions.save_extra(self.db, session_id, values, synced=synced)

    def record_summary(self, session_id: int, summary: dict[str, Any], decided: bool) -> None:
        """Keep the latest summary; a decided game is finished, with its results. The
        summary follows from the actions (each synced): only the end of a game, after
        which no action comes to carry it, waits for the card itself."""
        with self.db.transaction(synced=decided) as conn:
            _sessions.write_summary(conn, session_id, summary, now() if decided else None)

    def results(self, session_id: int) -> list[dict[str, Any]]:
        return _sessions.results(self.db, session_id)

    # -- action logs -----------------------------------------------------------
    def journal(self, session_id: int) -> StoreJournal:
        return StoreJournal(self, session_id)

    def append_action(self, session_id: int, action: ActionBase) -> None:
        """One committed transaction; `DiskFullError` (rolled back) on a full disk."""
        _actions.append(self.db, session_id, action)

    def mark_undone(self, session_id: int, index: int) -> None:
        """Mark the effective log's entry `index` (from 0) as undone."""
        _actions.mark_undone(self.db, session_id, index)

    def raw_actions(self, session_id: int, *, include_undone: bool = False) -> list[dict[str, Any]]:
        return _actions.raw(self.db, session_id, include_undone=include_undone)

    def iter_actions(self, game: str | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
        """Every effective action of every session (for statistics)."""
        return _actions.every(self.db, game)

    def load_session(
        self, session_id: int, *, journal: bool = True, upto: int | None = None
    ) -> Session:
        """Rebuild a session from its effective log (its first `upto` actions); with
        `journal` it keeps recording. A log that does not replay raises
        `UnrestorableGameError`, which names the action and how many before it are good."""
        row = self.session_row(session_id)
        stored = self.raw_actions(session_id)
        if upto is not None:
            stored = stored[: max(upto, 0)]
        return _actions.restore(
            session_id, row.setup, stored, self.journal(session_id) if journal else None
        )

    def keep_first(self, session_id: int, count: int) -> int:
        """Resume a game up to its last good action: every effective action after the
        first `count` is marked undone (kept for the record); returns how many were."""
        return _actions.mark_undone_after(self.db, session_id, count)

    def import_session(self, session: Session) -> int:
        """A whole game in one transaction: all of it is stored, or nothing."""
        stamp = now()
        finished = stamp if session.decided else None
        with self.db.transaction() as conn:
            session_id = _sessions.insert(conn, session.setup, stamp)
            _actions.insert_all(conn, session_id, session.log)
            _sessions.write_summary(conn, session_id, session.summary(), finished)
        return session_id

    # -- dice ------------------------------------------------------------------
    def record_roll(self, reader: str, faces: Sequence[int | None], session_id: int | None) -> None:
        """A roll as the dice reader saw it (None for a die it could not read)."""
        _rolls.record(self.db, reader, faces, session_id)

    def rolls(self) -> dict[str, list[list[int | None]]]:
        """Every recorded roll, by reader."""
        return _rolls.by_reader(self.db)


class StoreJournal:
    """The `Journal` of one stored session: each call is one committed transaction."""

    def __init__(self, store: Store, session_id: int) -> None:
        self.store = store
        self.session_id = session_id

    def appended(self, index: int, action: ActionBase) -> None:
        self.store.append_action(self.session_id, action)

    def undone(self, index: int) -> None:
        self.store.mark_undone(self.session_id, index)
