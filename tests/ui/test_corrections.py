"""Corrections on the Wyścig table: a tap on a player's tokens opens -/+ counters
that send `adjust` (tap 1, hold 5); the rules refuse what the game does not allow."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.ui.tables.wyscig.widgets import PlayerRow
from companion.ui.widgets import StepTap
from tests.ui.harness import Harness


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan", "Ewa"]))
    yield harness
    harness.close()


def tokens(ui: Harness, name: str) -> dict[str, int]:
    player = next(p for p in ui.app.model.summary["players"] if p["name"] == name)
    return dict(player["tokens"])


def test_a_tap_corrects_by_one_a_hold_by_five_and_the_rules_guard(ui: Harness) -> None:
    row = next(w for w in ui.screen.walk() if isinstance(w, PlayerRow) and w.name == "Jan")
    ui.tap(row)
    view = ui.screen._correction
    assert view is not None and view.parent is not None
    assert "Jan: correct the tokens" in ui.texts(view)
    # top row mail, bottom row penalties; minus left of plus
    mail_minus, mail_plus, penalty_minus, penalty_plus = sorted(
        (w for w in view.walk() if isinstance(w, StepTap)),
        key=lambda w: (-w.to_window(*w.pos)[1], w.to_window(*w.pos)[0]),
    )
    ui.tap(mail_plus)
    assert tokens(ui, "Jan") == {"mail": 1, "penalty": 0}
    touch = ui.press(penalty_plus)  # held: five at once
    deadline = time.monotonic() + 3
    while tokens(ui, "Jan")["penalty"] != 5 and time.monotonic() < deadline:
        ui.step(1)
        time.sleep(0.02)
    touch.touch_up()
    ui.step(2)
    assert tokens(ui, "Jan") == {"mail": 1, "penalty": 5}
    ui.tap(penalty_minus)
    ui.tap(mail_minus)
    ui.tap(mail_minus)  # below zero: refused with the rules' sentence
    assert tokens(ui, "Jan") == {"mail": 0, "penalty": 4}
    assert "Jan would have -1 mail tokens" in ui.texts(view)
    ui.shot("18-correction")
    log = [a for a in ui.app.model.session.log if a.type == "adjust"]
    assert [(a.token, a.delta) for a in log] == [
        ("mail", 1),
        ("penalty", 5),
        ("penalty", -1),
        ("mail", -1),
    ]
    assert all(a.player == "Jan" for a in log)
