"""Checkpoints: a game's state every `EVERY` actions, so that a long game comes up
without folding its whole log.

A checkpoint is derived data, never the record: the action log is. One is used only
when all of these hold, else the log is folded as before:

- it was folded by the same rules (`fingerprint`: the game's source files, the
  core's and pydantic's version; an update of the rules makes every checkpoint
  stale, and the first resume after it folds the log and keeps a new one);
- the log has not changed under it: the effective actions up to its last one are
  still exactly `length` actions ending at `last_seq` (an undo or a resume up to
  an earlier action makes it stale);
- it is the log's own (`digest`: over its game, its `length`, its `last_seq`, its
  rules and its text; a digest of the text alone trusted a row whose `length` and
  `last_seq` were shifted together, or which was copied to another game, and
  resumed a state the log does not fold to), and it is a valid state.

Anything else is ignored, with a line in the log that says why, and the log is
folded. The actions after it are folded on top of it; the actions before it are
read from the log only when the game needs them (`Session.resumed`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pydantic
from pydantic import BaseModel, ValidationError

from companion import games
from companion.core.errors import CompanionError, StoreError
from companion.core.model import ActionBase, GameSetup
from companion.core.rules import Rules
from companion.core.session import Session, StoredActions
from companion.store.actions import parse_each
from companion.store.database import Db

log = logging.getLogger(__name__)

EVERY = 200  # actions between two checkpoints
KEEP = 3  # the latest few, so that an undo past the newest leaves an older one
# A resume starts this many actions or more before the end where it can: the screens
# look at the state before the last action, and an undo at the one before that; the
# actions folded after the checkpoint give those states without the whole log.
TAIL = 64
_CORE = ("model.py", "rules.py", "session.py")  # what every game's fold is made of


@functools.cache
def fingerprint(state_type: type[BaseModel]) -> str:
    """What a checkpoint of a `state_type` state depends on: the source of its game
    (the module or package that defines it) and of the core, and pydantic."""
    module = sys.modules[state_type.__module__]
    game = Path(module.__file__ or "").parent
    package = game if (game / "__init__.py").exists() and game.name != "games" else None
    files = sorted(package.glob("*.py")) if package else [Path(module.__file__ or "")]
    core = Path(sys.modules["companion.core.model"].__file__ or "").parent
    digest = hashlib.sha256(pydantic.VERSION.encode())
    for path in [*files, *(core / name for name in _CORE)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def write(
    conn: sqlite3.Connection, session_id: int, length: int, last_seq: int, state: BaseModel
) -> None:
    """Keep `state`, the state after the first `length` effective actions (the last of
    them stored as `last_seq`), inside the caller's transaction. Checkpoints beyond
    `length` can only be stale now; of the rest the latest `KEEP` stay."""
    text = state.model_dump_json()
    rules = fingerprint(type(state))
    conn.execute(
        "INSERT OR REPLACE INTO checkpoints(session_id, length, last_seq, rules, digest, state)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (
            session_id,
            length,
            last_seq,
            rules,
            digest(session_id, length, last_seq, rules, text),
            text,
        ),
    )
    conn.execute(
        "DELETE FROM checkpoints WHERE session_id = ? AND (length > ? OR length NOT IN"
        " (SELECT length FROM checkpoints WHERE session_id = ? ORDER BY length DESC LIMIT ?))",
        (session_id, length, session_id, KEEP),
    )


def keep(db: Db, session: Session[Any], session_id: int) -> None:
    """A checkpoint of the session, `TAIL` actions before its end, in a transaction of
    its own that does not wait for the card (it can be folded again); a failure only
    costs the next resume its speed."""
    length = len(session) - TAIL
    found = db.one(
        "SELECT seq FROM actions WHERE session_id = ? AND undone_at IS NULL"
        " ORDER BY seq LIMIT 1 OFFSET ?",
        (session_id, length - 1),
    )
    if length < 1 or found is None:
        return
    try:
        state = session.state_at(length)
        db.write(lambda conn: write(conn, session_id, length, int(found[0]), state), synced=False)
    except StoreError as error:
        log.warning("could not keep a checkpoint of game %d: %s", session_id, error)


def _count(db: Db, session_id: int) -> int:
    found = db.one(
        "SELECT COUNT(*) FROM actions WHERE session_id = ? AND undone_at IS NULL", (session_id,)
    )
    return int(found[0]) if found is not None else 0


def resume(db: Db, session_id: int, setup: GameSetup) -> Session[Any] | None:
    """The stored game from its latest good checkpoint and the actions after it; None
    when there is none, or anything after it does not fold (the caller then folds
    the whole log, which says what is wrong)."""
    try:
        base = Session(games.get(setup.game), setup)
    except CompanionError:
        return None
    state_type: type[BaseModel] = type(base.state)
    rows = db.rows(
        "SELECT length, last_seq, rules, digest, state FROM checkpoints"
        " WHERE session_id = ? ORDER BY length DESC",
        (session_id,),
    )
    count = _count(db, session_id)
    # The newest that leaves a tail of TAIL actions or more first, then the others.
    rows.sort(key=lambda row: (row[0] <= count - TAIL, row[0]), reverse=True)
    for row in rows:
        length, last_seq, _, _, text = row
        level, why = _distrust(db, session_id, tuple(row), state_type)
        if not why:
            try:
                state = state_type.model_validate_json(text, strict=True)
            except ValidationError:
                level, why = logging.WARNING, "it is not a valid state"
            else:
                return _fold_after(db, session_id, base, length, last_seq, state)
        log.log(
            level, "game %d: its checkpoint at %d actions is ignored: %s", session_id, length, why
        )
    return None


def _distrust(
    db: Db, session_id: int, row: tuple[Any, ...], state_type: type[BaseModel]
) -> tuple[int, str]:
    """Why the checkpoint `row` (length, last_seq, rules, digest, state) cannot stand for
    the log, and how loud to say it: stale is usual (info), not its own is a warning;
    "" when it can stand."""
    length, last_seq, rules, kept, text = row
    if rules != fingerprint(state_type):
        return logging.INFO, "it was folded by other rules (an update came since)"
    if kept != digest(session_id, length, last_seq, rules, text):
        return logging.WARNING, (
            "it is not the log's own (its digest does not match its game, its length, "
            "its last action and its state)"
        )
    if not _log_unchanged(db, session_id, length, last_seq):
        return logging.INFO, "the log changed under it (an undo, or a resume up to an earlier one)"
    return logging.INFO, ""


def _log_unchanged(db: Db, session_id: int, length: int, last_seq: int) -> bool:
    found = db.one(
        "SELECT COUNT(*), MAX(seq) FROM actions"
        " WHERE session_id = ? AND undone_at IS NULL AND seq <= ?",
        (session_id, last_seq),
    )
    return found is not None and tuple(found) == (length, last_seq)


def _fold_after(
    db: Db, session_id: int, base: Session[Any], length: int, last_seq: int, state: Any
) -> Session[Any] | None:
    rules = base.rules
    where = "WHERE session_id = ? AND undone_at IS NULL"
    tail = _read(db, f"{where} AND seq > ?", (session_id, last_seq))
    last = _read(db, f"{where} AND seq = ?", (session_id, last_seq))

    def before() -> Sequence[ActionBase]:
        return _parse(rules, session_id, _read(db, f"{where} AND seq <= ?", (session_id, last_seq)))

    try:
        stored = StoredActions(length, before, _parse(rules, session_id, last)[0])
        session = Session.resumed(rules, base.setup, stored, state)
        for action in _parse(rules, session_id, tail):
            session.apply(action)
    except CompanionError as error:
        log.warning("game %d: the actions after its checkpoint do not fold: %s", session_id, error)
        return None
    return session


def _read(db: Db, where: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
    rows = db.rows(f"SELECT action, at FROM actions {where} ORDER BY seq", params)
    out = []
    for action, at in rows:
        data: dict[str, Any] = json.loads(action)
        if at is not None:
            data.setdefault("at", at)
        out.append(data)
    return out


def _parse(rules: Rules[Any], session_id: int, raws: list[dict[str, Any]]) -> list[ActionBase]:
    """The stored actions, all at once; one that is not well formed is named."""
    parsed = rules.parse_actions(raws)
    return parsed if parsed is not None else parse_each(rules, session_id, raws)


def digest(session_id: int, length: int, last_seq: int, rules: str, text: str) -> str:
    """What a checkpoint row is checked against: everything it says of itself."""
    head = f"{session_id}\0{length}\0{last_seq}\0{rules}\0"
    return hashlib.sha256(head.encode() + text.encode()).hexdigest()
