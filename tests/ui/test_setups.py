"""Setups a group keeps, on the real window (issue 34.3): a score sheet's lines named
on the new-game screen; the titles played before offered the latest first, one tap
bringing back the clock (and its increment), counters, lines, who wins and the BGG
id; changed before Start, kept changed; forgotten by a hold, and brought back by
Undo."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core.model import GameSetup, PlayerSpec
from tests.ui.any_game_steps import new_game, option_button, sheet, type_on
from tests.ui.harness import Harness

GO = {"title": "Go", "clock": "bank", "bank_seconds": 1800, "increment_seconds": 10}


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def add_lines(ui: Harness, *names: str) -> None:
    ui.tap(option_button(ui, "Sheet"))
    editor = sheet()
    for name in names:
        ui.tap(ui.find("+ Add a line", editor))
        type_on(ui, name)
        ui.tap(ui.find("Done", sheet()))
    ui.shots("setup-lines")
    ui.tap(ui.find("Done", editor))


def played(ui: Harness, options: dict[str, Any]) -> None:
    setup = GameSetup(
        game="any-game",
        seed=1,
        players=(PlayerSpec(name="Ola"), PlayerSpec(name="Jan")),
        options=options,
    )
    ui.store.abandon(ui.store.create_session(setup))


def forget_go(ui: Harness, listing: Any) -> None:
    """A hold on Go's Forget (the last row)."""
    forget = listing.ids.setups.children[0].ids.forget
    fired: list[object] = []
    forget.bind(on_hold=lambda *_: fired.append(True))
    ui.hold(forget, lambda: fired, "the hold to forget")


def test_a_setup_comes_back_is_kept_changed_and_is_forgotten(ui: Harness) -> None:
    played(ui, GO)
    new_game(ui, ("Ola", "Jan"), "Wingspan")
    ui.tap(ui.find("BGG id: -", ui.screen.ids.options))
    type_on(ui, "266192")
    ui.tap(ui.find("Done", sheet()))
    add_lines(ui, "Birds", "Eggs", "Nectar")
    assert "Birds, Eggs, Nectar" in ui.texts(ui.screen.ids.options)
    ui.shots("setup-new-game")
    ui.tap(ui.find("Start"))
    assert ui.app.root.current == "any_game"
    options = ui.app.model.session.setup.options
    assert [c["id"] for c in options["categories"]] == ["birds", "eggs", "nectar"]
    ui.app.store.abandon(ui.app.model.session_id)
    ui.app.go_home()
    ui.step(2)

    ui.tap(ui.find("New game"))
    screen = ui.screen
    assert screen.options["categories"] == ()
    ui.tap(option_button(ui, "Title"))
    chips = [w.text for w in sheet().ids.offered.children[::-1]]
    assert chips == ["Wingspan", "Go", "Edit the list"]  # the latest first
    ui.tap(ui.find("Go", sheet().ids.offered))
    assert screen.options["clock"] == "bank" and screen.options["bank_seconds"] == 1800
    assert screen.options.get("increment_seconds", 10) == 10
    ui.tap(option_button(ui, "Title"))
    ui.tap(ui.find("Wingspan", sheet().ids.offered))
    assert screen.options["bgg_id"] == 266192 and screen.options["clock"] == "none"
    assert [c["name"] for c in screen.options["categories"]] == ["Birds", "Eggs", "Nectar"]
    ui.tap(ui.find("hourglass", screen.ids.options))  # changed, then started: kept so
    ui.tap(ui.find("Start"))
    kept = ui.store.setups.get("any-game", "Wingspan")
    assert kept is not None and kept.options["clock"] == "turn"
    assert kept.options["categories"] == options["categories"]
    ui.app.store.abandon(ui.app.model.session_id)
    ui.app.go_home()
    ui.step(2)

    ui.tap(ui.find("New game"))
    assert ui.screen.game_id == "any-game"  # the game chosen last time
    ui.tap(option_button(ui, "Title"))
    ui.tap(ui.find("Edit the list", sheet().ids.offered))
    listing = sheet()
    rows = listing.ids.setups.children[::-1]
    assert [r.title for r in rows] == ["Wingspan", "Go"]
    assert rows[0].detail == "hourglass · Birds, Eggs, Nectar"
    ui.shots("setups")
    forget_go(ui, listing)
    assert ui.store.setups.names("any-game") == ["Wingspan"]
    assert listing.said == "Forgotten: Go"
    ui.tap(ui.find("Undo", listing))
    assert ui.store.setups.names("any-game") == ["Wingspan", "Go"]
    forget_go(ui, listing)
    ui.tap(ui.find("Wingspan", listing.ids.setups))  # plays it: both sheets close
    assert ui.screen.options["title"] == "Wingspan" and ui.screen.options["clock"] == "turn"
    ui.tap(option_button(ui, "Title"))
    assert [w.text for w in sheet().ids.offered.children[::-1]] == ["Wingspan", "Edit the list"]


@pytest.mark.one_size
def test_a_full_sheet_says_what_to_do(ui: Harness) -> None:
    """Twelve lines fill a sheet: the button to add one gives way to what to do."""
    new_game(ui, ("Ola", "Jan"), "Agricola")
    twelve = [{"id": f"l{i}", "name": f"Line {i}"} for i in range(12)]
    ui.screen.set_option("categories", twelve[:11])
    ui.tap(option_button(ui, "Sheet"))
    editor = sheet()
    assert "+ Add a line" in ui.texts(editor)
    ui.tap(ui.find("+ Add a line", editor))
    type_on(ui, "Grain")
    ui.tap(ui.find("Done", sheet()))
    assert len(ui.screen.options["categories"]) == 12
    assert "+ Add a line" not in ui.texts(editor)
    assert "12 lines at most: remove one first" in ui.texts(editor)
    ui.check_every_language()
    ui.tap(ui.find("Remove this line", editor))
    assert "+ Add a line" in ui.texts(editor)
