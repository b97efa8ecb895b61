"""A touch that began before a dialog, sheet or screen appeared never acts on it (issue
25.2): the finger was aimed at what was there before. Tapped at the instant a view
opens (the touch down before, the release after), nothing in the new view fires; a
tap that begins once it is open does."""

from __future__ import annotations

import importlib
import pkgutil
import time
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.modalview import ModalView

import companion.ui
from companion.ui.fresh import SETTLE_S, FreshTouches
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


# -- nothing opens by itself over a view in use; none takes a tap in its first half second
# (issue 31.1) --------------------------------------------------------------------------


def touch_at(widget: Any, start: float) -> UnitTestTouch:
    """A touch the input provider read at `start` (by `time.time()`), aimed at `widget`."""
    x, y = place(widget)
    touch = UnitTestTouch(x, y)
    touch.time_start = touch.time_update = start
    return touch


def test_the_time_up_question_waits_for_the_dice_dialog_in_use(tmp_path: Path) -> None:
    """The issue's case: Wyścig, the dice dialog open, the hourglass runs out. The
    question "how many dice were not placed" does not open over the dialog, and a tap
    aimed at die face 4, 0.32 s later, lands on the die face (it answered "3" under it,
    three penalty tokens); once the dialog closes, the question opens."""
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        screen = ui.screen
        ui.key("space")  # the hourglass turned
        ui.tap(screen.ids.dice.ids.faces.children[0])  # the dice dialog, asked for
        dialog = dice_dialog(ui)
        four = dialog.ids.faces.children[::-1][3]
        log = ui.log_types()
        ui.advance(31)  # the sand runs out while the dialog is in use
        ended = time.time()
        assert ui.app.model.question == "unplaced" and screen.phase == "expired"
        assert screen._unplaced.parent is None, "the question opened over the dice dialog"
        assert [w for w in Window.children if isinstance(w, ModalView)] == [dialog]
        ui.shot("31-time-up-waits-for-the-dice")
        touch = touch_at(four, max(ended + 0.32, dialog.shown_at + SETTLE_S + 0.01))
        ui.wait(lambda: time.time() > touch.time_start, "the tap's moment")
        touch.touch_down()
        ui.step(1)
        lifted(ui, touch)
        assert list(dialog.slots) == [4, 0, 0, 0, 0]  # the die face took it
        assert ui.log_types() == log and screen._unplaced.parent is None
        ui.tap(dialog.ids.cancel)
        ui.step(2)
        assert dialog.parent is None and screen._unplaced.parent is not None  # now it opens
        ui.shot("31-time-up-question-after-the-dice")
        # The question is new: a tap in its first half second is not its answer.
        three = ui.find("3", screen._unplaced)
        touch = touch_at(three, screen._unplaced.shown_at + 0.3)
        ui.wait(lambda: time.time() > touch.time_start, "the tap's moment")
        touch.touch_down()
        ui.step(1)
        lifted(ui, touch)
        assert ui.log_types() == log and screen._unplaced.parent is not None
        ui.tap(ui.find("1", screen._unplaced))  # looked at, then answered
        assert ui.log_types() == [*log, "timer_expired"]
        assert ui.app.model.session.state.players[1].penalty == 1
    finally:
        ui.close()


@pytest.mark.parametrize("after_s", [0.05, 0.3, 0.45])
def test_no_view_takes_a_tap_in_its_first_half_second(tmp_path: Path, after_s: float) -> None:
    """A dialog (the dice) and a screen (History) opened: a tap that began `after_s`
    later does nothing in it; one that begins once it has been open half a second does."""
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        screen = ui.screen
        screen.open_dice()
        ui.step(2)
        dialog = dice_dialog(ui)
        five = dialog.ids.faces.children[::-1][4]
        touch = touch_at(five, dialog.shown_at + after_s)
        ui.wait(lambda: time.time() > touch.time_start, "the tap's moment")
        touch.touch_down()
        ui.step(1)
        lifted(ui, touch)
        assert list(dialog.slots) == [0] * 5
        ui.tap(five)  # half a second on: the dialog's
        assert list(dialog.slots) == [5, 0, 0, 0, 0]
        ui.tap(dialog.ids.cancel)
        ui.app.show("history")
        ui.step(2)
        home = back_home(ui)
        touch = touch_at(home, ui.screen.shown_at + after_s)
        ui.wait(lambda: time.time() > touch.time_start, "the tap's moment")
        touch.touch_down()
        ui.step(1)
        lifted(ui, touch)
        assert ui.app.manager.current == "history"
        ui.tap(back_home(ui))
        assert ui.app.manager.current != "history"
    finally:
        ui.close()
