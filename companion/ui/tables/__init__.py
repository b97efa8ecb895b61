"""The game tables: one package per game (its adapter, screen, widgets and kv side by
side) on the skeleton in `base`. Which package is whose comes from the games'
descriptors (`companion.games.GAMES`): nothing here names a game.

Nothing here imports Kivy: the command line asks for an adapter before any window
exists. A table's package is imported the first time its adapter is asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion import games
from companion.ui.tables.base.adapter import TableAdapter


def adapter(game_id: str) -> TableAdapter[Any]:
    """The table of `game_id`; an unknown id raises the games' own `UnknownGameError`."""
    module = importlib.import_module(f"{games.entry(game_id).table_package}.adapter")
    found: TableAdapter[Any] = module.ADAPTER
    return found


def tables() -> dict[str, TableAdapter[Any]]:
    """Every game's table, in the games' order."""
    return {game_id: adapter(game_id) for game_id in games.game_ids()}
