"""Tap or hold by the touch's own times, in the real window: when the input provider
read the press and the release. On a loaded machine (a Pi 4, or both cores busy) the
frames that handle a touch come late: the hold's timer runs out before the frame that
handles a 100 ms tap's release, or a 1 s hold's press and release are handled in one
frame. A tap stays a tap and a hold a hold, for every hold button: the +/- steps, hold
to abandon, hold to quit, and the secret balloon."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.tests.common import UnitTestTouch

from companion.ui.fresh import SETTLE_S
from companion.ui.tables.wyscig.widgets import PlayerRow
from companion.ui.widgets import HoldTap
from tests.ui.harness import Harness, opened_at
from tests.ui.test_corrections import count, open_game, open_row
from tests.ui.test_unfinished import stored_game

pytestmark = pytest.mark.one_size

TAP_S = 0.1
HOLD_S = 1.0


def late_tap(ui: Harness, widget: Any, hold_s: float) -> None:
    """A 100 ms tap whose release is read on time but handled late: frames run (and
    with them the hold's timer) until the hold's time has long passed, then the frame
    that handles the release."""
    ui.settle(widget)
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.time_end = touch.time_start + TAP_S  # the provider read the release here
    ui.wait(lambda: time.time() > touch.time_start + hold_s + 0.2, "the hold's time to pass")
    touch.touch_up()
    ui.step(2)


def late_hold(ui: Harness, widget: Any, held_s: float) -> None:
    """A press held `held_s` by its own times, whose press and release reach the
    widget in one late frame (a threaded touch provider on the Pi queues both). The
    finger went down on the view: it had been open for `held_s` by then."""
    ui.wait(
        lambda: time.time() - held_s > opened_at(widget) + SETTLE_S + 0.05,
        "the view open long enough",
    )
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    now = time.time()
    touch.time_start = now - held_s
    touch.time_end = now
    touch.touch_down()
    touch.touch_up()
    ui.step(2)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = open_game(tmp_path, "wyscig-balonow", ["Ola", "Jan", "Ewa"])
    yield harness
    harness.close()


def test_a_late_tap_on_plus_or_minus_steps_by_one_and_a_late_hold_by_five(ui: Harness) -> None:
    _view, buttons = open_row(ui, PlayerRow, "Jan", "Jan: correct the tokens")
    plus = buttons["penalty"][1]
    late_tap(ui, plus, plus.hold_s)
    assert count(ui, "Jan", "penalty") == 1  # a tap, though its frame came late
    late_hold(ui, plus, HOLD_S)
    assert count(ui, "Jan", "penalty") == 6  # a hold, though no frame ran during it
    late_tap(ui, buttons["penalty"][0], plus.hold_s)
    assert count(ui, "Jan", "penalty") == 5


def test_abandon_is_held_by_the_touchs_own_time(ui: Harness) -> None:
    kasia = stored_game(ui.store, ("Kasia", "Ola", "Jan"), "start_timer")
    ui.app.go_home()
    ui.step(2)
    row = next(r for r in ui.screen.ids.games.children if r.session_id == kasia)
    button = next(w for w in row.walk(restrict=True) if isinstance(w, HoldTap))
    late_tap(ui, button, button.hold_s)
    assert ui.store.session_row(kasia).abandoned is None  # a tap: nothing
    late_hold(ui, button, button.hold_s + 0.2)
    assert ui.store.session_row(kasia).abandoned is not None


def test_quit_is_held_by_the_touchs_own_time(ui: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    stopped: list[bool] = []
    monkeypatch.setattr(ui.app, "stop", lambda *_: stopped.append(True))
    ui.app.open_menu()
    ui.step(2)
    quit_button = ui.find("Hold to quit", ui.app.menu)
    late_tap(ui, quit_button, quit_button.hold_s)
    assert stopped == [] and quit_button.progress == 0  # a tap: the app stays
    late_hold(ui, quit_button, quit_button.hold_s + 0.2)
    assert stopped == [True]


def test_the_secret_balloon_is_seen_by_a_late_tap_and_a_late_hold(tmp_path: Path) -> None:
    """The balloon shows while the finger is down, with no timer to decide anything:
    a tap whose frame came late, or a hold handled in one frame, each counts as seen."""
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        screen = ui.screen
        late_tap(ui, screen.ids.hold, HOLD_S)
        assert screen.seen and screen.ready and not screen.ids.hold.holding
        ui.tap(screen.ids.next)
        assert screen.index == 1
        late_hold(ui, screen.ids.hold, HOLD_S)
        assert screen.seen and screen.ready and not screen.ids.hold.holding
    finally:
        ui.close()
