"""The games, each registered once here by its descriptor. Nothing here imports Kivy,
gpiozero or serial.

A game is its rules (`companion.games.<rules>`, with its `RULES`), its table
(`companion.ui.tables.<table>`: `adapter.py` with its `ADAPTER`, `screen.py` with its
`SCREEN` class, `<table>.kv`) and one line in `GAMES`. That line drives everything
the shared layer does with a game: the rules' lookup, the table's adapter and screen,
History's words for each action (the adapter's), BG Stats' game id and the tests that
go through every game. A module is imported the first time it is asked for: the app's
home screen needs none of them, and the rules never import their table.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import CompanionError
from companion.core.messages import Catalog
from companion.core.rules import Rules

M = Catalog("games")

RULES_PACKAGE = "companion.games"
TABLES_PACKAGE = "companion.ui.tables"


@dataclass(frozen=True)
class Game:
    """One game's descriptor: its id (the game file's `game`), the module of its rules
    under `companion.games`, the package of its table under `companion.ui.tables`
    (also its screen's name) and its id at BG Stats (`sourceGameId`: short, the QR
    code counts every byte)."""

    id: str
    rules: str
    table: str
    bgstats: str

    @property
    def rules_module(self) -> str:
        return f"{RULES_PACKAGE}.{self.rules}"

    @property
    def table_package(self) -> str:
        return f"{TABLES_PACKAGE}.{self.table}"

    @property
    def screen(self) -> str:
        """The name of its table screen."""
        return self.table


# The registration: one line per game.
GAMES: tuple[Game, ...] = (
    Game("wyscig-balonow", rules="wyscig_balonow", table="wyscig", bgstats="wb"),
    Game("ballonrennen", rules="ballonrennen", table="ballonrennen", bgstats="br"),
    Game("balmy-balloonists", rules="balmy_balloonists", table="balmy", bgstats="bb"),
    Game("any-game", rules="any_game", table="any_game", bgstats="ag"),
)


class UnknownGameError(CompanionError):
    """A game id that no module provides."""


def game_ids() -> list[str]:
    return [game.id for game in GAMES]


def entry(game_id: str) -> Game:
    """The descriptor of `game_id`; an unknown id is refused naming the games there are."""
    found = next((game for game in GAMES if game.id == game_id), None)
    if found is None:
        raise UnknownGameError(M("unknown_game", game=game_id, known=", ".join(game_ids())))
    return found


def get(game_id: str) -> Rules[Any]:
    rules: Rules[Any] = importlib.import_module(entry(game_id).rules_module).RULES
    return rules


def all_rules() -> list[Rules[Any]]:
    return [get(game_id) for game_id in game_ids()]


def title(game_id: str, options: Mapping[str, Any]) -> str:
    """A stored game's title as players see it (its rules' `title`); a game this
    version lacks is shown by its id."""
    try:
        rules = get(game_id)
    except UnknownGameError:
        return game_id
    return rules.title(options)
