"""The games, registered here by id. Nothing here imports Kivy, gpiozero or serial.

A fourth game is one more module (or package) with its `RULES` and one more entry
in `_MODULES`. A game's module (its pydantic models) is imported the first time its
rules are asked for: the app's home screen needs none of them.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.core.errors import CompanionError
from companion.core.messages import Catalog
from companion.core.rules import Rules

M = Catalog("games", {"unknown_game": 'unknown game "{game}" (known: {known})'})

# game id -> the module whose RULES play it (each module's GAME_ID is its key here)
_MODULES: dict[str, str] = {
    "wyscig-balonow": "companion.games.wyscig_balonow",
    "ballonrennen": "companion.games.ballonrennen",
    "balmy-balloonists": "companion.games.balmy_balloonists",
    "any-game": "companion.games.any_game",
}


class UnknownGameError(CompanionError):
    """A game id that no module provides."""


def game_ids() -> list[str]:
    return list(_MODULES)


def get(game_id: str) -> Rules[Any]:
    module = _MODULES.get(game_id)
    if module is None:
        raise UnknownGameError(M("unknown_game", game=game_id, known=", ".join(_MODULES)))
    rules: Rules[Any] = importlib.import_module(module).RULES
    return rules


def all_rules() -> list[Rules[Any]]:
    return [get(game_id) for game_id in _MODULES]
