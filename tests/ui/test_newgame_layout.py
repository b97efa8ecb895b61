"""The new-game screen, for every game, with the fewest and the most players it
seats, at 800x480: every option is in sight (no scrolling) and nothing on the screen
moves when an option is chosen (issue 25.6: choosing "app draws" pushed the row
below it under the finger that was on its way to "play for places")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion import games
from companion.ui.widgets import StepTap, Tap, Toggle
from tests.ui.harness import Harness

NAMES = ("Ada", "Bo", "Cy", "Dag", "Eli", "Fay", "Gus", "Hal")


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def frames(root: Any) -> list[tuple[str, float, float, float, float]]:
    """Every widget on the new-game screen, where it is in the window."""
    found = []
    for widget in root.walk(restrict=True):
        x, y = widget.to_window(widget.x, widget.y)
        found.append((type(widget).__name__, round(x), round(y), widget.width, widget.height))
    return found


def rows(screen: Any) -> list[tuple[float, float]]:
    """The options' rows: where each is, and how tall."""
    return [(round(w.y), round(w.height)) for w in screen.ids.options.children]


def choices(screen: Any) -> list[Any]:
    return [w for w in screen.ids.options.walk(restrict=True) if isinstance(w, Toggle)]


def in_sight(ui: Harness) -> None:
    """Every button of the options lies inside the options' box and the window."""
    box = ui.screen.ids.options
    bottom = box.to_window(box.x, box.y)[1]
    top = bottom + box.height
    for tap in (w for w in box.walk(restrict=True) if isinstance(w, Tap)):
        y = tap.to_window(tap.x, tap.y)[1]
        assert bottom - 0.5 <= y and y + tap.height <= top + 0.5, (tap.text, y, bottom, top)
        assert y >= 0 and y + tap.height <= Window.height


@pytest.mark.parametrize("game", games.game_ids())
@pytest.mark.parametrize("most", [False, True], ids=["fewest", "most"])
def test_every_option_is_in_sight_and_nothing_moves_when_one_is_chosen(
    ui: Harness, game: str, most: bool
) -> None:
    rules = games.get(game)
    seated = NAMES[: rules.max_players if most else max(2, rules.min_players)]
    for name in seated:
        ui.app.store.add_player(name)
    ui.tap(ui.find("New game"))
    ui.tap(ui.find(rules.name, ui.screen.ids.game_row))
    for name in seated:
        ui.tap(ui.find(name, ui.screen.ids.known))
    screen = ui.screen
    assert list(screen.seated_names) == list(seated)
    in_sight(ui)
    count = len(choices(screen))  # none for a game with no choice among its options
    for index in range(count):  # each choice, and back to the first of its row
        before, layout = rows(screen), frames(screen.ids.seated)
        ui.tap(choices(screen)[index])
        assert rows(screen) == before, (game, index)
        assert frames(screen.ids.seated) == layout
        in_sight(ui)
    for index in (1, 0):  # + then - of the first stepper, if any (built again each time)
        steppers = [w for w in screen.ids.options.walk(restrict=True) if isinstance(w, StepTap)]
        if len(steppers) > index:
            before = rows(screen)
            ui.tap(steppers[index])
            assert rows(screen) == before
