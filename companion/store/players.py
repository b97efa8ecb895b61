"""The players the companion has seen, for the new-game screen's list of names."""

from __future__ import annotations

from companion.store.database import Db
from companion.store.schema import now


def names(db: Db) -> list[str]:
    """Known player names, the most recently seated first."""
    rows = db.rows("SELECT name FROM players ORDER BY last_played IS NULL, last_played DESC, name")
    return [r[0] for r in rows]


def add(db: Db, name: str) -> None:
    stamp = now()
    db.write(
        lambda conn: conn.execute(
            "INSERT OR IGNORE INTO players(name, created) VALUES (?, ?)", (name, stamp)
        )
    )
