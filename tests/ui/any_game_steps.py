"""The steps of an any-game played through the real window, for the any-game UI
tests: the new game (title, clock, counters, who wins), the table (GO, a player's
counters and deeds), the end (points, places, won or lost)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from kivy.core.window import Window

from companion.ui.tables.base.dialogs import CorrectionDialog
from companion.ui.widgets import StepTap
from tests.ui.harness import Harness


def sheet() -> Any:
    """The view open over the screen (a sheet or a dialog)."""
    return Window.children[0]


def type_on(ui: Harness, text: str) -> None:
    """`text` on the keyboard of the sheet open now (a space is its long key; a word
    in capitals with the caps key)."""
    board = sheet()
    caps = len(text) > 1 and text.isupper()
    if caps:
        ui.tap(ui.find("ABC", board))
    for letter in text.upper():
        ui.tap(ui.find("___" if letter == " " else letter, board))
    if caps:
        ui.tap(ui.find("ABC", board))


def option_button(ui: Harness, label: str) -> Any:
    """The button of the option labelled `label` (a title, the counters, a pick)."""
    row = ui.find(label, ui.screen.ids.options).parent
    taps = [w for w in row.walk(restrict=True) if type(w).__name__ == "OptionTap"]
    return taps[0]


def new_game(ui: Harness, names: Sequence[str], title: str) -> None:
    """From home: Any game, the players seated, the title typed."""
    for name in names:
        ui.app.store.add_player(name)
    ui.tap(ui.find("New game"))
    ui.tap(ui.find("Any game", ui.screen.ids.game_row))
    for name in names:
        ui.tap(ui.find(name, ui.screen.ids.known))
    ui.tap(option_button(ui, "Title"))
    type_on(ui, title)
    ui.tap(ui.find("Done", sheet()))


def pick(ui: Harness, button: Any, choice: str) -> None:
    ui.tap(button)
    ui.tap(ui.find(choice, sheet()))


def add_counters(ui: Harness, *counters: tuple[str, int]) -> None:
    """Each counter by its name, started at its number (a tap or a hold of +)."""
    ui.tap(option_button(ui, "Counters"))
    editor = sheet()
    for name, start in counters:
        ui.tap(ui.find("+ Add a counter", editor))
        type_on(ui, name)
        ui.tap(ui.find("Done", sheet()))
        plus = stepper(editor.ids.start_row, 1)
        for _ in range(start):
            ui.tap(plus)
    ui.tap(ui.find("Done", editor))


def stepper(row: Any, sign: int) -> Any:
    return next(w for w in row.walk(restrict=True) if isinstance(w, StepTap) and w.sign == sign)


def hold(ui: Harness, button: Any, seconds: float = 1.0) -> None:
    """A long press, held `seconds` of real time (the hold is the touch's own)."""
    touch = ui.press(button)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ui.step(1)
        time.sleep(0.02)
    touch.touch_up()
    ui.step(2)


def go(ui: Harness) -> None:
    """GO on the simulated button, a second past the last (the bounce lock-out)."""
    ui.clock.advance(1.0)
    ui.key("space")


def row_of(ui: Harness, name: str) -> Any:
    return next(r for r in ui.screen.ids.grid.children if getattr(r, "name", None) == name)


def counts(ui: Harness, name: str) -> list[str]:
    """The numbers of a player's line, as shown."""
    return [c.text for c in row_of(ui, name).ids.counts.children[::-1]]


def player_dialog(ui: Harness, name: str) -> CorrectionDialog:
    ui.tap(row_of(ui, name))
    view = sheet()
    assert isinstance(view, CorrectionDialog) and view.title == name
    return view


def steps_of(view: CorrectionDialog, index: int) -> tuple[Any, Any]:
    """(minus, plus) of the dialog's `index`th counter."""
    row = view.ids.counters.children[::-1][index]
    return stepper(row, -1), stepper(row, 1)


def end_game(ui: Harness) -> None:
    ui.tap(ui.screen.ids.end)


def type_scores(ui: Harness, typed: dict[str, str]) -> None:
    """On the score screen: each player's row, then the keys (digits, "-" the sign)."""
    for name, keys in typed.items():
        ui.tap(ui.find(name, ui.screen.ids.balloons))
        for key in keys:
            ui.tap(ui.find("+/-" if key == "-" else key, ui.screen.ids.pad))


def summary(ui: Harness) -> dict[str, Any]:
    found: dict[str, Any] = ui.app.model.session.summary().data
    return found
