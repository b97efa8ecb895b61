"""The setups a group keeps: for each game, the choices it made for a title (its
clock, counters, score sheet, who wins, BoardGameGeek id...), kept under that title
when a game is started with it (the last start wins: a setup changed on the new-game
screen is kept as changed), offered again the most recently used first, and
forgotten when the group says so. A table of its own (`setups`): forgetting a setup
leaves every game played with it as it was."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from companion.store.database import Db

NAME = "title"  # the option a setup is known by: a text the group typed
MOST = 12  # setups offered at once


@dataclass(frozen=True)
class Setup:
    """A kept setup: its title, its options as the game file holds them, and when a
    game was last started with it."""

    name: str
    options: dict[str, Any]
    used: str


def keep(conn: sqlite3.Connection, game: str, options: dict[str, Any], stamp: str) -> None:
    """A game started with these options: kept under its title (if it has one),
    replacing what was kept under it; inside the caller's transaction."""
    name = options.get(NAME)
    if not isinstance(name, str) or not name:
        return
    # `turn` orders two starts within one millisecond (the stamps' resolution)
    conn.execute(
        "INSERT INTO setups(game, name, options, used, turn)"
        " VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(turn), 0) + 1 FROM setups))"
        " ON CONFLICT(game, name) DO UPDATE SET options = excluded.options,"
        " used = excluded.used, turn = excluded.turn",
        (game, name, json.dumps(options, ensure_ascii=False), stamp),
    )


def _setup(row: Any) -> Setup | None:
    options = json.loads(row[1])
    return Setup(str(row[0]), options, str(row[2])) if isinstance(options, dict) else None


class Setups:
    """`store.setups`: the setups kept for a game, the latest used first; one by its
    title; forget one."""

    def __init__(self, db: Db) -> None:
        self._db = db

    def listing(self, game: str, most: int = MOST) -> list[Setup]:
        found = self._db.rows(
            "SELECT name, options, used FROM setups WHERE game = ?"
            " ORDER BY used DESC, turn DESC, name LIMIT ?",
            (game, most),
        )
        return [s for s in map(_setup, found) if s is not None]

    def names(self, game: str, most: int = MOST) -> list[str]:
        return [s.name for s in self.listing(game, most)]

    def get(self, game: str, name: str) -> Setup | None:
        found = self._db.one(
            "SELECT name, options, used FROM setups WHERE game = ? AND name = ?", (game, name)
        )
        return None if found is None else _setup(found)

    def put(self, game: str, setup: Setup) -> None:
        """`setup` kept again as it was (a forgetting undone)."""
        self._db.write(lambda conn: keep(conn, game, setup.options, setup.used))

    def forget(self, game: str, name: str) -> None:
        """Not offered any more (the games played with it stay as they were)."""
        self._db.write(
            lambda conn: conn.execute(
                "DELETE FROM setups WHERE game = ? AND name = ?", (game, name)
            )
        )
