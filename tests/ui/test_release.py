"""A screen that is left is released, widgets and all, and built again with the same
content when it is shown next: the choices made on it (the game, the players seated)
come back, the table shows the game where it was."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest

from tests.ui.harness import Harness

pytestmark = pytest.mark.one_size


def freed(ui: Harness, screen: weakref.ref[object], what: str) -> None:
    """Frames run until nothing holds the left screen: its switch ends and it is
    released after however many frames that takes (a transition's end is a Kivy
    animation's, on real time), each frame followed by a collection."""

    def gone() -> bool:
        gc.collect()
        return screen() is None

    ui.wait(gone, what)


def test_a_left_screen_is_freed_and_comes_back_with_its_choices(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        ui.app.show("newgame")
        ui.step(2)
        chosen = ui.screen
        chosen.choose_game("ballonrennen")
        chosen.seat("Ola")
        chosen.seat("Jan")
        ui.step(2)
        before = sorted(ui.texts())
        ui.app.show("home")
        released = weakref.ref(chosen)
        del chosen
        freed(ui, released, "the new-game screen to be freed")  # widgets, textures and all
        assert not ui.app.manager.has_screen("newgame")
        ui.app.show("newgame")
        ui.step(2)
        assert ui.screen.game_id == "ballonrennen"
        assert list(ui.screen.seated_names) == ["Ola", "Jan"]
        assert sorted(ui.texts()) == before
    finally:
        ui.close()


def test_the_table_is_built_again_where_the_game_was(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        ui.tap(ui.screen.ids.go)
        ui.step(2)
        table = ui.screen
        before = sorted(ui.texts())
        ui.app.show("history")
        name = table.name
        released = weakref.ref(table)
        del table
        freed(ui, released, "the table to be freed")  # the game in play holds it no more
        assert not ui.app.manager.has_screen(name)
        ui.app.show(ui.app.screen_for_model())
        ui.step(2)
        assert sorted(ui.texts()) == before
    finally:
        ui.close()
