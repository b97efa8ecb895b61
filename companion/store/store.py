"""`Store`: the one object the app and the commands hold. Each method is one read or one
committed transaction; the SQL lives in the modules beside this one.

Every failure is a `StoreError` with a sentence (a full disk, a lock, a read-only
file...), never an `sqlite3` error, and a failed write leaves nothing half-written.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from companion.core.messages import Message
from companion.core.model import ActionBase, GameSetup
from companion.core.session import Session
from companion.store import acked as _acked
from companion.store import actions as _actions
from companion.store import checkpoints as _checkpoints
from companion.store import players as _players
from companion.store import rolls as _rolls
from companion.store import sessions as _sessions
from companion.store import setups as _setups
from companion.store.database import BUSY_TIMEOUT_S, Connect, Db
from companion.store.opening import open_database
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
        if notice is None:  # a file moved aside or written back says enough
            notice = fewer_than_acknowledged(self.db, self.path)
            self.db.news = notice  # for the table too
        # When a damaged file, or a stranger's, was moved aside: the sentence (English)
        # and its Message (for the screen, in the player's language); else None.
        self.notice_message: Message | None = notice
        self.notice: str | None = str(notice) if notice is not None else None
        self.rolls = _rolls.Rolls(self.db)  # every roll a dice reader reported
        self.setups = _setups.Setups(self.db)  # the setups groups keep, per title

    @property
    def conn(self) -> sqlite3.Connection:
        """The connection now open (a write-back opens a new one)."""
        return self.db.conn

    def take_news(self) -> Message | None:
        """What the players should read about the store since it was last asked (its
        files were removed and every game written back, or it holds fewer actions than
        were acknowledged), once; else None."""
        news, self.db.news = self.db.news, None
        return news

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
        stamp = now()
        return self.db.write(lambda conn: _sessions.insert(conn, setup, stamp))

    def reseat(self, session_id: int, setup: GameSetup, **extra: Any) -> None:
        """A game with no action yet, its players seated again in `setup`'s order (who
        starts), with `extra` kept beside it; `GameBegunError` once it has begun."""
        _sessions.reseat(self.db, session_id, setup, extra, now())

    def session_row(self, session_id: int) -> SessionRow:
        """The stored game; `NoSuchGameError` for a number the database does not hold."""
        return _sessions.row(self.db, session_id)

    def sessions(self, *, finished: bool | None = None) -> list[SessionRow]:
        return _sessions.listing(self.db, finished)

    def unfinished(self) -> SessionRow | None:
        """The most recently played game still to finish (not abandoned), if any."""
        rows = self.sessions(finished=False)
        return rows[0] if rows else None

    def abandon(self, session_id: int, *, undo: bool = False) -> None:
        """The players give an unfinished game up: it stays in the database and in the
        history (marked abandoned), its log exportable; it is no longer resumed. With
        `undo` (Home's Undo, History's Resume) it is an unfinished game once more, with
        its whole log."""
        if undo:
            _sessions.take_back(self.db, session_id)
        else:
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
        finished = now() if decided else None
        self.db.write(
            lambda conn: _sessions.write_summary(conn, session_id, summary, finished),
            synced=decided,
        )

    def results(self, session_id: int) -> list[dict[str, Any]]:
        return _sessions.results(self.db, session_id)

    # -- action logs -----------------------------------------------------------
    def journal(self, session_id: int) -> StoreJournal:
        return StoreJournal(self, session_id)

    def append_action(
        self,
        session_id: int,
        action: ActionBase,
        checkpoint: tuple[int, BaseModel] | None = None,
        *,
        table_s: float | None = None,
    ) -> None:
        """One committed transaction; `DiskFullError` (rolled back) on a full disk.
        `checkpoint`: the effective log's length with this action and the state after
        it, kept in the same transaction (`checkpoints`); `table_s`: the seconds the game
        had been at the table (on screen, not paused)."""
        also = None
        if checkpoint is not None:
            length, state = checkpoint

            def also(conn: sqlite3.Connection, seq: int) -> None:
                _checkpoints.write(conn, session_id, length, seq, state)

        seq = _actions.append(self.db, session_id, action, also, table_s)
        self.db.acked.mark(session_id, seq)  # acknowledged: a start checks the file has it

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
        keeping = self.journal(session_id) if journal else None
        if upto is None:
            resumed = _checkpoints.resume(self.db, session_id, row.setup)
            if resumed is not None:
                resumed.journal = keeping
                return resumed
        stored = self.raw_actions(session_id)
        if upto is not None:
            stored = stored[: max(upto, 0)]
        session = _actions.restore(session_id, row.setup, stored, keeping)
        if keeping is not None and upto is None and len(session) >= _checkpoints.EVERY:
            _checkpoints.keep(self.db, session, session_id)  # the next resume is quick
        return session

    def keep_first(self, session_id: int, count: int) -> int:
        """Resume a game up to its last good action: every effective action after the
        first `count` is marked undone (kept for the record); returns how many were."""
        return _actions.mark_undone_after(self.db, session_id, count)

    def import_session(self, session: Session) -> int:
        """A whole game in one transaction: all of it is stored, or nothing."""
        stamp = now()
        finished = stamp if session.decided else None

        def store(conn: sqlite3.Connection) -> int:
            session_id = _sessions.insert(conn, session.setup, stamp)
            _actions.insert_all(conn, session_id, session.log)
            _sessions.write_summary(conn, session_id, session.summary().data, finished)
            if len(session) >= _checkpoints.EVERY:  # a long game comes up quickly at once
                length = len(session) - _checkpoints.TAIL
                _checkpoints.write(conn, session_id, length, length, session.state_at(length))
            return session_id

        session_id = self.db.write(store)
        if len(session) > 0:
            self.db.acked.mark(session_id, len(session))
        return session_id


class StoreJournal:
    """The `Journal` of one stored session: each call is one committed transaction.
    While the game is in play, `table_time` says its seconds at the table, which each
    action is stored with (`companion.play.tabletime`); the journal reads them back."""

    def __init__(self, store: Store, session_id: int) -> None:
        self.store = store
        self.session_id = session_id
        self.table_time: Callable[[], float] | None = None

    def appended(self, index: int, action: ActionBase, state: Any = None) -> None:
        length = index + 1
        due = length % _checkpoints.EVERY == 0 and isinstance(state, BaseModel)
        table_s = self.table_time() if self.table_time is not None else None
        self.store.append_action(
            self.session_id, action, (length, state) if due else None, table_s=table_s
        )

    def undone(self, index: int) -> None:
        self.store.mark_undone(self.session_id, index)

    def table_seconds(self) -> list[float | None]:
        """The effective log's seconds at the table, one per action of `raw_actions`
        (None for an action stored without them: an imported game's)."""
        return _actions.table_seconds(self.store.db, self.session_id)

    def last_table_seconds(self) -> float | None:
        """The most seconds at the table any of the game's actions recorded."""
        return _actions.last_table_seconds(self.store.db, self.session_id)


def fewer_than_acknowledged(db: Db, path: Path) -> Message | None:
    """The sentence when the file holds fewer actions than were acknowledged (a copy
    put back from before them); None when it holds them all."""
    last = db.acked.last()
    if last is None:
        return None
    return _acked.fewer(path, last, _actions.highest_seq(db, last[0]))
