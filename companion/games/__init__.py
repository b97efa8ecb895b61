"""The games, registered here by id. Nothing here imports Kivy, gpiozero or serial.

A fourth game is one more module (or package) with its `RULES` and one more entry
in `_REGISTRY`."""

from __future__ import annotations

from typing import Any

from companion.core.errors import CompanionError
from companion.core.messages import Catalog
from companion.core.rules import Rules
from companion.games import ballonrennen, balmy_balloonists, wyscig_balonow

M = Catalog("games", {"unknown_game": 'unknown game "{game}" (known: {known})'})

_REGISTRY: dict[str, Rules[Any]] = {
    wyscig_balonow.GAME_ID: wyscig_balonow.RULES,
    ballonrennen.GAME_ID: ballonrennen.RULES,
    balmy_balloonists.GAME_ID: balmy_balloonists.RULES,
}


class UnknownGameError(CompanionError):
    """A game id that no module provides."""


def game_ids() -> list[str]:
    return list(_REGISTRY)


def get(game_id: str) -> Rules[Any]:
    rules = _REGISTRY.get(game_id)
    if rules is None:
        raise UnknownGameError(M("unknown_game", game=game_id, known=", ".join(_REGISTRY)))
    return rules


def all_rules() -> list[Rules[Any]]:
    return list(_REGISTRY.values())
