"""Every roll a dice reader reported, kept for the fairness statistics."""

from __future__ import annotations

import json
from collections.abc import Sequence

from companion.store.database import Db
from companion.store.schema import now


def record(db: Db, reader: str, faces: Sequence[int | None], session_id: int | None) -> None:
    """A roll as the dice reader saw it (None for a die it could not read)."""
    row = (reader, session_id, json.dumps(list(faces)), now())
    db.write(
        lambda conn: conn.execute(
            "INSERT INTO dice_rolls(reader, session_id, faces, at) VALUES (?, ?, ?, ?)", row
        )
    )


def by_reader(db: Db) -> dict[str, list[list[int | None]]]:
    """Every recorded roll, by reader."""
    result: dict[str, list[list[int | None]]] = {}
    for reader, faces in db.each("SELECT reader, faces FROM dice_rolls ORDER BY id"):
        result.setdefault(reader, []).append(json.loads(faces))
    return result


class Rolls:
    """The store's rolls: `store.rolls.record(...)`, `store.rolls.by_reader()`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    def record(self, reader: str, faces: Sequence[int | None], session_id: int | None) -> None:
        """A roll as the dice reader saw it (None for a die it could not read)."""
        record(self._db, reader, faces, session_id)

    def by_reader(self) -> dict[str, list[list[int | None]]]:
        """Every recorded roll, by reader."""
        return by_reader(self._db)
