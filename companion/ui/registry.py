"""The screens the app can show: name -> class and kv file.

A screen is built when it is shown (its module imported and its kv file loaded the
first time), so start-up pays only for the screens it opens: the home screen's first
frame needs neither the tables nor the games' rules. Every kv file lies beside the
module whose classes it styles; the rules that more than one screen uses are in the
shared kv files, loaded before any screen is built.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path

from companion.games import GAMES, Game
from companion.ui.screen import AppScreen

UI = Path(__file__).resolve().parent


def kv_beside(module: str, name: str) -> Path:
    """`name`.kv in the folder of `module` (a module of companion.ui), not imported."""
    return UI.joinpath(*module.split(".")[2:]).with_name(f"{name}.kv")


@dataclass(frozen=True)
class ScreenEntry:
    name: str
    module: str
    class_name: str
    kv: Path

    @property
    def cls(self) -> type[AppScreen]:
        found: type[AppScreen] = getattr(importlib.import_module(self.module), self.class_name)
        return found


def _entry(name: str, module: str, class_name: str, kv: str) -> ScreenEntry:
    return ScreenEntry(
        name, f"companion.ui.{module}", class_name, kv_beside(f"companion.ui.{module}", kv)
    )


def _table(game: Game) -> ScreenEntry:
    """A game's table screen, as its descriptor names it: `SCREEN` in its package's
    `screen.py`, its rules in `<screen>.kv` beside it."""
    module = f"{game.table_package}.screen"
    return ScreenEntry(game.screen, module, "SCREEN", kv_beside(module, game.screen))


SCREENS = (
    _entry("home", "screens.home", "HomeScreen", "home"),
    _entry("newgame", "screens.newgame", "NewGameScreen", "newgame"),
    _entry("secret", "screens.secret", "SecretScreen", "secret"),
    *(_table(game) for game in GAMES),  # the tables: one per game
    _entry("score", "screens.score", "ScoreScreen", "score"),
    _entry("sheet", "screens.sheet", "SheetScreen", "sheet"),
    _entry("results", "screens.results", "ResultsScreen", "results"),
    _entry("history", "screens.history", "HistoryScreen", "history"),
    _entry("stats", "screens.statistics", "StatisticsScreen", "statistics"),
    _entry("settings", "screens.settings", "SettingsScreen", "settings"),
    _entry("hwtest", "screens.hwtest", "HardwareTestScreen", "hwtest"),
)

# The shared widgets' rules, the menu's and the table skeleton's, loaded at start
# before any screen's (they name classes, which need not be imported to load them).
SHARED_KV = (
    kv_beside("companion.ui.widgets", "widgets"),
    kv_beside("companion.ui.screens.menu", "menu"),
    kv_beside("companion.ui.tables.base.screen", "table"),
)


def entry(name: str) -> ScreenEntry:
    found = next((e for e in SCREENS if e.name == name), None)
    if found is None:
        raise KeyError(name)
    return found
