"""A press goes one way (issue 32.4): the device or the touch, the router, the
view-model, the session, its listeners, the screen. A button's press reaches the
view-model with no widget on the way (the screen's own GO goes through the router as
the device's does), and the screen a press leads to is decided once, by the game's
place in the view-model, not again by a screen on the way back.

Each check reads the call stack at the moment it matters: the action stored (a
session listener) or a screen shown (the navigator)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.uix.widget import Widget

from companion.ui.routing import HardwareRouter
from companion.ui.viewmodel import GameModel
from tests.ui.harness import Harness


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    harness.app.games.start_game("wyscig-balonow", ["Ola", "Jan", "Ewa"], {}, reveal=False)
    harness.step(2)
    yield harness
    harness.close()


def the_way_here() -> list[Any]:
    """The objects whose methods are running now, the innermost (the caller's) first."""
    frame = sys._getframe(2)
    selves = []
    while frame is not None:
        selves.append(frame.f_locals.get("self"))
        frame = frame.f_back
    return selves


def widgets_before(selves: list[Any], kind: type) -> list[str]:
    """The widgets on the way in from the first `kind` (outward) to here."""
    inner = selves[: next(i for i, s in enumerate(selves) if isinstance(s, kind))]
    return [type(s).__name__ for s in inner if isinstance(s, Widget)]


def stored_ways(ui: Harness) -> list[list[Any]]:
    ways: list[list[Any]] = []
    ui.app.model.session.add_listener(lambda _session, _change: ways.append(the_way_here()))
    return ways


def test_a_button_pressed_on_the_device_reaches_the_view_model_through_no_widget(
    ui: Harness,
) -> None:
    ways = stored_ways(ui)
    ui.key("space")  # GO: the hourglass turned
    assert ui.log_types()[-1] == "start_timer"
    (way,) = ways
    assert any(isinstance(s, HardwareRouter) for s in way)
    assert any(isinstance(s, GameModel) for s in way)
    assert [type(s).__name__ for s in way if isinstance(s, Widget)] == []


def test_the_screens_own_go_goes_through_the_router_as_the_devices_does(ui: Harness) -> None:
    ways = stored_ways(ui)
    ui.tap(ui.screen.ids.go)
    (way,) = ways
    assert widgets_before(way, HardwareRouter) == []  # the router, then no widget
    assert any(isinstance(s, Widget) for s in way)  # the touch itself landed on GO


def test_the_screen_a_press_leads_to_is_decided_once_by_the_game(
    ui: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race ends (the score), the score is counted (the results), the results'
    Undo (the score), the score's Undo (the table, over), GO there (the score again):
    each screen shown once, from the view-model's place, no screen deciding again."""
    navigator = ui.app.navigator
    shown: list[tuple[str, list[Any]]] = []
    show = navigator.show

    def noted(name: str) -> None:
        shown.append((name, the_way_here()))
        show(name)

    monkeypatch.setattr(navigator, "show", noted)
    model = ui.app.model

    def moved(to: str) -> None:
        assert [name for name, _ in shown] == [to]
        assert widgets_before(shown[0][1], GameModel) == [], shown[0][1]
        shown.clear()

    ui.key("space")  # Ola's glass
    assert model.act("landed")
    ui.key("space")  # Ola's end of turn ends the race
    moved("score")
    score = ui.screen
    score.entered = {c: "1" for p in model.state.players for c in p.balloons}
    score.done()
    ui.step(2)
    moved("results")
    ui.screen.undo()
    ui.step(2)
    moved("score")
    ui.screen.undo()
    ui.step(2)
    moved("wyscig")
    ui.key("space")  # GO at the table of a race that is over: its score
    moved("score")
