"""Which screen is shown: each built the first time it is asked for (its kv file
loaded then), prepared before it appears, and the first screen at start (a new game
from the command line, the unfinished game, or home)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.lang import Builder

from companion.core.errors import CompanionError
from companion.ui import registry
from companion.ui.tables import adapter

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp

log = logging.getLogger(__name__)

HOME_SCREENS = ("home", "newgame")  # a game left for these is "at home", not at the table


def load_kv(paths: Sequence[Path]) -> None:
    for path in paths:
        Builder.unload_file(str(path))
        Builder.load_string(path.read_text(encoding="utf-8"), filename=str(path))


class Navigator:
    def __init__(self, app: CompanionApp) -> None:
        self.app = app

    def screen(self, name: str) -> Any:
        """The screen called `name`, built the first time it is asked for."""
        manager = self.app.manager
        if not manager.has_screen(name):
            found = registry.entry(name)
            load_kv([found.kv])
            manager.add_widget(found.cls(name=name))
        return manager.get_screen(name)

    def show(self, name: str) -> None:
        app = self.app
        if app.menu is not None:
            app.menu.dismiss()
        # A screen with something unsaved asks before it is left (and comes back here).
        leaving = getattr(app.manager.current_screen, "may_leave", None)
        if leaving is not None and app.manager.current != name and not leaving(name):
            return
        screen = self.screen(name)
        if hasattr(screen, "prepare"):
            screen.prepare()
        app.manager.current = name
        if app.model is not None:
            app.model.recorder.where("home" if name in HOME_SCREENS else "table")

    def for_model(self) -> str:
        """Where the game in play is: its table, its score, its results."""
        model = self.app.model
        if model is None:
            return "home"
        if model.session.decided:
            return "results"
        if model.summary.get("over"):
            return "score"  # over, but not decided until the score is counted
        return str(model.adapter.screen)

    def first(self) -> None:
        app = self.app
        if app.new_game is not None:
            game_id, players = app.new_game
            # The app deals the secret balloons: each player sees theirs first.
            reveal = adapter(game_id).secret_balloons
            try:
                app.start_game(game_id, list(players), {}, reveal=reveal)
                return
            except CompanionError as error:  # the rules refused, or the disk is full
                log.warning("could not start the new game: %s", error)
        row = app.store.unfinished()
        if row is not None and row.extra.get("screen", "table") != "home":
            try:
                app.open_session(row.id)
                return
            except CompanionError as error:
                log.warning("could not resume game %s: %s", row.id, error)
        self.show("home")
