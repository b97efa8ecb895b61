"""The game tables: one package per game (its adapter, screen, widgets and kv side by
side) on the skeleton in `base`, and this registry: game id -> the table's adapter.

A fourth game is one more entry here and one more package. Nothing here imports
Kivy: the command line asks for an adapter before any window exists.
"""

from __future__ import annotations

from companion import games
from companion.ui.tables.ballonrennen.adapter import ADAPTER as BALLONRENNEN
from companion.ui.tables.balmy.adapter import ADAPTER as BALMY
from companion.ui.tables.base.adapter import TableAdapter
from companion.ui.tables.wyscig.adapter import ADAPTER as WYSCIG

TABLES: dict[str, TableAdapter] = {table.game_id: table for table in (WYSCIG, BALLONRENNEN, BALMY)}


def adapter(game_id: str) -> TableAdapter:
    """The table of `game_id`; an unknown id raises the games' own `UnknownGameError`."""
    if game_id not in TABLES:
        games.get(game_id)  # the games' own sentence, naming the games there are
    return TABLES[game_id]
