"""The screens the app can show: name, module, class and kv file.

A screen is built the first time it is shown (its kv file loaded, its module
imported then), so start-up pays only for the screens it opens; a screen added by a
later piece of work is one module and one kv file, and the home screen offers a
button only for a screen that is there (`CompanionApp.has_screen`).
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ScreenEntry:
    name: str
    module: str
    cls: str
    kv: str


SCREENS = (
    ScreenEntry("home", "companion.ui.home", "HomeScreen", "home"),
    ScreenEntry("newgame", "companion.ui.newgame", "NewGameScreen", "newgame"),
    ScreenEntry("secret", "companion.ui.secret", "SecretScreen", "secret"),
    ScreenEntry("wyscig", "companion.ui.wyscig", "WyscigScreen", "wyscig"),
    ScreenEntry("ballonrennen", "companion.ui.ballonrennen", "BallonrennenScreen", "ballonrennen"),
    ScreenEntry("balmy", "companion.ui.balmy", "BalmyScreen", "balmy"),
    ScreenEntry("score", "companion.ui.score", "ScoreScreen", "score"),
    ScreenEntry("results", "companion.ui.results", "ResultsScreen", "results"),
    ScreenEntry("history", "companion.ui.history", "HistoryScreen", "history"),
    ScreenEntry("stats", "companion.ui.statistics", "StatisticsScreen", "statistics"),
    ScreenEntry("settings", "companion.ui.settings", "SettingsScreen", "settings"),
    ScreenEntry("hwtest", "companion.ui.hwtest", "HardwareTestScreen", "hwtest"),
)
# kv files of shared widgets, loaded before any screen's
SHARED_KV = ("widgets", "menu")


def entry(name: str) -> ScreenEntry | None:
    return next((e for e in SCREENS if e.name == name), None)


def present(name: str) -> bool:
    """Is the screen's module there? (Found without importing it.)"""
    found = entry(name)
    return found is not None and importlib.util.find_spec(found.module) is not None


def screen_class(found: ScreenEntry) -> Any:
    return getattr(importlib.import_module(found.module), found.cls)
