"""The games: one module each, registered here by id. Nothing here imports Kivy,
gpiozero or serial."""

from __future__ import annotations

import importlib

from companion.core.errors import CompanionError
from companion.core.messages import Catalog
from companion.core.rules import Rules

M = Catalog("games", {"unknown_game": 'unknown game "{game}" (known: {known})'})

# id -> module; a fourth game is one more line here and one module.
_MODULES = {
    "wyscig-balonow": "companion.games.wyscig_balonow",
    "ballonrennen": "companion.games.ballonrennen",
    "balmy-balloonists": "companion.games.balmy_balloonists",
}


class UnknownGameError(CompanionError):
    """A game id that no module provides."""


def game_ids() -> list[str]:
    return [gid for gid in _MODULES if _available(gid)]


def get(game_id: str) -> Rules:
    if game_id not in _MODULES or not _available(game_id):
        raise UnknownGameError(M("unknown_game", game=game_id, known=", ".join(game_ids())))
    module = importlib.import_module(_MODULES[game_id])
    rules: Rules = module.RULES
    return rules


def all_rules() -> list[Rules]:
    return [get(gid) for gid in game_ids()]


def _available(game_id: str) -> bool:
    try:
        importlib.import_module(_MODULES[game_id])
    except ModuleNotFoundError as error:
        if error.name == _MODULES[game_id]:
            return False
        raise
    return True
