"""The screens the app can show: name -> class and kv file.

A screen is built the first time it is shown (its kv file loaded then), so start-up
pays only for the screens it opens. Every kv file lies beside the module whose
classes it styles; the rules that more than one screen uses are in the shared kv
files, loaded before any screen is built.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from kivy.uix.screenmanager import Screen

from companion.ui import widgets
from companion.ui.screens.history import HistoryScreen
from companion.ui.screens.home import HomeScreen
from companion.ui.screens.hwtest import HardwareTestScreen
from companion.ui.screens.menu import MenuView
from companion.ui.screens.newgame import NewGameScreen
from companion.ui.screens.results import ResultsScreen
from companion.ui.screens.score import ScoreScreen
from companion.ui.screens.secret import SecretScreen
from companion.ui.screens.settings import SettingsScreen
from companion.ui.screens.statistics import StatisticsScreen
from companion.ui.tables.ballonrennen.screen import BallonrennenScreen
from companion.ui.tables.balmy.screen import BalmyScreen
from companion.ui.tables.base.screen import TableScreen
from companion.ui.tables.wyscig.screen import WyscigScreen


def kv_beside(cls: type, name: str) -> Path:
    """`name`.kv in the folder of the module that defines `cls`."""
    return Path(str(sys.modules[cls.__module__].__file__)).with_name(f"{name}.kv")


@dataclass(frozen=True)
class ScreenEntry:
    name: str
    cls: type[Screen]
    kv: Path


def _entry(name: str, cls: type[Screen], kv: str) -> ScreenEntry:
    return ScreenEntry(name, cls, kv_beside(cls, kv))


SCREENS = (
    _entry("home", HomeScreen, "home"),
    _entry("newgame", NewGameScreen, "newgame"),
    _entry("secret", SecretScreen, "secret"),
    _entry("wyscig", WyscigScreen, "wyscig"),  # the tables: their adapters' `screen`
    _entry("ballonrennen", BallonrennenScreen, "ballonrennen"),
    _entry("balmy", BalmyScreen, "balmy"),
    _entry("score", ScoreScreen, "score"),
    _entry("results", ResultsScreen, "results"),
    _entry("history", HistoryScreen, "history"),
    _entry("stats", StatisticsScreen, "statistics"),
    _entry("settings", SettingsScreen, "settings"),
    _entry("hwtest", HardwareTestScreen, "hwtest"),
)

# The shared widgets' rules, the menu's and the table skeleton's, loaded at start
# before any screen's.
SHARED_KV = (
    kv_beside(widgets.Tap, "widgets"),
    kv_beside(MenuView, "menu"),
    kv_beside(TableScreen, "table"),
)


def entry(name: str) -> ScreenEntry:
    found = next((e for e in SCREENS if e.name == name), None)
    if found is None:
        raise KeyError(name)
    return found
