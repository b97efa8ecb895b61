"""Corrections on every table, one dialog for the three games: a tap on a player's
(or a balloon's) counts opens -/+ for each of them; a tap steps by 1, a hold by 5,
each step an `adjust` the rules check, a refusal shown in the dialog itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.ui.tables.ballonrennen.widgets import BrPlayerRow
from companion.ui.tables.base.dialogs import CorrectionDialog
from companion.ui.tables.wyscig.widgets import PlayerRow
from companion.ui.widgets import StepTap
from tests.ui.harness import Harness


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path


def open_game(folder: Path, game: str, names: list[str]) -> Harness:
    ui = Harness(folder, new_game=(game, names))
    ui.pass_secret()  # Wyścig: the secret balloons first
    return ui


def count(ui: Harness, subject: str, token: str) -> int:
    model = ui.app.model
    found = model.adapter.correction(model.session, subject)
    return next(c.count for c in found.counters if c.token == token)


def dialog() -> CorrectionDialog:
    from kivy.core.window import Window

    view = next(w for w in Window.children if isinstance(w, CorrectionDialog))
    return view


def steps(view: CorrectionDialog) -> dict[str, tuple[Any, Any]]:
    """token -> (minus, plus) of each counter row, in the adapter's order."""
    tokens = list(view._counts)
    rows = view.ids.counters.children[::-1]
    found = {}
    for token, row in zip(tokens, rows, strict=True):
        minus, plus = sorted(
            (w for w in row.walk(restrict=True) if isinstance(w, StepTap)), key=lambda w: w.x
        )
        found[token] = (minus, plus)
    return found


def open_row(ui: Harness, kind: type, name: str, title: str) -> tuple[Any, dict[str, Any]]:
    """A tap on `name`'s row of the table: the corrections, titled `title`."""
    row = next(w for w in ui.screen.walk() if isinstance(w, kind) and w.name == name)
    ui.tap(row)
    view = dialog()
    assert title in ui.texts(view)
    return view, steps(view)


def hold(ui: Harness, button: Any, until: Any) -> None:
    """A long press: the hold fires once the finger has been down `hold_s`."""
    ui.hold(button, until, "the hold's step")


def adjusts(ui: Harness) -> list[dict[str, Any]]:
    return [
        {k: v for k, v in a.to_json().items() if k not in ("type", "at")}
        for a in ui.app.model.session.log
        if a.type == "adjust"
    ]


def test_wyscig_a_players_tokens(folder: Path) -> None:
    ui = open_game(folder, "wyscig-balonow", ["Ola", "Jan", "Ewa"])
    try:
        view, buttons = open_row(ui, PlayerRow, "Jan", "Jan: correct the tokens")
        assert list(buttons) == ["mail", "penalty"]
        ui.tap(buttons["mail"][1])
        hold(ui, buttons["penalty"][1], lambda: count(ui, "Jan", "penalty") == 5)
        ui.tap(buttons["penalty"][0])
        ui.tap(buttons["mail"][0])
        ui.tap(buttons["mail"][0])  # below zero: refused with the rules' sentence
        assert (count(ui, "Jan", "mail"), count(ui, "Jan", "penalty")) == (0, 4)
        assert "Jan would have -1 mail tokens" in ui.texts(view)
        ui.shot("18-correction")
        assert adjusts(ui) == [
            {"player": "Jan", "token": "mail", "delta": 1},
            {"player": "Jan", "token": "penalty", "delta": 5},
            {"player": "Jan", "token": "penalty", "delta": -1},
            {"player": "Jan", "token": "mail", "delta": -1},
        ]
    finally:
        ui.close()


def test_ballonrennen_a_players_gas_sandbags_and_mail_sack(folder: Path) -> None:
    ui = open_game(folder, "ballonrennen", ["Anna", "Ben"])
    try:
        view, buttons = open_row(ui, BrPlayerRow, "Ben", "Ben: correct the tokens")
        assert list(buttons) == ["gas", "sandbags", "mail_sack"]
        assert [
            ui.app.tr(c.label)
            for c in ui.app.model.adapter.correction(ui.app.model.session, "Ben").counters
        ] == ["gas canisters", "sandbags", "mail sack"]
        ui.tap(buttons["gas"][0])
        hold(ui, buttons["sandbags"][0], lambda: bool(view.error))  # 3 - 5: refused
        assert view.error == "Ben would have -2 sandbags"
        ui.tap(buttons["gas"][1])
        assert (count(ui, "Ben", "gas"), count(ui, "Ben", "sandbags")) == (4, 3)
        assert view.error == ""
        ui.shots("ballonrennen-correction")
        assert adjusts(ui) == [
            {"player": "Ben", "token": "gas", "delta": -1},
            {"player": "Ben", "token": "gas", "delta": 1},
        ]
    finally:
        ui.close()


def test_balmy_a_balloons_tokens_and_cards(folder: Path) -> None:
    ui = open_game(folder, "balmy-balloonists", ["Anna", "Bram"])
    try:
        for view in list(ui.app.root.get_root_window().children[:-1]):
            view.dismiss()  # the advantage cards can wait
        ui.step(2)
        ui.tap(ui.screen.ids.counts)  # the current balloon's counts
        view = dialog()
        assert "Anna's red balloon: correct" in ui.texts(view)
        buttons = steps(view)
        assert list(buttons) == ["fuel", "gas", "ballast", "hand", "in_front"]
        ui.tap(buttons["fuel"][1])
        hold(ui, buttons["hand"][0], lambda: bool(view.error))  # 3 - 5: refused
        assert view.error == "The red balloon would have -2 cards in hand"
        hold(ui, buttons["ballast"][0], lambda: count(ui, "red", "ballast") == 4)
        ui.tap(buttons["in_front"][1])
        assert ui.screen.fuel == 12 and ui.screen.ballast == 4 and ui.screen.in_front == 1
        ui.shots("balmy-correction")
        view.dismiss()
        ui.step(2)
        # Another balloon: its row on the Balloons tab.
        ui.tap(ui.find("Balloons", ui.screen.ids.tabs))
        row = next(r for r in ui.screen.ids.overview.children if r.colour == "green")
        ui.tap(row)
        assert "Anna's green balloon: correct" in ui.texts(dialog())
        ui.tap(steps(dialog())["gas"][0])
        assert adjusts(ui) == [
            {"balloon": "red", "token": "fuel", "delta": 1},
            {"balloon": "red", "token": "ballast", "delta": -5},
            {"balloon": "red", "token": "in_front", "delta": 1},
            {"balloon": "green", "token": "gas", "delta": -1},
        ]
    finally:
        ui.close()
