"""Which screen is shown: each built when it is asked for (its kv file loaded the
first time), prepared before it appears, and the first screen at start (a new game
from the command line, the unfinished game, or home).

A screen that is left is released: taken out of the screen manager with its widgets
and their textures, and built again when it is shown next. Every screen fills itself
from the game and the store in `prepare()`; the few choices a screen keeps between
two visits (the game chosen on the new-game screen, a tab) are named in its `kept`
and carried over to the new one. A Pi with 512 MB then holds one screen, not all.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.lang import Builder

from companion.core.errors import CompanionError
from companion.ui import registry
from companion.ui.screen import AppScreen

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp
    from companion.ui.viewmodel import GameModel

log = logging.getLogger(__name__)

HOME_SCREENS = ("home", "newgame")  # a game left for these is "at home", not at the table
TRIM_AFTER_S = 0.3  # a released screen's textures go at the next frames; then give back


def load_kv(paths: Sequence[Path]) -> None:
    for path in paths:
        Builder.unload_file(str(path))
        Builder.load_string(path.read_text(encoding="utf-8"), filename=str(path))


class Navigator:
    def __init__(self, app: CompanionApp) -> None:
        self.app = app
        self._loaded: set[Path] = set()  # kv files loaded by this app
        self._kept: dict[str, dict[str, Any]] = {}  # a released screen's `kept` values
        self._trim = Clock.create_trigger(lambda _dt: give_back_memory(), TRIM_AFTER_S)

    def screen(self, name: str) -> AppScreen:
        """The screen called `name`, built when it is asked for (again after it was
        released), with what it kept from its last visit."""
        manager = self.app.manager
        if not manager.has_screen(name):
            found = registry.entry(name)
            if found.kv not in self._loaded:
                load_kv([found.kv])
                self._loaded.add(found.kv)
            screen = found.cls(name=name)
            for key, value in self._kept.pop(name, {}).items():
                setattr(screen, key, value)
            manager.add_widget(screen)
        shown: AppScreen = manager.get_screen(name)
        return shown

    def show(self, name: str) -> None:
        app = self.app
        if app.menu is not None:
            app.menu.dismiss()
        # A screen with something unsaved asks before it is left (and comes back here).
        left: AppScreen | None = app.manager.current_screen
        if left is not None and app.manager.current != name and not left.may_leave(name):
            return
        screen = self.screen(name)
        screen.prepare()
        app.manager.current = name
        app.frames.lend_strip()
        model = app.model
        if model is not None:  # its time at the table counts while its table shows
            where = "home" if name in HOME_SCREENS else "table"
            model.play.shown(where, at_table=name == model.adapter.screen)
        if left is not None and left is not screen:
            self._release_after_switch(left)

    def _release_after_switch(self, left: AppScreen) -> None:
        """The switch ends at the next frame (the transition's `on_complete`, which
        also lets the left screen's `on_leave` run): then the left one goes."""
        transition = self.app.manager.transition

        def switched(*_: object) -> None:  # before the transition's own ending: after it
            transition.unbind(on_complete=switched)
            Clock.schedule_once(lambda _dt: self.release(left), 0)

        transition.bind(on_complete=switched)

    def release(self, screen: AppScreen) -> None:
        """Take a screen that is not showing out, widgets and textures; what it names
        in `kept` waits for the next one of its name."""
        manager = self.app.manager
        if screen is manager.current_screen or screen not in manager.screens:
            return
        self._kept[screen.name] = {key: plain(getattr(screen, key)) for key in screen.kept}
        manager.remove_widget(screen)
        # The transition keeps the screens of the last switch (it allows no None): it
        # would keep this one.
        for end in ("screen_in", "screen_out"):
            if getattr(manager.transition, end) is screen:
                setattr(manager.transition, end, manager.current_screen)
        self._trim()

    def for_model(self) -> str:
        """Where the game in play is: its table, its score, its results."""
        model = self.app.model
        return "home" if model is None else str(model.place)

    def follow(self, model: GameModel[Any], place: str) -> None:
        """The game in play moved (a change, or GO's "move on"): the screen goes with
        it while one of the game's own screens shows (not the secret balloons, home
        or the settings)."""
        current = self.app.manager.current
        ours = current in (model.adapter.screen, "score", "sheet", "results")
        if model is self.app.model and ours and current != place:
            self.show(place)

    def first(self) -> None:
        app = self.app
        if app.new_game is not None:
            game_id, players, *given = app.new_game
            options = dict(given[0]) if given else {}
            from companion.ui.tables import adapter

            # The app deals the secret balloons: each player sees theirs first.
            reveal = bool(adapter(game_id).secret_colours)
            try:
                app.games.start_game(game_id, list(players), options, reveal=reveal)
                return
            except CompanionError as error:  # the rules refused, or the disk is full
                log.warning("could not start the new game: %s", error)
        row = app.store.unfinished()
        if row is not None and row.extra.get("screen", "table") != "home":
            try:
                app.games.open_session(row.id)
                return
            except CompanionError as error:
                log.warning("could not resume game %s: %s", row.id, error)
        self.show("home")


def give_back_memory() -> None:
    """Free a released screen's widgets now (they hold cycles) and hand the freed heap
    back to the system (glibc keeps it otherwise; a Pi's 512 MB are shared with the GPU)."""
    gc.collect()
    name = ctypes.util.find_library("c")
    if name is None:
        return
    trim = getattr(ctypes.CDLL(name), "malloc_trim", None)  # glibc only
    if trim is not None:
        trim(0)


def plain(value: Any) -> Any:
    """A property's value without Kivy's observable wrapper (which holds its screen)."""
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value
