"""A touch that began before a dialog, sheet or screen appeared never acts on it (issue
25.2): the finger was aimed at what was there before. Tapped at the instant a view
opens (the touch down before, the release after), nothing in the new view fires; a
tap that begins once it is open does."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.modalview import ModalView

import companion.ui
from companion.ui.fresh import FreshTouches
from companion.ui.screen import AppScreen
from tests.ui.harness import TAP_S, Harness

pytestmark = pytest.mark.one_size


def place(widget: Any) -> tuple[float, float]:
    x, y = widget.to_window(*widget.center)
    return float(x), float(y)


def read_before(x: float, y: float) -> UnitTestTouch:
    """A touch the input provider read (its own start time) before a view appeared
    (a device's event handled first, by a frame that came late)."""
    touch = UnitTestTouch(x, y)
    touch.time_start -= 0.01
    touch.time_update = touch.time_start
    return touch


def lifted(ui: Harness, touch: UnitTestTouch) -> None:
    touch.time_end = touch.time_start + TAP_S
    touch.touch_up()
    ui.step(3)


def dice_dialog(ui: Harness) -> Any:
    return next(w for w in Window.children if "entered" in getattr(w, "ids", {}))


def test_a_tap_at_the_instant_a_dialog_opens_does_nothing_in_it(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        screen = ui.screen
        screen.open_dice()
        ui.step(2)
        dialog = dice_dialog(ui)
        five, cancel = dialog.ids.faces.children[::-1][4], dialog.ids.cancel
        aims = {"five": place(five), "cancel": place(cancel)}
        dialog.dismiss()
        ui.step(2)
        log = ui.log_types()
        for aim, (x, y) in aims.items():
            # The touch read, then the dialog opened (by a device's event) before the
            # frame that handles the touch.
            touch = read_before(x, y)
            screen.open_dice()
            ui.step(1)  # laid out; the frame with the touch comes late
            touch.touch_down()
            ui.step(1)
            lifted(ui, touch)
            dialog = dice_dialog(ui)
            assert dialog.parent is not None, f"{aim}: the dialog was closed"
            assert list(dialog.slots) == [0] * 5, f"{aim}: a die was entered"
            # The touch down handled by the table, the dialog open before the release.
            dialog.dismiss()
            ui.step(2)
            touch = UnitTestTouch(x, y)
            touch.touch_down()
            ui.step(1)
            screen.open_dice()
            ui.step(1)
            lifted(ui, touch)
            dialog = dice_dialog(ui)
            assert dialog.parent is not None, f"{aim}: the dialog was closed"
            assert list(dialog.slots) == [0] * 5, f"{aim}: a die was entered"
            dialog.dismiss()
            ui.step(2)
        assert ui.log_types() == log
        # A tap that began once the dialog was open is the dialog's.
        screen.open_dice()
        ui.step(2)
        dialog = dice_dialog(ui)
        ui.tap(dialog.ids.faces.children[::-1][4])
        assert list(dialog.slots) == [5, 0, 0, 0, 0]
        ui.tap(dialog.ids.cancel)
        assert dialog.parent is None
    finally:
        ui.close()


def test_a_tap_at_the_instant_a_screen_appears_does_nothing_on_it(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        ui.app.show("history")
        ui.step(2)
        x, y = place(back_home(ui))  # History's way back home
        ui.app.go_home()
        ui.step(2)
        touch = read_before(x, y)
        ui.app.show("history")  # switched before the frame that handles the touch
        ui.step(1)
        touch.touch_down()
        ui.step(1)
        lifted(ui, touch)
        assert ui.app.manager.current == "history"
        ui.tap(back_home(ui))  # a tap that began on History is History's
        assert ui.app.manager.current == "home"
    finally:
        ui.close()


def back_home(ui: Harness) -> Any:
    return ui.screen.ids.body.children[0].ids.home


def test_every_view_over_the_window_and_every_screen_lets_old_touches_pass() -> None:
    for module in pkgutil.walk_packages(companion.ui.__path__, "companion.ui."):
        importlib.import_module(module.name)
    views = all_subclasses(ModalView) | all_subclasses(AppScreen)
    ours = {v for v in views if v.__module__.startswith("companion.")}
    assert len(ours) > 15
    assert [v.__name__ for v in ours if not issubclass(v, FreshTouches)] == []


def all_subclasses(cls: type) -> set[type]:
    found: set[type] = set()
    for sub in cls.__subclasses__():
        found |= {sub} | all_subclasses(sub)
    return found
